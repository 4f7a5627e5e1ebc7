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
//   Grouped 2-link chain 4.3  a grouped line (a row or column whose d lies in
//                    two boxes: each box's cells are one end, a group) and
//                    another link; targets see every cell of both end groups
//   Three strong links a=b-c=e-f=g: d leaves cells seeing a and g. Rated by
//   the kinds of the three link houses, as SukakuExplainer names them:
//     3 Skyscrapers 5.4    all three in rows, or all three in columns
//     3-Turbot fish 5.5    any other mix: a box link among the three
//     3-String kite 5.6    a row link and a column link, no box (with a box
//                          anywhere: 3-Turbot fish)
//     3-link empty rectangle 5.7  one link is a box's d confined to a row and
//                          a column (see ChainLink)
//     Grouped 3-link chain 5.7  one link a grouped line, no empty rectangle
//   SukakuExplainer tries them all before the WXYZ-Wing and takes the easiest.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/contract.hpp"
#include "internal.hpp"
#include "locked_sets.hpp"

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
  static constexpr Technique techniques[] = {Technique::x_wing, Technique::x_wing, Technique::x_wing,
                                             Technique::swordfish, Technique::jellyfish};
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
      for (int b : chosen) in_base |= ctx.tables.in_house(b, c);
      if (!in_base) targets.push_back(c);
    }
  Step s;
  if (!add_eliminations(ctx, s, targets, digit_bit(d))) return std::nullopt;
  s.technique = names[k];
  s.rating = step_rating(techniques[k]);
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
// than n - 2k times is skipped, as SE does. Each digit's first fish comes
// from the locked-set search, and the one on the earliest tuple (then the
// lowest digit) is SE's.
std::optional<Step> find_fish(const Context& ctx, int k) {
  const auto& houses = ctx.geo.houses();
  const int n = ctx.n();
  const std::pair<HouseKind, HouseKind> kinds[] = {{HouseKind::column, HouseKind::row},
                                                   {HouseKind::row, HouseKind::column}};
  std::vector<int> placed(n + 1, 0);
  for (int c = 0; c < ctx.cells(); ++c) ++placed[ctx.grid.value(c)];
  for (const auto& [base_kind, cover_kind] : kinds) {
    std::vector<int> lines, covers;  // the houses of each kind, in order
    std::vector<int> base_of(ctx.cells(), -1), cover_of(ctx.cells(), -1);  // per cell: its line of each kind
    for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
      const HouseKind kind = houses[h].kind;
      if (kind != base_kind && kind != cover_kind) continue;
      auto& of = kind == base_kind ? base_of : cover_of;
      auto& list = kind == base_kind ? lines : covers;
      for (int c : houses[h].cells) of[c] = static_cast<int>(list.size());
      list.push_back(h);
    }
    Mask best_lines = ~Mask{0};  // the earliest tuple of base lines with a fish, as a mask
    int best_digit = 0;
    for (int d = 1; d <= n; ++d) {
      if (placed[d] + 2 * k > n || !ctx.searches_digit(d)) continue;
      Mask masks[kMaxSize];  // per pool line: its covers holding d
      int pool[kMaxSize], count = 0;
      for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
        Mask covered = 0;
        int places = 0;
        for (int c : houses[lines[i]].cells)
          if (ctx.grid.has(c, d)) covered |= Mask{1} << cover_of[c], ++places;
        if (places >= 2 && places <= k) {
          pool[count] = i;
          masks[count++] = covered;
        }
      }
      const auto eliminating = [&](Mask chosen, Mask cover_set) {
        Mask base = 0;
        for (; chosen; chosen &= chosen - 1) base |= Mask{1} << pool[std::countr_zero(chosen)];
        if (base >= best_lines) return true;  // no earlier than an earlier digit's: this digit's search ends
        for (; cover_set; cover_set &= cover_set - 1)
          for (int c : houses[covers[std::countr_zero(cover_set)]].cells)
            if (ctx.grid.has(c, d) && !(base >> base_of[c] & 1)) {
              best_lines = base;
              best_digit = d;
              return true;
            }
        return false;
      };
      find_locked_sets<bits::mask_bit_count>(std::span<const Mask>(masks, count), {k, k, n + 1}, eliminating);
    }
    if (best_digit == 0) continue;
    std::vector<int> chosen;
    for (Mask x = best_lines; x; x &= x - 1) chosen.push_back(lines[std::countr_zero(x)]);
    return fish_on(ctx, k, best_digit, chosen, cover_kind);
  }
  return std::nullopt;
}

// Empty rectangle: in box B digit d lies only in line L1 ∪ line L2 (a row and a
// column crossing B), with cells in each away from the crossing. A strong link
// p=q outside B, p seeing every d of B on L1 away from L2: a cell X outside B
// seeing q and every d of B on L2 cannot hold d (X=d ⇒ B's d on L1 ⇒ p false
// ⇒ q true ⇒ X false).
std::optional<Step> find_empty_rectangle(const Context& ctx) {
  const auto& houses = ctx.geo.houses();
  auto line = [](HouseKind k) { return k == HouseKind::row || k == HouseKind::column; };
  const int nh = static_cast<int>(houses.size());
  const std::size_t words = static_cast<std::size_t>(ctx.geo.cell_words());
  CellSet targets = no_cells(ctx);
  // Cell sets, reused from box to box (the search runs at every step past
  // 4.5): the box's d-cells; those the two lines' ends need (first, second:
  // the cells p must see, and q's partners must see), and the cells seeing
  // all of `second`.
  CellSet in_box(words), first(words), second(words), seeing_second(words);
  std::vector<int> bc, rows, columns;
  for (int d = 1; d <= ctx.n(); ++d) {
    if (!ctx.searches_digit(d)) continue;
    const std::vector<StrongLink> links = strong_links(ctx, d);
    const std::span<const std::uint64_t> holding = cells_holding(ctx, d);
    for (int b = 0; b < nh; ++b) {
      if (line(houses[b].kind) || ctx.placed_in(b, d)) continue;
      bc.clear();
      for (int c : houses[b].cells)
        if (ctx.grid.has(c, d)) bc.push_back(c);
      if (bc.size() < 2) continue;
      const auto box = ctx.geo.house_bits(b);
      for (std::size_t w = 0; w < words; ++w) in_box[w] = holding[w] & box[w];
      // The rows and columns that cross the box: the pattern's two lines cross in it.
      rows.clear();
      columns.clear();
      for (int l = 0; l < nh; ++l) {
        const HouseKind kind = houses[l].kind;
        if (kind != HouseKind::row && kind != HouseKind::column) continue;
        if (ctx.geo.crossing(b, l)) (kind == HouseKind::row ? rows : columns).push_back(l);
      }
      for (int l1 : rows) {
        for (int l2 : columns) {
          const auto row = ctx.geo.house_bits(l1), column = ctx.geo.house_bits(l2);
          // The box's d-cells all on the two lines, which cross inside the
          // box, with some on l1 off l2 and some on l2 off l1.
          bool inside = true, cross_in_box = false, on1 = false, off_cross = false;
          for (std::size_t w = 0; w < words; ++w) {
            inside &= (in_box[w] & ~(row[w] | column[w])) == 0;
            cross_in_box |= (box[w] & row[w] & column[w]) != 0;
            on1 |= (in_box[w] & row[w] & ~column[w]) != 0;
            off_cross |= (in_box[w] & column[w] & ~row[w]) != 0;
          }
          if (!inside || !cross_in_box || !on1 || !off_cross) continue;
          for (int swap = 0; swap < 2; ++swap) {
            // swap: the roles of l1 and l2 exchanged (the crossing then
            // counts on l1: first is off l1, second on it).
            for (std::size_t w = 0; w < words; ++w) {
              first[w] = swap ? in_box[w] & ~row[w] : in_box[w] & row[w] & ~column[w];
              second[w] = swap ? in_box[w] & row[w] : in_box[w] & column[w];
              seeing_second[w] = ~std::uint64_t{0};
            }
            for (int c : bits::SetBitsOfWords(second.data(), words)) {
              const auto peers = ctx.tables.peer_words(c);
              for (std::size_t w = 0; w < words; ++w) seeing_second[w] &= peers[w];
            }
            for (const StrongLink& l : links)
              for (int flip = 0; flip < 2; ++flip) {
                const int p = flip ? l.b : l.a, q = flip ? l.a : l.b;
                if (ctx.tables.in_house(b, p) || ctx.tables.in_house(b, q)) continue;
                bool ok = true;
                for (std::size_t w = 0; w < words; ++w) ok &= (first[w] & ~ctx.tables.peer_words(p)[w]) == 0;
                if (!ok) continue;
                // The cells outside B holding d that see q and all of B's d on the second line.
                bool any = false;
                for (std::size_t w = 0; w < words; ++w) {
                  std::uint64_t word = holding[w] & ctx.tables.peer_words(q)[w] & ~box[w] & seeing_second[w];
                  if (w == static_cast<std::size_t>(p >> 6)) word &= ~(std::uint64_t{1} << (p & 63));
                  any |= (targets[w] = word) != 0;
                }
                if (!any) continue;
                Step s;
                if (!add_eliminations(ctx, s, cells_of(targets), digit_bit(d))) continue;
                s.technique = "Empty rectangle";
                s.rating = step_rating(Technique::empty_rectangle);
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
// a row or column link); an empty rectangle: a box whose three or more d-cells
// lie on the row and the column through one of its cells, the heart (d is on the
// heart's row or on its column); or a grouped line: a row or column whose three
// or more d-cells lie in two boxes, each box's cells one end (a group). The
// heart stands for both ends: its weak link leaves along one of its lines, and
// the chain eliminates only outside every house of the pattern, so the end at
// the heart means the other line (see chain_targets).
enum class LinkShape { plain, empty_rectangle, grouped_line };
// Houses as bits (any geometry nonet supports has at most 256).
using HouseBits = std::array<std::uint64_t, 4>;
struct ChainLink {
  int h;
  LinkShape shape;
  // The two ends, a and b (an empty rectangle's are both its heart), in the
  // cells of their ChainLinks.
  std::array<std::span<const int>, 2> ends;
  std::array<HouseBits, 2> holding{};  // per end: the houses that hold every cell of it
  // Per end: the cells holding the digit that see every cell of it (where
  // the chain's eliminations may lie), Geometry::cell_words() words in its
  // ChainLinks' `targets`.
  std::array<std::span<const std::uint64_t>, 2> targets;
  std::span<const int> end(int side) const { return ends[side]; }
};

// One digit's chain links in a position (Context::chain_links_of_digit), their
// ends' cells in one list, the cell sets of their ends' targets in another.
struct ChainLinks {
  std::vector<ChainLink> links;
  std::vector<int> cells;
  std::vector<std::uint64_t> targets;
};

namespace {

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

// The box-like house (box, jigsaw region) of a cell, -1 if none.
int box_of(const Context& ctx, int cell) {
  for (int h : ctx.geo.houses_of(cell))
    if (!is_line(ctx.geo.houses()[h]) && ctx.geo.houses()[h].kind != HouseKind::diagonal &&
        ctx.geo.houses()[h].kind != HouseKind::anti_diagonal && ctx.geo.houses()[h].kind != HouseKind::window)
      return h;
  return -1;
}

// Line h's d-cells split by box, appended to `first` and `second`, if they lie
// in exactly two boxes.
bool grouped_line_link(const Context& ctx, int h, int d, std::vector<int>& first, std::vector<int>& second) {
  int first_box = -1, second_box = -1;
  for (int c : ctx.geo.houses()[h].cells) {
    if (!ctx.grid.has(c, d)) continue;
    const int box = box_of(ctx, c);
    if (box < 0) return false;
    if (first_box < 0 || box == first_box) {
      first_box = box;
      first.push_back(c);
    } else if (second_box < 0 || box == second_box) {
      second_box = box;
      second.push_back(c);
    } else {
      return false;
    }
  }
  return !second.empty();
}

HouseBits houses_holding(const Context& ctx, std::span<const int> cells) {
  HouseBits bits{};
  for (int h : ctx.geo.houses_of(cells[0]))
    if (cells.size() == 1 || std::all_of(cells.begin() + 1, cells.end(), [&](int c) { return ctx.tables.in_house(h, c); }))
      bits[h / 64] |= std::uint64_t{1} << (h % 64);
  return bits;
}

// Fills `out` with d's chain links.
void chain_links(const Context& ctx, int d, ChainLinks& out) {
  NONET_EXPECTS(ctx.geo.houses().size() <= 64 * std::tuple_size_v<HouseBits>);
  // Each link's ends as [from, to) in out.cells, made spans once the list stops growing.
  std::vector<std::array<std::size_t, 3>> bounds;  // end a from, end b from, end b to
  std::vector<int> second;
  const auto& houses = ctx.geo.houses();
  const auto add = [&](int h, LinkShape shape, std::size_t from, std::size_t middle) {
    out.links.push_back({h, shape, {}, {}, {}});
    bounds.push_back({from, middle, out.cells.size()});
  };
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    const Mask m = ctx.where(h, d);
    const int count = popcount(m);
    const std::size_t from = out.cells.size();
    if (count == 2) {
      const int a = houses[h].cells[std::countr_zero(m)], b = houses[h].cells[63 - std::countl_zero(m)];
      // Two cells of a box on one line: that is the line's link (rated so).
      if (!is_line(houses[h]) &&
          std::ranges::count_if(ctx.geo.houses_of(a), [&](int other) { return ctx.tables.in_house(other, b); }) > 1)
        continue;
      out.cells.insert(out.cells.end(), {a, b});
      add(h, LinkShape::plain, from, from + 1);
    } else if (count > 2 && !is_line(houses[h])) {
      if (const int heart = er_heart(ctx, h, d); heart >= 0) {
        out.cells.push_back(heart);
        add(h, LinkShape::empty_rectangle, from, from);  // both ends the heart
      }
    } else if (count > 2) {
      second.clear();
      if (!grouped_line_link(ctx, h, d, out.cells, second)) {
        out.cells.resize(from);
        continue;
      }
      const std::size_t middle = out.cells.size();
      out.cells.insert(out.cells.end(), second.begin(), second.end());
      add(h, LinkShape::grouped_line, from, middle);
    }
  }
  const std::span<const int> cells(out.cells);
  const std::size_t words = static_cast<std::size_t>(ctx.geo.cell_words());
  const std::span<const std::uint64_t> holding = cells_holding(ctx, d);
  out.targets.resize(out.links.size() * 2 * words);
  for (std::size_t i = 0; i < out.links.size(); ++i) {
    ChainLink& link = out.links[i];
    const auto [a, b, to] = bounds[i];
    link.ends[0] = cells.subspan(a, (a == b ? to : b) - a);  // an empty rectangle's heart
    link.ends[1] = cells.subspan(b, to - b);
    for (int side = 0; side < 2; ++side) {
      link.holding[side] = houses_holding(ctx, link.end(side));
      const std::span<std::uint64_t> targets = std::span<std::uint64_t>(out.targets).subspan((2 * i + side) * words, words);
      std::copy(holding.begin(), holding.end(), targets.begin());
      for (int c : link.end(side))
        for (std::size_t w = 0; w < words; ++w) targets[w] &= ctx.tables.peer_words(c)[w];
      link.targets[side] = targets;
    }
  }
}

// The house of a weak link between two ends (cells or groups), as SE picks it:
// one holding every cell of both, their column, else their row, else another
// house (the first among the houses of from's first cell); -1 if they share
// none.
int share_house(const Context& ctx, const ChainLink& from, int from_side, const ChainLink& to, int to_side) {
  HouseBits both;
  bool any = false;
  for (std::size_t w = 0; w < both.size(); ++w) any |= (both[w] = from.holding[from_side][w] & to.holding[to_side][w]) != 0;
  if (!any) return -1;
  int found = -1;
  for (int h : ctx.geo.houses_of(from.end(from_side)[0])) {
    if (!((both[h / 64] >> (h % 64)) & 1)) continue;
    const HouseKind kind = ctx.geo.houses()[h].kind;
    if (kind == HouseKind::column) return h;
    if (kind == HouseKind::row || found < 0) found = h;
  }
  return found;
}

// The class of a three-link chain, as SukakuExplainer names and rates it: 0
// 3 Skyscrapers (all links in rows, or all in columns) 5.4, 1 3-Turbot fish
// 5.5, 2 3-String kite (a row link and a column link) 5.6, 3 grouped (an empty
// rectangle or a grouped line among the links) 5.7.
int three_link_class(const Context& ctx, const ChainLink* const links[3]) {
  int rows = 0, columns = 0;
  for (int i = 0; i < 3; ++i) {
    if (links[i]->shape != LinkShape::plain) return 3;
    rows += ctx.geo.houses()[links[i]->h].kind == HouseKind::row;
    columns += ctx.geo.houses()[links[i]->h].kind == HouseKind::column;
  }
  if (rows == 3 || columns == 3) return 0;
  // A kite only without a box: a box link anywhere makes it a turbot fish.
  // From the published ratings, not the source (whose latest version rates a
  // box with both line kinds 5.6; the evidence: docs/journal/2026-measurements-in-code.md).
  return rows && columns && rows + columns == 3 ? 2 : 1;
}

// Where d leaves for the chain start=...=end: cells seeing every cell of both
// ends, outside every base and weak-link house (SE's rule; it keeps an empty
// rectangle's end at its heart to the right line).
std::vector<int> chain_targets(const Context& ctx, int d, std::span<const int> start, std::span<const int> end,
                               std::span<const int> houses) {
  std::vector<int> targets;
  for (int x : ctx.geo.peers_of(start.front())) {
    if (!ctx.grid.has(x, d)) continue;
    bool sees_ends = true;
    for (std::span<const int> group : {start, end})
      for (int c : group) sees_ends &= x != c && ctx.tables.sees(x, c);
    bool inside = false;
    for (int h : houses) inside |= ctx.tables.in_house(h, x);
    if (sees_ends && !inside) targets.push_back(x);
  }
  return targets;
}

// The links' cells are distinct, and an empty rectangle's box holds no cell of
// the other links.
bool links_apart(const Context& ctx, std::span<const ChainLink* const> links) {
  // An empty rectangle's two ends are its heart: count it once.
  auto ends_of = [](const ChainLink* l) { return l->shape == LinkShape::empty_rectangle ? 1 : 2; };
  for (std::size_t i = 0; i < links.size(); ++i)
    for (std::size_t j = i + 1; j < links.size(); ++j)
      for (int ei = 0; ei < ends_of(links[i]); ++ei)
        for (int ej = 0; ej < ends_of(links[j]); ++ej)
          for (int c : links[i]->end(ei)) {
            const std::span<const int> other = links[j]->end(ej);
            if (std::find(other.begin(), other.end(), c) != other.end()) return false;
          }
  for (const ChainLink* er : links) {
    if (er->shape != LinkShape::empty_rectangle) continue;
    for (const ChainLink* other : links)
      for (std::span<const int> end : other->ends)
        for (int c : end)
          if (other != er && ctx.tables.in_house(er->h, c)) return false;
  }
  return true;
}

std::string link_end_text(const Context& ctx, const ChainLink& l, std::span<const int> end) {
  std::string cells;
  for (int c : end) {
    if (!cells.empty()) cells += ',';
    cells += ctx.geo.cell_name(c);
  }
  if (end.size() > 1) cells = cat({"{", cells, "}"});
  if (l.shape != LinkShape::empty_rectangle) return cells;
  return cat({cells, " (", house_name(ctx.geo.houses()[l.h]), ")"});
}

// The chain of digit d through `links` in order, link i left at its end
// exits[i] (and entered at the other), weakly linked between: its
// eliminations, cells, houses and links (technique and rating left to the
// caller), or nullopt where two consecutive links share no house, a weak
// link's house is a link's house, or nothing goes.
std::optional<Step> chain_step(const Context& ctx, int d, std::span<const ChainLink* const> links,
                               std::span<const int> exits) {
  const auto entered = [&](std::size_t i) { return links[i]->end(1 - exits[i]); };
  const auto left = [&](std::size_t i) { return links[i]->end(exits[i]); };
  // The links' houses, then the houses joining them (a chain of at most three links).
  std::array<int, 5> houses{};
  NONET_EXPECTS(links.size() <= 3);
  std::size_t count = 0;
  for (const ChainLink* l : links) houses[count++] = l->h;
  const std::size_t bases = count;
  for (std::size_t i = 0; i + 1 < links.size(); ++i) {
    const int share = share_house(ctx, *links[i], exits[i], *links[i + 1], 1 - exits[i + 1]);
    if (share < 0 || std::find(houses.begin(), houses.begin() + bases, share) != houses.begin() + bases)
      return std::nullopt;
    houses[count++] = share;
  }
  const std::vector<int> targets =
      chain_targets(ctx, d, entered(0), left(links.size() - 1), std::span<const int>(houses.data(), count));
  if (targets.empty()) return std::nullopt;  // each target holds d
  Step s;
  add_eliminations(ctx, s, targets, digit_bit(d));
  std::string text(1, digit_char(d));
  text += " in ";
  for (std::size_t i = 0; i < links.size(); ++i) {
    text += cat({i ? "-" : "", link_end_text(ctx, *links[i], entered(i)), "=", link_end_text(ctx, *links[i], left(i))});
    s.cells.insert(s.cells.end(), entered(i).begin(), entered(i).end());
    if (links[i]->shape != LinkShape::empty_rectangle) s.cells.insert(s.cells.end(), left(i).begin(), left(i).end());
    // A group is drawn from its first cell.
    if (i) s.links.push_back({{left(i - 1).front(), d}, {entered(i).front(), d}, false});
    s.links.push_back({{entered(i).front(), d}, {left(i).front(), d}, true});
  }
  s.detail = text;
  s.houses.assign(houses.begin(), houses.begin() + bases);
  return s;
}

// Which ends of two links share a target (a cell where a chain between them
// may eliminate): bit 2 * side of `first` + side of `last`.
int targets_meet(const ChainLink& first, const ChainLink& last) {
  int meet = 0;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b) {
      const auto x = first.targets[a], y = last.targets[b];
      for (std::size_t w = 0; w < x.size(); ++w)
        if (x[w] & y[w]) {
          meet |= 1 << (2 * a + b);
          break;
        }
    }
  return meet;
}

// Every way round of the chain through `links` (an empty rectangle one way
// only: its heart is both ends), handed to `take` as a step; a way whose two
// ends share no target (`meet`: targets_meet of the first and last links) is
// not tried.
template <std::size_t K, class Take>
void each_chain_way(const Context& ctx, int d, const std::array<const ChainLink*, K>& links, int meet, Take take) {
  int er_bits = 0;
  for (std::size_t l = 0; l < K; ++l) er_bits |= (links[l]->shape == LinkShape::empty_rectangle) << l;
  for (int flips = 0; flips < (1 << K); ++flips) {
    if (flips & er_bits) continue;
    std::array<int, K> exits;  // the side each link is left at: b, or a when flipped
    for (std::size_t l = 0; l < K; ++l) exits[l] = 1 - ((flips >> l) & 1);
    if (!((meet >> (2 * (1 - exits[0]) + exits[K - 1])) & 1)) continue;
    if (auto s = chain_step(ctx, d, links, exits)) take(std::move(*s));
  }
}

bool has_shape(std::span<const ChainLink* const> links, LinkShape shape) {
  for (const ChainLink* l : links)
    if (l->shape == shape) return true;
  return false;
}

// For every two links, whether an end of one shares a house with an end of
// the other (a chain can join them): asked once, not for every triple.
std::vector<char> weakly_linked(const std::vector<ChainLink>& links) {
  const std::size_t nl = links.size();
  // Two ends share a house (share_house() finds one) where their house bits meet.
  const auto meet = [&](const HouseBits& x, const HouseBits& y) {
    for (std::size_t w = 0; w < x.size(); ++w)
      if (x[w] & y[w]) return true;
    return false;
  };
  std::vector<char> linked(nl * nl, 0);
  for (std::size_t i = 0; i < nl; ++i)
    for (std::size_t j = i + 1; j < nl; ++j) {
      const auto& x = links[i].holding;
      const auto& y = links[j].holding;
      const bool any = meet(x[0], y[0]) || meet(x[0], y[1]) || meet(x[1], y[0]) || meet(x[1], y[1]);
      linked[i * nl + j] = linked[j * nl + i] = any;
    }
  return linked;
}

// The chain links of d, made on the first ask in this position: the grouped
// two-link and the three-link chains both take them.
const ChainLinks& links_of_digit(const Context& ctx, int d) {
  auto& made = ctx.chain_links_of_digit;
  if (made.empty()) made.resize(static_cast<std::size_t>(ctx.n()));
  std::shared_ptr<const ChainLinks>& links = made[static_cast<std::size_t>(d - 1)];
  if (!links) {
    auto made = std::make_shared<ChainLinks>();
    chain_links(ctx, d, *made);
    links = std::move(made);
  }
  return *links;
}

}  // namespace

// Three strong links of one digit chained by two weak ones, a=b-c=e-f=g: a or
// g holds d, so d leaves every cell that sees both, outside the pattern's
// houses. As SukakuExplainer sorts them: the easiest class wins, then the most
// eliminations.
std::optional<Step> find_three_link_chain(const Context& ctx) {
  static const char* names[] = {"3 Skyscrapers", "3-Turbot fish", "3-String kite", "3-link empty rectangle"};
  std::optional<Step> best;
  int best_class = 4;
  for (int d = 1; d <= ctx.n(); ++d) {
    if (!ctx.searches_digit(d)) continue;
    const std::vector<ChainLink>& links = links_of_digit(ctx, d).links;
    const int nl = static_cast<int>(links.size());
    const std::vector<char> linked = weakly_linked(links);
    // Whether two links are apart (links_apart), asked once per pair: -1 not yet.
    std::vector<signed char> apart(static_cast<std::size_t>(nl) * nl, -1);
    const auto pair_apart = [&](int x, int y) {
      signed char& known = apart[static_cast<std::size_t>(std::min(x, y)) * nl + std::max(x, y)];
      if (known < 0) known = links_apart(ctx, std::array<const ChainLink*, 2>{&links[x], &links[y]});
      return known == 1;
    };
    // Middle link j; first link i and last link k > i, each either way round
    // (both linked to j: `beside`, in order).
    std::vector<int> beside;
    for (int j = 0; j < nl; ++j) {
      beside.clear();
      for (int i = 0; i < nl; ++i)
        if (i != j && linked[i * nl + j]) beside.push_back(i);
      for (std::size_t first = 0; first < beside.size(); ++first)
        for (std::size_t last = first + 1; last < beside.size(); ++last) {
          const int i = beside[first], k = beside[last];
          const std::array<const ChainLink*, 3> chain = {&links[i], &links[j], &links[k]};
          const int cls = three_link_class(ctx, chain.data());
          // The links are apart where every two of them are.
          if (cls > best_class || !pair_apart(i, j) || !pair_apart(j, k) || !pair_apart(i, k)) continue;
          each_chain_way(ctx, d, chain, targets_meet(links[i], links[k]), [&](Step s) {
            if (cls == best_class && s.eliminations.size() <= best->eliminations.size()) return;
            const bool grouped_only = cls == 3 && !has_shape(chain, LinkShape::empty_rectangle);
            s.technique = grouped_only ? "Grouped 3-link chain" : names[cls];
            s.rating = step_rating(Technique::three_link_x_chain, cls);
            best = std::move(s);
            best_class = cls;
          });
        }
    }
  }
  return best;
}

// Two strong links of one digit, one of them (or both) a grouped line, a=b-c=e:
// a or e holds d (SukakuExplainer's grouped two-link chains, rated with the
// empty rectangle, 4.3). The most eliminations first.
std::optional<Step> find_grouped_two_link_chain(const Context& ctx) {
  std::optional<Step> best;
  for (int d = 1; d <= ctx.n(); ++d) {
    if (!ctx.searches_digit(d)) continue;
    const std::vector<ChainLink>& links = links_of_digit(ctx, d).links;
    for (std::size_t i = 0; i < links.size(); ++i)
      for (std::size_t j = i + 1; j < links.size(); ++j) {
        if (links[i].shape != LinkShape::grouped_line && links[j].shape != LinkShape::grouped_line) continue;
        const int ends = targets_meet(links[i], links[j]);
        if (!ends) continue;
        const std::array<const ChainLink*, 2> chain = {&links[i], &links[j]};
        // (An empty rectangle with a plain link is find_empty_rectangle's.)
        if (!links_apart(ctx, chain)) continue;
        each_chain_way(ctx, d, chain, ends, [&](Step s) {
          if (best && s.eliminations.size() <= best->eliminations.size()) return;
          s.technique = "Grouped 2-link chain";
          s.rating = step_rating(Technique::grouped_two_link_chain);
          best = std::move(s);
        });
      }
  }
  return best;
}

namespace {
// Whether two strong links in houses of kinds k1 and k2 can make `pattern`:
// a skyscraper takes two lines of one kind, a kite a row and a column, a
// turbot fish anything but those two lines of one kind and two boxes (which
// the pattern's cells decide between it and a kite).
bool two_link_kind_possible(HouseKind k1, HouseKind k2, TwoLinkPattern pattern) {
  const auto line = [](HouseKind k) { return k == HouseKind::row || k == HouseKind::column; };
  const bool same_line = line(k1) && k1 == k2, crossing_lines = line(k1) && line(k2) && k1 != k2;
  switch (pattern) {
    case TwoLinkPattern::skyscraper: return same_line;
    case TwoLinkPattern::two_string_kite: return crossing_lines;
    default: return !same_line && (line(k1) || line(k2));
  }
}
}  // namespace

std::optional<Step> find_two_link_pattern(const Context& ctx, TwoLinkPattern pattern) {
  const int want = static_cast<int>(pattern);
  static const char* names[] = {"Skyscraper", "2-String Kite", "Turbot fish"};
  static constexpr Technique techniques[] = {Technique::skyscraper, Technique::two_string_kite, Technique::turbot_fish};
  const auto& houses = ctx.geo.houses();
  const auto line = [](HouseKind k) { return k == HouseKind::row || k == HouseKind::column; };
  // As SukakuExplainer: the step with the most eliminations (the first of
  // those), and no turbot fish from two boxes (it pairs a line with a box).
  std::optional<Step> best;
  for (int d = 1; d <= ctx.n(); ++d) {
    if (!ctx.searches_digit(d)) continue;
    const std::vector<StrongLink> links = strong_links(ctx, d);
    const std::span<const std::uint64_t> holding = cells_holding(ctx, d);
    CellSet seeing_ends = no_cells(ctx);
    for (std::size_t i = 0; i < links.size(); ++i)
      for (std::size_t j = i + 1; j < links.size(); ++j) {
        const StrongLink& l1 = links[i];
        const StrongLink& l2 = links[j];
        const HouseKind k1 = houses[l1.h].kind, k2 = houses[l2.h].kind;
        if (!two_link_kind_possible(k1, k2, pattern)) continue;
        const bool crossing_lines = line(k1) && line(k2) && k1 != k2;
        for (int flips = 0; flips < 4; ++flips) {
          const bool flip1 = flips & 2, flip2 = flips & 1;  // in SE's order: the first link's flip outer
          const int a = flip1 ? l1.b : l1.a, b = flip1 ? l1.a : l1.b;  // a = b ... c = e
          const int c = flip2 ? l2.b : l2.a, e = flip2 ? l2.a : l2.b;
          if (a == c || a == e || b == c || b == e || !ctx.tables.sees(b, c)) continue;
          // The cells holding d that see both ends (a step needs one).
          bool any = false;
          for (std::size_t w = 0; w < seeing_ends.size(); ++w)
            any |= (seeing_ends[w] = holding[w] & ctx.tables.peer_words(a)[w] & ctx.tables.peer_words(e)[w]) != 0;
          if (!any) continue;
          // A row and a column make a kite where b and c share a box, else a turbot fish.
          if (crossing_lines) {
            bool same_box = false;
            for (int h : ctx.tables.common_houses(b, c)) same_box |= !line(houses[h].kind);
            if (same_box != (pattern == TwoLinkPattern::two_string_kite)) continue;
          }
          Step s;
          if (!add_eliminations(ctx, s, cells_of(seeing_ends), digit_bit(d))) continue;
          s.technique = names[want];
          s.rating = step_rating(techniques[want]);
          const std::string dc(1, digit_char(d));
          s.detail = dc + " in " + ctx.geo.cell_name(a) + "=" + ctx.geo.cell_name(b) + "-" + ctx.geo.cell_name(c) +
                     "=" + ctx.geo.cell_name(e);
          s.cells = {a, b, c, e};
          s.houses = {l1.h, l2.h};
          s.links = {{{a, d}, {b, d}, true}, {{b, d}, {c, d}, false}, {{c, d}, {e, d}, true}};
          if (!best || s.eliminations.size() > best->eliminations.size()) best = std::move(s);
        }
      }
  }
  return best;
}

}  // namespace nonet::logic
