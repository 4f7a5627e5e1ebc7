// f-puzzles' puzzle JSON, the format f-puzzles saves and SudokuPad opens:
// read into a Puzzle (geometry, givens, constraints) and written back.
//
// Read: size (4..16) and grid[r][c] (given values; `region`, 0-based, for
// jigsaw pieces); the global rules "diagonal+", "diagonal-", antiknight,
// antiking, disjointgroups, nonconsecutive and negative (ratio, difference,
// xv); the rule lists killercage, extraregion, odd, even, minimum, maximum,
// quadruple, clone, difference, ratio, xv, thermometer, arrow, palindrome,
// renban, whispers, betweenline, regionsumline, entropicline, modularline,
// littlekillersum, sandwichsum, xsum, skyscraper. Numbers may be written as
// numbers or strings. Cosmetic objects (cage, circle, line, rectangle, text)
// and metadata (author, ruleset, solution, …) are skipped: they are never
// rules; the title becomes the puzzle's comment. A key that is none of these,
// or an entry that cannot be read, is an error naming the key and the entry
// (`killercage[3]: cell "R0C1" is outside the grid`): a rule dropped would
// be a wrong answer.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/format.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

// Whether the text is, by a cheap look, an f-puzzles JSON object: it starts
// with '{' and names both "size" and "grid".
bool looks_like_fpuzzles(std::string_view text);

// The puzzle of an f-puzzles JSON object. On failure nullopt, and `error`
// gives the line and column within the text (its first line is line 1) and
// the reason, which starts with the key and entry index at fault; its source
// is left empty for the caller.
std::optional<Puzzle> read_fpuzzles(std::string_view json_text, Diagnostic& error);

// The houses a variant puzzle adds to its rows, columns and boxes (or pieces).
struct ExtraHouses {
  bool main_diagonal = false;  // r1c1 to rNcN (f-puzzles' "diagonal-")
  bool anti_diagonal = false;  // rNc1 to r1cN ("diagonal+")
  bool disjoint_groups = false;
  std::vector<std::vector<int>> regions;  // extra regions of N cells
};
// The geometry of a size-N grid whose cells lie in `regions` (a label
// 0..N-1 per cell, -1 for the cell's default box): classic where they are the
// default boxes (diagonal when both diagonals are added), else jigsaw; plus
// the extra houses. Throws GeometryError saying what is wrong.
std::shared_ptr<const Geometry> variant_geometry(int size, std::vector<int> regions, const ExtraHouses& extra);

}  // namespace nonet::detail
