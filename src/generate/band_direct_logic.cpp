// SE's direct techniques, bit-parallel on classic 9×9 grids; see
// band_direct_logic.hpp and direct_logic.hpp.
#include "band_direct_logic.hpp"

#include <algorithm>
#include <bit>

#include "core/bits.hpp"
#include "logic/locked_sets.hpp"

namespace nonet::detail {

using namespace bitboard9;

namespace {

int cells_in(Bands cells) {
  const auto halves = reinterpret_cast<Halves>(cells);
  return bits::bit_count(halves[0]) + bits::bit_count(halves[1]);
}

int first_cell(Bands cells) {
  for (int band = 0; band < 3; ++band)
    if (cells[band] != 0) return 27 * band + std::countr_zero(cells[band]);
  return -1;
}

// The one of three bits set in a 9-bit mask read as three groups of three
// (a box's rows, a line's boxes): 0, 1 or 2, or -1 when several groups are.
int only_group(Mask nine) {
  const int groups = (nine & 7 ? 1 : 0) | (nine & 0x38 ? 2 : 0) | (nine & 0x1c0 ? 4 : 0);
  return bits::one_bit(static_cast<Mask>(groups)) ? std::countr_zero(static_cast<unsigned>(groups)) : -1;
}

// The three houses of a's kind that cross house b: for a box and a line b,
// the boxes along b; for a row or column and a box b, the rows or columns
// through b.
void crossing(int a, int b, int (&houses)[3]) {
  const int index = b % 9;
  for (int k = 0; k < 3; ++k) {
    if (a >= kBoxes) houses[k] = b < kColumns ? kBoxes + 3 * (index / 3) + k : kBoxes + 3 * k + index / 3;
    else if (a < kColumns) houses[k] = 3 * (index / 3) + k;
    else houses[k] = kColumns + 3 * (index % 3) + k;
  }
}

}  // namespace

bool BandDirectSolver::fits(const Geometry& geometry) {
  const auto& houses = geometry.houses();
  return geometry.size() == 9 && geometry.cell_count() == 81 && houses.size() == 27 &&
         std::all_of(houses.begin(), houses.end(), standard_house);
}

bool BandDirectSolver::solves(const Grid& givens) {
  singles_.start(givens);
  for (;;) {
    if (singles_.fill()) return true;
    map_places();  // the searches below stop at their first placement
    if (!direct_intersection() && !direct_hidden_subset(2) && !direct_hidden_subset(3)) return false;
  }
}

// A digit's places in house a (two or more) all in house b, b holding it
// elsewhere too: pointing when a is a box, claiming when a is a line. Each
// (a, b) pair as the generic DirectSolver finds it.
void BandDirectSolver::map_places() {
  for (int digit = 0; digit < 9; ++digit) {
    const Bands places = singles_.places(digit);
    for (int house = 0; house < 27; ++house) where_[house][digit] = places_in(places, house);
  }
  for (int house = 0; house < 27; ++house) open_[house] = bits::nine_bits(places_in(singles_.open(), house));
}

bool BandDirectSolver::direct_intersection() {
  for (int digit = 0; digit < 9; ++digit) {
    for (int house = 0; house < 27; ++house) {
      const Mask where = where_[house][digit];
      if (bits::nine_bits(where) < 2) continue;
      const int index = house % 9;
      if (house >= kBoxes) {
        // Box places in one row: the row; in one column: the column.
        if (const int row = only_group(where); row >= 0 && direct_intersection(digit, house, 3 * (index / 3) + row))
          return true;
        const Mask columns = (where | where >> 3 | where >> 6) & 7;
        if (bits::one_bit(columns) && direct_intersection(digit, house, kColumns + 3 * (index % 3) + std::countr_zero(columns)))
          return true;
      } else if (const int group = only_group(where); group >= 0) {
        // A line's places in one of its three boxes.
        const int box = house < kColumns ? kBoxes + 3 * (index / 3) + group : kBoxes + 3 * group + index / 3;
        if (direct_intersection(digit, house, box)) return true;
      }
    }
  }
  return false;
}

// Another house of a's kind crossing b where the digit has several places,
// one of them outside b: with b's other places gone it is the only one, and
// is placed.
bool BandDirectSolver::direct_intersection(int digit, int a, int b) {
  const Tables& table = tables();
  const Bands places = singles_.places(digit);
  if (!any(places & table.house[b] & ~table.house[a])) return false;  // b holds it only inside a
  int others[3];
  crossing(a, b, others);
  for (int c : others) {
    if (c == a) continue;
    const Bands in_c = places & table.house[c];
    const Bands outside = in_c & ~table.house[b];
    if (cells_in(in_c) > 1 && cells_in(outside) == 1) {
      singles_.place(first_cell(outside), digit);
      return true;
    }
  }
  return false;
}

bool BandDirectSolver::direct_hidden_subset(int size) {
  for (int house = 0; house < 27; ++house)
    if (direct_hidden_subset(house, size)) return true;
  return false;
}

// The rater's hidden subsets of `size` digits (each with two places or
// more) in a house of more than `size` open cells, placing the single their
// direct form leaves.
bool BandDirectSolver::direct_hidden_subset(int house, int size) {
  const auto single =
      logic::find_direct_hidden_subset<bits::nine_bits>(std::span<const Mask, 9>(where_[house], 9), size, open_[house]);
  if (single) singles_.place(tables().member[house][single->place], single->digit_index);
  return single.has_value();
}

}  // namespace nonet::detail
