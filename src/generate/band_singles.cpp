// Bit-parallel singles on standard 9×9 grids; see band_singles.hpp.
#include "band_singles.hpp"

#include "core/bitboard9.hpp"
#include "core/contract.hpp"
#include "grid_diff.hpp"

#include <algorithm>
#include <bit>

namespace nonet::detail {

using namespace bitboard9;

// Cells are bits of the bands as core/bitboard9.hpp lays them out.
BandSingles::BandSingles(const Geometry& geometry, SinglesKind kind)
    : naked_(kind == SinglesKind::hidden_and_naked), bits_(81), peers_(81, Bands{}), synced_(81, 0) {
  if (geometry.size() != 9 || geometry.cell_count() != 81) return;
  for (int cell = 0; cell < 81; ++cell) bits_[cell] = cell_bit(cell);
  int found = 0;
  for (const House& house : geometry.houses()) {
    Bands cells = {};
    for (int cell : house.cells) cells |= bits_[cell];
    for (int cell : house.cells) peers_[cell] |= cells;
    const bool standard = standard_house(house);
    found += standard;
    if (!standard) extra_.push_back(cells);
  }
  for (int cell = 0; cell < 81; ++cell) peers_[cell] &= ~bits_[cell];
  fits_ = found == 27;
}

// The carver asks about puzzles a few cells apart, so each digit's givens
// and the cells they rule out are kept from the call before: only the
// changed cells are looked at (eight equal cells skipped at a time), and a
// changed digit's peers are gathered again only when asked for (seen()).
void BandSingles::sync(const Grid& givens) {
  sync_givens(synced_, givens, [&](int cell, int before, int now) {
    if (before != 0) {
      given_[before - 1] &= ~bits_[cell];
      stale_ |= 1u << (before - 1);
    }
    if (now != 0) {
      given_[now - 1] |= bits_[cell];
      stale_ |= 1u << (now - 1);
    }
  });
  Bands given = {};
  for (const Bands& cells : given_) given |= cells;
  open_ = kAllCells & ~given;
}

// The cells the digit's givens see.
BandSingles::Bands BandSingles::seen(int digit) {
  if (stale_ >> digit & 1) {
    Bands cells = {};
    for (int band = 0; band < 3; ++band)
      for (std::uint32_t bits = given_[digit][band]; bits != 0; bits &= bits - 1)
        cells |= peers_[27 * band + std::countr_zero(bits)];
    seen_[digit] = cells;
    stale_ &= ~(1u << digit);
  }
  return seen_[digit];
}

void BandSingles::start(const Grid& givens) {
  sync(givens);
  open_digits();
}

void BandSingles::open_digits() {
  for (int digit = 0; digit < 9; ++digit) digits_[digit] = open_ & ~seen(digit);
}

// One digit on several cells at once: each still open to the digit takes
// it and clears it from its peers (in a sound position none is a peer of
// another; in a broken one the later cells are skipped, as a one-by-one
// solver would find them closed). Returns the cells that took it; close()
// then takes them from every digit.
BandSingles::Bands BandSingles::assign(Bands cells, int digit) {
  Bands placed = {};
  for (int band = 0; band < 3; ++band)
    for (std::uint32_t bits = cells[band]; bits != 0; bits &= bits - 1)
      take(27 * band + std::countr_zero(bits), digit, placed);
  return placed;
}

// The cell takes the digit if the digit's set still holds it; its peers lose
// the digit at once, every digit loses the cell in close().
void BandSingles::take(int cell, int digit, Bands& placed) {
  if (!(digits_[digit][cell / 27] >> (cell % 27) & 1)) return;
  placed |= bits_[cell];
  digits_[digit] &= ~peers_[cell];
}

void BandSingles::place(int cell, int digit) {
  Bands placed = {};
  take(cell, digit, placed);
  close(placed);
}

void BandSingles::close(Bands placed) {
  open_ &= ~placed;
  for (Bands& open_cells : digits_) open_cells &= ~placed;
}

bool BandSingles::place_hidden_singles() {
  bool progress = false;
  for (int digit = 0; digit < 9; ++digit) {
    const Bands places = digits_[digit];
    if (!any(places)) continue;
    Bands singles = hidden_in_lines_and_boxes(places);
    for (const Bands& house : extra_) {
      const Bands in_house = places & house;
      const std::uint32_t total = std::popcount(in_house[0]) + std::popcount(in_house[1]) + std::popcount(in_house[2]);
      if (total == 1) singles |= in_house;
    }
    if (!any(singles)) continue;
    close(assign(singles, digit));
    progress = true;
  }
  return progress;
}

// Cells in exactly one digit's set, counted across the sets.
bool BandSingles::place_naked_singles() {
  Count count;
  for (const Bands& cells : digits_) count.add(cells);
  const Bands singles = count.exactly_once() & open_;
  if (!any(singles)) return false;
  // Usually a cell or two: each takes the one digit whose set holds it (in
  // a broken position a peer placed just before may have taken it: then
  // none does, and the cell waits), and one close() serves them all.
  Bands placed = {};
  for (int band = 0; band < 3; ++band)
    for (std::uint32_t bits = singles[band]; bits != 0; bits &= bits - 1) {
      const std::uint32_t bit = bits & (~bits + 1);
      int digit = 0;
      while (digit < 9 && !(digits_[digit][band] & bit)) ++digit;
      if (digit < 9) take(27 * band + std::countr_zero(bits), digit, placed);
    }
  close(placed);
  return true;
}

// Naked singles first (when allowed): a pass costs far less than a sweep.
// True once every `wanted` cell holds a digit.
bool BandSingles::propagate(Bands wanted) {
  for (;;) {
    if (!any(wanted & open_)) return true;
    if (naked_ && place_naked_singles()) continue;
    if (!place_hidden_singles()) return false;
  }
}

bool BandSingles::solves(const Grid& givens) {
  start(givens);
  return propagate(open_);
}

// A single straight from the givens: one candidate left (naked), or a
// candidate with no other place in the cell's row, column, box or another
// of its houses (hidden). The candidates are the digits no given peer
// holds; only theirs seen() sets are needed, most of them kept from before.
bool BandSingles::single_now(int cell) {
  const Bands bit = bits_[cell];
  if (!any(open_ & bit)) return false;  // a given: no candidates
  unsigned candidates = 0;
  for (int digit = 0; digit < 9; ++digit) candidates |= static_cast<unsigned>(!any(given_[digit] & peers_[cell])) << digit;
  if (naked_ && candidates != 0 && (candidates & (candidates - 1)) == 0) return true;
  const int band = cell / 27, row = cell % 27 / 9, column = cell % 9;
  Bands row_cells = {}, box_cells = {};
  row_cells[band] = kRowCells << (9 * row);
  box_cells[band] = kBoxCells << (3 * (column / 3));
  const std::uint32_t column_bits = kRowStarts << column;
  const Bands column_cells = {column_bits, column_bits, column_bits, 0};
  for (; candidates != 0; candidates &= candidates - 1) {
    const Bands places = open_ & ~seen(std::countr_zero(candidates));
    if (same(places & row_cells, bit) || same(places & column_cells, bit) || same(places & box_cells, bit))
      return true;
    for (const Bands& house : extra_)
      if (any(house & bit) && same(places & house, bit)) return true;
  }
  return false;
}

void BandSingles::search_start(const Grid& givens, Bands (&candidates)[9], Bands& open) {
  NONET_EXPECTS(fits_ && givens.size() == 81);
  sync(givens);
  for (int digit = 0; digit < 9; ++digit) candidates[digit] = given_[digit] | (open_ & ~seen(digit));
  open = open_;
}

bool BandSingles::immediate(const Grid& givens, std::span<const int> targets) {
  sync(givens);
  return std::all_of(targets.begin(), targets.end(), [&](int cell) { return single_now(cell); });
}

// Most removals the carver tries come back as singles at once; the rest
// propagate from the same givens.
bool BandSingles::derives(const Grid& givens, std::span<const int> targets) {
  if (immediate(givens, targets)) return true;
  open_digits();
  Bands wanted = {};
  for (int cell : targets) wanted |= bits_[cell];
  return propagate(wanted);
}

}  // namespace nonet::detail
