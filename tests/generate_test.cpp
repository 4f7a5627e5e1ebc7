// The generator: uniqueness, symmetry, minimality, difficulty steering,
// reproducibility across threads and shards, fairness of full grids, every
// variant; and the SVG renderer. Counts stay small so the file runs in a few
// seconds under the sanitizers.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <numeric>
#include <set>

#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"
#include "cli/ordered_runner.hpp"
#include "generate/basic_logic.hpp"
#include "generate/direct_logic.hpp"
#include "generate/singles.hpp"
#include "generate/unavoidable.hpp"

namespace nonet {
namespace {

std::shared_ptr<const Geometry> classic(int size) {
  const auto shape = Geometry::box_shape(size);
  return std::make_shared<const Geometry>(Geometry::classic(shape->first, shape->second));
}

int count_givens(const Grid& cells) {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](auto d) { return d != 0; }));
}

// The checks every generated puzzle must pass, whatever the options.
void expect_sound(const GeneratedPuzzle& made) {
  const Puzzle& puzzle = made.puzzle;
  const SolveResult result = solve(puzzle, SolveOptions{2, 1, false, 0});
  ASSERT_EQ(result.status, SolveStatus::unique) << to_line(*puzzle.geometry, puzzle.cells);
  EXPECT_EQ(result.solutions.front(), made.solution);
  EXPECT_TRUE(is_solution_of(puzzle, made.solution));
  EXPECT_EQ(made.givens, count_givens(puzzle.cells));
}

bool is_minimal(const Puzzle& puzzle) {
  for (int cell = 0; cell < puzzle.geometry->cell_count(); ++cell) {
    if (puzzle.cells[cell] == 0) continue;
    Puzzle fewer = puzzle;
    fewer.cells[cell] = 0;
    if (solve(fewer).status == SolveStatus::unique) return false;
  }
  return true;
}

// A jigsaw layout with a known solution grid, from the shared data when it is
// there (tests only; the CLI never reads it), else none.
std::optional<std::vector<int>> jigsaw_layout() {
  std::ifstream file(std::string(NONET_DATA_DIR) + "/variants/jigsaw/valid_layouts.txt");
  std::string line;
  if (!std::getline(file, line)) return std::nullopt;
  return parse_region_map(line);
}

TEST(GenerateSymmetry, OrbitsPartitionTheGrid) {
  const auto geometry = classic(9);
  EXPECT_EQ(symmetry_orbits(*geometry, Symmetry::none).size(), 81u);
  EXPECT_EQ(symmetry_orbits(*geometry, Symmetry::rot180).size(), 41u);
  EXPECT_EQ(symmetry_orbits(*geometry, Symmetry::rot90).size(), 21u);
  EXPECT_EQ(symmetry_orbits(*geometry, Symmetry::mirror).size(), 45u);
  EXPECT_EQ(symmetry_orbits(*geometry, Symmetry::diagonal).size(), 45u);
  EXPECT_EQ(symmetry_orbits(*geometry, Symmetry::dihedral).size(), 15u);
  for (const auto& name : symmetry_names()) {
    const auto orbits = symmetry_orbits(*geometry, *parse_symmetry(name));
    std::vector<int> seen;
    for (const auto& orbit : orbits) seen.insert(seen.end(), orbit.begin(), orbit.end());
    std::sort(seen.begin(), seen.end());
    EXPECT_EQ(seen.size(), 81u) << name;
    EXPECT_TRUE(std::adjacent_find(seen.begin(), seen.end()) == seen.end()) << name;
  }
}

TEST(GenerateSymmetry, MisfitIsAClearError) {
  const auto six = classic(6);  // 2×3 boxes: a quarter turn makes them 3×2
  EXPECT_FALSE(symmetry_misfit(*six, Symmetry::rot180));
  EXPECT_FALSE(symmetry_misfit(*six, Symmetry::mirror));
  ASSERT_TRUE(symmetry_misfit(*six, Symmetry::rot90));
  EXPECT_NE(symmetry_misfit(*six, Symmetry::rot90)->find("does not fit"), std::string::npos);
  GenerateOptions diagonal;
  diagonal.symmetry = Symmetry::diagonal;
  EXPECT_THROW(Generator(six, diagonal), GenerateError);
  const auto windoku = std::make_shared<const Geometry>(Geometry::windoku());
  EXPECT_FALSE(symmetry_misfit(*windoku, Symmetry::dihedral));
  if (auto layout = jigsaw_layout()) {
    const auto jigsaw = std::make_shared<const Geometry>(Geometry::jigsaw(9, *layout));
    EXPECT_TRUE(symmetry_misfit(*jigsaw, Symmetry::diagonal));
    EXPECT_FALSE(symmetry_misfit(*jigsaw, Symmetry::none));
  }
}

TEST(GenerateSymmetry, GivensPatternMapsOntoItself) {
  const auto geometry = classic(9);
  for (const auto& name : symmetry_names()) {
    GenerateOptions options;
    options.symmetry = *parse_symmetry(name);
    const Generator generator(geometry, options);
    for (std::uint64_t index = 0; index < 2; ++index) {
      const GeneratedPuzzle made = generator.puzzle(11, index);
      expect_sound(made);
      EXPECT_TRUE(has_symmetry(*geometry, made.puzzle.cells, options.symmetry)) << name;
    }
  }
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

TEST(GenerateDifficulty, HarderLevelsNeedTheRater) {
  GenerateOptions options;
  options.rating = find_level("expert")->range;
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

TEST(GenerateStream, SameSeedSameOutputWhateverTheThreads) {
  GenerateOptions options;
  options.symmetry = Symmetry::rot180;
  const Generator generator(classic(9), options);
  const auto make = [&](std::uint64_t index) {
    return to_line(generator.geometry(), generator.puzzle(77, index).puzzle.cells);
  };
  const auto run = [&](IndexRange range, unsigned jobs) {
    std::vector<std::string> lines;
    cli::for_each_ordered(range, jobs, make, [&](std::uint64_t index, std::string&& line) {
      EXPECT_EQ(index, range.begin + lines.size());
      lines.push_back(std::move(line));
    });
    return lines;
  };
  const auto one_thread = run({0, 12}, 1);
  EXPECT_EQ(run({0, 12}, 2), one_thread);
  EXPECT_EQ(run({0, 12}, 3), one_thread);
  // Shards are contiguous blocks, so concatenating them is the whole stream.
  std::vector<std::string> merged;
  for (std::uint64_t part = 0; part < 5; ++part) {
    const auto lines = run(shard_range(12, Shard{part, 5}), 2);
    merged.insert(merged.end(), lines.begin(), lines.end());
  }
  EXPECT_EQ(merged, one_thread);
  EXPECT_NE(to_line(generator.geometry(), generator.puzzle(78, 0).puzzle.cells), one_thread[0]);
}

// A generator keeps its carvers between puzzles; what one carved before must
// not change what it makes next (a fresh generator for each index is the
// reference), on every path the carver takes.
TEST(GenerateStream, ReusedCarversMakeWhatFreshOnesMake) {
  const auto windoku = std::make_shared<const Geometry>(Geometry::windoku());
  const Rater se = [](const Puzzle& puzzle, double max_rating) { return rate(puzzle, Scale::se, max_rating); };
  for (const auto& geometry : {classic(9), windoku, classic(6)}) {
    for (const char* level : {"any", "easy", "intermediate", "expert"}) {
      GenerateOptions options;
      if (std::string(level) != "any") options.rating = find_level(level)->range;
      options.rater = se;
      options.exact_rating = false;
      const Generator reused(geometry, options);
      for (std::uint64_t index = 0; index < 4; ++index) {
        const GeneratedPuzzle again = reused.puzzle(23, index);
        ASSERT_EQ(again.puzzle.cells, Generator(geometry, options).puzzle(23, index).puzzle.cells)
            << geometry->variant() << " " << geometry->size() << " " << level << " " << index;
      }
    }
  }
}

TEST(GenerateStream, ShardsTileTheStream) {
  for (std::uint64_t count : {0, 1, 7, 100}) {
    for (std::uint64_t parts : {1, 2, 3, 8}) {
      std::uint64_t next = 0;
      for (std::uint64_t part = 0; part < parts; ++part) {
        const IndexRange range = shard_range(count, Shard{part, parts});
        EXPECT_EQ(range.begin, next);
        next = range.end;
      }
      EXPECT_EQ(next, count);
    }
  }
  EXPECT_EQ(parse_shard("2/5").part, 2u);
  EXPECT_THROW(parse_shard("5/5"), GenerateError);
  EXPECT_THROW(parse_shard("1"), GenerateError);
}

TEST(GenerateStream, ErrorsReachTheCaller) {
  const auto fail_at_five = [](std::uint64_t index) -> std::string {
    if (index == 5) throw GenerateError("five");
    return std::to_string(index);
  };
  EXPECT_THROW(cli::for_each_ordered({0, 20}, 2, fail_at_five, [](std::uint64_t, std::string&&) {}), GenerateError);
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
    EXPECT_NE(std::string(error.what()).find("searches of 1 nodes"), std::string::npos) << error.what();
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
}

// The basic-techniques solver bounds SE ratings from above: whatever it
// solves under a ceiling, the rater (and Sudoku Explainer's published rating)
// keeps at or under it. On classic grids with the ceiling 3.9 it has every
// technique SE rates that low, so it solves exactly the puzzles rated ≤ 3.9.
TEST(GenerateBasicLogic, BoundsTheRatingFromAbove) {
  NONET_NEEDS_SHARED_DATA();
  std::ifstream in(NONET_DATA_DIR "/rated/cbg-000-se121.txt");
  ASSERT_TRUE(in) << "missing shared data";
  const auto geometry = classic(9);
  std::string line;
  int checked = 0, solved_at_39 = 0;
  for (int number = 0; std::getline(in, line) && checked < 400; ++number) {
    if (number % 25 != 0 || line.size() < 85) continue;
    const Puzzle puzzle = testing::parse_one(line.substr(0, 81));
    const double published = std::stod(line.substr(82));
    ++checked;
    for (double ceiling : {2.8, 3.4, 3.9, 4.4, 5.9}) {
      if (!solves_with_basic_logic(*geometry, puzzle.cells, ceiling)) {
        if (ceiling == 3.9) {
          EXPECT_GT(published, 3.9) << line;
        }
        continue;
      }
      solved_at_39 += ceiling == 3.9;
      EXPECT_LE(published, ceiling + 1e-9) << line << " solved under " << ceiling;
      EXPECT_LE(rate(puzzle, Scale::se).er, ceiling + 1e-9) << line << " solved under " << ceiling;
    }
  }
  EXPECT_GT(checked, 300);
  EXPECT_GT(solved_at_39, 50);
}

// The cells 0 .. count-1 in a random order: the order a test carves in.
std::vector<int> shuffled_cells(std::size_t count, std::mt19937_64& rng) {
  std::vector<int> order(count);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  return order;
}

// Singles and SE's direct techniques decide "SE rates it 2.5 or less" as the
// rater stopped at 2.5 does: on published puzzles of every rating, and along
// carvings (the positions around that edge) of four geometries.
TEST(GenerateDirectLogic, AnswersAsTheRaterStoppedAt25) {
  NONET_NEEDS_SHARED_DATA();
  const auto agree = [](const Puzzle& puzzle, int& easy, int& hard) {
    const bool direct = detail::DirectSolver(*puzzle.geometry).solves(puzzle.cells);
    ASSERT_EQ(direct, rate(puzzle, Scale::se, 2.5).solved) << to_line(*puzzle.geometry, puzzle.cells);
    (direct ? easy : hard) += 1;
  };
  int easy = 0, hard = 0;
  std::ifstream in(NONET_DATA_DIR "/rated/cbg-000-se121.txt");
  ASSERT_TRUE(in) << "missing shared data";
  std::string line;
  for (int number = 0; std::getline(in, line); ++number)
    if (number % 5 == 0 && line.size() >= 81) agree(testing::parse_one(line.substr(0, 81)), easy, hard);
  const auto jigsaw = std::make_shared<const Geometry>(Geometry::jigsaw(
      9, parse_region_map("111222233111222233114452333144455633444555666774556669777856699778888999778888999")));
  for (const auto& geometry : {classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
                               std::make_shared<const Geometry>(Geometry::windoku()), jigsaw})
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const Grid solution = random_full_grid(*geometry, seed);
      std::mt19937_64 rng(seed);
      Grid givens = solution;
      int removed = 0;
      for (int cell : shuffled_cells(solution.size(), rng)) {
        givens[cell] = 0;
        if (solve(Puzzle{geometry, givens, ""}).status != SolveStatus::unique) {
          givens[cell] = solution[cell];
          continue;
        }
        if (++removed >= 40 && removed % 3 == 0) agree(Puzzle{geometry, givens, ""}, easy, hard);
      }
    }
  EXPECT_GT(easy, 100);
  EXPECT_GT(hard, 100);
}

// The basic-logic solver skips searches whose houses, digits or
// intersections did not change since they last found nothing, and extend()
// and restore() carry that bookkeeping. Growing a minimal puzzle one given
// at a time with one reused solver (and stepping back with restore()) must
// give at every step the answer of a fresh solver that skips nothing.
// The bit-parallel closure on classic grids against the generic code: on
// every third published puzzle of cbg-000 and along carvings of random grids (the
// positions around SE 2.5, where the direct techniques decide).
TEST(GenerateDirectLogic, BitParallelAnswersAsTheGenericCode) {
  NONET_NEEDS_SHARED_DATA();
  const auto geometry = classic(9);
  detail::DirectSolver band(*geometry), generic(*geometry, false);
  int easy = 0, hard = 0;
  const auto agree = [&](const Grid& givens) {
    const bool answer = generic.solves(givens);
    ASSERT_EQ(band.solves(givens), answer) << to_line(*geometry, givens);
    (answer ? easy : hard) += 1;
  };
  std::ifstream in(NONET_DATA_DIR "/rated/cbg-000-se121.txt");
  ASSERT_TRUE(in) << "missing shared data";
  std::string line;
  for (int number = 0; std::getline(in, line); ++number)
    if (number % 3 == 0 && line.size() >= 81) agree(testing::parse_one(line.substr(0, 81)).cells);
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const Grid solution = random_full_grid(*geometry, seed);
    std::mt19937_64 rng(seed);
    Grid givens = solution;
    for (int cell : shuffled_cells(solution.size(), rng)) {
      givens[cell] = 0;
      if (solve(Puzzle{geometry, givens, ""}).status != SolveStatus::unique) givens[cell] = solution[cell];
      else agree(givens);
    }
  }
  EXPECT_GT(easy, 1000);
  EXPECT_GT(hard, 1000);
}

TEST(GenerateBasicLogic, ReusedSolverAgreesWithAFreshOne) {
  const std::vector<std::shared_ptr<const Geometry>> geometries = {
      classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
      std::make_shared<const Geometry>(Geometry::windoku()), classic(6)};
  int solved_before_full = 0;
  for (const auto& geometry : geometries) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const Grid solution = random_full_grid(*geometry, seed);
      std::mt19937_64 rng(seed);
      std::vector<int> order = shuffled_cells(solution.size(), rng);
      Grid givens = solution;
      for (int cell : order) {  // carve to a minimal puzzle
        givens[cell] = 0;
        if (solve(Puzzle{geometry, givens, ""}).status != SolveStatus::unique) givens[cell] = solution[cell];
      }
      for (double ceiling : {2.8, 3.0, 3.9, 4.4, 5.9}) {
        detail::BasicSolver reused(*geometry, ceiling);
        Grid grown = givens;
        bool answer = reused.solves(grown);
        detail::BasicSolver::Position saved;
        std::shuffle(order.begin(), order.end(), rng);
        for (int cell : order) {
          if (grown[cell] != 0) continue;
          // A detour: another cell added and taken back again.
          reused.save(saved);
          const int detour = order[(&cell - order.data() + 7) % order.size()];
          reused.extend(std::span<const int>(&detour, 1), solution);
          reused.restore(saved);
          grown[cell] = solution[cell];
          answer = reused.extend(std::span<const int>(&cell, 1), solution);
          ASSERT_EQ(answer, detail::BasicSolver(*geometry, ceiling, false).solves(grown))
              << geometry->variant() << " seed " << seed << " ceiling " << ceiling;
          if (answer) {
            solved_before_full += std::count(grown.begin(), grown.end(), 0) > 0;
            break;
          }
        }
      }
    }
  }
  EXPECT_GT(solved_before_full, 20);
}

// A solver with more techniques that goes on from where a weaker one stopped
// (the carver's floor, then its ceiling or prover) answers as it does from
// the givens, on minimal puzzles of four geometries.
TEST(GenerateBasicLogic, StrongerSolverResumesFromAWeakerOnesPosition) {
  const std::vector<std::shared_ptr<const Geometry>> geometries = {
      classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
      std::make_shared<const Geometry>(Geometry::windoku()), classic(6)};
  int weaker_failed = 0, stronger_solved = 0;
  for (const auto& geometry : geometries)
    for (std::uint64_t seed = 1; seed <= 25; ++seed) {
      const Grid solution = random_full_grid(*geometry, seed);
      std::mt19937_64 rng(seed);
      Grid givens = solution;
      for (int cell : shuffled_cells(solution.size(), rng)) {  // carve to a minimal puzzle
        givens[cell] = 0;
        if (solve(Puzzle{geometry, givens, ""}).status != SolveStatus::unique) givens[cell] = solution[cell];
      }
      for (const auto& [weak, strong] : std::vector<std::pair<double, double>>{{2.5, 3.9}, {3.9, 4.0}, {3.9, 5.9}}) {
        detail::BasicSolver weaker(*geometry, weak), stronger(*geometry, strong);
        if (weaker.solves(givens)) continue;
        ++weaker_failed;
        detail::BasicSolver::Position stopped;
        weaker.save(stopped);
        const bool answer = stronger.resume(stopped);
        ASSERT_EQ(answer, detail::BasicSolver(*geometry, strong).solves(givens))
            << geometry->variant() << " seed " << seed << " " << weak << " -> " << strong;
        stronger_solved += answer;
      }
    }
  EXPECT_GT(weaker_failed, 50);
  EXPECT_GT(stronger_solved, 10);
}

// The same on published puzzles, each solved from its givens.
TEST(GenerateBasicLogic, SkippingSearchesChangesNoAnswer) {
  NONET_NEEDS_SHARED_DATA();
  std::ifstream in(NONET_DATA_DIR "/rated/cbg-000-se121.txt");
  ASSERT_TRUE(in) << "missing shared data";
  const auto geometry = classic(9);
  std::vector<detail::BasicSolver> skipping, reference;
  const double ceilings[] = {2.8, 3.0, 3.4, 3.9, 4.4, 5.9};
  for (double ceiling : ceilings) {
    skipping.emplace_back(*geometry, ceiling);
    reference.emplace_back(*geometry, ceiling, false);
  }
  std::string line;
  int checked = 0;
  for (int number = 0; std::getline(in, line); ++number) {
    if (number % 4 != 0 || line.size() < 81) continue;
    const Puzzle puzzle = testing::parse_one(line.substr(0, 81));
    for (std::size_t i = 0; i < skipping.size(); ++i)
      ASSERT_EQ(skipping[i].solves(puzzle.cells), reference[i].solves(puzzle.cells))
          << line << " under " << ceilings[i];
    ++checked;
  }
  EXPECT_GT(checked, 2000);
}

}  // namespace
// Classic, diagonal, windoku and a jigsaw 9×9, then two more geometries.
static std::vector<std::shared_ptr<const Geometry>> nine_by_nine_variants_and(std::shared_ptr<const Geometry> first,
                                                                              std::shared_ptr<const Geometry> second) {
  const auto jigsaw = std::make_shared<const Geometry>(Geometry::jigsaw(
      9, parse_region_map("111222233111222233114452333144455633444555666774556669777856699778888999778888999")));
  return {classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
          std::make_shared<const Geometry>(Geometry::windoku()), jigsaw, std::move(first), std::move(second)};
}

// Every unavoidable set the carver counts on is one: with its cells emptied
// (every other cell given) the grid has a second solution, on every variant.
// And a removal that takes a set's last givens is flagged.
TEST(GenerateUnavoidableSets, EachSetAllowsASecondGrid) {
  const auto geometries = nine_by_nine_variants_and(classic(6), classic(16));
  for (const auto& geometry : geometries) {
    std::size_t found = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const Grid solution = random_full_grid(*geometry, seed);
      detail::UnavoidableSets sets(*geometry, solution);
      found += sets.size();
      for (std::size_t k = 0; k < sets.size(); ++k) {
        Grid givens = solution;
        for (int cell : sets.set(k)) givens[cell] = 0;
        const SolveResult result = solve(Puzzle{geometry, givens, ""});
        ASSERT_EQ(result.status, SolveStatus::multiple) << geometry->variant() << " seed " << seed << " set " << k;
        EXPECT_TRUE(sets.empties(sets.set(k)));
        const std::vector<int> all_but_one(sets.set(k).begin() + 1, sets.set(k).end());
        EXPECT_FALSE(sets.empties(all_but_one));
      }
    }
    EXPECT_GT(found, 0u) << geometry->variant();  // the common small ones do occur
  }
}

// Found the other way round: every deadly rectangle of a classic grid (two
// rows, two columns, two boxes, two digits that can trade places) is one of
// the 4-cell sets, and no 4-cell set is anything else.
TEST(GenerateUnavoidableSets, FourCellSetsAreTheDeadlyRectangles) {
  for (const auto& geometry : {classic(6), classic(9), classic(12)}) {
    const int n = geometry->size();
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const Grid grid = random_full_grid(*geometry, seed);
      std::set<std::vector<int>> rectangles, fours;
      for (int r1 = 0; r1 < n; ++r1)
        for (int r2 = r1 + 1; r2 < n; ++r2)
          for (int c1 = 0; c1 < n; ++c1)
            for (int c2 = c1 + 1; c2 < n; ++c2) {
              std::vector<int> cells = {r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2};
              std::set<int> boxes;
              for (int cell : cells)
                for (int house : geometry->houses_of(cell))
                  if (geometry->houses()[house].kind == HouseKind::box) boxes.insert(house);
              if (grid[cells[0]] == grid[cells[3]] && grid[cells[1]] == grid[cells[2]] && boxes.size() == 2)
                rectangles.insert(cells);
            }
      const detail::UnavoidableSets sets(*geometry, grid);
      for (std::size_t k = 0; k < sets.size(); ++k) {
        if (sets.set(k).size() != 4) continue;
        std::vector<int> cells(sets.set(k).begin(), sets.set(k).end());
        std::ranges::sort(cells);
        fours.insert(cells);
      }
      EXPECT_EQ(fours, rectangles) << n << "x" << n << " seed " << seed;
    }
  }
}

// The sets are found with shortcuts: lines of up to 16 cells walked as byte
// vectors, and on classic grids a swap judged by boxes alone. Without them
// (positions followed one by one, every swap checked house by house) the
// sets are the same, on every variant.
TEST(GenerateUnavoidableSets, ShortcutsFindWhatTheFullCheckFinds) {
  auto geometries = nine_by_nine_variants_and(classic(6), classic(16));
  geometries.push_back(classic(4));
  geometries.push_back(classic(12));
  for (const auto& geometry : geometries) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const Grid grid = random_full_grid(*geometry, seed);
      const detail::UnavoidableSets fast(*geometry, grid), checked(*geometry, grid, true);
      ASSERT_EQ(fast.size(), checked.size()) << geometry->variant() << " " << geometry->size() << " seed " << seed;
      for (std::size_t k = 0; k < fast.size(); ++k) EXPECT_TRUE(std::ranges::equal(fast.set(k), checked.set(k)));
    }
  }
}

// A carver rebuilds one UnavoidableSets for each new grid: rebuilt, it holds
// the sets a fresh one finds, in the same order, and counts from full givens.
TEST(GenerateUnavoidableSets, RebuiltSetsAreAFreshOnesSets) {
  for (const auto& geometry : nine_by_nine_variants_and(classic(6), classic(16))) {
    detail::UnavoidableSets reused(*geometry);
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      const Grid solution = random_full_grid(*geometry, seed);
      const detail::UnavoidableSets fresh(*geometry, solution);
      reused.build(solution);
      ASSERT_EQ(reused.size(), fresh.size()) << geometry->variant() << " seed " << seed;
      for (std::size_t k = 0; k < fresh.size(); ++k) {
        EXPECT_TRUE(std::ranges::equal(reused.set(k), fresh.set(k))) << geometry->variant() << " set " << k;
        EXPECT_TRUE(reused.empties(fresh.set(k)));
        EXPECT_FALSE(reused.empties(fresh.set(k).subspan(1))) << geometry->variant() << " set " << k;
      }
      if (fresh.size() > 0) reused.remove(fresh.set(0));  // spoils the counts the next build must reset
    }
  }
}

// One singles solver asked about many puzzles in turn (it keeps the house
// digits of the previous one and looks only at what changed) answers as a
// fresh one does, also across unrelated puzzles and givens that repeat a
// digit in a house.
TEST(GenerateSingles, ReusedSolverAnswersAsAFreshOne) {
  NONET_NEEDS_SHARED_DATA();
  const auto geometry = classic(9);
  std::ifstream in(NONET_DATA_DIR "/qqwing/easy.txt");
  ASSERT_TRUE(in) << "missing shared data";
  std::vector<Grid> inputs;
  std::string line;
  for (int count = 0; count < 40 && std::getline(in, line); ++count) {
    const Puzzle puzzle = testing::parse_one(line.substr(0, 81));
    inputs.push_back(puzzle.cells);
    Grid fewer = puzzle.cells;
    for (std::size_t cell = 0; cell < fewer.size(); cell += 7) fewer[cell] = 0;
    inputs.push_back(fewer);
  }
  Grid repeated = inputs.front();
  repeated[0] = repeated[1] = 5;  // 5 twice in row 1
  inputs.insert(inputs.begin() + 3, repeated);
  for (SinglesKind kind : {SinglesKind::hidden_only, SinglesKind::hidden_and_naked}) {
    detail::SinglesSolver reused(*geometry, kind);
    for (const Grid& givens : inputs) {
      detail::SinglesSolver fresh(*geometry, kind);
      ASSERT_EQ(reused.solves(givens), fresh.solves(givens)) << to_line(*geometry, givens);
    }
  }
}

// The bit-parallel singles (grids of up to 128 cells) answer as the generic
// code does, on every variant, along carvings from full grid to few givens.
TEST(GenerateSingles, BitParallelAnswersAsTheGenericCode) {
  const auto geometries = nine_by_nine_variants_and(classic(6), classic(4));
  int solved = 0, unsolved = 0, immediate = 0;
  for (const auto& geometry : geometries)
    for (SinglesKind kind : {SinglesKind::hidden_only, SinglesKind::hidden_and_naked}) {
      // The band engine on standard 9×9 grids, the 128-bit one elsewhere;
      // the 128-bit one is asked directly too, as it also fits 9×9.
      detail::SinglesSolver fast(*geometry, kind), generic(*geometry, kind, false);
      detail::SmallSingles small(*geometry, kind);
      for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        const Grid solution = random_full_grid(*geometry, seed);
        std::mt19937_64 rng(seed);
        const std::vector<int> order = shuffled_cells(solution.size(), rng);
        Grid givens = solution;
        for (std::size_t i = 0; i < order.size() * 3 / 4; ++i) {
          givens[order[i]] = 0;
          const std::span<const int> removed(&order[i], 1), last_two(&order[i > 0 ? i - 1 : 0], i > 0 ? 2 : 1);
          const bool answer = generic.solves(givens);
          ASSERT_EQ(fast.solves(givens), answer) << to_line(*geometry, givens);
          ASSERT_EQ(small.solves(givens), answer) << to_line(*geometry, givens);
          for (const auto targets : {removed, last_two}) {
            const bool derived = generic.derives(givens, targets);
            ASSERT_EQ(fast.derives(givens, targets), derived) << to_line(*geometry, givens);
            ASSERT_EQ(small.derives(givens, targets), derived) << to_line(*geometry, givens);
            const bool at_once = generic.immediate(givens, targets);
            ASSERT_EQ(fast.immediate(givens, targets), at_once) << to_line(*geometry, givens);
            immediate += at_once;
          }
          (answer ? solved : unsolved) += 1;
        }
      }
    }
  EXPECT_GT(solved, 500);
  EXPECT_GT(unsolved, 500);
  EXPECT_GT(immediate, 500);
}

}  // namespace nonet
