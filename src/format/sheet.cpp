// Printable sheets, SVG and PDF, from one drawing function on cairo. The page
// is drawn in millimetres: the SVG surface takes millimetres as its unit
// (viewBox 0 0 210 297 on A4), the PDF surface is scaled from points.
//
// Everything drawn comes from the Geometry and the constraints, never from
// the variant's name: thick borders wherever two neighbouring cells lie in
// different regions (boxes or jigsaw pieces alike), light shading on the
// cells of the diagonals and windoku windows, the variant rules as the shapes
// sheet_rules.cpp makes of them, and the digits.

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>
#include <numbers>
#include <stdexcept>

#include "cairo_library.hpp"
#include "core/contract.hpp"
#include "nonet/render.hpp"
#include "sheet_rules.hpp"

namespace nonet {

namespace {

constexpr double kMargin = 12, kCaptionHeight = 6, kGap = 8;
constexpr double kTitleHeight = 11, kFooterHeight = 7;
constexpr double kThin = 0.25, kThick = 0.9;
constexpr double kPointsPerMm = 72 / 25.4;
constexpr double kStackGap = 10;  // between the pages of a stacked SVG
constexpr const char* kFont = "sans-serif";

using detail::Layer;
using detail::Rgb;
using detail::RuleDrawing;
using detail::Shape;

constexpr Rgb kBlack{0, 0, 0}, kWhite{1, 1, 1}, kShade{0.894, 0.894, 0.894}, kDiagonal{0.6, 0.6, 0.6};
constexpr Rgb kSolutionGrey{0.48, 0.48, 0.48}, kCaptionGrey{0.2, 0.2, 0.2};

void set_colour(cairo_t* cr, Rgb colour) { detail::cairo().set_source_rgb(cr, colour.red, colour.green, colour.blue); }

// Which puzzles a page holds, and what it shows of them.
struct PageSpec {
  std::size_t first = 0, count = 0;
  bool solutions = false;  // a page of the solutions section
  std::size_t number = 1, total = 1;
};

int per_page_of(const SvgOptions& options) { return std::max(1, options.per_page); }

std::vector<PageSpec> plan_pages(std::size_t puzzles, const SvgOptions& options) {
  const std::size_t per_page = static_cast<std::size_t>(per_page_of(options));
  std::vector<PageSpec> pages;
  for (bool solutions : {false, true}) {
    if (solutions && !options.solutions_section) break;
    for (std::size_t first = 0; first < puzzles; first += per_page)
      pages.push_back({first, std::min(per_page, puzzles - first), solutions, 0, 0});
  }
  for (std::size_t i = 0; i < pages.size(); ++i) {
    pages[i].number = i + 1;
    pages[i].total = pages.size();
  }
  return pages;
}

// Where a grid goes in its slot of the page: as large as fits with the
// margins its outside clues need and the caption lines under it, centred.
struct GridPlace {
  double left, top, side;
};

GridPlace place_grid(const RuleDrawing& rules, int size, double slot_left, double slot_top, double slot_width,
                     double slot_height) {
  const double captions = kCaptionHeight * (rules.caption.empty() ? 1 : 2);
  const int across = size + rules.margin_left + rules.margin_right;
  const int down = size + rules.margin_top + rules.margin_bottom;
  if (across == size && down == size) {
    const double side = std::min(slot_width, slot_height - captions);
    return {slot_left + (slot_width - side) / 2, slot_top + (slot_height - captions - side) / 2, side};
  }
  const double cell = std::min(slot_width / across, (slot_height - captions) / down);
  return {slot_left + (slot_width - across * cell) / 2 + rules.margin_left * cell,
          slot_top + (slot_height - captions - down * cell) / 2 + rules.margin_top * cell, size * cell};
}

class GridDrawing {
 public:
  GridDrawing(cairo_t* cr, const SvgPuzzle& item, const RuleDrawing& rules, bool show_solution, GridPlace place)
      : cr_(cr), item_(item), rules_(rules), geometry_(*item.puzzle.geometry), show_solution_(show_solution),
        left_(place.left), top_(place.top), side_(place.side), cell_(place.side / geometry_.size()) {
    // The puzzle, and its solution where one is drawn, are grids of the geometry.
    NONET_EXPECTS(item.puzzle.cells.size() == static_cast<std::size_t>(geometry_.cell_count()));
    NONET_EXPECTS(!item.solution || item.solution->size() == static_cast<std::size_t>(geometry_.cell_count()));
  }

  void draw() const {
    shading();
    rule_shapes(Layer::tint);
    rule_shapes(Layer::under);
    thin_lines();
    diagonal_lines();
    region_borders();
    rule_shapes(Layer::over);
    digits();
    rule_shapes(Layer::label);
    captions();
  }

 private:
  double x(int column) const { return left_ + column * cell_; }
  double y(int row) const { return top_ + row * cell_; }

  void line(double x1, double y1, double x2, double y2) const {
    detail::cairo().move_to(cr_, x1, y1);
    detail::cairo().line_to(cr_, x2, y2);
  }

  // Extra houses (diagonals, windows) are what a solver must notice beyond
  // rows, columns and regions, so their cells are tinted.
  void shading() const {
    std::vector<bool> tinted(geometry_.cell_count(), false);
    for (const House& house : geometry_.houses())
      if (house.kind == HouseKind::diagonal || house.kind == HouseKind::anti_diagonal ||
          house.kind == HouseKind::window)
        for (int cell : house.cells) tinted[cell] = true;
    set_colour(cr_, kShade);
    for (int cell = 0; cell < geometry_.cell_count(); ++cell)
      if (tinted[cell]) detail::cairo().rectangle(cr_, x(geometry_.column_of(cell)), y(geometry_.row_of(cell)), cell_, cell_);
    detail::cairo().fill(cr_);
  }

  void thin_lines() const {
    const int n = geometry_.size();
    for (int i = 1; i < n; ++i) {
      line(x(i), y(0), x(i), y(n));
      line(x(0), y(i), x(n), y(i));
    }
    set_colour(cr_, kBlack);
    detail::cairo().set_line_width(cr_, kThin);
    detail::cairo().set_line_cap(cr_, CAIRO_LINE_CAP_BUTT);
    detail::cairo().stroke(cr_);
  }

  // Each diagonal the geometry has as a house (ISS may give one alone).
  void diagonal_lines() const {
    const auto has = [&](HouseKind kind) {
      return std::any_of(geometry_.houses().begin(), geometry_.houses().end(),
                         [&](const House& house) { return house.kind == kind; });
    };
    const bool main = has(HouseKind::diagonal), anti = has(HouseKind::anti_diagonal);
    if (!main && !anti) return;
    const int n = geometry_.size();
    if (main) line(x(0), y(0), x(n), y(n));
    if (anti) line(x(n), y(0), x(0), y(n));
    const double dash[] = {1.2, 1.2};
    detail::cairo().set_dash(cr_, dash, 2, 0);
    set_colour(cr_, kDiagonal);
    detail::cairo().set_line_width(cr_, kThin);
    detail::cairo().stroke(cr_);
    detail::cairo().set_dash(cr_, nullptr, 0, 0);
  }

  bool differ(int cell_a, int cell_b) const {
    return geometry_.regions()[cell_a] != geometry_.regions()[cell_b];
  }

  // Thick segments where neighbouring cells lie in different regions, joined
  // into runs so a box border is one line, not three.
  void region_borders() const {
    const int n = geometry_.size();
    for (int boundary = 1; boundary < n; ++boundary) {
      for (int start = 0; start < n;) {  // vertical: between columns boundary-1 and boundary
        if (!differ(start * n + boundary - 1, start * n + boundary)) { ++start; continue; }
        int end = start;
        while (end < n && differ(end * n + boundary - 1, end * n + boundary)) ++end;
        line(x(boundary), y(start), x(boundary), y(end));
        start = end;
      }
      for (int start = 0; start < n;) {  // horizontal: between rows boundary-1 and boundary
        if (!differ((boundary - 1) * n + start, boundary * n + start)) { ++start; continue; }
        int end = start;
        while (end < n && differ((boundary - 1) * n + end, boundary * n + end)) ++end;
        line(x(start), y(boundary), x(end), y(boundary));
        start = end;
      }
    }
    detail::cairo().rectangle(cr_, left_, top_, side_, side_);
    set_colour(cr_, kBlack);
    detail::cairo().set_line_width(cr_, kThick);
    detail::cairo().set_line_cap(cr_, CAIRO_LINE_CAP_SQUARE);
    detail::cairo().set_line_join(cr_, CAIRO_LINE_JOIN_MITER);
    detail::cairo().stroke(cr_);
  }

  // A digit centred in its cell by its ink, whatever the font.
  void digit_text(int cell, int digit, bool given) const {
    const char text[2] = {digit_char(digit), '\0'};
    detail::cairo().select_font_face(cr_, kFont, CAIRO_FONT_SLANT_NORMAL,
                           given ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    detail::cairo().set_font_size(cr_, cell_ * (geometry_.size() > 9 ? 0.55 : 0.68));
    // Across by the glyph's own ink; down by the ink of "8", so every digit
    // and letter of a row sits on one baseline.
    cairo_text_extents_t extents, eight;
    detail::cairo().text_extents(cr_, text, &extents);
    detail::cairo().text_extents(cr_, "8", &eight);
    const double cx = x(geometry_.column_of(cell)) + cell_ / 2;
    const double cy = y(geometry_.row_of(cell)) + cell_ / 2;
    detail::cairo().move_to(cr_, cx - extents.width / 2 - extents.x_bearing, cy - eight.height / 2 - eight.y_bearing);
    set_colour(cr_, given ? kBlack : kSolutionGrey);
    detail::cairo().show_text(cr_, text);
  }

  void digits() const {
    const Grid& cells = item_.puzzle.cells;
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      if (cells[cell] != 0)
        digit_text(cell, cells[cell], true);
      else if (show_solution_ && item_.solution && (*item_.solution)[cell] != 0)
        digit_text(cell, (*item_.solution)[cell], false);
    }
  }

  // Under the grid (and its bottom outside clues): the rules no mark shows,
  // in a line shrunk to the grid's width where it is longer, then the caption.
  void captions() const {
    double baseline = top_ + side_ + rules_.margin_bottom * cell_ + kCaptionHeight * 0.75;
    if (!rules_.caption.empty()) {
      std::string names;
      for (const std::string& name : rules_.caption) names += (names.empty() ? "" : " \u00b7 ") + name;
      names[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(names[0])));
      detail::cairo().select_font_face(cr_, kFont, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
      detail::cairo().set_font_size(cr_, 3.2);
      cairo_text_extents_t extents;
      detail::cairo().text_extents(cr_, names.c_str(), &extents);
      if (extents.x_advance > side_) detail::cairo().set_font_size(cr_, 3.2 * side_ / extents.x_advance);
      detail::cairo().move_to(cr_, left_, baseline);
      set_colour(cr_, kBlack);
      detail::cairo().show_text(cr_, names.c_str());
      baseline += kCaptionHeight;
    }
    if (item_.caption.empty()) return;
    detail::cairo().select_font_face(cr_, kFont, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    detail::cairo().set_font_size(cr_, 3.5);
    detail::cairo().move_to(cr_, left_, baseline);
    set_colour(cr_, kCaptionGrey);
    detail::cairo().show_text(cr_, item_.caption.c_str());
  }

  // The shapes of the rules on one layer, in cells turned into millimetres.
  void rule_shapes(Layer layer) const {
    const std::vector<Shape>& shapes = rules_.shapes;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      const Shape& shape = shapes[i];
      if (shape.layer != layer) continue;
      // Touching tinted cells filled as one path, so no seam shows between them.
      const bool joins_next = i + 1 < shapes.size() && shape.form == Shape::Form::square && !shape.stroke &&
                              shapes[i + 1].form == Shape::Form::square && !shapes[i + 1].stroke &&
                              shapes[i + 1].layer == layer && shapes[i + 1].fill == shape.fill;
      rule_shape(shape, joins_next);
    }
  }

  double px(double cells) const { return left_ + cells * cell_; }
  double py(double cells) const { return top_ + cells * cell_; }

  void rule_shape(const Shape& shape, bool joins_next) const {
    const auto& cairo = detail::cairo();
    const auto& points = shape.points;
    switch (shape.form) {
      case Shape::Form::polyline:
        for (std::size_t i = 0; i < points.size(); ++i)
          (i == 0 ? cairo.move_to : cairo.line_to)(cr_, px(points[i].x), py(points[i].y));
        if (shape.closed) cairo.close_path(cr_);
        break;
      case Shape::Form::segments:
        for (std::size_t i = 0; i + 1 < points.size(); i += 2) {
          cairo.move_to(cr_, px(points[i].x), py(points[i].y));
          cairo.line_to(cr_, px(points[i + 1].x), py(points[i + 1].y));
        }
        break;
      case Shape::Form::circle:
        cairo.new_sub_path(cr_);
        cairo.arc(cr_, px(points[0].x), py(points[0].y), shape.size * cell_, 0, 2 * std::numbers::pi);
        break;
      case Shape::Form::square:
        cairo.rectangle(cr_, px(points[0].x - shape.size), py(points[0].y - shape.size), 2 * shape.size * cell_,
                        2 * shape.size * cell_);
        break;
      case Shape::Form::text:
      case Shape::Form::corner_text: rule_text(shape); return;
    }
    if (joins_next) return;
    if (shape.fill) {
      set_colour(cr_, *shape.fill);
      (shape.stroke ? cairo.fill_preserve : cairo.fill)(cr_);
    }
    if (shape.stroke) {
      set_colour(cr_, *shape.stroke);
      cairo.set_line_width(cr_, shape.width * cell_);
      const bool round = shape.round || shape.dash == Shape::Dash::dots;
      cairo.set_line_cap(cr_, round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
      cairo.set_line_join(cr_, round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER);
      if (shape.dash != Shape::Dash::none) {
        const double dashes[] = {0.1 * cell_, 0.07 * cell_}, dots[] = {0.001 * cell_, 0.07 * cell_};
        cairo.set_dash(cr_, shape.dash == Shape::Dash::dashes ? dashes : dots, 2, 0);
      }
      cairo.stroke(cr_);
      cairo.set_dash(cr_, nullptr, 0, 0);
    }
    cairo.new_path(cr_);
  }

  // Text placed by its ink, on a white patch where asked.
  void rule_text(const Shape& shape) const {
    const auto& cairo = detail::cairo();
    cairo.select_font_face(cr_, kFont, CAIRO_FONT_SLANT_NORMAL,
                           shape.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    const double size = shape.size * cell_;
    cairo.set_font_size(cr_, size);
    cairo_text_extents_t extents;
    cairo.text_extents(cr_, shape.text.c_str(), &extents);
    double ink_left = px(shape.points[0].x), ink_top = py(shape.points[0].y);
    if (shape.form == Shape::Form::text) {
      ink_left -= extents.width / 2;
      ink_top -= extents.height / 2;
    }
    if (shape.patch) {
      const double pad = size * 0.12;
      cairo.rectangle(cr_, ink_left - pad, ink_top - pad, extents.width + 2 * pad, extents.height + 2 * pad);
      set_colour(cr_, kWhite);
      cairo.fill(cr_);
    }
    cairo.move_to(cr_, ink_left - extents.x_bearing, ink_top - extents.y_bearing);
    set_colour(cr_, shape.fill.value_or(kBlack));
    cairo.show_text(cr_, shape.text.c_str());
  }

  cairo_t* cr_;
  const SvgPuzzle& item_;
  const RuleDrawing& rules_;
  const Geometry& geometry_;
  bool show_solution_;
  double left_, top_, side_, cell_;
};

void centred_text(cairo_t* cr, const std::string& text, double centre_x, double baseline, double size, bool bold) {
  detail::cairo().select_font_face(cr, kFont, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  detail::cairo().set_font_size(cr, size);
  cairo_text_extents_t extents;
  detail::cairo().text_extents(cr, text.c_str(), &extents);
  detail::cairo().move_to(cr, centre_x - extents.x_advance / 2, baseline);
  detail::cairo().show_text(cr, text.c_str());
}

// The one drawing of a page, in millimetres from the page's top left corner.
void draw_page(cairo_t* cr, std::span<const SvgPuzzle> puzzles, const PageSpec& page, const SvgOptions& options) {
  const PaperSize paper = paper_size(options.paper);
  detail::cairo().rectangle(cr, 0, 0, paper.width, paper.height);
  detail::cairo().set_source_rgb(cr, 1, 1, 1);
  detail::cairo().fill(cr);

  std::string title = options.title;
  if (page.solutions) title = title.empty() ? "Solutions" : title + " \u2014 solutions";
  double top = kMargin, bottom = paper.height - kMargin;
  set_colour(cr, kBlack);
  if (!title.empty()) {
    centred_text(cr, title, paper.width / 2, kMargin + 5, 6, true);
    top += kTitleHeight;
  }
  if (options.page_numbers && page.total > 1) {
    set_colour(cr, kCaptionGrey);
    centred_text(cr, std::to_string(page.number) + " / " + std::to_string(page.total), paper.width / 2,
                 paper.height - kMargin + 2, 3.5, false);
    bottom -= kFooterHeight;
  }

  const PageLayout layout = page_layout(per_page_of(options));
  const double slot_width = (paper.width - 2 * kMargin - (layout.columns - 1) * kGap) / layout.columns;
  const double slot_height = (bottom - top - (layout.rows - 1) * kGap) / layout.rows;
  for (std::size_t i = 0; i < page.count; ++i) {
    const int column = static_cast<int>(i) % layout.columns, row = static_cast<int>(i) / layout.columns;
    if (row >= layout.rows) break;
    const SvgPuzzle& item = puzzles[page.first + i];
    const RuleDrawing rules = detail::draw_rules(item.puzzle);
    const GridPlace place = place_grid(rules, item.puzzle.geometry->size(), kMargin + column * (slot_width + kGap),
                                       top + row * (slot_height + kGap), slot_width, slot_height);
    GridDrawing(cr, item, rules, options.solution || page.solutions, place).draw();
  }
}

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

struct SurfaceDeleter {
  void operator()(cairo_surface_t* surface) const { detail::cairo().surface_destroy(surface); }
};
struct ContextDeleter {
  void operator()(cairo_t* cr) const { detail::cairo().destroy(cr); }
};
using Surface = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using Context = std::unique_ptr<cairo_t, ContextDeleter>;

void check(cairo_status_t status) {
  if (status != CAIRO_STATUS_SUCCESS) throw std::runtime_error(std::string("cairo: ") + detail::cairo().status_to_string(status));
}

// Draws `pages` one below the other on an SVG surface of one page's width.
std::string svg_of(std::span<const SvgPuzzle> puzzles, const std::vector<PageSpec>& pages, const SvgOptions& options) {
  const PaperSize paper = paper_size(options.paper);
  const std::size_t count = std::max<std::size_t>(1, pages.size());
  const double height = count * paper.height + (count - 1) * kStackGap;
  std::string out;
  {
    Surface surface(detail::cairo().svg_surface_create_for_stream(append_to_string, &out, paper.width, height));
    detail::cairo().svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_MM);
    Context cr(detail::cairo().create(surface.get()));
    for (std::size_t i = 0; i < pages.size(); ++i) {
      detail::cairo().save(cr.get());
      detail::cairo().translate(cr.get(), 0, i * (paper.height + kStackGap));
      draw_page(cr.get(), puzzles, pages[i], options);
      detail::cairo().restore(cr.get());
    }
    if (pages.empty()) draw_page(cr.get(), puzzles, PageSpec{}, options);
    check(detail::cairo().status(cr.get()));
    cr.reset();
    detail::cairo().surface_finish(surface.get());
    check(detail::cairo().surface_status(surface.get()));
  }
  return out;
}

}  // namespace

PageLayout page_layout(int per_page) {
  per_page = std::max(1, per_page);
  // As many columns as keep the grids near square on a page √2 taller than wide.
  const int columns = std::max(1, static_cast<int>(std::lround(std::sqrt(per_page / std::sqrt(2.0)))));
  return {columns, (per_page + columns - 1) / columns};
}

PaperSize paper_size(Paper paper) {
  if (paper == Paper::letter) return {215.9, 279.4};
  return {210, 297};
}

std::size_t page_count(std::size_t puzzles, const SvgOptions& options) { return plan_pages(puzzles, options).size(); }

std::string svg_page(std::span<const SvgPuzzle> puzzles, const SvgOptions& options) {
  const std::size_t count = std::min<std::size_t>(puzzles.size(), static_cast<std::size_t>(per_page_of(options)));
  return svg_of(puzzles, {PageSpec{0, count, false, 1, 1}}, options);
}

std::vector<std::string> svg_pages(std::span<const SvgPuzzle> puzzles, const SvgOptions& options) {
  std::vector<std::string> pages;
  for (const PageSpec& page : plan_pages(puzzles.size(), options)) pages.push_back(svg_of(puzzles, {page}, options));
  return pages;
}

std::string svg_document(std::span<const SvgPuzzle> puzzles, const SvgOptions& options) {
  return svg_of(puzzles, plan_pages(puzzles.size(), options), options);
}

std::string pdf_document(std::span<const SvgPuzzle> puzzles, const SvgOptions& options) {
  const PaperSize paper = paper_size(options.paper);
  std::vector<PageSpec> pages = plan_pages(puzzles.size(), options);
  if (pages.empty()) pages.push_back(PageSpec{});
  std::string out;
  {
    Surface surface(detail::cairo().pdf_surface_create_for_stream(append_to_string, &out, paper.width * kPointsPerMm,
                                                        paper.height * kPointsPerMm));
    if (!options.title.empty()) detail::cairo().pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, options.title.c_str());
    detail::cairo().pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "nonet");
    // No creation time: the same puzzles give the same bytes.
    detail::cairo().pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, "");
    Context cr(detail::cairo().create(surface.get()));
    detail::cairo().scale(cr.get(), kPointsPerMm, kPointsPerMm);
    for (const PageSpec& page : pages) {
      draw_page(cr.get(), puzzles, page, options);
      detail::cairo().show_page(cr.get());
    }
    check(detail::cairo().status(cr.get()));
    cr.reset();
    detail::cairo().surface_finish(surface.get());
    check(detail::cairo().surface_status(surface.get()));
  }
  return out;
}

}  // namespace nonet
