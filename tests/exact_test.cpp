// The generic exact engine (and solve(), whatever engine it picks): known
// answers and counts, every variant, and the shared puzzle sets.
#include <gtest/gtest.h>

#include <random>

#include "nonet/exact.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using testing::load_puzzles;
using testing::parse_one;
using testing::valid_solution;

const std::string kWikipedia = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kWikipediaSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

using Engine = SolveResult (*)(const Puzzle&, const SolveOptions&);

// An engine with its name: the test's name and gtest's messages say which
// (a bare function pointer prints as its address, different every run).
struct NamedEngine {
  const char* name;
  Engine run;
};
void PrintTo(const NamedEngine& engine, std::ostream* out) { *out << engine.name; }

class BothEngines : public ::testing::TestWithParam<NamedEngine> {};
INSTANTIATE_TEST_SUITE_P(Exact, BothEngines,
                         ::testing::Values(NamedEngine{"generic", &solve_generic}, NamedEngine{"chosen", &solve}),
                         [](const auto& info) { return std::string(info.param.name); });

TEST_P(BothEngines, KnownPuzzleHasKnownAnswer) {
  const Puzzle puzzle = parse_one(kWikipedia);
  const SolveResult result = GetParam().run(puzzle, {});
  EXPECT_EQ(result.status, SolveStatus::unique);
  EXPECT_EQ(result.count, 1u);
  ASSERT_EQ(result.solutions.size(), 1u);
  EXPECT_EQ(to_line(*puzzle.geometry, result.solutions[0]), kWikipediaSolution);
}

// Blanking the four cells of a unique rectangle (digits a b / b a across two
// boxes) of a solved grid leaves exactly two solutions; two such rectangles
// that share no row, column or box give four.
TEST_P(BothEngines, DeadlyPatternsGiveKnownCounts) {
  Puzzle puzzle = parse_one(kWikipediaSolution);
  // r1c1=5 r1c4=6 r3c1=1 r3c4=3? Find rectangles by search instead of by hand.
  const Geometry& g = *puzzle.geometry;
  std::vector<std::array<int, 4>> rectangles;
  for (int r1 = 0; r1 < 9; ++r1)
    for (int r2 = r1 + 1; r2 < 9 && r2 / 3 == r1 / 3; ++r2)
      for (int c1 = 0; c1 < 9; ++c1)
        for (int c2 = c1 + 1; c2 < 9; ++c2) {
          const auto& v = puzzle.cells;
          if (c1 / 3 != c2 / 3 && v[r1 * 9 + c1] == v[r2 * 9 + c2] && v[r1 * 9 + c2] == v[r2 * 9 + c1])
            rectangles.push_back({r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2});
        }
  ASSERT_FALSE(rectangles.empty());
  Puzzle one = puzzle;
  for (int cell : rectangles[0]) one.cells[cell] = 0;
  SolveOptions count_all{100, 100, false, 0};
  SolveResult result = GetParam().run(one, count_all);
  EXPECT_EQ(result.count, 2u);
  EXPECT_EQ(result.status, SolveStatus::multiple);
  for (const Grid& solution : result.solutions) EXPECT_TRUE(valid_solution(one, solution));
  EXPECT_NE(result.solutions[0], result.solutions[1]);
  (void)g;
}

TEST_P(BothEngines, InvalidAndUnsolvable) {
  std::string clash = kWikipedia;
  clash[2] = '5';
  SolveResult invalid = GetParam().run(parse_one(clash), {});
  EXPECT_EQ(invalid.status, SolveStatus::invalid);
  EXPECT_EQ(invalid.reason, "digit 5 twice in row 1 (r1c1, r1c3)");
  // Consistent givens that no grid completes: r1c3 can hold nothing.
  const std::string stuck = "12.......34.......56.......7.8......9..............................................";
  std::string unsolvable = std::string("12........") + std::string(71, '.');
  unsolvable[2] = '.';
  unsolvable[9 + 2] = '3';
  unsolvable[18 + 2] = '4';
  unsolvable[27 + 2] = '5';
  unsolvable[36 + 2] = '6';
  unsolvable[45 + 2] = '7';
  unsolvable[54 + 2] = '8';
  unsolvable[63 + 3] = '9';  // 9 in box 8 column 4, and…
  unsolvable[4] = '9';       // …9 in row 1: r1c3 has no candidate left
  (void)stuck;
  SolveResult none = GetParam().run(parse_one(unsolvable), {});
  EXPECT_EQ(none.status, SolveStatus::no_solution);
  EXPECT_EQ(none.count, 0u);
}

TEST(Exact, EmptyFourByFourHas288Solutions) {
  const Puzzle empty = parse_one(std::string(16, '.'));
  SolveOptions options{1000, 0, false, 0};
  EXPECT_EQ(solve(empty, options).count, 288u);
  options.count_limit = 10;
  EXPECT_EQ(solve(empty, options).count, 10u);
}

TEST(Exact, FirstSolutionOnlyReportsSolved) {
  SolveResult result = solve(parse_one(kWikipedia), SolveOptions{1, 1, false, 0});
  EXPECT_EQ(result.status, SolveStatus::solved);
}

TEST(Exact, RandomSolutionsAreValidReproducibleAndVaried) {
  for (const auto& [spec, size] : std::vector<std::pair<VariantSpec, int>>{
           {{"classic", 0, {}}, 9}, {{"diagonal", 0, {}}, 9}, {{"windoku", 0, {}}, 9}, {{"classic", 0, {}}, 6},
           {{"classic", 0, {}}, 16}, {{"diagonal", 0, {}}, 4}}) {
    ReadOptions options;
    options.variant = spec;
    const Puzzle empty = parse_one(std::string(size * size, '.'), options);
    SolveOptions random{1, 1, true, 42};
    const SolveResult a = solve(empty, random), b = solve(empty, random);
    ASSERT_EQ(a.solutions.size(), 1u) << spec.name << size;
    EXPECT_TRUE(valid_solution(empty, a.solutions[0]));
    EXPECT_EQ(a.solutions[0], b.solutions[0]);
    random.seed = 43;
    EXPECT_NE(solve(empty, random).solutions[0], a.solutions[0]) << spec.name << size;
  }
}

TEST(Exact, VariantsFromTheExamplesFolder) {
  struct Case {
    std::string file, variant, regions;
  };
  for (const Case& c : {Case{"classic.txt", "classic", ""}, Case{"diagonal.txt", "diagonal", ""},
                        Case{"windoku.txt", "windoku", ""}, Case{"six.txt", "classic", ""},
                        Case{"jigsaw.txt", "jigsaw", "jigsaw-regions.txt"}}) {
    ReadOptions options;
    options.variant.name = c.variant;
    if (!c.regions.empty())
      options.variant.regions = parse_region_map(testing::slurp(testing::source_path("examples/" + c.regions)));
    for (const Puzzle& puzzle : load_puzzles(testing::source_path("examples/" + c.file), 1, options)) {
      const SolveResult result = solve(puzzle);
      EXPECT_EQ(result.status, SolveStatus::unique) << c.file;
      ASSERT_FALSE(result.solutions.empty());
      EXPECT_TRUE(valid_solution(puzzle, result.solutions[0])) << c.file;
      // The same givens read as plain classic have more solutions.
      if (c.variant != "classic") {
        const Puzzle as_classic = testing::parse_one(to_line(*puzzle.geometry, puzzle.cells));
        EXPECT_NE(solve(as_classic).status, SolveStatus::unique) << c.file;
      }
    }
  }
}

TEST(Exact, JigsawLayoutsFromSharedDataAdmitASolution) {
  NONET_NEEDS_SHARED_DATA();
  const auto layouts = testing::load_jigsaw_layouts(25);
  ASSERT_EQ(layouts.size(), 25u);
  for (int i = 0; i < 25; ++i) {
    ReadOptions options;
    options.variant = VariantSpec{"jigsaw", 9, layouts[i]};
    const Puzzle empty = parse_one(std::string(81, '.'), options);
    const SolveResult result = solve(empty, SolveOptions{1, 1, true, static_cast<std::uint64_t>(i)});
    ASSERT_EQ(result.solutions.size(), 1u) << "layout " << i + 1;
    EXPECT_TRUE(valid_solution(empty, result.solutions[0]));
  }
}

TEST(Exact, TwentyFiveByTwentyFiveFromARandomGrid) {
  const Puzzle empty = parse_one(std::string(625, '.'));
  const SolveResult full = solve(empty, SolveOptions{1, 1, true, 7});
  ASSERT_EQ(full.solutions.size(), 1u);
  EXPECT_TRUE(valid_solution(empty, full.solutions[0]));
  Puzzle puzzle = empty;
  puzzle.cells = full.solutions[0];
  for (int cell = 0; cell < 625; cell += 4) puzzle.cells[cell] = 0;  // a quarter of the cells blank
  const SolveResult result = solve(puzzle);
  ASSERT_FALSE(result.solutions.empty());
  EXPECT_TRUE(valid_solution(puzzle, result.solutions[0]));
  if (result.status == SolveStatus::unique) {
    EXPECT_EQ(result.solutions[0], full.solutions[0]);
  }
}

// The forum's hardest 16×16 puzzles. Lines 1–5 took 10^5–10^6 search nodes
// (over 20 s each) before the search branched by conflict weights; now each of
// the 206 needs under 100,000 (at most 84,547, line 25). Node counts, not
// times: they are exact and the same on any machine.
TEST(Exact, SixteenBySixteenForumPuzzles) {
  NONET_NEEDS_SHARED_DATA();
  const auto puzzles = load_puzzles(testing::data_path("variants/16x16/puzzles_1g.txt"));
  ASSERT_EQ(puzzles.size(), 206u);
  for (int line : {1, 2, 3, 4, 5, 81, 91, 151, 171, 201}) {
    const Puzzle& puzzle = puzzles[line - 1];
    const SolveResult result = solve(puzzle);
    EXPECT_EQ(result.status, SolveStatus::unique) << "line " << line;
    EXPECT_LT(result.nodes, 20'000u) << "line " << line;
    ASSERT_FALSE(result.solutions.empty());
    EXPECT_TRUE(valid_solution(puzzle, result.solutions[0]));
  }
}

struct DataSet {
  std::string path;
  std::size_t every;
  SolveStatus expected;
};

// "qqwing/easy.txt, every 1st, unique": what gtest prints for the parameter
// (by default a dump of the struct's bytes, different every run).
void PrintTo(const DataSet& set, std::ostream* out) {
  *out << set.path << ", every " << set.every << ", " << to_string(set.expected);
}

class SharedData : public ::testing::TestWithParam<DataSet> {};

TEST_P(SharedData, EverySampledPuzzleSolvedAndChecked) {
  NONET_NEEDS_SHARED_DATA();
  const DataSet& set = GetParam();
  const auto puzzles = load_puzzles(testing::data_path(set.path), set.every);
  ASSERT_FALSE(puzzles.empty());
  for (const Puzzle& puzzle : puzzles) {
    const SolveResult result = solve_generic(puzzle, {});
    ASSERT_EQ(result.status, set.expected) << to_line(*puzzle.geometry, puzzle.cells);
    ASSERT_TRUE(valid_solution(puzzle, result.solutions.at(0)));
  }
}

// Samples keep the sanitizer run short; the benchmarks take the whole sets.
INSTANTIATE_TEST_SUITE_P(
    Exact, SharedData,
    ::testing::Values(DataSet{"tdoku/puzzles2_17_clue", 7, SolveStatus::unique},
                      DataSet{"tdoku/puzzles5_forum_hardest_1905_11+", 40, SolveStatus::unique},
                      DataSet{"tdoku/puzzles7_serg_benchmark", 5, SolveStatus::multiple},
                      DataSet{"qqwing/simple.txt", 1, SolveStatus::unique}, DataSet{"qqwing/easy.txt", 1, SolveStatus::unique},
                      DataSet{"qqwing/intermediate.txt", 1, SolveStatus::unique},
                      DataSet{"qqwing/expert.txt", 1, SolveStatus::unique},
                      DataSet{"rated/cbg-000-se121.txt", 5, SolveStatus::unique},
                      DataSet{"rated/sudoku-exchange-diabolical-se.txt", 10, SolveStatus::unique}),
    [](const auto& info) {
      std::string name = info.param.path;
      for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return name;
    });

}  // namespace
}  // namespace nonet

namespace nonet {
namespace {

// A search that cannot end in reasonable time (a jigsaw layout with no
// solution did) stops at the node limit and says so, keeping what it found.
TEST(Exact, NodeLimitStopsALongSearch) {
  const Puzzle empty = testing::parse_one(std::string(81, '.'));
  SolveOptions options{1000, 1000, false, 0};
  options.max_nodes = 50;
  const SolveResult result = solve_generic(empty, options);
  EXPECT_EQ(result.status, SolveStatus::gave_up);
  EXPECT_LE(result.nodes, 51u);
  EXPECT_LT(result.count, 1000u);
  for (const Grid& solution : result.solutions) EXPECT_TRUE(valid_solution(empty, solution));
}

// solve_into reuses the result it is given: solving puzzle after puzzle into
// one result gives, each time, exactly what solve() gives.
TEST(Exact, SolveIntoAReusedResultMatchesSolve) {
  const std::string clash = "55" + kWikipedia.substr(2);
  const std::vector<std::string> lines = {kWikipedia, std::string(81, '.'), clash, kWikipediaSolution, kWikipedia};
  for (const SolveOptions& options : {SolveOptions{}, SolveOptions{2, 0, false, 0}, SolveOptions{10, 3, false, 0}}) {
    SolveResult reused;
    for (const std::string& line : lines) {
      const Puzzle puzzle = parse_one(line);
      const SolveResult expected = solve(puzzle, options);
      solve_into(puzzle, options, reused);
      EXPECT_EQ(reused.status, expected.status) << line;
      EXPECT_EQ(reused.count, expected.count);
      EXPECT_EQ(reused.solutions, expected.solutions);
      EXPECT_EQ(reused.guesses, expected.guesses);
      EXPECT_EQ(reused.nodes, expected.nodes);
      EXPECT_EQ(reused.reason, expected.reason);
    }
  }
}

}  // namespace
// Pencil marks restrict the search (both engines read them): marks that keep the solution keep
// the answer, marks without the solution's digit in one cell leave none, and
// marks that pin a cell of an open puzzle narrow its solutions.
TEST(Exact, PencilMarksRestrictTheSearch) {
  const Puzzle puzzle = parse_one(kWikipedia);
  SolveOptions options;
  options.candidates.assign(81, all_digits(9));
  SolveResult result = solve(puzzle, options);
  EXPECT_EQ(result.status, SolveStatus::unique);
  EXPECT_EQ(to_line(*puzzle.geometry, result.solutions.front()), kWikipediaSolution);
  const int open = static_cast<int>(kWikipedia.find('.'));
  options.candidates[open] &= ~digit_bit(kWikipediaSolution[open] - '0');
  EXPECT_EQ(solve(puzzle, options).status, SolveStatus::no_solution);
  options.candidates[open] = 0;  // no digit at all
  EXPECT_EQ(solve(puzzle, options).status, SolveStatus::no_solution);
  EXPECT_EQ(solve_generic(puzzle, options).status, SolveStatus::no_solution);

  const Puzzle empty{puzzle.geometry, Grid(81, 0), ""};
  SolveOptions pinned;
  pinned.count_limit = 1000;
  pinned.candidates.assign(81, all_digits(9));
  for (int cell = 0; cell < 9; ++cell) pinned.candidates[cell] = digit_bit(cell + 1);  // row 1 is 1..9
  result = solve(empty, pinned);
  EXPECT_EQ(result.status, SolveStatus::multiple);
  for (const Grid& grid : result.solutions)
    for (int cell = 0; cell < 9; ++cell) EXPECT_EQ(grid[cell], cell + 1);
  pinned.candidates.pop_back();
  EXPECT_THROW(solve(empty, pinned), std::invalid_argument);
}

// The fast 9×9 engine takes pencil marks as excluded candidates: on random
// positions (a solved grid, some givens, marks keeping or not keeping the
// solution's digit, a given's own marks sometimes without it) it answers as
// the generic engine, every solution a grid of the marks and the givens.
TEST(Exact, BothEnginesReadPencilMarksAlike) {
  std::mt19937_64 rng(8812);
  const auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
  // A classic grid and a diagonal one (X-sudoku: the fast engine has both).
  const auto classic = parse_one(kWikipedia).geometry;
  const auto diagonal = std::make_shared<const Geometry>(Geometry::diagonal(3, 3));
  SolveOptions random;
  random.random = true;
  random.seed = 5;
  const Grid diagonal_solution = solve_generic(Puzzle{diagonal, Grid(81, 0), ""}, random).solutions.at(0);
  Grid classic_solution(81, 0);
  for (int cell = 0; cell < 81; ++cell) classic_solution[cell] = static_cast<std::uint8_t>(kWikipediaSolution[static_cast<std::size_t>(cell)] - '0');
  int unique = 0, several = 0, none = 0;
  for (int i = 0; i < 600; ++i) {
    const bool x = i % 4 == 3;
    const Grid& solution = x ? diagonal_solution : classic_solution;
    Puzzle puzzle{x ? diagonal : classic, Grid(81, 0), ""};
    SolveOptions options;
    options.count_limit = 2;
    options.keep = 2;
    options.candidates.assign(81, 0);
    const int givens = 10 + static_cast<int>(rng() % 25);
    for (int cell = 0; cell < 81; ++cell) {
      const int digit = solution[cell];
      if (chance(givens)) puzzle.cells[cell] = static_cast<std::uint8_t>(digit);
      Mask& marks = options.candidates[cell];
      if (!chance(i % 3 == 0 ? 2 : 0)) marks |= digit_bit(digit);
      for (int d = 1; d <= 9; ++d)
        if (chance(i % 2 ? 60 : 25)) marks |= digit_bit(d);
    }
    const SolveResult fast = solve(puzzle, options), generic = solve_generic(puzzle, options);
    ASSERT_EQ(fast.status, generic.status) << i;
    ASSERT_EQ(fast.count, generic.count) << i;
    for (const Grid& grid : fast.solutions) {
      EXPECT_TRUE(is_solution_of(puzzle, grid)) << i;
      for (int cell = 0; cell < 81; ++cell)
        if (puzzle.cells[cell] == 0) {
          EXPECT_TRUE(options.candidates[cell] & digit_bit(grid[cell])) << i;
        }
    }
    if (fast.status == SolveStatus::unique) {
      EXPECT_EQ(fast.solutions, generic.solutions) << i;
    }
    unique += fast.status == SolveStatus::unique;
    several += fast.status == SolveStatus::multiple;
    none += fast.status == SolveStatus::no_solution;
  }
  // The positions reach every verdict.
  EXPECT_GT(unique, 0);
  EXPECT_GT(several, 0);
  EXPECT_GT(none, 0);
}

// An empty 49×49 grid once kept the systematic search busy for ever (a
// corner with no solution); short random searches now find two solutions at
// once. Both are checked against every house.
TEST(Exact, LargeEmptyGridsAnswerQuickly) {
  const auto geometry = std::make_shared<const Geometry>(Geometry::classic(7, 7));
  const Puzzle empty{geometry, Grid(49 * 49, 0), ""};
  SolveOptions options;
  options.keep = 2;
  options.max_nodes = 2'000'000;
  const SolveResult result = solve(empty, options);
  ASSERT_EQ(result.status, SolveStatus::multiple);
  ASSERT_EQ(result.solutions.size(), 2u);
  EXPECT_NE(result.solutions[0], result.solutions[1]);
  for (const Grid& solution : result.solutions) EXPECT_TRUE(is_solution_of(empty, solution));
}

}  // namespace nonet
