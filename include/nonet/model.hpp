// nonet's model: a puzzle is a Geometry (N digits, N×N cells, a list of
// houses) plus givens. Every variant — classic with any box shape, diagonal,
// windoku, jigsaw — is only a different list of houses, so the algorithms
// that take a Geometry never ask which variant they run on.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "nonet/constraints.hpp"
#include "nonet/export.hpp"

namespace nonet NONET_API {

// A set of candidate digits: digit d (1-based) is bit d-1. N <= 64.
using Mask = std::uint64_t;
constexpr int kMaxSize = 64;

inline constexpr Mask digit_bit(int digit) { return Mask{1} << (digit - 1); }
inline constexpr Mask all_digits(int size) {
  return size >= 64 ? ~Mask{0} : (Mask{1} << size) - 1;
}

enum class HouseKind { row, column, box, diagonal, anti_diagonal, window, region, extra_region, disjoint_group };
// A box or a house that plays one (a jigsaw region, a windoku window), as
// against a line (row, column, diagonal).
constexpr bool box_like(HouseKind kind) {
  return kind == HouseKind::box || kind == HouseKind::region || kind == HouseKind::window ||
         kind == HouseKind::extra_region || kind == HouseKind::disjoint_group;
}

// N cells that hold the digits 1..N exactly once.
struct House {
  HouseKind kind;
  int index;  // 1-based among the houses of its kind ("row 3")
  std::vector<int> cells;
};
std::string house_name(const House& house);  // "row 3", "box 2", "diagonal"

// Thrown for a variant that cannot be built (bad size, bad region map).
class GeometryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Two houses that share two or more cells (a box and a row, a diagonal and a
// box…): when a digit's places in one house all lie in the shared cells, it
// can go nowhere else in the other (pointing / claiming, locked candidates).
struct Intersection {
  int first, second;  // house indices
  std::vector<int> shared, first_only, second_only;
};

class Geometry {
 public:
  // Classic N×N with boxes of box_rows × box_cols (N = box_rows·box_cols).
  static Geometry classic(int box_rows, int box_cols);
  // Classic plus both main diagonals.
  static Geometry diagonal(int box_rows, int box_cols);
  // Classic plus the windoku windows (windoku_windows): on 9×9 the four with
  // top-left cells r2c2, r2c6, r6c2, r6c6. Throws GeometryError where no
  // window fits.
  static Geometry windoku(int box_rows = 3, int box_cols = 3);
  // Rows, columns and N regions; region_of_cell holds a label 0..N-1 per cell.
  static Geometry jigsaw(int size, std::span<const int> region_of_cell);
  // Rows and columns only (a Latin square: futoshiki, skyscrapers, ISS's
  // NoBoxes); every cell in region 0, so nothing is drawn inside the grid.
  static Geometry latin(int size);
  // Any of the above plus more houses of N cells each: the diagonals, extra
  // regions, disjoint groups of a variant puzzle read from f-puzzles or ISS.
  // Houses already in `base` are not added twice. Throws GeometryError (also
  // for a row, column, box or region: those come from `base`).
  static Geometry with_houses(const Geometry& base, std::vector<House> more);
  // Houses variants add, written once for every reader: a diagonal of an N×N
  // grid (kind diagonal: r1c1 to rNcN; anti_diagonal: rNc1 to r1cN), the
  // windoku windows of a grid with boxes of box_rows × box_cols (boxes of
  // that shape set one cell in from the top left, one cell apart, as many as
  // fit inside the grid's edge: four on 9×9, nine on 16×16, one on 4×4 and
  // 6×6, as ISS lays them out), and the disjoint groups of a grid's regions
  // (group p: the p-th cell, in reading order, of every region).
  static House diagonal_house(int size, HouseKind kind);
  static std::vector<House> windoku_windows(int box_rows = 3, int box_cols = 3);
  static std::vector<House> disjoint_groups(int size, std::span<const int> region_of_cell);
  // The box shape used for a size: the most square r×c with r ≤ c (9 → 3×3,
  // 6 → 2×3, 12 → 3×4); nullopt where N has no such shape (primes, 1).
  static std::optional<std::pair<int, int>> box_shape(int size);

  int size() const { return size_; }
  int cell_count() const { return size_ * size_; }
  int row_of(int cell) const { return cell / size_; }
  int column_of(int cell) const { return cell % size_; }
  const std::string& variant() const { return variant_; }
  // Box shape for drawing; 0 × 0 for jigsaw.
  int box_rows() const { return box_rows_; }
  int box_columns() const { return box_cols_; }
  // For each cell, the region (box or jigsaw piece) it lies in, for drawing borders.
  const std::vector<int>& regions() const { return regions_; }
  // True for diagonal-bearing variants (drawing only).
  bool has_diagonals() const { return has_diagonals_; }

  const std::vector<House>& houses() const { return houses_; }
  std::span<const int> houses_of(int cell) const {
    return {cell_houses_.data() + cell_house_start_[cell],
            cell_houses_.data() + cell_house_start_[cell + 1]};
  }
  // The cells sharing a house with cell (not cell itself), ascending.
  std::span<const int> peers_of(int cell) const {
    return {peers_.data() + peer_start_[cell], peers_.data() + peer_start_[cell + 1]};
  }
  // A cell's index in each of its houses (in house.cells), aligned with houses_of(cell).
  std::span<const int> positions_in_houses(int cell) const {
    return {position_in_house_.data() + cell_house_start_[cell],
            position_in_house_.data() + cell_house_start_[cell + 1]};
  }
  // Sets of cells as bits, 64 cells to a word (cell c: bit c % 64 of word
  // c / 64), cell_words() words a set: the peers of a cell, the cells of a house.
  int cell_words() const { return cell_words_; }
  std::span<const std::uint64_t> peer_bits(int cell) const {
    return {peer_bits_.data() + static_cast<std::size_t>(cell) * cell_words_, static_cast<std::size_t>(cell_words_)};
  }
  std::span<const std::uint64_t> house_bits(int house) const {
    return {house_bits_.data() + static_cast<std::size_t>(house) * cell_words_, static_cast<std::size_t>(cell_words_)};
  }
  // Bit i set where house's i-th cell lies in other (every bit for other == house).
  Mask crossing(int house, int other) const { return crossing_[static_cast<std::size_t>(house) * houses_.size() + other]; }
  std::string cell_name(int cell) const;  // "r3c5", 1-based
  const std::vector<Intersection>& intersections() const { return intersections_; }

 private:
  Geometry(std::string variant, int size, std::vector<House> houses, std::vector<int> regions);
  void derive_cell_tables();
  void derive_cell_bits();
  void derive_intersections();

  std::string variant_;
  int size_ = 0;
  int box_rows_ = 0;
  int box_cols_ = 0;
  bool has_diagonals_ = false;
  std::vector<House> houses_;
  std::vector<int> regions_;
  std::vector<int> cell_houses_, cell_house_start_, position_in_house_;
  std::vector<int> peers_, peer_start_;
  int cell_words_ = 0;
  std::vector<std::uint64_t> peer_bits_, house_bits_;
  std::vector<Mask> crossing_;  // houses × houses
  std::vector<Intersection> intersections_;
};

// How to build a geometry from user words: a variant name, a size (0: take
// it from the input) and, for jigsaw, a region map.
struct VariantSpec {
  std::string name = "classic";  // classic | diagonal | windoku | jigsaw | latin
  int size = 0;
  std::vector<int> regions;  // jigsaw: label 0..N-1 per cell
};
// Throws GeometryError with a message a user can act on.
std::shared_ptr<const Geometry> make_geometry(const VariantSpec& spec, int size);
// Parses a region map of N×N labels (1-9, A-Z, a-z or 0-9; whitespace ignored)
// into labels 0..N-1. Throws GeometryError.
std::vector<int> parse_region_map(const std::string& text);
std::vector<std::string> variant_names();

// Cell contents: 0 = empty, 1..N = a digit.
using Grid = std::vector<std::uint8_t>;

struct Puzzle {
  std::shared_ptr<const Geometry> geometry;
  Grid cells;
  std::string comment;  // text that followed the puzzle in the input, passed through
  // Rules beyond the houses (constraints.hpp); empty for a classic puzzle.
  std::vector<Constraint> constraints = {};
};

// Digits as text: 1-9, then A, B, … (16×16 uses 1-9, A-G).
char digit_char(int digit);
// The digit a character stands for, 0 for an empty mark, -1 if it is neither.
int digit_of_char(char c, int size);

// Two equal digits in one house.
struct Conflict {
  int digit;
  int house;  // index into Geometry::houses()
  int first_cell, second_cell;
};
std::optional<Conflict> find_conflict(const Geometry& geometry, const Grid& cells);
// Every clash: each later copy of a digit paired with its first cell in the house.
std::vector<Conflict> find_conflicts(const Geometry& geometry, const Grid& cells);
std::string describe(const Geometry& geometry, const Conflict& conflict);
// A complete grid that keeps the givens and holds 1..N once in every house.
bool is_solution_of(const Puzzle& puzzle, const Grid& solution);

}  // namespace nonet
