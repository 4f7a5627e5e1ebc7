// The carving plan: how the generator steers a puzzle into the wanted rating
// range, decided once from the options (plan_carving) and read by the Carver.
// docs/generate.md explains each choice; tests/carving_plan_test.cpp holds the
// plan of every level as a table.
//
// Ratings here are integer tenths of SE's scale (logic/techniques.hpp): a
// range is the set of tenths it admits (2.55-3.9 is 2.6-3.9).
#pragma once

#include <optional>

#include "logic/techniques.hpp"
#include "nonet/generate.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

using logic::Tenths;

// A range of ratings in tenths, both ends included.
struct TenthsRange {
  Tenths min = 0, max = 0;
  bool contains(Tenths rating) const { return rating >= min && rating <= max; }
  bool inside(const TenthsRange& whole) const { return min >= whole.min && max <= whole.max; }
  bool disjoint(const TenthsRange& other) const { return max < other.min || other.max < min; }
  bool operator==(const TenthsRange&) const = default;
};
// The tenths a user's range admits.
TenthsRange tenths_range(const RatingRange& range);

// What a puzzle must still pass for a group of givens to go.
enum class CarveTest {
  hidden_singles,  // hidden singles fill the grid (SE ≤ 1.5)
  all_singles,     // hidden and naked singles do (SE ≤ 2.3)
  logic,           // the basic techniques up to the range's top do
  unique,          // exactly one solution
};

struct CarvingPlan {
  std::optional<TenthsRange> range;  // none: any rating
  CarveTest test = CarveTest::unique;
  // Carve to uniqueness, then bring removed groups back until the basic
  // techniques up to the range's top finish the puzzle: the rating falls
  // into the range from above (Carver::add_back).
  bool adds_back = false;
  // Stop a carving after this many removals in a row refused by a search
  // (-1: carve to the end).
  int refusals_to_stop = -1;
  // Uniqueness tests of the carving stop at the fast engine's root (a removal
  // its first propagation does not prove unique keeps its group).
  bool root_only = false;
  // The basic techniques (closure.hpp) up to these ratings: the ceiling (the
  // range's top: the logic test and adding back), the floor (below the
  // range's bottom: too easy), the prover (proves the bottom without the
  // rater). None where unused.
  std::optional<Tenths> ceiling, floor, prover;
  // Reject what the floor finishes before rating.
  bool floor_rejects = false;
  // Singles and SE's direct techniques decide "above 2.5" (a direct closure).
  bool direct = false;
};

CarvingPlan plan_carving(const Geometry& geometry, const GenerateOptions& options);

}  // namespace nonet::detail
