// The logic solver on variant rules (src/logic/variant_rules.cpp): each
// technique's step on a small hand-made case, soundness over ISS's published
// puzzles (no step removes the solution's digit or places a wrong one), and
// the front ends: a hint on a variant position, `nonet explain` on a killer.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <fstream>
#include <sstream>

#include "logic/finders.hpp"
#include "logic/internal.hpp"
#include "logic/propagation.hpp"
#include "logic/variant_rules.hpp"
#include "nonet/analysis.hpp"
#include "nonet/exact.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"
#include "variant_support.hpp"

namespace nonet {
namespace {

LogicOptions without_uniqueness() {
  LogicOptions options;
  options.assume_unique = false;
  return options;
}

// The steps from the puzzle's start until one of `technique` (applied as
// they come), or nullopt when logic stops first or after `most` steps.
std::optional<Step> first_of(const std::string& text, const std::string& technique, int most = 40) {
  CandidateGrid grid(testing::parse_one(text));
  for (int i = 0; i < most; ++i) {
    auto step = next_step(grid, without_uniqueness());
    if (!step) return std::nullopt;
    if (step->technique == technique) return step;
    grid.apply(*step);
  }
  return std::nullopt;
}

bool removes(const Step& step, int cell, int digit) {
  return std::find(step.eliminations.begin(), step.eliminations.end(), Candidate{cell, digit}) != step.eliminations.end();
}

TEST(VariantLogic, RulePeersTakeAPlacedDigitFromTheCellsARuleMakesDiffer) {
  // From the centre every knight's move leaves box 5: 8 cells lose the 5.
  const auto step = first_of(".~R5C5_5.AntiKnight", "Rule peers", 1);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->eliminations.size(), 8u);
  EXPECT_TRUE(removes(*step, 21, 5));  // r3c4
  EXPECT_NE(step->detail.find("anti-knight"), std::string::npos) << step->detail;
  EXPECT_DOUBLE_EQ(step->rating, 2.4);
  EXPECT_EQ(step->rules, std::vector<int>{0});  // the step points at the anti-knight rule
}

TEST(VariantLogic, RuleBoundsKeepAThermometerCellWithinItsDistanceFromTheEnds) {
  const auto step = first_of(".Thermo~R2C2~R2C3~R2C4~R2C5", "Rule bounds", 1);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->eliminations, (std::vector<Candidate>{{10, 7}, {10, 8}, {10, 9}}));  // the bulb is at most 6
  EXPECT_NE(step->detail.find("thermometer"), std::string::npos) << step->detail;
}

TEST(VariantLogic, PairRulesRemoveWhatTheNeighbourCannotSupport) {
  const auto step = first_of(".~R1C1_1.WhiteDot~R1C1~R1C2", "Pair rules", 1);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->rules, std::vector<int>{0});
  ASSERT_EQ(step->eliminations.size(), 7u);  // r1c2 is 2: 3-9 go (1 is gone with the row)
  for (int d = 3; d <= 9; ++d) EXPECT_TRUE(removes(*step, 1, d)) << d;
}

TEST(VariantLogic, RuleCombinationsKeepTheDigitsOfACagesSums) {
  const auto step = first_of(".Cage~3~R1C1~R1C2", "Rule combinations", 1);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->detail.rfind("killer-cage 3", 0), 0u) << step->detail;
  EXPECT_EQ(step->rules, std::vector<int>{0});
  for (int d = 3; d <= 9; ++d) EXPECT_TRUE(removes(*step, 0, d) && removes(*step, 1, d)) << d;
  EXPECT_DOUBLE_EQ(step->rating, 2.8);
}

TEST(VariantLogic, RuleHouseInteractionTakesANeededDigitFromCellsSeeingAllItsPlaces) {
  // Two cells of no common house adding up to 3 (repeats allowed): 1 and 2
  // are both there, so r1c4 (seeing r1c1 and r2c4) holds neither.
  const auto step = first_of(".Sum~3~R1C1~R2C4", "Rule-house interaction", 3);
  ASSERT_TRUE(step);
  EXPECT_TRUE(removes(*step, 3, 1)) << to_text(*testing::parse_one(".Sum~3~R1C1~R2C4").geometry, *step);
  EXPECT_EQ(step->cells, (std::vector<int>{0, 12}));
}

TEST(VariantLogic, RuleOf45FindsTheCellTheCagesOfARowLeave) {
  // Neither cage alone says anything (each combination set covers 1-9).
  const auto step = first_of(".Cage~20~R1C1~R1C2~R1C3~R1C4.Cage~16~R1C5~R1C6~R1C7~R1C8", "Rule of 45", 1);
  ASSERT_TRUE(step);
  EXPECT_NE(step->detail.find("rule of 45 on row 1"), std::string::npos) << step->detail;
  for (int d = 1; d <= 8; ++d) EXPECT_TRUE(removes(*step, 8, d)) << d;  // r1c9 is 9
}

TEST(VariantLogic, ASumReadsTheHouseHoldingMostOfItsCells) {
  // Box 4 whole (45) and r7c1: r7c1 is 1. Grouped by columns in the order
  // the cells come, the sum's least was 22 and nothing followed (an ISS
  // long arrow like this one went unsolved after 280,000 search nodes).
  const auto step =
      first_of(".Sum~46~R4C1~R5C1~R6C1~R7C1~R4C2~R5C2~R6C2~R4C3~R5C3~R6C3", "Rule combinations", 1);
  ASSERT_TRUE(step);
  for (int d = 2; d <= 9; ++d) EXPECT_TRUE(removes(*step, 54, d)) << d;  // r7c1
  const Puzzle puzzle = testing::parse_one(".Sum~46~R4C1~R5C1~R6C1~R7C1~R4C2~R5C2~R6C2~R4C3~R5C3~R6C3");
  SolveOptions options;
  options.count_limit = 1;
  const SolveResult found = solve(puzzle, options);
  ASSERT_EQ(found.status, SolveStatus::solved);
  EXPECT_TRUE(is_solution_of(puzzle, found.solutions.at(0)));
  EXPECT_EQ(found.solutions.at(0)[54], 1);
}

TEST(VariantLogic, ASkyscraperReadsWhatTheOtherCellsCanStillShow) {
  // Two seen from the left of a 4×4 row starting with 1: the 4 must come
  // next (a 2 or 3 there, and the 4 later, would make three). Bounds by the
  // distance from the clue said nothing here.
  const auto step = first_of(".Shape~4x4.Skyscraper~R1~2~.~R1C1_1", "Rule combinations", 1);
  ASSERT_TRUE(step);
  EXPECT_TRUE(removes(*step, 1, 2));
  EXPECT_TRUE(removes(*step, 1, 3));
  EXPECT_TRUE(removes(*step, 2, 4));
  EXPECT_TRUE(removes(*step, 3, 4));
}

TEST(VariantLogic, ASandwichPrunesItsFillingNotOnlyItsCrust) {
  // A sandwich of 3 in row 1 starting with its 1: the 9 is two cells on and
  // the one cell between holds 3, the only filling adding up to 3. Before,
  // only the places of 1 and 9 were pruned: r1c2 kept 2-8.
  const auto step = first_of(".Sandwich~3~R1.~R1C1_1", "Rule combinations", 1);
  ASSERT_TRUE(step);
  for (int d : {2, 4, 5, 6, 7, 8, 9}) EXPECT_TRUE(removes(*step, 1, d)) << d;  // r1c2 is 3
  for (int d = 2; d <= 8; ++d) EXPECT_TRUE(removes(*step, 2, d)) << d;          // r1c3 is 9
}

TEST(VariantLogic, TwoSumsTogetherSayWhatNeitherSaysAlone) {
  // The long anti-diagonal (66) and its neighbour (57) together: 123, the
  // most their cells can make grouped by box (three boxes of five cells, and
  // r3c6, r6c3 alone), so r3c6 and r6c3 are 9. Each alone leaves them open.
  const auto step = first_of(".LittleKiller~66~R1C9.LittleKiller~57~R1C8", "Rule of 45", 3);
  ASSERT_TRUE(step);
  for (int d = 1; d <= 8; ++d) {
    EXPECT_TRUE(removes(*step, 23, d)) << d;  // r3c6
    EXPECT_TRUE(removes(*step, 47, d)) << d;  // r6c3
  }
  EXPECT_NE(step->detail.find("the sums at r1c9 and r1c8 together"), std::string::npos) << step->detail;
}

// Puzzle `index` (from 0) of one of ISS's collections, as ISS writes it,
// and the solution ISS publishes (empty where it publishes none).
testing::IssRow iss_puzzle(const std::string& wanted, int index = 0) {
  for (const testing::IssRow& row : testing::iss_rows())
    if (row.collection == wanted && index-- == 0) return row;
  return {};
}

TEST(VariantLogic, HouseCombinationsChooseTheCagesOfAHouseTogether) {
  // HS_KILLERS' third puzzle: after 29 steps, row 1 holds cages of 15 and
  // 13 and the rule of 45's five cells of 17; chosen together, their
  // combinations may share no digit.
  NONET_NEEDS_SHARED_DATA();
  const std::string input = iss_puzzle("HS_KILLERS", 2).input;
  ASSERT_FALSE(input.empty());
  const auto step = first_of(input, "House combinations", 60);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->detail.rfind("row 1 holds killer-cage 15", 0), 0u) << step->detail;
  EXPECT_DOUBLE_EQ(step->rating, 3.7);
}

TEST(VariantLogic, RuleFillingsFillASumAcrossHousesCellByCell) {
  // r1c1 + r1c2 + r2c5 = 14, r1c1 holding 1 or 5 and r1c2 2 or 6 (pencil
  // marks). The sum's revise reads the row's two cells as one group, whose
  // digits 1, 2, 5, 6 also make 6 and 8 (1+5, 2+6): r2c5 keeps 3, 6, 7, 8.
  // Cell by cell the pair makes 3, 7 or 11 only: r2c5 is 3 or 7.
  const Puzzle puzzle = testing::parse_one(".Sum~14~R1C1~R1C2~R2C5");
  std::vector<Mask> marks(81, all_digits(9));
  marks[0] = digit_bit(1) | digit_bit(5);
  marks[1] = digit_bit(2) | digit_bit(6);
  CandidateGrid grid = marked_position(puzzle, marks).start();
  std::optional<Step> step;
  for (int i = 0; i < 5 && !step; ++i) {
    auto next = next_step(grid, without_uniqueness());
    ASSERT_TRUE(next);
    if (next->technique == "Rule fillings") step = next;
    else grid.apply(*next);
  }
  ASSERT_TRUE(step);
  EXPECT_EQ(step->eliminations, (std::vector<Candidate>{{13, 6}, {13, 8}})) << step->detail;  // r2c5
  EXPECT_EQ(step->rules, std::vector<int>{0});
  EXPECT_DOUBLE_EQ(step->rating, 3.6);
}

TEST(VariantLogic, RulePairFillingsFillTwoOverlappingRulesTogether) {
  // TAREK_ALL's first puzzle: the cage of 25 at r7c9, r8c9, r9c8, r9c9 and
  // the rule of 45's five cells of 32 on rows 1-8 share r7c9 and r8c9;
  // filled together r8c9 cannot be 2.
  NONET_NEEDS_SHARED_DATA();
  const testing::IssRow row = iss_puzzle("TAREK_ALL");
  ASSERT_FALSE(row.input.empty());
  const auto step = first_of(row.input, "Rule pair fillings", 40);
  ASSERT_TRUE(step);
  EXPECT_EQ(step->detail.rfind("killer-cage 25 at r7c9, r8c9, r9c8, r9c9 with the rule of 45 on rows 1-8", 0), 0u)
      << step->detail;
  EXPECT_EQ(step->eliminations, (std::vector<Candidate>{{71, 2}})) << step->detail;  // r8c9
  EXPECT_EQ(step->rules.size(), 1u);  // the cage (the rule of 45's sums are no written rule)
  EXPECT_DOUBLE_EQ(step->rating, 4.0);
}

TEST(VariantLogic, DynamicForcingChainsFollowACagesCombinations) {
  // HS_KILLERS' second puzzle: once the rule techniques stop, an
  // assumption's consequences through a cage sum decide: the chain names
  // the cage that removed a candidate, and the step lists it.
  NONET_NEEDS_SHARED_DATA();
  const testing::IssRow row = iss_puzzle("HS_KILLERS", 1);
  ASSERT_FALSE(row.input.empty());
  // From the explanation, not step by step as a hint: a hint's chain search
  // settles for the chain found after 30 ms, so on a loaded machine (ctest -j)
  // it could end on another chain than the one this test looks at.
  LogicOptions options;
  options.assume_unique = false;
  const LogicResult result = solve_logically(testing::parse_one(row.input), options);
  const auto found = std::find_if(result.steps.begin(), result.steps.end(),
                                  [](const Step& s) { return s.technique == "Dynamic double forcing chain"; });
  ASSERT_NE(found, result.steps.end());
  const Step* step = &*found;
  bool names_a_cage = false;
  for (const std::string& chain : step->chains) names_a_cage |= chain.find("(killer-cage ") != std::string::npos;
  EXPECT_TRUE(names_a_cage) << to_text(*testing::parse_one(row.input).geometry, *step);
  EXPECT_FALSE(step->rules.empty());
  EXPECT_GE(step->rating, 8.5);
  const Grid solution = testing::parse_one(row.solution).cells;  // ISS's
  for (const Candidate& e : step->eliminations) EXPECT_NE(solution[e.cell], e.digit) << step->detail;
}

TEST(VariantLogic, UniquenessTechniquesAreOffWithRulesAndTheClassicLadderIsUnchanged) {
  for (const TechniqueInfo& t : techniques(Scale::se, true))
    EXPECT_TRUE(t.name.find("Rule") == std::string::npos && t.name != "Pair rules") << t.name;
}

// Every step of a logical solve keeps the solution: no placement of another
// digit, no elimination of the solution's.
::testing::AssertionResult keeps_solution(const Puzzle& puzzle, const Grid& solution, const LogicResult& result) {
  const Geometry& g = *puzzle.geometry;
  for (const Step& s : result.steps) {
    for (const Candidate& p : s.placements)
      if (solution[p.cell] != p.digit) return ::testing::AssertionFailure() << "wrong placement: " << to_text(g, s);
    for (const Candidate& e : s.eliminations)
      if (solution[e.cell] == e.digit) return ::testing::AssertionFailure() << "removes the solution: " << to_text(g, s);
    if (s.technique == "Unique rectangle" || s.technique == "BUG")
      return ::testing::AssertionFailure() << "uniqueness on a variant: " << to_text(g, s);
  }
  return ::testing::AssertionSuccess();
}

TEST(VariantLogic, NoStepBreaksTheSolutionOfAnIssPuzzle) {
  NONET_NEEDS_SHARED_DATA();
  const std::vector<testing::IssRow> rows = testing::iss_rows();
  ASSERT_FALSE(rows.empty());
  int checked = 0, solved = 0;
  for (const auto& [collection, name, input, published] : rows) {
    auto records = read_all(input);
    if (records.size() != 1 || !records[0].puzzle || records[0].puzzle->constraints.empty() ||
        !records[0].candidates.empty())
      continue;
    const Puzzle& puzzle = *records[0].puzzle;
    SolveOptions exact;
    exact.count_limit = 2;
    exact.max_nodes = 2000;
    const SolveResult verdict = solve(puzzle, exact);
    if (verdict.status != SolveStatus::unique) continue;
    // A time limit per puzzle keeps the test short (the sanitizer tree runs
    // it); the steps found by then are checked all the same.
    LogicOptions options;
    options.time_limit = 0.1;
    const LogicResult result = solve_logically(puzzle, options);
    EXPECT_TRUE(keeps_solution(puzzle, verdict.solutions.at(0), result)) << collection << " / " << name;
    ++checked;
    solved += result.solved;
  }
  EXPECT_GT(checked, 40);
  std::cout << "[ info ] " << checked << " ISS variant puzzles checked, " << solved << " solved by logic\n";
}

// The hard killer collections (every third TAREK_ALL puzzle), whose exact
// verdict can take long: checked against the solution ISS publishes, or one
// proved unique within a quarter of a second (others are skipped), each
// logical solve given a quarter of a second, enough to reach the dynamic
// forcing chains that follow the rules (about 15 s in all, release or
// sanitizers alike: the limits are on the clock).
TEST(VariantLogic, NoStepBreaksTheSolutionOfAHardIssKiller) {
  NONET_NEEDS_SHARED_DATA();
  const std::vector<testing::IssRow> rows = testing::iss_rows();
  ASSERT_FALSE(rows.empty());
  int checked = 0, solved = 0, tarek = 0, dynamic = 0;
  for (const auto& [collection, name, input, solution_text] : rows) {
    const bool hard = collection == "HS_KILLERS" || collection == "LITTLE_KILLER_SNIPES" ||
                      collection == "MATHEMAGIC_KILLERS" || (collection == "TAREK_ALL" && tarek++ % 3 == 0);
    if (!hard) continue;
    auto records = read_all(input);
    if (records.size() != 1 || !records[0].puzzle || records[0].puzzle->constraints.empty()) continue;
    const Puzzle& puzzle = *records[0].puzzle;
    Grid solution;
    if (!solution_text.empty()) {
      solution = testing::parse_one(solution_text).cells;
    } else {  // only HS_KILLERS publishes its solutions: the others are proved here, within a bound
      SolveOptions exact;
      exact.count_limit = 2;
      exact.time_limit = 0.25;
      const SolveResult verdict = solve(puzzle, exact);
      if (verdict.status != SolveStatus::unique) continue;
      solution = verdict.solutions.at(0);
    }
    ASSERT_EQ(solution.size(), puzzle.cells.size()) << collection << " / " << name;
    LogicOptions options;
    options.time_limit = 0.25;
    options.assume_unique = false;  // nested chains need a proof of uniqueness: not asked here
    const LogicResult result = solve_logically(puzzle, options);
    EXPECT_TRUE(keeps_solution(puzzle, solution, result)) << collection << " / " << name;
    ++checked;
    solved += result.solved;
    for (const Step& s : result.steps) dynamic += s.technique.rfind("Dynamic", 0) == 0;
  }
  EXPECT_GT(checked, 20);  // (how many dynamic steps are reached depends on the machine's speed: not asserted)
  std::cout << "[ info ] " << checked << " hard ISS killers checked, " << solved << " solved by logic, " << dynamic
            << " dynamic forcing chain steps among their steps\n";
}

// A hint on a puzzle with rules settles for the best chain found once its
// time to settle has passed (next_step): on the positions of a hard killer's
// solve, where the easiest steps are dynamic chains, each hint is still sound.
// TAREK_ALL's first killer, its one solution, and its logical solve within
// `seconds` (without the nested chains, which need uniqueness).
struct HardKiller {
  Puzzle puzzle;
  SolveResult verdict;
  LogicOptions options;
  LogicResult path;
};
HardKiller hard_killer(double seconds) {
  Puzzle puzzle = testing::parse_one(iss_puzzle("TAREK_ALL").input);
  SolveOptions exact;
  exact.count_limit = 2;
  SolveResult verdict = solve(puzzle, exact);
  LogicOptions options;
  options.time_limit = seconds;
  options.assume_unique = false;
  LogicResult path = solve_logically(puzzle, options);
  return HardKiller{std::move(puzzle), std::move(verdict), options, std::move(path)};
}

TEST(VariantLogic, HintsThatSettleKeepTheSolutionOfAHardKiller) {
  NONET_NEEDS_SHARED_DATA();
  const HardKiller killer = hard_killer(0.5);
  const SolveResult& verdict = killer.verdict;
  const LogicOptions& options = killer.options;
  const LogicResult& path = killer.path;
  ASSERT_EQ(verdict.status, SolveStatus::unique);
  CandidateGrid at(killer.puzzle);
  int chains = 0;
  for (const Step& s : path.steps) {
    at.apply(s);
    if (s.technique.rfind("Dynamic", 0) != 0 || ++chains > 4) continue;
    const auto hint = next_step(at, options);  // the position after a chain: the next is likely one too
    if (!hint) continue;
    for (const Candidate& e : hint->eliminations) EXPECT_NE(verdict.solutions[0][e.cell], e.digit) << hint->detail;
    for (const Candidate& p : hint->placements) EXPECT_EQ(verdict.solutions[0][p.cell], p.digit) << hint->detail;
  }
}

// A hint whose time to settle has already passed before its dynamic chain
// search found anything (a hard killer's position whose easiest step is such
// a chain) still finds one: it runs every candidate's "on" before any "off"
// (forcing_chains.cpp), and the chain it settles for keeps the solution and
// is rated no lower than the easiest, which the search that never settles
// (a rating's) still gives.
TEST(VariantLogic, ADynamicChainSearchSettledBeforeItsFirstChainStillFindsOne) {
  NONET_NEEDS_SHARED_DATA();
  const HardKiller killer = hard_killer(5);  // the path to its dynamic chains, on a slow (sanitizer) build too
  ASSERT_EQ(killer.verdict.status, SolveStatus::unique);
  const Grid& solution = killer.verdict.solutions[0];
  CandidateGrid at(killer.puzzle);
  int checked = 0;
  for (const Step& s : killer.path.steps) {
    const bool plus = s.technique.find("(+)") != std::string::npos;
    if (s.technique.rfind("Dynamic", 0) == 0 && s.technique.find("nested") == std::string::npos && checked < 3) {
      ++checked;
      const logic::Tables tables(at.geometry());
      const logic::VariantRules rules(at.geometry(), at.constraints());
      logic::Context easiest{at, at.geometry(), tables};
      easiest.rules = &rules;
      const auto unsettled = logic::find_multiple_forcing_chain(easiest, true, plus ? 1 : 0);
      ASSERT_TRUE(unsettled) << s.technique;
      EXPECT_EQ(unsettled->technique, s.technique);
      EXPECT_DOUBLE_EQ(unsettled->rating, s.rating);
      logic::Context settled{at, at.geometry(), tables};
      settled.rules = &rules;
      settled.settle_after = std::chrono::steady_clock::time_point{} + std::chrono::nanoseconds(1);  // long past
      ASSERT_TRUE(settled.settled());
      const auto hint = logic::find_multiple_forcing_chain(settled, true, plus ? 1 : 0);
      ASSERT_TRUE(hint) << s.technique;
      EXPECT_GE(hint->rating, unsettled->rating) << hint->technique;
      EXPECT_FALSE(hint->chains.empty());
      EXPECT_FALSE(hint->eliminations.empty() && hint->placements.empty());
      for (const Candidate& e : hint->eliminations) EXPECT_NE(solution[e.cell], e.digit) << hint->detail;
      for (const Candidate& p : hint->placements) EXPECT_EQ(solution[p.cell], p.digit) << hint->detail;
    }
    at.apply(s);
  }
  EXPECT_GT(checked, 0);
}

// Calls f(puzzle, ctx, steps) on each of Solo's killers (examples/solo.txt)
// at the positions of its logical solve that pick(steps, all steps) picks.
template <class Pick, class F>
void on_solo_killer_positions(Pick&& pick, F&& f) {
  for (const Puzzle& puzzle : testing::load_puzzles(testing::source_path("examples/solo.txt"))) {
    if (puzzle.constraints.empty()) continue;
    LogicOptions options;
    options.time_limit = 10;
    const LogicResult path = solve_logically(puzzle, options);
    CandidateGrid at(puzzle);
    for (std::size_t i = 0; i <= path.steps.size(); ++i) {
      if (pick(i, path.steps.size())) {
        const logic::Tables tables(at.geometry());
        const logic::VariantRules rules(at.geometry(), at.constraints());
        logic::Context ctx{at, at.geometry(), tables};
        ctx.rules = &rules;
        f(puzzle, ctx, i);
      }
      if (i < path.steps.size()) at.apply(path.steps[i]);
    }
  }
}

// The static forcing chains skip a start that leads_to says cannot reach
// its negation (a reach folded onto 256 bits, the exact one once the runs
// on a "perhaps" cost as much): it must never say so of a start whose run
// does reach it. On Solo's killers, at the start and halfway through each.
TEST(VariantLogic, LeadsToNeverSkipsAStartThatReachesItsNegation) {
  using logic::chaining::kOff;
  using logic::chaining::kOn;
  using logic::chaining::Propagation;
  int reached = 0, skipped = 0;
  on_solo_killer_positions(
      [](std::size_t i, std::size_t steps) { return i == 0 || i == steps / 2; },
      [&](const Puzzle& puzzle, const logic::Context& ctx, std::size_t i) {
        for (const bool x : {true, false}) {
          Propagation prop(ctx, logic::chaining::ChainMode::forcing_chains(x, true));
          for (int cell = 0; cell < ctx.cells(); ++cell)
            for (int d : logic::digits_of(ctx.grid.candidates(cell)))
              for (int on : {kOn, kOff}) {
                const int start = Propagation::pot(cell, d, on, ctx.n());
                const bool may = prop.leads_to(start, start ^ 1);
                prop.run(start, {.stop_at = start ^ 1});
                const bool does = prop.is_reached(start ^ 1);
                EXPECT_TRUE(may || !does) << puzzle.comment << " after " << i << " steps: " << start;
                reached += does;
                skipped += !may;
              }
        }
      });
  EXPECT_GT(reached, 0);
  EXPECT_GT(skipped, 0);
}

// A rule's removal in a dynamic run rests on the fewest of the run's removals
// that still give it (fewest_reasons, worked out when a chain asks). Each try
// revises the rule on a scratch copy of the position, and a cage's revise
// also clears cells beyond its own (a digit leaving the rest of a house):
// the scratch must be the position again after each ask, or the reasons
// found would depend on which were asked before (they did: a chain of an HS
// killer rated 10.0 instead of 9.8). Asked in two orders, the same reasons.
TEST(VariantLogic, ARulesReasonsDoNotDependOnTheOrderTheyAreAskedIn) {
  using logic::chaining::kOn;
  using logic::chaining::Propagation;
  int asked = 0;
  on_solo_killer_positions(
      [](std::size_t i, std::size_t steps) { return i == steps / 3 || i == steps / 2; },
      [&](const Puzzle& puzzle, const logic::Context& ctx, std::size_t i) {
        Propagation forward(ctx, logic::chaining::ChainMode::multiple_forcing(true, 0));
        Propagation backward(ctx, logic::chaining::ChainMode::multiple_forcing(true, 0));
        for (int cell = 0; cell < ctx.cells(); ++cell)
          for (int d : logic::digits_of(ctx.grid.candidates(cell))) {
            const int start = Propagation::pot(cell, d, kOn, ctx.n());
            forward.run(start);
            backward.run(start);
            ASSERT_EQ(forward.order.size(), backward.order.size());
            std::vector<std::vector<int>> first, second(forward.order.size());
            for (int p : forward.order) {
              const auto parents = forward.parents(p);
              first.emplace_back(parents.begin(), parents.end());
            }
            for (std::size_t k = backward.order.size(); k-- > 0;) {
              const auto parents = backward.parents(backward.order[k]);
              second[k].assign(parents.begin(), parents.end());
            }
            EXPECT_EQ(first, second) << puzzle.comment << " after " << i << " steps, from " << start;
            asked += static_cast<int>(first.size());
          }
      });
  EXPECT_GT(asked, 0);
}

// Solo's killers (examples/solo.txt, every level from trivial to extreme,
// and its X, jigsaw and 3x2 killers): logic alone solves each, keeping the
// solution at every step.
TEST(VariantLogic, LogicSolvesSolosKillersSoundly) {
  for (const Puzzle& puzzle : testing::load_puzzles(testing::source_path("examples/solo.txt"))) {
    if (puzzle.constraints.empty()) continue;
    const SolveResult verdict = solve(puzzle);
    ASSERT_EQ(verdict.status, SolveStatus::unique) << puzzle.comment;
    LogicOptions options;
    options.time_limit = 10;
    const LogicResult result = solve_logically(puzzle, options);
    EXPECT_TRUE(keeps_solution(puzzle, verdict.solutions.at(0), result)) << puzzle.comment;
    EXPECT_TRUE(result.solved) << puzzle.comment;
  }
}

TEST(VariantLogic, HintOnAVariantPositionAnswersWithinMilliseconds) {
  // examples/killer.txt, a 6×6 killer, and a 9×9 one with every row caged.
  const Puzzle killer = testing::load_puzzles(testing::source_path("examples/killer.txt")).at(0);
  const Session session;
  const auto start = std::chrono::steady_clock::now();
  const Analysis hint = session.hint(Position{killer, std::nullopt});
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(hint.stop, Stop::hint) << hint.message;
  ASSERT_EQ(hint.steps.size(), 1u);
  EXPECT_LT(ms, 1000);  // well under 100 ms in a release build; the sanitizer tree is slower
  // From pencil marks: the variant's rules stay with the position.
  const Analysis explained = session.explain(Position{killer, std::nullopt});
  EXPECT_EQ(explained.stop, Stop::solved) << explained.message;
  ASSERT_GT(explained.steps.size(), 3u);
  CandidateGrid after(killer);
  for (std::size_t i = 0; i < 3; ++i) after.apply(explained.steps[i]);
  std::vector<Mask> marks(after.values().size());
  for (int c = 0; c < after.geometry().cell_count(); ++c)
    marks[c] = after.value(c) ? digit_bit(after.value(c)) : after.candidates(c);
  const Position marked = marked_position(killer, marks);
  EXPECT_EQ(marked.start().constraints(), killer.constraints);
  const Analysis next = session.hint(marked);
  EXPECT_EQ(next.stop, Stop::hint) << next.message;
}

// On a puzzle with rules a hint looks for a step for
// AnalysisLimits::hint_rules_time seconds, then offers the cell to reveal
// (the solution's digit) as where logic is stuck, saying why: on hard killer
// positions the search took the whole time limit, a minute on the CLI. Here
// the allowance is spent before the search starts, so the test is no race.
TEST(VariantLogic, AHintOnAPuzzleWithRulesLooksBrieflyThenOffersACellToReveal) {
  const Puzzle killer = testing::load_puzzles(testing::source_path("examples/killer.txt")).at(0);
  const SolveResult verdict = solve(killer);
  ASSERT_EQ(verdict.status, SolveStatus::unique);
  AnalysisOptions brief;
  brief.limits.hint_rules_time = 1e-9;
  const Analysis cut = Session(brief).hint(Position{killer, std::nullopt});
  EXPECT_EQ(cut.stop, Stop::stuck);
  EXPECT_TRUE(is_failure(cut.stop, Task::hint));
  EXPECT_NE(cut.message.find("as long as a hint looks on a puzzle with rules"), std::string::npos) << cut.message;
  ASSERT_TRUE(cut.reveal);
  EXPECT_EQ(cut.reveal->second, verdict.solutions.at(0)[static_cast<std::size_t>(cut.reveal->first)]);
  EXPECT_EQ(killer.cells[static_cast<std::size_t>(cut.reveal->first)], 0);
  // With the verdict known first (as the server asks), the same.
  EXPECT_EQ(Session(brief).hint(Position{killer, std::nullopt}, verdict).stop, Stop::stuck);
  // No allowance: the search runs to the time limit, and finds the step.
  AnalysisOptions unbounded;
  unbounded.limits.hint_rules_time = 0;
  EXPECT_EQ(Session(unbounded).hint(Position{killer, std::nullopt}).stop, Stop::hint);
  // A classic puzzle is not cut short.
  const Puzzle classic = testing::parse_one("1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2.....");
  EXPECT_EQ(Session(brief).hint(Position{classic, std::nullopt}).stop, Stop::hint);
}

TEST(VariantLogic, EveryStepOnARuleNamesItsConstraintInTheJson) {
  // A front end highlights the rule a step reads from the step's "constraints".
  const auto run = testing::run_nonet("explain --format json " + testing::source_path("examples/killer.txt"));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto answer = nlohmann::json::parse(run.out.substr(0, run.out.find('\n')));
  const Puzzle killer = testing::load_puzzles(testing::source_path("examples/killer.txt")).at(0);
  int pointing = 0;
  for (const auto& step : answer.at("steps")) {
    if (!step.contains("constraints")) continue;
    for (const auto& index : step["constraints"]) {
      ASSERT_LT(index.get<std::size_t>(), killer.constraints.size()) << step.dump();
      // A killer step reads a cage holding at least one of the step's cells.
      const Constraint& cage = killer.constraints[index.get<std::size_t>()];
      bool shares = false;
      for (const auto& name : step["cells"])
        for (int cell : cage.cells) shares = shares || killer.geometry->cell_name(cell) == name.get<std::string>();
      EXPECT_TRUE(shares) << step.dump();
    }
    ++pointing;
  }
  EXPECT_GT(pointing, 0) << "no step named its cage";
}

TEST(VariantLogic, CliExplainsAKiller) {
  const auto run = testing::run_nonet("explain " + testing::source_path("examples/killer.txt"));
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("killer-cage"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("Rule combinations"), std::string::npos) << run.out;
  const auto rated = testing::run_nonet("rate " + testing::source_path("examples/killer.txt"));
  EXPECT_EQ(rated.exit_code, 0) << rated.err;
}

}  // namespace
}  // namespace nonet
