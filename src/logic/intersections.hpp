// Pointing and claiming, searched once for the rater's finder and the
// generator's direct solver: see intersections.cpp for the technique.
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <optional>
#include <vector>

#include "core/bits.hpp"
#include "core/contract.hpp"
#include "nonet/model.hpp"

namespace nonet::logic {

// What the searches read from a position: the geometry, and where a digit
// (1-based) can go in a house (bit i: the house's i-th cell), which stays as
// it is until the search's `found` says stop.
template <typename Position>
concept IntersectionPosition = requires(const Position& position, int house, int digit) {
  { position.geometry() } -> std::same_as<const Geometry&>;
  { position.places(house, digit) } -> std::same_as<Mask>;
};

// SE's order of the line in a pointing or claiming: columns, then rows, then
// other houses (diagonals, windoku windows).
inline int line_pass(HouseKind kind) { return kind == HouseKind::column ? 0 : kind == HouseKind::row ? 1 : 2; }

// The first houses of the intersections, in the order the search takes them,
// listed once per geometry: the box-like houses (pointing) and the lines of
// each of SE's passes (claiming), each in house order. The search works on
// places alone, with Geometry::crossing.
struct IntersectionOrder {
  explicit IntersectionOrder(const Geometry& geometry) {
    const auto& houses = geometry.houses();
    for (int h = 0; h < static_cast<int>(houses.size()); ++h)
      (box_like(houses[h].kind) ? boxes : lines[line_pass(houses[h].kind)]).push_back(h);
    NONET_EXPECTS(boxes.size() <= static_cast<std::size_t>(kMaxSize));  // pointing's bit sets of boxes
  }

  std::vector<int> boxes;
  std::array<std::vector<int>, 3> lines;
};

// Every intersection in SE's order, until `found(a, b, digit, places)` says
// true: `digit` has its `places` in house a (two or more, a box-like house
// when `pointing`, else a line) all inside house b, which holds it elsewhere
// too. Pointing goes into columns for every digit, then into rows, then other
// houses; claiming goes from columns, then rows, then the rest. Only the
// `digits` given (bit d - 1 for digit d) are searched.
template <IntersectionPosition Position, typename Found>
bool find_intersections(const Position& position, const IntersectionOrder& order, bool pointing, Mask digits,
                        Found found) {
  const Geometry& geometry = position.geometry();
  const auto& houses = geometry.houses();
  // Each of a's other houses (of pass `pass` when pointing) that holds all its places.
  const auto crossings = [&](int pass, int a, int digit, Mask places) {
    for (int b : geometry.houses_of(houses[a].cells[std::countr_zero(places)])) {
      // Any other house: on windoku a box and a window cross too (a pass 2 pair).
      if (b == a || (pointing && line_pass(houses[b].kind) != pass)) continue;
      if ((places & ~geometry.crossing(a, b)) != 0) continue;  // not all inside b
      const bool elsewhere = (position.places(b, digit) & ~geometry.crossing(b, a)) != 0;
      if (elsewhere && found(a, b, digit, places)) return true;
    }
    return false;
  };
  if (!pointing) {
    for (int pass = 0; pass < 3; ++pass)
      for (int digit = 1; digit <= geometry.size(); ++digit) {
        if (!((digits >> (digit - 1)) & 1)) continue;
        for (int a : order.lines[pass]) {
          const Mask places = position.places(a, digit);
          if (!bits::at_most_one_bit(places) && crossings(pass, a, digit, places)) return true;
        }
      }
    return false;
  }
  // Pointing takes every box in each of its three passes: which boxes'
  // places of a digit lie in a house of each pass is found once (bit i:
  // order.boxes[i]; a geometry has at most kMaxSize box-like houses).
  std::array<std::array<Mask, kMaxSize>, 3> confined{};
  for (int digit = 1; digit <= geometry.size(); ++digit) {
    if (!((digits >> (digit - 1)) & 1)) continue;
    for (std::size_t i = 0; i < order.boxes.size(); ++i) {
      const int a = order.boxes[i];
      const Mask places = position.places(a, digit);
      if (bits::at_most_one_bit(places)) continue;
      for (int b : geometry.houses_of(houses[a].cells[std::countr_zero(places)]))
        if (b != a && (places & ~geometry.crossing(a, b)) == 0)
          confined[line_pass(houses[b].kind)][digit - 1] |= Mask{1} << i;
    }
  }
  for (int pass = 0; pass < 3; ++pass)
    for (int digit = 1; digit <= geometry.size(); ++digit)
      for (int i : bits::SetBits<>(confined[pass][digit - 1])) {
        const int a = order.boxes[i];
        if (crossings(pass, a, digit, position.places(a, digit))) return true;
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
  const Geometry& geometry = position.geometry();
  const auto& houses = geometry.houses();
  for (int other = 0; other < static_cast<int>(houses.size()); ++other) {
    if (other == a || houses[other].kind != houses[a].kind) continue;
    const Mask crossing = geometry.crossing(other, b), places = position.places(other, digit);
    const Mask outside = places & ~crossing;
    if (crossing && !bits::at_most_one_bit(places) && bits::one_bit(outside))
      return SingleLeft{houses[other].cells[std::countr_zero(outside)], other};
  }
  return std::nullopt;
}

}  // namespace nonet::logic
