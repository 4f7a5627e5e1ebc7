// The closure engine; see closure.hpp for why closures decide ratings.
#include "closure.hpp"

#include <memory>

namespace nonet::detail {

Techniques Techniques::singles(SinglesKind kind) {
  Techniques techniques;
  techniques.naked = kind == SinglesKind::hidden_and_naked;
  return techniques;
}

Techniques Techniques::direct_ones() {
  Techniques techniques;
  techniques.direct = true;
  return techniques;
}

Techniques Techniques::basic(logic::Tenths ceiling) {
  using logic::Technique;
  const auto within = [&](Technique technique) { return logic::rating_of(technique) <= ceiling; };
  // The largest size k (2 to 4) whose technique is within the ceiling, 0 if none.
  const auto largest_within = [&](Technique pair, Technique triple, Technique quad) {
    return within(quad) ? 4 : within(triple) ? 3 : within(pair) ? 2 : 0;
  };
  Techniques techniques;
  // Claiming (2.8) is the higher of the two; pointing alone is never switched on.
  techniques.intersections = within(Technique::claiming);
  techniques.naked_max = largest_within(Technique::naked_pair, Technique::naked_triple, Technique::naked_quad);
  techniques.hidden_max = largest_within(Technique::hidden_pair, Technique::hidden_triple, Technique::hidden_quad);
  techniques.fish_max = largest_within(Technique::x_wing, Technique::swordfish, Technique::jellyfish);
  techniques.xy_wing = within(Technique::xy_wing);
  techniques.xyz_wing = within(Technique::xyz_wing);
  return techniques;
}

// The band board's closure has a unit of its own (closure_band.cpp): with
// the others beside it, the compiler inlines less of its searches.
template class Closure<Board<Words<2>>>;
template class Closure<Board<Words<4>>>;
template class Closure<Board<Words<64>>>;

namespace {
// One closure on the board that fits (on the heap: a wide board's is large).
bool solves_with(const Geometry& geometry, const Grid& givens, const Techniques& techniques) {
  return with_board(geometry, [&]<typename Board>(std::type_identity<Board>) {
    const Board board(geometry);
    return std::make_unique<Closure<Board>>(board, techniques)->solves(givens);
  });
}
}  // namespace

}  // namespace nonet::detail

namespace nonet {

bool solves_with_singles(const Geometry& geometry, const Grid& givens, SinglesKind kind) {
  return detail::solves_with(geometry, givens, detail::Techniques::singles(kind));
}

bool solves_with_basic_logic(const Geometry& geometry, const Grid& givens, double ceiling) {
  return detail::solves_with(geometry, givens, detail::Techniques::basic(logic::tenths_at_most(ceiling)));
}

}  // namespace nonet
