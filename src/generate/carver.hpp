// The carver: from a random full grid to a puzzle, by removing groups of
// givens (symmetry orbits) while the puzzle passes the test its carving plan
// names (carving_plan.hpp). carver.cpp explains the tests and why they
// suffice. Its parts, in the order a carving runs them:
//   carving     carve(), open_in_one_step(), passes()
//   uniqueness  proven_unique(), another_solution()
//   adding back add_back(), too_direct()   (ranges reached from above)
//   acceptance  acceptable(), minimal(), rating_fits(), reaches_bottom()
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "carving_plan.hpp"
#include "closure.hpp"
#include "exact/fast9.hpp"
#include "nonet/generate.hpp"
#include "random.hpp"
#include "unavoidable.hpp"

namespace nonet::detail {

// A Puzzle borrows the geometry without owning it (aliasing constructor with
// an empty owner), for the engines' Puzzle-based interface.
inline Puzzle borrowed_puzzle(const Geometry& geometry, Grid cells) {
  return Puzzle{std::shared_ptr<const Geometry>(std::shared_ptr<const Geometry>{}, &geometry), std::move(cells), {}};
}

// One carver per thread: its closures keep what makes the next test cheaper,
// never what changes an answer, so any idle one will do for any puzzle.
class Carver {
 public:
  virtual ~Carver() = default;
  // The puzzle of a seed (the stream's seed for one index).
  virtual GeneratedPuzzle generate(std::uint64_t seed) = 0;
};

// The carver for these options, its closures on the fastest board that fits
// the geometry (board.hpp).
std::unique_ptr<Carver> make_carver(const Geometry& geometry, const GenerateOptions& options,
                                    const std::vector<std::vector<int>>& orbits);

template <typename Board>
class BoardCarver final : public Carver {
 public:
  // The plan and the closures it needs, for these options.
  BoardCarver(const Geometry& geometry, const GenerateOptions& options, const std::vector<std::vector<int>>& orbits);

  GeneratedPuzzle generate(std::uint64_t seed) override;

 private:
  using Logic = Closure<Board>;

  // ---- carving ----
  // One pass over the groups in a random order; stopped_short_ says whether
  // the result may not be minimal.
  Grid carve(const Grid& solution, Random& rng);

  // The opening of a carving, in one test: every group of order_ that the
  // loop of carve() would try before the givens fall to kOpeningShare of the
  // cells comes out, and if the test's singles still solve the puzzle (so it
  // is unique and passes every carve test), the loop would have let each go
  // in turn (a puzzle with more givens passes whatever one with fewer does),
  // so the result is the same, for one singles solve instead of a test per
  // group. Otherwise nothing changes. Returns how many groups of order_ it
  // settled; `count` follows the givens.
  std::size_t open_in_one_step(Grid& givens, int& count, const Grid& solution);

  // Whether the puzzle may lose `removed` (already cleared in `givens`).
  // "Singles put the removed cells back" implies the solutions did not
  // change, so it answers every test, far more cheaply than a solve; for the
  // singles tests it is exact, because the puzzle before the removal passed
  // them (see Closure::derives), and the basic techniques likewise.
  bool passes(CarveTest test, const Grid& givens, std::span<const int> removed, const Grid& solution);

  // ---- uniqueness ----
  // Late in the carving of a large grid a uniqueness proof can be a search of
  // millions of nodes (25×25: minutes for one puzzle). A test past the budget
  // keeps the group: the puzzle stays unique, only perhaps not minimal. For
  // the levels that add givens back the fast engine stops at the root: a
  // removal its first propagation does not prove is kept without the search
  // for a second solution (few of those were unique:
  // docs/journal/2026-measurements-in-code.md).
  bool proven_unique(const Grid& givens, std::span<const int> removed, const Grid& solution);

  // Whether the givens have a solution with `digit` not at `cell`; nullopt
  // past the node budget.
  std::optional<bool> another_solution(const Grid& givens, int cell, int digit);

  // ---- adding back (ranges reached from above) ----
  // The floor is asked first (most carvings are too easy), and where it
  // stops the ceiling's further techniques go on from its position: they
  // reach the same fixed point as from the givens (see Closure::extend).
  // The groups that let the ceiling finish often let the floor finish too
  // (too easy at once); then another random order is tried, up to
  // kAddBackTries in all. Leaves in bounds_ what it learnt about the givens.
  void add_back(Grid& givens, const Grid& solution, Random& rng);

  // For ranges starting at 2.6, singles and SE's direct techniques finish
  // the givens: SE rates them 2.5 at most, below the range. That is the
  // range's real floor, so adding back asks it too and tries another order
  // (in both rating modes, which must find the same puzzles).
  // Asked where the floor (singles, for these ranges) stopped on the givens:
  // singles are among the direct techniques, so going on from the digits it
  // placed reaches the same closure, without redoing them.
  bool too_direct();

  // ---- acceptance ----
  bool acceptable(const Grid& givens, GeneratedPuzzle& result);

  // Minimal under the symmetry: no orbit of givens can go.
  bool minimal(const Grid& givens) const;

  bool rating_fits(const Grid& givens, GeneratedPuzzle& result);
  std::string missed_why() const;  // generate()'s error once every attempt missed

  // Without exact ratings, for a puzzle the basic techniques up to the
  // range's top solve (so SE needs nothing harder, see closure.hpp):
  // whether its rating reaches the bottom of the range. On classic grids for
  // ranges starting at 4.0 to 4.5 the basic techniques decide that too: they
  // cannot solve it with every technique rated below the bottom (hidden
  // triples included, which cover SE's direct hidden triple at 2.5), and
  // below 4.5 those are every technique SE rates that low. Otherwise the
  // rater, stopped below the bottom: if it cannot finish there, SE needs a
  // step at the bottom or above. Either way the answer is the full rating's.
  bool reaches_bottom(const Grid& givens);

  // What we know of a puzzle's SE rating without running the rater.
  TenthsRange known_rating(const Grid& givens);

  // ---- helpers ----
  std::optional<Logic> basic(std::optional<Tenths> ceiling) const;

  static int count_givens(const Grid& cells);

  const Geometry& geometry_;
  const GenerateOptions& options_;
  const std::vector<std::vector<int>>& orbits_;
  const CarvingPlan plan_;
  const CarveTest test_;
  const Board board_{geometry_};
  Logic hidden_singles_, all_singles_;
  std::optional<Logic> ceiling_;  // the basic techniques up to the range's top
  std::optional<Logic> floor_;    // those below the range's bottom
  std::optional<Logic> prover_;   // every technique below the range (proven_inside)
  std::optional<Logic> direct_;   // SE up to 2.5, for ranges starting at 2.6
  typename Logic::Position ceiling_base_, floor_base_;  // add_back's saved positions
  bool stopped_short_ = false;
  Grid floor_values_;                          // scratch: too_direct()'s start
  std::vector<int> order_, removed_, added_;  // scratch: carve()'s order, add_back()'s groups and cells
  // add_back()'s scratch: what a group does when it alone comes back.
  enum class Alone : std::uint8_t { unknown, ceiling_stops, too_easy };
  std::vector<Alone> alone_;
  // The fast engine fits (on the band board): uniqueness is asked as
  // "another solution?".
  const bool fast9_ = Board::kBands && fast9_supports(geometry_);
  SolveOptions exclusion_;  // the generic engine's (another_solution)
  Fast9Start search_start_;  // the fast engine's (another_solution)
  const bool diagonal_ = geometry_.variant() == "diagonal";
  // What add_back learnt about the givens it left: outside the range (the
  // floor finishes them, or no order of groups brought back found the
  // range), or inside its bounds (the ceiling finishes them and the floor
  // does not, nor the direct techniques where they decide the bottom; the
  // floor stands where it stopped). rating_fits trusts it
  // instead of solving again.
  enum class Bounds { unknown, outside, inside };
  Bounds bounds_ = Bounds::unknown;
  // Why the attempts of one generate() missed the range, for its error: a
  // grid too small for the level misses it the same way every time.
  int too_easy_ = 0, too_hard_ = 0, other_misses_ = 0;
  bool miss(bool too_easy) { ++(too_easy ? too_easy_ : too_hard_); return false; }
  UnavoidableSets unavoidable_{geometry_};  // of the current grid
};

}  // namespace nonet::detail
