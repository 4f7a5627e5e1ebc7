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

// A house with all digits placed but one: its one open cell, if it can still take that digit.
std::optional<Step> find_full_house(const Context& ctx) {
  const auto& houses = ctx.geo.houses();
  const auto& map = ctx.houses_map();
  for (int h : ctx.searched_houses(map.one_to_place)) {
    const int d = lowest_digit(all_digits(ctx.n()) & ~map.placed[h]);
    const Mask place = ctx.where(h, d);
    if (!place) continue;  // the open cell has lost the digit
    const int cell = houses[h].cells[std::countr_zero(place)];
    Step s;
    s.technique = "Full house";
    s.rating = step_rating(Technique::full_house);
    s.placements.push_back({cell, d});
    if (ctx.describe) {
      s.detail = "last cell of " + house_name(houses[h]);
      s.cells = {cell};
      s.houses = {h};
    }
    return s;
  }
  return std::nullopt;
}

// The lowest digit with one place left in a house (solved cells hold no candidates).
std::optional<Step> find_hidden_single(const Context& ctx, bool want_box_like) {
  const auto& houses = ctx.geo.houses();
  for (int h : ctx.searched_houses(want_box_like ? ctx.tables.box_like_houses() : ctx.tables.line_houses())) {
    const Mask singles = ctx.houses_map().singles[h];
    if (!singles) continue;
    const int d = lowest_digit(singles);
    const int cell = houses[h].cells[std::countr_zero(ctx.where(h, d))];
    Step s;
    s.technique = "Hidden single";
    s.rating = step_rating(want_box_like ? Technique::hidden_single_box : Technique::hidden_single_line);
    s.placements.push_back({cell, d});
    if (ctx.describe) {
      s.detail = std::string(1, digit_char(d)) + " in " + house_name(houses[h]);
      s.cells = {cell};
      s.houses = {h};
    }
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
    s.placements.push_back({cell, lowest_digit(m)});
    if (ctx.describe) {
      s.detail = ctx.geo.cell_name(cell) + " can only be " + digit_char(lowest_digit(m));
      s.cells = {cell};
    }
    return s;
  }
  return std::nullopt;
}

}  // namespace nonet::logic
