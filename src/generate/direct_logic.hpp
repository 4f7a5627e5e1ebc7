// Whether Sudoku Explainer rates a puzzle 2.5 or less, without the rater:
// singles and SE's "direct" techniques (pointing 1.7, claiming 1.9, hidden
// pair 2.0, hidden triple 2.5 — a locked set used only where it leaves a
// digit one place, which is then placed) fill the grid.
//
// Why a closure decides it: every step up to 2.5 places a digit and removes
// nothing, so a position is just its placements, and each of these steps
// stays available as placements grow (its single is then placed, a plain
// hidden single, or found by the same step again). So if they fill the grid
// in some order, SE — always taking the easiest step — finishes with them
// too, and if they get stuck, SE needs a step above 2.5. The generator asks
// this where a range starts at 2.6 ("intermediate") instead of running the
// rater stopped at 2.5, which costs ten times as much.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "band_direct_logic.hpp"
#include "logic/intersections.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

class DirectSolver {
 public:
  // `bit_parallel` false keeps to the generic code on classic 9×9 grids too
  // (the reference the tests hold BandDirectSolver to).
  explicit DirectSolver(const Geometry& geometry, bool bit_parallel = true);

  // Singles and the direct techniques fill every cell.
  bool solves(const Grid& givens);

  // The position as the rater's intersection search reads it
  // (logic/intersections.hpp): where `digit` (1-based) can go in `house`,
  // bit i for the house's i-th cell, as of the last map_places().
  const Geometry& geometry() const { return geometry_; }
  Mask places(int house, int digit) const { return places_[house * size_ + digit - 1]; }

 private:
  void start(const Grid& givens);
  void place(int cell, int digit);
  bool singles();  // one round of naked and hidden singles; true if any was placed
  // The direct searches place their first single and stop.
  bool direct_intersection();
  bool direct_hidden_subset(int size);
  void map_places();

  const Geometry& geometry_;
  int size_, cells_;
  logic::IntersectionOrder order_;
  std::vector<Mask> places_;  // per house and digit (see places())
  std::vector<Mask> candidates_;
  Grid value_;
  int open_ = 0;
  std::optional<BandDirectSolver> band_;  // on classic 9×9 grids
};

}  // namespace nonet::detail
