// SudokuPad's own puzzle format, as its "scl" links carry it: JSON written
// short ("zipped": keys unquoted and abbreviated, strings in single quotes,
// t/f for booleans, empty objects left out, colours without '#') and then
// compressed as LZ-string base64.
//
// Read are only the rules the format states: the givens (cells[r][c].value),
// the regions (classic boxes or jigsaw pieces), killer cages with their sums
// and the metadata's antiknight / antiking. Its lines, arrows, overlays and
// underlays are drawings whose rule is in the prose only: a puzzle that has
// any is refused with a message naming them, never guessed.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "nonet/format.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

// Zipped SudokuPad JSON as plain JSON text, or nullopt and `error` (line 1,
// the column within the zipped text) saying why.
std::optional<std::string> unzip_sudokupad(std::string_view zipped, Diagnostic& error);

// The puzzle of SudokuPad's (plain) JSON. On failure nullopt and `error`
// names the key and entry at fault (`cages[2]: …`), at line 1, column 1.
std::optional<Puzzle> read_sudokupad(std::string_view json_text, Diagnostic& error);

}  // namespace nonet::detail
