// Exact solving: the status of a puzzle, its solutions up to a limit and the
// work it took. solve() picks the fastest engine for the geometry; the generic
// engine works on every geometry and is the reference the others are checked
// against.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nonet/export.hpp"
#include "nonet/model.hpp"

namespace nonet NONET_API {

enum class SolveStatus {
  invalid,      // givens break a house (see SolveResult::reason)
  no_solution,  // consistent givens, but no grid completes them
  unique,       // exactly one solution
  multiple,     // at least two (count reached the limit or beyond)
  solved,       // a solution found; uniqueness not asked (count_limit == 1)
  gave_up,      // the search passed SolveOptions::max_nodes or time_limit before it could answer
};
const char* to_string(SolveStatus status);

struct SolveOptions {
  // Stop after this many solutions; 2 answers "unique or not", 1 just finds one.
  std::uint64_t count_limit = 2;
  // Keep at most this many solutions in the result.
  std::size_t keep = 1;
  // Try candidates in a random order (seeded): a random solution, and from an
  // empty grid a random full grid.
  bool random = false;
  std::uint64_t seed = 0;
  // Stop searching after this many nodes (0: no limit) and report gave_up,
  // so that no input — a jigsaw layout with no solution, a huge empty grid —
  // can keep a batch busy for ever. Solutions found before stopping are kept.
  std::uint64_t max_nodes = 0;
  // Stop searching after this many seconds (0: no limit) and report gave_up,
  // as past max_nodes: for callers that answer a person, such as the web
  // server. The clock is read every 1024 nodes.
  double time_limit = 0;
  // Optional pencil marks: per cell, the digits it may still take (empty: no
  // restriction). A position whose marks exclude every solution has none.
  std::vector<Mask> candidates = {};
};

struct SolveResult {
  SolveStatus status = SolveStatus::no_solution;
  std::uint64_t count = 0;        // solutions found, capped by count_limit
  std::vector<Grid> solutions;    // up to `keep`
  std::uint64_t guesses = 0;      // branches taken beyond the first at each choice
  std::uint64_t nodes = 0;        // search nodes visited
  std::string reason;             // for invalid: which digit, house and cells
};

// The best engine for the puzzle's geometry.
SolveResult solve(const Puzzle& puzzle, const SolveOptions& options = {});
// The same answer, written into `result` (whatever it held before). Solving
// many puzzles into one result reuses its storage, so a batch need not
// allocate per puzzle.
void solve_into(const Puzzle& puzzle, const SolveOptions& options, SolveResult& result);
// The generic engine: masks per cell, singles to a fixed point, branch on the
// cell with fewest candidates. Any geometry.
SolveResult solve_generic(const Puzzle& puzzle, const SolveOptions& options = {});

}  // namespace nonet
