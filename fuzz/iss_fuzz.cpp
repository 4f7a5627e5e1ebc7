// The ISS text reader (constraint strings and both killer text formats) over
// any bytes, and nonet's JSON writer and reader on whatever it reads. Beyond
// "no crash": a read gives a puzzle or an IssError, never an abort or another
// exception; the error's offset lies within the text and it says why; a
// puzzle's givens and rule cells fit its geometry; and the
// puzzle written as nonet's JSON reads back as the same puzzle (cells,
// rules, houses), whose JSON is the same again.
#include <stdexcept>

#include "check.hpp"
#include "format/iss_input.hpp"
#include "nonet/constraints.hpp"
#include "nonet/format.hpp"

namespace {

using namespace nonet;
using fuzz::require;

void check_puzzle(const Puzzle& puzzle) {
  require(puzzle.geometry != nullptr, "puzzle without a geometry");
  const Geometry& geometry = *puzzle.geometry;
  require(static_cast<int>(puzzle.cells.size()) == geometry.cell_count(), "cell count differs from the geometry's");
  for (std::uint8_t cell : puzzle.cells) require(cell <= geometry.size(), "given beyond the size");
  for (const Constraint& rule : puzzle.constraints) {
    for (int cell : rule.cells) require(cell >= 0 && cell < geometry.cell_count(), "rule cell off the grid");
    (void)malformed(geometry, rule);  // a rule that cannot hold is read: the search calls it invalid
  }
}

void check_round_trip(const Puzzle& puzzle) {
  const std::string json = to_json(puzzle);
  const auto records = read_all(json + "\n");
  require(records.size() == 1, "nonet JSON reads back as " + std::to_string(records.size()) + " records: " + json);
  const Record& record = records.front();
  require(record.puzzle.has_value(), "nonet JSON does not read back: " +
                                         (record.error ? record.error->reason : std::string()) + "\n" + json);
  require(record.puzzle->cells == puzzle.cells, "nonet JSON reads back with other givens: " + json);
  require(record.puzzle->constraints == puzzle.constraints, "nonet JSON reads back with other rules: " + json);
  require(record.puzzle->geometry->houses().size() == puzzle.geometry->houses().size(),
          "nonet JSON reads back with other houses: " + json);
  require(to_json(*record.puzzle) == json, "the JSON of the puzzle read back differs: " + json);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)detail::looks_like_iss_text(text);
  try {
    const Puzzle puzzle = detail::read_iss_text(text);
    check_puzzle(puzzle);
    if (puzzle.comment.find('\n') == std::string::npos) check_round_trip(puzzle);
  } catch (const detail::IssError& error) {
    require(!error.reason.empty(), "error without a reason");
    require(error.offset <= size, "error placed beyond the text: " + std::to_string(error.offset));
  } catch (const GeometryError& error) {
    require(false, std::string("GeometryError escaped the reader: ") + error.what());
  }
  return 0;
}
