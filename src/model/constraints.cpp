// The constraint catalogue's names and its independent checker: each rule
// tested on a full grid straight from its one-sentence definition, with no
// shared code with the search's propagators, so a test that checks solutions
// here checks the propagators against the rules and not against themselves.
#include "nonet/constraints.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <set>
#include <span>

#include "core/contract.hpp"
#include "nonet/model.hpp"

namespace nonet {

namespace {

struct KindName {
  ConstraintKind kind;
  std::string_view name;
};

constexpr std::array kKindNames = {
    KindName{ConstraintKind::killer_cage, "killer-cage"},
    KindName{ConstraintKind::extra_region, "extra-region"},
    KindName{ConstraintKind::sum, "sum"},
    KindName{ConstraintKind::odd, "odd"},
    KindName{ConstraintKind::even, "even"},
    KindName{ConstraintKind::minimum, "minimum"},
    KindName{ConstraintKind::maximum, "maximum"},
    KindName{ConstraintKind::quadruple, "quadruple"},
    KindName{ConstraintKind::clone, "clone"},
    KindName{ConstraintKind::difference, "difference"},
    KindName{ConstraintKind::ratio, "ratio"},
    KindName{ConstraintKind::xv, "xv"},
    KindName{ConstraintKind::greater_than, "greater-than"},
    KindName{ConstraintKind::thermometer, "thermometer"},
    KindName{ConstraintKind::arrow, "arrow"},
    KindName{ConstraintKind::double_arrow, "double-arrow"},
    KindName{ConstraintKind::whisper, "whisper"},
    KindName{ConstraintKind::renban, "renban"},
    KindName{ConstraintKind::palindrome, "palindrome"},
    KindName{ConstraintKind::between, "between"},
    KindName{ConstraintKind::region_sum_line, "region-sum-line"},
    KindName{ConstraintKind::entropic, "entropic"},
    KindName{ConstraintKind::modular, "modular"},
    KindName{ConstraintKind::zipper, "zipper"},
    KindName{ConstraintKind::little_killer, "little-killer"},
    KindName{ConstraintKind::sandwich, "sandwich"},
    KindName{ConstraintKind::x_sum, "x-sum"},
    KindName{ConstraintKind::skyscraper, "skyscraper"},
    KindName{ConstraintKind::anti_knight, "anti-knight"},
    KindName{ConstraintKind::anti_king, "anti-king"},
    KindName{ConstraintKind::nonconsecutive, "nonconsecutive"},
    KindName{ConstraintKind::no_difference, "no-difference"},
    KindName{ConstraintKind::no_ratio, "no-ratio"},
    KindName{ConstraintKind::no_xv, "no-xv"},
    KindName{ConstraintKind::row_indexer, "row-indexer"},
    KindName{ConstraintKind::column_indexer, "column-indexer"},
    KindName{ConstraintKind::box_indexer, "box-indexer"},
    KindName{ConstraintKind::nabner, "nabner"},
    KindName{ConstraintKind::lockout, "lockout"},
    KindName{ConstraintKind::sum_line, "sum-line"},
    KindName{ConstraintKind::lunchbox, "lunchbox"},
    KindName{ConstraintKind::numbered_room, "numbered-room"},
    KindName{ConstraintKind::counting_circles, "counting-circles"},
    KindName{ConstraintKind::global_entropy, "global-entropy"},
    KindName{ConstraintKind::hidden_skyscraper, "hidden-skyscraper"},
    KindName{ConstraintKind::full_rank, "full-rank"},
    KindName{ConstraintKind::full_rank_no_ties, "full-rank-no-ties"},
    KindName{ConstraintKind::full_rank_ties, "full-rank-ties"},
    KindName{ConstraintKind::pair_table, "pair-table"},
    KindName{ConstraintKind::pair_table_all, "pair-table-all"},
    KindName{ConstraintKind::same_values, "same-values"},
    KindName{ConstraintKind::rellik_cage, "rellik-cage"},
    KindName{ConstraintKind::anti_taxicab, "anti-taxicab"},
    KindName{ConstraintKind::count_distinct, "count-distinct"},
};

using Digits = std::vector<int>;

Digits digits_at(const std::vector<std::uint8_t>& grid, std::span<const int> cells) {
  Digits digits;
  for (int cell : cells) digits.push_back(grid[cell]);
  return digits;
}

bool all_different(const Digits& digits) {
  std::set<int> seen;
  for (int d : digits)
    if (!seen.insert(d).second) return false;
  return true;
}

int total(const Digits& digits) { return std::accumulate(digits.begin(), digits.end(), 0); }

// The cells at (row + dr, column + dc) for each offset that stays on the grid.
template <std::size_t K>
std::vector<int> offsets(const Geometry& g, int cell, const std::array<std::pair<int, int>, K>& moves) {
  std::vector<int> found;
  for (auto [dr, dc] : moves) {
    const int r = g.row_of(cell) + dr, c = g.column_of(cell) + dc;
    if (r >= 0 && r < g.size() && c >= 0 && c < g.size()) found.push_back(r * g.size() + c);
  }
  return found;
}

constexpr std::array<std::pair<int, int>, 8> kKnight{{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}}};
constexpr std::array<std::pair<int, int>, 8> kKing{{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}}};
constexpr std::array<std::pair<int, int>, 2> kRightAndDown{{{0, 1}, {1, 0}}};
constexpr std::array<std::pair<int, int>, 4> kOrthogonal{{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}};

// Whether some rule of `kind` marks the pair {a, b}: the negative rules leave marked pairs alone.
bool marked(const std::vector<Constraint>& all, ConstraintKind kind, int a, int b) {
  return std::any_of(all.begin(), all.end(), [&](const Constraint& c) {
    return c.kind == kind && c.cells.size() == 2 &&
           ((c.cells[0] == a && c.cells[1] == b) || (c.cells[0] == b && c.cells[1] == a));
  });
}

int default_value(const Geometry& g, const Constraint& c) {
  if (c.value) return *c.value;
  switch (c.kind) {
    case ConstraintKind::difference:
    case ConstraintKind::no_difference:
    case ConstraintKind::nonconsecutive: return 1;
    case ConstraintKind::ratio:
    case ConstraintKind::no_ratio: return 2;
    case ConstraintKind::whisper: return (g.size() + 1) / 2;
    case ConstraintKind::modular: return 3;
    case ConstraintKind::lockout: return 4;  // ISS's default, on every size
    case ConstraintKind::sum_line: return 10;
    default: return 0;
  }
}

// In 64 bits: a ratio may be as large as an int holds.
bool in_ratio(long long a, long long b, long long r) { return a == r * b || b == r * a; }

// Full rank's 4N numbers: each row and column read from either end, as its
// digits in order (compared as sequences: every number has N digits).
std::vector<Digits> full_rank_numbers(const Geometry& g, const std::vector<std::uint8_t>& grid) {
  const int n = g.size();
  std::vector<Digits> numbers;
  for (int line = 0; line < n; ++line) {
    Digits row, column;
    for (int i = 0; i < n; ++i) {
      row.push_back(grid[line * n + i]);
      column.push_back(grid[i * n + line]);
    }
    for (Digits* number : {&row, &column}) {
      numbers.push_back(*number);
      std::reverse(number->begin(), number->end());
      numbers.push_back(*number);
    }
  }
  return numbers;
}

// Whether `number` ranks `rank`: one more than the numbers below it; and,
// unless ties are allowed, no other number equal to it.
bool full_rank_holds(const Geometry& g, const std::vector<std::uint8_t>& grid, const Digits& number, int rank,
                     bool ties) {
  int below = 0, same = 0;
  for (const Digits& other : full_rank_numbers(g, grid)) {
    below += other < number;
    same += other == number;
  }
  return below + 1 == rank && (ties || same == 1);  // `same` counts the number itself
}

bool has_kind(const std::vector<Constraint>& all, ConstraintKind kind) {
  return std::any_of(all.begin(), all.end(), [&](const Constraint& c) { return c.kind == kind; });
}

// The three classes of digits an entropic line spreads: low, middle, high.
int entropy_class(int digit, int size) { return (digit - 1) * 3 / size; }

// Every orthogonal pair of the grid, once.
template <class Test>
bool every_pair(const Geometry& g, const std::vector<std::uint8_t>& grid, Test&& test) {
  for (int cell = 0; cell < g.cell_count(); ++cell)
    for (int other : offsets(g, cell, kRightAndDown))
      if (grid[cell] != 0 && grid[other] != 0 && !test(cell, other, grid[cell], grid[other])) return false;
  return true;
}

std::vector<int> box_of(const Geometry& g, int cell);

// Where an indexer cell holding `digit` points, and the digit it puts there
// (its own row, column or place in its box): the rule's sentence, apart
// from the search's pair tables.
std::pair<int, int> indexed(const Geometry& g, ConstraintKind kind, int cell, int digit) {
  const int n = g.size(), r = g.row_of(cell), c = g.column_of(cell);
  if (kind == ConstraintKind::row_indexer) return {(digit - 1) * n + c, r + 1};
  if (kind == ConstraintKind::column_indexer) return {r * n + digit - 1, c + 1};
  const std::vector<int> box = box_of(g, cell);
  const auto place = std::find(box.begin(), box.end(), cell) - box.begin();
  return {box[static_cast<std::size_t>(digit - 1)], static_cast<int>(place) + 1};
}

// Whether the rule can still hold given the filled cells: a rule over
// cells all filled is tested exactly, one with empty cells only where its
// filled cells already break it (equal digits in a cage, a falling thermometer).
bool holds_where_filled(const Geometry& g, const Constraint& c, const std::vector<std::uint8_t>& grid,
                        const std::vector<Constraint>& all) {
  const int n = g.size();
  const int value = default_value(g, c);
  const Digits d = digits_at(grid, c.cells);
  const bool full = std::none_of(d.begin(), d.end(), [](int x) { return x == 0; });
  Digits filled;
  for (int x : d)
    if (x != 0) filled.push_back(x);
  switch (c.kind) {
    case ConstraintKind::killer_cage:
      if (!all_different(filled)) return false;
      return !c.value || (full ? total(d) == value : total(filled) < value);
    case ConstraintKind::extra_region: return all_different(filled);
    case ConstraintKind::rellik_cage: {
      // No subset of the digits placed adds up to the value (each subset's
      // sum, by bits: bit s set when some subset adds up to s).
      if (!all_different(filled) || value < 1) return false;
      if (value > total(filled)) return true;  // (and no table the size of a hostile value)
      std::vector<char> reachable(static_cast<std::size_t>(value) + 1, 0);
      reachable[0] = 1;
      for (int x : filled)
        for (int s = value; s >= x; --s) reachable[s] = reachable[s] || reachable[s - x];
      return !reachable[value];
    }
    case ConstraintKind::sum: return full ? total(d) == value : total(filled) + static_cast<int>(d.size() - filled.size()) <= value;
    case ConstraintKind::odd: return d[0] == 0 || d[0] % 2 == 1;
    case ConstraintKind::even: return d[0] == 0 || d[0] % 2 == 0;
    case ConstraintKind::minimum:
    case ConstraintKind::maximum:
      if (d[0] == 0) return true;
      for (int other : offsets(g, c.cells[0], kOrthogonal)) {
        if (grid[other] == 0) continue;
        if (c.kind == ConstraintKind::minimum ? grid[other] <= d[0] : grid[other] >= d[0]) return false;
      }
      return true;
    case ConstraintKind::quadruple: {
      if (!full) return true;
      Digits left = d;
      for (int digit : c.digits) {
        auto at = std::find(left.begin(), left.end(), digit);
        if (at == left.end()) return false;
        left.erase(at);
      }
      return true;
    }
    case ConstraintKind::clone:
      for (int i = 0; i < c.split; ++i)
        if (d[i] != 0 && d[c.split + i] != 0 && d[i] != d[c.split + i]) return false;
      return true;
    case ConstraintKind::difference: return !full || std::abs(d[0] - d[1]) == value;
    case ConstraintKind::ratio: return !full || in_ratio(d[0], d[1], value);
    case ConstraintKind::xv: return !full || d[0] + d[1] == value;
    case ConstraintKind::greater_than: return !full || d[0] > d[1];
    case ConstraintKind::thermometer: {
      // Strictly increasing: filled cells rise by at least their distance.
      int last = -1, last_at = 0;
      for (int i = 0; i < static_cast<int>(d.size()); ++i) {
        if (d[i] == 0) continue;
        if (last >= 0 && d[i] - last < i - last_at) return false;
        last = d[i];
        last_at = i;
      }
      return true;
    }
    case ConstraintKind::arrow: {
      // A pill reads as a decimal number: past the first, its cells hold one decimal digit (ISS's reading).
      for (int i = 1; i < c.split; ++i)
        if (d[i] > 9) return false;
      if (!full) return true;
      int number = 0;
      for (int i = 0; i < c.split; ++i) number = number * 10 + d[i];
      return number == total(Digits(d.begin() + c.split, d.end()));
    }
    case ConstraintKind::double_arrow:
      return !full || d.front() + d.back() == total(Digits(d.begin() + 1, d.end() - 1));
    case ConstraintKind::whisper:
      for (std::size_t i = 0; i + 1 < d.size(); ++i)
        if (d[i] != 0 && d[i + 1] != 0 && std::abs(d[i] - d[i + 1]) < value) return false;
      return true;
    case ConstraintKind::renban:
      if (!all_different(filled)) return false;
      return filled.empty() ||
             *std::max_element(filled.begin(), filled.end()) - *std::min_element(filled.begin(), filled.end()) <
                 static_cast<int>(d.size());
    case ConstraintKind::palindrome:
      for (std::size_t i = 0; i < d.size() / 2; ++i)
        if (d[i] != 0 && d[d.size() - 1 - i] != 0 && d[i] != d[d.size() - 1 - i]) return false;
      return true;
    case ConstraintKind::between: {
      if (!full) return true;
      const int low = std::min(d.front(), d.back()), high = std::max(d.front(), d.back());
      for (std::size_t i = 1; i + 1 < d.size(); ++i)
        if (d[i] <= low || d[i] >= high) return false;
      return true;
    }
    case ConstraintKind::lockout: {
      if (d.front() != 0 && d.back() != 0 && std::abs(d.front() - d.back()) < value) return false;
      if (!full) return true;
      const int low = std::min(d.front(), d.back()), high = std::max(d.front(), d.back());
      for (std::size_t i = 1; i + 1 < d.size(); ++i)
        if (d[i] >= low && d[i] <= high) return false;
      return true;
    }
    case ConstraintKind::sum_line: {
      if (!full) return true;
      // A loop: some cell starts a stretch, and from there the stretches close
      // exactly where the loop does.
      const std::size_t length = is_loop(c.cells) ? d.size() - 1 : d.size();
      const std::size_t starts = is_loop(c.cells) ? length : 1;
      for (std::size_t start = 0; start < starts; ++start) {
        int so_far = 0;
        for (std::size_t i = 0; i < length && so_far <= value; ++i) {
          so_far += d[(start + i) % length];
          if (so_far == value) so_far = 0;
        }
        if (so_far == 0) return true;
      }
      return false;
    }
    case ConstraintKind::region_sum_line: {
      if (!full) return true;
      std::vector<int> sums;
      for (std::size_t i = 0; i < d.size(); ++i) {
        if (i == 0 || g.regions()[c.cells[i]] != g.regions()[c.cells[i - 1]]) sums.push_back(0);
        sums.back() += d[i];
      }
      return std::adjacent_find(sums.begin(), sums.end(), std::not_equal_to<>()) == sums.end();
    }
    case ConstraintKind::entropic:
    case ConstraintKind::modular: {
      // Every window of `span` cells in a row holds `span` different classes.
      const std::size_t span = c.kind == ConstraintKind::entropic ? 3 : static_cast<std::size_t>(value);
      for (std::size_t i = 0; i < d.size(); ++i)
        for (std::size_t j = i + 1; j < d.size() && j < i + span; ++j) {
          if (d[i] == 0 || d[j] == 0) continue;
          const bool same = c.kind == ConstraintKind::entropic ? entropy_class(d[i], n) == entropy_class(d[j], n)
                                                               : d[i] % value == d[j] % value;
          if (same) return false;
        }
      return true;
    }
    case ConstraintKind::zipper: {
      if (!full) return true;
      const std::size_t k = d.size();
      const int target = k % 2 == 1 ? d[k / 2] : d[0] + d[k - 1];
      for (std::size_t i = 0; i < k / 2; ++i)
        if (d[i] + d[k - 1 - i] != target) return false;
      return true;
    }
    case ConstraintKind::little_killer: return !full || total(d) == value;
    case ConstraintKind::sandwich: {
      if (!full) return true;
      const auto one = std::find(d.begin(), d.end(), 1), top = std::find(d.begin(), d.end(), n);
      if (one == d.end() || top == d.end()) return false;
      const auto [from, to] = std::minmax(one, top);
      return std::accumulate(from + 1, to, 0) == value;
    }
    case ConstraintKind::lunchbox: {
      std::vector<int> seen = filled;
      std::sort(seen.begin(), seen.end());
      if (std::adjacent_find(seen.begin(), seen.end()) != seen.end()) return false;
      if (!full) return true;
      const auto [low, high] = std::minmax_element(d.begin(), d.end());
      const auto [from, to] = std::minmax(low, high);
      return std::accumulate(from + 1, to, 0) == value;
    }
    case ConstraintKind::counting_circles: {
      std::vector<int> count(static_cast<std::size_t>(n) + 1, 0);
      for (int x : filled) ++count[x];
      for (int x = 1; x <= n; ++x)
        if (count[x] > x || (full && count[x] != 0 && count[x] != x)) return false;
      return true;
    }
    case ConstraintKind::hidden_skyscraper: {
      if (!full) return true;
      int highest = d[0];
      for (std::size_t i = 1; i < d.size(); ++i) {
        if (d[i] < highest) return d[i] == value;  // the first one hidden
        highest = d[i];
      }
      return false;  // none hidden
    }
    case ConstraintKind::numbered_room:
      if (!full) return true;
      return d[0] <= static_cast<int>(d.size()) && d[d[0] - 1] == value;
    case ConstraintKind::full_rank:
      // Every number takes the whole grid.
      if (std::find(grid.begin(), grid.end(), 0) != grid.end()) return true;
      return full_rank_holds(g, grid, d, value, has_kind(all, ConstraintKind::full_rank_ties));
    case ConstraintKind::full_rank_no_ties: {
      if (std::find(grid.begin(), grid.end(), 0) != grid.end()) return true;
      std::vector<Digits> numbers = full_rank_numbers(g, grid);
      std::sort(numbers.begin(), numbers.end());
      return std::adjacent_find(numbers.begin(), numbers.end()) == numbers.end();
    }
    case ConstraintKind::full_rank_ties:
      // The clues, their numbers allowed to tie.
      if (std::find(grid.begin(), grid.end(), 0) != grid.end()) return true;
      return std::all_of(all.begin(), all.end(), [&](const Constraint& clue) {
        return clue.kind != ConstraintKind::full_rank || !clue.value ||
               full_rank_holds(g, grid, digits_at(grid, clue.cells), *clue.value, true);
      });
    case ConstraintKind::x_sum:
      if (!full) return true;
      return d[0] <= static_cast<int>(d.size()) && std::accumulate(d.begin(), d.begin() + d[0], 0) == value;
    case ConstraintKind::skyscraper: {
      if (!full) return true;
      int seen = 0, highest = 0;
      for (int x : d)
        if (x > highest) {
          highest = x;
          ++seen;
        }
      return seen == value;
    }
    case ConstraintKind::global_entropy:
      // Every 2×2 block whose cells are all filled holds the three classes.
      for (int r = 0; r + 1 < n; ++r)
        for (int col = 0; col + 1 < n; ++col) {
          int classes = 0;
          bool filled_block = true;
          for (int cell : {r * n + col, r * n + col + 1, (r + 1) * n + col, (r + 1) * n + col + 1}) {
            filled_block = filled_block && grid[cell] != 0;
            if (grid[cell] != 0) classes |= 1 << entropy_class(grid[cell], n);
          }
          if (filled_block && classes != 7) return false;
        }
      return true;
    case ConstraintKind::anti_knight:
    case ConstraintKind::anti_king:
      for (int cell = 0; cell < g.cell_count(); ++cell) {
        if (grid[cell] == 0) continue;
        const auto near = c.kind == ConstraintKind::anti_knight ? offsets(g, cell, kKnight) : offsets(g, cell, kKing);
        for (int other : near)
          if (grid[other] == grid[cell]) return false;
      }
      return true;
    case ConstraintKind::count_distinct: {
      // Between the different digits the others hold and that many more
      // than their empty cells allow.
      if (d[0] == 0) return true;
      std::vector<int> others(d.begin() + 1, d.end());
      const auto empty = std::count(others.begin(), others.end(), 0);
      std::erase(others, 0);
      std::sort(others.begin(), others.end());
      const auto different = std::unique(others.begin(), others.end()) - others.begin();
      return different <= d[0] && d[0] <= different + empty;
    }
    case ConstraintKind::anti_taxicab:
      for (int cell = 0; cell < g.cell_count(); ++cell)
        for (int other = cell + 1; other < g.cell_count() && grid[cell] != 0; ++other)
          if (grid[other] == grid[cell] && std::abs(g.row_of(cell) - g.row_of(other)) +
                                                   std::abs(g.column_of(cell) - g.column_of(other)) ==
                                               grid[cell])
            return false;
      return true;
    // Nonconsecutive exempts white dots; the negative kropki rules exempt
    // every dotted pair (a 1-2 pair may carry either dot).
    case ConstraintKind::nonconsecutive:
      return every_pair(g, grid, [&](int a, int b, int x, int y) {
        return std::abs(x - y) != value || marked(all, ConstraintKind::difference, a, b);
      });
    case ConstraintKind::no_difference:
      return every_pair(g, grid, [&](int a, int b, int x, int y) {
        return std::abs(x - y) != value || marked(all, ConstraintKind::difference, a, b) ||
               marked(all, ConstraintKind::ratio, a, b);
      });
    case ConstraintKind::no_ratio:
      return every_pair(g, grid, [&](int a, int b, int x, int y) {
        return !in_ratio(x, y, value) || marked(all, ConstraintKind::ratio, a, b) ||
               marked(all, ConstraintKind::difference, a, b);
      });
    case ConstraintKind::no_xv:
      return every_pair(g, grid, [&](int a, int b, int x, int y) {
        return (x + y != 5 && x + y != 10) || marked(all, ConstraintKind::xv, a, b);
      });
    case ConstraintKind::pair_table:
    case ConstraintKind::pair_table_all:
      for (std::size_t i = 0; i < d.size(); ++i)
        for (std::size_t j = i + 1; j < d.size() && (c.kind == ConstraintKind::pair_table_all || j == i + 1); ++j) {
          if (d[i] == 0 || d[j] == 0) continue;
          bool listed = false;
          for (std::size_t p = 0; p + 1 < c.digits.size() && !listed; p += 2)
            listed = c.digits[p] == d[i] && c.digits[p + 1] == d[j];
          if (!listed) return false;
        }
      return true;
    case ConstraintKind::same_values: {
      // Each digit: no set holds more of it than another set can still take.
      if (value < 1 || d.size() % static_cast<std::size_t>(value) != 0) return false;  // malformed
      const std::size_t per = d.size() / static_cast<std::size_t>(value);
      for (int digit = 1; digit <= n; ++digit) {
        int most_placed = 0, least_room = static_cast<int>(per);
        for (std::size_t from = 0; from < d.size(); from += per) {
          const auto set = std::span<const int>(d).subspan(from, per);
          const int placed = static_cast<int>(std::count(set.begin(), set.end(), digit));
          most_placed = std::max(most_placed, placed);
          least_room = std::min(least_room, placed + static_cast<int>(std::count(set.begin(), set.end(), 0)));
        }
        if (most_placed > least_room) return false;
      }
      return true;
    }
    case ConstraintKind::nabner:
      for (std::size_t i = 0; i < filled.size(); ++i)
        for (std::size_t j = i + 1; j < filled.size(); ++j)
          if (std::abs(filled[i] - filled[j]) < 2) return false;
      return true;
    case ConstraintKind::row_indexer:
    case ConstraintKind::column_indexer:
    case ConstraintKind::box_indexer:
      for (int cell : c.cells) {
        if (grid[cell] == 0) continue;
        const auto [target, digit] = indexed(g, c.kind, cell, grid[cell]);
        if (grid[target] != 0 && grid[target] != digit) return false;
      }
      return true;
  }
  return false;
}

// The box (or jigsaw region) holding a cell, its cells in reading order;
// empty when none does.
std::vector<int> box_of(const Geometry& g, int cell) {
  for (int h : g.houses_of(cell)) {
    const House& house = g.houses()[h];
    if (house.kind != HouseKind::box && house.kind != HouseKind::region) continue;
    std::vector<int> cells = house.cells;
    std::sort(cells.begin(), cells.end());
    return cells;
  }
  return {};
}

bool global(ConstraintKind kind) {
  return kind == ConstraintKind::anti_knight || kind == ConstraintKind::anti_king ||
         kind == ConstraintKind::nonconsecutive || kind == ConstraintKind::no_difference ||
         kind == ConstraintKind::no_ratio || kind == ConstraintKind::no_xv || kind == ConstraintKind::global_entropy ||
         kind == ConstraintKind::full_rank_no_ties || kind == ConstraintKind::full_rank_ties ||
         kind == ConstraintKind::anti_taxicab;
}

}  // namespace

std::string_view to_string(ConstraintKind kind) {
  for (const KindName& entry : kKindNames)
    if (entry.kind == kind) return entry.name;
  return "constraint";
}

std::optional<ConstraintKind> constraint_kind_from(std::string_view name) {
  for (const KindName& entry : kKindNames)
    if (entry.name == name) return entry.kind;
  return std::nullopt;
}

std::string describe(const Geometry& geometry, const Constraint& constraint) {
  // Appended piece by piece: g++ 12 warns falsely on "x" + std::to_string(...).
  std::string text(to_string(constraint.kind));
  if (constraint.value) {
    text += ' ';
    text += std::to_string(*constraint.value);
  }
  if (constraint.kind == ConstraintKind::pair_table || constraint.kind == ConstraintKind::pair_table_all) {
    const std::size_t pairs = constraint.digits.size() / 2;
    text += " of ";
    text += std::to_string(pairs);
    text += pairs == 1 ? " pair" : " pairs";
  } else {
    if (!constraint.digits.empty()) text += ' ';
    for (int digit : constraint.digits) text += std::to_string(digit);
  }
  for (std::size_t i = 0; i < constraint.cells.size(); ++i) {
    const int cell = constraint.cells[i];
    text += i == 0 ? " at " : ", ";
    if (cell >= 0 && cell < geometry.cell_count()) text += geometry.cell_name(cell);
    else text += "a cell outside the grid";
  }
  return text;
}

bool is_outside_clue(ConstraintKind kind) {
  return kind == ConstraintKind::little_killer || kind == ConstraintKind::sandwich || kind == ConstraintKind::x_sum ||
         kind == ConstraintKind::skyscraper || kind == ConstraintKind::numbered_room ||
         kind == ConstraintKind::hidden_skyscraper || kind == ConstraintKind::full_rank;
}

std::string malformed(const Geometry& g, const Constraint& c) {
  const int n = g.size();
  const int k = static_cast<int>(c.cells.size());
  const auto fail = [&](const std::string& why) { return describe(g, c) + ": " + why; };
  for (int cell : c.cells)
    if (cell < 0 || cell >= g.cell_count()) return fail("a cell outside the grid");
  if (c.kind != ConstraintKind::sum) {  // a sum may count a cell twice
    std::vector<int> sorted = c.cells;
    if (c.kind == ConstraintKind::sum_line && is_loop(sorted)) sorted.pop_back();  // a loop ends where it starts
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return fail("a cell listed twice");
  }
  // Every two cells within N steps make a pair table in the search: 165,100
  // on 25×25 (0.9 s, 110 MB to build), millions past it.
  if (c.kind == ConstraintKind::anti_taxicab && n > 25) return fail("on grids up to 25x25");
  if (global(c.kind)) return k == 0 ? "" : fail("a rule of the whole grid takes no cells");
  if (k == 0) return fail("no cells");
  const auto need_value = [&]() { return c.value.has_value(); };
  switch (c.kind) {
    case ConstraintKind::killer_cage:
    case ConstraintKind::extra_region:
    case ConstraintKind::renban:
      if (k > n) return fail("more than " + std::to_string(n) + " cells cannot all differ");
      if (c.kind == ConstraintKind::killer_cage && c.value) {
        const int low = k * (k + 1) / 2, high = k * (2 * n - k + 1) / 2;
        if (*c.value < low || *c.value > high)
          return fail(std::to_string(k) + " different digits add up to " + std::to_string(low) + ".." +
                      std::to_string(high));
      }
      return "";
    case ConstraintKind::odd:
    case ConstraintKind::even:
    case ConstraintKind::minimum:
    case ConstraintKind::maximum: return k == 1 ? "" : fail("takes one cell");
    case ConstraintKind::quadruple:
      if (k > 4) return fail("takes at most four cells");
      if (static_cast<int>(c.digits.size()) > k) return fail("more digits than cells");
      for (int digit : c.digits)
        if (digit < 1 || digit > n) return fail("digit out of range");
      return "";
    case ConstraintKind::clone:
      return c.split >= 1 && k == 2 * c.split ? "" : fail("two copies of the same number of cells");
    case ConstraintKind::difference:
    case ConstraintKind::ratio:
    case ConstraintKind::xv:
    case ConstraintKind::greater_than:
      if (k != 2) return fail("takes two cells");
      // A dot or mark sits on the edge between two cells: the negative rules
      // (no_difference, …) exempt exactly those neighbour pairs.
      if (std::abs(g.row_of(c.cells[0]) - g.row_of(c.cells[1])) + std::abs(g.column_of(c.cells[0]) - g.column_of(c.cells[1])) != 1)
        return fail("the two cells must share an edge");
      if (c.kind == ConstraintKind::xv && !need_value()) return fail("no sum");
      if (c.kind == ConstraintKind::ratio && c.value && *c.value < 1) return fail("ratio below 1");
      if (c.kind == ConstraintKind::difference && c.value && *c.value < 0) return fail("negative difference");
      return "";
    case ConstraintKind::thermometer:
      if (k > n) return fail("a thermometer of " + std::to_string(k) + " cells cannot rise within 1.." + std::to_string(n));
      return "";
    case ConstraintKind::arrow: {
      if (c.split < 1 || c.split >= k) return fail("needs a circle and a line");
      // The circle reads at least 10^(split-1): a circle longer than its line
      // can ever add up to is never kept (and its number would overflow).
      const long long most = static_cast<long long>(k - c.split) * n;
      long long least = 1;
      for (int i = 1; i < c.split && least <= most; ++i) least *= 10;
      if (least > most)
        return fail("a circle of " + std::to_string(c.split) + " cells reads more than its line adds up to");
      return "";
    }
    case ConstraintKind::double_arrow: return k >= 3 ? "" : fail("two circles and a line between");
    case ConstraintKind::sum: return need_value() ? "" : fail("no sum");
    case ConstraintKind::lunchbox:
      if (k < 2) return fail("two cells at least: the lowest and the highest digit");
      if (k > n) return fail("more than " + std::to_string(n) + " cells cannot all differ");
      if (!need_value()) return fail("no sum");
      if (*c.value < 0) return fail("a negative sum");
      return "";
    case ConstraintKind::sum_line:
      if (c.value && (*c.value < 1 || *c.value > kMaxSumLine))
        return fail("stretches that add up to 1.." + std::to_string(kMaxSumLine));
      return "";
    case ConstraintKind::modular:
      if (c.value && (*c.value < 2 || *c.value > n)) return fail("modulus outside 2.." + std::to_string(n));
      return k >= 2 ? "" : fail("a line of at least two cells");
    case ConstraintKind::whisper:
    case ConstraintKind::palindrome:
    case ConstraintKind::region_sum_line:
    case ConstraintKind::entropic:
    case ConstraintKind::zipper: return k >= 2 ? "" : fail("a line of at least two cells");
    case ConstraintKind::nabner:
      if (k < 2) return fail("a line of at least two cells");
      // Digits two apart at least: 1, 3, 5, … at most (N + 1) / 2 of them.
      if (k > (n + 1) / 2)
        return fail(std::to_string(k) + " digits of 1.." + std::to_string(n) + " cannot all be two apart");
      return "";
    case ConstraintKind::pair_table:
    case ConstraintKind::pair_table_all:
      if (k < 2) return fail("at least two cells");
      // Every two cells make a pair table in the search: a group of the
      // whole grid would make 750,000 of them on 35×35 (8 s, 600 MB).
      if (c.kind == ConstraintKind::pair_table_all && k > 2 * n)
        return fail("at most " + std::to_string(2 * n) + " cells, every two of them a pair to keep");
      if (c.digits.empty() || c.digits.size() % 2 != 0) return fail("a list of pairs of digits");
      for (int digit : c.digits)
        if (digit < 1 || digit > n) return fail("digit out of range");
      return "";
    case ConstraintKind::count_distinct: return k >= 2 ? "" : fail("a cell and the cells it counts");
    case ConstraintKind::rellik_cage:
      if (k > n) return fail("more than " + std::to_string(n) + " cells cannot all differ");
      if (!need_value() || *c.value < 1) return fail("a sum of 1 or more that no digits of the cage add up to");
      return "";
    case ConstraintKind::same_values:
      if (!need_value() || *c.value < 2) return fail("two sets or more");
      if (k % *c.value != 0) return fail(std::to_string(k) + " cells do not split into " + std::to_string(*c.value) + " sets of one size");
      return "";
    case ConstraintKind::between: return k >= 2 ? "" : fail("a line with two ends");
    case ConstraintKind::lockout:
      if (k < 2) return fail("a line with two ends");
      if (c.value && (*c.value < 1 || *c.value > n - 1))
        return fail("ends " + std::to_string(*c.value) + " apart: outside 1.." + std::to_string(n - 1));
      return "";
    case ConstraintKind::little_killer: return need_value() ? "" : fail("no sum");
    case ConstraintKind::sandwich:
    case ConstraintKind::x_sum:
    case ConstraintKind::skyscraper:
    case ConstraintKind::numbered_room:
    case ConstraintKind::hidden_skyscraper:
      if (k != n) return fail("a clue of a whole row or column");
      if (!need_value()) return fail("no clue");
      if ((c.kind == ConstraintKind::numbered_room || c.kind == ConstraintKind::hidden_skyscraper) &&
          (*c.value < 1 || *c.value > n))
        return fail("the clue is a digit 1.." + std::to_string(n));
      if (c.kind == ConstraintKind::skyscraper && (*c.value < 1 || *c.value > n))
        return fail("a skyscraper clue sees 1.." + std::to_string(n));
      return "";
    case ConstraintKind::full_rank: {
      if (!need_value()) return fail("no rank");
      if (*c.value < 1 || *c.value > 4 * n) return fail("a rank of 1.." + std::to_string(4 * n));
      // A row or a column, read from one end: its cells in order.
      const int first = c.cells.front();
      const int r = g.row_of(first), col = g.column_of(first);
      bool row_line = k == n, column_line = k == n;
      for (int i = 0; i < k; ++i) {
        const int forward_col = col == 0 ? i : n - 1 - i, forward_row = r == 0 ? i : n - 1 - i;
        row_line = row_line && (col == 0 || col == n - 1) && c.cells[i] == r * n + forward_col;
        column_line = column_line && (r == 0 || r == n - 1) && c.cells[i] == forward_row * n + col;
      }
      return row_line || column_line ? "" : fail("the cells of a whole row or column, in order from one end");
    }
    case ConstraintKind::box_indexer:
      for (int cell : c.cells)
        if (box_of(g, cell).size() != static_cast<std::size_t>(n))
          return fail(g.cell_name(cell) + " is in no box or region of " + std::to_string(n) + " cells");
      return "";
    default: return "";
  }
}

bool holds(const Geometry& geometry, const Constraint& constraint, const std::vector<std::uint8_t>& grid,
           const std::vector<Constraint>& all) {
  NONET_EXPECTS(grid.size() == static_cast<std::size_t>(geometry.cell_count()));
  if (std::any_of(grid.begin(), grid.end(), [](int x) { return x == 0; })) return false;
  return holds_where_filled(geometry, constraint, grid, all);
}

std::optional<std::string> broken_by_givens(const Geometry& geometry, const std::vector<Constraint>& constraints,
                                            const std::vector<std::uint8_t>& grid) {
  NONET_EXPECTS(grid.size() == static_cast<std::size_t>(geometry.cell_count()));
  for (const Constraint& constraint : constraints)
    if (!holds_where_filled(geometry, constraint, grid, constraints))
      return "the givens break " + describe(geometry, constraint);
  return std::nullopt;
}

}  // namespace nonet
