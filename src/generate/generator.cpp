// From a random full grid to a puzzle: carving.
//
// The carver visits the symmetry orbits in a random order and removes each
// one if the puzzle still passes a test; what that test is steers the
// difficulty:
//
//   unique            exactly one solution (no solution avoids a removed
//                     given's digit, see proven_unique) — the
//                     plain generator; the result is as hard as it gets
//   hidden singles    hidden singles still fill the grid — "simple"
//   all singles       hidden and naked singles still fill the grid — "easy"
//   logic             the basic techniques rated up to the range's top still
//                     solve it — ranges that end below 6 and start below 2.6
//                     (--rating 2.0-3.0): the puzzle can never get too hard,
//                     and carving to the edge of those techniques makes it
//                     about as hard as they allow (basic_logic.hpp says why);
//                     "intermediate" and "expert" are carved to uniqueness
//                     and get givens back (Carver::adds_back)
//
// A logically solvable puzzle is unique, so these tests never run the exact
// solver. The plain test asks singles first where they are cheaper: for a
// carving's opening, and for each removal with the generic engine.
// One pass is enough for minimality under the unique test: removing givens
// only adds solutions, so an orbit that could not go at its turn can never go
// later. A result the singles (or the basic techniques below the range)
// finish is known to be too easy without the rater; the rest is rated with
// the range's top as a ceiling, so puzzles far too hard cost little. A miss
// retries with a new order on the same grid a few times before drawing a new
// grid.
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <mutex>
#include <numeric>
#include <optional>

#include "nonet/exact.hpp"
#include "exact/fast9.hpp"
#include "nonet/generate.hpp"
#include "basic_logic.hpp"
#include "carving_plan.hpp"
#include "direct_logic.hpp"
#include "random.hpp"
#include "singles.hpp"
#include "unavoidable.hpp"

namespace nonet {

std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t index_state = index;
  std::uint64_t state = seed ^ detail::splitmix64(index_state);
  return detail::splitmix64(state);
}

namespace {

// A Puzzle borrows the geometry without owning it (aliasing constructor with
// an empty owner), for the engines' Puzzle-based interface.
Puzzle borrowed_puzzle(const Geometry& geometry, Grid cells) {
  return Puzzle{std::shared_ptr<const Geometry>(std::shared_ptr<const Geometry>{}, &geometry),
                std::move(cells), {}};
}

}  // namespace

namespace {

// A uniform relabelling of the digits: whatever grid a search lands on (a
// search favours some digits in some cells, by the order it tries them),
// every digit is then equally likely in every cell.
void relabel(Grid& grid, int size, detail::Random& rng) {
  std::vector<std::uint8_t> label(size);
  std::iota(label.begin(), label.end(), std::uint8_t{1});
  rng.shuffle(label);
  for (auto& digit : grid) digit = label[digit - 1];
}

// 9×9 classic and diagonal: the three boxes on the main diagonal filled at
// random, cell by cell with a digit no filled peer holds, the diagonal's own
// nine cells first (so a diagonal grid, whose main diagonal runs through
// these boxes, never meets a dead end; a classic grid gets three independent
// random permutations), then the fast engine's first solution: about 5 µs
// against 65 µs for a random generic search, and the 9!³ seeds keep the grids
// varied.
std::optional<Grid> seeded_fast9_grid(const Geometry& geometry, detail::Random& rng) {
  Grid seeds(81, 0);
  // The digits placed in each house so far (27 houses, 29 on a diagonal
  // grid); a cell takes the k-th of its free digits in increasing order, k
  // drawn at random.
  std::array<Mask, 32> used{};
  const auto fill = [&](int cell) {
    Mask free = all_digits(9);
    for (int house : geometry.houses_of(cell)) free &= ~used[house];
    for (std::uint64_t skip = rng.below(std::popcount(free)); skip > 0; --skip) free &= free - 1;
    const int digit = std::countr_zero(free) + 1;
    seeds[cell] = static_cast<std::uint8_t>(digit);
    for (int house : geometry.houses_of(cell)) used[house] |= digit_bit(digit);
  };
  for (int on_diagonal : {1, 0})
    for (int box : {0, 4, 8})
      for (int i = 0; i < 9; ++i) {
        const int row = 3 * (box / 3) + i / 3, column = 3 * (box % 3) + i % 3;
        if ((row == column) == (on_diagonal == 1)) fill(9 * row + column);
      }
  SolveOptions options;
  options.count_limit = 1;
  SolveResult result = detail::solve_fast9(borrowed_puzzle(geometry, std::move(seeds)), options);
  if (result.solutions.empty()) return std::nullopt;
  return std::move(result.solutions.front());
}

}  // namespace

Grid random_full_grid(const Geometry& geometry, std::uint64_t seed, std::uint64_t max_nodes) {
  detail::Random rng(seed);
  if (geometry.cell_count() == 81 && detail::fast9_supports(geometry)) {
    for (;;) {
      if (auto grid = seeded_fast9_grid(geometry, rng)) {
        relabel(*grid, 9, rng);
        return std::move(*grid);
      }
    }
  }
  SolveOptions options;
  options.count_limit = 1;
  options.random = true;
  options.max_nodes = max_nodes;
  // A layout with no full grid that propagation cannot refute would keep the
  // search going for ever; a few searches with a node budget each (another
  // random order often succeeds at once where one got lost) bound it.
  constexpr int kSearches = 4;
  SolveResult result;
  for (int search = 0; search < kSearches && result.solutions.empty(); ++search) {
    options.seed = rng.next();
    result = solve_generic(borrowed_puzzle(geometry, Grid(geometry.cell_count(), 0)), options);
    if (result.status == SolveStatus::no_solution)
      throw GenerateError("no full grid exists for this " + geometry.variant() + " layout");
  }
  if (result.solutions.empty())
    throw GenerateError("no full grid found for this " + geometry.variant() + " layout in " +
                        std::to_string(kSearches) + " searches of " + std::to_string(max_nodes) +
                        " nodes: it may have none");
  Grid grid = std::move(result.solutions.front());
  relabel(grid, geometry.size(), rng);
  return grid;
}

namespace {

using detail::CarveTest;
using detail::TenthsRange;
using logic::rating_of;
using logic::Technique;
using logic::Tenths;
using logic::to_rating;

// Search nodes one uniqueness test of the carving may take (proven_unique).
constexpr std::uint64_t kCarveNodes = 2'000;
// Random orders in which removed groups come back before a carving is given
// up (docs/journal/2026-generator.md: 4 to 24 measured).
constexpr int kAddBackTries = 12;
// A carving's opening goes in one step down to this share of the cells as
// givens (Carver::open_in_one_step).
constexpr double kOpeningShare = 0.5;

class Carver {
 public:
  Carver(const Geometry& geometry, const GenerateOptions& options,
         const std::vector<std::vector<int>>& orbits)
      : geometry_(geometry), options_(options), orbits_(orbits), plan_(detail::plan_carving(geometry, options)),
        test_(plan_.test),
        hidden_singles_(geometry, SinglesKind::hidden_only),
        all_singles_(geometry, SinglesKind::hidden_and_naked),
        // Built only where the plan uses them (one costs more to build than
        // carving a plain puzzle).
        ceiling_(basic_solver(geometry, plan_.ceiling)),
        floor_(basic_solver(geometry, plan_.floor)),
        prover_(basic_solver(geometry, plan_.prover)),
        direct_(plan_.direct ? std::optional<detail::DirectSolver>(std::in_place, geometry) : std::nullopt) {
    search_start_.root_only = plan_.root_only;
  }

  GeneratedPuzzle generate(std::uint64_t seed) {
    detail::Random rng(seed);
    constexpr int kCarvesPerGrid = 8;
    GeneratedPuzzle result;
    Grid solution;
    const auto started = std::chrono::steady_clock::now();
    for (int attempt = 0; attempt < options_.max_attempts; ++attempt) {
      if (options_.time_limit > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() > options_.time_limit)
        throw GenerateTimeout("no puzzle met the options within the time limit");
      if (attempt % kCarvesPerGrid == 0) {
        solution = random_full_grid(geometry_, rng.next());
        unavoidable_.build(solution);
      }
      result.attempts = attempt + 1;
      result.rating.reset();
      bounds_ = Bounds::unknown;
      Grid givens = carve(solution, rng);
      if (plan_.adds_back) add_back(givens, solution, rng);
      if (!acceptable(givens, result)) continue;
      result.puzzle.cells = std::move(givens);
      result.solution = solution;
      result.givens = count_givens(result.puzzle.cells);
      return result;
    }
    throw GenerateError("no puzzle met the options in " + std::to_string(options_.max_attempts) +
                        " attempts; widen --givens or --rating, or drop --minimal");
  }

 private:
  static std::optional<detail::BasicSolver> basic_solver(const Geometry& geometry, std::optional<logic::Tenths> ceiling) {
    if (!ceiling) return std::nullopt;
    return std::optional<detail::BasicSolver>(std::in_place, geometry, to_rating(*ceiling));
  }

  // The floor is asked first (most carvings are too easy), and where it
  // stops the ceiling's further techniques go on from its position: they
  // reach the same fixed point as from the givens (see BasicSolver::extend).
  // The groups that let the ceiling finish often let the floor finish too
  // (too easy at once); then another random order is tried, up to
  // kAddBackTries in all. Leaves in bounds_ what it learnt about the givens.
  void add_back(Grid& givens, const Grid& solution, detail::Random& rng) {
    std::vector<int>& removed = removed_;
    removed.clear();
    for (int index = 0; index < static_cast<int>(orbits_.size()); ++index)
      if (givens[orbits_[index].front()] == 0) removed.push_back(index);
    rng.shuffle(removed);
    bounds_ = Bounds::outside;
    // Singles first (far cheaper); the floor goes on from where they stopped.
    if (all_singles_.solves(givens) || floor_->solves_after_singles(all_singles_.band(), givens, solution)) return;
    if (too_direct()) return;
    bounds_ = Bounds::inside;  // from here on, whenever add_back returns early
    floor_->save(floor_base_);
    if (ceiling_->resume(floor_base_)) return;
    ceiling_->save(ceiling_base_);
    std::vector<int>& cells = added_;
    // What each group does when it alone comes back, once seen: an order
    // whose first group, or whose last one tried alone, is known to be too
    // easy ends as it did before, without solving again.
    std::vector<Alone>& alone = alone_;
    alone.assign(orbits_.size(), Alone::unknown);
    for (int attempt = 0; attempt < kAddBackTries; ++attempt) {
      if (attempt > 0) {
        rng.shuffle(removed);
        ceiling_->restore(ceiling_base_);
      }
      // The shortest prefix of `removed` (less the groups the ceiling has
      // placed anyway) whose return lets the ceiling finish: more givens
      // never hurt it, so the groups go back one at a time onto the position
      // where it stopped (see BasicSolver::extend).
      cells.clear();
      int first = -1, last = -1;
      for (int index : removed) {
        if (ceiling_->placed(orbits_[index])) continue;
        if (first < 0) {
          first = index;
          if (alone[index] == Alone::too_easy) break;
        }
        cells.insert(cells.end(), orbits_[index].begin(), orbits_[index].end());
        if (ceiling_->extend(orbits_[index], solution)) {
          last = index;
          break;
        }
        if (index == first) alone[index] = Alone::ceiling_stops;
      }
      if (first >= 0 && alone[first] == Alone::too_easy) continue;
      // The group that let it finish often does so alone; then only it comes
      // back (fewer givens back: fewer carvings too easy at once).
      if (last >= 0 && cells.size() > orbits_[last].size() && alone[last] != Alone::ceiling_stops) {
        if (alone[last] == Alone::too_easy) continue;
        ceiling_->restore(ceiling_base_);
        if (ceiling_->extend(orbits_[last], solution)) cells = orbits_[last];
        else alone[last] = Alone::ceiling_stops;
      }
      const bool one_group = last >= 0 && cells.size() == orbits_[last].size();
      floor_->restore(floor_base_);
      bool too_easy = floor_->extend(cells, solution);
      if (!too_easy) {
        for (int cell : cells) givens[cell] = solution[cell];
        too_easy = too_direct();
        if (too_easy)
          for (int cell : cells) givens[cell] = 0;
      }
      if (too_easy) {  // too easy at once: another order
        if (one_group) alone[last] = Alone::too_easy;
        continue;
      }
      stopped_short_ = true;  // givens came back: no longer minimal
      return;
    }
    bounds_ = Bounds::outside;
  }

  // For ranges starting at 2.6, singles and SE's direct techniques finish
  // the givens: SE rates them 2.5 at most, below the range. That is the
  // range's real floor, so adding back asks it too and tries another order
  // (in both rating modes, which must find the same puzzles).
  // Asked where the floor (singles, for these ranges) stopped on the givens:
  // singles are among the direct techniques, so going on from the digits it
  // placed reaches the same closure, without redoing them.
  bool too_direct() {
    if (!direct_) return false;
    floor_->values(floor_values_);
    return direct_->solves(floor_values_);
  }

  static int count_givens(const Grid& cells) {
    return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](auto d) { return d != 0; }));
  }

  // Whether the puzzle may lose `removed` (already cleared in `givens`).
  // "Singles put the removed cells back" implies the solutions did not
  // change, so it answers every test, far more cheaply than a solve; for the
  // singles tests it is exact, because the puzzle before the removal passed
  // them (see SinglesSolver::derives), and the basic techniques likewise.
  bool passes(CarveTest test, const Grid& givens, std::span<const int> removed, const Grid& solution) {
    switch (test) {
      case CarveTest::hidden_singles: return hidden_singles_.derives(givens, removed);
      case CarveTest::all_singles: return all_singles_.derives(givens, removed);
      case CarveTest::logic: return all_singles_.derives(givens, removed) || ceiling_->derives(givens, removed);
      // A full singles propagation costs more than the exact solve it would
      // save. The quick look at the removed cells pays with the generic
      // engine; on 9×9 after the opening (open_in_one_step) few removals are
      // singles at once, and the fast engine settles those for less than the
      // look costs on all the others (callgrind, 1,000 puzzles: 291 M -> 284 M).
      case CarveTest::unique:
        return (!fast9_ && all_singles_.immediate(givens, removed)) || proven_unique(givens, removed, solution);
    }
    return false;
  }

  // Late in the carving of a large grid a uniqueness proof can be a search of
  // millions of nodes (25×25: minutes for one puzzle). A test past the budget
  // keeps the group: the puzzle stays unique, only perhaps not minimal. For
  // the levels that add givens back the fast engine stops at the root: a
  // removal its first propagation does not prove is kept without the search
  // for a second solution (about 2 % of those were unique: expert and
  // intermediate, 2,500 puzzles each; docs/generate.md).
  bool proven_unique(const Grid& givens, std::span<const int> removed, const Grid& solution) {
    // The puzzle had one solution with the removed cells given, so another
    // one now differs from it in one of them: one search per removed cell
    // for a solution without that cell's digit, stopping at the first.
    for (int cell : removed) {
      const std::optional<bool> found = another_solution(givens, cell, solution[cell]);
      if (!found) stopped_short_ = true;
      if (!found || *found) return false;
    }
    return true;
  }

  // Whether the givens have a solution with `digit` not at `cell`; nullopt
  // past the node budget.
  std::optional<bool> another_solution(const Grid& givens, int cell, int digit) {
    if (fast9_) {
      // The singles test just synced its per-digit sets to these givens: the
      // search starts from them instead of reading the givens again.
      if (detail::BandSingles* band = all_singles_.band()) {
        detail::BandSingles::Bands candidates[9], open;
        band->search_start(givens, candidates, open);
        candidates[digit - 1] &= ~bitboard9::cell_bit(cell);
        std::copy(std::begin(candidates), std::end(candidates), search_start_.candidates.begin());
        search_start_.open = open;
        // Branching first on the removed cell saves nodes on classic grids
        // (1,000 puzzles: 287 M -> 283 M) but costs on diagonal ones (500:
        // 439 M -> 495 M), where the engine's own choice does better.
        search_start_.first_cell = diagonal_ ? -1 : cell;
        search_start_.first_digit = digit - 1;
        return detail::fast9_has_solution(search_start_, diagonal_, kCarveNodes);
      }
      const std::pair<int, int> excluded[] = {{cell, digit}};
      return detail::fast9_has_solution(geometry_, givens, excluded, kCarveNodes);
    }
    // One set of options for all the tests: every digit allowed everywhere
    // but here.
    if (exclusion_.candidates.empty()) {
      exclusion_.count_limit = 1;
      exclusion_.max_nodes = kCarveNodes;
      exclusion_.candidates.assign(givens.size(), all_digits(geometry_.size()));
    }
    exclusion_.candidates[cell] &= ~digit_bit(digit);
    const SolveStatus status = solve_generic(borrowed_puzzle(geometry_, givens), exclusion_).status;
    exclusion_.candidates[cell] |= digit_bit(digit);
    if (status == SolveStatus::gave_up) return std::nullopt;
    return status == SolveStatus::solved;
  }

  // One pass over the groups in a random order; stopped_short_ says whether
  // the result may not be minimal.
  Grid carve(const Grid& solution, detail::Random& rng) {
    std::vector<int>& order = order_;
    order.resize(orbits_.size());
    std::iota(order.begin(), order.end(), 0);
    rng.shuffle(order);
    Grid givens = solution;
    int count = geometry_.cell_count();
    stopped_short_ = test_ != CarveTest::unique;
    unavoidable_.fill();
    const int refusals_to_stop = plan_.refusals_to_stop;
    int refused_in_a_row = 0;
    const std::size_t opened = open_in_one_step(givens, count, solution);
    for (int index : std::span<const int>(order).subspan(opened)) {
      if (refused_in_a_row == refusals_to_stop) {
        stopped_short_ = true;
        break;
      }
      const auto& orbit = orbits_[index];
      if (count - static_cast<int>(orbit.size()) < options_.min_givens) {
        stopped_short_ = true;
        continue;
      }
      if (unavoidable_.empties(orbit)) continue;  // a second solution: no test needed
      for (int cell : orbit) givens[cell] = 0;
      if (passes(test_, givens, orbit, solution)) {
        count -= static_cast<int>(orbit.size());
        unavoidable_.remove(orbit);
        refused_in_a_row = 0;
      } else {
        for (int cell : orbit) givens[cell] = solution[cell];
        ++refused_in_a_row;
      }
    }
    return givens;
  }

  // The opening of a carving, in one test: every group of order_ that the
  // loop of carve() would try before the givens fall to kOpeningShare of the
  // cells comes out, and if the test's singles still solve the puzzle (so it
  // is unique and passes every carve test), the loop would have let each go
  // in turn (a puzzle with more givens passes whatever one with fewer does),
  // so the result is the same, for one singles solve instead of a test per
  // group. Otherwise nothing changes. Returns how many groups of order_ it
  // settled; `count` follows the givens.
  std::size_t open_in_one_step(Grid& givens, int& count, const Grid& solution) {
    const int target = static_cast<int>(kOpeningShare * geometry_.cell_count());
    std::size_t tried = 0;
    int left = count;
    for (; tried < order_.size() && left > target; ++tried) {
      const auto& orbit = orbits_[order_[tried]];
      if (left - static_cast<int>(orbit.size()) < options_.min_givens) break;
      if (unavoidable_.empties(orbit)) continue;  // kept, as the loop would
      for (int cell : orbit) givens[cell] = 0;
      unavoidable_.remove(orbit);
      left -= static_cast<int>(orbit.size());
    }
    detail::SinglesSolver& singles = test_ == CarveTest::hidden_singles ? hidden_singles_ : all_singles_;
    if (singles.solves(givens)) {
      count = left;
      return tried;
    }
    givens = solution;
    unavoidable_.fill();
    return 0;
  }

  // Minimal under the symmetry: no orbit of givens can go.
  bool minimal(const Grid& givens) const {
    Grid trial = givens;
    for (const auto& orbit : orbits_) {
      if (givens[orbit.front()] == 0) continue;
      for (int cell : orbit) trial[cell] = 0;
      if (solve(borrowed_puzzle(geometry_, trial)).status == SolveStatus::unique) return false;
      for (int cell : orbit) trial[cell] = givens[cell];
    }
    return true;
  }

  bool acceptable(const Grid& givens, GeneratedPuzzle& result) {
    if (options_.max_givens > 0 && count_givens(givens) > options_.max_givens) return false;
    // A unique-test pass that skipped nothing is minimal by construction.
    if (options_.minimal && stopped_short_ && !minimal(givens)) return false;
    return rating_fits(givens, result);
  }

  // Without exact ratings, for a puzzle the basic techniques up to the
  // range's top solve (so SE needs nothing harder, see basic_logic.hpp):
  // whether its rating reaches the bottom of the range. On classic grids for
  // ranges starting at 4.0 to 4.5 the basic techniques decide that too: they
  // cannot solve it with every technique rated below the bottom (hidden
  // triples included, which cover SE's direct hidden triple at 2.5), and
  // below 4.5 those are every technique SE rates that low. Otherwise the
  // rater, stopped below the bottom: if it cannot finish there, SE needs a
  // step at the bottom or above. Either way the answer is the full rating's.
  bool reaches_bottom(const Grid& givens) {
    if (prover_) {
      // Where add_back left the floor stopped on these givens, the prover
      // (the floor's techniques and more) goes on from there.
      bool proved;
      if (bounds_ == Bounds::inside) {
        floor_->save(floor_base_);
        proved = !prover_->resume(floor_base_);
      } else {
        proved = !prover_->solves(givens);
      }
      if (proved) return true;
    }
    if (direct_) return bounds_ == Bounds::inside || !direct_->solves(givens);  // add_back asked it
    return !options_.rater(borrowed_puzzle(geometry_, givens), to_rating(plan_.range->min - 1)).solved;
  }

  // What we know of a puzzle's SE rating without running the rater.
  TenthsRange known_rating(const Grid& givens) {
    if (hidden_singles_.solves(givens))
      return {rating_of(Technique::full_house), rating_of(Technique::hidden_single_line)};
    // The cheapest step beyond hidden singles is direct pointing.
    const Tenths beyond = rating_of(Technique::direct_pointing);
    if (all_singles_.solves(givens)) return {beyond, rating_of(Technique::naked_single)};
    return {beyond, 1000};
  }

  bool rating_fits(const Grid& givens, GeneratedPuzzle& result) {
    if (!plan_.range) return true;
    const TenthsRange& range = *plan_.range;
    if (bounds_ == Bounds::outside) return false;
    // The floor (singles among its techniques) does not finish a puzzle
    // inside the bounds, so singles do not either.
    if (bounds_ != Bounds::inside) {
      const TenthsRange known = known_rating(givens);
      if (known.inside(range)) return true;
      if (known.disjoint(range)) return false;
    }
    if (!options_.rater)
      throw GenerateError("rating range needs the rater (SE ratings beyond singles)");
    // The basic techniques below the range finish it: too easy, no rating needed.
    if (plan_.floor_rejects && bounds_ != Bounds::inside && floor_->solves(givens)) return false;
    if (!options_.exact_rating && plan_.adds_back && (bounds_ == Bounds::inside || ceiling_->solves(givens)))
      return reaches_bottom(givens);
    result.rating = options_.rater(borrowed_puzzle(geometry_, givens), options_.rating->max);
    return result.rating->solved && range.contains(logic::to_tenths(result.rating->er));
  }

  const Geometry& geometry_;
  const GenerateOptions& options_;
  const std::vector<std::vector<int>>& orbits_;
  const detail::CarvingPlan plan_;
  const CarveTest test_;
  detail::SinglesSolver hidden_singles_, all_singles_;
  std::optional<detail::BasicSolver> ceiling_;  // the techniques up to the range's top
  std::optional<detail::BasicSolver> floor_;    // those below the range's bottom
  std::optional<detail::BasicSolver> prover_;   // every technique below the range (proven_inside)
  std::optional<detail::DirectSolver> direct_;  // SE up to 2.5, for ranges starting at 2.6
  detail::BasicSolver::Position ceiling_base_, floor_base_;  // add_back's saved positions
  bool stopped_short_ = false;
  Grid floor_values_;                          // scratch: too_direct()'s start
  std::vector<int> order_, removed_, added_;  // scratch: carve()'s order, add_back()'s groups and cells
  // add_back()'s scratch: what a group does when it alone comes back.
  enum class Alone : std::uint8_t { unknown, ceiling_stops, too_easy };
  std::vector<Alone> alone_;
  // The fast engine fits: uniqueness is asked as "another solution?".
  const bool fast9_ = detail::fast9_supports(geometry_);
  SolveOptions exclusion_;  // the generic engine's (another_solution)
  detail::Fast9Start search_start_;  // the fast engine's (another_solution)
  const bool diagonal_ = geometry_.variant() == "diagonal";
  // What add_back learnt about the givens it left: outside the range (the
  // floor finishes them, or no order of groups brought back found the
  // range), or inside its bounds (the ceiling finishes them and the floor
  // does not, nor the direct techniques where they decide the bottom; the
  // floor stands where it stopped). rating_fits trusts it
  // instead of solving again.
  enum class Bounds { unknown, outside, inside };
  Bounds bounds_ = Bounds::unknown;
  detail::UnavoidableSets unavoidable_{geometry_};  // of the current grid
};

}  // namespace

void validate(const Geometry& geometry, const GenerateOptions& options) {
  if (auto why = symmetry_misfit(geometry, options.symmetry)) throw GenerateError(*why);
  const int cells = geometry.cell_count();
  if (options.min_givens < 0 || options.min_givens > cells)
    throw GenerateError("--givens minimum must lie in 0.." + std::to_string(cells));
  if (options.max_givens < 0 || (options.max_givens > 0 && options.max_givens < options.min_givens))
    throw GenerateError("--givens range is empty (MIN > MAX)");
  if (options.max_attempts < 1) throw GenerateError("max_attempts must be at least 1");
  if (options.rating && !options.rater) {
    // Without the rater only ranges that singles decide can be met.
    const RatingRange& want = *options.rating;
    const TenthsRange range = detail::tenths_range(want);
    // Ratings of 1.7-2.3 (all singles), or hidden singles only.
    const bool decided = TenthsRange{rating_of(Technique::direct_pointing), rating_of(Technique::naked_single)}.inside(range) ||
                         (range.max <= rating_of(Technique::hidden_single_line) && range.min <= rating_of(Technique::full_house));
    if (!decided)
      throw GenerateError("rating range " + std::to_string(want.min) + "-" + std::to_string(want.max) +
                          " needs the SE rater, which is not available");
  }
}

Generator::Generator(std::shared_ptr<const Geometry> geometry, GenerateOptions options)
    : geometry_(std::move(geometry)), options_(std::move(options)), carvers_(std::make_unique<CarverPool>()) {
  validate(*geometry_, options_);
  orbits_ = symmetry_orbits(*geometry_, options_.symmetry);
}

// A carver's answers do not depend on what it carved before (its solvers
// only keep what makes the next test cheaper), so any idle one will do.
struct Generator::CarverPool {
  std::mutex mutex;
  std::vector<std::unique_ptr<Carver>> idle;
};

Generator::~Generator() = default;

GeneratedPuzzle Generator::puzzle(std::uint64_t seed, std::uint64_t index) const {
  std::unique_ptr<Carver> carver;
  {
    const std::lock_guard lock(carvers_->mutex);
    if (!carvers_->idle.empty()) {
      carver = std::move(carvers_->idle.back());
      carvers_->idle.pop_back();
    }
  }
  if (!carver) carver = std::make_unique<Carver>(*geometry_, options_, orbits_);
  GeneratedPuzzle result = carver->generate(stream_seed(seed, index));
  {
    const std::lock_guard lock(carvers_->mutex);
    carvers_->idle.push_back(std::move(carver));
  }
  result.index = index;
  result.puzzle.geometry = geometry_;
  return result;
}

GeneratedPuzzle generate_puzzle(const std::shared_ptr<const Geometry>& geometry,
                                const GenerateOptions& options, std::uint64_t seed,
                                std::uint64_t index) {
  return Generator(geometry, options).puzzle(seed, index);
}

}  // namespace nonet
