// The searches the rater's finders and the generator's solvers share
// (src/logic/locked_sets.hpp, intersections.hpp, wings.hpp): the locked-set
// search against brute force, in SE's order, and the direct forms.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <span>
#include <vector>

#include "logic/internal.hpp"
#include "logic/locked_sets.hpp"

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

}  // namespace
