// What the technique files share: the solving context (the position, the
// geometry, a "sees" table) and the helpers of their searches; the finders
// themselves are declared in finders.hpp, through the technique table.
#pragma once

#include <algorithm>
#include <bit>
#include <chrono>
#include <initializer_list>
#include <memory>
#include <span>
#include <string_view>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/bits.hpp"
#include "intersections.hpp"
#include "nonet/logic.hpp"
#include "techniques.hpp"

namespace nonet::logic {

// The geometry's lookups the techniques ask most, and SE's orders of houses,
// per solve (the geometry holds the bit sets; the orders are built here).
class Tables {
 public:
  explicit Tables(const Geometry& geometry);
  bool sees(int a, int b) const { return (geometry_.peer_bits(a)[b >> 6] >> (b & 63)) & 1; }
  // Houses containing both cells (index list), small.
  std::vector<int> common_houses(int a, int b) const;
  int house_pos(int house, int cell) const;  // index of cell in house.cells, -1 if absent
  bool in_house(int house, int cell) const { return (geometry_.house_bits(house)[cell >> 6] >> (cell & 63)) & 1; }
  // Made on the first ask, like the chaining order: most solves take singles alone.
  const IntersectionOrder& intersection_order() const {
    if (!intersection_order_) intersection_order_.emplace(geometry_);
    return *intersection_order_;
  }
  // The houses in the order SE's subsets take them: boxes (or jigsaw
  // regions), columns, rows, then the rest.
  const std::vector<int>& subset_houses() const {
    if (subset_houses_.empty()) order_subset_houses();
    return subset_houses_;
  }
  // Every house, a bit each (words of 64 houses); the box-like ones; the others.
  std::span<const std::uint64_t> every_house() const { return every_house_; }
  std::span<const std::uint64_t> box_like_houses() const { return box_like_houses_; }
  std::span<const std::uint64_t> line_houses() const { return line_houses_; }
  // The cells a cell sees, as bits (words of 64 cells).
  std::span<const std::uint64_t> peer_words(int cell) const { return geometry_.peer_bits(cell); }
  // A cell's index in each of its houses, aligned with houses_of(cell).
  std::span<const int> positions_in_houses(int cell) const { return geometry_.positions_in_houses(cell); }
  // A cell's houses in the order SE's chaining takes them: box (or region),
  // row, column, then the others. Listed on the first ask: most solves
  // (ratings below 6) never chain.
  std::span<const int> chaining_houses(int cell) const {
    if (chaining_start_.empty()) order_chaining_houses();
    const int first = chaining_start_[cell], count = chaining_start_[cell + 1] - first;
    return std::span<const int>(chaining_houses_).subspan(first, count);
  }

 private:
  void order_chaining_houses() const;
  void order_subset_houses() const;

  const Geometry& geometry_;
  mutable std::vector<int> chaining_houses_, chaining_start_;  // per cell, from chaining_start_[cell]
  mutable std::vector<int> subset_houses_;
  std::vector<std::uint64_t> every_house_, box_like_houses_, line_houses_;
  mutable std::optional<IntersectionOrder> intersection_order_;
};

// A yes/no answer computed only when first asked (uniqueness: an exact solve
// that most ratings never need).
class LazyBool {
 public:
  explicit LazyBool(std::function<bool()> compute) : compute_(std::move(compute)) {}
  bool get() const {
    if (!value_) value_ = compute_();
    return *value_;
  }

 private:
  std::function<bool()> compute_;
  mutable std::optional<bool> value_;
};

struct ChainLinks;  // fish.cpp: one digit's links for the chain rungs
class VariantRules;  // variant_rules.hpp

struct Context {
  const CandidateGrid& grid;
  const Geometry& geo;
  const Tables& tables;
  Scale scale = Scale::se;
  const LazyBool* unique = nullptr;  // null: not known unique
  bool extras = false;
  // Searches give up (find nothing) once this time has passed; default: never.
  std::chrono::steady_clock::time_point deadline{};
  // A chain search nested in another's propagation: the first step found will
  // do (the easiest one is not looked for).
  bool first_found = false;
  // Once this time has passed, a chain search gives the best step it has
  // found so far (sound and explained, not always the easiest); default:
  // never. Only a hint on a puzzle with variant rules sets it (next_step).
  std::chrono::steady_clock::time_point settle_after{};
  // Write each step's account (detail, cells, houses); off where the steps
  // are only applied and rated (a solve that keeps none): the singles and
  // intersections, most of every solve's steps, then skip it.
  bool describe = true;
  // The puzzle's variant rules compiled (null: houses only).
  const VariantRules* rules = nullptr;
  bool is_unique() const { return unique && unique->get(); }
  bool expired() const {
    return deadline != std::chrono::steady_clock::time_point{} && std::chrono::steady_clock::now() > deadline;
  }
  bool settled() const {
    return settle_after != std::chrono::steady_clock::time_point{} && std::chrono::steady_clock::now() > settle_after;
  }
  int n() const { return geo.size(); }
  int cells() const { return geo.cell_count(); }
  // Bit i set where houses()[h].cells[i] holds candidate d.
  Mask where(int h, int d) const { return houses_map().places[static_cast<std::size_t>(h) * n() + d - 1]; }
  bool placed_in(int h, int d) const { return (houses_map().placed[h] >> (d - 1)) & 1; }

  // Every house's places of every digit and its placed digits, mapped on the
  // first ask (the grid does not change while a Context lives): every finder
  // asks them, many times a step. A solve keeps one map up to date step by
  // step (apply_step) and hands it over as kept_map.
  struct HousesMap {
    std::vector<Mask> places;  // per house and digit: house * n + digit - 1
    std::vector<Mask> placed;  // per house: the digits placed in it
    std::vector<Mask> singles;  // per house: the digits with one place left (hidden singles)
    // A bit per house: one digit left to place in it (the full-house candidates).
    std::vector<std::uint64_t> one_to_place;
    // Per digit: the cells holding it, Geometry::cell_words() words from (digit - 1) * words.
    std::vector<std::uint64_t> holding;
  };
  const HousesMap* kept_map = nullptr;
  const HousesMap& houses_map() const { return kept_map ? *kept_map : houses_map_ ? *houses_map_ : map_houses(); }
  const HousesMap& map_houses() const;
  mutable std::optional<HousesMap> houses_map_{};
  // Per digit, the chain links of the position (fish.cpp), made on the
  // first ask: two rungs of a step take them.
  mutable std::vector<std::shared_ptr<const ChainLinks>> chain_links_of_digit{};

  // Where a search digit by digit or house by house need look: a solve
  // narrows it, per rung, to the digits and houses whose candidates changed
  // since the rung last found nothing (solver.cpp). Every digit and house
  // by default.
  Mask scope_digits = ~Mask{0};
  std::span<const std::uint64_t> scope_houses{};  // a bit per house; empty: every house
  // Patterns of cells that a step's removals elsewhere can only weaken (wings,
  // whose eliminations lie in cells seeing them; exclusions, whose excluders
  // only leave when solved): a new one takes a cell whose candidates changed.
  // A bit per cell; empty: every cell.
  std::span<const std::uint64_t> scope_cells{};
  bool searches_digit(int d) const { return (scope_digits >> (d - 1)) & 1; }
  bool searches_house(int h) const { return scope_houses.empty() || ((scope_houses[h >> 6] >> (h & 63)) & 1); }
  bool searches_cell(int c) const { return scope_cells.empty() || ((scope_cells[c >> 6] >> (c & 63)) & 1); }
  // Whether a set of cells (a bit per cell) holds a cell of the scope.
  bool searches_any_cell(std::span<const std::uint64_t> cells) const {
    if (scope_cells.empty()) return true;
    for (std::size_t w = 0; w < cells.size(); ++w)
      if (cells[w] & scope_cells[w]) return true;
    return false;
  }
  // The houses to search, in increasing order; with `among` (a bit per
  // house), only those among them.
  bits::SetBitsOfWords searched_houses(std::span<const std::uint64_t> among = {}) const {
    const std::span<const std::uint64_t> houses = scope_houses.empty() ? tables.every_house() : scope_houses;
    return bits::SetBitsOfWords(houses.data(), houses.size(), among.empty() ? nullptr : among.data());
  }
};

// The house map of a grid, as Context::houses_map() makes it.
Context::HousesMap map_houses(const CandidateGrid& grid);
// What a step changed: the digits that lost a place (or were placed), the
// houses whose cells changed (a bit per house), the cells that lost a
// candidate (a bit per cell), how many cells it filled.
struct StepChange {
  Mask digits = 0;
  std::vector<std::uint64_t> houses;
  std::vector<std::uint64_t> cells;
  int placed = 0;
};
// CandidateGrid::apply(step), keeping `map` (the grid's house map) up to date
// and saying what changed. True if the step breaks a position that was not
// broken (CandidateGrid::broken()).
bool apply_step(const Step& step, CandidateGrid& grid, Context::HousesMap& map, StepChange& change);

inline int popcount(Mask m) { return bits::mask_bit_count(m); }
// Every digit's places in house h at once: out[d - 1] == ctx.where(h, d).
void house_places(const Context& ctx, int h, Mask* out);
inline int lowest_digit(Mask m) { return std::countr_zero(m) + 1; }
// The digits of a candidate mask, lowest first.
inline bits::SetBits<1> digits_of(Mask m) { return bits::SetBits<1>(m); }
// Concatenation by appending (g++ 12 warns falsely on "lit" + std::string chains).
inline std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(p);
  return out;
}
std::string digits_text(Mask m);  // "{2,7}" style without braces: "27"
std::string cells_text(const Geometry& geo, const std::vector<int>& cells);  // "r1c1,r1c5"
// Cells as bits, Geometry::cell_words() words of 64 (any grid size).
using CellSet = std::vector<std::uint64_t>;
CellSet no_cells(const Context& ctx);
// The cells holding candidate d (from the house map).
std::span<const std::uint64_t> cells_holding(const Context& ctx, int d);
// The cells of a set, in increasing order.
std::vector<int> cells_of(std::span<const std::uint64_t> set);
// The unsolved cells that see every cell of `cells` (none of them included).
std::vector<int> seeing_all(const Context& ctx, const std::vector<int>& cells);
// Eliminates `digits` from `cells` where present, appending to the step; true if any.
bool add_eliminations(const Context& ctx, Step& step, const std::vector<int>& cells, Mask digits);
// Calls visit(indices) for every k-combination of 0..n-1 (n < 64) in SE's order
// (masks in increasing value: {0,1}, {0,2}, {1,2}, {0,3} ...); visit returns true to stop.
bool combinations(int n, int k, const std::function<bool(const std::vector<int>&)>& visit);

}  // namespace nonet::logic
