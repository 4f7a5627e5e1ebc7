// Difficulty levels as ranges of the Sudoku Explainer rating (ER): SE rates a
// puzzle by the hardest step it needs (it always takes the easiest step
// available), and the technique table (logic/techniques.hpp) gives each
// technique's rating. A level's techniques are those of SE's ladder rated
// within its range.
//
// QQwing's four levels are defined by its own solver (simple: naked singles
// only, easy: hidden singles, intermediate: pairs and intersections, expert:
// it must guess). The closest SE ranges, with the bands cut where one family
// of techniques ends, are below; "master" and "extreme" continue the ladder.
#include <charconv>
#include <cmath>
#include <iterator>
#include <string>

#include "logic/techniques.hpp"
#include "nonet/generate.hpp"

namespace nonet {

namespace {

using logic::rating_of;
using logic::Technique;
using logic::Tenths;

struct LevelStart {
  const char* name;
  Tenths from;            // its lowest rating; it ends a tenth below the next level's
  const char* note = "";  // said after its techniques
};
// Each level starts where a technique of SE's ladder does, but for two gaps in it.
constexpr LevelStart kLevelStarts[] = {
    {"simple", rating_of(Technique::full_house)},
    // Hidden singles alone finish exactly the puzzles rated up to hidden singles in lines.
    {"easy", rating_of(Technique::hidden_single_line) + 1},
    {"intermediate", rating_of(Technique::pointing)},
    {"expert", rating_of(Technique::hidden_triple)},
    // A whole rating between BUG (5.6) and aligned pair exclusion (6.2): no
    // technique of SE's ladder starts there (BUG type 3's larger forms rate 6.0 and 6.1).
    {"master", 60},
    {"extreme", rating_of(Technique::cell_region_forcing_chains), "rare: slow to find"},
};
// The end of the last level: above the hardest puzzles known (11.9, below).
constexpr Tenths kScaleTop = 120;

constexpr bool starts_increase() {
  for (std::size_t i = 1; i < std::size(kLevelStarts); ++i)
    if (kLevelStarts[i].from <= kLevelStarts[i - 1].from) return false;
  return kScaleTop > kLevelStarts[std::size(kLevelStarts) - 1].from;
}
static_assert(starts_increase(), "levels follow one another up the scale");

// The names of SE's techniques rated within [from, to], in ladder order.
std::string techniques_within(Tenths from, Tenths to) {
  std::string names;
  for (const logic::TechniqueRow& row : logic::kTechniques)
    if (row.se && row.rating >= from && row.rating <= to) names += (names.empty() ? "" : ", ") + std::string(row.name);
  return names;
}

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

const std::vector<DifficultyLevel>& difficulty_levels() {
  static const std::vector<DifficultyLevel> levels = [] {
    std::vector<DifficultyLevel> all;
    for (std::size_t i = 0; i < std::size(kLevelStarts); ++i) {
      const LevelStart& level = kLevelStarts[i];
      const Tenths to = i + 1 < std::size(kLevelStarts) ? kLevelStarts[i + 1].from - 1 : kScaleTop;
      std::string techniques = techniques_within(level.from, to);
      if (*level.note) techniques += std::string(" (") + level.note + ")";
      all.push_back({level.name, {logic::to_rating(level.from), logic::to_rating(to)}, std::move(techniques)});
    }
    return all;
  }();
  return levels;
}

std::optional<DifficultyLevel> find_level(std::string_view name) {
  for (const DifficultyLevel& level : difficulty_levels())
    if (level.name == name) return level;
  return std::nullopt;
}

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
