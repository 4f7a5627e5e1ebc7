// Symmetry of the pattern of givens.
//
// Each symmetry is a small group of cell maps (the identity included). The
// orbits of that group — {r1c1, r9c9} under rot180, {r1c1, r1c9, r9c9, r9c1}
// under rot90 — are the units the carver removes, so every intermediate
// puzzle, and the result, is symmetric.
//
// A symmetry fits a geometry only if each map sends every house onto a
// house: otherwise a "symmetric" puzzle would be symmetric on paper but not
// as a Sudoku, and on a jigsaw it would look arbitrary. That rule is generic,
// so a jigsaw whose region map happens to be rot180-symmetric accepts rot180.
#include <algorithm>
#include <array>
#include <functional>
#include <set>

#include "nonet/generate.hpp"
#include "variant.hpp"

namespace nonet {

namespace {

using CellMap = std::function<int(int row, int column, int size)>;

int rotate180(int r, int c, int n) { return (n - 1 - r) * n + (n - 1 - c); }
int rotate90(int r, int c, int n) { return c * n + (n - 1 - r); }
int rotate270(int r, int c, int n) { return (n - 1 - c) * n + r; }
int mirror(int r, int c, int n) { return r * n + (n - 1 - c); }
int flip(int r, int c, int n) { return (n - 1 - r) * n + c; }
int transpose(int r, int c, int n) { return c * n + r; }
int antitranspose(int r, int c, int n) { return (n - 1 - c) * n + (n - 1 - r); }

constexpr std::array<std::pair<Symmetry, const char*>, 8> kNames{{
    {Symmetry::none, "none"},
    {Symmetry::rot180, "rot180"},
    {Symmetry::rot90, "rot90"},
    {Symmetry::mirror, "mirror"},
    {Symmetry::flip, "flip"},
    {Symmetry::diagonal, "diagonal"},
    {Symmetry::antidiagonal, "antidiagonal"},
    {Symmetry::dihedral, "dihedral"},
}};

// The non-identity maps of the symmetry's group.
std::vector<CellMap> group_maps(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::none: return {};
    case Symmetry::rot180: return {rotate180};
    case Symmetry::rot90: return {rotate90, rotate180, rotate270};
    case Symmetry::mirror: return {mirror};
    case Symmetry::flip: return {flip};
    case Symmetry::diagonal: return {transpose};
    case Symmetry::antidiagonal: return {antitranspose};
    case Symmetry::dihedral:
      return {rotate90, rotate180, rotate270, mirror, flip, transpose, antitranspose};
  }
  return {};
}

std::vector<int> image_of_cells(const std::vector<int>& cells, const CellMap& map, int size) {
  std::vector<int> image;
  image.reserve(cells.size());
  for (int cell : cells) image.push_back(map(cell / size, cell % size, size));
  std::sort(image.begin(), image.end());
  return image;
}

}  // namespace

std::vector<std::string> symmetry_names() {
  std::vector<std::string> names;
  for (const auto& [symmetry, name] : kNames) names.emplace_back(name);
  return names;
}

std::string to_string(Symmetry symmetry) {
  for (const auto& [value, name] : kNames)
    if (value == symmetry) return name;
  return "none";
}

std::optional<Symmetry> parse_symmetry(std::string_view text) {
  for (const auto& [value, name] : kNames)
    if (text == name) return value;
  return std::nullopt;
}

std::optional<std::string> symmetry_misfit(const Geometry& geometry, Symmetry symmetry) {
  const int size = geometry.size();
  std::set<std::vector<int>> houses;
  for (const House& house : geometry.houses()) {
    auto cells = house.cells;
    std::sort(cells.begin(), cells.end());
    houses.insert(std::move(cells));
  }
  for (const CellMap& map : group_maps(symmetry))
    for (const House& house : geometry.houses())
      if (!houses.count(image_of_cells(house.cells, map, size))) {
        std::string shape = geometry.variant() + " " + std::to_string(size) + "x" + std::to_string(size);
        if (geometry.box_rows() > 0)
          shape += " (boxes " + std::to_string(geometry.box_rows()) + "x" +
                   std::to_string(geometry.box_columns()) + ")";
        return "symmetry " + to_string(symmetry) + " does not fit " + shape + ": it maps " +
               house_name(house) + " onto cells that are not a house";
      }
  return std::nullopt;
}

std::vector<std::vector<int>> symmetry_orbits(const Geometry& geometry, Symmetry symmetry) {
  if (auto why = symmetry_misfit(geometry, symmetry)) throw GenerateError(*why);
  const int size = geometry.size();
  const auto maps = group_maps(symmetry);
  std::vector<int> orbit_of(geometry.cell_count(), -1);
  std::vector<std::vector<int>> orbits;
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    if (orbit_of[cell] >= 0) continue;
    // The maps form a group, so the images of one cell are its whole orbit.
    std::vector<int> orbit{cell};
    for (const CellMap& map : maps) orbit.push_back(map(cell / size, cell % size, size));
    std::sort(orbit.begin(), orbit.end());
    orbit.erase(std::unique(orbit.begin(), orbit.end()), orbit.end());
    for (int member : orbit) orbit_of[member] = static_cast<int>(orbits.size());
    orbits.push_back(std::move(orbit));
  }
  return orbits;
}

bool has_symmetry(const Geometry& geometry, const Grid& cells, Symmetry symmetry) {
  const int size = geometry.size();
  for (const CellMap& map : group_maps(symmetry))
    for (int cell = 0; cell < geometry.cell_count(); ++cell)
      if ((cells[cell] != 0) != (cells[map(cell / size, cell % size, size)] != 0)) return false;
  return true;
}

namespace detail {

std::vector<std::vector<int>> symmetry_images(const Geometry& geometry, Symmetry symmetry) {
  const int size = geometry.size();
  std::vector<std::vector<int>> images;
  for (const CellMap& map : group_maps(symmetry)) {
    std::vector<int>& image = images.emplace_back(geometry.cell_count());
    for (int cell = 0; cell < geometry.cell_count(); ++cell) image[cell] = map(cell / size, cell % size, size);
  }
  return images;
}

}  // namespace detail

}  // namespace nonet
