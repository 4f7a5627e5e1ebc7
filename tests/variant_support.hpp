// Helpers shared by the variant tests: grids and cells written as text,
// rules built from a kind, cells and a value, and ISS's published puzzles.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/constraints.hpp"
#include "nonet/model.hpp"
#include "test_support.hpp"

namespace nonet::testing {

using Kind = ConstraintKind;

// One line of ISS's published puzzles (variants/iss/puzzles.tsv in the
// shared data): its collection, name, ISS text and solution (empty where ISS
// publishes none). No rows where the file is absent.
struct IssRow {
  std::string collection, name, input, solution;
};
inline std::vector<IssRow> iss_rows() {
  std::vector<IssRow> rows;
  std::ifstream tsv(data_path("variants/iss/puzzles.tsv"));
  std::string line;
  std::getline(tsv, line);  // header
  while (std::getline(tsv, line)) {
    std::istringstream fields(line);
    IssRow row;
    std::getline(fields, row.collection, '\t');
    std::getline(fields, row.name, '\t');
    std::getline(fields, row.input, '\t');
    std::getline(fields, row.solution, '\t');
    rows.push_back(std::move(row));
  }
  return rows;
}

// A grid of N×N digits written row after row ("1234 3412 …"); spaces ignored.
inline Grid grid_of(std::string_view text) {
  Grid grid;
  for (char c : text)
    if (c >= '0' && c <= '9') grid.push_back(static_cast<std::uint8_t>(c - '0'));
  return grid;
}

// Cells named as the messages name them ("r1c1 r2c1"), for an N×N grid.
inline std::vector<int> cells_of(int size, std::string_view names) {
  std::vector<int> cells;
  std::istringstream in{std::string(names)};
  for (std::string name; in >> name;) {
    const auto c = name.find('c');
    EXPECT_TRUE(name[0] == 'r' && c != std::string::npos) << name;
    cells.push_back((std::stoi(name.substr(1, c - 1)) - 1) * size + std::stoi(name.substr(c + 1)) - 1);
  }
  return cells;
}

inline Constraint rule(Kind kind, std::vector<int> cells, std::optional<int> value = std::nullopt) {
  Constraint constraint{};
  constraint.kind = kind;
  constraint.cells = std::move(cells);
  constraint.value = value;
  return constraint;
}

// A rule of listed pairs: `digits` flat, x1, y1, x2, y2, …
inline Constraint pairs(Kind kind, std::vector<int> cells, std::vector<int> digits) {
  Constraint c = rule(kind, std::move(cells));
  c.digits = std::move(digits);
  return c;
}

inline Constraint with_split(Constraint c, int split) {
  c.split = split;
  return c;
}

// For each orthogonal pair of an N×N grid whose digits `test` picks, a rule
// of `kind` on the pair with the value `value_of` gives: the white dots, black
// dots or XV that exempt pairs from a whole-grid rule.
template <class Test, class Value>
std::vector<Constraint> marks(int size, const Grid& grid, Kind kind, Test&& test, Value&& value_of) {
  std::vector<Constraint> found;
  for (int cell = 0; cell < size * size; ++cell)
    for (int other : {cell % size + 1 < size ? cell + 1 : -1, cell + size < size * size ? cell + size : -1})
      if (other >= 0 && test(grid[cell], grid[other]))
        found.push_back(rule(kind, {cell, other}, value_of(grid[cell], grid[other])));
  return found;
}

// Every ConstraintKind, in declaration order (to_string names each one).
inline std::vector<Kind> every_kind() {
  std::vector<Kind> kinds;
  for (int i = 0; to_string(static_cast<Kind>(i)) != "constraint"; ++i) kinds.push_back(static_cast<Kind>(i));
  return kinds;
}

// The kinds that take no cells: rules over the whole grid.
inline bool whole_grid(Kind kind) {
  return kind == Kind::anti_knight || kind == Kind::anti_king || kind == Kind::nonconsecutive ||
         kind == Kind::no_difference || kind == Kind::no_ratio || kind == Kind::no_xv || kind == Kind::global_entropy ||
         kind == Kind::full_rank_no_ties || kind == Kind::full_rank_ties || kind == Kind::anti_taxicab;
}

}  // namespace nonet::testing
