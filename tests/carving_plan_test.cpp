// The carving plan (src/generate/carving_plan.hpp) of every level and of the
// ranges and options that change it, as a table: a change of the generator's
// steering shows here first.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "generate/carving_plan.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"

namespace {

using nonet::GenerateOptions;
using nonet::detail::CarveTest;
using nonet::detail::CarvingPlan;
using nonet::detail::TenthsRange;

struct PlanRow {
  std::string name;
  std::optional<TenthsRange> range;
  CarveTest test;
  bool adds_back;
  int refusals_to_stop;
  std::optional<int> ceiling, floor, prover;
  bool floor_rejects, direct;
};

GenerateOptions options_for(const std::string& range) {
  GenerateOptions options;
  if (const auto level = nonet::find_level(range)) options.rating = level->range;
  else if (!range.empty()) options.rating = nonet::parse_rating_range(range);
  options.rater = [](const nonet::Puzzle& puzzle, double max) { return nonet::rate(puzzle, nonet::Scale::se, max); };
  options.exact_rating = false;  // as `nonet generate` in lines: what the basic techniques prove is not rated again
  return options;
}

void expect_plan(const CarvingPlan& plan, const PlanRow& row) {
  SCOPED_TRACE(row.name);
  EXPECT_EQ(plan.range, row.range);
  EXPECT_EQ(plan.test, row.test);
  EXPECT_EQ(plan.adds_back, row.adds_back);
  EXPECT_EQ(plan.root_only, row.adds_back);
  EXPECT_EQ(plan.refusals_to_stop, row.refusals_to_stop);
  EXPECT_EQ(plan.ceiling, row.ceiling);
  EXPECT_EQ(plan.floor, row.floor);
  EXPECT_EQ(plan.prover, row.prover);
  EXPECT_EQ(plan.floor_rejects, row.floor_rejects);
  EXPECT_EQ(plan.direct, row.direct);
}

const nonet::Geometry& classic9() {
  static const nonet::Geometry geometry = nonet::Geometry::classic(3, 3);
  return geometry;
}

TEST(CarvingPlan, EveryLevelAndRange) {
  const std::vector<PlanRow> rows = {
      // name / range / test / adds back / refusals / ceiling, floor, prover / floor rejects, direct
      {"", std::nullopt, CarveTest::unique, false, -1, {}, {}, {}, false, false},
      {"simple", TenthsRange{10, 15}, CarveTest::hidden_singles, false, -1, {}, {}, {}, false, false},
      {"easy", TenthsRange{16, 25}, CarveTest::all_singles, false, -1, {}, {}, {}, false, false},
      {"intermediate", TenthsRange{26, 39}, CarveTest::unique, true, -1, 39, 25, {}, true, true},
      {"expert", TenthsRange{40, 59}, CarveTest::unique, true, 4, 59, 39, 40, true, false},
      {"master", TenthsRange{60, 79}, CarveTest::unique, false, -1, {}, 59, {}, true, false},
      {"extreme", TenthsRange{80, 120}, CarveTest::unique, false, -1, {}, 59, {}, true, false},
      // Below 2.6 to below 6: carved under the basic techniques up to the top.
      {"2.0-3.0", TenthsRange{20, 30}, CarveTest::logic, false, -1, 30, {}, {}, false, false},
      {"2.5-4.4", TenthsRange{25, 44}, CarveTest::logic, false, -1, 44, 24, {}, true, false},
      // The prover covers bottoms from 4.0 to 4.5.
      {"4.5-5.0", TenthsRange{45, 50}, CarveTest::unique, true, 4, 50, 44, 45, true, false},
      {"4.6-5.9", TenthsRange{46, 59}, CarveTest::unique, true, 4, 59, 45, {}, true, false},
      {"3.0-3.9", TenthsRange{30, 39}, CarveTest::unique, true, -1, 39, 29, {}, true, false},
      // A range is the tenths it admits.
      {"2.55-3.96", TenthsRange{26, 39}, CarveTest::unique, true, -1, 39, 25, {}, true, true},
      {"1.5", TenthsRange{15, 15}, CarveTest::hidden_singles, false, -1, {}, {}, {}, false, false},
  };
  for (const PlanRow& row : rows) expect_plan(nonet::detail::plan_carving(classic9(), options_for(row.name)), row);
}

TEST(CarvingPlan, OptionsThatChangeIt) {
  GenerateOptions minimal = options_for("expert");
  minimal.minimal = true;  // minimal puzzles cannot get givens back
  expect_plan(nonet::detail::plan_carving(classic9(), minimal),
              {"expert --minimal", TenthsRange{40, 59}, CarveTest::unique, false, -1, {}, 39, {}, true, false});
  GenerateOptions exact = options_for("expert");
  exact.exact_rating = true;  // every puzzle rated: nothing proved without the rater
  expect_plan(nonet::detail::plan_carving(classic9(), exact),
              {"expert, exact ratings", TenthsRange{40, 59}, CarveTest::unique, true, 4, 59, 39, {}, true, false});
  const auto diagonal = nonet::make_geometry({"diagonal", 9, {}}, 9);
  expect_plan(nonet::detail::plan_carving(*diagonal, options_for("expert")),
              {"diagonal expert", TenthsRange{40, 59}, CarveTest::unique, true, 4, 59, 39, {}, true, false});
  GenerateOptions no_rater = options_for("intermediate");
  no_rater.rater = nullptr;
  expect_plan(nonet::detail::plan_carving(classic9(), no_rater),
              {"intermediate without a rater", TenthsRange{26, 39}, CarveTest::unique, false, -1, {}, 25, {}, true,
               false});
}

TEST(CarvingPlan, RangesInTenths) {
  EXPECT_EQ(nonet::detail::tenths_range({2.6, 3.9}), (TenthsRange{26, 39}));
  EXPECT_EQ(nonet::detail::tenths_range({2.55, 3.95}), (TenthsRange{26, 39}));
  EXPECT_EQ(nonet::detail::tenths_range({8, 100}), (TenthsRange{80, 1000}));
  EXPECT_TRUE((TenthsRange{17, 23}).inside(TenthsRange{16, 25}));
  EXPECT_TRUE((TenthsRange{10, 15}).disjoint(TenthsRange{16, 25}));
  EXPECT_FALSE((TenthsRange{17, 1000}).disjoint(TenthsRange{16, 25}));
}

}  // namespace
