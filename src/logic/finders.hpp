// The finder functions of each family of techniques, one file each. A finder
// returns the first step it finds in grid order, or nullopt; chain finders
// return their easiest (lowest rated, then shortest) step, as SE does.
// Declared apart from the solving context (internal.hpp) so that the
// technique table (techniques.hpp) can name each technique's finder without
// bringing that context to the generator and the tests that read the table.
#pragma once

#include <optional>

#include "nonet/logic.hpp"

namespace nonet::logic {

struct Context;  // internal.hpp

// singles.cpp
std::optional<Step> find_full_house(const Context&);
std::optional<Step> find_hidden_single(const Context&, bool box_like);
std::optional<Step> find_naked_single(const Context&);
// intersections.cpp (pointing when the first house is a box/region, else claiming)
std::optional<Step> find_intersection(const Context&, bool pointing, bool direct);
// subsets.cpp
std::optional<Step> find_naked_subset(const Context&, int k);
std::optional<Step> find_hidden_subset(const Context&, int k, bool direct);
// fish.cpp
std::optional<Step> find_fish(const Context&, int k);
// Single-digit patterns of two strong links a=b-c=e (SukakuExplainer's).
enum class TwoLinkPattern { skyscraper, two_string_kite, turbot_fish };
std::optional<Step> find_two_link_pattern(const Context&, TwoLinkPattern pattern);
std::optional<Step> find_empty_rectangle(const Context&);
std::optional<Step> find_three_link_chain(const Context&);         // 3-link X-chains, 5.4-5.7
std::optional<Step> find_grouped_two_link_chain(const Context&);  // 4.3
// wings.cpp
std::optional<Step> find_xy_wing(const Context&);
std::optional<Step> find_xyz_wing(const Context&);
std::optional<Step> find_wxyz_wing(const Context&);   // k = 4 big wing, 5.5-5.6
std::optional<Step> find_vwxyz_wing(const Context&);  // k = 5, 6.2-6.4
std::optional<Step> find_uvwxyz_wing(const Context&);  // k = 6, 6.6
std::optional<Step> find_w_wing(const Context&);
// uniqueness.cpp
std::optional<Step> find_unique_rectangle(const Context&);  // rectangles and loops, easiest first
std::optional<Step> find_unique_loop(const Context&);       // loops of 6+ cells only
std::optional<Step> find_bug(const Context&);
// exclusion.cpp
std::optional<Step> find_aligned_pair_exclusion(const Context&);     // 6.2
std::optional<Step> find_aligned_triplet_exclusion(const Context&);  // 7.5
// colouring.cpp, als.cpp (explanations and hints only)
std::optional<Step> find_simple_colouring(const Context&);
std::optional<Step> find_als_xz(const Context&);
// variant_rules.cpp: the techniques over variant rules (none applies to a
// classic puzzle); the rule of 45 also takes the implied sums' bounds and
// needed digits.
std::optional<Step> find_rule_bounds(const Context&);
std::optional<Step> find_rule_peers(const Context&);
std::optional<Step> find_pair_rules(const Context&);
std::optional<Step> find_rule_combinations(const Context&);
std::optional<Step> find_rule_house_interaction(const Context&);
std::optional<Step> find_rule_of_45(const Context&);
std::optional<Step> find_house_combinations(const Context&);
std::optional<Step> find_rule_fillings(const Context&);
std::optional<Step> find_rule_pair_fillings(const Context&);
// chains.cpp
std::optional<Step> find_cycles(const Context&, bool x, bool y);
std::optional<Step> find_forcing_chain(const Context&, bool x, bool y);
std::optional<Step> find_chains(const Context&);  // all of the above, as SE's one chaining pass
// level 0: cell/region (8.0) or dynamic (8.5) forcing chains; level 1: dynamic
// forcing chains (+) (9.0), whose propagation also applies pointing/claiming,
// hidden and naked pairs and X-Wings to the assumed position; levels 2-5:
// nested forcing chains (9.5, 10.0, 10.5, 11.0), whose propagation also applies
// forcing chains of lower levels.
std::optional<Step> find_multiple_forcing_chain(const Context&, bool dynamic, int level = 0);
// The nested forcing chains of the ladder (levels 2-5), only where the puzzle
// is known to have one solution.
std::optional<Step> find_nested_forcing_chains(const Context&, int level);
std::optional<Step> find_nishio(const Context&);

}  // namespace nonet::logic
