// The contract checks (src/core/contract.hpp): in a build that compiles them
// in (NONET_CONTRACTS, on in the sanitizer build), a broken precondition of
// the library aborts, naming the file, the line, the function and the
// condition; elsewhere (Release) they are compiled out and these tests skip.
#include <gtest/gtest.h>

#include <memory>

#include "core/contract.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/model.hpp"

namespace nonet {
namespace {

#if defined(NONET_CONTRACTS) && NONET_CONTRACTS

int checked_half(int even) {
  NONET_EXPECTS(even % 2 == 0);
  return even / 2;
}

TEST(Contracts, TheMacroAbortsWithFileLineFunctionAndCondition) {
  EXPECT_EQ(checked_half(8), 4);
  EXPECT_DEATH(checked_half(7), "core_contract_test\\.cpp:[0-9]+: nonet contract broken in checked_half: even % 2 == 0");
}

// The library's own checks are compiled in too: one each of the model, the
// writer and the exact engines.
TEST(Contracts, TheLibraryChecksItsStatedPreconditions) {
  const auto geometry = std::make_shared<const Geometry>(Geometry::classic(3, 3));
  EXPECT_EQ(geometry->cell_name(80), "r9c9");
  EXPECT_DEATH(geometry->cell_name(81), "geometry\\.cpp:[0-9]+: nonet contract broken in cell_name: cell >= 0");
  EXPECT_DEATH(to_line(*geometry, Grid(80, 0)), "writer\\.cpp:[0-9]+: nonet contract broken in append_line: cells\\.size\\(\\)");
  const Puzzle short_puzzle{geometry, Grid(80, 0), ""};
  EXPECT_DEATH(solve(short_puzzle), "solve\\.cpp:[0-9]+: nonet contract broken in use_fast9: puzzle\\.cells\\.size\\(\\)");
  EXPECT_DEATH(solve_generic(short_puzzle), "generic_solver\\.cpp:[0-9]+: nonet contract broken in solve_generic");
  Grid ten = Grid(81, 0);
  ten[0] = 10;  // no digit of a 9×9 grid
  EXPECT_DEATH(find_conflict(*geometry, ten), "puzzle\\.cpp:[0-9]+: nonet contract broken in conflicts: digit <= geometry\\.size\\(\\)");
}

#else

TEST(Contracts, TheMacroAbortsWithFileLineFunctionAndCondition) {
  GTEST_SKIP() << "the contract checks are compiled out in this build (NONET_CONTRACTS off, as in Release); "
                  "the sanitizer build (NONET_SANITIZE=ON) turns them on";
}

TEST(Contracts, TheLibraryChecksItsStatedPreconditions) {
  GTEST_SKIP() << "the contract checks are compiled out in this build (NONET_CONTRACTS off, as in Release); "
                  "the sanitizer build (NONET_SANITIZE=ON) turns them on";
}

#endif

}  // namespace
}  // namespace nonet
