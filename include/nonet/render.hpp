// Drawing puzzles as printable sheets: portrait pages (A4 or US Letter),
// several puzzles a page, as SVG or PDF. One drawing function (cairo) makes
// both: the SVG and the PDF of the same puzzles show the same page.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nonet/export.hpp"
#include "nonet/model.hpp"

namespace nonet NONET_API {

struct SvgPuzzle {
  Puzzle puzzle;
  std::optional<Grid> solution;  // drawn lighter in the empty cells when asked
  std::string caption;           // printed under the grid ("#3  SE 4.2")
};

enum class Paper { a4, letter };

struct SvgOptions {
  int per_page = 6;        // puzzles a page: 1, 2, 4, 6 (2×3), 12 (3×4)…
  bool solution = false;   // fill the empty cells with the solution, in grey
  Paper paper = Paper::a4;
  std::string title;       // at the top of every page; none when empty
  bool page_numbers = false;      // "3 / 8" at the foot of every page
  bool solutions_section = false; // after the puzzles, pages of their solutions
};

// Columns × rows of puzzles on a portrait page for `per_page` puzzles.
struct PageLayout {
  int columns = 1, rows = 1;
};
PageLayout page_layout(int per_page);

// The paper's width and height in millimetres (A4 210 × 297, Letter 215.9 × 279.4).
struct PaperSize {
  double width = 210, height = 297;
};
PaperSize paper_size(Paper paper);

// How many pages the puzzles take: the puzzle pages, then as many again for
// the solutions section when asked.
std::size_t page_count(std::size_t puzzles, const SvgOptions& options);

// One SVG document holding up to options.per_page puzzles (page 1 of 1).
std::string svg_page(std::span<const SvgPuzzle> puzzles, const SvgOptions& options);
// Every page for the puzzles, in order, one SVG document each.
std::vector<std::string> svg_pages(std::span<const SvgPuzzle> puzzles, const SvgOptions& options);
// Every page stacked top to bottom in one SVG document (for a single stream).
std::string svg_document(std::span<const SvgPuzzle> puzzles, const SvgOptions& options);
// Every page in one PDF document; no puzzles give one page with the title.
// Each of these throws std::runtime_error if cairo fails (out of memory) or
// cannot be loaded (it is loaded when the first sheet is drawn).
std::string pdf_document(std::span<const SvgPuzzle> puzzles, const SvgOptions& options);

}  // namespace nonet
