// The generator's stream of puzzles: the same seed gives the same output
// whatever the threads (for_each_ordered), shards tile the stream, reused
// carvers make what fresh ones make, and errors reach the caller.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/ordered_runner.hpp"
#include "generate_support.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using testing::classic;

TEST(GenerateStream, SameSeedSameOutputWhateverTheThreads) {
  GenerateOptions options;
  options.symmetry = Symmetry::rot180;
  const Generator generator(classic(9), options);
  const auto make = [&](std::uint64_t index) {
    return to_line(generator.geometry(), generator.puzzle(77, index).puzzle.cells);
  };
  const auto run = [&](IndexRange range, unsigned jobs) {
    std::vector<std::string> lines;
    cli::for_each_ordered(range, jobs, make, [&](std::uint64_t index, std::string&& line) {
      EXPECT_EQ(index, range.begin + lines.size());
      lines.push_back(std::move(line));
    });
    return lines;
  };
  const auto one_thread = run({0, 12}, 1);
  EXPECT_EQ(run({0, 12}, 2), one_thread);
  EXPECT_EQ(run({0, 12}, 3), one_thread);
  // Shards are contiguous blocks, so concatenating them is the whole stream.
  std::vector<std::string> merged;
  for (std::uint64_t part = 0; part < 5; ++part) {
    const auto lines = run(shard_range(12, Shard{part, 5}), 2);
    merged.insert(merged.end(), lines.begin(), lines.end());
  }
  EXPECT_EQ(merged, one_thread);
  EXPECT_NE(to_line(generator.geometry(), generator.puzzle(78, 0).puzzle.cells), one_thread[0]);
}

// A generator keeps its carvers between puzzles; what one carved before must
// not change what it makes next (a fresh generator for each index is the
// reference), on every path the carver takes.
TEST(GenerateStream, ReusedCarversMakeWhatFreshOnesMake) {
  const auto windoku = std::make_shared<const Geometry>(Geometry::windoku());
  const Rater se = [](const Puzzle& puzzle, double max_rating) { return rate(puzzle, Scale::se, max_rating); };
  for (const auto& geometry : {classic(9), windoku, classic(6)}) {
    for (const char* level : {"any", "easy", "intermediate", "expert"}) {
      GenerateOptions options;
      if (std::string(level) != "any") options.rating = find_level(level)->range;
      options.rater = se;
      options.exact_rating = false;
      const Generator reused(geometry, options);
      for (std::uint64_t index = 0; index < 4; ++index) {
        const GeneratedPuzzle again = reused.puzzle(23, index);
        ASSERT_EQ(again.puzzle.cells, Generator(geometry, options).puzzle(23, index).puzzle.cells)
            << geometry->variant() << " " << geometry->size() << " " << level << " " << index;
      }
    }
  }
}

TEST(GenerateStream, ShardsTileTheStream) {
  for (std::uint64_t count : {0, 1, 7, 100}) {
    for (std::uint64_t parts : {1, 2, 3, 8}) {
      std::uint64_t next = 0;
      for (std::uint64_t part = 0; part < parts; ++part) {
        const IndexRange range = shard_range(count, Shard{part, parts});
        EXPECT_EQ(range.begin, next);
        next = range.end;
      }
      EXPECT_EQ(next, count);
    }
  }
  EXPECT_EQ(parse_shard("2/5").part, 2u);
  EXPECT_THROW(parse_shard("5/5"), GenerateError);
  EXPECT_THROW(parse_shard("1"), GenerateError);
}

TEST(GenerateStream, ErrorsReachTheCaller) {
  const auto fail_at_five = [](std::uint64_t index) -> std::string {
    if (index == 5) throw GenerateError("five");
    return std::to_string(index);
  };
  EXPECT_THROW(cli::for_each_ordered({0, 20}, 2, fail_at_five, [](std::uint64_t, std::string&&) {}), GenerateError);
}

}  // namespace
}  // namespace nonet
