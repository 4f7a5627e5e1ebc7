// The singles-only solver behind solves_with_singles(), exposed inside the
// generator so the carver can keep one (no allocation per test) and ask the
// cheaper question "do singles still find these cells?".
#pragma once

#include <bit>
#include <optional>
#include <span>
#include <vector>

#include "core/bits.hpp"
#include "nonet/generate.hpp"
#include "band_singles.hpp"
#include "small_singles.hpp"

namespace nonet::detail {

// One house's hidden singles, shared by the generator's solvers: every digit
// with exactly one open place among the house's cells goes to
// `place(cell, digit)` (which may change `candidates`; returning false stops
// the sweep). Returns the digits the open cells can hold and the digits
// placed in the house, so a caller can spot a digit with no place at all.
struct HouseDigits {
  Mask open = 0, placed = 0;
};
template <typename Place>
HouseDigits sweep_hidden_singles(const House& house, const Grid& value, const std::vector<Mask>& candidates,
                                 Place place) {
  HouseDigits digits;
  bits::CountToTwo<Mask> places;
  for (int cell : house.cells) {
    if (value[cell] != 0) digits.placed |= candidates[cell];
    else places.add(candidates[cell]);
  }
  digits.open = places.once;
  for (Mask single = places.exactly_once(); single; single &= single - 1) {
    const Mask bit = single & -single;
    for (int cell : house.cells)
      if (value[cell] == 0 && (candidates[cell] & bit)) {
        if (!place(cell, std::countr_zero(bit) + 1)) return digits;
        break;
      }
  }
  return digits;
}

class SinglesSolver {
 public:
  // `bit_parallel` false keeps to the generic code on grids BandSingles or
  // SmallSingles fit (the reference the tests hold them to).
  SinglesSolver(const Geometry& geometry, SinglesKind kind, bool bit_parallel = true);

  // Singles fill every cell.
  bool solves(const Grid& givens);
  // Singles place every target cell. When givens ∪ targets was singles-
  // solvable this is the same answer as solves(givens), usually found after a
  // sweep or two: singles only ever find more with more placed, so once the
  // targets are back everything that followed from them follows again.
  bool derives(const Grid& givens, std::span<const int> targets);
  // Every target is a single straight from the givens (the first thing
  // derives() asks): a few hundred operations, no propagation.
  bool immediate(const Grid& givens, std::span<const int> targets);
  // The bit-parallel 9×9 engine when it serves this geometry, else null.
  BandSingles* band() { return band_ ? &*band_ : nullptr; }

 private:
  Mask open_candidates(int cell) const;
  void start(const Grid& givens);
  void house_digits(const Grid& givens);
  void place(int cell, int digit);
  bool place_hidden_singles();
  bool place_naked_singles();
  bool place_single_at(int cell);
  bool placed_all(std::span<const int> cells) const;
  template <typename Done>
  bool propagate(Done done);

  const Geometry& geometry_;
  SinglesKind kind_;
  Mask all_;
  std::vector<Mask> candidates_;
  int size_;
  std::vector<Mask> house_used_;  // per house: the given digits (house_digits)
  std::vector<int> given_open_;   // per house: cells without a given
  std::vector<int> given_count_;  // per house and digit: givens of it
  Grid synced_;                   // the givens the three above describe
  std::vector<int> house_open_;   // open cells per house, as propagation goes
  std::vector<int> naked_queue_;  // cells that may have become naked singles
  Grid value_;
  int open_ = 0;
  // The same answers, faster, on grids they fit (standard 9×9 / ≤ 128 cells).
  std::optional<BandSingles> band_;
  std::optional<SmallSingles> small_;
};

}  // namespace nonet::detail
