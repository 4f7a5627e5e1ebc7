// Digits as characters, and the checks every solution must pass.
#include <algorithm>
#include <string>

#include "core/contract.hpp"
#include "nonet/model.hpp"

namespace nonet {

char digit_char(int digit) {
  if (digit <= 0) return '.';
  if (digit <= 9) return static_cast<char>('0' + digit);
  return static_cast<char>('A' + digit - 10);
}

int digit_of_char(char c, int size) {
  if (c == '.') return 0;
  if (c == '0') return size <= 9 ? 0 : -1;
  int digit = -1;
  if (c >= '1' && c <= '9') digit = c - '0';
  else if (c >= 'A' && c <= 'Z') digit = c - 'A' + 10;
  else if (c >= 'a' && c <= 'z') digit = c - 'a' + 10;
  return digit >= 1 && digit <= size ? digit : -1;
}

namespace {

// Every clash in house order, or only the first one (a puzzle's verdict needs
// one; a player's board shows them all).
std::vector<Conflict> conflicts(const Geometry& geometry, const Grid& cells, bool first_only) {
  // A grid of the geometry: one entry per cell, 0 (empty) or a digit 1..N.
  NONET_EXPECTS(cells.size() == static_cast<std::size_t>(geometry.cell_count()));
  std::vector<Conflict> found;
  const auto& houses = geometry.houses();
  std::vector<int> where(geometry.size() + 1);
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    std::fill(where.begin(), where.end(), -1);
    for (int cell : houses[h].cells) {
      const int digit = cells[cell];
      if (digit == 0) continue;
      NONET_EXPECTS(digit <= geometry.size());
      if (where[digit] >= 0) {
        found.push_back(Conflict{digit, h, where[digit], cell});
        if (first_only) return found;
        continue;
      }
      where[digit] = cell;
    }
  }
  return found;
}

}  // namespace

std::optional<Conflict> find_conflict(const Geometry& geometry, const Grid& cells) {
  auto found = conflicts(geometry, cells, true);
  if (found.empty()) return std::nullopt;
  return found.front();
}

std::vector<Conflict> find_conflicts(const Geometry& geometry, const Grid& cells) {
  return conflicts(geometry, cells, false);
}

std::string describe(const Geometry& geometry, const Conflict& conflict) {
  NONET_EXPECTS(conflict.house >= 0 && conflict.house < static_cast<int>(geometry.houses().size()));
  NONET_EXPECTS(conflict.digit >= 1 && conflict.digit <= geometry.size());
  return std::string("digit ") + digit_char(conflict.digit) + " twice in " +
         house_name(geometry.houses()[conflict.house]) + " (" + geometry.cell_name(conflict.first_cell) +
         ", " + geometry.cell_name(conflict.second_cell) + ")";
}

bool is_solution_of(const Puzzle& puzzle, const Grid& solution) {
  const Geometry& geometry = *puzzle.geometry;
  // The solution may be anything (a wrong one is false); the puzzle is a puzzle of its geometry.
  NONET_EXPECTS(puzzle.cells.size() == static_cast<std::size_t>(geometry.cell_count()));
  if (static_cast<int>(solution.size()) != geometry.cell_count()) return false;
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    if (solution[cell] < 1 || solution[cell] > geometry.size()) return false;
    if (puzzle.cells[cell] != 0 && puzzle.cells[cell] != solution[cell]) return false;
  }
  if (find_conflict(geometry, solution)) return false;
  return std::all_of(puzzle.constraints.begin(), puzzle.constraints.end(), [&](const Constraint& rule) {
    return holds(geometry, rule, solution, puzzle.constraints);
  });
}

}  // namespace nonet
