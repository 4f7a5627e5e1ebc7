// SVG pages. Units are millimetres (viewBox 0 0 210 297 on an A4 page), so a
// printed page has the sizes written here.
//
// Everything drawn comes from the Geometry, never from the variant's name:
// thick borders wherever two neighbouring cells lie in different regions
// (boxes or jigsaw pieces alike), light shading on the cells of every extra
// house (diagonals, windoku windows), and the digits.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "nonet/render.hpp"

namespace nonet {

namespace {

constexpr double kPageWidth = 210, kPageHeight = 297, kMargin = 12;
constexpr double kCaptionHeight = 6, kGap = 8;
constexpr double kThin = 0.25, kThick = 0.9;

std::string number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", value);
  std::string text = buffer;
  // Trim "12.50" to "12.5" and "12.00" to "12": smaller files, same drawing.
  text.erase(text.find_last_not_of('0') + 1);
  if (text.back() == '.') text.pop_back();
  return text;
}

std::string escape_xml(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string line(double x1, double y1, double x2, double y2) {
  return "<line x1=\"" + number(x1) + "\" y1=\"" + number(y1) + "\" x2=\"" + number(x2) +
         "\" y2=\"" + number(y2) + "\"/>\n";
}

class GridDrawing {
 public:
  GridDrawing(const SvgPuzzle& item, bool show_solution, double left, double top, double side)
      : item_(item), geometry_(*item.puzzle.geometry), show_solution_(show_solution), left_(left),
        top_(top), side_(side), cell_(side / geometry_.size()) {}

  std::string draw() const {
    return "<g class=\"puzzle\">\n" + shading() + thin_lines() + diagonal_lines() + region_borders() +
           digits() + caption() + "</g>\n";
  }

 private:
  double x(int column) const { return left_ + column * cell_; }
  double y(int row) const { return top_ + row * cell_; }

  // Extra houses (diagonals, windows) are what a solver must notice beyond
  // rows, columns and regions, so their cells are tinted.
  std::string shading() const {
    std::vector<bool> tinted(geometry_.cell_count(), false);
    for (const House& house : geometry_.houses())
      if (house.kind == HouseKind::diagonal || house.kind == HouseKind::anti_diagonal ||
          house.kind == HouseKind::window)
        for (int cell : house.cells) tinted[cell] = true;
    std::string out = "<g fill=\"#e4e4e4\" stroke=\"none\">\n";
    for (int cell = 0; cell < geometry_.cell_count(); ++cell)
      if (tinted[cell])
        out += "<rect x=\"" + number(x(geometry_.column_of(cell))) + "\" y=\"" +
               number(y(geometry_.row_of(cell))) + "\" width=\"" + number(cell_) + "\" height=\"" +
               number(cell_) + "\"/>\n";
    return out + "</g>\n";
  }

  std::string thin_lines() const {
    std::string out = "<g stroke=\"#000\" stroke-width=\"" + number(kThin) + "\">\n";
    for (int i = 1; i < geometry_.size(); ++i) {
      out += line(x(i), y(0), x(i), y(geometry_.size()));
      out += line(x(0), y(i), x(geometry_.size()), y(i));
    }
    return out + "</g>\n";
  }

  std::string diagonal_lines() const {
    if (!geometry_.has_diagonals()) return {};
    const int n = geometry_.size();
    return "<g stroke=\"#9a9a9a\" stroke-width=\"" + number(kThin) + "\" stroke-dasharray=\"1.2 1.2\">\n" +
           line(x(0), y(0), x(n), y(n)) + line(x(n), y(0), x(0), y(n)) + "</g>\n";
  }

  bool differ(int cell_a, int cell_b) const {
    return geometry_.regions()[cell_a] != geometry_.regions()[cell_b];
  }

  // Thick segments where neighbouring cells lie in different regions, joined
  // into runs so a box border is one line, not three.
  std::string region_borders() const {
    const int n = geometry_.size();
    std::string out = "<g stroke=\"#000\" stroke-width=\"" + number(kThick) +
                      "\" stroke-linecap=\"square\" fill=\"none\">\n";
    for (int boundary = 1; boundary < n; ++boundary) {
      for (int start = 0; start < n;) {  // vertical: between columns boundary-1 and boundary
        if (!differ(start * n + boundary - 1, start * n + boundary)) { ++start; continue; }
        int end = start;
        while (end < n && differ(end * n + boundary - 1, end * n + boundary)) ++end;
        out += line(x(boundary), y(start), x(boundary), y(end));
        start = end;
      }
      for (int start = 0; start < n;) {  // horizontal: between rows boundary-1 and boundary
        if (!differ((boundary - 1) * n + start, boundary * n + start)) { ++start; continue; }
        int end = start;
        while (end < n && differ((boundary - 1) * n + end, boundary * n + end)) ++end;
        out += line(x(start), y(boundary), x(end), y(boundary));
        start = end;
      }
    }
    out += "<rect x=\"" + number(left_) + "\" y=\"" + number(top_) + "\" width=\"" + number(side_) +
           "\" height=\"" + number(side_) + "\"/>\n";
    return out + "</g>\n";
  }

  std::string digit_text(int cell, int digit, const char* style) const {
    const double font = cell_ * (geometry_.size() > 9 ? 0.55 : 0.68);
    // The baseline sits about 0.35 em below the centre for digits; this
    // avoids dominant-baseline, which not every renderer honours.
    const double cx = x(geometry_.column_of(cell)) + cell_ / 2;
    const double cy = y(geometry_.row_of(cell)) + cell_ / 2 + font * 0.35;
    return "<text x=\"" + number(cx) + "\" y=\"" + number(cy) + "\" font-size=\"" + number(font) +
           "\" " + style + ">" + digit_char(digit) + "</text>\n";
  }

  std::string digits() const {
    std::string out =
        "<g font-family=\"Helvetica, Arial, sans-serif\" text-anchor=\"middle\">\n";
    const Grid& cells = item_.puzzle.cells;
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      if (cells[cell] != 0) {
        out += digit_text(cell, cells[cell], "class=\"given\" font-weight=\"bold\" fill=\"#000\"");
      } else if (show_solution_ && item_.solution && (*item_.solution)[cell] != 0) {
        out += digit_text(cell, (*item_.solution)[cell], "class=\"solution\" fill=\"#8a8a8a\"");
      }
    }
    return out + "</g>\n";
  }

  std::string caption() const {
    if (item_.caption.empty()) return {};
    return "<text x=\"" + number(left_) + "\" y=\"" + number(top_ + side_ + kCaptionHeight * 0.75) +
           "\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"3.5\" fill=\"#333\">" +
           escape_xml(item_.caption) + "</text>\n";
  }

  const SvgPuzzle& item_;
  const Geometry& geometry_;
  bool show_solution_;
  double left_, top_, side_, cell_;
};

}  // namespace

PageLayout page_layout(int per_page) {
  per_page = std::max(1, per_page);
  // As many columns as keep the grids near square on a page √2 taller than wide.
  const int columns = std::max(1, static_cast<int>(std::lround(std::sqrt(per_page / std::sqrt(2.0)))));
  return {columns, (per_page + columns - 1) / columns};
}

std::string svg_page(std::span<const SvgPuzzle> puzzles, const SvgOptions& options) {
  const PageLayout layout = page_layout(options.per_page);
  const double slot_width = (kPageWidth - 2 * kMargin - (layout.columns - 1) * kGap) / layout.columns;
  const double slot_height = (kPageHeight - 2 * kMargin - (layout.rows - 1) * kGap) / layout.rows;
  const double side = std::min(slot_width, slot_height - kCaptionHeight);
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\">\n"
      "<rect width=\"210\" height=\"297\" fill=\"#fff\"/>\n";
  const std::size_t count = std::min<std::size_t>(puzzles.size(), layout.columns * layout.rows);
  for (std::size_t i = 0; i < count; ++i) {
    const int column = static_cast<int>(i) % layout.columns, row = static_cast<int>(i) / layout.columns;
    // Centre the square grid in its slot.
    const double left = kMargin + column * (slot_width + kGap) + (slot_width - side) / 2;
    const double top = kMargin + row * (slot_height + kGap) + (slot_height - kCaptionHeight - side) / 2;
    out += GridDrawing(puzzles[i], options.solution, left, top, side).draw();
  }
  return out + "</svg>\n";
}

std::vector<std::string> svg_pages(std::span<const SvgPuzzle> puzzles, const SvgOptions& options) {
  const std::size_t per_page = static_cast<std::size_t>(std::max(1, options.per_page));
  std::vector<std::string> pages;
  for (std::size_t start = 0; start < puzzles.size(); start += per_page)
    pages.push_back(svg_page(puzzles.subspan(start, std::min(per_page, puzzles.size() - start)), options));
  return pages;
}

}  // namespace nonet
