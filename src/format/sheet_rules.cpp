// The variant rules as shapes (sheet_rules.hpp). Sizes are fractions of a
// cell, so a rule looks the same on a 4×4 and a 16×16 grid, and on a sheet of
// one or of twelve puzzles. Colours follow the conventions of f-puzzles and
// SudokuPad (green whispers, purple renban…) and stay light enough that the
// digits over them read in grey print.
#include "sheet_rules.hpp"

#include <algorithm>
#include <set>
#include <cmath>
#include <map>
#include <tuple>

namespace nonet::detail {

namespace {

constexpr Rgb kInk{0, 0, 0}, kWhite{1, 1, 1};
constexpr Rgb kThermo{0.78, 0.78, 0.78}, kArrow{0.45, 0.45, 0.45}, kShapeGrey{0.86, 0.86, 0.86};
constexpr Rgb kWhisper{0.40, 0.78, 0.40}, kRenban{0.76, 0.52, 0.90}, kPalindrome{0.68, 0.68, 0.68};
constexpr Rgb kBetween{0.55, 0.66, 0.84}, kRegionSum{0.36, 0.58, 0.96}, kEntropic{0.96, 0.64, 0.30};
constexpr Rgb kModular{0.30, 0.72, 0.72}, kZipper{0.92, 0.50, 0.72}, kNabner{0.80, 0.72, 0.20};
constexpr Rgb kLockout{0.62, 0.62, 0.92}, kSumLine{0.45, 0.70, 0.45};
constexpr Rgb kLunchbox{0.90, 0.88, 0.84}, kLunchboxLine{0.60, 0.56, 0.50}, kCountingCircle{0.55, 0.55, 0.55};
constexpr Rgb kMarkGrey{0.35, 0.35, 0.35}, kPairTable{0.50, 0.50, 0.50};
constexpr Rgb kExtraRegion{0.80, 0.89, 1.00}, kPiece{0.90, 0.45, 0.10};
// Indexer cells as f-puzzles colours them: rows red, columns green, boxes yellow.
constexpr Rgb kRowIndexer{1.00, 0.85, 0.85}, kColumnIndexer{0.80, 0.95, 0.84}, kBoxIndexer{1.00, 0.97, 0.77};
// Clones: each pair of copies its own tint.
constexpr Rgb kSameValueTints[] = {{0.80, 0.90, 0.98}, {0.93, 0.86, 0.80}, {0.86, 0.93, 0.88}, {0.92, 0.88, 0.96}};
constexpr Rgb kCloneTints[] = {{1.00, 0.87, 0.70}, {0.84, 0.95, 0.78}, {0.95, 0.84, 0.95}, {0.99, 0.95, 0.70}};

constexpr double kCageInset = 0.12;    // the dashed line, this far inside the cage's cells
constexpr double kLineWidth = 0.18;    // whispers, renban and the other coloured lines
constexpr double kCircle = 0.40;       // arrow circles and the ends of between lines

class RuleDrawer {
 public:
  explicit RuleDrawer(const Puzzle& puzzle) : geometry_(*puzzle.geometry), n_(geometry_.size()) {}

  RuleDrawing draw(const Puzzle& puzzle) {
    extra_houses();
    int clones = 0, same_sets = 0;
    for (const Constraint& rule : puzzle.constraints) one(rule, clones, same_sets);
    return std::move(out_);
  }

 private:
  Point centre(int cell) const { return {geometry_.column_of(cell) + 0.5, geometry_.row_of(cell) + 0.5}; }
  static Point mid(Point a, Point b) { return {(a.x + b.x) / 2, (a.y + b.y) / 2}; }
  // b's direction from a, of unit length.
  static Point towards(Point a, Point b) {
    const double dx = b.x - a.x, dy = b.y - a.y, length = std::hypot(dx, dy);
    return length > 0 ? Point{dx / length, dy / length} : Point{0, 0};
  }

  void add(Shape shape) { out_.shapes.push_back(std::move(shape)); }
  void caption(const std::string& name) {
    if (std::find(out_.caption.begin(), out_.caption.end(), name) == out_.caption.end()) out_.caption.push_back(name);
  }

  void tint(const std::vector<int>& cells, Rgb colour) {
    for (int cell : cells) {
      Shape square{Shape::Form::square, Layer::tint, {centre(cell)}};
      square.size = 0.5;
      square.fill = colour;
      add(std::move(square));
    }
  }

  void line(const std::vector<int>& cells, Rgb colour, double width, Layer layer = Layer::under) {
    Shape path{Shape::Form::polyline, layer};
    for (int cell : cells) path.points.push_back(centre(cell));
    path.stroke = colour;
    path.width = width;
    path.round = true;
    add(std::move(path));
  }

  void circle(Point at, double radius, std::optional<Rgb> fill, std::optional<Rgb> stroke, double width,
              Layer layer = Layer::under) {
    Shape round{Shape::Form::circle, layer, {at}};
    round.size = radius;
    round.fill = fill;
    round.stroke = stroke;
    round.width = width;
    add(std::move(round));
  }

  void text(Point at, const std::string& words, double size, Rgb colour, Layer layer, bool bold = false,
            bool patch = false, Shape::Form form = Shape::Form::text) {
    Shape label{form, layer, {at}};
    label.text = words;
    label.size = size;
    label.fill = colour;
    label.bold = bold;
    label.patch = patch;
    add(std::move(label));
  }

  // A stroke through the points, ending in an arrow head.
  void arrow_line(std::vector<Point> points, Rgb colour, double width, Layer layer) {
    if (points.size() < 2) return;
    Shape shaft{Shape::Form::polyline, layer, points};
    shaft.stroke = colour;
    shaft.width = width;
    shaft.round = true;
    add(std::move(shaft));
    const Point tip = points.back(), back = towards(tip, points[points.size() - 2]);
    const double head = 0.22, spread = 0.6;  // the head's length in cells and half-angle in radians
    const auto arm = [&](double turn) {
      return Point{tip.x + head * (back.x * std::cos(turn) - back.y * std::sin(turn)),
                   tip.y + head * (back.x * std::sin(turn) + back.y * std::cos(turn))};
    };
    Shape head_shape{Shape::Form::polyline, layer, {arm(spread), tip, arm(-spread)}};
    head_shape.stroke = colour;
    head_shape.width = width;
    head_shape.round = true;
    add(std::move(head_shape));
  }

  // The houses beyond rows, columns and boxes that sheet.cpp does not shade
  // already (diagonals and windows): extra regions tinted, disjoint groups,
  // which cover the whole grid and so cannot be told apart by a tint, named,
  // and extra regions that tile most of the grid (ISS's jigsaw pieces beside
  // the boxes), where a tint would cover almost every cell, outlined.
  void extra_houses() {
    std::vector<int> piece(geometry_.cell_count(), -1);
    bool overlap = false;
    int covered = 0;
    std::vector<const House*> extra;
    for (std::size_t index = 0; index < geometry_.houses().size(); ++index) {
      const House& house = geometry_.houses()[index];
      if (house.kind == HouseKind::disjoint_group) caption("disjoint groups");
      if (house.kind != HouseKind::extra_region) continue;
      extra.push_back(&house);
      for (int cell : house.cells) {
        if (piece[cell] >= 0) overlap = true;
        else ++covered;
        piece[cell] = static_cast<int>(index);
      }
    }
    // Most of the grid (a piece equal to a row or box is that house, not one more).
    if (!extra.empty() && !overlap && 2 * covered > geometry_.cell_count()) {
      piece_borders(piece);
      caption("orange lines: more pieces, each holding every digit once");
      return;
    }
    for (const House* house : extra) tint(house->cells, kExtraRegion);
  }

  // Orange lines on the edges between cells of different pieces.
  void piece_borders(const std::vector<int>& piece) {
    Shape borders{Shape::Form::segments, Layer::over};
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      const int r = geometry_.row_of(cell), c = geometry_.column_of(cell);
      if (c + 1 < n_ && piece[cell] != piece[cell + 1]) {
        borders.points.push_back({c + 1.0, r + 0.0});
        borders.points.push_back({c + 1.0, r + 1.0});
      }
      if (r + 1 < n_ && piece[cell] != piece[cell + n_]) {
        borders.points.push_back({c + 0.0, r + 1.0});
        borders.points.push_back({c + 1.0, r + 1.0});
      }
    }
    borders.stroke = kPiece;
    borders.width = 0.04;
    borders.round = true;
    add(std::move(borders));
  }

  // The dashed outline of a cage, kCageInset inside its cells: the border of
  // the cells' union, each corner moved inwards. A corner is a grid point
  // plus -1, 0 or +1 insets along each axis, so the ends of neighbouring
  // edges meet exactly and the edges chain into closed loops.
  void cage(const std::vector<int>& cells, std::optional<int> sum, bool dotted, const char* before_sum = "") {
    if (cells.empty()) return;
    std::vector<bool> inside(geometry_.cell_count(), false);
    for (int cell : cells) inside[cell] = true;
    const auto in = [&](int r, int c) { return r >= 0 && c >= 0 && r < n_ && c < n_ && inside[r * n_ + c]; };
    using Corner = std::tuple<int, int, int, int>;  // column, its inset, row, its inset
    std::map<Corner, Corner> next;                   // each edge, clockwise, from its start to its end
    // Where an edge ends, in insets from its grid point (`sign` +1 at the
    // cell's right or bottom end, -1 at its left or top end): past the point
    // into a concave corner where the neighbour along the side and the cell
    // beyond that are in the cage, at the point where only the neighbour is,
    // short of it at a convex corner.
    const auto reach = [](bool along, bool beyond, int sign) { return along ? (beyond ? sign : 0) : -sign; };
    for (int cell : cells) {
      const int r = geometry_.row_of(cell), c = geometry_.column_of(cell);
      if (!in(r - 1, c))  // top, left to right
        next[{c, reach(in(r, c - 1), in(r - 1, c - 1), -1), r, 1}] = {c + 1, reach(in(r, c + 1), in(r - 1, c + 1), 1), r, 1};
      if (!in(r, c + 1))  // right, downwards
        next[{c + 1, -1, r, reach(in(r - 1, c), in(r - 1, c + 1), -1)}] = {c + 1, -1, r + 1, reach(in(r + 1, c), in(r + 1, c + 1), 1)};
      if (!in(r + 1, c))  // bottom, right to left
        next[{c + 1, reach(in(r, c + 1), in(r + 1, c + 1), 1), r + 1, -1}] = {c, reach(in(r, c - 1), in(r + 1, c - 1), -1), r + 1, -1};
      if (!in(r, c - 1))  // left, upwards
        next[{c, 1, r + 1, reach(in(r + 1, c), in(r + 1, c - 1), 1)}] = {c, 1, r, reach(in(r - 1, c), in(r - 1, c - 1), -1)};
    }
    const auto point = [](const Corner& corner) {
      const auto [column, dx, row, dy] = corner;
      return Point{column + dx * kCageInset, row + dy * kCageInset};
    };
    Shape outline{Shape::Form::polyline, Layer::over};
    outline.stroke = kInk;
    outline.width = 0.022;
    outline.dash = dotted ? Shape::Dash::dots : Shape::Dash::dashes;
    outline.closed = true;
    while (!next.empty()) {
      // One loop: follow the edges from the first corner left until it closes.
      const Corner start = next.begin()->first;
      std::vector<Point> loop;
      for (Corner at = start;;) {
        const auto edge = next.find(at);
        if (edge == next.end()) break;
        loop.push_back(point(at));
        at = edge->second;
        next.erase(edge);
        if (at == start) break;
      }
      // Corners on a straight run add nothing.
      std::vector<Point> corners;
      for (std::size_t i = 0; i < loop.size(); ++i) {
        const Point before = loop[(i + loop.size() - 1) % loop.size()], here = loop[i], after = loop[(i + 1) % loop.size()];
        const bool straight = (before.x == here.x && here.x == after.x) || (before.y == here.y && here.y == after.y);
        if (!straight) corners.push_back(here);
      }
      Shape shape = outline;
      shape.points = std::move(corners);
      add(std::move(shape));
    }
    if (sum) {
      // In the top-left corner of the cage's first cell, above the dashed
      // corner, where a digit written in the cell never reaches.
      const int first = *std::min_element(cells.begin(), cells.end());
      // Larger over 9×9, where the digits are drawn smaller and a sum may have three digits.
      text({geometry_.column_of(first) + 0.05, geometry_.row_of(first) + 0.05}, before_sum + std::to_string(*sum),
           n_ > 9 ? 0.3 : 0.26, kInk, Layer::label, false, true, Shape::Form::corner_text);
    }
  }

  // A mark on the edge between two neighbours: its middle.
  Point edge(const Constraint& rule) const { return mid(centre(rule.cells[0]), centre(rule.cells[1])); }

  void dot(const Constraint& rule, bool black, int usual) {
    if (rule.cells.size() != 2) return;
    const Point at = edge(rule);
    const bool numbered = rule.value && *rule.value != usual;
    circle(at, numbered ? 0.17 : 0.13, black ? kInk : kWhite, kInk, 0.03, Layer::over);
    if (numbered) text(at, std::to_string(*rule.value), 0.22, black ? kWhite : kInk, Layer::over, true);
  }

  // A ">" on the edge, its point towards the lower digit.
  void chevron(Point at, Point down, double size, Rgb colour, double width) {
    const Point across{-down.y, down.x};
    Shape mark{Shape::Form::polyline, Layer::over};
    mark.points = {{at.x - down.x * size / 2 + across.x * size, at.y - down.y * size / 2 + across.y * size},
                   {at.x + down.x * size / 2, at.y + down.y * size / 2},
                   {at.x - down.x * size / 2 - across.x * size, at.y - down.y * size / 2 - across.y * size}};
    mark.stroke = colour;
    mark.width = width;
    mark.round = true;
    add(std::move(mark));
  }

  // Minimum and maximum cells: a chevron by each side pointing to the lower
  // digit, into the cell for a minimum, out of it for a maximum.
  void extreme(int cell, bool maximum) {
    tint({cell}, kShapeGrey);
    const Point middle = centre(cell);
    for (const Point side : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
      const Point at{middle.x + side.x * 0.38, middle.y + side.y * 0.38};
      chevron(at, maximum ? side : Point{-side.x, -side.y}, 0.1, kMarkGrey, 0.035);
    }
  }

  void quadruple(const Constraint& rule) {
    if (rule.cells.empty()) return;
    // The corner the 2×2 block shares: the bottom-right one of its first cell.
    const int first = *std::min_element(rule.cells.begin(), rule.cells.end());
    const Point at{geometry_.column_of(first) + 1.0, geometry_.row_of(first) + 1.0};
    circle(at, 0.3, kWhite, kInk, 0.03, Layer::over);
    const std::size_t count = rule.digits.size();
    const double size = count <= 2 ? 0.26 : 0.2;
    for (std::size_t i = 0; i < count; ++i) {
      const std::string digit(1, digit_char(rule.digits[i]));
      Point place = at;
      if (count == 2) place.x += i == 0 ? -0.1 : 0.1;
      if (count >= 3) {
        // Two rows of two (the fourth place empty with three digits).
        place.x += i % 2 == 0 ? -0.1 : 0.1;
        place.y += i < 2 ? -0.1 : 0.1;
      }
      text(place, digit, size, kInk, Layer::over, false);
    }
  }

  // An arrow's circle (one cell) or pill (several), and its line from the
  // circle's edge through the rest of the cells to a head.
  void arrow(const Constraint& rule) {
    const int split = std::clamp(rule.split, 1, static_cast<int>(rule.cells.size()));
    const std::vector<int> pill(rule.cells.begin(), rule.cells.begin() + split);
    const std::vector<int> body(rule.cells.begin() + split, rule.cells.end());
    bubble(pill);
    if (body.empty()) return;
    // From the pill cell the line leaves: the one touching the arrow's first cell.
    int from = pill.back();
    for (int cell : pill)
      if (std::abs(geometry_.row_of(cell) - geometry_.row_of(body[0])) + std::abs(geometry_.column_of(cell) - geometry_.column_of(body[0])) <= 1)
        from = cell;
    std::vector<Point> points{centre(from)};
    for (int cell : body) points.push_back(centre(cell));
    const Point out = towards(points[0], points[1]);
    points[0] = {points[0].x + out.x * kCircle, points[0].y + out.y * kCircle};
    arrow_line(std::move(points), kArrow, 0.05, Layer::under);
  }

  // A circle around one cell, or a pill around touching cells: a wide grey
  // stroke through the cells with a white one inside it.
  void bubble(const std::vector<int>& cells) {
    if (cells.size() == 1) {
      circle(centre(cells[0]), kCircle, kWhite, kArrow, 0.05);
      return;
    }
    Shape pill{Shape::Form::segments, Layer::under};
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (std::size_t j = i + 1; j < cells.size(); ++j) {
        const int dr = std::abs(geometry_.row_of(cells[i]) - geometry_.row_of(cells[j]));
        const int dc = std::abs(geometry_.column_of(cells[i]) - geometry_.column_of(cells[j]));
        if (dr + dc != 1) continue;
        pill.points.push_back(centre(cells[i]));
        pill.points.push_back(centre(cells[j]));
      }
    pill.round = true;
    pill.stroke = kArrow;
    pill.width = 2 * kCircle + 0.05;
    add(pill);
    pill.stroke = kWhite;
    pill.width = 2 * kCircle - 0.05;
    add(std::move(pill));
  }

  void double_arrow(const Constraint& rule) {
    if (rule.cells.size() < 2) return;
    bubble({rule.cells.front()});
    bubble({rule.cells.back()});
    line_between_circles(rule.cells, kArrow, 0.05);
  }

  // A line from the edge of the first cell's circle to the edge of the last's.
  void line_between_circles(const std::vector<int>& cells, Rgb colour, double width) {
    Shape path{Shape::Form::polyline, Layer::under};
    for (int cell : cells) path.points.push_back(centre(cell));
    auto& points = path.points;
    const Point start = towards(points[0], points[1]), end = towards(points.back(), points[points.size() - 2]);
    points.front() = {points.front().x + start.x * kCircle, points.front().y + start.y * kCircle};
    points.back() = {points.back().x + end.x * kCircle, points.back().y + end.y * kCircle};
    path.stroke = colour;
    path.width = width;
    path.round = true;
    add(std::move(path));
  }

  void between(const Constraint& rule) {
    if (rule.cells.size() < 2) return;
    line_between_circles(rule.cells, kBetween, 0.1);
    circle(centre(rule.cells.front()), kCircle, kWhite, kBetween, 0.05);
    circle(centre(rule.cells.back()), kCircle, kWhite, kBetween, 0.05);
  }

  // A lockout line: the line, and a white diamond on each end.
  void lockout(const Constraint& rule) {
    if (rule.cells.size() < 2) return;
    line(rule.cells, kLockout, kLineWidth);
    for (int cell : {rule.cells.front(), rule.cells.back()}) {
      const Point at = centre(cell);
      Shape diamond{Shape::Form::polyline, Layer::under};
      diamond.points = {{at.x, at.y - 0.4}, {at.x + 0.4, at.y}, {at.x, at.y + 0.4}, {at.x - 0.4, at.y}};
      diamond.closed = true;
      diamond.fill = kWhite;
      diamond.stroke = kLockout;
      diamond.width = 0.05;
      add(std::move(diamond));
    }
    if (rule.value && *rule.value != 4)
      caption("lavender lines: ends differ by " + std::to_string(*rule.value) +
              " or more, and no digit between them on the line");
    else caption("lavender lines: lockout (ends differ by 4 or more, no digit between them on the line)");
  }

  void thermometer(const Constraint& rule) {
    if (rule.cells.empty()) return;
    circle(centre(rule.cells[0]), 0.36, kThermo, std::nullopt, 0);
    if (rule.cells.size() > 1) line(rule.cells, kThermo, 0.3);
  }

  // An outside clue's number in the middle of its cell beyond the grid.
  Point outside(const Constraint& rule) {
    const auto [row, column] = rule.outside;
    if (row < 0) out_.margin_top = 1;
    if (row >= n_) out_.margin_bottom = 1;
    if (column < 0) out_.margin_left = 1;
    if (column >= n_) out_.margin_right = 1;
    return {column + 0.5, row + 0.5};
  }

  // A little killer's sum, with a small arrow along its diagonal.
  void little_killer(const Constraint& rule) {
    const Point at = outside(rule);
    if (!rule.value || rule.cells.empty()) return;
    // The sum back from the middle of its cell, the arrow in the corner nearest the diagonal.
    const Point along = towards(at, centre(rule.cells[0]));
    text({at.x - along.x * 0.2, at.y - along.y * 0.2}, std::to_string(*rule.value), 0.28, kInk, Layer::over);
    arrow_line({{at.x + along.x * 0.25, at.y + along.y * 0.25}, {at.x + along.x * 0.62, at.y + along.y * 0.62}}, kInk,
               0.03, Layer::over);
  }

  // A thin grey line with a small ring on each cell (a dot for every two
  // cells), and its pairs in the caption: the rule is only in the list.
  void pair_table(const Constraint& rule) {
    const bool every_two = rule.kind == ConstraintKind::pair_table_all;
    if (rule.cells.size() > 1) line(rule.cells, kPairTable, 0.04);
    for (int cell : rule.cells)
      circle(centre(cell), 0.09, every_two ? std::optional<Rgb>{kPairTable} : std::optional<Rgb>{kWhite}, kPairTable,
             0.03);
    // Compact, so that the caption stays readable: "1: 3-9; 2: 4-9; 3: 1, 5-9".
    std::map<int, std::set<int>> after;
    for (std::size_t p = 0; p + 1 < rule.digits.size(); p += 2) after[rule.digits[p]].insert(rule.digits[p + 1]);
    std::string list;
    for (const auto& [first, next] : after) {
      // Appended piece by piece: g++ 12 warns falsely on "x" + std::to_string(...).
      if (!list.empty()) list += "; ";
      list += std::to_string(first);
      list += ": ";
      const std::vector<int> digits(next.begin(), next.end());
      for (std::size_t i = 0; i < digits.size();) {
        std::size_t j = i;
        while (j + 1 < digits.size() && digits[j + 1] == digits[j] + 1) ++j;
        if (i > 0) list += ", ";
        list += std::to_string(digits[i]);
        if (j > i) {
          list += j >= i + 2 ? "-" : ", ";
          list += std::to_string(digits[j]);
        }
        i = j + 1;
      }
    }
    std::string text = every_two ? "grey lines with dots: of any two cells, the later holds a digit listed for the earlier's"
                                 : "grey lines with rings: each cell holds a digit listed for the one before it's";
    text += " (";
    text += list;
    text += ')';
    caption(text);
  }

  void outside_number(const Constraint& rule) {
    const Point at = outside(rule);
    if (rule.value) text(at, std::to_string(*rule.value), 0.42, kInk, Layer::over);
  }

  // Every set of the rule tinted in one colour, another colour per rule.
  void same_values(const Constraint& rule, int& rules) {
    const Rgb colour = kSameValueTints[rules++ % std::size(kSameValueTints)];
    if (!rule.value || *rule.value < 1 || rule.cells.size() % static_cast<std::size_t>(*rule.value) != 0) return;
    const std::size_t per = rule.cells.size() / static_cast<std::size_t>(*rule.value);
    for (std::size_t from = 0; from < rule.cells.size(); from += per) {
      const std::vector<int> set(rule.cells.begin() + static_cast<std::ptrdiff_t>(from),
                                 rule.cells.begin() + static_cast<std::ptrdiff_t>(from + per));
      tint(set, colour);
    }
    caption("cells tinted alike split into sets of one size (in the order listed) holding the same digits");
  }

  void one(const Constraint& rule, int& clones, int& same_sets) {
    const std::string value = rule.value ? std::to_string(*rule.value) : "";
    switch (rule.kind) {
      case ConstraintKind::killer_cage: cage(rule.cells, rule.value, false); return;
      case ConstraintKind::rellik_cage:
        cage(rule.cells, rule.value, false, "\u2260");
        caption("cages marked \u2260: digits do not repeat, and none of them add up to the number");
        return;
      case ConstraintKind::sum: {
        // A sum over a killer cage's cells (a cell counted twice) is that cage's sum.
        std::vector<int> cells = rule.cells;
        std::sort(cells.begin(), cells.end());
        cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
        cage(cells, rule.value, true);
        caption("dotted cages: digits may repeat");
        return;
      }
      case ConstraintKind::extra_region: tint(rule.cells, kExtraRegion); return;
      case ConstraintKind::odd:
        for (int cell : rule.cells) circle(centre(cell), 0.38, kShapeGrey, std::nullopt, 0);
        return;
      case ConstraintKind::even:
        for (int cell : rule.cells) {
          Shape square{Shape::Form::square, Layer::under, {centre(cell)}};
          square.size = 0.36;
          square.fill = kShapeGrey;
          add(std::move(square));
        }
        return;
      case ConstraintKind::minimum:
      case ConstraintKind::maximum:
        for (int cell : rule.cells) extreme(cell, rule.kind == ConstraintKind::maximum);
        return;
      case ConstraintKind::quadruple: quadruple(rule); return;
      case ConstraintKind::clone: {
        const Rgb colour = kCloneTints[clones++ % std::size(kCloneTints)];
        tint(rule.cells, colour);
        return;
      }
      case ConstraintKind::difference: dot(rule, false, 1); return;
      case ConstraintKind::ratio: dot(rule, true, 2); return;
      case ConstraintKind::xv: {
        if (rule.cells.size() != 2) return;
        const std::string letter = rule.value == 10 ? "X" : rule.value == 5 ? "V" : value;
        text(edge(rule), letter, 0.34, kInk, Layer::over, true, true);
        return;
      }
      case ConstraintKind::greater_than:
        if (rule.cells.size() != 2) return;
        chevron(edge(rule), towards(centre(rule.cells[0]), centre(rule.cells[1])), 0.13, kInk, 0.045);
        return;
      case ConstraintKind::thermometer: thermometer(rule); return;
      case ConstraintKind::arrow: arrow(rule); return;
      case ConstraintKind::double_arrow: double_arrow(rule); return;
      // The lines' colours are the setters' convention; a printed sheet still
      // says what each holds, as the page's rules line does.
      case ConstraintKind::whisper:
        line(rule.cells, kWhisper, kLineWidth);
        caption("green lines: neighbours differ by " + (rule.value ? value : std::to_string((n_ + 1) / 2)) + " or more");
        return;
      case ConstraintKind::renban:
        line(rule.cells, kRenban, kLineWidth);
        caption("purple lines: a run of consecutive digits in any order");
        return;
      case ConstraintKind::palindrome:
        line(rule.cells, kPalindrome, kLineWidth);
        caption("grey lines: the same read from either end");
        return;
      case ConstraintKind::between: between(rule); return;
      case ConstraintKind::lockout: lockout(rule); return;
      case ConstraintKind::count_distinct:
        if (rule.cells.size() > 1)
          line(std::vector<int>(rule.cells.begin() + 1, rule.cells.end()), kCountingCircle, 0.06);
        if (!rule.cells.empty()) circle(centre(rule.cells[0]), 0.4, std::nullopt, kCountingCircle, 0.05);
        caption("a circle on a grey line: how many different digits the line's other cells hold");
        return;
      case ConstraintKind::counting_circles:
        for (int cell : rule.cells) circle(centre(cell), 0.42, std::nullopt, kCountingCircle, 0.04);
        caption("counting circles: each digit in the circles is in as many of them as its value");
        return;
      case ConstraintKind::lunchbox:
        // Tinted cells, a thin line through them in order, the sum in the first one's corner.
        tint(rule.cells, kLunchbox);
        if (rule.cells.size() > 1) line(rule.cells, kLunchboxLine, 0.05);
        if (rule.value && !rule.cells.empty())
          text({geometry_.column_of(rule.cells[0]) + 0.05, geometry_.row_of(rule.cells[0]) + 0.05},
               std::to_string(*rule.value), n_ > 9 ? 0.3 : 0.26, kInk, Layer::label, false, true,
               Shape::Form::corner_text);
        caption("lunchboxes: the digits between the lowest and the highest add up to the number");
        return;
      case ConstraintKind::sum_line: {
        Shape path{Shape::Form::polyline, Layer::under};
        for (int cell : rule.cells) path.points.push_back(centre(cell));
        path.stroke = kSumLine;
        path.width = kLineWidth;
        path.dash = Shape::Dash::dashes;  // butt caps: round ones would close the gaps
        add(std::move(path));
        caption("dashed green lines: stretches of consecutive cells that each add up to " +
                std::to_string(rule.value.value_or(10)));
        return;
      }
      case ConstraintKind::region_sum_line:
        line(rule.cells, kRegionSum, kLineWidth);
        caption("blue lines: equal sums in each box");
        return;
      case ConstraintKind::entropic:
        line(rule.cells, kEntropic, kLineWidth);
        caption("orange lines: entropic");
        return;
      case ConstraintKind::modular:
        line(rule.cells, kModular, kLineWidth);
        caption("teal lines: modular (mod " + (rule.value ? value : std::string("3")) + ")");
        return;
      case ConstraintKind::nabner:
        line(rule.cells, kNabner, kLineWidth);
        caption("olive lines: nabner (any two digits differ by 2 or more)");
        return;
      case ConstraintKind::zipper:
        line(rule.cells, kZipper, kLineWidth);
        caption("pink lines: zipper");
        return;
      case ConstraintKind::little_killer: little_killer(rule); return;
      case ConstraintKind::sandwich:
        outside_number(rule);
        caption("sandwich sums");
        return;
      case ConstraintKind::x_sum:
        outside_number(rule);
        caption("X-sums");
        return;
      case ConstraintKind::skyscraper:
        outside_number(rule);
        caption("skyscrapers");
        return;
      case ConstraintKind::hidden_skyscraper:
        outside_number(rule);
        caption("hidden skyscrapers: the clue is the first digit lower than one before it");
        return;
      case ConstraintKind::numbered_room:
        outside_number(rule);
        caption("numbered rooms: the clue is in the X-th cell, X the first cell's digit");
        return;
      case ConstraintKind::full_rank:
        outside_number(rule);
        caption("full rank: the rows and columns read as numbers from either end, ranked from the lowest (1)");
        return;
      case ConstraintKind::pair_table:
      case ConstraintKind::pair_table_all: pair_table(rule); return;
      case ConstraintKind::same_values: same_values(rule, same_sets); return;
      case ConstraintKind::full_rank_no_ties: caption("full rank: no two of the numbers are equal"); return;
      case ConstraintKind::full_rank_ties: caption("full rank: a clued number may equal others"); return;
      case ConstraintKind::anti_knight: caption("anti-knight"); return;
      case ConstraintKind::anti_taxicab: caption("anti-taxicab: a digit d is in no cell d steps away (orthogonal steps)"); return;
      case ConstraintKind::anti_king: caption("anti-king"); return;
      case ConstraintKind::global_entropy: caption("global entropy: every 2x2 block holds a low, a middle and a high digit"); return;
      case ConstraintKind::nonconsecutive: caption("nonconsecutive"); return;
      case ConstraintKind::no_difference:
        caption(rule.value && *rule.value != 1 ? "every white dot (" + value + ") shown" : "every white dot shown");
        return;
      case ConstraintKind::no_ratio:
        caption(rule.value && *rule.value != 2 ? "every black dot (" + value + ") shown" : "every black dot shown");
        return;
      case ConstraintKind::no_xv: caption("every X and V shown"); return;
      case ConstraintKind::row_indexer:
        tint(rule.cells, kRowIndexer);
        caption("red: row indexers (v at r,c: row v of column c holds r)");
        return;
      case ConstraintKind::column_indexer:
        tint(rule.cells, kColumnIndexer);
        caption("green: column indexers (v at r,c: column v of row r holds c)");
        return;
      case ConstraintKind::box_indexer:
        tint(rule.cells, kBoxIndexer);
        caption("yellow: box indexers (v: the box's v-th cell holds this cell's place)");
        return;
    }
  }

  const Geometry& geometry_;
  const int n_;
  RuleDrawing out_;
};

}  // namespace

RuleDrawing draw_rules(const Puzzle& puzzle) { return RuleDrawer(puzzle).draw(puzzle); }

}  // namespace nonet::detail
