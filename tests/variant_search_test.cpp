// The search's variant propagators against brute force on 4×4 and 6×6 grids.
// For each kind of rule (and a few mixtures), many seeded random puzzles; for
// each one the solutions are enumerated without the search — every grid that
// keeps the houses and givens, kept where the independent checker (`holds`)
// passes every rule — and compared with nonet::solve's full list. Then the
// propagators one by one (src/exact/constraint_program.hpp):
//   - sound: run to a fixed point on random candidates, they never drop a
//     candidate of a solution that lies inside those candidates;
//   - exact on complete grids: with every cell fixed, they accept the grid
//     exactly when every rule holds (what makes the search's answers right).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "exact/constraint_program.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "variant_support.hpp"

namespace nonet {
namespace {

using testing::Kind;
using testing::rule;
using testing::whole_grid;
using Rng = std::mt19937_64;

int pick(Rng& rng, int lo, int hi) { return lo + static_cast<int>(rng() % static_cast<std::uint64_t>(hi - lo + 1)); }
bool chance(Rng& rng, int percent) { return pick(rng, 1, 100) <= percent; }

// ---- Grids without the search --------------------------------------------

// Each cell's companions in some house, from the geometry's list of houses.
std::vector<std::vector<int>> house_peers(const Geometry& g) {
  std::vector<std::vector<int>> peers(g.cell_count());
  for (const House& house : g.houses())
    for (int a : house.cells)
      for (int b : house.cells)
        if (a != b) peers[a].push_back(b);
  return peers;
}

// Fills the empty cells in order, each with a digit no companion holds;
// `prune`, when given, may cut a partial grid short. Calls `visit` on each
// complete grid until it returns false. Givens that clash give nothing.
class Filler {
 public:
  // `moves`: more companions, at these (row, column) offsets (a knight's move).
  explicit Filler(const Geometry& g, const std::vector<std::pair<int, int>>& moves = {})
      : size_(g.size()), peers_(house_peers(g)) {
    for (int cell = 0; cell < g.cell_count(); ++cell)
      for (auto [dr, dc] : moves) {
        const int r = g.row_of(cell) + dr, c = g.column_of(cell) + dc;
        if (r >= 0 && r < size_ && c >= 0 && c < size_) peers_[cell].push_back(r * size_ + c);
      }
  }

  void run(Grid grid, const std::function<bool(const Grid&)>& visit,
           const std::function<bool(const Grid&)>& prune = nullptr, Rng* shuffle = nullptr) {
    for (std::size_t cell = 0; cell < grid.size(); ++cell)
      if (grid[cell] != 0 && !fits(grid, static_cast<int>(cell), grid[cell])) return;
    visit_ = &visit;
    prune_ = prune ? &prune : nullptr;
    shuffle_ = shuffle;
    stopped_ = false;
    fill(grid, 0);
  }

 private:
  bool fits(const Grid& grid, int cell, int digit) const {
    return std::none_of(peers_[cell].begin(), peers_[cell].end(), [&](int peer) { return grid[peer] == digit; });
  }

  void fill(Grid& grid, int cell) {
    while (cell < static_cast<int>(grid.size()) && grid[cell] != 0) ++cell;
    if (cell == static_cast<int>(grid.size())) {
      stopped_ = !(*visit_)(grid);
      return;
    }
    std::vector<int> digits(size_);
    std::iota(digits.begin(), digits.end(), 1);
    if (shuffle_) std::shuffle(digits.begin(), digits.end(), *shuffle_);
    for (int digit : digits) {
      if (!fits(grid, cell, digit)) continue;
      grid[cell] = static_cast<std::uint8_t>(digit);
      if (!prune_ || !(*prune_)(grid)) fill(grid, cell + 1);
      grid[cell] = 0;
      if (stopped_) return;
    }
  }

  int size_;
  std::vector<std::vector<int>> peers_;
  const std::function<bool(const Grid&)>* visit_ = nullptr;
  const std::function<bool(const Grid&)>* prune_ = nullptr;
  Rng* shuffle_ = nullptr;
  bool stopped_ = false;
};

// A random grid of a classic geometry without a search (large grids, where
// filling cell by cell can wander for long): the pattern grid, its digits
// relabelled and its rows and columns shuffled within bands and stacks, and
// the bands and stacks themselves.
Grid shuffled_pattern(const Geometry& g, Rng& rng) {
  const int n = g.size(), rows = g.box_rows(), columns = g.box_columns();
  const auto order = [&](int groups, int size) {  // groups of `size` lines: shuffled, and within each
    std::vector<int> group(groups), lines;
    std::iota(group.begin(), group.end(), 0);
    std::shuffle(group.begin(), group.end(), rng);
    for (int start : group) {
      std::vector<int> within(size);
      std::iota(within.begin(), within.end(), start * size);
      std::shuffle(within.begin(), within.end(), rng);
      lines.insert(lines.end(), within.begin(), within.end());
    }
    return lines;
  };
  const std::vector<int> row = order(n / rows, rows), column = order(n / columns, columns);
  std::vector<int> digit(n);
  std::iota(digit.begin(), digit.end(), 1);
  std::shuffle(digit.begin(), digit.end(), rng);
  Grid grid(g.cell_count());
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      grid[r * n + c] = static_cast<std::uint8_t>(digit[(columns * (row[r] % rows) + row[r] / rows + column[c]) % n]);
  return grid;
}

std::vector<Grid> every_grid(const Geometry& g) {
  std::vector<Grid> grids;
  Filler(g).run(Grid(g.cell_count(), 0), [&](const Grid& grid) {
    grids.push_back(grid);
    return true;
  });
  return grids;
}

// Grids in a fixed order, compared cell by cell: g++ 12 at -O3 warns falsely
// on the memcmp inside vector's own <.
bool grid_less(const Grid& a, const Grid& b) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] != b[i]) return a[i] < b[i];
  return a.size() < b.size();
}

bool keeps_every_rule(const Geometry& g, const std::vector<Constraint>& rules, const Grid& grid) {
  return std::all_of(rules.begin(), rules.end(), [&](const Constraint& c) { return holds(g, c, grid, rules); });
}

// ---- Random rules ----------------------------------------------------------

const std::vector<std::pair<int, int>> kOrthogonalSteps{{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
const std::vector<std::pair<int, int>> kKingSteps{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
const std::vector<std::pair<int, int>> kKnightMoves{{1, 2},   {2, 1},   {-1, 2}, {-2, 1},
                                                    {1, -2},  {2, -1},  {-1, -2}, {-2, -1}};

// A path of distinct cells, each a step from the one before (it may stop
// short where it walks into a corner).
std::vector<int> walk(const Geometry& g, Rng& rng, int length, const std::vector<std::pair<int, int>>& steps) {
  const int n = g.size();
  std::vector<int> path{pick(rng, 0, g.cell_count() - 1)};
  while (static_cast<int>(path.size()) < length) {
    std::vector<int> next;
    for (auto [dr, dc] : steps) {
      const int r = g.row_of(path.back()) + dr, c = g.column_of(path.back()) + dc;
      if (r < 0 || r >= n || c < 0 || c >= n) continue;
      if (std::find(path.begin(), path.end(), r * n + c) == path.end()) next.push_back(r * n + c);
    }
    if (next.empty()) break;
    path.push_back(next[pick(rng, 0, static_cast<int>(next.size()) - 1)]);
  }
  return path;
}

// A whole row or column, in order from the clue on one of its ends.
void whole_line_from_outside(const Geometry& g, Rng& rng, Constraint& c) {
  const int n = g.size(), line = pick(rng, 0, n - 1);
  const bool row = chance(rng, 50), reversed = chance(rng, 50);
  for (int i = 0; i < n; ++i) {
    const int along = reversed ? n - 1 - i : i;
    c.cells.push_back(row ? line * n + along : along * n + line);
  }
  const int end = reversed ? n : -1;
  c.outside = row ? std::pair{line, end} : std::pair{end, line};
}

// A diagonal from a clue outside the grid, to the far edge.
void diagonal_from_outside(const Geometry& g, Rng& rng, Constraint& c) {
  const int n = g.size();
  const int dr = chance(rng, 50) ? 1 : -1, dc = chance(rng, 50) ? 1 : -1;
  // The clue sits beside an edge cell: start on the row or the column the diagonal enters by.
  int r, col;
  if (chance(rng, 50)) {
    r = dr > 0 ? 0 : n - 1;
    col = pick(rng, 0, n - 1);
  } else {
    col = dc > 0 ? 0 : n - 1;
    r = pick(rng, 0, n - 1);
  }
  c.outside = {r - dr, col - dc};
  for (; r >= 0 && r < n && col >= 0 && col < n; r += dr, col += dc) c.cells.push_back(r * n + col);
}

Constraint random_rule(Kind kind, const Geometry& g, Rng& rng) {
  const int n = g.size();
  Constraint c = rule(kind, {});
  const auto line = [&](int lo, int hi) { c.cells = walk(g, rng, pick(rng, lo, hi), kKingSteps); };
  const auto pair = [&]() {
    c.cells = walk(g, rng, 2, kOrthogonalSteps);
    if (chance(rng, 50)) std::swap(c.cells[0], c.cells[1]);
  };
  switch (kind) {
    case Kind::killer_cage: {
      c.cells = walk(g, rng, pick(rng, 1, std::min(n, 5)), kOrthogonalSteps);
      const int k = static_cast<int>(c.cells.size());
      if (chance(rng, 85)) c.value = pick(rng, k * (k + 1) / 2, k * (2 * n - k + 1) / 2);
      break;
    }
    case Kind::count_distinct:
      // A cell and a few cells anywhere (near it, as ISS's circles, or not).
      c.cells = walk(g, rng, pick(rng, 2, std::min(n, 6)), kKingSteps);
      break;
    case Kind::rellik_cage:
      // Small sums mostly (they rule out the most); any up to the cage's most.
      c.cells = walk(g, rng, pick(rng, 1, std::min(n, 5)), kOrthogonalSteps);
      c.value = chance(rng, 70) ? pick(rng, 1, n + 2) : pick(rng, 1, static_cast<int>(c.cells.size()) * n);
      break;
    case Kind::extra_region: {
      std::vector<int> all(g.cell_count());
      std::iota(all.begin(), all.end(), 0);
      std::shuffle(all.begin(), all.end(), rng);
      c.cells.assign(all.begin(), all.begin() + pick(rng, 2, n));
      break;
    }
    case Kind::sum: {
      c.cells = walk(g, rng, pick(rng, 1, 5), kKingSteps);
      if (chance(rng, 20)) c.cells.push_back(c.cells[pick(rng, 0, static_cast<int>(c.cells.size()) - 1)]);
      const int k = static_cast<int>(c.cells.size());
      c.value = pick(rng, k, k * n);
      break;
    }
    case Kind::odd:
    case Kind::even:
    case Kind::minimum:
    case Kind::maximum: c.cells = {pick(rng, 0, g.cell_count() - 1)}; break;
    case Kind::row_indexer:
    case Kind::column_indexer:
    case Kind::box_indexer:
      // One indexer cell, or a few (as f-puzzles may list them together).
      for (int i = chance(rng, 70) ? 1 : pick(rng, 2, 4); i > 0; --i) {
        const int cell = pick(rng, 0, g.cell_count() - 1);
        if (std::find(c.cells.begin(), c.cells.end(), cell) == c.cells.end()) c.cells.push_back(cell);
      }
      break;
    case Kind::quadruple: {
      const int r = pick(rng, 0, n - 2), col = pick(rng, 0, n - 2);
      c.cells = {r * n + col, r * n + col + 1, (r + 1) * n + col, (r + 1) * n + col + 1};
      for (int i = pick(rng, 1, 4); i > 0; --i) c.digits.push_back(pick(rng, 1, n));
      break;
    }
    case Kind::clone: {
      // One shape twice, the second copy moved so that the copies do not overlap.
      const std::vector<int> shape = walk(g, rng, pick(rng, 1, 3), kOrthogonalSteps);
      for (int tries = 0; tries < 100; ++tries) {
        const int dr = pick(rng, 1 - n, n - 1), dc = pick(rng, 1 - n, n - 1);
        std::vector<int> copy;
        for (int cell : shape) {
          const int r = g.row_of(cell) + dr, col = g.column_of(cell) + dc;
          if (r < 0 || r >= n || col < 0 || col >= n) break;
          if (std::find(shape.begin(), shape.end(), r * n + col) != shape.end()) break;
          copy.push_back(r * n + col);
        }
        if (copy.size() != shape.size()) continue;
        c.cells = shape;
        c.cells.insert(c.cells.end(), copy.begin(), copy.end());
        c.split = static_cast<int>(shape.size());
        break;
      }
      if (c.cells.empty()) {  // nowhere to put a copy: a one-cell clone of two far corners
        c.cells = {0, g.cell_count() - 1};
        c.split = 1;
      }
      break;
    }
    case Kind::difference:
      pair();
      if (chance(rng, 60)) c.value = pick(rng, chance(rng, 5) ? 0 : 1, n - 1);
      break;
    case Kind::ratio:
      pair();
      if (chance(rng, 50)) c.value = pick(rng, chance(rng, 5) ? 1 : 2, 3);
      break;
    case Kind::xv:
      pair();
      c.value = pick(rng, 3, 2 * n - 1);
      break;
    case Kind::greater_than: pair(); break;
    case Kind::thermometer: line(2, n); break;
    case Kind::arrow:
      c.split = n >= 9 && chance(rng, 25) ? 2 : 1;  // a pill of two: 10 or more, a line of two at least
      c.cells = walk(g, rng, c.split + pick(rng, c.split, 3), kKingSteps);
      if (static_cast<int>(c.cells.size()) < 2 * c.split) c.split = 1;
      break;
    case Kind::double_arrow: line(3, 6); break;
    case Kind::whisper:
      line(2, 5);
      if (chance(rng, 30)) c.value = pick(rng, 1, n - 1);
      break;
    case Kind::renban: line(2, n); break;
    case Kind::modular:
      line(2, 6);
      if (chance(rng, 30)) c.value = pick(rng, 2, n);
      break;
    case Kind::palindrome:
    case Kind::region_sum_line:
    case Kind::entropic:
    case Kind::zipper: line(2, 6); break;
    case Kind::between: line(2, 5); break;
    case Kind::nabner: line(2, (n + 1) / 2); break;
    case Kind::same_values: {
      // Two or three sets of one to three cells anywhere.
      c.value = pick(rng, 2, 3);
      std::vector<int> all(g.cell_count());
      std::iota(all.begin(), all.end(), 0);
      std::shuffle(all.begin(), all.end(), rng);
      c.cells.assign(all.begin(), all.begin() + *c.value * pick(rng, 1, 3));
      break;
    }
    case Kind::pair_table:
    case Kind::pair_table_all:
      // A table of about two thirds of the pairs (one at least), as a setter
      // lists them; for every two cells, half the time symmetric with no
      // digit beside itself (as nabner), which the search sees as a whole.
      line(2, kind == Kind::pair_table ? 5 : 4);
      if (kind == Kind::pair_table_all && chance(rng, 50)) {
        for (int x = 1; x <= n; ++x)
          for (int y = x + 1; y <= n; ++y)
            if (chance(rng, 65)) c.digits.insert(c.digits.end(), {x, y, y, x});
      } else {
        for (int x = 1; x <= n; ++x)
          for (int y = 1; y <= n; ++y)
            if (chance(rng, 65)) c.digits.insert(c.digits.end(), {x, y});
      }
      if (c.digits.empty()) c.digits = {1, 2};
      break;
    case Kind::counting_circles:
      for (int i = pick(rng, 1, 6); i > 0; --i) {
        const int cell = pick(rng, 0, g.cell_count() - 1);
        if (std::find(c.cells.begin(), c.cells.end(), cell) == c.cells.end()) c.cells.push_back(cell);
      }
      break;
    case Kind::lunchbox:
      line(2, n);
      c.value = pick(rng, 0, 3 * n);
      break;
    case Kind::sum_line:
      line(2, 6);
      c.value = pick(rng, 1, 2 * n);
      if (c.cells.size() > 2 && chance(rng, 30)) c.cells.push_back(c.cells.front());  // a loop
      break;
    case Kind::lockout:
      line(2, 5);
      if (chance(rng, 40)) c.value = pick(rng, 1, n - 1);
      break;
    case Kind::little_killer: {
      diagonal_from_outside(g, rng, c);
      const int k = static_cast<int>(c.cells.size());
      c.value = pick(rng, k, k * n);
      break;
    }
    case Kind::sandwich:
      whole_line_from_outside(g, rng, c);
      c.value = pick(rng, 0, n * (n - 1) / 2 - 1);
      break;
    case Kind::x_sum:
      whole_line_from_outside(g, rng, c);
      c.value = pick(rng, 1, n * (n + 1) / 2);
      break;
    case Kind::skyscraper:
    case Kind::hidden_skyscraper:
    case Kind::numbered_room:
      whole_line_from_outside(g, rng, c);
      c.value = pick(rng, 1, n);
      break;
    case Kind::full_rank:
      whole_line_from_outside(g, rng, c);
      c.value = pick(rng, 1, 4 * n);
      break;
    case Kind::no_difference:
      if (chance(rng, 50)) c.value = pick(rng, 1, n - 1);
      break;
    case Kind::no_ratio:
      if (chance(rng, 50)) c.value = pick(rng, 2, 3);
      break;
    case Kind::anti_knight:
    case Kind::anti_king:
    case Kind::nonconsecutive:
    case Kind::global_entropy:
    case Kind::full_rank_no_ties:
    case Kind::full_rank_ties:
    case Kind::anti_taxicab:
    case Kind::no_xv: break;
  }
  return c;
}

// The marks that exempt a pair from a whole-grid rule: for each orthogonal
// pair of `grid` that breaks `global`, the dot or letter that keeps it.
std::vector<Constraint> marks_for(const Geometry& g, const Constraint& global, const Grid& grid) {
  const auto same_value = [&](int, int) { return global.value; };
  switch (global.kind) {
    case Kind::nonconsecutive:
    case Kind::no_difference: {
      const int d = global.value.value_or(1);
      return testing::marks(g.size(), grid, Kind::difference, [d](int x, int y) { return std::abs(x - y) == d; },
                            same_value);
    }
    case Kind::no_ratio: {
      const int r = global.value.value_or(2);
      return testing::marks(g.size(), grid, Kind::ratio, [r](int x, int y) { return x == r * y || y == r * x; },
                            same_value);
    }
    case Kind::no_xv:
      return testing::marks(g.size(), grid, Kind::xv, [](int x, int y) { return x + y == 5 || x + y == 10; },
                            [](int x, int y) { return x + y; });
    default: return {};
  }
}

// ---- The propagators, run without the search ------------------------------

class MaskDomains final : public detail::Domains {
 public:
  explicit MaskDomains(std::vector<Mask>& masks) : Domains(masks), masks_(masks) {}
  bool narrow(int cell, Mask allowed) override {
    masks_[cell] &= allowed;
    return masks_[cell] != 0;
  }

 private:
  std::vector<Mask>& masks_;
};

bool inside(const Grid& grid, const std::vector<Mask>& masks) {
  for (std::size_t cell = 0; cell < grid.size(); ++cell)
    if (!(masks[cell] & digit_bit(grid[cell]))) return false;
  return true;
}

std::string cells_text(const Geometry& g, const std::vector<int>& cells) {
  std::string text;
  // Appended piece by piece: g++ 12 warns falsely on "x" + std::string.
  for (int cell : cells) {
    if (!text.empty()) text += ',';
    text += g.cell_name(cell);
  }
  return text;
}

// With every cell fixed to `grid`, whether every propagator accepts it.
bool accepted(const detail::ConstraintProgram& program, const Grid& grid) {
  std::vector<Mask> masks(grid.size());
  for (std::size_t cell = 0; cell < grid.size(); ++cell) masks[cell] = digit_bit(grid[cell]);
  for (int cell = 0; cell < static_cast<int>(grid.size()); ++cell) {
    if (!(program.initial(cell) & masks[cell])) return false;
    for (int peer : program.extra_peers(cell))
      if (grid[peer] == grid[cell]) return false;
    for (const detail::PairLink& link : program.links(cell))
      if (!(link.support[grid[cell]] & masks[link.other])) return false;
  }
  MaskDomains domains(masks);
  for (int rule = 0; rule < program.rule_count(); ++rule) {
    const std::vector<Mask> before = masks;
    if (!program.rule(rule).revise(domains)) return false;
    EXPECT_EQ(masks, before) << "a rule changed a fixed grid";
  }
  return true;
}

// Every propagator to a fixed point on `masks`, failing the test where a step
// drops a candidate of a grid of `solutions` or finds no room for them.
void propagate_keeping(const Geometry& g, const detail::ConstraintProgram& program, std::vector<Mask>& masks,
                       const std::vector<Grid>& solutions, const std::string& what) {
  // `step` streams the name of the step last run, read only on a failure.
  const auto check = [&](auto&& step) {
    for (const Grid& solution : solutions)
      if (!inside(solution, masks)) {
        std::ostringstream name;
        step(name);
        ADD_FAILURE() << what << ": " << name.str() << " dropped a candidate of a solution";
        return false;
      }
    return true;
  };
  MaskDomains domains(masks);
  const int cells = g.cell_count();
  for (int cell = 0; cell < cells; ++cell) masks[cell] &= program.initial(cell);
  if (!check([](std::ostream& out) { out << "the initial candidates"; })) return;
  for (int round = 0; round < 64; ++round) {
    const std::vector<Mask> start = masks;
    for (int cell = 0; cell < cells; ++cell) {
      if (std::popcount(masks[cell]) == 1)
        for (int peer : program.extra_peers(cell)) masks[peer] &= ~masks[cell];
      if (!check([&](std::ostream& out) { out << "the extra peers of " << g.cell_name(cell); })) return;
      for (const detail::PairLink& link : program.links(cell)) {
        Mask allowed = 0;
        for (int d = 1; d <= g.size(); ++d)
          if (masks[cell] & digit_bit(d)) allowed |= link.support[d];
        masks[link.other] &= allowed;
        const auto step = [&](std::ostream& out) {
          out << "the link " << g.cell_name(cell) << "->" << g.cell_name(link.other);
        };
        if (!check(step)) return;
      }
    }
    for (int rule = 0; rule < program.rule_count(); ++rule) {
      const bool room = program.rule(rule).revise(domains);
      const auto name = [&](std::ostream& out) { out << "the rule over " << cells_text(g, program.rule(rule).cells); };
      if (!check(name)) return;
      if (!room) {
        std::ostringstream text;
        name(text);
        EXPECT_TRUE(solutions.empty()) << what << ": " << text.str() << " found no room";
        return;
      }
    }
    if (masks == start) return;
  }
}

// ---- The cross-check -------------------------------------------------------

struct Recipe {
  std::string name;
  std::vector<Kind> kinds;
};

void PrintTo(const Recipe& recipe, std::ostream* out) { *out << recipe.name; }

std::string recipe_name(const std::vector<Kind>& kinds) {
  std::string name;
  for (Kind kind : kinds) {
    if (!name.empty()) name += "_and_";
    name += to_string(kind);
  }
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

std::vector<Recipe> recipes() {
  std::vector<Recipe> all;
  for (Kind kind : testing::every_kind()) all.push_back({recipe_name({kind}), {kind}});
  for (std::vector<Kind> mixture : std::vector<std::vector<Kind>>{
           {Kind::nonconsecutive, Kind::difference},
           {Kind::no_difference, Kind::difference},
           {Kind::no_ratio, Kind::ratio},
           {Kind::no_xv, Kind::xv},
           {Kind::killer_cage, Kind::thermometer},
           {Kind::sandwich, Kind::skyscraper, Kind::x_sum, Kind::little_killer},
           {Kind::numbered_room, Kind::x_sum, Kind::thermometer},
           {Kind::counting_circles, Kind::killer_cage},
           {Kind::global_entropy, Kind::thermometer},
           {Kind::hidden_skyscraper, Kind::skyscraper},
           {Kind::full_rank, Kind::full_rank_no_ties},
           {Kind::full_rank, Kind::full_rank_ties},
           {Kind::full_rank, Kind::killer_cage},
           {Kind::anti_knight, Kind::killer_cage},
           {Kind::anti_king, Kind::thermometer},
           {Kind::arrow, Kind::renban, Kind::whisper},
           {Kind::sum, Kind::double_arrow, Kind::arrow, Kind::little_killer},
           {Kind::quadruple, Kind::clone, Kind::palindrome},
           {Kind::entropic, Kind::modular, Kind::zipper},
           {Kind::region_sum_line, Kind::between},
           {Kind::pair_table, Kind::pair_table_all, Kind::killer_cage},
           {Kind::same_values, Kind::thermometer, Kind::palindrome},
           {Kind::rellik_cage, Kind::killer_cage, Kind::little_killer},
           {Kind::anti_taxicab, Kind::thermometer, Kind::killer_cage},
           {Kind::count_distinct, Kind::renban, Kind::killer_cage},
           {Kind::lockout, Kind::between, Kind::thermometer},
           {Kind::sum_line, Kind::killer_cage, Kind::arrow},
           {Kind::lunchbox, Kind::sandwich, Kind::renban},
           {Kind::killer_cage, Kind::extra_region, Kind::odd, Kind::even},
           {Kind::minimum, Kind::maximum, Kind::greater_than, Kind::difference, Kind::ratio},
       })
    all.push_back({recipe_name(mixture), mixture});
  return all;
}

struct Tally {
  int instances = 0, solved = 0, invalid = 0;
  std::size_t solutions = 0;
};

// A random puzzle of the recipe's kinds: the rules mostly chosen so that
// `witness` keeps them (so that many puzzles have solutions), some not;
// whole-grid rules (those of `chosen` where it has one of the kind) get the
// marks that `witness` needs, mostly; givens from the witness, sometimes one
// that is not.
Puzzle random_puzzle(const Recipe& recipe, const std::shared_ptr<const Geometry>& geometry, const Grid& witness,
                     int givens, Rng& rng, const std::vector<Constraint>& chosen = {}) {
  const Geometry& g = *geometry;
  Puzzle puzzle{geometry, Grid(g.cell_count(), 0), "", {}};
  auto& rules = puzzle.constraints;
  for (Kind kind : recipe.kinds) {
    const int copies = whole_grid(kind) ? 1 : pick(rng, 1, recipe.kinds.size() > 1 ? 2 : 3);
    for (int i = 0; i < copies; ++i) {
      const bool fit = chance(rng, 80);
      const auto preset =
          std::find_if(chosen.begin(), chosen.end(), [&](const Constraint& c) { return c.kind == kind; });
      Constraint c = preset != chosen.end() ? *preset : random_rule(kind, g, rng);
      for (int tries = 0; fit && !whole_grid(kind) && tries < 300 && !holds(g, c, witness, {c}); ++tries)
        c = random_rule(kind, g, rng);
      rules.push_back(std::move(c));
    }
  }
  for (std::size_t i = 0, count = rules.size(); i < count; ++i)
    if (whole_grid(rules[i].kind) && chance(rng, 80)) {
      std::vector<Constraint> needed = marks_for(g, rules[i], witness);
      rules.insert(rules.end(), needed.begin(), needed.end());
    }
  std::vector<int> order(g.cell_count());
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  for (int i = 0; i < givens; ++i) puzzle.cells[order[i]] = witness[order[i]];
  if (chance(rng, 5)) puzzle.cells[order[givens]] = static_cast<std::uint8_t>(pick(rng, 1, g.size()));
  return puzzle;
}

std::string puzzle_text(const Puzzle& puzzle) {
  std::ostringstream text;
  for (std::uint8_t digit : puzzle.cells) text << static_cast<char>(digit ? '0' + digit : '.');
  for (const Constraint& c : puzzle.constraints) {
    text << "; " << describe(*puzzle.geometry, c);
    if (c.split) text << " split " << c.split;
  }
  return text.str();
}

// One puzzle: the search's solutions against brute force over `candidates`
// (the grids that keep the houses and givens), then the propagators.
void cross_check(const Puzzle& puzzle, const std::vector<Grid>& candidates, Rng& rng, Tally& tally) {
  const Geometry& g = *puzzle.geometry;
  const std::string what = puzzle_text(puzzle);
  for (const Constraint& c : puzzle.constraints) ASSERT_EQ(malformed(g, c), "") << what;
  std::vector<Grid> expected;
  for (const Grid& grid : candidates)
    if (keeps_every_rule(g, puzzle.constraints, grid)) expected.push_back(grid);
  std::sort(expected.begin(), expected.end(), grid_less);

  SolveOptions options;
  options.count_limit = 1'000'000;
  options.keep = 1'000'000;
  const SolveResult result = solve(puzzle, options);
  ++tally.instances;
  if (result.status == SolveStatus::invalid) {
    // Givens that clash or break a rule: then nothing solves the puzzle.
    ++tally.invalid;
    EXPECT_TRUE(expected.empty()) << what << ": invalid (" << result.reason << ") yet " << expected.size()
                                  << " solutions";
    return;
  }
  std::vector<Grid> found = result.solutions;
  std::sort(found.begin(), found.end(), grid_less);
  EXPECT_EQ(result.count, expected.size()) << what;
  EXPECT_EQ(found, expected) << what;
  for (const Grid& solution : found) EXPECT_TRUE(is_solution_of(puzzle, solution)) << what;
  EXPECT_EQ(result.status, expected.empty()       ? SolveStatus::no_solution
                           : expected.size() == 1 ? SolveStatus::unique
                                                  : SolveStatus::multiple)
      << what;
  tally.solved += !expected.empty();
  tally.solutions += expected.size();

  // A random solution is one of them.
  SolveOptions random;
  random.random = true;
  random.seed = rng();
  random.count_limit = 1;
  const SolveResult one = solve(puzzle, random);
  ASSERT_EQ(one.solutions.size(), expected.empty() ? 0u : 1u) << what;
  if (!expected.empty()) {
    EXPECT_TRUE(std::binary_search(expected.begin(), expected.end(), one.solutions[0], grid_less)) << what;
  }
  // Pencil marks keep the solutions inside them.
  SolveOptions marked = options;
  marked.candidates.assign(g.cell_count(), all_digits(g.size()));
  const Grid* kept = expected.empty() ? nullptr : &expected[pick(rng, 0, static_cast<int>(expected.size()) - 1)];
  for (int cell = 0; cell < g.cell_count(); ++cell)
    if (puzzle.cells[cell] == 0)
      for (int d = 1; d <= g.size(); ++d)
        if (chance(rng, kept && (*kept)[cell] == d ? 3 : 30)) marked.candidates[cell] &= ~digit_bit(d);
  std::vector<Grid> within;
  for (const Grid& grid : expected)
    if (inside(grid, marked.candidates)) within.push_back(grid);
  const SolveResult with_marks = solve(puzzle, marked);
  std::vector<Grid> found_within = with_marks.solutions;
  std::sort(found_within.begin(), found_within.end(), grid_less);
  EXPECT_EQ(found_within, within) << what << " with pencil marks";

  const detail::ConstraintProgram program(g, puzzle.constraints);
  ASSERT_EQ(program.invalid(), "") << what;
  // Exact on complete grids: a grid every propagator accepts keeps every rule, and back.
  for (const Grid& grid : candidates)
    EXPECT_EQ(accepted(program, grid), keeps_every_rule(g, puzzle.constraints, grid)) << what;
  // Sound: random candidates around a solution keep every solution inside them.
  if (expected.empty()) return;
  for (int round = 0; round < 4; ++round) {
    const Grid& centre = expected[pick(rng, 0, static_cast<int>(expected.size()) - 1)];
    std::vector<Mask> masks(g.cell_count());
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      masks[cell] = digit_bit(centre[cell]);
      if (puzzle.cells[cell] == 0)
        for (int d = 1; d <= g.size(); ++d)
          if (chance(rng, round < 2 ? 60 : 30)) masks[cell] |= digit_bit(d);
    }
    std::vector<Grid> kept;
    for (const Grid& grid : expected)
      if (inside(grid, masks)) kept.push_back(grid);
    propagate_keeping(g, program, masks, kept, what);
  }
}

void report(const std::string& where, const Recipe& recipe, const Tally& tally, double seconds) {
  std::cout << "[variant search] " << where << " " << recipe.name << ": " << tally.instances << " puzzles, "
            << tally.solved << " with solutions (" << tally.solutions << " in all), " << tally.invalid
            << " invalid, " << seconds << " s\n";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Seeds from the recipe's name (FNV-1a): each recipe its own puzzles, the
// same every run and on every platform.
Rng seeded(const std::string& where, const Recipe& recipe) {
  std::uint64_t hash = 14695981039346656037ull;
  for (char c : where + ' ' + recipe.name) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return Rng(hash);
}

class VariantSearch : public ::testing::TestWithParam<Recipe> {};

// 4×4: every grid of the geometry (288 classic, 72 of the jigsaw below, 576
// Latin squares) is a candidate.
TEST_P(VariantSearch, FourByFourAgainstEveryGrid) {
  const Recipe& recipe = GetParam();
  const auto start = std::chrono::steady_clock::now();
  static const std::vector<int> kJigsaw{0, 0, 1, 1, 0, 0, 2, 1, 3, 2, 2, 1, 3, 3, 3, 2};
  for (const auto& geometry : {std::make_shared<const Geometry>(Geometry::classic(2, 2)),
                               std::make_shared<const Geometry>(Geometry::jigsaw(4, kJigsaw)),
                               std::make_shared<const Geometry>(Geometry::latin(4))}) {
    // A box indexer needs boxes (or regions), which a Latin square lacks.
    if (geometry->variant() == "latin" &&
        std::find(recipe.kinds.begin(), recipe.kinds.end(), Kind::box_indexer) != recipe.kinds.end())
      continue;
    const std::string where = geometry->variant() + " 4x4";
    Rng rng = seeded(where, recipe);
    const std::vector<Grid> grids = every_grid(*geometry);
    ASSERT_EQ(grids.size(), geometry->variant() == "classic" ? 288u : geometry->variant() == "latin" ? 576u : 72u);
    Tally tally;
    const int puzzles = geometry->variant() == "classic" ? 100 : 30;
    for (int i = 0; i < puzzles && !HasFatalFailure(); ++i) {
      const Grid& witness = grids[pick(rng, 0, static_cast<int>(grids.size()) - 1)];
      const Puzzle puzzle = random_puzzle(recipe, geometry, witness, pick(rng, 0, 4), rng);
      std::vector<Mask> givens(16);
      for (int cell = 0; cell < 16; ++cell)
        givens[cell] = puzzle.cells[cell] ? digit_bit(puzzle.cells[cell]) : all_digits(4);
      std::vector<Grid> candidates;
      for (const Grid& grid : grids)
        if (inside(grid, givens)) candidates.push_back(grid);
      cross_check(puzzle, candidates, rng, tally);
    }
    report(where, recipe, tally, seconds_since(start));
  }
}

// Grids too many to list (28,200,960 of 6×6): each puzzle has givens from a
// random witness grid, and the candidates are the completions of its givens.
// The witness mostly keeps the recipe's whole-grid rules where `pruned`
// percent of them are drawn first: anti-knight and anti-king as more
// companions of each cell, the others (on 6×6; 9×9 ones take too long to
// fill) checked on the way by the checker's broken_by_givens. The rules not
// drawn first get the marks the witness needs.
void check_by_completions(const Recipe& recipe, const std::shared_ptr<const Geometry>& geometry, int puzzles,
                          std::pair<int, int> givens, int pruned) {
  const auto start = std::chrono::steady_clock::now();
  std::string where = "classic ";
  where += std::to_string(geometry->size());
  where += 'x';
  where += std::to_string(geometry->size());
  Rng rng = seeded(where, recipe);
  Filler filler(*geometry);
  Tally tally;
  for (int i = 0; i < puzzles && !::testing::Test::HasFatalFailure(); ++i) {
    std::vector<Constraint> global, checked;
    std::vector<std::pair<int, int>> moves;
    for (Kind kind : recipe.kinds) {
      if (!whole_grid(kind) || !chance(rng, pruned)) continue;
      if (kind == Kind::anti_knight) moves.insert(moves.end(), kKnightMoves.begin(), kKnightMoves.end());
      else if (kind == Kind::anti_king) moves.insert(moves.end(), kKingSteps.begin(), kKingSteps.end());
      else if (geometry->size() >= 9) continue;
      global.push_back(random_rule(kind, *geometry, rng));
      if (kind != Kind::anti_knight && kind != Kind::anti_king) checked.push_back(global.back());
    }
    Grid witness = geometry->size() >= 12 ? shuffled_pattern(*geometry, rng) : Grid{};
    std::uint64_t nodes = 0;
    if (witness.empty())
      Filler(*geometry, moves)
          .run(
              Grid(geometry->cell_count(), 0),
              [&](const Grid& grid) {
                witness = grid;
                return false;
              },
              [&](const Grid& grid) {
                return ++nodes > 100'000 || (!checked.empty() && broken_by_givens(*geometry, checked, grid));
              },
              &rng);
    if (witness.empty()) continue;
    const Puzzle puzzle = random_puzzle(recipe, geometry, witness, pick(rng, givens.first, givens.second), rng, global);
    std::vector<Grid> candidates;
    nodes = 0;
    filler.run(
        puzzle.cells,
        [&](const Grid& grid) {
          candidates.push_back(grid);
          return true;
        },
        [&](const Grid&) { return ++nodes > 1'000'000; });
    if (nodes > 1'000'000) continue;  // too many to list: another puzzle
    cross_check(puzzle, candidates, rng, tally);
  }
  report(where, recipe, tally, seconds_since(start));
  EXPECT_GE(tally.instances, puzzles * 2 / 3);
}

TEST_P(VariantSearch, SixBySixAgainstEveryCompletion) {
  check_by_completions(GetParam(), std::make_shared<const Geometry>(Geometry::classic(2, 3)), 30, {8, 12}, 60);
}

// 16×16 and 25×25: cage sums by combinations up to 16, by bounds above;
// the probes of a 25×25 search.
TEST_P(VariantSearch, LargeGridsAgainstEveryCompletion) {
  check_by_completions(GetParam(), std::make_shared<const Geometry>(Geometry::classic(4, 4)), 3, {200, 215}, 0);
  check_by_completions(GetParam(), std::make_shared<const Geometry>(Geometry::classic(5, 5)), 1, {560, 580}, 0);
}

// 9×9: the rules' 9×9 defaults (whispers 5 apart, entropy 1-3/4-6/7-9) and
// two-digit pills; with many givens.
TEST_P(VariantSearch, NineByNineAgainstEveryCompletion) {
  check_by_completions(GetParam(), std::make_shared<const Geometry>(Geometry::classic(3, 3)), 10, {36, 46}, 60);
}

// Pencil marks that leave a cell one digit place it before the search
// starts: the rules' bounds on single cells (odd, even, a thermometer's
// reach) apply to it all the same.
TEST(VariantSearchMarks, ACellPlacedByPencilMarksKeepsTheRules) {
  const auto geometry = std::make_shared<const Geometry>(Geometry::classic(2, 2));
  const Constraint even = rule(Kind::even, {0}), odd = rule(Kind::odd, {0});
  const Constraint thermometer = rule(Kind::thermometer, {3, 2, 1, 0});  // r1c4 up to r1c1: r1c1 holds 4
  SolveOptions options;
  options.count_limit = 1000;
  options.keep = 1000;
  options.candidates.assign(16, all_digits(4));
  for (auto [rule, marks, solutions] :
       {std::tuple{even, digit_bit(3), 0}, std::tuple{odd, digit_bit(2), 0}, std::tuple{thermometer, digit_bit(3), 0},
        std::tuple{even, digit_bit(2) | digit_bit(3), 288 / 4}, std::tuple{odd, digit_bit(3), 288 / 4},
        std::tuple{thermometer, digit_bit(4), 288 / 4 / 6}}) {
    options.candidates[0] = marks;
    const SolveResult result = solve(Puzzle{geometry, Grid(16, 0), "", {rule}}, options);
    EXPECT_EQ(result.count, static_cast<std::uint64_t>(solutions)) << describe(*geometry, rule) << " marked " << marks;
  }
}

// Long sums on large grids, where the reachable sums of a sum's propagator
// span several words: a random grid keeps sums taken from it, so on random
// candidates around it no propagator may drop one of its digits.
TEST(VariantSearchSums, LongSumsKeepTheGridTheyWereTakenFrom) {
  Rng rng(3801);
  int checked = 0;
  for (int box : {3, 4, 5}) {
    const Geometry g = Geometry::classic(box, box);
    const int n = g.size();
    for (int i = 0; i < 100; ++i) {
      const Grid grid = shuffled_pattern(g, rng);
      std::vector<Constraint> rules;
      for (int r = pick(rng, 1, 3); r > 0; --r) {
        Constraint c = rule(Kind::sum, walk(g, rng, pick(rng, 3, 2 * n), kKingSteps));
        if (chance(rng, 30)) c.cells.push_back(c.cells[0]);  // a sum may count a cell twice
        if (chance(rng, 30)) c = rule(Kind::killer_cage, walk(g, rng, pick(rng, 3, n), kOrthogonalSteps));
        if (chance(rng, 20)) {
          c = rule(Kind::little_killer, {});
          diagonal_from_outside(g, rng, c);
        }
        int total = 0;
        for (int cell : c.cells) total += grid[cell];
        c.value = total;
        if (holds(g, c, grid, {c})) rules.push_back(c);  // not a cage that repeats a digit
      }
      const detail::ConstraintProgram program(g, rules);
      ASSERT_EQ(program.invalid(), "");
      std::vector<Mask> masks(g.cell_count());
      for (int cell = 0; cell < g.cell_count(); ++cell) {
        masks[cell] = digit_bit(grid[cell]);
        for (int d = 1; d <= n; ++d)
          if (chance(rng, i % 2 ? 70 : 30)) masks[cell] |= digit_bit(d);
      }
      Puzzle puzzle{std::make_shared<const Geometry>(g), grid, "", rules};
      propagate_keeping(g, program, masks, {grid}, puzzle_text(puzzle));
      ++checked;
    }
  }
  EXPECT_EQ(checked, 300);
}

// A rule that settles (Rule::settles: the search does not revise it again
// for its own removals) must remove nothing on a second revise right after
// a first: sandwiches on random candidates around a grid, 4×4 to 16×16 (the
// walks over sets of filling digits and over sums).
TEST(VariantSearchLines, ARuleThatSettlesRemovesNothingOnASecondRevise) {
  Rng rng(7207);
  int settled = 0, changed = 0;
  for (int box : {2, 3, 4}) {
    const Geometry g = Geometry::classic(box, box);
    const int n = g.size();
    for (int i = 0; i < 300; ++i) {
      const Grid grid = shuffled_pattern(g, rng);
      Constraint c = rule(Kind::sandwich, {});
      whole_line_from_outside(g, rng, c);
      int sum = 0, crust = 0;
      for (int cell : c.cells) {
        if (grid[cell] == 1 || grid[cell] == n) ++crust;
        else if (crust == 1) sum += grid[cell];
      }
      c.value = chance(rng, 80) ? sum : pick(rng, 0, n * (n - 1) / 2 - 1);
      const detail::ConstraintProgram program(g, {c});
      ASSERT_EQ(program.invalid(), "");
      std::vector<Mask> masks(g.cell_count());
      for (int cell = 0; cell < g.cell_count(); ++cell) {
        masks[cell] = digit_bit(grid[cell]);
        for (int d = 1; d <= n; ++d)
          if (chance(rng, i % 2 ? 60 : 25)) masks[cell] |= digit_bit(d);
      }
      for (int r = 0; r < program.rule_count(); ++r) {
        const detail::Rule& rule = program.rule(r);
        if (!rule.settles) {  // a sum of 64 or more on a large grid: by the crust's places
          EXPECT_TRUE(n > 9 && *c.value >= 64) << n << "x" << n << " = " << *c.value;
          continue;
        }
        const std::vector<Mask> before = masks;
        MaskDomains domains(masks);
        if (!rule.revise(domains)) continue;
        changed += masks != before;
        const std::vector<Mask> once = masks;
        ASSERT_TRUE(rule.revise(domains));
        EXPECT_EQ(masks, once) << n << "x" << n << " " << cells_text(g, c.cells) << " = " << *c.value;
        ++settled;
      }
    }
  }
  EXPECT_GT(settled, 600);
  EXPECT_GT(changed, 300);
}

// A renban of six in row 1 runs over 1-6, 2-7, 3-8 or 4-9: 4, 5 and 6 are on
// it whatever the run, at places all in row 1, so the rest of the row loses
// them (the search took 32 times ISS's guesses on its "Hard renban 3" without).
TEST(VariantSearchLines, DigitsOfEveryRenbanRunLeaveTheRestOfTheirHouse) {
  const Geometry g = Geometry::classic(3, 3);
  const detail::ConstraintProgram program(g, {rule(Kind::renban, {0, 1, 2, 3, 4, 5})});
  ASSERT_EQ(program.invalid(), "");
  std::vector<Mask> masks(g.cell_count(), all_digits(9));
  MaskDomains domains(masks);
  for (int r = 0; r < program.rule_count(); ++r) ASSERT_TRUE(program.rule(r).revise(domains));
  const Mask needed = digit_bit(4) | digit_bit(5) | digit_bit(6);
  for (int cell = 0; cell < g.cell_count(); ++cell)
    EXPECT_EQ(masks[cell], cell >= 6 && cell <= 8 ? all_digits(9) & ~needed : all_digits(9)) << g.cell_name(cell);
  // The same runs, the 5 now at r1c1 or r1c2: box 1 loses it too.
  masks.assign(g.cell_count(), all_digits(9));
  for (int cell = 2; cell < 6; ++cell) masks[cell] = all_digits(9) & ~digit_bit(5);
  masks[0] = masks[1] = all_digits(9) & ~digit_bit(9);
  for (int r = 0; r < program.rule_count(); ++r) ASSERT_TRUE(program.rule(r).revise(domains));
  for (int cell : {9, 10, 11, 18, 19, 20, 6, 7, 8}) EXPECT_FALSE(masks[cell] & digit_bit(5)) << g.cell_name(cell);
}

// Dominoes down rows 2-3 in columns 2-9 add up to 87: rows 2 and 3 hold 90,
// so r2c1 + r3c1 = 3. Only the run of rows 2-3 says so (row 1 has no cage):
// the logic solver's program takes every run of houses, the search's only
// those from either end.
TEST(VariantSearchSums, TheRuleOf45OverEveryRunOfHousesForTheLogicSolver) {
  const Geometry g = Geometry::classic(3, 3);
  std::vector<Constraint> cages{rule(Kind::killer_cage, {17, 26}, 10)};
  for (int column = 1; column <= 7; ++column) cages.push_back(rule(Kind::killer_cage, {9 + column, 18 + column}, 11));
  const auto says = [&](const detail::ConstraintProgram& program) {
    for (int r = 0; r < program.rule_count(); ++r)
      if (program.rule(r).origin < 0 && program.implied_text(program.rule(r).origin) == "the rule of 45 on rows 2-3: r2c1+r3c1 = 3")
        return true;
    return false;
  };
  EXPECT_TRUE(says(detail::ConstraintProgram(g, cages, /*every_run=*/true)));
  EXPECT_FALSE(says(detail::ConstraintProgram(g, cages)));
}

// A run of houses and the run of the others give one sum twice, negated:
// rows 1-2's innies are rows 3-9's outies. The program keeps one of each
// pair, weighing twice in the search's choice of cell as the two did, so the
// search is the same, and cheaper (MATHEMAGIC_KILLERS #4, ISS's killer text;
// bench_variants gives the same guesses on every ISS collection).
TEST(VariantSearchSums, ARunAndTheOtherHousesImplyOneSumNotTwo) {
  const auto records =
      read_all("R<<<M<<<U^M<<<^J>^R<<^S<^R^^P>>^>^^^^^<R5^>^MP^>^V<<^^^^^>^L>>^^<^K>^<<R^>>^<>>>^");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].puzzle);
  const Puzzle& puzzle = *records[0].puzzle;
  const Geometry g = Geometry::classic(3, 3);
  for (bool every_run : {false, true}) {
    const detail::ConstraintProgram program(g, puzzle.constraints, every_run);
    std::set<std::pair<std::vector<int>, int>> sums;  // (cells, total) of each implied sum's words
    int doubled = 0;
    for (int r = 0; r < program.rule_count(); ++r) {
      const detail::Rule& rule = program.rule(r);
      if (rule.origin >= 0) continue;
      doubled += rule.branching_weight == 2;
      // "…: r2c7-r3c4-r3c9-r4c9 = -11" and "…: r3c4+r3c9+r4c9-r2c7 = 11"
      // are one sum: compare the sorted cells with the total's magnitude.
      const std::string text = program.implied_text(rule.origin);
      const int total = std::stoi(text.substr(text.rfind("= ") + 2));
      std::vector<int> cells = rule.cells;
      std::sort(cells.begin(), cells.end());
      EXPECT_TRUE(sums.insert({cells, std::abs(total)}).second) << text;
    }
    EXPECT_EQ(doubled, 10) << every_run;
  }
}

// Every little killer of six cells or more on a random grid, with the grid's
// sums: the sums the program takes together (neighbouring diagonals share
// boxes) must keep the grid on random candidates around it.
TEST(VariantSearchSums, LittleKillersTakenTogetherKeepTheGrid) {
  Rng rng(4911);
  const Geometry g = Geometry::classic(3, 3);
  std::vector<std::vector<int>> diagonals;
  for (int start = 0; start <= 3; ++start)
    for (int way = 0; way < 4; ++way) {
      std::vector<int> cells;
      for (int i = 0; i + start < 9; ++i) {
        const int along = way % 2 ? start + i : i, across = way % 2 ? i : start + i;
        cells.push_back(way < 2 ? along * 9 + across : along * 9 + (8 - across));
      }
      if (start > 0 || way % 2 == 0) diagonals.push_back(cells);
    }
  int combined = 0;
  for (int i = 0; i < 40; ++i) {
    Grid grid = shuffled_pattern(g, rng);
    std::vector<const std::vector<int>*> chosen;
    for (const auto& cells : diagonals)
      if (chance(rng, 50)) chosen.push_back(&cells);
    // Digits relabelled so the most frequent on the chosen diagonals are the
    // highest: sums near their ends, where taking them together pays.
    std::vector<int> seen(10, 0), order(9);
    for (const auto* cells : chosen)
      for (int cell : *cells) ++seen[grid[cell]];
    std::iota(order.begin(), order.end(), 1);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return seen[a] < seen[b]; });
    std::vector<int> label(10, 0);
    for (int k = 0; k < 9; ++k) label[order[k]] = k + 1;
    for (auto& digit : grid) digit = label[digit];
    std::vector<Constraint> rules;
    for (const auto* cells : chosen) {
      Constraint c = rule(Kind::little_killer, *cells);
      const auto& cells_ref = *cells;
      c.value = 0;
      for (int cell : cells_ref) *c.value += grid[cell];
      rules.push_back(c);
    }
    const detail::ConstraintProgram program(g, rules);
    ASSERT_EQ(program.invalid(), "");
    for (int r = 0; r < program.rule_count(); ++r) combined += program.rule(r).origin < 0;
    std::vector<Mask> masks(g.cell_count());
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      masks[cell] = digit_bit(grid[cell]);
      for (int d = 1; d <= 9; ++d)
        if (chance(rng, i % 2 ? 60 : 25)) masks[cell] |= digit_bit(d);
    }
    Puzzle puzzle{std::make_shared<const Geometry>(g), grid, "", rules};
    propagate_keeping(g, program, masks, {grid}, puzzle_text(puzzle));
  }
  EXPECT_GT(combined, 0);  // the test reaches what it is for
}

// Eight little killers of 49 (an ISS example): no grid keeps them. Each
// diagonal alone has room, taken together with its neighbour it has almost
// none; the search proved nothing within 3,000,000 nodes before the sums
// were taken together (ISS: 832 guesses).
TEST(VariantSearchSums, NeighbouringLittleKillersTogetherProveNoSolution) {
  const Puzzle puzzle = testing::parse_one(
      ".LittleKiller~49~R1C9.LittleKiller~49~R1C8.LittleKiller~49~R9C2.LittleKiller~49~R9C3"
      ".LittleKiller~49~R7C9.LittleKiller~49~R1C1.LittleKiller~49~R2C1.LittleKiller~49~R3C1");
  SolveOptions options;
  options.count_limit = 2;
  options.max_nodes = 20000;
  EXPECT_EQ(solve(puzzle, options).status, SolveStatus::no_solution);
}

// Values no puzzle has, at the ends of int, and circles of many cells: the
// rule is refused as malformed, or the search and the checker agree (and,
// under the sanitizers, nothing overflows).
TEST(VariantSearchExtremes, ValuesAtTheEndsOfInt) {
  const auto geometry = std::make_shared<const Geometry>(Geometry::classic(2, 2));
  const std::vector<Grid> grids = every_grid(*geometry);
  Rng rng(38);
  Tally tally;
  int refused = 0;
  const auto try_rule = [&](const Constraint& c) {
    const Puzzle puzzle{geometry, Grid(16, 0), "", {c}};
    if (const std::string why = malformed(*geometry, c); !why.empty()) {
      ++refused;
      EXPECT_EQ(solve(puzzle).status, SolveStatus::invalid) << why;
      return;
    }
    cross_check(puzzle, grids, rng, tally);
  };
  for (Kind kind : testing::every_kind())
    for (int value : {INT_MIN, INT_MIN + 1, -1000000, -1, 0, 1000000, INT_MAX - 1, INT_MAX})
      for (int copy = 0; copy < 2; ++copy) {
        Constraint c = random_rule(kind, *geometry, rng);
        c.value = value;
        try_rule(c);
      }
  std::vector<int> line(16);
  std::iota(line.begin(), line.end(), 0);
  for (int split = 1; split < 16; ++split) try_rule(testing::with_split(rule(Kind::arrow, line), split));
  std::cout << "[variant search] extremes: " << tally.instances << " puzzles checked, " << refused << " refused\n";
}

INSTANTIATE_TEST_SUITE_P(Variants, VariantSearch, ::testing::ValuesIn(recipes()),
                         [](const ::testing::TestParamInfo<Recipe>& info) { return info.param.name; });

}  // namespace
}  // namespace nonet
