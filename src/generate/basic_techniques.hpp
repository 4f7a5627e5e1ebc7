// What the generic BasicSolver and its 9×9 band engine share: which
// techniques a rating ceiling switches on, and the loop to a fixed point.
// (Their locked-set search is the rater's: logic/locked_sets.hpp.)
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
