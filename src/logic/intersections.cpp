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
#include "intersections.hpp"

#include "internal.hpp"

namespace nonet::logic {

namespace {
// The rater's position for the shared search: the context's places.
class RaterPosition {
 public:
  explicit RaterPosition(const Context& ctx) : ctx_(ctx) {}
  const Geometry& geometry() const { return ctx_.geo; }
  Mask places(int house, int digit) const { return ctx_.where(house, digit); }

 private:
  const Context& ctx_;
};
}  // namespace

// The search allocates nothing until a step is found: it runs at every step
// of every rating.
std::optional<Step> find_intersection(const Context& ctx, bool pointing, bool direct) {
  const auto& houses = ctx.geo.houses();
  const RaterPosition position(ctx);
  const IntersectionOrder& order = ctx.tables.intersection_order();
  std::optional<Step> found;
  find_intersections(position, order, pointing, ctx.scope_digits, [&](int a, int b, int d, Mask places) {
    std::optional<SingleLeft> single;
    if (direct && !(single = single_left_after(position, a, b, d))) return false;
    Step s;
    s.technique = pointing ? "Pointing" : "Claiming";
    s.rating = step_rating(pointing ? Technique::pointing : Technique::claiming);
    if (ctx.describe) {
      s.detail = std::string(1, digit_char(d)) + " in " + house_name(houses[a]) + " only in " + house_name(houses[b]);
      for (Mask x = places; x; x &= x - 1) s.cells.push_back(houses[a].cells[std::countr_zero(x)]);
      s.houses = {a, b};
    }
    if (single) {
      s.technique = pointing ? "Direct pointing" : "Direct claiming";
      s.rating = step_rating(pointing ? Technique::direct_pointing : Technique::direct_claiming);
      if (ctx.describe)
        s.detail += ", leaving " + std::string(1, digit_char(d)) + " one place in " + house_name(houses[single->house]);
      // SE's direct hints place the single and remove nothing else.
      s.placements.push_back({single->cell, d});
    } else {
      for (int c : houses[b].cells)
        if (!ctx.tables.in_house(a, c) && ctx.grid.has(c, d)) s.eliminations.push_back({c, d});
    }
    found = std::move(s);
    return true;
  });
  return found;
}

}  // namespace nonet::logic
