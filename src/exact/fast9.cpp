// The fast 9×9 engine's front: which geometries it takes, which instruction
// set build runs, and the result conventions it shares with the other engines.
// The engine itself lives in fast9.hpp; this file compiles its baseline build
// (SSE2 and scalar code, any x86-64 or other 64-bit CPU).
#include <stdexcept>
#include <vector>

#include "core/contract.hpp"
#include "fast9.hpp"

#define NONET_FAST9_ISA fast9_baseline
#include "fast9.hpp"

namespace nonet::detail {

bool fast9_supports(const Geometry& geometry) {
  const bool box_3x3 = geometry.size() == 9 && geometry.box_rows() == 3 && geometry.box_columns() == 3;
  if (!box_3x3) return false;
  // The house count guards against a future variant reusing a name.
  if (geometry.variant() == "classic") return geometry.houses().size() == 27;
  if (geometry.variant() == "diagonal") return geometry.houses().size() == 29;
  return false;
}

Fast9Isa fast9_best_isa() {
#if defined(__x86_64__) && defined(__GNUC__)
  // Asked once: the answer cannot change while the program runs.
  static const bool has_avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
                               __builtin_cpu_supports("popcnt");
  static const bool has_avx512 = has_avx2 && __builtin_cpu_supports("avx512f") &&
                                 __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
                                 __builtin_cpu_supports("avx512dq");
  return has_avx512 ? Fast9Isa::avx512 : has_avx2 ? Fast9Isa::avx2 : Fast9Isa::baseline;
#else
  return Fast9Isa::baseline;
#endif
}

std::vector<Fast9Isa> fast9_runnable_isas() {
  std::vector<Fast9Isa> builds;
  for (const Fast9Isa isa : {Fast9Isa::baseline, Fast9Isa::avx2, Fast9Isa::avx512})
    if (static_cast<int>(isa) <= static_cast<int>(fast9_best_isa())) builds.push_back(isa);
  return builds;
}

const char* to_string(Fast9Isa isa) {
  switch (isa) {
    case Fast9Isa::automatic: return "automatic";
    case Fast9Isa::baseline: return "baseline";
    case Fast9Isa::avx2: return "avx2";
    case Fast9Isa::avx512: return "avx512";
  }
  return "unknown";
}

SolveResult solve_fast9(const Puzzle& puzzle, const SolveOptions& options, Fast9Isa isa, Fast9Search search) {
  SolveResult result;
  solve_fast9(puzzle, options, result, isa, search);
  return result;
}

namespace {

// A fresh result, except that the grids already held stay as storage.
void reset_keeping_grids(SolveResult& result) {
  result.status = SolveStatus::no_solution;
  result.count = result.guesses = result.nodes = 0;
  result.reason.clear();
}

// The engine build asked for (automatic: the best the CPU runs), from a
// fresh result; `start` is the givens or a Fast9Start.
template <typename Start>
void run_fast9(const Start& start, bool diagonal, const Fast9Limits& limits, SolveResult& result, Fast9Isa isa) {
  reset_keeping_grids(result);
  if (isa == Fast9Isa::automatic) isa = fast9_best_isa();
  // A build the CPU lacks falls back to the best one it has.
  if (static_cast<int>(isa) > static_cast<int>(fast9_best_isa())) isa = fast9_best_isa();
#if defined(__x86_64__) && defined(__GNUC__)
  if (isa == Fast9Isa::avx512) return fast9_avx512::solve(start, diagonal, limits, result);
  if (isa == Fast9Isa::avx2) return fast9_avx2::solve(start, diagonal, limits, result);
#endif
  fast9_baseline::solve(start, diagonal, limits, result);
}

void run_fast9(const Geometry& geometry, const Grid& givens, const Fast9Limits& limits, SolveResult& result,
               Fast9Isa isa) {
  run_fast9(givens, geometry.variant() == "diagonal", limits, result, isa);
}

std::optional<bool> has_solution(const SolveResult& result) {
  if (result.status == SolveStatus::gave_up) return std::nullopt;
  return result.count > 0;
}

}  // namespace

std::optional<bool> fast9_has_solution(const Geometry& geometry, const Grid& givens,
                                       std::span<const std::pair<int, int>> excluded, std::uint64_t max_nodes) {
  SolveResult result;
  run_fast9(geometry, givens, Fast9Limits{1, 0, max_nodes, excluded, 0, Fast9Search::cells}, result, Fast9Isa::automatic);
  return has_solution(result);
}

std::optional<bool> fast9_has_solution(const Fast9Start& start, bool diagonal, std::uint64_t max_nodes) {
  SolveResult result;
  run_fast9(start, diagonal, Fast9Limits{1, 0, max_nodes, {}, 0, Fast9Search::cells}, result, Fast9Isa::automatic);
  return has_solution(result);
}

void solve_fast9(const Puzzle& puzzle, const SolveOptions& options, SolveResult& result, Fast9Isa isa,
                 Fast9Search search) {
  NONET_EXPECTS(fast9_supports(*puzzle.geometry) && puzzle.cells.size() == 81);
  if (!options.candidates.empty() && options.candidates.size() != puzzle.cells.size())
    throw std::invalid_argument("SolveOptions::candidates needs one mask per cell");
  // Pencil marks: each open cell's digits outside its marks are excluded (a
  // given keeps its digit whatever its marks say, as in the generic engine).
  thread_local std::vector<std::pair<int, int>> unmarked;
  unmarked.clear();
  for (std::size_t cell = 0; cell < options.candidates.size(); ++cell)
    if (puzzle.cells[cell] == 0)
      for (int digit = 1; digit <= 9; ++digit)
        if (!(options.candidates[cell] & digit_bit(digit))) unmarked.emplace_back(static_cast<int>(cell), digit);
  const Fast9Limits limits{options.count_limit == 0 ? 1 : options.count_limit, options.keep, options.max_nodes, unmarked,
                           options.time_limit, search};
  run_fast9(*puzzle.geometry, puzzle.cells, limits, result, isa);
  // The engine only notices clashing givens; the shared check names them.
  if (result.status == SolveStatus::invalid) {
    reset_keeping_grids(result);
    result.solutions.clear();
    if (reject_invalid(puzzle, result)) return;
    result.status = SolveStatus::no_solution;  // unreachable: a clash is always a conflict
    return;
  }
  const bool gave_up = result.status == SolveStatus::gave_up;
  finish_status(result, limits.count_limit);
  if (gave_up) result.status = SolveStatus::gave_up;
}

}  // namespace nonet::detail
