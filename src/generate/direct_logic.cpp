// Singles and SE's direct techniques; see direct_logic.hpp.
#include "direct_logic.hpp"

#include <bit>

#include "core/bits.hpp"
#include "singles.hpp"

namespace nonet::detail {

DirectSolver::DirectSolver(const Geometry& geometry, bool bit_parallel)
    : geometry_(geometry), size_(geometry.size()), cells_(geometry.cell_count()) {
  if (bit_parallel && BandDirectSolver::fits(geometry)) band_.emplace(geometry);
  const auto& houses = geometry.houses();
  position_.assign(houses.size() * cells_, -1);
  places_.assign(houses.size() * size_, 0);
  for (std::size_t h = 0; h < houses.size(); ++h) {
    for (std::size_t i = 0; i < houses[h].cells.size(); ++i)
      position_[h * cells_ + houses[h].cells[i]] = static_cast<std::int16_t>(i);
    const HouseKind kind = houses[h].kind;
    box_like_.push_back(kind == HouseKind::box || kind == HouseKind::region || kind == HouseKind::window);
  }
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
    for (int h : geometry_.houses_of(cell)) {
      const Mask bit = Mask{1} << position_[h * cells_ + cell];
      for (Mask digits = candidates_[cell]; digits; digits &= digits - 1)
        places_[h * size_ + std::countr_zero(digits)] |= bit;
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

bool DirectSolver::place_single_left(int a, int b, int digit) {
  const auto& houses = geometry_.houses();
  for (int c = 0; c < static_cast<int>(houses.size()); ++c) {
    if (c == a || houses[c].kind != houses[a].kind) continue;
    int total = 0, outside = 0, last = -1;
    bool crosses = false;
    for (int cell : houses[c].cells) {
      crosses |= in_house(b, cell);
      if (value_[cell] != 0 || !(candidates_[cell] & digit_bit(digit))) continue;
      ++total;
      if (!in_house(b, cell)) ++outside, last = cell;
    }
    if (crosses && total > 1 && outside == 1) {
      place(last, digit);
      return true;
    }
  }
  return false;
}

// A digit whose places in house a all lie in house b, b holding it
// elsewhere too: pointing when a is box-like, claiming when a is a line.
// Direct when another house of a's kind crossing b keeps the digit in one
// cell outside b.
bool DirectSolver::direct_intersection() {
  const auto& houses = geometry_.houses();
  for (int a = 0; a < static_cast<int>(houses.size()); ++a)
    for (int digit = 1; digit <= size_; ++digit) {
      const Mask where = places(a, digit);
      if (bits::at_most_one_bit(where)) continue;
      const auto& a_cells = houses[a].cells;
      for (int b : geometry_.houses_of(a_cells[std::countr_zero(where)])) {
        if (b == a) continue;
        bool inside = true;
        for (Mask x = where; x && inside; x &= x - 1) inside = in_house(b, a_cells[std::countr_zero(x)]);
        if (!inside) continue;
        bool elsewhere = false;
        for (int cell : houses[b].cells)
          elsewhere |= !in_house(a, cell) && value_[cell] == 0 && (candidates_[cell] & digit_bit(digit));
        if (elsewhere && place_single_left(a, b, digit)) return true;
      }
    }
  return false;
}

// `size` digits confined to `size` cells of a house (of more than `size`
// open cells), each with two places or more: direct when another digit then
// has one place left in the house, outside those cells.
bool DirectSolver::direct_hidden_subset(int size) {
  const auto& houses = geometry_.houses();
  std::vector<int> pool;
  std::vector<Mask> where(size_ + 1);
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    int open = 0;
    for (int cell : houses[h].cells) open += value_[cell] == 0;
    if (open <= size) continue;
    pool.clear();
    for (int digit = 1; digit <= size_; ++digit) {
      where[digit] = places(h, digit);
      const int n = bits::bit_count(where[digit]);
      if (n >= 2 && n <= size) pool.push_back(digit);
    }
    if (static_cast<int>(pool.size()) < size) continue;
    // The subset's cells, then a digit outside it left one place beside them.
    const auto leaves_single = [&](Mask positions, Mask digits) {
      if (bits::bit_count(positions) != size) return false;
      for (int digit = 1; digit <= size_; ++digit) {
        const Mask left = where[digit] & ~positions;
        if (!(digits & digit_bit(digit)) && !bits::at_most_one_bit(where[digit]) && bits::one_bit(left)) {
          place(houses[h].cells[std::countr_zero(left)], digit);
          return true;
        }
      }
      return false;
    };
    // Every pair, or every triple, of the pool.
    const int n = static_cast<int>(pool.size());
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const Mask positions = where[pool[i]] | where[pool[j]];
        const Mask digits = digit_bit(pool[i]) | digit_bit(pool[j]);
        if (size == 2 && leaves_single(positions, digits)) return true;
        for (int k = j + 1; size == 3 && k < n; ++k)
          if (leaves_single(positions | where[pool[k]], digits | digit_bit(pool[k]))) return true;
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
