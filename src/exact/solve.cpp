// Engine choice: the specialised engine where the geometry allows it, the
// generic one everywhere else.
#include "engine_common.hpp"

namespace nonet {

SolveResult solve(const Puzzle& puzzle, const SolveOptions& options) {
  return solve_generic(puzzle, options);
}

}  // namespace nonet
