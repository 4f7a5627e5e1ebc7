// Singles on 9×9 grids with the standard rows, columns and 3×3 boxes (classic,
// diagonal, windoku: any further houses are looked at one by one). Each
// digit's open cells are three 27-bit bands in one vector, so a sweep finds
// the hidden singles of all nine rows, columns and boxes of a digit at once
// by folding the band onto itself (a row, column or box meets the digit in
// exactly one cell when one fold says "once" and none "twice"), where the
// 128-bit SmallSingles looks at each house in turn. Same answers as
// SmallSingles and the generic SinglesSolver (the singles reach one fixed
// point in any order); the carver of the easy levels asks it thousands of
// times per grid.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "nonet/generate.hpp"
#include "nonet/model.hpp"
#include "core/bitboard9.hpp"

namespace nonet::detail {

class BandSingles {
 public:
  // Lanes 0..2: the bands (core/bitboard9.hpp); lane 3 stays empty.
  using Bands = bitboard9::Bands;

  BandSingles(const Geometry& geometry, SinglesKind kind);
  // The geometry is 9×9 and has the nine rows, columns and boxes among its
  // houses (anything else answers wrongly).
  bool fits() const { return fits_; }

  // Singles fill every cell / place every target cell.
  bool solves(const Grid& givens);
  bool derives(const Grid& givens, std::span<const int> targets);
  // Every target is a single straight from the givens.
  bool immediate(const Grid& givens, std::span<const int> targets);
  // For an exact search from the givens: per digit, the cells that may hold
  // it (its givens, and the open cells none of its givens sees), and the
  // open cells.
  void search_start(const Grid& givens, Bands (&candidates)[9], Bands& open);

  // Step by step, for solvers built on these singles (BandDirectSolver):
  // start from the givens, place digits, run the singles to their end (true
  // once every cell holds a digit), and read where the solve stands.
  void start(const Grid& givens);
  void place(int cell, int digit);
  bool fill() { return propagate(open_); }
  Bands places(int digit) const { return digits_[digit]; }  // the open cells that can hold it
  Bands open() const { return open_; }

 private:
  void sync(const Grid& givens);
  Bands seen(int digit);
  void open_digits();
  bool single_now(int cell);
  Bands assign(Bands cells, int digit);
  void take(int cell, int digit, Bands& placed);
  void close(Bands placed);
  bool place_naked_singles();
  bool place_hidden_singles();
  bool propagate(Bands wanted);

  bool naked_;
  bool fits_ = false;
  std::vector<Bands> bits_;        // per cell: its bit
  std::vector<Bands> peers_;       // per cell
  std::vector<Bands> extra_;       // houses besides rows, columns and boxes
  Grid synced_;                    // the givens given_ and seen_ describe
  Bands given_[9] = {};            // per digit: its givens
  Bands seen_[9] = {};             // per digit: the cells its givens see
  unsigned stale_ = 0;             // digits whose seen_ is out of date
  Bands digits_[9] = {};           // per digit: the open cells that can still hold it
  Bands open_ = {};                // cells without a digit
};

}  // namespace nonet::detail
