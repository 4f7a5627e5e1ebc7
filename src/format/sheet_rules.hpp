// What the variant rules of a puzzle look like on a printed sheet: one
// drawing description built from the constraints (and the extra houses of the
// geometry), in cell units, which sheet.cpp draws with cairo onto the SVG and
// the PDF alike. Kept apart from cairo so that what each rule shows is said
// once and can be tested without a surface.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "nonet/model.hpp"

namespace nonet::detail {

struct Rgb {
  double red, green, blue;
  bool operator==(const Rgb&) const = default;
};

// A point in cells: x along the columns, y down the rows, (0, 0) the grid's
// top-left corner, (N, N) its bottom-right; outside clues lie at -1..0 or N..N+1.
struct Point {
  double x, y;
};

// When a shape is drawn, relative to the grid's own lines and digits.
enum class Layer {
  tint,    // cell shading, beneath everything
  under,   // lines, bulbs, circles, odd/even shapes: beneath the grid lines
  over,    // cages, dots, letters, chevrons, outside clues: above the grid lines
  label,   // cage sums and quadruple digits: above the digits, on a white patch
};

struct Shape {
  enum class Form {
    polyline,  // points joined in order; closed when `closed`
    segments,  // pairs of points, each pair one stroke (pills: every pair of touching cells)
    circle,    // centre points[0], `size` the radius
    square,    // centre points[0], `size` half the side
    text,      // `text` with its ink centred on points[0], `size` the font size
    corner_text,  // `text` with its ink's top-left corner at points[0]
  };
  Form form = Form::polyline;
  Layer layer = Layer::under;
  std::vector<Point> points = {};
  bool closed = false;
  double size = 0;
  std::optional<Rgb> fill = {}, stroke = {};
  double width = 0;      // of the stroke, in cells
  enum class Dash { none, dashes, dots } dash = Dash::none;  // killer cages dashed, sum cages dotted
  bool round = false;    // round caps and joins (lines), else butt caps and mitre joins
  std::string text = {};
  bool bold = false;
  bool patch = false;    // a white patch behind the text, so lines under it stay clear of it
  bool operator==(const Shape&) const = default;
};

struct RuleDrawing {
  std::vector<Shape> shapes = {};
  // Rules that show no marks (anti-knight…) and what a colour or an outside
  // number stands for: one line of names under the grid.
  std::vector<std::string> caption = {};
  // Cells of margin each side for the outside clues (0 or 1).
  int margin_top = 0, margin_right = 0, margin_bottom = 0, margin_left = 0;
  bool empty() const { return shapes.empty() && caption.empty(); }
};

// Every rule of the puzzle as shapes. A constraint kind the switch inside
// does not draw fails to compile, so a new kind cannot be dropped silently.
RuleDrawing draw_rules(const Puzzle& puzzle);

}  // namespace nonet::detail
