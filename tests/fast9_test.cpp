// The fast 9×9 engine against the generic one: same status, same capped count,
// valid solutions, on samples of every shared puzzle set, on random mutations
// of them (givens removed, clashing or extra givens added) and on diagonal
// puzzles made here. Samples keep the file fast under the sanitizers; the
// full sets run in bench/bench_solvers.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "exact/fast9.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using testing::load_spread;

struct SampledSet {
  std::string name;
  std::vector<Puzzle> puzzles;
};

std::vector<std::filesystem::path> shared_sets() {
  std::vector<std::filesystem::path> files;
  for (const char* folder : {"tdoku", "qqwing", "rated"})
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(NONET_DATA_DIR) / folder))
      if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// 25 puzzles of every shared set, read once for the whole test binary
// (reading is most of the time under the sanitizers).
const std::vector<SampledSet>& shared_samples() {
  static const std::vector<SampledSet> samples = [] {
    std::vector<SampledSet> sets;
    for (const auto& file : shared_sets()) sets.push_back({file.filename().string(), load_spread(file.string(), 25)});
    return sets;
  }();
  return samples;
}

SolveOptions limit(std::uint64_t count_limit, std::size_t keep = 1) {
  SolveOptions options;
  options.count_limit = count_limit;
  options.keep = keep;
  return options;
}

const char* to_string(detail::Fast9Search search) {
  switch (search) {
    case detail::Fast9Search::automatic: return "automatic";
    case detail::Fast9Search::patterns: return "patterns";
    case detail::Fast9Search::cells: return "cells";
  }
  return "?";
}

constexpr std::array kSearches = {detail::Fast9Search::automatic, detail::Fast9Search::patterns,
                                  detail::Fast9Search::cells};

// The fast engine agrees with the generic one for count limits 1, 2 and 3, in
// every build this CPU can run and with every search. The builds compile one
// engine, so they also make the same search: the same solutions in the same
// order, nodes and guesses as the baseline build.
void expect_agreement(const Puzzle& puzzle, const std::string& label) {
  SCOPED_TRACE(label + " " + to_line(*puzzle.geometry, puzzle.cells));
  for (std::uint64_t count_limit : {1, 2, 3}) {
    const SolveResult reference = solve_generic(puzzle, limit(count_limit, 3));
    for (auto search : kSearches) {
    SCOPED_TRACE(to_string(search));
    const SolveResult baseline =
        detail::solve_fast9(puzzle, limit(count_limit, 3), detail::Fast9Isa::baseline, search);
    for (auto isa : detail::fast9_runnable_isas()) {
      const SolveResult fast = detail::solve_fast9(puzzle, limit(count_limit, 3), isa, search);
      ASSERT_EQ(fast.solutions, baseline.solutions) << detail::to_string(isa);
      ASSERT_EQ(fast.nodes, baseline.nodes) << detail::to_string(isa);
      ASSERT_EQ(fast.guesses, baseline.guesses) << detail::to_string(isa);
      ASSERT_EQ(fast.status, reference.status) << "limit " << count_limit << " " << detail::to_string(isa);
      ASSERT_EQ(fast.count, reference.count);
      ASSERT_EQ(fast.reason, reference.reason);
      ASSERT_EQ(fast.solutions.size(), std::min<std::size_t>(fast.count, 3));
      for (const Grid& solution : fast.solutions) ASSERT_TRUE(is_solution_of(puzzle, solution));
      for (std::size_t i = 1; i < fast.solutions.size(); ++i)
        ASSERT_NE(fast.solutions[i - 1], fast.solutions[i]) << "a solution counted twice";
    }
    }
  }
}

TEST(Fast9Engine, TakesOnlyNineByNineClassicAndDiagonal) {
  EXPECT_TRUE(detail::fast9_supports(Geometry::classic(3, 3)));
  EXPECT_TRUE(detail::fast9_supports(Geometry::diagonal(3, 3)));
  EXPECT_FALSE(detail::fast9_supports(Geometry::windoku()));
  EXPECT_FALSE(detail::fast9_supports(Geometry::classic(2, 3)));
  EXPECT_FALSE(detail::fast9_supports(Geometry::classic(4, 4)));
  EXPECT_FALSE(detail::fast9_supports(Geometry::diagonal(2, 2)));
}

TEST(Fast9Engine, SolveDispatchesToIt) {
  NONET_NEEDS_SHARED_DATA();
  const auto puzzles = load_spread(testing::data_path("qqwing/expert.txt"), 5);
  ASSERT_FALSE(puzzles.empty());
  for (const Puzzle& puzzle : puzzles) {
    const SolveResult chosen = solve(puzzle);
    const SolveResult fast = detail::solve_fast9(puzzle, {});
    EXPECT_EQ(chosen.status, fast.status);
    EXPECT_EQ(chosen.nodes, fast.nodes);
    EXPECT_EQ(chosen.guesses, fast.guesses);
  }
  // Random solves stay with the generic engine, which alone honours the seed.
  SolveOptions random;
  random.random = true;
  random.seed = 7;
  random.count_limit = 1;
  const Puzzle empty{std::make_shared<const Geometry>(Geometry::classic(3, 3)), Grid(81, 0), ""};
  EXPECT_EQ(solve(empty, random).solutions, solve_generic(empty, random).solutions);
}

// The best build is the last runnable one, and a build the CPU lacks falls
// back to one it has (same answer, no illegal instruction).
TEST(Fast9Engine, BuildsTheCpuLacksFallBack) {
  const auto builds = detail::fast9_runnable_isas();
  ASSERT_FALSE(builds.empty());
  EXPECT_EQ(builds.front(), detail::Fast9Isa::baseline);
  EXPECT_EQ(builds.back(), detail::fast9_best_isa());
  const Puzzle puzzle = testing::parse_one(
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const SolveResult reference = detail::solve_fast9(puzzle, limit(2), detail::Fast9Isa::baseline);
  ASSERT_EQ(reference.status, SolveStatus::unique);
  for (auto isa : {detail::Fast9Isa::automatic, detail::Fast9Isa::avx2, detail::Fast9Isa::avx512}) {
    const SolveResult result = detail::solve_fast9(puzzle, limit(2), isa);
    EXPECT_EQ(result.solutions, reference.solutions) << detail::to_string(isa);
    EXPECT_EQ(result.nodes, reference.nodes) << detail::to_string(isa);
  }
}

TEST(Fast9Engine, CountLimitAndKeep) {
  const Puzzle empty{std::make_shared<const Geometry>(Geometry::classic(3, 3)), Grid(81, 0), ""};
  SolveResult result = detail::solve_fast9(empty, limit(0));
  EXPECT_EQ(result.status, SolveStatus::solved);
  EXPECT_EQ(result.count, 1u);
  result = detail::solve_fast9(empty, limit(1000, 0));
  EXPECT_EQ(result.status, SolveStatus::multiple);
  EXPECT_EQ(result.count, 1000u);
  EXPECT_TRUE(result.solutions.empty());
  result = detail::solve_fast9(empty, limit(5, 10));
  EXPECT_EQ(result.solutions.size(), 5u);
  EXPECT_GT(result.nodes, 0u);
}

// The node budget holds in the fast engine too (it once ran on: counting the
// empty grid with --max-nodes never stopped), in every build, and a puzzle
// that needs fewer nodes is answered as usual.
TEST(Fast9Engine, GivesUpPastTheNodeBudget) {
  const std::vector<detail::Fast9Isa> builds = detail::fast9_runnable_isas();
  for (const Geometry& geometry : {Geometry::classic(3, 3), Geometry::diagonal(3, 3)}) {
    const Puzzle empty{std::make_shared<const Geometry>(geometry), Grid(81, 0), ""};
    SolveOptions options = limit(1'000'000'000, 0);
    options.max_nodes = 1000;
    for (auto isa : builds) {
      const SolveResult result = detail::solve_fast9(empty, options, isa);
      EXPECT_EQ(result.status, SolveStatus::gave_up) << geometry.variant() << " " << detail::to_string(isa);
      EXPECT_EQ(result.nodes, 1001u);
      EXPECT_EQ(solve(empty, options).status, SolveStatus::gave_up);
    }
  }
  NONET_PART_NEEDS_SHARED_DATA("the puzzles of qqwing/expert.txt");
  const auto puzzles = load_spread(testing::data_path("qqwing/expert.txt"), 5);
  SolveOptions ample;
  ample.max_nodes = 100'000;
  for (const Puzzle& puzzle : puzzles) EXPECT_EQ(detail::solve_fast9(puzzle, ample).status, SolveStatus::unique);
}

// Locked candidates between a diagonal and a box it crosses solve this X
// puzzle without a guess; without them the engine guessed 43 times.
TEST(Fast9Engine, DiagonalModeLocksCandidatesBetweenDiagonalAndBox) {
  ReadOptions diagonal;
  diagonal.variant.name = "diagonal";
  const Puzzle puzzle = testing::parse_one(
      ".............62..78...5..1..2.........49...3..3.....8...6..937.........8.....16..", diagonal);
  const std::vector<detail::Fast9Isa> builds = detail::fast9_runnable_isas();
  for (auto isa : builds) {
    const SolveResult result = detail::solve_fast9(puzzle, limit(2), isa);
    EXPECT_EQ(result.status, SolveStatus::unique) << detail::to_string(isa);
    EXPECT_EQ(result.guesses, 0u) << detail::to_string(isa);
    EXPECT_EQ(result.nodes, 1u) << detail::to_string(isa);
    ASSERT_EQ(result.solutions.size(), 1u);
    EXPECT_TRUE(is_solution_of(puzzle, result.solutions[0]));
  }
  expect_agreement(puzzle, "locked on a diagonal");
}

// Hidden triads: this QQwing "expert" puzzle needs no guess with them (the
// pattern search's propagation), and five guesses on cells without them. Its
// first fixed point leaves few open cells, so the default search takes cells.
TEST(Fast9Engine, HiddenTriadsSolveAtTheRoot) {
  const Puzzle puzzle = testing::parse_one(
      ".38....51.7............4.83.25.....6......5..16.....47..2.436...8.6.1.3..4.87....");
  for (auto isa : detail::fast9_runnable_isas()) {
    const SolveResult patterns = detail::solve_fast9(puzzle, limit(2), isa, detail::Fast9Search::patterns);
    EXPECT_EQ(patterns.status, SolveStatus::unique) << detail::to_string(isa);
    EXPECT_EQ(patterns.nodes, 1u) << detail::to_string(isa);
    EXPECT_EQ(patterns.guesses, 0u) << detail::to_string(isa);
    ASSERT_EQ(patterns.solutions.size(), 1u);
    EXPECT_TRUE(is_solution_of(puzzle, patterns.solutions[0]));
    const SolveResult cells = detail::solve_fast9(puzzle, limit(2), isa, detail::Fast9Search::cells);
    EXPECT_EQ(cells.status, SolveStatus::unique) << detail::to_string(isa);
    EXPECT_EQ(cells.solutions, patterns.solutions);
    EXPECT_EQ(cells.guesses, 5u) << detail::to_string(isa);
    const SolveResult automatic = detail::solve_fast9(puzzle, limit(2), isa);
    EXPECT_EQ(automatic.nodes, cells.nodes) << detail::to_string(isa);
  }
}

// A settle pass can place every open cell while a digit still holds two row
// singles in one column; only its next pass finds the clash. These forum
// hardest puzzles each have one solution; an engine that took "every cell
// placed" as solved before every digit was settled counted two for them,
// the second grid with clashes.
TEST(Fast9Engine, BoardIsSolvedOnlyWhenEveryDigitIsSettled) {
  for (const char* line : {"98.7..6..5...9......43..8..3..2...6..2......8..7..32...3.6..7....1.3.........4.1.",
                           "98.7..6..75.4.......3.98.7.8...27.9....8.9...........23..2......7..85.3.......1..",
                           "98.7..6..5.4........7.5..4..7.6..3....9..7..2....29....1..6..7....1...36.....81.."}) {
    const Puzzle puzzle = testing::parse_one(line);
    for (auto isa : detail::fast9_runnable_isas()) {
      for (auto search : kSearches) {
        const SolveResult result = detail::solve_fast9(puzzle, limit(2, 2), isa, search);
        EXPECT_EQ(result.status, SolveStatus::unique) << line << " " << detail::to_string(isa) << " " << to_string(search);
        ASSERT_EQ(result.solutions.size(), 1u);
        EXPECT_TRUE(testing::valid_solution(puzzle, result.solutions[0]));
      }
    }
  }
}

// The pattern search makes far fewer nodes than the cells search on the
// forum's hardest puzzles: 30 % fewer counting to 2 on the first 10,000
// (docs/journal/2026-exact-engines.md, round six); here at least 20 % on the
// first 200, with the same answers. The default search takes patterns for
// every one of them.
TEST(Fast9Engine, PatternSearchTakesFewerNodesOnTheHardest) {
  NONET_NEEDS_SHARED_DATA();
  const auto puzzles = testing::load_puzzles(testing::data_path("tdoku/puzzles5_forum_hardest_1905_11+"), 1, {}, 200);
  ASSERT_EQ(puzzles.size(), 200u);
  std::uint64_t pattern_nodes = 0, cell_nodes = 0;
  for (const Puzzle& puzzle : puzzles) {
    const SolveResult patterns =
        detail::solve_fast9(puzzle, limit(2), detail::Fast9Isa::automatic, detail::Fast9Search::patterns);
    const SolveResult automatic = detail::solve_fast9(puzzle, limit(2));
    ASSERT_EQ(automatic.nodes, patterns.nodes);
    const SolveResult cells =
        detail::solve_fast9(puzzle, limit(2), detail::Fast9Isa::automatic, detail::Fast9Search::cells);
    ASSERT_EQ(patterns.status, SolveStatus::unique);
    ASSERT_EQ(cells.status, SolveStatus::unique);
    ASSERT_EQ(patterns.solutions, cells.solutions);
    pattern_nodes += patterns.nodes;
    cell_nodes += cells.nodes;
  }
  EXPECT_LT(pattern_nodes * 10, cell_nodes * 8) << pattern_nodes << " against " << cell_nodes;
}

TEST(Fast9Engine, ClashingGivensAreInvalidWithTheSharedReason) {
  Puzzle puzzle{std::make_shared<const Geometry>(Geometry::diagonal(3, 3)), Grid(81, 0), ""};
  puzzle.cells[0] = 5;
  puzzle.cells[80] = 5;  // both on the main diagonal
  const SolveResult fast = detail::solve_fast9(puzzle, {});
  const SolveResult reference = solve_generic(puzzle, {});
  EXPECT_EQ(fast.status, SolveStatus::invalid);
  EXPECT_EQ(fast.reason, reference.reason);
  EXPECT_FALSE(fast.reason.empty());
}

TEST(Fast9CrossCheck, EverySharedSet) {
  NONET_NEEDS_SHARED_DATA();
  const auto& sets = shared_samples();
  ASSERT_GE(sets.size(), 9u) << "puzzle sets missing under " << NONET_DATA_DIR;
  for (const auto& set : sets) {
    ASSERT_GE(set.puzzles.size(), 20u) << set.name;
    for (std::size_t i = 0; i < set.puzzles.size(); ++i)
      expect_agreement(set.puzzles[i], set.name + " #" + std::to_string(i));
  }
}

// Givens removed (often several solutions), a given added that clashes with a
// peer (invalid) or that is merely wrong (usually no solution).
TEST(Fast9CrossCheck, RandomMutations) {
  NONET_NEEDS_SHARED_DATA();
  std::mt19937_64 random(20261130);
  for (const auto& set : shared_samples()) {
    for (std::size_t index = 0; index < set.puzzles.size(); index += 4) {
      const Puzzle& original = set.puzzles[index];
      std::vector<int> givens, empties;
      for (int cell = 0; cell < 81; ++cell) (original.cells[cell] ? givens : empties).push_back(cell);
      Puzzle fewer = original;
      std::shuffle(givens.begin(), givens.end(), random);
      for (int i = 0; i < 4 && i < static_cast<int>(givens.size()); ++i) fewer.cells[givens[i]] = 0;
      expect_agreement(fewer, "removed");
      if (empties.empty() || givens.empty()) continue;
      const int cell = empties[random() % empties.size()];
      Puzzle clash = original;
      clash.cells[cell] = original.cells[givens[0]];
      expect_agreement(clash, "extra");
      Puzzle wrong = original;
      const SolveResult solved = solve_generic(original, limit(1));
      ASSERT_FALSE(solved.solutions.empty());
      wrong.cells[cell] = static_cast<std::uint8_t>(solved.solutions[0][cell] % 9 + 1);
      expect_agreement(wrong, "wrong");
    }
  }
}

// A diagonal puzzle: a random full grid from the generic engine, then givens
// removed in random order while the puzzle stays unique.
Puzzle make_diagonal_puzzle(std::uint64_t seed) {
  const auto geometry = std::make_shared<const Geometry>(Geometry::diagonal(3, 3));
  SolveOptions random;
  random.random = true;
  random.seed = seed;
  random.count_limit = 1;
  const SolveResult full = solve_generic(Puzzle{geometry, Grid(81, 0), ""}, random);
  Puzzle puzzle{geometry, full.solutions.at(0), ""};
  std::vector<int> order(81);
  for (int cell = 0; cell < 81; ++cell) order[cell] = cell;
  std::mt19937_64 shuffle(seed);
  std::shuffle(order.begin(), order.end(), shuffle);
  for (int cell : order) {
    const std::uint8_t digit = puzzle.cells[cell];
    puzzle.cells[cell] = 0;
    if (detail::solve_fast9(puzzle, limit(2)).status != SolveStatus::unique) puzzle.cells[cell] = digit;
  }
  return puzzle;
}

// A search start built from the givens the plain way: a given is a candidate
// of its digit alone, an open cell of every digit no given peer holds; the
// excluded candidate struck.
detail::Fast9Start start_of(const Puzzle& puzzle, int excluded_cell, int excluded_digit) {
  detail::Fast9Start start;
  const auto set = [](auto& bands, int cell) { bands[cell / 27] |= 1u << (cell % 27); };
  for (int cell = 0; cell < 81; ++cell) {
    if (const int given = puzzle.cells[cell]) {
      set(start.candidates[given - 1], cell);
      continue;
    }
    set(start.open, cell);
    for (int digit = 1; digit <= 9; ++digit) {
      const auto peers = puzzle.geometry->peers_of(cell);
      const bool held = std::any_of(peers.begin(), peers.end(), [&](int peer) { return puzzle.cells[peer] == digit; });
      if (!held && !(cell == excluded_cell && digit == excluded_digit)) set(start.candidates[digit - 1], cell);
    }
  }
  return start;
}

// "Another solution without this digit here?" — how the generator asks
// whether a removed given was needed: after removing a given from a unique
// puzzle, a solution that avoids the given's digit exists exactly when the
// puzzle has two solutions (generic engine). On an empty cell of a unique
// puzzle, avoiding its digit finds none. Asked from the givens and from a
// search start set up by the caller.
TEST(Fast9Engine, ExcludedCandidateFindsAnotherSolution) {
  NONET_NEEDS_SHARED_DATA();
  std::vector<SampledSet> sets = shared_samples();
  sets.push_back({"diagonal", {make_diagonal_puzzle(1), make_diagonal_puzzle(2), make_diagonal_puzzle(3)}});
  int multiple = 0, unique = 0, decided_at_root = 0, open_at_root = 0;
  for (const auto& set : sets)
    for (std::size_t index = 0; index < set.puzzles.size(); index += set.name == "diagonal" ? 1 : 3) {
      const Puzzle& puzzle = set.puzzles[index];
      const SolveResult original = solve_generic(puzzle, limit(2));
      if (original.status != SolveStatus::unique) continue;
      const Grid& solution = original.solutions.at(0);
      for (int cell = 0; cell < 81; ++cell) {
        const std::pair<int, int> excluded[] = {{cell, solution[cell]}};
        if (puzzle.cells[cell] == 0) {
          EXPECT_EQ(detail::fast9_has_solution(*puzzle.geometry, puzzle.cells, excluded, 0), false) << set.name;
          continue;
        }
        Puzzle fewer = puzzle;
        fewer.cells[cell] = 0;
        const bool two = solve_generic(fewer, limit(2)).status == SolveStatus::multiple;
        ASSERT_EQ(detail::fast9_has_solution(*fewer.geometry, fewer.cells, excluded, 0), two) << set.name << " " << cell;
        // The same question from a start the caller set up (the generator's way).
        const bool diagonal = set.name == "diagonal";
        detail::Fast9Start start = start_of(fewer, cell, solution[cell]);
        ASSERT_EQ(detail::fast9_has_solution(start, diagonal, 0), two) << set.name << " " << cell;
        // And branching first on the removed cell, its digit settled first,
        // as the generator asks.
        start.first_cell = cell;
        start.first_digit = solution[cell] - 1;
        ASSERT_EQ(detail::fast9_has_solution(start, diagonal, 0), two) << set.name << " first " << cell;
        // Deciding at the root only: the search's answer where the first
        // propagation gives one, none otherwise.
        start.root_only = true;
        if (const std::optional<bool> at_root = detail::fast9_has_solution(start, diagonal, 0)) {
          ASSERT_EQ(*at_root, two) << set.name << " root only " << cell;
          ++decided_at_root;
        } else {
          ++open_at_root;
        }
        (two ? multiple : unique) += 1;
      }
    }
  EXPECT_GT(multiple, 100);
  EXPECT_GT(unique, 10);
  EXPECT_GT(decided_at_root, 10);
  EXPECT_GT(open_at_root, 10);
}

TEST(Fast9CrossCheck, DiagonalPuzzlesAndMutations) {
  std::mt19937_64 random(99);
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const Puzzle puzzle = make_diagonal_puzzle(seed);
    EXPECT_EQ(solve_generic(puzzle).status, SolveStatus::unique);
    expect_agreement(puzzle, "diagonal seed " + std::to_string(seed));
    for (int trial = 0; trial < 4; ++trial) {
      Puzzle mutated = puzzle;
      const int cell = static_cast<int>(random() % 81);
      mutated.cells[cell] = mutated.cells[cell] ? 0 : static_cast<std::uint8_t>(random() % 9 + 1);
      expect_agreement(mutated, "diagonal mutation");
    }
  }
  const Puzzle empty{std::make_shared<const Geometry>(Geometry::diagonal(3, 3)), Grid(81, 0), ""};
  expect_agreement(empty, "empty diagonal");
}

// A classic puzzle is also a diagonal one when its solution respects both
// diagonals; the engines must agree when it does not (no solution) too.
TEST(Fast9CrossCheck, ClassicPuzzlesReadAsDiagonal) {
  NONET_NEEDS_SHARED_DATA();
  const auto diagonal = std::make_shared<const Geometry>(Geometry::diagonal(3, 3));
  for (Puzzle puzzle : load_spread(testing::data_path("qqwing/simple.txt"), 10)) {
    puzzle.geometry = diagonal;
    expect_agreement(puzzle, "classic as diagonal");
  }
}

// The search depends on how the digits are named (the pattern search takes
// the lowest digit on a tie, and both try a cell's digits lowest first), so
// the same puzzles with their digits renamed take other paths through it;
// the answers must not change.
TEST(Fast9CrossCheck, DigitsRelabelled) {
  NONET_NEEDS_SHARED_DATA();
  std::mt19937_64 random(20261130);
  for (const auto& set : shared_samples()) {
    for (std::size_t index = 0; index < set.puzzles.size(); index += 3) {
      Puzzle renamed = set.puzzles[index];
      std::array<std::uint8_t, 10> names = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
      std::shuffle(names.begin() + 1, names.end(), random);
      for (auto& value : renamed.cells) value = names[value];
      expect_agreement(renamed, set.name + " #" + std::to_string(index) + " relabelled");
      const SolveResult original = detail::solve_fast9(set.puzzles[index], limit(2));
      const SolveResult relabelled = detail::solve_fast9(renamed, limit(2));
      ASSERT_EQ(relabelled.count, original.count);
      if (original.count == 1) {
        for (int cell = 0; cell < 81; ++cell)
          ASSERT_EQ(relabelled.solutions[0][cell], names[original.solutions[0][cell]]);
      }
    }
  }
}

}  // namespace
}  // namespace nonet
