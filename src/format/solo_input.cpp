// Reading Solo's game IDs (see solo_input.hpp): the givens, jigsaw regions
// and killer cages it describes, as nonet's geometry and killer-cage rules.
#include "solo_input.hpp"

#include <cctype>
#include <numeric>

#include "fpuzzles.hpp"
#include "nonet/constraints.hpp"

namespace nonet::detail {

namespace {

[[noreturn]] void fail(std::size_t offset, std::string reason) { throw SoloError{offset, std::move(reason)}; }

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }

struct Params {
  int box_rows = 0, box_columns = 0;  // 0 columns: jigsaw of box_rows
  bool diagonals = false, killer = false;
  int size() const { return box_columns ? box_rows * box_columns : box_rows; }
};

// The parameters before the ':'; nullopt where they are not Solo's.
std::optional<Params> parse_params(std::string_view text) {
  Params p;
  std::size_t at = 0;
  const auto number = [&](int& out) {
    const std::size_t begin = at;
    while (at < text.size() && is_digit(text[at]) && at - begin < 3) ++at;
    if (at == begin) return false;
    out = std::stoi(std::string(text.substr(begin, at - begin)));
    return true;
  };
  if (!number(p.box_rows)) return std::nullopt;
  if (at < text.size() && text[at] == 'j') ++at;
  else if (at + 1 < text.size() && text[at] == 'x' && is_digit(text[at + 1])) ++at, number(p.box_columns);
  else p.box_columns = p.box_rows;  // "3": 3x3
  if (at < text.size() && text[at] == 'x') ++at, p.diagonals = true;
  if (at < text.size() && text[at] == 'k') ++at, p.killer = true;
  if (at != text.size()) return std::nullopt;
  return p;
}

// A grid of numbers and runs of empty cells (GIVENS, SUMS): the number in
// each cell, 0 for empty. `largest`: the largest number a cell may hold.
std::vector<int> read_number_grid(std::string_view text, std::size_t offset, int cells, int largest,
                                  const char* what) {
  std::vector<int> grid;
  grid.reserve(static_cast<std::size_t>(cells));
  for (std::size_t at = 0; at < text.size();) {
    const char c = text[at];
    if (is_lower(c)) {
      grid.insert(grid.end(), static_cast<std::size_t>(c - 'a' + 1), 0);
      ++at;
    } else if (c == '_') {
      ++at;
    } else if (is_digit(c)) {
      const std::size_t begin = at;
      while (at < text.size() && is_digit(text[at]) && at - begin < 4) ++at;
      const int value = std::stoi(std::string(text.substr(begin, at - begin)));
      if (value < 1 || value > largest)
        fail(offset + begin, std::string(what) + " " + std::to_string(value) + " is not within 1.." + std::to_string(largest));
      grid.push_back(value);
    } else {
      fail(offset + at, std::string("'") + c + "' in the " + what + "s: expected a-z, '_' or a number");
    }
    if (grid.size() > static_cast<std::size_t>(cells))
      fail(offset + at - 1, std::string("the ") + what + "s run past the grid's " + std::to_string(cells) + " cells");
  }
  if (grid.size() != static_cast<std::size_t>(cells))
    fail(offset + text.size(), std::string("the ") + what + "s cover " + std::to_string(grid.size()) + " cells, expected " +
                                   std::to_string(cells));
  return grid;
}

// BLOCKS or CAGES: per cell, the first cell (reading order) of its region.
std::vector<int> read_layout(std::string_view text, std::size_t offset, int size, const char* what) {
  const int inner = size * (size - 1);  // edges between columns, and as many between rows
  std::vector<char> divides;
  divides.reserve(static_cast<std::size_t>(2 * inner + 1));
  for (std::size_t at = 0; at < text.size(); ++at) {
    const char c = text[at];
    if (c == '_') divides.push_back(1);
    else if (c == 'z') divides.insert(divides.end(), 26, 0);
    else if (is_lower(c)) {
      divides.insert(divides.end(), static_cast<std::size_t>(c - 'a' + 1), 0);
      divides.push_back(1);
    } else {
      fail(offset + at, std::string("'") + c + "' in the " + what + ": expected a-z or '_'");
    }
    if (divides.size() > static_cast<std::size_t>(2 * inner + 1))
      fail(offset + at, std::string("the ") + what + " run past the grid's " + std::to_string(2 * inner) + " inner edges");
  }
  // The last divide closes the final run; it is no edge of the grid.
  if (divides.size() != static_cast<std::size_t>(2 * inner + 1) || !divides.back())
    fail(offset + text.size(), std::string("the ") + what + " cover " + std::to_string(divides.size()) +
                                   " edges, expected " + std::to_string(2 * inner) + " and a closing one");
  std::vector<int> root(static_cast<std::size_t>(size * size));
  std::iota(root.begin(), root.end(), 0);
  const auto find = [&](int cell) {
    while (root[cell] != cell) cell = root[cell] = root[root[cell]];
    return cell;
  };
  for (int edge = 0; edge < 2 * inner; ++edge) {
    if (divides[edge]) continue;
    int a, b;
    if (edge < inner) {  // between columns, row by row
      a = (edge / (size - 1)) * size + edge % (size - 1);
      b = a + 1;
    } else {  // between rows, column by column
      a = (edge - inner) % (size - 1) * size + (edge - inner) / (size - 1);
      b = a + size;
    }
    const int ra = find(a), rb = find(b);
    root[std::max(ra, rb)] = std::min(ra, rb);  // the root stays the region's first cell
  }
  std::vector<int> first(root.size());
  for (int cell = 0; cell < size * size; ++cell) first[cell] = find(cell);
  return first;
}

}  // namespace

bool looks_like_solo_game_id(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0 || !parse_params(text.substr(0, colon))) return false;
  for (char c : text.substr(colon + 1))
    if (!is_lower(c) && !is_digit(c) && c != '_' && c != ',') return false;
  return true;
}

Puzzle read_solo_game_id(std::string_view text) {
  const std::size_t colon = text.find(':');
  const auto params = colon == std::string_view::npos ? std::nullopt : parse_params(text.substr(0, colon));
  if (!params) fail(0, "a Solo game id starts with its size: 3x3, 9j, then x for diagonals and k for killer, and ':'");
  const int n = params->size();
  if (n < 2 || n > kMaxSize) fail(0, "a grid of " + std::to_string(n) + " is not supported (2.." + std::to_string(kMaxSize) + ")");
  std::vector<std::string_view> parts;
  std::vector<std::size_t> offsets;
  for (std::size_t begin = colon + 1;;) {
    const std::size_t end = std::min(text.find(',', begin), text.size());
    parts.push_back(text.substr(begin, end - begin));
    offsets.push_back(begin);
    if (end == text.size()) break;
    begin = end + 1;
  }
  const bool jigsaw = params->box_columns == 0;
  const std::size_t expected = 1 + (jigsaw ? 1 : 0) + (params->killer ? 2 : 0);
  if (parts.size() != expected)
    fail(colon + 1, "these parameters need " + std::to_string(expected) + " parts separated by ',' (givens" +
                        (jigsaw ? ", regions" : "") + (params->killer ? ", cages, sums" : "") + "), found " +
                        std::to_string(parts.size()));
  const int cells = n * n;
  const std::vector<int> givens = read_number_grid(parts[0], offsets[0], cells, n, "given");
  std::vector<int> regions(static_cast<std::size_t>(cells));
  if (jigsaw) {
    const std::vector<int> first = read_layout(parts[1], offsets[1], n, "regions");
    std::vector<int> label(static_cast<std::size_t>(cells), -1);
    int labels = 0;
    for (int cell = 0; cell < cells; ++cell) {
      if (label[first[cell]] < 0) label[first[cell]] = labels++;
      regions[cell] = label[first[cell]];
    }
  } else {
    // Solo's c×r: boxes of c rows by r columns, c boxes across.
    for (int cell = 0; cell < cells; ++cell)
      regions[cell] = cell / n / params->box_rows * params->box_rows + cell % n / params->box_columns;
  }
  Puzzle puzzle;
  try {
    puzzle.geometry = variant_geometry(n, regions, ExtraHouses{params->diagonals, params->diagonals, false, {}});
  } catch (const GeometryError& error) {
    fail(jigsaw ? offsets[1] : 0, error.what());
  }
  puzzle.cells.assign(givens.begin(), givens.end());
  if (!params->killer) return puzzle;
  const std::vector<int> cage_of = read_layout(parts[expected - 2], offsets[expected - 2], n, "cages");
  const std::vector<int> sums = read_number_grid(parts[expected - 1], offsets[expected - 1], cells, n * (n + 1) / 2, "sum");
  std::vector<int> index_of(static_cast<std::size_t>(cells), -1);
  for (int cell = 0; cell < cells; ++cell) {
    int& index = index_of[cage_of[cell]];
    if (index < 0) {
      index = static_cast<int>(puzzle.constraints.size());
      puzzle.constraints.push_back(Constraint{ConstraintKind::killer_cage, {}});
    }
    Constraint& cage = puzzle.constraints[static_cast<std::size_t>(index)];
    cage.cells.push_back(cell);
    if (!sums[cell]) continue;
    if (cage.value)
      fail(offsets[expected - 1], "the cage at " + puzzle.geometry->cell_name(cage.cells.front()) + " has two sums (" +
                                      std::to_string(*cage.value) + " and " + std::to_string(sums[cell]) + " at " +
                                      puzzle.geometry->cell_name(cell) + ")");
    cage.value = sums[cell];
  }
  return puzzle;
}

}  // namespace nonet::detail
