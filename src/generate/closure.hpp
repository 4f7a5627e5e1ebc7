// The generator's logic closures, written once over a board (board.hpp):
// from the givens the techniques of a set apply until none does, and the
// carver asks whether that fills the grid, or some cells. The sets:
//   singles  hidden singles, and naked ones unless hidden only (SE ≤ 1.5, 2.3)
//   direct   singles and SE's direct pointing (1.7), claiming (1.9), hidden
//            pair (2.0) and hidden triple (2.5), each used only where it
//            leaves a digit one place, which is placed (SE ≤ 2.5)
//   basic    singles and, up to a rating ceiling, intersections (2.8), naked
//            and hidden pairs to quads, row and column fish to jellyfish,
//            XY-Wing (4.2) and XYZ-Wing (4.4)
//
// Why a closure decides a rating without the rater: each technique stays
// available as candidates shrink (a locked set of k cells, digits or lines
// with fewer candidates is a smaller locked set or a single; a wing whose
// pincer lost a digit has become singles; a direct step's single is then
// placed, or a plain hidden single), so the set reaches one fixed point in
// any order, and from any position a sound solve passes through. If it
// fills the grid, SE — always taking the easiest step — finishes with steps
// the set holds: its rating is at most the set's ceiling. Where the set
// holds every technique SE rates that low (singles; direct; basic up to 3.9
// on classic grids), failing means SE needs more.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "board.hpp"
#include "grid_diff.hpp"
#include "logic/locked_sets.hpp"
#include "logic/techniques.hpp"
#include "logic/wings.hpp"
#include "nonet/generate.hpp"

namespace nonet::detail {

// Which techniques a closure uses.
struct Techniques {
  static Techniques singles(SinglesKind kind);
  static Techniques direct_ones();
  // The basic techniques SE rates at most `ceiling` (singles always).
  static Techniques basic(logic::Tenths ceiling);

  bool naked = true;    // naked singles
  bool direct = false;  // SE's direct techniques
  bool intersections = false;
  int naked_max = 0, hidden_max = 0, fish_max = 0;  // the largest subset or fish (0: none)
  bool xy_wing = false, xyz_wing = false;
  bool eliminates() const { return intersections || naked_max || hidden_max || fish_max || xy_wing || xyz_wing; }
};

template <typename Board>
class Closure {
 public:
  using Cells = typename Board::Cells;
  using Houses = typename Board::Houses;
  static constexpr int kDigits = Board::kMaxDigits;

  // Where a closure stands: all that save() keeps and resume() needs. A
  // search that found nothing is skipped until what it reads changes: the
  // places as of the last look (`noted`) tell which houses and digits did.
  struct Position {
    Cells places[kDigits] = {};  // per digit: the open cells that can still hold it
    Cells placed[kDigits] = {};  // per digit: the cells holding it
    Cells open = {};             // the cells without a digit
    Cells noted[kDigits] = {};
    Cells swept[kDigits] = {};         // per digit: places where hidden singles last found none
    Houses subset_houses[2][5] = {};   // [hidden][size]: houses to search again
    std::uint64_t fish_digits[5] = {};  // [size]: digits to search again
    std::uint64_t meet_digits = 0;      // digits to look at for intersections again
    bool wings_due[2] = {};             // [xyz]
    bool broken = false;                // a given or an added cell contradicts the others
  };

  // `skip_unchanged` false runs every search every round (the reference the
  // tests hold the skipping to).
  Closure(const Board& board, const Techniques& techniques, bool skip_unchanged = true);

  // The techniques fill every cell (so the puzzle has exactly one solution).
  bool solves(const Grid& givens);
  // They place every target cell. When givens ∪ targets was solvable this
  // is solves(givens), found sooner: once the targets are back, everything
  // that followed from them follows again.
  bool derives(const Grid& givens, std::span<const int> targets);
  // Every target is a single straight from the givens: what derives() asks
  // first, for a few hundred operations.
  bool immediate(const Grid& givens, std::span<const int> targets);
  // Adds the givens `cells` (their digits in `solution`) to where the
  // closure stands, and runs on: deductions from fewer givens stay valid
  // with more, so this answers as solves() on all of them would.
  bool extend(std::span<const int> cells, const Grid& solution);
  // Goes on from a position, or from where a weaker set on the same board
  // stands (the carver's singles, then its floor): a set reaches from a
  // weaker one's fixed point what it reaches from the givens.
  bool resume(const Position& from);
  bool resume(const Closure& weaker);
  void save(Position& into) const { into = state_; }
  void restore(const Position& from) { state_ = from; }
  bool placed(std::span<const int> cells) const;
  // The digits placed (0 where none is).
  void values(Grid& into) const;
  // For an exact search from the givens: per digit the cells that may hold
  // it (its givens, and the open cells none of its givens sees), and the
  // open cells.
  void search_start(const Grid& givens, Cells* candidates, Cells& open);

  // The position as the rater's wing search reads it (logic/wings.hpp).
  int cell_count() const { return board_.cell_count(); }
  Mask candidates(int cell) const { return digits_at_[cell]; }
  void for_each_bivalue_peer(int cell, auto visit) const { for_each_cell(board_.peers(cell) & pairs_, visit); }

 private:
  int digits() const {
    if constexpr (Board::kBands) return 9;
    else return board_.digits();
  }
  void sync(const Grid& givens);
  const Cells& seen(int digit);
  void start(const Grid& givens);
  bool single_now(int cell);
  template <typename Done>
  bool run(Done done);
  bool take(int cell, int digit, Cells& placed);
  void close(const Cells& placed);
  void place(int cell, int digit);
  bool naked_singles();
  bool hidden_singles();
  // The basic techniques, the cheaper first; any elimination sends the
  // closure back to singles.
  bool eliminate();
  void note_changes();
  void mark_all_due();
  bool clear(Mask digits, const Cells& cells);
  const Mask* places_of(int house);
  void map_house(int house);
  const Mask* lines_of(int digit, int orientation);
  void view_cells();
  Cells cells_of(int house, Mask places) const;
  bool intersections();
  bool subsets(bool hidden, int max);
  bool naked_subset(int house, int max);
  bool hidden_subset(int house, int max);
  bool fish(int max);
  bool fish_in(int digit, int max, int orientation);
  bool rows_cover_columns(int digit, int max);
  bool wings(bool xyz);
  // SE's direct techniques: the searches place their first single and stop.
  bool direct_step();
  bool direct_intersection();
  bool direct_hidden_subset(int size);

  const Board& board_;
  Techniques techniques_;
  bool skip_unchanged_;
  bool bookkeeping_;  // the skipping above: only the basic techniques search
  Houses all_houses_ = {};
  Position state_;
  // The givens last synced, each digit's givens and the cells they see (a
  // digit's seen cells gathered again only when asked: stale_), and the
  // cells without a given. The carver asks about givens a few cells apart.
  Grid synced_;
  Cells given_[kDigits] = {}, seen_[kDigits] = {};
  std::uint64_t stale_ = 0;
  Cells given_open_ = {};
  // What one elimination round reads, taken from the places once: they stay
  // as they are until a search changes them, and then the round ends.
  std::vector<Mask> where_;       // per house and digit: its places (Board::places_in)
  Houses viewed_houses_ = {};     // the houses of where_ up to date
  std::vector<Mask> lines_;       // per orientation, digit and line: its places
  std::uint64_t viewed_lines_[2] = {};  // per orientation, the digits of lines_ up to date
  std::vector<Mask> digits_at_;   // per cell: its candidates
  Cells pairs_ = {};              // the cells with two candidates
  bool cells_viewed_ = false;
  std::vector<int> open_in_;      // per house: its open cells (direct_step)
  std::vector<int> pincers_;      // wings(): scratch
};

// ---- the engine ----

template <typename Board>
Closure<Board>::Closure(const Board& board, const Techniques& techniques, bool skip_unchanged)
    : board_(board), techniques_(techniques), skip_unchanged_(skip_unchanged),
      bookkeeping_(techniques.eliminates()), synced_(board.cell_count(), 0) {
  if (bookkeeping_ || techniques.direct) where_.assign(static_cast<std::size_t>(board.house_count()) * kDigits, 0);
  if (techniques.fish_max > 0) lines_.assign(2 * kDigits * kDigits, 0);
  if (techniques.naked_max > 0 || techniques.xy_wing || techniques.xyz_wing) digits_at_.assign(board.cell_count(), 0);
  if (techniques.direct) open_in_.assign(board.house_count(), 0);
  for (int house = 0; house < board.house_count(); ++house) all_houses_ |= Houses::bit(house);
}

// ---- givens ----

// Only the cells that changed since the givens before are looked at, and a
// changed digit's seen cells are gathered again only when asked for.
template <typename Board>
void Closure<Board>::sync(const Grid& givens) {
  sync_givens(synced_, givens, [&](int cell, int before, int now) {
    if (before != 0) {
      given_[before - 1] &= ~board_.cell(cell);
      stale_ |= std::uint64_t{1} << (before - 1);
    }
    if (now != 0) {
      given_[now - 1] |= board_.cell(cell);
      stale_ |= std::uint64_t{1} << (now - 1);
    }
  });
  Cells given{};
  for (int digit = 0; digit < digits(); ++digit) given |= given_[digit];
  given_open_ = board_.all() & ~given;
}

template <typename Board>
[[gnu::always_inline]] inline const typename Board::Cells& Closure<Board>::seen(int digit) {
  if (stale_ >> digit & 1) {
    Cells cells{};
    for_each_cell(given_[digit], [&](int cell) { cells |= board_.peers(cell); });
    seen_[digit] = cells;
    stale_ &= ~(std::uint64_t{1} << digit);
  }
  return seen_[digit];
}

// The places as the givens leave them; two equal givens that see each
// other break the position.
template <typename Board>
void Closure<Board>::start(const Grid& givens) {
  sync(givens);
  state_.open = given_open_;
  state_.broken = false;
  for (int digit = 0; digit < digits(); ++digit) {
    const Cells& seen_cells = seen(digit);
    state_.places[digit] = given_open_ & ~seen_cells;
    state_.placed[digit] = given_[digit];
    state_.broken |= any(given_[digit] & seen_cells);
  }
  if (bookkeeping_) {
    mark_all_due();
    std::fill(std::begin(state_.noted), std::end(state_.noted), Cells{});
  }
}

// A single straight from the givens: one candidate left (naked), or a
// candidate no other open cell of one of its houses can take (hidden).
template <typename Board>
bool Closure<Board>::single_now(int cell) {
  if (!holds(given_open_, cell)) return false;
  const Cells& peers = board_.peers(cell);
  std::uint64_t candidates = 0;
  for (int digit = 0; digit < digits(); ++digit) candidates |= std::uint64_t{!any(given_[digit] & peers)} << digit;
  if (techniques_.naked && bits::one_bit(candidates)) return true;
  const Cells bit = board_.cell(cell);
  const auto houses = board_.houses_of(cell);
  for (; candidates != 0; candidates &= candidates - 1) {
    const Cells places = given_open_ & ~seen(std::countr_zero(candidates));
    for (int house : houses)
      if (same(places & board_.house(house), bit)) return true;
  }
  return false;
}

template <typename Board>
bool Closure<Board>::immediate(const Grid& givens, std::span<const int> targets) {
  sync(givens);
  return std::all_of(targets.begin(), targets.end(), [&](int cell) { return single_now(cell); });
}

template <typename Board>
void Closure<Board>::search_start(const Grid& givens, Cells* candidates, Cells& open) {
  sync(givens);
  for (int digit = 0; digit < digits(); ++digit) candidates[digit] = given_[digit] | (given_open_ & ~seen(digit));
  open = given_open_;
}

// ---- the questions ----

template <typename Board>
bool Closure<Board>::solves(const Grid& givens) {
  start(givens);
  return run([&] { return !any(state_.open); });
}

// Most removals the carver tries come back as singles at once.
template <typename Board>
bool Closure<Board>::derives(const Grid& givens, std::span<const int> targets) {
  if (immediate(givens, targets)) return true;
  start(givens);
  Cells wanted{};
  for (int cell : targets) wanted |= board_.cell(cell);
  return run([&] { return !any(state_.open & wanted); });
}

template <typename Board>
bool Closure<Board>::extend(std::span<const int> cells, const Grid& solution) {
  for (int cell : cells) {
    if (!holds(state_.open, cell)) continue;
    Cells placed{};
    if (state_.broken || !take(cell, solution[cell] - 1, placed)) {
      state_.broken = true;
      return false;
    }
    close(placed);
  }
  return run([&] { return !any(state_.open); });
}

template <typename Board>
bool Closure<Board>::resume(const Position& from) {
  restore(from);
  return run([&] { return !any(state_.open); });
}

// A weaker set that searches nothing has no record of what it searched.
template <typename Board>
bool Closure<Board>::resume(const Closure& weaker) {
  state_ = weaker.state_;
  if (bookkeeping_ && !weaker.bookkeeping_) {
    mark_all_due();
    std::fill(std::begin(state_.noted), std::end(state_.noted), Cells{});
  }
  return run([&] { return !any(state_.open); });
}

template <typename Board>
bool Closure<Board>::placed(std::span<const int> cells) const {
  return std::none_of(cells.begin(), cells.end(), [&](int cell) { return holds(state_.open, cell); });
}

template <typename Board>
void Closure<Board>::values(Grid& into) const {
  into.assign(board_.cell_count(), 0);
  for (int digit = 0; digit < digits(); ++digit)
    for_each_cell(state_.placed[digit], [&](int cell) { into[cell] = static_cast<std::uint8_t>(digit + 1); });
}

// ---- singles ----

// Naked singles first (when allowed): a pass costs far less than a sweep.
template <typename Board>
template <typename Done>
bool Closure<Board>::run(Done done) {
  for (;;) {
    if (state_.broken) return false;
    if (done()) return true;
    if (techniques_.naked && naked_singles()) continue;
    if (hidden_singles()) continue;
    if (!(techniques_.direct ? direct_step() : bookkeeping_ && eliminate())) return false;
  }
}

// The cell takes the digit if it can still hold it; its peers lose the
// digit at once, every digit loses the cell in close().
template <typename Board>
bool Closure<Board>::take(int cell, int digit, Cells& placed) {
  Cells& places = state_.places[digit];
  if (!holds(places, cell)) return false;
  const Cells bit = board_.cell(cell);
  placed |= bit;
  state_.placed[digit] |= bit;
  places &= ~board_.peers(cell);
  return true;
}

template <typename Board>
void Closure<Board>::close(const Cells& placed) {
  state_.open &= ~placed;
  for (int digit = 0; digit < digits(); ++digit) state_.places[digit] &= ~placed;
}

template <typename Board>
void Closure<Board>::place(int cell, int digit) {
  Cells placed{};
  take(cell, digit, placed);
  close(placed);
}

// Cells in exactly one digit's places take it. In a broken position a peer
// placed just before may have taken a cell's digit: then the cell waits.
template <typename Board>
bool Closure<Board>::naked_singles() {
  bits::CountToTwo<Cells> count;
  for (int digit = 0; digit < digits(); ++digit) count.add(state_.places[digit]);
  const Cells singles = count.exactly_once() & state_.open;
  if (!any(singles)) return false;
  Cells placed{};
  for_each_cell(singles, [&](int cell) {
    int digit = 0;
    while (digit < digits() && !holds(state_.places[digit], cell)) ++digit;
    if (digit < digits()) take(cell, digit, placed);
  });
  close(placed);
  return true;
}

template <typename Board>
bool Closure<Board>::hidden_singles() {
  bool progress = false;
  for (int digit = 0; digit < digits(); ++digit) {
    const Cells places = state_.places[digit];
    if (same(places, state_.swept[digit])) continue;  // none there before
    const Cells singles = board_.alone_in_a_house(places);
    if (!any(singles)) {
      state_.swept[digit] = places;
      continue;
    }
    Cells placed{};
    for_each_cell(singles, [&](int cell) { take(cell, digit, placed); });
    close(placed);
    progress = true;
  }
  return progress;
}

// ---- the basic techniques ----

template <typename Board>
void Closure<Board>::mark_all_due() {
  for (auto& by_size : state_.subset_houses)
    for (Houses& houses : by_size) houses = all_houses_;
  const std::uint64_t all_of_them = all_digits(digits());
  for (std::uint64_t& digits : state_.fish_digits) digits = all_of_them;
  state_.meet_digits = all_of_them;
  state_.wings_due[0] = state_.wings_due[1] = true;
}

// Marks the searches that read what changed since the last look as due.
template <typename Board>
void Closure<Board>::note_changes() {
  Cells changed{};
  std::uint64_t digits = 0;
  for (int digit = 0; digit < this->digits(); ++digit) {
    const Cells difference = state_.places[digit] ^ state_.noted[digit];
    if (!any(difference)) continue;
    changed |= difference;
    digits |= std::uint64_t{1} << digit;
    state_.noted[digit] = state_.places[digit];
  }
  if (digits == 0) return;
  const Houses houses = board_.houses_meeting(changed);
  for (auto& by_size : state_.subset_houses)
    for (Houses& due : by_size) due |= houses;
  for (std::uint64_t& due : state_.fish_digits) due |= digits;
  state_.meet_digits |= digits;
  state_.wings_due[0] = state_.wings_due[1] = true;
}

template <typename Board>
bool Closure<Board>::eliminate() {
  note_changes();
  if (!skip_unchanged_) mark_all_due();
  viewed_houses_ = Houses{};
  viewed_lines_[0] = viewed_lines_[1] = 0;
  cells_viewed_ = false;
  const Techniques& t = techniques_;
  return (t.intersections && intersections()) || (t.naked_max > 0 && subsets(false, t.naked_max)) ||
         (t.fish_max > 0 && fish(t.fish_max)) || (t.hidden_max > 0 && subsets(true, t.hidden_max)) ||
         (t.xy_wing && wings(false)) || (t.xyz_wing && wings(true));
}

// `digits` leave `cells`; true if any candidate went.
template <typename Board>
bool Closure<Board>::clear(Mask digits, const Cells& cells) {
  bool progress = false;
  for (; digits; digits &= digits - 1) {
    Cells& places = state_.places[std::countr_zero(digits)];
    if (!any(places & cells)) continue;
    places &= ~cells;
    progress = true;
  }
  return progress;
}

template <typename Board>
void Closure<Board>::map_house(int house) {
  Mask* places = &where_[static_cast<std::size_t>(house) * kDigits];
  for (int digit = 0; digit < digits(); ++digit) places[digit] = board_.places_in(state_.places[digit], house);
}

template <typename Board>
const Mask* Closure<Board>::places_of(int house) {
  if (!holds(viewed_houses_, house)) {
    viewed_houses_ |= Houses::bit(house);
    map_house(house);
  }
  return &where_[static_cast<std::size_t>(house) * kDigits];
}

// A digit's places in each row (orientation 0) or column (1), which fish of
// every size read.
template <typename Board>
const Mask* Closure<Board>::lines_of(int digit, int orientation) {
  Mask* places = &lines_[(static_cast<std::size_t>(orientation) * kDigits + digit) * kDigits];
  if (viewed_lines_[orientation] >> digit & 1) return places;
  viewed_lines_[orientation] |= std::uint64_t{1} << digit;
  for (int line = 0; line < digits(); ++line)
    places[line] = board_.places_in(state_.places[digit], board_.line(orientation, line));
  return places;
}

template <typename Board>
void Closure<Board>::view_cells() {
  if (cells_viewed_) return;
  cells_viewed_ = true;
  std::fill(digits_at_.begin(), digits_at_.end(), Mask{0});
  for (int digit = 0; digit < digits(); ++digit)
    for_each_cell(state_.places[digit], [&](int cell) { digits_at_[cell] |= Mask{1} << digit; });
  pairs_ = Cells{};
  for (int cell = 0; cell < board_.cell_count(); ++cell)
    if (Board::count(digits_at_[cell]) == 2) pairs_ |= board_.cell(cell);
}

template <typename Board>
typename Board::Cells Closure<Board>::cells_of(int house, Mask places) const {
  Cells cells{};
  for (; places; places &= places - 1) cells |= board_.cell(board_.members(house)[std::countr_zero(places)]);
  return cells;
}

template <typename Board>
bool Closure<Board>::intersections() {
  bool progress = false;
  for (std::uint64_t digits = state_.meet_digits; digits; digits &= digits - 1) {
    const int digit = std::countr_zero(digits);
    Cells& places = state_.places[digit];
    const Cells removals = board_.intersection_removals(places);
    if (any(places & removals)) {
      places &= ~removals;
      progress = true;
    } else {
      state_.meet_digits &= ~(std::uint64_t{1} << digit);
    }
  }
  return progress;
}

// Subsets and fish of every size up to `max` are looked for at once (a
// search of size 4 passes the smaller sets on its way): whatever is due at
// any of those sizes is searched, and is no longer due at any of them when
// it finds nothing.
template <typename Board>
bool Closure<Board>::subsets(bool hidden, int max) {
  auto& due = state_.subset_houses[hidden];
  Houses any_size{};
  for (int size = 2; size <= max; ++size) any_size |= due[size];
  return find_bit(any_size, [&](int house) {
    if (hidden ? hidden_subset(house, max) : naked_subset(house, max)) return true;
    for (int size = 2; size <= max; ++size) due[size] &= ~Houses::bit(house);
    return false;
  });
}

// The searches below offer the locked-set search only the items with at
// most `max` bits (no locked set up to `max` takes another).
template <typename Board>
bool Closure<Board>::naked_subset(int house, int max) {
  view_cells();
  const auto cells = board_.members(house);
  Mask masks[kDigits], open_places = 0;
  int place_of[kDigits], count = 0, open = 0;
  for (int place = 0; place < static_cast<int>(cells.size()); ++place) {
    const Mask digits = digits_at_[cells[place]];
    if (digits == 0) continue;
    ++open;
    open_places |= Mask{1} << place;
    if (Board::count(digits) > max) continue;
    place_of[count] = place;
    masks[count++] = digits;
  }
  auto act = [&](Mask chosen, Mask digits) {
    Mask others = open_places;
    for (; chosen; chosen &= chosen - 1) others &= ~(Mask{1} << place_of[std::countr_zero(chosen)]);
    return clear(digits, cells_of(house, others));
  };
  return logic::find_locked_sets<Board::count>(std::span<const Mask>(masks, count), {2, max, open}, act);
}

// k digits locked in k of a house's n open cells are the other n − k cells
// locked to the other n − k digits, with the same eliminations: where n − 2
// is within naked_max, the naked search (run first) has found every hidden
// subset (n − 1 cells locked is a single).
template <typename Board>
bool Closure<Board>::hidden_subset(int house, int max) {
  if (count_cells(state_.open & board_.house(house)) - 2 <= techniques_.naked_max) return false;
  const Mask* places = places_of(house);
  Mask masks[kDigits], digit_of[kDigits], open_digits = 0;
  int count = 0;
  for (int digit = 0; digit < digits(); ++digit) {
    if (places[digit] == 0) continue;
    open_digits |= Mask{1} << digit;
    if (Board::count(places[digit]) > max) continue;
    digit_of[count] = Mask{1} << digit;
    masks[count++] = places[digit];
  }
  auto act = [&](Mask chosen, Mask joint) {
    Mask keep = 0;
    for (; chosen; chosen &= chosen - 1) keep |= digit_of[std::countr_zero(chosen)];
    return clear(open_digits & ~keep, cells_of(house, joint));
  };
  return logic::find_locked_sets<Board::count>(std::span<const Mask>(masks, count),
                                              {2, max, bits::bit_count(open_digits)}, act);
}

template <typename Board>
bool Closure<Board>::fish(int max) {
  auto& due = state_.fish_digits;
  std::uint64_t any_size = 0;
  for (int size = 2; size <= max; ++size) any_size |= due[size];
  for (; any_size; any_size &= any_size - 1) {
    const int digit = std::countr_zero(any_size);
    if (fish_in(digit, max, 0) || (!rows_cover_columns(digit, max) && fish_in(digit, max, 1))) return true;
    for (int size = 2; size <= max; ++size) due[size] &= ~(std::uint64_t{1} << digit);
  }
  return false;
}

// A fish on k columns, with n lines open to the digit, is one on the other
// n − k rows, with the same eliminations: where n − 2 is within `max`, the
// rows' search has found every fish (n − 1 lines is a hidden single).
template <typename Board>
bool Closure<Board>::rows_cover_columns(int digit, int max) {
  const Mask* rows = lines_of(digit, 0);
  return std::count_if(rows, rows + digits(), [](Mask places) { return places != 0; }) - 2 <= max;
}

// `size` base lines holding the digit only in `size` cross-lines: it leaves
// the rest of those cross-lines.
template <typename Board>
bool Closure<Board>::fish_in(int digit, int max, int orientation) {
  Mask masks[kDigits], line_of[kDigits];
  int count = 0, open = 0;
  const Mask* places_by_line = lines_of(digit, orientation);
  for (int line = 0; line < digits(); ++line) {
    const Mask places = places_by_line[line];
    if (places == 0) continue;
    ++open;
    if (Board::count(places) > max) continue;
    line_of[count] = line;
    masks[count++] = places;
  }
  auto act = [&](Mask chosen, Mask cross_lines) {
    Cells base{}, covered{};
    for (; chosen; chosen &= chosen - 1) base |= board_.house(board_.line(orientation, line_of[std::countr_zero(chosen)]));
    for (; cross_lines; cross_lines &= cross_lines - 1)
      covered |= board_.house(board_.line(1 - orientation, std::countr_zero(cross_lines)));
    return clear(Mask{1} << digit, covered & ~base);
  };
  return logic::find_locked_sets<Board::count>(std::span<const Mask>(masks, count), {2, max, open}, act);
}

// The rater's XY- and XYZ-Wing search; z leaves every cell that sees both
// pincers (and the pivot, for an XYZ-Wing).
template <typename Board>
bool Closure<Board>::wings(bool xyz) {
  if (!state_.wings_due[xyz]) return false;
  view_cells();
  const bool cleared =
      logic::find_xy_wings<Board::count>(*this, xyz, pincers_, [&](int pivot, int first, int second, Mask z) {
        Cells targets = board_.peers(first) & board_.peers(second) & ~board_.cell(pivot);
        if (xyz) targets &= board_.peers(pivot);
        return clear(z, targets);
      });
  if (!cleared) state_.wings_due[xyz] = false;
  return cleared;
}

// ---- SE's direct techniques ----

template <typename Board>
bool Closure<Board>::direct_step() {
  for (int house = 0; house < board_.house_count(); ++house) {
    map_house(house);
    open_in_[house] = count_cells(state_.open & board_.house(house));
  }
  return direct_intersection() || direct_hidden_subset(2) || direct_hidden_subset(3);
}

// A digit's places in house a (two or more) all lie in house b, which holds
// it elsewhere too: with b's other places gone, another house of a's kind
// crossing b that had the digit in several cells keeps it in one, where it
// is placed (the rater's pointing and claiming, logic/intersections.hpp).
template <typename Board>
bool Closure<Board>::direct_intersection() {
  const auto where = [&](int house, int digit) { return where_[static_cast<std::size_t>(house) * kDigits + digit]; };
  for (int a = 0; a < board_.house_count(); ++a)
    for (int digit = 0; digit < digits(); ++digit) {
      const Mask in_a = where(a, digit);
      if (bits::at_most_one_bit(in_a)) continue;
      for (int p = board_.pair_start(a); p < board_.pair_start(a + 1); ++p) {
        const auto& pair = board_.pair(p);
        if ((in_a & ~pair.inside) != 0 || (where(pair.b, digit) & pair.outside) == 0) continue;
        for (int k = pair.first_crosser; k < pair.end_crosser; ++k) {
          const auto& [other, outside] = board_.crosser(k);
          const Mask in_other = where(other, digit);
          if (!bits::at_most_one_bit(in_other) && bits::one_bit(in_other & outside)) {
            place(board_.members(other)[std::countr_zero(in_other & outside)], digit);
            return true;
          }
        }
      }
    }
  return false;
}

// The rater's hidden subsets of `size` digits (each with two places or more)
// in a house of more than `size` open cells, placing the single their direct
// form leaves (logic/locked_sets.hpp).
template <typename Board>
bool Closure<Board>::direct_hidden_subset(int size) {
  for (int house = 0; house < board_.house_count(); ++house) {
    const std::span<const Mask> places(&where_[static_cast<std::size_t>(house) * kDigits], digits());
    if (const auto single = logic::find_direct_hidden_subset<Board::count>(places, size, open_in_[house])) {
      place(board_.members(house)[single->place], single->digit_index);
      return true;
    }
  }
  return false;
}

// The closures the generator builds on each board (closure.cpp,
// closure_band.cpp).
extern template class Closure<Board<Bands>>;
extern template class Closure<Board<Words<2>>>;
extern template class Closure<Board<Words<4>>>;
extern template class Closure<Board<Words<64>>>;

}  // namespace nonet::detail
