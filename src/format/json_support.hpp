// What the JSON readers share (nonet's own JSON, f-puzzles, SudokuPad):
// placing a byte of the text at a line and column, the byte a parse error
// points at, the nesting limit that keeps deep brackets from recursing, and
// the text of comments and messages.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

namespace nonet::detail {

// Puzzles nest a few levels ({"puzzles": [board rows…]}, f-puzzles'
// {"arrow": [{"lines": [[…]]}]}): anything much deeper is no puzzle, and
// nlohmann's dump() recurses once a level (100,000 nested brackets
// overflowed the stack).
constexpr int kMaxJsonDepth = 64;

// The byte where the text's brackets first nest deeper than kMaxJsonDepth
// (strings skipped), or nullopt.
std::optional<std::size_t> json_too_deep(std::string_view text);
// The 1-based line and column of a byte of the text, whose first line is `first_line`.
std::pair<int, int> line_and_column(std::string_view text, std::size_t byte, int first_line);
// The byte a JSON error points at. Bad syntax (parse_error) says; a number
// beyond a double (out_of_range 406, "345e123456789") does not, and is placed
// at the start of its text.
std::size_t json_error_byte(const nlohmann::json::exception& error);
// "invalid JSON: parse error at …", without nlohmann's "[json.exception…]" prefix.
std::string json_error_reason(const nlohmann::json::exception& error);

// Messages and comments of the JSON readers.
// A comment is printed on its puzzle's output line, so a line break in it
// would give one record two lines: it becomes a space.
std::string one_line(std::string text);
// "text", in double quotes.
std::string in_quotes(std::string_view text);

}  // namespace nonet::detail
