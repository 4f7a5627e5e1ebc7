// XY- and XYZ-Wings, searched once for the rater's finders and the
// generator's solvers: see wings.cpp for the technique.
#pragma once

#include <concepts>
#include <vector>

#include "core/bits.hpp"
#include "nonet/model.hpp"

namespace nonet::logic {

// What the search reads from a position: the number of cells, each cell's
// candidates (a solved cell may show its digit: one candidate, never a pivot
// or a pincer) and, for a cell, its peers holding exactly two candidates,
// each passed to a visitor.
template <typename Position>
concept WingPosition = requires(const Position& position, int cell, void (*visit)(int)) {
  { position.cell_count() } -> std::same_as<int>;
  { position.candidates(cell) } -> std::same_as<Mask>;
  position.for_each_bivalue_peer(cell, visit);
};

// The bivalue peers of a cell from the geometry's peer lists, in their order
// (the rater's and the generic solver's).
template <typename Candidates>
void for_each_bivalue_peer(const Geometry& geometry, int cell, const Candidates& candidates, auto visit) {
  for (int peer : geometry.peers_of(cell))
    if (bits::mask_bit_count(candidates(peer)) == 2) visit(peer);
}

// Every XY-Wing (or XYZ-Wing when `xyz`) in SE's order — pivots in cell
// order, then pairs of pincers in the order the position lists the pivot's
// bivalue peers — until `found(pivot, first, second, z)` says true: z is the
// digit the pincers share, outside the pivot (XY) or inside it (XYZ).
// `pincers` is scratch; `Count` counts a mask's bits.
template <int (*Count)(Mask), WingPosition Position, typename Found>
bool find_xy_wings(const Position& position, bool xyz, std::vector<int>& pincers, Found found) {
  for (int pivot = 0; pivot < position.cell_count(); ++pivot) {
    const Mask pivot_digits = position.candidates(pivot);
    if (Count(pivot_digits) != (xyz ? 3 : 2)) continue;
    // A pincer: two digits, one of them (XY) or both (XYZ) in the pivot.
    pincers.clear();
    position.for_each_bivalue_peer(pivot, [&](int peer) {
      if (Count(position.candidates(peer) & pivot_digits) == (xyz ? 2 : 1)) pincers.push_back(peer);
    });
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
