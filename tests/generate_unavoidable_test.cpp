// The unavoidable sets the carver counts on: each allows a second grid, the
// 4-cell ones are the deadly rectangles, the shortcuts find what the full
// check finds, and a rebuilt set holds what a fresh one finds.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "generate/unavoidable.hpp"
#include "generate_support.hpp"
#include "nonet/exact.hpp"
#include "nonet/generate.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using testing::classic;
using testing::nine_by_nine_variants_and;

// Every unavoidable set the carver counts on is one: with its cells emptied
// (every other cell given) the grid has a second solution, on every variant.
// And a removal that takes a set's last givens is flagged.
TEST(GenerateUnavoidableSets, EachSetAllowsASecondGrid) {
  const auto geometries = nine_by_nine_variants_and(classic(6), classic(16));
  for (const auto& geometry : geometries) {
    std::size_t found = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const Grid solution = random_full_grid(*geometry, seed);
      detail::UnavoidableSets sets(*geometry, solution);
      found += sets.size();
      for (std::size_t k = 0; k < sets.size(); ++k) {
        Grid givens = solution;
        for (int cell : sets.set(k)) givens[cell] = 0;
        const SolveResult result = solve(Puzzle{geometry, givens, ""});
        ASSERT_EQ(result.status, SolveStatus::multiple) << geometry->variant() << " seed " << seed << " set " << k;
        EXPECT_TRUE(sets.empties(sets.set(k)));
        const std::vector<int> all_but_one(sets.set(k).begin() + 1, sets.set(k).end());
        EXPECT_FALSE(sets.empties(all_but_one));
      }
    }
    EXPECT_GT(found, 0u) << geometry->variant();  // the common small ones do occur
  }
}

// Found the other way round: every deadly rectangle of a classic grid (two
// rows, two columns, two boxes, two digits that can trade places) is one of
// the 4-cell sets, and no 4-cell set is anything else.
TEST(GenerateUnavoidableSets, FourCellSetsAreTheDeadlyRectangles) {
  for (const auto& geometry : {classic(6), classic(9), classic(12)}) {
    const int n = geometry->size();
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const Grid grid = random_full_grid(*geometry, seed);
      std::set<std::vector<int>> rectangles, fours;
      for (int r1 = 0; r1 < n; ++r1)
        for (int r2 = r1 + 1; r2 < n; ++r2)
          for (int c1 = 0; c1 < n; ++c1)
            for (int c2 = c1 + 1; c2 < n; ++c2) {
              std::vector<int> cells = {r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2};
              std::set<int> boxes;
              for (int cell : cells)
                for (int house : geometry->houses_of(cell))
                  if (geometry->houses()[house].kind == HouseKind::box) boxes.insert(house);
              if (grid[cells[0]] == grid[cells[3]] && grid[cells[1]] == grid[cells[2]] && boxes.size() == 2)
                rectangles.insert(cells);
            }
      const detail::UnavoidableSets sets(*geometry, grid);
      for (std::size_t k = 0; k < sets.size(); ++k) {
        if (sets.set(k).size() != 4) continue;
        std::vector<int> cells(sets.set(k).begin(), sets.set(k).end());
        std::ranges::sort(cells);
        fours.insert(cells);
      }
      EXPECT_EQ(fours, rectangles) << n << "x" << n << " seed " << seed;
    }
  }
}

// The sets are found with shortcuts: lines of up to 16 cells walked as byte
// vectors, and on classic grids a swap judged by boxes alone. Without them
// (positions followed one by one, every swap checked house by house) the
// sets are the same, on every variant.
TEST(GenerateUnavoidableSets, ShortcutsFindWhatTheFullCheckFinds) {
  auto geometries = nine_by_nine_variants_and(classic(6), classic(16));
  geometries.push_back(classic(4));
  geometries.push_back(classic(12));
  for (const auto& geometry : geometries) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const Grid grid = random_full_grid(*geometry, seed);
      const detail::UnavoidableSets fast(*geometry, grid), checked(*geometry, grid, true);
      ASSERT_EQ(fast.size(), checked.size()) << geometry->variant() << " " << geometry->size() << " seed " << seed;
      for (std::size_t k = 0; k < fast.size(); ++k) EXPECT_TRUE(std::ranges::equal(fast.set(k), checked.set(k)));
    }
  }
}

// A carver rebuilds one UnavoidableSets for each new grid: rebuilt, it holds
// the sets a fresh one finds, in the same order, and counts from full givens.
TEST(GenerateUnavoidableSets, RebuiltSetsAreAFreshOnesSets) {
  for (const auto& geometry : nine_by_nine_variants_and(classic(6), classic(16))) {
    detail::UnavoidableSets reused(*geometry);
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const Grid solution = random_full_grid(*geometry, seed);
      const detail::UnavoidableSets fresh(*geometry, solution);
      reused.build(solution);
      ASSERT_EQ(reused.size(), fresh.size()) << geometry->variant() << " seed " << seed;
      for (std::size_t k = 0; k < fresh.size(); ++k) {
        EXPECT_TRUE(std::ranges::equal(reused.set(k), fresh.set(k))) << geometry->variant() << " set " << k;
        EXPECT_TRUE(reused.empties(fresh.set(k)));
        EXPECT_FALSE(reused.empties(fresh.set(k).subspan(1))) << geometry->variant() << " set " << k;
      }
      if (fresh.size() > 0) reused.remove(fresh.set(0));  // spoils the counts the next build must reset
    }
  }
}

}  // namespace
}  // namespace nonet
