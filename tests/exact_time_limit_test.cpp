// Time limits of the exact search: both engines stop on time, for callers
// that answer a person (the web server), as max_nodes stops them on work.
// (The generator's time limit: TimeLimit.AGenerator… in generate_test.cpp.)
#include <chrono>

#include "nonet/exact.hpp"
#include "test_support.hpp"

namespace nonet::testing {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(TimeLimit, BothEnginesGiveUpWhenTheTimeIsUp) {
  // Counting every solution of an empty grid never ends: 9×9 runs on the
  // fast engine, 16×16 on the generic one.
  for (int size : {9, 16}) {
    const Puzzle empty{make_geometry({}, size), Grid(size * size, 0), ""};
    SolveOptions options;
    options.count_limit = ~std::uint64_t{0};
    options.keep = 0;
    options.time_limit = 0.2;
    const auto start = std::chrono::steady_clock::now();
    const SolveResult result = solve(empty, options);
    EXPECT_EQ(result.status, SolveStatus::gave_up) << size;
    EXPECT_GT(result.count, 0u) << size;
    EXPECT_LT(seconds_since(start), 3.0) << size;
  }
}

// Found with the solve fuzz target: an empty 36×36 grid (a hand-made seed,
// fuzz/corpus/solve/regression_time_limit_empty_36x36.txt) ran 98 s under its
// 0.1 s limit. The clock was read every 1,024 nodes, which on big grids is
// seconds (a 64×64 node costs milliseconds), and each of the generic
// engine's probes started the limit afresh.
TEST(TimeLimit, BigGridsStopNearTheLimit) {
  for (int box : {7, 8}) {
    const auto geometry = std::make_shared<const Geometry>(Geometry::classic(box, box));
    const Puzzle empty{geometry, Grid(geometry->cell_count(), 0), ""};
    SolveOptions options;
    options.time_limit = 0.1;
    const auto start = std::chrono::steady_clock::now();
    const SolveResult result = solve(empty, options);
    EXPECT_EQ(result.status, SolveStatus::gave_up) << box * box;
    EXPECT_LT(seconds_since(start), 1.0) << box * box;
  }
}

TEST(TimeLimit, ALimitNotReachedChangesNothing) {
  const Puzzle puzzle =
      parse_one("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  SolveOptions options;
  options.time_limit = 30;
  const SolveResult limited = solve(puzzle, options);
  const SolveResult plain = solve(puzzle);
  EXPECT_EQ(limited.status, SolveStatus::unique);
  EXPECT_EQ(limited.solutions, plain.solutions);
  EXPECT_EQ(limited.nodes, plain.nodes);
}

}  // namespace
}  // namespace nonet::testing
