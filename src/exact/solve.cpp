// Engine choice: the specialised engine where the geometry allows it, the
// generic one everywhere else.
#include "engine_common.hpp"
#include "fast9.hpp"

namespace nonet {

SolveResult solve(const Puzzle& puzzle, const SolveOptions& options) {
  // The fast engine tries candidates in a fixed order, so random solves (random
  // full grids for the generator) stay with the generic engine.
  const bool fast9 = !options.random && puzzle.cells.size() == 81 && detail::fast9_supports(*puzzle.geometry);
  return fast9 ? detail::solve_fast9(puzzle, options) : solve_generic(puzzle, options);
}

}  // namespace nonet
