// The technique table (src/logic/techniques.hpp): the ladders it gives, the
// tenths arithmetic, and the generator's technique sets read from it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "generate/closure.hpp"
#include "logic/techniques.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"

namespace {

using nonet::logic::Technique;

std::vector<std::pair<std::string, double>> ladder(nonet::Scale scale, bool extras = false) {
  std::vector<std::pair<std::string, double>> out;
  for (const auto& t : nonet::techniques(scale, extras)) out.emplace_back(t.name, t.rating);
  return out;
}

TEST(TechniqueTable, SudokuExplainerLadderInOrder) {
  const std::vector<std::pair<std::string, double>> se = {
      {"Full house", 1.0}, {"Hidden single (box)", 1.2}, {"Hidden single (line)", 1.5}, {"Direct pointing", 1.7},
      {"Direct claiming", 1.9}, {"Direct hidden pair", 2.0}, {"Naked single", 2.3}, {"Direct hidden triple", 2.5},
      {"Pointing", 2.6}, {"Claiming", 2.8}, {"Naked pair", 3.0}, {"X-Wing", 3.2}, {"Hidden pair", 3.4},
      {"Naked triple", 3.6}, {"Swordfish", 3.8}, {"Hidden triple", 4.0}, {"XY-Wing", 4.2}, {"XYZ-Wing", 4.4},
      {"Unique rectangle", 4.5}, {"Naked quad", 5.0}, {"Jellyfish", 5.2}, {"Hidden quad", 5.4}, {"BUG", 5.6},
      {"Aligned pair exclusion", 6.2}, {"Chains and forcing chains", 6.5}, {"Aligned triplet exclusion", 7.5},
      {"Nishio forcing chains", 7.5}, {"Cell/region forcing chains", 8.0}, {"Dynamic forcing chains", 8.5},
      {"Dynamic forcing chains (+)", 9.0}, {"Nested forcing chains (forcing chains)", 9.5},
      {"Nested forcing chains (cell/region forcing chains)", 10.0},
      {"Nested forcing chains (dynamic forcing chains)", 10.5},
      {"Nested forcing chains (dynamic forcing chains (+))", 11.0}};
  EXPECT_EQ(ladder(nonet::Scale::se), se);
}

TEST(TechniqueTable, SukakuLadderAddsItsPatternsAndWingsInItsOrder) {
  std::vector<std::string> names;
  for (const auto& [name, rating] : ladder(nonet::Scale::sukaku)) names.push_back(name);
  const auto at = [&](const std::string& name) { return std::find(names.begin(), names.end(), name) - names.begin(); };
  // SukakuExplainer tries its two-link patterns before the XY-Wing, the
  // 3-link chains before the WXYZ-Wing, the VWXYZ-Wing before aligned pairs.
  EXPECT_LT(at("Grouped 2-link chain"), at("XY-Wing"));
  EXPECT_LT(at("3-link X-chains"), at("WXYZ-Wing"));
  EXPECT_LT(at("VWXYZ-Wing"), at("Aligned pair exclusion"));
  EXPECT_EQ(names.size(), ladder(nonet::Scale::se).size() + 8);
  // The extras (no published scale) only with --extras.
  for (const char* extra : {"W-Wing", "UVWXYZ-Wing", "Simple colouring", "ALS-XZ"}) {
    EXPECT_EQ(at(extra), static_cast<long>(names.size())) << extra;
    bool listed = false;
    for (const auto& [name, rating] : ladder(nonet::Scale::se, true)) listed |= name == extra;
    EXPECT_TRUE(listed) << extra;
  }
}

TEST(TechniqueTable, RatingsAreTenths) {
  EXPECT_EQ(nonet::logic::rating_of(Technique::xy_wing), 42);
  EXPECT_DOUBLE_EQ(nonet::logic::step_rating(Technique::bug, 1), 5.7);
  EXPECT_EQ(nonet::logic::to_tenths(5.4 + 0.1 * 3), 57);
  // A user's limit need not be a tenth: 4.25 admits 4.2, not 4.3.
  EXPECT_EQ(nonet::logic::tenths_at_most(4.25), 42);
  EXPECT_EQ(nonet::logic::tenths_at_most(4.3), 43);
  EXPECT_EQ(nonet::logic::tenths_at_most(0.1 * 3), 3);
  // SE's chain bonus: a tenth each time the length passes 4, 6, 8, 12, 16, 24.
  const std::vector<std::pair<int, int>> bonus = {{4, 0}, {5, 1}, {6, 1}, {7, 2}, {8, 2}, {9, 3},
                                                  {12, 3}, {13, 4}, {16, 4}, {17, 5}, {24, 5}, {25, 6}};
  for (const auto& [length, tenths] : bonus) EXPECT_EQ(nonet::logic::chain_length_bonus_tenths(length), tenths);
}

TEST(TechniqueTable, GeneratorTechniqueSetsFollowTheTable) {
  using nonet::detail::Techniques;
  const Techniques below_pointing = Techniques::basic(25), intermediate = Techniques::basic(39),
                   expert = Techniques::basic(59);
  EXPECT_FALSE(below_pointing.intersections);
  EXPECT_EQ(below_pointing.naked_max + below_pointing.hidden_max + below_pointing.fish_max, 0);
  EXPECT_TRUE(intermediate.intersections);
  EXPECT_EQ(intermediate.naked_max, 3);   // naked triple 3.6
  EXPECT_EQ(intermediate.hidden_max, 2);  // hidden pair 3.4; hidden triple is 4.0
  EXPECT_EQ(intermediate.fish_max, 3);    // swordfish 3.8
  EXPECT_FALSE(intermediate.xy_wing);
  EXPECT_EQ(expert.naked_max, 4);
  EXPECT_EQ(expert.hidden_max, 4);
  EXPECT_EQ(expert.fish_max, 4);
  EXPECT_TRUE(expert.xy_wing && expert.xyz_wing);
}

TEST(TechniqueTable, LimitsBetweenTenthsActAsTheTenthBelow) {
  // A puzzle SE rates 3.0: a limit of 2.55 stops where 2.5 does, 3.05 finishes as 3.0 does.
  const auto puzzle = nonet::testing::parse_one(
      "12...67.9......12..............9....56....9..9.867..1.3..5....1.4..3...2.75..2.4.");
  EXPECT_DOUBLE_EQ(nonet::rate(puzzle, nonet::Scale::se).er, 3.0);
  const auto at_25 = nonet::rate(puzzle, nonet::Scale::se, 2.5);
  const auto at_255 = nonet::rate(puzzle, nonet::Scale::se, 2.55);
  EXPECT_FALSE(at_25.solved);
  EXPECT_EQ(at_25.solved, at_255.solved);
  EXPECT_EQ(at_25.er, at_255.er);
  EXPECT_TRUE(nonet::rate(puzzle, nonet::Scale::se, 3.05).solved);
  EXPECT_FALSE(nonet::rate(puzzle, nonet::Scale::se, 2.95).solved);
}

TEST(TechniqueTable, LimitsByNameIgnoreCaseSpacesHyphensAndUnderscores) {
  for (const char* name : {"X-Wing", "x-wing", "X wing", "x_wing", "XWING", "x - wing"})
    EXPECT_EQ(nonet::technique_limit(name, nonet::Scale::se), 3.2) << name;
  EXPECT_EQ(nonet::technique_limit("xy wing", nonet::Scale::se), 4.2);
  EXPECT_EQ(nonet::technique_limit("hidden single", nonet::Scale::se), 1.2);  // a prefix: the first it starts
  EXPECT_EQ(nonet::technique_limit("Naked_Pair", nonet::Scale::se), 3.0);
  EXPECT_EQ(nonet::technique_limit("4.2", nonet::Scale::se), 4.2);
  for (const char* nothing : {"-", " ", "_ -", "telepathy"})
    EXPECT_FALSE(nonet::technique_limit(nothing, nonet::Scale::se)) << "'" << nothing << "'";
}

}  // namespace
