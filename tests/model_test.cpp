#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "nonet/model.hpp"
#include "nonet/version.hpp"

namespace nonet {
namespace {

TEST(Geometry, ClassicNineByNineHasTwentySevenHousesAndTwentyPeers) {
  const Geometry g = Geometry::classic(3, 3);
  EXPECT_EQ(g.size(), 9);
  EXPECT_EQ(g.houses().size(), 27u);
  for (int cell = 0; cell < 81; ++cell) {
    EXPECT_EQ(g.peers_of(cell).size(), 20u);
    EXPECT_EQ(g.houses_of(cell).size(), 3u);
  }
  EXPECT_EQ(g.cell_name(0), "r1c1");
  EXPECT_EQ(g.cell_name(80), "r9c9");
}

TEST(Geometry, EveryHouseHasNDistinctCells) {
  for (const Geometry& g : {Geometry::classic(2, 2), Geometry::classic(2, 3), Geometry::classic(3, 4),
                            Geometry::classic(4, 4), Geometry::classic(5, 5), Geometry::diagonal(3, 3),
                            Geometry::windoku()}) {
    for (const House& house : g.houses()) {
      std::set<int> cells(house.cells.begin(), house.cells.end());
      EXPECT_EQ(static_cast<int>(cells.size()), g.size()) << house_name(house);
    }
  }
}

// What the searches read from the geometry: peers ascending and each once
// (the chain searches list them in this order), the crossing masks.
TEST(Geometry, PeersAscendingAndCrossingsOfEveryHousePair) {
  for (const Geometry& g : {Geometry::classic(2, 2), Geometry::classic(2, 3), Geometry::classic(3, 3),
                            Geometry::classic(4, 4), Geometry::diagonal(3, 3), Geometry::windoku()}) {
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      const auto peers = g.peers_of(cell);
      EXPECT_TRUE(std::is_sorted(peers.begin(), peers.end()));
      EXPECT_EQ(std::adjacent_find(peers.begin(), peers.end()), peers.end());
      EXPECT_EQ(std::find(peers.begin(), peers.end(), cell), peers.end());
    }
    const int houses = static_cast<int>(g.houses().size());
    for (int a = 0; a < houses; ++a)
      for (int b = 0; b < houses; ++b) {
        Mask expected = 0;
        const auto& cells = g.houses()[a].cells;
        const auto& other = g.houses()[b].cells;
        for (std::size_t i = 0; i < cells.size(); ++i)
          if (std::find(other.begin(), other.end(), cells[i]) != other.end()) expected |= Mask{1} << i;
        EXPECT_EQ(g.crossing(a, b), expected) << a << " " << b;
      }
  }
}

TEST(Geometry, BoxesOfSixBySixAreTwoRowsByThreeColumns) {
  const Geometry g = Geometry::classic(2, 3);
  const House& first_box = g.houses()[12];
  EXPECT_EQ(first_box.kind, HouseKind::box);
  EXPECT_EQ(first_box.cells, (std::vector<int>{0, 1, 2, 6, 7, 8}));
}

TEST(Geometry, DiagonalAddsBothDiagonals) {
  const Geometry g = Geometry::diagonal(3, 3);
  EXPECT_EQ(g.houses().size(), 29u);
  EXPECT_EQ(g.houses_of(40).size(), 5u);  // r5c5 lies on both diagonals
  EXPECT_EQ(g.peers_of(40).size(), 32u);
  EXPECT_EQ(g.houses_of(1).size(), 3u);
  EXPECT_EQ(house_name(g.houses()[27]), "diagonal");
  EXPECT_EQ(house_name(g.houses()[28]), "anti-diagonal");
}

TEST(Geometry, WindokuWindowsStartAtR2C2R2C6R6C2R6C6) {
  const Geometry g = Geometry::windoku();
  ASSERT_EQ(g.houses().size(), 31u);
  std::vector<int> corners;
  for (const House& house : g.houses())
    if (house.kind == HouseKind::window) corners.push_back(house.cells.front());
  EXPECT_EQ(corners, (std::vector<int>{1 * 9 + 1, 1 * 9 + 5, 5 * 9 + 1, 5 * 9 + 5}));
}

// Beyond 9×9 the windows are boxes set one cell in from the top left and
// one cell apart, as many as stay off the far edge (ISS's layout).
TEST(Geometry, WindokuWindowsOfOtherSizesAreBoxesOneCellApart) {
  const auto corners_of = [](const Geometry& g) {
    std::vector<std::pair<int, int>> corners;
    for (const House& house : g.houses())
      if (house.kind == HouseKind::window) {
        EXPECT_EQ(static_cast<int>(house.cells.size()), g.size());
        corners.emplace_back(g.row_of(house.cells.front()), g.column_of(house.cells.front()));
      }
    return corners;
  };
  using Corners = std::vector<std::pair<int, int>>;
  EXPECT_EQ(corners_of(Geometry::windoku(2, 2)), (Corners{{1, 1}}));  // r2c2-r3c3
  EXPECT_EQ(corners_of(Geometry::windoku(2, 3)), (Corners{{1, 1}}));  // r2c2-r3c4
  EXPECT_EQ(corners_of(Geometry::windoku(2, 4)), (Corners{{1, 1}, {4, 1}}));
  EXPECT_EQ(corners_of(Geometry::windoku(4, 4)),
            (Corners{{1, 1}, {1, 6}, {1, 11}, {6, 1}, {6, 6}, {6, 11}, {11, 1}, {11, 6}, {11, 11}}));
  const Geometry six = Geometry::windoku(2, 3);
  std::vector<int> window;
  for (const House& house : six.houses())
    if (house.kind == HouseKind::window) window = house.cells;
  EXPECT_EQ(window, (std::vector<int>{7, 8, 9, 13, 14, 15}));
  EXPECT_EQ(make_geometry(VariantSpec{"windoku", 0, {}}, 16)->houses().size(), 3u * 16 + 9);
  EXPECT_THROW(make_geometry(VariantSpec{"windoku", 0, {}}, 7), GeometryError);  // no boxes
}

TEST(Geometry, BoxShapePicksTheMostSquareFactorisation) {
  EXPECT_EQ(Geometry::box_shape(4), (std::pair{2, 2}));
  EXPECT_EQ(Geometry::box_shape(6), (std::pair{2, 3}));
  EXPECT_EQ(Geometry::box_shape(12), (std::pair{3, 4}));
  EXPECT_EQ(Geometry::box_shape(25), (std::pair{5, 5}));
  EXPECT_FALSE(Geometry::box_shape(7));
}

TEST(Geometry, JigsawRejectsARegionOfTheWrongSize) {
  std::vector<int> regions(16);
  for (int i = 0; i < 16; ++i) regions[i] = i / 4;
  EXPECT_NO_THROW(Geometry::jigsaw(4, regions));
  regions[3] = 1;  // region 1 now has 3 cells, region 2 has 5
  try {
    Geometry::jigsaw(4, regions);
    FAIL() << "expected GeometryError";
  } catch (const GeometryError& error) {
    EXPECT_STREQ(error.what(), "region 1 has 3 cells, expected 4");
  }
}

TEST(Geometry, RegionMapAcceptsAnyLabels) {
  const auto regions = parse_region_map("aabb\naabb\nccdd\nccdd\n");
  EXPECT_EQ(regions, (std::vector<int>{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}));
  EXPECT_THROW(parse_region_map("aab"), GeometryError);
  EXPECT_THROW(parse_region_map("aaaaaaaaaaaaaaab"), GeometryError);  // 2 regions for 4x4
}

TEST(Geometry, LatinSquareHasRowsAndColumnsOnly) {
  for (int size : {4, 5, 7, 9}) {
    const Geometry g = Geometry::latin(size);
    EXPECT_EQ(g.variant(), "latin");
    EXPECT_EQ(g.houses().size(), static_cast<std::size_t>(2 * size));
    EXPECT_EQ(g.box_rows(), 0);
    EXPECT_TRUE(g.intersections().empty());  // a row and a column share one cell
    for (int cell = 0; cell < g.cell_count(); ++cell) {
      EXPECT_EQ(g.peers_of(cell).size(), static_cast<std::size_t>(2 * (size - 1)));
      EXPECT_EQ(g.regions()[cell], 0);  // one region: nothing drawn inside the grid
    }
  }
  // Every size, the primes too, through make_geometry; too small or too large is refused.
  EXPECT_EQ(make_geometry(VariantSpec{"latin", 0, {}}, 7)->houses().size(), 14u);
  EXPECT_THROW(Geometry::latin(1), GeometryError);
  EXPECT_THROW(Geometry::latin(kMaxSize + 1), GeometryError);
  // A size with no boxes names the Latin square in its message.
  try {
    make_geometry(VariantSpec{"classic", 0, {}}, 7);
    FAIL();
  } catch (const GeometryError& error) {
    EXPECT_NE(std::string(error.what()).find("--variant latin"), std::string::npos) << error.what();
  }
}

TEST(Geometry, MakeGeometryExplainsUnknownVariants) {
  try {
    make_geometry(VariantSpec{"samurai", 0, {}}, 9);
    FAIL();
  } catch (const GeometryError& error) {
    EXPECT_NE(std::string(error.what()).find("unknown variant 'samurai'"), std::string::npos);
  }
  EXPECT_THROW(make_geometry(VariantSpec{"windoku", 0, {}}, 5), GeometryError);  // no boxes, so no windows
  EXPECT_THROW(make_geometry(VariantSpec{"classic", 0, {}}, 7), GeometryError);
}

TEST(Digits, CharactersRoundTripUpToTwentyFive) {
  for (int size : {4, 9, 16, 25})
    for (int digit = 1; digit <= size; ++digit) EXPECT_EQ(digit_of_char(digit_char(digit), size), digit);
  EXPECT_EQ(digit_of_char('G', 16), 16);
  EXPECT_EQ(digit_of_char('H', 16), -1);
  EXPECT_EQ(digit_of_char('0', 9), 0);
  EXPECT_EQ(digit_of_char('0', 16), -1);
  EXPECT_EQ(digit_of_char('5', 4), -1);
}

TEST(Conflicts, NameTheDigitHouseAndBothCells) {
  const Geometry g = Geometry::classic(3, 3);
  Grid cells(81, 0);
  cells[2 * 9 + 1] = 5;
  cells[2 * 9 + 6] = 5;
  auto conflict = find_conflict(g, cells);
  ASSERT_TRUE(conflict);
  EXPECT_EQ(describe(g, *conflict), "digit 5 twice in row 3 (r3c2, r3c7)");
}

}  // namespace
}  // namespace nonet

// One version, from project() in CMakeLists.txt: the header's macros and the
// library's nonet::version() agree.
TEST(Version, HeaderAndLibraryAgree) {
  EXPECT_STREQ(nonet::version(), NONET_VERSION_STRING);
  EXPECT_EQ(std::string(NONET_VERSION_STRING), std::to_string(NONET_VERSION_MAJOR) + "." +
                                                   std::to_string(NONET_VERSION_MINOR) + "." +
                                                   std::to_string(NONET_VERSION_PATCH));
}
