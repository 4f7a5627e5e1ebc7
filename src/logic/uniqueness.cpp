// Uniqueness techniques: used only where the puzzle is known to have one
// solution, since they reason "this arrangement would allow a second one".
//
// Unique rectangle: four unsolved cells r1c1 r1c2 r2c1 r2c2 all holding x and
// y, where every house holds none of them or exactly one side (never two
// opposite corners). Were all four x/y, swapping x and y would give a second
// solution: a "deadly pattern". So one extra candidate must be true.
//   Type 1  three corners exactly {x,y}: x, y leave the fourth.          4.5
//   Type 2  two or three corners {x,y,z} (a side or a diagonal), others
//           {x,y}: z is in one of them, so z leaves cells that see all.  4.5
//   Type 3  two corners of a side with extras: one of their extras is true,
//           so together they act as one cell of a naked set in a house
//           holding both; the set's digits leave that house.  4.6 pair,
//           4.7 triple, 4.8 quad
//   Type 4  two corners of a side with extras, and x confined to the
//           rectangle in a house holding that side: y leaves both.       4.5
//
//   r1: {xy}  {xy}
//   r2: {xy}  {xyz}   → type 1: r2c2 <> x, y
//
// Unique loop: the same with 6, 8, … cells holding x and y, consecutive cells
// sharing a house, and every house touched holding exactly two loop cells, one
// at an odd and one at an even place (so x and y could alternate round it and
// swap). Types 1, 2 and 4 as above (type 4 with the two extra cells in one
// house); SE rates a loop 4.6 (6 cells), 4.7 (8) or 5.0 (10 or more).
//
// BUG (bivalue universal grave): every unsolved cell bivalue and every digit
// twice in each house admits 0 or 2+ solutions (each cell can take "the other"
// candidate). So in a grid that would be such a state but for a few extra
// candidates, an extra must be true.
//   Type 1  one cell with three or more candidates: it takes one of its
//           extra digits (one: placed; several: the two others go).     5.6
//   Type 2  several cells with the same extra digit: it leaves cells that
//           see them all.                                               5.7
#include <functional>

#include "internal.hpp"

namespace nonet::logic {

namespace {
// type3: search only type 3 (rated above the others, so tried after them).
std::optional<Step> find_ur(const Context& ctx, bool type3) {
  const int n = ctx.n();
  const auto& houses = ctx.geo.houses();
  for (int r1 = 0; r1 < n; ++r1)
    for (int r2 = r1 + 1; r2 < n; ++r2)
      for (int c1 = 0; c1 < n; ++c1)
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const int a = r1 * n + c1, b = r1 * n + c2, c = r2 * n + c1, d = r2 * n + c2;
          const int corner[4] = {a, b, c, d};
          bool empty = true;
          for (int x : corner) empty &= ctx.grid.value(x) == 0;
          if (!empty) continue;
          const Mask common = ctx.grid.candidates(a) & ctx.grid.candidates(b) & ctx.grid.candidates(c) &
                              ctx.grid.candidates(d);
          if (popcount(common) < 2) continue;
          // Every house: none of the corners, or exactly one side.
          bool deadly = true;
          std::vector<int> touched;
          for (int x : corner)
            for (int h : ctx.geo.houses_of(x))
              if (std::find(touched.begin(), touched.end(), h) == touched.end()) touched.push_back(h);
          for (int h : touched) {
            int in = 0;
            bool ad = false, bc = false;
            for (int i = 0; i < 4; ++i)
              if (ctx.tables.house_pos(h, corner[i]) >= 0) ++in;
            ad = ctx.tables.house_pos(h, a) >= 0 && ctx.tables.house_pos(h, d) >= 0;
            bc = ctx.tables.house_pos(h, b) >= 0 && ctx.tables.house_pos(h, c) >= 0;
            if (in != 2 || ad || bc) deadly = false;
          }
          if (!deadly) continue;
          for (int x : digits_of(common))
            for (int y : digits_of(common)) {
              if (y <= x) continue;
              const Mask xy = digit_bit(x) | digit_bit(y);
              std::vector<int> extra;
              for (int k : corner)
                if (ctx.grid.candidates(k) != xy) extra.push_back(k);
              const std::string base = cat({"{", digits_text(xy), "} in ", cells_text(ctx.geo, {a, b, c, d})});
              Step s;
              s.cells = {a, b, c, d};
              s.rating = 4.5;
              if (extra.size() == 1 && !type3) {
                if (!add_eliminations(ctx, s, extra, xy)) continue;
                s.technique = "Unique rectangle type 1";
                s.detail = base;
                return s;
              }
              // Type 2: every extra corner (two on a side or a diagonal, or
              // three) holds the same single extra z: z leaves cells seeing all.
              Mask extras = 0;
              for (int k : extra) extras |= ctx.grid.candidates(k) & ~xy;
              if (extra.size() >= 2 && popcount(extras) == 1 && !type3 &&
                  add_eliminations(ctx, s, seeing_all(ctx, extra), extras)) {
                s.technique = "Unique rectangle type 2";
                s.detail = base + ", extra " + digits_text(extras) + " in " + cells_text(ctx.geo, extra);
                return s;
              }
              if (extra.size() != 2 || !ctx.tables.sees(extra[0], extra[1])) continue;
              // Type 3: the extras of the two corners act as one cell in a
              // naked subset of a house holding both.
              if (type3) {
                const Mask ev = (ctx.grid.candidates(extra[0]) | ctx.grid.candidates(extra[1])) & ~xy;
                for (int h : ctx.tables.common_houses(extra[0], extra[1])) {
                  std::vector<int> others;
                  for (int c : houses[h].cells)
                    if (!ctx.grid.value(c) && c != extra[0] && c != extra[1] &&
                        popcount(ctx.grid.candidates(c)) <= 4)
                      others.push_back(c);
                  std::optional<Step> found;
                  std::vector<int> chosen;
                  std::function<void(std::size_t, Mask)> rec = [&](std::size_t start, Mask u) {
                    if (found) return;
                    const int k = static_cast<int>(chosen.size()) + 1;
                    if (!chosen.empty() && popcount(u) == k) {
                      std::vector<int> targets;
                      for (int c : houses[h].cells)
                        if (c != extra[0] && c != extra[1] &&
                            std::find(chosen.begin(), chosen.end(), c) == chosen.end())
                          targets.push_back(c);
                      Step t = s;
                      if (add_eliminations(ctx, t, targets, u)) {
                        t.technique = "Unique rectangle type 3";
                        t.rating = 4.5 + 0.1 * (k - 1);
                        t.detail = base + ", extras {" + digits_text(ev) + "} of " + cells_text(ctx.geo, extra) +
                                   " with " + cells_text(ctx.geo, chosen) + " a naked set {" + digits_text(u) +
                                   "} in " + house_name(houses[h]);
                        t.houses = {h};
                        t.cells.insert(t.cells.end(), chosen.begin(), chosen.end());
                        found = t;
                      }
                      return;
                    }
                    if (k >= 4) return;
                    for (std::size_t i = start; i < others.size() && !found; ++i) {
                      const Mask v = u | ctx.grid.candidates(others[i]);
                      if (popcount(v) > 4) continue;
                      chosen.push_back(others[i]);
                      rec(i + 1, v);
                      chosen.pop_back();
                    }
                  };
                  rec(0, ev);
                  if (found) return found;
                }
              }
              if (type3) continue;
              for (int h : ctx.tables.common_houses(extra[0], extra[1]))
                for (int keep : {x, y}) {
                  const int drop = keep == x ? y : x;
                  const Mask w = ctx.where(h, keep);
                  if (popcount(w) != 2) continue;  // keep only in the two extra corners
                  Step t = s;
                  if (!add_eliminations(ctx, t, extra, digit_bit(drop))) continue;
                  t.technique = "Unique rectangle type 4";
                  t.detail = base + ", " + digit_char(keep) + " only in " + cells_text(ctx.geo, extra) + " in " +
                             house_name(houses[h]);
                  t.houses = {h};
                  return t;
                }
            }
        }
  return std::nullopt;
}

}  // namespace

namespace {
// The deadly-pattern test of a closed loop: every house touched holds exactly
// two loop cells, at places of different parity.
bool deadly_loop(const Context& ctx, const std::vector<int>& loop) {
  std::vector<int> seen(ctx.geo.houses().size(), 0);  // bit 0: even place, bit 1: odd
  for (std::size_t i = 0; i < loop.size(); ++i)
    for (int h : ctx.geo.houses_of(loop[i])) {
      const int bit = 1 << (i & 1);
      if (seen[h] & bit) return false;
      seen[h] |= bit;
    }
  for (int v : seen)
    if (v == 1 || v == 2) return false;
  return true;
}

double loop_rating(std::size_t cells) { return cells >= 10 ? 5.0 : cells >= 8 ? 4.7 : 4.6; }

// Types 1, 2 and 4 of a deadly loop on {x, y}; the step or nullopt.
std::optional<Step> loop_step(const Context& ctx, const std::vector<int>& loop, Mask xy) {
  std::vector<int> extra;
  Mask extras = 0;
  for (int c : loop)
    if (ctx.grid.candidates(c) != xy) {
      extra.push_back(c);
      extras |= ctx.grid.candidates(c) & ~xy;
    }
  Step s;
  s.rating = loop_rating(loop.size());
  s.cells = loop;
  const std::string base = cat({"{", digits_text(xy), "} in ", cells_text(ctx.geo, loop)});
  if (extra.size() == 1 && add_eliminations(ctx, s, extra, xy)) {
    s.technique = "Unique loop type 1";
    s.detail = base;
    return s;
  }
  if (extra.size() >= 2 && popcount(extras) == 1 && add_eliminations(ctx, s, seeing_all(ctx, extra), extras)) {
    s.technique = "Unique loop type 2";
    s.detail = cat({base, ", extra ", digits_text(extras), " in ", cells_text(ctx.geo, extra)});
    return s;
  }
  if (extra.size() != 2) return std::nullopt;
  for (int h : ctx.tables.common_houses(extra[0], extra[1]))
    for (int keep : digits_of(xy)) {
      // keep lies in one of the two extra cells, so the other digit would
      // complete the pattern in either.
      if (popcount(ctx.where(h, keep)) != 2) continue;
      const Mask drop = xy & ~digit_bit(keep);
      if (!add_eliminations(ctx, s, extra, drop)) continue;
      s.technique = "Unique loop type 4";
      s.detail = cat({base, ", ", std::string(1, digit_char(keep)), " only in ", cells_text(ctx.geo, extra), " in ",
                      house_name(ctx.geo.houses()[h])});
      s.houses = {h};
      return s;
    }
  return std::nullopt;
}

}  // namespace

// Loops of 6 to 14 cells on {x, y} from a bivalue cell, as SE searches them:
// at most two cells with extra digits, or any number sharing one extra digit.
// The lowest rated step found.
std::optional<Step> find_unique_loop(const Context& ctx) {
  if (!ctx.is_unique()) return std::nullopt;
  constexpr std::size_t kMaxLoop = 14;
  std::optional<Step> best;
  std::vector<int> loop, house_count(ctx.geo.houses().size(), 0);
  for (int start = 0; start < ctx.cells(); ++start) {
    const Mask xy = ctx.grid.candidates(start);
    if (ctx.grid.value(start) || popcount(xy) != 2) continue;
    std::function<void(int, int, Mask)> extend = [&](int cell, int extra_cells, Mask extras) {
      loop.push_back(cell);
      bool crowded = false;
      for (int h : ctx.geo.houses_of(cell)) crowded |= ++house_count[h] > 2;
      if (!crowded) {
        for (int next : ctx.geo.peers_of(cell)) {
          if (next == start && loop.size() >= 6 && loop.size() % 2 == 0 && deadly_loop(ctx, loop)) {
            auto s = loop_step(ctx, loop, xy);
            if (s && (!best || s->rating < best->rating - 1e-9)) best = std::move(s);
          }
          // Each loop is searched from its first bivalue cell.
          const bool earlier_start = next < start && ctx.grid.candidates(next) == xy;
          if (loop.size() >= kMaxLoop || ctx.grid.value(next) || (ctx.grid.candidates(next) & xy) != xy ||
              earlier_start || std::find(loop.begin(), loop.end(), next) != loop.end())
            continue;
          const Mask more = ctx.grid.candidates(next) & ~xy;
          const int e = extra_cells + (more != 0);
          if (e > 2 && popcount(extras | more) > 1) continue;
          extend(next, e, extras | more);
        }
      }
      for (int h : ctx.geo.houses_of(cell)) --house_count[h];
      loop.pop_back();
    };
    extend(start, 0, 0);
  }
  return best;
}

std::optional<Step> find_unique_rectangle(const Context& ctx) {
  if (!ctx.is_unique()) return std::nullopt;
  if (auto s = find_ur(ctx, false)) return s;
  // SE sorts rectangles and loops by rating: a 6-cell loop (4.6) ties with a
  // type 3 pair, the loop first (lower type) where it is type 1 or 2.
  auto type3 = find_ur(ctx, true);
  auto loop = find_unique_loop(ctx);
  if (!loop) return type3;
  if (!type3) return loop;
  const bool loop_first = loop->rating < type3->rating - 1e-9 ||
                          (loop->rating < type3->rating + 1e-9 && loop->technique != "Unique loop type 4");
  return loop_first ? loop : type3;
}

namespace {
// True where, with the candidates in `removed` taken out, the grid is a BUG:
// every unsolved cell bivalue, every unplaced digit twice in every house.
bool bug_after(const Context& ctx, const std::vector<Candidate>& removed) {
  auto has = [&](int cell, int d) {
    if (!ctx.grid.has(cell, d)) return false;
    for (const Candidate& r : removed)
      if (r.cell == cell && r.digit == d) return false;
    return true;
  };
  for (int cell = 0; cell < ctx.cells(); ++cell) {
    if (ctx.grid.value(cell)) continue;
    int count = 0;
    for (int d = 1; d <= ctx.n(); ++d) count += has(cell, d);
    if (count != 2) return false;
  }
  for (const House& house : ctx.geo.houses())
    for (int d = 1; d <= ctx.n(); ++d) {
      int count = 0;
      bool placed = false;
      for (int c : house.cells) {
        count += has(c, d);
        placed |= ctx.grid.value(c) == d;
      }
      if (!placed && count != 2) return false;
    }
  return true;
}
}  // namespace

namespace {
// SE's BUG cells and BUG values: where a digit has other than 0 or 2 places
// in a house and exactly one of them is a cell of 3+ candidates, that digit is
// a BUG value of that cell. Empty where the position, less its BUG values, is
// not a BUG (every cell bivalue, every digit twice in every house).
struct BugPattern {
  std::vector<int> cells;
  std::vector<Mask> values;  // aligned with cells
  Mask all = 0;
};
std::optional<BugPattern> bug_pattern(const Context& ctx) {
  BugPattern bug;
  const auto& houses = ctx.geo.houses();
  for (int h = 0; h < static_cast<int>(houses.size()); ++h)
    for (int d = 1; d <= ctx.n(); ++d) {
      const Mask w = ctx.where(h, d);
      if (w == 0 || popcount(w) == 2) continue;
      int found = -1, count = 0;
      for (Mask m = w; m; m &= m - 1) {
        const int c = houses[h].cells[std::countr_zero(m)];
        if (popcount(ctx.grid.candidates(c)) >= 3) found = c, ++count;
      }
      if (count == 0) return std::nullopt;
      if (count > 1) continue;  // another house tells which
      auto at = std::find(bug.cells.begin(), bug.cells.end(), found);
      if (at == bug.cells.end()) {
        bug.cells.push_back(found);
        bug.values.push_back(0);
        at = bug.cells.end() - 1;
      }
      bug.values[at - bug.cells.begin()] |= digit_bit(d);
      bug.all |= digit_bit(d);
    }
  std::vector<Candidate> removed;
  for (std::size_t i = 0; i < bug.cells.size(); ++i)
    for (int d : digits_of(bug.values[i])) removed.push_back({bug.cells[i], d});
  if (bug.cells.size() < 2 || !bug_after(ctx, removed)) return std::nullopt;
  return bug;
}

// A house holding every cell of the pattern, or -1.
int common_house(const Context& ctx, const std::vector<int>& cells) {
  for (int h : ctx.geo.houses_of(cells[0])) {
    const auto& hc = ctx.geo.houses()[h].cells;
    bool all = true;
    for (int c : cells) all &= std::find(hc.begin(), hc.end(), c) != hc.end();
    if (all) return h;
  }
  return -1;
}

// Types 3 and 4 (several BUG cells in one house; one of them at least takes a
// BUG value, or the grid would be a deadly BUG).
//   Type 4 (5.7): two BUG cells sharing a house and one digit v that is no BUG
//     value of either: v has there exactly those two places, so one cell is v
//     and the other takes a BUG value; each loses its other digits.
//   Type 3 (5.8-6.1): the BUG values act as one more cell of the house, which
//     with k-1 other cells holding only k digits (the BUG values among them)
//     forms a naked set; the k digits leave the house's other cells.
std::optional<Step> find_bug_3_4(const Context& ctx) {
  auto bug = bug_pattern(ctx);
  if (!bug) return std::nullopt;
  const int h = common_house(ctx, bug->cells);
  if (h < 0) return std::nullopt;
  const auto& house = ctx.geo.houses()[h];
  const std::string where = cat({" in ", house_name(house), ", BUG values ", digits_text(bug->all)});
  if (bug->cells.size() == 2) {
    const int c1 = bug->cells[0], c2 = bug->cells[1];
    const Mask common = ctx.grid.candidates(c1) & ctx.grid.candidates(c2) & ~bug->all;
    if (popcount(common) == 1) {
      Step s;
      for (int i = 0; i < 2; ++i)
        for (int d : digits_of(ctx.grid.candidates(bug->cells[i]) & ~bug->values[i] & ~common))
          s.eliminations.push_back({bug->cells[i], d});
      if (!s.eliminations.empty()) {
        s.technique = "BUG type 4";
        s.rating = 5.7;
        s.detail = cat({cells_text(ctx.geo, bug->cells), " on ", digits_text(common), where});
        s.cells = bug->cells;
        s.houses = {h};
        return s;
      }
    }
  }
  std::vector<int> others;  // unsolved cells of the house outside the pattern
  for (int c : house.cells)
    if (!ctx.grid.value(c) && std::find(bug->cells.begin(), bug->cells.end(), c) == bug->cells.end())
      others.push_back(c);
  const int m = static_cast<int>(others.size());
  for (int k = 2; k <= std::min(6, m); ++k) {
    // Choose k-1 cells of `others` (bitmask enumeration over small houses).
    std::vector<int> pick(k - 1);
    std::function<std::optional<Step>(int, int, Mask)> choose = [&](int from, int depth, Mask set) -> std::optional<Step> {
      if (popcount(set) > k) return std::nullopt;
      if (depth == k - 1) {
        if (popcount(set) != k || (bug->all & ~set)) return std::nullopt;  // the k-1 cells hold the k digits
        std::vector<int> rest;
        for (int c : others)
          if (std::find(pick.begin(), pick.end(), c) == pick.end()) rest.push_back(c);
        Step s;
        if (!add_eliminations(ctx, s, rest, set)) return std::nullopt;
        s.technique = "BUG type 3";
        s.rating = 5.7 + 0.1 * (k - 1);
        s.detail = cat({cells_text(ctx.geo, bug->cells), " with ", cells_text(ctx.geo, pick), " on ",
                        digits_text(set), where});
        s.cells = bug->cells;
        s.cells.insert(s.cells.end(), pick.begin(), pick.end());
        s.houses = {h};
        return s;
      }
      for (int i = from; i < m; ++i) {
        pick[depth] = others[i];
        if (auto s = choose(i + 1, depth + 1, set | ctx.grid.candidates(others[i]))) return s;
      }
      return std::nullopt;
    };
    if (auto s = choose(0, 0, 0)) return s;
  }
  return std::nullopt;
}
}  // namespace

std::optional<Step> find_bug(const Context& ctx) {
  if (!ctx.is_unique()) return std::nullopt;
  std::vector<int> extra_cells;
  for (int cell = 0; cell < ctx.cells(); ++cell) {
    if (ctx.grid.value(cell)) continue;
    const int count = popcount(ctx.grid.candidates(cell));
    if (count < 2) return std::nullopt;
    if (count > 2) extra_cells.push_back(cell);
  }
  if (extra_cells.empty()) return std::nullopt;
  if (extra_cells.size() == 1) {
    // Type 1: the one cell with more would, kept to some pair {p,q}, leave a
    // BUG (0 or 2+ solutions): so it takes one of its other digits (SE's "BUG
    // values"; one of them is placed, several lose p and q).
    const int cell = extra_cells[0];
    const Mask all = ctx.grid.candidates(cell);
    for (int p : digits_of(all))
      for (int q : digits_of(all)) {
        if (q <= p) continue;
        const Mask bug_values = all & ~digit_bit(p) & ~digit_bit(q);
        std::vector<Candidate> removed;
        for (int b : digits_of(bug_values)) removed.push_back({cell, b});
        if (!bug_after(ctx, removed)) continue;
        Step s;
        s.technique = "BUG type 1";
        s.rating = 5.6;
        s.detail = "all cells bivalue but " + ctx.geo.cell_name(cell) + "; without " + digits_text(bug_values) +
                   " the grid would be a deadly BUG";
        if (popcount(bug_values) == 1) s.placements.push_back({cell, lowest_digit(bug_values)});
        else add_eliminations(ctx, s, {cell}, digit_bit(p) | digit_bit(q));
        s.cells = {cell};
        return s;
      }
    return std::nullopt;
  }
  // Type 2: every extra cell has exactly one extra digit, the same one.
  for (int d = 1; d <= ctx.n(); ++d) {
    std::vector<Candidate> removed;
    bool ok = true;
    for (int cell : extra_cells) {
      if (popcount(ctx.grid.candidates(cell)) != 3 || !ctx.grid.has(cell, d)) { ok = false; break; }
      removed.push_back({cell, d});
    }
    if (!ok || !bug_after(ctx, removed)) continue;
    Step s;
    if (!add_eliminations(ctx, s, seeing_all(ctx, extra_cells), digit_bit(d))) continue;
    s.technique = "BUG type 2";
    s.rating = 5.7;
    s.detail = "extra " + std::string(1, digit_char(d)) + " in " + cells_text(ctx.geo, extra_cells);
    s.cells = extra_cells;
    return s;
  }
  return find_bug_3_4(ctx);
}

}  // namespace nonet::logic
