// The locked-set search behind naked subsets, hidden subsets and fish,
// written once for the rater's finders and the generator's solvers.
//
// A locked set is k items whose masks together hold exactly k bits: for a
// naked subset the items are a house's cells and the bits their digits, for
// a hidden subset digits and their places, for fish lines and the
// cross-lines holding the digit. The rater takes the first set that
// eliminates something, as a step; the generator makes the eliminations.
#pragma once

#include <bit>
#include <optional>
#include <span>

#include "core/bits.hpp"
#include "nonet/model.hpp"

namespace nonet::logic {

// Sets of `min` to `max` items, out of `all` items in all (a set of all of
// them eliminates nothing, so it is not offered). Items with more than `max`
// bits, which no such set takes, may be left out of the masks.
struct LockedSetSizes {
  int min, max, all;
};

namespace search {
template <int (*Count)(Mask), typename Found>
bool find_locked_sets_below(std::span<const Mask> masks, LockedSetSizes sizes, int below, int depth, Mask chosen,
                            Mask joint, Found& found) {
  if (depth >= sizes.min && depth < sizes.all && Count(joint) == depth && found(chosen, joint)) return true;
  if (depth == sizes.max) return false;
  // Items are taken from the highest down, so each pick leaves room below it
  // for the items still needed to reach `min`.
  const int needed = sizes.min > depth + 1 ? sizes.min - depth : 1;
  for (int i = needed - 1; i < below; ++i) {
    const Mask next = joint | masks[i];
    if (Count(next) > sizes.max) continue;
    if (find_locked_sets_below<Count>(masks, sizes, i, depth + 1, chosen | Mask{1} << i, next, found)) return true;
  }
  return false;
}
}  // namespace search

// Offers every locked set to `found(chosen, joint)` (chosen: bit i for item
// i; joint: the bits of their masks) until it says true, and says whether it
// did. Sets of one size come in SE's order, the chosen masks in increasing
// value ({0,1}, {0,2}, {1,2}, {0,3} ...), so the rater's first step is SE's.
// `Count` counts a mask's bits (a table serves masks of nine).
template <int (*Count)(Mask), typename Found>
bool find_locked_sets(std::span<const Mask> masks, LockedSetSizes sizes, Found found) {
  return search::find_locked_sets_below<Count>(masks, sizes, static_cast<int>(masks.size()), 0, 0, 0, found);
}

// SE's direct form of a hidden subset: the lowest digit outside the subset's
// `digits` that had several places in the house and has one left beside the
// subset's `positions`. `places[i]` holds the places of the digit of bit i.
struct PlacedDigit {
  int place, digit_index;  // the house's place and the digit's bit
};
template <std::size_t Extent>
std::optional<PlacedDigit> single_beside_subset(std::span<const Mask, Extent> places, Mask positions, Mask digits) {
  for (int i = 0; i < static_cast<int>(places.size()); ++i) {
    if (digits >> i & 1) continue;
    const Mask left = places[i] & ~positions;
    if (!bits::at_most_one_bit(places[i]) && bits::one_bit(left))
      return PlacedDigit{std::countr_zero(left), i};
  }
  return std::nullopt;
}

// SE's direct hidden subset in one house of `open` open cells: the first set
// of `size` digits, each with two to `size` places, locked in `size` places,
// that leaves another digit one place (single_beside_subset). `places[i]`
// holds the places of the digit of bit i; `Count` counts a mask's bits.
// Inlined: the closure solvers call it for every house and size.
template <int (*Count)(Mask), std::size_t Extent>
[[gnu::always_inline]] inline std::optional<PlacedDigit> find_direct_hidden_subset(std::span<const Mask, Extent> places,
                                                                                   int size, int open) {
  if (open <= size) return std::nullopt;
  Mask masks[kMaxSize];
  int pool[kMaxSize], count = 0;
  for (int i = 0; i < static_cast<int>(places.size()); ++i)
    if (const int n = Count(places[i]); n >= 2 && n <= size) {
      pool[count] = i;
      masks[count++] = places[i];
    }
  std::optional<PlacedDigit> single;
  find_locked_sets<Count>(std::span<const Mask>(masks, count), {size, size, open}, [&](Mask chosen, Mask positions) {
    Mask digits = 0;
    for (; chosen; chosen &= chosen - 1) digits |= Mask{1} << pool[std::countr_zero(chosen)];
    single = single_beside_subset(places, positions, digits);
    return single.has_value();
  });
  return single;
}

}  // namespace nonet::logic
