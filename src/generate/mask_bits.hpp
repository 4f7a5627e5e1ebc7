// Bit counts on candidate masks for the generator's solvers. The portable
// build has no -mpopcnt, where std::popcount and std::has_single_bit become
// libgcc calls; these stay a few inline instructions.
#pragma once

#include "nonet/model.hpp"

namespace nonet::detail {

inline bool one_bit(Mask mask) { return mask != 0 && (mask & (mask - 1)) == 0; }
inline bool at_most_one_bit(Mask mask) { return (mask & (mask - 1)) == 0; }

inline int bit_count(Mask mask) {
  mask -= (mask >> 1) & 0x5555555555555555ULL;
  mask = (mask & 0x3333333333333333ULL) + ((mask >> 2) & 0x3333333333333333ULL);
  mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((mask * 0x0101010101010101ULL) >> 56);
}

}  // namespace nonet::detail
