// The variant rules of a puzzle as the logic solver reads them: the search's
// compiled rules (exact/constraint_program.hpp: extra peers, pair links,
// rules over many cells and the sums the rule of 45 implies), each able to
// say in words which rule it comes from, and the weak links they give (two
// candidates that cannot both hold), which the chain techniques follow
// beside those of the houses (propagation.hpp). The techniques over them are
// in variant_rules.cpp (finders.hpp).
#pragma once

#include <algorithm>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "exact/constraint_program.hpp"
#include "nonet/model.hpp"

namespace nonet::logic {

// Candidates as the search's rules read them (a position's, or an assumed
// one's), changed only in this copy (held in a base, so that it exists
// before Domains points at it).
struct MaskCopy {
  std::vector<Mask> masks;
};
class ScratchDomains final : private MaskCopy, public detail::Domains {
 public:
  explicit ScratchDomains(std::vector<Mask> copy) : MaskCopy{std::move(copy)}, Domains(MaskCopy::masks) {}
  bool narrow(int cell, Mask allowed) override { return (MaskCopy::masks[cell] &= allowed) != 0; }
  const std::vector<Mask>& masks() const { return MaskCopy::masks; }
  // Back to `copy` (of the same size), in place: one scratch serves many
  // trials without allocating.
  void reset(const std::vector<Mask>& copy) { std::copy(copy.begin(), copy.end(), MaskCopy::masks.begin()); }
};

// The same view of masks kept elsewhere, changed in place (a propagation's
// scratch, reused run after run).
class MasksInPlace final : public detail::Domains {
 public:
  explicit MasksInPlace(std::vector<Mask>& masks) : Domains(masks), masks_(masks) {}
  bool narrow(int cell, Mask allowed) override { return (masks_[cell] &= allowed) != 0; }

 private:
  std::vector<Mask>& masks_;
};

// The same, noting each cell it narrows in `touched` (so that a caller can
// put back exactly those).
class TrackedMasks final : public detail::Domains {
 public:
  TrackedMasks(std::vector<Mask>& masks, std::vector<int>& touched) : Domains(masks), masks_(masks), touched_(touched) {}
  bool narrow(int cell, Mask allowed) override {
    Mask& mask = masks_[cell];
    if (mask & ~allowed) {
      touched_.push_back(cell);
      mask &= allowed;
    }
    return mask != 0;
  }

 private:
  std::vector<Mask>& masks_;
  std::vector<int>& touched_;
};

class VariantRules {
 public:
  VariantRules(const Geometry& geometry, const std::vector<Constraint>& constraints);

  const detail::ConstraintProgram& program() const { return program_; }
  // The rule an origin of the program names: "killer cage 15 at r1c1, r1c2",
  // "the rule of 45 on row 1: r1c9 = 4".
  std::string origin_text(int origin) const;
  // The candidates (cell * N + digit - 1) that cannot hold with digit `digit`
  // in `cell` by a rule other than the houses. Same digit only, or every
  // digit (a pair link's forbidden pairs).
  std::span<const int> weak_links(int cell, int digit, bool same_digit_only) const;

 private:
  const Geometry& geometry_;
  std::vector<Constraint> constraints_;
  detail::ConstraintProgram program_;
  // Per candidate, from at[candidate]: the same digit's weak links first,
  // then those to other digits (from at[candidate] + same[candidate]).
  std::vector<int> at_, same_, links_;
};

}  // namespace nonet::logic
