// Variant rules beyond houses: killer cages, thermometers, arrows, dots,
// lines, outside clues and the global rules (anti-knight…). Each one is plain
// data — a kind, its cells in order and its numbers — so it prints, reads
// back and draws from one source; what a kind means is written once per
// consumer (the checker here, the search's propagators, the drawing).
// docs/variants.md is the catalogue: each kind's rule in one sentence and its
// names in f-puzzles, SudokuPad and ISS.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nonet/export.hpp"

namespace nonet NONET_API {

class Geometry;

enum class ConstraintKind {
  // Sets of cells.
  killer_cage,     // no digit twice; `value`, when given, is the sum
  extra_region,    // no digit twice (a region of N cells is a house of the geometry instead)
  sum,             // the digits add up to `value`; digits may repeat
  odd,             // one cell, an odd digit
  even,            // one cell, an even digit
  minimum,         // one cell, lower than each orthogonal neighbour
  maximum,         // one cell, higher than each orthogonal neighbour
  quadruple,       // up to four cells (a 2×2 block); `digits` all appear there (a digit listed twice, twice)
  clone,           // cells[0..split) and cells[split..) hold the same digits, in order
  // Pairs of orthogonal neighbours (cells[0], cells[1]).
  difference,      // white kropki: the digits differ by `value` (1 unless stated)
  ratio,           // black kropki: one digit is `value` (2 unless stated) times the other
  xv,              // the two digits add up to `value` (X = 10, V = 5)
  greater_than,    // cells[0] holds the greater digit
  // Lines, cells in order along the line.
  thermometer,     // strictly increasing from the bulb (cells[0])
  arrow,           // cells[0..split) read as one number (the circle or pill) equal the sum of the rest
  double_arrow,    // the two end cells add up to the sum of the cells between them
  whisper,         // neighbours along the line differ by at least `value` (5 on 9×9 unless stated)
  renban,          // no repeats, and the digits form a run of consecutive numbers
  palindrome,      // reads the same from both ends
  between,         // digits strictly between those of the two end cells
  region_sum_line, // each stretch of the line inside one region has the same sum
  entropic,        // every three consecutive cells hold one low (1-3), one middle (4-6) and one high (7-9) digit
  modular,         // every `value` (3 unless stated) consecutive cells hold different remainders mod `value`
  zipper,          // cells equally far from the centre add up to the same sum (the centre cell's digit on odd lines)
  // Outside clues: `outside` is the clue's position (row or column 0 or N+1),
  // cells the cells it looks at, in order from the clue.
  little_killer,   // the digits along the diagonal add up to `value` (repeats allowed)
  sandwich,        // the digits between 1 and N in the row or column add up to `value`
  x_sum,           // the first X digits from the clue add up to `value`, X being the first digit
  skyscraper,      // `value` digits are visible from the clue (each higher than all before it)
  // Rules over the whole grid (no cells).
  anti_knight,     // cells a knight's move apart differ
  anti_king,       // diagonally touching cells differ
  nonconsecutive,  // orthogonal neighbours are not consecutive (pairs with a white dot are exempt)
  no_difference,   // f-puzzles' negative white dots: no neighbour pair without a dot differs by `value`
  no_ratio,        // negative black dots: no neighbour pair without a dot has ratio `value`
  no_xv,           // negative XV: no unmarked neighbour pair adds up to 5 or 10
  // Indexer cells (f-puzzles' indexers, ISS's Indexing): each listed cell's
  // digit points at a cell of its column, row or box, which holds the
  // listed cell's own position there.
  row_indexer,     // a digit v at row r, column c: row v of column c holds r
  column_indexer,  // a digit v at row r, column c: column v of row r holds c
  box_indexer,     // a digit v at the p-th cell of a box (reading order): its v-th cell holds p
  // A line added after the others (the kinds keep their numbers).
  nabner,          // any two digits on the line differ by 2 or more (no repeats, none consecutive)
  lockout,         // the two end cells differ by `value` or more (4 unless stated), and no cell between
                   // them on the line holds a digit from the lower end's to the higher end's
  sum_line,        // the line splits into stretches of consecutive cells that each add up to `value`
                   // (10 unless stated); a line that ends on its first cell again is a loop
  lunchbox,        // no digit twice; the digits between the lowest and the highest, in the order of the
                   // cells, add up to `value`
  numbered_room,   // outside clue: the X-th cell from the clue holds `value`, X being the first cell's digit
  counting_circles,  // each digit in the cells (circles) is in exactly as many of them as its value
  global_entropy,  // every 2×2 block of cells holds a low, a middle and a high digit (1-3, 4-6, 7-9 on 9×9)
  hidden_skyscraper,  // outside clue: the first digit from the clue lower than one before it is `value`
  // Full rank: the 4N rows and columns, each read as a number from either end,
  // are ranked from the lowest (1); `value` is the rank of the one read from
  // the clue: one more than the count of numbers below it. No number equals
  // a clued one, unless full_rank_ties.
  full_rank,
  full_rank_no_ties,  // no two of the 4N numbers of full rank are equal, clued or not
  full_rank_ties,     // a clued number of full rank may equal others (its rank is still 1 + those below)
  // Pairs of digits a setter lists (ISS's Pair and Binary): `digits` holds
  // them flat, x1, y1, x2, y2, … (x the earlier cell's digit, y the later's).
  pair_table,      // each two consecutive cells of the line hold a listed pair
  pair_table_all,  // each two cells of the group, earlier then later, hold a listed pair
  same_values,     // the cells, split in order into `value` sets of equal size, hold the same digits in each
                   // set (as many of each digit; in any order)
  rellik_cage,     // a cage of different digits none of whose subsets (one digit or more) adds up to `value`
  anti_taxicab,    // (no cells) a digit d is in no cell d steps away, counting steps between orthogonal neighbours
  count_distinct,  // the first cell holds how many different digits the other cells hold
};

// Whether the kind is a clue outside the grid (its `outside` place is part of it).
bool is_outside_clue(ConstraintKind kind);

// The largest sum a sum line's stretches may add up to.
inline constexpr int kMaxSumLine = 1023;

// A line that ends on its first cell again (a sum line drawn as a loop).
inline bool is_loop(const std::vector<int>& cells) { return cells.size() > 2 && cells.front() == cells.back(); }

// The kind's name in nonet's own format and messages ("killer-cage").
std::string_view to_string(ConstraintKind kind);
std::optional<ConstraintKind> constraint_kind_from(std::string_view name);

struct Constraint {
  ConstraintKind kind;
  std::vector<int> cells = {};              // cell indices (row * N + column)
  std::optional<int> value = {};            // sum, difference, ratio, clue…; absent when the rule has none
  int split = 0;                            // arrow: cells in the circle or pill; clone: cells of the first copy
  std::vector<int> digits = {};             // quadruple: the digits shown
  std::pair<int, int> outside = {-1, -1};   // outside clues: (row, column), 0-based, -1 or N outside the grid
  bool operator==(const Constraint&) const = default;
};

// Why a rule cannot be kept whatever the digits, or is malformed (a cage of
// no cells, a thermometer longer than N, a pair that does not touch): the
// rule and cells named. Empty when the rule is well formed for the geometry.
std::string malformed(const Geometry& geometry, const Constraint& constraint);

// The independent checker: whether a complete grid keeps the rule, tested
// directly from the rule's sentence (never through the search's propagators).
bool holds(const Geometry& geometry, const Constraint& constraint, const std::vector<std::uint8_t>& grid,
           const std::vector<Constraint>& all);
// Where a partial grid already breaks a rule among its filled cells (two
// equal digits in a cage, a thermometer going down): a message naming the
// rule and cells, or nothing. Empty cells never break anything.
std::optional<std::string> broken_by_givens(const Geometry& geometry, const std::vector<Constraint>& constraints,
                                            const std::vector<std::uint8_t>& grid);
// "killer cage 15 at r1c1, r1c2"
std::string describe(const Geometry& geometry, const Constraint& constraint);

}  // namespace nonet
