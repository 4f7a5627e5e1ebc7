// Variant puzzles written as one line of text, as the Interactive Sudoku
// Solver (ISS) writes and reads them:
//   constraint strings   .Shape~6x6.~R1C1_5~R2C3_1.Cage~15~R1C1~R1C2.Thermo~R3C1~R3C2…
//                        (items separated by '.', arguments by '~'; docs/variants.md
//                        lists the item names nonet reads and what each becomes)
//   short killer text    81 characters: a cage's sum (0-9, A-Z for 10-35, a-j for
//                        36-45) in one cell, the cage's other cells pointing
//                        towards it with < > ^ v (and ` ' , . diagonally)
//   long killer text     3x3:d:k:3841:7705:… (":d" for diagonals; each cell
//                        sum·256 + cage number, 0 for no cage)
#pragma once

#include <string>
#include <string_view>

#include "nonet/model.hpp"

namespace nonet::detail {

bool looks_like_iss_text(std::string_view text);

// The puzzle, or throws IssError with the 0-based offset in `text` of the
// item it could not read.
Puzzle read_iss_text(std::string_view text);

struct IssError {
  std::size_t offset;
  std::string reason;
};

}  // namespace nonet::detail
