// Helpers shared by the generator's test files (generate_*_test.cpp): the
// geometries they generate on, and the checks every generated puzzle passes.
#pragma once

#include <algorithm>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

#include "generate/closure.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"
#include "test_support.hpp"

namespace nonet::testing {

inline std::shared_ptr<const Geometry> classic(int size) {
  const auto shape = Geometry::box_shape(size);
  return std::make_shared<const Geometry>(Geometry::classic(shape->first, shape->second));
}

inline int count_givens(const Grid& cells) {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](auto d) { return d != 0; }));
}

// The checks every generated puzzle must pass, whatever the options.
inline void expect_sound(const GeneratedPuzzle& made) {
  const Puzzle& puzzle = made.puzzle;
  const SolveResult result = solve(puzzle, SolveOptions{2, 1, false, 0});
  ASSERT_EQ(result.status, SolveStatus::unique) << to_line(*puzzle.geometry, puzzle.cells);
  EXPECT_EQ(result.solutions.front(), made.solution);
  EXPECT_TRUE(is_solution_of(puzzle, made.solution));
  EXPECT_EQ(made.givens, count_givens(puzzle.cells));
}

// A jigsaw layout with a known solution grid, from the shared data when it is
// there (tests only; the CLI never reads it), else none. A test that uses it
// ends with NONET_PART_NEEDS_SHARED_DATA, so that without the data it says so.
inline std::optional<std::vector<int>> jigsaw_layout() {
  if (!shared_data_present()) return std::nullopt;
  return load_jigsaw_layouts(1).at(0);
}

// The cells 0 .. count-1 in a random order: the order a test carves in.
inline std::vector<int> shuffled_cells(std::size_t count, std::mt19937_64& rng) {
  std::vector<int> order(count);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

// Classic, diagonal, windoku and a jigsaw 9×9, then two more geometries.
inline std::vector<std::shared_ptr<const Geometry>> nine_by_nine_variants_and(std::shared_ptr<const Geometry> first,
                                                                              std::shared_ptr<const Geometry> second) {
  const auto jigsaw = std::make_shared<const Geometry>(Geometry::jigsaw(
      9, parse_region_map("111222233111222233114452333144455633444555666774556669777856699778888999778888999")));
  return {classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
          std::make_shared<const Geometry>(Geometry::windoku()), jigsaw, std::move(first), std::move(second)};
}

// A generator closure on board B, with its own board (both on the heap: a
// closure keeps a reference to its board, and a wide board's is large).
template <typename Board>
class OnBoard {
 public:
  OnBoard(const Geometry& geometry, const detail::Techniques& techniques, bool skip_unchanged = true)
      : board_(std::make_unique<Board>(geometry)),
        closure_(std::make_unique<detail::Closure<Board>>(*board_, techniques, skip_unchanged)) {}
  detail::Closure<Board>* operator->() const { return closure_.get(); }
  detail::Closure<Board>& operator*() const { return *closure_; }

 private:
  std::unique_ptr<Board> board_;
  std::unique_ptr<detail::Closure<Board>> closure_;
};

// The boards beside the band one: the 128-bit board (every 9×9 variant,
// 6×6, 4×4) and the widest, which fits every geometry.
using SmallBoard = detail::Board<detail::Words<2>>;
using WidestBoard = detail::Board<detail::Words<64>>;

// The basic techniques SE rates at most `ceiling`.
inline detail::Techniques basic_up_to(double ceiling) {
  return detail::Techniques::basic(logic::tenths_at_most(ceiling));
}

}  // namespace nonet::testing
