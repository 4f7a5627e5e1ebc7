// Pointing and claiming, searched once for the rater's finder and the
// generator's direct solver: see intersections.cpp for the technique.
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <optional>
#include <vector>

#include "core/bits.hpp"
#include "nonet/model.hpp"

namespace nonet::logic {

// What the searches read from a position: the geometry; where a digit
// (1-based) can go in a house, as of the search's start (bit i: the house's
// i-th cell); whether an open cell holds a digit now; house membership.
template <typename Position>
concept IntersectionPosition = requires(const Position& position, int house, int cell, int digit) {
  { position.geometry() } -> std::same_as<const Geometry&>;
  { position.places(house, digit) } -> std::same_as<Mask>;
  { position.holds(cell, digit) } -> std::same_as<bool>;
  { position.in_house(house, cell) } -> std::same_as<bool>;
};

// SE's order of the line in a pointing or claiming: columns, then rows, then
// other houses (diagonals, windoku windows).
inline int line_pass(HouseKind kind) { return kind == HouseKind::column ? 0 : kind == HouseKind::row ? 1 : 2; }

// The first houses of the intersections, in the order the search takes them,
// listed once per geometry: the box-like houses (pointing) and the lines of
// each of SE's passes (claiming), each in house order.
struct IntersectionOrder {
  explicit IntersectionOrder(const Geometry& geometry) {
    const auto& houses = geometry.houses();
    for (int h = 0; h < static_cast<int>(houses.size()); ++h)
      (box_like(houses[h].kind) ? boxes : lines[line_pass(houses[h].kind)]).push_back(h);
  }
  std::vector<int> boxes;
  std::array<std::vector<int>, 3> lines;
};

// Every intersection in SE's order, until `found(a, b, digit, places)` says
// true: `digit` has its `places` in house a (two or more, a box-like house
// when `pointing`, else a line) all inside house b, which holds it elsewhere
// too. Pointing goes into columns for every digit, then into rows, then other
// houses; claiming goes from columns, then rows, then the rest.
template <IntersectionPosition Position, typename Found>
bool find_intersections(const Position& position, const IntersectionOrder& order, bool pointing, Found found) {
  const Geometry& geometry = position.geometry();
  const auto& houses = geometry.houses();
  const auto inside = [&](int house, Mask places, const std::vector<int>& cells) {
    for (; places; places &= places - 1)
      if (!position.in_house(house, cells[std::countr_zero(places)])) return false;
    return true;
  };
  const auto elsewhere = [&](int b, int a, int digit) {
    for (int cell : houses[b].cells)
      if (!position.in_house(a, cell) && position.holds(cell, digit)) return true;
    return false;
  };
  for (int pass = 0; pass < 3; ++pass)
    for (int digit = 1; digit <= geometry.size(); ++digit)
      for (int a : pointing ? order.boxes : order.lines[pass]) {
        const Mask places = position.places(a, digit);
        if (bits::at_most_one_bit(places)) continue;
        const auto& cells = houses[a].cells;
        for (int b : geometry.houses_of(cells[std::countr_zero(places)])) {
          // Any other house: on windoku a box and a window cross too (a pass 2 pair).
          if (b == a || (pointing && line_pass(houses[b].kind) != pass)) continue;
          if (inside(b, places, cells) && elsewhere(b, a, digit) && found(a, b, digit, places)) return true;
        }
      }
  return false;
}

// The direct form, as SE finds it: with `digit` gone from house b outside
// house a, another house of a's kind that crosses b keeps it in one cell
// (where it had more): that cell, and the house.
struct SingleLeft {
  int cell, house;
};
template <IntersectionPosition Position>
std::optional<SingleLeft> single_left_after(const Position& position, int a, int b, int digit) {
  const auto& houses = position.geometry().houses();
  for (int other = 0; other < static_cast<int>(houses.size()); ++other) {
    if (other == a || houses[other].kind != houses[a].kind) continue;
    int total = 0, outside = 0, last = -1;
    bool crosses = false;
    for (int cell : houses[other].cells) {
      const bool in_b = position.in_house(b, cell);
      crosses |= in_b;
      if (!position.holds(cell, digit)) continue;
      ++total;
      if (!in_b) ++outside, last = cell;
    }
    if (crosses && total > 1 && outside == 1) return SingleLeft{last, other};
  }
  return std::nullopt;
}

}  // namespace nonet::logic
