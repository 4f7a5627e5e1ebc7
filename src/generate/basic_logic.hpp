// A fast logical solver for the generator: the techniques Sudoku Explainer
// rates below 5.5 — singles, intersections, naked and hidden subsets up to
// quads, row/column fish up to jellyfish, XY- and XYZ-Wing — switched on up
// to a rating ceiling, with no explanations and no allocation per solve.
//
// Why it decides ratings without the rater: each of these techniques stays
// available when candidates only shrink (a locked set of k cells, digits or
// lines with fewer candidates is a smaller locked set or a single), so the
// set of candidates they reach is monotone in the position. If they solve a
// puzzle from its givens they solve it from any position a sound solve
// passes through, so at every step of SE's solve at least one of them
// applies, and SE (always the easiest step first) never needs a step above
// the ceiling: solves() ⇒ ER ≤ ceiling. Conversely, when the techniques SE
// rates up to the ceiling are all here, failing ⇒ ER > ceiling. The carver
// uses the first fact to aim a level from above (no removal ever makes the
// puzzle too hard); the rater still confirms every puzzle it keeps.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "band_basic_logic.hpp"
#include "band_singles.hpp"
#include "basic_techniques.hpp"
#include "logic/wings.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

// `fastest` hands classic 9×9 grids to BandBasicSolver (same answers);
// `generic` keeps every grid on the generic code (the tests' reference).
enum class BasicEngine { fastest, generic };

class BasicSolver {
 public:
  // The techniques whose SE rating is at most `ceiling` (singles always).
  // `skip_unchanged` false runs every search every round (the reference the
  // tests hold the skipping to).
  BasicSolver(const Geometry& geometry, double ceiling, bool skip_unchanged = true,
              BasicEngine engine = BasicEngine::fastest);

  // The techniques fill every cell (so the puzzle has exactly one solution).
  bool solves(const Grid& givens);
  // The techniques place every target cell. When givens ∪ targets was
  // solvable this is the same answer as solves(givens), found sooner.
  bool derives(const Grid& givens, std::span<const int> targets);
  // Adds the givens `cells` (their digits in `solution`) to the position the
  // last solves() or extend() stopped at, and runs on. Deductions from fewer
  // givens stay valid with more, and the techniques reach the same fixed
  // point in any order (each stays available as candidates shrink), so the
  // answer is that of solves() on all the givens so far, for the price of
  // the new deductions only.
  bool extend(std::span<const int> cells, const Grid& solution);
  // The digits placed where the solver stands (0 where none is), into `into`.
  void values(Grid& into) const;
  // The position as the rater's wing search reads it (logic/wings.hpp):
  // generic engine only.
  int cell_count() const { return geometry_.cell_count(); }
  Mask candidates(int cell) const { return candidates_[cell]; }
  void for_each_bivalue_peer(int cell, auto visit) const {
    logic::for_each_bivalue_peer(geometry_, cell, [&](int peer) { return candidates_[peer]; }, visit);
  }
  bool placed(std::span<const int> cells) const {
    if (band_) return band_->placed(cells);
    for (int cell : cells)
      if (value_[cell] == 0) return false;
    return true;
  }

  // The position (candidates and placements) where the solver stands, to
  // come back to and extend() in several ways.
  struct Position {
    std::vector<Mask> candidates;
    Grid value;
    std::vector<int> queue;
    int open = 0;
    bool broken = false;
    std::vector<std::uint32_t> changed, searched;
    std::uint32_t clock = 0, last_change = 0;
    std::vector<Mask> where;
    std::vector<std::uint32_t> mapped;
    // All of it when the band engine runs. Positions pass between solvers
    // on one geometry that both use the band engine or both the generic one.
    BandBasicSolver::State band;
  };
  void save(Position& into) const;
  void restore(const Position& from);
  // Goes on from a position (another solver's too, on the same geometry: a
  // solver with more techniques reaches from a weaker one's fixed point what
  // it would reach from the givens) and says whether every cell is filled.
  bool resume(const Position& from);
  // solves(givens), where `singles` (or nullptr) has just failed to solve
  // the same givens: the band engine goes on from where they stopped
  // instead of doing their work again. `solution` is the givens' solution.
  bool solves_after_singles(BandSingles* singles, const Grid& givens, const Grid& solution);

 private:
  void start(const Grid& givens);
  template <typename Done>
  bool run(Done done);
  void place(int cell, int digit);
  bool remove(int cell, Mask digits);  // true if any candidate went
  bool singles();                      // to a fixed point; false on a contradiction
  bool eliminate();                    // one round of the harder techniques
  void map_places();                   // where_ from the candidates
  bool intersections();
  bool naked_subsets(int house, int size);
  bool hidden_subsets(int house, int size);
  bool fish(int size);
  Mask where(int house, int digit) const { return where_[house * size_ + digit]; }
  bool wings(bool xyz);
  bool sees(int a, int b) const { return sees_[a * words_ + b / 64] >> (b % 64) & 1; }
  // A search that found nothing finds nothing again until what it reads
  // changes: each house and digit keeps the time of its last change, each
  // search (a kind on one house, digit or intersection) the time of the
  // position it last read. Whether to run a search, noting that it reads the
  // position as of `as_of` (now(), or map_places() for searches over where_):
  bool stale(std::uint32_t& searched, std::uint32_t changed, std::uint32_t as_of) const {
    if (changed <= searched && skip_unchanged_) return false;
    searched = as_of;
    return true;
  }
  // A time no change has yet: changes are stamped with clock_, and the clock
  // moves on only when a search looks, so a change costs no increment.
  std::uint32_t now() { return clock_++; }
  void touch(int cell, Mask digits);
  std::uint32_t house_changed(int house) const { return changed_[house]; }
  std::uint32_t digit_changed(int digit) const { return changed_[houses_ + digit]; }
  // Slots in searched_: per house for singles, naked and hidden subsets of
  // sizes 2..4; per intersection; per digit for fish of sizes 2..4; wings.
  std::uint32_t& searched_singles(int house) { return searched_[house]; }
  std::uint32_t& searched_subset(bool hidden, int size, int house) {
    return searched_[houses_ * (1 + (hidden ? 3 : 0) + size - 2) + house];
  }
  std::uint32_t& searched_meet(int meet) { return searched_[houses_ * 7 + meet]; }
  std::uint32_t& searched_fish(int size, int digit) {
    return searched_[houses_ * 7 + meets_.size() + size_ * (size - 2) + digit];
  }
  std::uint32_t& searched_wings(bool xyz) { return searched_[houses_ * 7 + meets_.size() + size_ * 3 + xyz]; }

  const Geometry& geometry_;
  int size_;
  BasicTechniques techniques_;
  std::optional<BandBasicSolver> band_;  // set on classic 9×9 grids: then it does all the work
  int words_ = 0;
  std::vector<std::uint64_t> sees_;  // peer bitsets, one row of words_ per cell
  std::vector<Mask> candidates_;
  Grid value_;
  std::vector<int> queue_;  // cells that may have become naked singles
  std::vector<int> pincers_;  // wings(): scratch
  std::vector<Mask> where_;      // per house and digit (0-based): its open places
  std::vector<int> lines_[2];    // the houses of the rows and of the columns, in order
  struct Meet {                  // an intersection as place masks in both houses
    int first, second;
    Mask first_shared, second_shared;
  };
  std::vector<Meet> meets_;
  int open_ = 0;
  bool broken_ = false;
  int houses_ = 0;
  bool skip_unchanged_ = true;
  std::vector<std::uint32_t> changed_;   // per house, then per digit: the time of the last change
  std::vector<std::uint32_t> searched_;  // per search: the time it last ran (see stale())
  std::uint32_t clock_ = 0;
  std::uint32_t mapped_at_ = 0;    // the time where_ was last brought up to date
  std::vector<std::uint32_t> mapped_;  // per house: the time its rows of where_ were built
  std::uint32_t last_change_ = 0;  // the time of the latest change anywhere
};

}  // namespace nonet::detail
