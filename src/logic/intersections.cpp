// Intersections: pointing and claiming, written as "the intersection of any
// two houses". If every candidate for digit d in house A lies in house B too,
// d must be placed in A ∩ B, so it leaves the rest of B.
//
//   box 1        row 1 outside box 1
//   4 4 .  |  . 4 .  . 4 .        4 in box 1 only in row 1
//   . . .  |                      → removed from the rest of row 1
//   . . .  |
//
// Pointing: A is a box (or another box-like house: jigsaw region, window);
// claiming: A is a line (row, column, diagonal). SE rates pointing 2.6,
// claiming 2.8, and their "direct" forms 1.7 / 1.9: used only where the
// elimination leaves d a single place in a box (SE checks boxes only: this
// choice matched the published ratings of the cbg set best), which the step
// then places, removing nothing else (as SE's direct hints).
#include "internal.hpp"

namespace nonet::logic {

namespace {
bool box_like(HouseKind kind) {
  return kind == HouseKind::box || kind == HouseKind::region || kind == HouseKind::window;
}

// After eliminating `elims` (all of digit d), a house holding d exactly once.
std::optional<Candidate> hidden_single_after(const Context& ctx, const std::vector<Candidate>& elims,
                                             int* house_out, HouseKind akind) {
  (void)akind;
  for (const Candidate& e : elims)
    for (int h : ctx.geo.houses_of(e.cell)) {
      if (!box_like(ctx.geo.houses()[h].kind)) continue;  // as SE: the single appears in a box
      int count = 0, last = -1;
      for (int c : ctx.geo.houses()[h].cells) {
        if (!ctx.grid.has(c, e.digit)) continue;
        bool removed = false;
        for (const Candidate& x : elims) removed |= x.cell == c && x.digit == e.digit;
        if (!removed) { ++count; last = c; }
      }
      if (count == 1 && !ctx.placed_in(h, e.digit)) {
        *house_out = h;
        return Candidate{last, e.digit};
      }
    }
  return std::nullopt;
}
}  // namespace

// Every (digit, house A, house B) is looked at in the order below, so the
// first step found is always the same; the search itself allocates nothing
// until a step is found (it runs at every step of every rating).
std::optional<Step> find_intersection(const Context& ctx, bool pointing, bool direct) {
  const auto& houses = ctx.geo.houses();
  const int hn = static_cast<int>(houses.size()), n = ctx.n();
  std::vector<Mask> places(static_cast<std::size_t>(hn) * n);  // house, digit → places
  for (int a = 0; a < hn; ++a)
    if (box_like(houses[a].kind) == pointing) house_places(ctx, a, &places[static_cast<std::size_t>(a) * n]);
  for (int d = 1; d <= n; ++d)
    for (int a = 0; a < hn; ++a) {
      if (box_like(houses[a].kind) != pointing) continue;
      const Mask m = places[static_cast<std::size_t>(a) * n + d - 1];
      if ((m & (m - 1)) == 0) continue;  // fewer than two places
      const auto& a_cells = houses[a].cells;
      for (int b : ctx.geo.houses_of(a_cells[std::countr_zero(m)])) {
        if (b == a) continue;
        bool all = true;
        for (Mask x = m; x && all; x &= x - 1) all = ctx.tables.house_pos(b, a_cells[std::countr_zero(x)]) >= 0;
        if (!all) continue;
        Step s;
        for (int c : houses[b].cells)
          if (ctx.tables.house_pos(a, c) < 0 && ctx.grid.has(c, d)) s.eliminations.push_back({c, d});
        if (s.eliminations.empty()) continue;
        s.technique = pointing ? "Pointing" : "Claiming";
        s.rating = pointing ? 2.6 : 2.8;
        s.detail = std::string(1, digit_char(d)) + " in " + house_name(houses[a]) + " only in " +
                   house_name(houses[b]);
        for (Mask x = m; x; x &= x - 1) s.cells.push_back(a_cells[std::countr_zero(x)]);
        s.houses = {a, b};
        if (direct) {
          int h = -1;
          auto single = hidden_single_after(ctx, s.eliminations, &h, houses[a].kind);
          if (!single) continue;
          s.technique = pointing ? "Direct pointing" : "Direct claiming";
          s.rating = pointing ? 1.7 : 1.9;
          s.detail += ", leaving " + std::string(1, digit_char(d)) + " one place in " + house_name(houses[h]);
          // SE's direct hints place the single and remove nothing else.
          s.placements.push_back(*single);
          s.eliminations.clear();
        }
        return s;
      }
    }
  return std::nullopt;
}

}  // namespace nonet::logic
