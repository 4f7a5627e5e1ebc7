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
#include <array>
#include <cstdlib>
#include <limits>
#include <functional>

#include "core/contract.hpp"
#include "internal.hpp"
#include "wings.hpp"

namespace nonet::logic {


namespace {
// The text and cells of a three-cell wing: a pivot and two pincers.
void describe_wing(const Context& ctx, Step& step, const char* technique, Technique rung, int pivot, int first,
                   int second) {
  auto cell_text = [&](int cell) {
    return ctx.geo.cell_name(cell) + " {" + digits_text(ctx.grid.candidates(cell)) + "}";
  };
  step.technique = technique;
  step.rating = step_rating(rung);
  step.detail = "pivot " + cell_text(pivot) + ", pincers " + cell_text(first) + ", " + cell_text(second);
  step.cells = {pivot, first, second};
}
}  // namespace

namespace {
// The rater's position for the shared wing search.
struct RaterCandidates {
  const Context& ctx;
  int cell_count() const { return ctx.cells(); }
  Mask candidates(int cell) const { return ctx.grid.candidates(cell); }
  void for_each_bivalue_peer(int cell, auto visit) const {
    logic::for_each_bivalue_peer(ctx.geo, cell, [&](int peer) { return candidates(peer); }, visit);
  }
};

std::optional<Step> find_wing(const Context& ctx, bool xyz) {
  std::vector<int> pincers;
  std::optional<Step> found;
  find_xy_wings<bits::mask_bit_count>(RaterCandidates{ctx}, xyz, pincers, [&](int pivot, int first, int second, Mask z) {
    if (!ctx.searches_cell(pivot) && !ctx.searches_cell(first) && !ctx.searches_cell(second)) return false;
    Step s;
    const std::vector<int> targets = xyz ? seeing_all(ctx, {pivot, first, second}) : seeing_all(ctx, {first, second});
    if (!add_eliminations(ctx, s, targets, z)) return false;
    describe_wing(ctx, s, xyz ? "XYZ-Wing" : "XY-Wing", xyz ? Technique::xyz_wing : Technique::xy_wing, pivot,
                  first, second);
    found = std::move(s);
    return true;
  });
  return found;
}
}  // namespace

std::optional<Step> find_xy_wing(const Context& ctx) { return find_wing(ctx, false); }
std::optional<Step> find_xyz_wing(const Context& ctx) { return find_wing(ctx, true); }

namespace {
// The big wings (SukakuExplainer): k cells holding k digits between them, where
// every digit but one (z) is restricted (its cells all see each other); the
// cells are k-1 that see each other (an almost locked set) and a bivalue cell. The
// restricted digits fill at most one cell each, so some z-cell holds z: z
// leaves every cell that sees all the z-cells. Rated by the largest cell of the
// set (the extremes are easier): base + ((k - 3) - |3 - largest|) / 10; k = 6
// is rated 6.6 flat.
// A wing's cells in increasing order; past its k cells, int's largest.
using WingSet = std::array<int, 6>;

// True if some cell outside the set holding a digit of `digits` sees every
// cell of the set holding it.
bool wing_eliminates(const Context& ctx, std::span<const int> cells, Mask digits) {
  for (int z : digits_of(digits)) {
    for (std::size_t w = 0; w < static_cast<std::size_t>(ctx.geo.cell_words()); ++w) {
      std::uint64_t word = ~std::uint64_t{0};
      for (int c : cells)
        if (ctx.grid.has(c, z)) word &= ctx.tables.peer_words(c)[w];
      for (int x : bits::SetBits<>(word))
        if (const int cell = static_cast<int>(w * 64) + x; !ctx.grid.value(cell) && ctx.grid.has(cell, z)) return true;
    }
  }
  return false;
}

// The step of the easiest wing found: z (its unrestricted digit) or, with
// none, every digit leaves the cells that see all of its cells in the set.
Step big_wing_step(const Context& ctx, const std::vector<int>& cells, Mask digits, Mask loose, Tenths rating,
                   const char* name) {
  Step s;
  std::vector<int> zcells;
  for (int z : digits_of(loose ? loose : digits)) {
    zcells.clear();
    for (int c : cells)
      if (ctx.grid.has(c, z)) zcells.push_back(c);
    add_eliminations(ctx, s, seeing_all(ctx, zcells), digit_bit(z));
  }
  const int z = loose ? lowest_digit(loose) : 0;
  s.technique = name;
  s.rating = to_rating(rating);
  std::string parts;
  for (int c : cells)
    parts += (parts.empty() ? "" : ", ") + ctx.geo.cell_name(c) + " {" + digits_text(ctx.grid.candidates(c)) + "}";
  s.detail = z ? cat({parts, ": only ", std::string(1, digit_char(z)), " unrestricted"})
               : cat({parts, ": every digit restricted (doubly linked)"});
  s.cells = cells;
  return s;
}

std::optional<Step> find_big_wing(const Context& ctx, int k, Technique rung, const char* name) {
  const Tenths base = rating_of(rung);
  CellSet pool = no_cells(ctx);
  std::vector<int> bivalue;
  for (int c = 0; c < ctx.cells(); ++c) {
    const int count = popcount(ctx.grid.candidates(c));
    if (ctx.grid.value(c) || count < 2 || count > k) continue;
    pool[c >> 6] |= std::uint64_t{1} << (c & 63);
    if (count == 2) bivalue.push_back(c);
  }
  // The sets the shape allows: a clique of k-1 cells (each sees the others)
  // holding k digits, and a bivalue cell with two of them; the cells that
  // do not see each other are the bivalue cell and some of the clique's, so
  // the digits they share are the unrestricted ones. As SukakuExplainer's
  // search over every set of k cells in increasing order takes them, the
  // first of the easiest wins: the least rating, then the least set.
  struct Wing {
    Tenths rating;
    WingSet cells;
    Mask digits, loose;
  };
  std::optional<Wing> best;
  NONET_EXPECTS(k <= static_cast<int>(WingSet{}.size()));
  std::vector<int> clique;
  // common[depth]: the pool's cells that see every cell of the clique so far.
  std::vector<CellSet> common(k, pool);
  // changed: the clique holds a cell of the search's scope (Context::scope_cells).
  const auto judge = [&](int b, Mask digits, int largest, bool changed) {
    if (!changed && !ctx.searches_cell(b)) return;
    Mask loose = 0;
    for (int c : clique)
      if (!ctx.tables.sees(b, c)) loose |= ctx.grid.candidates(b) & ctx.grid.candidates(c);
    if (popcount(loose) > 1) return;
    const Tenths rating = k >= 6 ? base : base + (k - 3) - std::abs(3 - largest);
    if (best && rating > best->rating) return;
    WingSet set;
    set.fill(std::numeric_limits<int>::max());
    std::copy(clique.begin(), clique.end(), set.begin());
    int at = k - 1;  // b into the clique's increasing order
    for (; at > 0 && set[at - 1] > b; --at) set[at] = set[at - 1];
    set[at] = b;
    if (best && rating == best->rating && set >= best->cells) return;
    if (!wing_eliminates(ctx, std::span<const int>(set.data(), k), loose ? loose : digits)) return;
    best = Wing{rating, set, digits, loose};
  };
  const auto grow = [&](const auto& self, int depth, int after, Mask digits, int largest, bool changed) -> void {
    if (depth == k - 1) {
      if (popcount(digits) != k) return;
      for (int b : bivalue)
        if (!(ctx.grid.candidates(b) & ~digits) && std::find(clique.begin(), clique.end(), b) == clique.end())
          judge(b, digits, std::max(largest, 2), changed);
      return;
    }
    const CellSet& can = common[depth];
    for (std::size_t w = static_cast<std::size_t>(after + 1) >> 6; w < can.size(); ++w) {
      std::uint64_t word = can[w];
      if (w == static_cast<std::size_t>(after + 1) >> 6) word &= ~std::uint64_t{0} << ((after + 1) & 63);
      for (int bit : bits::SetBits<>(word)) {
        const int c = static_cast<int>(w * 64) + bit;
        const Mask with = digits | ctx.grid.candidates(c);
        if (popcount(with) > k) continue;
        const auto peers = ctx.tables.peer_words(c);
        for (std::size_t v = 0; v < can.size(); ++v) common[depth + 1][v] = can[v] & peers[v];
        clique.push_back(c);
        self(self, depth + 1, c, with, std::max(largest, popcount(ctx.grid.candidates(c))),
             changed || ctx.searches_cell(c));
        clique.pop_back();
      }
    }
  };
  grow(grow, 0, -1, 0, 0, false);
  if (!best) return std::nullopt;
  return big_wing_step(ctx, std::vector<int>(best->cells.begin(), best->cells.begin() + k), best->digits, best->loose,
                       best->rating, name);
}
}  // namespace

std::optional<Step> find_wxyz_wing(const Context& ctx) {
  return find_big_wing(ctx, 4, Technique::wxyz_wing, "WXYZ-Wing");
}
std::optional<Step> find_vwxyz_wing(const Context& ctx) {
  return find_big_wing(ctx, 5, Technique::vwxyz_wing, "VWXYZ-Wing");
}
std::optional<Step> find_uvwxyz_wing(const Context& ctx) {
  return find_big_wing(ctx, 6, Technique::uvwxyz_wing, "UVWXYZ-Wing");
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
          s.rating = step_rating(Technique::w_wing);
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
