// The record reader over any bytes: one-line puzzles, grid blocks, '#'
// comments, JSON documents and JSON Lines, whatever the input mixes. Beyond
// "no crash" it checks what the batch commands rely on to keep output line i
// for record i: records numbered 0, 1, 2, … in input order, each a puzzle or
// an error (never both, never neither), errors placed at a real line and
// column of the named source, comments that fit on the output line, and
// every puzzle written back by to_line read again as the same puzzle.
#include <sstream>

#include "check.hpp"

namespace {

using namespace nonet;
using fuzz::require;

const std::string kSource = "<fuzz>";

// Options that read the geometry's own puzzles back: its variant, size and
// region map.
ReadOptions options_for(const Geometry& geometry) {
  ReadOptions options;
  options.variant.name = geometry.variant();
  options.variant.size = geometry.size();
  if (geometry.variant() == "jigsaw") options.variant.regions = geometry.regions();
  return options;
}

// `sized`: the size asked for binds (a JSON object, a link or a Solo game ID
// may name its own).
void check_puzzle(const Puzzle& puzzle, const ReadOptions& options, bool sized) {
  require(puzzle.geometry != nullptr, "puzzle without a geometry");
  const Geometry& geometry = *puzzle.geometry;
  require(static_cast<int>(puzzle.cells.size()) == geometry.cell_count(), "cell count differs from the geometry's");
  for (std::uint8_t cell : puzzle.cells) require(cell <= geometry.size(), "cell value beyond the size");
  // The batch commands print the comment on the puzzle's output line.
  require(puzzle.comment.find('\n') == std::string::npos, "comment with a line break: output line i would not be record i");
  require(!sized || options.variant.size == 0 || options.variant.size == geometry.size(),
          "size other than the one asked for");
  // The text written for the puzzle is a puzzle, and the same one.
  const std::string line = to_line(geometry, puzzle.cells);
  const auto again = read_all(line + "\n", options_for(geometry), kSource);
  require(again.size() == 1 && again.front().puzzle.has_value(),
          "to_line output does not read back: " + line +
              (again.front().error ? " (" + again.front().error->to_string() + ")" : ""));
  require(again.front().puzzle->cells == puzzle.cells, "to_line output reads back as other cells: " + line);
  require(again.front().puzzle->geometry->size() == geometry.size(), "to_line output reads back at another size");
}

// What a record carries beside its puzzle: pencil marks (a solved cell's
// mark is its digit alone) and a published solution, both one per cell.
void check_extras(const Record& record) {
  const Geometry& geometry = *record.puzzle->geometry;
  const int cells = geometry.cell_count();
  require(record.candidates.empty() || static_cast<int>(record.candidates.size()) == cells, "marks not one per cell");
  for (std::size_t cell = 0; cell < record.candidates.size(); ++cell) {
    require((record.candidates[cell] & ~all_digits(geometry.size())) == 0, "mark beyond the size");
    const int digit = record.puzzle->cells[cell];
    require(!digit || record.candidates[cell] == digit_bit(digit), "a solved cell's marks are not its digit");
  }
  require(record.published_solution.empty() || static_cast<int>(record.published_solution.size()) == cells,
          "published solution not one per cell");
  for (std::uint8_t digit : record.published_solution)
    require(digit >= 1 && digit <= geometry.size(), "published solution holds a non-digit");
  if (!record.zero_based) return;
  // An input written 0-9A-F is answered alike, and that text reads back.
  std::string line = to_line(geometry, record.puzzle->cells);
  to_zero_based(line);
  ReadOptions zero = options_for(geometry);
  zero.digits = DigitStyle::zero_based;
  const auto again = read_all(line + "\n", zero, kSource);
  require(again.front().puzzle && again.front().puzzle->cells == record.puzzle->cells,
          "0-based text does not read back: " + line);
}

void check_record(const Record& record, std::size_t expected_index, int previous_line, const ReadOptions& options,
                  bool sized) {
  require(record.index == expected_index, "record index " + std::to_string(record.index) + " where " +
                                              std::to_string(expected_index) + " was due");
  require(record.puzzle.has_value() != record.error.has_value(), "a record must hold a puzzle or an error, not " +
                                                                     std::string(record.puzzle ? "both" : "neither"));
  require(record.source == kSource, "record names another source: " + record.source);
  require(record.line >= 1, "record starts at line " + std::to_string(record.line));
  require(record.line >= previous_line, "record line " + std::to_string(record.line) + " before the previous record's " +
                                            std::to_string(previous_line));
  if (record.error) {
    const Diagnostic& error = *record.error;
    // Only an error about the whole input (a binary file) may have no place in it.
    require((error.line >= 1 && error.column >= 1) || (record.whole_input && error.line == 0),
            "diagnostic without a place: " + error.to_string());
    require(!record.whole_input || expected_index == 0, "an error about the whole input after its records");
    require(error.source == kSource, "diagnostic names another source: " + error.to_string());
    require(!error.reason.empty(), "diagnostic without a reason");
  } else {
    check_puzzle(*record.puzzle, options, sized);
    check_extras(record);
  }
}

// Streams the input through one reader, as the batch commands do (records
// recycled), checking each record.
void read_checked(const std::string& text, const ReadOptions& options) {
  std::istringstream in(text);
  PuzzleReader reader(in, kSource, options);
  std::size_t count = 0;
  int previous_line = 1;
  // JSON objects, links and Solo game IDs ("3x3:…") name their own size.
  const bool sized = text.find_first_of("{:") == std::string::npos;
  for (Record record; reader.next(record); ++count) {
    check_record(record, count, previous_line, options, sized);
    previous_line = record.line;
  }
  require(count >= 1, "no record at all (an empty input gives one error record)");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  read_checked(text, ReadOptions{});
  read_checked(text, fuzz::alternative_options(size));
  return 0;
}
