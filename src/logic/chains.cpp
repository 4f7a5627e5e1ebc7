// Chains and forcing chains, measured the way Sudoku Explainer measures them.
//
// A potential is a candidate assumed true ("on", r1c2=4) or false ("off",
// r1c2<>4). Implications between potentials:
//   on  → off  the other candidates of the cell; the digit in every peer
//   off → on   the other candidate of a bivalue cell (Y link); the other place
//              of a digit that has two places in a house (X link)
// Forcing chains and loops follow implications breadth first, so each
// conclusion comes with the shortest chain that gives it. Nishio, cell, region
// and dynamic forcing chains follow them in the order of SE's doChaining (read
// in its source; see Propagation::se_order), which is not breadth first: the
// lengths SE rates come from that order.
//
//   Forcing X-chain (6.6)  only X links: r1c2=4 ⇒ … ⇒ r1c2<>4, so 4 leaves r1c2
//                          (or r1c2<>4 ⇒ … ⇒ r1c2=4, so r1c2 is 4)
//   Forcing chain (7.0)    the same with X and Y links
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
// Rating: base + 0.1 each time the chain length passes 4, 6, 8, 12, 16, 24 …
// The length is the number of potentials on the chain(s) less two, as SE
// counts it (so a Turbot-like X-chain of 6 potentials counts 4). For several
// chains the lengths of all chains are added; for a contradiction (a potential
// both on and off, or a cell or house emptied) the chain to each conflicting
// potential is counted on its own, as SE does for its two chains.
//
// Also: continuous loops (X-cycle 6.5, Y-cycle 6.5, XY-cycle 7.0, + length,
// the loop's potentials less two) and Nishio (7.5 + length): one digit
// followed dynamically until it contradicts itself.
//
// Dynamic forcing chains (+) (9.0) and nested forcing chains (9.5-11.0): the
// dynamic propagation, once nothing more follows, applies the rules of its
// level to the assumed position (rule_step) and follows what they remove.
// Honest limits: a rule contributes its first step per round and a nested
// search its first step (SE takes every step of the rule at once), and a
// nested chain's parents are approximated, so lengths are close to SE's but
// not always equal. Aligned triplet exclusion (7.5) is not built.
#include <algorithm>
#include <cmath>
#include <memory>
#include <array>
#include <span>

#include "internal.hpp"

namespace nonet::logic {

namespace {

constexpr int kOn = 1, kOff = 0;
// The chain family's bases, in tenths: X- and Y-cycles 6.5 (the rung's),
// forcing X-chains 6.6, XY-cycles and forcing chains 7.0; Y-only forcing
// chains are rated as XY ones (a lower base fit SE worse).
constexpr Tenths kCycleBase = rating_of(Technique::chains), kForcingXChainBase = kCycleBase + 1,
                 kForcingChainBase = kCycleBase + 5, kYChainBase = kForcingChainBase;
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
  std::vector<int> parent_at, parent_count, position, weight, nest, single;
  PotentialList order, queue, offs;
};

struct Propagation {
  const Context& ctx;
  int n, cells;
  bool dynamic, x_links, y_links;
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
  int blocked = -1;                // a candidate whose potentials (but the start) are not followed
  // Static runs: how many implications from the start a run follows at most
  // (-1: all). Runs are breadth first, so a bound changes nothing within it.
  int max_depth = -1;
  // Static runs: "off" potentials that imply nothing are not followed (a
  // search for loops, which close on "on" potentials, needs none of them;
  // the others keep their order, depths and parents).
  bool skip_dead_ends = false;
  // Static runs: the run ends where it reaches this potential (-1: none). A
  // potential's parents and rank are fixed when it is reached, so a search
  // for one target needs nothing reached after it.
  int stop_at = -1;
  std::vector<int> depth;  // static runs: per reached potential, implications from the start
  // Dynamic+ and nested (SE's levels 1-5): when nothing more follows, the
  // rules of the level are applied to the assumed position (see rule_step)
  // and what they remove is followed in turn.
  int level = 0;
  std::vector<int> weight;  // per potential: the length of the nested chain that removed it
  std::vector<int> nest;    // per potential: which rule step of this run removed it (0: none)
  std::vector<std::pair<int, std::string>> causes;  // potentials removed by a rule, and the rule
  // Per "on" potential: the house of which it is the digit's last place, or
  // kLastInCell (the cell's last candidate); kNoSingle for other potentials.
  std::vector<int> single;
  static constexpr int kNoSingle = -2, kLastInCell = -1;
  // SE's doChaining, which its Nishio, cell/region and dynamic forcing chains
  // use (read in the source): every pending "on" potential is followed before
  // the next "off" one (not breadth first), an assumption changes the grid only
  // as an "off" potential is followed (an "on" one leaves its cell's other
  // candidates until their "off" potentials come), and implications are taken
  // box, row, column. Which parents a potential gets first, and so the chain
  // lengths, follow from this order. (Its forcing chains and loops go layer by
  // layer, as the FIFO queue does.)
  bool se_order = false;

  Propagation(const Context& c, bool dyn, bool x, bool y)
      : ctx(c), n(c.n()), cells(c.cells()), dynamic(dyn), x_links(x), y_links(y) {}
  // Runs on `arrays` (left as the last run leaves them, for the next search).
  Propagation(const Context& c, bool dyn, bool x, bool y, RunArrays* arrays) : Propagation(c, dyn, x, y) {
    if ((lent = arrays)) swap_arrays();
  }
  ~Propagation() {
    if (lent) swap_arrays();
  }
  Propagation(const Propagation&) = delete;
  Propagation& operator=(const Propagation&) = delete;
  RunArrays* lent = nullptr;
  void swap_arrays() {
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
  }

  std::span<const int> houses_in_order(int cell) const {
    return se_order ? ctx.tables.chaining_houses(cell) : ctx.geo.houses_of(cell);
  }

  static int pot(int cell, int d, int on, int n) { return ((cell * n) + (d - 1)) * 2 + on; }
  int pot(int cell, int d, int on) const { return pot(cell, d, on, n); }
  int total() const { return cells * n * 2; }

  std::span<const int> parents(int p) const { return parents_at(parent_pool, parent_at[p], parent_count[p]); }
  static std::span<const int> parents_at(const std::vector<int>& pool, const int& at, int count) {
    if (count == 1) return {&at, 1};
    return {pool.data() + at, static_cast<std::size_t>(count)};
  }
  // Where p stands among the potentials reached (after all of them if not reached).
  int rank(int p) const { return is_reached(p) ? position[p] : static_cast<int>(order.size()); }

  // Scratch of run(), kept between runs so that a run allocates nothing.
  PotentialList queue, offs;
  std::vector<int> from;


  void prepare_static() {
    if (links) return;
    list_implications();
    depth.assign(total(), 0);
  }

  // Static: whether `from` leads to `to` by any implications (the start's
  // candidate not blocked), so that a search can skip a run that cannot reach
  // what it looks for. Worked out on the first ask, for every potential.
  bool leads_to(int start, int to) {
    prepare_static();
    if (component.empty()) list_reach();
    const int bit = live[to];
    const std::size_t at = static_cast<std::size_t>(component[start]) * reach_words + (bit >> 6);
    return (reach[at] >> (bit & 63)) & 1;
  }
  std::vector<int> live;             // per potential of a candidate: its bit in reach (others -1)
  std::vector<int> component;        // per such potential: its strongly connected component
  std::vector<std::uint64_t> reach;  // per component: the potentials it leads to, as bits
  std::size_t reach_words = 0;

  // Tarjan's strongly connected components, which come out each after every
  // component it leads to: a component's reach is its members and the reach
  // of the components their implications enter.
  void list_reach() {
    const std::vector<int>& implied_at = links->at;
    const auto& implied = links->list;
    const int count = total();
    live.assign(count, -1);
    int lives = 0;
    for (int p = 0; p < count; ++p)
      if (ctx.grid.has((p >> 1) / n, (p >> 1) % n + 1)) live[p] = lives++;
    reach_words = (static_cast<std::size_t>(lives) + 63) / 64;
    reach.reserve(static_cast<std::size_t>(lives) * reach_words);
    component.assign(count, -1);
    std::vector<int> index(count, -1), low(count, 0), next_edge(count, 0), stack, calls, members;
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
        const std::size_t at = reach.size();
        reach.resize(at + reach_words, 0);
        members.clear();
        for (int w = -1; w != v;) {
          w = stack.back();
          stack.pop_back();
          on_stack[w] = 0;
          component[w] = components;
          members.push_back(w);
          reach[at + (live[w] >> 6)] |= std::uint64_t{1} << (live[w] & 63);
        }
        for (int m : members)
          for (int i = implied_at[m]; i < implied_at[m + 1]; ++i)
            if (const int c = component[implied[i].to]; c != components)
              for (std::size_t k = 0; k < reach_words; ++k) reach[at + k] |= reach[c * reach_words + k];
        ++components;
      }
    }
  }

  // Dynamic: takes the digits `gone` from a cell's candidates and places.
  void remove_candidates(int cell, Mask gone) {
    cand[cell] &= ~gone;
    const auto houses = ctx.geo.houses_of(cell);
    const auto positions = ctx.tables.positions_in_houses(cell);
    for (int d : digits_of(gone))
      for (std::size_t k = 0; k < houses.size(); ++k) places[houses[k] * n + d - 1] &= ~(Mask{1} << positions[k]);
  }

  // A static run's implications never change: each potential's are listed on
  // the first run, in the order a run follows them, or taken from `shared`
  // where another search of the same links listed them in this position.
  SharedImplications links;
  SharedImplications* shared = nullptr;
  void list_implications() {
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
    if (skip_dead_ends && !x_links) {
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
        if (y_links)
          for (int e : digits_of(candidates & ~digit_bit(d))) implied.push_back({pot(cell, e, kOff), kNoSingle});
        if (se_order) {  // by house, box first (a peer in two houses listed twice)
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
      if (y_links && popcount(candidates) == 2)  // off → on
        implied.push_back({pot(cell, lowest_digit(candidates & ~digit_bit(d)), kOn), kLastInCell});
      if (!x_links) continue;
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

  void run(int start) {
    if (dynamic) {
      cand.resize(cells);
      for (int c = 0; c < cells; ++c) cand[c] = ctx.grid.candidates(c);
      places = ctx.houses_map().places;
    }
    if (!dynamic) prepare_static();
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
    causes.clear();
    contradiction.clear();
    queue.reset(total);  // se_order: "on" potentials in queue, "off" ones in offs
    offs.reset(total);
    std::size_t queue_head = 0, offs_head = 0;
    auto add = [&](int p, std::span<const int> parents_of_p, int why = kNoSingle) {
      if (is_reached(p) || !contradiction.empty()) return;
      if ((p >> 1) == blocked && p != start) return;
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
      if (dynamic && is_reached(other)) {
        contradiction = {p, other};
        return;
      }
      (se_order && !(p & 1) ? offs : queue).push(p);
    };
    auto add_from = [&](int p, int parent, int why = kNoSingle) { add(p, std::span<const int>(&parent, 1), why); };
    if (!dynamic) depth[start] = 0;
    add(start, {});
    for (;;) {
    while ((queue_head < queue.size() || offs_head < offs.size()) && contradiction.empty()) {
      const int p = queue_head < queue.size() ? queue[queue_head++] : offs[offs_head++];
      if (!dynamic) {  // a static run follows the implications listed once
        const int next = depth[p] + 1;
        if (max_depth >= 0 && next > max_depth) continue;
        const std::vector<int>& implied_at = links->at;
        for (int i = implied_at[p]; i < implied_at[p + 1]; ++i) {
          const auto [to, why] = links->list[i];
          if (is_reached(to) || ((to >> 1) == blocked && to != start)) continue;
          if (skip_dead_ends && !(to & 1) && implied_at[to] == implied_at[to + 1]) continue;
          depth[to] = next;  // add_from's work, less what a static run never meets
          reached[to] = mark;
          single[to] = why;
          parent_at[to] = p;
          parent_count[to] = 1;
          position[to] = static_cast<int>(order.size());
          order.push(to);
          (se_order && !(to & 1) ? offs : queue).push(to);
          if (to == stop_at) return;
        }
        continue;
      }
      const int v = p >> 1, cell = v / n, d = v % n + 1;
      if (p & 1) {  // on → off
        if (y_links)
          for (int e : digits_of(cand[cell] & ~digit_bit(d))) add_from(pot(cell, e, kOff), p);
        if (se_order) {  // by house, box first: the digit's places left in each
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
        if (y_links && popcount(cand[cell]) == 1) {
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
      if (!contradiction.empty() || level == 0 || !dynamic) break;
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

  // The singles a chain rests on, for a search that nests this one.
  void add_singles(Step& s, const std::vector<int>& chain) const {
    record_singles(s, chain, n, [&](int p) { return single[p]; });
  }

  // What a rule of the level removes from the assumed position, with the
  // removals it rests on (SE's "rule parents").
  struct Removal {
    int pot;
    std::vector<int> parents;
    int weight;
    std::string cause;
  };
  std::vector<Removal> advanced(int start) const;

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
  mutable std::vector<unsigned> visited;  // ancestors_of's marks: visit for the potentials seen
  mutable unsigned visit = 0;
};

// The rules SE 1.2.1 applies to an assumed position at each level, in its
// order; the first that finds something is used. Level 1 (dynamic forcing
// chains (+)): pointing and claiming, hidden and naked pairs, X-Wings; levels 2
// and 3 add forcing chains and cycles, then cell/region forcing chains; level 4
// dynamic forcing chains instead, level 5 dynamic forcing chains (+) nested
// two levels down (9.5).
std::optional<Step> rule_step(const Context& c, int level) {
  if (auto s = find_intersection(c, true, false)) return s;
  if (auto s = find_intersection(c, false, false)) return s;
  if (auto s = find_hidden_subset(c, 2, false)) return s;
  if (auto s = find_naked_subset(c, 2)) return s;
  if (auto s = find_fish(c, 2)) return s;
  if (level >= 2 && level < 4)
    if (auto s = find_chains(c)) return s;
  if (level == 3)
    if (auto s = find_multiple_forcing_chain(c, false, 0)) return s;
  if (level >= 4)
    if (auto s = find_multiple_forcing_chain(c, true, 0)) return s;
  if (level >= 5)
    if (auto s = find_multiple_forcing_chain(c, true, level - 3)) return s;
  return std::nullopt;
}

std::vector<Propagation::Removal> Propagation::advanced(int start) const {
  if (ctx.expired()) return {};
  const CandidateGrid assumed(ctx.grid.geometry_ptr(), ctx.grid.values(), cand);
  Context inner{assumed, ctx.geo, ctx.tables, ctx.scale, nullptr, false};
  inner.deadline = ctx.deadline;
  inner.first_found = true;
  const std::optional<Step> s = rule_step(inner, level);
  if (!s) return {};
  // The rule's parents: the candidates the assumption removed that make the
  // pattern (for a chain, those of the cells it passes through).
  std::vector<int> rests;
  auto take = [&](int c, Mask digits) {
    for (int d : digits_of(digits & ctx.grid.candidates(c) & ~cand[c]))
      if (is_reached(pot(c, d, kOff))) rests.push_back(pot(c, d, kOff));
  };
  Mask gone_digits = 0;
  for (const Candidate& e : s->eliminations) gone_digits |= digit_bit(e.digit);
  const auto& houses = ctx.geo.houses();
  const std::string& t = s->technique;
  if (t == "Pointing" || t == "Claiming" || t == "X-Wing") {
    const std::size_t bases = t == "X-Wing" ? 2 : 1;
    for (std::size_t i = 0; i < bases && i < s->houses.size(); ++i)
      for (int c : houses[s->houses[i]].cells) take(c, gone_digits);
  } else if (t == "Hidden pair") {
    Mask pair = 0;
    for (int c : s->cells) pair |= cand[c];
    for (int c : houses[s->houses[0]].cells) take(c, pair & ~gone_digits);
  } else if (t == "Naked pair") {
    for (int c : s->cells) take(c, ~Mask{0});
  } else {
    // A chain (SE's rule parents of a chain): for each "on" candidate it uses,
    // what the assumption removed from the cell whose last candidate it is,
    // or the digit from the house whose last place it is.
    for (const auto& [on, house] : s->singles) {
      if (house < 0) take(on.cell, ~Mask{0});
      else
        for (int c : houses[house].cells) take(c, digit_bit(on.digit));
    }
  }
  std::sort(rests.begin(), rests.end());
  rests.erase(std::unique(rests.begin(), rests.end()), rests.end());
  if (rests.empty()) rests.push_back(start);
  std::vector<Removal> out;
  auto remove = [&](int c, int d) {
    if (cand[c] & digit_bit(d)) out.push_back({pot(c, d, kOff), rests, s->chain_length, t});
  };
  for (const Candidate& e : s->eliminations) remove(e.cell, e.digit);
  for (const Candidate& p : s->placements)
    for (int d : digits_of(cand[p.cell] & ~digit_bit(p.digit))) remove(p.cell, d);
  return out;
}

std::string pot_text(const Context& ctx, int p) {
  const int v = p >> 1, cell = v / ctx.n(), d = v % ctx.n() + 1;
  return ctx.geo.cell_name(cell) + ((p & 1) ? "=" : "<>") + digit_char(d);
}

using Causes = std::vector<std::pair<int, std::string>>;

// Potentials a rule removed are followed by the rule's name: "r1c2<>4 (Pointing)".
std::string chain_text(const Context& ctx, const std::vector<int>& chain, const Causes* causes = nullptr) {
  std::string out;
  for (std::size_t i = 0; i < chain.size(); ++i) {
    if (i) out += " \u21d2 ";
    out += pot_text(ctx, chain[i]);
    if (!causes) continue;
    for (const auto& [p, rule] : *causes)
      if (p == chain[i]) out += cat({" (", rule, ")"});
  }
  return out;
}

// Whether concluding potential p changes the grid.
bool useful(const Context& ctx, int p) {
  const int v = p >> 1, cell = v / ctx.n(), d = v % ctx.n() + 1;
  if (ctx.grid.value(cell)) return false;
  if (p & 1) return popcount(ctx.grid.candidates(cell)) > 1;  // removes something
  return ctx.grid.has(cell, d);
}

void add_conclusion(const Context& ctx, Step& s, int p) {
  const int v = p >> 1, cell = v / ctx.n(), d = v % ctx.n() + 1;
  if (p & 1) s.placements.push_back({cell, d});
  else s.eliminations.push_back({cell, d});
}

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

// A nested search stops at its first step; any search stops when time is up.
bool done(const Context& ctx, const Best& best) { return (ctx.first_found && best.step) || ctx.expired(); }

// How many implications a static run need follow for a chain of the family
// rated from `base`, `extra` implications longer than its length, to rate no
// higher than the best so far: -1 for all of them (no best yet), nullopt
// where no chain of the family can.
std::optional<int> depth_bound(const Best& best, Tenths base, int extra) {
  if (!best.step) return -1;
  if (base > best.rating) return std::nullopt;
  return longest_chain_within(best.rating - base) + extra;
}

// SE's sort key of a chain family.
int family_key(bool x, bool y) { return x && y ? 4 : y ? 3 : 2; }

// The step of a continuous loop (potentials on, off, on, … off; the last
// closes on the first): either every "on" candidate of the loop is true or
// every "off" one is, so a candidate outside the loop cells that sees an "on"
// and an "off" loop candidate of its digit goes. (SE's rule: candidates of the
// loop cells themselves are left alone.) Nullopt where the loop repeats a
// candidate or eliminates nothing.
std::optional<Step> loop_step(const Context& ctx, const std::vector<int>& path, const char* name) {
  const int n = ctx.n();
  std::vector<int> cands, loop_cells;
  for (int p : path) {
    cands.push_back(p >> 1);
    loop_cells.push_back((p >> 1) / n);
  }
  std::sort(cands.begin(), cands.end());
  if (std::adjacent_find(cands.begin(), cands.end()) != cands.end()) return std::nullopt;
  // Per digit (words of cells), the cells that see an "on" loop candidate of
  // it, and those that see an "off" one.
  const std::size_t words = static_cast<std::size_t>(ctx.geo.cell_words());
  std::vector<std::uint64_t> sees_on(static_cast<std::size_t>(n) * words, 0), sees_off(sees_on.size(), 0);
  for (int p : path) {
    const int v = p >> 1;
    std::uint64_t* seeing = &(p & 1 ? sees_on : sees_off)[static_cast<std::size_t>(v % n) * words];
    const auto peers = ctx.tables.peer_words(v / n);
    for (std::size_t w = 0; w < words; ++w) seeing[w] |= peers[w];
  }
  Step s;
  for (int t = 0; t < ctx.cells(); ++t) {
    if (ctx.grid.value(t) || std::find(loop_cells.begin(), loop_cells.end(), t) != loop_cells.end()) continue;
    const std::size_t w = static_cast<std::size_t>(t) >> 6;
    const std::uint64_t bit = std::uint64_t{1} << (t & 63);
    for (int d : digits_of(ctx.grid.candidates(t))) {
      const std::size_t at = static_cast<std::size_t>(d - 1) * words + w;
      if (sees_on[at] & sees_off[at] & bit) s.eliminations.push_back({t, d});
    }
  }
  if (s.eliminations.empty()) return std::nullopt;
  s.technique = name;
  std::vector<int> loop = path;
  loop.push_back(path.front());
  s.detail = "a loop of " + std::to_string(path.size()) + " candidates";
  s.chains.push_back(chain_text(ctx, loop));
  for (std::size_t i = 1; i < loop.size(); ++i) {
    const int a = loop[i - 1], b = loop[i];
    s.links.push_back({{(a >> 1) / n, (a >> 1) % n + 1}, {(b >> 1) / n, (b >> 1) % n + 1}, (a & 1) == 0});
    s.cells.push_back((a >> 1) / n);
  }
  return s;
}

}  // namespace

// Continuous loops: an alternating loop of strong and weak links makes every
// weak link strong, so a candidate seeing both ends of one (same digit), or
// a third candidate in a cell whose two candidates form one, goes.
//   X-cycle 6.5 (one digit), Y-cycle 6.5 (bivalue cells), XY-cycle 7.0, + length
//   (the loop's candidates less two).
namespace {
void collect_cycles(const Context& ctx, bool x, bool y, Best& best, SharedImplications* shared = nullptr,
                    RunArrays* arrays = nullptr) {
  const int n = ctx.n();
  // SE rates X- and Y-cycles alike (6.5); only mixing both link kinds costs more.
  const Tenths base = (x && y) ? kForcingChainBase : kCycleBase;
  const char* name = (x && !y) ? "X-cycle" : (y && !x) ? "Y-cycle" : "XY-cycle";
  Propagation prop(ctx, false, x, y, arrays);
  prop.shared = shared;
  prop.skip_dead_ends = true;
  // The peers linked strongly to a candidate (cell, d): the other place of d
  // in each house of the cell where d has two places (X links only).
  std::vector<int> strong_peers;
  auto list_strong_peers = [&](int cell, int d) {
    strong_peers.clear();
    if (!x) return;
    for (int h : ctx.geo.houses_of(cell))
      if (const Mask w = ctx.where(h, d); popcount(w) == 2)
        for (int bit : bits::SetBits<>(w))
          if (const int c = ctx.geo.houses()[h].cells[bit]; c != cell) strong_peers.push_back(c);
  };
  // The "on" potentials reached with a weak link to a partner, on(u) ⇒ off(w)
  // (another digit of w's cell (Y), or w's digit in a peer), as (where
  // reached, which partner): sorted, the order of the reached potentials.
  std::vector<std::pair<int, int>> closers;
  auto list_closers = [&](const std::vector<int>& partners) {
    closers.clear();
    for (int i = 0; i < static_cast<int>(partners.size()); ++i) {
      const int w = partners[i] >> 1, wc = w / n, wd = w % n + 1;
      const auto consider = [&](int uc, int ud) {
        if (const int q = Propagation::pot(uc, ud, kOn, n); prop.is_reached(q)) closers.push_back({prop.position[q], i});
      };
      if (y)
        for (int e : digits_of(ctx.grid.candidates(wc) & ~digit_bit(wd))) consider(wc, e);
      for (int peer : ctx.geo.peers_of(wc))
        if (peer != wc) consider(peer, wd);
    }
    std::sort(closers.begin(), closers.end());
  };
  std::vector<int> partners;
  for (int cell = 0; cell < ctx.cells(); ++cell)
    for (int d : digits_of(ctx.grid.candidates(cell))) {
      if (done(ctx, best)) return;
      const auto bound = depth_bound(best, base, 0);  // a loop's length is the depth of its last "on" potential
      if (!bound) return;
      prop.max_depth = *bound;
      const int start = Propagation::pot(cell, d, kOn, n);
      prop.blocked = start >> 1;  // a loop passes its start candidate once
      // Each strong partner y of the start closes a loop on(s) … off(y) = on(s).
      partners.clear();
      if (y && popcount(ctx.grid.candidates(cell)) == 2)  // the bivalue cell's other digit
        for (int e : digits_of(ctx.grid.candidates(cell) & ~digit_bit(d))) partners.push_back(Propagation::pot(cell, e, kOff, n));
      list_strong_peers(cell, d);
      // In peer order (the geometry's peers are sorted), each once.
      std::sort(strong_peers.begin(), strong_peers.end());
      strong_peers.erase(std::unique(strong_peers.begin(), strong_peers.end()), strong_peers.end());
      for (int peer : strong_peers) partners.push_back(Propagation::pot(peer, d, kOff, n));
      if (partners.empty()) continue;
      prop.run(start);
      // As SE does, every "on" potential q reached, followed by a weak link to
      // a partner, closes a loop: the way to q, the partner, the start. (The
      // shortest way to a partner alone misses loops that eliminate.)
      list_closers(partners);
      for (const auto& [position, partner] : closers) {
          const int q = prop.order[position], p = partners[partner];
          // As for every SE chain, the length is the loop's potentials less
          // two: the way to q (its depth and one), the partner, less two.
          const int length = prop.depth[q];
          if (length < 4) continue;  // 4-loops are X-Wings and the like
          const Tenths rating = base + chain_length_bonus_tenths(length);
          if (!best.takes(rating, length, family_key(x, y))) continue;  // a loop found before wins ties
          std::vector<int> path = prop.ancestors({q});
          path.push_back(p);
          if (auto step = loop_step(ctx, path, name)) {
            prop.add_singles(*step, path);
            best.offer(std::move(*step), rating, length, family_key(x, y));
          }
        }
    }
}
}  // namespace

std::optional<Step> find_cycles(const Context& ctx, bool x, bool y) {
  Best best;
  collect_cycles(ctx, x, y, best);
  return best.step;
}

// Nishio: a candidate whose truth, followed on its own digit only (and the
// hidden singles of that digit it creates), leaves a house without the digit.
std::optional<Step> find_nishio(const Context& ctx) {
  const int n = ctx.n();
  Best best;
  Propagation prop(ctx, true, true, false);
  prop.se_order = true;
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
void collect_forcing_chains(const Context& ctx, bool x, bool y, Best& best, SharedImplications* shared = nullptr,
                            RunArrays* arrays = nullptr) {
  const int n = ctx.n();
  const Tenths base = (x && !y) ? kForcingXChainBase : (y && !x) ? kYChainBase : kForcingChainBase;
  const char* name = (x && !y) ? "Forcing X-chain" : (y && !x) ? "Forcing Y-chain" : "Forcing chain";
  Propagation prop(ctx, false, x, y, arrays);
  prop.shared = shared;
  for (int cell = 0; cell < ctx.cells(); ++cell)
    for (int d : digits_of(ctx.grid.candidates(cell)))
      for (int on : {kOn, kOff}) {
        if (done(ctx, best)) return;
        const auto bound = depth_bound(best, base, 1);  // a chain's length is its target's depth less one
        if (!bound) return;
        prop.max_depth = *bound;
        const int start = Propagation::pot(cell, d, on, n);
        const int target = start ^ 1;
        if (!prop.leads_to(start, target)) continue;  // no chain to find
        prop.stop_at = target;
        prop.run(start);
        std::vector<int> chain;
        int length = 0;
        if (prop.is_reached(target)) {
          chain = prop.ancestors({target});
          length = static_cast<int>(chain.size()) - 2;
        } else {
          continue;
        }
        Step s;
        s.technique = name;
        const Tenths rating = base + chain_length_bonus_tenths(length);
        if (!best.takes(rating, length, family_key(x, y))) continue;
        s.detail = on ? "assuming " + pot_text(ctx, start) + " leads to its own negation"
                      : "assuming " + pot_text(ctx, start) + " leads to its own truth";
        add_conclusion(ctx, s, target);
        s.chains.push_back(chain_text(ctx, chain));
        for (std::size_t i = 1; i < chain.size(); ++i) {
          const int a = chain[i - 1], b = chain[i];
          s.links.push_back({{(a >> 1) / n, (a >> 1) % n + 1}, {(b >> 1) / n, (b >> 1) % n + 1}, (a & 1) == 0});
        }
        s.cells = {cell};
        prop.add_singles(s, chain);
        best.offer(std::move(s), rating, length, family_key(x, y));
      }
}
}  // namespace

std::optional<Step> find_forcing_chain(const Context& ctx, bool x, bool y) {
  Best best;
  collect_forcing_chains(ctx, x, y, best);
  return best.step;
}

// SE's one chaining pass: cycles and forcing chains on X, Y and XY links (no
// forcing Y-chains: SE has none); the easiest, then shortest, wins.
std::optional<Step> find_chains(const Context& ctx) {
  Best best;
  // X-cycles and forcing X-chains follow the same links, as XY-cycles and
  // forcing chains do: each list is made once.
  SharedImplications x_links, xy_links;
  RunArrays arrays;
  const auto x_cycles = [&] { collect_cycles(ctx, true, false, best, &x_links, &arrays); };
  const auto y_cycles = [&] { collect_cycles(ctx, false, true, best, nullptr, &arrays); };
  const auto xy_cycles = [&] { collect_cycles(ctx, true, true, best, &xy_links, &arrays); };
  const auto forcing_x_chains = [&] { collect_forcing_chains(ctx, true, false, best, &x_links, &arrays); };
  const auto forcing_chains = [&] { collect_forcing_chains(ctx, true, true, best, &xy_links, &arrays); };
  if (ctx.first_found) {  // a nested search takes the first step found: SE's order
    x_cycles();
    y_cycles();
    xy_cycles();
    forcing_x_chains();
    forcing_chains();
    return best.step;
  }
  // The easiest step does not depend on the order of families whose sort
  // keys differ (no two of their steps tie), so the cheaper searches go
  // first and bound the depth of the later ones, or skip them: a forcing
  // X-chain (from 6.6) found before the XY-cycles (from 7.0) often does.
  // XY-cycles and forcing chains share a key, and keep SE's order.
  x_cycles();
  forcing_x_chains();
  y_cycles();
  xy_cycles();
  forcing_chains();
  return best.step;
}

// Only where the puzzle is known to have one solution (as the uniqueness
// techniques): on a grid that many solutions fit, their search has no end in
// sight (an empty grid: minutes and more), and logic cannot finish such a
// grid anyway.
std::optional<Step> find_nested_forcing_chains(const Context& ctx, int level) {
  if (!ctx.is_unique()) return std::nullopt;
  return find_multiple_forcing_chain(ctx, true, level);
}

std::optional<Step> find_multiple_forcing_chain(const Context& ctx, bool dynamic, int level) {
  const int n = ctx.n();
  // SE: 8.0, 8.5; dynamic (+) 9.0; nested levels 2-5 9.5, 10.0, 10.5, 11.0.
  const Tenths base = level >= 1 ? rating_of(Technique::dynamic_forcing_chains) + 5 * level
                     : rating_of(dynamic ? Technique::dynamic_forcing_chains : Technique::cell_region_forcing_chains);
  Best best;
  constexpr int kContradictionKey = 7;
  Propagation prop(ctx, dynamic || level > 0, true, true);
  prop.se_order = true;
  prop.level = level;
  auto better_possible = [&](Tenths rating) { return !best.step || rating <= best.rating; };
  // Runs one assumption and keeps what it implies (or its contradiction).
  struct Outcome {
    int start;
    std::vector<std::uint64_t> reached;  // bitset over potentials
    std::vector<int> order;
    std::vector<int> parent_pool;
    std::vector<std::pair<int, int>> parents;  // aligned with order: as Propagation's parent_at, parent_count
    std::vector<int> contradiction;
    Causes causes;
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
  const std::size_t words = (static_cast<std::size_t>(ctx.cells()) * n * 2 + 63) / 64;
  // Runs an assumption into `o`, whose buffers an earlier outcome left.
  auto run_into = [&](int start, Outcome& o) {
    prop.run(start);
    o.start = start;
    o.reached.assign(words, 0);
    o.order.assign(prop.order.begin(), prop.order.end());
    o.parent_pool = prop.parent_pool;
    o.parents.clear();
    o.contradiction = prop.contradiction;
    o.causes = prop.causes;
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
  };
  // Each assumption's outcome, run on the first ask: a candidate's "on" is
  // one of its cell's set and of a region's set in each of its houses, and a
  // run depends only on the position and the start. A candidate's "off" is
  // asked once; its buffers are kept from one to the next.
  std::vector<std::unique_ptr<Outcome>> outcomes(static_cast<std::size_t>(prop.total()));
  const auto outcome_of = [&](int start) -> const Outcome& {
    std::unique_ptr<Outcome>& o = outcomes[static_cast<std::size_t>(start)];
    if (!o) {
      o = std::make_unique<Outcome>();
      run_into(start, *o);
    }
    return *o;
  };
  std::vector<const Outcome*> set;  // one set of assumptions: a cell's candidates, a region's places
  Outcome off;
  auto chain_of = [&](const Outcome& o, const std::vector<int>& targets) {
    return prop.ancestors_of(
        [&](int p) {
          const std::size_t i = static_cast<std::size_t>(o.rank_of(p, prop.total()));
          if (i == o.parents.size()) return std::span<const int>();
          return Propagation::parents_at(o.parent_pool, o.parents[i].first, o.parents[i].second);
        },
        [&](int p) { return o.rank_of(p, prop.total()); }, targets);
  };
  // A chain's length as SE counts it: its potentials, and the length of every
  // nested chain that removed one of them.
  // (A nested step counts once, however many of its removals the chain uses.)
  auto measure = [&](const Outcome& o, const std::vector<int>& chain) {
    int length = static_cast<int>(chain.size());
    std::vector<int> counted;
    for (const auto& [p, step, w] : o.weights)
      if (std::find(counted.begin(), counted.end(), step) == counted.end() &&
          std::find(chain.begin(), chain.end(), p) != chain.end()) {
        length += w;
        counted.push_back(step);
      }
    return length;
  };
  auto singles_of = [&](Step& s, const Outcome& o, const std::vector<int>& chain) {
    record_singles(s, chain, n, [&](int p) {
      for (const auto& [q, why] : o.singles)
        if (q == p) return why;
      return static_cast<int>(Propagation::kNoSingle);
    });
  };
  auto contradiction_of = [&](const Outcome& o) {
    return contradiction_length(o.contradiction, [&](int t) { return measure(o, chain_of(o, {t})); });
  };
  // Potentials implied by every outcome of a set of exhaustive assumptions.
  // start_why: how the starts are singles (SE: a cell's candidates are its
  // last ones, a house's places of a digit its last places; -2: neither).
  // key: SE's sort key among hints of one rating and length (double forcing
  // 1, cell 5, region 6, contradiction 7); SE offers the "on" conclusions of a
  // set before its "off" ones, each in the order reached.
  // technique_of() and detail_of() give the step's names, written only for a step.
  std::vector<std::uint64_t> implied_by_all;  // common's scratch
  std::vector<std::vector<int>> chains;
  auto common = [&](const std::vector<const Outcome*>& set, const auto& technique_of, const auto& detail_of,
                    const std::vector<int>& cells, int start_why, int key) {
    if (!better_possible(base)) return;
    // What every outcome implies, as bits over the potentials.
    implied_by_all = set[0]->reached;
    for (const Outcome* o : set)
      for (std::size_t w = 0; w < words; ++w) implied_by_all[w] &= o->reached[w];
    for (int on : {kOn, kOff})
      for (int p : set[0]->order) {
        if ((p & 1) != on || !((implied_by_all[p >> 6] >> (p & 63)) & 1) || !useful(ctx, p)) continue;
        bool is_start = false;
        for (const Outcome* o : set) is_start |= o->start == p;
        if (is_start) continue;
        // The length grows with each outcome's chain: once it rates above
        // the best step, the rest need not be traced.
        int length = -2;
        chains.clear();
        for (const Outcome* o : set) {
          chains.push_back(chain_of(*o, {p}));
          length += measure(*o, chains.back());
          if (best.step && base + chain_length_bonus_tenths(length) > best.rating) break;
        }
        if (chains.size() < set.size()) continue;
        const Tenths rating = base + chain_length_bonus_tenths(length);
        if (!best.takes(rating, length, key)) continue;
        Step s;
        s.technique = technique_of();
        for (std::size_t i = 0; i < set.size(); ++i) s.chains.push_back(chain_text(ctx, chains[i], &set[i]->causes));
        if (ctx.first_found) {  // what a search that nests this one needs
          for (std::size_t i = 0; i < set.size(); ++i) {
            singles_of(s, *set[i], chains[i]);
            if (start_why != Propagation::kNoSingle) record_singles(s, {set[i]->start}, n, [&](int) { return start_why; });
          }
        }
        s.detail = detail_of();
        add_conclusion(ctx, s, p);
        s.cells = cells;
        best.offer(std::move(s), rating, length, key);
      }
  };

  const std::string prefix = dynamic || level > 0 ? "Dynamic " : "";
  // SE's names: "Dynamic Forcing Chains (+)" at level 1, "Nested Forcing Chains" above.
  const std::string suffix = level == 1 ? " (+)" : level >= 2 ? cat({" (nested, level ", std::to_string(level), ")"}) : "";
  // As SE: the static pass starts only from cells of three or more candidates
  // (a bivalue cell's chains are forcing chains), and so does a double
  // implication; a region is taken where its first place of the digit is such
  // a cell.
  const int min_start = dynamic ? 2 : 3;
  for (int cell = 0; cell < ctx.cells(); ++cell) {
    if (done(ctx, best)) return ctx.expired() ? std::nullopt : best.step;
    if (ctx.grid.value(cell) || popcount(ctx.grid.candidates(cell)) < min_start) continue;
    set.clear();
    for (int d : digits_of(ctx.grid.candidates(cell))) {
      const Outcome& on = outcome_of(Propagation::pot(cell, d, kOn, n));
      set.push_back(&on);
      if (dynamic && !on.contradiction.empty()) {
        // The assumption is impossible: the candidate goes.
        const Outcome& o = on;
        auto chain = chain_of(o, o.contradiction);
        const int length = contradiction_of(o);
        Step s;
        s.technique = cat({"Dynamic contradiction forcing chain", suffix});
        const Tenths rating = base + chain_length_bonus_tenths(length);
        if (best.takes(rating, length, kContradictionKey)) {
          s.detail = "assuming " + pot_text(ctx, on.start) + " leads to a contradiction";
          s.eliminations.push_back({cell, d});
          s.chains.push_back(chain_text(ctx, chain, &o.causes));
          if (ctx.first_found) singles_of(s, o, chain);
          s.cells = {cell};
          best.offer(std::move(s), rating, length, kContradictionKey);
        }
      }
      if (dynamic) {
        // Double implication: on and off both give the same potential; or off is impossible.
        run_into(Propagation::pot(cell, d, kOff, n), off);
        if (!off.contradiction.empty()) {
          auto chain = chain_of(off, off.contradiction);
          const int length = contradiction_of(off);
          Step s;
          s.technique = cat({"Dynamic contradiction forcing chain", suffix});
          const Tenths rating = base + chain_length_bonus_tenths(length);
          if (best.takes(rating, length, kContradictionKey)) {
            s.detail = "assuming " + pot_text(ctx, off.start) + " leads to a contradiction";
            s.placements.push_back({cell, d});
            s.chains.push_back(chain_text(ctx, chain, &off.causes));
            if (ctx.first_found) singles_of(s, off, chain);
            s.cells = {cell};
            best.offer(std::move(s), rating, length, kContradictionKey);
          }
        }
        if (popcount(ctx.grid.candidates(cell)) >= 3) {
          common(
              {&on, &off}, [&] { return cat({"Dynamic double forcing chain", suffix}); },
              [&] { return "both " + pot_text(ctx, on.start) + " and " + pot_text(ctx, off.start) + " lead there"; },
              {cell}, Propagation::kNoSingle, 1);
        }
      }
    }
    if (set.size() >= 2)
      common(
          set, [&] { return cat({prefix, "Cell forcing chains", suffix}); },
          [&] { return "every candidate of " + ctx.geo.cell_name(cell) + " leads there"; }, {cell},
          Propagation::kLastInCell, 5);
  }
  // Regions in SE's order: by the cell of the digit's first place, the digit,
  // then box, row, column.
  const auto& houses = ctx.geo.houses();
  for (int first = 0; first < ctx.cells(); ++first) {
    if (ctx.grid.value(first) || popcount(ctx.grid.candidates(first)) < min_start) continue;
    for (int d : digits_of(ctx.grid.candidates(first)))
      for (int h : ctx.tables.chaining_houses(first)) {
        if (done(ctx, best)) return ctx.expired() ? std::nullopt : best.step;
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
              return "every place of " + std::string(1, digit_char(d)) + " in " + house_name(houses[h]) + " leads there";
            },
            cells, h, 6);
      }
  }
  if (ctx.expired()) return std::nullopt;
  return best.step;
}

}  // namespace nonet::logic
