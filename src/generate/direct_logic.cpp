// Singles and SE's direct techniques; see direct_logic.hpp.
#include "direct_logic.hpp"

#include <bit>

#include "core/bits.hpp"
#include "logic/intersections.hpp"
#include "logic/locked_sets.hpp"
#include "singles.hpp"

namespace nonet::detail {

DirectSolver::DirectSolver(const Geometry& geometry, bool bit_parallel)
    : geometry_(geometry), size_(geometry.size()), cells_(geometry.cell_count()), order_(geometry) {
  if (bit_parallel && BandDirectSolver::fits(geometry)) band_.emplace(geometry);
  places_.assign(geometry.houses().size() * size_, 0);
}

void DirectSolver::start(const Grid& givens) {
  candidates_.assign(cells_, all_digits(size_));
  value_.assign(cells_, 0);
  open_ = cells_;
  for (int cell = 0; cell < cells_; ++cell)
    if (givens[cell] != 0) place(cell, givens[cell]);
}

void DirectSolver::place(int cell, int digit) {
  if (value_[cell] != 0) return;
  value_[cell] = static_cast<std::uint8_t>(digit);
  candidates_[cell] = digit_bit(digit);
  --open_;
  for (int peer : geometry_.peers_of(cell)) candidates_[peer] &= ~digit_bit(digit);
}

// Every house's places for every digit, from one pass over the open cells.
void DirectSolver::map_places() {
  std::fill(places_.begin(), places_.end(), Mask{0});
  for (int cell = 0; cell < cells_; ++cell) {
    if (value_[cell] != 0) continue;
    const auto houses = geometry_.houses_of(cell);
    const auto positions = geometry_.positions_in_houses(cell);
    for (std::size_t k = 0; k < houses.size(); ++k) {
      const Mask bit = Mask{1} << positions[k];
      for (Mask digits = candidates_[cell]; digits; digits &= digits - 1)
        places_[houses[k] * size_ + std::countr_zero(digits)] |= bit;
    }
  }
}

bool DirectSolver::singles() {
  bool progress = false;
  for (int cell = 0; cell < cells_; ++cell)
    if (value_[cell] == 0 && bits::one_bit(candidates_[cell])) {
      place(cell, std::countr_zero(candidates_[cell]) + 1);
      progress = true;
    }
  for (const House& house : geometry_.houses())
    sweep_hidden_singles(house, value_, candidates_, [&](int cell, int digit) {
      place(cell, digit);
      progress = true;
      return true;
    });
  return progress;
}

// The rater's pointing and claiming, each placing the single its direct
// form leaves.
bool DirectSolver::direct_intersection() {
  const auto place_direct = [&](bool pointing) {
    return logic::find_intersections(*this, order_, pointing, all_digits(size_), [&](int a, int b, int digit, Mask) {
      const auto single = logic::single_left_after(*this, a, b, digit);
      if (single) place(single->cell, digit);
      return single.has_value();
    });
  };
  return place_direct(true) || place_direct(false);
}

// The rater's hidden subsets of `size` digits (each with two places or more)
// in a house of more than `size` open cells, placing the single their direct
// form leaves.
bool DirectSolver::direct_hidden_subset(int size) {
  const auto& houses = geometry_.houses();
  Mask where[kMaxSize];
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    int open = 0;
    for (int cell : houses[h].cells) open += value_[cell] == 0;
    if (open <= size) continue;
    for (int digit = 1; digit <= size_; ++digit) where[digit - 1] = places(h, digit);
    const auto single = logic::find_direct_hidden_subset<bits::bit_count>(std::span<const Mask>(where, size_), size, open);
    if (single) {
      place(houses[h].cells[single->place], single->digit_index + 1);
      return true;
    }
  }
  return false;
}

bool DirectSolver::solves(const Grid& givens) {
  if (band_) return band_->solves(givens);
  start(givens);
  for (;;) {
    while (singles()) {
    }
    if (open_ == 0) return true;
    map_places();  // the direct searches below stop at their first placement
    if (!direct_intersection() && !direct_hidden_subset(2) && !direct_hidden_subset(3)) return false;
  }
}

}  // namespace nonet::detail
