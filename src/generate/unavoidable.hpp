// Unavoidable sets of a full grid: groups of cells whose digits can be
// rearranged into another valid grid, so a puzzle with this grid as its only
// solution keeps at least one given in each. The carver counts the givens
// left in each set; a removal that would empty one is refused at once, with
// no search (removing givens never restores uniqueness).
//
// Found from pairs of parallel lines (two rows, or two columns): each digit
// of one line sits somewhere in the other, and following digit to position
// gives cycles of positions; swapping the two lines' digits on one cycle
// keeps both lines and every crossing line valid. Where the other houses
// (boxes, diagonals, windows, jigsaw regions) keep their digits too, the
// cycle's cells form an unavoidable set. This finds the common small ones —
// the four cells of a deadly rectangle, the six of a three-cycle — on every
// variant; the search settles whatever they miss.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <utility>
#include <vector>

#include "nonet/model.hpp"

namespace nonet::detail {

class UnavoidableSets {
 public:
  // Ready for build(): the lines and houses of the geometry, looked up once
  // (a carver keeps one and rebuilds it for each new grid).
  // `generic`: no shortcuts (neither the box rule for classic grids nor the
  // byte-vector walk): the tests' reference.
  explicit UnavoidableSets(const Geometry& geometry, bool generic = false);
  UnavoidableSets(const Geometry& geometry, const Grid& solution, bool generic = false)
      : UnavoidableSets(geometry, generic) {
    build(solution);
  }

  // The sets of this grid, every cell a given.
  void build(const Grid& solution);
  std::size_t size() const { return start_.size() - 1; }
  std::span<const int> set(std::size_t k) const { return {cells_.data() + start_[k], cells_.data() + start_[k + 1]}; }
  // Every cell a given again.
  void fill();
  // True when removing `cells` (givens now) would leave some set without a given.
  bool empties(std::span<const int> cells) const;
  // `cells` are no longer givens.
  void remove(std::span<const int> cells);

 private:
  void add_line_pairs(const Grid& solution, const std::vector<int>& lines, bool two_cycles);
  // The positions where a cycle of 2 and of 3 positions starts, as bits.
  struct ShortCycles {
    std::uint64_t two = 0, three = 0;
  };
  static ShortCycles short_cycles(const int* digits, const int* position, int size);
  using LineBytes = std::array<std::uint8_t, 16>;
  static ShortCycles short_cycles(const LineBytes& digits, const LineBytes& positions, int size);
  void add_cycle(const Grid& solution, const std::vector<int>& lines, std::size_t a, std::size_t b,
                 std::initializer_list<int> positions);
  bool swap_keeps_houses(const Grid& solution, std::span<const int> cells, std::span<const int> partner);
  void index_cells();
  std::span<const int> sets_of(int cell) const {
    return {cell_sets_.data() + cell_start_[cell], cell_sets_.data() + cell_start_[cell + 1]};
  }

  const Geometry& geometry_;
  int size_;
  bool boxes_only_;  // classic: rows, columns and boxes, nothing else
  bool bytes_;       // lines of up to 16 cells walked as byte vectors (not `generic`)
  // The rows, then the columns, each as size_ cells in order.
  std::vector<int> rows_, columns_;
  // Per cell, its houses other than its row and column (boxes, diagonals,
  // windows, regions): other_houses_[other_start_[c] .. other_start_[c + 1]).
  std::vector<int> other_houses_, other_start_;
  std::vector<int> others_id_;  // per cell: equal for cells with the same other houses
  // Set k is cells_[start_[k] .. start_[k + 1]).
  std::vector<int> cells_, start_{0};
  std::vector<int> givens_;  // per set: givens left in it
  // The sets each cell lies in: cell_sets_[cell_start_[c] .. cell_start_[c + 1]);
  // next_ is index_cells()'s scratch.
  std::vector<int> cell_sets_, cell_start_, next_;
  // Scratch for add_line_pairs: per line, the digit at each position and the
  // position of each digit.
  std::vector<int> digit_at_, position_of_;
  // Per line, for lines of at most 16 cells: its digits (0-based) by
  // position, then its positions by digit.
  std::vector<LineBytes> line_bytes_;
  // Scratch for swap_keeps_houses: (house, digit bits entering less leaving).
  std::vector<std::pair<int, Mask>> moves_;
};

}  // namespace nonet::detail
