// The rules of SE's levels (1-5) that a propagation applies to an assumed
// position once nothing more follows (see ChainMode::level), and chains
// written out as text. The run itself is in propagation.hpp.
#include "propagation.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace nonet::logic::chaining {

namespace {

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

}  // namespace

std::vector<Propagation::Removal> Propagation::advanced(int start) const {
  if (ctx.expired()) return {};
  const CandidateGrid assumed(ctx.grid.geometry_ptr(), ctx.grid.values(), cand);
  Context inner{assumed, ctx.geo, ctx.tables, ctx.scale, nullptr, false};
  inner.rules = ctx.rules;
  inner.deadline = ctx.deadline;
  inner.first_found = true;
  const std::optional<Step> s = rule_step(inner, mode.level);
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

// Potentials a rule removed are followed by the rule's name: "r1c2<>4 (Pointing)".
std::string chain_text(const Context& ctx, const std::vector<int>& chain, const Causes* causes) {
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

void add_conclusion(const Context& ctx, Step& s, int p) {
  const int v = p >> 1, cell = v / ctx.n(), d = v % ctx.n() + 1;
  if (p & 1) s.placements.push_back({cell, d});
  else s.eliminations.push_back({cell, d});
}

}  // namespace nonet::logic::chaining
