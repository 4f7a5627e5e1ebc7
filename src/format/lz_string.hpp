// LZ-string's base64 form (compressToBase64 / decompressFromBase64 of the
// lz-string library), which f-puzzles `?load=` links and SudokuPad links
// carry: an LZW code stream over the text's UTF-16 units, written 6 bits to
// a character. Written here from the algorithm's description; the text on
// nonet's side is UTF-8.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "nonet/format.hpp"

namespace nonet::detail {

// A decompressed text longer than this (UTF-16 units) is refused: a puzzle
// is a few kilobytes, and a short crafted stream could expand quadratically.
constexpr std::size_t kMaxDecompressedUnits = std::size_t{1} << 22;

// The text (UTF-8; invalid bytes read as U+FFFD) compressed, padded with '='
// to a multiple of four characters as lz-string pads it.
std::string lz_compress_to_base64(std::string_view utf8);

// The UTF-8 text of a compressed string of base64 characters (A-Z a-z 0-9 + /,
// '-' read as '/' for the URL-safe alphabet, '=' or '$' as padding). On
// failure, nullopt and `error` says why; its column is the 1-based position
// of the character at fault (line 1), or 1 for the stream as a whole.
std::optional<std::string> lz_decompress_from_base64(std::string_view base64, Diagnostic& error);

}  // namespace nonet::detail
