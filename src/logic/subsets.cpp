// Subsets in any house.
//
//   Naked subset   k cells of a house whose candidates together are only k
//                  digits: those digits fill those cells, so they leave the
//                  house's other cells (SE's step: a second house the cells
//                  share is the next step's).
//                    row 1:  {27} . {27} . . .   → 2 and 7 leave the rest of row 1
//   Hidden subset  k digits of a house confined to k cells: those cells hold
//                  those digits, so every other candidate leaves them.
//
// SE 1.2.1: naked pair 3.0, triple 3.6, quad 5.0; hidden pair 3.4, triple 4.0,
// quad 5.4; "direct" hidden pair 2.0 / triple 2.5 where the elimination would
// leave a removed digit a single place in the same house: the step only places
// that single, as SE's direct hints do (the subset's eliminations wait for a
// later step; this, with SE's house order — boxes, columns, rows — and its
// minimum of empty cells, is what SE's ratings of 2.x and 3.x puzzles show).
#include <functional>

#include "internal.hpp"

namespace nonet::logic {

namespace {
// Houses in SE's order: boxes (or jigsaw regions), columns, rows, then the rest.
std::vector<int> se_house_order(const Context& ctx) {
  auto rank = [](HouseKind k) {
    switch (k) {
      case HouseKind::box:
      case HouseKind::region: return 0;
      case HouseKind::column: return 1;
      case HouseKind::row: return 2;
      default: return 3;
    }
  };
  std::vector<int> order(ctx.geo.houses().size());
  for (std::size_t h = 0; h < order.size(); ++h) order[h] = static_cast<int>(h);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return rank(ctx.geo.houses()[a].kind) < rank(ctx.geo.houses()[b].kind);
  });
  return order;
}

int empty_cells(const Context& ctx, int h) {
  int n = 0;
  for (int c : ctx.geo.houses()[h].cells) n += ctx.grid.value(c) == 0;
  return n;
}

const char* size_name(int k) {
  switch (k) {
    case 2: return "pair";
    case 3: return "triple";
    default: return "quad";
  }
}
}  // namespace

std::optional<Step> find_naked_subset(const Context& ctx, int k) {
  static constexpr Technique techniques[] = {Technique::naked_pair, Technique::naked_pair, Technique::naked_pair,
                                             Technique::naked_triple, Technique::naked_quad};
  const auto& houses = ctx.geo.houses();
  std::optional<Step> found;
  for (int h : se_house_order(ctx)) {
    // As SE: a house of fewer than 2k empty cells holds the complementary
    // hidden set instead; the digits leave the subset's house only.
    if (found) break;
    if (empty_cells(ctx, h) < 2 * k) continue;
    std::vector<int> pool;
    for (int c : houses[h].cells) {
      const int count = popcount(ctx.grid.candidates(c));
      if (!ctx.grid.value(c) && count >= 2 && count <= k) pool.push_back(c);
    }
    if (static_cast<int>(pool.size()) < k) continue;
    combinations(static_cast<int>(pool.size()), k, [&](const std::vector<int>& idx) {
      Mask u = 0;
      std::vector<int> cells;
      for (int i : idx) {
        u |= ctx.grid.candidates(pool[i]);
        cells.push_back(pool[i]);
      }
      if (popcount(u) != k) return false;
      Step s;
      std::vector<int> others;
      for (int c : houses[h].cells)
        if (std::find(cells.begin(), cells.end(), c) == cells.end()) others.push_back(c);
      if (!add_eliminations(ctx, s, others, u)) return false;
      s.technique = cat({"Naked ", size_name(k)});
      s.rating = step_rating(techniques[k]);
      s.detail = cat({"{", digits_text(u), "} in ", cells_text(ctx.geo, cells), " (", house_name(houses[h]), ")"});
      s.cells = cells;
      s.houses = {h};
      found = s;
      return true;
    });
  }
  return found;
}

std::optional<Step> find_hidden_subset(const Context& ctx, int k, bool direct) {
  static constexpr Technique techniques[] = {Technique::hidden_pair, Technique::hidden_pair, Technique::hidden_pair,
                                             Technique::hidden_triple, Technique::hidden_quad};
  const auto& houses = ctx.geo.houses();
  std::optional<Step> found;
  for (int h : se_house_order(ctx)) {
    // As SE: more than 2k empty cells (k for a direct one: the single needs one).
    if (found) break;
    if (empty_cells(ctx, h) <= (direct ? k : 2 * k)) continue;
    std::vector<int> pool;
    std::vector<Mask> where;
    Mask places[kMaxSize];
    house_places(ctx, h, places);
    for (int d = 1; d <= ctx.n(); ++d) {
      const Mask m = places[d - 1];
      const int count = popcount(m);
      if (count >= 2 && count <= k) {
        pool.push_back(d);
        where.push_back(m);
      }
    }
    if (static_cast<int>(pool.size()) < k) continue;
    combinations(static_cast<int>(pool.size()), k, [&](const std::vector<int>& idx) {
      Mask positions = 0, digits = 0;
      for (int i : idx) {
        positions |= where[i];
        digits |= digit_bit(pool[i]);
      }
      if (popcount(positions) != k) return false;
      std::vector<int> cells;
      for (Mask x = positions; x; x &= x - 1) cells.push_back(houses[h].cells[std::countr_zero(x)]);
      Step s;
      if (!add_eliminations(ctx, s, cells, ~digits & all_digits(ctx.n()))) return false;
      s.technique = cat({"Hidden ", size_name(k)});
      s.rating = step_rating(techniques[k]);
      s.detail = cat({"{", digits_text(digits), "} in ", cells_text(ctx.geo, cells), " (", house_name(houses[h]), ")"});
      s.cells = cells;
      s.houses = {h};
      if (direct) {
        // A removed digit left with one place in a house of the subset's cells.
        // A removed digit left with one place in the subset's own house (the
        // lowest such digit, as SE).
        std::optional<Candidate> single;
        const int where_house = h;
        for (int d = 1; d <= ctx.n() && !single; ++d) {
          if (digits & digit_bit(d)) continue;
          const Mask left = places[d - 1] & ~positions;
          if (popcount(places[d - 1]) > 1 && popcount(left) == 1)
            single = Candidate{houses[h].cells[std::countr_zero(left)], d};
        }
        if (!single) return false;
        s.technique = cat({"Direct hidden ", size_name(k)});
        s.rating = step_rating(k == 2 ? Technique::direct_hidden_pair : Technique::direct_hidden_triple);
        s.detail += cat({", leaving ", std::string(1, digit_char(single->digit)), " one place in ",
                        house_name(houses[where_house])});
        // SE's direct hints place the single and remove nothing else.
        s.placements.push_back(*single);
        s.eliminations.clear();
      }
      found = s;
      return true;
    });
  }
  return found;
}

}  // namespace nonet::logic
