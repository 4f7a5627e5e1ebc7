// Links that carry a puzzle inside them, and the compressed strings they
// carry:
//   https://www.f-puzzles.com/?load=N4Ig…         f-puzzles JSON, LZ-string base64
//   https://sudokupad.app/fpuzzlesN4Ig…           the same, opened in SudokuPad
//   https://sudokupad.app/?puzzleid=fpuzzlesN4Ig… (also crackingthecryptic.com)
//   https://sudokupad.app/sclN4Ig…                SudokuPad's own format (sudokupad.hpp)
//   N4Ig…, fpuzzlesN4Ig…, sclN4Ig…                 the bare strings
// The compressed text may come URL-encoded (%2B, %2F, %3D) or with its '+'
// turned into spaces. Links that only name a puzzle kept on a server
// (sudokupad.app/abc123, f-puzzles.com/?id=…) are refused, saying so:
// nonet reads what the link itself holds.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "nonet/format.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

enum class LinkFormat { fpuzzles, sudokupad };

struct LinkPayload {
  LinkFormat format;
  std::string json;  // the puzzle's JSON (SudokuPad's unzipped to plain JSON)
  int column = 1;    // where the compressed text starts in the link (1-based)
};

// Whether the text is, by a cheap look, such a link or compressed string.
bool looks_like_puzzle_link(std::string_view text);

// The JSON a link or bare compressed string carries. On failure nullopt, and
// `error` (line 1) gives the column of the text at fault and why.
std::optional<LinkPayload> decode_puzzle_link(std::string_view text, Diagnostic& error);

// The puzzle of a link: decoded, then read as f-puzzles or SudokuPad JSON.
// An error in the JSON it carries is placed at the start of the compressed
// text, its reason naming the key and entry (as read_fpuzzles names them).
std::optional<Puzzle> read_puzzle_link(std::string_view text, Diagnostic& error);

}  // namespace nonet::detail
