// The closure boards' tables; see board.hpp.
#include "board.hpp"

#include <algorithm>

#include "core/contract.hpp"

namespace nonet::detail {

template <typename CellSet>
bool Board<CellSet>::fits(const Geometry& geometry) {
  if constexpr (kBands) {
    const auto& houses = geometry.houses();
    return geometry.size() == 9 && std::count_if(houses.begin(), houses.end(), bitboard9::standard_house) == 27;
  } else {
    return geometry.size() <= kMaxDigits;
  }
}

// The band board numbers the standard houses as core/bitboard9.hpp does and
// puts any further house after them.
template <typename CellSet>
Board<CellSet>::Board(const Geometry& geometry) : digits_(geometry.size()) {
  NONET_EXPECTS(fits(geometry));
  if constexpr (kBands) {
    const auto& member = bitboard9::tables().member;
    for (int h = 0; h < bitboard9::kHouses; ++h) {
      const HouseKind kind = h < bitboard9::kColumns ? HouseKind::row : h < bitboard9::kBoxes ? HouseKind::column : HouseKind::box;
      houses_.push_back({kind, std::vector<int>(std::begin(member[h]), std::end(member[h])), Cells{}});
    }
    folded_ = bitboard9::kHouses;
  }
  for (const House& house : geometry.houses())
    if (!kBands || !bitboard9::standard_house(house)) houses_.push_back({house.kind, house.cells, Cells{}});
  NONET_EXPECTS(house_count() <= 64 * static_cast<int>(sizeof(Houses) / 8));
  derive_tables();
}

template <typename CellSet>
void Board<CellSet>::derive_tables() {
  const int cells = cell_count(), count = house_count();
  for (int c = 0; c < cells; ++c) all_ |= cell(c);
  std::vector<std::vector<int>> houses_of_cell(cells);
  for (auto& lines : lines_) lines.assign(digits_, -1);
  for (int h = 0; h < count; ++h) {
    HouseCells& house = houses_[h];
    for (int c : house.members) {
      house.cells |= cell(c);
      houses_of_cell[c].push_back(h);
    }
    if (house.kind == HouseKind::row) lines_[0][house.members.front() / digits_] = h;
    if (house.kind == HouseKind::column) lines_[1][house.members.front() % digits_] = h;
  }
  peers_.assign(cells, Cells{});
  for (int c = 0; c < cells; ++c) {
    cell_start_.push_back(static_cast<int>(cell_houses_.size()));
    for (int h : houses_of_cell[c]) {
      cell_houses_.push_back(h);
      peers_[c] |= house(h);
    }
    peers_[c] &= ~cell(c);
  }
  cell_start_.push_back(static_cast<int>(cell_houses_.size()));

  // Bit i of a's place masks where members(a)[i] lies in b.
  const auto inside = [&](int a, int b) {
    Mask mask = 0;
    for (int i = 0; i < static_cast<int>(houses_[a].members.size()); ++i)
      mask |= Mask{holds(house(b), houses_[a].members[i])} << i;
    return mask;
  };
  const auto all_places = [&](int a) { return all_digits(static_cast<int>(houses_[a].members.size())); };
  for (int a = 0; a < count; ++a) {
    pair_start_.push_back(static_cast<int>(pairs_.size()));
    for (int b = 0; b < count; ++b) {
      if (b == a || count_cells(house(a) & house(b)) < 2) continue;
      if (a < b && b >= folded_) meets_.push_back({a, b, house(a) & house(b)});
      Pair pair{b, inside(a, b), all_places(b) & ~inside(b, a), static_cast<int>(crossers_.size()), 0};
      for (int c = 0; c < count; ++c)
        if (c != a && houses_[c].kind == houses_[a].kind && any(house(c) & house(b)))
          crossers_.push_back({c, all_places(c) & ~inside(c, b)});
      pair.end_crosser = static_cast<int>(crossers_.size());
      pairs_.push_back(pair);
    }
  }
  pair_start_.push_back(static_cast<int>(pairs_.size()));
}

template class Board<Bands>;
template class Board<Words<2>>;
template class Board<Words<4>>;
template class Board<Words<64>>;

}  // namespace nonet::detail
