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
#include "internal.hpp"

namespace nonet::logic {

namespace {
// The bivalue cells that see both a and b.
std::vector<int> common_excluders(const Context& ctx, int a, int b) {
  std::vector<int> out;
  for (int c : seeing_all(ctx, {a, b}))
    if (popcount(ctx.grid.candidates(c)) == 2) out.push_back(c);
  return out;
}

bool combination_possible(const Context& ctx, int a, int da, int b, int db, const std::vector<int>& excluders) {
  if (da == db && ctx.tables.sees(a, b)) return false;
  const Mask both = digit_bit(da) | digit_bit(db);
  for (int x : excluders)
    if ((ctx.grid.candidates(x) & ~both) == 0) return false;
  return true;
}

// The digits of each base cell that no possible combination uses.
std::optional<Step> exclude_pair(const Context& ctx, int a, int b) {
  const std::vector<int> excluders = common_excluders(ctx, a, b);
  if (excluders.size() < 2) return std::nullopt;
  Mask used_a = 0, used_b = 0;
  for (int da : digits_of(ctx.grid.candidates(a)))
    for (int db : digits_of(ctx.grid.candidates(b)))
      if (combination_possible(ctx, a, da, b, db, excluders)) {
        used_a |= digit_bit(da);
        used_b |= digit_bit(db);
      }
  Step s;
  bool any = add_eliminations(ctx, s, {a}, ctx.grid.candidates(a) & ~used_a);
  any |= add_eliminations(ctx, s, {b}, ctx.grid.candidates(b) & ~used_b);
  if (!any) return std::nullopt;
  s.technique = "Aligned pair exclusion";
  s.rating = 6.2;
  s.detail = cat({ctx.geo.cell_name(a), " and ", ctx.geo.cell_name(b), ", excluders ", cells_text(ctx.geo, excluders)});
  s.cells = {a, b};
  s.cells.insert(s.cells.end(), excluders.begin(), excluders.end());
  return s;
}
}  // namespace

std::optional<Step> find_aligned_pair_exclusion(const Context& ctx) {
  std::vector<int> base;
  for (int c = 0; c < ctx.cells(); ++c)
    if (!ctx.grid.value(c) && popcount(ctx.grid.candidates(c)) >= 2) base.push_back(c);
  for (std::size_t i = 0; i < base.size(); ++i)
    for (std::size_t j = i + 1; j < base.size(); ++j)
      if (auto s = exclude_pair(ctx, base[i], base[j])) return s;
  return std::nullopt;
}

}  // namespace nonet::logic
