// The one workflow behind every front door (include/nonet/analysis.hpp): each
// way an analysis can end, named by its stop, and its steps checked against
// the puzzle's solution by is_solution_of, not by the solver.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "analysis/result_json.hpp"
#include "nonet/analysis.hpp"
#include "nonet/generate.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using testing::parse_one;
using testing::valid_solution;

const std::string kCbg000 = "1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7";
const std::string kCbg000Solution =
    "123456789456789123798132564215374896637598241849621375372965418564817932981243657";
// Nested forcing chains (SE 11.9): seconds of logic.
const std::string kEasterMonster = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

Position position_of(const std::string& text) { return Position{parse_one(text), std::nullopt}; }

Session session(double max_rating = 0, double seconds = 60) {
  AnalysisOptions options;
  options.max_rating = max_rating;
  options.limits.time_limit = seconds;
  return Session(options);
}

// Every step applied to the givens' candidates: placements are the solution's
// digits and eliminations never remove them.
void expect_sound(const Position& position, const Analysis& analysis, const Grid& solution) {
  CandidateGrid grid = position.start();
  for (const Step& step : analysis.steps) {
    for (const Candidate& p : step.placements) EXPECT_EQ(solution[p.cell], p.digit) << step.technique;
    for (const Candidate& e : step.eliminations) EXPECT_NE(solution[e.cell], e.digit) << step.technique;
    grid.apply(step);
  }
}

TEST(Analysis, ExplainSolvesAndEveryStepIsSound) {
  const Position position = position_of(kCbg000);
  const Analysis a = session().explain(position);
  ASSERT_EQ(a.stop, Stop::solved) << a.message;
  EXPECT_TRUE(a.message.empty());
  EXPECT_EQ(a.verdict.status, SolveStatus::unique);
  EXPECT_DOUBLE_EQ(a.rating.er, 3.2);  // the published rating
  EXPECT_EQ(a.rating.hardest, "X-Wing");
  ASSERT_TRUE(a.final_state);
  EXPECT_TRUE(valid_solution(position.puzzle, a.final_state->values()));
  EXPECT_EQ(to_line(*position.puzzle.geometry, a.final_state->values()), kCbg000Solution);
  expect_sound(position, a, a.final_state->values());
  EXPECT_FALSE(is_failure(a.stop, Task::explain));
}

TEST(Analysis, ACeilingStopsLogicAndNamesTheNextStep) {
  const Analysis a = session(3.0).explain(position_of(kCbg000));
  EXPECT_EQ(a.stop, Stop::above_limit);
  ASSERT_TRUE(a.next);
  EXPECT_EQ(a.next->technique, "X-Wing");
  EXPECT_EQ(a.message, "the next step needs X-Wing (3.2), above the limit 3.0");
  EXPECT_FALSE(is_failure(a.stop, Task::explain));
  EXPECT_TRUE(is_failure(a.stop, Task::hint));
  EXPECT_LE(a.rating.er, 3.0);
}

TEST(Analysis, TheTimeLimitIsAStopNotAGuess) {
  const Analysis a = session(0, 0.02).explain(position_of(kEasterMonster));
  EXPECT_EQ(a.stop, Stop::gave_up) << a.message;
  EXPECT_NE(a.message.find("time limit"), std::string::npos) << a.message;
  EXPECT_TRUE(is_failure(a.stop, Task::explain));
  EXPECT_EQ(session(0, 0.02).rate(position_of(kEasterMonster)).stop, Stop::gave_up);
}

TEST(Analysis, LimitsBeyondAnyRunOrNaNMeanNoLimitNotAnOverflow) {
  // 1e308 seconds overflowed the clock into the past: a silent "out of time".
  for (double seconds : {1e10, 1e308, std::numeric_limits<double>::infinity()}) {
    const Analysis a = session(0, seconds).rate(position_of(kCbg000));
    EXPECT_EQ(a.stop, Stop::solved) << seconds;
    EXPECT_DOUBLE_EQ(a.rating.er, 3.2) << seconds;
  }
}

TEST(Analysis, ThePuzzlesOwnVerdictComesFirst) {
  const Analysis invalid = session().explain(position_of("11" + std::string(79, '.')));
  EXPECT_EQ(invalid.stop, Stop::invalid);
  EXPECT_FALSE(invalid.logic_ran());
  EXPECT_NE(invalid.message.find("row 1"), std::string::npos) << invalid.message;
  // Consistent givens without a solution (4×4: r1c1 can hold no digit).
  const Analysis none = session().rate(position_of(".12..3..4......."));
  EXPECT_EQ(none.stop, Stop::no_solution) << none.message;
  AnalysisOptions few_nodes;
  few_nodes.limits.max_nodes = 1;
  const Analysis out_of_nodes = Session(few_nodes).hint(position_of(std::string(81, '.')));
  EXPECT_EQ(out_of_nodes.stop, Stop::gave_up);
  EXPECT_NE(out_of_nodes.message.find("search nodes"), std::string::npos) << out_of_nodes.message;
}

TEST(Analysis, SeveralSolutionsAreNamedByEveryTask) {
  const Position empty = position_of(std::string(81, '.'));
  const Analysis rated = session().rate(empty);
  EXPECT_EQ(rated.stop, Stop::multiple);
  EXPECT_TRUE(is_failure(rated.stop, Task::rate));
  const Analysis explained = session().explain(empty);
  EXPECT_EQ(explained.stop, Stop::multiple);
  EXPECT_FALSE(is_failure(explained.stop, Task::explain));
  // Before: "no technique nonet knows applies", as if the puzzle were too hard.
  const Analysis hinted = session().hint(empty);
  EXPECT_EQ(hinted.stop, Stop::multiple);
  EXPECT_NE(hinted.message.find("more than one solution"), std::string::npos);
  // A puzzle with several solutions may still have a sound first step.
  const Analysis some =
      session().hint(position_of("1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....."));
  EXPECT_EQ(some.stop, Stop::hint);
  EXPECT_EQ(some.verdict.status, SolveStatus::multiple);
}

TEST(Analysis, AWrongMarkIsAContradiction) {
  const Puzzle puzzle = parse_one(kCbg000);
  CandidateGrid state(puzzle);
  const int cell = 1;  // r1c2, whose digit is 2
  state.eliminate(cell, 2);
  const Analysis a = session().hint(Position{puzzle, state});
  EXPECT_EQ(a.stop, Stop::contradiction);
  EXPECT_NE(a.message.find("no grid fits"), std::string::npos) << a.message;
  EXPECT_TRUE(is_failure(a.stop, Task::hint));
}

TEST(Analysis, HintIsTheFirstStepOfTheExplanation) {
  const Position position = position_of(kCbg000);
  const Analysis hint = session().hint(position);
  ASSERT_EQ(hint.stop, Stop::hint);
  ASSERT_EQ(hint.steps.size(), 1u);
  const Analysis explained = session().explain(position);
  EXPECT_EQ(hint.steps.front().technique, explained.steps.front().technique);
  EXPECT_EQ(hint.steps.front().placements, explained.steps.front().placements);
  // From the solved grid there is nothing to hint.
  const Analysis solved = session().hint(position_of(kCbg000Solution));
  EXPECT_EQ(solved.stop, Stop::solved);
  EXPECT_FALSE(is_failure(solved.stop, Task::hint));
}

// A hint's verdict first gets a short search; past it, logic answers first.
Session short_verdict_session() {
  AnalysisOptions options;
  options.limits.hint_verdict_nodes = 1;
  return Session(options);
}

TEST(Analysis, AHintPastTheShortVerdictComesFromLogicFirst) {
  // "World's hardest" (Inkala 2012): the search needs more than one node.
  const Position position =
      position_of("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
  const Analysis quick = short_verdict_session().hint(position);
  ASSERT_EQ(quick.stop, Stop::hint) << quick.message;
  EXPECT_EQ(quick.verdict.status, SolveStatus::gave_up);  // deferred, not proven
  EXPECT_TRUE(quick.message.empty()) << quick.message;
  EXPECT_FALSE(is_failure(quick.stop, Task::hint));
  const Analysis full = session().hint(position);
  ASSERT_EQ(full.stop, Stop::hint);
  EXPECT_EQ(full.verdict.status, SolveStatus::unique);
  ASSERT_EQ(quick.steps.size(), 1u);
  EXPECT_EQ(quick.steps.front().technique, full.steps.front().technique);
  EXPECT_EQ(quick.steps.front().placements, full.steps.front().placements);
  expect_sound(position, quick, full.verdict.solutions.at(0));
  // Easter Monster's first step needs the uniqueness techniques, which need
  // the verdict: logic finds nothing without it, the verdict is finished,
  // and logic tries again with them.
  const Analysis monster = short_verdict_session().hint(position_of(kEasterMonster));
  ASSERT_EQ(monster.stop, Stop::hint) << monster.message;
  EXPECT_EQ(monster.verdict.status, SolveStatus::unique);
  EXPECT_EQ(monster.steps.front().technique, session().hint(position_of(kEasterMonster)).steps.front().technique);
}

TEST(Analysis, WhereLogicFindsNothingTheDeferredVerdictSaysWhy) {
  // No step on the empty grid: the full verdict names the several solutions,
  // as the hint with its verdict first does.
  const Analysis empty = short_verdict_session().hint(position_of(std::string(81, '.')));
  EXPECT_EQ(empty.stop, Stop::multiple) << empty.message;
  EXPECT_EQ(empty.verdict.status, SolveStatus::multiple);
  EXPECT_NE(empty.message.find("more than one solution"), std::string::npos) << empty.message;
  // A wrong mark logic trips over: still a contradiction.
  const Puzzle puzzle = parse_one("." + kCbg000Solution.substr(1));
  CandidateGrid state(puzzle);
  state.eliminate(0, 1);
  const Analysis wrong = short_verdict_session().hint(Position{puzzle, state});
  EXPECT_EQ(wrong.stop, Stop::contradiction) << wrong.message;
}

TEST(Analysis, AHintWithAKnownVerdictSearchesNothing) {
  const Position position = position_of(kEasterMonster);
  const Analysis full = session().hint(position);
  ASSERT_EQ(full.verdict.status, SolveStatus::unique);
  const Analysis known = session().hint(position, full.verdict);
  ASSERT_EQ(known.stop, Stop::hint);
  EXPECT_EQ(known.verdict.status, SolveStatus::unique);
  EXPECT_EQ(known.verdict.solutions, full.verdict.solutions);
  EXPECT_EQ(known.steps.front().technique, full.steps.front().technique);
  // A verdict without solutions is not one to hint from: searched again.
  SolveResult none;
  none.status = SolveStatus::gave_up;
  EXPECT_EQ(session().hint(position, none).verdict.status, SolveStatus::unique);
}

TEST(Analysis, MarkedPositionsStartFromTheirMarks) {
  const Puzzle puzzle = parse_one(kCbg000);
  const CandidateGrid start(puzzle);
  std::vector<Mask> marks;
  for (int cell = 0; cell < 81; ++cell)
    marks.push_back(start.value(cell) ? digit_bit(start.value(cell)) : start.candidates(cell));
  const Position position = marked_position(puzzle, marks);
  ASSERT_TRUE(position.state);
  EXPECT_EQ(session().rate(position).rating.er, 3.2);
  EXPECT_FALSE(marked_position(puzzle, {}).state);
}

TEST(Analysis, OneWordPerStop) {
  const std::vector<std::pair<Stop, std::string>> words{
      {Stop::solved, "solved"},     {Stop::hint, "hint"},       {Stop::stuck, "stuck"},
      {Stop::above_limit, "above-limit"}, {Stop::gave_up, "gave-up"}, {Stop::contradiction, "contradiction"},
      {Stop::multiple, "multiple"}, {Stop::invalid, "invalid"}, {Stop::no_solution, "no-solution"}};
  for (const auto& [stop, word] : words) EXPECT_EQ(to_string(stop), word);
}

TEST(Analysis, OneJsonEncoding) {
  const Position position = position_of(kCbg000);
  const auto explained = encode::explanation(*position.puzzle.geometry, session().explain(position));
  EXPECT_EQ(explained["status"], "solved");
  EXPECT_EQ(explained["solved"], true);
  EXPECT_EQ(explained["rating"]["er"], 3.2);
  EXPECT_FALSE(explained.contains("stopped"));
  // The library's public to_json of a step is the same encoding.
  const Analysis solved = session().explain(position);
  const Step& first = solved.steps.front();
  EXPECT_EQ(encode::step(*position.puzzle.geometry, first).dump(), to_json(*position.puzzle.geometry, first));
  const auto refused = encode::rating_answer(session().rate(position_of(std::string(81, '.'))));
  EXPECT_EQ(refused["status"], "multiple");
  EXPECT_EQ(refused["reason"], "more than one solution: not rated");
  EXPECT_FALSE(refused.contains("rating"));  // no numbers that could be read as a rating
  const auto stopped = encode::explanation(*position.puzzle.geometry, session(3.0).explain(position));
  EXPECT_EQ(stopped["status"], "above-limit");
  EXPECT_EQ(stopped["candidates"].get<std::string>().size(), 729u);
}

TEST(Analysis, TheGeneratorRatesWithTheSeRaterByDefault) {
  GenerateOptions options;
  ASSERT_TRUE(options.rater);
  options.rating = RatingRange{3.0, 4.0};
  const Generator generator(make_geometry({}, 9), options);
  const GeneratedPuzzle made = generator.puzzle(5, 0);
  ASSERT_TRUE(made.rating);
  EXPECT_GE(made.rating->er, 3.0);
  EXPECT_LE(made.rating->er, 4.0);
  EXPECT_TRUE(valid_solution(made.puzzle, made.solution));
}

TEST(Analysis, GeometriesAreBuiltOnceAndShared) {
  EXPECT_EQ(make_geometry({}, 9).get(), make_geometry({}, 9).get());
  VariantSpec diagonal;
  diagonal.name = "diagonal";
  EXPECT_NE(make_geometry(diagonal, 9).get(), make_geometry({}, 9).get());
  EXPECT_EQ(make_geometry(diagonal, 9)->variant(), "diagonal");
  VariantSpec first, second;
  first.name = second.name = "jigsaw";
  first.regions = parse_region_map("111122333111222333112222663445555633444455666444555666777899999778889889777788899");
  second.regions = parse_region_map("111222333111222333111222333444555666444555666444555666777888999777888999777888999");
  const auto a = make_geometry(first, 9);
  EXPECT_EQ(a.get(), make_geometry(first, 9).get());
  EXPECT_NE(a.get(), make_geometry(second, 9).get());
  EXPECT_EQ(a->regions(), make_geometry(first, 9)->regions());
}

}  // namespace
}  // namespace nonet
