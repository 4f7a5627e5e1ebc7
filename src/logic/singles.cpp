// Singles: the steps that place a digit straight away.
//
//   Full house     a house with one empty cell: it takes the missing digit.
//   Hidden single  a digit with one place left in a house.
//                    row 3:  . . . | . 7? . | . . .   only r3c5 can hold 7
//   Naked single   a cell with one candidate left.
//
// Ratings (SE 1.2.1): full house 1.0, hidden single in a box 1.2, in a row or
// column 1.5, naked single 2.3. Other house kinds: a jigsaw region or windoku
// window counts like a box (1.2, it is "a box of another shape"), a diagonal
// like a line (1.5).
#include "core/bits.hpp"
#include "internal.hpp"

namespace nonet::logic {

std::optional<Step> find_full_house(const Context& ctx) {
  const auto& houses = ctx.geo.houses();
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    int empty = -1, count = 0;
    Mask present = 0;
    for (int c : houses[h].cells) {
      if (ctx.grid.value(c)) present |= digit_bit(ctx.grid.value(c));
      else { empty = c; ++count; }
    }
    if (count != 1) continue;
    const Mask missing = all_digits(ctx.n()) & ~present;
    if (popcount(missing) != 1 || !(ctx.grid.candidates(empty) & missing)) continue;
    const int d = lowest_digit(missing);
    Step s;
    s.technique = "Full house";
    s.rating = step_rating(Technique::full_house);
    s.detail = "last cell of " + house_name(houses[h]);
    s.placements.push_back({empty, d});
    s.cells = {empty};
    s.houses = {h};
    return s;
  }
  return std::nullopt;
}

std::optional<Step> find_hidden_single(const Context& ctx, bool want_box_like) {
  const auto& houses = ctx.geo.houses();
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    if (box_like(houses[h].kind) != want_box_like) continue;
    // The digits with exactly one place (solved cells hold no candidates),
    // in one pass over the house; the lowest such digit is the step.
    bits::CountToTwo<Mask> places;
    for (int c : houses[h].cells) places.add(ctx.grid.candidates(c));
    const Mask singles = places.exactly_once();
    if (!singles) continue;
    const int d = lowest_digit(singles);
    int cell = -1;
    for (int c : houses[h].cells)
      if (ctx.grid.has(c, d)) cell = c;
    Step s;
    s.technique = "Hidden single";
    s.rating = step_rating(want_box_like ? Technique::hidden_single_box : Technique::hidden_single_line);
    s.detail = std::string(1, digit_char(d)) + " in " + house_name(houses[h]);
    s.placements.push_back({cell, d});
    s.cells = {cell};
    s.houses = {h};
    return s;
  }
  return std::nullopt;
}

std::optional<Step> find_naked_single(const Context& ctx) {
  for (int cell = 0; cell < ctx.cells(); ++cell) {
    const Mask m = ctx.grid.candidates(cell);
    if (ctx.grid.value(cell) || m == 0 || (m & (m - 1)) != 0) continue;
    Step s;
    s.technique = "Naked single";
    s.rating = step_rating(Technique::naked_single);
    s.detail = ctx.geo.cell_name(cell) + " can only be " + digit_char(lowest_digit(m));
    s.placements.push_back({cell, lowest_digit(m)});
    s.cells = {cell};
    return s;
  }
  return std::nullopt;
}

}  // namespace nonet::logic
