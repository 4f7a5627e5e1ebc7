// The generic exact engine, for any geometry.
//
// State: one candidate mask per cell and the placed digit per cell (0 while
// open). Placing a digit removes it from every peer; a peer left with one
// candidate is a naked single and is placed in turn. When that queue runs dry,
// every house is scanned for hidden singles (a digit with one place left) and
// for digits with no place at all (a contradiction). At the fixed point the
// search branches where the fewest alternatives are left — an open cell's
// candidates, or a digit's places in a house (on large grids ties go by
// conflict weights, see fail_in) — copying the whole state for each branch:
// copies are cheap at these sizes and make backtracking trivial.
//
// Variant rules (constraint_program.hpp) join in three ways: extra peers are
// cleared like a house's when a digit is placed; a cell whose candidates
// changed revises its pair links and marks its rules, and the marked rules
// run before the hidden-single scan, until nothing changes. With rules the
// search branches on cells only, on the one with the most weight per
// candidate: how much its houses and rules bind it and how many
// contradictions came from it (choose_by_conflicts), and, where every rule
// is a pair of cells, whether it holds the digit that fails most.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <deque>
#include <random>
#include <stdexcept>

#include "core/bits.hpp"
#include "core/contract.hpp"
#include "constraint_program.hpp"
#include "engine_common.hpp"

namespace nonet {

namespace {

// Grids from this size on branch by conflict weights (see fail_in).
constexpr int kWeightedFrom = 12;
// A search with a budget of at most this many nodes is a quick test (see
// search): the carver's tests of a removal.
constexpr std::uint64_t kQuickTest = 2000;
// With rules, how many contradictions between halvings of the conflict counts.
constexpr std::uint64_t kHalveConflictsEvery = 32768;
// A cell's weight counts this many times against the failing digit's score
// (value_scores_): ISS's fifth.
constexpr std::uint64_t kCellOverDigit = 5;


struct State {
  std::vector<Mask> candidates;
  std::vector<Mask> placed_in_house;  // digits placed so far, per house
  Grid value;
  int open = 0;
};

class GenericSearch {
 public:
  GenericSearch(const Geometry& geometry, const SolveOptions& options, const detail::SearchDeadline& deadline,
                SolveResult& result, const detail::ConstraintProgram* program = nullptr)
      : geometry_(geometry),
        options_(options),
        result_(result),
        rng_(options.seed),
        deadline_(deadline),
        program_(program),
        quick_test_(options.max_nodes != 0 && options.max_nodes <= kQuickTest) {
    if (program_) {
      conflicts_.assign(geometry_.cell_count(), 0);
      priority_.assign(geometry_.cell_count(), 0);
      const int n = geometry_.size();
      for (int r = 0; r < program_->rule_count(); ++r) {
        // The cells a rule binds: a cage, not the house mates it reads.
        const detail::Rule& rule = program_->rule(r);
        const int bound = static_cast<int>(std::min(rule.watched, rule.cells.size()));
        const std::uint32_t weight = static_cast<std::uint32_t>(std::max<int>(2 * n - bound, n));
        const std::uint32_t copies = static_cast<std::uint32_t>(rule.branching_weight);
        for (int i = 0; i < bound; ++i) priority_[rule.cells[i]] += weight * copies;
      }
      for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
        const auto& links = program_->links(cell);
        const auto weighing = std::count_if(links.begin(), links.end(), [](const auto& link) { return link.weighs; });
        priority_[cell] += 2 * static_cast<std::uint32_t>(weighing + program_->extra_peers(cell).size());
        // Its houses bind it too: with this floor a cell no rule reaches still
        // has a weight per candidate to compare.
        for (int h : geometry_.houses_of(cell)) priority_[cell] += static_cast<std::uint32_t>(geometry_.houses()[h].cells.size());
      }
      // Digits weigh in only where every rule is a pair of cells (thermometers,
      // dots, whispers, chess moves): there the digit that keeps failing is
      // where the search should go (thermometer grids with no givens: 12
      // times fewer guesses), while on sums it misleads (MATHEMAGIC_KILLERS
      // +30 % guesses; docs/journal/2026-12-variants.md).
      value_scores_on_ = program_->rule_count() == 0;
      breadth_first_ = program_->rule_count() > 0;
      value_scores_.assign(static_cast<std::size_t>(geometry_.size()) + 1, 0);
      changed_flag_.assign(geometry_.cell_count(), 0);
      rule_flag_.assign(program_->rule_count(), 0);
      slow_rule_.assign(program_->rule_count(), 0);
      for (int r = 0; r < program_->rule_count(); ++r) slow_rule_[r] = program_->rule(r).origin < 0;
      for (int r = 0; r < program_->rule_count(); ++r) suggesting_ = suggesting_ || program_->rule(r).suggests;
    }
  }

  void run(const Grid& givens) {
    NONET_EXPECTS(givens.size() == static_cast<std::size_t>(geometry_.cell_count()));
    NONET_EXPECTS(options_.candidates.empty() || options_.candidates.size() == givens.size());
    weight_.assign(geometry_.houses().size(), 1);
    State& state = level(0).state;
    const int cells = geometry_.cell_count();
    state.candidates.assign(cells, all_digits(geometry_.size()));
    state.placed_in_house.assign(geometry_.houses().size(), 0);
    state.value.assign(cells, 0);
    state.open = cells;
    for (int cell = 0; cell < cells; ++cell) {
      NONET_EXPECTS(givens[cell] <= geometry_.size());  // 0 (empty) or a digit 1..N
      if (givens[cell] != 0 && !place(state, cell, givens[cell])) return;
    }
    if (!options_.candidates.empty() && !restrict_to_marks(state)) return;
    if (program_) {
      // Every rule runs once at the start: a thermometer bounds its cells
      // before anything is placed.
      for (int cell = 0; cell < cells; ++cell) {
        // A cell already placed (a given, or one digit left by the pencil
        // marks) must still be a digit the rules allow: an even cell marked 3.
        if (state.value[cell] != 0) {
          if (!(program_->initial(cell) & digit_bit(state.value[cell]))) return;
          continue;
        }
        for (Mask gone = state.candidates[cell] & ~program_->initial(cell); gone; gone &= gone - 1)
          if (!eliminate(state, cell, gone & -gone)) return;
        note_changed(cell);
      }
      for (int rule = 0; rule < program_->rule_count(); ++rule) mark_rule(rule);
    }
    if (propagate(state)) search(0);
  }

  bool gave_up() const { return gave_up_; }

 private:
  // The pencil marks of options.candidates, on the open cells.
  bool restrict_to_marks(State& state) {
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      if (state.value[cell] != 0) continue;
      for (Mask gone = state.candidates[cell] & ~options_.candidates[cell]; gone; gone &= gone - 1)
        if (!eliminate(state, cell, gone & -gone)) return false;
    }
    return place_queued(state);
  }

  // Places digit in cell and removes it from the peers; queues new naked singles.
  bool place(State& state, int cell, int digit) {
    const Mask bit = digit_bit(digit);
    if (!(state.candidates[cell] & bit)) return false;
    state.candidates[cell] = bit;
    state.value[cell] = static_cast<std::uint8_t>(digit);
    --state.open;
    for (int h : geometry_.houses_of(cell)) state.placed_in_house[h] |= bit;
    for (int peer : geometry_.peers_of(cell))
      if (!eliminate(state, peer, bit)) return false;
    if (program_) {
      note_changed(cell);
      for (int peer : program_->extra_peers(cell))
        if (!eliminate(state, peer, bit)) return false;
    }
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

  // One pass over every house: a digit with no place left fails, a digit
  // with one place is placed there. Sets `progress` when something was placed.
  bool hidden_singles(State& state, bool& progress) {
    const Mask all = all_digits(geometry_.size());
    const auto& houses = geometry_.houses();
    for (std::size_t h = 0; h < houses.size(); ++h) {
      const Mask placed = state.placed_in_house[h];
      if (placed == all) continue;  // a finished house has nothing to say
      const House& house = houses[h];
      // A placed cell's mask is its digit alone, so it counts once, like a
      // hidden single; the house's placed digits are masked out below.
      bits::CountToTwo<Mask> places;
      for (int cell : house.cells) places.add(state.candidates[cell]);
      if (places.once != all) return fail_in(static_cast<int>(h));
      for (Mask singles = places.exactly_once() & ~placed; singles; singles &= singles - 1) {
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
    if (mask == 0) {
      for (int h : geometry_.houses_of(cell)) fail_in(h);
      blame_cell(cell);
      return false;
    }
    if (bits::one_bit(mask)) queue_.push_back(cell);
    if (program_) note_changed(cell);
    return true;
  }

  // ---- Variant rules ------------------------------------------------------

  void note_changed(int cell) {
    if (changed_flag_[cell]) return;
    changed_flag_[cell] = 1;
    changed_.push_back(cell);
  }

  void mark_rule(int rule) {
    if (rule_flag_[rule]) return;
    rule_flag_[rule] = 1;
    (slow_rule_[rule] ? slow_due_ : rules_due_).push_back(rule);
  }

  // Forgets what a failed branch left due, before the next one starts.
  // Out of line, as run_rules: the search recurses once per placed cell
  // (2,401 levels on an empty 49×49 grid), so its frame must stay small.
  [[gnu::noinline]] void clear_due() {
    if (!program_) return;
    for (int cell : changed_) changed_flag_[cell] = 0;
    for (std::size_t i = due_head_; i < rules_due_.size(); ++i) rule_flag_[rules_due_[i]] = 0;
    for (int rule : slow_due_) rule_flag_[rule] = 0;
    changed_.clear();
    rules_due_.clear();
    due_head_ = 0;
    slow_due_.clear();
  }

  // The search's candidates as the rules see them.
  class StateDomains final : public detail::Domains {
   public:
    StateDomains(GenericSearch& search, State& state)
        : Domains(state.candidates), search_(search), state_(state) {}
    bool narrow(int cell, Mask allowed) override {
      for (Mask gone = state_.candidates[cell] & ~allowed; gone; gone &= gone - 1)
        if (!search_.eliminate(state_, cell, gone & -gone)) {
          ++search_.failures_;
          return false;
        }
      return true;
    }

   private:
    GenericSearch& search_;
    State& state_;
  };

  // A cell's candidates changed: its pair links narrow the other cells, and
  // its rules but `except` are due.
  bool follow_change(State& state, StateDomains& domains, int cell, int except) {
    const Mask mask = state.candidates[cell];
    for (const detail::PairLink& link : program_->links(cell)) {
      Mask allowed = 0;
      for (Mask m = mask; m; m &= m - 1) allowed |= link.support[std::countr_zero(m) + 1];
      if (!domains.keep_only(link.other, allowed)) return false;
    }
    for (int rule : program_->rules_of(cell))
      if (rule != except) mark_rule(rule);
    return true;
  }

  // The removals `rule` just made, followed without revising it again.
  bool follow_changes(State& state, int rule) {
    StateDomains domains(*this, state);
    own_changes_.clear();  // what a failed follow left
    own_changes_.swap(changed_);
    for (int cell : own_changes_) changed_flag_[cell] = 0;
    for (int cell : own_changes_)
      if (!follow_change(state, domains, cell, rule)) return false;
    return true;
  }

  // The cells changed since the last call: their pair links narrow other
  // cells and their rules fall due; naked singles are placed on the way.
  // With rules, first changed first (as the rules: see run_rules); with pair
  // links only, last changed first: each is followed anyway, and going deep
  // finds a contradiction nearer the guess that caused it, so the blame
  // lands better (thermometer pairs: half the guesses).
  bool follow_changed(State& state, StateDomains& domains) {
    if (!breadth_first_) {
      while (!changed_.empty()) {
        const int cell = changed_.back();
        changed_.pop_back();
        changed_flag_[cell] = 0;
        if (!follow_change(state, domains, cell, -1) || !place_queued(state)) return false;
      }
      return true;
    }
    // changed_ grows while it is read; clear_due forgets what a failure leaves.
    for (std::size_t next = 0; next < changed_.size(); ++next) {
      const int cell = changed_[next];
      changed_flag_[cell] = 0;
      if (!follow_change(state, domains, cell, -1) || !place_queued(state)) return false;
    }
    changed_.clear();
    return true;
  }

  // Pair links and rules until neither has anything left to revise; naked
  // singles they make are placed on the way. Rules are revised first due,
  // first revised: a rule waiting its turn takes in the changes of the
  // others before it runs (the sandwich clues of "Sandwich snipe 18":
  // 489,000 revises instead of 833,000 last due, first revised).
  [[gnu::noinline]] bool run_rules(State& state) {
    StateDomains domains(*this, state);
    while (!changed_.empty() || due_head_ < rules_due_.size() || !slow_due_.empty()) {
      if (!follow_changed(state, domains)) return false;
      // The rules the program implies (the rule of 45's sums) change
      // something least often: they wait until the stated rules settle.
      if (due_head_ == rules_due_.size() && due_head_ > 0) {
        rules_due_.clear();
        due_head_ = 0;
      }
      if (due_head_ < rules_due_.size() || !slow_due_.empty()) {
        int rule;
        if (due_head_ < rules_due_.size()) {
          rule = rules_due_[due_head_++];
        } else {
          rule = slow_due_.back();
          slow_due_.pop_back();
        }
        rule_flag_[rule] = 0;
        revising_ = rule;
        const bool kept = program_->rule(rule).revise(domains);
        revising_ = -1;
        if (!kept) {
          ++failures_;
          blame_rule(rule);
          return false;
        }
        // changed_ was empty before the revise: it holds the rule's own
        // removals, which a rule that settles need not see again.
        if (program_->rule(rule).settles && !changed_.empty() && !follow_changes(state, rule)) return false;
        if (!place_queued(state)) return false;
      }
    }
    return true;
  }

  // Conflict weights (the "dom/wdeg" rule of constraint solvers): each house
  // counts the contradictions found in it, and the search prefers to branch
  // where the weight per alternative is highest, so it goes for the part of
  // the grid that keeps failing instead of rediscovering it in every branch.
  // With rules, each contradiction counts against the cells it comes from:
  // the guessed cell whose digit failed, a cell left with no candidate by a
  // house or a pair, the cells a failing rule binds. Halved now and then, so
  // the counts follow where the search is now.
  void blame(int cell) {
    ++conflicts_[cell];
    if (++blamed_ % kHalveConflictsEvery == 0)
      for (auto& count : conflicts_) count >>= 1;
  }
  void blame_cell(int cell) {
    if (program_ && revising_ < 0) blame(cell);  // while a rule revises, the rule is blamed
  }
  void blame_rule(int rule) {
    const detail::Rule& r = program_->rule(rule);
    const std::size_t bound = std::min(r.watched, r.cells.size());
    for (std::size_t i = 0; i < bound; ++i) blame(r.cells[i]);
  }

  // A guess of `digit` failed. The digit failing most, when it fails clearly
  // more than the least failing one (ISS's rule: half as much again, and at
  // least N times), adds its score to the weight of every cell that still
  // holds it. Decayed faster than the cells' counts: it should follow the
  // search more closely.
  void blame_digit(int digit) {
    if (!value_scores_on_) return;
    ++value_scores_[digit];
    if (++digits_blamed_ % kHalveConflictsEvery == 0)
      for (auto& score : value_scores_) score >>= 2;
    std::uint32_t most = 0, least = UINT32_MAX;
    int worst = 0;
    for (int d = 1; d <= geometry_.size(); ++d) {
      const std::uint32_t score = value_scores_[d];
      if (score > most) most = score, worst = d;
      if (score != 0) least = std::min(least, score);
    }
    const bool clear = most >= static_cast<std::uint32_t>(geometry_.size()) && 2 * std::uint64_t{most} > 3 * std::uint64_t{least};
    failing_digit_ = clear ? digit_bit(worst) : 0;
    failing_score_ = clear ? most : 0;
  }

  // How much the search wants to branch on an open cell, before dividing by
  // its candidates.
  std::uint64_t cell_weight(const State& state, int cell) const {
    const std::uint64_t weight = kCellOverDigit * (std::uint64_t{conflicts_[cell]} + priority_[cell]);
    return state.candidates[cell] & failing_digit_ ? weight + failing_score_ : weight;
  }

  bool fail_in(int house) {
    ++weight_[house];
    ++failures_;
    return false;
  }

  // Removes the digits of `bits` from the open cells of `cells`.
  bool clear_digits(State& state, const std::vector<int>& cells, Mask bits, bool& progress) {
    if (!bits) return true;
    for (int cell : cells) {
      if (state.value[cell] != 0 || !(state.candidates[cell] & bits)) continue;
      progress = true;
      for (Mask hit = state.candidates[cell] & bits; hit; hit &= hit - 1)
        if (!eliminate(state, cell, hit & -hit)) return false;
    }
    return true;
  }

  // Locked candidates over every pair of intersecting houses: a digit whose
  // places in one house all lie in the shared cells leaves the other house's
  // remaining cells. Cheap, and it is what tames hard 16×16 grids.
  bool locked_candidates(State& state, bool& progress) {
    // Placed cells count too, with no test: a placed digit is already out of
    // every other cell of both houses, so it is never locked anywhere new.
    auto union_of = [&](const std::vector<int>& cells) {
      Mask all = 0;
      for (int cell : cells) all |= state.candidates[cell];
      return all;
    };
    for (const Intersection& meet : geometry_.intersections()) {
      const Mask shared = union_of(meet.shared);
      const Mask first_only = union_of(meet.first_only), second_only = union_of(meet.second_only);
      const Mask from_second = shared & ~first_only & second_only;  // locked in first: leaves second's rest
      const Mask from_first = shared & ~second_only & first_only;
      if (!clear_digits(state, meet.second_only, from_second, progress) ||
          !clear_digits(state, meet.first_only, from_first, progress))
        return false;
      if (!place_queued(state)) return false;
    }
    return true;
  }

  // Out of line too, for the search's frame (see clear_due).
  [[gnu::noinline]] bool propagate(State& state) {
    if (!place_queued(state)) return false;
    for (bool progress = true; progress;) {
      progress = false;
      if (program_ && !run_rules(state)) return false;
      if (state.open == 0) break;
      if (!hidden_singles(state, progress)) return false;
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

  Choice choose(const State& state, bool fresh = true) const {
    if (program_ && !options_.random) return choose_by_conflicts(state, fresh);
    // Until something fails the weights say nothing: the first bivalue cell
    // will do, and is far cheaper to find than the best. The same on grids up
    // to 9×9, where the full scan costs more than the nodes it saves
    // (measured: docs/journal/2026-measurements-in-code.md).
    if (options_.random || failures_ == 0 || geometry_.size() < kWeightedFrom) {
      Choice choice = choose_cell(state);
      if (options_.random || choice.width == 2) return choice;
    }
    // Fewest alternatives first; among equals the most conflict weight.
    Choice choice;
    double best = 0;
    const auto offer = [&](const Choice& candidate, std::uint64_t weight) {
      const double score = static_cast<double>(weight) / candidate.width;
      if (candidate.width < choice.width || (candidate.width == choice.width && score > best)) {
        choice = candidate;
        best = score;
      }
    };
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      if (state.value[cell] != 0) continue;
      const Mask mask = state.candidates[cell];
      // Two bits exactly: a cheaper test than counting them.
      const bool two = bits::one_bit(mask & (mask - 1));
      if (!two && choice.width <= 2) continue;
      const int count = two ? 2 : bits::mask_bit_count(mask);
      if (count > choice.width) continue;
      std::uint64_t weight = 0;
      for (int h : geometry_.houses_of(cell)) weight += weight_[h];
      offer(Choice{cell, -1, 0, count}, weight);
    }
    const auto& houses = geometry_.houses();
    for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
      // Bit-sliced counts of each digit's places: once, twice, three or more.
      Mask once = 0, twice = 0, more = 0;
      for (int cell : houses[h].cells) {
        if (state.value[cell] != 0) continue;
        const Mask mask = state.candidates[cell];
        more |= twice & mask;
        twice |= once & mask;
        once |= mask;
      }
      // Two places (a hidden single would have been placed already) unless
      // the best so far is wider: then count exactly.
      Mask digits = choice.width > 2 ? once : twice & ~more;
      for (; digits; digits &= digits - 1) {
        const Mask bit = digits & -digits;
        int places = 2;
        if (choice.width > 2) {
          places = 0;
          for (int cell : houses[h].cells) places += state.value[cell] == 0 && (state.candidates[cell] & bit);
        }
        if (places <= choice.width) offer(Choice{-1, h, std::countr_zero(bit) + 1, places}, weight_[h]);
      }
    }
    return choice;
  }

  // With variant rules: the cell with the most weight per candidate (the
  // "dom/wdeg" rule of constraint solvers), its weight being how much its
  // houses and rules bind it (priority_) plus the contradictions blamed on it
  // (conflicts_, see blame). The rules make contradictions local; this goes
  // back to where they come from instead of rediscovering them elsewhere, and
  // a cell of three candidates that keeps failing goes before a quiet pair.
  // Smallest domain first with conflicts only breaking ties made four to
  // fourteen times the guesses on hard killers (docs/journal/2026-12-variants.md).
  Choice choose_by_conflicts(const State& state, bool fresh) const {
    Choice choice;
    std::uint64_t best_weight = 0;
    int best_count = 1;
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      if (state.value[cell] != 0) continue;
      const int count = bits::mask_bit_count(state.candidates[cell]);
      const std::uint64_t weight = cell_weight(state, cell);
      // weight / count > best_weight / best_count, without dividing.
      if (choice.cell < 0 || weight * static_cast<std::uint64_t>(best_count) > best_weight * static_cast<std::uint64_t>(count)) {
        choice = Choice{cell, -1, 0, count};
        best_weight = weight;
        best_count = count;
      }
    }
    if (fresh && choice.width > 2) offer_house_pairs(state, choice, best_weight, best_count);
    if (fresh && suggesting_) offer_rule_questions(state, choice);
    return choice;
  }

  // A rule's own question (full rank: where its digit begins a number along
  // an edge), taken instead of a cell of three candidates or more when it has
  // no more alternatives (docs/journal/2026-12-variants.md, session 34).
  void offer_rule_questions(const State& state, Choice& choice) const {
    const RuleView view(state);
    for (int r = 0; r < program_->rule_count(); ++r) {
      const detail::Rule& rule = program_->rule(r);
      int house = -1, digit = 0;
      if (!rule.suggests || !rule.branch_on(view, house, digit)) continue;
      int places = 0;
      for (int cell : geometry_.houses()[house].cells)
        places += state.value[cell] == 0 && (state.candidates[cell] & digit_bit(digit));
      if (places >= 2 && choice.width > 2 && places <= choice.width) choice = Choice{-1, house, digit, places};
    }
  }
  class RuleView final : public detail::Domains {
   public:
    explicit RuleView(const State& state) : Domains(state.candidates) {}
    bool narrow(int, Mask) override { return true; }
  };

  // Beside a cell of three candidates or more, a digit with two places left
  // in a house is a two-way choice too, weighing a third of its heavier
  // place. Only at a fresh node, not after a "not" branch (as ISS, whose
  // search takes these: HS_KILLERS 661 -> 108 guesses here).
  void offer_house_pairs(const State& state, Choice& choice, std::uint64_t best_weight, int best_count) const {
    const auto& houses = geometry_.houses();
    for (int h = 0; h < static_cast<int>(houses.size()); ++h) {
      bits::CountToTwo<Mask> seen;
      Mask more = 0;
      for (int cell : houses[h].cells) {
        if (state.value[cell] != 0) continue;
        const Mask mask = state.candidates[cell];
        more |= seen.twice & mask;
        seen.add(mask);
      }
      for (Mask digits = seen.twice & ~more; digits; digits &= digits - 1) {
        const Mask bit = digits & -digits;
        std::uint64_t heaviest = 0;
        for (int cell : houses[h].cells)
          if (state.value[cell] == 0 && (state.candidates[cell] & bit))
            heaviest = std::max(heaviest, cell_weight(state, cell));
        // heaviest / 3 >= best_weight / best_count: ISS's half favoured these
        // more than nonet's trees like (TAREK_ALL +11 % guesses, a third: +4 %).
        if (heaviest * static_cast<std::uint64_t>(best_count) >= 3 * best_weight) {
          choice = Choice{-1, h, std::countr_zero(bit) + 1, 2};
          best_weight = heaviest;
          best_count = 3;
        }
      }
    }
  }

  // Random mode keeps to cells, in cell order: choosing among digits by their
  // order would favour low digits and make random grids unfair.
  Choice choose_cell(const State& state) const {
    Choice choice;
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      if (state.value[cell] != 0) continue;
      const Mask mask = state.candidates[cell];
      const int count = bits::one_bit(mask & (mask - 1)) ? 2 : bits::mask_bit_count(mask);
      if (count < choice.width) {
        choice = Choice{cell, -1, 0, count};
        if (count == 2) return choice;
      }
    }
    return choice;
  }

  // The (cell, digit) placements of a choice, in the order to try them.
  void alternatives(const State& state, const Choice& choice, std::vector<std::pair<int, int>>& options) {
    options.clear();
    if (choice.cell >= 0) {
      for (Mask mask = state.candidates[choice.cell]; mask; mask &= mask - 1)
        options.emplace_back(choice.cell, std::countr_zero(mask) + 1);
    } else {
      for (int cell : geometry_.houses()[choice.house].cells)
        if (state.value[cell] == 0 && (state.candidates[cell] & digit_bit(choice.digit)))
          options.emplace_back(cell, choice.digit);
    }
    if (options_.random) std::shuffle(options.begin(), options.end(), rng_);
  }

  bool done() const { return result_.count >= options_.count_limit || gave_up_; }

  void record(const State& state) {
    ++result_.count;
    if (result_.solutions.size() < options_.keep) result_.solutions.push_back(state.value);
  }

  // Each depth of the search keeps its state and its list of alternatives
  // between visits, so a node costs copies, not allocations.
  struct Level {
    State state;
    std::vector<std::pair<int, int>> options;
  };

  Level& level(std::size_t depth) {
    while (levels_.size() <= depth) levels_.emplace_back();
    return levels_[depth];
  }

  void search(std::size_t depth) {
    ++result_.nodes;
    if ((options_.max_nodes != 0 && result_.nodes > options_.max_nodes) || deadline_.passed(result_.nodes)) {
      gave_up_ = true;
      return;
    }
    const State& state = level(depth).state;
    if (state.open == 0) {
      record(state);
      return;
    }
    // Locked candidates run at every node: with variant rules a tenth fewer
    // guesses for the same time; on houses alone, 16×16 windoku proved in
    // 2,588 guesses instead of 24 million, classic 16×16 grids in a third of
    // the time. Random searches (the generator's full grids, so that seeds
    // give the grids they gave) and quick tests (a budget of kQuickTest nodes
    // or fewer: the carver's tests of a removal) take them only before a
    // guess wider than two, as before: at every node, those tests gave up
    // elsewhere and 16×16 windoku puzzles came out otherwise and 40 %
    // slower (docs/journal/2026-12-variants.md, session 37).
    const bool every_node = program_ || (!options_.random && !quick_test_);
    Choice choice;
    if (!every_node) choice = choose(state);
    if (every_node || choice.width > 2) {
      State& narrowed = level(depth).state;
      bool progress = false;
      queue_.clear();
      clear_due();
      if (!locked_candidates(narrowed, progress) || !propagate(narrowed)) return;
      if (narrowed.open == 0) return record(narrowed);
      if (every_node || progress) choice = choose(narrowed);
    }
    if (program_ && choice.cell >= 0) return search_binary(depth, choice);
    search_options(depth, choice);
  }

  // Each alternative of the choice in turn, from the state at this depth.
  // Inlined: one frame per level of the search, as before (see clear_due).
  [[gnu::always_inline]] void search_options(std::size_t depth, const Choice& choice) {
    const State& state = level(depth).state;
    auto& options = level(depth).options;
    alternatives(state, choice, options);
    for (std::size_t i = 0; i < options.size(); ++i) {
      result_.guesses += i == 0 ? 0 : 1;  // as exact.hpp says: branches beyond the first
      State& next = level(depth + 1).state;
      next = state;
      queue_.clear();
      clear_due();
      if (place(next, options[i].first, options[i].second) && propagate(next)) search(depth + 1);
      else if (program_) {
        blame(options[i].first);
        blame_digit(options[i].second);
      }
      if (done()) return;
    }
  }

  // With variant rules, two ways at each choice: the cell holds its lowest
  // candidate, or it does not. The second way is propagated before the next
  // choice, so what the first way's failure taught (the digit is gone) narrows
  // the rules at once, where trying each digit from the same state would not.
  // Out of line: inlined, it would grow search's frame (see clear_due).
  [[gnu::noinline]] void search_binary(std::size_t depth, Choice choice) {
    State& state = level(depth).state;
    for (bool first = true;; first = false) {
      const int cell = choice.cell;
      const Mask bit = state.candidates[cell] & -state.candidates[cell];
      if (!first) ++result_.guesses;
      State& next = level(depth + 1).state;
      next = state;
      queue_.clear();
      clear_due();
      if (place(next, cell, std::countr_zero(bit) + 1) && propagate(next)) search(depth + 1);
      else {
        blame(cell);
        blame_digit(std::countr_zero(bit) + 1);
      }
      if (done()) return;
      queue_.clear();
      clear_due();
      if (!eliminate(state, cell, bit) || !propagate(state)) return;
      if (state.open == 0) return record(state);
      choice = choose(state, false);
      if (choice.cell < 0) return search_options(depth, choice);  // a digit's two places in a house
    }
  }

  const Geometry& geometry_;
  const SolveOptions& options_;
  SolveResult& result_;
  std::mt19937_64 rng_;
  detail::SearchDeadline deadline_;
  std::vector<int> queue_;
  std::vector<std::uint32_t> weight_;  // per house, see fail_in
  std::uint64_t failures_ = 0;
  std::deque<Level> levels_;  // a deque: references stay valid as it grows
  bool gave_up_ = false;
  const detail::ConstraintProgram* program_;
  const bool quick_test_;  // see search
  std::vector<int> changed_, rules_due_, slow_due_;  // cells whose candidates changed, rules to revise
  std::size_t due_head_ = 0;  // rules_due_ is first in, first out from here
  bool breadth_first_ = false;  // changed_ too (see follow_changed)
  std::vector<int> own_changes_;  // the cells a rule that settles just changed (follow_changes)
  std::vector<char> changed_flag_, rule_flag_, slow_rule_;
  // Per cell: how much the rules bind it (a sum over its rules, short sums
  // weighing most), so the first guesses, before anything failed, go where
  // the rules are tight.
  std::vector<std::uint32_t> priority_;
  bool suggesting_ = false;  // some rule asks its own questions (Rule::branch_on)
  std::vector<std::uint32_t> conflicts_;  // per cell: the contradictions blamed on it (with rules only)
  std::uint64_t blamed_ = 0;
  // Per digit: the guesses of it that failed (with pair rules only, see
  // blame_digit), and the digit failing clearly most with its score.
  bool value_scores_on_ = false;
  std::vector<std::uint32_t> value_scores_;
  std::uint64_t digits_blamed_ = 0;
  Mask failing_digit_ = 0;
  std::uint64_t failing_score_ = 0;
  int revising_ = -1;  // the rule whose revise runs, or -1
};

}  // namespace

const char* to_string(SolveStatus status) {
  switch (status) {
    case SolveStatus::invalid: return "invalid";
    case SolveStatus::no_solution: return "no-solution";
    case SolveStatus::unique: return "unique";
    case SolveStatus::multiple: return "multiple";
    case SolveStatus::solved: return "solved";
    case SolveStatus::gave_up: return "gave-up";
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
  if (puzzle.constraints.empty()) return false;
  for (const Constraint& rule : puzzle.constraints)
    if (std::string why = malformed(*puzzle.geometry, rule); !why.empty()) {
      result.status = SolveStatus::invalid;
      result.reason = why;
      return true;
    }
  if (auto broken = broken_by_givens(*puzzle.geometry, puzzle.constraints, puzzle.cells)) {
    result.status = SolveStatus::invalid;
    result.reason = *broken;
    return true;
  }
  return false;
}
}  // namespace detail

namespace {

// Large, nearly empty grids (an empty 49×49) can trap the systematic search
// for ever in a corner with no solution, where random orders find a solution
// at once. So on grids from 25×25 up a short systematic search comes first;
// if it cannot answer, a few short random searches collect distinct
// solutions, and when they find as many as were asked for (a grid with many
// solutions) that is the answer. Otherwise the full systematic search runs.
constexpr int kProbeFrom = 25;
constexpr std::uint64_t kProbeNodes = 20'000;
constexpr int kProbes = 4;

bool probe_for_solutions(const Puzzle& puzzle, const SolveOptions& options, const detail::SearchDeadline& deadline,
                         const detail::ConstraintProgram* program, SolveResult& result) {
  const auto within_budget = [&](std::uint64_t nodes) {
    return options.max_nodes == 0 ? nodes : std::min(nodes, options.max_nodes);
  };
  SolveOptions quick = options;
  quick.max_nodes = within_budget(kProbeNodes);
  {
    SolveResult systematic;
    GenericSearch search(*puzzle.geometry, quick, deadline, systematic, program);
    search.run(puzzle.cells);
    if (!search.gave_up()) {
      detail::finish_status(systematic, options.count_limit);
      result = std::move(systematic);
      return true;
    }
  }
  std::vector<Grid> found;
  std::uint64_t nodes = quick.max_nodes, guesses = 0;
  SolveOptions random = quick;
  random.random = true;
  random.count_limit = 1;
  random.keep = 1;
  for (int probe = 0; probe < kProbes && found.size() < options.count_limit; ++probe) {
    random.seed = options.seed + static_cast<std::uint64_t>(probe) + 1;
    SolveResult one;
    GenericSearch search(*puzzle.geometry, random, deadline, one, program);
    search.run(puzzle.cells);
    nodes += one.nodes;
    guesses += one.guesses;
    if (!one.solutions.empty() && std::find(found.begin(), found.end(), one.solutions.front()) == found.end())
      found.push_back(std::move(one.solutions.front()));
  }
  if (found.size() < options.count_limit) return false;
  result.count = found.size();
  result.nodes = nodes;
  result.guesses = guesses;
  found.resize(std::min<std::size_t>(found.size(), options.keep));
  result.solutions = std::move(found);
  detail::finish_status(result, options.count_limit);
  return true;
}

}  // namespace

SolveResult solve_generic(const Puzzle& puzzle, const SolveOptions& options) {
  NONET_EXPECTS(puzzle.geometry != nullptr);
  NONET_EXPECTS(puzzle.cells.size() == static_cast<std::size_t>(puzzle.geometry->cell_count()));
  SolveResult result;
  if (!options.candidates.empty() && options.candidates.size() != puzzle.cells.size())
    throw std::invalid_argument("SolveOptions::candidates needs one mask per cell");
  if (detail::reject_invalid(puzzle, result)) return result;
  SolveOptions effective = options;
  if (effective.count_limit == 0) effective.count_limit = 1;
  // One deadline for the probes and the full search. A node of a grid above
  // 9×9 costs microseconds to milliseconds (a 64×64 one, 3 ms): there the
  // clock is read at every node, or 1,024 nodes would stretch 0.1 s to seconds.
  // A 9×9 node with rules costs 5-20 µs: every 32 nodes keeps a hint's
  // short allowance (AnalysisLimits::hint_rules_time) within a millisecond.
  const std::uint64_t check_every = puzzle.geometry->cell_count() > 81 ? 1 : puzzle.constraints.empty() ? 1024 : 32;
  const detail::SearchDeadline deadline(options.time_limit, check_every);
  std::optional<detail::ConstraintProgram> program;
  if (!puzzle.constraints.empty()) program.emplace(*puzzle.geometry, puzzle.constraints);
  const detail::ConstraintProgram* rules = program ? &*program : nullptr;
  if (puzzle.geometry->size() >= kProbeFrom && !effective.random &&
      probe_for_solutions(puzzle, effective, deadline, rules, result))
    return result;
  result = SolveResult{};
  GenericSearch search(*puzzle.geometry, effective, deadline, result, rules);
  search.run(puzzle.cells);
  detail::finish_status(result, effective.count_limit);
  if (search.gave_up()) result.status = SolveStatus::gave_up;
  return result;
}

}  // namespace nonet
