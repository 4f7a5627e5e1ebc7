// Soundness of every technique: after every step of a sample of real puzzles
// (both rated sets, 16×16, jigsaw and diagonal), the known solution still
// fits every remaining candidate and every placed digit.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/logic.hpp"

namespace {

std::vector<nonet::Puzzle> sample(const std::string& path, int every, int limit, nonet::ReadOptions options = {}) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  nonet::PuzzleReader reader(in, path, options);
  nonet::Record record;
  std::vector<nonet::Puzzle> out;
  while (reader.next(record) && static_cast<int>(out.size()) < limit)
    if (record.puzzle && record.index % every == 0) out.push_back(*record.puzzle);
  return out;
}

// Steps the puzzle with every technique (extras on), checking each step.
void check_sound(const nonet::Puzzle& puzzle, nonet::Scale scale, bool extras, double max_rating = 0) {
  auto solved = nonet::solve(puzzle);
  ASSERT_EQ(solved.status, nonet::SolveStatus::unique);
  const nonet::Grid& solution = solved.solutions[0];
  nonet::CandidateGrid grid(puzzle);
  nonet::LogicOptions options;
  options.scale = scale;
  options.extras = extras;
  options.max_rating = max_rating;
  const auto& geo = grid.geometry();
  for (int guard = 0; guard < 1000 && !grid.solved(); ++guard) {
    auto step = nonet::next_step(grid, options);
    if (!step) break;
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
  for (const auto& p : sample(NONET_DATA_DIR "/rated/cbg-000-se121.txt", 211, 60))
    check_sound(p, nonet::Scale::se, false);
}

TEST(LogicSoundness, SukakuSampleWithExtras) {
  for (const auto& p : sample(NONET_DATA_DIR "/rated/sudoku-exchange-diabolical-se.txt", 397, 35))
    check_sound(p, nonet::Scale::sukaku, true);
}

// Puzzles SE rates 8.0 and up: cell, region and dynamic forcing chains.
TEST(LogicSoundness, ForcingChainSample) {
  int taken = 0;
  for (const auto& p : sample(NONET_DATA_DIR "/rated/cbg-000-se121.txt", 7, 2000)) {
    if (std::atof(p.comment.c_str()) < 8.0) continue;
    check_sound(p, nonet::Scale::se, false);
    if (++taken == 4) break;
  }
  EXPECT_EQ(taken, 4);
}

// The forum's hardest puzzles (beyond what nonet can finish): whatever steps
// it finds must still be sound.
TEST(LogicSoundness, HardestSample) {
  for (const auto& p : sample(NONET_DATA_DIR "/tdoku/puzzles5_forum_hardest_1905_11+", 4001, 3))
    check_sound(p, nonet::Scale::se, true);
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
  std::ifstream layouts(NONET_DATA_DIR "/variants/jigsaw/valid_layouts.txt");
  std::string line;
  for (int i = 0; i < 3 && std::getline(layouts, line); ++i) {
    nonet::VariantSpec spec{"jigsaw", 9, nonet::parse_region_map(line)};
    check_sound(carve(nonet::make_geometry(spec, 9), 17 + i), nonet::Scale::se, true);
  }
  for (int i = 0; i < 3; ++i) {
    nonet::VariantSpec spec{"diagonal", 9, {}};
    check_sound(carve(nonet::make_geometry(spec, 9), 101 + i), nonet::Scale::se, true);
  }
  nonet::VariantSpec windoku{"windoku", 9, {}};
  check_sound(carve(nonet::make_geometry(windoku, 9), 7), nonet::Scale::se, true);
}

// The sukaku ladder (empty rectangle, the big wings) on the same variants.
TEST(LogicSoundness, JigsawAndDiagonalSukaku) {
  std::ifstream layouts(NONET_DATA_DIR "/variants/jigsaw/valid_layouts.txt");
  std::string line;
  for (int i = 0; i < 2 && std::getline(layouts, line); ++i) {
    nonet::VariantSpec spec{"jigsaw", 9, nonet::parse_region_map(line)};
    check_sound(carve(nonet::make_geometry(spec, 9), 23 + i), nonet::Scale::sukaku, true);
  }
  for (const char* kind : {"diagonal", "windoku"}) {
    nonet::VariantSpec spec{kind, 9, {}};
    check_sound(carve(nonet::make_geometry(spec, 9), 211), nonet::Scale::sukaku, true);
  }
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

}  // namespace
