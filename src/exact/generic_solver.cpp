// The generic exact engine, for any geometry.
//
// State: one candidate mask per cell and the placed digit per cell (0 while
// open). Placing a digit removes it from every peer; a peer left with one
// candidate is a naked single and is placed in turn. When that queue runs dry,
// every house is scanned for hidden singles (a digit with one place left) and
// for digits with no place at all (a contradiction). At the fixed point the
// search branches where the fewest alternatives are left — an open cell's
// candidates, or a digit's places in a house — copying the
// whole state for each branch: copies are cheap at these sizes and make
// backtracking trivial.
#include <algorithm>
#include <bit>
#include <random>

#include "engine_common.hpp"

namespace nonet {

namespace {

struct State {
  std::vector<Mask> candidates;
  Grid value;
  int open = 0;
};

class GenericSearch {
 public:
  GenericSearch(const Geometry& geometry, const SolveOptions& options, SolveResult& result)
      : geometry_(geometry), options_(options), result_(result), rng_(options.seed) {}

  void run(const Grid& givens) {
    State state;
    const int cells = geometry_.cell_count();
    state.candidates.assign(cells, all_digits(geometry_.size()));
    state.value.assign(cells, 0);
    state.open = cells;
    for (int cell = 0; cell < cells; ++cell)
      if (givens[cell] != 0 && !place(state, cell, givens[cell])) return;
    if (propagate(state)) search(state);
  }

 private:
  // Places digit in cell and removes it from the peers; queues new naked singles.
  bool place(State& state, int cell, int digit) {
    const Mask bit = digit_bit(digit);
    if (!(state.candidates[cell] & bit)) return false;
    state.candidates[cell] = bit;
    state.value[cell] = static_cast<std::uint8_t>(digit);
    --state.open;
    for (int peer : geometry_.peers_of(cell))
      if (!eliminate(state, peer, bit)) return false;
    return true;
  }

  bool place_queued(State& state) {
    while (!queue_.empty()) {
      const int cell = queue_.back();
      queue_.pop_back();
      if (state.value[cell] != 0) continue;
      if (!place(state, cell, std::countr_zero(state.candidates[cell]) + 1)) return false;
    }
    return true;
  }

  // One pass over every house; places hidden singles. Returns false on a
  // contradiction; sets `progress` when something was placed.
  bool hidden_singles(State& state, bool& progress) {
    const Mask all = all_digits(geometry_.size());
    for (const House& house : geometry_.houses()) {
      Mask once = 0, twice = 0, placed = 0;
      for (int cell : house.cells) {
        const Mask mask = state.candidates[cell];
        if (state.value[cell] != 0) {
          placed |= mask;
        } else {
          twice |= once & mask;
          once |= mask;
        }
      }
      if ((once | placed) != all) return false;
      for (Mask singles = once & ~twice & ~placed; singles; singles &= singles - 1) {
        const Mask bit = singles & -singles;
        for (int cell : house.cells)
          if (state.value[cell] == 0 && (state.candidates[cell] & bit)) {
            if (!place(state, cell, std::countr_zero(bit) + 1)) return false;
            progress = true;
            break;
          }
      }
      if (!place_queued(state)) return false;
    }
    return true;
  }

  // Removes a candidate; a cell left with one is queued, with none fails.
  bool eliminate(State& state, int cell, Mask bit) {
    Mask& mask = state.candidates[cell];
    if (!(mask & bit)) return true;
    mask &= ~bit;
    if (mask == 0) return false;
    if (std::has_single_bit(mask)) queue_.push_back(cell);
    return true;
  }

  // Locked candidates over every pair of intersecting houses: a digit whose
  // places in one house all lie in the shared cells leaves the other house's
  // remaining cells. Cheap, and it is what tames hard 16×16 grids.
  bool locked_candidates(State& state, bool& progress) {
    auto union_of = [&](const std::vector<int>& cells) {
      Mask all = 0;
      for (int cell : cells)
        if (state.value[cell] == 0) all |= state.candidates[cell];
      return all;
    };
    for (const Intersection& meet : geometry_.intersections()) {
      const Mask shared = union_of(meet.shared);
      const Mask first_only = union_of(meet.first_only), second_only = union_of(meet.second_only);
      const Mask from_second = shared & ~first_only & second_only;  // locked in first: leaves second's rest
      const Mask from_first = shared & ~second_only & first_only;
      for (int cell : meet.second_only)
        if (state.value[cell] == 0 && (state.candidates[cell] & from_second)) {
          progress = true;
          for (Mask bits = state.candidates[cell] & from_second; bits; bits &= bits - 1)
            if (!eliminate(state, cell, bits & -bits)) return false;
        }
      for (int cell : meet.first_only)
        if (state.value[cell] == 0 && (state.candidates[cell] & from_first)) {
          progress = true;
          for (Mask bits = state.candidates[cell] & from_first; bits; bits &= bits - 1)
            if (!eliminate(state, cell, bits & -bits)) return false;
        }
      if (!place_queued(state)) return false;
    }
    return true;
  }

  bool propagate(State& state) {
    if (!place_queued(state)) return false;
    for (bool progress = true; progress && state.open > 0;) {
      progress = false;
      if (!hidden_singles(state, progress)) return false;
      if (!progress && state.open > 0 && !locked_candidates(state, progress)) return false;
    }
    return true;
  }

  // A branch point: either the candidates of one cell, or the places left for
  // one digit in one house, whichever offers fewer alternatives. Branching on
  // places as well as cells is what keeps large hard grids (16×16) tractable.
  struct Choice {
    int cell = -1;   // branch on this cell's candidates…
    int house = -1;  // …or on the places of `digit` in this house
    int digit = 0;
    int width = 65;
  };

  Choice choose(const State& state) const {
    Choice choice;
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      if (state.value[cell] != 0) continue;
      const int count = std::popcount(state.candidates[cell]);
      if (count < choice.width) {
        choice = Choice{cell, -1, 0, count};
        if (count == 2) return choice;
      }
    }
    // Random mode keeps to cells: choosing among digits by their order would
    // favour low digits and make random grids unfair.
    if (options_.random) return choice;
    const auto& houses = geometry_.houses();
    for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
      Mask placed = 0;
      for (int cell : houses[h].cells)
        if (state.value[cell] != 0) placed |= state.candidates[cell];
      for (Mask open = all_digits(geometry_.size()) & ~placed; open; open &= open - 1) {
        const Mask bit = open & -open;
        int places = 0;
        for (int cell : houses[h].cells) places += (state.candidates[cell] & bit) != 0;
        if (places < choice.width) {
          choice = Choice{-1, h, std::countr_zero(bit) + 1, places};
          if (places == 2) return choice;
        }
      }
    }
    return choice;
  }

  // The (cell, digit) placements of a choice, in the order to try them.
  std::vector<std::pair<int, int>> alternatives(const State& state, const Choice& choice) {
    std::vector<std::pair<int, int>> options;
    if (choice.cell >= 0) {
      for (Mask mask = state.candidates[choice.cell]; mask; mask &= mask - 1)
        options.emplace_back(choice.cell, std::countr_zero(mask) + 1);
    } else {
      for (int cell : geometry_.houses()[choice.house].cells)
        if (state.value[cell] == 0 && (state.candidates[cell] & digit_bit(choice.digit)))
          options.emplace_back(cell, choice.digit);
    }
    if (options_.random) std::shuffle(options.begin(), options.end(), rng_);
    return options;
  }

  bool done() const { return result_.count >= options_.count_limit; }

  void record(const State& state) {
    ++result_.count;
    if (result_.solutions.size() < options_.keep) result_.solutions.push_back(state.value);
  }

  void search(const State& state) {
    ++result_.nodes;
    if (state.open == 0) {
      record(state);
      return;
    }
    for (const auto& [cell, digit] : alternatives(state, choose(state))) {
      ++result_.guesses;
      State next = state;
      queue_.clear();
      if (place(next, cell, digit) && propagate(next)) search(next);
      if (done()) return;
    }
  }

  const Geometry& geometry_;
  const SolveOptions& options_;
  SolveResult& result_;
  std::mt19937_64 rng_;
  std::vector<int> queue_;
};

}  // namespace

const char* to_string(SolveStatus status) {
  switch (status) {
    case SolveStatus::invalid: return "invalid";
    case SolveStatus::no_solution: return "no-solution";
    case SolveStatus::unique: return "unique";
    case SolveStatus::multiple: return "multiple";
    case SolveStatus::solved: return "solved";
  }
  return "unknown";
}

namespace detail {
// Status from the count, shared by every engine.
void finish_status(SolveResult& result, std::uint64_t count_limit) {
  if (result.count == 0) result.status = SolveStatus::no_solution;
  else if (count_limit <= 1) result.status = SolveStatus::solved;
  else result.status = result.count == 1 ? SolveStatus::unique : SolveStatus::multiple;
}
// Invalid givens are reported the same way by every engine.
bool reject_invalid(const Puzzle& puzzle, SolveResult& result) {
  if (auto conflict = find_conflict(*puzzle.geometry, puzzle.cells)) {
    result.status = SolveStatus::invalid;
    result.reason = describe(*puzzle.geometry, *conflict);
    return true;
  }
  return false;
}
}  // namespace detail

SolveResult solve_generic(const Puzzle& puzzle, const SolveOptions& options) {
  SolveResult result;
  if (detail::reject_invalid(puzzle, result)) return result;
  SolveOptions effective = options;
  if (effective.count_limit == 0) effective.count_limit = 1;
  GenericSearch(*puzzle.geometry, effective, result).run(puzzle.cells);
  detail::finish_status(result, effective.count_limit);
  return result;
}

}  // namespace nonet
