// Bit-parallel singles for small grids; see small_singles.hpp.
#include "small_singles.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "core/bits.hpp"

namespace nonet::detail {

namespace {

using Cells = SmallSingles::Cells;

Cells cell_bit(int cell) { return Cells{1} << cell; }
bool one_cell(Cells cells) { return cells != 0 && (cells & (cells - 1)) == 0; }
int first_cell(Cells cells) {
  const auto low = static_cast<std::uint64_t>(cells);
  return low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(cells >> 64));
}

}  // namespace

// A cell's peers are the cells of its houses: a few hundred ORs, not one per
// peer (the carver builds these for every puzzle).
SmallSingles::SmallSingles(const Geometry& geometry, SinglesKind kind)
    : size_(geometry.size()),
      naked_(kind == SinglesKind::hidden_and_naked),
      peers_(geometry.cell_count(), 0),
      digits_(geometry.size()) {
  houses_.reserve(geometry.houses().size());
  for (const House& house : geometry.houses()) {
    Cells cells = 0;
    for (int cell : house.cells) cells |= cell_bit(cell);
    houses_.push_back(cells);
    for (int cell : house.cells) peers_[cell] |= cells;
  }
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    all_cells_ |= cell_bit(cell);
    peers_[cell] &= ~cell_bit(cell);
  }
}

// Each digit's cells: the open cells that see no given of it.
void SmallSingles::start(const Grid& givens) {
  std::vector<Cells>& seen = digits_;  // first the cells that see the digit given
  std::fill(seen.begin(), seen.end(), Cells{0});
  Cells given = 0;
  for (int cell = 0; cell < static_cast<int>(givens.size()); ++cell)
    if (givens[cell] != 0) {
      given |= cell_bit(cell);
      seen[givens[cell] - 1] |= peers_[cell];
    }
  open_ = all_cells_ & ~given;
  for (Cells& cells : digits_) cells = open_ & ~cells;
}

void SmallSingles::place(int cell, int digit) {
  const Cells bit = cell_bit(cell);
  open_ &= ~bit;
  for (Cells& cells : digits_) cells &= ~bit;
  digits_[digit] &= ~peers_[cell];
}

// Cells in exactly one digit's set, counted across the sets bit-sliced.
bool SmallSingles::place_naked_singles() {
  bits::CountToTwo<Cells> digits;
  for (Cells cells : digits_) digits.add(cells);
  Cells singles = digits.exactly_once();
  if (singles == 0) return false;
  for (int digit = 0; digit < size_ && singles != 0; ++digit)
    for (Cells mine = digits_[digit] & singles; mine != 0; mine &= mine - 1) {
      const int cell = first_cell(mine);
      if (!(open_ & cell_bit(cell))) continue;
      singles &= ~cell_bit(cell);
      place(cell, digit);
    }
  return true;
}

bool SmallSingles::place_hidden_singles() {
  bool progress = false;
  for (const Cells house : houses_) {
    if (!(house & open_)) continue;
    for (int digit = 0; digit < size_; ++digit) {
      const Cells places = digits_[digit] & house;
      if (one_cell(places)) {
        place(first_cell(places), digit);
        progress = true;
      }
    }
  }
  return progress;
}

// Naked singles first (when allowed): a pass costs a tenth of a sweep of the
// houses. True once every `wanted` cell holds a digit.
bool SmallSingles::propagate(Cells wanted) {
  for (;;) {
    if (!(wanted & open_)) return true;
    if (naked_ && place_naked_singles()) continue;
    if (!place_hidden_singles()) return false;
  }
}

bool SmallSingles::solves(const Grid& givens) {
  start(givens);
  return propagate(all_cells_);
}

bool SmallSingles::derives(const Grid& givens, std::span<const int> targets) {
  start(givens);
  Cells wanted = 0;
  for (int cell : targets) wanted |= cell_bit(cell);
  return propagate(wanted);
}

}  // namespace nonet::detail
