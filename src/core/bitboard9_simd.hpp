// The vector operations of the 9×9 bitboards (core/bitboard9.hpp), with one
// implementation per instruction set behind the same names: the fast exact
// engine (src/exact/fast9.hpp) is written over these and has no instruction-set
// conditional of its own.
//
// A build includes this header after its target switch, defining
// NONET_SIMD_AVX2 (AVX2, BMI2 and POPCNT may be used) and, on top of it,
// NONET_SIMD_AVX512 (F, VL, BW, DQ) when it has them; none of them is the
// baseline (SSE2 on x86-64, plain code elsewhere). Everything here has
// internal linkage, so each build keeps its own code: an inline function with
// one name and three bodies would let the linker hand one build's
// instructions to another.
//
// Several Bands side by side (two digits' boards in a Wide, four in a Quad)
// take one step for all of them: every operation is lane by lane, and the
// band rotations stay inside each 128-bit quarter.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "core/bitboard9.hpp"
#include "core/bits.hpp"

namespace nonet::bitboard9::simd {

// Two and four Bands side by side, and Bands itself, with leave to alias
// (tables and boards are read through them).
using Wide = std::uint32_t __attribute__((vector_size(32), may_alias));
using Quad = std::uint32_t __attribute__((vector_size(64), may_alias));
using BandsAlias = std::uint32_t __attribute__((vector_size(16), may_alias));

// kCount (1, 2 or 4) Bands side by side. (Not std::conditional: a template
// argument loses may_alias.)
template <std::size_t kCount>
struct SideBySideOf;
template <>
struct SideBySideOf<1> {
  using type = Bands;
};
template <>
struct SideBySideOf<2> {
  using type = Wide;
};
template <>
struct SideBySideOf<4> {
  using type = Quad;
};
template <std::size_t kCount>
using SideBySide = typename SideBySideOf<kCount>::type;

namespace {

// Bands rotated by one / two bands (lane b takes lane b+1 / b+2, mod 3; lane
// 3 stays 0), in every quarter.
template <class V>
inline V next_band(V lanes) {
  if constexpr (sizeof(V) == 16) return __builtin_shufflevector(lanes, lanes, 1, 2, 0, 3);
  else if constexpr (sizeof(V) == 32) return __builtin_shufflevector(lanes, lanes, 1, 2, 0, 3, 5, 6, 4, 7);
  else return __builtin_shufflevector(lanes, lanes, 1, 2, 0, 3, 5, 6, 4, 7, 9, 10, 8, 11, 13, 14, 12, 15);
}
template <class V>
inline V band_after_next(V lanes) {
  if constexpr (sizeof(V) == 16) return __builtin_shufflevector(lanes, lanes, 2, 0, 1, 3);
  else if constexpr (sizeof(V) == 32) return __builtin_shufflevector(lanes, lanes, 2, 0, 1, 3, 6, 4, 5, 7);
  else return __builtin_shufflevector(lanes, lanes, 2, 0, 1, 3, 6, 4, 5, 7, 10, 8, 9, 11, 14, 12, 13, 15);
}
// One Bands in every quarter of V.
template <class V>
inline V widen(Bands lanes) {
  if constexpr (sizeof(V) == 16) return lanes;
  else if constexpr (sizeof(V) == 32) return __builtin_shufflevector(lanes, lanes, 0, 1, 2, 3, 0, 1, 2, 3);
  else return __builtin_shufflevector(lanes, lanes, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
}

// The boards[indices[k]] side by side, quarter k each, and back.
template <std::size_t kCount>
inline SideBySide<kCount> gather(const std::array<Bands, 9>& boards, const std::array<int, kCount>& indices) {
  if constexpr (kCount == 1) {
    return boards[indices[0]];
  } else if constexpr (kCount == 2) {
    return __builtin_shufflevector(boards[indices[0]], boards[indices[1]], 0, 1, 2, 3, 4, 5, 6, 7);
  } else {
    const Wide low = __builtin_shufflevector(boards[indices[0]], boards[indices[1]], 0, 1, 2, 3, 4, 5, 6, 7);
    const Wide high = __builtin_shufflevector(boards[indices[2]], boards[indices[3]], 0, 1, 2, 3, 4, 5, 6, 7);
    return __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  }
}
template <std::size_t kCount>
inline void scatter(SideBySide<kCount> lanes, std::array<Bands, 9>& boards, const std::array<int, kCount>& indices) {
  if constexpr (kCount == 1) {
    boards[indices[0]] = lanes;
  } else if constexpr (kCount == 2) {
    boards[indices[0]] = __builtin_shufflevector(lanes, lanes, 0, 1, 2, 3);
    boards[indices[1]] = __builtin_shufflevector(lanes, lanes, 4, 5, 6, 7);
  } else {
    boards[indices[0]] = __builtin_shufflevector(lanes, lanes, 0, 1, 2, 3);
    boards[indices[1]] = __builtin_shufflevector(lanes, lanes, 4, 5, 6, 7);
    boards[indices[2]] = __builtin_shufflevector(lanes, lanes, 8, 9, 10, 11);
    boards[indices[3]] = __builtin_shufflevector(lanes, lanes, 12, 13, 14, 15);
  }
}

// Bit 0 of each (row, box) segment holding a cell of `words` (a minirow),
// and each column's bit in the band's first row where the column has a
// cell (a minicolumn): the rows × boxes and bands × columns folds.
template <class V>
inline V minirows_of(V words) {
  return (words | (words >> 1) | (words >> 2)) & (0x49u * kRowStarts);
}
template <class V>
inline V minicolumns_of(V words) {
  return (words | (words >> 9) | (words >> 18)) & kRowCells;
}

#if defined(NONET_SIMD_AVX2)

// True when any lane has a bit set: one ptest.
inline bool any(Bands lanes) {
  const __m128i x = reinterpret_cast<__m128i>(lanes);
  return !_mm_testz_si128(x, x);
}
inline bool any(Wide wide) {
  const __m256i x = reinterpret_cast<__m256i>(wide);
  return !_mm256_testz_si256(x, x);
}

// The set bits of a word: popcnt.
inline int count_bits(std::uint32_t x) { return std::popcount(x); }

// Per band row (bit 3·row + box): the boxes where the row has a cell; the
// segments' first bits gathered in order.
inline unsigned boxes_by_row(std::uint32_t band) { return _pext_u32(minirows_of(band), kBoxStarts); }

// The cells with a bit in at least one of the nine boards (once) and in two
// or more (twice): two boards side by side, the halves added at the end.
// boards: 32-byte aligned.
inline bits::CountToTwo<Bands> count_to_two(const std::array<Bands, 9>& boards) {
  const Wide* pairs = reinterpret_cast<const Wide*>(boards.data());
  Wide pair_once{}, pair_twice{};
  for (int i = 0; i < 4; ++i) {
    pair_twice |= pair_once & pairs[i];
    pair_once |= pairs[i];
  }
  const Bands once_a = __builtin_shufflevector(pair_once, pair_once, 0, 1, 2, 3);
  const Bands once_b = __builtin_shufflevector(pair_once, pair_once, 4, 5, 6, 7);
  bits::CountToTwo<Bands> count;
  count.once = once_a | once_b;
  count.twice = __builtin_shufflevector(pair_twice, pair_twice, 0, 1, 2, 3) |
                __builtin_shufflevector(pair_twice, pair_twice, 4, 5, 6, 7) | (once_a & once_b);
  count.twice |= count.once & boards[8];
  count.once |= boards[8];
  return count;
}

// A bit per board of `now` that differs from its board in `then`: two boards
// compared at a time, a mask bit per lane, each board's lanes folded into
// one bit. Both 32-byte aligned; lane 3 of every board is 0 (Bands).
inline unsigned differing(const std::array<Bands, 9>& now, const std::array<Bands, 9>& then) {
  const __m256i* now_pairs = reinterpret_cast<const __m256i*>(now.data());
  const __m256i* then_pairs = reinterpret_cast<const __m256i*>(then.data());
  std::uint64_t equal = 0;
  for (int i = 0; i < 4; ++i) {
    const __m256i same = _mm256_cmpeq_epi32(_mm256_load_si256(now_pairs + i), _mm256_load_si256(then_pairs + i));
    equal |= std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(same)))} << (8 * i);
  }
  const __m128i same8 = _mm_cmpeq_epi32(reinterpret_cast<__m128i>(now[8]), reinterpret_cast<__m128i>(then[8]));
  equal |= std::uint64_t{static_cast<std::uint32_t>(_mm_movemask_ps(_mm_castsi128_ps(same8)))} << 32;
  // Only lanes 0 to 2 can differ.
  const std::uint64_t changed = ~equal & 0x777777777ull;
  return static_cast<unsigned>(_pext_u64(changed | (changed >> 1) | (changed >> 2), 0x111111111ull));
}

#else  // the baseline

// True when any lane has a bit set: a compare and a byte mask with SSE2, two
// 64-bit halves ORed elsewhere.
inline bool any(Bands lanes) {
#if defined(__SSE2__)
  return _mm_movemask_epi8(_mm_cmpeq_epi32(reinterpret_cast<__m128i>(lanes), _mm_setzero_si128())) != 0xFFFF;
#else
  return bitboard9::any(lanes);
#endif
}
inline bool any(Wide wide) {
  return any(Bands(__builtin_shufflevector(wide, wide, 0, 1, 2, 3) | __builtin_shufflevector(wide, wide, 4, 5, 6, 7)));
}

// The set bits of a word, in registers: without popcnt, std::popcount is a
// library call.
inline int count_bits(std::uint32_t x) {
  x -= (x >> 1) & 0x55555555u;
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

// [a row's nine cells]: bit j when the row has a cell in box j.
constexpr std::array<std::uint8_t, 512> kBoxesOfRow = [] {
  std::array<std::uint8_t, 512> boxes{};
  for (unsigned row = 0; row < 512; ++row)
    for (int box = 0; box < 3; ++box)
      if ((row >> (3 * box)) & 7u) boxes[row] |= static_cast<std::uint8_t>(1u << box);
  return boxes;
}();

// Per band row (bit 3·row + box): the boxes where the row has a cell; a
// table row by row.
inline unsigned boxes_by_row(std::uint32_t band) {
  unsigned boxes = 0;
  for (int row = 0; row < 3; ++row) boxes |= unsigned{kBoxesOfRow[(band >> (9 * row)) & kRowCells]} << (3 * row);
  return boxes;
}

// The cells with a bit in at least one of the nine boards (once) and in two
// or more (twice), one board at a time.
inline bits::CountToTwo<Bands> count_to_two(const std::array<Bands, 9>& boards) {
  bits::CountToTwo<Bands> count;
  for (const Bands& board : boards) count.add(board);
  return count;
}

// A bit per board of `now` that differs from its board in `then`.
inline unsigned differing(const std::array<Bands, 9>& now, const std::array<Bands, 9>& then) {
  unsigned boards = 0;
  for (int i = 0; i < 9; ++i) boards |= static_cast<unsigned>(any(now[i] ^ then[i])) << i;
  return boards;
}

#endif  // NONET_SIMD_AVX2

// How many boards one vector register holds side by side (kBoardsPerVector);
// first_group: that many of the nine boards to step through side by side,
// the first of `pending` (a bit per board), filled with others when fewer
// are pending (a step over a board that needs none is harmless), chosen
// without a branch; and the pending boards after that group.
#if defined(NONET_SIMD_AVX512)

inline bool any(Quad quad) {
  const __m512i x = reinterpret_cast<__m512i>(quad);
  return _mm512_test_epi32_mask(x, x) != 0;
}

constexpr std::size_t kBoardsPerVector = 4;
// The pool: bits 0-8 the pending boards, bits 9-17 the others, so that its
// four lowest bits name four different boards, the pending first.
inline unsigned pool_of(unsigned pending) { return pending | ((~pending & 0x1FFu) << 9); }
inline std::array<int, 4> first_group(unsigned pending) {
  unsigned pool = pool_of(pending);
  std::array<int, 4> four;
  for (int& board : four) {
    const int bit = std::countr_zero(pool);
    pool &= pool - 1;
    board = bit - 9 * static_cast<int>(bit >= 9);
  }
  return four;
}
// The same steps as first_group's (the compiler does them once).
inline unsigned after_first_group(unsigned pending) {
  unsigned pool = pool_of(pending);
  for (int i = 0; i < 4; ++i) pool &= pool - 1;
  return pool & 0x1FFu;
}

#elif defined(NONET_SIMD_AVX2)

constexpr std::size_t kBoardsPerVector = 2;
// An odd one out is paired with the next board, mod 9: its bit (bit 9 and
// bit 0 after board 8) joins only when no board is left.
inline std::array<int, 2> first_group(unsigned pending) {
  const int board = std::countr_zero(pending);
  const unsigned rest = pending & (pending - 1);
  const unsigned next_board = (2u << board) | static_cast<unsigned>(board == 8);
  return {board, std::countr_zero(rest | (next_board & (0u - static_cast<unsigned>(rest == 0))))};
}
inline unsigned after_first_group(unsigned pending) {
  const unsigned rest = pending & (pending - 1);
  return rest & (rest - 1);
}

#else

constexpr std::size_t kBoardsPerVector = 1;
inline std::array<int, 1> first_group(unsigned pending) { return {std::countr_zero(pending)}; }
inline unsigned after_first_group(unsigned pending) { return pending & (pending - 1); }

#endif  // NONET_SIMD_AVX512

// Bit i of the 81-bit result (word 0: bytes 0..63, word 1: bytes 64..80)
// when bytes[i] is not 0: the filled cells of a grid. With SSE2 (in every
// build on x86-64), sixteen bytes at a time.
inline std::array<std::uint64_t, 2> nonzero_bytes81(const std::uint8_t* bytes) {
  std::uint64_t low = 0, high = 0;
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  for (int chunk = 0; chunk < 5; ++chunk) {
    const __m128i sixteen = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + 16 * chunk));
    const auto empty = static_cast<std::uint64_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(sixteen, zero)));
    const std::uint64_t filled = ~empty & 0xFFFF;
    if (chunk < 4) low |= filled << (16 * chunk);
    else high = filled;
  }
  high |= static_cast<std::uint64_t>(bytes[80] != 0) << 16;
#else
  for (int i = 0; i < 64; ++i) low |= static_cast<std::uint64_t>(bytes[i] != 0) << i;
  for (int i = 64; i < 81; ++i) high |= static_cast<std::uint64_t>(bytes[i] != 0) << (i - 64);
#endif
  return {low, high};
}

}  // namespace
}  // namespace nonet::bitboard9::simd
