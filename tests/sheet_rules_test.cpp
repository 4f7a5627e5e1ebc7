// Variant rules on printed sheets: the drawing description each rule makes
// (src/format/sheet_rules.hpp), the SVG that cairo writes of it parsed back
// (dashed cage paths, the sums' glyphs where they belong, dots, margins), and
// the PDF of the same drawing read by poppler. The pages themselves were
// looked at as PNGs while this was written (docs/images/killer-6x6.png).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>

#include "format/sheet_rules.hpp"
#include "nonet/exact.hpp"
#include "nonet/render.hpp"
#include "sheet_support.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using namespace sheet_testing;
using detail::Layer;
using detail::Shape;

const std::string kKiller = testing::slurp(testing::source_path("examples/killer.txt"));

// A 9×9 of every line and pair kind, each once or twice, and no givens.
const std::string kLinesAndPairs =
    ".Thermo~R1C1~R1C2~R1C3.Thermo~R9C9~R8C9"
    ".Arrow~R3C3~R3C4~R3C5.PillArrow~2~R5C1~R5C2~R6C2~R7C2.DoubleArrow~R2C7~R3C8~R4C9"
    ".WhiteDot~R8C1~R8C2.WhiteDot~R9C1~R9C2.BlackDot~R8C4~R8C5.X~R6C6~R6C7.V~R7C6~R7C7.GreaterThan~R1C9~R2C9"
    ".Whisper~R4C4~R5C5~R6C4.Renban~R1C5~R1C6.Palindrome~R2C1~R2C2~R2C3.Between~R9C4~R9C5~R9C6"
    ".RegionSumLine~R7C4~R7C5.Entropic~R5C7~R5C8~R5C9.Modular~3~R3C1~R4C1.Zipper~R4C6~R4C7~R4C8"
    ".Quad~R6C8~1~2.AntiKnight";

// Outside clues on three sides: the page makes room for them.
const std::string kOutside =
    ".LittleKiller~23~R1C2.LittleKiller~12~R9C8.Sandwich~10~R1.Sandwich~7~C5.Sandwich~0~C9";

SvgOptions one_per_page() {
  SvgOptions options;
  options.per_page = 1;
  return options;
}

std::string svg_of(const Puzzle& puzzle) {
  const std::vector<SvgPuzzle> items{{puzzle, std::nullopt, ""}};
  return svg_page(items, one_per_page());
}

std::vector<std::string> matches(const std::string& text, const std::string& pattern) {
  std::vector<std::string> found;
  const std::regex regex(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), regex); it != std::sregex_iterator(); ++it)
    found.push_back((*it)[0]);
  return found;
}

// Where cairo placed each glyph: the origin (left end of the baseline) of
// every <use> of a glyph, in millimetres of the page.
struct Glyph {
  double x, y;
};
std::vector<Glyph> glyphs(const std::string& svg) {
  std::vector<Glyph> found;
  const std::regex use(R"re(<use xlink:href="#glyph[^"]*" x="([-0-9.]+)" y="([-0-9.]+)")re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), use); it != std::sregex_iterator(); ++it)
    found.push_back({std::stod((*it)[1]), std::stod((*it)[2])});
  return found;
}

// The grid's place on an A4 page holding it alone, no caption lines: 12 mm
// margins, the square as wide as the 186 mm between them, centred down the
// 273 mm less one 6 mm caption line.
constexpr double kLeft = 12, kSide = 186;
constexpr double kTop = 12 + (273 - 6 - 186) / 2.0;

int count_of(const detail::RuleDrawing& drawing, Shape::Form form, Layer layer) {
  return static_cast<int>(std::count_if(drawing.shapes.begin(), drawing.shapes.end(), [&](const Shape& shape) {
    return shape.form == form && shape.layer == layer;
  }));
}

TEST(SheetRules, KillerCagesAreDashedLoopsWithTheirSumsInTheFirstCell) {
  const Puzzle puzzle = testing::parse_one(kKiller);
  ASSERT_EQ(puzzle.constraints.size(), 15u);
  const detail::RuleDrawing drawing = detail::draw_rules(puzzle);
  int dashed = 0;
  std::vector<std::string> sums;
  for (const Shape& shape : drawing.shapes) {
    if (shape.dash == Shape::Dash::dashes) {
      ++dashed;
      EXPECT_TRUE(shape.closed);
      // Inset: every corner lies inside its cell, kept off the cell's lines.
      for (const detail::Point point : shape.points) {
        EXPECT_GT(std::abs(point.x - std::round(point.x)), 0.05) << point.x;
        EXPECT_GT(std::abs(point.y - std::round(point.y)), 0.05) << point.y;
      }
    }
    if (shape.form == Shape::Form::corner_text) {
      sums.push_back(shape.text);
      EXPECT_TRUE(shape.patch);
      EXPECT_EQ(shape.layer, Layer::label) << "above the digits";
    }
  }
  EXPECT_EQ(dashed, 15) << "one loop per cage (none has a hole)";
  EXPECT_EQ(sums.size(), 15u);
  EXPECT_NE(std::find(sums.begin(), sums.end(), "15"), sums.end());
  EXPECT_TRUE(drawing.caption.empty());
  EXPECT_EQ(drawing.margin_top + drawing.margin_left + drawing.margin_bottom + drawing.margin_right, 0);
}

TEST(SheetRules, AnLShapedCageIsOneLoopOfSixCorners) {
  Puzzle puzzle = testing::parse_one(".Cage~12~R2C2~R3C2~R3C3");
  const detail::RuleDrawing drawing = detail::draw_rules(puzzle);
  ASSERT_EQ(count_of(drawing, Shape::Form::polyline, Layer::over), 1);
  const Shape& loop = drawing.shapes.front();
  ASSERT_EQ(loop.points.size(), 6u);
  // The concave corner reaches past the grid point (2, 2) into the cage.
  EXPECT_TRUE(std::any_of(loop.points.begin(), loop.points.end(), [](detail::Point p) {
    return std::abs(p.x - 1.88) < 1e-9 && std::abs(p.y - 2.12) < 1e-9;
  }));
  // A ring of eight cells around r5c5: its outer and inner borders, two loops.
  puzzle = testing::parse_one(".Cage~~R4C4~R4C5~R4C6~R5C4~R5C6~R6C4~R6C5~R6C6");
  EXPECT_EQ(count_of(detail::draw_rules(puzzle), Shape::Form::polyline, Layer::over), 2);
  EXPECT_EQ(count_of(detail::draw_rules(puzzle), Shape::Form::corner_text, Layer::label), 0) << "no sum, no label";
}

TEST(SheetRules, EveryLineAndPairKindMakesItsMarks) {
  const Puzzle puzzle = testing::parse_one(kLinesAndPairs);
  const detail::RuleDrawing drawing = detail::draw_rules(puzzle);
  std::map<std::string, int> texts;
  for (const Shape& shape : drawing.shapes)
    if (shape.form == Shape::Form::text) ++texts[shape.text];
  EXPECT_EQ(texts["X"], 1);
  EXPECT_EQ(texts["V"], 1);
  EXPECT_EQ(texts["1"] + texts["2"], 2) << "the quadruple's digits";
  // Two white dots and a black one (the kropki values are the usual ones, so unlabelled).
  int white_dots = 0, black_dots = 0;
  for (const Shape& shape : drawing.shapes)
    if (shape.form == Shape::Form::circle && shape.layer == Layer::over && shape.size < 0.2) {
      white_dots += shape.fill == detail::Rgb{1, 1, 1};
      black_dots += shape.fill == detail::Rgb{0, 0, 0};
    }
  EXPECT_EQ(white_dots, 2);
  EXPECT_EQ(black_dots, 1);
  // Every line says what it holds, the conventional colours too: a printed sheet is all a player has.
  EXPECT_EQ(drawing.caption, (std::vector<std::string>{"green lines: neighbours differ by 5 or more",
                                                        "purple lines: a run of consecutive digits in any order",
                                                        "grey lines: the same read from either end",
                                                        "blue lines: equal sums in each box", "orange lines: entropic",
                                                        "teal lines: modular (mod 3)", "pink lines: zipper",
                                                        "anti-knight"}));
}

TEST(SheetRules, OutsideCluesGrowTheMarginsTheyNeed) {
  const detail::RuleDrawing drawing = detail::draw_rules(testing::parse_one(kOutside));
  EXPECT_EQ(drawing.margin_top, 1);
  EXPECT_EQ(drawing.margin_left, 1);
  EXPECT_EQ(drawing.margin_bottom, 1) << "the little killer from r9c8 runs up and right from below the grid";
  EXPECT_EQ(drawing.margin_right, 0);
  EXPECT_EQ(drawing.caption, (std::vector<std::string>{"sandwich sums"}));
  int arrows = 0;
  for (const Shape& shape : drawing.shapes) arrows += shape.form == Shape::Form::polyline && shape.points.size() == 3;
  EXPECT_EQ(arrows, 2) << "an arrow head beside each little killer";
}

TEST(SheetRules, HousesBeyondTheBoxesAreTintedNamedOrOutlined) {
  // ISS: windows (shaded by the sheet itself), disjoint groups, an extra region of 9 cells.
  const detail::RuleDrawing drawing = detail::draw_rules(testing::parse_one(
      ".Windoku.DisjointSets.AllDifferent~R1C1~R1C2~R1C3~R1C4~R1C5~R1C6~R1C7~R1C8~R2C1"));
  EXPECT_EQ(drawing.caption, (std::vector<std::string>{"disjoint groups"}));
  EXPECT_EQ(count_of(drawing, Shape::Form::square, Layer::tint), 9) << "the extra region's cells";
  // Jigsaw pieces beside the boxes: a 4x4 whose pieces are not its boxes.
  const detail::RuleDrawing jigsaw = detail::draw_rules(testing::parse_one(".Shape~4x4.Jigsaw~1122133213324444"));
  ASSERT_EQ(count_of(jigsaw, Shape::Form::segments, Layer::over), 1);
  EXPECT_GT(jigsaw.shapes.front().points.size(), 0u);
  EXPECT_EQ(count_of(jigsaw, Shape::Form::square, Layer::tint), 0) << "pieces that tile the grid are outlined, not tinted";
  EXPECT_EQ(jigsaw.caption, (std::vector<std::string>{"orange lines: more pieces, each holding every digit once"}));
}

TEST(SheetRulesSvg, AKillerPageHasOneDashedPathPerCageAndEverySumsDigits) {
  const Puzzle puzzle = testing::parse_one(kKiller);
  const std::string svg = svg_of(puzzle);
  EXPECT_TRUE(tags_balance(svg));
  EXPECT_EQ(matches(svg, "stroke-dasharray").size(), 15u);
  // No givens and no caption: the glyphs are the sums' digits.
  std::size_t digits = 0;
  for (const Constraint& cage : puzzle.constraints) digits += std::to_string(*cage.value).size();
  const std::vector<Glyph> placed = glyphs(svg);
  EXPECT_EQ(placed.size(), digits);
  // Each sum starts in the top-left corner of its cage's first cell.
  const double cell = kSide / 6;
  for (const Constraint& cage : puzzle.constraints) {
    const int first = *std::min_element(cage.cells.begin(), cage.cells.end());
    const double x = kLeft + (first % 6) * cell, y = kTop + (first / 6) * cell;
    EXPECT_TRUE(std::any_of(placed.begin(), placed.end(), [&](const Glyph& glyph) {
      return glyph.x > x && glyph.x < x + 0.15 * cell && glyph.y > y && glyph.y < y + 0.35 * cell;
    })) << "the sum " << *cage.value << " at " << puzzle.geometry->cell_name(first);
  }
}

TEST(SheetRulesSvg, CagesAndSumsStayClearOfTheGivensDigits) {
  // The same page twice: every cell given and no cages, then the cages and
  // their sums alone. No pixel is inked on both.
  const Puzzle killer = testing::parse_one(kKiller);
  Puzzle digits = killer;
  digits.cells = solve(killer).solutions.front();
  digits.constraints.clear();
  const Image given = svg_image(svg_of(digits)), cages = svg_image(svg_of(killer));
  ASSERT_EQ(given.width(), cages.width());
  const int left = static_cast<int>(kLeft * 100 / 25.4) + 4, right = static_cast<int>((kLeft + kSide) * 100 / 25.4) - 4;
  const int top = static_cast<int>(kTop * 100 / 25.4) + 4, bottom = static_cast<int>((kTop + kSide) * 100 / 25.4) - 4;
  int inked = 0, shared = 0;
  for (int y = top; y < bottom; ++y)
    for (int x = left; x < right; ++x) {
      // The grid's own lines are on both pages: only ink one page has beyond them counts.
      const bool digit = given.at(x, y) < 160 && cages.at(x, y) > 200;
      const bool cage = cages.at(x, y) < 160 && given.at(x, y) > 200;
      inked += digit;
      if (cage) {
        // A cage pixel next to a digit pixel the cage page lacks: they touch.
        bool touches = false;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) touches = touches || (given.at(x + dx, y + dy) < 160 && cages.at(x + dx, y + dy) > 200);
        shared += touches;
      }
    }
  EXPECT_GT(inked, 36 * 50) << "every cell's digit drawn";
  EXPECT_EQ(shared, 0) << "cage lines or sums touching a digit";
}

TEST(SheetRulesSvg, DotsCirclesAndTheCaptionLine) {
  const std::string svg = svg_of(testing::parse_one(kLinesAndPairs));
  EXPECT_TRUE(tags_balance(svg));
  EXPECT_TRUE(matches(svg, "stroke-dasharray").empty()) << "no cages";
  // Filled black: the kropki dot, and the caption's and quadruple's glyphs (as a group).
  const std::size_t black_paths = matches(svg, R"(<path[^>]*fill:rgb\(0%,0%,0%\))").size();
  EXPECT_EQ(black_paths, 1u) << "one black dot";
  // White (the page is a <rect>): two white dots, the arrow circle, two
  // double-arrow circles, two between-line circles, the quadruple's circle,
  // and the X and V patches.
  const std::size_t white_paths = matches(svg, R"(<path[^>]*fill:rgb\(100%,100%,100%\))").size();
  EXPECT_EQ(white_paths, 2u + 1 + 2 + 2 + 1 + 2);
  // Under the grid, the caption: the only glyphs below it besides none in the cells.
  const std::vector<Glyph> placed = glyphs(svg);
  const double below = kTop + kSide - 6 / 2.0;  // the grid moves up half a caption line
  EXPECT_GT(std::count_if(placed.begin(), placed.end(), [&](const Glyph& g) { return g.y > below; }), 20);
}

TEST(SheetRulesSvg, OutsideCluesSitInTheMarginBesideTheSmallerGrid) {
  const std::string svg = svg_of(testing::parse_one(kOutside));
  // 10 cells across now (the left margin; none on the right), so the cell is 186/10 mm.
  const double cell = kSide / 10;
  // The frame: the thick lines' path (0.9 mm) ends with the square, closed
  // and moved back to its top-left corner.
  std::smatch frame;
  ASSERT_TRUE(std::regex_search(svg, frame, std::regex(R"(stroke-width:0\.9;[^>]*d="[^"]*Z M ([0-9.]+) ([0-9.]+) ")")))
      << "the frame";
  const double left = std::stod(frame[1]), top = std::stod(frame[2]);
  EXPECT_NEAR(left, kLeft + cell, 0.01) << "one cell of margin on the left";
  const std::vector<Glyph> placed = glyphs(svg);
  const auto count = [&](auto&& where) { return std::count_if(placed.begin(), placed.end(), where); };
  EXPECT_EQ(count([&](const Glyph& g) { return g.x < left && g.y > top && g.y < top + cell; }), 2) << "10 left of row 1";
  EXPECT_EQ(count([&](const Glyph& g) { return g.y < top && g.x > left + 8 * cell; }), 1) << "0 above column 9";
  EXPECT_EQ(count([&](const Glyph& g) { return g.y > top + 9 * cell && g.y < top + 10 * cell; }), 2) << "12 below";
}

TEST(SheetRulesPdf, AKillerPdfCarriesItsSums) {
  const Puzzle puzzle = testing::parse_one(kKiller);
  const std::vector<SvgPuzzle> items{{puzzle, std::nullopt, ""}};
  const std::string pdf = pdf_document(items, one_per_page());
  ASSERT_GT(pdf.size(), 1000u);
  ASSERT_EQ(pdf.rfind("%PDF", 0), 0u);
  if (std::system("pdftotext -v > /dev/null 2>&1") != 0) GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
  const std::string text = pdftext(pdf);
  for (const Constraint& cage : puzzle.constraints)
    EXPECT_NE(text.find(std::to_string(*cage.value)), std::string::npos) << *cage.value;
}

TEST(SheetRulesCli, RenderDrawsAVariantPuzzleInsteadOfRefusingIt) {
  const auto svg = testing::run_nonet("render --format svg", kKiller);
  EXPECT_EQ(svg.exit_code, 0) << svg.err;
  EXPECT_EQ(matches(svg.out, "stroke-dasharray").size(), 15u);
  const auto pdf = testing::run_nonet("render --format pdf --solutions", kKiller);
  EXPECT_EQ(pdf.exit_code, 0) << pdf.err;
  EXPECT_EQ(pdf.out.rfind("%PDF", 0), 0u);
}

}  // namespace
}  // namespace nonet
