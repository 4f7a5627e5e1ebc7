// Engine choice: the specialised engine where the geometry allows it, the
// generic one everywhere else.
#include "core/contract.hpp"
#include "engine_common.hpp"
#include "fast9.hpp"

namespace nonet {

namespace {

// The fast engine tries candidates in a fixed order, so random solves (random
// full grids for the generator) stay with the generic engine; so do puzzles
// with variant rules. Pencil marks it takes as excluded candidates.
bool use_fast9(const Puzzle& puzzle, const SolveOptions& options) {
  // A puzzle of its geometry: the engine is chosen by the cell count and the geometry alike.
  NONET_EXPECTS(puzzle.geometry != nullptr);
  NONET_EXPECTS(puzzle.cells.size() == static_cast<std::size_t>(puzzle.geometry->cell_count()));
  return !options.random && puzzle.constraints.empty() && puzzle.cells.size() == 81 &&
         detail::fast9_supports(*puzzle.geometry);
}

}  // namespace

SolveResult solve(const Puzzle& puzzle, const SolveOptions& options) {
  return use_fast9(puzzle, options) ? detail::solve_fast9(puzzle, options) : solve_generic(puzzle, options);
}

void solve_into(const Puzzle& puzzle, const SolveOptions& options, SolveResult& result) {
  if (use_fast9(puzzle, options)) detail::solve_fast9(puzzle, options, result);
  else result = solve_generic(puzzle, options);
}

}  // namespace nonet
