// The carving plan (carving_plan.hpp): each choice from the options, once.
#include "carving_plan.hpp"

#include <algorithm>
#include <cmath>

#include "core/contract.hpp"

namespace nonet::detail {

namespace {
using logic::rating_of;
using logic::Technique;

// The basic techniques reach SE 5.4 (hidden quad); ranges that end at 6 or
// above are carved to uniqueness.
constexpr Tenths kLogicCarveLimit = 60;
// Ranges starting at pointing (2.6) or above are reached from above.
constexpr Tenths kAddBackFrom = rating_of(Technique::pointing);
// Ranges starting above this reject what the basic techniques below them
// solve before rating.
constexpr Tenths kFloorFrom = 24;
// Ranges whose bottom the basic techniques can prove on classic grids: from
// the hidden triple (4.0) to the unique rectangle (4.5), the first technique
// they lack.
constexpr Tenths kProvableFrom = rating_of(Technique::hidden_triple),
                 kProvableTo = rating_of(Technique::unique_rectangle);
// SE's direct techniques end at the direct hidden triple (2.5).
constexpr Tenths kDirectTop = rating_of(Technique::direct_hidden_triple);
// Ranges reached from above that start here carve until this many removals
// in a row were refused by a search, not to the end.
constexpr Tenths kEarlyStopFrom = 40;
constexpr int kRefusalsToStop = 4;
// Below hidden singles in lines (1.6) only hidden singles may be used;
// below pointing (2.6), every single.
constexpr Tenths kHiddenSinglesBelow = rating_of(Technique::hidden_single_line) + 1;
constexpr Tenths kSinglesBelow = rating_of(Technique::pointing);

// Ranges that end below 6 and start below 2.6 (e.g. --rating 2.0-3.0) are
// carved under the basic techniques up to the range's top: the puzzle never
// gets too hard, and carving to the edge of those techniques makes it about
// as hard as they allow.
CarveTest carve_test(const std::optional<TenthsRange>& range, bool rater) {
  if (!range) return CarveTest::unique;
  if (range->max < kHiddenSinglesBelow) return CarveTest::hidden_singles;
  if (range->max < kSinglesBelow) return CarveTest::all_singles;
  if (range->max < kLogicCarveLimit && range->min < kAddBackFrom && rater) return CarveTest::logic;
  return CarveTest::unique;
}
}  // namespace

TenthsRange tenths_range(const RatingRange& range) {
  return {static_cast<Tenths>(std::ceil(range.min * 10 - 1e-6)), logic::tenths_at_most(range.max)};
}

CarvingPlan plan_carving(const Geometry& geometry, const GenerateOptions& options) {
  CarvingPlan plan;
  if (options.rating) plan.range = tenths_range(*options.rating);
  const std::optional<TenthsRange>& range = plan.range;
  plan.test = carve_test(range, static_cast<bool>(options.rater));
  // Ranges from 2.6 up to below 6 ("intermediate", "expert"): carving under
  // the basic techniques rarely lands there (docs/generate.md), so they are
  // reached from above. Not with --minimal, which such puzzles would fail.
  plan.adds_back = range && options.rater && !options.minimal && range->min >= kAddBackFrom &&
                   range->max < kLogicCarveLimit;
  // Near its end a carving mostly tries removals that a search refuses; for
  // ranges that get givens back anyway, stopping early costs less a puzzle.
  if (plan.adds_back && range->min >= kEarlyStopFrom) plan.refusals_to_stop = kRefusalsToStop;
  plan.root_only = plan.adds_back;
  if (plan.test == CarveTest::logic || plan.adds_back) plan.ceiling = range->max;
  plan.floor_rejects = range && range->min > kFloorFrom;
  if (plan.adds_back || plan.floor_rejects) plan.floor = std::min(range->min - 1, kLogicCarveLimit - 1);
  if (!options.exact_rating && plan.adds_back && geometry.variant() == "classic" && range->min >= kProvableFrom &&
      range->min <= kProvableTo)
    plan.prover = std::max(range->min, kProvableFrom);
  plan.direct = plan.adds_back && range->min == kDirectTop + 1;
  // Every solver the plan names has a range to read, and the logic test its ceiling.
  NONET_EXPECTS(range || (!plan.adds_back && !plan.ceiling && !plan.floor && !plan.prover));
  NONET_EXPECTS(plan.test != CarveTest::logic || plan.ceiling);
  return plan;
}

}  // namespace nonet::detail
