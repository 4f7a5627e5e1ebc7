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

#include <span>
#include <vector>

#include "nonet/model.hpp"

namespace nonet::detail {

class BasicSolver {
 public:
  // The techniques whose SE rating is at most `ceiling` (singles always).
  BasicSolver(const Geometry& geometry, double ceiling);

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

  // The position (candidates and placements) where the solver stands, to
  // come back to and extend() in several ways.
  struct Position {
    std::vector<Mask> candidates;
    Grid value;
    std::vector<int> queue;
    int open = 0;
    bool broken = false;
  };
  void save(Position& into) const;
  void restore(const Position& from);

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

  const Geometry& geometry_;
  int size_;
  bool intersections_on_ = false;
  int naked_max_ = 0, hidden_max_ = 0, fish_max_ = 0;
  bool xy_wing_ = false, xyz_wing_ = false;
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
};

}  // namespace nonet::detail
