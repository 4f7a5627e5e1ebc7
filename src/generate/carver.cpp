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
//                     about as hard as they allow (closure.hpp says why);
//                     "intermediate" and "expert" are carved to uniqueness
//                     and get givens back (CarvingPlan::adds_back)
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
#include "carver.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>

#include "nonet/exact.hpp"

namespace nonet::detail {

namespace {
using logic::rating_of;
using logic::Technique;
using logic::to_rating;

// Search nodes one uniqueness test of the carving may take (proven_unique).
// The generic engine treats a budget this small as a quick test (its
// kQuickTest): locked candidates only before wide guesses.
constexpr std::uint64_t kCarveNodes = 2'000;
// Random orders in which removed groups come back before a carving is given
// up (docs/journal/2026-measurements-in-code.md).
constexpr int kAddBackTries = 12;
// A carving's opening goes in one step down to this share of the cells as
// givens (Carver::open_in_one_step).
constexpr double kOpeningShare = 0.5;
}  // namespace

std::unique_ptr<Carver> make_carver(const Geometry& geometry, const GenerateOptions& options,
                                    const std::vector<std::vector<int>>& orbits) {
  return with_board(geometry, [&]<typename Board>(std::type_identity<Board>) -> std::unique_ptr<Carver> {
    return std::make_unique<BoardCarver<Board>>(geometry, options, orbits);
  });
}

template <typename Board>
BoardCarver<Board>::BoardCarver(const Geometry& geometry, const GenerateOptions& options,
                                const std::vector<std::vector<int>>& orbits)
    : geometry_(geometry), options_(options), orbits_(orbits), plan_(plan_carving(geometry, options)),
      test_(plan_.test),
      hidden_singles_(board_, Techniques::singles(SinglesKind::hidden_only)),
      all_singles_(board_, Techniques::singles(SinglesKind::hidden_and_naked)),
      // Built only where the plan uses them.
      ceiling_(basic(plan_.ceiling)),
      floor_(basic(plan_.floor)),
      prover_(basic(plan_.prover)),
      direct_(plan_.direct ? std::optional<Logic>(std::in_place, board_, Techniques::direct_ones()) : std::nullopt) {
  search_start_.root_only = plan_.root_only;
}

template <typename Board>
GeneratedPuzzle BoardCarver<Board>::generate(std::uint64_t seed) {
  Random rng(seed);
  constexpr int kCarvesPerGrid = 8;
  GeneratedPuzzle result;
  Grid solution;
  const auto started = std::chrono::steady_clock::now();
  too_easy_ = too_hard_ = other_misses_ = 0;
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
  throw GenerateError(missed_why());
}

template <typename Board>
std::string BoardCarver<Board>::missed_why() const {
  std::string why = "no puzzle met the options in " + std::to_string(options_.max_attempts) + " attempts";
  if (plan_.range && other_misses_ == 0 && (too_easy_ == 0) != (too_hard_ == 0)) {
    const auto rating = [](Tenths tenths) { return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10); };
    const std::string asked = "SE " + rating(plan_.range->min) + "-" + rating(plan_.range->max);
    if (too_easy_ > 0)
      return why + ": every puzzle carved rated below " + asked + " (a " + std::to_string(geometry_.size()) + "x" +
             std::to_string(geometry_.size()) + " " + geometry_.variant() +
             " grid may not reach it); ask for an easier level or rating";
    return why + ": every puzzle carved rated above " + asked + "; ask for a harder level or rating, or widen --givens";
  }
  return why + "; widen --givens or --rating, or drop --minimal";
}

template <typename Board>
std::optional<Closure<Board>> BoardCarver<Board>::basic(std::optional<Tenths> ceiling) const {
  if (!ceiling) return std::nullopt;
  return std::optional<Logic>(std::in_place, board_, Techniques::basic(*ceiling));
}

template <typename Board>
void BoardCarver<Board>::add_back(Grid& givens, const Grid& solution, Random& rng) {
  std::vector<int>& removed = removed_;
  removed.clear();
  for (int index = 0; index < static_cast<int>(orbits_.size()); ++index)
    if (givens[orbits_[index].front()] == 0) removed.push_back(index);
  rng.shuffle(removed);
  bounds_ = Bounds::outside;
  // Singles first (far cheaper); the floor goes on from where they stopped.
  if (all_singles_.solves(givens) || floor_->resume(all_singles_)) return;
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
    // where it stopped (see Closure::extend).
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

template <typename Board>
bool BoardCarver<Board>::too_direct() {
  if (!direct_) return false;
  floor_->values(floor_values_);
  return direct_->solves(floor_values_);
}

template <typename Board>
int BoardCarver<Board>::count_givens(const Grid& cells) {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](auto d) { return d != 0; }));
}

template <typename Board>
bool BoardCarver<Board>::passes(CarveTest test, const Grid& givens, std::span<const int> removed, const Grid& solution) {
  switch (test) {
    case CarveTest::hidden_singles: return hidden_singles_.derives(givens, removed);
    case CarveTest::all_singles: return all_singles_.derives(givens, removed);
    case CarveTest::logic: return all_singles_.derives(givens, removed) || ceiling_->derives(givens, removed);
    // A full singles propagation costs more than the exact solve it would
    // save. The quick look at the removed cells pays with the generic
    // engine; on 9×9 after the opening (open_in_one_step) few removals are
    // singles at once, and the fast engine settles those for less than the
    // look costs on all the others (docs/journal/2026-measurements-in-code.md).
    case CarveTest::unique:
      return (!fast9_ && all_singles_.immediate(givens, removed)) || proven_unique(givens, removed, solution);
  }
  return false;
}

template <typename Board>
bool BoardCarver<Board>::proven_unique(const Grid& givens, std::span<const int> removed, const Grid& solution) {
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

template <typename Board>
std::optional<bool> BoardCarver<Board>::another_solution(const Grid& givens, int cell, int digit) {
  if constexpr (Board::kBands)
    if (fast9_) {
      // The singles test just synced its per-digit sets to these givens:
      // the search starts from them instead of reading the givens again.
      all_singles_.search_start(givens, search_start_.candidates.data(), search_start_.open);
      search_start_.candidates[digit - 1] &= ~bitboard9::cell_bit(cell);
      // Branching first on the removed cell saves nodes on classic grids
      // but costs on diagonal ones, where the engine's own choice does
      // better (docs/journal/2026-measurements-in-code.md).
      search_start_.first_cell = diagonal_ ? -1 : cell;
      search_start_.first_digit = digit - 1;
      return fast9_has_solution(search_start_, diagonal_, kCarveNodes);
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

template <typename Board>
Grid BoardCarver<Board>::carve(const Grid& solution, Random& rng) {
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

template <typename Board>
std::size_t BoardCarver<Board>::open_in_one_step(Grid& givens, int& count, const Grid& solution) {
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
  Logic& singles = test_ == CarveTest::hidden_singles ? hidden_singles_ : all_singles_;
  if (singles.solves(givens)) {
    count = left;
    return tried;
  }
  givens = solution;
  unavoidable_.fill();
  return 0;
}

template <typename Board>
bool BoardCarver<Board>::minimal(const Grid& givens) const {
  Grid trial = givens;
  for (const auto& orbit : orbits_) {
    if (givens[orbit.front()] == 0) continue;
    for (int cell : orbit) trial[cell] = 0;
    if (solve(borrowed_puzzle(geometry_, trial)).status == SolveStatus::unique) return false;
    for (int cell : orbit) trial[cell] = givens[cell];
  }
  return true;
}

template <typename Board>
bool BoardCarver<Board>::acceptable(const Grid& givens, GeneratedPuzzle& result) {
  if ((options_.max_givens > 0 && count_givens(givens) > options_.max_givens) ||
      // A unique-test pass that skipped nothing is minimal by construction.
      (options_.minimal && stopped_short_ && !minimal(givens))) {
    ++other_misses_;
    return false;
  }
  return rating_fits(givens, result);
}

template <typename Board>
bool BoardCarver<Board>::reaches_bottom(const Grid& givens) {
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

template <typename Board>
TenthsRange BoardCarver<Board>::known_rating(const Grid& givens) {
  if (hidden_singles_.solves(givens))
    return {rating_of(Technique::full_house), rating_of(Technique::hidden_single_line)};
  // The cheapest step beyond hidden singles is direct pointing.
  const Tenths beyond = rating_of(Technique::direct_pointing);
  if (all_singles_.solves(givens)) return {beyond, rating_of(Technique::naked_single)};
  return {beyond, 1000};
}

template <typename Board>
bool BoardCarver<Board>::rating_fits(const Grid& givens, GeneratedPuzzle& result) {
  if (!plan_.range) return true;
  const TenthsRange& range = *plan_.range;
  if (bounds_ == Bounds::outside) return miss(true);  // add_back found every way back too easy
  // The floor (singles among its techniques) does not finish a puzzle
  // inside the bounds, so singles do not either.
  if (bounds_ != Bounds::inside) {
    const TenthsRange known = known_rating(givens);
    if (known.inside(range)) return true;
    if (known.disjoint(range)) return miss(known.max < range.min);
  }
  if (!options_.rater)
    throw GenerateError("rating range needs the rater (SE ratings beyond singles)");
  // The basic techniques below the range finish it: too easy, no rating needed.
  if (plan_.floor_rejects && bounds_ != Bounds::inside && floor_->solves(givens)) return miss(true);
  if (!options_.exact_rating && plan_.adds_back && (bounds_ == Bounds::inside || ceiling_->solves(givens)))
    return reaches_bottom(givens) || miss(true);
  result.rating = options_.rater(borrowed_puzzle(geometry_, givens), options_.rating->max);
  if (!result.rating->solved) return miss(false);
  const Tenths rated = logic::to_tenths(result.rating->er);
  return range.contains(rated) || miss(rated < range.min);
}

template class BoardCarver<Board<Bands>>;
template class BoardCarver<Board<Words<2>>>;
template class BoardCarver<Board<Words<4>>>;
template class BoardCarver<Board<Words<64>>>;

}  // namespace nonet::detail
