// Difficulty levels as ranges of the Sudoku Explainer rating.
//
// SE gives every technique a number and a puzzle the number of the hardest
// step it needs (SE always takes the easiest step available): hidden single
// 1.2 (box) / 1.5 (row, column); direct pointing/claiming 1.7/1.9; direct
// hidden pair 2.0; naked single 2.3; direct hidden triple 2.5; pointing 2.6,
// claiming 2.8; naked pair 3.0; X-Wing 3.2; hidden pair 3.4; naked triple 3.6;
// swordfish 3.8; hidden triple 4.0; XY-Wing 4.2; XYZ-Wing 4.4; unique
// rectangles 4.5+; naked quad 5.0; jellyfish 5.2; hidden quad 5.4; BUG 5.6;
// aligned pair exclusion 6.2; forcing chains 6.5–7.5; dynamic chains 8+.
//
// QQwing's four levels are defined by its own solver (simple: naked singles
// only, easy: hidden singles, intermediate: pairs and intersections, expert:
// it must guess). The closest SE ranges, with the bands cut where one family
// of techniques ends, are below; "master" and "extreme" continue the ladder.
#include <charconv>
#include <cmath>
#include <string>

#include "nonet/generate.hpp"

namespace nonet {

const std::vector<DifficultyLevel>& difficulty_levels() {
  static const std::vector<DifficultyLevel> levels{
      {"simple", {1.0, 1.5}, "hidden singles only"},
      {"easy", {1.6, 2.5}, "naked singles and SE's direct intersections, pairs and triples"},
      {"intermediate", {2.6, 3.9}, "pointing, claiming, naked/hidden pairs, X-Wing, naked triple, swordfish"},
      {"expert", {4.0, 5.9}, "hidden triple, XY/XYZ-Wing, unique rectangles, quads, jellyfish, BUG"},
      {"master", {6.0, 7.9}, "aligned pair exclusion, forcing chains, nishio"},
      {"extreme", {8.0, 12.0}, "dynamic and nested forcing chains (rare: slow to find)"},
  };
  return levels;
}

std::optional<DifficultyLevel> find_level(std::string_view name) {
  for (const DifficultyLevel& level : difficulty_levels())
    if (level.name == name) return level;
  return std::nullopt;
}

namespace {

// Every puzzle with an empty cell needs at least a full house (1.0); the
// hardest puzzles known rate 11.9.
constexpr double kEasiestRating = 1.0, kHardestRating = 11.9;

double parse_rating(std::string_view text, std::string_view whole) {
  // std::from_chars for double is in libstdc++ 11+, and unlike strtod it
  // ignores the locale.
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value) || value < 0)
    throw GenerateError("rating range '" + std::string(whole) +
                        "': expected MIN-MAX with SE ratings, e.g. 2.6-3.9, 7- or 4.5");
  return value;
}

}  // namespace

RatingRange parse_rating_range(std::string_view text) {
  RatingRange range;
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) {
    range.min = range.max = parse_rating(text, text);
  } else {
    const auto low = text.substr(0, dash), high = text.substr(dash + 1);
    if (!low.empty()) range.min = parse_rating(low, text);
    if (!high.empty()) range.max = parse_rating(high, text);
    if (low.empty() && high.empty()) throw GenerateError("rating range '-' has no bounds");
  }
  if (range.min > range.max)
    throw GenerateError("rating range '" + std::string(text) + "' is empty (MIN > MAX)");
  // Outside the scale no carving can ever land: refuse rather than search for ever.
  if (range.min > kHardestRating || range.max < kEasiestRating)
    throw GenerateError("rating range '" + std::string(text) + "' lies outside the SE scale of puzzles (1.0 to 11.9)");
  return range;
}

}  // namespace nonet
