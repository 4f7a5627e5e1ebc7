// Walking from the givens a solver last saw to the next ones: the carver asks
// about puzzles a few cells apart, so its solvers keep what they derived from
// the previous givens and update it for the changed cells only.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "nonet/model.hpp"

namespace nonet::detail {

// Calls changed(cell, before, now) for each cell where `synced` differs from
// `givens` (sixteen or eight cells compared at a time, and only the
// differing bytes visited), and brings `synced` up to date.
template <typename Changed>
void sync_givens(Grid& synced, const Grid& givens, Changed changed) {
  static_assert(std::endian::native == std::endian::little, "byte k of a loaded word is cell k");
  const int cells = static_cast<int>(givens.size());
  const auto visit = [&](int cell) {
    const int before = synced[cell], now = givens[cell];
    changed(cell, before, now);
    synced[cell] = static_cast<std::uint8_t>(now);
  };
  int cell = 0;
#if defined(__SSE2__)
  // Sixteen cells at a time: a byte compare gives the mask of equal cells.
  for (; cell + 16 <= cells; cell += 16) {
    const __m128i was = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&synced[cell]));
    const __m128i is = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&givens[cell]));
    for (unsigned diff = ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(was, is))) & 0xffff; diff != 0;
         diff &= diff - 1)
      visit(cell + std::countr_zero(diff));
  }
#endif
  for (; cell + 8 <= cells; cell += 8) {
    std::uint64_t was, is;
    std::memcpy(&was, &synced[cell], 8);
    std::memcpy(&is, &givens[cell], 8);
    for (std::uint64_t diff = was ^ is; diff != 0;) {
      const int byte = std::countr_zero(diff) / 8;
      visit(cell + byte);
      diff &= ~(std::uint64_t{0xff} << (8 * byte));
    }
  }
  for (; cell < cells; ++cell)
    if (synced[cell] != givens[cell]) visit(cell);
}

}  // namespace nonet::detail
