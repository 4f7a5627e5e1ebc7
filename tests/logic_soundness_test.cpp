// Soundness of every technique: after every step of a sample of real puzzles
// (both rated sets, 16×16, jigsaw and diagonal), the known solution still
// fits every remaining candidate and every placed digit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "logic/internal.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"

namespace {

std::vector<nonet::Puzzle> sample(const std::string& path, int every, int limit, nonet::ReadOptions options = {}) {
  return nonet::testing::load_puzzles(path, static_cast<std::size_t>(every), options, static_cast<std::size_t>(limit));
}

// The first `count` jigsaw layouts of the shared data, none where it is absent.
std::vector<std::vector<int>> jigsaw_layouts(std::size_t count) {
  if (!nonet::testing::shared_data_present()) return {};
  return nonet::testing::load_jigsaw_layouts(count);
}

// Steps the puzzle with every technique (extras on), checking each step; from
// `start` (a position of the puzzle) where given, for at most `steps` steps.
void check_sound(const nonet::Puzzle& puzzle, nonet::Scale scale, bool extras, double max_rating = 0,
                 const std::optional<nonet::CandidateGrid>& start = std::nullopt, int steps = 1000,
                 std::vector<std::string>* techniques = nullptr) {
  auto solved = nonet::solve(puzzle);
  ASSERT_EQ(solved.status, nonet::SolveStatus::unique);
  const nonet::Grid& solution = solved.solutions[0];
  nonet::CandidateGrid grid = start ? *start : nonet::CandidateGrid(puzzle);
  nonet::LogicOptions options;
  options.scale = scale;
  options.extras = extras;
  options.max_rating = max_rating;
  const auto& geo = grid.geometry();
  for (int guard = 0; guard < steps && !grid.solved(); ++guard) {
    auto step = nonet::next_step(grid, options);
    if (!step) break;
    if (techniques) techniques->push_back(step->technique);
    for (const auto& e : step->eliminations)
      ASSERT_NE(solution[e.cell], e.digit) << "unsound: " << nonet::to_text(geo, *step) << "\n"
                                           << grid.to_pencil_marks();
    for (const auto& p : step->placements)
      ASSERT_EQ(solution[p.cell], p.digit) << "unsound: " << nonet::to_text(geo, *step) << "\n"
                                           << grid.to_pencil_marks();
    ASSERT_FALSE(step->eliminations.empty() && step->placements.empty()) << nonet::to_text(geo, *step);
    grid.apply(*step);
    for (int c = 0; c < geo.cell_count(); ++c) {
      if (grid.value(c)) ASSERT_EQ(grid.value(c), solution[c]);
      else ASSERT_TRUE(grid.has(c, solution[c]));
    }
  }
}

TEST(LogicSoundness, ClassicSe121Sample) {
  NONET_NEEDS_SHARED_DATA();
  for (const auto& p : sample(NONET_DATA_DIR "/rated/cbg-000-se121.txt", 211, 60))
    check_sound(p, nonet::Scale::se, false);
}

TEST(LogicSoundness, SukakuSampleWithExtras) {
  NONET_NEEDS_SHARED_DATA();
  for (const auto& p : sample(NONET_DATA_DIR "/rated/sudoku-exchange-diabolical-se.txt", 397, 35))
    check_sound(p, nonet::Scale::sukaku, true);
}

// Puzzles SE rates 8.0 and up: cell, region and dynamic forcing chains.
TEST(LogicSoundness, ForcingChainSample) {
  NONET_NEEDS_SHARED_DATA();
  int taken = 0;
  for (const auto& p : sample(NONET_DATA_DIR "/rated/cbg-000-se121.txt", 7, 2000)) {
    if (std::atof(p.comment.c_str()) < 8.0) continue;
    check_sound(p, nonet::Scale::se, false);
    if (++taken == 4) break;
  }
  EXPECT_EQ(taken, 4);
}

// The forum's hardest puzzles, up to where they need SE's dynamic forcing
// chains (+) (9.0+; whole solves take seconds to minutes: see the next test).
TEST(LogicSoundness, HardestSample) {
  NONET_NEEDS_SHARED_DATA();
  for (const auto& p : sample(NONET_DATA_DIR "/tdoku/puzzles5_forum_hardest_1905_11+", 4001, 3))
    check_sound(p, nonet::Scale::se, true, 8.9);
}

// Positions of forum-hardest puzzles (the 41st and the 1st of the file) where
// the next step is a dynamic forcing chain (+) (9.0+), or a nested forcing
// chain (9.5+). The (+) position goes through the solver (two steps); the
// nested levels 2, 3 and 4 are searched for their first step only (a full
// nested search takes seconds, minutes under the sanitizers).
TEST(LogicSoundness, DynamicPlusAndNestedForcingChains) {
  const char* const puzzle41 = "98.7..6..5...9..7...7..4...4...3.2....59...8......1..31...8...7.2....5....94...6.";
  const char* const puzzle1 = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
  auto position = nonet::parse_candidates(
      "........9.......8.1234...........7..12..5.....23.5.........6...12345....12.45........5....1.34.6...1234.6...123..6.8.........9.23..6.8.1..4...8.......7..12.4...8..23..6...1.3..6.........7..123.56.8.12..56......4.....1.3....89123.5...912..5..89...4.....1....67.91....6.8.....56.8...3..........5678..2.......1...5...91...56..9.23..6...1.3..67......5............9.2.4.67...2...67..1..4..7.........8.1..4.6....2...678......67.9.2...6.8..2..56.8..2.4567..1...........4..7.9...45...9..3......1..........3456.....34.6....23.56..........8..23.56..9..34....9.234....9......7....3..678..2.........34.6.8.1.3..6...1....67....3..67.9....5....1.34....91..4...89..3...78...3.5.7..........9...4.....12..5.7...23.5.7..1.3....8......6...12.....8.");
  ASSERT_TRUE(position);
  std::vector<std::string> seen;
  check_sound(*nonet::read_all(puzzle41)[0].puzzle, nonet::Scale::se, false, 0, *position, 2, &seen);
  ASSERT_FALSE(seen.empty());
  EXPECT_NE(seen[0].find("(+)"), std::string::npos) << seen[0];

  const nonet::Grid solution = nonet::solve(*nonet::read_all(puzzle1)[0].puzzle).solutions.at(0);
  const std::pair<int, const char*> nested[] = {
      {2, "........9.......8.1..4...........7..1.3.5....123...........6...12.45.....2345..........7......5....12...6...1.3..6..9...4.....123..6..9.23....8912......9.23....8912.4.6...12.4.6.....3......1...56..91...56..9.......8..2.45...9......7...2.45...9....5....12.4.6...12.4.6.8.1....6.891....6.89......7...2.4...89..3.......2.4...8912...6.8.123..67..........9...4.....1.3.56.8.1.3..6....2..5.78..2..56....2..5.78....4.6.8...34.67.....4.678...3.56.89.2.........3..6..91...........456..9...45.789..3.......2.4.67...2...678......6.89.....6789...4.6..9.2.45.7.9.2.45...91........12.4.6...........912.4.67..1.3..6...1.3..67......5.....234..7.........8..234..7..1..4...8.1..4..7......5.....2.......1.3...7891.34....9..34..7.9...4....9.....6..."},
      {3, "........9.......8.12.4...........7..1.3.5....123...........6...12.45.....2345..........7......5....12...6...1.3..6..9...4.....123..6..9.23....8912......9.23....8912.4.6...12.4.6.....3......1...56..91...56..9.......8..2.45...9......7...2.45...9....5....12.4.6...12.4.6.8.1....6.891....6.89......7...2.4...89..3.......2.4...8912...6.8.123..67..........9...4.....1.3.56.8.1.3..6....2..5.78..2..56....2..5.78....4.6.8...34.67.....4.678...3.56.89.2.........3..6..91...........456..9...45.789..3.......2.4.67...2.4.678......6.89.....6789...4.6..9.2.45.7.9.2.45...91........12.4.6...........912.4.67..1.3..6...1.3..67......5.....234..7.........8..234..7..1..4...8.1..4..7......5.....2.......1.3...7891.34....9..34..7.9...4....9.....6..."},
      {4, "........9.......8.12.4...........7..1.3.5....123...........6...12.45.....2345..........7......5....12...6...1.3..6..9...4.....123..6..9.23....8912......9.23....8912.4.6...12.4.6.....3......1...56..91...56..9.......8..2.45...9......7...2.45...9....5....12.4.6...12.4.6.8.1....6.891....6.89......7...2.4...89..3.......2.4...8912...6.8.123..67..........9...4.....1.3.56.8.1.3..6....2..5.78..2..56....2..5.78....4.6.8...34.67.....4.678...3.56.89.2.........3..6..91...........456..9...45.789..3.......2.4.67...2.4.678......6.89.....6789...4.6..9.2.45.7.9.2.45...91........12.4.6...........912.4.67..1.3..6...1.3..67......5.....234..7.........8..234..7..1..4...8.1..4..7......5.....2.......1.3...7891.34....9..34..7.9...4....9.....6..."},
  };
  for (const auto& [level, text] : nested) {
    auto grid = nonet::parse_candidates(text);
    ASSERT_TRUE(grid);
    nonet::logic::Tables tables(grid->geometry());
    nonet::logic::Context ctx{*grid, grid->geometry(), tables, nonet::Scale::se, nullptr, false};
    ctx.first_found = true;
    auto step = nonet::logic::find_multiple_forcing_chain(ctx, true, level);
    ASSERT_TRUE(step) << level;
    EXPECT_NE(step->technique.find("(nested, level " + std::to_string(level) + ")"), std::string::npos)
        << step->technique;
    ASSERT_FALSE(step->eliminations.empty() && step->placements.empty());
    for (const auto& e : step->eliminations) EXPECT_NE(solution[e.cell], e.digit) << nonet::to_text(ctx.geo, *step);
    for (const auto& p : step->placements) EXPECT_EQ(solution[p.cell], p.digit) << nonet::to_text(ctx.geo, *step);
  }
}

// Jigsaw and diagonal puzzles made here: a solution grid from the exact
// solver, then givens removed while the puzzle stays unique.
nonet::Puzzle carve(std::shared_ptr<const nonet::Geometry> geo, std::uint64_t seed) {
  nonet::Puzzle empty{geo, nonet::Grid(geo->cell_count(), 0), ""};
  nonet::SolveOptions random;
  random.count_limit = 1;
  random.random = true;
  random.seed = seed;
  auto full = nonet::solve(empty, random);
  nonet::Puzzle p{geo, full.solutions.at(0), ""};
  std::uint64_t state = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  for (int round = 0; round < 3 * geo->cell_count(); ++round) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const int cell = static_cast<int>((state >> 33) % geo->cell_count());
    if (!p.cells[cell]) continue;
    const auto keep = p.cells[cell];
    p.cells[cell] = 0;
    if (nonet::solve(p).status != nonet::SolveStatus::unique) p.cells[cell] = keep;
  }
  return p;
}

TEST(LogicSoundness, JigsawAndDiagonal) {
  const auto layouts = jigsaw_layouts(3);
  for (int i = 0; i < static_cast<int>(layouts.size()); ++i) {
    nonet::VariantSpec spec{"jigsaw", 9, layouts[i]};
    check_sound(carve(nonet::make_geometry(spec, 9), 17 + i), nonet::Scale::se, true);
  }
  for (int i = 0; i < 3; ++i) {
    nonet::VariantSpec spec{"diagonal", 9, {}};
    check_sound(carve(nonet::make_geometry(spec, 9), 101 + i), nonet::Scale::se, true);
  }
  nonet::VariantSpec windoku{"windoku", 9, {}};
  check_sound(carve(nonet::make_geometry(windoku, 9), 7), nonet::Scale::se, true);
  NONET_PART_NEEDS_SHARED_DATA("its jigsaw layouts");
}

// The sukaku ladder (empty rectangle, the big wings) on the same variants.
TEST(LogicSoundness, JigsawAndDiagonalSukaku) {
  const auto layouts = jigsaw_layouts(2);
  for (int i = 0; i < static_cast<int>(layouts.size()); ++i) {
    nonet::VariantSpec spec{"jigsaw", 9, layouts[i]};
    check_sound(carve(nonet::make_geometry(spec, 9), 23 + i), nonet::Scale::sukaku, true);
  }
  for (const char* kind : {"diagonal", "windoku"}) {
    nonet::VariantSpec spec{kind, 9, {}};
    check_sound(carve(nonet::make_geometry(spec, 9), 211), nonet::Scale::sukaku, true);
  }
  NONET_PART_NEEDS_SHARED_DATA("its jigsaw layouts");
}

// Other sizes: 4×4, 6×6, 8×8 and 12×12 classic grids, every technique.
// (The shared 16×16 forum puzzles are left out: the exact solver needs
// minutes to confirm their solutions.)
TEST(LogicSoundness, OtherSizes) {
  for (int size : {4, 6, 8, 12})
    for (int seed = 0; seed < 3; ++seed) {
      nonet::VariantSpec spec{"classic", size, {}};
      check_sound(carve(nonet::make_geometry(spec, size), 31 * size + seed), nonet::Scale::se, true);
    }
}

// Latin squares (rows and columns only; 5×5 and 7×7 have no boxes at all):
// every technique, uniqueness ones included (swapping two digits round a
// rectangle keeps every row and column), on both scales.
TEST(LogicSoundness, LatinSquares) {
  for (int size : {5, 7, 9})
    for (int seed = 0; seed < 2; ++seed) {
      nonet::VariantSpec spec{"latin", size, {}};
      const nonet::Puzzle puzzle = carve(nonet::make_geometry(spec, size), 41 * size + seed);
      check_sound(puzzle, nonet::Scale::se, true);
      check_sound(puzzle, nonet::Scale::sukaku, true);
    }
  // A 9×9 one that needs chains (nonet generate --variant latin --difficulty master --seed 5: 7.2).
  nonet::ReadOptions latin;
  latin.variant.name = "latin";
  const nonet::Puzzle chains = nonet::testing::parse_one(
      "...93.26.495.....6....8....8.4...........26.5..95..732.7.31.....62..4.9.3..195.8.", latin);
  std::vector<std::string> seen;
  check_sound(chains, nonet::Scale::se, true);
  check_sound(chains, nonet::Scale::se, false, 0, std::nullopt, 1000, &seen);
  EXPECT_NE(std::find(seen.begin(), seen.end(), "Forcing chain"), seen.end()) << ::testing::PrintToString(seen);
}

}  // namespace
