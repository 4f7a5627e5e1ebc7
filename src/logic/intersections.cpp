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
// elimination would leave d a single place in another house of A's kind that
// crosses B (a box for pointing, a line for claiming, as SE looks), which the
// step then places, removing nothing else (as SE's direct hints).
#include "internal.hpp"

namespace nonet::logic {

namespace {
bool box_like(HouseKind kind) {
  return kind == HouseKind::box || kind == HouseKind::region || kind == HouseKind::window;
}

// SE's order of the line in a pointing or claiming: columns, then rows, then
// other houses (diagonals, windoku windows).
int line_pass(HouseKind kind) { return kind == HouseKind::column ? 0 : kind == HouseKind::row ? 1 : 2; }

// The direct form, as SE finds it: with d gone from b outside a, another house
// of a's kind that crosses b keeps d in one cell (it had more): that single.
std::optional<Candidate> single_after(const Context& ctx, int a, int b, int d, int* where) {
  const auto& houses = ctx.geo.houses();
  for (int c3 = 0; c3 < static_cast<int>(houses.size()); ++c3) {
    if (c3 == a || houses[c3].kind != houses[a].kind) continue;
    int total = 0, outside = 0, last = -1;
    bool crosses = false;
    for (int c : houses[c3].cells) {
      const bool in_b = ctx.tables.house_pos(b, c) >= 0;
      crosses |= in_b;
      if (!ctx.grid.has(c, d)) continue;
      ++total;
      if (!in_b) ++outside, last = c;
    }
    if (crosses && total > 1 && outside == 1) {
      *where = c3;
      return Candidate{last, d};
    }
  }
  return std::nullopt;
}
}  // namespace

// SE's order: pointing (a box-like house a, d only where it crosses a line b)
// into columns for every digit, then into rows; claiming from columns, then
// rows. The search allocates nothing until a step is found (it runs at every
// step of every rating).
std::optional<Step> find_intersection(const Context& ctx, bool pointing, bool direct) {
  const auto& houses = ctx.geo.houses();
  const int hn = static_cast<int>(houses.size()), n = ctx.n();
  std::vector<Mask> places(static_cast<std::size_t>(hn) * n);  // house, digit → places
  for (int a = 0; a < hn; ++a)
    if (box_like(houses[a].kind) == pointing) house_places(ctx, a, &places[static_cast<std::size_t>(a) * n]);
  for (int pass = 0; pass < 3; ++pass)
    for (int d = 1; d <= n; ++d)
      for (int a = 0; a < hn; ++a) {
        if (box_like(houses[a].kind) != pointing || (!pointing && line_pass(houses[a].kind) != pass)) continue;
        const Mask m = places[static_cast<std::size_t>(a) * n + d - 1];
        if ((m & (m - 1)) == 0) continue;  // fewer than two places
        const auto& a_cells = houses[a].cells;
        for (int b : ctx.geo.houses_of(a_cells[std::countr_zero(m)])) {
          // Any other house: on windoku a box and a window cross too (a pass 2 pair).
          if (b == a || (pointing && line_pass(houses[b].kind) != pass)) continue;
          bool all = true;
          for (Mask x = m; x && all; x &= x - 1) all = ctx.tables.house_pos(b, a_cells[std::countr_zero(x)]) >= 0;
          if (!all) continue;
          Step s;
          for (int c : houses[b].cells)
            if (ctx.tables.house_pos(a, c) < 0 && ctx.grid.has(c, d)) s.eliminations.push_back({c, d});
          if (s.eliminations.empty()) continue;
          s.technique = pointing ? "Pointing" : "Claiming";
          s.rating = step_rating(pointing ? Technique::pointing : Technique::claiming);
          s.detail = std::string(1, digit_char(d)) + " in " + house_name(houses[a]) + " only in " +
                     house_name(houses[b]);
          for (Mask x = m; x; x &= x - 1) s.cells.push_back(a_cells[std::countr_zero(x)]);
          s.houses = {a, b};
          if (direct) {
            int h = -1;
            auto single = single_after(ctx, a, b, d, &h);
            if (!single) continue;
            s.technique = pointing ? "Direct pointing" : "Direct claiming";
            s.rating = step_rating(pointing ? Technique::direct_pointing : Technique::direct_claiming);
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
