// Forcing chains that follow each assumption in the order of SE's doChaining
// (read in its source; see ChainMode::se_order), which is not breadth first:
// the lengths SE rates come from that order. The propagation is in
// propagation.hpp; static loops and forcing X-chains in chains.cpp.
//
//   Nishio forcing chain (7.5)
//                          one digit followed dynamically until it leaves a
//                          house without it: the assumed candidate goes
//   Cell / region forcing chains (8.0)
//                          every candidate of a cell (every place of a digit in
//                          a house) implies the same potential: it holds
//   Dynamic forcing chains (8.5)
//                          the implications are redone on the grid as each
//                          assumption changes it (naked and hidden singles that
//                          appear on the way); a candidate whose assumption
//                          ends in a contradiction (a cell or a house left
//                          without a digit, a candidate both on and off) is
//                          false; one whose "on" and "off" imply the same
//                          potential gives that potential; cell and region
//                          forcing as above.
//   Dynamic forcing chains (+) (9.0) and nested forcing chains (9.5-11.0)
//                          the dynamic propagation, once nothing more follows,
//                          applies the rules of its level to the assumed
//                          position (rule_step, propagation.cpp) and follows
//                          what they remove.
// Honest limits: a rule contributes its first step per round and a nested
// search its first step (SE takes every step of the rule at once), and a
// nested chain's parents are approximated, so lengths are close to SE's but
// not always equal. Aligned triplet exclusion (7.5) is not built.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "propagation.hpp"

namespace nonet::logic {

using namespace chaining;

// Nishio: a candidate whose truth, followed on its own digit only (and the
// hidden singles of that digit it creates), leaves a house without the digit.
std::optional<Step> find_nishio(const Context& ctx) {
  const int n = ctx.n();
  Best best;
  Propagation prop(ctx, ChainMode::nishio());
  for (int cell = 0; cell < ctx.cells(); ++cell)
    for (int d : digits_of(ctx.grid.candidates(cell))) {
      const int start = Propagation::pot(cell, d, kOn, n);
      prop.run(start);
      if (prop.contradiction.empty()) continue;
      std::vector<int> chain = prop.ancestors(prop.contradiction);
      const int length = contradiction_length(
          prop.contradiction, [&](int t) { return static_cast<int>(prop.ancestors({t}).size()); });
      Step s;
      s.technique = "Nishio forcing chain";
      const Tenths rating = rating_of(Technique::nishio) + chain_length_bonus_tenths(length);
      if (!best.takes(rating, length)) continue;
      s.detail = "assuming " + pot_text(ctx, start) + " leaves a house without " + digit_char(d);
      s.eliminations.push_back({cell, d});
      s.chains.push_back(chain_text(ctx, chain));
      s.cells = {cell};
      best.offer(std::move(s), rating, length);
    }
  return best.step;
}

namespace {

// SE's sort keys among hints of one rating and length.
constexpr int kDoubleForcingKey = 1, kCellForcingKey = 5, kRegionForcingKey = 6, kContradictionKey = 7;

// Whether concluding potential p changes the grid.
bool useful(const Context& ctx, int p) {
  const int v = p >> 1, cell = v / ctx.n(), d = v % ctx.n() + 1;
  if (ctx.grid.value(cell)) return false;
  if (p & 1) return popcount(ctx.grid.candidates(cell)) > 1;  // removes something
  return ctx.grid.has(cell, d);
}

// One assumption's run, kept: what it implies (or its contradiction).
struct Outcome {
  int start;
  std::vector<std::uint64_t> reached;  // bitset over potentials
  std::vector<int> order;
  std::vector<int> parent_pool;
  std::vector<std::pair<int, int>> parents;  // aligned with order: as Propagation's parent_at, parent_count
  Propagation::DeferredReasons deferred;     // as Propagation's
  std::vector<int> contradiction;
  Causes causes;
  std::vector<std::pair<int, int>> rule_removals;  // as Propagation's
  std::vector<std::array<int, 3>> weights;  // potentials removed by a nested step: {potential, step, its length}
  std::vector<std::pair<int, int>> singles;  // "on" potentials that are singles, and where
  bool has(int p) const { return (reached[p >> 6] >> (p & 63)) & 1; }
  // p's index in order (order.size(): not reached), mapped on the first ask:
  // most outcomes are never asked for a chain.
  int rank_of(int p, int potentials) const {
    if (rank.empty()) {
      rank.assign(potentials, static_cast<int>(order.size()));
      for (std::size_t i = 0; i < order.size(); ++i) rank[order[i]] = static_cast<int>(i);
    }
    return rank[p];
  }
  mutable std::vector<int> rank;
};

// One search for cell and region forcing chains, static (level 0) or
// dynamic (levels 0-5: dynamic, dynamic (+), nested): every cell's set of
// assumptions (its candidates), with, when dynamic, each candidate's
// contradictions and double implications; then every region's (a digit's
// places in a house).
struct MultipleForcingSearch {
  const Context& ctx;
  const int n;
  const bool dynamic;
  const Tenths base;
  // As SE: the static pass starts only from cells of three or more candidates
  // (a bivalue cell's chains are forcing chains), and so does a double
  // implication; a region is taken where its first place of the digit is such
  // a cell.
  const int min_start;
  const std::size_t words;  // of a bitset over the potentials
  const std::string prefix, suffix;  // of the technique's name
  Propagation prop;
  Best best;
  // Each assumption's outcome, run on the first ask: a candidate's "on" is
  // one of its cell's set and of a region's set in each of its houses, and a
  // run depends only on the position and the start. A candidate's "off" is
  // asked once; its buffers are kept from one to the next.
  std::vector<std::unique_ptr<Outcome>> outcomes;
  Outcome off;
  std::vector<const Outcome*> set;  // one set of assumptions: a cell's candidates, a region's places
  std::vector<std::uint64_t> implied_by_all;  // common's scratch
  std::vector<std::vector<int>> chains;       // common's scratch
  std::vector<std::pair<int, int>> deferred;  // candidates (cell, digit) whose "off" a hurried search left for later

  MultipleForcingSearch(const Context& c, bool dyn, int level)
      : ctx(c),
        n(c.n()),
        dynamic(dyn),
        // SE: 8.0, 8.5; dynamic (+) 9.0; nested levels 2-5 9.5, 10.0, 10.5, 11.0.
        base(level >= 1 ? rating_of(Technique::dynamic_forcing_chains) + 5 * level
                        : rating_of(dyn ? Technique::dynamic_forcing_chains : Technique::cell_region_forcing_chains)),
        min_start(dyn ? 2 : 3),
        words((static_cast<std::size_t>(c.cells()) * n * 2 + 63) / 64),
        prefix(dyn || level > 0 ? "Dynamic " : ""),
        // SE's names: "Dynamic Forcing Chains (+)" at level 1, "Nested Forcing Chains" above.
        suffix(level == 1 ? " (+)" : level >= 2 ? cat({" (nested, level ", std::to_string(level), ")"}) : ""),
        prop(c, ChainMode::multiple_forcing(dyn, level)),
        outcomes(static_cast<std::size_t>(prop.total())) {}

  std::optional<Step> find() {
    if (search_cells() && search_regions()) search_deferred();
    if (ctx.expired()) return std::nullopt;
    return best.step;
  }

  // Runs an assumption into `o`, whose buffers an earlier outcome left.
  void run_into(int start, Outcome& o) {
    prop.run(start);
    o.start = start;
    o.reached.assign(words, 0);
    o.order.assign(prop.order.begin(), prop.order.end());
    o.parent_pool = prop.parent_pool;
    o.deferred = prop.deferred;
    o.parents.clear();
    o.contradiction = prop.contradiction;
    o.causes = prop.causes;
    o.rule_removals = prop.rule_removals;
    o.weights.clear();
    o.singles.clear();
    o.rank.clear();
    for (int p : prop.order) {
      o.reached[p >> 6] |= std::uint64_t{1} << (p & 63);
      o.parents.push_back({prop.parent_at[p], prop.parent_count[p]});
      if (prop.weight[p]) o.weights.push_back({p, prop.nest[p], prop.weight[p]});
      if (prop.single[p] != Propagation::kNoSingle) o.singles.push_back({p, prop.single[p]});
    }
    // As SE: an assumption that ends in a contradiction still takes part in
    // cell, region and double forcing chains with what it implied before (the
    // potential that met its negation not included).
    if (o.contradiction.size() == 2 && o.contradiction[0] == o.order.back()) {
      const int p = o.contradiction[0];
      o.reached[p >> 6] &= ~(std::uint64_t{1} << (p & 63));
    }
  }

  const Outcome& outcome_of(int start) {
    std::unique_ptr<Outcome>& o = outcomes[static_cast<std::size_t>(start)];
    if (!o) {
      o = std::make_unique<Outcome>();
      run_into(start, *o);
    }
    return *o;
  }

  std::vector<int> chain_of(const Outcome& o, const std::vector<int>& targets) const {
    return prop.ancestors_of(
        [&](int p) {
          const std::size_t i = static_cast<std::size_t>(o.rank_of(p, prop.total()));
          if (i == o.parents.size()) return std::span<const int>();
          const auto& [at, count] = o.parents[i];  // a reference: parents_at may point at `at`
          if (count == Propagation::kDeferredParents) return prop.reasons_of(o.deferred, at);
          return Propagation::parents_at(o.parent_pool, at, count);
        },
        [&](int p) { return o.rank_of(p, prop.total()); }, targets);
  }

  // A chain's length as SE counts it: its potentials, and the length of every
  // nested chain that removed one of them.
  // (A nested step counts once, however many of its removals the chain uses.)
  static int measure(const Outcome& o, const std::vector<int>& chain) {
    int length = static_cast<int>(chain.size());
    std::vector<int> counted;
    for (const auto& [p, step, w] : o.weights)
      if (std::find(counted.begin(), counted.end(), step) == counted.end() &&
          std::find(chain.begin(), chain.end(), p) != chain.end()) {
        length += w;
        counted.push_back(step);
      }
    return length;
  }

  void singles_of(Step& s, const Outcome& o, const std::vector<int>& chain) const {
    record_singles(s, chain, n, [&](int p) {
      for (const auto& [q, why] : o.singles)
        if (q == p) return why;
      return static_cast<int>(Propagation::kNoSingle);
    });
  }

  // A chain as text, each potential a rule removed followed by the rule: one
  // of the level's, or a variant rule whose revise removed it.
  std::string chain_text_of(const Outcome& o, const std::vector<int>& chain) const {
    if (o.rule_removals.empty()) return chain_text(ctx, chain, &o.causes);
    Causes causes = o.causes;
    for (const auto& [p, origin] : o.rule_removals) causes.push_back({p, ctx.rules->origin_text(origin)});
    return chain_text(ctx, chain, &causes);
  }

  // The written rules whose revise removed a potential of the chain (the
  // rule of 45's sums, negative origins, have no single rule to name).
  static void rules_of(Step& s, const Outcome& o, const std::vector<int>& chain) {
    for (const auto& [p, origin] : o.rule_removals)
      if (origin >= 0 && std::find(s.rules.begin(), s.rules.end(), origin) == s.rules.end() &&
          std::find(chain.begin(), chain.end(), p) != chain.end())
        s.rules.push_back(origin);
  }

  int contradiction_of(const Outcome& o) const {
    return contradiction_length(o.contradiction, [&](int t) { return measure(o, chain_of(o, {t})); });
  }

  // An assumption that ends in a contradiction: its negation holds.
  void offer_contradiction(const Outcome& o, int cell) {
    auto chain = chain_of(o, o.contradiction);
    const int length = contradiction_of(o);
    Step s;
    s.technique = cat({"Dynamic contradiction forcing chain", suffix});
    const Tenths rating = base + chain_length_bonus_tenths(length);
    if (!best.takes(rating, length, kContradictionKey)) return;
    s.detail = "assuming " + pot_text(ctx, o.start) + " leads to a contradiction";
    add_conclusion(ctx, s, o.start ^ 1);
    s.chains.push_back(chain_text_of(o, chain));
    rules_of(s, o, chain);
    if (ctx.first_found) singles_of(s, o, chain);
    s.cells = {cell};
    best.offer(std::move(s), rating, length, kContradictionKey);
  }

  // Potentials implied by every outcome of a set of exhaustive assumptions
  // (`alternatives`: one of them holds).
  // start_why: how the starts are singles (SE: a cell's candidates are its
  // last ones, a house's places of a digit its last places; -2: neither).
  // key: SE's sort key; SE offers the "on" conclusions of a set before its
  // "off" ones, each in the order reached.
  // technique_of() and detail_of() give the step's names, written only for a step.
  template <class TechniqueOf, class DetailOf>
  void common(const std::vector<const Outcome*>& alternatives, const TechniqueOf& technique_of,
              const DetailOf& detail_of, const std::vector<int>& cells, int start_why, int key) {
    if (best.step && base > best.rating) return;  // no step of this search can be easier
    // What every outcome implies, as bits over the potentials.
    implied_by_all = alternatives[0]->reached;
    for (const Outcome* o : alternatives)
      for (std::size_t w = 0; w < words; ++w) implied_by_all[w] &= o->reached[w];
    for (int on : {kOn, kOff})
      for (int p : alternatives[0]->order) {
        if ((p & 1) != on || !((implied_by_all[p >> 6] >> (p & 63)) & 1) || !useful(ctx, p)) continue;
        bool is_start = false;
        for (const Outcome* o : alternatives) is_start |= o->start == p;
        if (is_start) continue;
        // The length grows with each outcome's chain: once it rates above
        // the best step, the rest need not be traced.
        int length = -2;
        chains.clear();
        for (const Outcome* o : alternatives) {
          chains.push_back(chain_of(*o, {p}));
          length += measure(*o, chains.back());
          if (best.step && base + chain_length_bonus_tenths(length) > best.rating) break;
        }
        if (chains.size() < alternatives.size()) continue;
        const Tenths rating = base + chain_length_bonus_tenths(length);
        if (!best.takes(rating, length, key)) continue;
        Step s;
        s.technique = technique_of();
        for (std::size_t i = 0; i < alternatives.size(); ++i) s.chains.push_back(chain_text_of(*alternatives[i], chains[i]));
        for (std::size_t i = 0; i < alternatives.size(); ++i) rules_of(s, *alternatives[i], chains[i]);
        if (ctx.first_found) {  // what a search that nests this one needs
          for (std::size_t i = 0; i < alternatives.size(); ++i) {
            singles_of(s, *alternatives[i], chains[i]);
            if (start_why != Propagation::kNoSingle)
              record_singles(s, {alternatives[i]->start}, n, [&](int) { return start_why; });
          }
        }
        s.detail = detail_of();
        add_conclusion(ctx, s, p);
        s.cells = cells;
        best.offer(std::move(s), rating, length, key);
      }
  }

  // Dynamic: the contradictions of a candidate's "on" and "off", and the
  // potentials both imply (a double forcing chain).
  void candidate_forcing(int cell, int d, const Outcome& on) {
    if (!on.contradiction.empty()) offer_contradiction(on, cell);  // the candidate goes
    if (hurried()) {  // its "off" after every "on" (search_deferred)
      deferred.push_back({cell, d});
      return;
    }
    forcing_of_off(cell, d, on);
  }

  // A hint whose time to settle has come with no step yet takes the first
  // it finds: the "on" runs come first, as each serves a cell's contradictions,
  // its cell forcing chains and a region's in each of its houses, while a
  // candidate's "off" serves only its own contradiction and double forcing.
  // Not for a rating or a nested search, whose order gives their steps.
  bool hurried() const { return !ctx.first_found && !best.step && ctx.settled(); }

  // The "off" runs left for later by a hurried search. False where it stops.
  bool search_deferred() {
    for (const auto& [cell, d] : deferred) {
      if (done(ctx, best)) return false;
      forcing_of_off(cell, d, outcome_of(Propagation::pot(cell, d, kOn, n)));
    }
    return true;
  }

  // A candidate's "off": its contradiction, and what its "on" and "off" both imply.
  void forcing_of_off(int cell, int d, const Outcome& on) {
    run_into(Propagation::pot(cell, d, kOff, n), off);
    if (!off.contradiction.empty()) offer_contradiction(off, cell);  // the candidate holds
    if (popcount(ctx.grid.candidates(cell)) >= 3) {
      common(
          {&on, &off}, [&] { return cat({"Dynamic double forcing chain", suffix}); },
          [&] { return "both " + pot_text(ctx, on.start) + " and " + pot_text(ctx, off.start) + " lead there"; },
          {cell}, Propagation::kNoSingle, kDoubleForcingKey);
    }
  }

  // Every cell's candidates, in cell order. False where the search stops.
  bool search_cells() {
    for (int cell = 0; cell < ctx.cells(); ++cell) {
      if (done(ctx, best)) return false;
      if (ctx.grid.value(cell) || popcount(ctx.grid.candidates(cell)) < min_start) continue;
      set.clear();
      for (int d : digits_of(ctx.grid.candidates(cell))) {
        const Outcome& on = outcome_of(Propagation::pot(cell, d, kOn, n));
        set.push_back(&on);
        if (dynamic) candidate_forcing(cell, d, on);
      }
      if (set.size() >= 2)
        common(
            set, [&] { return cat({prefix, "Cell forcing chains", suffix}); },
            [&] { return "every candidate of " + ctx.geo.cell_name(cell) + " leads there"; }, {cell},
            Propagation::kLastInCell, kCellForcingKey);
    }
    return true;
  }

  // Regions in SE's order: by the cell of the digit's first place, the digit,
  // then box, row, column. False where the search stops.
  bool search_regions() {
    const auto& houses = ctx.geo.houses();
    for (int first = 0; first < ctx.cells(); ++first) {
      if (ctx.grid.value(first) || popcount(ctx.grid.candidates(first)) < min_start) continue;
      for (int d : digits_of(ctx.grid.candidates(first)))
        for (int h : ctx.tables.chaining_houses(first)) {
          if (done(ctx, best)) return false;
          const Mask w = ctx.where(h, d);
          if (popcount(w) < 2 || houses[h].cells[std::countr_zero(w)] != first) continue;
          std::vector<int> cells;
          set.clear();
          for (Mask m = w; m; m &= m - 1) {
            const int cell = houses[h].cells[std::countr_zero(m)];
            cells.push_back(cell);
            set.push_back(&outcome_of(Propagation::pot(cell, d, kOn, n)));
          }
          common(
              set, [&] { return cat({prefix, "Region forcing chains", suffix}); },
              [&] {
                return "every place of " + std::string(1, digit_char(d)) + " in " + house_name(houses[h]) +
                       " leads there";
              },
              cells, h, kRegionForcingKey);
        }
    }
    return true;
  }
};

}  // namespace

// Only where the puzzle is known to have one solution (as the uniqueness
// techniques): on a grid that many solutions fit, their search has no end in
// sight (an empty grid: minutes and more), and logic cannot finish such a
// grid anyway.
std::optional<Step> find_nested_forcing_chains(const Context& ctx, int level) {
  if (!ctx.is_unique()) return std::nullopt;
  return find_multiple_forcing_chain(ctx, true, level);
}

std::optional<Step> find_multiple_forcing_chain(const Context& ctx, bool dynamic, int level) {
  return MultipleForcingSearch(ctx, dynamic, level).find();
}

}  // namespace nonet::logic
