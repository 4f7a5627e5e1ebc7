// The f-puzzles JSON reader over any bytes, and its writer on whatever it
// reads. Beyond "no crash": a read gives a puzzle or an error, never both;
// an error is placed at a line and column of the text and names why; a
// puzzle fits its geometry (4x4 to 16x16, givens within the size, every
// rule's cells on the grid); and a puzzle written as f-puzzles JSON reads
// back as the same puzzle (cells, rules, houses), whose JSON is the same
// again. The writer may refuse only with std::invalid_argument.
#include <algorithm>
#include <stdexcept>

#include "check.hpp"
#include "format/fpuzzles.hpp"

namespace {

using namespace nonet;
using fuzz::require;

std::vector<std::string> rules_of(const Puzzle& puzzle) {
  std::vector<std::string> rules;
  for (const Constraint& rule : puzzle.constraints) rules.push_back(describe(*puzzle.geometry, rule));
  std::sort(rules.begin(), rules.end());
  return rules;
}

void check_puzzle(const Puzzle& puzzle) {
  require(puzzle.geometry != nullptr, "puzzle without a geometry");
  const Geometry& geometry = *puzzle.geometry;
  require(geometry.size() >= 4 && geometry.size() <= 16, "size beyond 4..16");
  require(static_cast<int>(puzzle.cells.size()) == geometry.cell_count(), "cell count differs from the geometry's");
  for (std::uint8_t cell : puzzle.cells) require(cell <= geometry.size(), "given beyond the size");
  require(puzzle.comment.find('\n') == std::string::npos, "comment with a line break");
  for (const Constraint& rule : puzzle.constraints)
    for (int cell : rule.cells) require(cell >= 0 && cell < geometry.cell_count(), "rule cell off the grid");
}

void check_round_trip(const Puzzle& puzzle) {
  std::string json;
  try {
    json = to_fpuzzles(puzzle);
  } catch (const std::invalid_argument&) {
    return;  // a rule f-puzzles cannot state, said so
  }
  Diagnostic error;
  const auto again = detail::read_fpuzzles(json, error);
  require(again.has_value(), "written JSON does not read back: " + error.reason + "\n" + json);
  require(again->cells == puzzle.cells, "written JSON reads back with other givens: " + json);
  require(rules_of(*again) == rules_of(puzzle), "written JSON reads back with other rules: " + json);
  require(again->geometry->houses().size() == puzzle.geometry->houses().size(),
          "written JSON reads back with other houses: " + json);
  require(again->geometry->regions() == puzzle.geometry->regions(), "written JSON reads back with other regions");
  require(to_fpuzzles(*again) == json, "the JSON of the puzzle read back differs: " + json);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Diagnostic error;
  const auto puzzle = detail::read_fpuzzles(text, error);
  if (!puzzle) {
    require(!error.reason.empty(), "error without a reason");
    const int lines = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    require(error.line >= 1 && error.line <= lines && error.column >= 1 && error.column <= static_cast<int>(size) + 1,
            "error placed outside the text: " + std::to_string(error.line) + ":" + std::to_string(error.column));
    return 0;
  }
  check_puzzle(*puzzle);
  check_round_trip(*puzzle);
  return 0;
}
