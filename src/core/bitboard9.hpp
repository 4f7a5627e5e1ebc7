// The 9×9 grid as bitboards: the one layout of the fast exact engine
// (src/exact/fast9.hpp) and of the generator's band board
// (src/generate/board.hpp), with its tables and folds.
//
// The grid is three bands of three rows. A set of cells is three 27-bit
// words, one per band, in one 128-bit vector (Bands; lane 3 stays 0):
//
//     cell c = 9·row + column = 27·band + 9·row-in-band + column
//            → bit c % 27 of lane c / 27
//
//   bits  0.. 8  row 0 of the band   (box 3b+0 is bits 0..2 of each row,
//   bits  9..17  row 1 of the band    box 3b+1 bits 3..5, box 3b+2 bits 6..8)
//   bits 18..26  row 2 of the band
//
// A digit's board is the Bands of the cells that can still hold it; GCC's
// vector extension gives SSE2 on x86-64 and the same operations elsewhere, so
// a step over the nine digits is nine vector steps.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "core/bits.hpp"
#include "nonet/model.hpp"

namespace nonet::bitboard9 {

using Bands = std::uint32_t __attribute__((vector_size(16)));

// Bits 0, 9, 18: the first column of each row of a band; multiplying a
// 9-bit column set by it copies the set into all three rows.
constexpr std::uint32_t kRowStarts = 0x40201;
constexpr std::uint32_t kRowCells = 0x1ff;        // the nine cells of a band's first row
constexpr std::uint32_t kBoxStarts = 0x1249249;   // bits 0, 3, …, 24: each box's first column, every row
constexpr std::uint32_t kBoxCorners = 0x49;       // bits 0, 3, 6: each box's first cell in the band
constexpr std::uint32_t kBoxCells = 0x1c0e07;     // the first box of a band
constexpr std::uint32_t kBandCells = 0x7ffffff;
constexpr Bands kAllCells = {kBandCells, kBandCells, kBandCells, 0};

// A cell's bit, from a table: built in place, one lane written then the
// vector read back, it stalls on store-to-load forwarding.
inline const std::array<Bands, 81> kCellBits = [] {
  std::array<Bands, 81> bits{};
  for (int cell = 0; cell < 81; ++cell) bits[cell][cell / 27] = std::uint32_t{1} << (cell % 27);
  return bits;
}();
inline Bands cell_bit(int cell) { return kCellBits[cell]; }
inline bool holds(Bands cells, int cell) { return cells[cell / 27] >> (cell % 27) & 1; }

using Halves = std::uint64_t __attribute__((vector_size(16)));
// Two 64-bit halves ORed: cheaper than taking out three lanes (the fast
// engine has its own per instruction set, fast9.hpp).
inline bool any(Bands cells) {
  const auto halves = reinterpret_cast<Halves>(cells);
  return (halves[0] | halves[1]) != 0;
}
inline bool same(Bands a, Bands b) { return !any(a ^ b); }

// Counting to two across folds of the nine boards.
using Count = bits::CountToTwo<Bands>;

// Per cell, the cells of each band that see it (itself excluded), classic or
// diagonal (the two diagonals are houses too): [cell][band], lane 3 zero.
using PeerWords = std::array<std::array<std::uint32_t, 4>, 81>;
constexpr PeerWords peer_words(bool diagonal) {
  PeerWords peers{};
  for (int cell = 0; cell < 81; ++cell) {
    const int row = cell / 9, column = cell % 9;
    for (int other = 0; other < 81; ++other) {
      if (other == cell) continue;
      const int other_row = other / 9, other_column = other % 9;
      bool sees = row == other_row || column == other_column ||
                  (row / 3 == other_row / 3 && column / 3 == other_column / 3);
      if (diagonal)
        sees = sees || (row == column && other_row == other_column) ||
               (row + column == 8 && other_row + other_column == 8);
      if (sees) peers[cell][other / 27] |= 1u << (other % 27);
    }
  }
  return peers;
}
inline constexpr PeerWords kClassicPeers = peer_words(false), kDiagonalPeers = peer_words(true);

// A house of nine cells that share a row, a column or a 3×3 box is that
// row, column or box.
inline bool standard_house(const House& house) {
  const auto all_share = [&](auto line) {
    return std::all_of(house.cells.begin(), house.cells.end(),
                       [&](int cell) { return line(cell) == line(house.cells.front()); });
  };
  return house.cells.size() == 9 && (all_share([](int cell) { return cell / 9; }) ||
                                     all_share([](int cell) { return cell % 9; }) ||
                                     all_share([](int cell) { return 3 * (cell / 27) + cell % 9 / 3; }));
}

// The cells of `places` (one digit's) that are alone in their row, column or
// box: each house folded onto its first cell, counted, and spread back.
inline Bands hidden_in_lines_and_boxes(Bands places) {
  Count rows;  // fold the nine columns of each row onto its first
  for (int column = 0; column < 9; ++column) rows.add((places >> column) & kRowStarts);
  Bands row_alone = rows.exactly_once();
  row_alone |= row_alone << 1;
  row_alone |= row_alone << 2;
  row_alone |= row_alone << 4;
  row_alone |= (row_alone & kRowStarts) << 8;  // nine bits from each row start

  Count columns;  // fold the three rows of each band onto its first
  for (int row = 0; row < 3; ++row) columns.add((places >> (9 * row)) & kRowCells);
  // then the three bands onto each other: every lane adds the other two
  // (__builtin_shufflevector: g++ and clang both have it, unlike __builtin_shuffle)
  const Bands other = __builtin_shufflevector(columns.once, columns.once, 1, 2, 0, 3);
  const Bands third = __builtin_shufflevector(columns.once, columns.once, 2, 0, 1, 3);
  const Bands column_twice = columns.twice | __builtin_shufflevector(columns.twice, columns.twice, 1, 2, 0, 3) |
                             __builtin_shufflevector(columns.twice, columns.twice, 2, 0, 1, 3) | (columns.once & other) |
                             (columns.once & third) | (other & third);
  Bands column_alone = (columns.once | other | third) & ~column_twice;
  column_alone |= column_alone << 9 | column_alone << 18;

  Count box_rows;  // fold each box's three columns onto its first, per row
  for (int column = 0; column < 3; ++column) box_rows.add((places >> column) & kBoxStarts);
  Count boxes;  // then each box's three rows onto its first cell
  for (int row = 0; row < 3; ++row) {
    boxes.add((box_rows.once >> (9 * row)) & kBoxCorners);
    boxes.add((box_rows.twice >> (9 * row)) & kBoxCorners);  // a second in one row counts twice
  }
  Bands box_alone = boxes.once & ~boxes.twice;
  box_alone |= box_alone << 1 | box_alone << 2;
  box_alone |= box_alone << 9 | box_alone << 18;

  return places & (row_alone | column_alone | box_alone);
}

// Classic 9×9 only (rows, columns and boxes, numbered as below): the cell,
// house and peer sets, and per-house views of a digit's board.
inline constexpr int kColumns = 9, kBoxes = 18, kHouses = 27;  // house numbers: rows 0–8, columns 9–17, boxes 18–26

// Built once, read only.
struct Tables {
  Bands cell[81];
  Bands peers[81];
  Bands house[27];
  // A house's cells by place: a row's places are its columns, a column's its
  // rows (so a line's places are the cross-lines it meets), a box's row-major.
  std::uint8_t member[27][9];
};

inline Tables build_tables() {
  Tables tables{};
  for (int place = 0; place < 9; ++place)
    for (int index = 0; index < 9; ++index) {
      tables.member[index][place] = static_cast<std::uint8_t>(9 * index + place);
      tables.member[kColumns + index][place] = static_cast<std::uint8_t>(9 * place + index);
      tables.member[kBoxes + index][place] =
          static_cast<std::uint8_t>(9 * (3 * (index / 3) + place / 3) + 3 * (index % 3) + place % 3);
    }
  for (int cell = 0; cell < 81; ++cell) tables.cell[cell] = cell_bit(cell);
  for (int house = 0; house < 27; ++house)
    for (int cell : tables.member[house]) tables.house[house] |= tables.cell[cell];
  for (int cell = 0; cell < 81; ++cell) {
    const auto& words = kClassicPeers[cell];
    tables.peers[cell] = Bands{words[0], words[1], words[2], 0};
  }
  return tables;
}

inline const Tables& tables() {
  static const Tables built = build_tables();
  return built;
}

template <typename Visit>
void for_each_cell(Bands cells, Visit visit) {
  for (int band = 0; band < 3; ++band)
    for (std::uint32_t bits = cells[band]; bits != 0; bits &= bits - 1) visit(27 * band + std::countr_zero(bits));
}

// The places of `house` in a board, as ordered in Tables::member.
inline Mask places_in(Bands board, int house) {
  const int index = house % 9;
  if (house < kColumns) return board[index / 3] >> (9 * (index % 3)) & kRowCells;
  if (house < kBoxes) {
    Mask places = 0;
    for (int band = 0; band < 3; ++band) {
      const std::uint32_t rows = board[band] >> index;
      places |= Mask{(rows & 1) | (rows >> 8 & 2) | (rows >> 16 & 4)} << (3 * band);
    }
    return places;
  }
  const std::uint32_t rows = board[index / 3] >> (3 * (index % 3));
  return (rows & 7) | (rows >> 6 & 0x38) | (rows >> 12 & 0x1c0);
}

// Bit 9·row-in-band + 3·box-in-band of each lane: that row meets the cells
// in that box.
inline Bands segments(Bands cells) { return (cells | cells >> 1 | cells >> 2) & kBoxStarts; }

// The houses (bits as numbered above) that hold any of `cells`.
inline std::uint32_t houses_meeting(Bands cells) {
  std::uint32_t rows = 0, columns = 0, boxes = 0;
  const Bands in_segments = segments(cells);
  for (int band = 0; band < 3; ++band) {
    const std::uint32_t lane = cells[band];
    for (int row = 0; row < 3; ++row) rows |= std::uint32_t{(lane >> (9 * row) & kRowCells) != 0} << (3 * band + row);
    columns |= (lane | lane >> 9 | lane >> 18) & kRowCells;
    const std::uint32_t seg = in_segments[band];
    const std::uint32_t corners = (seg | seg >> 9 | seg >> 18) & kBoxCorners;
    boxes |= ((corners & 1) | (corners >> 2 & 2) | (corners >> 4 & 4)) << (3 * band);
  }
  return rows | columns << kColumns | boxes << kBoxes;
}

// One digit's intersections, both ways: where its places in a box lie in
// one row or column, the rest of that line loses it (pointing); where those
// of a line lie in one box, the rest of the box does (claiming).
inline Bands intersection_removals(Bands board) {
  Bands removals = {};
  std::uint32_t columns[3];  // per band: the columns holding the digit there
  const Bands in_segments = segments(board);
  for (int band = 0; band < 3; ++band) {
    const std::uint32_t seg = in_segments[band];
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t row_in_box = seg >> (3 * k) & kRowStarts;  // a box's rows (bits 0, 9, 18)
      if (bits::one_bit(row_in_box))
        removals[band] |= (kRowCells << std::countr_zero(row_in_box)) & ~(kBoxCells << (3 * k));
      const std::uint32_t box_in_row = seg >> (9 * k) & kBoxCorners;  // a row's boxes (bits 0, 3, 6)
      if (bits::one_bit(box_in_row))
        removals[band] |= (kBoxCells << std::countr_zero(box_in_row)) & ~(kRowCells << (9 * k));
    }
    const std::uint32_t lane = board[band];
    columns[band] = (lane | lane >> 9 | lane >> 18) & kRowCells;
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t column_in_box = columns[band] & (7u << (3 * k));
      if (!bits::one_bit(column_in_box)) continue;
      for (int other = 0; other < 3; ++other)
        if (other != band) removals[other] |= column_in_box * kRowStarts;  // the column's cells there
    }
  }
  for (int band = 0; band < 3; ++band)
    for (std::uint32_t only = columns[band] & ~columns[(band + 1) % 3] & ~columns[(band + 2) % 3]; only;
         only &= only - 1) {
      const int column = std::countr_zero(only);
      removals[band] |= (kBoxCells << (3 * (column / 3))) & ~(kRowStarts << column);
    }
  return removals;
}

}  // namespace nonet::bitboard9
