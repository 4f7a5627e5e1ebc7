// XY- and XYZ-Wings, searched once for the rater's finders and the
// generator's solver: see wings.cpp for the technique.
#pragma once

#include <concepts>
#include <vector>

#include "core/bits.hpp"
#include "nonet/model.hpp"

namespace nonet::logic {

// What the search reads from a position: the geometry and each cell's
// candidates (a solved cell may show its digit: one candidate, never a pivot
// or a pincer).
template <typename Position>
concept CandidatePosition = requires(const Position& position, int cell) {
  { position.geometry() } -> std::same_as<const Geometry&>;
  { position.candidates(cell) } -> std::same_as<Mask>;
};

// Every XY-Wing (or XYZ-Wing when `xyz`) in SE's order — pivots in cell
// order, then pairs of pincers in the order of the pivot's peers — until
// `found(pivot, first, second, z)` says true: z is the digit the pincers
// share, outside the pivot (XY) or inside it (XYZ). `pincers` is scratch.
template <CandidatePosition Position, typename Found>
bool find_xy_wings(const Position& position, bool xyz, std::vector<int>& pincers, Found found) {
  const Geometry& geometry = position.geometry();
  for (int pivot = 0; pivot < geometry.cell_count(); ++pivot) {
    const Mask pivot_digits = position.candidates(pivot);
    if (bits::bit_count(pivot_digits) != (xyz ? 3 : 2)) continue;
    // A pincer: two digits, one of them (XY) or both (XYZ) in the pivot.
    pincers.clear();
    for (int peer : geometry.peers_of(pivot)) {
      const Mask digits = position.candidates(peer);
      if (bits::bit_count(digits) == 2 && bits::bit_count(digits & pivot_digits) == (xyz ? 2 : 1))
        pincers.push_back(peer);
    }
    for (std::size_t i = 0; i < pincers.size(); ++i)
      for (std::size_t k = i + 1; k < pincers.size(); ++k) {
        const Mask first = position.candidates(pincers[i]), second = position.candidates(pincers[k]);
        const Mask z = first & second;
        if (first == second || !bits::one_bit(z) || xyz != ((z & pivot_digits) != 0)) continue;
        if (found(pivot, pincers[i], pincers[k], z)) return true;
      }
  }
  return false;
}

}  // namespace nonet::logic
