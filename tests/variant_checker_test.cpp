// The variant checker (nonet/constraints.hpp) against hand-made cases: for
// every kind, full grids on which the rule's sentence holds and grids or
// cells where it does not; then malformed rules and givens that already
// break a rule. The search is checked against this checker elsewhere
// (variant_search_test.cpp), so these cases pin the checker to the rules.
#include <gtest/gtest.h>

#include <climits>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "nonet/exact.hpp"
#include "variant_support.hpp"

namespace nonet {
namespace {

using testing::cells_of;
using testing::grid_of;
using testing::Kind;
using testing::rule;
using testing::with_split;

// A solved grid and its geometry.
struct Board {
  std::shared_ptr<const Geometry> geometry;
  Grid grid;
  int size() const { return geometry->size(); }
  std::vector<int> at(std::string_view names) const { return cells_of(size(), names); }
};

Board board(Geometry geometry, std::string_view digits) {
  return Board{std::make_shared<const Geometry>(std::move(geometry)), grid_of(digits)};
}

// Known grids: each a valid Sudoku of its geometry (checked below), some
// chosen because a whole-grid rule holds on them.
struct Boards {
  Board classic4 = board(Geometry::classic(2, 2), "1234 3412 2143 4321");
  Board anti_knight4 = board(Geometry::classic(2, 2), "1234 4321 3412 2143");  // and no neighbours 2 apart
  Board jigsaw4 = board(Geometry::jigsaw(4, std::vector<int>{0, 0, 1, 1, 0, 0, 2, 1, 3, 2, 2, 1, 3, 3, 3, 2}),
                        "1234 4312 3421 2143");
  Board classic6 = board(Geometry::classic(2, 3), "123456 456123 231564 564231 312645 645312");
  // ISS's "Heat up - global entropy", its published solution.
  Board entropy9 = board(Geometry::classic(3, 3),
                         "834159627 659273841 712486395 967518432 183942576 425367918 376824159 241695783 598731264");
  Board anti_king6 = board(Geometry::classic(2, 3), "316245 524163 163524 452631 231456 645312");
  // ISS's "Taxicab Archers", its published solution: anti-taxicab holds.
  Board taxicab9 = board(Geometry::classic(3, 3),
                         "134679528 826435971 795281643 371562489 542893167 968714352 483126795 259347816 617958234");
  Board nonconsecutive6 = board(Geometry::classic(2, 3), "315264 642531 264153 531426 153642 426315");
  Board no_ratio6 = board(Geometry::classic(2, 3), "316254 254613 523461 461325 645132 132546");
  Board no_xv6 = board(Geometry::classic(2, 3), "316245 452136 245613 631524 163452 524361");
  Board classic9 = board(Geometry::classic(3, 3),
                         "534678912 672195348 198342567 859761423 426853791 713924856 961537284 287419635 345286179");
};

const Boards& boards() {
  static const Boards known;
  return known;
}

struct Case {
  std::string what;
  const Board* board;
  std::vector<Constraint> rules;  // rules[0] is checked; the rest are its context (marked pairs)
  bool holds;
};

Constraint with_digits(Constraint c, std::vector<int> digits) {
  c.digits = std::move(digits);
  return c;
}
Constraint from_outside(Constraint c, int row, int column) {
  c.outside = {row, column};
  return c;
}
// A clue outside a whole row (1-based), read from the left or from the right.
Constraint row_clue(const Board& b, Kind kind, int row, int value, bool from_right = false) {
  const int n = b.size();
  Constraint c = from_outside(rule(kind, {}, value), row - 1, from_right ? n : -1);
  for (int i = 0; i < n; ++i) c.cells.push_back((row - 1) * n + (from_right ? n - 1 - i : i));
  return c;
}
// A clue above a whole column (1-based), read downwards.
Constraint column_clue(const Board& b, Kind kind, int column, int value) {
  Constraint c = from_outside(rule(kind, {}, value), -1, column - 1);
  for (int i = 0; i < b.size(); ++i) c.cells.push_back(i * b.size() + column - 1);
  return c;
}

template <class Test, class Value>
std::vector<Constraint> marks(const Board& b, Kind kind, Test&& test, Value&& value_of) {
  return testing::marks(b.size(), b.grid, kind, test, value_of);
}

// A whole-grid rule followed by the given marks (its context).
std::vector<Constraint> whole(Kind kind, std::optional<int> value, std::vector<Constraint> context = {}) {
  std::vector<Constraint> rules{rule(kind, {}, value)};
  rules.insert(rules.end(), context.begin(), context.end());
  return rules;
}

std::vector<Case> cases() {
  const Board& b4 = boards().classic4;
  const Board& b6 = boards().classic6;
  const Board& b9 = boards().classic9;
  const Board& j4 = boards().jigsaw4;
  const auto consecutive = [](int x, int y) { return std::abs(x - y) == 1; };
  const auto apart2 = [](int x, int y) { return std::abs(x - y) == 2; };
  const auto doubled = [](int x, int y) { return x == 2 * y || y == 2 * x; };
  const auto five_or_ten = [](int x, int y) { return x + y == 5 || x + y == 10; };
  const auto no_value = [](int, int) { return std::optional<int>{}; };
  std::vector<Constraint> consecutive_dots = marks(b6, Kind::difference, consecutive, no_value);
  std::vector<Constraint> all_but_one_dot(consecutive_dots.begin() + 1, consecutive_dots.end());
  // Each consecutive pair dotted: 1,2 black (either dot fits it), the others white.
  const auto one_two = [](int x, int y) { return x * y == 2; };
  std::vector<Constraint> consecutive_or_double_dots =
      marks(b6, Kind::difference, [&](int x, int y) { return consecutive(x, y) && !one_two(x, y); }, no_value);
  for (const Constraint& dot : marks(b6, Kind::ratio, one_two, no_value)) consecutive_or_double_dots.push_back(dot);
  return {
      // Sets of cells.
      {"cage 5+3 is 8", &b9, {rule(Kind::killer_cage, b9.at("r1c1 r1c2"), 8)}, true},
      {"cage 5+3 is not 9", &b9, {rule(Kind::killer_cage, b9.at("r1c1 r1c2"), 9)}, false},
      {"cage with no sum, digits differ", &b9, {rule(Kind::killer_cage, b9.at("r1c1 r1c2 r2c1"))}, true},
      {"cage 5,2,5 repeats though its sum is 12", &b9, {rule(Kind::killer_cage, b9.at("r2c6 r3c6 r3c7"), 12)}, false},
      {"cage with no sum repeats", &b9, {rule(Kind::killer_cage, b9.at("r2c6 r3c6 r3c7"))}, false},
      {"rellik 5,3,4: nothing adds up to 6", &b9, {rule(Kind::rellik_cage, b9.at("r1c1 r1c2 r1c3"), 6)}, true},
      {"rellik 5,3,4: nothing reaches 13", &b9, {rule(Kind::rellik_cage, b9.at("r1c1 r1c2 r1c3"), 13)}, true},
      {"rellik 5,3,4: 3+4 is 7", &b9, {rule(Kind::rellik_cage, b9.at("r1c1 r1c2 r1c3"), 7)}, false},
      {"rellik 5,3,4: 5 alone is 5", &b9, {rule(Kind::rellik_cage, b9.at("r1c1 r1c2 r1c3"), 5)}, false},
      {"rellik 5,3,4: all three are 12", &b9, {rule(Kind::rellik_cage, b9.at("r1c1 r1c2 r1c3"), 12)}, false},
      {"count distinct: 3 over 5,3,4", &b9, {rule(Kind::count_distinct, b9.at("r9c1 r1c1 r1c2 r1c3"))}, true},
      {"count distinct: 2 over 5,2,5", &b9, {rule(Kind::count_distinct, b9.at("r2c3 r2c6 r3c6 r3c7"))}, true},
      {"count distinct: 7 over 5,2,5", &b9, {rule(Kind::count_distinct, b9.at("r4c4 r2c6 r3c6 r3c7"))}, false},
      {"rellik 5,2,5 repeats", &b9, {rule(Kind::rellik_cage, b9.at("r2c6 r3c6 r3c7"), 1)}, false},
      {"sum 12 = 5+3+4", &b9, {rule(Kind::sum, b9.at("r1c1 r1c2 r1c3"), 12)}, true},
      {"sum 13 on 5+3+4", &b9, {rule(Kind::sum, b9.at("r1c1 r1c2 r1c3"), 13)}, false},
      {"sum 10 = 5+5: digits may repeat", &b9, {rule(Kind::sum, b9.at("r2c6 r3c7"), 10)}, true},
      {"sum 13 = 5+5+3, r1c1 counted twice", &b9, {rule(Kind::sum, b9.at("r1c1 r1c1 r1c2"), 13)}, true},
      {"extra region 5,3,6,7", &b9, {rule(Kind::extra_region, b9.at("r1c1 r1c2 r2c1 r2c2"))}, true},
      {"extra region 5,2,5", &b9, {rule(Kind::extra_region, b9.at("r2c6 r3c6 r3c7"))}, false},
      {"odd 5", &b9, {rule(Kind::odd, b9.at("r1c1"))}, true},
      {"odd 6", &b9, {rule(Kind::odd, b9.at("r1c4"))}, false},
      {"even 6", &b9, {rule(Kind::even, b9.at("r1c4"))}, true},
      {"even 5", &b9, {rule(Kind::even, b9.at("r1c1"))}, false},
      {"minimum 1 among 6,3,2,9", &b9, {rule(Kind::minimum, b9.at("r2c4"))}, true},
      {"minimum 5 beside 3", &b9, {rule(Kind::minimum, b9.at("r1c1"))}, false},
      {"minimum 1 on the edge among 6,6,7", &b9, {rule(Kind::minimum, b9.at("r9c7"))}, true},
      {"maximum 9 among 7,4,1,5", &b9, {rule(Kind::maximum, b9.at("r2c5"))}, true},
      {"maximum 1", &b9, {rule(Kind::maximum, b9.at("r2c4"))}, false},
      {"maximum 9 on the edge among 7,2,6", &b9, {rule(Kind::maximum, b9.at("r7c1"))}, true},
      {"quadruple 35 in 5,3,6,7", &b9,
       {with_digits(rule(Kind::quadruple, b9.at("r1c1 r1c2 r2c1 r2c2")), {3, 5})}, true},
      {"quadruple 34 in 5,3,6,7", &b9,
       {with_digits(rule(Kind::quadruple, b9.at("r1c1 r1c2 r2c1 r2c2")), {3, 4})}, false},
      {"quadruple 55 in 5,3,6,7: 5 only once", &b9,
       {with_digits(rule(Kind::quadruple, b9.at("r1c1 r1c2 r2c1 r2c2")), {5, 5})}, false},
      {"quadruple 11 in 4,1,1,4", &b4,
       {with_digits(rule(Kind::quadruple, b4.at("r2c2 r2c3 r3c2 r3c3")), {1, 1})}, true},
      {"quadruple 1144 in 4,1,1,4", &b4,
       {with_digits(rule(Kind::quadruple, b4.at("r2c2 r2c3 r3c2 r3c3")), {1, 4, 4, 1})}, true},
      {"quadruple 111 in 4,1,1,4", &b4,
       {with_digits(rule(Kind::quadruple, b4.at("r2c2 r2c3 r3c2 r3c3")), {1, 1, 1})}, false},
      {"quadruple 2 in 4,1,1,4", &b4, {with_digits(rule(Kind::quadruple, b4.at("r2c2 r2c3 r3c2 r3c3")), {2})}, false},
      {"clone 1,2 and 1,2", &b4, {with_split(rule(Kind::clone, b4.at("r1c1 r1c2 r3c2 r3c1")), 2)}, true},
      {"clone 1,2 and 2,1: in order", &b4, {with_split(rule(Kind::clone, b4.at("r1c1 r1c2 r3c1 r3c2")), 2)}, false},
      // Pairs.
      {"white dot 2 on 5,3", &b9, {rule(Kind::difference, b9.at("r1c1 r1c2"), 2)}, true},
      {"white dot (1) on 5,3", &b9, {rule(Kind::difference, b9.at("r1c1 r1c2"))}, false},
      {"white dot (1) on 3,4", &b9, {rule(Kind::difference, b9.at("r1c2 r1c3"))}, true},
      {"black dot (2) on 2,1", &b9, {rule(Kind::ratio, b9.at("r2c3 r2c4"))}, true},
      {"black dot (2) on 3,4", &b9, {rule(Kind::ratio, b9.at("r1c2 r1c3"))}, false},
      {"black dot 3 on 1,3", &b9, {rule(Kind::ratio, b9.at("r2c4 r3c4"), 3)}, true},
      {"black dot (2) on 1,3", &b9, {rule(Kind::ratio, b9.at("r2c4 r3c4"))}, false},
      {"8 on 5,3", &b9, {rule(Kind::xv, b9.at("r1c1 r1c2"), 8)}, true},
      {"X on 5,3", &b9, {rule(Kind::xv, b9.at("r1c1 r1c2"), 10)}, false},
      {"X on 9,1", &b9, {rule(Kind::xv, b9.at("r1c7 r1c8"), 10)}, true},
      {"V on 2,3", &b9, {rule(Kind::xv, b9.at("r4c8 r4c9"), 5)}, true},
      {"5 > 3", &b9, {rule(Kind::greater_than, b9.at("r1c1 r1c2"))}, true},
      {"3 > 5", &b9, {rule(Kind::greater_than, b9.at("r1c2 r1c1"))}, false},
      // Lines.
      {"thermometer 3,4,6,7,8,9", &b9, {rule(Kind::thermometer, b9.at("r1c2 r1c3 r1c4 r1c5 r1c6 r1c7"))}, true},
      {"thermometer 3,4,6,7,8,9,1", &b9, {rule(Kind::thermometer, b9.at("r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8"))}, false},
      {"thermometer 1,6,7 round a corner", &b9, {rule(Kind::thermometer, b9.at("r2c4 r1c4 r1c5"))}, true},
      {"thermometer 7,6", &b9, {rule(Kind::thermometer, b9.at("r1c5 r1c4"))}, false},
      {"arrow 3 = 1+2", &b9, {with_split(rule(Kind::arrow, b9.at("r2c7 r1c8 r1c9")), 1)}, true},
      {"arrow 3 = 1+4", &b9, {with_split(rule(Kind::arrow, b9.at("r2c7 r1c8 r2c8")), 1)}, false},
      {"pill 12 = 4+8", &b9, {with_split(rule(Kind::arrow, b9.at("r1c8 r1c9 r2c9 r2c8")), 2)}, true},
      {"arrow 1 = 2+8+4", &b9, {with_split(rule(Kind::arrow, b9.at("r1c8 r1c9 r2c9 r2c8")), 1)}, false},
      {"double arrow 2+1 = 3", &b9, {rule(Kind::double_arrow, b9.at("r2c3 r3c4 r2c4"))}, true},
      {"double arrow 2+3 = 1", &b9, {rule(Kind::double_arrow, b9.at("r2c3 r2c4 r3c4"))}, false},
      {"double arrow 6+9 = 7+8", &b9, {rule(Kind::double_arrow, b9.at("r1c4 r1c5 r1c6 r1c7"))}, true},
      {"whisper (5) 1,9,4", &b9, {rule(Kind::whisper, b9.at("r2c4 r2c5 r3c5"))}, true},
      {"whisper 6 on 1,9,4", &b9, {rule(Kind::whisper, b9.at("r2c4 r2c5 r3c5"), 6)}, false},
      {"whisper (5) on 5,3", &b9, {rule(Kind::whisper, b9.at("r1c1 r1c2"))}, false},
      {"whisper 2 on 5,3", &b9, {rule(Kind::whisper, b9.at("r1c1 r1c2"), 2)}, true},
      {"whisper (3 on 6×6) on 1,4", &b6, {rule(Kind::whisper, b6.at("r1c1 r2c1"))}, true},
      {"whisper (3 on 6×6) on 1,4,2", &b6, {rule(Kind::whisper, b6.at("r1c1 r2c1 r3c1"))}, false},
      {"whisper (2 on 4×4) on 1,3", &b4, {rule(Kind::whisper, b4.at("r1c1 r2c1"))}, true},
      {"whisper (2 on 4×4) on 1,2", &b4, {rule(Kind::whisper, b4.at("r1c1 r1c2"))}, false},
      {"renban 6,7,8,9", &b9, {rule(Kind::renban, b9.at("r1c4 r1c5 r1c6 r1c7"))}, true},
      {"renban 5,3,4", &b9, {rule(Kind::renban, b9.at("r1c1 r1c2 r1c3"))}, true},
      {"renban 9,1,2", &b9, {rule(Kind::renban, b9.at("r1c7 r1c8 r1c9"))}, false},
      {"renban 5,5", &b9, {rule(Kind::renban, b9.at("r2c6 r3c7"))}, false},
      {"palindrome 4,1,4", &b4, {rule(Kind::palindrome, b4.at("r2c2 r2c3 r3c3"))}, true},
      {"palindrome 4,1,1,4", &b4, {rule(Kind::palindrome, b4.at("r2c2 r2c3 r3c2 r3c3"))}, true},
      {"palindrome 4,1,4,1", &b4, {rule(Kind::palindrome, b4.at("r2c2 r2c3 r3c3 r3c2"))}, false},
      {"between 3 < 4 < 6", &b9, {rule(Kind::between, b9.at("r1c2 r1c3 r1c4"))}, true},
      {"between 6 > 4 > 3", &b9, {rule(Kind::between, b9.at("r1c4 r1c3 r1c2"))}, true},
      {"between 5, 3,4, 6", &b9, {rule(Kind::between, b9.at("r1c1 r1c2 r1c3 r1c4"))}, false},
      {"between 1, 4, 4: strictly", &b4, {rule(Kind::between, b4.at("r1c1 r2c2 r3c3"))}, false},
      {"between 1, 2, 3", &b4, {rule(Kind::between, b4.at("r1c1 r1c2 r1c3"))}, true},
      {"region sum 4 | 1+3", &b9, {rule(Kind::region_sum_line, b9.at("r1c3 r2c4 r3c4"))}, true},
      {"region sum 4 | 1+3 | 7", &b9, {rule(Kind::region_sum_line, b9.at("r1c3 r2c4 r3c4 r4c4"))}, false},
      {"region sum inside one box", &b9, {rule(Kind::region_sum_line, b9.at("r1c1 r1c2"))}, true},
      {"region sum 3 | 1+2 by jigsaw regions", &j4, {rule(Kind::region_sum_line, j4.at("r2c2 r2c3 r3c3"))}, true},
      {"region sum 2 | 4 by jigsaw regions", &j4, {rule(Kind::region_sum_line, j4.at("r1c2 r1c4"))}, false},
      {"entropic 1,9,5,3: low high middle low", &b9, {rule(Kind::entropic, b9.at("r2c4 r2c5 r2c6 r2c7"))}, true},
      {"entropic 6,7,2,1: 2 and 1 both low", &b9, {rule(Kind::entropic, b9.at("r2c1 r2c2 r2c3 r2c4"))}, false},
      {"entropic 5,3,4: 5 and 4 two apart, both middle", &b9, {rule(Kind::entropic, b9.at("r2c6 r2c7 r2c8"))}, false},
      {"entropic on 6×6: 2,5,3 (1-2, 3-4, 5-6)", &b6, {rule(Kind::entropic, b6.at("r1c2 r2c2 r3c2"))}, true},
      {"entropic on 6×6: 2,3", &b6, {rule(Kind::entropic, b6.at("r1c2 r1c3"))}, true},
      {"entropic on 6×6: 3,4 both middle", &b6, {rule(Kind::entropic, b6.at("r1c3 r1c4"))}, false},
      {"entropic on 6×6: 1,2 both low", &b6, {rule(Kind::entropic, b6.at("r1c1 r1c2"))}, false},
      {"modular 6,7,2", &b9, {rule(Kind::modular, b9.at("r2c1 r2c2 r2c3"))}, true},
      {"nabner 5,3,7,9 (r1c1 r1c2 r2c2 r3c2)", &b9, {rule(Kind::nabner, b9.at("r1c1 r1c2 r2c2 r3c2"))}, true},
      {"nabner 5,3,4: 3 and 4 consecutive", &b9, {rule(Kind::nabner, b9.at("r1c1 r1c2 r1c3"))}, false},
      {"nabner 5,6", &b9, {rule(Kind::nabner, b9.at("r1c1 r1c4"))}, false},
      {"same values 5,3,4 and 3,4,5", &b9, {rule(Kind::same_values, b9.at("r1c1 r1c2 r1c3 r9c1 r9c2 r9c3"), 2)}, true},
      {"same values 5,3,4 and 4,5,2", &b9, {rule(Kind::same_values, b9.at("r1c1 r1c2 r1c3 r9c2 r9c3 r9c4"), 2)}, false},
      {"same values in three sets: 5, 5, 5", &b9, {rule(Kind::same_values, b9.at("r1c1 r2c9 r9c3"), 3)}, false},
      {"same values in three sets of two: 5,3 and 3,5 and 5,3", &b9,
       {rule(Kind::same_values, b9.at("r1c1 r1c2 r9c1 r9c3 r4c2 r4c9"), 3)}, true},
      {"pair table 5,3,4 with (5,3) (3,4)", &b9, {testing::pairs(Kind::pair_table, b9.at("r1c1 r1c2 r1c3"), {5, 3, 3, 4})}, true},
      {"pair table 5,3,4: (3,4) is not (4,3)", &b9, {testing::pairs(Kind::pair_table, b9.at("r1c1 r1c2 r1c3"), {5, 3, 4, 3})},
       false},
      {"pair table on every two of 5,3,4", &b9,
       {testing::pairs(Kind::pair_table_all, b9.at("r1c1 r1c2 r1c3"), {5, 3, 3, 4, 5, 4})}, true},
      {"pair table on every two of 5,3,4: (5,4) not listed", &b9,
       {testing::pairs(Kind::pair_table_all, b9.at("r1c1 r1c2 r1c3"), {5, 3, 3, 4})}, false},
      {"global entropy: r1c1 r1c2 r2c1 r2c2 hold 5,3,6,7", &b9, {rule(Kind::global_entropy, {})}, false},
      {"global entropy on ISS's Heat up", &boards().entropy9, {rule(Kind::global_entropy, {})}, true},
      {"counting circles 2,2,1", &b9, {rule(Kind::counting_circles, b9.at("r1c9 r2c3 r1c8"))}, true},
      {"counting circles 2,1", &b9, {rule(Kind::counting_circles, b9.at("r1c9 r1c8"))}, false},
      {"counting circles 3,3,3", &b9, {rule(Kind::counting_circles, b9.at("r1c2 r2c7 r3c4"))}, true},
      {"counting circles 1,1", &b9, {rule(Kind::counting_circles, b9.at("r1c8 r3c1"))}, false},
      {"lunchbox 5,3,4,6 (4)", &b9, {rule(Kind::lunchbox, b9.at("r1c1 r1c2 r1c3 r1c4"), 4)}, true},
      {"lunchbox 5,3,4,6 (5)", &b9, {rule(Kind::lunchbox, b9.at("r1c1 r1c2 r1c3 r1c4"), 5)}, false},
      {"lunchbox 1,2 (0)", &b9, {rule(Kind::lunchbox, b9.at("r1c8 r1c9"), 0)}, true},
      {"lunchbox 5,5: a repeat", &b9, {rule(Kind::lunchbox, b9.at("r1c1 r2c6"), 0)}, false},
      {"sum-line 9,1 (10)", &b9, {rule(Kind::sum_line, b9.at("r1c7 r1c8"))}, true},
      {"sum-line 9,1,2: 2 left over", &b9, {rule(Kind::sum_line, b9.at("r1c7 r1c8 r1c9"))}, false},
      {"sum-line 1,6 | 2,5 (7)", &b9, {rule(Kind::sum_line, b9.at("r2c4 r2c1 r2c3 r2c6"), 7)}, true},
      {"sum-line 5,1,6,2 (7): a line starts a stretch", &b9, {rule(Kind::sum_line, b9.at("r2c6 r2c4 r2c1 r2c3"), 7)}, false},
      {"sum-line loop 5,1,6,2 (7): 1,6 | 2,5", &b9, {rule(Kind::sum_line, b9.at("r2c6 r2c4 r2c1 r2c3 r2c6"), 7)}, true},
      {"sum-line loop 5,1,6,2 (6)", &b9, {rule(Kind::sum_line, b9.at("r2c6 r2c4 r2c1 r2c3 r2c6"), 6)}, false},
      {"lockout 3, 1, 9", &b9, {rule(Kind::lockout, b9.at("r1c2 r2c4 r1c7"))}, true},
      {"lockout 3, 4, 9: 4 is between", &b9, {rule(Kind::lockout, b9.at("r1c2 r1c3 r1c7"))}, false},
      {"lockout 3, 3, 9: the ends count as between", &b9, {rule(Kind::lockout, b9.at("r1c2 r2c7 r1c7"))}, false},
      {"lockout 5, 6: ends 1 apart", &b9, {rule(Kind::lockout, b9.at("r1c1 r1c4"))}, false},
      {"lockout 3, 9 (6 apart) at least 6", &b9, {rule(Kind::lockout, b9.at("r1c2 r1c7"), 6)}, true},
      {"lockout 3, 9 (6 apart) at least 7", &b9, {rule(Kind::lockout, b9.at("r1c2 r1c7"), 7)}, false},
      {"modular 5,3,4,8", &b9, {rule(Kind::modular, b9.at("r2c6 r2c7 r2c8 r2c9"))}, true},
      {"modular 7,2,1: 7 and 1 two apart", &b9, {rule(Kind::modular, b9.at("r2c2 r2c3 r2c4"))}, false},
      {"modular 2 on 6,7,8: odd and even in turn", &b9, {rule(Kind::modular, b9.at("r1c4 r1c5 r1c6"), 2)}, true},
      {"modular 2 on 4,6", &b9, {rule(Kind::modular, b9.at("r1c3 r1c4"), 2)}, false},
      {"modular 4 on 6,7,8,9: 2,3,0,1", &b9, {rule(Kind::modular, b9.at("r1c4 r1c5 r1c6 r1c7"), 4)}, true},
      {"modular 4 on 6,7,8,9,1: 9 and 1 in one window", &b9,
       {rule(Kind::modular, b9.at("r1c4 r1c5 r1c6 r1c7 r1c8"), 4)}, false},
      {"zipper 7,8,(9),1,2", &b9, {rule(Kind::zipper, b9.at("r1c5 r1c6 r1c7 r1c8 r1c9"))}, true},
      {"zipper 6,7,(8),9,1", &b9, {rule(Kind::zipper, b9.at("r1c4 r1c5 r1c6 r1c7 r1c8"))}, false},
      {"zipper 8,9,1,2", &b9, {rule(Kind::zipper, b9.at("r1c6 r1c7 r1c8 r1c9"))}, true},
      {"zipper 7,8,9,1", &b9, {rule(Kind::zipper, b9.at("r1c5 r1c6 r1c7 r1c8"))}, false},
      // Outside clues.
      {"little killer 20", &b9, {from_outside(rule(Kind::little_killer, b9.at("r1c1 r2c2 r3c3"), 20), -1, -1)}, true},
      {"little killer 19", &b9, {from_outside(rule(Kind::little_killer, b9.at("r1c1 r2c2 r3c3"), 19), -1, -1)}, false},
      {"little killer 10 = 1+4+4+1", &b4,
       {from_outside(rule(Kind::little_killer, b4.at("r1c1 r2c2 r3c3 r4c4"), 10), -1, -1)}, true},
      {"sandwich 13 in row 4", &b9, {row_clue(b9, Kind::sandwich, 4, 13)}, true},
      {"sandwich 13 in row 4 from the right", &b9, {row_clue(b9, Kind::sandwich, 4, 13, true)}, true},
      {"sandwich 14 in row 4", &b9, {row_clue(b9, Kind::sandwich, 4, 14)}, false},
      {"sandwich 0 in row 1: 9 beside 1", &b9, {row_clue(b9, Kind::sandwich, 1, 0)}, true},
      {"sandwich 19 in column 1", &b9, {column_clue(b9, Kind::sandwich, 1, 19)}, true},
      {"sandwich 14 between 1 and 6 on 6×6", &b6, {row_clue(b6, Kind::sandwich, 1, 14)}, true},
      {"sandwich 15 on 6×6", &b6, {row_clue(b6, Kind::sandwich, 1, 15)}, false},
      {"hidden skyscraper 3 in row 1: 5,3", &b9, {row_clue(b9, Kind::hidden_skyscraper, 1, 3)}, true},
      {"hidden skyscraper 4 in row 1", &b9, {row_clue(b9, Kind::hidden_skyscraper, 1, 4)}, false},
      {"hidden skyscraper 1 from the right of row 1: 2,1", &b9, {row_clue(b9, Kind::hidden_skyscraper, 1, 1, true)}, true},
      // Full rank (ranks worked out apart, in Python): the 36 numbers of the 9×9 all differ.
      {"full rank 17: row 1 from the left, 534678912", &b9, {row_clue(b9, Kind::full_rank, 1, 17)}, true},
      {"full rank 5: row 1 from the right, 219876435", &b9, {row_clue(b9, Kind::full_rank, 1, 5, true)}, true},
      {"full rank 28: column 5 from the top", &b9, {column_clue(b9, Kind::full_rank, 5, 28)}, true},
      {"full rank 18 in row 1", &b9, {row_clue(b9, Kind::full_rank, 1, 18)}, false},
      {"full rank 3: column 1 of 6×6 from the top", &b6, {column_clue(b6, Kind::full_rank, 1, 3)}, true},
      // The symmetric 4×4: row 1 from the left reads 1234, as column 1 from the top.
      {"full rank 1 of 4×4 row 1, tied with column 1", &b4, {row_clue(b4, Kind::full_rank, 1, 1)}, false},
      {"full rank 1 of 4×4 row 1, ties allowed", &b4,
       {row_clue(b4, Kind::full_rank, 1, 1), rule(Kind::full_rank_ties, {})}, true},
      {"full rank 2 of 4×4 row 1, ties allowed", &b4,
       {row_clue(b4, Kind::full_rank, 1, 2), rule(Kind::full_rank_ties, {})}, false},
      {"full-rank ties: row 1 of 4×4 ranked 1", &b4,
       {rule(Kind::full_rank_ties, {}), row_clue(b4, Kind::full_rank, 1, 1)}, true},
      {"full-rank ties: row 1 of 4×4 ranked 2", &b4,
       {rule(Kind::full_rank_ties, {}), row_clue(b4, Kind::full_rank, 1, 2)}, false},
      {"full rank without ties: the 24 numbers of 6×6 differ", &b6, {rule(Kind::full_rank_no_ties, {})}, true},
      {"full rank without ties: 4×4 row 1 reads as column 1", &b4, {rule(Kind::full_rank_no_ties, {})}, false},
      {"numbered room 7: the 5th cell of row 1", &b9, {row_clue(b9, Kind::numbered_room, 1, 7)}, true},
      {"numbered room 6 in row 1", &b9, {row_clue(b9, Kind::numbered_room, 1, 6)}, false},
      {"numbered room 1 from the right: 2nd cell", &b9, {row_clue(b9, Kind::numbered_room, 1, 1, true)}, true},
      {"numbered room 1 in row 3: its first cell", &b9, {row_clue(b9, Kind::numbered_room, 3, 1)}, true},
      {"numbered room 9 in row 3", &b9, {row_clue(b9, Kind::numbered_room, 3, 9)}, false},
      {"x-sum 25: 5+3+4+6+7", &b9, {row_clue(b9, Kind::x_sum, 1, 25)}, true},
      {"x-sum 24 in row 1", &b9, {row_clue(b9, Kind::x_sum, 1, 24)}, false},
      {"x-sum 3 = 2+1 from the right", &b9, {row_clue(b9, Kind::x_sum, 1, 3, true)}, true},
      {"x-sum 42: the first 8", &b9, {row_clue(b9, Kind::x_sum, 4, 42)}, true},
      {"skyscraper 5: 5,6,7,8,9 seen", &b9, {row_clue(b9, Kind::skyscraper, 1, 5)}, true},
      {"skyscraper 4 in row 1", &b9, {row_clue(b9, Kind::skyscraper, 1, 4)}, false},
      {"skyscraper 2 from the right: 2, 9", &b9, {row_clue(b9, Kind::skyscraper, 1, 2, true)}, true},
      // Rules over the whole grid.
      {"anti-knight", &boards().anti_knight4, whole(Kind::anti_knight, {}), true},
      {"anti-knight: 1 at r1c1 and r2c3", &b4, whole(Kind::anti_knight, {}), false},
      {"anti-king", &boards().anti_king6, whole(Kind::anti_king, {}), true},
      {"anti-taxicab", &boards().taxicab9, whole(Kind::anti_taxicab, {}), true},
      {"anti-taxicab: 4s at r1c3 and r3c5, four steps apart", &b9, whole(Kind::anti_taxicab, {}), false},
      {"anti-king: 1 at r2c4 and r3c3", &b6, whole(Kind::anti_king, {}), false},
      {"nonconsecutive", &boards().nonconsecutive6, whole(Kind::nonconsecutive, {}), true},
      {"nonconsecutive: 1,2 in row 1", &b6, whole(Kind::nonconsecutive, {}), false},
      {"nonconsecutive with every consecutive pair a white dot", &b6, whole(Kind::nonconsecutive, {}, consecutive_dots),
       true},
      {"nonconsecutive with one consecutive pair not a white dot", &b6,
       whole(Kind::nonconsecutive, {}, all_but_one_dot), false},
      {"nonconsecutive: black dots exempt nothing", &b6,
       whole(Kind::nonconsecutive, {}, marks(b6, Kind::ratio, consecutive, no_value)), false},
      {"no-difference (1)", &boards().nonconsecutive6, whole(Kind::no_difference, {}), true},
      {"no-difference (1): 1,2", &b6, whole(Kind::no_difference, {}), false},
      {"no-difference 2", &boards().anti_knight4, whole(Kind::no_difference, 2), true},
      {"no-difference 2: 1 above 3", &b4, whole(Kind::no_difference, 2), false},
      {"no-difference 2 with white dots 2 on those pairs", &b4,
       whole(Kind::no_difference, 2, marks(b4, Kind::difference, apart2, [](int, int) { return 2; })), true},
      {"no-ratio (2)", &boards().no_ratio6, whole(Kind::no_ratio, {}), true},
      {"no-ratio (2): 1,2", &b6, whole(Kind::no_ratio, {}), false},
      {"no-difference (1) with white dots, and black dots on 1,2", &b6,
       whole(Kind::no_difference, {}, consecutive_or_double_dots), true},
      {"nonconsecutive: white dots, and black dots on 1,2", &b6,
       whole(Kind::nonconsecutive, {}, consecutive_or_double_dots), false},
      {"no-ratio (2) with white dots on those pairs: any dot exempts", &b6,
       whole(Kind::no_ratio, {}, marks(b6, Kind::difference, doubled, [](int x, int y) { return std::abs(x - y); })),
       true},
      {"no-ratio (2) with black dots on those pairs", &b6,
       whole(Kind::no_ratio, {}, marks(b6, Kind::ratio, doubled, no_value)), true},
      // Indexers (b4's rows, columns and boxes read alike, so there they hold).
      {"row indexer r2c1 = 3: row 3 of column 1 holds 2", &b4, {rule(Kind::row_indexer, b4.at("r2c1"))}, true},
      {"row indexer r1c2 = 2: row 2 of column 2 holds 4, not 1", &b4, {rule(Kind::row_indexer, b4.at("r1c2"))}, false},
      {"row indexer r1c1 = 1 points at itself", &b4, {rule(Kind::row_indexer, b4.at("r1c1"))}, true},
      {"column indexers r2c1 = 3, r3c2 = 1", &b4, {rule(Kind::column_indexer, b4.at("r2c1 r3c2"))}, true},
      {"column indexer r1c1 = 5: column 5 of row 1 holds 7, not 1", &b9, {rule(Kind::column_indexer, b9.at("r1c1"))},
       false},
      {"box indexer r1c3 = 3: box 2's third cell holds 1", &b4, {rule(Kind::box_indexer, b4.at("r1c3"))}, true},
      {"box indexer r1c1 = 5: box 1's fifth cell holds 7, not 1", &b9, {rule(Kind::box_indexer, b9.at("r1c1"))}, false},
      {"box indexer on jigsaw regions: r2c3 = 1, region 3's first cell (r2c3) is itself", &j4,
       {rule(Kind::box_indexer, j4.at("r2c3"))}, true},
      {"box indexer on jigsaw regions: r3c2 = 4, region 3's fourth cell (r4c4) holds 3, not 2", &j4,
       {rule(Kind::box_indexer, j4.at("r3c2"))}, false},
      {"no-XV", &boards().no_xv6, whole(Kind::no_xv, {}), true},
      {"no-XV: 2+3", &b6, whole(Kind::no_xv, {}), false},
      {"no-XV with X and V on those pairs", &b6,
       whole(Kind::no_xv, {}, marks(b6, Kind::xv, five_or_ten, [](int x, int y) { return x + y; })), true},
  };
}

TEST(VariantChecker, TheBoardsAreSolvedGrids) {
  const Boards& known = boards();
  for (const Board* b : {&known.classic4, &known.anti_knight4, &known.jigsaw4, &known.classic6, &known.anti_king6,
                         &known.nonconsecutive6, &known.no_ratio6, &known.no_xv6, &known.classic9,
                         &known.taxicab9}) {
    const Puzzle empty{b->geometry, Grid(b->grid.size(), 0), "", {}};
    EXPECT_TRUE(is_solution_of(empty, b->grid)) << b->geometry->variant() << " " << b->size();
  }
}

TEST(VariantChecker, EachRuleHoldsAsItsSentenceSays) {
  for (const Case& c : cases()) {
    const Geometry& g = *c.board->geometry;
    ASSERT_EQ(malformed(g, c.rules[0]), "") << c.what;
    EXPECT_EQ(holds(g, c.rules[0], c.board->grid, c.rules), c.holds) << c.what << ": " << describe(g, c.rules[0]);
    // The same through the puzzle: a solution must keep every rule.
    const Puzzle puzzle{c.board->geometry, Grid(c.board->grid.size(), 0), "", c.rules};
    EXPECT_EQ(is_solution_of(puzzle, c.board->grid), c.holds) << c.what;
  }
}

TEST(VariantChecker, EveryKindHasCasesThatHoldAndCasesThatDoNot) {
  std::map<Kind, std::set<bool>> seen;
  for (const Case& c : cases()) seen[c.rules[0].kind].insert(c.holds);
  for (Kind kind : testing::every_kind())
    EXPECT_EQ(seen[kind].size(), 2u) << to_string(kind) << " needs a case that holds and one that does not";
  EXPECT_EQ(testing::every_kind().size(), 54u);
}

TEST(VariantChecker, NoRuleHoldsOnAGridWithEmptyCells) {
  const Board& b = boards().classic9;
  Grid partial = b.grid;
  partial[80] = 0;
  EXPECT_FALSE(holds(*b.geometry, rule(Kind::odd, b.at("r1c1")), partial, {}));
  EXPECT_FALSE(holds(*b.geometry, rule(Kind::anti_knight, {}), partial, {}));
}

TEST(VariantChecker, KindNamesReadBack) {
  for (Kind kind : testing::every_kind()) EXPECT_EQ(constraint_kind_from(to_string(kind)), kind);
  EXPECT_EQ(constraint_kind_from("killer-cage"), Kind::killer_cage);
  EXPECT_EQ(constraint_kind_from("killer cage"), std::nullopt);
}

TEST(VariantChecker, DescribeNamesTheRuleItsValueAndCells) {
  const Geometry g = Geometry::classic(3, 3);
  EXPECT_EQ(describe(g, rule(Kind::killer_cage, cells_of(9, "r1c1 r1c2"), 15)), "killer-cage 15 at r1c1, r1c2");
  EXPECT_EQ(describe(g, with_digits(rule(Kind::quadruple, cells_of(9, "r1c1 r1c2 r2c1 r2c2")), {1, 2})),
            "quadruple 12 at r1c1, r1c2, r2c1, r2c2");
  EXPECT_EQ(describe(g, rule(Kind::anti_knight, {})), "anti-knight");
}

// A rule that no grid can keep, or that the search could not read.
TEST(VariantChecker, MalformedRulesSayWhy) {
  const Geometry g4 = Geometry::classic(2, 2);
  const Geometry g9 = Geometry::classic(3, 3);
  const Geometry g36 = Geometry::classic(6, 6);
  const auto c4 = [](std::string_view names) { return cells_of(4, names); };
  const auto c9 = [](std::string_view names) { return cells_of(9, names); };
  const std::vector<int> row4 = c4("r1c1 r1c2 r1c3 r1c4");
  struct Bad {
    const Geometry* geometry;
    Constraint rule;
    std::string why;  // a piece of the message
  };
  const std::vector<Bad> bad = {
      {&g4, rule(Kind::thermometer, c4("r1c1 r1c2 r1c3 r1c4 r2c4")), "cannot rise within 1..4"},
      {&g9, rule(Kind::killer_cage, c9("r1c1 r1c2"), 2), "2 different digits add up to 3..17"},
      {&g9, rule(Kind::killer_cage, c9("r1c1 r1c2"), 18), "2 different digits add up to 3..17"},
      {&g9, rule(Kind::killer_cage, c9("r1c1 r1c2 r1c3"), 25), "3 different digits add up to 6..24"},
      {&g4, rule(Kind::killer_cage, c4("r1c1 r1c2 r2c1 r2c2 r3c1")), "cannot all differ"},
      {&g4, rule(Kind::renban, c4("r1c1 r1c2 r2c1 r2c2 r3c1")), "cannot all differ"},
      {&g4, rule(Kind::extra_region, c4("r1c1 r1c2 r2c1 r2c2 r3c1")), "cannot all differ"},
      {&g9, rule(Kind::killer_cage, {}, 5), "no cells"},
      {&g9, rule(Kind::difference, c9("r1c1 r1c2 r1c3")), "takes two cells"},
      {&g9, rule(Kind::ratio, c9("r1c1")), "takes two cells"},
      {&g9, rule(Kind::greater_than, c9("r1c1 r1c2 r2c2")), "takes two cells"},
      {&g9, rule(Kind::xv, c9("r1c1 r1c2")), "no sum"},
      // A dot sits on the edge between two cells: apart or diagonal, there is none.
      {&g9, rule(Kind::difference, c9("r1c1 r1c3")), "must share an edge"},
      {&g9, rule(Kind::ratio, c9("r1c1 r2c2"), 2), "must share an edge"},
      {&g9, rule(Kind::xv, c9("r1c9 r2c1"), 10), "must share an edge"},
      {&g9, rule(Kind::greater_than, c9("r5c5 r7c5")), "must share an edge"},
      {&g9, rule(Kind::ratio, c9("r1c1 r1c2"), 0), "ratio below 1"},
      {&g9, rule(Kind::difference, c9("r1c1 r1c2"), -1), "negative difference"},
      {&g9, rule(Kind::odd, c9("r1c1 r1c2")), "takes one cell"},
      {&g9, rule(Kind::maximum, {}), "no cells"},
      {&g9, rule(Kind::lockout, c9("r1c1")), "two ends"},
      {&g9, rule(Kind::sum_line, c9("r1c1 r1c2"), 0), "add up to 1..1023"},
      {&g9, rule(Kind::lunchbox, c9("r1c1")), "two cells at least"},
      {&g9, rule(Kind::lunchbox, c9("r1c1 r1c2")), "no sum"},
      {&g9, rule(Kind::sum_line, c9("r1c1 r1c2 r1c1 r1c2")), "a cell listed twice"},
      {&g9, rule(Kind::lockout, c9("r1c1 r1c2"), 9), "outside 1..8"},
      {&g9, with_digits(rule(Kind::quadruple, c9("r1c1 r1c2 r2c1 r2c2 r3c1")), {1}), "at most four cells"},
      {&g9, with_digits(rule(Kind::quadruple, c9("r1c1 r1c2")), {1, 2, 3}), "more digits than cells"},
      {&g9, with_digits(rule(Kind::quadruple, c9("r1c1 r1c2 r2c1 r2c2")), {10}), "digit out of range"},
      {&g9, with_digits(rule(Kind::quadruple, c9("r1c1 r1c2 r2c1 r2c2")), {0}), "digit out of range"},
      {&g9, with_split(rule(Kind::clone, c9("r1c1 r1c2 r3c1")), 1), "two copies"},
      {&g9, with_split(rule(Kind::clone, c9("r1c1 r3c1")), 0), "two copies"},
      {&g9, with_split(rule(Kind::arrow, c9("r1c1 r1c2")), 0), "a circle and a line"},
      {&g9, with_split(rule(Kind::arrow, c9("r1c1 r1c2")), 2), "a circle and a line"},
      {&g9, rule(Kind::whisper, c9("r1c1")), "at least two cells"},
      {&g9, rule(Kind::zipper, c9("r1c1")), "at least two cells"},
      {&g9, rule(Kind::between, c9("r1c1")), "two ends"},
      {&g9, rule(Kind::little_killer, c9("r1c1 r2c2")), "no sum"},
      {&g9, rule(Kind::sum, c9("r1c1 r2c2")), "no sum"},
      {&g9, rule(Kind::double_arrow, c9("r1c1 r1c2")), "two circles and a line"},
      {&g9, rule(Kind::modular, c9("r1c1 r1c2"), 1), "modulus outside 2..9"},
      {&g9, rule(Kind::modular, c9("r1c1 r1c2"), 10), "modulus outside 2..9"},
      {&g9, rule(Kind::same_values, c9("r1c1 r1c2 r1c3"), 2), "do not split into 2 sets"},
      {&g9, rule(Kind::count_distinct, c9("r1c1")), "a cell and the cells it counts"},
      {&g36, rule(Kind::anti_taxicab, {}), "on grids up to 25x25"},
      {&g9, rule(Kind::rellik_cage, c9("r1c1 r1c2"), 0), "a sum of 1 or more"},
      {&g9, rule(Kind::rellik_cage, c9("r1c1 r1c2")), "a sum of 1 or more"},
      {&g4, rule(Kind::rellik_cage, c4("r1c1 r1c2 r2c1 r2c2 r3c1"), 20), "cannot all differ"},
      {&g9, testing::pairs(Kind::pair_table_all, c9("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9 r2c1 r2c2 r2c3 r2c4 r2c5 r2c6 r2c7 r2c8 r2c9 r3c1"), {1, 1}),
       "at most 18 cells"},
      {&g9, testing::pairs(Kind::pair_table, c9("r1c1 r1c2"), {1, 10}), "digit out of range"},
      {&g9, testing::pairs(Kind::pair_table, c9("r1c1 r1c2"), {1, 2, 3}), "a list of pairs of digits"},
      {&g9, rule(Kind::same_values, c9("r1c1 r1c2"), 1), "two sets or more"},
      {&g4, rule(Kind::sandwich, row4), "no clue"},
      {&g4, rule(Kind::sandwich, c4("r1c1 r1c2 r1c3"), 2), "a whole row or column"},
      {&g4, rule(Kind::skyscraper, c4("r1c1 r1c2 r1c3"), 2), "a whole row or column"},
      {&g4, rule(Kind::x_sum, row4), "no clue"},
      {&g9, rule(Kind::anti_knight, c9("r1c1")), "takes no cells"},
      {&g9, rule(Kind::nonconsecutive, c9("r1c1 r1c2")), "takes no cells"},
      {&g4, rule(Kind::odd, {16}), "outside the grid"},
      {&g4, rule(Kind::killer_cage, {-1, 0}, 3), "outside the grid"},
      {&g4, rule(Kind::thermometer, c4("r1c1 r1c2 r1c1")), "listed twice"},
      {&g4, rule(Kind::skyscraper, row4, 0), "sees 1..4"},
      {&g4, rule(Kind::skyscraper, row4, 5), "sees 1..4"},
      {&g4, rule(Kind::skyscraper, row4, INT_MIN), "sees 1..4"},
      // A circle of two cells reads at least 10; one cell of line adds up to 4 at most.
      {&g4, with_split(rule(Kind::arrow, c4("r1c1 r1c2 r1c3")), 2), "a circle of 2 cells reads more"},
      // Eleven cells read at least 10^10, past an int; the line adds up to 20 at most.
      {&g4, with_split(rule(Kind::arrow, c4("r1c1 r1c2 r1c3 r1c4 r2c1 r2c2 r2c3 r2c4 r3c1 r3c2 r3c3 r3c4 r4c1 "
                                             "r4c2 r4c3 r4c4")),
                       11),
       "a circle of 11 cells reads more"},
  };
  for (const Bad& b : bad) {
    const std::string why = malformed(*b.geometry, b.rule);
    EXPECT_NE(why.find(b.why), std::string::npos) << describe(*b.geometry, b.rule) << " gave '" << why << "'";
    // The search refuses it, saying the same.
    const Puzzle puzzle{std::make_shared<const Geometry>(*b.geometry), Grid(b.geometry->cell_count(), 0), "", {b.rule}};
    const SolveResult result = solve(puzzle);
    EXPECT_EQ(result.status, SolveStatus::invalid) << why;
    EXPECT_EQ(result.reason, why);
  }
  // Well formed at the limits.
  const std::vector<std::pair<const Geometry*, Constraint>> good = {
      {&g4, rule(Kind::thermometer, row4)},
      {&g9, rule(Kind::killer_cage, c9("r1c1 r1c2"), 3)},
      {&g9, rule(Kind::killer_cage, c9("r1c1 r1c2"), 17)},
      {&g9, rule(Kind::killer_cage, c9("r1c1"), 9)},
      {&g4, rule(Kind::renban, row4)},
      {&g9, with_digits(rule(Kind::quadruple, c9("r1c1 r1c2 r2c1 r2c2")), {9, 9, 1, 1})},
      {&g4, rule(Kind::between, c4("r1c1 r1c2"))},
      {&g4, rule(Kind::sandwich, row4, 0)},
      {&g9, rule(Kind::difference, c9("r1c1 r1c2"), 0)},
      {&g9, rule(Kind::no_difference, {}, 3)},
      {&g9, rule(Kind::sum, c9("r1c1 r1c1"), 4)},  // a sum may count a cell twice
      {&g9, rule(Kind::modular, c9("r1c1 r1c2"), 9)},
      {&g9, rule(Kind::double_arrow, c9("r1c1 r1c2 r1c3"))},
      {&g4, rule(Kind::skyscraper, row4, 1)},
      {&g4, rule(Kind::skyscraper, row4, 4)},
      {&g9, with_split(rule(Kind::arrow, c9("r1c1 r1c2 r1c3 r1c4")), 2)},  // 10 or more, a line of up to 18
      {&g4, with_split(rule(Kind::arrow, c4("r1c1 r1c2 r2c1 r2c2 r3c1")), 2)},  // 10 or more, a line of up to 12
  };
  for (const auto& [geometry, r] : good) EXPECT_EQ(malformed(*geometry, r), "") << describe(*geometry, r);
}

// Ratios as large as an int holds: nothing overflows (the sanitizers' build
// checks), no pair keeps the dot and every pair keeps the negative rule.
TEST(VariantChecker, RatiosAsLargeAsAnIntHolds) {
  const Board& b = boards().classic4;
  for (int ratio : {INT_MAX, INT_MIN, 1 << 30}) {
    const std::vector<Constraint> dot{rule(Kind::ratio, b.at("r1c1 r1c2"), ratio)};
    const std::vector<Constraint> negative{rule(Kind::no_ratio, {}, ratio)};
    if (ratio > 0) {
      EXPECT_EQ(malformed(*b.geometry, dot[0]), "");
      EXPECT_FALSE(holds(*b.geometry, dot[0], b.grid, dot));
      EXPECT_EQ(solve(Puzzle{b.geometry, Grid(16, 0), "", dot}).status, SolveStatus::no_solution);
    }
    EXPECT_TRUE(holds(*b.geometry, negative[0], b.grid, negative));
    EXPECT_EQ(solve(Puzzle{b.geometry, Grid(16, 0), "", negative}).status, SolveStatus::multiple);
  }
}

// Givens that already break a rule, and givens that do not yet.
TEST(VariantChecker, BrokenByGivens) {
  const auto g = std::make_shared<const Geometry>(Geometry::classic(3, 3));
  const auto c = [](std::string_view names) { return cells_of(9, names); };
  const auto givens = [](std::initializer_list<std::pair<const char*, int>> digits) {
    Grid grid(81, 0);
    for (auto [name, digit] : digits) grid[cells_of(9, name)[0]] = static_cast<std::uint8_t>(digit);
    return grid;
  };
  struct Given {
    std::vector<Constraint> rules;
    Grid grid;
    bool broken;
    std::string what;
  };
  const std::vector<Given> cases = {
      {{rule(Kind::killer_cage, c("r1c3 r2c4"))}, givens({{"r1c3", 4}, {"r2c4", 4}}), true, "a cage repeats 4"},
      {{rule(Kind::killer_cage, c("r1c1 r1c2 r2c2"), 10)}, givens({{"r1c1", 4}, {"r1c2", 6}}), true,
       "a cage of 10 with 4+6 and a cell left"},
      {{rule(Kind::killer_cage, c("r1c1 r1c2 r2c2"), 10)}, givens({{"r1c1", 4}, {"r1c2", 5}}), false,
       "a cage of 10 with 4+5 and a cell left"},
      {{rule(Kind::killer_cage, c("r1c1 r1c2"), 10)}, givens({{"r1c1", 4}, {"r1c2", 5}}), true,
       "a full cage of 9, not 10"},
      {{rule(Kind::sum, c("r1c1 r1c2 r1c3"), 10)}, givens({{"r1c1", 6}, {"r1c2", 4}}), true,
       "a sum of 10 with 6+4 and a cell left"},
      {{rule(Kind::sum, c("r1c1 r1c2 r1c3"), 10)}, givens({{"r1c1", 5}, {"r1c2", 4}}), false,
       "a sum of 10 with 5+4 and a cell left"},
      {{rule(Kind::thermometer, c("r1c1 r1c2 r1c3"))}, givens({{"r1c1", 5}, {"r1c2", 3}}), true, "a thermometer falls"},
      {{rule(Kind::thermometer, c("r1c1 r1c2 r1c3"))}, givens({{"r1c1", 3}, {"r1c3", 4}}), true,
       "3 and 4 two cells apart on a thermometer"},
      {{rule(Kind::thermometer, c("r1c1 r1c2 r1c3"))}, givens({{"r1c1", 3}, {"r1c3", 5}}), false,
       "3 and 5 two cells apart on a thermometer"},
      {{rule(Kind::whisper, c("r1c1 r1c2"))}, givens({{"r1c1", 3}, {"r1c2", 7}}), true, "3 beside 7 on a whisper"},
      {{rule(Kind::renban, c("r1c1 r1c2 r1c3"))}, givens({{"r1c1", 1}, {"r1c3", 4}}), true, "1 and 4 on a renban of 3"},
      {{rule(Kind::renban, c("r1c1 r1c2 r1c3"))}, givens({{"r1c1", 1}, {"r1c3", 3}}), false,
       "1 and 3 on a renban of 3"},
      {{rule(Kind::palindrome, c("r1c1 r1c2 r2c3"))}, givens({{"r1c1", 1}, {"r2c3", 2}}), true,
       "a palindrome's ends 1 and 2"},
      {{with_split(rule(Kind::clone, c("r1c1 r5c5")), 1)}, givens({{"r1c1", 1}, {"r5c5", 2}}), true, "a clone 1 and 2"},
      {{rule(Kind::minimum, c("r5c5"))}, givens({{"r5c5", 5}, {"r4c5", 2}}), true, "a minimum 5 under a 2"},
      {{rule(Kind::maximum, c("r5c5"))}, givens({{"r5c5", 5}, {"r4c5", 2}}), false, "a maximum 5 under a 2"},
      {{rule(Kind::odd, c("r5c5"))}, givens({{"r5c5", 4}}), true, "an odd cell with 4"},
      {{rule(Kind::difference, c("r1c1 r1c2"))}, givens({{"r1c1", 4}, {"r1c2", 6}}), true, "a white dot on 4,6"},
      {{rule(Kind::difference, c("r1c1 r1c2"))}, givens({{"r1c1", 4}}), false, "a white dot with one end given"},
      {{rule(Kind::entropic, c("r1c1 r1c2 r1c3"))}, givens({{"r1c1", 4}, {"r1c3", 6}}), true,
       "two middle digits two cells apart on an entropic line"},
      {{rule(Kind::anti_knight, {})}, givens({{"r1c3", 4}, {"r2c5", 4}}), true, "a knight's move between two 4s"},
      {{rule(Kind::anti_king, {})}, givens({{"r1c3", 4}, {"r2c4", 4}}), true, "4s touching diagonally"},
      {{rule(Kind::nonconsecutive, {})}, givens({{"r1c1", 4}, {"r2c1", 5}}), true, "4 above 5"},
      {{rule(Kind::nonconsecutive, {}), rule(Kind::difference, c("r2c1 r1c1"))}, givens({{"r1c1", 4}, {"r2c1", 5}}),
       false, "4 above 5 with a white dot"},
      {{rule(Kind::no_xv, {})}, givens({{"r1c1", 4}, {"r1c2", 6}}), true, "4 beside 6, no X"},
      {{rule(Kind::no_xv, {}), rule(Kind::xv, c("r1c1 r1c2"), 10)}, givens({{"r1c1", 4}, {"r1c2", 6}}), false,
       "4 beside 6 with an X"},
      {{rule(Kind::no_ratio, {})}, givens({{"r1c1", 3}, {"r1c2", 6}}), true, "3 beside 6, no black dot"},
  };
  for (const Given& given : cases) {
    const auto why = broken_by_givens(*g, given.rules, given.grid);
    EXPECT_EQ(why.has_value(), given.broken) << given.what << (why ? ": " + *why : std::string());
    if (why) {
      EXPECT_NE(why->find(std::string(to_string(given.rules[0].kind))), std::string::npos) << *why;
    }
    const Puzzle puzzle{g, given.grid, "", given.rules};
    // The search checks the givens before it starts: one node is enough.
    SolveOptions options;
    options.max_nodes = 1;
    const SolveResult result = solve(puzzle, options);
    if (given.broken) {
      EXPECT_EQ(result.status, SolveStatus::invalid) << given.what;
      EXPECT_EQ(result.reason, *why);
    } else {
      EXPECT_NE(result.status, SolveStatus::invalid) << given.what << ": " << result.reason;
    }
  }
}

// Empty cells never break anything: every well-formed rule on an empty grid.
TEST(VariantChecker, AnEmptyGridBreaksNoRule) {
  for (const Case& c : cases()) {
    const Grid empty(c.board->grid.size(), 0);
    EXPECT_EQ(broken_by_givens(*c.board->geometry, c.rules, empty), std::nullopt) << c.what;
  }
}

// The givens of a solution break nothing that the solution keeps.
TEST(VariantChecker, HalfASolutionBreaksNoRuleThatTheSolutionKeeps) {
  for (const Case& c : cases()) {
    if (!c.holds) continue;
    for (int parity = 0; parity < 2; ++parity) {
      Grid half = c.board->grid;
      for (std::size_t cell = parity; cell < half.size(); cell += 2) half[cell] = 0;
      EXPECT_EQ(broken_by_givens(*c.board->geometry, c.rules, half), std::nullopt) << c.what;
    }
  }
}

}  // namespace
}  // namespace nonet
