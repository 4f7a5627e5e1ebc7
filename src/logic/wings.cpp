// Wings: a pivot cell and pincers that see it.
//
//   XY-Wing   pivot {x,y}, pincers {x,z} and {y,z} that see the pivot. Whatever
//             the pivot holds, one pincer holds z: z leaves every cell that
//             sees both pincers.                                     (SE 4.2)
//   XYZ-Wing  pivot {x,y,z}, same pincers: z leaves cells that see all three. (4.4)
//   WXYZ-Wing pivot {w,x,y,z} and three bivalue pincers {w,z},{x,z},{y,z}: z
//             leaves cells that see every z-holding cell. (SukakuExplainer 5.5)
//   W-Wing    two {x,y} cells that do not see each other, joined by a strong
//             link on x (a house with x in two cells, one seeing each): one
//             of them holds y, so y leaves cells that see both. (explanations only)
//
//   pivot r1c1 {1,2} ─ r1c7 {1,3}
//        │
//   r3c2 {2,3}              → 3 leaves cells seeing r1c7 and r3c2
#include "internal.hpp"

namespace nonet::logic {

namespace {
std::vector<int> seeing_all(const Context& ctx, const std::vector<int>& cells) {
  std::vector<int> out;
  for (int x = 0; x < ctx.cells(); ++x) {
    if (ctx.grid.value(x)) continue;
    bool all = true;
    for (int c : cells) all &= x != c && ctx.tables.sees(x, c);
    if (all) out.push_back(x);
  }
  return out;
}
}  // namespace

std::optional<Step> find_xy_wing(const Context& ctx) {
  for (int p = 0; p < ctx.cells(); ++p) {
    const Mask pm = ctx.grid.candidates(p);
    if (popcount(pm) != 2) continue;
    std::vector<int> wings;
    for (int c : ctx.geo.peers_of(p))
      if (c != p && popcount(ctx.grid.candidates(c)) == 2 && popcount(ctx.grid.candidates(c) & pm) == 1)
        wings.push_back(c);
    for (std::size_t i = 0; i < wings.size(); ++i)
      for (std::size_t j = i + 1; j < wings.size(); ++j) {
        const Mask a = ctx.grid.candidates(wings[i]), b = ctx.grid.candidates(wings[j]);
        if ((a & pm) == (b & pm)) continue;
        const Mask z = a & b & ~pm;
        if (popcount(z) != 1) continue;
        Step s;
        if (!add_eliminations(ctx, s, seeing_all(ctx, {wings[i], wings[j]}), z)) continue;
        s.technique = "XY-Wing";
        s.rating = 4.2;
        s.detail = "pivot " + ctx.geo.cell_name(p) + " {" + digits_text(pm) + "}, pincers " +
                   ctx.geo.cell_name(wings[i]) + " {" + digits_text(a) + "}, " + ctx.geo.cell_name(wings[j]) +
                   " {" + digits_text(b) + "}";
        s.cells = {p, wings[i], wings[j]};
        return s;
      }
  }
  return std::nullopt;
}

std::optional<Step> find_xyz_wing(const Context& ctx) {
  for (int p = 0; p < ctx.cells(); ++p) {
    const Mask pm = ctx.grid.candidates(p);
    if (popcount(pm) != 3) continue;
    std::vector<int> wings;
    for (int c : ctx.geo.peers_of(p))
      if (c != p && popcount(ctx.grid.candidates(c)) == 2 && (ctx.grid.candidates(c) & ~pm) == 0) wings.push_back(c);
    for (std::size_t i = 0; i < wings.size(); ++i)
      for (std::size_t j = i + 1; j < wings.size(); ++j) {
        const Mask a = ctx.grid.candidates(wings[i]), b = ctx.grid.candidates(wings[j]);
        if (a == b) continue;
        const Mask z = a & b;
        if (popcount(z) != 1) continue;
        Step s;
        if (!add_eliminations(ctx, s, seeing_all(ctx, {p, wings[i], wings[j]}), z)) continue;
        s.technique = "XYZ-Wing";
        s.rating = 4.4;
        s.detail = "pivot " + ctx.geo.cell_name(p) + " {" + digits_text(pm) + "}, pincers " +
                   ctx.geo.cell_name(wings[i]) + " {" + digits_text(a) + "}, " + ctx.geo.cell_name(wings[j]) +
                   " {" + digits_text(b) + "}";
        s.cells = {p, wings[i], wings[j]};
        return s;
      }
  }
  return std::nullopt;
}

std::optional<Step> find_wxyz_wing(const Context& ctx) {
  for (int p = 0; p < ctx.cells(); ++p) {
    const Mask pm = ctx.grid.candidates(p);
    if (popcount(pm) != 4) continue;
    std::vector<int> wings;
    for (int c : ctx.geo.peers_of(p))
      if (c != p && popcount(ctx.grid.candidates(c)) == 2 && (ctx.grid.candidates(c) & ~pm) == 0) wings.push_back(c);
    for (int z : digits_of(pm)) {
      std::vector<int> zw;
      for (int w : wings)
        if (ctx.grid.has(w, z)) zw.push_back(w);
      for (std::size_t i = 0; i < zw.size(); ++i)
        for (std::size_t j = i + 1; j < zw.size(); ++j)
          for (std::size_t k = j + 1; k < zw.size(); ++k) {
            const Mask u = ctx.grid.candidates(zw[i]) | ctx.grid.candidates(zw[j]) | ctx.grid.candidates(zw[k]);
            if (u != pm) continue;
            Step s;
            if (!add_eliminations(ctx, s, seeing_all(ctx, {p, zw[i], zw[j], zw[k]}), digit_bit(z))) continue;
            s.technique = "WXYZ-Wing";
            s.rating = 5.5;
            s.detail = "pivot " + ctx.geo.cell_name(p) + " {" + digits_text(pm) + "}, pincers " +
                       cells_text(ctx.geo, {zw[i], zw[j], zw[k]}) + ", eliminating " + digit_char(z);
            s.cells = {p, zw[i], zw[j], zw[k]};
            return s;
          }
    }
  }
  return std::nullopt;
}

std::optional<Step> find_w_wing(const Context& ctx) {
  const auto& houses = ctx.geo.houses();
  for (int a = 0; a < ctx.cells(); ++a) {
    const Mask m = ctx.grid.candidates(a);
    if (popcount(m) != 2) continue;
    for (int b = a + 1; b < ctx.cells(); ++b) {
      if (ctx.grid.candidates(b) != m || ctx.tables.sees(a, b)) continue;
      for (int x : digits_of(m)) {
        const int y = lowest_digit(m & ~digit_bit(x));
        for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
          const Mask w = ctx.where(h, x);
          if (popcount(w) != 2) continue;
          const int p = houses[h].cells[std::countr_zero(w)];
          const int q = houses[h].cells[63 - std::countl_zero(w)];
          if (p == a || p == b || q == a || q == b) continue;
          const bool ok = (ctx.tables.sees(p, a) && ctx.tables.sees(q, b)) ||
                          (ctx.tables.sees(p, b) && ctx.tables.sees(q, a));
          if (!ok) continue;
          Step s;
          if (!add_eliminations(ctx, s, seeing_all(ctx, {a, b}), digit_bit(y))) continue;
          s.technique = "W-Wing";
          s.rating = 4.4;
          s.detail = cat({"{", digits_text(m), "} in ", ctx.geo.cell_name(a), " and ", ctx.geo.cell_name(b),
                          ", strong link on ", std::string(1, digit_char(x)), " in ", house_name(houses[h])});
          s.cells = {a, b, p, q};
          s.houses = {h};
          return s;
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace nonet::logic
