// SE's chaining pass (the "chains" rung): static chains, whose implications
// are those of the position, followed breadth first so that each conclusion
// comes with the shortest chain that gives it (propagation.hpp).
//
//   Forcing X-chain (6.6)  only X links: r1c2=4 ⇒ … ⇒ r1c2<>4, so 4 leaves r1c2
//                          (or r1c2<>4 ⇒ … ⇒ r1c2=4, so r1c2 is 4)
//   Forcing chain (7.0)    the same with X and Y links
//   Continuous loops       an alternating loop of strong and weak links:
//                          X-cycle 6.5, Y-cycle 6.5, XY-cycle 7.0, + length
//                          (the loop's potentials less two)
// Nishio and the cell, region, dynamic and nested forcing chains are in
// forcing_chains.cpp.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "propagation.hpp"

namespace nonet::logic {

using namespace chaining;

namespace {

// The chain family's bases, in tenths: X- and Y-cycles 6.5 (the rung's),
// forcing X-chains 6.6, XY-cycles and forcing chains 7.0; Y-only forcing
// chains are rated as XY ones (a lower base fit SE worse).
constexpr Tenths kCycleBase = rating_of(Technique::chains), kForcingXChainBase = kCycleBase + 1,
                 kForcingChainBase = kCycleBase + 5, kYChainBase = kForcingChainBase;

// How many implications a static run need follow for a chain of the family
// rated from `base`, `extra` implications longer than its length, to rate no
// higher than the best so far: -1 for all of them (no best yet), nullopt
// where no chain of the family can.
std::optional<int> depth_bound(const Best& best, Tenths base, int extra) {
  if (!best.step) return -1;
  if (base > best.rating) return std::nullopt;
  return longest_chain_within(best.rating - base) + extra;
}

// The link from potential a to the next, b, on a chain: strong where a is "off".
Link link_of(int a, int b, int n) {
  return {{(a >> 1) / n, (a >> 1) % n + 1}, {(b >> 1) / n, (b >> 1) % n + 1}, (a & 1) == 0};
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
    s.links.push_back(link_of(loop[i - 1], loop[i], n));
    s.cells.push_back((loop[i - 1] >> 1) / n);
  }
  return s;
}

}  // namespace

// Continuous loops: an alternating loop of strong and weak links makes every
// weak link strong, so a candidate seeing both ends of one (same digit), or
// a third candidate in a cell whose two candidates form one, goes.
namespace {
void collect_cycles(const Context& ctx, bool x, bool y, Best& best, SharedImplications* shared = nullptr,
                    RunArrays* arrays = nullptr) {
  const int n = ctx.n();
  // SE rates X- and Y-cycles alike (6.5); only mixing both link kinds costs more.
  const Tenths base = (x && y) ? kForcingChainBase : kCycleBase;
  const char* name = (x && !y) ? "X-cycle" : (y && !x) ? "Y-cycle" : "XY-cycle";
  Propagation prop(ctx, ChainMode::cycles(x, y), arrays, shared);
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
  DoneEvery stop;
  for (int cell = 0; cell < ctx.cells(); ++cell)
    for (int d : digits_of(ctx.grid.candidates(cell))) {
      if (stop(ctx, best)) return;
      const auto bound = depth_bound(best, base, 0);  // a loop's length is the depth of its last "on" potential
      if (!bound) return;
      const int start = Propagation::pot(cell, d, kOn, n);
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
      prop.run(start, {.max_depth = *bound, .blocked = start >> 1});  // a loop passes its start candidate once
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

namespace {
void collect_forcing_chains(const Context& ctx, bool x, bool y, Best& best, SharedImplications* shared = nullptr,
                            RunArrays* arrays = nullptr) {
  const int n = ctx.n();
  const Tenths base = (x && !y) ? kForcingXChainBase : (y && !x) ? kYChainBase : kForcingChainBase;
  const char* name = (x && !y) ? "Forcing X-chain" : (y && !x) ? "Forcing Y-chain" : "Forcing chain";
  Propagation prop(ctx, ChainMode::forcing_chains(x, y), arrays, shared);
  DoneEvery stop;
  for (int cell = 0; cell < ctx.cells(); ++cell)
    for (int d : digits_of(ctx.grid.candidates(cell)))
      for (int on : {kOn, kOff}) {
        if (stop(ctx, best)) return;
        const auto bound = depth_bound(best, base, 1);  // a chain's length is its target's depth less one
        if (!bound) return;
        const int start = Propagation::pot(cell, d, on, n);
        const int target = start ^ 1;
        if (!prop.leads_to(start, target)) continue;  // no chain to find
        prop.run(start, {.max_depth = *bound, .stop_at = target});
        if (!prop.is_reached(target)) continue;
        const std::vector<int> chain = prop.ancestors({target});
        const int length = static_cast<int>(chain.size()) - 2;
        Step s;
        s.technique = name;
        const Tenths rating = base + chain_length_bonus_tenths(length);
        if (!best.takes(rating, length, family_key(x, y))) continue;
        s.detail = on ? "assuming " + pot_text(ctx, start) + " leads to its own negation"
                      : "assuming " + pot_text(ctx, start) + " leads to its own truth";
        add_conclusion(ctx, s, target);
        s.chains.push_back(chain_text(ctx, chain));
        for (std::size_t i = 1; i < chain.size(); ++i) s.links.push_back(link_of(chain[i - 1], chain[i], n));
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

}  // namespace nonet::logic
