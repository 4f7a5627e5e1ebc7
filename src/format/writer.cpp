// Writing grids: one line, or a pretty grid with box (or region) borders.
#include <algorithm>

#include "core/contract.hpp"
#include "nonet/format.hpp"

namespace nonet {

std::string to_line(const Geometry& geometry, const Grid& cells) {
  NONET_EXPECTS(cells.size() == static_cast<std::size_t>(geometry.cell_count()));
  std::string line(geometry.cell_count(), '.');
  for (int cell = 0; cell < geometry.cell_count(); ++cell) line[cell] = digit_char(cells[cell]);
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
