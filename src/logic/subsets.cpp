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
#include <span>

#include "internal.hpp"
#include "locked_sets.hpp"

namespace nonet::logic {

namespace {
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
  for (int h : ctx.tables.subset_houses()) {
    if (!ctx.searches_house(h)) continue;
    // As SE: a house of fewer than 2k empty cells holds the complementary
    // hidden set instead; the digits leave the subset's house only.
    const int empty = empty_cells(ctx, h);
    if (empty < 2 * k) continue;
    int pool[kMaxSize], count = 0;
    Mask masks[kMaxSize];
    for (int c : houses[h].cells) {
      const int digits = popcount(ctx.grid.candidates(c));
      if (!ctx.grid.value(c) && digits >= 2 && digits <= k) {
        pool[count] = c;
        masks[count++] = ctx.grid.candidates(c);
      }
    }
    const auto eliminating = [&](Mask chosen, Mask digits) {
      std::vector<int> cells, others;
      for (Mask x = chosen; x; x &= x - 1) cells.push_back(pool[std::countr_zero(x)]);
      for (int c : houses[h].cells)
        if (std::find(cells.begin(), cells.end(), c) == cells.end()) others.push_back(c);
      Step s;
      if (!add_eliminations(ctx, s, others, digits)) return false;
      s.technique = cat({"Naked ", size_name(k)});
      s.rating = step_rating(techniques[k]);
      s.detail = cat({"{", digits_text(digits), "} in ", cells_text(ctx.geo, cells), " (", house_name(houses[h]), ")"});
      s.cells = cells;
      s.houses = {h};
      found = std::move(s);
      return true;
    };
    if (find_locked_sets<bits::mask_bit_count>(std::span<const Mask>(masks, count), {k, k, empty}, eliminating)) break;
  }
  return found;
}

std::optional<Step> find_hidden_subset(const Context& ctx, int k, bool direct) {
  static constexpr Technique techniques[] = {Technique::hidden_pair, Technique::hidden_pair, Technique::hidden_pair,
                                             Technique::hidden_triple, Technique::hidden_quad};
  const auto& houses = ctx.geo.houses();
  const int n = ctx.n();
  std::optional<Step> found;
  for (int h : ctx.tables.subset_houses()) {
    if (!ctx.searches_house(h)) continue;
    // As SE: more than 2k empty cells (k for a direct one: the single needs one).
    const int empty = empty_cells(ctx, h);
    if (empty <= (direct ? k : 2 * k)) continue;
    int pool[kMaxSize], count = 0;
    Mask masks[kMaxSize], places[kMaxSize];
    house_places(ctx, h, places);
    for (int d = 1; d <= n; ++d) {
      const int count_places = popcount(places[d - 1]);
      if (count_places >= 2 && count_places <= k) {
        pool[count] = d;
        masks[count++] = places[d - 1];
      }
    }
    const auto eliminating = [&](Mask chosen, Mask positions) {
      Mask digits = 0;
      for (Mask x = chosen; x; x &= x - 1) digits |= digit_bit(pool[std::countr_zero(x)]);
      // The direct form's single first: it reads the places alone, and most sets have none.
      std::optional<PlacedDigit> single;
      if (direct && !(single = single_beside_subset(std::span<const Mask>(places, n), positions, digits)))
        return false;
      std::vector<int> cells;
      for (Mask x = positions; x; x &= x - 1) cells.push_back(houses[h].cells[std::countr_zero(x)]);
      Step s;
      if (!add_eliminations(ctx, s, cells, ~digits & all_digits(n))) return false;
      s.technique = cat({"Hidden ", size_name(k)});
      s.rating = step_rating(techniques[k]);
      s.detail = cat({"{", digits_text(digits), "} in ", cells_text(ctx.geo, cells), " (", house_name(houses[h]), ")"});
      s.cells = cells;
      s.houses = {h};
      if (single) {
        const int digit = single->digit_index + 1;
        s.technique = cat({"Direct hidden ", size_name(k)});
        s.rating = step_rating(k == 2 ? Technique::direct_hidden_pair : Technique::direct_hidden_triple);
        s.detail += cat({", leaving ", std::string(1, digit_char(digit)), " one place in ", house_name(houses[h])});
        // SE's direct hints place the single and remove nothing else.
        s.placements.push_back({houses[h].cells[single->place], digit});
        s.eliminations.clear();
      }
      found = std::move(s);
      return true;
    };
    if (find_locked_sets<bits::mask_bit_count>(std::span<const Mask>(masks, count), {k, k, empty}, eliminating)) break;
  }
  return found;
}

}  // namespace nonet::logic
