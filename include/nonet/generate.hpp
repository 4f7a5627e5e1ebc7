// Generating puzzles: a random full grid, then givens removed in symmetric
// groups for as long as the puzzle keeps exactly one solution, steered towards
// a difficulty when one is asked for.
//
// Reproducibility: puzzle i of a stream depends only on (seed, i) and the
// options — never on threads, clocks or which shard runs it — so `-j 8`, `-j 1`
// and the concatenated output of every `--shard k/n` are the same bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/export.hpp"
#include "nonet/logic.hpp"
#include "nonet/model.hpp"

namespace nonet NONET_API {

// Options that cannot be met (a symmetry the geometry lacks, an empty givens
// range, a rating nobody can reach in the attempts allowed).
class GenerateError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// A puzzle not made within GenerateOptions::time_limit.
class GenerateTimeout : public GenerateError {
 public:
  using GenerateError::GenerateError;
};

// ---- Symmetry -------------------------------------------------------------
//
// The pattern of givens maps onto itself under the symmetry:
//   rot180        (r, c) -> (N-1-r, N-1-c)
//   rot90         quarter turns (implies rot180)
//   mirror        left-right:  (r, c) -> (r, N-1-c)
//   flip          top-bottom:  (r, c) -> (N-1-r, c)
//   diagonal      about the main diagonal: (r, c) -> (c, r)
//   antidiagonal  about the other diagonal: (r, c) -> (N-1-c, N-1-r)
//   dihedral      all eight of the above at once
// A symmetry fits a geometry when it maps every house onto a house (6×6 boxes
// are 2×3, so rot90 and the diagonal reflections do not fit; a jigsaw fits only
// what its region map is symmetric under).
enum class Symmetry { none, rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral };
std::vector<std::string> symmetry_names();
std::string to_string(Symmetry symmetry);
std::optional<Symmetry> parse_symmetry(std::string_view name);
// Why the symmetry does not fit, or nullopt when it does.
std::optional<std::string> symmetry_misfit(const Geometry& geometry, Symmetry symmetry);
// The cells fall into orbits (groups the symmetry maps onto each other); the
// generator adds or removes a whole orbit at a time. Throws GenerateError when
// the symmetry does not fit.
std::vector<std::vector<int>> symmetry_orbits(const Geometry& geometry, Symmetry symmetry);
// True when every orbit is either all givens or all empty.
bool has_symmetry(const Geometry& geometry, const Grid& cells, Symmetry symmetry);

// ---- Difficulty -----------------------------------------------------------
//
// Levels are ranges of the Sudoku Explainer rating (ER, Scale::se); QQwing's
// four names come first so the two programs can be compared level by level.
struct RatingRange {
  double min = 0;
  double max = 100;
  bool contains(double rating) const { return rating >= min - 1e-9 && rating <= max + 1e-9; }
};
struct DifficultyLevel {
  std::string name;
  RatingRange range;
  std::string techniques;  // what solving it takes, in words
};
const std::vector<DifficultyLevel>& difficulty_levels();
std::optional<DifficultyLevel> find_level(std::string_view name);
// "2.6-3.9", "7" (exactly), "8-" (at least 8). Throws GenerateError.
RatingRange parse_rating_range(std::string_view text);

// How a puzzle is rated when the range needs the full rater. The generator
// never needs it for ranges it can decide itself (see docs/generate.md:
// "singles-solvable" fixes ER to ≤ 1.5 or 1.7–2.3 without rating). The second
// argument is the top of the wanted range: a rater may stop as soon as the
// puzzle needs a step above it (Rating::solved false), e.g. `rate(p, scale, max)`.
using Rater = std::function<Rating(const Puzzle&, double max_rating)>;
// The SE 1.2.1 rater, `rate(puzzle, Scale::se, max_rating)`, each call given
// at most `time_limit` seconds (0: none).
Rater se_rater(double time_limit = 0);

// Which singles a logical solve may use: hidden singles only (SE ≤ 1.5), or
// hidden and naked singles (SE ≤ 2.3).
enum class SinglesKind { hidden_only, hidden_and_naked };
// True when those singles alone fill every cell; they are sound deductions, so
// such a puzzle (with consistent givens) has exactly one solution.
bool solves_with_singles(const Geometry& geometry, const Grid& givens, SinglesKind kind);
// True when the basic techniques SE rates at most `ceiling` (singles,
// intersections, naked/hidden subsets up to quads, row/column fish up to
// jellyfish) fill every cell. Then the puzzle is unique and its SE rating is
// at most `ceiling` (see src/generate/closure.hpp for why).
bool solves_with_basic_logic(const Geometry& geometry, const Grid& givens, double ceiling);

// ---- Variant rules --------------------------------------------------------
//
// Puzzles whose clues are rules beside the houses (constraints.hpp), drawn
// from the full grid: killer cages with their sums, thermometers, every
// kropki dot (with the negative rules: no other neighbours differ by 1 or
// have ratio 2), arrows. docs/generate.md#variant-puzzles says how.
enum class VariantRules { none, killer, thermo, kropki, arrow };
std::vector<std::string> variant_rules_names();  // without "none"
std::string to_string(VariantRules rules);
std::optional<VariantRules> parse_variant_rules(std::string_view name);

// ---- Generation -----------------------------------------------------------

struct GenerateOptions {
  Symmetry symmetry = Symmetry::none;
  int min_givens = 0;   // 0: no lower bound
  int max_givens = 0;   // 0: no upper bound
  // Every puzzle minimal: no single given (with symmetry: no orbit) can be
  // removed without losing uniqueness.
  bool minimal = false;
  std::optional<RatingRange> rating;  // SE scale; nullopt: any difficulty
  // Rates puzzles where `rating` asks beyond singles: the SE rater by default;
  // empty, only the ranges singles decide can be asked for.
  Rater rater = se_rater();
  int max_attempts = 20000;           // carvings per puzzle before giving up
  // Seconds one puzzle may take (0: no limit), checked between carvings;
  // past it puzzle() throws GenerateTimeout. The rater is the caller's, so
  // the caller bounds it too (LogicOptions::time_limit).
  double time_limit = 0;
  // Rate every puzzle that needs rating. When false, a puzzle the basic
  // techniques place inside the range (see docs/generate.md) is kept without
  // the rater: the same puzzles, but no `rating` in the result for those.
  bool exact_rating = true;
  // Rules beside the houses; with any, `min_givens` and `max_givens` are
  // refused, the clues are minimal whenever no uniqueness test ran out of
  // nodes and no `rating` is asked, and `rating` is met by drawing puzzles
  // until the rater (which reads the rules: the variant grade) grades one
  // inside it, a puzzle graded too hard first giving back clues its carving
  // removed (docs/generate.md, "Levels").
  VariantRules rules = VariantRules::none;
  // Killer: cage sizes (a cage hemmed in by other cages may stay smaller;
  // a MAX beyond N is N),
  // and whether givens may make the puzzle unique (otherwise cages are split).
  int min_cage = 2, max_cage = 5;
  bool killer_givens = false;
};

struct GeneratedPuzzle {
  std::uint64_t index = 0;  // position in the stream
  Puzzle puzzle;
  Grid solution;
  int givens = 0;
  std::optional<Rating> rating;  // present when the rater was run
  int attempts = 0;              // carvings it took
};

// Puzzle i's RNG seed: splitmix64 over (seed, i), so any index can be made alone.
std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t index);

// A random complete grid: a random solve of the empty grid, then a random
// relabelling of the digits so every digit is equally likely in every cell.
// Its searches take 4 × `max_nodes` at most, a short first one then restarts
// (GenerateError when none finds a grid: a layout with no solution, or one
// too tight to fill by chance).
constexpr std::uint64_t kFullGridNodes = 2'000'000;
Grid random_full_grid(const Geometry& geometry, std::uint64_t seed, std::uint64_t max_nodes = kFullGridNodes);

// Makes the puzzles of a stream. Construction checks the options against the
// geometry (throws GenerateError); puzzle() is const and safe to call from
// many threads at once (the rater must be too).
class Generator {
 public:
  Generator(std::shared_ptr<const Geometry> geometry, GenerateOptions options);
  ~Generator();
  // The pooled carvers refer to this object's options and orbits.
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;
  // Puzzle `index` of the stream for `seed`. Throws GenerateError when the
  // options cannot be met in options.max_attempts carvings.
  GeneratedPuzzle puzzle(std::uint64_t seed, std::uint64_t index) const;
  const Geometry& geometry() const { return *geometry_; }
  const GenerateOptions& options() const { return options_; }

 private:
  std::shared_ptr<const Geometry> geometry_;
  GenerateOptions options_;
  std::vector<std::vector<int>> orbits_;
  // Carvers (their solvers and tables) kept between puzzles, one per thread
  // at work: building them costs a few percent of a puzzle.
  struct CarverPool;
  std::unique_ptr<CarverPool> carvers_;
};

// One puzzle without keeping a Generator (validates the options each call).
GeneratedPuzzle generate_puzzle(const std::shared_ptr<const Geometry>& geometry,
                                const GenerateOptions& options, std::uint64_t seed,
                                std::uint64_t index);

// Checks options against the geometry before any work (symmetry fit, givens
// range, rater present where needed). Throws GenerateError.
void validate(const Geometry& geometry, const GenerateOptions& options);

// A part of a stream: `--shard k/n` is part k (0-based) of n, a contiguous
// block of indices, so `cat` of parts 0..n-1 is the whole stream.
struct Shard {
  std::uint64_t part = 0;
  std::uint64_t parts = 1;
};
Shard parse_shard(std::string_view text);  // "k/n"; throws GenerateError
struct IndexRange {
  std::uint64_t begin = 0, end = 0;
};
IndexRange shard_range(std::uint64_t count, Shard shard);

}  // namespace nonet
