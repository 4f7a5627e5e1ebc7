// Singles on grids of at most 128 cells (9×9 of every variant, 6×6, 4×4),
// bit-parallel: one 128-bit set of cells per digit, so placing a digit is a
// few AND-NOTs, a naked single is a cell in exactly one digit's set, and a
// hidden single a house meeting a digit's set in exactly one cell. Answers
// what SinglesSolver answers (the singles reach one fixed point in any
// order), several times faster; the carver asks it thousands of times.
#pragma once

#include <span>
#include <vector>

#include "nonet/generate.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

class SmallSingles {
 public:
  using Cells = unsigned __int128;
  static bool fits(const Geometry& geometry) { return geometry.cell_count() <= 128; }

  SmallSingles(const Geometry& geometry, SinglesKind kind);

  // Singles fill every cell / place every target cell.
  bool solves(const Grid& givens);
  bool derives(const Grid& givens, std::span<const int> targets);

 private:
  void start(const Grid& givens);
  void place(int cell, int digit);
  bool place_naked_singles();
  bool place_hidden_singles();
  bool propagate(Cells wanted);

  int size_;
  bool naked_;
  Cells all_cells_ = 0;
  std::vector<Cells> houses_;  // the cells of each house
  std::vector<Cells> peers_;   // the peers of each cell
  std::vector<Cells> digits_;  // per digit: the open cells that can still hold it
  Cells open_ = 0;             // cells without a digit
};

}  // namespace nonet::detail
