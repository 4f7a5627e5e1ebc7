// Drawing puzzles as printable SVG: A4 portrait pages, several puzzles a
// page, one complete SVG document per page.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "nonet/model.hpp"

namespace nonet {

struct SvgPuzzle {
  Puzzle puzzle;
  std::optional<Grid> solution;  // drawn lighter in the empty cells when asked
  std::string caption;           // printed under the grid ("#3  SE 4.2")
};

struct SvgOptions {
  int per_page = 6;        // puzzles a page: 1, 2, 4, 6 (2×3), 12 (3×4)…
  bool solution = false;   // fill the empty cells with the solution, in grey
};

// Columns × rows of puzzles on a portrait page for `per_page` puzzles.
struct PageLayout {
  int columns = 1, rows = 1;
};
PageLayout page_layout(int per_page);

// One SVG document holding up to options.per_page puzzles.
std::string svg_page(std::span<const SvgPuzzle> puzzles, const SvgOptions& options);
// Every page for the puzzles, in order.
std::vector<std::string> svg_pages(std::span<const SvgPuzzle> puzzles, const SvgOptions& options);

}  // namespace nonet
