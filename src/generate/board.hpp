// The boards the generator's closures run on (closure.hpp): a digit's
// places are a set of cells, and a board says what the closure engine asks
// of such sets — a cell's peers, the houses as sets and as member lists,
// where a digit's places lie in a house, which of them are alone in one.
// One template, three kinds of set:
//   Bands     9×9 with the standard rows, columns and boxes (classic,
//             diagonal, windoku): those 27 houses of a digit's board are
//             folded at once (core/bitboard9.hpp), any further house is
//             looked at by the loops the other boards use for all of theirs
//   Words<2>  up to 128 cells (every 9×9 variant, 6×6, 4×4)
//   Words<N>  anything larger (N = 4: 16×16; N = 64: up to 64×64)
// Every board gives the same answers; the band one is why the easy and
// basic levels are fast (docs/journal/2026-generator.md).
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "core/bitboard9.hpp"
#include "core/bits.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

using bitboard9::Bands;
using bitboard9::any;
using bitboard9::for_each_cell;
using bitboard9::holds;
using bitboard9::same;

// N 64-bit words: bit i is bit i % 64 of word i / 64 (cells, or houses).
template <int N>
struct Words {
  std::uint64_t word[N] = {};
  Words& operator&=(const Words& other) {
    for (int i = 0; i < N; ++i) word[i] &= other.word[i];
    return *this;
  }
  Words& operator|=(const Words& other) {
    for (int i = 0; i < N; ++i) word[i] |= other.word[i];
    return *this;
  }
  Words& operator^=(const Words& other) {
    for (int i = 0; i < N; ++i) word[i] ^= other.word[i];
    return *this;
  }
  friend Words operator&(Words a, const Words& b) { return a &= b; }
  friend Words operator|(Words a, const Words& b) { return a |= b; }
  friend Words operator^(Words a, const Words& b) { return a ^= b; }
  friend Words operator~(Words a) {
    for (std::uint64_t& w : a.word) w = ~w;
    return a;
  }
  static Words bit(int i) {
    Words one;
    one.word[i / 64] = std::uint64_t{1} << (i % 64);
    return one;
  }
};

template <int N>
bool any(const Words<N>& bits) {
  std::uint64_t all = 0;
  for (std::uint64_t w : bits.word) all |= w;
  return all != 0;
}
template <int N>
bool same(const Words<N>& a, const Words<N>& b) {
  return !any(a ^ b);
}
template <int N>
bool holds(const Words<N>& bits, int i) {
  return bits.word[i / 64] >> (i % 64) & 1;
}
template <int N, typename Visit>
void for_each_cell(const Words<N>& bits, Visit visit) {
  for (int i = 0; i < N; ++i)
    for (std::uint64_t w = bits.word[i]; w != 0; w &= w - 1) visit(64 * i + std::countr_zero(w));
}
// The bits in order until `visit` says true; whether it did.
template <int N, typename Visit>
bool find_bit(const Words<N>& bits, Visit visit) {
  for (int i = 0; i < N; ++i)
    for (std::uint64_t w = bits.word[i]; w != 0; w &= w - 1)
      if (visit(64 * i + std::countr_zero(w))) return true;
  return false;
}
template <int N>
int count_cells(const Words<N>& bits) {
  int total = 0;
  for (std::uint64_t w : bits.word) total += bits::bit_count(w);
  return total;
}
inline int count_cells(Bands cells) {
  const auto halves = reinterpret_cast<bitboard9::Halves>(cells);
  return bits::bit_count(halves[0]) + bits::bit_count(halves[1]);
}

template <typename CellSet>
class Board {
 public:
  using Cells = CellSet;
  static constexpr bool kBands = std::is_same_v<Cells, Bands>;
  // The most digits (N of an N×N grid) whose cells fit.
  static constexpr int kMaxDigits = [] {
    if constexpr (kBands) return 9;
    int n = 1;
    while (n < kMaxSize && (n + 1) * (n + 1) <= 64 * static_cast<int>(sizeof(Cells) / 8)) ++n;
    return n;
  }();
  // Rows, columns, N boxes or regions, two diagonals or four windows.
  using Houses = Words<(3 * kMaxDigits + 4 + 63) / 64>;

  static bool fits(const Geometry& geometry);
  explicit Board(const Geometry& geometry);

  int digits() const { return digits_; }
  int cell_count() const { return digits_ * digits_; }
  int house_count() const { return static_cast<int>(houses_.size()); }
  const Cells& all() const { return all_; }
  Cells cell(int cell) const {
    if constexpr (kBands) return bitboard9::cell_bit(cell);
    else return Cells::bit(cell);
  }
  const Cells& peers(int cell) const { return peers_[cell]; }
  const Cells& house(int house) const { return houses_[house].cells; }
  // The house's cells, in the order its place masks follow: a row's by
  // column and a column's by row (so a line's places are the cross-lines
  // it meets).
  std::span<const int> members(int house) const { return houses_[house].members; }
  std::span<const int> houses_of(int cell) const { return {&cell_houses_[cell_start_[cell]], &cell_houses_[cell_start_[cell + 1]]}; }
  // Row (orientation 0) or column (1) `index` as a house.
  int line(int orientation, int index) const { return lines_[orientation][index]; }
  // Bits of a house's places, digits or lines (masks of nine on the band board).
  static int count(Mask mask) {
    if constexpr (kBands) return bits::nine_bits(mask);
    else return bits::bit_count(mask);
  }

  // Where a digit's `places` lie in the house: bit i for members(house)[i].
  Mask places_in(const Cells& places, int house) const {
    if constexpr (kBands)
      if (house < bitboard9::kHouses) return bitboard9::places_in(places, house);
    Mask mask = 0;
    const auto cells = members(house);
    for (int i = 0; i < static_cast<int>(cells.size()); ++i) mask |= Mask{holds(places, cells[i])} << i;
    return mask;
  }
  // The cells of `places` alone in some house: hidden singles.
  Cells alone_in_a_house(const Cells& places) const {
    Cells alone{};
    if constexpr (kBands) alone = bitboard9::hidden_in_lines_and_boxes(places);
    for (int h = folded_; h < house_count(); ++h) {
      const Cells in_house = places & house(h);
      if (count_cells(in_house) == 1) alone |= in_house;
    }
    return alone;
  }
  // The houses holding any of `cells`.
  Houses houses_meeting(const Cells& cells) const {
    Houses meeting{};
    if constexpr (kBands) meeting.word[0] = bitboard9::houses_meeting(cells);
    for (int h = folded_; h < house_count(); ++h)
      if (any(cells & house(h))) meeting |= Houses::bit(h);
    return meeting;
  }
  // The places a digit loses to pointing and claiming: its places in one
  // house of an intersection all lie in the other, whose further cells lose it.
  Cells intersection_removals(const Cells& places) const {
    Cells removals{};
    if constexpr (kBands) removals = bitboard9::intersection_removals(places);
    for (const Meet& meet : meets_)
      for (const auto& [inside, outside] : {std::pair{meet.a, meet.b}, std::pair{meet.b, meet.a}}) {
        const Cells confined = places & house(inside);
        if (any(confined & meet.shared) && !any(confined & ~meet.shared)) removals |= places & house(outside) & ~meet.shared;
      }
    return removals;
  }

  // For SE's direct pointing and claiming: the pairs (a, b) of houses
  // sharing two cells or more, a's in pair_start(a) .. pair_start(a + 1),
  // each with the houses of a's kind that cross b.
  struct Crosser {
    int house;
    Mask outside;  // its places outside b
  };
  struct Pair {
    int b;
    Mask inside, outside;  // a's places inside b, b's outside a
    int first_crosser, end_crosser;
  };
  int pair_start(int a) const { return pair_start_[a]; }
  const Pair& pair(int index) const { return pairs_[index]; }
  const Crosser& crosser(int index) const { return crossers_[index]; }

 private:
  struct HouseCells {
    HouseKind kind;
    std::vector<int> members;
    Cells cells;
  };
  struct Meet {  // two houses sharing two cells or more, not both folded
    int a, b;
    Cells shared;
  };
  void derive_tables();

  int digits_;
  int folded_ = 0;  // houses 0 .. folded_ - 1 are folded (the band board's 27)
  Cells all_{};
  std::vector<HouseCells> houses_;
  std::vector<Cells> peers_;
  std::vector<int> cell_houses_, cell_start_;
  std::vector<int> lines_[2];
  std::vector<Meet> meets_;
  std::vector<int> pair_start_;
  std::vector<Pair> pairs_;
  std::vector<Crosser> crossers_;
};

using BandBoard = Board<Bands>;

// Calls visit(std::type_identity<B>{}) for the fastest board B that fits
// the geometry, and returns what it returns.
template <typename Visit>
decltype(auto) with_board(const Geometry& geometry, Visit visit) {
  if (BandBoard::fits(geometry)) return visit(std::type_identity<BandBoard>{});
  if (Board<Words<2>>::fits(geometry)) return visit(std::type_identity<Board<Words<2>>>{});
  if (Board<Words<4>>::fits(geometry)) return visit(std::type_identity<Board<Words<4>>>{});
  return visit(std::type_identity<Board<Words<64>>>{});
}

}  // namespace nonet::detail
