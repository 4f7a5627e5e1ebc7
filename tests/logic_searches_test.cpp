// The searches the rater's finders and the generator's solvers share
// (src/logic/locked_sets.hpp, intersections.hpp, wings.hpp): the locked-set
// search against brute force, in SE's order, and the direct forms. Also the
// rater's lookups (Tables, seeing_all, bits::SetBits, longest_chain_within)
// against what they stand for, on every kind of geometry.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <span>
#include <vector>

#include "logic/internal.hpp"
#include "logic/locked_sets.hpp"
#include "nonet/model.hpp"

namespace {

using nonet::Mask;
namespace logic = nonet::logic;

// Random masks of `bits` bits, each with 1 to `most` of them.
std::vector<Mask> random_masks(std::mt19937& random, int count, int bits, int most) {
  std::vector<Mask> masks;
  for (int i = 0; i < count; ++i) {
    Mask mask = 0;
    const int take = 1 + static_cast<int>(random() % most);
    while (std::popcount(mask) < take) mask |= Mask{1} << (random() % bits);
    masks.push_back(mask);
  }
  return masks;
}

struct Found {
  Mask chosen, joint;
  bool operator==(const Found&) const = default;
  bool operator<(const Found& other) const { return chosen < other.chosen; }
};

// Every set of `size` items whose masks hold `size` bits, in SE's order
// (logic::combinations), as the rater enumerated them before the shared search.
std::vector<Found> brute_force(const std::vector<Mask>& masks, int size) {
  std::vector<Found> out;
  logic::combinations(static_cast<int>(masks.size()), size, [&](const std::vector<int>& items) {
    Mask chosen = 0, joint = 0;
    for (int i : items) chosen |= Mask{1} << i, joint |= masks[i];
    if (std::popcount(joint) == size) out.push_back({chosen, joint});
    return false;
  });
  return out;
}

template <int (*Count)(Mask)>
std::vector<Found> searched(const std::vector<Mask>& masks, logic::LockedSetSizes sizes) {
  std::vector<Found> out;
  logic::find_locked_sets<Count>(std::span<const Mask>(masks), sizes, [&](Mask chosen, Mask joint) {
    out.push_back({chosen, joint});
    return false;
  });
  return out;
}

TEST(LockedSets, OneSizeComesInSudokuExplainersOrder) {
  std::mt19937 random(17);
  for (int round = 0; round < 400; ++round) {
    const int count = 2 + round % 11, size = 2 + round % 3;
    const std::vector<Mask> masks = random_masks(random, count, 9, 4);
    const std::vector<Found> expected = brute_force(masks, size);
    ASSERT_EQ((searched<nonet::bits::bit_count>(masks, {size, size, count + 1})), expected) << "round " << round;
    ASSERT_EQ((searched<nonet::bits::nine_bits>(masks, {size, size, count + 1})), expected) << "round " << round;
  }
}

TEST(LockedSets, ARangeOfSizesFindsEverySetThatLeavesAnItemOut) {
  std::mt19937 random(5);
  for (int round = 0; round < 300; ++round) {
    const int count = 3 + round % 7;
    const std::vector<Mask> masks = random_masks(random, count, 9, 5);
    std::vector<Found> expected;
    for (int size = 2; size <= 4 && size < count; ++size)
      for (const Found& found : brute_force(masks, size)) expected.push_back(found);
    std::vector<Found> got = searched<nonet::bits::bit_count>(masks, {2, 4, count});
    std::sort(expected.begin(), expected.end());
    std::sort(got.begin(), got.end());
    ASSERT_EQ(got, expected) << "round " << round;
  }
}

TEST(LockedSets, StopsAtTheFirstSetTaken) {
  // Items 0 and 1 are a pair on {1,2}, items 2 and 3 another on {3,4}.
  const std::vector<Mask> masks = {0b0011, 0b0011, 0b1100, 0b1100};
  int offered = 0;
  const bool taken = logic::find_locked_sets<nonet::bits::bit_count>(std::span<const Mask>(masks), {2, 2, 4},
                                                                      [&](Mask chosen, Mask joint) {
                                                                        ++offered;
                                                                        EXPECT_EQ(chosen, Mask{0b0011});
                                                                        EXPECT_EQ(joint, Mask{0b0011});
                                                                        return true;
                                                                      });
  EXPECT_TRUE(taken);
  EXPECT_EQ(offered, 1);
  // A set of every item eliminates nothing: never offered.
  EXPECT_FALSE((logic::find_locked_sets<nonet::bits::bit_count>(std::span<const Mask>(masks).first(2), {2, 2, 2},
                                                                 [](Mask, Mask) { return true; })));
}

TEST(LockedSets, DirectHiddenSubsetLeavesTheLowestDigitOnePlace) {
  // Digits 1 and 2 locked in places {0,1}. Digit 3 had places {1,4}: one left
  // (4). Digit 4 had {0,5}: one left too, but 3 is lower. Digit 5 had one
  // place only: it was a single already, not left by the subset.
  const Mask places[] = {0b000011, 0b000011, 0b010010, 0b100001, 0b001000};
  const auto single = logic::single_beside_subset(std::span<const Mask>(places), 0b11, 0b00011);
  ASSERT_TRUE(single);
  EXPECT_EQ(single->digit_index, 2);
  EXPECT_EQ(single->place, 4);
  // With every digit in the subset, none is left to place.
  EXPECT_FALSE(logic::single_beside_subset(std::span<const Mask>(places), 0b11, 0b11111));
}

TEST(SetBits, GivesEachSetBitLowestFirst) {
  std::vector<int> seen;
  for (int bit : nonet::bits::SetBits<>(0x8000000000000005ULL)) seen.push_back(bit);
  EXPECT_EQ(seen, (std::vector<int>{0, 2, 63}));
  seen.clear();
  for (int digit : nonet::bits::SetBits<1>(0b10010)) seen.push_back(digit);
  EXPECT_EQ(seen, (std::vector<int>{2, 5}));
  EXPECT_EQ(nonet::bits::SetBits<>(0).begin(), std::default_sentinel);
}

TEST(ChainBonus, LongestChainWithinIsTheInverseOfTheBonus) {
  for (logic::Tenths bonus = 0; bonus <= 12; ++bonus) {
    const int longest = logic::longest_chain_within(bonus);
    EXPECT_LE(logic::chain_length_bonus_tenths(longest), bonus);
    EXPECT_GT(logic::chain_length_bonus_tenths(longest + 1), bonus);
  }
}

std::vector<nonet::Geometry> every_kind() {
  std::vector<int> regions(81);
  std::vector<nonet::Geometry> out{nonet::Geometry::classic(3, 3), nonet::Geometry::classic(2, 3),
                                   nonet::Geometry::classic(5, 5), nonet::Geometry::diagonal(3, 3),
                                   nonet::Geometry::windoku()};
  for (int c = 0; c < 81; ++c) regions[c] = (c / 27) * 3 + (c % 9) / 3;  // boxes as regions
  std::swap(regions[3], regions[20]);                                      // r1c4 and r3c3 trade boxes
  out.push_back(nonet::Geometry::jigsaw(9, regions));
  return out;
}

TEST(Tables, LookupsAgreeWithTheGeometry) {
  for (const nonet::Geometry& geometry : every_kind()) {
    SCOPED_TRACE(geometry.cell_count());
    const logic::Tables tables(geometry);
    const auto& houses = geometry.houses();
    for (int cell = 0; cell < geometry.cell_count(); ++cell) {
      const auto peers = geometry.peers_of(cell);
      for (int other = 0; other < geometry.cell_count(); ++other) {
        const bool peer = other != cell && std::find(peers.begin(), peers.end(), other) != peers.end();
        const bool in_words = (tables.peer_words(cell)[other / 64] >> (other % 64)) & 1;
        EXPECT_EQ(in_words, peer);
        EXPECT_EQ(tables.sees(cell, other), peer);
      }
      const auto of = geometry.houses_of(cell);
      const auto positions = tables.positions_in_houses(cell);
      ASSERT_EQ(positions.size(), of.size());
      for (std::size_t k = 0; k < of.size(); ++k) EXPECT_EQ(houses[of[k]].cells[positions[k]], cell);
      // The chaining order: the same houses, box-like ones first, rows before columns.
      const auto chaining = tables.chaining_houses(cell);
      EXPECT_TRUE(std::is_permutation(chaining.begin(), chaining.end(), of.begin(), of.end()));
      auto rank = [&](int h) {
        const auto kind = houses[h].kind;
        return nonet::box_like(kind) ? 0 : kind == nonet::HouseKind::row ? 1 : kind == nonet::HouseKind::column ? 2 : 3;
      };
      EXPECT_TRUE(std::is_sorted(chaining.begin(), chaining.end(), [&](int a, int b) { return rank(a) < rank(b); }));
      for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
        const bool holds = std::find(houses[h].cells.begin(), houses[h].cells.end(), cell) != houses[h].cells.end();
        EXPECT_EQ(tables.in_house(h, cell), holds);
        EXPECT_EQ(tables.house_pos(h, cell) >= 0, holds);
      }
    }
  }
}

TEST(Tables, SeeingAllIsEveryOpenCellThatSeesEachOne) {
  const auto geometry = std::make_shared<const nonet::Geometry>(nonet::Geometry::diagonal(3, 3));
  nonet::Grid values(81, 0);
  values[10] = 4;  // a solved cell is never a target
  const nonet::CandidateGrid grid(nonet::Puzzle{geometry, values, ""});
  const logic::Tables tables(*geometry);
  const logic::Context ctx{grid, *geometry, tables};
  for (const std::vector<int>& cells : std::vector<std::vector<int>>{{0}, {0, 8}, {0, 80}, {0, 20, 40}, {}}) {
    std::vector<int> expected;
    for (int x = 0; x < 81; ++x) {
      bool all = x != 10;
      for (int c : cells) all &= x != c && tables.sees(x, c);
      if (all) expected.push_back(x);
    }
    EXPECT_EQ(logic::seeing_all(ctx, cells), expected);
  }
}

}  // namespace
