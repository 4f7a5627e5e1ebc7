// The variant rules of a puzzle compiled for the exact search: each rule
// becomes one of three shapes of propagator over candidate masks, so the
// search never asks which rule it runs.
//   - extra peers: cells that must differ (cages, renban, anti-knight, …),
//     handled like the peers of a house when a digit is placed;
//   - pair links: for two cells, the digits one may hold given each digit of
//     the other (dots, XV, thermometer steps, whispers, palindromes, …): arc
//     consistency, one table lookup per candidate;
//   - rules over many cells (sums, renban runs, between lines, sandwiches,
//     …): a revise() that keeps only candidates some assignment supports, or
//     at least those inside the rule's bounds, and is exact once every cell
//     of the rule is fixed, which is what makes the search's answers right.
// Beside the rules as written, the sums they imply (the rule of 45 over cages
// and houses) are added as rules of the same shapes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nonet/model.hpp"

namespace nonet::detail {

// The search's candidates as the propagators see them: read directly (the
// rules read them far more often than they change them), changed through
// keep_only.
class Domains {
 public:
  Mask mask(int cell) const { return masks_[cell]; }
  // Keeps only `allowed` in the cell; false when nothing is left. A cell
  // with nothing to lose costs no call: most of a rule's cells, most times.
  bool keep_only(int cell, Mask allowed) {
    const Mask mask = masks_[cell];
    return (mask & ~allowed) == 0 ? mask != 0 : narrow(cell, allowed);
  }

 protected:
  // keep_only where the cell loses a digit.
  virtual bool narrow(int cell, Mask allowed) = 0;
  // `masks` must stay in place while this lives.
  explicit Domains(const std::vector<Mask>& masks) : masks_(masks.data()) {}
  ~Domains() = default;

 private:
  const Mask* masks_;
};

class Rule {
 public:
  virtual ~Rule() = default;
  // False when no assignment of the rule's cells within the domains keeps it.
  virtual bool revise(Domains& domains) const = 0;
  // The ways of keeping the rule left, in words ("1+8 or 2+7": a cage's
  // combinations), for the logic solver's steps; empty where a rule does
  // not list them.
  virtual std::string ways(const Domains&) const { return {}; }
  // For a rule whose first cells hold different digits drawn from listed
  // sets (a killer cage's combinations): how many cells those are, with the
  // sets still possible within the domains put in `sets`; 0 for any other
  // rule. The logic solver crosses such rules lying in one house.
  virtual std::size_t sets_left(const Domains&, std::vector<Mask>& /*sets*/) const { return 0; }
  // A digit and a house whose places of it the search may branch on (the
  // rule's own best question), or false.
  virtual bool branch_on(const Domains&, int& /*house*/, int& /*digit*/) const { return false; }
  bool suggests = false;  // whether branch_on may answer
  std::vector<int> cells;  // every cell whose candidates the rule reads
  // The search revises the rule when one of cells[0..watched) changes; the
  // cells after those are read for extra pruning only (a cage's house
  // mates), which is not worth a revise on each of their changes.
  std::size_t watched = SIZE_MAX;
  int origin = 0;          // the rule it comes from (ConstraintProgram's origins)
  int branching_weight = 1;  // how many times its cells count in the search's choice of a cell
  // True when a second revise right after a first can remove nothing more
  // (every digit kept lies on a way of keeping the rule that the first left
  // whole): the search then does not revise it again for its own removals.
  bool settles = false;
};

struct PairLink {
  int other;
  std::vector<Mask> support;  // support[d]: the digits `other` may hold when this cell holds d (1..N)
  std::vector<int> origins = {};  // the rules that made the table (a white dot on a thermometer: both)
  // Whether the link counts in the search's choice of cell; not where it
  // only restates a rule that weighs already (a renban's pairs).
  bool weighs = false;
};

// Digits a rule allows a cell whatever the other cells hold (odd, even, a
// thermometer cell's distance from either end, a cell the rule of 45 fixes).
struct Restriction {
  int cell;
  Mask allowed;
  int origin;
};

class ConstraintProgram {
 public:
  // Throws nothing; a malformed rule makes `invalid` say why. every_run:
  // the rule of 45 over every run of neighbouring rows, columns or boxes,
  // as a person looks at any band (the logic solver); without it only the
  // runs from either end of the grid (the search: the others cost it more
  // time than they save).
  ConstraintProgram(const Geometry& geometry, const std::vector<Constraint>& constraints, bool every_run = false);

  const std::string& invalid() const { return invalid_; }
  Mask initial(int cell) const { return initial_[cell]; }
  const std::vector<int>& extra_peers(int cell) const { return extra_peers_[cell]; }
  const std::vector<PairLink>& links(int cell) const { return links_[cell]; }
  const std::vector<int>& rules_of(int cell) const { return rules_of_[cell]; }
  const Rule& rule(int index) const { return *rules_[index]; }
  int rule_count() const { return static_cast<int>(rules_.size()); }

  // Where each piece comes from, so that the logic solver can name it (the
  // search never asks): an origin >= 0 is the index of a written
  // constraint, a negative one a sum the rule of 45 implies, described by
  // implied_text(origin).
  std::string implied_text(int origin) const;
  const std::vector<Restriction>& restrictions() const { return restrictions_; }
  // The rule that makes `other` an extra peer of `cell` (nullopt: none does).
  std::optional<int> peer_origin(int cell, int other) const;

 private:
  void add(const Constraint& constraint, const std::vector<Constraint>& all);
  void differ(const std::vector<int>& cells);
  void peer(int cell, int other);
  void restrict(int cell, Mask allowed);
  // a, b must satisfy allowed(digit of a, digit of b).
  template <class Relation>
  void relate(int a, int b, Relation&& allowed, bool weighs = true);
  void add_rule(std::unique_ptr<Rule> rule);
  // Cells any two of which hold digits x, y with related(x, y): the rule
  // over the whole group beside the pair links, where the relation is
  // symmetric and never relates a digit to itself (false: it is not, or
  // the group is too small or the digits too many, and no rule was added).
  template <class Relation>
  bool add_related_set(const std::vector<int>& cells, Relation&& related);
  void add_sum(std::vector<std::pair<int, int>> terms, int total);
  // Different digits (the cells see each other) adding up to total.
  void add_distinct_sum(const std::vector<int>& cells, int total);
  // For each house holding all of the cells, its other cells.
  std::vector<std::vector<int>> rests_in_houses(const std::vector<int>& cells) const;
  // Sums the cages imply over houses and unions of houses (rule of 45).
  void add_implied_sums(const std::vector<Constraint>& constraints, bool every_run);
  // Sums of written sums taken together where their cells bind each other.
  void add_combined_sums(const std::vector<Constraint>& constraints);

  const Geometry& geometry_;
  int size_;
  std::string invalid_;
  std::vector<Mask> initial_;
  std::vector<std::vector<int>> extra_peers_;
  std::vector<std::vector<PairLink>> links_;
  std::vector<std::unique_ptr<Rule>> rules_;
  std::vector<std::vector<int>> rules_of_;
  int origin_ = 0;  // the origin of the pieces being added
  // A sum the rule of 45 implies: sum(plus) - sum(minus) = total over the
  // houses from `first` to `last`. Worded only when the logic solver asks: a
  // generated killer builds a program for every count.
  struct ImpliedSum {
    int first, last;  // -1: no houses, a sum of the written sums `parts`
    std::vector<int> plus, minus;
    long total;
    std::vector<int> parts = {};  // their first cells, for the words
  };
  std::vector<ImpliedSum> implied_;
  std::vector<std::vector<std::pair<int, int>>> peer_origins_;  // per cell: (extra peer, origin), as added
  std::vector<Restriction> restrictions_;
  std::vector<int> rule_cells_;  // add_rule's scratch
};

}  // namespace nonet::detail
