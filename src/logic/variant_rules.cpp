// The techniques over the variant rules, written once over the compiled
// rules (exact/constraint_program.hpp) and never asking which rule they
// read: each piece of the program knows the rule it comes from, which the
// step names. Ratings and the ladder: techniques.hpp, docs/logic.md.
#include "variant_rules.hpp"

#include <algorithm>

#include "internal.hpp"

namespace nonet::logic {

VariantRules::VariantRules(const Geometry& geometry, const std::vector<Constraint>& constraints)
    : geometry_(geometry), constraints_(constraints), program_(geometry, constraints, /*every_run=*/true) {
  const int n = geometry.size(), candidates = geometry.cell_count() * n;
  at_.assign(static_cast<std::size_t>(candidates) + 1, 0);
  same_.assign(static_cast<std::size_t>(candidates), 0);
  std::vector<int> others;
  for (int cell = 0; cell < geometry.cell_count(); ++cell)
    for (int d = 1; d <= n; ++d) {
      const int candidate = cell * n + d - 1;
      at_[candidate] = static_cast<int>(links_.size());
      for (int peer : program_.extra_peers(cell)) links_.push_back(peer * n + d - 1);
      others.clear();
      for (const detail::PairLink& link : program_.links(cell)) {
        const Mask forbidden = all_digits(n) & ~link.support[d];
        for (int e : digits_of(forbidden)) (e == d ? links_ : others).push_back(link.other * n + e - 1);
      }
      same_[candidate] = static_cast<int>(links_.size()) - at_[candidate];
      links_.insert(links_.end(), others.begin(), others.end());
    }
  at_[candidates] = static_cast<int>(links_.size());
}

std::string VariantRules::origin_text(int origin) const {
  if (origin < 0) return program_.implied_text(origin);
  return describe(geometry_, constraints_[static_cast<std::size_t>(origin)]);
}

std::span<const int> VariantRules::weak_links(int cell, int digit, bool same_digit_only) const {
  const int candidate = cell * geometry_.size() + digit - 1;
  const int count = same_digit_only ? same_[candidate] : at_[candidate + 1] - at_[candidate];
  return std::span<const int>(links_).subspan(static_cast<std::size_t>(at_[candidate]), static_cast<std::size_t>(count));
}

namespace {

// The digits a cell may still take: its value's, or its candidates.
Mask open_digits(const CandidateGrid& grid, int cell) {
  return grid.value(cell) ? digit_bit(grid.value(cell)) : grid.candidates(cell);
}

std::vector<Mask> open_masks(const Context& ctx) {
  std::vector<Mask> masks(static_cast<std::size_t>(ctx.cells()));
  for (int cell = 0; cell < ctx.cells(); ++cell) masks[cell] = open_digits(ctx.grid, cell);
  return masks;
}

// "1,2,3": a few digits, told apart on any grid size.
std::string digit_list(Mask digits) {
  std::string out;
  for (int d : digits_of(digits)) {
    if (!out.empty()) out += ',';
    out += digit_char(d);
  }
  return out;
}

Step step_of(Technique technique, std::string detail) {
  Step s;
  s.technique = std::string(row_of(technique).name);
  s.rating = step_rating(technique);
  s.detail = std::move(detail);
  return s;
}

// Notes that a step reads the written rule `origin` (the sums the rule of 45
// implies have negative origins and no single rule to point at).
void reads(Step& s, int origin) {
  if (origin >= 0 && std::find(s.rules.begin(), s.rules.end(), origin) == s.rules.end()) s.rules.push_back(origin);
}

// "r1c1 not 1,2; r1c2 not 9": what a step removes, cell by cell.
std::string removed_text(const Context& ctx, const std::vector<Mask>& before, const std::vector<Mask>& after,
                         const std::vector<int>& cells) {
  std::string out;
  for (int cell : cells) {
    const Mask gone = before[cell] & ~after[cell];
    if (ctx.grid.value(cell) || !gone) continue;
    if (!out.empty()) out += "; ";
    out += cat({ctx.geo.cell_name(cell), " not ", digit_list(gone)});
  }
  return out;
}

void sort_unique(std::vector<int>& cells) {
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
}

std::vector<int> sorted_cells(std::vector<int> cells) {
  sort_unique(cells);
  return cells;
}

// Digits a rule allows a cell whatever the rest holds (written rules, or
// the rule of 45's single cells).
std::optional<Step> restriction_step(const Context& ctx, bool implied, Technique technique) {
  for (const detail::Restriction& r : ctx.rules->program().restrictions()) {
    if ((r.origin < 0) != implied || ctx.grid.value(r.cell)) continue;
    const Mask gone = ctx.grid.candidates(r.cell) & ~r.allowed;
    if (!gone) continue;
    Step s = step_of(technique, cat({ctx.rules->origin_text(r.origin), ": ", ctx.geo.cell_name(r.cell), " holds only ",
                                     r.allowed ? digit_list(r.allowed) : "no digit"}));
    s.cells = {r.cell};
    reads(s, r.origin);
    for (int d : digits_of(gone)) s.eliminations.push_back({r.cell, d});
    return s;
  }
  return std::nullopt;
}

// The first step visit(rule) makes of a rule written in the puzzle (or,
// with `implied`, of a sum the rule of 45 implies).
template <class Visit>
std::optional<Step> first_rule_step(const Context& ctx, bool implied, Visit&& visit) {
  const detail::ConstraintProgram& program = ctx.rules->program();
  for (int i = 0; i < program.rule_count(); ++i) {
    const detail::Rule& rule = program.rule(i);
    if ((rule.origin < 0) != implied) continue;
    if (auto step = visit(rule)) return step;
  }
  return std::nullopt;
}

// Each rule's revise() on the position: the candidates no way of keeping
// the rule uses.
std::optional<Step> revise_step(const Context& ctx, bool implied, Technique technique) {
  const std::vector<Mask> before = open_masks(ctx);
  // Scratch reused rule after rule (this runs on every step of a solve).
  ScratchDomains domains(before);
  std::vector<int> cells;
  return first_rule_step(ctx, implied, [&](const detail::Rule& rule) -> std::optional<Step> {
    domains.reset(before);
    if (!rule.revise(domains)) return std::nullopt;  // broken: the solve stops on it (CandidateGrid::broken)
    cells.assign(rule.cells.begin(), rule.cells.end());
    sort_unique(cells);
    const std::string removed = removed_text(ctx, before, domains.masks(), cells);
    if (removed.empty()) return std::nullopt;
    const std::string ways = rule.ways(ScratchDomains(before));
    Step s = step_of(technique, cat({ctx.rules->origin_text(rule.origin), ways.empty() ? "" : ": ", ways, ": ", removed}));
    s.cells = cells;
    reads(s, rule.origin);
    for (int cell : cells)
      if (!ctx.grid.value(cell))
        for (int d : digits_of(before[cell] & ~domains.masks()[cell])) s.eliminations.push_back({cell, d});
    return s;
  });
}

// A digit every way of keeping a rule puts in its cells: out of the cells
// that see every place it has there.
std::optional<Step> needed_digit_step(const Context& ctx, bool implied, Technique technique) {
  const std::vector<Mask> before = open_masks(ctx);
  // Scratch reused rule after rule (this runs on every step of a solve).
  ScratchDomains without(before);
  std::vector<int> cells, places;
  decltype(Step::eliminations) eliminations;
  return first_rule_step(ctx, implied, [&](const detail::Rule& rule) -> std::optional<Step> {
    cells.assign(rule.cells.begin(), rule.cells.end());
    sort_unique(cells);
    Mask placed = 0, open = 0;
    for (int cell : cells) (ctx.grid.value(cell) ? placed : open) |= open_digits(ctx.grid, cell);
    for (int d : digits_of(open & ~placed)) {
      places.clear();
      without.reset(before);
      bool kept = true;
      for (int cell : cells)
        if (!ctx.grid.value(cell) && ctx.grid.has(cell, d)) {
          places.push_back(cell);
          kept = without.keep_only(cell, ~digit_bit(d)) && kept;
        }
      if (!kept || rule.revise(without)) continue;  // a way without d: nothing follows
      eliminations.clear();
      for (int other : seeing_all(ctx, places))
        if (ctx.grid.has(other, d)) eliminations.push_back({other, d});
      if (eliminations.empty()) continue;
      Step s = step_of(technique, cat({ctx.rules->origin_text(rule.origin), ": every way needs ",
                                       std::string(1, digit_char(d)), " in ", cells_text(ctx.geo, places)}));
      s.eliminations = eliminations;
      s.cells = places;
      reads(s, rule.origin);
      return s;
    }
    return std::nullopt;
  });
}

// Rules of different digits from listed sets (cages, and the rule of 45's
// sums inside one house) that lie in one house without sharing a cell: their
// sets must not share a digit, and the digits they leave must fit the house's
// other cells. A set no such choice uses goes, and a digit no choice leaves
// to another cell of the house leaves it.
class HouseCombinations {
 public:
  explicit HouseCombinations(const Context& ctx) : ctx_(ctx), masks_(open_masks(ctx)), domains_(masks_) {}

  std::optional<Step> find() {
    const detail::ConstraintProgram& program = ctx_.rules->program();
    for (int h = 0; h < static_cast<int>(ctx_.geo.houses().size()); ++h) {
      const std::vector<int>& house = ctx_.geo.houses()[static_cast<std::size_t>(h)].cells;
      std::vector<char> taken(static_cast<std::size_t>(ctx_.cells()), 0);
      pieces_.clear();
      for (int i = 0; i < program.rule_count(); ++i) {
        const detail::Rule& rule = program.rule(i);
        Piece piece{&rule, {}, {}, 0};
        const std::size_t size = rule.sets_left(domains_, piece.sets);
        if (size == 0) continue;
        piece.cells.assign(rule.cells.begin(), rule.cells.begin() + static_cast<std::ptrdiff_t>(size));
        const bool fits = std::all_of(piece.cells.begin(), piece.cells.end(), [&](int cell) {
          return !taken[cell] && std::find(house.begin(), house.end(), cell) != house.end();
        });
        const bool open = std::any_of(piece.cells.begin(), piece.cells.end(), [&](int cell) { return !ctx_.grid.value(cell); });
        if (!fits || !open || piece.sets.empty()) continue;
        for (int cell : piece.cells) taken[cell] = 1;
        pieces_.push_back(std::move(piece));
      }
      rest_.clear();
      for (int cell : house)
        if (!taken[cell]) rest_.push_back(cell);
      if (pieces_.empty() || (pieces_.size() == 1 && rest_.empty())) continue;
      if (auto step = cross(h)) return step;
    }
    return std::nullopt;
  }

 private:
  struct Piece {
    const detail::Rule* rule;
    std::vector<int> cells;
    std::vector<Mask> sets;
    Mask used;  // the union of the sets some whole choice takes
  };

  std::optional<Step> cross(int h) {
    rest_keep_.assign(rest_.size(), 0);
    for (Piece& piece : pieces_) piece.used = 0;
    chosen_.assign(pieces_.size(), 0);
    nodes_ = 0;
    if (!choose(0, 0) || nodes_ > kMaxNodes) return std::nullopt;  // none fits: the position is broken (found elsewhere)
    Step s = step_of(Technique::house_combinations, "");
    std::vector<int> cells;
    std::string removed, rules;
    const auto remove = [&](int cell, Mask keep) {
      if (ctx_.grid.value(cell)) return;
      const Mask gone = ctx_.grid.candidates(cell) & ~keep;
      if (!gone) return;
      for (int d : digits_of(gone)) s.eliminations.push_back({cell, d});
      removed.append(removed.empty() ? "" : "; ").append(cat({ctx_.geo.cell_name(cell), " not ", digit_list(gone)}));
    };
    for (const Piece& piece : pieces_) {
      for (int cell : piece.cells) remove(cell, piece.used);
      rules.append(rules.empty() ? "" : ", ").append(ctx_.rules->origin_text(piece.rule->origin));
      reads(s, piece.rule->origin);
      cells.insert(cells.end(), piece.cells.begin(), piece.cells.end());
    }
    for (std::size_t i = 0; i < rest_.size(); ++i) remove(rest_[i], rest_keep_[i]);
    if (s.eliminations.empty()) return std::nullopt;
    const std::string house = house_name(ctx_.geo.houses()[static_cast<std::size_t>(h)]);
    s.detail = cat({house, " holds ", rules, rest_.empty() ? "" : " and other cells",
                    ": their combinations may share no digit", rest_.empty() ? "" : " and must leave the others theirs",
                    ": ", removed});
    s.cells = sorted_cells(cells);
    return s;
  }

  // Chooses a set for pieces_[index..] beside the digits `used`; true when
  // some whole choice fits, recording what each choice takes.
  bool choose(std::size_t index, Mask used) {
    if (++nodes_ > kMaxNodes) return false;
    if (index == pieces_.size()) return leave_rest(used);
    bool any = false;
    for (Mask set : pieces_[index].sets) {
      if (set & used) continue;
      chosen_[index] = set;
      if (choose(index + 1, used | set)) any = true;
    }
    return any;
  }

  // The digits no piece takes must go in the other cells: each cell one of
  // them, each digit a cell.
  bool leave_rest(Mask used) {
    const Mask left = all_digits(ctx_.n()) & ~used;
    Mask reach = 0;
    for (int cell : rest_) {
      if (!(masks_[cell] & left)) return false;
      reach |= masks_[cell] & left;
    }
    if (reach != left) return false;
    for (std::size_t i = 0; i < rest_.size(); ++i) rest_keep_[i] |= masks_[rest_[i]] & left;
    for (std::size_t i = 0; i < pieces_.size(); ++i) pieces_[i].used |= chosen_[i];
    return true;
  }

  // Choices tried per house before it is left alone (a few large cages can
  // have thousands together; such a house says little).
  static constexpr long kMaxNodes = 20000;
  const Context& ctx_;
  std::vector<Mask> masks_;
  ScratchDomains domains_;
  std::vector<Piece> pieces_;
  std::vector<int> rest_;
  std::vector<Mask> rest_keep_, chosen_;
  long nodes_ = 0;
};

// A rule's cells filled together, each with one of its candidates, the cells
// that see each other (a house, a rule's extra peers) holding different
// digits, the rule kept once all are filled: a candidate no filling uses
// goes. A rule's own revise reads digit sets (a sum's least and greatest, a
// house's worth of cells as one group); this reads each cell's candidates,
// as a person fills in a sum across houses (the rule of 45 over several
// rows, a little killer's diagonal) cell by cell. Two rules that share a cell
// are filled together the same way, both kept: a clash between overlapping
// sums (a rule of 45's difference against the cage through one of its cells).
class RuleFillings {
 public:
  explicit RuleFillings(const Context& ctx) : ctx_(ctx), program_(ctx.rules->program()), masks_(open_masks(ctx)) {}

  // One rule at a time (pairs: false), or every two that share an open cell.
  std::optional<Step> find(bool pairs) {
    const int count = program_.rule_count();
    if (!pairs) {
      for (int i = 0; i < count; ++i)
        if (auto step = fill({i}, Technique::rule_fillings)) return step;
      return std::nullopt;
    }
    std::vector<char> paired(static_cast<std::size_t>(count), 0);
    for (int i = 0; i < count; ++i) {
      std::fill(paired.begin(), paired.end(), 0);
      for (int cell : watched_cells(program_.rule(i)))
        for (int j : program_.rules_of(cell)) {
          if (j <= i || paired[j]) continue;
          paired[j] = 1;
          if (auto step = fill({i, j}, Technique::rule_pair_fillings)) return step;
        }
    }
    return std::nullopt;
  }

 private:
  // The open cells whose changes a rule watches: the others (a cage's house
  // mates) only prune, and filling them would multiply the work.
  std::vector<int> watched_cells(const detail::Rule& rule) const {
    std::vector<int> cells(rule.cells.begin(),
                           rule.cells.begin() + static_cast<std::ptrdiff_t>(std::min(rule.watched, rule.cells.size())));
    std::erase_if(cells, [&](int cell) { return ctx_.grid.value(cell) != 0; });
    return cells;
  }

  std::optional<Step> fill(std::vector<int> rules, Technique technique) {
    rules_ = std::move(rules);
    cells_.clear();
    for (int r : rules_) {
      const std::vector<int> cells = watched_cells(program_.rule(r));
      cells_.insert(cells_.end(), cells.begin(), cells.end());
    }
    sort_unique(cells_);
    if (cells_.size() < 2 || cells_.size() > kMostCells) return std::nullopt;
    const std::size_t count = cells_.size();
    differ_.assign(count * count, 0);
    for (std::size_t a = 0; a < count; ++a)
      for (std::size_t b = 0; b < count; ++b) differ_[a * count + b] = a != b && sees(cells_[a], cells_[b]);
    levels_.resize(count + 1);
    for (std::vector<Mask>& level : levels_) level = masks_;
    used_.assign(count, 0);
    nodes_ = 0;
    for (std::size_t i = 0; i < count; ++i)
      for (int d : digits_of(masks_[cells_[i]] & ~used_[i])) {
        levels_[0] = masks_;
        levels_[0][cells_[i]] = digit_bit(d);
        if (!settle(0, i, d)) continue;
        if (!search(0) && nodes_ > kMaxNodes) return std::nullopt;  // too many to tell: nothing follows
      }
    Step s = step_of(technique, "");
    std::string removed, names;
    for (std::size_t i = 0; i < count; ++i) {
      const Mask gone = masks_[cells_[i]] & ~used_[i];
      if (!gone) continue;
      for (int d : digits_of(gone)) s.eliminations.push_back({cells_[i], d});
      removed.append(removed.empty() ? "" : "; ").append(cat({ctx_.geo.cell_name(cells_[i]), " not ", digit_list(gone)}));
    }
    if (s.eliminations.empty()) return std::nullopt;
    for (int r : rules_) {
      names.append(names.empty() ? "" : " with ").append(ctx_.rules->origin_text(program_.rule(r).origin));
      reads(s, program_.rule(r).origin);
    }
    s.detail = cat({names, ": filling ", cells_text(ctx_.geo, cells_),
                    " cell by cell (cells that see each other differ): ", removed});
    s.cells = cells_;
    return s;
  }

  bool sees(int a, int b) const {
    if (ctx_.tables.sees(a, b)) return true;
    const std::vector<int>& extra = program_.extra_peers(a);
    return std::find(extra.begin(), extra.end(), b) != extra.end();
  }

  // Cell i of levels_[k] holding d: out of the cells that see it. False
  // where one is left without a digit.
  bool settle(std::size_t k, std::size_t i, int d) {
    for (std::size_t j = 0; j < cells_.size(); ++j)
      if (differ_[i * cells_.size() + j] && !(levels_[k][cells_[j]] &= ~digit_bit(d))) return false;
    return true;
  }

  // Whether levels_[k] completes to a filling that keeps the rules (each
  // found noted in used_).
  bool search(std::size_t k) {
    if (++nodes_ > kMaxNodes) return false;
    MasksInPlace domains(levels_[k]);
    for (int r : rules_)
      if (!program_.rule(r).revise(domains)) return false;
    std::size_t next = cells_.size();
    for (std::size_t j = 0; j < cells_.size(); ++j) {
      const int open = popcount(levels_[k][cells_[j]]);
      if (open > 1 && (next == cells_.size() || open < popcount(levels_[k][cells_[next]]))) next = j;
    }
    if (next == cells_.size()) {  // every cell filled, and the rules kept
      for (std::size_t j = 0; j < cells_.size(); ++j) used_[j] |= levels_[k][cells_[j]];
      return true;
    }
    const Mask open = levels_[k][cells_[next]];
    for (const Mask digits : {open & ~used_[next], open & used_[next]})
      for (int d : digits_of(digits)) {
        levels_[k + 1] = levels_[k];
        levels_[k + 1][cells_[next]] = digit_bit(d);
        if (settle(k + 1, next, d) && search(k + 1)) return true;
      }
    return false;
  }

  // Past these the rules are left alone: many open cells have many
  // fillings, and say little while they are open.
  static constexpr std::size_t kMostCells = 12;
  static constexpr long kMaxNodes = 20000;
  const Context& ctx_;
  const detail::ConstraintProgram& program_;
  std::vector<Mask> masks_;
  std::vector<int> rules_, cells_;
  std::vector<char> differ_;
  std::vector<std::vector<Mask>> levels_;  // per depth of the search: the candidates there
  std::vector<Mask> used_;                 // per cell: the digits some filling found gives it
  long nodes_ = 0;
};

}  // namespace

std::optional<Step> find_rule_bounds(const Context& ctx) {
  if (!ctx.rules) return std::nullopt;
  return restriction_step(ctx, false, Technique::rule_bounds);
}

std::optional<Step> find_rule_peers(const Context& ctx) {
  if (!ctx.rules) return std::nullopt;
  const detail::ConstraintProgram& program = ctx.rules->program();
  for (int cell = 0; cell < ctx.cells(); ++cell) {
    const int d = ctx.grid.value(cell);
    if (!d) continue;
    for (int peer : program.extra_peers(cell)) {
      if (!ctx.grid.has(peer, d)) continue;
      // This rule's peers of the cell that still hold the digit.
      const int origin = program.peer_origin(cell, peer).value_or(0);
      Step s = step_of(Technique::rule_peers, "");
      std::vector<int> gone;
      for (int other : program.extra_peers(cell))
        if (ctx.grid.has(other, d) && program.peer_origin(cell, other) == origin) {
          gone.push_back(other);
          s.eliminations.push_back({other, d});
        }
      const std::string digit(1, digit_char(d));
      s.detail = cat({ctx.geo.cell_name(cell), "=", digit, " and ", ctx.rules->origin_text(origin), ": ", digit,
                      " leaves ", cells_text(ctx.geo, gone)});
      s.cells = {cell};
      reads(s, origin);
      return s;
    }
  }
  return std::nullopt;
}

std::optional<Step> find_pair_rules(const Context& ctx) {
  if (!ctx.rules) return std::nullopt;
  const detail::ConstraintProgram& program = ctx.rules->program();
  for (int cell = 0; cell < ctx.cells(); ++cell) {
    const Mask open = open_digits(ctx.grid, cell);
    for (const detail::PairLink& link : program.links(cell)) {
      if (ctx.grid.value(link.other)) continue;
      Mask supported = 0;
      for (int d : digits_of(open)) supported |= link.support[d];
      const Mask gone = ctx.grid.candidates(link.other) & ~supported;
      if (!gone) continue;
      std::string rules;
      for (int origin : link.origins) rules.append(rules.empty() ? "" : " and ").append(ctx.rules->origin_text(origin));
      Step s = step_of(Technique::pair_rules,
                       cat({rules, ": with ", ctx.geo.cell_name(cell), " holding ", digit_list(open), ", ",
                            ctx.geo.cell_name(link.other), " cannot be ", digit_list(gone)}));
      s.cells = {cell, link.other};
      for (int origin : link.origins) reads(s, origin);
      for (int d : digits_of(gone)) s.eliminations.push_back({link.other, d});
      return s;
    }
  }
  return std::nullopt;
}

std::optional<Step> find_rule_combinations(const Context& ctx) {
  if (!ctx.rules) return std::nullopt;
  return revise_step(ctx, false, Technique::rule_combinations);
}

std::optional<Step> find_rule_house_interaction(const Context& ctx) {
  if (!ctx.rules) return std::nullopt;
  return needed_digit_step(ctx, false, Technique::rule_house_interaction);
}

std::optional<Step> find_rule_of_45(const Context& ctx) {
  if (!ctx.rules) return std::nullopt;
  if (auto s = restriction_step(ctx, true, Technique::rule_of_45)) return s;
  if (auto s = revise_step(ctx, true, Technique::rule_of_45)) return s;
  return needed_digit_step(ctx, true, Technique::rule_of_45);
}

std::optional<Step> find_house_combinations(const Context& ctx) {
  if (!ctx.rules) return std::nullopt;
  return HouseCombinations(ctx).find();
}

std::optional<Step> find_rule_fillings(const Context& ctx) {
  if (!ctx.rules) return std::nullopt;
  return RuleFillings(ctx).find(false);
}

std::optional<Step> find_rule_pair_fillings(const Context& ctx) {
  if (!ctx.rules) return std::nullopt;
  return RuleFillings(ctx).find(true);
}

}  // namespace nonet::logic
