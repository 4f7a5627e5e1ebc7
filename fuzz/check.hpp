// What the fuzz targets share: failing loudly on a broken invariant, the
// reading options an input is also tried with, and the checks on solutions
// and logic steps. A check that fails aborts with a message, so libFuzzer
// keeps the input as a crash, the same as a sanitizer report.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/format.hpp"
#include "nonet/logic.hpp"
#include "nonet/model.hpp"

namespace nonet::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
  std::abort();
}

inline void require(bool holds, const std::string& what) {
  if (!holds) fail(what);
}

// The 9×9 jigsaw layout of examples/jigsaw-regions.txt, for inputs tried as
// jigsaw puzzles.
inline std::vector<int> sample_jigsaw_regions() {
  return parse_region_map("111122333111222333112222663445555633444455666444555666777899999778889889777788899");
}

// Besides the defaults, every input is also read with one of these options,
// picked by its length: mutations that keep the length keep the choice, so a
// finding reproduces from its file alone.
inline ReadOptions alternative_options(std::size_t input_size) {
  ReadOptions options;
  switch (input_size % 8) {
    case 0: options.variant.name = "diagonal"; break;
    case 1: options.variant.name = "windoku"; break;
    case 2: options.variant.size = 4; break;
    case 3: options.variant.size = 16; break;
    case 4:
      options.variant.name = "jigsaw";
      options.variant.regions = sample_jigsaw_regions();
      break;
    case 5: options.digits = DigitStyle::zero_based; break;
    case 6: options.csv_column = "2"; break;
    default: options.max_line_length = 96; break;  // long lines cut short
  }
  return options;
}

inline std::string as_text(const Geometry& geometry, const Grid& cells) { return to_line(geometry, cells); }

// The library's own definition of a solution (givens kept, every house 1..N
// once), which the tests use too.
inline void require_solution(const Puzzle& puzzle, const Grid& solution, const char* who) {
  require(is_solution_of(puzzle, solution), std::string(who) + " returned " + as_text(*puzzle.geometry, solution) +
                                                ", not a solution of " + as_text(*puzzle.geometry, puzzle.cells));
}

// Every placement a step makes is the solution's digit, every elimination is
// not: a step that contradicts the unique solution is unsound.
inline void require_sound(const Geometry& geometry, const Grid& solution, const Step& step) {
  for (const Candidate& placed : step.placements)
    require(placed.cell >= 0 && placed.cell < geometry.cell_count() && solution[placed.cell] == placed.digit,
            "step places a digit the solution does not have: " + to_text(geometry, step));
  for (const Candidate& removed : step.eliminations)
    require(removed.cell >= 0 && removed.cell < geometry.cell_count() && solution[removed.cell] != removed.digit,
            "step eliminates the solution's digit: " + to_text(geometry, step));
}

}  // namespace nonet::fuzz
