// Printable sheets: SVG and PDF drawn by one cairo function. The pages are
// looked at, not only parsed: PDFs go through poppler (pdfinfo, pdftotext,
// pdftoppm) and SVGs through librsvg (rsvg-convert), and the PNGs are read
// back pixel by pixel to find the grid's lines and digits where they belong.
// The same sheets made by the binary (generate and render): cli_sheet_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <regex>

#include "nonet/exact.hpp"
#include "nonet/generate.hpp"
#include "nonet/render.hpp"
#include "sheet_support.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using namespace sheet_testing;

SvgOptions options_of(int per_page, bool solution) {
  SvgOptions options;
  options.per_page = per_page;
  options.solution = solution;
  return options;
}

std::shared_ptr<const Geometry> classic9() { return std::make_shared<const Geometry>(Geometry::classic(3, 3)); }

SvgPuzzle wikipedia(bool with_solution) {
  const Puzzle puzzle = testing::parse_one(kWikipedia);
  SvgPuzzle item{puzzle, std::nullopt, ""};
  if (with_solution) item.solution = solve(puzzle).solutions.front();
  return item;
}

TEST(SheetPdf, OneGridPageShowsLinesAndDigitsWhereTheyBelong) {
  const std::vector<SvgPuzzle> items{wikipedia(false)};
  SvgOptions options;
  options.per_page = 1;
  const std::string pdf = pdf_document(items, options);
  ASSERT_EQ(pdf.rfind("%PDF-", 0), 0u);
  const Image image = pdf_page_image(pdf, 1);
  EXPECT_NEAR(image.width(), 827, 1);  // 210 mm at 100 dpi
  EXPECT_NEAR(image.height(), 1169, 1);
  expect_wikipedia_grid(image, false);
}

TEST(SheetPdf, SolutionDigitsAreGrey) {
  const std::vector<SvgPuzzle> items{wikipedia(true)};
  SvgOptions options;
  options.per_page = 1;
  options.solution = true;
  expect_wikipedia_grid(pdf_page_image(pdf_document(items, options), 1), true);
}

TEST(SheetSvg, TheSameDrawingAsThePdf) {
  const std::vector<SvgPuzzle> items{wikipedia(true)};
  SvgOptions options;
  options.per_page = 1;
  const std::string svg = svg_page(items, options);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\""), std::string::npos);
  expect_wikipedia_grid(svg_image(svg), false);
  options.solution = true;
  expect_wikipedia_grid(svg_image(svg_page(items, options)), true);
}

TEST(SheetPdf, PagesTitlesNumbersAndSolutionsSection) {
  const Generator generator(classic9(), GenerateOptions{});
  std::vector<SvgPuzzle> items;
  for (std::uint64_t index = 0; index < 7; ++index) {
    GeneratedPuzzle made = generator.puzzle(2, index);
    items.push_back({made.puzzle, made.solution, "#" + std::to_string(index + 1) + " SE 1.5"});
  }
  SvgOptions options;
  options.title = "Week <12> & more";
  options.page_numbers = true;
  const std::string plain = pdf_document(items, options);
  EXPECT_EQ(page_count_of(plain), 2);
  EXPECT_EQ(page_count(7, options), 2u);
  options.solutions_section = true;
  const std::string pdf = pdf_document(items, options);
  EXPECT_EQ(page_count_of(pdf), 4);
  EXPECT_EQ(occurrences(pdf, "/Type /Page\n") + occurrences(pdf, "/Type /Page "), 4u) << "page objects";
  const std::string text = pdftext(pdf);
  EXPECT_EQ(occurrences(text, "Week <12> & more"), 4u) << text;
  EXPECT_EQ(occurrences(text, "Week <12> & more \u2014 solutions"), 2u);
  std::string packed = text;  // pdftotext drops the thin spaces of "1 / 4"
  std::erase(packed, ' ');
  for (const char* number : {"1/4", "2/4", "3/4", "4/4"}) EXPECT_EQ(occurrences(packed, number), 1u) << number;
  // Each caption once among the puzzles and once among the solutions.
  for (int i = 1; i <= 7; ++i) EXPECT_EQ(occurrences(text, "#" + std::to_string(i) + " SE 1.5"), 2u) << i;
  EXPECT_TRUE(std::regex_search(pdfinfo(pdf), std::regex("Title: +Week <12> & more\n")));
}

// The solutions section draws the puzzle again with the solution in grey;
// the puzzle pages stay as they were.
TEST(SheetPdf, SolutionsSectionShowsTheSolution) {
  const std::vector<SvgPuzzle> items{wikipedia(true)};
  SvgOptions options;
  options.per_page = 1;
  options.solutions_section = true;
  const std::string pdf = pdf_document(items, options);
  EXPECT_EQ(page_count_of(pdf), 2);
  expect_wikipedia_grid(pdf_page_image(pdf, 1), false);
  expect_wikipedia_grid(pdf_page_image(pdf, 2), true);
}

TEST(SheetPdf, A4AndLetter) {
  const std::vector<SvgPuzzle> items{wikipedia(false)};
  SvgOptions options;
  const std::string a4 = pdf_document(items, options);
  options.paper = Paper::letter;
  const std::string letter = pdf_document(items, options);
  const std::regex box(R"(/MediaBox \[\s*0 0 ([0-9.]+) ([0-9.]+)\s*\])");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(a4, match, box));
  EXPECT_EQ(std::lround(std::stod(match[1])), 595);
  EXPECT_EQ(std::lround(std::stod(match[2])), 842);
  ASSERT_TRUE(std::regex_search(letter, match, box));
  EXPECT_EQ(std::lround(std::stod(match[1])), 612);
  EXPECT_EQ(std::lround(std::stod(match[2])), 792);
  EXPECT_NE(pdfinfo(a4).find("(A4)"), std::string::npos);
  EXPECT_NE(pdfinfo(letter).find("(letter)"), std::string::npos);
  const Image page = pdf_page_image(letter, 1);
  EXPECT_EQ(page.width(), 850);  // 8.5 in at 100 dpi
  EXPECT_EQ(page.height(), 1100);
}

TEST(SheetPdf, NoPuzzlesGiveOneTitledPage) {
  SvgOptions options;
  options.title = "empty";
  const std::string pdf = pdf_document({}, options);
  EXPECT_EQ(page_count_of(pdf), 1);
  EXPECT_NE(pdftext(pdf).find("empty"), std::string::npos);
}

TEST(SheetSvg, PagesAreWellFormedAndHoldThePuzzles) {
  const Generator generator(classic9(), GenerateOptions{});
  std::vector<SvgPuzzle> items;
  int givens = 0;
  for (std::uint64_t index = 0; index < 7; ++index) {
    GeneratedPuzzle made = generator.puzzle(2, index);
    givens += made.givens;
    items.push_back({made.puzzle, made.solution, ""});
  }
  // Cairo draws each digit as one glyph: <use xlink:href="#glyph…"/>.
  const auto glyphs = [](const std::string& svg) { return occurrences(svg, "<use xlink:href=\"#glyph"); };
  auto pages = svg_pages(items, options_of(6, false));
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_EQ(glyphs(pages[0]) + glyphs(pages[1]), static_cast<std::size_t>(givens));
  pages = svg_pages(items, options_of(6, true));
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_EQ(glyphs(pages[0]), 6u * 81u) << "six grids, every cell drawn";
  EXPECT_EQ(glyphs(pages[1]), 81u);
  for (const auto& page : pages) {
    EXPECT_EQ(page.rfind("<?xml", 0), 0u);
    EXPECT_EQ(occurrences(page, "<svg"), 1u);
    EXPECT_TRUE(tags_balance(page));
  }
  // Captions with XML's special characters stay well formed.
  items[0].caption = "#1 <&> \"x\"";
  EXPECT_TRUE(tags_balance(svg_page(items, {})));
  EXPECT_EQ(page_layout(6).columns, 2);
  EXPECT_EQ(page_layout(6).rows, 3);
}

TEST(SheetSvg, StackedDocumentHoldsEveryPage) {
  const Generator generator(classic9(), GenerateOptions{});
  std::vector<SvgPuzzle> items;
  for (std::uint64_t index = 0; index < 7; ++index) {
    GeneratedPuzzle made = generator.puzzle(3, index);
    items.push_back({made.puzzle, made.solution, ""});
  }
  SvgOptions options;
  options.solutions_section = true;
  const std::string svg = svg_document(items, options);
  EXPECT_EQ(occurrences(svg, "<?xml"), 1u);
  EXPECT_EQ(occurrences(svg, "<svg"), 1u);
  EXPECT_TRUE(tags_balance(svg));
  // Four A4 pages and three 10 mm gaps.
  EXPECT_NE(svg.find("width=\"210mm\" height=\"1218mm\""), std::string::npos);
  EXPECT_EQ(occurrences(svg, "<use xlink:href=\"#glyph"), 0u + [&] {
    std::size_t digits = 7 * 81 + 2 * 9;  // the solutions section: every cell, and "Solutions" on its 2 pages
    for (const auto& item : items) digits += 81 - std::count(item.puzzle.cells.begin(), item.puzzle.cells.end(), 0);
    return digits;
  }());
}

TEST(SheetSvg, ExtraHousesAreShaded) {
  const Grid empty(81, 0);
  for (const auto& geometry : {std::make_shared<const Geometry>(Geometry::diagonal(3, 3)),
                               std::make_shared<const Geometry>(Geometry::windoku())}) {
    const std::vector<SvgPuzzle> items{{Puzzle{geometry, empty, {}}, std::nullopt, ""}};
    const Image image = svg_image(svg_page(items, options_of(1, false)));
    const std::vector<double> xs = thick_lines(image, true), ys = thick_lines(image, false);
    ASSERT_EQ(xs.size(), 4u);
    ASSERT_EQ(ys.size(), 4u);
    const double cell = (xs[3] - xs[0]) / 9;
    std::vector<bool> extra(81, false);
    for (const House& house : geometry->houses())
      if (house.kind == HouseKind::diagonal || house.kind == HouseKind::anti_diagonal || house.kind == HouseKind::window)
        for (int c : house.cells) extra[c] = true;
    int shaded = 0;
    for (int c = 0; c < 81; ++c) {
      // Off both diagonals' dashed lines: (0.25, 0.4) of the way into the cell.
      const int x = static_cast<int>(xs[0] + (c % 9 + 0.25) * cell), y = static_cast<int>(ys[0] + (c / 9 + 0.4) * cell);
      const int value = image.at(x, y);
      if (extra[c]) {
        EXPECT_TRUE(value > 200 && value < 245) << geometry->variant() << " cell " << c << ": " << value;
        ++shaded;
      } else {
        EXPECT_GT(value, 250) << geometry->variant() << " cell " << c;
      }
    }
    EXPECT_EQ(shaded, geometry->variant() == "diagonal" ? 17 : 36);
  }
}

}  // namespace
}  // namespace nonet
