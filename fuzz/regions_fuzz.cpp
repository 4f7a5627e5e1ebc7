// The jigsaw region-map parser (parse_region_map) and the geometry built from
// its labels, over any bytes. A map either fails with GeometryError or gives
// N×N labels 0..N-1 numbered in order of first appearance; a geometry built
// from it has rows, columns and those regions as houses of N distinct cells,
// three houses per cell, and symmetric peer lists; and the empty puzzle on
// it, solved briefly, gives a grid that fits every house.
#include <algorithm>
#include <cmath>

#include "check.hpp"
#include "nonet/exact.hpp"

namespace {

using namespace nonet;
using fuzz::require;

void check_labels(const std::vector<int>& labels) {
  const int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(labels.size()))));
  require(n >= 1 && n * n == static_cast<int>(labels.size()), "region map of " + std::to_string(labels.size()) +
                                                                 " labels accepted");
  int next = 0;  // labels appear first in the order 0, 1, 2, …
  for (int label : labels) {
    require(label >= 0 && label <= next && label < n, "label " + std::to_string(label) + " out of order or range");
    if (label == next) ++next;
  }
  require(next == n, "region map with " + std::to_string(next) + " regions accepted for size " + std::to_string(n));
}

void check_houses(const Geometry& geometry, const std::vector<int>& labels) {
  const int n = geometry.size();
  require(geometry.regions() == labels, "geometry's regions differ from the map");
  std::vector<int> houses_per_cell(geometry.cell_count(), 0);
  for (const House& house : geometry.houses()) {
    std::vector<int> cells = house.cells;
    std::sort(cells.begin(), cells.end());
    require(static_cast<int>(cells.size()) == n, house_name(house) + " does not have N cells");
    require(std::adjacent_find(cells.begin(), cells.end()) == cells.end(), house_name(house) + " repeats a cell");
    for (int cell : cells) {
      require(cell >= 0 && cell < geometry.cell_count(), house_name(house) + " has a cell off the grid");
      ++houses_per_cell[cell];
    }
  }
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    require(houses_per_cell[cell] == 3, geometry.cell_name(cell) + " is not in exactly 3 houses");
    require(static_cast<int>(geometry.houses_of(cell).size()) == 3, geometry.cell_name(cell) + " lists other houses");
    for (int peer : geometry.peers_of(cell)) {
      require(peer != cell, geometry.cell_name(cell) + " is its own peer");
      const auto back = geometry.peers_of(peer);
      require(std::find(back.begin(), back.end(), cell) != back.end(), "peers not symmetric at " +
                                                                          geometry.cell_name(cell));
    }
  }
}

// Whatever the brief search returns fits the layout; an impossible layout is
// allowed (no_solution), a wrong grid is not.
void check_solve(const std::shared_ptr<const Geometry>& geometry) {
  const Puzzle empty{geometry, Grid(geometry->cell_count(), 0), ""};
  SolveOptions options;
  options.count_limit = 1;
  options.max_nodes = 20000;
  options.time_limit = 0.1;
  const SolveResult result = solve(empty, options);
  require(result.status != SolveStatus::invalid, "an empty jigsaw called invalid: " + result.reason);
  for (const Grid& solution : result.solutions) fuzz::require_solution(empty, solution, "solve on a jigsaw layout");
  require(result.status != SolveStatus::solved || !result.solutions.empty(), "solved without a solution");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<int> labels;
  try {
    labels = parse_region_map(text);
  } catch (const GeometryError&) {
    return 0;
  }
  check_labels(labels);
  const int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(labels.size()))));
  std::shared_ptr<const Geometry> geometry;
  try {
    VariantSpec spec{"jigsaw", 0, labels};
    geometry = make_geometry(spec, n);
  } catch (const GeometryError&) {
    return 0;  // regions of the wrong sizes, or a size out of range
  }
  check_houses(*geometry, labels);
  check_solve(geometry);
  return 0;
}
