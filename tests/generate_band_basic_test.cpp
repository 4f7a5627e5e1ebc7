// The generator's basic closures on the band board (classic 9×9: its folds)
// against the same closures on the 128-bit board (house by house): the same
// answers from solves(), derives(), extend() chains with save/restore,
// resume() from a weaker closure's position, and the same fixed point (cell
// by cell) where both stop, at every ceiling that switches a technique on;
// on published puzzles, on carvings of random grids, and on broken positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <numeric>
#include <random>

#include "generate_support.hpp"
#include "nonet/exact.hpp"
#include "nonet/generate.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using detail::BandBoard;
using testing::basic_up_to;
using testing::OnBoard;
using testing::SmallBoard;
using BandPosition = detail::Closure<BandBoard>::Position;
using SmallPosition = detail::Closure<SmallBoard>::Position;

// Singles only, then each step where the closure switches on more.
constexpr double kCeilings[] = {1.5, 2.5, 2.8, 3.2, 3.9, 4.0, 4.4, 5.9};

const Geometry& classic9() {
  static const Geometry geometry = Geometry::classic(3, 3);
  return geometry;
}

// Closures on both boards at one ceiling.
struct Pair {
  explicit Pair(double ceiling)
      : ceiling(ceiling), band(classic9(), basic_up_to(ceiling)), generic(classic9(), basic_up_to(ceiling)) {}
  double ceiling;
  OnBoard<BandBoard> band;
  OnBoard<SmallBoard> generic;
};

// Both stand on the same cells placed, with the same digits: the techniques'
// fixed point (or the givens plus what was derived, when both stopped there).
template <typename Band, typename Generic>
::testing::AssertionResult same_placements(const Band& band, const Generic& generic) {
  for (int cell = 0; cell < 81; ++cell) {
    const std::span<const int> one(&cell, 1);
    if (band->placed(one) != generic->placed(one))
      return ::testing::AssertionFailure() << "cell " << cell << " placed by " << (band->placed(one) ? "band" : "generic")
                                           << " only";
  }
  Grid band_values, generic_values;
  band->values(band_values);
  generic->values(generic_values);
  if (band_values != generic_values) return ::testing::AssertionFailure() << "different digits placed";
  return ::testing::AssertionSuccess();
}

// The givens of every `every`-th puzzle of a file of the shared data.
std::vector<Grid> published_puzzles(const std::string& relative, std::size_t every) {
  std::vector<Grid> puzzles;
  for (Puzzle& puzzle : testing::load_puzzles(testing::data_path(relative), every))
    puzzles.push_back(std::move(puzzle.cells));
  return puzzles;
}

// A random grid of the seed, and a minimal puzzle carved from it in an
// order `rng` draws.
struct Carving {
  Grid solution, givens;
};
Carving minimal_carving(std::uint64_t seed, std::mt19937_64& rng) {
  Carving carving{random_full_grid(classic9(), seed), {}};
  std::vector<int> order(81);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  carving.givens = carving.solution;
  const auto geometry = std::make_shared<const Geometry>(classic9());
  for (int cell : order) {
    carving.givens[cell] = 0;
    if (solve(Puzzle{geometry, carving.givens, ""}).status != SolveStatus::unique)
      carving.givens[cell] = carving.solution[cell];
  }
  return carving;
}

// Each minimal carving of the seeds first..last, with the generator that
// carved it (to draw more from).
template <typename Visit>
void for_each_carving(std::uint64_t first, std::uint64_t last, Visit visit) {
  for (std::uint64_t seed = first; seed <= last; ++seed) {
    std::mt19937_64 rng(seed);
    const Carving carving = minimal_carving(seed, rng);
    visit(carving, rng);
  }
}

std::vector<int> empty_cells(const Grid& givens) {
  std::vector<int> cells;
  for (int cell = 0; cell < 81; ++cell)
    if (givens[cell] == 0) cells.push_back(cell);
  return cells;
}

// Published puzzles of every rating: solves() and its fixed point, and
// derives() of one and two empty cells.
TEST(GenerateBandBasicLogic, PublishedPuzzlesAsTheGenericCode) {
  NONET_NEEDS_SHARED_DATA();
  std::vector<Grid> puzzles = published_puzzles("rated/cbg-000-se121.txt", 16);
  const std::vector<Grid> diabolical =
      published_puzzles("rated/sudoku-exchange-diabolical-se.txt", 100);
  puzzles.insert(puzzles.end(), diabolical.begin(), diabolical.end());
  ASSERT_GT(puzzles.size(), 700u);
  std::mt19937_64 rng(5);
  int solved = 0, stuck = 0, derived = 0;
  for (double ceiling : kCeilings) {
    Pair pair(ceiling);
    for (const Grid& givens : puzzles) {
      const bool answer = pair.band->solves(givens);
      ASSERT_EQ(answer, pair.generic->solves(givens)) << to_line(classic9(), givens) << " under " << ceiling;
      ASSERT_TRUE(same_placements(pair.band, pair.generic)) << to_line(classic9(), givens) << " under " << ceiling;
      (answer ? solved : stuck) += 1;
      std::vector<int> targets = empty_cells(givens);
      std::shuffle(targets.begin(), targets.end(), rng);
      for (std::size_t count = 1; count <= 2; ++count) {
        const std::span<const int> wanted(targets.data(), count);
        const bool derives = pair.band->derives(givens, wanted);
        ASSERT_EQ(derives, pair.generic->derives(givens, wanted)) << to_line(classic9(), givens) << " under " << ceiling;
        derived += derives;
      }
    }
  }
  EXPECT_GT(solved, 1000);
  EXPECT_GT(stuck, 1000);
  EXPECT_GT(derived, 1000);
}

// Carvings of random grids grown back a cell at a time by extend(), with a
// detour saved and restored before each; each answer as a fresh generic
// solve, and each position as the 128-bit board's along the same chain.
TEST(GenerateBandBasicLogic, ExtendChainsAsTheGenericCode) {
  int solved_before_full = 0;
  for_each_carving(1, 16, [&](const Carving& carving, std::mt19937_64& rng) {
    const auto& [solution, givens] = carving;
    for (double ceiling : kCeilings) {
      Pair pair(ceiling);
      Grid grown = givens;
      ASSERT_EQ(pair.band->solves(grown), pair.generic->solves(grown));
      BandPosition band_saved;
      SmallPosition generic_saved;
      std::vector<int> order = empty_cells(givens);
      std::shuffle(order.begin(), order.end(), rng);
      for (std::size_t i = 0; i < order.size(); ++i) {
        const int cell = order[i], detour = order[(i + 7) % order.size()];
        pair.band->save(band_saved);
        pair.generic->save(generic_saved);
        ASSERT_EQ(pair.band->extend(std::span<const int>(&detour, 1), solution),
                  pair.generic->extend(std::span<const int>(&detour, 1), solution));
        pair.band->restore(band_saved);
        pair.generic->restore(generic_saved);
        grown[cell] = solution[cell];
        const bool answer = pair.band->extend(std::span<const int>(&cell, 1), solution);
        ASSERT_EQ(answer, pair.generic->extend(std::span<const int>(&cell, 1), solution))
            << to_line(classic9(), grown) << " ceiling " << ceiling;
        ASSERT_EQ(answer, OnBoard<SmallBoard>(classic9(), basic_up_to(ceiling))->solves(grown))
            << to_line(classic9(), grown) << " ceiling " << ceiling;
        ASSERT_TRUE(same_placements(pair.band, pair.generic)) << to_line(classic9(), grown) << " ceiling " << ceiling;
        if (answer) {
          solved_before_full += std::count(grown.begin(), grown.end(), 0) > 0;
          break;
        }
      }
    }
  });
  EXPECT_GT(solved_before_full, 20);
}

// derives() of the cells the carver removes: one or two givens at a time
// taken from a minimal puzzle's solution grid on the way to it.
TEST(GenerateBandBasicLogic, DerivesAlongCarvingsAsTheGenericCode) {
  int derived = 0, not_derived = 0;
  for_each_carving(11, 22, [&](const Carving& carving, std::mt19937_64& rng) {
    const auto& [solution, minimal] = carving;
    for (double ceiling : kCeilings) {
      Pair pair(ceiling);
      Grid givens = solution;
      std::vector<int> order(81);
      std::iota(order.begin(), order.end(), 0);
      std::shuffle(order.begin(), order.end(), rng);
      for (std::size_t i = 0; i + 1 < order.size(); i += 2) {
        const int removed[] = {order[i], order[i + 1]};
        const std::size_t count = 1 + (i / 2) % 2;
        for (std::size_t k = 0; k < count; ++k) givens[removed[k]] = 0;
        const std::span<const int> targets(removed, count);
        const bool answer = pair.band->derives(givens, targets);
        ASSERT_EQ(answer, pair.generic->derives(givens, targets)) << to_line(classic9(), givens) << " ceiling " << ceiling;
        (answer ? derived : not_derived) += 1;
        // Keep what the techniques allow, and what the minimal puzzle keeps.
        for (std::size_t k = 0; k < count; ++k)
          if (!answer || minimal[removed[k]] != 0) givens[removed[k]] = solution[removed[k]];
      }
    }
  });
  EXPECT_GT(derived, 500);
  EXPECT_GT(not_derived, 50);
}

// A stronger band closure going on from a weaker one's position answers as
// the stronger one on the 128-bit board does from the givens, and stops
// where it stops: on published puzzles and on carvings of random grids.
TEST(GenerateBandBasicLogic, ResumesFromAWeakerPositionAsTheGenericCode) {
  NONET_NEEDS_SHARED_DATA();
  const std::pair<double, double> steps[] = {{1.5, 2.5}, {1.5, 5.9}, {2.5, 3.9}, {2.8, 4.4},
                                             {3.2, 4.0}, {3.9, 4.0}, {4.0, 5.9}, {4.4, 5.9}};
  std::vector<Grid> puzzles = published_puzzles("rated/cbg-000-se121.txt", 40);
  for_each_carving(21, 40, [&](const Carving& carving, std::mt19937_64&) { puzzles.push_back(carving.givens); });
  int weaker_failed = 0, stronger_solved = 0;
  for (const Grid& givens : puzzles) {
    for (const auto& [weak, strong] : steps) {
      OnBoard<BandBoard> weaker(classic9(), basic_up_to(weak)), stronger(classic9(), basic_up_to(strong));
      OnBoard<SmallBoard> reference(classic9(), basic_up_to(strong));
      if (weaker->solves(givens)) continue;
      ++weaker_failed;
      BandPosition stopped;
      weaker->save(stopped);
      const bool answer = stronger->resume(stopped);
      ASSERT_EQ(answer, reference->solves(givens)) << to_line(classic9(), givens) << " " << weak << " -> " << strong;
      ASSERT_TRUE(same_placements(stronger, reference)) << to_line(classic9(), givens) << " " << weak << " -> "
                                                        << strong;
      stronger_solved += answer;
    }
  }
  EXPECT_GT(weaker_failed, 60);
  EXPECT_GT(stronger_solved, 20);
}

// Going on from where the singles closure stopped (the generator's floor
// after its singles test) answers as a solve from the givens, with the same
// fixed point as on the 128-bit board, at every ceiling, on minimal carvings
// that singles alone do not solve.
TEST(GenerateBandBasicLogic, GoesOnFromSinglesAsTheGenericCode) {
  OnBoard<BandBoard> singles(classic9(), detail::Techniques::singles(SinglesKind::hidden_and_naked));
  int singles_failed = 0, solved = 0;
  for_each_carving(41, 60, [&](const Carving& carving, std::mt19937_64&) {
    if (singles->solves(carving.givens)) return;
    ++singles_failed;
    for (double ceiling : kCeilings) {
      ASSERT_FALSE(singles->solves(carving.givens));  // where the hand-off starts
      OnBoard<BandBoard> after(classic9(), basic_up_to(ceiling));
      OnBoard<SmallBoard> reference(classic9(), basic_up_to(ceiling));
      const bool answer = after->resume(*singles);
      ASSERT_EQ(answer, reference->solves(carving.givens)) << to_line(classic9(), carving.givens) << " " << ceiling;
      ASSERT_TRUE(same_placements(after, reference)) << to_line(classic9(), carving.givens) << " " << ceiling;
      solved += answer;
    }
  });
  EXPECT_GT(singles_failed, 5);
  EXPECT_GT(solved, 10);
}

// A wrong given (in an empty cell, or in place of a given) leaves no
// solution: no closure solves it, at any ceiling.
TEST(GenerateBandBasicLogic, BrokenPositionsAreNotSolved) {
  int checked = 0;
  for_each_carving(41, 52, [&](const Carving& carving, std::mt19937_64& rng) {
    const auto& [solution, minimal] = carving;
    for (int variant = 0; variant < 6; ++variant) {
      Grid wrong = variant < 3 ? solution : minimal;  // a nearly full grid, or a hard puzzle
      const int cell = static_cast<int>(rng() % 81);
      if (variant % 3 == 1)
        for (int k = 0; k < 40; ++k) wrong[rng() % 81] = 0;
      wrong[cell] = static_cast<std::uint8_t>(solution[cell] % 9 + 1);
      for (double ceiling : kCeilings) {
        Pair pair(ceiling);
        EXPECT_FALSE(pair.band->solves(wrong)) << to_line(classic9(), wrong) << " under " << ceiling;
        EXPECT_FALSE(pair.generic->solves(wrong)) << to_line(classic9(), wrong) << " under " << ceiling;
        ++checked;
      }
    }
  });
  EXPECT_GT(checked, 500);
}

}  // namespace
}  // namespace nonet
