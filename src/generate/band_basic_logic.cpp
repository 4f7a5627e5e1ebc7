// BasicSolver's techniques, bit-parallel on classic 9×9 grids; see
// band_basic_logic.hpp.
#include "band_basic_logic.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "logic/locked_sets.hpp"
#include "logic/wings.hpp"

namespace nonet::detail {

using namespace bitboard9;

namespace {

constexpr std::uint32_t kAllHouses = (1u << 27) - 1, kAllDigits = 0x1ff;

// Every row, column and box holds one of `cells`.
bool every_house_holds(Bands cells) {
  const Bands in_segments = segments(cells);
  const Bands rows = (in_segments | in_segments >> 3 | in_segments >> 6) & kRowStarts;
  const Bands boxes = (in_segments | in_segments >> 9 | in_segments >> 18) & kBoxCorners;
  const Bands columns = (cells | cells >> 9 | cells >> 18) & kRowCells;
  return same(rows, Bands{kRowStarts, kRowStarts, kRowStarts, 0}) &&
         same(boxes, Bands{kBoxCorners, kBoxCorners, kBoxCorners, 0}) &&
         (columns[0] | columns[1] | columns[2]) == kRowCells;
}

}  // namespace

bool BandBasicSolver::fits(const Geometry& geometry) {
  const auto& houses = geometry.houses();
  return geometry.size() == 9 && geometry.cell_count() == 81 && houses.size() == 27 &&
         std::all_of(houses.begin(), houses.end(), standard_house);
}

void BandBasicSolver::mark_all_due() {
  for (auto& by_size : state_.subset_houses)
    for (std::uint32_t& houses : by_size) houses = kAllHouses;
  for (std::uint32_t& digits : state_.fish_digits) digits = kAllDigits;
  state_.meet_digits = kAllDigits;
  state_.wings_due[0] = state_.wings_due[1] = true;
}

// Every search is due at the start.
void BandBasicSolver::start(const Grid& givens) {
  state_ = State{};
  for (Bands& cells : state_.candidates) cells = kAllCells;
  state_.open = kAllCells;
  mark_all_due();
  Bands placed = {};
  for (int cell = 0; cell < 81; ++cell)
    if (givens[cell] != 0 && !take(cell, givens[cell] - 1, placed)) {
      state_.broken = true;  // a peer holds the same digit
      return;
    }
  close(placed);
}

// The cell takes the digit if it can still hold it; its peers lose the
// digit at once, every digit loses the cell in close().
bool BandBasicSolver::take(int cell, int digit, Bands& placed) {
  Bands& places = state_.candidates[digit];
  if (!holds(places, cell)) return false;
  const Tables& table = tables();
  placed |= table.cell[cell];
  state_.placed[digit] |= table.cell[cell];
  places &= ~table.peers[cell];
  return true;
}

void BandBasicSolver::close(Bands placed) {
  state_.open &= ~placed;
  for (Bands& cells : state_.candidates) cells &= ~placed;
}

// Cells in exactly one digit's board take it; a cell in none breaks the
// position. In a broken one a peer placed just before may have taken a
// cell's digit: then the cell waits, and breaks on the next pass.
bool BandBasicSolver::place_naked_singles() {
  Count count;
  for (const Bands& cells : state_.candidates) count.add(cells);
  if (any(state_.open & ~count.once)) {
    state_.broken = true;
    return false;
  }
  const Bands singles = count.exactly_once() & state_.open;
  if (!any(singles)) return false;
  Bands placed = {};
  for_each_cell(singles, [&](int cell) {
    int digit = 0;
    while (digit < 9 && !holds(state_.candidates[digit], cell)) ++digit;
    if (digit < 9) take(cell, digit, placed);
  });
  close(placed);
  return true;
}

// A digit with no place left in a house breaks the position.
bool BandBasicSolver::place_hidden_singles() {
  bool progress = false;
  for (int digit = 0; digit < 9; ++digit) {
    const Bands places = state_.candidates[digit];
    if (same(places, state_.swept[digit])) continue;  // as when it last found nothing
    if (!every_house_holds(places | state_.placed[digit])) {
      state_.broken = true;
      return false;
    }
    const Bands singles = hidden_in_lines_and_boxes(places);
    if (!any(singles)) {
      state_.swept[digit] = places;
      continue;
    }
    Bands placed = {};
    for_each_cell(singles, [&](int cell) { take(cell, digit, placed); });
    close(placed);
    progress = true;
  }
  return progress;
}

// To a fixed point; false on a contradiction.
bool BandBasicSolver::singles() {
  while (!state_.broken)
    if (!place_naked_singles() && (state_.broken || !place_hidden_singles())) break;
  return !state_.broken;
}

// Marks the searches that read what changed since the last look as due.
void BandBasicSolver::note_changes() {
  Bands changed = {};
  std::uint32_t digits = 0;
  for (int digit = 0; digit < 9; ++digit) {
    const Bands difference = state_.candidates[digit] ^ state_.noted[digit];
    if (!any(difference)) continue;
    changed |= difference;
    digits |= 1u << digit;
    state_.noted[digit] = state_.candidates[digit];
  }
  if (digits == 0) return;
  const std::uint32_t houses = houses_meeting(changed);
  for (auto& by_size : state_.subset_houses)
    for (std::uint32_t& due : by_size) due |= houses;
  for (std::uint32_t& due : state_.fish_digits) due |= digits;
  state_.meet_digits |= digits;
  state_.wings_due[0] = state_.wings_due[1] = true;
}

// `digits` leave `cells`; true if any candidate went.
bool BandBasicSolver::clear(Mask digits, Bands cells) {
  bool progress = false;
  for (; digits; digits &= digits - 1) {
    Bands& places = state_.candidates[std::countr_zero(digits)];
    if (!any(places & cells)) continue;
    places &= ~cells;
    progress = true;
  }
  return progress;
}

const Mask* BandBasicSolver::places_of(int house) {
  Mask* places = places_[house];
  if (viewed_houses_ >> house & 1) return places;
  viewed_houses_ |= 1u << house;
  for (int digit = 0; digit < 9; ++digit) places[digit] = places_in(state_.candidates[digit], house);
  return places;
}

// A digit's places in the rows (lines 0) or the columns (lines kColumns),
// which fish of every size read.
const Mask* BandBasicSolver::lines_of(int digit, int lines) {
  const int orientation = lines / kColumns, slot = 9 * orientation + digit;
  Mask* places = lines_[orientation][digit];
  if (viewed_lines_ >> slot & 1) return places;
  viewed_lines_ |= 1u << slot;
  for (int line = 0; line < 9; ++line) places[line] = places_in(state_.candidates[digit], lines + line);
  return places;
}

void BandBasicSolver::view_cells() {
  if (cells_viewed_) return;
  cells_viewed_ = true;
  std::fill(std::begin(digits_at_), std::end(digits_at_), Mask{0});
  for (int digit = 0; digit < 9; ++digit)
    for_each_cell(state_.candidates[digit], [&](int cell) { digits_at_[cell] |= Mask{1} << digit; });
  const Tables& table = tables();
  pairs_ = Bands{};
  for (int cell = 0; cell < 81; ++cell)
    if (bits::nine_bits(digits_at_[cell]) == 2) pairs_ |= table.cell[cell];
}

BandBasicSolver::Bands BandBasicSolver::cells_of(int house, Mask places) const {
  const Tables& table = tables();
  Bands cells = {};
  for (; places; places &= places - 1) cells |= table.cell[table.member[house][std::countr_zero(places)]];
  return cells;
}

bool BandBasicSolver::intersections() {
  bool progress = false;
  for (std::uint32_t digits = state_.meet_digits; digits; digits &= digits - 1) {
    const int digit = std::countr_zero(digits);
    Bands& places = state_.candidates[digit];
    const Bands removals = intersection_removals(places);
    if (any(places & removals)) {
      places &= ~removals;
      progress = true;
    } else {
      state_.meet_digits &= ~(1u << digit);
    }
  }
  return progress;
}

// The due houses, each until it finds something; a house that finds
// nothing is not due again until it changes.
// Subsets and fish of every size up to `max` are looked for at once (a
// search of size 4 passes the smaller sets on its way); whatever is due at
// any of those sizes is searched, and clears all of them when it finds
// nothing.
std::uint32_t BandBasicSolver::due_up_to(const std::uint32_t (&due)[5], int max) {
  std::uint32_t any_size = 0;
  for (int size = 2; size <= max; ++size) any_size |= due[size];
  return any_size;
}

void BandBasicSolver::searched_up_to(std::uint32_t (&due)[5], int max, std::uint32_t item) {
  for (int size = 2; size <= max; ++size) due[size] &= ~(1u << item);
}

bool BandBasicSolver::subsets(bool hidden, int max) {
  auto& due = state_.subset_houses[hidden];
  for (std::uint32_t houses = due_up_to(due, max); houses; houses &= houses - 1) {
    const int house = std::countr_zero(houses);
    if (hidden ? hidden_subset(house, max) : naked_subset(house, max)) return true;
    searched_up_to(due, max, house);
  }
  return false;
}

// The searches below offer the locked-set search only the items with at
// most `max` bits (no locked set up to `max` takes another).
bool BandBasicSolver::naked_subset(int house, int max) {
  view_cells();
  const std::uint8_t* cells = tables().member[house];
  Mask masks[9], open_places = 0;
  int place_of[9], count = 0, open = 0;
  for (int place = 0; place < 9; ++place) {
    const Mask digits = digits_at_[cells[place]];
    if (digits == 0) continue;
    ++open;
    open_places |= Mask{1} << place;
    if (bits::nine_bits(digits) > max) continue;
    place_of[count] = place;
    masks[count++] = digits;
  }
  auto act = [&](Mask chosen, Mask digits) {
    Mask others = open_places;
    for (; chosen; chosen &= chosen - 1) others &= ~(Mask{1} << place_of[std::countr_zero(chosen)]);
    return clear(digits, cells_of(house, others));
  };
  return logic::find_locked_sets<bits::nine_bits>(std::span<const Mask>(masks, count), {2, max, open}, act);
}

// k digits locked in k of a house's n open cells are the other n − k cells
// locked to the other n − k digits, with the same eliminations: where n − 2
// is within naked_max, the naked search (run first) has found every hidden
// subset (n − 1 cells locked is a single).
bool BandBasicSolver::hidden_subset(int house, int max) {
  if (bits::nine_bits(places_in(state_.open, house)) - 2 <= techniques_.naked_max) return false;
  const Mask* places = places_of(house);
  Mask masks[9], digit_of[9], open_digits = 0;
  int count = 0;
  for (int digit = 0; digit < 9; ++digit) {
    if (places[digit] == 0) continue;
    open_digits |= Mask{1} << digit;
    if (bits::nine_bits(places[digit]) > max) continue;
    digit_of[count] = Mask{1} << digit;
    masks[count++] = places[digit];
  }
  auto act = [&](Mask chosen, Mask joint) {
    Mask keep = 0;
    for (; chosen; chosen &= chosen - 1) keep |= digit_of[std::countr_zero(chosen)];
    return clear(open_digits & ~keep, cells_of(house, joint));
  };
  return logic::find_locked_sets<bits::nine_bits>(std::span<const Mask>(masks, count), {2, max, bits::nine_bits(open_digits)}, act);
}

bool BandBasicSolver::fish(int max) {
  auto& due = state_.fish_digits;
  for (std::uint32_t digits = due_up_to(due, max); digits; digits &= digits - 1) {
    const int digit = std::countr_zero(digits);
    if (fish_in(digit, max, 0) || (!rows_cover_columns(digit, max) && fish_in(digit, max, kColumns))) return true;
    searched_up_to(due, max, digit);
  }
  return false;
}

// A fish on k columns, with n lines open to the digit, is one on the other
// n − k rows, with the same eliminations: where n − 2 is within `max`, the
// rows' search has found every fish (n − 1 lines is a hidden single).
bool BandBasicSolver::rows_cover_columns(int digit, int max) {
  const Mask* rows = lines_of(digit, 0);
  const int open = static_cast<int>(std::count_if(rows, rows + 9, [](Mask places) { return places != 0; }));
  return open - 2 <= max;
}

// `size` base lines (rows from 0, columns from kColumns) holding the digit
// only in `size` cross-lines: it leaves the rest of those cross-lines.
bool BandBasicSolver::fish_in(int digit, int max, int lines) {
  const Tables& table = tables();
  const int cross = kColumns - lines;
  Mask masks[9], line_of[9];
  int count = 0, open = 0;
  const Mask* places_by_line = lines_of(digit, lines);
  for (int line = 0; line < 9; ++line) {
    const Mask places = places_by_line[line];
    if (places == 0) continue;
    ++open;
    if (bits::nine_bits(places) > max) continue;
    line_of[count] = line;
    masks[count++] = places;
  }
  auto act = [&](Mask chosen, Mask cross_lines) {
    Bands base = {}, covered = {};
    for (; chosen; chosen &= chosen - 1) base |= table.house[lines + line_of[std::countr_zero(chosen)]];
    for (; cross_lines; cross_lines &= cross_lines - 1) covered |= table.house[cross + std::countr_zero(cross_lines)];
    return clear(Mask{1} << digit, covered & ~base);
  };
  return logic::find_locked_sets<bits::nine_bits>(std::span<const Mask>(masks, count), {2, max, open}, act);
}

// The rater's XY- and XYZ-Wing search; z leaves every cell that sees both
// pincers (and the pivot, for an XYZ-Wing).
bool BandBasicSolver::wings(bool xyz) {
  if (!state_.wings_due[xyz]) return false;
  const Tables& table = tables();
  view_cells();
  const bool cleared =
      logic::find_xy_wings<bits::nine_bits>(*this, xyz, pincers_, [&](int pivot, int first, int second, Mask z) {
        Bands targets = table.peers[first] & table.peers[second] & ~table.cell[pivot];
        if (xyz) targets &= table.peers[pivot];
        return clear(z, targets);
      });
  if (!cleared) state_.wings_due[xyz] = false;
  return cleared;
}

// The cheaper techniques first; any elimination sends the solve back to
// singles.
bool BandBasicSolver::eliminate() {
  note_changes();
  if (!skip_unchanged_) mark_all_due();
  viewed_houses_ = 0;
  viewed_lines_ = 0;
  cells_viewed_ = false;
  if (techniques_.intersections && intersections()) return true;
  return (techniques_.naked_max > 0 && subsets(false, techniques_.naked_max)) ||
         (techniques_.fish_max > 0 && fish(techniques_.fish_max)) ||
         (techniques_.hidden_max > 0 && subsets(true, techniques_.hidden_max)) ||
         (techniques_.xy_wing && wings(false)) || (techniques_.xyz_wing && wings(true));
}

template <typename Done>
bool BandBasicSolver::run(Done done) {
  return run_to_fixed_point([&] { return singles(); }, done, [&] { return eliminate(); });
}

bool BandBasicSolver::solves(const Grid& givens) {
  start(givens);
  return run([&] { return !any(state_.open); });
}

bool BandBasicSolver::derives(const Grid& givens, std::span<const int> targets) {
  start(givens);
  Bands wanted = {};
  for (int cell : targets) wanted |= tables().cell[cell];
  return run([&] { return !any(state_.open & wanted); });
}

bool BandBasicSolver::extend(std::span<const int> cells, const Grid& solution) {
  for (int cell : cells) {
    if (!holds(state_.open, cell)) continue;
    Bands placed = {};
    if (state_.broken || !take(cell, solution[cell] - 1, placed)) {
      state_.broken = true;
      return false;
    }
    close(placed);
  }
  return run([&] { return !any(state_.open); });
}

bool BandBasicSolver::placed(std::span<const int> cells) const {
  return std::none_of(cells.begin(), cells.end(), [&](int cell) { return holds(state_.open, cell); });
}

void BandBasicSolver::values(Grid& into) const {
  into.assign(81, 0);
  for (int digit = 0; digit < 9; ++digit)
    for_each_cell(state_.placed[digit], [&](int cell) { into[cell] = static_cast<std::uint8_t>(digit + 1); });
}

bool BandBasicSolver::resume(const State& from) {
  restore(from);
  return run([&] { return !any(state_.open); });
}

bool BandBasicSolver::solves_after_singles(const Bands (&places)[9], Bands open, const Grid& solution) {
  state_ = State{};
  std::copy(std::begin(places), std::end(places), std::begin(state_.candidates));
  state_.open = open;
  mark_all_due();
  const Tables& table = tables();
  for (int cell = 0; cell < 81; ++cell)
    if (!holds(open, cell)) state_.placed[solution[cell] - 1] |= table.cell[cell];
  return run([&] { return !any(state_.open); });
}

}  // namespace nonet::detail
