// Fish and the short single-digit patterns.
//
// Fish (X-Wing k=2, Swordfish k=3, Jellyfish k=4): k disjoint base houses of
// one kind hold digit d only inside k disjoint cover houses of another kind.
// The base houses need d k times, all inside the covers, and the covers hold
// d only k times: so d leaves every cover cell outside the base houses.
//
//   X-Wing on 5, base rows 2 and 6, cover columns 3 and 8:
//   row 2:  . . 5 | . . . | . 5 .
//   row 6:  . . 5 | . . . | . 5 .      → 5 leaves columns 3 and 8 elsewhere
//
// The code takes any pair of house kinds whose houses partition the grid and
// are lines (rows vs columns); SE rates only those (3.2 / 3.8 / 5.2). Box-line
// "franken" fish are left out on purpose: on classic grids their k=1 case is
// pointing and claiming, and SE does not know the rest.
//
// Single-digit patterns (SukakuExplainer scale): two strong links (a house
// with d in exactly two cells) a=b and c=e whose ends b and c see each other:
// one of a, e holds d, so d leaves every cell that sees both.
//   Skyscraper 4.0  both strong links in parallel lines
//   2-String Kite 4.1  one in a row, one in a column, b and c in one box
//   Turbot fish 4.2  any other pair
//   Empty rectangle 4.3  a box's d confined to one row and one column, and a
//                    strong link outside the box (see find_empty_rectangle)
//   Three strong links a=b-c=e-f=g: d leaves cells seeing a and g. Rated by
//   the kinds of the three link houses, as SukakuExplainer names them:
//     3 Skyscrapers 5.4    all three in rows, or all three in columns
//     3-Turbot fish 5.5    any other mix without both a row and a column
//     3-String kite 5.6    a row link and a column link among the three
#include <functional>

#include "internal.hpp"

namespace nonet::logic {

namespace {
// A strong link: house h holds digit d in exactly the two cells a and b.
struct StrongLink {
  int h, a, b;
};

std::vector<StrongLink> strong_links(const Context& ctx, int d) {
  const auto& houses = ctx.geo.houses();
  std::vector<StrongLink> links;
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    const Mask m = ctx.where(h, d);
    if (popcount(m) != 2) continue;
    links.push_back({h, houses[h].cells[std::countr_zero(m)], houses[h].cells[63 - std::countl_zero(m)]});
  }
  return links;
}
}  // namespace

std::optional<Step> find_fish(const Context& ctx, int k) {
  static const char* names[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};
  static const double ratings[] = {0, 0, 3.2, 3.8, 5.2};
  const auto& houses = ctx.geo.houses();
  const std::pair<HouseKind, HouseKind> kinds[] = {{HouseKind::row, HouseKind::column},
                                                   {HouseKind::column, HouseKind::row}};
  for (int d = 1; d <= ctx.n(); ++d)
    for (auto [base_kind, cover_kind] : kinds) {
      std::vector<int> bases;
      for (int h = 0; h < static_cast<int>(houses.size()); ++h)
        if (houses[h].kind == base_kind) {
          const int count = popcount(ctx.where(h, d));
          if (count >= 2 && count <= k) bases.push_back(h);
        }
      if (static_cast<int>(bases.size()) < k) continue;
      std::optional<Step> found;
      std::vector<int> chosen;
      std::function<bool(int)> rec = [&](int start) -> bool {
        if (static_cast<int>(chosen.size()) == k) {
          std::vector<int> base_cells;
          for (int b : chosen)
            for (int c : houses[b].cells)
              if (ctx.grid.has(c, d)) base_cells.push_back(c);
          std::vector<int> covers;
          for (int c : base_cells)
            for (int h : ctx.geo.houses_of(c))
              if (houses[h].kind == cover_kind && std::find(covers.begin(), covers.end(), h) == covers.end())
                covers.push_back(h);
          if (static_cast<int>(covers.size()) != k) return false;
          std::vector<int> targets;
          for (int cv : covers)
            for (int c : houses[cv].cells) {
              if (!ctx.grid.has(c, d)) continue;
              bool in_base = false;
              for (int b : chosen) in_base |= ctx.tables.house_pos(b, c) >= 0;
              if (!in_base) targets.push_back(c);
            }
          Step s;
          if (!add_eliminations(ctx, s, targets, digit_bit(d))) return false;
          s.technique = names[k];
          s.rating = ratings[k];
          std::string base_text, cover_text;
          for (int b : chosen) base_text += (base_text.empty() ? "" : ", ") + house_name(houses[b]);
          for (int cv : covers) cover_text += (cover_text.empty() ? "" : ", ") + house_name(houses[cv]);
          s.detail = std::string(1, digit_char(d)) + " in " + base_text + " only in " + cover_text;
          s.cells = base_cells;
          s.houses = chosen;
          s.houses.insert(s.houses.end(), covers.begin(), covers.end());
          found = s;
          return true;
        }
        for (int i = start; i < static_cast<int>(bases.size()); ++i) {
          bool disjoint = true;
          for (int b : chosen)
            for (int c : houses[bases[i]].cells) disjoint &= ctx.tables.house_pos(b, c) < 0;
          if (!disjoint) continue;
          chosen.push_back(bases[i]);
          if (rec(i + 1)) return true;
          chosen.pop_back();
        }
        return false;
      };
      rec(0);
      if (found) return found;
    }
  return std::nullopt;
}

namespace {
// Empty rectangle: in box B digit d lies only in line L1 ∪ line L2 (a row and a
// column crossing B), with cells in each away from the crossing. A strong link
// p=q outside B, p seeing every d of B on L1 away from L2: a cell X outside B
// seeing q and every d of B on L2 cannot hold d (X=d ⇒ B's d on L1 ⇒ p false
// ⇒ q true ⇒ X false).
std::optional<Step> find_empty_rectangle(const Context& ctx) {
  const auto& houses = ctx.geo.houses();
  auto line = [](HouseKind k) { return k == HouseKind::row || k == HouseKind::column; };
  const int nh = static_cast<int>(houses.size());
  for (int d = 1; d <= ctx.n(); ++d) {
    const std::vector<StrongLink> links = strong_links(ctx, d);
    for (int b = 0; b < nh; ++b) {
      if (line(houses[b].kind) || ctx.placed_in(b, d)) continue;
      std::vector<int> bc;
      for (int c : houses[b].cells)
        if (ctx.grid.has(c, d)) bc.push_back(c);
      if (bc.size() < 2) continue;
      for (int l1 = 0; l1 < nh; ++l1) {
        if (houses[l1].kind != HouseKind::row) continue;
        for (int l2 = 0; l2 < nh; ++l2) {
          if (houses[l2].kind != HouseKind::column) continue;
          std::vector<int> on1, on2;  // on1: on l1 off l2; on2: on l2 (crossing included)
          bool inside = true, cross_in_box = false;
          for (int c : houses[b].cells) {
            const bool in1 = ctx.tables.house_pos(l1, c) >= 0, in2 = ctx.tables.house_pos(l2, c) >= 0;
            if (in1 && in2) cross_in_box = true;
            if (!ctx.grid.has(c, d)) continue;
            if (in2) on2.push_back(c);
            else if (in1) on1.push_back(c);
            else inside = false;
          }
          if (!inside || !cross_in_box || on1.empty()) continue;
          bool off_cross = false;  // l2 must hold d in B away from l1
          for (int c : on2) off_cross |= ctx.tables.house_pos(l1, c) < 0;
          if (!off_cross) continue;
          for (int swap = 0; swap < 2; ++swap) {
            // swap: the roles of l1 and l2 exchanged.
            std::vector<int> a1 = on1, a2 = on2;
            if (swap) {
              a1.clear();
              a2.clear();
              for (int c : bc) (ctx.tables.house_pos(l1, c) >= 0 ? a2 : a1).push_back(c);
            }
            for (const StrongLink& l : links)
              for (int flip = 0; flip < 2; ++flip) {
                const int p = flip ? l.b : l.a, q = flip ? l.a : l.b;
                if (ctx.tables.house_pos(b, p) >= 0 || ctx.tables.house_pos(b, q) >= 0) continue;
                bool ok = true;
                for (int c : a1) ok &= ctx.tables.sees(p, c);
                if (!ok) continue;
                std::vector<int> targets;
                for (int x = 0; x < ctx.cells(); ++x) {
                  if (x == q || x == p || !ctx.grid.has(x, d) || ctx.tables.house_pos(b, x) >= 0) continue;
                  if (!ctx.tables.sees(x, q)) continue;
                  bool all = true;
                  for (int c : a2) all &= ctx.tables.sees(x, c);
                  if (all) targets.push_back(x);
                }
                Step s;
                if (!add_eliminations(ctx, s, targets, digit_bit(d))) continue;
                s.technique = "Empty rectangle";
                s.rating = 4.3;
                s.detail = cat({std::string(1, digit_char(d)), " in ", house_name(houses[b]), " only in ",
                                house_name(houses[swap ? l2 : l1]), " and ", house_name(houses[swap ? l1 : l2]),
                                ", strong link ", ctx.geo.cell_name(p), "=", ctx.geo.cell_name(q), " in ",
                                house_name(houses[l.h])});
                s.cells = bc;
                s.cells.push_back(p);
                s.cells.push_back(q);
                s.houses = {b, l.h};
                s.links = {{{p, d}, {q, d}, true}};
                return s;
              }
          }
        }
      }
    }
  }
  return std::nullopt;
}

// The class of a three-link chain by its link houses: 0 skyscrapers, 1 turbot
// fish, 2 string kite (see the header).
int three_link_class(const Context& ctx, std::initializer_list<int> link_houses) {
  int rows = 0, columns = 0;
  for (int h : link_houses) {
    rows += ctx.geo.houses()[h].kind == HouseKind::row;
    columns += ctx.geo.houses()[h].kind == HouseKind::column;
  }
  if (rows == 3 || columns == 3) return 0;
  return rows && columns ? 2 : 1;
}

// Three strong links of one digit chained by two weak ones, a=b-c=e-f=g: a or
// g holds d, so d leaves every cell that sees both. Only chains of class `want`.
std::optional<Step> find_three_link_chain(const Context& ctx, int want) {
  static const char* names[] = {"3 Skyscrapers", "3-Turbot fish", "3-String kite"};
  for (int d = 1; d <= ctx.n(); ++d) {
    const std::vector<StrongLink> links = strong_links(ctx, d);
    const int nl = static_cast<int>(links.size());
    for (int i = 0; i < nl; ++i)
      for (int fi = 0; fi < 2; ++fi) {
        const int a = fi ? links[i].b : links[i].a, b = fi ? links[i].a : links[i].b;
        for (int j = 0; j < nl; ++j)
          for (int fj = 0; fj < 2; ++fj) {
            if (j == i) continue;
            const int c = fj ? links[j].b : links[j].a, e = fj ? links[j].a : links[j].b;
            if (c == a || c == b || e == a || e == b || !ctx.tables.sees(b, c)) continue;
            for (int k = i + 1; k < nl; ++k)  // k > i: each chain once, not reversed
              for (int fk = 0; fk < 2; ++fk) {
                if (k == j) continue;
                const int f = fk ? links[k].b : links[k].a, g = fk ? links[k].a : links[k].b;
                if (f == a || f == b || f == c || f == e || g == a || g == b || g == c || g == e) continue;
                if (!ctx.tables.sees(e, f)) continue;
                const int kind = three_link_class(ctx, {links[i].h, links[j].h, links[k].h});
                if (kind != want) continue;
                std::vector<int> targets;
                for (int x = 0; x < ctx.cells(); ++x)
                  if (x != a && x != b && x != c && x != e && x != f && x != g && ctx.tables.sees(x, a) &&
                      ctx.tables.sees(x, g))
                    targets.push_back(x);
                Step s;
                if (!add_eliminations(ctx, s, targets, digit_bit(d))) continue;
                s.technique = names[kind];
                s.rating = 5.4 + 0.1 * kind;
                auto n = [&](int x) { return ctx.geo.cell_name(x); };
                s.detail = cat({std::string(1, digit_char(d)), " in ", n(a), "=", n(b), "-", n(c), "=", n(e), "-",
                                n(f), "=", n(g)});
                s.cells = {a, b, c, e, f, g};
                s.houses = {links[i].h, links[j].h, links[k].h};
                s.links = {{{a, d}, {b, d}, true}, {{b, d}, {c, d}, false}, {{c, d}, {e, d}, true},
                           {{e, d}, {f, d}, false}, {{f, d}, {g, d}, true}};
                return s;
              }
          }
      }
  }
  return std::nullopt;
}
}  // namespace

std::optional<Step> find_single_digit_pattern(const Context& ctx, int want) {
  if (want == 3) return find_empty_rectangle(ctx);
  if (want >= 4) return find_three_link_chain(ctx, want - 4);
  static const char* names[] = {"Skyscraper", "2-String Kite", "Turbot fish"};
  static const double ratings[] = {4.0, 4.1, 4.2};
  const auto& houses = ctx.geo.houses();
  auto line = [](HouseKind k) { return k == HouseKind::row || k == HouseKind::column; };
  for (int d = 1; d <= ctx.n(); ++d) {
    const std::vector<StrongLink> links = strong_links(ctx, d);
    for (std::size_t i = 0; i < links.size(); ++i)
      for (std::size_t j = i + 1; j < links.size(); ++j)
        for (int flip1 = 0; flip1 < 2; ++flip1)
          for (int flip2 = 0; flip2 < 2; ++flip2) {
            const StrongLink& l1 = links[i];
            const StrongLink& l2 = links[j];
            const int a = flip1 ? l1.b : l1.a, b = flip1 ? l1.a : l1.b;  // a = b ... c = e
            const int c = flip2 ? l2.b : l2.a, e = flip2 ? l2.a : l2.b;
            if (a == c || a == e || b == c || b == e) continue;
            if (!ctx.tables.sees(b, c)) continue;
            // Classify.
            const HouseKind k1 = houses[l1.h].kind, k2 = houses[l2.h].kind;
            int kind = 2;
            if (line(k1) && k1 == k2) kind = 0;
            else if (line(k1) && line(k2) && k1 != k2) {
              bool same_box = false;
              for (int h : ctx.tables.common_houses(b, c)) same_box |= !line(houses[h].kind);
              if (same_box) kind = 1;
            }
            if (kind != want) continue;
            std::vector<int> targets;
            for (int x = 0; x < ctx.cells(); ++x)
              if (x != a && x != e && ctx.tables.sees(x, a) && ctx.tables.sees(x, e)) targets.push_back(x);
            Step s;
            if (!add_eliminations(ctx, s, targets, digit_bit(d))) continue;
            s.technique = names[kind];
            s.rating = ratings[kind];
            const std::string dc(1, digit_char(d));
            s.detail = dc + " in " + ctx.geo.cell_name(a) + "=" + ctx.geo.cell_name(b) + "-" +
                       ctx.geo.cell_name(c) + "=" + ctx.geo.cell_name(e);
            s.cells = {a, b, c, e};
            s.houses = {l1.h, l2.h};
            s.links = {{{a, d}, {b, d}, true}, {{b, d}, {c, d}, false}, {{c, d}, {e, d}, true}};
            return s;
          }
  }
  return std::nullopt;
}

}  // namespace nonet::logic
