// The generator: uniqueness, minimality, givens, difficulty steering and the
// levels, full grids from seeds (fair, varied, the same in every release),
// every variant. Counts stay small so the file runs in a few seconds under
// the sanitizers. Symmetry, the unavoidable sets, the ordered stream and the
// generator's own logic have files of their own (generate_*_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "generate_support.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using testing::classic;
using testing::count_givens;
using testing::expect_sound;
using testing::jigsaw_layout;

bool is_minimal(const Puzzle& puzzle) {
  for (int cell = 0; cell < puzzle.geometry->cell_count(); ++cell) {
    if (puzzle.cells[cell] == 0) continue;
    Puzzle fewer = puzzle;
    fewer.cells[cell] = 0;
    if (solve(fewer).status == SolveStatus::unique) return false;
  }
  return true;
}

TEST(GeneratePuzzle, EveryVariantIsUnique) {
  std::vector<std::shared_ptr<const Geometry>> geometries{
      classic(4), classic(6), classic(9), classic(16),
      std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
      std::make_shared<const Geometry>(Geometry::windoku())};
  if (auto layout = jigsaw_layout()) geometries.push_back(std::make_shared<const Geometry>(Geometry::jigsaw(9, *layout)));
  for (const auto& geometry : geometries) {
    GenerateOptions options;
    // Carving 16×16 down to minimal is slow for the generic engine (each late
    // uniqueness proof is a big search); stopping at 120 givens keeps the test fast.
    if (geometry->size() > 9) options.min_givens = 120;
    const Generator generator(geometry, options);
    const int count = geometry->size() > 9 ? 1 : 3;
    for (int index = 0; index < count; ++index) {
      SCOPED_TRACE(geometry->variant() + " " + std::to_string(geometry->size()));
      const GeneratedPuzzle made = generator.puzzle(5, index);
      expect_sound(made);
      EXPECT_EQ(made.puzzle.geometry, geometry);
    }
  }
  NONET_PART_NEEDS_SHARED_DATA("its jigsaw layout");
}

TEST(GeneratePuzzle, MinimalMeansNoGivenCanGo) {
  GenerateOptions options;
  options.minimal = true;
  const Generator generator(classic(9), options);
  for (std::uint64_t index = 0; index < 3; ++index) {
    const GeneratedPuzzle made = generator.puzzle(3, index);
    expect_sound(made);
    EXPECT_TRUE(is_minimal(made.puzzle));
  }
}

// The carver's uniqueness test asks the engines for a solution avoiding a
// removed given's digit (fast engine on 9×9, generic one elsewhere): a plain
// carving, one pass to uniqueness, is then minimal on every variant.
TEST(GeneratePuzzle, PlainCarvingIsMinimalOnEveryVariant) {
  std::vector<std::shared_ptr<const Geometry>> geometries{
      classic(4), classic(6), classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
      std::make_shared<const Geometry>(Geometry::windoku())};
  if (auto layout = jigsaw_layout()) geometries.push_back(std::make_shared<const Geometry>(Geometry::jigsaw(9, *layout)));
  for (const auto& geometry : geometries) {
    const Generator generator(geometry, GenerateOptions{});
    for (std::uint64_t index = 0; index < 3; ++index) {
      SCOPED_TRACE(geometry->variant() + " " + std::to_string(geometry->size()));
      const GeneratedPuzzle made = generator.puzzle(11, index);
      expect_sound(made);
      EXPECT_TRUE(is_minimal(made.puzzle));
    }
  }
  NONET_PART_NEEDS_SHARED_DATA("its jigsaw layout");
}

// Rated levels aimed from above put givens back; with --minimal they must not.
TEST(GeneratePuzzle, MinimalHoldsForLevelsAimedFromAbove) {
  GenerateOptions options;
  options.minimal = true;
  options.rating = find_level("expert")->range;
  options.rater = [](const Puzzle& puzzle, double max_rating) { return rate(puzzle, Scale::se, max_rating); };
  const Generator generator(classic(9), options);
  for (std::uint64_t index = 0; index < 2; ++index) {
    const GeneratedPuzzle made = generator.puzzle(3, index);
    expect_sound(made);
    EXPECT_TRUE(is_minimal(made.puzzle));
    EXPECT_TRUE(options.rating->contains(rate(made.puzzle, Scale::se).er));
  }
}

TEST(GeneratePuzzle, MinimalUnderSymmetryMeansNoOrbitCanGo) {
  GenerateOptions options;
  options.minimal = true;
  options.symmetry = Symmetry::rot180;
  options.min_givens = 26;  // forces carving to stop short, so --minimal must reject and retry
  const auto geometry = classic(9);
  const Generator generator(geometry, options);
  const GeneratedPuzzle made = generator.puzzle(4, 0);
  expect_sound(made);
  for (const auto& orbit : symmetry_orbits(*geometry, Symmetry::rot180)) {
    if (made.puzzle.cells[orbit.front()] == 0) continue;
    Puzzle fewer = made.puzzle;
    for (int cell : orbit) fewer.cells[cell] = 0;
    EXPECT_NE(solve(fewer).status, SolveStatus::unique);
  }
}

TEST(GeneratePuzzle, GivensRangeIsKept) {
  GenerateOptions options;
  options.min_givens = 30;
  options.max_givens = 32;
  const Generator generator(classic(9), options);
  for (std::uint64_t index = 0; index < 4; ++index) {
    const GeneratedPuzzle made = generator.puzzle(9, index);
    expect_sound(made);
    EXPECT_GE(made.givens, 30);
    EXPECT_LE(made.givens, 32);
  }
  options.min_givens = 40;
  options.max_givens = 30;
  EXPECT_THROW(Generator(classic(9), options), GenerateError);
}

TEST(GenerateDifficulty, SimpleNeedsOnlyHiddenSingles) {
  GenerateOptions options;
  options.rating = find_level("simple")->range;
  const auto geometry = classic(9);
  const Generator generator(geometry, options);  // no rater: singles decide this level
  for (std::uint64_t index = 0; index < 5; ++index) {
    const GeneratedPuzzle made = generator.puzzle(21, index);
    expect_sound(made);
    EXPECT_TRUE(solves_with_singles(*geometry, made.puzzle.cells, SinglesKind::hidden_only));
  }
}

TEST(GenerateDifficulty, EasyNeedsNakedSingles) {
  GenerateOptions options;
  options.rating = find_level("easy")->range;
  const auto geometry = classic(9);
  const Generator generator(geometry, options);
  for (std::uint64_t index = 0; index < 5; ++index) {
    const GeneratedPuzzle made = generator.puzzle(22, index);
    expect_sound(made);
    EXPECT_TRUE(solves_with_singles(*geometry, made.puzzle.cells, SinglesKind::hidden_and_naked));
    EXPECT_FALSE(solves_with_singles(*geometry, made.puzzle.cells, SinglesKind::hidden_only));
  }
}

// Every 4×4 puzzle falls to singles: asking for a harder level must say that
// the grid cannot reach it, not send the user to --givens.
TEST(GenerateDifficulty, ALevelTheGridCannotReachIsNamedInTheError) {
  for (const char* level : {"easy", "expert"}) {
    GenerateOptions options;
    options.rating = find_level(level)->range;
    options.max_attempts = 200;
    try {
      Generator(classic(4), options).puzzle(1, 0);
      ADD_FAILURE() << level << ": expected GenerateError";
    } catch (const GenerateError& error) {
      const std::string why = error.what();
      EXPECT_NE(why.find("every puzzle carved rated below SE"), std::string::npos) << why;
      EXPECT_NE(why.find("4x4 classic grid may not reach it"), std::string::npos) << why;
    }
  }
  // Misses of both kinds (a range of singles only and a ceiling): the general advice.
  GenerateOptions options;
  options.rating = RatingRange{2.0, 2.1};
  options.max_givens = 1;
  options.max_attempts = 20;
  try {
    Generator(classic(9), options).puzzle(1, 0);
    ADD_FAILURE() << "expected GenerateError";
  } catch (const GenerateError& error) {
    EXPECT_NE(std::string(error.what()).find("widen --givens"), std::string::npos) << error.what();
  }
}

// The SE rater is the default; a caller that takes it away can only ask for
// the ranges singles decide.
TEST(GenerateDifficulty, HarderLevelsNeedTheRater) {
  GenerateOptions options;
  EXPECT_TRUE(options.rater);
  options.rating = find_level("expert")->range;
  EXPECT_NO_THROW(Generator(classic(9), options));
  options.rater = nullptr;
  EXPECT_THROW(Generator(classic(9), options), GenerateError);
}

TEST(GenerateDifficulty, RaterSteersHardLevels) {
  // A stand-in rater (the real one is tested where it lives): "hard" means
  // singles cannot finish, so the carver must reject the singles-solvable.
  GenerateOptions options;
  options.rating = RatingRange{3.0, 9.0};
  options.rater = [](const Puzzle& puzzle, double) {
    const bool singles = solves_with_singles(*puzzle.geometry, puzzle.cells, SinglesKind::hidden_and_naked);
    return Rating{singles ? 2.0 : 5.0, 0, 0, "stand-in", true};
  };
  const auto geometry = classic(9);
  const Generator generator(geometry, options);
  const GeneratedPuzzle made = generator.puzzle(1, 0);
  expect_sound(made);
  ASSERT_TRUE(made.rating);
  EXPECT_DOUBLE_EQ(made.rating->er, 5.0);
  EXPECT_FALSE(solves_with_singles(*geometry, made.puzzle.cells, SinglesKind::hidden_and_naked));
}

TEST(GenerateDifficulty, RaterGetsTheTopOfTheRangeAsCeiling) {
  // Ranges below 6 are carved with the basic techniques and rated with the
  // range's top as a ceiling; this stand-in records what it was asked.
  GenerateOptions options;
  options.rating = find_level("intermediate")->range;
  std::vector<double> ceilings;
  options.rater = [&ceilings](const Puzzle& puzzle, double max_rating) {
    ceilings.push_back(max_rating);
    const bool singles = solves_with_singles(*puzzle.geometry, puzzle.cells, SinglesKind::hidden_and_naked);
    return Rating{singles ? 2.0 : 3.0, 0, 0, "stand-in", true};
  };
  const auto geometry = classic(9);
  const GeneratedPuzzle made = Generator(geometry, options).puzzle(8, 0);
  expect_sound(made);
  ASSERT_TRUE(made.rating);
  EXPECT_DOUBLE_EQ(made.rating->er, 3.0);
  ASSERT_FALSE(ceilings.empty());
  for (double ceiling : ceilings) EXPECT_DOUBLE_EQ(ceiling, 3.9);
  EXPECT_FALSE(solves_with_singles(*geometry, made.puzzle.cells, SinglesKind::hidden_and_naked));
}

// The levels against the real SE rater: the two the generator decides with
// singles alone, and one it reaches by rating.
TEST(GenerateDifficulty, LevelsHitTheirRangeWithTheRealRater) {
  const Rater se = [](const Puzzle& puzzle, double max_rating) { return rate(puzzle, Scale::se, max_rating); };
  for (const char* name : {"simple", "easy", "intermediate", "expert"}) {
    GenerateOptions options;
    options.rating = find_level(name)->range;
    options.rater = se;
    const Generator generator(classic(9), options);
    const int count = 3;
    for (int index = 0; index < count; ++index) {
      const GeneratedPuzzle made = generator.puzzle(31, index);
      expect_sound(made);
      const Rating rating = rate(made.puzzle, Scale::se);
      EXPECT_TRUE(rating.solved) << name;
      EXPECT_TRUE(options.rating->contains(rating.er))
          << name << ": " << to_line(*made.puzzle.geometry, made.puzzle.cells) << " rated " << rating.er;
    }
  }
}

// Without exact ratings, a puzzle whose rating the basic techniques and the
// rater stopped below the range place inside it is kept unrated: the same
// puzzles as with full ratings (on classic and windoku grids, for the two
// levels reached from above), and each full rating lies in the level.
TEST(GenerateDifficulty, ProvenLevelsNeedNoFullRating) {
  const auto windoku = std::make_shared<const Geometry>(Geometry::windoku());
  for (const auto& geometry : {classic(9), windoku}) {
    for (const char* level : {"intermediate", "expert"}) {
      GenerateOptions options;
      options.rating = find_level(level)->range;
      options.rater = [](const Puzzle& puzzle, double max_rating) { return rate(puzzle, Scale::se, max_rating); };
      const Generator rated(geometry, options);
      options.exact_rating = false;
      const Generator proven(geometry, options);
      int unrated = 0;
      for (int index = 0; index < 6; ++index) {
        const GeneratedPuzzle with_rater = rated.puzzle(17, index);
        const GeneratedPuzzle without = proven.puzzle(17, index);
        ASSERT_EQ(with_rater.puzzle.cells, without.puzzle.cells) << geometry->variant() << " " << level << " " << index;
        ASSERT_TRUE(with_rater.rating.has_value());
        EXPECT_TRUE(options.rating->contains(with_rater.rating->er)) << with_rater.rating->er;
        unrated += !without.rating.has_value();
      }
      EXPECT_GT(unrated, 3) << geometry->variant() << " " << level;  // most are kept without the full rating
    }
  }
}

TEST(GenerateDifficulty, LevelsAndRanges) {
  double previous_max = 0;
  for (const auto& level : difficulty_levels()) {
    EXPECT_GT(level.range.min, previous_max) << level.name;
    EXPECT_LT(level.range.min, level.range.max) << level.name;
    previous_max = level.range.max;
  }
  EXPECT_EQ(find_level("intermediate")->range.min, 2.6);
  const RatingRange range = parse_rating_range("2.6-3.9");
  EXPECT_DOUBLE_EQ(range.min, 2.6);
  EXPECT_DOUBLE_EQ(range.max, 3.9);
  EXPECT_DOUBLE_EQ(parse_rating_range("8-").min, 8.0);
  EXPECT_DOUBLE_EQ(parse_rating_range("7.2").max, 7.2);
  EXPECT_THROW(parse_rating_range("5-2"), GenerateError);
  EXPECT_THROW(parse_rating_range("hard"), GenerateError);
}

// The levels come from the technique table (src/generate/difficulty.cpp), but
// their ranges must not move: the carving plan and every generated stream
// depend on them.
TEST(GenerateDifficulty, LevelsKeepTheirRangesAndShareOutSEsLadder) {
  const std::vector<std::tuple<std::string, double, double>> pinned = {
      {"simple", 1.0, 1.5}, {"easy", 1.6, 2.5},   {"intermediate", 2.6, 3.9},
      {"expert", 4.0, 5.9}, {"master", 6.0, 7.9}, {"extreme", 8.0, 12.0}};
  std::vector<std::tuple<std::string, double, double>> levels;
  for (const auto& level : difficulty_levels()) levels.emplace_back(level.name, level.range.min, level.range.max);
  EXPECT_EQ(levels, pinned);  // exact doubles: the ranges are the literals they were
  // Every technique of SE's ladder lies in one level, which names it.
  for (const TechniqueInfo& technique : techniques(Scale::se)) {
    std::vector<std::string> holding;
    for (const auto& level : difficulty_levels())
      if (level.range.contains(technique.rating)) holding.push_back(level.name);
    ASSERT_EQ(holding.size(), 1u) << technique.name;
    // Its list: "a, b, c", the last item perhaps followed by a note in brackets.
    const std::string list = find_level(holding[0])->techniques;
    bool named = false;
    for (std::size_t from = 0; from <= list.size();) {
      const std::size_t comma = std::min(list.find(", ", from), list.size());
      const std::string item = list.substr(from, comma - from);
      named |= item == technique.name || item.starts_with(technique.name + " (rare");
      from = comma + 2;
    }
    EXPECT_TRUE(named) << technique.name << " in " << holding[0] << ": " << list;
  }
  EXPECT_EQ(find_level("simple")->techniques, "Full house, Hidden single (box), Hidden single (line)");
}

// The same seed gives the same grid in every release: these were made before
// the fast engine's choice of branching cell was rewritten bit-parallel (the
// first cell with the fewest candidates), which must not change any grid.
TEST(GenerateFullGrid, SeedsKeepTheirGrids) {
  const auto grid_of = [](const Geometry& geometry, std::uint64_t index) {
    std::string line;
    for (int digit : random_full_grid(geometry, stream_seed(2026, index))) line += static_cast<char>('0' + digit);
    return line;
  };
  const Geometry classic9 = Geometry::classic(3, 3), diagonal9 = Geometry::diagonal(3, 3);
  EXPECT_EQ(grid_of(classic9, 0), "149623758327485691586917432672359814451278369938164275815746923794532186263891547");
  EXPECT_EQ(grid_of(classic9, 2), "357249186214586937986317245741653892598724361632891574175438629869172453423965718");
  EXPECT_EQ(grid_of(diagonal9, 1), "247938561639145782851627934476583219195462378382719456764251893928376145513894627");
}

// Chi-square of the digit counts in every cell against "each digit 1/N":
// a biased generator (no relabelling: the first row would be 1 2 3 4…) fails by
// orders of magnitude. The seed is fixed, so the test is deterministic.
double chi_square_over_cells(const Geometry& geometry, int grids, std::uint64_t seed) {
  const int size = geometry.size(), cells = geometry.cell_count();
  std::vector<int> counts(cells * size, 0);
  for (int g = 0; g < grids; ++g) {
    const Grid grid = random_full_grid(geometry, stream_seed(seed, g));
    EXPECT_FALSE(find_conflict(geometry, grid));
    for (int cell = 0; cell < cells; ++cell) ++counts[cell * size + grid[cell] - 1];
  }
  const double expected = static_cast<double>(grids) / size;
  double chi = 0;
  for (int count : counts) chi += (count - expected) * (count - expected) / expected;
  return chi;
}

TEST(GenerateFullGrid, DigitsAreFairInEveryCell) {
  // 4×4: 16 cells × 3 degrees of freedom = 48; P(chi² > 90) ≈ 2e-4.
  EXPECT_LT(chi_square_over_cells(*classic(4), 4000, 1), 90.0);
  // 9×9: 81 × 8 = 648 degrees of freedom; mean 648, sd 36; 800 is ~4.2 sd.
  EXPECT_LT(chi_square_over_cells(*classic(9), 360, 2), 800.0);
}

// A layout whose lack of a full grid propagation cannot show must not hang
// the generator: each search has a node budget, and the error says so.
TEST(GenerateFullGrid, SearchBudgetEndsWithAClearError) {
  const auto geometry = classic(16);
  try {
    random_full_grid(*geometry, 1, 1);
    FAIL() << "expected GenerateError";
  } catch (const GenerateError& error) {
    EXPECT_NE(std::string(error.what()).find("in 4 nodes of random searches"), std::string::npos) << error.what();
  }
  EXPECT_EQ(random_full_grid(*geometry, 1).size(), 256u);  // the default budget is ample
}

// Two regions that trade a cell force r1c9 = r2c9, in one column: no grid.
TEST(GenerateFullGrid, ImpossibleJigsawIsRefused) {
  const auto jigsaw = std::make_shared<const Geometry>(Geometry::jigsaw(
      9, parse_region_map("111111112222222221333333333444444444555555555666666666777777777888888888999999999")));
  EXPECT_THROW(random_full_grid(*jigsaw, 1), GenerateError);
}

// 9×9 classic and diagonal grids come from random seeds completed by the
// fast engine: fair like the others, and varied beyond the relabelling (the
// grids with their first row relabelled to 1..9 hardly ever repeat).
TEST(GenerateFullGrid, SeededNineByNineGridsAreFairAndVaried) {
  const Geometry diagonal = Geometry::diagonal(3, 3);
  EXPECT_LT(chi_square_over_cells(diagonal, 360, 3), 800.0);
  const auto nine = classic(9);
  for (const Geometry* geometry : {nine.get(), &diagonal}) {
    std::set<std::string> shapes;
    for (int g = 0; g < 2000; ++g) {
      Grid grid = random_full_grid(*geometry, stream_seed(4, g));
      ASSERT_FALSE(find_conflict(*geometry, grid));
      std::array<std::uint8_t, 10> label{};
      for (int column = 0; column < 9; ++column) label[grid[column]] = static_cast<std::uint8_t>(column + 1);
      for (auto& digit : grid) digit = label[digit];
      shapes.insert(std::string(grid.begin(), grid.end()));
    }
    EXPECT_GE(shapes.size(), 1990u) << geometry->variant();
  }
}

TEST(GenerateFullGrid, EveryVariantGivesValidGrids) {
  EXPECT_FALSE(find_conflict(*classic(16), random_full_grid(*classic(16), 3)));
  const Geometry diagonal = Geometry::diagonal(3, 3), windoku = Geometry::windoku();
  EXPECT_FALSE(find_conflict(diagonal, random_full_grid(diagonal, 4)));
  EXPECT_FALSE(find_conflict(windoku, random_full_grid(windoku, 5)));
  EXPECT_EQ(random_full_grid(windoku, 5), random_full_grid(windoku, 5));
  EXPECT_NE(random_full_grid(windoku, 5), random_full_grid(windoku, 6));
  // Nine windows on 16×16: a random search is lost for millions of nodes
  // from some seeds (5 was), and restarts find a grid.
  const Geometry windoku16 = Geometry::windoku(4, 4);
  for (std::uint64_t seed : {5, 6}) EXPECT_FALSE(find_conflict(windoku16, random_full_grid(windoku16, seed)));
}

// A generator stops on time too, as an exact search does (exact_time_limit_test.cpp).
double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(TimeLimit, AGeneratorThatCannotMeetItsOptionsInTimeThrowsGenerateTimeout) {
  GenerateOptions options;
  // A rater no puzzle satisfies: every carving is refused until time is up.
  options.rating = RatingRange{6.0, 7.0};
  options.rater = [](const Puzzle&, double) {
    Rating easy;
    easy.er = easy.ep = easy.ed = 1.2;
    easy.solved = true;
    return easy;
  };
  options.time_limit = 0.3;
  options.max_attempts = 1'000'000;
  const Generator generator(make_geometry({}, 9), options);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(generator.puzzle(1, 0), GenerateTimeout);
  EXPECT_LT(seconds_since(start), 10.0);
}

}  // namespace
}  // namespace nonet
