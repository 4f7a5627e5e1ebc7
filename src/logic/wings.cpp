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
  find_xy_wings<bits::bit_count>(RaterCandidates{ctx}, xyz, pincers, [&](int pivot, int first, int second, Mask z) {
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

std::optional<Step> find_big_wing(const Context& ctx, int k, Technique rung, const char* name) {
  const Tenths base = rating_of(rung);
  std::vector<int> pool;
  for (int c = 0; c < ctx.cells(); ++c)
    if (!ctx.grid.value(c) && popcount(ctx.grid.candidates(c)) >= 2 && popcount(ctx.grid.candidates(c)) <= k)
      pool.push_back(c);
  std::optional<Step> best;
  std::vector<int> chosen, zcells;
  Tenths lowest = base + 100;
  // u: the set's digits; loose: its non-restricted ones (on cells that do not see each other).
  auto finish = [&](Mask u, Mask loose) {
    if (popcount(loose) > 1 || popcount(u) != k) return;
    // As SukakuExplainer builds them: an almost locked set of k-1 cells that
    // all see each other (k digits) and one bivalue cell with two of them.
    bool shaped = false;
    for (int b : chosen) {
      if (shaped || popcount(ctx.grid.candidates(b)) != 2) continue;
      Mask rest = 0;
      bool clique = true;
      for (int c : chosen) {
        if (c == b) continue;
        rest |= ctx.grid.candidates(c);
        for (int o : chosen)
          if (o != b && o != c && !ctx.tables.sees(o, c)) clique = false;
      }
      shaped = clique && rest == u;
    }
    if (!shaped) return;
    int largest = 0;
    for (int c : chosen) largest = std::max(largest, popcount(ctx.grid.candidates(c)));
    const Tenths rating = k >= 6 ? base : base + (k - 3) - std::abs(3 - largest);
    if (rating >= lowest) return;
    // One unrestricted digit z: some z-cell holds it. None (doubly linked):
    // the k cells take the k digits once each, so every digit leaves the
    // cells that see all of its cells in the pattern.
    Step s;
    bool any = false;
    for (int z : digits_of(loose ? loose : u)) {
      zcells.clear();
      for (int c : chosen)
        if (ctx.grid.has(c, z)) zcells.push_back(c);
      any |= add_eliminations(ctx, s, seeing_all(ctx, zcells), digit_bit(z));
    }
    if (!any) return;
    const int z = loose ? lowest_digit(loose) : 0;
    s.technique = name;
    s.rating = to_rating(rating);
    std::string parts;
    for (int c : chosen)
      parts += (parts.empty() ? "" : ", ") + ctx.geo.cell_name(c) + " {" + digits_text(ctx.grid.candidates(c)) + "}";
    s.detail = z ? cat({parts, ": only ", std::string(1, digit_char(z)), " unrestricted"})
                 : cat({parts, ": every digit restricted (doubly linked)"});
    s.cells = chosen;
    lowest = rating;
    best = std::move(s);
  };
  // The sets the shape allows: a clique of k-1 cells (each sees the others)
  // holding k digits, and a bivalue cell with two of them. Each is judged in
  // the order of its cells, as SukakuExplainer's search over every set of k
  // cells takes them, so the first of the easiest wins as there.
  std::vector<WingSet> sets;
  std::vector<int> clique, bivalue;
  for (int c : pool)
    if (popcount(ctx.grid.candidates(c)) == 2) bivalue.push_back(c);
  // common[depth]: the pool's cells that see every cell of the clique so far.
  std::vector<CellSet> common(k, no_cells(ctx));
  for (int c : pool) common[0][c >> 6] |= std::uint64_t{1} << (c & 63);
  const auto grow = [&](const auto& self, int depth, int after, Mask digits) -> void {
    if (depth == k - 1) {
      if (popcount(digits) != k || depth >= static_cast<int>(WingSet{}.size())) return;
      for (int b : bivalue) {
        const Mask pair = ctx.grid.candidates(b);
        if ((pair & ~digits) || std::find(clique.begin(), clique.end(), b) != clique.end()) continue;
        WingSet set;
        set.fill(std::numeric_limits<int>::max());
        std::copy(clique.begin(), clique.end(), set.begin());
        int at = depth;  // b into the clique's increasing order
        for (; at > 0 && set[at - 1] > b; --at) set[at] = set[at - 1];
        set[at] = b;
        sets.push_back(set);
      }
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
        self(self, depth + 1, c, with);
        clique.pop_back();
      }
    }
  };
  grow(grow, 0, -1, 0);
  std::sort(sets.begin(), sets.end());
  sets.erase(std::unique(sets.begin(), sets.end()), sets.end());
  for (const WingSet& cells : sets) {
    if (best && lowest <= base) break;  // the easiest rating possible
    chosen.assign(cells.begin(), cells.begin() + k);
    const std::vector<int>& set = chosen;
    Mask digits = 0, loose = 0;
    for (std::size_t a = 0; a < set.size(); ++a) {
      digits |= ctx.grid.candidates(set[a]);
      for (std::size_t b = a + 1; b < set.size(); ++b)
        if (!ctx.tables.sees(set[a], set[b])) loose |= ctx.grid.candidates(set[a]) & ctx.grid.candidates(set[b]);
    }
    finish(digits, loose);
  }
  return best;
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
