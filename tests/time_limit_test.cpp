// Time limits in the library: an exact search and a generator stop on time,
// for callers that answer a person (the web server), as max_nodes stops them
// on work.
#include <chrono>

#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"

namespace nonet::testing {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(TimeLimit, AnExactSearchGivesUpWhenItsTimeIsUp) {
  // Counting the solutions of an empty 16×16 grid never ends.
  const Puzzle empty{make_geometry({}, 16), Grid(256, 0), ""};
  SolveOptions options;
  options.count_limit = ~std::uint64_t{0};
  options.keep = 0;
  options.time_limit = 0.2;
  const auto start = std::chrono::steady_clock::now();
  const SolveResult result = solve(empty, options);
  EXPECT_EQ(result.status, SolveStatus::gave_up);
  EXPECT_GT(result.count, 0u);
  EXPECT_LT(seconds_since(start), 3.0);
}

TEST(TimeLimit, TheFastEngineGivesUpToo) {
  const Puzzle empty{make_geometry({}, 9), Grid(81, 0), ""};
  SolveOptions options;
  options.count_limit = ~std::uint64_t{0};
  options.keep = 0;
  options.time_limit = 0.2;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(solve(empty, options).status, SolveStatus::gave_up);
  EXPECT_LT(seconds_since(start), 3.0);
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

TEST(TimeLimit, AGeneratorThatCannotMeetItsOptionsInTimeThrowsGenerateTimeout) {
  GenerateOptions options;
  // A rater no puzzle satisfies: every carving is refused until time is up.
  options.rating = RatingRange{6.0, 7.0};
  options.rater = [](const Puzzle&, double) {
    Rating easy;
    easy.er = easy.ep = easy.ed = 1.2;
    easy.solved = true;
    return easy;
  };
  options.time_limit = 0.3;
  options.max_attempts = 1'000'000;
  const Generator generator(make_geometry({}, 9), options);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(generator.puzzle(1, 0), GenerateTimeout);
  EXPECT_LT(seconds_since(start), 10.0);
}

}  // namespace
}  // namespace nonet::testing
