// The generator's own logic, which decides levels without the rater: the
// basic-techniques solver (bounds SE ratings from above, skips searches,
// resumes a weaker solver's position), SE's direct techniques (as the rater
// stopped at 2.5) and the singles solvers, each against the generic code or
// the rater. The band engine of the basic logic: generate_band_basic_test.cpp.
#include <gtest/gtest.h>

#include <random>
#include <span>
#include <vector>

#include "generate/basic_logic.hpp"
#include "generate/direct_logic.hpp"
#include "generate/singles.hpp"
#include "generate_support.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using testing::classic;
using testing::nine_by_nine_variants_and;
using testing::shuffled_cells;

// The basic-techniques solver bounds SE ratings from above: whatever it
// solves under a ceiling, the rater (and Sudoku Explainer's published rating)
// keeps at or under it. On classic grids with the ceiling 3.9 it has every
// technique SE rates that low, so it solves exactly the puzzles rated ≤ 3.9.
TEST(GenerateBasicLogic, BoundsTheRatingFromAbove) {
  NONET_NEEDS_SHARED_DATA();
  const auto geometry = classic(9);
  int checked = 0, solved_at_39 = 0;
  // Each puzzle's comment is its published SE rating.
  for (const Puzzle& puzzle : testing::load_puzzles(testing::data_path("rated/cbg-000-se121.txt"), 25, {}, 400)) {
    const double published = std::stod(puzzle.comment);
    const std::string line = to_line(*geometry, puzzle.cells) + " " + puzzle.comment;
    ++checked;
    for (double ceiling : {2.8, 3.4, 3.9, 4.4, 5.9}) {
      if (!solves_with_basic_logic(*geometry, puzzle.cells, ceiling)) {
        if (ceiling == 3.9) {
          EXPECT_GT(published, 3.9) << line;
        }
        continue;
      }
      solved_at_39 += ceiling == 3.9;
      EXPECT_LE(published, ceiling + 1e-9) << line << " solved under " << ceiling;
      EXPECT_LE(rate(puzzle, Scale::se).er, ceiling + 1e-9) << line << " solved under " << ceiling;
    }
  }
  EXPECT_GT(checked, 300);
  EXPECT_GT(solved_at_39, 50);
}

// Singles and SE's direct techniques decide "SE rates it 2.5 or less" as the
// rater stopped at 2.5 does: on published puzzles of every rating, and along
// carvings (the positions around that edge) of four geometries.
TEST(GenerateDirectLogic, AnswersAsTheRaterStoppedAt25) {
  NONET_NEEDS_SHARED_DATA();
  const auto agree = [](const Puzzle& puzzle, int& easy, int& hard) {
    const bool direct = detail::DirectSolver(*puzzle.geometry).solves(puzzle.cells);
    ASSERT_EQ(direct, rate(puzzle, Scale::se, 2.5).solved) << to_line(*puzzle.geometry, puzzle.cells);
    (direct ? easy : hard) += 1;
  };
  int easy = 0, hard = 0;
  for (const Puzzle& puzzle : testing::load_puzzles(testing::data_path("rated/cbg-000-se121.txt"), 5))
    agree(puzzle, easy, hard);
  const auto jigsaw = std::make_shared<const Geometry>(Geometry::jigsaw(
      9, parse_region_map("111222233111222233114452333144455633444555666774556669777856699778888999778888999")));
  for (const auto& geometry : {classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
                               std::make_shared<const Geometry>(Geometry::windoku()), jigsaw})
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const Grid solution = random_full_grid(*geometry, seed);
      std::mt19937_64 rng(seed);
      Grid givens = solution;
      int removed = 0;
      for (int cell : shuffled_cells(solution.size(), rng)) {
        givens[cell] = 0;
        if (solve(Puzzle{geometry, givens, ""}).status != SolveStatus::unique) {
          givens[cell] = solution[cell];
          continue;
        }
        if (++removed >= 40 && removed % 3 == 0) agree(Puzzle{geometry, givens, ""}, easy, hard);
      }
    }
  EXPECT_GT(easy, 100);
  EXPECT_GT(hard, 100);
}

// The basic-logic solver skips searches whose houses, digits or
// intersections did not change since they last found nothing, and extend()
// and restore() carry that bookkeeping. Growing a minimal puzzle one given
// at a time with one reused solver (and stepping back with restore()) must
// give at every step the answer of a fresh solver that skips nothing.
// The bit-parallel closure on classic grids against the generic code: on
// every third published puzzle of cbg-000 and along carvings of random grids (the
// positions around SE 2.5, where the direct techniques decide).
TEST(GenerateDirectLogic, BitParallelAnswersAsTheGenericCode) {
  NONET_NEEDS_SHARED_DATA();
  const auto geometry = classic(9);
  detail::DirectSolver band(*geometry), generic(*geometry, false);
  int easy = 0, hard = 0;
  const auto agree = [&](const Grid& givens) {
    const bool answer = generic.solves(givens);
    ASSERT_EQ(band.solves(givens), answer) << to_line(*geometry, givens);
    (answer ? easy : hard) += 1;
  };
  for (const Puzzle& puzzle : testing::load_puzzles(testing::data_path("rated/cbg-000-se121.txt"), 3))
    agree(puzzle.cells);
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Grid solution = random_full_grid(*geometry, seed);
    std::mt19937_64 rng(seed);
    Grid givens = solution;
    for (int cell : shuffled_cells(solution.size(), rng)) {
      givens[cell] = 0;
      if (solve(Puzzle{geometry, givens, ""}).status != SolveStatus::unique) givens[cell] = solution[cell];
      else agree(givens);
    }
  }
  EXPECT_GT(easy, 1000);
  EXPECT_GT(hard, 1000);
}

TEST(GenerateBasicLogic, ReusedSolverAgreesWithAFreshOne) {
  const std::vector<std::shared_ptr<const Geometry>> geometries = {
      classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
      std::make_shared<const Geometry>(Geometry::windoku()), classic(6)};
  int solved_before_full = 0;
  for (const auto& geometry : geometries) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const Grid solution = random_full_grid(*geometry, seed);
      std::mt19937_64 rng(seed);
      std::vector<int> order = shuffled_cells(solution.size(), rng);
      Grid givens = solution;
      for (int cell : order) {  // carve to a minimal puzzle
        givens[cell] = 0;
        if (solve(Puzzle{geometry, givens, ""}).status != SolveStatus::unique) givens[cell] = solution[cell];
      }
      for (double ceiling : {2.8, 3.0, 3.9, 4.4, 5.9}) {
        detail::BasicSolver reused(*geometry, ceiling);
        Grid grown = givens;
        bool answer = reused.solves(grown);
        detail::BasicSolver::Position saved;
        std::shuffle(order.begin(), order.end(), rng);
        for (int cell : order) {
          if (grown[cell] != 0) continue;
          // A detour: another cell added and taken back again.
          reused.save(saved);
          const int detour = order[(&cell - order.data() + 7) % order.size()];
          reused.extend(std::span<const int>(&detour, 1), solution);
          reused.restore(saved);
          grown[cell] = solution[cell];
          answer = reused.extend(std::span<const int>(&cell, 1), solution);
          ASSERT_EQ(answer, detail::BasicSolver(*geometry, ceiling, false).solves(grown))
              << geometry->variant() << " seed " << seed << " ceiling " << ceiling;
          if (answer) {
            solved_before_full += std::count(grown.begin(), grown.end(), 0) > 0;
            break;
          }
        }
      }
    }
  }
  EXPECT_GT(solved_before_full, 20);
}

// A solver with more techniques that goes on from where a weaker one stopped
// (the carver's floor, then its ceiling or prover) answers as it does from
// the givens, on minimal puzzles of four geometries.
TEST(GenerateBasicLogic, StrongerSolverResumesFromAWeakerOnesPosition) {
  const std::vector<std::shared_ptr<const Geometry>> geometries = {
      classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
      std::make_shared<const Geometry>(Geometry::windoku()), classic(6)};
  int weaker_failed = 0, stronger_solved = 0;
  for (const auto& geometry : geometries)
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
      const Grid solution = random_full_grid(*geometry, seed);
      std::mt19937_64 rng(seed);
      Grid givens = solution;
      for (int cell : shuffled_cells(solution.size(), rng)) {  // carve to a minimal puzzle
        givens[cell] = 0;
        if (solve(Puzzle{geometry, givens, ""}).status != SolveStatus::unique) givens[cell] = solution[cell];
      }
      for (const auto& [weak, strong] : std::vector<std::pair<double, double>>{{2.5, 3.9}, {3.9, 4.0}, {3.9, 5.9}}) {
        detail::BasicSolver weaker(*geometry, weak), stronger(*geometry, strong);
        if (weaker.solves(givens)) continue;
        ++weaker_failed;
        detail::BasicSolver::Position stopped;
        weaker.save(stopped);
        const bool answer = stronger.resume(stopped);
        ASSERT_EQ(answer, detail::BasicSolver(*geometry, strong).solves(givens))
            << geometry->variant() << " seed " << seed << " " << weak << " -> " << strong;
        stronger_solved += answer;
      }
    }
  EXPECT_GT(weaker_failed, 50);
  EXPECT_GT(stronger_solved, 10);
}

// The same on published puzzles, each solved from its givens.
TEST(GenerateBasicLogic, SkippingSearchesChangesNoAnswer) {
  NONET_NEEDS_SHARED_DATA();
  const auto geometry = classic(9);
  std::vector<detail::BasicSolver> skipping, reference;
  const double ceilings[] = {2.8, 3.0, 3.4, 3.9, 4.4, 5.9};
  for (double ceiling : ceilings) {
    skipping.emplace_back(*geometry, ceiling);
    reference.emplace_back(*geometry, ceiling, false);
  }
  int checked = 0;
  for (const Puzzle& puzzle : testing::load_puzzles(testing::data_path("rated/cbg-000-se121.txt"), 4)) {
    for (std::size_t i = 0; i < skipping.size(); ++i)
      ASSERT_EQ(skipping[i].solves(puzzle.cells), reference[i].solves(puzzle.cells))
          << to_line(*geometry, puzzle.cells) << " under " << ceilings[i];
    ++checked;
  }
  EXPECT_GT(checked, 2000);
}

// One singles solver asked about many puzzles in turn (it keeps the house
// digits of the previous one and looks only at what changed) answers as a
// fresh one does, also across unrelated puzzles and givens that repeat a
// digit in a house.
TEST(GenerateSingles, ReusedSolverAnswersAsAFreshOne) {
  NONET_NEEDS_SHARED_DATA();
  const auto geometry = classic(9);
  std::vector<Grid> inputs;
  for (const Puzzle& puzzle : testing::load_puzzles(testing::data_path("qqwing/easy.txt"), 1, {}, 40)) {
    inputs.push_back(puzzle.cells);
    Grid fewer = puzzle.cells;
    for (std::size_t cell = 0; cell < fewer.size(); cell += 7) fewer[cell] = 0;
    inputs.push_back(fewer);
  }
  Grid repeated = inputs.front();
  repeated[0] = repeated[1] = 5;  // 5 twice in row 1
  inputs.insert(inputs.begin() + 3, repeated);
  for (SinglesKind kind : {SinglesKind::hidden_only, SinglesKind::hidden_and_naked}) {
    detail::SinglesSolver reused(*geometry, kind);
    for (const Grid& givens : inputs) {
      detail::SinglesSolver fresh(*geometry, kind);
      ASSERT_EQ(reused.solves(givens), fresh.solves(givens)) << to_line(*geometry, givens);
    }
  }
}

// The bit-parallel singles (grids of up to 128 cells) answer as the generic
// code does, on every variant, along carvings from full grid to few givens.
TEST(GenerateSingles, BitParallelAnswersAsTheGenericCode) {
  const auto geometries = nine_by_nine_variants_and(classic(6), classic(4));
  int solved = 0, unsolved = 0, immediate = 0;
  for (const auto& geometry : geometries)
    for (SinglesKind kind : {SinglesKind::hidden_only, SinglesKind::hidden_and_naked}) {
      // The band engine on standard 9×9 grids, the 128-bit one elsewhere;
      // the 128-bit one is asked directly too, as it also fits 9×9.
      detail::SinglesSolver fast(*geometry, kind), generic(*geometry, kind, false);
      detail::SmallSingles small(*geometry, kind);
      for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        const Grid solution = random_full_grid(*geometry, seed);
        std::mt19937_64 rng(seed);
        const std::vector<int> order = shuffled_cells(solution.size(), rng);
        Grid givens = solution;
        for (std::size_t i = 0; i < order.size() * 3 / 4; ++i) {
          givens[order[i]] = 0;
          const std::span<const int> removed(&order[i], 1), last_two(&order[i > 0 ? i - 1 : 0], i > 0 ? 2 : 1);
          const bool answer = generic.solves(givens);
          ASSERT_EQ(fast.solves(givens), answer) << to_line(*geometry, givens);
          ASSERT_EQ(small.solves(givens), answer) << to_line(*geometry, givens);
          for (const auto targets : {removed, last_two}) {
            const bool derived = generic.derives(givens, targets);
            ASSERT_EQ(fast.derives(givens, targets), derived) << to_line(*geometry, givens);
            ASSERT_EQ(small.derives(givens, targets), derived) << to_line(*geometry, givens);
            const bool at_once = generic.immediate(givens, targets);
            ASSERT_EQ(fast.immediate(givens, targets), at_once) << to_line(*geometry, givens);
            immediate += at_once;
          }
          (answer ? solved : unsolved) += 1;
        }
      }
    }
  EXPECT_GT(solved, 500);
  EXPECT_GT(unsolved, 500);
  EXPECT_GT(immediate, 500);
}

}  // namespace
}  // namespace nonet
