// Solo's game ids (sgt-puzzles) read into givens, boxes, jigsaw regions,
// diagonals and killer cages; the examples of every level solved, each
// solution passing the independent checker; malformed ids refused at the
// place and for the reason.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "nonet/constraints.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using testing::parse_one;
using testing::read_error;

TEST(SoloGameId, ReadsGivensAndBoxShapes) {
  const Puzzle classic = parse_one("3x3:a3b9c7b7_3a1_8_6a6_1c7c8d5_2m4_2d5c8c5_6a2_5_9a6_4b7c3b9a");
  ASSERT_TRUE(classic.geometry);
  EXPECT_EQ(classic.geometry->variant(), "classic");
  EXPECT_EQ(classic.cells[1], 3);
  EXPECT_EQ(classic.cells[4], 9);  // "a3b9": one empty cell, 3, two empty, 9
  EXPECT_TRUE(classic.constraints.empty());
  // Solo's 2x3: boxes of 2 rows by 3 columns (nonet's 6x6); 3x2: 3 rows by 2 columns, a jigsaw to nonet.
  EXPECT_EQ(parse_one("2x3:c3_5_1c4c1_2f1_2c5c1_4_6c").geometry->variant(), "classic");
  const Puzzle tall = parse_one("3x2:zj");
  ASSERT_TRUE(tall.geometry);
  EXPECT_EQ(tall.geometry->variant(), "jigsaw");
  EXPECT_EQ(tall.geometry->regions()[2 * 6 + 1], tall.geometry->regions()[0]);  // r3c2 shares r1c1's box
}

TEST(SoloGameId, ReadsCagesWithTheirSums) {
  // 2x3 killer: 14 cages.
  const Puzzle p = parse_one("2x3k:zj,___a_____a___a__aa_aac__c_baaaa_aaba_,9_12_9_6a9c8_9c6c6b7_15a4_17g9b");
  ASSERT_TRUE(p.geometry);
  ASSERT_EQ(p.constraints.size(), 14u);
  int total = 0;
  for (const Constraint& cage : p.constraints) {
    EXPECT_EQ(cage.kind, ConstraintKind::killer_cage);
    ASSERT_TRUE(cage.value);
    total += *cage.value;
  }
  EXPECT_EQ(total, 6 * 21);
  // '_': r1c1 is divided from r1c2 at once; no edge divides it from r2c1.
  EXPECT_EQ(p.constraints[0].cells, (std::vector<int>{0, 6}));
  EXPECT_EQ(p.constraints[0].value, 9);
  // Diagonals.
  EXPECT_TRUE(parse_one("3x3x:zzzc").geometry->has_diagonals());
}

TEST(SoloGameId, RefusesMalformedIdsSayingWhere) {
  EXPECT_EQ(read_error("3x3:zzzb"), "<string>:1:9: the givens cover 80 cells, expected 81");
  EXPECT_EQ(read_error("3x3:zzzd"), "<string>:1:8: the givens run past the grid's 81 cells");
  EXPECT_EQ(read_error("3x3:12zzzb"), "<string>:1:5: given 12 is not within 1..9");
  EXPECT_EQ(read_error("3x3k:zzzc"), "<string>:1:6: these parameters need 3 parts separated by ',' (givens, cages, sums), found 1");
  EXPECT_EQ(read_error("3x3k:zzzc,a,zzzc"), "<string>:1:12: the cages cover 2 edges, expected 144 and a closing one");
  // Regions of 1 and 80 cells.
  EXPECT_NE(read_error("9j:zzzc,_zzzzzb"), "no error");
  // A 4x4 grid as one cage (24 inner edges, none dividing) with two sums.
  EXPECT_EQ(read_error("2k:p,x,1_2n"), "<string>:1:8: the cage at r1c1 has two sums (1 and 2 at r1c2)");
}

// Every example of examples/solo.txt (Solo's killers at every level, X,
// jigsaw and 3x2 killers, classic grids) has one solution, which the checker
// accepts.
TEST(SoloGameId, ExamplesSolveAndCheck) {
  std::ifstream in(std::string(NONET_SOURCE_DIR) + "/examples/solo.txt");
  ASSERT_TRUE(in) << "examples/solo.txt";
  std::stringstream text;
  text << in.rdbuf();
  int solved = 0;
  for (const Record& record : read_all(text.str())) {
    ASSERT_TRUE(record.puzzle) << (record.error ? record.error->to_string() : "no puzzle");
    const SolveResult result = solve(*record.puzzle);
    ASSERT_EQ(result.solutions.size(), 1u) << record.puzzle->comment;
    EXPECT_TRUE(is_solution_of(*record.puzzle, result.solutions.front())) << record.puzzle->comment;
    ++solved;
  }
  EXPECT_EQ(solved, 22);
}

}  // namespace
}  // namespace nonet
