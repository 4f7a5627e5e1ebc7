// Helpers of the sheet tests (sheet_test.cpp: the library's drawing;
// cli_sheet_test.cpp: nonet generate | render end to end): the pages looked
// at through poppler and librsvg, and the PNGs read back pixel by pixel.
#pragma once

#include <cairo.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace nonet::sheet_testing {

inline const std::string kWikipedia = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

inline std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "nonet_sheet_" + ::testing::UnitTest::GetInstance()->current_test_info()->name() +
         "_" + name;
}

inline void write(const std::string& path, const std::string& data) { std::ofstream(path, std::ios::binary) << data; }

// Runs a shell command, returning its exit status and standard output.
inline std::pair<int, std::string> shell(const std::string& command) {
  const std::string out = temp_path("shell.out");
  const int status = std::system((command + " > " + out).c_str());
  std::string text = testing::slurp(out);
  std::remove(out.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

inline std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// Tags open and close in order, and nothing is left open.
inline bool tags_balance(const std::string& svg) {
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
inline std::vector<double> thick_lines(const Image& image, bool columns) {
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

// The PDF's page `page` as a PNG at 100 dpi.
inline Image pdf_page_image(const std::string& pdf, int page) {
  const std::string in = temp_path("page.pdf"), out = temp_path("page");
  write(in, pdf);
  const std::string n = std::to_string(page);
  EXPECT_EQ(std::system(("pdftoppm -r 100 -png -singlefile -f " + n + " -l " + n + " " + in + " " + out).c_str()), 0);
  Image image(out + ".png");
  std::remove(in.c_str());
  std::remove((out + ".png").c_str());
  return image;
}

inline Image svg_image(const std::string& svg) {
  const std::string in = temp_path("page.svg"), out = temp_path("page.png");
  write(in, svg);
  EXPECT_EQ(std::system(("rsvg-convert --dpi-x 100 --dpi-y 100 -b white -o " + out + " " + in).c_str()), 0);
  Image image(out);
  std::remove(in.c_str());
  std::remove(out.c_str());
  return image;
}

inline std::string pdfinfo(const std::string& pdf) {
  const std::string in = temp_path("info.pdf");
  write(in, pdf);
  auto [status, text] = shell("pdfinfo " + in);
  EXPECT_EQ(status, 0);
  std::remove(in.c_str());
  return text;
}

inline std::string pdftext(const std::string& pdf) {
  const std::string in = temp_path("text.pdf");
  write(in, pdf);
  auto [status, text] = shell("pdftotext -layout " + in + " -");
  EXPECT_EQ(status, 0);
  std::remove(in.c_str());
  return text;
}

inline int page_count_of(const std::string& pdf) {
  std::smatch match;
  const std::string info = pdfinfo(pdf);
  return std::regex_search(info, match, std::regex(R"(Pages:\s+(\d+))")) ? std::stoi(match[1]) : -1;
}

// One 9×9 grid alone on a page: its frame and thick lines where a 3×3 box
// grid has them, thin lines between, the givens' cells inked, the others blank.
inline void expect_wikipedia_grid(const Image& image, bool solution_drawn) {
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

}  // namespace nonet::sheet_testing
