// BasicSolver's techniques on classic 9×9 grids (exactly the nine rows,
// columns and boxes), bit-parallel: each digit's open cells are three 27-bit
// bands in one vector (see core/bitboard9.hpp), so a placement is one AND-NOT of the
// cell's peers, singles are counts and folds over the nine digit boards,
// intersections and fish read a board's row and column occupancy, and
// subsets and wings take the per-house or per-cell masks they need from the
// boards. Same answers as the generic BasicSolver: the techniques reach one
// fixed point in any order (see basic_logic.hpp). On a position with no
// solution both stop somewhere short of filling the grid (solves() false);
// where and what derives() says then depends on the order, as it does for
// the generic code.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/bitboard9.hpp"
#include "basic_techniques.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

class BandBasicSolver {
 public:
  using Bands = bitboard9::Bands;

  // Where the solver stands: all a save() keeps and a resume() needs. A
  // search that found nothing is skipped until what it reads changes; the
  // boards as of the last look (`noted`) tell which houses and digits did.
  struct State {
    Bands candidates[9] = {};  // per digit: the open cells that can still hold it
    Bands placed[9] = {};      // per digit: the cells holding it
    Bands open = {};           // cells without a digit
    Bands noted[9] = {};       // candidates as of the last note_changes()
    std::uint32_t subset_houses[2][5] = {};  // [hidden][size]: houses to search again
    std::uint32_t fish_digits[5] = {};       // [size]: digits to search again
    std::uint32_t meet_digits = 0;           // digits to look at for intersections again
    bool wings_due[2] = {};                  // [xyz]
    Bands swept[9] = {};       // per digit: its candidates when a hidden-singles sweep last found nothing
    bool broken = false;
  };

  // A 9×9 geometry whose houses are exactly its rows, columns and boxes.
  static bool fits(const Geometry& geometry);

  // `skip_unchanged` false runs every search every round (a reference for
  // the skipping).
  BandBasicSolver(const BasicTechniques& techniques, bool skip_unchanged)
      : techniques_(techniques), skip_unchanged_(skip_unchanged) {}

  // As BasicSolver's members of the same names.
  bool solves(const Grid& givens);
  bool derives(const Grid& givens, std::span<const int> targets);
  bool extend(std::span<const int> cells, const Grid& solution);
  bool placed(std::span<const int> cells) const;
  void values(Grid& into) const;
  void save(State& into) const { into = state_; }
  void restore(const State& from) { state_ = from; }
  bool resume(const State& from);
  // As solves(givens), from where singles stopped on those givens: per digit
  // the open cells that can still hold it, and the open cells; the placed
  // cells hold the solution's digits (singles place only what every
  // solution has). The techniques reach the same fixed point from there.
  bool solves_after_singles(const Bands (&places)[9], Bands open, const Grid& solution);

  // The position as the rater's wing search reads it (logic/wings.hpp), as
  // of the last view_cells().
  int cell_count() const { return 81; }
  Mask candidates(int cell) const { return digits_at_[cell]; }
  void for_each_bivalue_peer(int cell, auto visit) const {
    bitboard9::for_each_cell(bitboard9::tables().peers[cell] & pairs_, visit);
  }

 private:
  void start(const Grid& givens);
  template <typename Done>
  bool run(Done done);
  bool take(int cell, int digit, Bands& placed);
  void close(Bands placed);
  bool singles();
  bool place_naked_singles();
  bool place_hidden_singles();
  bool eliminate();
  void note_changes();
  void mark_all_due();
  bool clear(Mask digits, Bands cells);
  const Mask* places_of(int house);
  const Mask* lines_of(int digit, int lines);
  void view_cells();
  Bands cells_of(int house, Mask places) const;
  bool intersections();
  static std::uint32_t due_up_to(const std::uint32_t (&due)[5], int max);
  static void searched_up_to(std::uint32_t (&due)[5], int max, std::uint32_t item);
  bool subsets(bool hidden, int max);
  bool naked_subset(int house, int max);
  bool hidden_subset(int house, int max);
  bool fish(int max);
  bool fish_in(int digit, int max, int lines);
  bool rows_cover_columns(int digit, int max);
  bool wings(bool xyz);

  BasicTechniques techniques_;
  bool skip_unchanged_;
  State state_;
  // What one eliminate() reads, taken from the boards once: they stay as
  // they are until a search changes them, and then eliminate() returns.
  Mask places_[27][9];  // per house and digit: its places (see Tables::member)
  std::uint32_t viewed_houses_ = 0;  // the houses of places_ that are up to date
  Mask lines_[2][9][9];  // per orientation (rows, columns), digit and line: its places
  std::uint32_t viewed_lines_ = 0;   // bit 9·orientation + digit: lines_ up to date
  Mask digits_at_[81];  // per cell: its candidates
  Bands pairs_;         // cells with two candidates
  std::vector<int> pincers_;  // wings(): scratch
  bool cells_viewed_ = false;
};

}  // namespace nonet::detail
