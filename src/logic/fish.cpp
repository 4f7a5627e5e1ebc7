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
//   Turbot fish 4.2  a line and a box (SukakuExplainer pairs no two boxes)
//   Within each, as SukakuExplainer sorts them, the most eliminations first.
//   Empty rectangle 4.3  a box's d confined to one row and one column, and a
//                    strong link outside the box (see find_empty_rectangle)
//   Three strong links a=b-c=e-f=g: d leaves cells seeing a and g. Rated by
//   the kinds of the three link houses, as SukakuExplainer names them:
//     3 Skyscrapers 5.4    all three in rows, or all three in columns
//     3-Turbot fish 5.5    any other mix without both a row and a column
//     3-String kite 5.6    a row link and a column link among the three, the
//                          middle link a line (a box there: 3-Turbot fish)
//     3-link empty rectangle 5.7  one link is a box's d confined to a row and
//                          a column (see ChainLink)
//   SukakuExplainer tries them all before the WXYZ-Wing and takes the easiest.
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

namespace {
// The fish of digit d on base houses `chosen` (each holding d in 2..k cells),
// or nullopt: d confined to k cover houses of cover_kind, leaving them elsewhere.
std::optional<Step> fish_on(const Context& ctx, int k, int d, const std::vector<int>& chosen, HouseKind cover_kind) {
  static const char* names[] = {"", "", "X-Wing", "Swordfish", "Jellyfish"};
  static const double ratings[] = {0, 0, 3.2, 3.8, 5.2};
  const auto& houses = ctx.geo.houses();
  std::vector<int> base_cells;
  for (int b : chosen) {
    const int count = popcount(ctx.where(b, d));
    if (count < 2 || count > k) return std::nullopt;
    for (int c : houses[b].cells)
      if (ctx.grid.has(c, d)) base_cells.push_back(c);
  }
  std::vector<int> covers;
  for (int c : base_cells)
    for (int h : ctx.geo.houses_of(c))
      if (houses[h].kind == cover_kind && std::find(covers.begin(), covers.end(), h) == covers.end())
        covers.push_back(h);
  if (static_cast<int>(covers.size()) != k) return std::nullopt;
  std::vector<int> targets;
  for (int cv : covers)
    for (int c : houses[cv].cells) {
      bool in_base = false;
      for (int b : chosen) in_base |= ctx.tables.house_pos(b, c) >= 0;
      if (!in_base) targets.push_back(c);
    }
  Step s;
  if (!add_eliminations(ctx, s, targets, digit_bit(d))) return std::nullopt;
  s.technique = names[k];
  s.rating = ratings[k];
  std::string base_text, cover_text;
  for (int b : chosen) base_text += (base_text.empty() ? "" : ", ") + house_name(houses[b]);
  for (int cv : covers) cover_text += (cover_text.empty() ? "" : ", ") + house_name(houses[cv]);
  s.detail = std::string(1, digit_char(d)) + " in " + base_text + " only in " + cover_text;
  s.cells = base_cells;
  s.houses = chosen;
  s.houses.insert(s.houses.end(), covers.begin(), covers.end());
  return s;
}
}  // namespace

// In SE's order: columns as base lines first, then rows; the k-tuples of base
// lines in SE's combination order, every digit for each; a digit placed more
// than n - 2k times is skipped, as SE does.
std::optional<Step> find_fish(const Context& ctx, int k) {
  const auto& houses = ctx.geo.houses();
  const std::pair<HouseKind, HouseKind> kinds[] = {{HouseKind::column, HouseKind::row},
                                                   {HouseKind::row, HouseKind::column}};
  std::vector<int> placed(ctx.n() + 1, 0);
  for (int c = 0; c < ctx.cells(); ++c) ++placed[ctx.grid.value(c)];
  std::optional<Step> found;
  for (auto [base_kind, cover_kind] : kinds) {
    std::vector<int> lines;
    for (int h = 0; h < static_cast<int>(houses.size()); ++h)
      if (houses[h].kind == base_kind) lines.push_back(h);
    std::vector<int> chosen(k);
    combinations(static_cast<int>(lines.size()), k, [&](const std::vector<int>& idx) {
      for (int i = 0; i < k; ++i) chosen[i] = lines[idx[i]];
      for (int d = 1; d <= ctx.n() && !found; ++d)
        if (placed[d] + 2 * k <= ctx.n()) found = fish_on(ctx, k, d, chosen, cover_kind);
      return found.has_value();
    });
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

// A strong link of the three-link chains, as SukakuExplainer takes them: a
// house with d in exactly two cells (for a box, two not on one line: those make
// a row or column link), or an empty rectangle: a box whose three or more
// d-cells lie on the row and the column through one of its cells, the heart
// (d is on the heart's row or on its column). The heart stands for both ends:
// its weak link leaves along one of its lines, and the chain eliminates only
// outside every house of the pattern, so the end at the heart means the other
// line (see chain_targets).
struct ChainLink {
  int h;
  int a, b;  // the two ends; a == b == the heart for an empty rectangle
  bool er;
};

bool is_line(const House& house) { return house.kind == HouseKind::row || house.kind == HouseKind::column; }

// The heart of an empty rectangle in box-like house h, or -1: SE takes the
// first cell of the box whose row and column hold all of its d-cells.
int er_heart(const Context& ctx, int h, int d) {
  const int n = ctx.n();
  for (int heart : ctx.geo.houses()[h].cells) {
    bool confined = true;
    for (int c : ctx.geo.houses()[h].cells)
      if (ctx.grid.has(c, d)) confined &= ctx.geo.row_of(c) == ctx.geo.row_of(heart) || c % n == heart % n;
    if (confined) return heart;
  }
  return -1;
}

std::vector<ChainLink> chain_links(const Context& ctx, int d) {
  std::vector<ChainLink> out;
  const auto& houses = ctx.geo.houses();
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    const Mask m = ctx.where(h, d);
    const int count = popcount(m);
    if (count == 2) {
      const int a = houses[h].cells[std::countr_zero(m)], b = houses[h].cells[63 - std::countl_zero(m)];
      // Two cells of a box on one line: that is the line's link (rated so).
      if (!is_line(houses[h]) && ctx.tables.common_houses(a, b).size() > 1) continue;
      out.push_back({h, a, b, false});
    } else if (count > 2 && !is_line(houses[h])) {
      if (const int heart = er_heart(ctx, h, d); heart >= 0) out.push_back({h, heart, heart, true});
    }
  }
  return out;
}

// The house of a weak link between two cells, as SE picks it: their column,
// else their row, else another house; -1 if they share none.
int share_house(const Context& ctx, int b, int c) {
  int found = -1;
  for (int h : ctx.tables.common_houses(b, c)) {
    const HouseKind kind = ctx.geo.houses()[h].kind;
    if (kind == HouseKind::column) return h;
    if (kind == HouseKind::row || found < 0) found = h;
  }
  return found;
}

// The class of a three-link chain, as SukakuExplainer names and rates it: 0
// 3 Skyscrapers (all links in rows, or all in columns) 5.4, 1 3-Turbot fish
// 5.5, 2 3-String kite (a row link and a column link) 5.6, 3 with an empty
// rectangle 5.7.
int three_link_class(const Context& ctx, const ChainLink* const links[3]) {
  int rows = 0, columns = 0;
  for (int i = 0; i < 3; ++i) {
    if (links[i]->er) return 3;
    rows += ctx.geo.houses()[links[i]->h].kind == HouseKind::row;
    columns += ctx.geo.houses()[links[i]->h].kind == HouseKind::column;
  }
  if (rows == 3 || columns == 3) return 0;
  // A box in the middle makes it a turbot fish (as the published ratings
  // show: 6 of 9 such chains rated 5.5 on the exchange set).
  return rows && columns && is_line(ctx.geo.houses()[links[1]->h]) ? 2 : 1;
}

// Where d leaves for the chain start=...=end: cells seeing both ends, outside
// every base and weak-link house (SE's rule; it keeps an empty rectangle's end
// at its heart to the right line).
std::vector<int> chain_targets(const Context& ctx, int d, int start, int end, const std::vector<int>& houses) {
  std::vector<int> targets;
  for (int x = 0; x < ctx.cells(); ++x) {
    if (x == start || x == end || !ctx.grid.has(x, d) || !ctx.tables.sees(x, start) || !ctx.tables.sees(x, end))
      continue;
    bool inside = false;
    for (int h : houses) inside |= ctx.tables.house_pos(h, x) >= 0;
    if (!inside) targets.push_back(x);
  }
  return targets;
}

// The links' cells are distinct, and an empty rectangle's box holds no cell of
// the other links.
bool links_apart(const Context& ctx, const ChainLink* const links[3]) {
  std::vector<int> cells;
  for (int i = 0; i < 3; ++i) {
    cells.push_back(links[i]->a);
    if (!links[i]->er) cells.push_back(links[i]->b);
  }
  for (std::size_t i = 0; i < cells.size(); ++i)
    for (std::size_t j = i + 1; j < cells.size(); ++j)
      if (cells[i] == cells[j]) return false;
  for (int i = 0; i < 3; ++i) {
    if (!links[i]->er) continue;
    for (int j = 0; j < 3; ++j)
      if (j != i && (ctx.tables.house_pos(links[i]->h, links[j]->a) >= 0 ||
                     ctx.tables.house_pos(links[i]->h, links[j]->b) >= 0))
        return false;
  }
  return true;
}

std::string link_end_text(const Context& ctx, const ChainLink& l, int cell) {
  if (!l.er) return ctx.geo.cell_name(cell);
  return cat({ctx.geo.cell_name(cell), " (", house_name(ctx.geo.houses()[l.h]), ")"});
}

// Three strong links of one digit chained by two weak ones, a=b-c=e-f=g: a or
// g holds d, so d leaves every cell that sees both, outside the pattern's
// houses. As SukakuExplainer sorts them: the easiest class wins, then the most
// eliminations.
std::optional<Step> find_three_link_chain(const Context& ctx) {
  static const char* names[] = {"3 Skyscrapers", "3-Turbot fish", "3-String kite", "3-link empty rectangle"};
  std::optional<Step> best;
  int best_class = 4;
  for (int d = 1; d <= ctx.n(); ++d) {
    const std::vector<ChainLink> links = chain_links(ctx, d);
    const int nl = static_cast<int>(links.size());
    // Middle link j; first link i and last link k > i, each either way round.
    for (int j = 0; j < nl; ++j)
      for (int i = 0; i < nl; ++i)
        for (int k = i + 1; k < nl; ++k) {
          if (i == j || k == j) continue;
          const ChainLink* const chain[3] = {&links[i], &links[j], &links[k]};
          const int cls = three_link_class(ctx, chain);
          if (cls > best_class || !links_apart(ctx, chain)) continue;
          int er_bits = 0;  // an empty rectangle is taken one way round only
          for (int l = 0; l < 3; ++l) er_bits |= chain[l]->er << l;
          for (int flips = 0; flips < 8; ++flips) {
            if (flips & er_bits) continue;
            int end[3][2];
            for (int l = 0; l < 3; ++l) {
              const bool flip = (flips >> l) & 1;
              end[l][0] = flip ? chain[l]->b : chain[l]->a;
              end[l][1] = flip ? chain[l]->a : chain[l]->b;
            }
            const int share1 = share_house(ctx, end[0][1], end[1][0]);
            const int share2 = share_house(ctx, end[1][1], end[2][0]);
            if (share1 < 0 || share2 < 0) continue;
            std::vector<int> houses = {chain[0]->h, chain[1]->h, chain[2]->h};
            if (std::find(houses.begin(), houses.end(), share1) != houses.end() ||
                std::find(houses.begin(), houses.end(), share2) != houses.end())
              continue;
            houses.push_back(share1);
            houses.push_back(share2);
            Step s;
            if (!add_eliminations(ctx, s, chain_targets(ctx, d, end[0][0], end[2][1], houses), digit_bit(d)))
              continue;
            if (cls == best_class && s.eliminations.size() <= best->eliminations.size()) continue;
            s.technique = names[cls];
            s.rating = 5.4 + 0.1 * cls;
            std::string text(1, digit_char(d));
            text += " in ";
            for (int l = 0; l < 3; ++l)
              text += cat({l ? "-" : "", link_end_text(ctx, *chain[l], end[l][0]), "=",
                           link_end_text(ctx, *chain[l], end[l][1])});
            s.detail = text;
            for (int l = 0; l < 3; ++l) {
              s.cells.push_back(end[l][0]);
              if (!chain[l]->er) s.cells.push_back(end[l][1]);
            }
            s.houses = {chain[0]->h, chain[1]->h, chain[2]->h};
            s.links = {{{end[0][0], d}, {end[0][1], d}, true}, {{end[0][1], d}, {end[1][0], d}, false},
                       {{end[1][0], d}, {end[1][1], d}, true}, {{end[1][1], d}, {end[2][0], d}, false},
                       {{end[2][0], d}, {end[2][1], d}, true}};
            best = std::move(s);
            best_class = cls;
          }
        }
  }
  return best;
}
}  // namespace

std::optional<Step> find_single_digit_pattern(const Context& ctx, int want) {
  if (want == 3) return find_empty_rectangle(ctx);
  if (want == 4) return find_three_link_chain(ctx);
  static const char* names[] = {"Skyscraper", "2-String Kite", "Turbot fish"};
  static const double ratings[] = {4.0, 4.1, 4.2};
  const auto& houses = ctx.geo.houses();
  auto line = [](HouseKind k) { return k == HouseKind::row || k == HouseKind::column; };
  // As SukakuExplainer: the step with the most eliminations (the first of
  // those), and no turbot fish from two boxes (it pairs a line with a box).
  std::optional<Step> best;
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
            if (kind != want || (!line(k1) && !line(k2))) continue;
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
            if (!best || s.eliminations.size() > best->eliminations.size()) best = std::move(s);
          }
  }
  return best;
}

}  // namespace nonet::logic
