// nonet's JSON for a puzzle: what json_input.cpp reads, written back.
#include "puzzle_json.hpp"

#include "nonet/constraints.hpp"
#include "nonet/format.hpp"

namespace nonet {

namespace {

using ordered_json = nlohmann::ordered_json;

// "r3c5"; row or column 0 or N+1 for a clue outside the grid.
std::string place_name(int row, int column) {
  // Appended piece by piece: g++ 12 warns falsely on "r" + std::to_string(...).
  std::string name = "r";
  name += std::to_string(row + 1);
  name += 'c';
  name += std::to_string(column + 1);
  return name;
}

ordered_json cell_names(const Geometry& geometry, const std::vector<int>& cells) {
  ordered_json names = ordered_json::array();
  for (int cell : cells) names.push_back(place_name(geometry.row_of(cell), geometry.column_of(cell)));
  return names;
}

// Whether the variant the geometry is named after already brings the house.
bool house_of_variant(const Geometry& geometry, HouseKind kind) {
  switch (kind) {
    case HouseKind::row:
    case HouseKind::column:
    case HouseKind::box:
    case HouseKind::region: return true;
    case HouseKind::diagonal:
    case HouseKind::anti_diagonal: return geometry.variant() == "diagonal";
    case HouseKind::window: return geometry.variant() == "windoku";
    case HouseKind::extra_region:
    case HouseKind::disjoint_group: return false;
  }
  return false;
}

}  // namespace

namespace encode {

nlohmann::ordered_json puzzle(const Puzzle& puzzle) {
  const Geometry& geometry = *puzzle.geometry;
  ordered_json document;
  document["puzzle"] = to_line(geometry, puzzle.cells);
  document["size"] = geometry.size();
  document["variant"] = geometry.variant();
  if (geometry.variant() == "jigsaw") document["regions"] = to_region_line(geometry);
  ordered_json houses = ordered_json::array();
  for (const House& house : geometry.houses())
    if (!house_of_variant(geometry, house.kind)) houses.push_back(cell_names(geometry, house.cells));
  if (!houses.empty()) document["houses"] = std::move(houses);
  ordered_json rules = ordered_json::array();
  for (const Constraint& rule : puzzle.constraints) {
    ordered_json entry;
    entry["kind"] = to_string(rule.kind);
    if (!rule.cells.empty()) entry["cells"] = cell_names(geometry, rule.cells);
    if (rule.value) entry["value"] = *rule.value;
    if (rule.split != 0) entry["split"] = rule.split;
    if (!rule.digits.empty()) entry["digits"] = rule.digits;
    if (is_outside_clue(rule.kind)) entry["outside"] = place_name(rule.outside.first, rule.outside.second);
    rules.push_back(std::move(entry));
  }
  if (!rules.empty()) document["constraints"] = std::move(rules);
  if (!puzzle.comment.empty()) document["comment"] = puzzle.comment;
  return document;
}

}  // namespace encode

std::string to_json(const Puzzle& puzzle) {
  // Text that is not UTF-8 (a comment) is written with U+FFFD, never refused.
  return encode::puzzle(puzzle).dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

}  // namespace nonet
