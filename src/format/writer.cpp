// Writing grids: one line, or a pretty grid with box (or region) borders.
#include <algorithm>
#include <array>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/contract.hpp"
#include "nonet/format.hpp"

namespace nonet {

namespace {

// The characters of digits 0..9 ('.' for empty), 16 cells per step; false,
// writing nothing, when a cell holds a digit over 9 (sizes over 9).
bool format_small_digits(const std::uint8_t* digits, char* out) {
#if defined(__SSE2__)
  const __m128i cells = _mm_loadu_si128(reinterpret_cast<const __m128i*>(digits));
  const __m128i nine = _mm_set1_epi8(9);
  if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(cells, nine), cells)) != 0xFFFF) return false;
  const __m128i empty = _mm_cmpeq_epi8(cells, _mm_setzero_si128());
  const __m128i characters = _mm_or_si128(_mm_andnot_si128(empty, _mm_add_epi8(cells, _mm_set1_epi8('0'))),
                                          _mm_and_si128(empty, _mm_set1_epi8('.')));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), characters);
  return true;
#else
  (void)digits, (void)out;
  return false;
#endif
}

}  // namespace

// Vector compares for 16 cells at a time where the digits allow, a table
// lookup for the rest, so formatting stays well under the solve time of a
// batch (nonet solve writes every line through here).
void append_line(std::string& out, const Geometry& geometry, const Grid& cells, std::size_t room) {
  NONET_EXPECTS(cells.size() == static_cast<std::size_t>(geometry.cell_count()));
  static const auto characters = [] {
    std::array<char, 256> table{};
    for (int digit = 0; digit < 256; ++digit) table[digit] = digit_char(digit);
    return table;
  }();
  const auto count = static_cast<std::size_t>(geometry.cell_count());
  const std::size_t start = out.size();
  out.reserve(start + count + room);
  out.resize(start + count);
  const std::uint8_t* digits = cells.data();
  char* line = out.data() + start;
  std::size_t cell = 0;
  while (cell + 16 <= count && format_small_digits(digits + cell, line + cell)) cell += 16;
  for (; cell < count; ++cell) line[cell] = characters[digits[cell]];
}

std::string to_line(const Geometry& geometry, const Grid& cells) {
  std::string line;
  append_line(line, geometry, cells);
  return line;
}

namespace {

// A border goes between two neighbouring cells of different regions; for
// boxes that is every box_columns-th column, which the classic layout shows
// as "| " and "------+------" rules.
bool column_break(const Geometry& geometry, int column) {
  return geometry.box_columns() > 0 && column > 0 && column % geometry.box_columns() == 0;
}
bool row_break(const Geometry& geometry, int row) {
  return geometry.box_rows() > 0 && row > 0 && row % geometry.box_rows() == 0;
}

std::string rule(const Geometry& geometry) {
  std::string text;
  for (int c = 0; c < geometry.size(); ++c) {
    if (column_break(geometry, c)) text += "+-";
    text += c + 1 < geometry.size() ? "--" : "-";
  }
  return text;
}

}  // namespace

// Irregular regions (jigsaw): '|' between cells of different regions, and a
// rule under each cell whose neighbour below lies in another region.
std::string to_region_grid(const Geometry& geometry, const Grid& cells) {
  NONET_EXPECTS(cells.size() == static_cast<std::size_t>(geometry.cell_count()));
  const int size = geometry.size();
  const auto& region = geometry.regions();
  auto border_below = [&](int r, int c) { return region[r * size + c] != region[(r + 1) * size + c]; };
  std::string text;
  for (int r = 0; r < size; ++r) {
    for (int c = 0; c < size; ++c) {
      text += digit_char(cells[r * size + c]);
      if (c + 1 < size) text += region[r * size + c] != region[r * size + c + 1] ? '|' : ' ';
    }
    text += '\n';
    if (r + 1 == size) break;
    std::string rule;
    for (int c = 0; c < size; ++c) {
      rule += border_below(r, c) ? '-' : ' ';
      if (c + 1 < size) rule += border_below(r, c) || border_below(r, c + 1) ? '-' : ' ';
    }
    if (rule.find('-') != std::string::npos) text += rule.substr(0, rule.find_last_not_of(' ') + 1) + "\n";
  }
  return text;
}

std::string to_pretty_grid(const Geometry& geometry, const Grid& cells) {
  if (geometry.box_columns() == 0) return to_region_grid(geometry, cells);
  NONET_EXPECTS(cells.size() == static_cast<std::size_t>(geometry.cell_count()));
  std::string text;
  const int size = geometry.size();
  for (int r = 0; r < size; ++r) {
    if (row_break(geometry, r)) text += rule(geometry) + "\n";
    for (int c = 0; c < size; ++c) {
      if (column_break(geometry, c)) text += "| ";
      text += digit_char(cells[r * size + c]);
      if (c + 1 < size) text += ' ';
    }
    text += '\n';
  }
  return text;
}

std::string to_region_line(const Geometry& geometry) {
  std::string labels;
  labels.reserve(geometry.regions().size());
  for (int region : geometry.regions()) labels += digit_char(region + 1);
  return labels;
}

std::string to_candidate_line(const Geometry& geometry, const std::vector<Mask>& candidates) {
  const int size = geometry.size();
  std::string line(candidates.size() * static_cast<std::size_t>(size), '.');
  for (std::size_t cell = 0; cell < candidates.size(); ++cell)
    for (int digit = 1; digit <= size; ++digit)
      if (candidates[cell] & digit_bit(digit)) line[cell * size + digit - 1] = digit_char(digit);
  return line;
}

char digit_char(int digit, DigitStyle style) {
  if (style != DigitStyle::zero_based || digit <= 0) return digit_char(digit);
  return digit == 1 ? '0' : digit_char(digit - 1);
}

void to_zero_based(std::string& text, std::size_t begin, std::size_t end) {
  end = std::min(end, text.size());
  for (std::size_t i = begin; i < end; ++i) {
    const int digit = digit_of_char(text[i], kMaxSize);
    if (digit > 0) text[i] = digit_char(digit, DigitStyle::zero_based);
  }
}

}  // namespace nonet
