// Aligned pair exclusion (SE 6.2). Two unsolved base cells (they need not see
// each other) and the bivalue cells that see both of them (at least two such
// "excluders"). A combination of a digit for each base cell is impossible where
// both cells see each other and the digits are equal, or where an excluder holds
// only those two digits (it would be left empty). A digit of a base cell that
// appears in no possible combination goes.
//
//   row 1: r1c1 {1,2,3}, r1c5 {1,2,3}, excluders r1c8 {1,3}, r1c9 {2,3}:
//   a 3 in either base cell leaves the other 1 or 2, which empties an
//   excluder → r1c1<>3, r1c5<>3
//
// Aligned triplet exclusion (SE 7.5): the same with three base cells, the
// third seeing one of the first two, and as excluders the cells of two or
// three candidates that see all three (at least two of them). A combination
// is impossible where two base cells that see each other take the same digit,
// or where it holds every candidate of an excluder.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>

#include "internal.hpp"

namespace nonet::logic {

namespace {

// out = a & b & c, word by word; true when out holds two cells or more
// (every search here needs two; no count is taken).
bool intersect_two(std::span<const std::uint64_t> a, std::span<const std::uint64_t> b, std::span<const std::uint64_t> c,
                   CellSet& out) {
  bool one = false, two = false;
  for (std::size_t w = 0; w < out.size(); ++w) {
    const std::uint64_t cells = out[w] = a[w] & b[w] & c[w];
    two |= (cells & (cells - 1)) != 0 || (one && cells != 0);
    one |= cells != 0;
  }
  return two;
}

// The digits of each base cell that no possible combination uses (the step
// is built only where some go: most pairs exclude nothing).
std::optional<Step> exclude_pair(const Context& ctx, int a, int b, std::span<const std::uint64_t> excluder_set) {
  // With x in a, b may not take forbidden[x]: each y where {x, y} are an
  // excluder's two candidates (it would be left empty), and x itself where
  // the two cells see each other. Only a's digits are looked up, so only
  // they are cleared.
  const Mask digits_a = ctx.grid.candidates(a);
  std::array<Mask, 65> forbidden;
  for (int x : digits_of(digits_a)) forbidden[x] = 0;
  for (std::size_t w = 0; w < excluder_set.size(); ++w)
    for (int bit : bits::SetBits<>(excluder_set[w])) {
      const Mask pair = ctx.grid.candidates(static_cast<int>(w * 64) + bit);
      for (int x : digits_of(pair & digits_a)) forbidden[x] |= pair & ~digit_bit(x);
    }
  const bool same_house = ctx.tables.sees(a, b);
  Mask used_a = 0, used_b = 0;
  for (int da : digits_of(digits_a)) {
    const Mask with = ctx.grid.candidates(b) & ~forbidden[da] & ~(same_house ? digit_bit(da) : Mask{0});
    if (!with) continue;
    used_a |= digit_bit(da);
    used_b |= with;
  }
  if (used_a == ctx.grid.candidates(a) && used_b == ctx.grid.candidates(b)) return std::nullopt;
  const std::vector<int> excluders = cells_of(excluder_set);
  Step s;
  bool any = add_eliminations(ctx, s, {a}, ctx.grid.candidates(a) & ~used_a);
  any |= add_eliminations(ctx, s, {b}, ctx.grid.candidates(b) & ~used_b);
  if (!any) return std::nullopt;
  s.technique = "Aligned pair exclusion";
  s.rating = step_rating(Technique::aligned_pair_exclusion);
  s.detail = cat({ctx.geo.cell_name(a), " and ", ctx.geo.cell_name(b), ", excluders ", cells_text(ctx.geo, excluders)});
  s.cells = {a, b};
  s.cells.insert(s.cells.end(), excluders.begin(), excluders.end());
  return s;
}
}  // namespace

namespace {
// The digits of three base cells that no possible combination uses.
// `excluded`: scratch, for the excluders' candidates (a combination may not hold all of one's).
std::optional<Step> exclude_triplet(const Context& ctx, const std::array<int, 3>& base, const CellSet& excluder_set,
                                    std::vector<Mask>& excluded) {
  excluded.clear();
  for (std::size_t w = 0; w < excluder_set.size(); ++w)
    for (int bit : bits::SetBits<>(excluder_set[w])) excluded.push_back(ctx.grid.candidates(static_cast<int>(w * 64) + bit));
  std::array<Mask, 3> used{};
  const auto all_used = [&] {
    for (int i = 0; i < 3; ++i)
      if (used[i] != ctx.grid.candidates(base[i])) return false;
    return true;
  };
  for (int d0 : digits_of(ctx.grid.candidates(base[0])))
    for (int d1 : digits_of(ctx.grid.candidates(base[1]))) {
      if (all_used()) return std::nullopt;  // every digit takes part: nothing goes
      if (d0 == d1 && ctx.tables.sees(base[0], base[1])) continue;
      // The third digits the pair leaves possible: an excluder whose digits
      // are the pair's and at most one more forbids that one (or every one).
      const Mask pair = digit_bit(d0) | digit_bit(d1);
      Mask forbidden = 0;
      for (Mask m : excluded)
        if (const Mask rest = m & ~pair; bits::at_most_one_bit(rest)) forbidden |= rest ? rest : ~Mask{0};
      Mask third = ctx.grid.candidates(base[2]) & ~forbidden;
      if (ctx.tables.sees(base[0], base[2])) third &= ~digit_bit(d0);
      if (ctx.tables.sees(base[1], base[2])) third &= ~digit_bit(d1);
      if (!third) continue;
      used[0] |= digit_bit(d0);
      used[1] |= digit_bit(d1);
      used[2] |= third;
    }
  if (all_used()) return std::nullopt;
  Step s;
  bool any = false;
  for (int i = 0; i < 3; ++i) any |= add_eliminations(ctx, s, {base[i]}, ctx.grid.candidates(base[i]) & ~used[i]);
  if (!any) return std::nullopt;
  const std::vector<int> excluders = cells_of(excluder_set);
  s.technique = "Aligned triplet exclusion";
  s.rating = step_rating(Technique::aligned_triplet_exclusion);
  s.detail = cat({cells_text(ctx.geo, {base.begin(), base.end()}), ", excluders ", cells_text(ctx.geo, excluders)});
  s.cells = {base.begin(), base.end()};
  s.cells.insert(s.cells.end(), excluders.begin(), excluders.end());
  return s;
}

// The unsolved cells of two or more candidates.
std::vector<int> base_cells(const Context& ctx) {
  std::vector<int> base;
  for (int c = 0; c < ctx.cells(); ++c)
    if (!ctx.grid.value(c) && popcount(ctx.grid.candidates(c)) >= 2) base.push_back(c);
  return base;
}
}  // namespace

std::optional<Step> find_aligned_triplet_exclusion(const Context& ctx) {
  const std::vector<int> base = base_cells(ctx);
  // The cells that can exclude: unsolved, two or three candidates (an
  // excluder of a base cell is such a cell among its peers).
  CellSet small = no_cells(ctx), both = no_cells(ctx), all = no_cells(ctx), third = no_cells(ctx);
  std::vector<Mask> excluded;
  for (int c : base)
    if (popcount(ctx.grid.candidates(c)) <= 3) small[c / 64] |= std::uint64_t{1} << (c % 64);
  // As SE: the third cell has two or three candidates and sees one of the
  // first two; two or more cells must see all three.
  const auto is_small = [&](int x) { return (small[x >> 6] >> (x & 63)) & 1; };
  const auto examined_as = [&](int third, int p, int q) {
    return is_small(third) && (ctx.tables.sees(third, p) || ctx.tables.sees(third, q));
  };
  for (std::size_t i = 0; i < base.size(); ++i)
    for (std::size_t j = i + 1; j < base.size(); ++j) {
      const int a = base[i], b = base[j];
      const auto peers_a = ctx.tables.peer_words(a), peers_b = ctx.tables.peer_words(b);
      if (!intersect_two(peers_a, peers_b, small, both)) continue;
      // A new triplet holds a changed cell (Context::scope_cells) among its
      // cells or excluders (all of which are in `both`): else the third.
      const bool pair_changed = ctx.searches_cell(a) || ctx.searches_cell(b);
      const bool changed = pair_changed || ctx.searches_any_cell(both);
      for (std::size_t w = 0; w < third.size(); ++w) {
        third[w] = (peers_a[w] | peers_b[w]) & small[w];
        if (!changed) third[w] &= ctx.scope_cells[w];
      }
      for (std::size_t w = 0; w < third.size(); ++w)
        for (int bit : bits::SetBits<>(third[w])) {
          const int c = static_cast<int>(w * 64) + bit;
          if (c == a || c == b) continue;
          // The same three cells in other roles came first (base is in cell
          // order: pair a, c with third b; for c < a also pair c, b with
          // third a) where that third is small and sees one of its pair: the
          // exclusion found nothing there, and finds the same in any roles.
          if (c < b && (examined_as(b, a, c) || (c < a && examined_as(a, c, b)))) continue;
          if (!intersect_two(both, ctx.tables.peer_words(c), small, all)) continue;
          if (!pair_changed && !ctx.searches_cell(c) && !ctx.searches_any_cell(all)) continue;
          if (auto s = exclude_triplet(ctx, {a, b, c}, all, excluded)) return s;
        }
    }
  return std::nullopt;
}

std::optional<Step> find_aligned_pair_exclusion(const Context& ctx) {
  const std::vector<int> base = base_cells(ctx);
  // The excluders of a pair: the bivalue cells that see both.
  CellSet bivalue = no_cells(ctx), excluders = no_cells(ctx);
  for (int c : base)
    if (popcount(ctx.grid.candidates(c)) == 2) bivalue[c / 64] |= std::uint64_t{1} << (c % 64);
  for (std::size_t i = 0; i < base.size(); ++i)
    for (std::size_t j = i + 1; j < base.size(); ++j) {
      const int a = base[i], b = base[j];
      if (!intersect_two(ctx.tables.peer_words(a), ctx.tables.peer_words(b), bivalue, excluders)) continue;
      // A new pair holds a changed cell (Context::scope_cells) among its cells or excluders.
      if (!ctx.searches_cell(a) && !ctx.searches_cell(b) && !ctx.searches_any_cell(excluders)) continue;
      if (auto s = exclude_pair(ctx, a, b, excluders)) return s;
    }
  return std::nullopt;
}

}  // namespace nonet::logic
