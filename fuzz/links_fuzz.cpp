// LZ-string and puzzle links over any bytes. The decompressor gives a text
// or an error placed on the input; what it gives compresses and decompresses
// back to itself; any text compresses into base64 of whole quads that
// decompresses to that text (invalid UTF-8 read as U+FFFD, then stable); a
// link gives a puzzle or an error placed on the link; SudokuPad's zipped
// JSON unzips to JSON that parses, or to an error placed on it.
#include <algorithm>

#include "check.hpp"
#include "format/lz_string.hpp"
#include "format/puzzle_link.hpp"
#include "format/sudokupad.hpp"

#include <nlohmann/json.hpp>

namespace {

using namespace nonet;
using fuzz::require;

void require_placed(const Diagnostic& error, std::size_t size, const char* who) {
  require(!error.reason.empty(), std::string(who) + ": error without a reason");
  require(error.line == 1 && error.column >= 1 && error.column <= static_cast<int>(size) + 1,
          std::string(who) + ": error placed outside the input, column " + std::to_string(error.column));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Diagnostic error;

  if (const auto decoded = detail::lz_decompress_from_base64(text, error)) {
    const std::string again = detail::lz_compress_to_base64(*decoded);
    const auto back = detail::lz_decompress_from_base64(again, error);
    require(back == decoded, "decompressed text does not survive compressing again");
  } else {
    require_placed(error, size, "lz_decompress_from_base64");
  }

  const std::string compressed = detail::lz_compress_to_base64(text);
  require(compressed.size() % 4 == 0, "compressed text not padded to whole quads");
  const auto plain = detail::lz_decompress_from_base64(compressed, error);
  require(plain.has_value(), "compressed text does not decompress: " + error.reason);
  const bool ascii = std::none_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  require(!ascii || *plain == text, "ASCII text does not come back as itself");
  require(detail::lz_decompress_from_base64(detail::lz_compress_to_base64(*plain), error) == plain,
          "compress/decompress is not stable");

  if (const auto puzzle = detail::read_puzzle_link(text, error)) {
    require(puzzle->geometry != nullptr && puzzle->cells.size() == static_cast<std::size_t>(puzzle->geometry->cell_count()),
            "linked puzzle without a fitting geometry");
  } else {
    require_placed(error, size, "read_puzzle_link");
  }

  if (const auto json = detail::unzip_sudokupad(text, error)) {
    require(nlohmann::json::accept(*json), "unzipped SudokuPad JSON is not JSON: " + *json);
    Diagnostic read_error;
    if (!detail::read_sudokupad(*json, read_error)) require(!read_error.reason.empty(), "SudokuPad error without a reason");
  } else {
    require_placed(error, size, "unzip_sudokupad");
  }
  return 0;
}
