// Writing grids: one line, or a pretty grid with box (or region) borders.
#include "nonet/format.hpp"

namespace nonet {

std::string to_line(const Geometry& geometry, const Grid& cells) {
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

std::string to_pretty_grid(const Geometry& geometry, const Grid& cells) {
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

}  // namespace nonet
