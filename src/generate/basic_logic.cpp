// The generator's fast logical solver; see basic_logic.hpp for why it may
// stand in for the rater's upper bound.
#include "basic_logic.hpp"

#include <algorithm>
#include <bit>

#include "nonet/generate.hpp"
#include "basic_techniques.hpp"
#include "logic/locked_sets.hpp"
#include "logic/wings.hpp"
#include "singles.hpp"

namespace nonet::detail {

BasicSolver::BasicSolver(const Geometry& geometry, double ceiling, bool skip_unchanged, BasicEngine engine)
    : geometry_(geometry), size_(geometry.size()), techniques_(logic::tenths_at_most(ceiling)),
      skip_unchanged_(skip_unchanged) {
  // The band engine needs none of the tables below.
  if (engine == BasicEngine::fastest && BandBasicSolver::fits(geometry)) {
    band_.emplace(techniques_, skip_unchanged);
    return;
  }
  if (techniques_.xy_wing) {
    words_ = (geometry.cell_count() + 63) / 64;
    sees_.assign(static_cast<std::size_t>(geometry.cell_count()) * words_, 0);
    for (int cell = 0; cell < geometry.cell_count(); ++cell)
      for (int peer : geometry.peers_of(cell)) sees_[cell * words_ + peer / 64] |= std::uint64_t{1} << (peer % 64);
  }
  const auto& houses = geometry.houses();
  for (auto& lines : lines_) lines.assign(size_, -1);
  for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
    // Rows list their cells by column and columns by row, so a line's places
    // are the cross-lines it meets.
    if (houses[h].kind == HouseKind::row) lines_[0][houses[h].index - 1] = h;
    if (houses[h].kind == HouseKind::column) lines_[1][houses[h].index - 1] = h;
  }
  const auto place_mask = [&](int house, const std::vector<int>& cells) {
    Mask mask = 0;
    const auto& members = houses[house].cells;
    for (int i = 0; i < static_cast<int>(members.size()); ++i)
      for (int cell : cells) mask |= static_cast<Mask>(members[i] == cell) << i;
    return mask;
  };
  for (const Intersection& meet : geometry.intersections())
    if (meet.shared.size() >= 2)
      meets_.push_back({meet.first, meet.second, place_mask(meet.first, meet.shared),
                        place_mask(meet.second, meet.shared)});
  houses_ = static_cast<int>(houses.size());
}

// Only the houses changed since their last mapping are mapped again.
void BasicSolver::map_places() {
  mapped_at_ = now();
  const auto& houses = geometry_.houses();
  for (int h = 0; h < houses_; ++h) {
    if (!stale(mapped_[h], house_changed(h), mapped_at_)) continue;
    Mask* places = &where_[h * size_];
    std::fill(places, places + size_, Mask{0});
    const auto& cells = houses[h].cells;
    for (int i = 0; i < static_cast<int>(cells.size()); ++i)
      if (value_[cells[i]] == 0)
        for (Mask m = candidates_[cells[i]]; m; m &= m - 1) places[std::countr_zero(m)] |= Mask{1} << i;
  }
}

void BasicSolver::start(const Grid& givens) {
  const int cells = geometry_.cell_count();
  candidates_.assign(cells, all_digits(size_));
  value_.assign(cells, 0);
  queue_.clear();
  open_ = cells;
  broken_ = false;
  clock_ = 1;
  last_change_ = 1;
  changed_.assign(houses_ + size_, 1);
  where_.assign(static_cast<std::size_t>(houses_) * size_, 0);
  mapped_.assign(houses_, 0);
  searched_.assign(static_cast<std::size_t>(houses_) * 7 + meets_.size() + size_ * 3 + 2, 0);
  for (int cell = 0; cell < cells; ++cell)
    if (givens[cell] != 0 && value_[cell] == 0) {
      if (!(candidates_[cell] & digit_bit(givens[cell]))) {
        broken_ = true;
        return;
      }
      place(cell, givens[cell]);
    }
}

void BasicSolver::touch(int cell, Mask digits) {
  last_change_ = clock_;
  for (int house : geometry_.houses_of(cell)) changed_[house] = clock_;
  for (; digits; digits &= digits - 1) changed_[houses_ + std::countr_zero(digits)] = clock_;
}

void BasicSolver::place(int cell, int digit) {
  const Mask bit = digit_bit(digit);
  touch(cell, candidates_[cell]);
  candidates_[cell] = bit;
  value_[cell] = static_cast<std::uint8_t>(digit);
  --open_;
  for (int peer : geometry_.peers_of(cell)) remove(peer, bit);
}

bool BasicSolver::remove(int cell, Mask digits) {
  Mask& mask = candidates_[cell];
  if (value_[cell] != 0 || !(mask & digits)) return false;
  touch(cell, mask & digits);
  mask &= ~digits;
  if (mask == 0) broken_ = true;
  if (bits::one_bit(mask)) queue_.push_back(cell);
  return true;
}

bool BasicSolver::singles() {
  for (bool progress = true; progress && !broken_;) {
    progress = false;
    while (!queue_.empty() && !broken_) {
      const int cell = queue_.back();
      queue_.pop_back();
      if (value_[cell] == 0 && bits::one_bit(candidates_[cell])) place(cell, std::countr_zero(candidates_[cell]) + 1);
    }
    for (int h = 0; h < houses_; ++h) {
      if (!stale(searched_singles(h), house_changed(h), now())) continue;
      const House& house = geometry_.houses()[h];
      const HouseDigits digits = sweep_hidden_singles(house, value_, candidates_, [&](int cell, int digit) {
        place(cell, digit);
        progress = true;
        return !broken_;
      });
      if ((digits.open | digits.placed) != all_digits(size_)) broken_ = true;  // a digit with no place
      if (broken_) break;
    }
  }
  return !broken_;
}

// Every digit of house A that lies only in A ∩ B leaves the rest of B.
bool BasicSolver::intersections() {
  const auto& houses = geometry_.houses();
  bool progress = false;
  const auto clear = [&](int house, Mask places, int digit) {
    for (; places; places &= places - 1) progress |= remove(houses[house].cells[std::countr_zero(places)], Mask{1} << digit);
  };
  for (std::size_t m = 0; m < meets_.size(); ++m) {
    const Meet& meet = meets_[m];
    if (!stale(searched_meet(m), std::max(house_changed(meet.first), house_changed(meet.second)), mapped_at_)) continue;
    for (int d = 0; d < size_; ++d) {
      const Mask first = where(meet.first, d), second = where(meet.second, d);
      if (!(first & meet.first_shared)) continue;
      if (!(first & ~meet.first_shared)) clear(meet.second, second & ~meet.second_shared, d);
      else if (!(second & ~meet.second_shared)) clear(meet.first, first & ~meet.first_shared, d);
    }
  }
  return progress;
}

bool BasicSolver::naked_subsets(int house, int size) {
  if (!stale(searched_subset(false, size, house), house_changed(house), now())) return false;
  const auto& cells = geometry_.houses()[house].cells;
  Mask masks[kMaxSize];
  int items[kMaxSize], count = 0;
  for (int i = 0; i < static_cast<int>(cells.size()); ++i)
    if (value_[cells[i]] == 0) {
      items[count] = cells[i];
      masks[count++] = candidates_[cells[i]];
    }
  auto act = [&](Mask chosen, Mask digits) {
    bool progress = false;
    for (int i = 0; i < count; ++i)
      if (!(chosen >> i & 1)) progress |= remove(items[i], digits);
    return progress;
  };
  return logic::find_locked_sets<bits::bit_count>(std::span<const Mask>(masks, count), {size, size, count}, act);
}

bool BasicSolver::hidden_subsets(int house, int size) {
  if (!stale(searched_subset(true, size, house), house_changed(house), mapped_at_)) return false;
  const auto& cells = geometry_.houses()[house].cells;
  Mask masks[kMaxSize], open_digits = 0;
  int digits[kMaxSize], count = 0;
  for (int d = 0; d < size_; ++d)
    if (const Mask places = where(house, d)) {
      digits[count] = d;
      masks[count++] = places;
      open_digits |= Mask{1} << d;
    }
  auto act = [&](Mask chosen, Mask places) {
    Mask keep = 0;
    for (int i = 0; i < count; ++i)
      if (chosen >> i & 1) keep |= Mask{1} << digits[i];
    bool progress = false;
    for (; places; places &= places - 1) progress |= remove(cells[std::countr_zero(places)], open_digits & ~keep);
    return progress;
  };
  return logic::find_locked_sets<bits::bit_count>(std::span<const Mask>(masks, count), {size, size, count}, act);
}

// Row/column fish: `size` lines holding digit d only in `size` cross-lines;
// d leaves those cross-lines everywhere else.
bool BasicSolver::fish(int size) {
  const auto& houses = geometry_.houses();
  for (int d = 0; d < size_; ++d) {
    if (!stale(searched_fish(size, d), digit_changed(d), mapped_at_)) continue;
    for (int orientation = 0; orientation < 2; ++orientation) {
      const auto& lines = lines_[orientation];
      const auto& cross = lines_[1 - orientation];
      Mask masks[kMaxSize];
      int count = 0;
      Mask line_of[kMaxSize];
      for (int line = 0; line < size_; ++line)
        if (const Mask places = where(lines[line], d)) {
          line_of[count] = Mask{1} << line;
          masks[count++] = places;
        }
      auto act = [&](Mask chosen, Mask cross_lines) {
        Mask base = 0;
        for (int i = 0; i < count; ++i)
          if (chosen >> i & 1) base |= line_of[i];
        bool progress = false;
        for (; cross_lines; cross_lines &= cross_lines - 1) {
          const int c = cross[std::countr_zero(cross_lines)];
          for (Mask other = where(c, d) & ~base; other; other &= other - 1)
            progress |= remove(houses[c].cells[std::countr_zero(other)], Mask{1} << d);
        }
        return progress;
      };
      if (logic::find_locked_sets<bits::bit_count>(std::span<const Mask>(masks, count), {size, size, count}, act))
        return true;
    }
  }
  return false;
}

// The rater's XY- and XYZ-Wing search; z leaves every cell that sees both
// pincers (and the pivot, for an XYZ-Wing).
bool BasicSolver::wings(bool xyz) {
  if (!stale(searched_wings(xyz), last_change_, now())) return false;
  return logic::find_xy_wings<bits::bit_count>(*this, xyz, pincers_, [&](int pivot, int first, int second, Mask z) {
    bool progress = false;
    for (int target : geometry_.peers_of(first))
      if (target != second && target != pivot && sees(target, second) && (!xyz || sees(target, pivot)))
        progress |= remove(target, z);
    return progress;
  });
}

// The cheaper techniques first; any elimination sends the solve back to singles.
bool BasicSolver::eliminate() {
  map_places();
  if (techniques_.intersections && intersections()) return true;
  const int houses = static_cast<int>(geometry_.houses().size());
  for (int size = 2; size <= 4; ++size) {
    if (size <= techniques_.naked_max)
      for (int h = 0; h < houses; ++h)
        if (naked_subsets(h, size)) return true;
    if (size <= techniques_.fish_max && fish(size)) return true;
    if (size <= techniques_.hidden_max)
      for (int h = 0; h < houses; ++h)
        if (hidden_subsets(h, size)) return true;
    if (size == 3 && ((techniques_.xy_wing && wings(false)) || (techniques_.xyz_wing && wings(true)))) return true;
  }
  return false;
}

template <typename Done>
bool BasicSolver::run(Done done) {
  return run_to_fixed_point([&] { return singles(); }, done, [&] { return eliminate(); });
}

bool BasicSolver::solves(const Grid& givens) {
  if (band_) return band_->solves(givens);
  start(givens);
  return run([&] { return open_ == 0; });
}

bool BasicSolver::solves_after_singles(BandSingles* singles, const Grid& givens, const Grid& solution) {
  if (!band_ || !singles) return solves(givens);
  BandBasicSolver::Bands places[9];
  for (int digit = 0; digit < 9; ++digit) places[digit] = singles->places(digit);
  return band_->solves_after_singles(places, singles->open(), solution);
}

void BasicSolver::save(Position& into) const {
  if (band_) return band_->save(into.band);
  into.candidates = candidates_;
  into.value = value_;
  into.queue = queue_;
  into.open = open_;
  into.broken = broken_;
  into.changed = changed_;
  into.searched = searched_;
  into.clock = clock_;
  into.last_change = last_change_;
  into.where = where_;
  into.mapped = mapped_;
}

void BasicSolver::restore(const Position& from) {
  if (band_) return band_->restore(from.band);
  candidates_ = from.candidates;
  value_ = from.value;
  queue_ = from.queue;
  open_ = from.open;
  broken_ = from.broken;
  changed_ = from.changed;
  searched_ = from.searched;
  clock_ = from.clock;
  last_change_ = from.last_change;
  where_ = from.where;
  mapped_ = from.mapped;
}

bool BasicSolver::extend(std::span<const int> cells, const Grid& solution) {
  if (band_) return band_->extend(cells, solution);
  for (int cell : cells) {
    if (value_[cell] != 0) continue;
    if (!(candidates_[cell] & digit_bit(solution[cell]))) broken_ = true;
    if (broken_) return false;
    place(cell, solution[cell]);
  }
  return run([&] { return open_ == 0; });
}

void BasicSolver::values(Grid& into) const {
  if (band_) return band_->values(into);
  into = value_;
}

bool BasicSolver::resume(const Position& from) {
  if (band_) return band_->resume(from.band);
  restore(from);
  return run([&] { return open_ == 0; });
}

bool BasicSolver::derives(const Grid& givens, std::span<const int> targets) {
  if (band_) return band_->derives(givens, targets);
  start(givens);
  return run([&] {
    for (int cell : targets)
      if (value_[cell] == 0) return false;
    return true;
  });
}

}  // namespace nonet::detail

namespace nonet {

bool solves_with_basic_logic(const Geometry& geometry, const Grid& givens, double ceiling) {
  return detail::BasicSolver(geometry, ceiling).solves(givens);
}

}  // namespace nonet
