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
//   Type 3  two corners of a side with extras, in a house h:
//           naked: one of their extras is true, so together they act as
//           one cell of a naked set in h; the set's digits leave h.
//           4.5 + 0.1 per digit beyond one (pair 4.6 ... ).
//           hidden: x and y cannot both sit in the two (the pattern would
//           be complete), so the two give x, y one place in h; x, y and
//           other digits with only as many places (the two counted once)
//           form a hidden set; its other cells keep only its digits.
//           4.5 + 0.1 per digit beyond two (pair 4.5, triple 4.6 ...).
//   Type 4  two corners of a side with extras, and x confined to the
//           rectangle in a house holding that side: y leaves both.       4.5
//
//   r1: {xy}  {xy}
//   r2: {xy}  {xyz}   → type 1: r2c2 <> x, y
//
// Unique loop: the same with 6, 8, … cells holding x and y, consecutive cells
// sharing a house, and every house touched holding exactly two loop cells, one
// at an odd and one at an even place (so x and y could alternate round it and
// swap). Types 1-4 as above (types 3, 4 with the two extra cells in one
// house); SE rates a loop 4.6 (6 cells), 4.7 (8) or 5.0 (10 or more) in place
// of the rectangle's 4.5. SE collects every rectangle and loop step and takes
// the lowest rated, then the lowest type; so does nonet.
//
// BUG (bivalue universal grave): every unsolved cell bivalue and every digit
// twice in each house admits 0 or 2+ solutions (each cell can take "the other"
// candidate). So in a grid that would be such a state but for a few extra
// candidates, an extra must be true.
//   Type 1  one cell with three or more candidates: it takes one of its
//           extra digits (one: placed; several: the two others go).     5.6
//   Type 2  several cells with the same extra digit: it leaves cells that
//           see them all.                                               5.7
#include <array>
#include <cmath>
#include <functional>

#include "internal.hpp"

namespace nonet::logic {

namespace {
// A rectangle or loop of cells holding x and y: were every cell x/y, the two
// digits could swap round it (two solutions), so some extra must be true.
struct Pattern {
  std::vector<int> cells;  // in loop order (consecutive cells share a house)
  Mask xy = 0;
  Tenths base = rating_of(Technique::unique_rectangle);  // SE: 4.5 rectangle, 4.6 six cells, 4.7 eight, 5.0 ten or more
  std::string name;   // "Unique rectangle" or "Unique loop"
};

// A step with SE's sort key: SE collects every rectangle and loop step, then
// takes the lowest rated, then the lowest type.
struct Ranked {
  Step step;
  Tenths rating = 0;  // the step's
  int type = 0;
};

bool ranks_before(const Ranked& a, const Ranked& b) {
  if (a.rating != b.rating) return a.rating < b.rating;
  return a.type < b.type;
}

// Keeps the first step of the lowest key (SE's sort is stable).
void keep_best(std::optional<Ranked>& best, std::optional<Ranked> candidate) {
  if (candidate && (!best || ranks_before(*candidate, *best))) best = std::move(candidate);
}

Tenths pattern_base(std::size_t cells) {
  Tenths r = rating_of(Technique::unique_rectangle);
  if (cells >= 10) r += 3;
  if (cells >= 8) r += 2;
  else if (cells >= 6) r += 1;
  return r;
}

Ranked make_step(const Pattern& p, int type, Tenths rating, std::string detail) {
  Ranked r;
  r.type = type;
  r.rating = rating;
  r.step.technique = cat({p.name, " type ", std::to_string(type)});
  r.step.rating = to_rating(rating);
  r.step.cells = p.cells;
  r.step.detail = cat({"{", digits_text(p.xy), "} in ", std::string_view(detail)});
  return r;
}

std::string pattern_text(const Context& ctx, const Pattern& p) { return cells_text(ctx.geo, p.cells); }

// Type 3, naked: c1 and c2 act as one cell holding their extras (one of them
// is true); with degree-1 other cells of house h they hold only `degree`
// digits, which leave the house's other cells. As SE, every extra held by just
// one of c1, c2 must also be in another cell of the set. Rated base + 0.1 per
// digit beyond one.
std::optional<Ranked> type3_naked(const Context& ctx, const Pattern& p, int c1, int c2, int h, int degree) {
  const Mask e1 = ctx.grid.candidates(c1) & ~p.xy, e2 = ctx.grid.candidates(c2) & ~p.xy;
  const auto& cells = ctx.geo.houses()[h].cells;
  std::vector<int> others;
  for (int c : cells)
    if (c != c1 && c != c2 && !ctx.grid.value(c) && popcount(ctx.grid.candidates(c)) >= 2) others.push_back(c);
  std::optional<Ranked> found;
  std::vector<int> chosen(degree - 1);
  combinations(static_cast<int>(others.size()), degree - 1, [&](const std::vector<int>& idx) {
    Mask u = 0;
    for (int i = 0; i < degree - 1; ++i) {
      chosen[i] = others[idx[i]];
      u |= ctx.grid.candidates(chosen[i]);
    }
    const Mask all = u | e1 | e2;
    if (popcount(all) != degree || popcount(u | (e1 & e2)) != degree) return false;
    std::vector<int> targets;
    for (int c : cells)
      if (c != c1 && c != c2 && std::find(chosen.begin(), chosen.end(), c) == chosen.end()) targets.push_back(c);
    Ranked r = make_step(p, 3, p.base + (degree - 1),
                         cat({pattern_text(ctx, p), ", extras {", digits_text(e1 | e2), "} of ",
                              cells_text(ctx.geo, {c1, c2}), " with ", cells_text(ctx.geo, chosen),
                              " a naked set {", digits_text(all), "} in ", house_name(ctx.geo.houses()[h])}));
    if (!add_eliminations(ctx, r.step, targets, all)) return false;
    r.step.houses = {h};
    r.step.cells.insert(r.step.cells.end(), chosen.begin(), chosen.end());
    found = std::move(r);
    return true;
  });
  return found;
}

// Type 3, hidden: x and y cannot both sit in c1 and c2 (the pattern would be
// complete), so c1 and c2 give x and y one place between them in house h.
// Where x, y and degree-2 other digits (no extras of c1, c2) have, c2 left
// out, only `degree` places there, those places hold them: the cells other
// than c1, c2 lose their other digits. Rated base + 0.1 per cell of the set
// beyond c1, c2 and one more.
std::optional<Ranked> type3_hidden(const Context& ctx, const Pattern& p, int c1, int c2, int h, int degree) {
  const int pos2 = ctx.tables.house_pos(h, c2), pos1 = ctx.tables.house_pos(h, c1);
  const Mask extras = (ctx.grid.candidates(c1) | ctx.grid.candidates(c2)) & ~p.xy;
  auto places = [&](int d) { return ctx.where(h, d) & ~(Mask{1} << pos2); };
  Mask base_places = 0;
  for (int d : digits_of(p.xy)) base_places |= places(d);
  std::vector<int> rest;
  for (int d = 1; d <= ctx.n(); ++d)
    if (!(digit_bit(d) & (p.xy | extras))) rest.push_back(d);
  const auto& cells = ctx.geo.houses()[h].cells;
  std::optional<Ranked> found;
  combinations(static_cast<int>(rest.size()), degree - 2, [&](const std::vector<int>& idx) {
    Mask digits = p.xy, where = base_places;
    for (int i : idx) {
      const Mask w = places(rest[i]);
      if (!w) return false;  // a placed digit is in no set
      digits |= digit_bit(rest[i]);
      where |= w;
    }
    if (popcount(where) != degree) return false;
    std::vector<int> set;
    for (Mask m = where & ~(Mask{1} << pos1); m; m &= m - 1) set.push_back(cells[std::countr_zero(m)]);
    Ranked r = make_step(p, 3, p.base + (degree - 2),
                         cat({pattern_text(ctx, p), ", extras {", digits_text(extras), "} of ",
                              cells_text(ctx.geo, {c1, c2}), "; ", cells_text(ctx.geo, set), " with one of ",
                              cells_text(ctx.geo, {c1, c2}), " a hidden set {", digits_text(digits), "} in ",
                              house_name(ctx.geo.houses()[h])}));
    if (!add_eliminations(ctx, r.step, set, all_digits(ctx.n()) & ~digits)) return false;
    r.step.houses = {h};
    r.step.cells.insert(r.step.cells.end(), set.begin(), set.end());
    found = std::move(r);
    return true;
  });
  return found;
}

// Type 3 of a pattern with two extra cells c1, c2 in a house: the easiest
// naked or hidden set, in SE's order (by size, house, naked before hidden).
std::optional<Ranked> type3_step(const Context& ctx, const Pattern& p, int c1, int c2) {
  const Mask extras = (ctx.grid.candidates(c1) | ctx.grid.candidates(c2)) & ~p.xy;
  std::optional<Ranked> best;
  for (int degree = popcount(extras); degree <= ctx.n() - 2; ++degree) {
    // A hidden set of this size rates base + (degree - 2) / 10: nothing
    // larger can beat what is found.
    if (best && best->rating < p.base + (degree - 2)) break;
    for (int h : ctx.tables.common_houses(c1, c2)) {
      int empty = 0;
      for (int c : ctx.geo.houses()[h].cells) empty += ctx.grid.value(c) == 0;
      if (degree * 2 <= empty) keep_best(best, type3_naked(ctx, p, c1, c2, h, degree));
      if (degree * 2 < empty) keep_best(best, type3_hidden(ctx, p, c1, c2, h, degree));
    }
  }
  return best;
}

// Type 4: one of x, y (keep) lies, in a house holding both extra cells, only
// in them: one of them is keep, so the other digit would complete the pattern
// in either; it leaves both.
std::optional<Ranked> type4_step(const Context& ctx, const Pattern& p, const std::vector<int>& extra) {
  for (int h : ctx.tables.common_houses(extra[0], extra[1]))
    for (int keep : digits_of(p.xy)) {
      if (popcount(ctx.where(h, keep)) != 2) continue;
      Ranked r = make_step(p, 4, p.base,
                           cat({pattern_text(ctx, p), ", ", std::string(1, digit_char(keep)), " only in ",
                                cells_text(ctx.geo, extra), " in ", house_name(ctx.geo.houses()[h])}));
      if (!add_eliminations(ctx, r.step, extra, p.xy & ~digit_bit(keep))) continue;
      r.step.houses = {h};
      return r;
    }
  return std::nullopt;
}

// The easiest step of a deadly pattern, as SE tries them: one extra cell:
// type 1; one extra digit: type 2; two extra cells: type 3, and type 4.
std::optional<Ranked> pattern_step(const Context& ctx, const Pattern& p) {
  std::vector<int> extra;
  Mask extras = 0;
  for (int c : p.cells)
    if (ctx.grid.candidates(c) != p.xy) {
      extra.push_back(c);
      extras |= ctx.grid.candidates(c) & ~p.xy;
    }
  if (extra.size() == 1) {
    Ranked r = make_step(p, 1, p.base, pattern_text(ctx, p));
    if (!add_eliminations(ctx, r.step, extra, p.xy)) return std::nullopt;
    return r;
  }
  if (extra.size() >= 2 && popcount(extras) == 1) {
    Ranked r = make_step(p, 2, p.base,
                         cat({pattern_text(ctx, p), ", extra ", digits_text(extras), " in ", cells_text(ctx.geo, extra)}));
    if (add_eliminations(ctx, r.step, seeing_all(ctx, extra), extras)) return r;
  }
  if (extra.size() != 2) return std::nullopt;
  std::optional<Ranked> best;
  if (popcount(extras) >= 2) best = type3_step(ctx, p, extra[0], extra[1]);
  keep_best(best, type4_step(ctx, p, extra));
  return best;
}

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

// Rectangles r1c1 r1c2 r2c2 r2c1 whose houses each hold one side (never two
// opposite corners); the easiest step, or nullopt.
std::optional<Ranked> rectangle_step(const Context& ctx) {
  const int n = ctx.n();
  std::optional<Ranked> best;
  // Per row and pair of columns, the candidates both cells share (none where one is solved).
  std::vector<Mask> shared(static_cast<std::size_t>(n) * n * n, 0);
  const auto in_row = [&](int r, int c1, int c2) -> Mask& { return shared[(static_cast<std::size_t>(r) * n + c1) * n + c2]; };
  for (int r = 0; r < n; ++r)
    for (int c1 = 0; c1 < n; ++c1)
      for (int c2 = c1 + 1; c2 < n; ++c2) {
        const int a = r * n + c1, b = r * n + c2;
        if (!ctx.grid.value(a) && !ctx.grid.value(b)) in_row(r, c1, c2) = ctx.grid.candidates(a) & ctx.grid.candidates(b);
      }
  Pattern p;
  p.name = "Unique rectangle";
  p.base = pattern_base(4);
  for (int r1 = 0; r1 < n; ++r1)
    for (int r2 = r1 + 1; r2 < n; ++r2)
      for (int c1 = 0; c1 < n; ++c1)
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const Mask common = in_row(r1, c1, c2) & in_row(r2, c1, c2);
          if (popcount(common) < 2) continue;
          p.cells = {r1 * n + c1, r1 * n + c2, r2 * n + c2, r2 * n + c1};
          if (!deadly_loop(ctx, p.cells)) continue;
          for (int x : digits_of(common))
            for (int y : digits_of(common)) {
              if (y <= x) continue;
              p.xy = digit_bit(x) | digit_bit(y);
              keep_best(best, pattern_step(ctx, p));
              if (best && best->type == 1 && best->rating <= p.base) return best;  // nothing easier
            }
        }
  return best;
}

class LoopSearch {
 public:
  explicit LoopSearch(const Context& ctx)
      : ctx_(ctx), words_(static_cast<std::size_t>(ctx.geo.cell_words())), house_count_(ctx.geo.houses().size(), 0),
        holders_(words_, 0) {
    for (int d = 1; d <= ctx.n(); ++d) holding_.push_back(cells_holding(ctx, d));
  }

  std::optional<Ranked> run() {
    for (start_ = 0; start_ < ctx_.cells(); ++start_) {
      xy_ = ctx_.grid.candidates(start_);
      if (ctx_.grid.value(start_) || popcount(xy_) != 2) continue;
      // The cells holding both digits (open ones: a solved cell holds one),
      // the start among them: the only cells a loop on them can enter.
      const std::span<const std::uint64_t> x = holding_[lowest_digit(xy_) - 1];
      const std::span<const std::uint64_t> y = holding_[lowest_digit(xy_ & (xy_ - 1)) - 1];
      for (std::size_t w = 0; w < words_; ++w) holders_[w] = x[w] & y[w];
      extend(start_, 0, 0);
    }
    return std::move(best_);
  }

 private:
  static constexpr std::size_t kMaxLoop = 14;

  void extend(int cell, int extra_cells, Mask extras) {
    loop_.push_back(cell);
    bool crowded = false;
    for (int h : ctx_.geo.houses_of(cell)) crowded |= ++house_count_[h] > 2;
    if (!crowded) {
      // In peer order, as the geometry lists them.
      for (int next : bits::SetBitsOfWords(ctx_.tables.peer_words(cell).data(), holders_.size(), holders_.data())) {
        if (next == start_ && loop_.size() >= 6 && loop_.size() % 2 == 0 && deadly_loop(ctx_, loop_)) {
          Pattern p{loop_, xy_, pattern_base(loop_.size()), "Unique loop"};
          keep_best(best_, pattern_step(ctx_, p));
        }
        // Each loop is searched from its first bivalue cell.
        const bool earlier_start = next < start_ && ctx_.grid.candidates(next) == xy_;
        if (loop_.size() >= kMaxLoop || earlier_start || std::find(loop_.begin(), loop_.end(), next) != loop_.end())
          continue;
        const Mask more = ctx_.grid.candidates(next) & ~xy_;
        const int e = extra_cells + (more != 0);
        if (e > 2 && popcount(extras | more) > 1) continue;
        extend(next, e, extras | more);
      }
    }
    for (int h : ctx_.geo.houses_of(cell)) --house_count_[h];
    loop_.pop_back();
  }

  const Context& ctx_;
  std::size_t words_;
  std::optional<Ranked> best_;
  std::vector<int> loop_, house_count_;
  std::vector<std::uint64_t> holders_;
  std::vector<std::span<const std::uint64_t>> holding_;  // per digit (digit - 1): the cells holding it
  int start_ = 0;
  Mask xy_ = 0;
};

// Loops of 6 to 14 cells on {x, y} from a bivalue cell, as SE searches them:
// at most two cells with extra digits, or any number sharing one extra digit.
std::optional<Ranked> loop_step(const Context& ctx) { return LoopSearch(ctx).run(); }

std::optional<Step> step_of(std::optional<Ranked> r) {
  if (!r) return std::nullopt;
  return std::move(r->step);
}

}  // namespace

std::optional<Step> find_unique_loop(const Context& ctx) {
  if (!ctx.is_unique()) return std::nullopt;
  return step_of(loop_step(ctx));
}

std::optional<Step> find_unique_rectangle(const Context& ctx) {
  if (!ctx.is_unique()) return std::nullopt;
  auto best = rectangle_step(ctx);
  // Loops rate 4.6 or more: a 4.5 rectangle step comes first.
  if (best && best->rating <= rating_of(Technique::unique_rectangle)) return step_of(std::move(best));
  keep_best(best, loop_step(ctx));
  return step_of(std::move(best));
}

namespace {
// True where, with the candidates in `removed` taken out, the grid is a BUG:
// every unsolved cell bivalue, every unplaced digit twice in every house.
// (Read from the places: every step of a solve past 5.6 asks it.)
bool bug_after(const Context& ctx, const std::vector<Candidate>& removed) {
  for (int cell = 0; cell < ctx.cells(); ++cell) {
    if (ctx.grid.value(cell)) continue;
    Mask left = ctx.grid.candidates(cell);
    for (const Candidate& r : removed)
      if (r.cell == cell) left &= ~digit_bit(r.digit);
    if (popcount(left) != 2) return false;
  }
  for (int h = 0; h < static_cast<int>(ctx.geo.houses().size()); ++h)
    for (int d = 1; d <= ctx.n(); ++d) {
      if (ctx.placed_in(h, d)) continue;
      Mask places = ctx.where(h, d);
      for (const Candidate& r : removed)
        if (const int at = r.digit == d ? ctx.tables.house_pos(h, r.cell) : -1; at >= 0) places &= ~(Mask{1} << at);
      if (popcount(places) != 2) return false;
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
        s.rating = step_rating(Technique::bug, 1);
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
        s.rating = step_rating(Technique::bug, k);
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
        s.rating = step_rating(Technique::bug);
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
    s.rating = step_rating(Technique::bug, 1);
    s.detail = "extra " + std::string(1, digit_char(d)) + " in " + cells_text(ctx.geo, extra_cells);
    s.cells = extra_cells;
    return s;
  }
  return find_bug_3_4(ctx);
}

}  // namespace nonet::logic
