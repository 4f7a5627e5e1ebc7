// What the generic BasicSolver and its 9×9 band engine share: which
// techniques a rating ceiling switches on, and the locked-set search behind
// naked subsets, hidden subsets and fish.
#pragma once

#include <cstdint>
#include <span>

#include "logic/techniques.hpp"
#include "core/bits.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

// The techniques whose SE 1.2.1 rating is at most a ceiling (singles always),
// as the technique table rates them.
struct BasicTechniques {
  explicit BasicTechniques(logic::Tenths ceiling) {
    using logic::Technique;
    const auto within = [&](Technique technique) { return logic::rating_of(technique) <= ceiling; };
    // The largest size k (2 to 4) whose technique is within the ceiling, 0 if none.
    const auto largest_within = [&](Technique pair, Technique triple, Technique quad) {
      return within(quad) ? 4 : within(triple) ? 3 : within(pair) ? 2 : 0;
    };
    // Claiming (2.8) is the higher of the two intersections; pointing alone
    // is never switched on.
    intersections = within(Technique::claiming);
    naked_max = largest_within(Technique::naked_pair, Technique::naked_triple, Technique::naked_quad);
    hidden_max = largest_within(Technique::hidden_pair, Technique::hidden_triple, Technique::hidden_quad);
    fish_max = largest_within(Technique::x_wing, Technique::swordfish, Technique::jellyfish);
    xy_wing = within(Technique::xy_wing);
    xyz_wing = within(Technique::xyz_wing);
  }
  bool intersections = false;
  int naked_max = 0, hidden_max = 0, fish_max = 0;
  bool xy_wing = false, xyz_wing = false;
};

// The locked-set search shared by naked subsets, hidden subsets and fish:
// `min` to `max` of the items whose masks together hold exactly as many
// bits, with `all` items in all (a locked set leaves one out). For a naked
// subset the items are cells and the bits digits, for a hidden subset digits
// and places, for fish lines and cross-lines. Items with more than `max`
// bits (which no such set takes) may be left out of the masks.
// `act(chosen, joint)` makes the eliminations (chosen: bit i for item i) and
// says whether any candidate went; the search stops at the first that does.
// `Count` counts a mask's bits (a table serves masks of nine).
struct LockedSetSizes {
  int min, max, all;
};

template <int (*Count)(Mask), typename Act>
bool find_locked_set(std::span<const Mask> masks, LockedSetSizes sizes, int from, int depth, Mask chosen, Mask joint,
                     Act& act) {
  if (depth >= sizes.min && depth < sizes.all && Count(joint) == depth && act(chosen, joint)) return true;
  if (depth == sizes.max) return false;
  const int needed = sizes.min > depth + 1 ? sizes.min - depth : 1;  // items still to take
  for (int i = from; i + needed <= static_cast<int>(masks.size()); ++i) {
    const Mask next = joint | masks[i];
    if (Count(next) > sizes.max) continue;
    if (find_locked_set<Count>(masks, sizes, i + 1, depth + 1, chosen | Mask{1} << i, next, act)) return true;
  }
  return false;
}

template <int (*Count)(Mask), typename Act>
bool find_locked_sets(std::span<const Mask> masks, LockedSetSizes sizes, Act act) {
  return find_locked_set<Count>(masks, sizes, 0, 0, 0, 0, act);
}

// Sets of exactly `size` among all the masks.
template <typename Act>
bool find_locked_set(std::span<const Mask> masks, int size, Act act) {
  const int all = static_cast<int>(masks.size());
  return all > size && find_locked_sets<bits::bit_count>(masks, {size, size, all}, act);
}

// Singles to a fixed point, then a round of the harder techniques, again
// and again: true once `done()`, false when a round finds nothing or the
// position breaks (`singles()` says false).
template <typename Singles, typename Done, typename Eliminate>
bool run_to_fixed_point(Singles singles, Done done, Eliminate eliminate) {
  while (singles()) {
    if (done()) return true;
    if (!eliminate()) return false;
  }
  return false;
}

}  // namespace nonet::detail
