// Variant puzzles: rules drawn from a random full grid, then a carving plan
// over clues.
//
// A clue is what the exact search reads beside the rules that stay: a given
// (a symmetry orbit of them) or, on a killer without givens, a border
// between two cages. The plan has two passes:
//
//   make unique   count to 2 (the exact engine reads Puzzle::constraints);
//                 while a second solution exists, add a clue where it
//                 differs from the grid: the given there, or on a
//                 cages-only killer a cut of the cell's cage (cages only
//                 get smaller, so this ends: a one-cell cage is a given)
//   carve         each given added, or each border between cages (those
//                 of cages below the smallest size first), in a random
//                 order, goes if the puzzle stays unique (the given is
//                 emptied, the two cages merged)
//
// Removing a clue only adds solutions, so one carving pass leaves the givens
// minimal, unless a count ran out of nodes (then the clue stays). At a level,
// a puzzle graded above its top goes back along its removals
// (graded_within). The rules
// themselves (cages, thermometers, dots, arrows) hold on the grid by
// construction, so the grid is the puzzle's one solution.
#include "variant.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <numeric>
#include <optional>

#include "carving_plan.hpp"
#include "core/contract.hpp"
#include "nonet/constraints.hpp"
#include "nonet/exact.hpp"
#include "nonet/logic.hpp"
#include "random.hpp"

namespace nonet {

namespace {
constexpr std::array<std::pair<VariantRules, const char*>, 5> kRuleNames{{
    {VariantRules::none, "none"},
    {VariantRules::killer, "killer"},
    {VariantRules::thermo, "thermo"},
    {VariantRules::kropki, "kropki"},
    {VariantRules::arrow, "arrow"},
}};
}  // namespace

std::vector<std::string> variant_rules_names() {
  std::vector<std::string> names;
  for (const auto& [rules, name] : kRuleNames)
    if (rules != VariantRules::none) names.emplace_back(name);
  return names;
}

std::string to_string(VariantRules rules) {
  for (const auto& [value, name] : kRuleNames)
    if (value == rules) return name;
  return "none";
}

std::optional<VariantRules> parse_variant_rules(std::string_view text) {
  for (const auto& [value, name] : kRuleNames)
    if (text == name) return value;
  return std::nullopt;
}

namespace detail {

namespace {

// Nodes one count may search; past them the clue at stake stays (make
// unique: a clue is added as if a second solution were found).
constexpr std::uint64_t kCountNodes = 200'000;

using Cells = std::vector<int>;

Puzzle borrowed(const Geometry& geometry, Grid cells, std::vector<Constraint> rules) {
  return Puzzle{std::shared_ptr<const Geometry>(std::shared_ptr<const Geometry>{}, &geometry), std::move(cells), {},
                std::move(rules)};
}

// Neighbours of a cell: the four orthogonal ones, or all eight (king moves).
Cells neighbours(const Geometry& geometry, int cell, bool diagonals) {
  const int n = geometry.size(), row = cell / n, column = cell % n;
  Cells out;
  for (int dr = -1; dr <= 1; ++dr)
    for (int dc = -1; dc <= 1; ++dc) {
      if ((dr == 0 && dc == 0) || (!diagonals && dr != 0 && dc != 0)) continue;
      const int r = row + dr, c = column + dc;
      if (r >= 0 && r < n && c >= 0 && c < n) out.push_back(r * n + c);
    }
  return out;
}

// Every cell, in a random order.
Cells shuffled_cells(const Geometry& geometry, Random& rng) {
  Cells cells(geometry.cell_count());
  std::iota(cells.begin(), cells.end(), 0);
  rng.shuffle(cells);
  return cells;
}

// ---- rules from the grid ----------------------------------------------------

// Every white and black dot the grid has, and the two negative rules: the
// dots are then all shown. A 1-2 pair may carry either; it gets one at random.
std::vector<Constraint> kropki_dots(const Geometry& geometry, const Grid& grid, Random& rng) {
  std::vector<Constraint> rules;
  for (int cell = 0; cell < geometry.cell_count(); ++cell)
    for (int other : neighbours(geometry, cell, false)) {
      if (other < cell) continue;
      const int a = grid[cell], b = grid[other];
      const bool white = std::abs(a - b) == 1, black = a == 2 * b || b == 2 * a;
      if (!white && !black) continue;
      const bool use_black = black && (!white || rng.below(2) == 1);
      rules.push_back({use_black ? ConstraintKind::ratio : ConstraintKind::difference, {cell, other}});
    }
  rules.push_back({ConstraintKind::no_difference});
  rules.push_back({ConstraintKind::no_ratio});
  return rules;
}

// Lines grown one cell at a time from a random free cell, each step to a
// free neighbour (diagonals too) the line's rule admits: `next(line, cell)`.
template <typename Admits>
Cells grow_line(const Geometry& geometry, std::vector<bool>& used, int start, std::size_t length, Random& rng,
                Admits admits) {
  Cells line{start};
  while (line.size() < length) {
    Cells options;
    for (int cell : neighbours(geometry, line.back(), true))
      if (!used[cell] && std::find(line.begin(), line.end(), cell) == line.end() && admits(line, cell))
        options.push_back(cell);
    if (options.empty()) break;
    line.push_back(options[rng.below(options.size())]);
  }
  return line;
}

// About N thermometers of 3 to N-3 cells (at least 3), rising along the grid.
std::vector<Constraint> thermometers(const Geometry& geometry, const Grid& grid, Random& rng) {
  const int n = geometry.size();
  std::vector<bool> used(geometry.cell_count(), false);
  const Cells starts = shuffled_cells(geometry, rng);
  std::vector<Constraint> rules;
  const std::size_t longest = static_cast<std::size_t>(std::max(3, n - 3));
  for (int start : starts) {
    if (static_cast<int>(rules.size()) == n) break;
    if (used[start]) continue;
    const std::size_t length = 3 + rng.below(longest - 2);
    Cells line = grow_line(geometry, used, start, length, rng,
                           [&](const Cells& so_far, int cell) { return grid[cell] > grid[so_far.back()]; });
    if (line.size() < 3) continue;
    for (int cell : line) used[cell] = true;
    rules.push_back({ConstraintKind::thermometer, std::move(line)});
  }
  return rules;
}

// About N arrows: a circle, then 2 to 4 cells whose digits add up to it.
std::vector<Constraint> arrows(const Geometry& geometry, const Grid& grid, Random& rng) {
  const int n = geometry.size();
  std::vector<bool> used(geometry.cell_count(), false);
  const Cells circles = shuffled_cells(geometry, rng);
  std::vector<Constraint> rules;
  constexpr int kTries = 8;  // random walks per circle
  for (int circle : circles) {
    if (static_cast<int>(rules.size()) == n) break;
    if (used[circle] || grid[circle] < 3) continue;
    used[circle] = true;
    for (int attempt = 0; attempt < kTries; ++attempt) {
      const std::size_t length = 3 + rng.below(3);  // the circle and 2 to 4 cells
      const auto sum_of = [&](const Cells& line) {
        int sum = 0;
        for (std::size_t i = 1; i < line.size(); ++i) sum += grid[line[i]];
        return sum;
      };
      Cells line = grow_line(geometry, used, circle, length, rng, [&](const Cells& so_far, int cell) {
        const int sum = sum_of(so_far);
        return sum < grid[circle] && sum + grid[cell] <= grid[circle];
      });
      if (line.size() < 3 || sum_of(line) != grid[circle]) continue;
      for (int cell : line) used[cell] = true;
      rules.push_back({ConstraintKind::arrow, std::move(line), std::nullopt, 1});
      break;
    }
    if (rules.empty() || rules.back().cells.front() != circle) used[circle] = false;
  }
  return rules;
}

// ---- killer cages -----------------------------------------------------------

// A cage layout: every cell in one cage (sorted cells), symmetric under the
// images given (each cage's image is a cage).
class CageLayout {
 public:
  CageLayout(const Geometry& geometry, const Grid& grid, const std::vector<Cells>& images)
      : geometry_(geometry), grid_(grid), images_(images), cage_of_(geometry.cell_count(), -1) {}

  // Cages grown from free cells in a random order, each towards a size drawn
  // in [min, max] through free orthogonal neighbours holding no digit the
  // cage has, together with its images.
  void grow(int min_size, int max_size, Random& rng) {
    const Cells starts = shuffled_cells(geometry_, rng);
    for (int start : starts) {
      if (cage_of_[start] >= 0) continue;
      const std::size_t target = static_cast<std::size_t>(min_size + static_cast<int>(rng.below(max_size - min_size + 1)));
      Cells cage{start};
      while (cage.size() < target) {
        Cells options;
        for (int cell : cage)
          for (int next : neighbours(geometry_, cell, false))
            if (cage_of_[next] < 0 && std::find(cage.begin(), cage.end(), next) == cage.end() &&
                std::find(options.begin(), options.end(), next) == options.end() && fits(cage, next))
              options.push_back(next);
        if (options.empty()) break;
        cage.push_back(options[rng.below(options.size())]);
      }
      std::sort(cage.begin(), cage.end());
      place(with_images(cage));
    }
    // A cage hemmed in below the smallest size joins a neighbour where the two fit.
    for (int cell : starts) {
      if (static_cast<int>(cages_[cage_of_[cell]].size()) >= min_size) continue;
      for (int next : neighbours(geometry_, cell, false))
        if (const auto merge = merged(cell, next, max_size)) {
          replace(merge->first, merge->second);
          break;
        }
    }
    grown_ = cage_of_;
  }

  // The cages of cells a and b (and their images) as one, when that is a
  // cage of at most `max_size` cells with no digit twice whose images are
  // cages too: {the cages before, the cages after}.
  std::optional<std::pair<std::vector<Cells>, std::vector<Cells>>> merged(int a, int b, int max_size) const {
    const Cells &first = cages_[cage_of_[a]], &second = cages_[cage_of_[b]];
    if (cage_of_[a] == cage_of_[b] || static_cast<int>(first.size() + second.size()) > max_size) return std::nullopt;
    Cells whole = first;
    whole.insert(whole.end(), second.begin(), second.end());
    std::sort(whole.begin(), whole.end());
    if (repeats(grid_, whole)) return std::nullopt;
    for (const Cells& image : images_) {
      const Cells other = mapped(whole, image);
      if (other == whole) continue;
      for (int member : other)
        if (std::binary_search(whole.begin(), whole.end(), member)) return std::nullopt;
      if (repeats(grid_, other)) return std::nullopt;
    }
    std::vector<Cells> before = with_images(first), more = with_images(second);
    before.insert(before.end(), more.begin(), more.end());
    std::sort(before.begin(), before.end());
    before.erase(std::unique(before.begin(), before.end()), before.end());
    return std::pair{std::move(before), with_images(whole)};
  }

  // Cuts the cage holding `cell` (and its images): the half of it nearest
  // the cell, by a breadth-first walk, is one cage, the rest falls into
  // connected cages. A cage its own image keeps its symmetry by giving each
  // cell of the cell's orbit (in it and its images) a cage of its own
  // instead, the rest falling into connected cages.
  void cut(int cell) {
    const Cells whole = cages_[cage_of_[cell]];
    std::vector<Cells> before = with_images(whole), after;
    if (self_image(whole)) {
      Cells orbit{cell};
      for (const Cells& image : images_) orbit.push_back(image[cell]);
      std::sort(orbit.begin(), orbit.end());
      orbit.erase(std::unique(orbit.begin(), orbit.end()), orbit.end());
      for (int member : orbit) after.push_back({member});
      for (const Cells& cage : before) append_components(cage, orbit, after);
    } else {
      Cells half = nearest_half(whole, cell);
      std::vector<Cells> pieces{half};
      append_components(whole, half, pieces);
      for (const Cells& piece : pieces) {
        after.push_back(piece);
        for (const Cells& image : images_) after.push_back(mapped(piece, image));
      }
      std::sort(after.begin(), after.end());
      after.erase(std::unique(after.begin(), after.end()), after.end());
    }
    replace(before, after);
  }

  // `from` by `to`, when every cage of `from` is a cage now (a later cut may
  // have cut one again); whether it was done.
  bool replace(const std::vector<Cells>& from, const std::vector<Cells>& to) {
    for (const Cells& cage : from)
      if (cage_of_[cage.front()] < 0 || cages_[cage_of_[cage.front()]] != cage) return false;
    for (const Cells& cage : from) {
      cages_[cage_of_[cage.front()]].clear();
      for (int cell : cage) cage_of_[cell] = -1;
    }
    place(to);
    return true;
  }

  // The killer-cage rules, sums from the grid, in the order of their first cells.
  std::vector<Constraint> rules() const {
    std::vector<Constraint> out;
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      const Cells& cage = cages_[cage_of_[cell]];
      if (cage.front() != cell) continue;
      int sum = 0;
      for (int member : cage) sum += grid_[member];
      out.push_back({ConstraintKind::killer_cage, cage, sum});
    }
    return out;
  }

  int cage_size(int cell) const { return static_cast<int>(cages_[cage_of_[cell]].size()); }
  bool same_cage(int a, int b) const { return cage_of_[a] == cage_of_[b]; }
  // Whether a and b were in one cage as grown, before any cut.
  bool grown_together(int a, int b) const { return grown_[a] == grown_[b]; }

 private:
  static Cells mapped(const Cells& cells, const Cells& image) {
    Cells out;
    for (int cell : cells) out.push_back(image[cell]);
    std::sort(out.begin(), out.end());
    return out;
  }

  // The cage and its distinct images.
  std::vector<Cells> with_images(const Cells& cage) const {
    std::vector<Cells> out{cage};
    for (const Cells& image : images_) out.push_back(mapped(cage, image));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  bool self_image(const Cells& cage) const {
    return std::any_of(images_.begin(), images_.end(), [&](const Cells& image) { return mapped(cage, image) == cage; });
  }

  static bool repeats(const Grid& grid, const Cells& cells) {
    Mask seen = 0;
    for (int cell : cells) {
      if (seen & digit_bit(grid[cell])) return true;
      seen |= digit_bit(grid[cell]);
    }
    return false;
  }

  // Whether `cage` may take `cell`: no digit twice, and every image of the
  // grown cage free, with no digit twice, and equal to it or apart from it.
  bool fits(const Cells& cage, int cell) const {
    Cells grown = cage;
    grown.push_back(cell);
    std::sort(grown.begin(), grown.end());
    if (repeats(grid_, grown)) return false;
    for (const Cells& image : images_) {
      const Cells other = mapped(grown, image);
      if (other == grown) continue;
      for (int member : other)
        if (cage_of_[member] >= 0 || std::binary_search(grown.begin(), grown.end(), member)) return false;
      if (repeats(grid_, other)) return false;
    }
    return true;
  }

  void place(const std::vector<Cells>& cages) {
    for (const Cells& cage : cages) {
      for (int cell : cage) cage_of_[cell] = static_cast<int>(cages_.size());
      cages_.push_back(cage);
    }
  }

  // The first half of the cage (rounded up) in breadth-first order from `cell`.
  Cells nearest_half(const Cells& cage, int cell) const {
    Cells order{cell};
    for (std::size_t i = 0; i < order.size() && order.size() < (cage.size() + 1) / 2; ++i)
      for (int next : neighbours(geometry_, order[i], false))
        if (std::binary_search(cage.begin(), cage.end(), next) &&
            std::find(order.begin(), order.end(), next) == order.end() && order.size() < (cage.size() + 1) / 2)
          order.push_back(next);
    std::sort(order.begin(), order.end());
    return order;
  }

  // The connected parts of `cage` less `taken`, each a sorted cage.
  void append_components(const Cells& cage, const Cells& taken, std::vector<Cells>& out) const {
    Cells rest;
    for (int cell : cage)
      if (std::find(taken.begin(), taken.end(), cell) == taken.end()) rest.push_back(cell);
    std::vector<bool> seen(geometry_.cell_count(), false);
    for (int start : rest) {
      if (seen[start]) continue;
      Cells part{start};
      seen[start] = true;
      for (std::size_t i = 0; i < part.size(); ++i)
        for (int next : neighbours(geometry_, part[i], false))
          if (!seen[next] && std::binary_search(rest.begin(), rest.end(), next)) {
            seen[next] = true;
            part.push_back(next);
          }
      std::sort(part.begin(), part.end());
      out.push_back(std::move(part));
    }
  }

  const Geometry& geometry_;
  const Grid& grid_;
  const std::vector<Cells>& images_;
  std::vector<int> cage_of_, grown_;
  std::vector<Cells> cages_;  // emptied when replaced; indices stay
};

// ---- the carving plan -------------------------------------------------------

// A clue: a given orbit, or a border between two cages (the cells on
// either side) that carving removes by merging them.
struct Clue {
  Cells givens;
  int inside = -1, outside = -1;
};

// A clue carving removed: the givens emptied, or the cages merged (the
// cages before, the cages after).
struct Removal {
  Cells givens;
  std::vector<Cells> before, after;
};

class VariantCarver {
 public:
  VariantCarver(const Geometry& geometry, const GenerateOptions& options, const std::vector<Cells>& orbits,
                std::uint64_t seed)
      : geometry_(geometry), options_(options), orbits_(orbits), rng_(seed),
        images_(symmetry_images(geometry, options.symmetry)), started_(std::chrono::steady_clock::now()) {}

  GeneratedPuzzle generate() {
    solution_ = random_full_grid(geometry_, rng_.next());
    givens_.assign(geometry_.cell_count(), 0);
    draw_rules();
    make_unique();
    carve();
    return current();
  }

  // Clues the carving pass removed, in order; each removal was kept because
  // the puzzle stayed unique by a count, so every prefix of them is a unique
  // puzzle too (the one after make_unique included).
  std::size_t removed() const { return removals_.size(); }

  // The puzzle with only the first `count` removals made, from wherever
  // the removals stand now.
  void keep_removals(std::size_t count) {
    for (; applied_ > count; --applied_) undo(removals_[applied_ - 1]);
    for (; applied_ < count; ++applied_) redo(removals_[applied_]);
  }

  GeneratedPuzzle current() const {
    GeneratedPuzzle result;
    result.puzzle = borrowed(geometry_, givens_, current_rules());
    result.solution = solution_;
    result.givens = static_cast<int>(std::count_if(givens_.begin(), givens_.end(), [](auto d) { return d != 0; }));
    result.attempts = 1;
    return result;
  }

 private:
  int max_cage() const { return std::min(options_.max_cage, geometry_.size()); }

  bool cuts_cages() const { return options_.rules == VariantRules::killer && !options_.killer_givens; }

  void draw_rules() {
    switch (options_.rules) {
      case VariantRules::killer:
        cages_.emplace(geometry_, solution_, images_);
        cages_->grow(options_.min_cage, max_cage(), rng_);
        break;
      case VariantRules::thermo: fixed_rules_ = thermometers(geometry_, solution_, rng_); break;
      case VariantRules::kropki: fixed_rules_ = kropki_dots(geometry_, solution_, rng_); break;
      case VariantRules::arrow: fixed_rules_ = arrows(geometry_, solution_, rng_); break;
      case VariantRules::none: break;
    }
  }

  std::vector<Constraint> current_rules() const { return cages_ ? cages_->rules() : fixed_rules_; }

  void check_time() const {
    if (options_.time_limit > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count() > options_.time_limit)
      throw GenerateTimeout("no puzzle met the options within the time limit");
  }

  SolveResult count() const {
    SolveOptions options;
    options.count_limit = 2;
    options.keep = 2;
    options.max_nodes = kCountNodes;
    return solve(borrowed(geometry_, givens_, current_rules()), options);
  }

  // The cells where a found solution differs from the grid, or (the count
  // gave up) every cell a clue could still settle.
  Cells open_cells(const SolveResult& result) const {
    Cells cells;
    for (const Grid& other : result.solutions)
      for (int cell = 0; cell < geometry_.cell_count(); ++cell)
        if (other[cell] != solution_[cell] && std::find(cells.begin(), cells.end(), cell) == cells.end())
          cells.push_back(cell);
    if (!cells.empty()) return cells;
    for (int cell = 0; cell < geometry_.cell_count(); ++cell)
      if (givens_[cell] == 0 && (!cuts_cages() || cages_->cage_size(cell) > 1)) cells.push_back(cell);
    return cells;
  }

  void make_unique() {
    for (;;) {
      check_time();
      const SolveResult result = count();
      if (result.status == SolveStatus::unique) return;
      const Cells cells = open_cells(result);
      if (cells.empty()) return;  // nothing left to settle (a count that gave up on every clue)
      if (cuts_cages()) {
        cages_->cut(in_largest_cage(cells));
        continue;
      }
      const int cell = cells[rng_.below(cells.size())];
      Clue clue;
      clue.givens = orbit_of(cell);
      for (int member : clue.givens) givens_[member] = solution_[member];
      clues_.push_back(std::move(clue));
    }
  }

  // A cell, at random, among those of `cells` in the largest cages: cutting
  // a large cage leaves pieces that are still cages, where cutting a small
  // one leaves single cells (givens in disguise) that carving may fail to
  // merge again. Against a cell of any cage: one-cell cages in 50
  // intermediate killers (seed 2) 114 -> 92; instructions -3 % over 110
  // killers (from -12 % to +6 % by seed).
  int in_largest_cage(Cells cells) {
    int largest = 0;
    for (int cell : cells) largest = std::max(largest, cages_->cage_size(cell));
    std::erase_if(cells, [&](int cell) { return cages_->cage_size(cell) < largest; });
    return cells[rng_.below(cells.size())];
  }

  // On a cages-only killer the clues to carve are borders between cages:
  // those of a cage below the smallest size (a one-cell cage is a given in
  // disguise), then the cuts (borders inside a cage as grown), each group in
  // a random order. Borders between cages as grown stay: trying them all
  // too took twice the time (100 puzzles: 2.1 s against 1.1 s), for cages
  // only a little larger.
  void list_borders() {
    std::vector<Clue> small, others;
    for (int cell = 0; cell < geometry_.cell_count(); ++cell)
      for (int next : neighbours(geometry_, cell, false))
        if (next > cell && !cages_->same_cage(cell, next)) {
          const bool below = std::min(cages_->cage_size(cell), cages_->cage_size(next)) < options_.min_cage;
          if (below) small.push_back(Clue{{}, cell, next});
          else if (cages_->grown_together(cell, next)) others.push_back(Clue{{}, cell, next});
        }
    rng_.shuffle(small);
    rng_.shuffle(others);
    clues_ = std::move(small);
    clues_.insert(clues_.end(), others.begin(), others.end());
  }

  Cells orbit_of(int cell) const {
    for (const Cells& orbit : orbits_)
      if (std::find(orbit.begin(), orbit.end(), cell) != orbit.end()) return orbit;
    return {cell};
  }

  void carve() {
    if (cuts_cages()) list_borders();
    else rng_.shuffle(clues_);
    for (const Clue& clue : clues_) {
      check_time();
      if (clue.inside >= 0) {
        // Cages merged earlier may make this border gone, or the merge too big.
        const auto merge = cages_->merged(clue.inside, clue.outside, max_cage());
        if (!merge) continue;
        Removal removal{{}, std::move(merge->first), std::move(merge->second)};
        redo(removal);
        if (count().status == SolveStatus::unique) removals_.push_back(std::move(removal));
        else undo(removal);
        continue;
      }
      const Removal removal{clue.givens, {}, {}};
      redo(removal);
      if (count().status == SolveStatus::unique) removals_.push_back(removal);
      else undo(removal);
    }
    applied_ = removals_.size();
  }

  // Removals are made and undone in carving order (last made, first
  // undone), so the cages each one names are there.
  void redo(const Removal& removal) {
    for (int cell : removal.givens) givens_[cell] = 0;
    if (removal.after.empty()) return;
    const bool merged = cages_->replace(removal.before, removal.after);
    NONET_EXPECTS(merged);
  }

  void undo(const Removal& removal) {
    for (int cell : removal.givens) givens_[cell] = solution_[cell];
    if (removal.after.empty()) return;
    const bool parted = cages_->replace(removal.after, removal.before);
    NONET_EXPECTS(parted);
  }

  const Geometry& geometry_;
  const GenerateOptions& options_;
  const std::vector<Cells>& orbits_;
  Random rng_;
  const std::vector<Cells> images_;
  const std::chrono::steady_clock::time_point started_;
  Grid solution_, givens_;
  std::optional<CageLayout> cages_;
  std::vector<Constraint> fixed_rules_;
  std::vector<Clue> clues_;
  std::vector<Removal> removals_;
  std::size_t applied_ = 0;  // removals_ made on the puzzle now
};

// Draws after which a top that no state of any draw graded within is out of
// reach (generate_variant): 100 killers take about a second.
constexpr int kDrawsBeforeOutOfReach = 100;

// The carved puzzle graded up to the range's top. Carving makes a puzzle
// harder, so one that needs a step above the top goes back along its
// removals, by bisection, to the most carved state graded within the top
// (each state is unique: see VariantCarver::removed). Bisection assumes the
// grade rises with the removals; where it does not, it still keeps only a
// state it graded. None when no state graded reaches the range;
// `within_top` then says whether any state graded at or below its top.
std::optional<GeneratedPuzzle> graded_within(VariantCarver& carver, const GenerateOptions& options,
                                             const TenthsRange& range, bool& within_top) {
  GeneratedPuzzle result = carver.generate();
  within_top = false;
  const auto grade = [&](GeneratedPuzzle& puzzle) {
    puzzle.rating = options.rater(puzzle.puzzle, options.rating->max);
    within_top = within_top || puzzle.rating->solved;
    return puzzle.rating->solved;
  };
  if (!grade(result)) {
    // Known: the state after `below` removals is graded within the top (or
    // below < 0: none yet), the one after `above` is not.
    std::ptrdiff_t below = -1, above = static_cast<std::ptrdiff_t>(carver.removed());
    std::optional<GeneratedPuzzle> kept;
    while (above - below > 1) {
      const std::ptrdiff_t middle = below + (above - below + 1) / 2;
      carver.keep_removals(static_cast<std::size_t>(middle));
      GeneratedPuzzle trial = carver.current();
      if (grade(trial)) {
        below = middle;
        kept = std::move(trial);
      } else {
        above = middle;
      }
    }
    if (!kept) return std::nullopt;
    result = std::move(*kept);
  }
  if (!range.contains(logic::to_tenths(result.rating->er))) return std::nullopt;
  return result;
}

}  // namespace

// Without a rating range, the puzzle made from the seed. With one (a level):
// puzzles made one after another (the first from the seed, then from seeds
// drawn from it), each graded by the rater, which reads the rules (the
// variant grade, docs/logic.md), up to its range's top, going back along its
// carving where it is too hard (graded_within); the first graded inside the
// range is kept. A variant puzzle is carved to minimal clues, so its grade is
// not steered while carving as a classic one is; drawing again and going back
// is what reaches a level.
GeneratedPuzzle generate_variant(const Geometry& geometry, const GenerateOptions& options,
                                 const std::vector<std::vector<int>>& orbits, std::uint64_t seed) {
  if (!options.rating) return VariantCarver(geometry, options, orbits, seed).generate();
  const TenthsRange range = tenths_range(*options.rating);
  const auto started = std::chrono::steady_clock::now();
  // A level below what the rules ever allow (a cages-only killer needs its
  // cages' combinations, 2.8, so `easy` never comes) would otherwise spin
  // through every attempt: 20,000 killers, two and a half minutes. A draw
  // graded too hard goes back to its least carved state, so a top no state
  // of the first draws reaches is out of reach, and said so at once.
  bool any_within_top = false;
  for (int attempt = 0; attempt < options.max_attempts; ++attempt) {
    if (attempt == kDrawsBeforeOutOfReach && !any_within_top)
      throw GenerateError("no " + to_string(options.rules) + " puzzle of the first " +
                          std::to_string(kDrawsBeforeOutOfReach) + " drawn grades " +
                          one_decimal(logic::to_rating(range.max)) +
                          " or below, even with its carving undone: that level is out of reach for " +
                          to_string(options.rules) + " puzzles; ask for a harder --difficulty or --rating");
    if (options.time_limit > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > options.time_limit)
      throw GenerateTimeout("no puzzle met the options within the time limit");
    VariantCarver carver(geometry, options, orbits,
                         attempt == 0 ? seed : stream_seed(seed, static_cast<std::uint64_t>(attempt)));
    bool within_top = false;
    if (std::optional<GeneratedPuzzle> result = graded_within(carver, options, range, within_top)) {
      result->attempts = attempt + 1;
      return std::move(*result);
    }
    any_within_top = any_within_top || within_top;
  }
  throw GenerateError("no " + to_string(options.rules) + " puzzle was graded within the rating range in " +
                      std::to_string(options.max_attempts) + " attempts; widen --rating or --cage-size");
}

}  // namespace detail
}  // namespace nonet
