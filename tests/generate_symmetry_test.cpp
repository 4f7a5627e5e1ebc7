// Symmetric givens: the orbits of every symmetry partition the grid, a
// symmetry that does not fit a geometry is a clear error, and a generated
// puzzle's givens map onto themselves.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "generate_support.hpp"
#include "nonet/generate.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using testing::classic;
using testing::expect_sound;
using testing::jigsaw_layout;

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
  NONET_PART_NEEDS_SHARED_DATA("its jigsaw layout");
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

}  // namespace
}  // namespace nonet
