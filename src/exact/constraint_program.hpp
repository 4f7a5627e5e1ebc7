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
  // Keeps only `allowed` in the cell; false when nothing is left.
  virtual bool keep_only(int cell, Mask allowed) = 0;

 protected:
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
  std::vector<int> cells;  // every cell whose candidates the rule reads
};

struct PairLink {
  int other;
  std::vector<Mask> support;  // support[d]: the digits `other` may hold when this cell holds d (1..N)
};

class ConstraintProgram {
 public:
  // Throws nothing; a malformed rule makes `invalid` say why.
  ConstraintProgram(const Geometry& geometry, const std::vector<Constraint>& constraints);

  const std::string& invalid() const { return invalid_; }
  Mask initial(int cell) const { return initial_[cell]; }
  const std::vector<int>& extra_peers(int cell) const { return extra_peers_[cell]; }
  const std::vector<PairLink>& links(int cell) const { return links_[cell]; }
  const std::vector<int>& rules_of(int cell) const { return rules_of_[cell]; }
  const Rule& rule(int index) const { return *rules_[index]; }
  int rule_count() const { return static_cast<int>(rules_.size()); }

 private:
  void add(const Constraint& constraint, const std::vector<Constraint>& all);
  void differ(const std::vector<int>& cells);
  // a, b must satisfy allowed(digit of a, digit of b).
  template <class Relation>
  void relate(int a, int b, Relation&& allowed);
  void add_rule(std::unique_ptr<Rule> rule);
  void add_sum(const std::vector<std::pair<int, int>>& terms, int total);
  // Different digits (the cells see each other) adding up to total.
  void add_distinct_sum(const std::vector<int>& cells, int total);
  // Sums the cages imply over houses and unions of houses (rule of 45).
  void add_implied_sums(const std::vector<Constraint>& constraints);

  const Geometry& geometry_;
  int size_;
  std::string invalid_;
  std::vector<Mask> initial_;
  std::vector<std::vector<int>> extra_peers_;
  std::vector<std::vector<PairLink>> links_;
  std::vector<std::unique_ptr<Rule>> rules_;
  std::vector<std::vector<int>> rules_of_;
};

}  // namespace nonet::detail
