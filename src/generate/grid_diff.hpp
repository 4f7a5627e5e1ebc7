// Walking from the givens a solver last saw to the next ones: the carver asks
// about puzzles a few cells apart, so its solvers keep what they derived from
// the previous givens and update it for the changed cells only.
#pragma once

#include <cstdint>
#include <cstring>

#include "nonet/model.hpp"

namespace nonet::detail {

// Calls changed(cell, before, now) for each cell where `synced` differs from
// `givens` (skipping equal runs of 8 cells at a time), and brings `synced` up
// to date.
template <typename Changed>
void sync_givens(Grid& synced, const Grid& givens, Changed changed) {
  const int cells = static_cast<int>(givens.size());
  for (int cell = 0; cell < cells; ++cell) {
    if (cell % 8 == 0 && cell + 8 <= cells) {
      std::uint64_t was, is;
      std::memcpy(&was, &synced[cell], 8);
      std::memcpy(&is, &givens[cell], 8);
      if (was == is) {
        cell += 7;
        continue;
      }
    }
    const int before = synced[cell], now = givens[cell];
    if (before == now) continue;
    changed(cell, before, now);
    synced[cell] = static_cast<std::uint8_t>(now);
  }
}

}  // namespace nonet::detail
