// The technique table: every technique the logical solver knows, named once,
// in the order the ladder tries them (SE's order; SukakuExplainer's where
// only it rates a technique), with its rating in integer tenths of SE's
// scale, the scales that rate it, its finder and what that finder reads.
// Adding a technique is adding its row. The ladder (solver.cpp), the ratings
// the finders give their steps, the generator's technique sets and the
// difficulty levels (generate/difficulty.cpp) all read it; docs/logic.md
// prints it.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <string_view>

#include "finders.hpp"

namespace nonet::logic {

// A rating on SE's scale in tenths (4.2 is 42): the scale has no finer step,
// so ratings compare as integers.
using Tenths = int;
constexpr double to_rating(Tenths tenths) { return tenths / 10.0; }
// The nearest tenth (a rating computed in floating point, e.g. 5.4 + 0.3).
inline Tenths to_tenths(double rating) { return static_cast<Tenths>(std::lround(rating * 10)); }
// The highest tenth not above `limit` (a user's limit, which need not be a
// tenth: 4.25 admits 4.2 and not 4.3).
inline Tenths tenths_at_most(double limit) { return static_cast<Tenths>(std::floor(limit * 10 + 1e-6)); }

enum class Technique : std::uint8_t {
  full_house,
  hidden_single_box,
  hidden_single_line,
  direct_pointing,
  direct_claiming,
  direct_hidden_pair,
  naked_single,
  rule_bounds,
  rule_peers,
  direct_hidden_triple,
  pair_rules,
  pointing,
  claiming,
  rule_combinations,
  naked_pair,
  rule_house_interaction,
  x_wing,
  hidden_pair,
  rule_of_45,
  naked_triple,
  rule_fillings,
  house_combinations,
  swordfish,
  hidden_triple,
  rule_pair_fillings,
  skyscraper,
  two_string_kite,
  turbot_fish,
  empty_rectangle,
  grouped_two_link_chain,
  xy_wing,
  xyz_wing,
  w_wing,
  unique_rectangle,
  naked_quad,
  jellyfish,
  hidden_quad,
  three_link_x_chain,
  wxyz_wing,
  bug,
  vwxyz_wing,
  aligned_pair_exclusion,
  uvwxyz_wing,
  simple_colouring,
  als_xz,
  chains,
  aligned_triplet_exclusion,
  nishio,
  cell_region_forcing_chains,
  dynamic_forcing_chains,
  dynamic_forcing_chains_plus,
  nested_forcing_chains,
  nested_cell_region_forcing_chains,
  nested_dynamic_forcing_chains,
  nested_dynamic_forcing_chains_plus,
};

// What a technique's search reads, so that a solve can ask it again only
// where that changed (solver.cpp): each digit's places alone (single-digit
// patterns: its finder honours Context::scope_digits), each house's cells
// alone (singles and subsets in one house: Context::scope_houses), a set of
// cells and the cells that see them (wings and exclusions:
// Context::scope_cells), or anything.
enum class Scope : std::uint8_t { digits, houses, cells, whole };

using Finder = std::optional<Step> (*)(const Context&);

// The puzzles a technique is tried on. The techniques over variant rules
// (constraints.hpp) need some; the uniqueness techniques need none, their
// deadly-pattern argument (swapping digits keeps every rule) holding for
// houses alone. The rows over variant rules are on no published scale (se,
// sukaku and extra all false): a puzzle with rules is rated on the ladder of
// its scale with them added.
enum class Applies : std::uint8_t { always, with_rules, without_rules };

// Every field is required: a row that leaves one out does not build
// (-Wmissing-field-initializers, under -Wextra -Werror).
struct TechniqueRow {
  Technique technique;
  std::string_view name;  // the ladder's name (hints' and `--max` limits' wording)
  Tenths rating;          // SE 1.2.1's base rating (chains add a length bonus)
  bool se;                // on the SE 1.2.1 ladder
  bool sukaku;            // on the SukakuExplainer ladder
  bool extra;             // explanations and hints only: no published scale rates it
  Applies applies;        // on which puzzles: every one, those with variant rules, those without
  Scope scope;            // what its finder reads
  Finder find;            // its search (finders.hpp)
};

// clang-format off
inline constexpr std::array kTechniques = {
    TechniqueRow{Technique::full_house, "Full house", 10, true, true, false, Applies::always, Scope::houses, find_full_house},
    TechniqueRow{Technique::hidden_single_box, "Hidden single (box)", 12, true, true, false, Applies::always, Scope::houses,
                 [](const Context& c) { return find_hidden_single(c, true); }},
    TechniqueRow{Technique::hidden_single_line, "Hidden single (line)", 15, true, true, false, Applies::always, Scope::houses,
                 [](const Context& c) { return find_hidden_single(c, false); }},
    TechniqueRow{Technique::direct_pointing, "Direct pointing", 17, true, true, false, Applies::always, Scope::digits,
                 [](const Context& c) { return find_intersection(c, true, true); }},
    TechniqueRow{Technique::direct_claiming, "Direct claiming", 19, true, true, false, Applies::always, Scope::digits,
                 [](const Context& c) { return find_intersection(c, false, true); }},
    TechniqueRow{Technique::direct_hidden_pair, "Direct hidden pair", 20, true, true, false, Applies::always, Scope::houses,
                 [](const Context& c) { return find_hidden_subset(c, 2, true); }},
    TechniqueRow{Technique::naked_single, "Naked single", 23, true, true, false, Applies::always, Scope::whole, find_naked_single},
    // The techniques over variant rules (variant_rules.cpp), between the
    // house techniques of SE's ladder: peers and bounds just above the
    // singles, pair tables with the direct techniques, each rule's
    // combinations beside claiming, the digits a rule needs (out of the cells
    // seeing all their places) beside naked pairs, the rule of 45 after
    // hidden pairs, a rule's cells filled one by one beside naked triples and
    // two overlapping rules' cells beside hidden triples.
    TechniqueRow{Technique::rule_bounds, "Rule bounds", 24, false, false, false, Applies::with_rules, Scope::whole,
                 find_rule_bounds},
    TechniqueRow{Technique::rule_peers, "Rule peers", 24, false, false, false, Applies::with_rules, Scope::whole,
                 find_rule_peers},
    TechniqueRow{Technique::direct_hidden_triple, "Direct hidden triple", 25, true, true, false, Applies::always, Scope::houses,
                 [](const Context& c) { return find_hidden_subset(c, 3, true); }},
    TechniqueRow{Technique::pair_rules, "Pair rules", 25, false, false, false, Applies::with_rules, Scope::whole,
                 find_pair_rules},
    TechniqueRow{Technique::pointing, "Pointing", 26, true, true, false, Applies::always, Scope::digits,
                 [](const Context& c) { return find_intersection(c, true, false); }},
    TechniqueRow{Technique::claiming, "Claiming", 28, true, true, false, Applies::always, Scope::digits,
                 [](const Context& c) { return find_intersection(c, false, false); }},
    TechniqueRow{Technique::rule_combinations, "Rule combinations", 28, false, false, false, Applies::with_rules, Scope::whole,
                 find_rule_combinations},
    TechniqueRow{Technique::naked_pair, "Naked pair", 30, true, true, false, Applies::always, Scope::houses,
                 [](const Context& c) { return find_naked_subset(c, 2); }},
    TechniqueRow{Technique::rule_house_interaction, "Rule-house interaction", 30, false, false, false, Applies::with_rules, Scope::whole,
                 find_rule_house_interaction},
    TechniqueRow{Technique::x_wing, "X-Wing", 32, true, true, false, Applies::always, Scope::digits,
                 [](const Context& c) { return find_fish(c, 2); }},
    TechniqueRow{Technique::hidden_pair, "Hidden pair", 34, true, true, false, Applies::always, Scope::houses,
                 [](const Context& c) { return find_hidden_subset(c, 2, false); }},
    TechniqueRow{Technique::rule_of_45, "Rule of 45", 35, false, false, false, Applies::with_rules, Scope::whole,
                 find_rule_of_45},
    TechniqueRow{Technique::naked_triple, "Naked triple", 36, true, true, false, Applies::always, Scope::houses,
                 [](const Context& c) { return find_naked_subset(c, 3); }},
    TechniqueRow{Technique::rule_fillings, "Rule fillings", 36, false, false, false, Applies::with_rules, Scope::whole,
                 find_rule_fillings},
    TechniqueRow{Technique::house_combinations, "House combinations", 37, false, false, false, Applies::with_rules,
                 Scope::whole, find_house_combinations},
    TechniqueRow{Technique::swordfish, "Swordfish", 38, true, true, false, Applies::always, Scope::digits,
                 [](const Context& c) { return find_fish(c, 3); }},
    TechniqueRow{Technique::hidden_triple, "Hidden triple", 40, true, true, false, Applies::always, Scope::houses,
                 [](const Context& c) { return find_hidden_subset(c, 3, false); }},
    TechniqueRow{Technique::rule_pair_fillings, "Rule pair fillings", 40, false, false, false, Applies::with_rules,
                 Scope::whole, find_rule_pair_fillings},
    TechniqueRow{Technique::skyscraper, "Skyscraper", 40, false, true, false, Applies::always, Scope::digits,
                 [](const Context& c) { return find_two_link_pattern(c, TwoLinkPattern::skyscraper); }},
    TechniqueRow{Technique::two_string_kite, "2-String Kite", 41, false, true, false, Applies::always, Scope::digits,
                 [](const Context& c) { return find_two_link_pattern(c, TwoLinkPattern::two_string_kite); }},
    // SukakuExplainer tries its two-link patterns (up to 4.3) before the XY-Wing (4.2).
    TechniqueRow{Technique::turbot_fish, "Turbot fish", 42, false, true, false, Applies::always, Scope::digits,
                 [](const Context& c) { return find_two_link_pattern(c, TwoLinkPattern::turbot_fish); }},
    TechniqueRow{Technique::empty_rectangle, "Empty rectangle", 43, false, true, false, Applies::always, Scope::digits,
                 find_empty_rectangle},
    TechniqueRow{Technique::grouped_two_link_chain, "Grouped 2-link chain", 43, false, true, false, Applies::always, Scope::digits,
                 find_grouped_two_link_chain},
    TechniqueRow{Technique::xy_wing, "XY-Wing", 42, true, true, false, Applies::always, Scope::cells, find_xy_wing},
    TechniqueRow{Technique::xyz_wing, "XYZ-Wing", 44, true, true, false, Applies::always, Scope::cells, find_xyz_wing},
    TechniqueRow{Technique::w_wing, "W-Wing", 44, false, false, true, Applies::always, Scope::whole, find_w_wing},
    TechniqueRow{Technique::unique_rectangle, "Unique rectangle", 45, true, true, false, Applies::without_rules, Scope::whole,
                 find_unique_rectangle},
    TechniqueRow{Technique::naked_quad, "Naked quad", 50, true, true, false, Applies::always, Scope::houses,
                 [](const Context& c) { return find_naked_subset(c, 4); }},
    TechniqueRow{Technique::jellyfish, "Jellyfish", 52, true, true, false, Applies::always, Scope::digits,
                 [](const Context& c) { return find_fish(c, 4); }},
    TechniqueRow{Technique::hidden_quad, "Hidden quad", 54, true, true, false, Applies::always, Scope::houses,
                 [](const Context& c) { return find_hidden_subset(c, 4, false); }},
    // 5.4-5.7, before the WXYZ-Wing whatever the rating, as SukakuExplainer orders them.
    TechniqueRow{Technique::three_link_x_chain, "3-link X-chains", 54, false, true, false, Applies::always, Scope::digits,
                 find_three_link_chain},
    TechniqueRow{Technique::wxyz_wing, "WXYZ-Wing", 55, false, true, false, Applies::always, Scope::cells, find_wxyz_wing},
    TechniqueRow{Technique::bug, "BUG", 56, true, true, false, Applies::without_rules, Scope::whole, find_bug},
    TechniqueRow{Technique::vwxyz_wing, "VWXYZ-Wing", 62, false, true, false, Applies::always, Scope::cells, find_vwxyz_wing},
    // After the VWXYZ-Wing, as SukakuExplainer.
    TechniqueRow{Technique::aligned_pair_exclusion, "Aligned pair exclusion", 62, true, true, false, Applies::always, Scope::cells,
                 find_aligned_pair_exclusion},
    // Not in SukakuExplainer's default set.
    TechniqueRow{Technique::uvwxyz_wing, "UVWXYZ-Wing", 66, false, false, true, Applies::always, Scope::cells, find_uvwxyz_wing},
    // HoDoKu's names for what SE finds as X-cycles and forcing chains: offered
    // first in hints and --extras explanations, rated as the chains they replace.
    TechniqueRow{Technique::simple_colouring, "Simple colouring", 65, false, false, true, Applies::always, Scope::whole,
                 find_simple_colouring},
    TechniqueRow{Technique::als_xz, "ALS-XZ", 65, false, false, true, Applies::always, Scope::whole, find_als_xz},
    TechniqueRow{Technique::chains, "Chains and forcing chains", 65, true, true, false, Applies::always, Scope::whole, find_chains},
    TechniqueRow{Technique::aligned_triplet_exclusion, "Aligned triplet exclusion", 75, true, true, false, Applies::always, Scope::cells,
                 find_aligned_triplet_exclusion},
    TechniqueRow{Technique::nishio, "Nishio forcing chains", 75, true, true, false, Applies::always, Scope::whole, find_nishio},
    TechniqueRow{Technique::cell_region_forcing_chains, "Cell/region forcing chains", 80, true, true, false, Applies::always,
                 Scope::whole, [](const Context& c) { return find_multiple_forcing_chain(c, false); }},
    TechniqueRow{Technique::dynamic_forcing_chains, "Dynamic forcing chains", 85, true, true, false, Applies::always, Scope::whole,
                 [](const Context& c) { return find_multiple_forcing_chain(c, true); }},
    TechniqueRow{Technique::dynamic_forcing_chains_plus, "Dynamic forcing chains (+)", 90, true, true, false, Applies::always,
                 Scope::whole, [](const Context& c) { return find_multiple_forcing_chain(c, true, 1); }},
    TechniqueRow{Technique::nested_forcing_chains, "Nested forcing chains (forcing chains)", 95, true, true, false, Applies::always,
                 Scope::whole, [](const Context& c) { return find_nested_forcing_chains(c, 2); }},
    TechniqueRow{Technique::nested_cell_region_forcing_chains,
                 "Nested forcing chains (cell/region forcing chains)", 100, true, true, false, Applies::always,
                 Scope::whole, [](const Context& c) { return find_nested_forcing_chains(c, 3); }},
    TechniqueRow{Technique::nested_dynamic_forcing_chains,
                 "Nested forcing chains (dynamic forcing chains)", 105, true, true, false, Applies::always,
                 Scope::whole, [](const Context& c) { return find_nested_forcing_chains(c, 4); }},
    TechniqueRow{Technique::nested_dynamic_forcing_chains_plus,
                 "Nested forcing chains (dynamic forcing chains (+))", 110, true, true, false, Applies::always,
                 Scope::whole, [](const Context& c) { return find_nested_forcing_chains(c, 5); }},
};
// clang-format on

// The table lists the techniques in the enum's order, so a technique's row is
// found by its number.
constexpr bool table_in_enum_order() {
  for (std::size_t i = 0; i < kTechniques.size(); ++i)
    if (static_cast<std::size_t>(kTechniques[i].technique) != i) return false;
  return true;
}
static_assert(table_in_enum_order(), "kTechniques lists each technique once, in the enum's order");

constexpr const TechniqueRow& row_of(Technique technique) { return kTechniques[static_cast<std::size_t>(technique)]; }
constexpr Tenths rating_of(Technique technique) { return row_of(technique).rating; }
// A step's rating field (public Step keeps SE's decimal value).
constexpr double step_rating(Technique technique, Tenths bonus = 0) { return to_rating(rating_of(technique) + bonus); }

// The bonus SE adds for a chain of `length` nodes: a tenth each time the
// length passes 4, 6, 8, 12, 16, 24, 32, 48, ...
constexpr Tenths chain_length_bonus_tenths(int length) {
  Tenths added = 0;
  int ceiling = 4;
  bool odd = false;
  while (length > ceiling) {
    ++added;
    ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
    odd = !odd;
  }
  return added;
}
// The longest chain whose bonus is at most `bonus` tenths: the inverse of
// chain_length_bonus_tenths, for searches that skip chains rated too high.
constexpr int longest_chain_within(Tenths bonus) {
  int ceiling = 4;
  bool odd = false;
  for (; bonus > 0 && ceiling < (1 << 24); --bonus) {
    ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
    odd = !odd;
  }
  return ceiling;
}
static_assert(longest_chain_within(0) == 4 && longest_chain_within(1) == 6 && longest_chain_within(3) == 12);
static_assert(chain_length_bonus_tenths(longest_chain_within(5)) == 5 &&
              chain_length_bonus_tenths(longest_chain_within(5) + 1) == 6);

}  // namespace nonet::logic
