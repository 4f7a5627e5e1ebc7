// DirectSolver's closure on classic 9×9 grids (exactly the nine rows, columns
// and boxes), bit-parallel: the singles are BandSingles', and SE's direct
// techniques read each digit's board per house (see core/bitboard9.hpp). Same answers
// as the generic DirectSolver: these steps only place digits and each stays
// available as placements grow, so they reach one closure in any order.
#pragma once

#include "band_singles.hpp"
#include "core/bitboard9.hpp"
#include "nonet/model.hpp"

namespace nonet::detail {

class BandDirectSolver {
 public:
  using Bands = bitboard9::Bands;

  // A 9×9 geometry whose houses are exactly its rows, columns and boxes.
  static bool fits(const Geometry& geometry);
  explicit BandDirectSolver(const Geometry& geometry) : singles_(geometry, SinglesKind::hidden_and_naked) {}

  // Singles and the direct techniques fill every cell.
  bool solves(const Grid& givens);

 private:
  // where_ and open_ from the boards, as the singles left them.
  void map_places();
  bool direct_intersection();
  bool direct_intersection(int digit, int a, int b);
  bool direct_hidden_subset(int size);
  bool direct_hidden_subset(int house, int size);

  BandSingles singles_;
  Mask where_[27][9] = {};  // per house and digit: its places (core/bitboard9.hpp's order), as of map_places()
  int open_[27] = {};       // per house: its open cells, as of map_places()
};

}  // namespace nonet::detail
