// The implication engine of every chain technique (chains.cpp: loops and
// forcing X-chains; forcing_chains.cpp: Nishio, cell/region, dynamic and
// nested forcing chains), measured the way Sudoku Explainer measures them.
//
// A potential is a candidate assumed true ("on", r1c2=4) or false ("off",
// r1c2<>4). Implications between potentials:
//   on  → off  the other candidates of the cell (Y); the digit in every peer
//   off → on   the other candidate of a bivalue cell (Y link); the other place
//              of a digit that has two places in a house (X link)
// A propagation assumes one potential and follows what it implies, keeping
// for each potential reached the potentials it follows from, so that every
// conclusion comes with its chain. Static runs follow the implications of the
// position; breadth first (not in SE's order, ChainMode::se_order), each
// conclusion comes with the shortest chain that gives it. Dynamic runs redo
// them on the grid as each assumption changes it (the naked and hidden singles
// that appear on the way, and on a puzzle with variant rules what each rule
// over many cells allows the assumed position: a cage's combinations) and
// stop at a contradiction (a cell or a house left without a digit, a
// candidate both on and off, a rule no assignment keeps); from SE's dynamic forcing
// chains (+) up they also apply the rules of their level to the assumed
// position once nothing more follows.
//
// Rating: base + 0.1 each time the chain length passes 4, 6, 8, 12, 16, 24 …
// The length is the number of potentials on the chain(s) less two, as SE
// counts it (so a Turbot-like X-chain of 6 potentials counts 4). For several
// chains the lengths of all chains are added; for a contradiction (a potential
// both on and off, or a cell or house emptied) the chain to each conflicting
// potential is counted on its own, as SE does for its two chains.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "internal.hpp"
#include "variant_rules.hpp"

namespace nonet::logic::chaining {

constexpr int kOn = 1, kOff = 0;

// What a propagation follows, and how: the mode of one of SE's chain
// families. The named modes below are the families; a caller picks one.
struct ChainMode {
  bool x_links = false;  // off → on: the other place of a digit with two places in a house
  bool y_links = false;  // on → off within a cell; off → on: a bivalue cell's other candidate
  // Dynamic: the implications are redone on the grid as each assumption
  // changes it; static: those of the position, listed once.
  bool dynamic = false;
  // SE's doChaining, which its Nishio, cell/region and dynamic forcing chains
  // use (read in the source): every pending "on" potential is followed before
  // the next "off" one (not breadth first), an assumption changes the grid only
  // as an "off" potential is followed (an "on" one leaves its cell's other
  // candidates until their "off" potentials come), and implications are taken
  // box, row, column. Which parents a potential gets first, and so the chain
  // lengths, follow from this order. (Its forcing chains and loops go layer by
  // layer, as the FIFO queue does.)
  bool se_order = false;
  // Static runs: "off" potentials that imply nothing are not followed (a
  // search for loops, which close on "on" potentials, needs none of them;
  // the others keep their order, depths and parents).
  bool skip_dead_ends = false;
  // Dynamic forcing chains (+) (1) and nested forcing chains (2-5), SE's
  // levels: when nothing more follows, the rules of the level are applied to
  // the assumed position (see rule_step in propagation.cpp) and what they
  // remove is followed in turn. 0: none.
  int level = 0;

  // X-, Y- and XY-cycles (continuous loops): static, breadth first.
  static constexpr ChainMode cycles(bool x, bool y) { return {.x_links = x, .y_links = y, .skip_dead_ends = true}; }
  // Forcing X-chains (X links), forcing Y-chains and forcing chains: static, breadth first.
  static constexpr ChainMode forcing_chains(bool x, bool y) { return {.x_links = x, .y_links = y}; }
  // Nishio: one digit (X links) followed dynamically, in SE's order.
  static constexpr ChainMode nishio() { return {.x_links = true, .dynamic = true, .se_order = true}; }
  // Cell and region forcing chains (static, level 0), dynamic forcing chains
  // (level 0), dynamic forcing chains (+) (1) and nested ones (2-5): X and Y
  // links in SE's order.
  static constexpr ChainMode multiple_forcing(bool dynamic, int level) {
    return {.x_links = true, .y_links = true, .dynamic = dynamic || level > 0, .se_order = true, .level = level};
  }
};

// Where one run may go (each -1: no bound).
struct RunBounds {
  // Static runs: how many implications from the start a run follows at most.
  // Runs are breadth first, so a bound changes nothing within it.
  int max_depth = -1;
  // Static runs: the run ends where it reaches this potential. A potential's
  // parents and rank are fixed when it is reached, so a search for one
  // target needs nothing reached after it.
  int stop_at = -1;
  // A candidate whose potentials (but the start) are not followed.
  int blocked = -1;
};

// A contradiction's length as SE measures it: the chain of each conflicting
// potential counted on its own (a shared start counted each time), less two.
template <class ChainSize>
int contradiction_length(const std::vector<int>& conflict, ChainSize chain_size) {
  int length = -2;
  for (int p : conflict) length += chain_size(p);
  return length;
}

// Records in the step the "on" potentials of a chain that are singles, and
// which (why(p): a house, -1 for the cell's last candidate, -2 for none).
template <class Why>
void record_singles(Step& s, const std::vector<int>& chain, int n, Why why) {
  for (int p : chain) {
    if (!(p & 1)) continue;
    const int w = why(p);
    if (w == -2) continue;
    const Candidate on{(p >> 1) / n, (p >> 1) % n + 1};
    const std::pair<Candidate, int> entry{on, w};
    if (std::find(s.singles.begin(), s.singles.end(), entry) == s.singles.end()) s.singles.push_back(entry);
  }
}

// Potentials in the order appended, at most `capacity` of them since reset:
// a run appends each potential once at most, so no append checks for room
// (std::vector's push_back is not inlined in the run's loop).
class PotentialList {
 public:
  void reset(std::size_t capacity) {
    if (items_.size() < capacity) items_.resize(capacity);
    size_ = 0;
  }
  void push(int p) { items_[size_++] = p; }
  std::size_t size() const { return size_; }
  int operator[](std::size_t i) const { return items_[i]; }
  const int* begin() const { return items_.data(); }
  const int* end() const { return items_.data() + size_; }

 private:
  std::vector<int> items_;
  std::size_t size_ = 0;
};

// The implications of a static run (no dynamic changes): per potential, and
// one past the last, where its implications start in `list`.
struct StaticImplications {
  struct Implication {
    int to, why;
  };
  std::vector<int> at;
  std::vector<Implication> list;
};

using SharedImplications = std::shared_ptr<const StaticImplications>;

// The per-potential arrays of static runs, handed from one search of a
// chaining pass to the next, so that they are sized and cleared once. The
// last run's mark goes with them: the next run's is new to every entry.
struct RunArrays {
  std::vector<unsigned> reached;
  unsigned mark = 0;
  std::vector<int> parent_at, parent_count, position, weight, nest, single, depth;
  PotentialList order, queue, offs;
  std::vector<unsigned> visited;  // Propagation::ancestors_of's marks, and its last one
  unsigned visit = 0;
};

// Potentials removed by a rule of the level (ChainMode::level), and the rule.
using Causes = std::vector<std::pair<int, std::string>>;

// One chain family's propagation (its mode) and the arrays of its runs: a
// run leaves in them what its assumption implies, and how, for the search
// to read until the next run.
struct Propagation {
  const Context& ctx;
  int n, cells;
  const ChainMode mode;
  RunBounds bounds;  // the current run's
  std::vector<Mask> cand;          // dynamic: candidates as the assumptions change them
  // Dynamic: per house and digit (house * n + digit - 1), the places as the
  // assumptions change them (at a run's start, the position's: ctx.where()).
  std::vector<Mask> places;
  // Per potential (candidate*2 + on): reached in this run where it holds the
  // run's mark (so that a run clears nothing).
  std::vector<unsigned> reached;
  unsigned mark = 0;
  bool is_reached(int p) const { return reached[p] == mark; }
  // The parents of potential p: parent_pool[parent_at[p]] onwards,
  // parent_count[p] of them; a single parent stands in parent_at[p] itself.
  std::vector<int> parent_pool, parent_at, parent_count;
  PotentialList order;             // potentials in the order reached
  std::vector<int> position;       // per reached potential: its index in order
  std::vector<int> contradiction;  // potentials that together are impossible (empty: none)
  std::vector<int> depth;  // static runs: per reached potential, implications from the start
  // Levels from 1 (ChainMode::level):
  std::vector<int> weight;  // per potential: the length of the nested chain that removed it
  std::vector<int> nest;    // per potential: which rule step of this run removed it (0: none)
  Causes causes;            // potentials removed by a rule, and the rule
  // Dynamic runs on a puzzle with variant rules: potentials a rule's revise
  // removed, and the rule's origin (negative: a sum the rule of 45 implies),
  // for the step to name in its chains and Step::rules (worded only then).
  std::vector<std::pair<int, int>> rule_removals;
  // Per "on" potential: the house of which it is the digit's last place, or
  // kLastInCell (the cell's last candidate); kNoSingle for other potentials.
  std::vector<int> single;
  static constexpr int kNoSingle = -2, kLastInCell = -1;

  // Runs on `arrays` (left as the last run leaves them, for the next search)
  // where given; a static run takes its implications from `shared` where
  // another search of the same links listed them in this position.
  Propagation(const Context& c, ChainMode m, RunArrays* arrays = nullptr, SharedImplications* shared_links = nullptr)
      : ctx(c), n(c.n()), cells(c.cells()), mode(m), shared(shared_links) {
    if ((lent = arrays)) swap_arrays();
  }
  ~Propagation() {
    if (lent) swap_arrays();
  }
  Propagation(const Propagation&) = delete;
  Propagation& operator=(const Propagation&) = delete;

  // Assumes `start` and follows what it implies, within `run_bounds`.
  void run(int start, RunBounds run_bounds = {});

  static int pot(int cell, int d, int on, int n) { return ((cell * n) + (d - 1)) * 2 + on; }
  int pot(int cell, int d, int on) const { return pot(cell, d, on, n); }
  int total() const { return cells * n * 2; }

  std::span<const int> parents(int p) const {
    if (parent_count[p] == kDeferredParents) return reasons_of(deferred, parent_at[p]);
    return parents_at(parent_pool, parent_at[p], parent_count[p]);
  }
  static std::span<const int> parents_at(const std::vector<int>& pool, const int& at, int count) {
    if (count == 1) return {&at, 1};
    return {pool.data() + at, static_cast<std::size_t>(count)};
  }

  // A potential a variant rule's revise removed rests on the fewest of the
  // run's removals from the rule's cells that still give it (fewest_reasons),
  // worked out only when a chain through it is written: most potentials a
  // run reaches are on no chain, and the search cost half a dynamic run's
  // time (perf, a hard killer's hint). Such a potential's parent_count is
  // kDeferredParents, its parent_at its entry in DeferredReasons::entries.
  static constexpr int kDeferredParents = -1;
  struct DeferredReasons {
    struct Entry {
      int rule, target, start, rests_at, rests_count;
    };
    std::vector<Entry> entries;
    std::vector<int> rests;  // each entry's, from rests_at
    mutable std::vector<std::optional<std::vector<int>>> found;  // per entry, once worked out
    void clear() {
      entries.clear();
      rests.clear();
      found.clear();
    }
  };
  DeferredReasons deferred;
  // Entry k of `reasons` (this run's, or one kept from an earlier run of this
  // propagation on the same position): its parents.
  std::span<const int> reasons_of(const DeferredReasons& reasons, int k) const {
    if (reasons.found.size() < reasons.entries.size()) reasons.found.resize(reasons.entries.size());
    std::optional<std::vector<int>>& found = reasons.found[static_cast<std::size_t>(k)];
    if (!found) {
      const auto& e = reasons.entries[static_cast<std::size_t>(k)];
      const std::vector<int> rests(reasons.rests.begin() + e.rests_at, reasons.rests.begin() + e.rests_at + e.rests_count);
      found = fewest_reasons(ctx.rules->program().rule(e.rule), rests, e.target, e.start);
    }
    return *found;
  }
  // Where p stands among the potentials reached (after all of them if not reached).
  int rank(int p) const { return is_reached(p) ? position[p] : static_cast<int>(order.size()); }

  // Static: whether `from` leads to `to` by any implications (the start's
  // candidate not blocked), so that a search can skip a run that cannot reach
  // what it looks for. Worked out on the first ask, for every potential.
  // A yes may be a "perhaps" (see folded): the run then tells.
  bool leads_to(int start, int to) {
    prepare_static();
    if (component.empty()) list_reach();
    const std::size_t c = static_cast<std::size_t>(component[start]);
    const int bit = live[to];
    const int fold = bit & (kFoldWords * 64 - 1);
    if (!((folded[c * kFoldWords + (fold >> 6)] >> (fold & 63)) & 1)) return false;
    if (reach.empty()) {
      // A run costs about its reach's implications, which the folded bits
      // set (at least): once the runs on a "perhaps" have cost what the
      // exact reach costs, it is listed.
      int bits = 0;
      for (std::size_t k = 0; k < kFoldWords; ++k) bits += std::popcount(folded[c * kFoldWords + k]);
      perhaps_cost += (bits + 1) * (implication_count / static_cast<long>(component.size() + 1) + 1);
      if (perhaps_cost <= implication_count * static_cast<long>(reach_words)) return true;
      list_full_reach();
    }
    const std::size_t at = c * reach_words + (bit >> 6);
    return (reach[at] >> (bit & 63)) & 1;
  }

  // The singles a chain rests on, for a search that nests this one.
  void add_singles(Step& s, const std::vector<int>& chain) const {
    record_singles(s, chain, n, [&](int p) { return single[p]; });
  }

  // The potentials a conclusion rests on (itself included), in reached order.
  std::vector<int> ancestors(const std::vector<int>& targets) const {
    return ancestors_of([&](int p) { return parents(p); }, [&](int p) { return rank(p); }, targets);
  }

  // The potentials `targets` rest on (themselves included), by rank_of(p)
  // (where p was reached), then p. parents_of(p) gives a span.
  template <class ParentsOf, class RankOf>
  std::vector<int> ancestors_of(ParentsOf parents_of, RankOf rank_of, const std::vector<int>& targets) const {
    if (visited.size() != static_cast<std::size_t>(total())) visited.assign(total(), 0);
    if (++visit == 0) {  // the stamps wrapped round: start them again
      std::fill(visited.begin(), visited.end(), 0);
      visit = 1;
    }
    std::vector<int> out, stack(targets.begin(), targets.end());
    while (!stack.empty()) {
      const int p = stack.back();
      stack.pop_back();
      if (visited[p] == visit) continue;
      visited[p] = visit;
      out.push_back(p);
      for (int q : parents_of(p)) stack.push_back(q);
    }
    std::vector<std::pair<int, int>> ranked;
    ranked.reserve(out.size());
    for (int p : out) ranked.push_back({rank_of(p), p});
    std::sort(ranked.begin(), ranked.end());
    for (std::size_t i = 0; i < ranked.size(); ++i) out[i] = ranked[i].second;
    return out;
  }

 private:
  // What a rule of the level removes from the assumed position, with the
  // removals it rests on (SE's "rule parents").
  struct Removal {
    int pot;
    std::vector<int> parents;
    int weight;
    std::string cause;
  };
  std::vector<Removal> advanced(int start) const;

  void swap_arrays();
  void prepare_static() {
    if (links) return;
    list_implications();
    // Written where a potential is reached and read only then: sized, not cleared.
    if (depth.size() != static_cast<std::size_t>(total())) depth.assign(total(), 0);
  }
  void list_implications();
  void list_reach();
  void list_full_reach();
  void remove_candidates(int cell, Mask gone);
  // Dynamic, with variant rules: revises the rules over the cells the run
  // changed since the last call on the assumed position and adds what they
  // remove through add(potential, parents); false when nothing new follows
  // (or a contradiction was found).
  template <class Add>
  bool revise_rules(int start, Add&& add);
  bool follows_rules() const { return ctx.rules && mode.dynamic && mode.y_links; }
  std::vector<int> fewest_reasons(const detail::Rule& rule, const std::vector<int>& rests, int target, int start) const;
  std::span<const int> houses_in_order(int cell) const {
    return mode.se_order ? ctx.tables.chaining_houses(cell) : ctx.geo.houses_of(cell);
  }

  RunArrays* lent = nullptr;
  // A static run's implications never change: each potential's are listed on
  // the first run, in the order a run follows them, or taken from `shared`.
  SharedImplications links;
  SharedImplications* shared = nullptr;
  // Scratch of run(), kept between runs so that a run allocates nothing.
  PotentialList queue, offs;
  std::vector<int> from;
  // revise_rules' scratch: the candidates at its last round (a cell that
  // differs has changed since), the rules to revise (flagged in rule_due),
  // the assumed masks. (Found by comparing, not flagged as candidates go:
  // the dynamic runs of a classic puzzle pay nothing for it.)
  std::vector<Mask> revised;
  std::vector<char> rule_due;
  std::vector<int> due;
  std::vector<Mask> assumed, position_masks;
  mutable std::vector<Mask> trial;   // fewest_reasons' scratch
  mutable std::vector<int> touched;  // the cells of trial one try of fewest_reasons changed
  // leads_to's answers:
  std::vector<int> live;             // per potential of a candidate: its bit in reach (others -1)
  std::vector<int> component;        // per such potential: its strongly connected component
  // Per component, the potentials it leads to folded onto kFoldWords words
  // (bit: its bit in reach, modulo their bits): a bit not set there is
  // certainly not reached; one set, perhaps. Listed for every component
  // at a twentieth of the cost of the exact reach on a hard killer's
  // positions, where a potential leads to about ten others of 1200.
  static constexpr std::size_t kFoldWords = 4;
  std::vector<std::uint64_t> folded;
  std::vector<int> members_at, members;  // per component (in the order listed), its potentials from members_at[c]
  long implication_count = 0, perhaps_cost = 0;
  std::vector<std::uint64_t> reach;  // per component: the potentials it leads to, as bits (listed when asked)
  std::size_t reach_words = 0;
  mutable std::vector<unsigned> visited;  // ancestors_of's marks: visit for the potentials seen
  mutable unsigned visit = 0;
};

// ---- The run and the static implications -----------------------------------
// Defined here rather than in propagation.cpp, so that they are compiled with
// the searches that run them, as when the chain techniques were one file: in
// a file of their own, GCC turned the arrays' fills into memset calls, which
// callgrind counts byte by byte (rep stosb), 2-5 % more instructions on the
// chain ratings of bench/callgrind.sh for no change in time.

inline void Propagation::swap_arrays() {
  std::swap(reached, lent->reached);
  std::swap(mark, lent->mark);
  std::swap(parent_at, lent->parent_at);
  std::swap(parent_count, lent->parent_count);
  std::swap(position, lent->position);
  std::swap(weight, lent->weight);
  std::swap(nest, lent->nest);
  std::swap(single, lent->single);
  std::swap(order, lent->order);
  std::swap(queue, lent->queue);
  std::swap(offs, lent->offs);
  std::swap(depth, lent->depth);
  std::swap(visited, lent->visited);
  std::swap(visit, lent->visit);
}

// Tarjan's strongly connected components, which come out each after every
// component it leads to: a component's reach is its members and the reach
// of the components their implications enter.
inline void Propagation::list_reach() {
  const std::vector<int>& implied_at = links->at;
  const auto& implied = links->list;
  const int count = total();
  live.assign(count, -1);
  int lives = 0;
  for (int p = 0; p < count; ++p)
    if (ctx.grid.has((p >> 1) / n, (p >> 1) % n + 1)) {
      live[p] = lives++;
      implication_count += implied_at[p + 1] - implied_at[p];
    }
  reach_words = (static_cast<std::size_t>(lives) + 63) / 64;
  folded.reserve(static_cast<std::size_t>(lives) * kFoldWords);
  members_at.assign(1, 0);
  members.clear();
  component.assign(count, -1);
  std::vector<int> index(count, -1), low(count, 0), next_edge(count, 0), stack, calls;
  std::vector<char> on_stack(count, 0);
  int visited = 0, components = 0;
  auto visit = [&](int v) {
    index[v] = low[v] = visited++;
    next_edge[v] = implied_at[v];
    stack.push_back(v);
    on_stack[v] = 1;
    calls.push_back(v);
  };
  for (int root = 0; root < count; ++root) {
    if (index[root] >= 0 || live[root] < 0) continue;  // only candidates' potentials have implications
    visit(root);
    while (!calls.empty()) {
      const int v = calls.back();
      if (next_edge[v] < implied_at[v + 1]) {
        const int w = implied[next_edge[v]++].to;
        if (index[w] < 0) visit(w);
        else if (on_stack[w]) low[v] = std::min(low[v], index[w]);
        continue;
      }
      calls.pop_back();
      if (!calls.empty()) low[calls.back()] = std::min(low[calls.back()], low[v]);
      if (low[v] != index[v]) continue;
      const std::size_t at = folded.size();
      folded.resize(at + kFoldWords, 0);
      const std::size_t first = members.size();
      for (int w = -1; w != v;) {
        w = stack.back();
        stack.pop_back();
        on_stack[w] = 0;
        component[w] = components;
        members.push_back(w);
        const int fold = live[w] & static_cast<int>(kFoldWords * 64 - 1);
        folded[at + (fold >> 6)] |= std::uint64_t{1} << (fold & 63);
      }
      for (std::size_t i = first; i < members.size(); ++i)
        for (int e = implied_at[members[i]]; e < implied_at[members[i] + 1]; ++e)
          if (const int c = component[implied[e].to]; c != components)
            for (std::size_t k = 0; k < kFoldWords; ++k) folded[at + k] |= folded[static_cast<std::size_t>(c) * kFoldWords + k];
      members_at.push_back(static_cast<int>(members.size()));
      ++components;
    }
  }
}

// The exact reach of every component, in the order they were listed (each
// after every component it leads to): its potentials and the reach of the
// components their implications enter.
inline void Propagation::list_full_reach() {
  const std::vector<int>& implied_at = links->at;
  const auto& implied = links->list;
  const std::size_t components = members_at.size() - 1, words = reach_words;
  reach.assign(components * words, 0);
  for (std::size_t c = 0; c < components; ++c) {
    // Through plain pointers, which the compiler knows apart: the words are
    // ORed a vector at a time. A component whose potential is already in the
    // reach is skipped: a component ORed before leads to it, so its reach is
    // in already.
    std::uint64_t* __restrict into = reach.data() + c * words;
    for (int i = members_at[c]; i < members_at[c + 1]; ++i) {
      const int bit = live[members[i]];
      into[bit >> 6] |= std::uint64_t{1} << (bit & 63);
    }
    for (int i = members_at[c]; i < members_at[c + 1]; ++i)
      for (int e = implied_at[members[i]]; e < implied_at[members[i] + 1]; ++e) {
        const int to = implied[e].to, bit = live[to];
        if ((into[bit >> 6] >> (bit & 63)) & 1) continue;
        const std::uint64_t* __restrict from = reach.data() + static_cast<std::size_t>(component[to]) * words;
        for (std::size_t k = 0; k < words; ++k) into[k] |= from[k];
      }
  }
}

// Dynamic: takes the digits `gone` from a cell's candidates and places.
inline void Propagation::remove_candidates(int cell, Mask gone) {
  cand[cell] &= ~gone;
  const auto houses = ctx.geo.houses_of(cell);
  const auto positions = ctx.tables.positions_in_houses(cell);
  for (int d : digits_of(gone))
    for (std::size_t k = 0; k < houses.size(); ++k) places[houses[k] * n + d - 1] &= ~(Mask{1} << positions[k]);
}

inline void Propagation::list_implications() {
  if (shared && *shared) {
    links = *shared;
    return;
  }
  auto listed = std::make_shared<StaticImplications>();
  std::vector<int>& implied_at = listed->at;
  std::vector<StaticImplications::Implication>& implied = listed->list;
  implied_at.assign(static_cast<std::size_t>(total()) + 1, 0);
  // Per digit, the cells that hold it, as bits: a cell's peers holding it,
  // lowest first, are the geometry's peer order.
  const std::size_t words = ctx.tables.peer_words(0).size();
  std::vector<std::uint64_t> holding(static_cast<std::size_t>(n) * words, 0);
  for (int c = 0; c < cells; ++c)
    for (int d : digits_of(ctx.grid.candidates(c))) holding[(d - 1) * words + (c >> 6)] |= std::uint64_t{1} << (c & 63);
  // The cells whose "off" potentials imply something: with Y links only,
  // the bivalue cells; a run that skips dead ends need not list the others.
  std::vector<std::uint64_t> leading(words, ~std::uint64_t{0});
  if (mode.skip_dead_ends && !mode.x_links) {
    std::fill(leading.begin(), leading.end(), 0);
    for (int c = 0; c < cells; ++c)
      if (popcount(ctx.grid.candidates(c)) == 2) leading[c >> 6] |= std::uint64_t{1} << (c & 63);
  }
  for (int p = 0; p < total(); ++p) {
    implied_at[p] = static_cast<int>(implied.size());
    const int cell = (p >> 1) / n, d = (p >> 1) % n + 1;
    if (!ctx.grid.has(cell, d)) continue;
    const Mask candidates = ctx.grid.candidates(cell);
    if (p & 1) {  // on → off
      if (mode.y_links)
        for (int e : digits_of(candidates & ~digit_bit(d))) implied.push_back({pot(cell, e, kOff), kNoSingle});
      if (ctx.rules)  // the variant rules' weak links: the same digit's, and with Y links the others
        for (int q : ctx.rules->weak_links(cell, d, !mode.y_links))
          if (ctx.grid.has(q / n, q % n + 1)) implied.push_back({q * 2 + kOff, kNoSingle});
      if (mode.se_order) {  // by house, box first (a peer in two houses listed twice)
        for (int h : ctx.tables.chaining_houses(cell))
          for (int peer : ctx.geo.houses()[h].cells)
            if (peer != cell && ctx.grid.has(peer, d)) implied.push_back({pot(peer, d, kOff), kNoSingle});
        continue;
      }
      const auto peers = ctx.tables.peer_words(cell);
      for (std::size_t w = 0; w < words; ++w)
        for (int bit : bits::SetBits<>(peers[w] & holding[(d - 1) * words + w] & leading[w]))
          implied.push_back({pot(static_cast<int>(w * 64) + bit, d, kOff), kNoSingle});
      continue;
    }
    if (mode.y_links && popcount(candidates) == 2)  // off → on
      implied.push_back({pot(cell, lowest_digit(candidates & ~digit_bit(d)), kOn), kLastInCell});
    if (!mode.x_links) continue;
    for (int h : houses_in_order(cell)) {
      const Mask w = ctx.where(h, d);
      if (popcount(w) != 2) continue;
      for (Mask m = w; m; m &= m - 1)
        if (const int c = ctx.geo.houses()[h].cells[std::countr_zero(m)]; c != cell) implied.push_back({pot(c, d, kOn), h});
    }
  }
  implied_at[total()] = static_cast<int>(implied.size());
  links = std::move(listed);
  if (shared) *shared = links;
}

inline void Propagation::run(int start, RunBounds run_bounds) {
  bounds = run_bounds;
  if (mode.dynamic) {
    cand.resize(cells);
    for (int c = 0; c < cells; ++c) cand[c] = ctx.grid.candidates(c);
    places = ctx.houses_map().places;
    if (follows_rules()) {
      revised = cand;
      rule_removals.clear();
    }
  }
  if (!mode.dynamic) prepare_static();
  const std::size_t total = static_cast<std::size_t>(this->total());
  if (reached.size() != total) {
    reached.assign(total, 0);
    mark = 0;
    parent_at.assign(total, 0);
    parent_count.assign(total, 0);
    position.assign(total, 0);
  }
  if (weight.size() != total) {
    weight.assign(total, 0);
    nest.assign(total, 0);
    single.assign(total, kNoSingle);
  }
  if (++mark == 0) {  // the marks wrapped round: start them again
    std::fill(reached.begin(), reached.end(), 0);
    mark = 1;
  }
  // A potential's parents and single are written where it is reached; the
  // nested steps' weights only where the last run's causes say.
  for (const auto& cause : causes) weight[cause.first] = nest[cause.first] = 0;
  int steps_applied = 0;
  order.reset(total);
  parent_pool.clear();
  deferred.clear();
  causes.clear();
  contradiction.clear();
  queue.reset(total);  // se_order: "on" potentials in queue, "off" ones in offs
  offs.reset(total);
  std::size_t queue_head = 0, offs_head = 0;
  // Always inlined: revise_rules calls it too, and out of line it costs the
  // classic dynamic chains 3 % more instructions (callgrind, rate-se-9.x).
  auto add = [&](int p, std::span<const int> parents_of_p, int why = kNoSingle) __attribute__((always_inline)) {
    if (is_reached(p) || !contradiction.empty()) return;
    if ((p >> 1) == bounds.blocked && p != start) return;
    const int other = p ^ 1;
    reached[p] = mark;
    single[p] = why;
    parent_count[p] = static_cast<int>(parents_of_p.size());
    if (parents_of_p.size() == 1) {
      parent_at[p] = parents_of_p[0];
    } else {
      parent_at[p] = static_cast<int>(parent_pool.size());
      parent_pool.insert(parent_pool.end(), parents_of_p.begin(), parents_of_p.end());
    }
    position[p] = static_cast<int>(order.size());
    order.push(p);
    if (mode.dynamic && is_reached(other)) {
      contradiction = {p, other};
      return;
    }
    (mode.se_order && !(p & 1) ? offs : queue).push(p);
  };
  auto add_from = [&](int p, int parent, int why = kNoSingle) { add(p, std::span<const int>(&parent, 1), why); };
  if (!mode.dynamic) depth[start] = 0;
  add(start, {});
  for (;;) {
    while ((queue_head < queue.size() || offs_head < offs.size()) && contradiction.empty()) {
      const int p = queue_head < queue.size() ? queue[queue_head++] : offs[offs_head++];
      if (!mode.dynamic) {  // a static run follows the implications listed once
        const int next = depth[p] + 1;
        if (bounds.max_depth >= 0 && next > bounds.max_depth) continue;
        const std::vector<int>& implied_at = links->at;
        for (int i = implied_at[p]; i < implied_at[p + 1]; ++i) {
          const auto [to, why] = links->list[i];
          if (is_reached(to) || ((to >> 1) == bounds.blocked && to != start)) continue;
          if (mode.skip_dead_ends && !(to & 1) && implied_at[to] == implied_at[to + 1]) continue;
          depth[to] = next;  // add_from's work, less what a static run never meets
          reached[to] = mark;
          single[to] = why;
          parent_at[to] = p;
          parent_count[to] = 1;
          position[to] = static_cast<int>(order.size());
          order.push(to);
          (mode.se_order && !(to & 1) ? offs : queue).push(to);
          if (to == bounds.stop_at) return;
        }
        continue;
      }
      const int v = p >> 1, cell = v / n, d = v % n + 1;
      if (p & 1) {  // on → off
        if (mode.y_links)
          for (int e : digits_of(cand[cell] & ~digit_bit(d))) add_from(pot(cell, e, kOff), p);
        if (ctx.rules)
          for (int q : ctx.rules->weak_links(cell, d, !mode.y_links))
            if (cand[q / n] & digit_bit(q % n + 1)) add_from(q * 2 + kOff, p);
        if (mode.se_order) {  // by house, box first: the digit's places left in each
          for (int h : ctx.tables.chaining_houses(cell)) {
            const auto& house_cells = ctx.geo.houses()[h].cells;
            for (int i : bits::SetBits<>(places[static_cast<std::size_t>(h) * n + d - 1]))
              if (house_cells[i] != cell) add_from(pot(house_cells[i], d, kOff), p);
          }
        } else {
          for (int peer : ctx.geo.peers_of(cell))
            if (peer != cell && (cand[peer] & digit_bit(d))) add_from(pot(peer, d, kOff), p);
          remove_candidates(cell, cand[cell] & ~digit_bit(d));
        }
      } else {  // off → on
        remove_candidates(cell, cand[cell] & digit_bit(d));
        if (cand[cell] == 0) {
          for (int e : digits_of(ctx.grid.candidates(cell))) contradiction.push_back(pot(cell, e, kOff));
          break;
        }
        if (mode.y_links && popcount(cand[cell]) == 1) {
          const int e = lowest_digit(cand[cell]);
          if (!is_reached(pot(cell, e, kOn))) {
            from.clear();
            for (int f : digits_of(ctx.grid.candidates(cell) & ~digit_bit(e))) from.push_back(pot(cell, f, kOff));
            add(pot(cell, e, kOn), from, kLastInCell);
          }
        }
        for (int h : houses_in_order(cell)) {
          const std::size_t hd = static_cast<std::size_t>(h) * n + d - 1;
          if (ctx.placed_in(h, d)) continue;
          const auto& house_cells = ctx.geo.houses()[h].cells;
          const Mask left = places[hd];
          if (left == 0) {
            for (int i : bits::SetBits<>(ctx.where(h, d))) contradiction.push_back(pot(house_cells[i], d, kOff));
            break;
          }
          if (!bits::one_bit(left)) continue;
          const int last = house_cells[std::countr_zero(left)];
          if (is_reached(pot(last, d, kOn))) continue;
          from.clear();
          for (int i : bits::SetBits<>(ctx.where(h, d) & ~left)) from.push_back(pot(house_cells[i], d, kOff));
          add(pot(last, d, kOn), from, h);
        }
        if (!contradiction.empty()) break;
      }
    }
    if (!contradiction.empty() || !mode.dynamic) break;
    if (follows_rules() && revise_rules(start, add)) continue;
    if (!contradiction.empty() || mode.level == 0) break;
    bool any = false;
    ++steps_applied;
    for (Removal& r : advanced(start)) {
      if (is_reached(r.pot)) continue;
      add(r.pot, r.parents);
      if (!is_reached(r.pot)) continue;
      weight[r.pot] = r.weight;
      nest[r.pot] = steps_applied;
      causes.push_back({r.pot, r.cause});
      any = true;
    }
    if (!any) break;
  }
}

// A rule over many cells is to the assumed position what a house's singles
// are: what no assignment keeping it uses goes, resting on what the run
// removed from the rule's cells (as SE's rules of level 1 rest on the
// removals that make their pattern). A rule no assignment keeps is a
// contradiction of those removals.
template <class Add>
bool Propagation::revise_rules(int start, Add&& add) {
  const detail::ConstraintProgram& program = ctx.rules->program();
  rule_due.assign(static_cast<std::size_t>(program.rule_count()), 0);
  due.clear();
  for (int cell = 0; cell < cells; ++cell) {
    if (cand[cell] == revised[cell]) continue;
    revised[cell] = cand[cell];
    for (int r : program.rules_of(cell))
      if (!rule_due[r]) {
        rule_due[r] = 1;
        due.push_back(r);
      }
  }
  if (due.empty()) return false;
  std::sort(due.begin(), due.end());  // the program's order, whatever the cells' order
  if (position_masks.empty()) {
    position_masks.resize(cells);
    for (int c = 0; c < cells; ++c)
      position_masks[c] = ctx.grid.value(c) ? digit_bit(ctx.grid.value(c)) : ctx.grid.candidates(c);
    trial = position_masks;
  }
  assumed.resize(cells);
  for (int c = 0; c < cells; ++c) assumed[c] = ctx.grid.value(c) ? position_masks[c] : cand[c];
  MasksInPlace domains(assumed);
  bool any = false;
  std::vector<int> rests;
  std::vector<Mask> before;
  for (int r : due) {
    const detail::Rule& rule = program.rule(r);
    rests.clear();
    before.clear();
    for (int c : rule.cells) {
      before.push_back(assumed[c]);
      for (int d : digits_of(ctx.grid.candidates(c) & ~assumed[c]))
        if (is_reached(pot(c, d, kOff))) rests.push_back(pot(c, d, kOff));
    }
    std::sort(rests.begin(), rests.end());
    rests.erase(std::unique(rests.begin(), rests.end()), rests.end());
    const int rests_at = static_cast<int>(deferred.rests.size());
    bool rests_kept = false;
    if (!rule.revise(domains)) {
      contradiction = fewest_reasons(rule, rests, -1, start);
      return false;
    }
    for (std::size_t i = 0; i < rule.cells.size(); ++i) {
      const int c = rule.cells[i];
      if (ctx.grid.value(c)) continue;
      for (int d : digits_of(before[i] & ~assumed[c])) {
        const int p = pot(c, d, kOff);
        if (is_reached(p)) continue;
        add(p, std::span<const int>());
        if (!is_reached(p)) continue;  // (is_reached(p) before add: reached now means added)
        if (!rests_kept) {
          deferred.rests.insert(deferred.rests.end(), rests.begin(), rests.end());
          rests_kept = true;
        }
        parent_at[p] = static_cast<int>(deferred.entries.size());
        parent_count[p] = kDeferredParents;
        deferred.entries.push_back({r, p, start, rests_at, static_cast<int>(rests.size())});
        if (!contradiction.empty()) return false;
        rule_removals.push_back({p, rule.origin});
        any = true;
      }
    }
  }
  return any;
}

// Of the removals `rests` (off potentials of the rule's cells), a set the
// conclusion still follows from with every other one undone: the rule
// removes `target` (-1: the rule cannot be kept) on the position less those
// alone. Each is dropped where the rest suffice (a cell's at once first), so
// that a chain rests on what the rule needs, not on all the run removed there
// (which would lengthen it, and its rating, for nothing). Where none is
// needed (the position alone gives it), the start.
inline std::vector<int> Propagation::fewest_reasons(const detail::Rule& rule, const std::vector<int>& rests, int target,
                                                    int start) const {
  // trial equals position_masks between calls: a revise may clear cells
  // beyond the rule's own (a cage's digit leaving the rest of a house), and
  // what one try cleared there must not count in the next, or the reasons
  // would depend on the tries made before.
  const auto follows = [&](const std::vector<int>& removed) {
    TrackedMasks domains(trial, touched);
    for (int q : removed) domains.keep_only((q >> 1) / n, ~digit_bit((q >> 1) % n + 1));
    const bool kept = rule.revise(domains);
    const bool gone = target >= 0 && !(trial[(target >> 1) / n] & digit_bit((target >> 1) % n + 1));
    for (int c : touched) trial[c] = position_masks[c];
    touched.clear();
    return !kept || gone;
  };
  std::vector<int> needed = rests, fewer;
  // A cell's removals at once first (most cells of a rule need none), then one by one.
  for (bool whole_cells : {true, false})
    for (std::size_t i = 0; i < needed.size();) {
      std::size_t end = i + 1;
      if (whole_cells)
        while (end < needed.size() && needed[end] / (2 * n) == needed[i] / (2 * n)) ++end;
      fewer.assign(needed.begin(), needed.begin() + static_cast<std::ptrdiff_t>(i));
      fewer.insert(fewer.end(), needed.begin() + static_cast<std::ptrdiff_t>(end), needed.end());
      if (follows(fewer)) needed.swap(fewer);
      else i = end;
    }
  if (needed.empty()) needed.push_back(start);
  return needed;
}

// ---- Writing chains out, and the easiest step ------------------------------

// "r1c2=4", "r1c2<>4".
std::string pot_text(const Context& ctx, int p);
// Potentials a rule removed are followed by the rule's name: "r1c2<>4 (Pointing)".
std::string chain_text(const Context& ctx, const std::vector<int>& chain, const Causes* causes = nullptr);
// Adds potential p to the step as a placement ("on") or an elimination ("off").
void add_conclusion(const Context& ctx, Step& s, int p);

// The easiest step offered: lowest rating, then shortest, then lowest key
// (SE's sort key: X-only 2, Y-only 3, both 4), as SE sorts its chain hints.
struct Best {
  std::optional<Step> step;
  int length = 1 << 30;
  int key = 0;
  Tenths rating = 0;  // the step's
  // Whether a step rated `r`, its chain `len` long, would replace the best
  // (a search skips writing out a step that would not).
  bool takes(Tenths r, int len, int k = 0) const {
    return !step || r < rating || (r == rating && std::pair(len, k) < std::pair(length, key));
  }
  // A step rated `r`, its chain `len` long.
  void offer(Step s, Tenths r, int len, int k = 0) {
    if (takes(r, len, k)) {
      s.rating = to_rating(r);
      s.chain_length = len;
      rating = r;
      step = std::move(s);
      length = len;
      key = k;
    }
  }
};

// A nested search stops at its first step, a hint's once it has one and
// its time to settle has come; any search stops when time is up.
inline bool done(const Context& ctx, const Best& best) {
  return (best.step && (ctx.first_found || ctx.settled())) || ctx.expired();
}

// done() for a loop of many cheap iterations (a static chain search's
// starts, most of which run nothing): the clock is read once in 8 calls
// (in a nested search's every assumption it was 7 % of a slow hint, perf),
// a nested search's first step stops it at once.
class DoneEvery {
 public:
  bool operator()(const Context& ctx, const Best& best) {
    if (best.step && ctx.first_found) return true;
    return (++calls_ & 7) == 0 && done(ctx, best);
  }

 private:
  unsigned calls_ = 0;
};

}  // namespace nonet::logic::chaining
