// The rater's state carried from step to step (solver.cpp): the house map and
// the broken test kept up to date by apply_step, and each rung asked only
// where something it reads changed since it last found nothing. Both must
// give what a fresh look at each position gives: the map and broken() of the
// grid, and next_step()'s whole ladder.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "logic/internal.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"

namespace {

using nonet::CandidateGrid;
using nonet::Geometry;
using nonet::Puzzle;
namespace logic = nonet::logic;

std::vector<std::shared_ptr<const Geometry>> geometries() {
  std::vector<int> regions(81);
  for (int c = 0; c < 81; ++c) regions[c] = (c / 27) * 3 + (c % 9) / 3;
  std::swap(regions[3], regions[20]);  // r1c4 and r3c3 trade boxes
  return {std::make_shared<const Geometry>(Geometry::classic(3, 3)),
          std::make_shared<const Geometry>(Geometry::classic(2, 3)),
          std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
          std::make_shared<const Geometry>(Geometry::windoku()),
          std::make_shared<const Geometry>(Geometry::jigsaw(9, regions))};
}

// A few generated puzzles of every kind of geometry (any difficulty).
std::vector<Puzzle> generated_puzzles() {
  std::vector<Puzzle> out;
  for (const auto& geometry : geometries()) {
    const nonet::Generator generator(geometry, {});
    for (std::uint64_t i = 0; i < 4; ++i) out.push_back(generator.puzzle(11, i).puzzle);
  }
  return out;
}

// Published puzzles up to 7.x on SE's scale, a sample of each rated set.
std::vector<Puzzle> published_puzzles() {
  std::vector<Puzzle> out;
  for (const char* set : {"rated/cbg-000-se121.txt", "rated/sudoku-exchange-diabolical-se.txt"})
    for (Puzzle& p : nonet::testing::load_puzzles(nonet::testing::data_path(set), 301))
      if (std::stod(p.comment.substr(p.comment.rfind(' ') + 1)) < 8.0) out.push_back(std::move(p));
  return out;
}

void expect_same_map(const logic::Context::HousesMap& kept, const CandidateGrid& grid) {
  const logic::Context::HousesMap fresh = logic::map_houses(grid);
  EXPECT_EQ(kept.places, fresh.places);
  EXPECT_EQ(kept.placed, fresh.placed);
  EXPECT_EQ(kept.singles, fresh.singles);
  EXPECT_EQ(kept.one_to_place, fresh.one_to_place);
  EXPECT_EQ(kept.holding, fresh.holding);
}

// Replays the solve of `puzzle` step by step: the map apply_step keeps is the
// grid's, the change it reports covers every place that changed, and each
// step is the one the whole ladder finds at that position.
void check_solve(const Puzzle& puzzle, nonet::Scale scale) {
  nonet::LogicOptions options;
  options.scale = scale;
  options.time_limit = 0;
  const nonet::LogicResult result = nonet::solve_logically(puzzle, options);
  const bool unique = nonet::solve(puzzle).status == nonet::SolveStatus::unique;
  options.assume_unique = unique;
  CandidateGrid grid(puzzle);
  logic::Context::HousesMap map = logic::map_houses(grid);
  logic::StepChange change;
  const std::size_t houses = grid.geometry().houses().size();
  for (std::size_t i = 0; i < result.steps.size(); ++i) {
    SCOPED_TRACE(testing::Message() << puzzle.comment << ", step " << i << ": " << result.steps[i].technique);
    const auto hint = nonet::next_step(grid, options);
    ASSERT_TRUE(hint.has_value());
    EXPECT_EQ(hint->technique, result.steps[i].technique);
    EXPECT_EQ(hint->rating, result.steps[i].rating);
    EXPECT_EQ(hint->placements, result.steps[i].placements);
    EXPECT_EQ(hint->eliminations, result.steps[i].eliminations);
    const logic::Context::HousesMap before = map;
    const bool broken = logic::apply_step(result.steps[i], grid, map, change);
    EXPECT_EQ(broken, grid.broken());
    expect_same_map(map, grid);
    const int n = grid.size();
    for (std::size_t h = 0; h < houses; ++h)
      for (int d = 0; d < n; ++d)
        if (before.places[h * n + d] != map.places[h * n + d]) {
          EXPECT_TRUE((change.digits >> d) & 1) << "digit " << d + 1;
          EXPECT_TRUE((change.houses[h / 64] >> (h % 64)) & 1) << "house " << h;
        }
  }
  EXPECT_EQ(result.solved, grid.solved() && !grid.broken());
}

TEST(Ladder, EachStepOfASolveIsTheWholeLaddersFirstStep) {
  for (const Puzzle& puzzle : generated_puzzles()) {
    SCOPED_TRACE(puzzle.geometry->variant());
    check_solve(puzzle, nonet::Scale::se);
    check_solve(puzzle, nonet::Scale::sukaku);
  }
}

TEST(Ladder, EachStepOfAPublishedSolveIsTheWholeLaddersFirstStep) {
  NONET_NEEDS_SHARED_DATA();
  const std::vector<Puzzle> puzzles = published_puzzles();
  ASSERT_GE(puzzles.size(), 10u);
  for (const Puzzle& puzzle : puzzles) {
    check_solve(puzzle, nonet::Scale::se);
    check_solve(puzzle, nonet::Scale::sukaku);
  }
}

TEST(Ladder, ApplyStepSaysWhenAStepBreaksThePosition) {
  const auto geometry = std::make_shared<const Geometry>(Geometry::classic(3, 3));
  const CandidateGrid start(Puzzle{geometry, nonet::Grid(81, 0), ""});
  logic::StepChange change;
  {  // a cell's last candidate goes
    CandidateGrid grid = start;
    logic::Context::HousesMap map = logic::map_houses(grid);
    nonet::Step step;
    for (int d = 1; d <= 9; ++d) step.eliminations.push_back({40, d});
    EXPECT_TRUE(logic::apply_step(step, grid, map, change));
    EXPECT_TRUE(grid.broken());
    expect_same_map(map, grid);
  }
  {  // a digit's last place in row 1 goes
    CandidateGrid grid = start;
    logic::Context::HousesMap map = logic::map_houses(grid);
    nonet::Step step;
    for (int c = 0; c < 9; ++c) step.eliminations.push_back({c, 5});
    EXPECT_TRUE(logic::apply_step(step, grid, map, change));
    EXPECT_TRUE(grid.broken());
    expect_same_map(map, grid);
  }
  {  // two placements in one step, applied one after the other
    CandidateGrid grid = start;
    logic::Context::HousesMap map = logic::map_houses(grid);
    nonet::Step step;
    step.placements = {{0, 1}, {1, 2}};
    EXPECT_FALSE(logic::apply_step(step, grid, map, change));
    EXPECT_FALSE(grid.broken());
    expect_same_map(map, grid);
    EXPECT_EQ(change.placed, 2);
  }
}

}  // namespace
