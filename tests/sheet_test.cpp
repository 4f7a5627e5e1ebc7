// Printable sheets: SVG and PDF drawn by one cairo function. The pages are
// looked at, not only parsed: PDFs go through poppler (pdfinfo, pdftotext,
// pdftoppm) and SVGs through librsvg (rsvg-convert), and the PNGs are read
// back pixel by pixel to find the grid's lines and digits where they belong.
#include <cairo.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <regex>

#include "nonet/generate.hpp"
#include "nonet/render.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

const std::string kWikipedia = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "nonet_sheet_" + ::testing::UnitTest::GetInstance()->current_test_info()->name() +
         "_" + name;
}

void write(const std::string& path, const std::string& data) { std::ofstream(path, std::ios::binary) << data; }

// Runs a shell command, returning its exit status and standard output.
std::pair<int, std::string> shell(const std::string& command) {
  const std::string out = temp_path("shell.out");
  const int status = std::system((command + " > " + out).c_str());
  std::string text = testing::slurp(out);
  std::remove(out.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// Tags open and close in order, and nothing is left open.
bool tags_balance(const std::string& svg) {
  std::vector<std::string> open;
  const std::regex tag(R"(<(/?)([a-zA-Z]+)[^>]*?(/?)>)");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tag); it != std::sregex_iterator(); ++it) {
    const auto& match = *it;
    if (match[3].length() > 0) continue;  // <x/>
    if (match[1].length() == 0) {
      open.push_back(match[2]);
    } else {
      if (open.empty() || open.back() != match[2]) return false;
      open.pop_back();
    }
  }
  return open.empty();
}

// A PNG read back with cairo: the luminance (0 black … 255 white) of each pixel.
class Image {
 public:
  explicit Image(const std::string& path) {
    cairo_surface_t* surface = cairo_image_surface_create_from_png(path.c_str());
    if (cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
      cairo_surface_flush(surface);
      width_ = cairo_image_surface_get_width(surface);
      height_ = cairo_image_surface_get_height(surface);
      const int stride = cairo_image_surface_get_stride(surface);
      const unsigned char* data = cairo_image_surface_get_data(surface);
      const bool alpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32;
      luma_.resize(static_cast<std::size_t>(width_) * height_);
      for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) {
          const auto pixel = *reinterpret_cast<const std::uint32_t*>(data + y * stride + 4 * x);
          const int a = alpha ? (pixel >> 24) & 0xff : 255;
          const int r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
          // Premultiplied: a transparent pixel is paper, so white.
          const int value = (299 * r + 587 * g + 114 * b) / 1000 + (255 - a);
          luma_[static_cast<std::size_t>(y) * width_ + x] = std::min(255, value);
        }
    }
    cairo_surface_destroy(surface);
  }
  int width() const { return width_; }
  int height() const { return height_; }
  int at(int x, int y) const { return luma_[static_cast<std::size_t>(y) * width_ + x]; }
  // The darkest pixel of the square of half-side r around (x, y).
  int darkest(int x, int y, int r) const {
    int value = 255;
    for (int dy = -r; dy <= r; ++dy)
      for (int dx = -r; dx <= r; ++dx)
        if (x + dx >= 0 && x + dx < width_ && y + dy >= 0 && y + dy < height_) value = std::min(value, at(x + dx, y + dy));
    return value;
  }

 private:
  int width_ = 0, height_ = 0;
  std::vector<int> luma_;
};

// The centres of the runs, 3 pixels wide or more, of pixel columns (or rows)
// mostly dark across the page: the grid's frame and thick lines (0.9 mm, 3.5
// pixels at 100 dpi), which neither digits nor the thin lines (0.25 mm) make.
std::vector<double> thick_lines(const Image& image, bool columns) {
  const int length = columns ? image.width() : image.height();
  const int across = columns ? image.height() : image.width();
  std::vector<int> dark(length, 0);
  for (int i = 0; i < length; ++i)
    for (int j = 0; j < across; ++j) dark[i] += (columns ? image.at(i, j) : image.at(j, i)) < 110;
  const int most = *std::max_element(dark.begin(), dark.end());
  std::vector<double> centres;
  for (int i = 0; i < length;) {
    if (dark[i] < most * 8 / 10) { ++i; continue; }
    int end = i;
    while (end < length && dark[end] >= most * 8 / 10) ++end;
    if (end - i >= 3) centres.push_back((i + end - 1) / 2.0);
    i = end;
  }
  return centres;
}

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

// The PDF's page `page` as a PNG at 100 dpi.
Image pdf_page_image(const std::string& pdf, int page) {
  const std::string in = temp_path("page.pdf"), out = temp_path("page");
  write(in, pdf);
  const std::string n = std::to_string(page);
  EXPECT_EQ(std::system(("pdftoppm -r 100 -png -singlefile -f " + n + " -l " + n + " " + in + " " + out).c_str()), 0);
  Image image(out + ".png");
  std::remove(in.c_str());
  std::remove((out + ".png").c_str());
  return image;
}

Image svg_image(const std::string& svg) {
  const std::string in = temp_path("page.svg"), out = temp_path("page.png");
  write(in, svg);
  EXPECT_EQ(std::system(("rsvg-convert --dpi-x 100 --dpi-y 100 -b white -o " + out + " " + in).c_str()), 0);
  Image image(out);
  std::remove(in.c_str());
  std::remove(out.c_str());
  return image;
}

std::string pdfinfo(const std::string& pdf) {
  const std::string in = temp_path("info.pdf");
  write(in, pdf);
  auto [status, text] = shell("pdfinfo " + in);
  EXPECT_EQ(status, 0);
  std::remove(in.c_str());
  return text;
}

std::string pdftext(const std::string& pdf) {
  const std::string in = temp_path("text.pdf");
  write(in, pdf);
  auto [status, text] = shell("pdftotext -layout " + in + " -");
  EXPECT_EQ(status, 0);
  std::remove(in.c_str());
  return text;
}

int page_count_of(const std::string& pdf) {
  std::smatch match;
  const std::string info = pdfinfo(pdf);
  return std::regex_search(info, match, std::regex(R"(Pages:\s+(\d+))")) ? std::stoi(match[1]) : -1;
}

// One 9×9 grid alone on a page: its frame and thick lines where a 3×3 box
// grid has them, thin lines between, the givens' cells inked, the others blank.
void expect_wikipedia_grid(const Image& image, bool solution_drawn) {
  ASSERT_GT(image.width(), 300);
  const std::vector<double> xs = thick_lines(image, true), ys = thick_lines(image, false);
  ASSERT_EQ(xs.size(), 4u) << "frame and two thick lines across";
  ASSERT_EQ(ys.size(), 4u) << "frame and two thick lines down";
  const double side = xs[3] - xs[0];
  EXPECT_NEAR(ys[3] - ys[0], side, 2) << "square";
  EXPECT_GT(side, image.width() * 0.8) << "one grid fills the page's width";
  EXPECT_NEAR(xs[0], image.width() - xs[3], 3) << "centred";
  for (int k = 1; k <= 2; ++k) {
    EXPECT_NEAR(xs[k] - xs[0], side * k / 3, 1.5) << "thick column line " << k;
    EXPECT_NEAR(ys[k] - ys[0], side * k / 3, 1.5) << "thick row line " << k;
  }
  const double cell = side / 9;
  for (int i = 1; i < 9; ++i) {
    if (i % 3 == 0) continue;
    // A thin line: inked where it should be, paper 3 pixels either side.
    const int x = static_cast<int>(std::lround(xs[0] + i * cell)), y = static_cast<int>(std::lround(ys[0] + i * cell));
    const int across = static_cast<int>(ys[0] + cell * 0.2), down = static_cast<int>(xs[0] + cell * 0.2);
    EXPECT_LT(image.darkest(x, across, 1), 200) << "thin column line " << i;
    EXPECT_GT(image.at(x - 3, across), 230) << "thin column line " << i << " is thin";
    EXPECT_GT(image.at(x + 3, across), 230) << "thin column line " << i << " is thin";
    EXPECT_LT(image.darkest(down, y, 1), 200) << "thin row line " << i;
    EXPECT_GT(image.at(down, y - 3), 230) << "thin row line " << i << " is thin";
    EXPECT_GT(image.at(down, y + 3), 230) << "thin row line " << i << " is thin";
  }
  for (int row = 0; row < 9; ++row)
    for (int column = 0; column < 9; ++column) {
      const int cx = static_cast<int>(xs[0] + (column + 0.5) * cell), cy = static_cast<int>(ys[0] + (row + 0.5) * cell);
      const int ink = image.darkest(cx, cy, static_cast<int>(cell * 0.25));
      const bool given = kWikipedia[row * 9 + column] != '.';
      if (given)
        EXPECT_LT(ink, 100) << "given digit in r" << row + 1 << "c" << column + 1;
      else if (solution_drawn)
        EXPECT_TRUE(ink > 60 && ink < 200) << "grey solution digit in r" << row + 1 << "c" << column + 1 << ": " << ink;
      else
        EXPECT_GT(ink, 240) << "empty cell r" << row + 1 << "c" << column + 1;
      // The cell's corners inside the lines stay paper.
      EXPECT_GT(image.at(static_cast<int>(xs[0] + column * cell + cell * 0.12),
                         static_cast<int>(ys[0] + row * cell + cell * 0.12)), 235);
    }
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

// ---- end to end: nonet generate | render --format pdf|svg

TEST(SheetCli, GeneratePdfWithSolutionsAndRatings) {
  const auto result = testing::run_nonet("generate -n 7 --seed 5 --difficulty easy --format pdf --solutions");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  ASSERT_EQ(result.out.rfind("%PDF-", 0), 0u);
  EXPECT_EQ(page_count_of(result.out), 4);
  const std::string text = pdftext(result.out);
  EXPECT_EQ(occurrences(text, "nonet"), 4u) << "the default title on every page";
  // The rating under each puzzle, in both sections.
  const std::regex caption(R"(#\d+ +SE \d\.\d)");
  EXPECT_EQ(std::distance(std::sregex_iterator(text.begin(), text.end(), caption), std::sregex_iterator()), 14) << text;
  // No creation time or other varying bytes: the same command, the same file.
  EXPECT_EQ(testing::run_nonet("generate -n 7 --seed 5 --difficulty easy --format pdf --solutions -j 1").out, result.out);
  const auto letter = testing::run_nonet("generate -n 2 --seed 5 --format pdf --paper letter --title Letters");
  ASSERT_EQ(letter.exit_code, 0) << letter.err;
  EXPECT_NE(pdfinfo(letter.out).find("612 x 792 pts (letter)"), std::string::npos);
  EXPECT_NE(pdftext(letter.out).find("Letters"), std::string::npos);
}

TEST(SheetCli, PerPageDefaults) {
  // One puzzle fills the page.
  const auto one = testing::run_nonet("render --format pdf", kWikipedia + "\n");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  expect_wikipedia_grid(pdf_page_image(one.out, 1), false);
  // Big grids: one a page.
  const auto big = testing::run_nonet("generate -n 3 --size 16 --full --seed 1 --format pdf");
  ASSERT_EQ(big.exit_code, 0) << big.err;
  EXPECT_EQ(page_count_of(big.out), 3);
  const auto four = testing::run_nonet("generate -n 3 --size 16 --full --seed 1 --format pdf --per-page 4");
  EXPECT_EQ(page_count_of(four.out), 1);
  const auto nine = testing::run_nonet("generate -n 7 --full --seed 1 --format pdf");
  EXPECT_EQ(page_count_of(nine.out), 2);
}

TEST(SheetCli, RenderPdfToFile) {
  const std::string stem = temp_path("book");
  const auto result = testing::run_nonet("render --format pdf --solution --per-page 1 -o " + stem,
                                         kWikipedia + " wikipedia\n" + kWikipedia + "\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(result.out.empty());
  const std::string pdf = testing::slurp(stem + ".pdf");
  EXPECT_EQ(page_count_of(pdf), 2);
  const std::string text = pdftext(pdf);
  EXPECT_NE(text.find("#1 wikipedia"), std::string::npos) << text;
  EXPECT_NE(text.find("#2"), std::string::npos);
  expect_wikipedia_grid(pdf_page_image(pdf, 2), true);
  std::remove((stem + ".pdf").c_str());
}

TEST(SheetCli, SvgOnStdoutIsOneDocument) {
  std::string input;
  for (int i = 0; i < 7; ++i) input += kWikipedia + "\n";
  for (const std::string command : {"render", "render --solutions"}) {
    const auto result = testing::run_nonet(command, input);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(occurrences(result.out, "<?xml"), 1u) << command;
    EXPECT_EQ(occurrences(result.out, "<svg"), 1u) << command;
    EXPECT_TRUE(tags_balance(result.out)) << command;
  }
  const auto generated = testing::run_nonet("generate -n 13 --seed 2 --format svg");
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  EXPECT_EQ(occurrences(generated.out, "<svg"), 1u);
  EXPECT_NE(generated.out.find("height=\"911mm\""), std::string::npos) << "three pages stacked";
  // And rsvg reads it: three pages of 297 mm and two gaps at 100 dpi.
  const Image image = svg_image(generated.out);
  EXPECT_NEAR(image.height(), 3587, 1);
}

TEST(SheetCli, SvgToFilesIsOneFilePerPage) {
  std::string input;
  for (int i = 0; i < 7; ++i) input += kWikipedia + "\n";
  const std::string stem = temp_path("page");
  const auto result = testing::run_nonet("render -o " + stem + ".svg", input);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const std::string& name : {stem + "-1.svg", stem + "-2.svg"}) {
    const std::string page = testing::slurp(name);
    EXPECT_EQ(occurrences(page, "<svg"), 1u) << name;
    EXPECT_TRUE(tags_balance(page)) << name;
    std::remove(name.c_str());
  }
}

TEST(SheetCli, WriteErrorsAreReported) {
  for (const std::string format : {"pdf", "svg"}) {
    const std::string err = temp_path("err");
    const int status = std::system((std::string(NONET_BINARY) + " render --format " + format + " " +
                                    testing::source_path("examples/classic.txt") + " > /dev/full 2> " + err)
                                       .c_str());
    EXPECT_EQ(WEXITSTATUS(status), 3) << format;
    EXPECT_NE(testing::slurp(err).find("cannot write to standard output"), std::string::npos) << testing::slurp(err);
    std::remove(err.c_str());
  }
  const auto missing = testing::run_nonet("generate -n 2 --seed 1 --format pdf -o /nonexistent-dir/book");
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_NE(missing.err.find("cannot write /nonexistent-dir/book.pdf"), std::string::npos) << missing.err;
  const auto svg = testing::run_nonet("generate -n 2 --seed 1 --format svg -o /nonexistent-dir/book");
  EXPECT_EQ(svg.exit_code, 3);
  EXPECT_NE(svg.err.find("cannot write /nonexistent-dir/book.svg"), std::string::npos) << svg.err;
}

// Runs nonet with stdout on a terminal; its exit status, what reached the
// terminal and its stderr.
struct TerminalRun {
  int status = -1;
  std::string shown, err;
};

TerminalRun run_on_terminal(std::vector<std::string> args) {
  TerminalRun run;
  int terminal = -1, program_side = -1;
  if (openpty(&terminal, &program_side, nullptr, nullptr, nullptr) != 0) return run;
  const std::string err = temp_path("err");
  args.insert(args.begin(), "nonet");
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    dup2(program_side, STDOUT_FILENO);
    const int error_file = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(error_file, STDERR_FILENO);
    close(terminal);
    execv(NONET_BINARY, argv.data());
    _exit(127);
  }
  close(program_side);
  // Read while it runs: a terminal holds only a few kilobytes unread.
  fcntl(terminal, F_SETFL, O_NONBLOCK);
  const auto drain = [&] {
    char buffer[4096];
    for (ssize_t got; (got = read(terminal, buffer, sizeof buffer)) > 0;)
      run.shown.append(buffer, static_cast<std::size_t>(got));
  };
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      break;
    }
    pollfd ready{terminal, POLLIN, 0};
    poll(&ready, 1, 50);
    drain();
  }
  drain();
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  close(terminal);
  run.err = testing::slurp(err);
  std::remove(err.c_str());
  return run;
}

TEST(SheetCli, PdfIsNotWrittenToATerminal) {
  const auto rendered = run_on_terminal({"render", "--format", "pdf", testing::source_path("examples/classic.txt")});
  EXPECT_EQ(rendered.status, 2);
  EXPECT_TRUE(rendered.shown.empty()) << "nothing reached the terminal";
  EXPECT_NE(rendered.err.find("not writing a PDF to a terminal"), std::string::npos) << rendered.err;
  // generate refuses before making any puzzle (fifty expert ones take a while).
  const auto start = std::chrono::steady_clock::now();
  const auto generated =
      run_on_terminal({"generate", "-n", "50", "--difficulty", "expert", "--seed", "1", "--format", "pdf"});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_EQ(generated.status, 2);
  EXPECT_TRUE(generated.shown.empty());
  EXPECT_NE(generated.err.find("not writing a PDF to a terminal"), std::string::npos) << generated.err;
  // An SVG is text: it may go to a terminal.
  const auto svg = run_on_terminal({"render", testing::source_path("examples/classic.txt")});
  EXPECT_EQ(svg.status, 0) << svg.err;
  EXPECT_NE(svg.shown.find("<svg"), std::string::npos);
}

}  // namespace
}  // namespace nonet
