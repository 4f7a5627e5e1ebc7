// A solver that knows only singles, used to steer the easy levels.
//
// Hidden single: a digit with one place left in some house. Naked single: a
// cell with one candidate left. Both are sound, and both stay available once
// they appear (more placements only narrow things further), so if singles
// fill the grid in some order, Sudoku Explainer — which always takes the
// easiest step — also finishes with singles: its rating is at most 1.5 with
// hidden singles only, at most 2.3 with naked ones too. That lets the carver
// aim at "simple" and "easy" without calling the full rater once.
#include "singles.hpp"

#include "grid_diff.hpp"
#include "core/bits.hpp"

#include <bit>

namespace nonet {

namespace detail {

SinglesSolver::SinglesSolver(const Geometry& geometry, SinglesKind kind, bool bit_parallel)
    : geometry_(geometry), kind_(kind), all_(all_digits(geometry.size())), size_(geometry.size()) {
  if (!bit_parallel) return;
  band_.emplace(geometry, kind);
  if (band_->fits()) return;
  band_.reset();
  if (SmallSingles::fits(geometry)) small_.emplace(geometry, kind);
}

// Candidates from the givens: each open cell's, one AND-NOT per house of the
// houses' given digits (far less than clearing each given's digit from its
// peers).
void SinglesSolver::start(const Grid& givens) {
  const int cells = geometry_.cell_count();
  house_digits(givens);
  house_open_ = given_open_;
  candidates_.resize(cells);
  value_.assign(givens.begin(), givens.end());
  open_ = 0;
  naked_queue_.clear();
  for (int cell = 0; cell < cells; ++cell) {
    if (givens[cell] != 0) {
      candidates_[cell] = digit_bit(givens[cell]);
      continue;
    }
    ++open_;
    const Mask mask = open_candidates(cell);
    candidates_[cell] = mask;
    if (bits::one_bit(mask)) naked_queue_.push_back(cell);
  }
}

void SinglesSolver::place(int cell, int digit) {
  const Mask bit = digit_bit(digit);
  candidates_[cell] = bit;
  value_[cell] = static_cast<std::uint8_t>(digit);
  --open_;
  for (int h : geometry_.houses_of(cell)) --house_open_[h];
  for (int peer : geometry_.peers_of(cell)) {
    Mask& mask = candidates_[peer];
    if (!(mask & bit)) continue;
    mask &= ~bit;
    if (value_[peer] == 0 && bits::one_bit(mask)) naked_queue_.push_back(peer);
  }
}

// One sweep over the houses.
bool SinglesSolver::place_hidden_singles() {
  bool progress = false;
  const auto& houses = geometry_.houses();
  for (std::size_t h = 0; h < houses.size(); ++h) {
    if (house_open_[h] == 0) continue;  // complete: nothing to find
    sweep_hidden_singles(houses[h], value_, candidates_, [&](int cell, int digit) {
      place(cell, digit);
      progress = true;
      return true;
    });
  }
  return progress;
}

// Drains the cells that became naked singles (queued by place()).
bool SinglesSolver::place_naked_singles() {
  bool progress = false;
  while (!naked_queue_.empty()) {
    const int cell = naked_queue_.back();
    naked_queue_.pop_back();
    if (value_[cell] != 0 || !bits::one_bit(candidates_[cell])) continue;
    place(cell, std::countr_zero(candidates_[cell]) + 1);
    progress = true;
  }
  return progress;
}

bool SinglesSolver::placed_all(std::span<const int> cells) const {
  for (int cell : cells)
    if (value_[cell] == 0) return false;
  return true;
}

template <typename Done>
bool SinglesSolver::propagate(Done done) {
  for (bool progress = true; progress;) {
    if (done()) return true;
    // Naked singles first, from the queue place() fills: far cheaper than a
    // sweep of every house. The hidden-only test never takes them.
    progress = kind_ == SinglesKind::hidden_and_naked && place_naked_singles();
    if (progress) continue;
    progress = place_hidden_singles();
  }
  return done();
}

bool SinglesSolver::solves(const Grid& givens) {
  if (band_) return band_->solves(givens);
  if (small_) return small_->solves(givens);
  start(givens);
  return propagate([&] { return open_ == 0; });
}

// A single placed in the target's own houses needs a look at three houses,
// not a sweep of all of them; most removals the carver tries are settled here.
bool SinglesSolver::place_single_at(int cell) {
  const Mask mask = candidates_[cell];
  if (kind_ == SinglesKind::hidden_and_naked && bits::one_bit(mask)) {
    place(cell, std::countr_zero(mask) + 1);
    return true;
  }
  for (Mask rest = mask; rest; rest &= rest - 1) {
    const Mask bit = rest & -rest;
    for (int h : geometry_.houses_of(cell)) {
      bool elsewhere = false;
      for (int other : geometry_.houses()[h].cells)
        if (other != cell && value_[other] == 0 && (candidates_[other] & bit)) {
          elsewhere = true;
          break;
        }
      if (!elsewhere) {
        place(cell, std::countr_zero(bit) + 1);
        return true;
      }
    }
  }
  return false;
}

// The houses' given digits and open cells. The carver asks about puzzles one
// group of cells apart, so they are kept from the call before and only the
// cells that changed are looked at (per house and digit a count of givens,
// so even givens that repeat a digit are undone right).
void SinglesSolver::house_digits(const Grid& givens) {
  const int cells = geometry_.cell_count();
  if (synced_.size() != givens.size()) {
    const std::size_t houses = geometry_.houses().size();
    synced_.assign(cells, 0);
    given_count_.assign(houses * size_, 0);
    house_used_.assign(houses, 0);
    given_open_.assign(houses, 0);
    for (int cell = 0; cell < cells; ++cell)
      for (int h : geometry_.houses_of(cell)) ++given_open_[h];
  }
  sync_givens(synced_, givens, [&](int cell, int before, int now) {
    for (int h : geometry_.houses_of(cell)) {
      if (before != 0 && --given_count_[h * size_ + before - 1] == 0) house_used_[h] &= ~digit_bit(before);
      if (now != 0 && given_count_[h * size_ + now - 1]++ == 0) house_used_[h] |= digit_bit(now);
      given_open_[h] += (before != 0) - (now != 0);
    }
  });
}

// The candidates of an empty cell given only the givens.
Mask SinglesSolver::open_candidates(int cell) const {
  Mask mask = all_;
  for (int h : geometry_.houses_of(cell)) mask &= ~house_used_[h];
  return mask;
}

// Every target is a single straight from the givens (no other placement
// needed): most removals early in a carving, settled without a full start().
bool SinglesSolver::immediate(const Grid& givens, std::span<const int> targets) {
  if (band_) return band_->immediate(givens, targets);
  house_digits(givens);
  const auto& houses = geometry_.houses();
  for (int target : targets) {
    const Mask mask = open_candidates(target);
    if (kind_ == SinglesKind::hidden_and_naked && bits::one_bit(mask)) continue;
    bool forced = false;
    for (int h : geometry_.houses_of(target)) {
      Mask elsewhere = 0;
      for (int other : houses[h].cells)
        if (other != target && givens[other] == 0) elsewhere |= open_candidates(other);
      if (mask & ~elsewhere) {
        forced = true;
        break;
      }
    }
    if (!forced) return false;
  }
  return true;
}

bool SinglesSolver::derives(const Grid& givens, std::span<const int> targets) {
  if (band_) return band_->derives(givens, targets);
  if (immediate(givens, targets)) return true;
  if (small_) return small_->derives(givens, targets);
  start(givens);
  for (bool progress = true; progress;) {
    progress = false;
    for (int cell : targets)
      if (value_[cell] == 0 && place_single_at(cell)) progress = true;
  }
  return propagate([&] { return placed_all(targets); });
}

}  // namespace detail

bool solves_with_singles(const Geometry& geometry, const Grid& givens, SinglesKind kind) {
  return detail::SinglesSolver(geometry, kind).solves(givens);
}

}  // namespace nonet
