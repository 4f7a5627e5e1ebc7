// Simon Tatham's Solo game IDs (the sgt-puzzles Sudoku, `sgt-solo
// --generate N 3x3kdi` prints them), one puzzle a line:
//   PARAMS:GIVENS[,BLOCKS][,CAGES,SUMS]
//   PARAMS  "3x3" (boxes of 3 rows by 3 columns: Solo's c×r is c rows of r
//           columns), "9j" (jigsaw of 9), then "x" for both diagonals and
//           "k" for killer cages
//   GIVENS  the grid in reading order: a letter is a run of empty cells
//           (a = 1 … z = 26), a number a digit, '_' separates two numbers
//   BLOCKS  jigsaw regions, CAGES killer cages: which of the grid's inner
//           edges divide two regions (first the edges between columns, row by
//           row, then those between rows, column by column), written as the
//           count of non-dividing edges before each dividing one ('_' none,
//           a-y 1-25; z: 26 and no divide)
//   SUMS    the cages' sums, written like GIVENS, each in one cell of its cage
#pragma once

#include <string>
#include <string_view>

#include "nonet/model.hpp"

namespace nonet::detail {

bool looks_like_solo_game_id(std::string_view text);

// The puzzle, or throws SoloError with the 0-based offset in `text` of what
// it could not read.
Puzzle read_solo_game_id(std::string_view text);

struct SoloError {
  std::size_t offset;
  std::string reason;
};

}  // namespace nonet::detail
