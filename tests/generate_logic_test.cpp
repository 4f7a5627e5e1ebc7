// The generator's own logic, which decides levels without the rater: its
// closures (src/generate/closure.hpp) of the basic techniques (bound SE
// ratings from above, skip searches, resume a weaker closure's position),
// of SE's direct techniques (as the rater stopped at 2.5) and of singles,
// each against the rater or the same closure on another board. The band
// board's basic closures: generate_band_basic_test.cpp.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <span>
#include <vector>

#include "generate_support.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using detail::BandBoard;
using detail::Techniques;
using testing::basic_up_to;
using testing::classic;
using testing::nine_by_nine_variants_and;
using testing::OnBoard;
using testing::shuffled_cells;
using testing::SmallBoard;
using testing::WidestBoard;

// A closure on the board that fits the geometry (as the carver picks it),
// asked about givens of that geometry.
std::function<bool(const Grid&)> closure_on(const Geometry& geometry, const Techniques& techniques) {
  return detail::with_board(geometry, [&]<typename Board>(std::type_identity<Board>) -> std::function<bool(const Grid&)> {
    const auto closure = std::make_shared<OnBoard<Board>>(geometry, techniques);
    return [closure](const Grid& givens) { return (*closure)->solves(givens); };
  });
}

// A minimal puzzle carved from the seed's grid in the order `rng` draws.
Grid minimal_carving(const std::shared_ptr<const Geometry>& geometry, const Grid& solution, std::mt19937_64& rng) {
  Grid givens = solution;
  for (int cell : shuffled_cells(solution.size(), rng)) {
    givens[cell] = 0;
    if (solve(Puzzle{geometry, givens, ""}).status != SolveStatus::unique) givens[cell] = solution[cell];
  }
  return givens;
}

// On each geometry, with the board the carver picks, a minimal carving of
// each seed from 1 to `seeds`: visit(std::type_identity<Board>, geometry,
// seed, solution, givens, rng), the rng that carved it to draw more from.
template <typename Visit>
void for_each_minimal_carving(const std::vector<std::shared_ptr<const Geometry>>& geometries, std::uint64_t seeds,
                              Visit visit) {
  for (const auto& geometry : geometries)
    detail::with_board(*geometry, [&]<typename Board>(std::type_identity<Board> board) {
      for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
        const Grid solution = random_full_grid(*geometry, seed);
        std::mt19937_64 rng(seed);
        const Grid givens = minimal_carving(geometry, solution, rng);
        visit(board, *geometry, seed, solution, givens, rng);
      }
    });
}

const std::vector<std::shared_ptr<const Geometry>>& four_geometries() {
  static const std::vector<std::shared_ptr<const Geometry>> geometries = {
      classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
      std::make_shared<const Geometry>(Geometry::windoku()), classic(6)};
  return geometries;
}

// The basic-techniques solver bounds SE ratings from above: whatever it
// solves under a ceiling, the rater (and Sudoku Explainer's published rating)
// keeps at or under it. On classic grids with the ceiling 3.9 it has every
// technique SE rates that low, so it solves exactly the puzzles rated ≤ 3.9.
TEST(GenerateBasicLogic, BoundsTheRatingFromAbove) {
  NONET_NEEDS_SHARED_DATA();
  const auto geometry = classic(9);
  int checked = 0, solved_at_39 = 0;
  // Each puzzle's comment is its published SE rating.
  for (const Puzzle& puzzle : testing::load_puzzles(testing::data_path("rated/cbg-000-se121.txt"), 25, {}, 400)) {
    const double published = std::stod(puzzle.comment);
    const std::string line = to_line(*geometry, puzzle.cells) + " " + puzzle.comment;
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

// Singles and SE's direct techniques decide "SE rates it 2.5 or less" as the
// rater stopped at 2.5 does: on published puzzles of every rating, and along
// carvings (the positions around that edge) of four geometries.
TEST(GenerateDirectLogic, AnswersAsTheRaterStoppedAt25) {
  NONET_NEEDS_SHARED_DATA();
  const auto agree = [](const std::function<bool(const Grid&)>& direct_solves, const Puzzle& puzzle, int& easy,
                        int& hard) {
    const bool direct = direct_solves(puzzle.cells);
    ASSERT_EQ(direct, rate(puzzle, Scale::se, 2.5).solved) << to_line(*puzzle.geometry, puzzle.cells);
    (direct ? easy : hard) += 1;
  };
  int easy = 0, hard = 0;
  const auto classic_direct = closure_on(*classic(9), Techniques::direct_ones());
  for (const Puzzle& puzzle : testing::load_puzzles(testing::data_path("rated/cbg-000-se121.txt"), 5))
    agree(classic_direct, puzzle, easy, hard);
  const auto jigsaw = std::make_shared<const Geometry>(Geometry::jigsaw(
      9, parse_region_map("111222233111222233114452333144455633444555666774556669777856699778888999778888999")));
  for (const auto& geometry : {classic(9), std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
                               std::make_shared<const Geometry>(Geometry::windoku()), jigsaw}) {
    const auto direct = closure_on(*geometry, Techniques::direct_ones());
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
        if (++removed >= 40 && removed % 3 == 0) agree(direct, Puzzle{geometry, givens, ""}, easy, hard);
      }
    }
  }
  EXPECT_GT(easy, 100);
  EXPECT_GT(hard, 100);
}

// The direct closure on the band board (classic grids) against the same on
// the 128-bit board: on every third published puzzle of cbg-000 and along
// carvings of random grids (the positions around SE 2.5, where the direct
// techniques decide).
TEST(GenerateDirectLogic, BitParallelAnswersAsTheGenericCode) {
  NONET_NEEDS_SHARED_DATA();
  const auto geometry = classic(9);
  OnBoard<BandBoard> band(*geometry, Techniques::direct_ones());
  OnBoard<SmallBoard> generic(*geometry, Techniques::direct_ones());
  int easy = 0, hard = 0;
  const auto agree = [&](const Grid& givens) {
    const bool answer = generic->solves(givens);
    ASSERT_EQ(band->solves(givens), answer) << to_line(*geometry, givens);
    (answer ? easy : hard) += 1;
  };
  for (const Puzzle& puzzle : testing::load_puzzles(testing::data_path("rated/cbg-000-se121.txt"), 3))
    agree(puzzle.cells);
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

// A basic closure skips searches whose houses or digits did not change
// since they last found nothing, and extend() and restore() carry that
// bookkeeping. Growing a minimal puzzle one given at a time with one reused
// closure (and stepping back with restore()) must give at every step the
// answer of a fresh closure that skips nothing.
TEST(GenerateBasicLogic, ReusedSolverAgreesWithAFreshOne) {
  int solved_before_full = 0;
  for_each_minimal_carving(four_geometries(), 10, [&]<typename Board>(std::type_identity<Board>, const Geometry& geometry,
                                                                       std::uint64_t seed, const Grid& solution,
                                                                       const Grid& givens, std::mt19937_64& rng) {
    std::vector<int> order = shuffled_cells(solution.size(), rng);
    for (double ceiling : {2.8, 3.0, 3.9, 4.4, 5.9}) {
      OnBoard<Board> reused(geometry, basic_up_to(ceiling));
      Grid grown = givens;
      bool answer = reused->solves(grown);
      typename detail::Closure<Board>::Position saved;
      std::shuffle(order.begin(), order.end(), rng);
      for (int cell : order) {
        if (grown[cell] != 0) continue;
        // A detour: another cell added and taken back again.
        reused->save(saved);
        const int detour = order[(&cell - order.data() + 7) % order.size()];
        reused->extend(std::span<const int>(&detour, 1), solution);
        reused->restore(saved);
        grown[cell] = solution[cell];
        answer = reused->extend(std::span<const int>(&cell, 1), solution);
        ASSERT_EQ(answer, OnBoard<Board>(geometry, basic_up_to(ceiling), false)->solves(grown))
            << geometry.variant() << " seed " << seed << " ceiling " << ceiling;
        if (answer) {
          solved_before_full += std::count(grown.begin(), grown.end(), 0) > 0;
          break;
        }
      }
    }
  });
  EXPECT_GT(solved_before_full, 20);
}

// A closure with more techniques that goes on from where a weaker one
// stopped (the carver's floor, then its ceiling or prover) answers as it
// does from the givens, on minimal puzzles of four geometries.
TEST(GenerateBasicLogic, StrongerSolverResumesFromAWeakerOnesPosition) {
  int weaker_failed = 0, stronger_solved = 0;
  for_each_minimal_carving(four_geometries(), 25, [&]<typename Board>(std::type_identity<Board>, const Geometry& geometry,
                                                                       std::uint64_t seed, const Grid&, const Grid& givens,
                                                                       std::mt19937_64&) {
    for (const auto& [weak, strong] : std::vector<std::pair<double, double>>{{2.5, 3.9}, {3.9, 4.0}, {3.9, 5.9}}) {
      OnBoard<Board> weaker(geometry, basic_up_to(weak)), stronger(geometry, basic_up_to(strong));
      if (weaker->solves(givens)) continue;
      ++weaker_failed;
      typename detail::Closure<Board>::Position stopped;
      weaker->save(stopped);
      const bool answer = stronger->resume(stopped);
      ASSERT_EQ(answer, OnBoard<Board>(geometry, basic_up_to(strong))->solves(givens))
          << geometry.variant() << " seed " << seed << " " << weak << " -> " << strong;
      stronger_solved += answer;
    }
  });
  EXPECT_GT(weaker_failed, 50);
  EXPECT_GT(stronger_solved, 10);
}

// The closures on the board the carver picks (the band board with its
// diagonals or windows, the 128-bit board for jigsaw and 6×6) against the
// same closures on the widest board, house by house: the same answers and
// the same cells placed, for the basic techniques at every ceiling that
// switches one on and for the direct ones, on minimal puzzles.
TEST(GenerateBasicLogic, EveryBoardReachesTheSameFixedPoint) {
  const auto geometries = nine_by_nine_variants_and(classic(6), classic(4));
  std::vector<Techniques> sets = {Techniques::direct_ones()};
  for (double ceiling : {1.5, 2.8, 3.2, 3.9, 4.0, 4.4, 5.9}) sets.push_back(basic_up_to(ceiling));
  int solved = 0, stuck = 0;
  for_each_minimal_carving(geometries, 6, [&]<typename Board>(std::type_identity<Board>, const Geometry& geometry,
                                                              std::uint64_t, const Grid&, const Grid& givens,
                                                              std::mt19937_64&) {
    for (const Techniques& techniques : sets) {
      OnBoard<Board> fitting(geometry, techniques);
      OnBoard<WidestBoard> widest(geometry, techniques);
      const bool answer = fitting->solves(givens);
      ASSERT_EQ(answer, widest->solves(givens)) << to_line(geometry, givens);
      Grid placed, placed_widest;
      fitting->values(placed);
      widest->values(placed_widest);
      ASSERT_EQ(placed, placed_widest) << to_line(geometry, givens);
      (answer ? solved : stuck) += 1;
    }
  });
  EXPECT_GT(solved, 50);
  EXPECT_GT(stuck, 50);
}

// The same on published puzzles, each solved from its givens.
TEST(GenerateBasicLogic, SkippingSearchesChangesNoAnswer) {
  NONET_NEEDS_SHARED_DATA();
  const auto geometry = classic(9);
  std::vector<OnBoard<BandBoard>> skipping, reference;
  const double ceilings[] = {2.8, 3.0, 3.4, 3.9, 4.4, 5.9};
  for (double ceiling : ceilings) {
    skipping.emplace_back(*geometry, basic_up_to(ceiling));
    reference.emplace_back(*geometry, basic_up_to(ceiling), false);
  }
  int checked = 0;
  for (const Puzzle& puzzle : testing::load_puzzles(testing::data_path("rated/cbg-000-se121.txt"), 4)) {
    for (std::size_t i = 0; i < skipping.size(); ++i)
      ASSERT_EQ(skipping[i]->solves(puzzle.cells), reference[i]->solves(puzzle.cells))
          << to_line(*geometry, puzzle.cells) << " under " << ceilings[i];
    ++checked;
  }
  EXPECT_GT(checked, 2000);
}

// One singles closure asked about many puzzles in turn (it keeps each
// digit's givens from the previous one and looks only at what changed)
// answers as a fresh one does, also across unrelated puzzles and givens that
// repeat a digit in a house.
TEST(GenerateSingles, ReusedSolverAnswersAsAFreshOne) {
  NONET_NEEDS_SHARED_DATA();
  const auto geometry = classic(9);
  std::vector<Grid> inputs;
  for (const Puzzle& puzzle : testing::load_puzzles(testing::data_path("qqwing/easy.txt"), 1, {}, 40)) {
    inputs.push_back(puzzle.cells);
    Grid fewer = puzzle.cells;
    for (std::size_t cell = 0; cell < fewer.size(); cell += 7) fewer[cell] = 0;
    inputs.push_back(fewer);
  }
  Grid repeated = inputs.front();
  repeated[0] = repeated[1] = 5;  // 5 twice in row 1
  inputs.insert(inputs.begin() + 3, repeated);
  for (SinglesKind kind : {SinglesKind::hidden_only, SinglesKind::hidden_and_naked}) {
    OnBoard<BandBoard> reused(*geometry, Techniques::singles(kind));
    for (const Grid& givens : inputs) {
      OnBoard<BandBoard> fresh(*geometry, Techniques::singles(kind));
      ASSERT_EQ(reused->solves(givens), fresh->solves(givens)) << to_line(*geometry, givens);
    }
  }
}

// The singles closures on the board the carver picks (the band board on
// standard 9×9 grids, else the 128-bit one) answer as those on the 128-bit
// board, on the 16×16 one (Words<4>) and, for the first seeds, on the
// widest, on every variant, along carvings from full grid to few givens.
TEST(GenerateSingles, BitParallelAnswersAsTheGenericCode) {
  using WideBoard = detail::Board<detail::Words<4>>;
  const auto geometries = nine_by_nine_variants_and(classic(6), classic(4));
  int solved = 0, unsolved = 0, immediate = 0;
  for (const auto& geometry : geometries)
    for (SinglesKind kind : {SinglesKind::hidden_only, SinglesKind::hidden_and_naked})
      detail::with_board(*geometry, [&]<typename Board>(std::type_identity<Board>) {
        const Techniques singles = Techniques::singles(kind);
        OnBoard<Board> fast(*geometry, singles);
        OnBoard<SmallBoard> small(*geometry, singles);
        OnBoard<WideBoard> wide(*geometry, singles);
        OnBoard<WidestBoard> widest(*geometry, singles);
        for (std::uint64_t seed = 1; seed <= 8; ++seed) {
          const Grid solution = random_full_grid(*geometry, seed);
          std::mt19937_64 rng(seed);
          const std::vector<int> order = shuffled_cells(solution.size(), rng);
          Grid givens = solution;
          for (std::size_t i = 0; i < order.size() * 3 / 4; ++i) {
            givens[order[i]] = 0;
            const std::span<const int> removed(&order[i], 1), last_two(&order[i > 0 ? i - 1 : 0], i > 0 ? 2 : 1);
            const bool answer = small->solves(givens);
            ASSERT_EQ(fast->solves(givens), answer) << to_line(*geometry, givens);
            ASSERT_EQ(wide->solves(givens), answer) << to_line(*geometry, givens);
            if (seed <= 2) {
              ASSERT_EQ(widest->solves(givens), answer) << to_line(*geometry, givens);
            }
            for (const auto targets : {removed, last_two}) {
              const bool derived = small->derives(givens, targets);
              ASSERT_EQ(fast->derives(givens, targets), derived) << to_line(*geometry, givens);
              ASSERT_EQ(wide->derives(givens, targets), derived) << to_line(*geometry, givens);
              const bool at_once = small->immediate(givens, targets);
              ASSERT_EQ(fast->immediate(givens, targets), at_once) << to_line(*geometry, givens);
              ASSERT_EQ(wide->immediate(givens, targets), at_once) << to_line(*geometry, givens);
              immediate += at_once;
            }
            (answer ? solved : unsolved) += 1;
          }
        }
      });
  EXPECT_GT(solved, 500);
  EXPECT_GT(unsolved, 500);
  EXPECT_GT(immediate, 500);
}

}  // namespace
}  // namespace nonet
