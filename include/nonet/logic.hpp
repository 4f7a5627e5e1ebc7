// Solving like a person: human techniques written once over houses, each
// step explained, and the puzzle rated by the hardest step it needs.
//
// (Owned by the logic engine. The declarations marked "contract" are what
// other parts — generator, CLI — rely on; extend, don't break.)
//
// The pieces:
//   CandidateGrid  the pencil-mark state: a value or a candidate mask per cell
//   Step           one deduction: technique, rating, placements, eliminations
//                  and the cells / houses / links that justify it
//   next_step      the easiest step available (a hint)
//   solve_logically  steps until solved or stuck, and the rating
//   rate           the Sudoku Explainer style rating (ER / EP / ED)
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "nonet/export.hpp"
#include "nonet/model.hpp"

namespace nonet NONET_API {

// Which published difficulty scale ratings follow. (contract)
enum class Scale {
  se,      // Sudoku Explainer 1.2.1
  sukaku,  // SukakuExplainer's default technique set
};

struct Rating {  // (contract)
  double er = 0;  // the hardest step of the whole solve
  double ep = 0;  // the hardest step up to the first placement
  double ed = 0;  // the first step
  std::string hardest;   // technique name of the hardest step
  bool solved = false;   // false where logic alone could not finish
};

// Rates a puzzle (assumed valid; uniqueness techniques only where it is unique). (contract)
// With max_rating > 0 the solve stops where a step above it would be needed
// (solved = false): a cheap "harder than max_rating" answer, since the costly
// chain searches then never run.
Rating rate(const Puzzle& puzzle, Scale scale = Scale::se, double max_rating = 0);

// ---------------------------------------------------------------------------
// Candidates and steps

// One candidate: digit `digit` (1-based) in cell `cell`.
struct Candidate {
  int cell = 0;
  int digit = 0;
  friend bool operator==(const Candidate&, const Candidate&) = default;
};

// One link of a chain, from one candidate to the next. In an alternating
// chain a strong link ("=") says "if the first is false the second is true",
// a weak link ("-") says "if the first is true the second is false".
struct Link {
  Candidate from;
  Candidate to;
  bool strong = false;
};

struct Step {
  std::string technique;   // community name: "Hidden single", "X-Wing", ...
  double rating = 0;       // SE 1.2.1 value (chains: base + length)
  std::string detail;      // the pattern in words: "7 in row 3"
  std::vector<Candidate> placements;
  std::vector<Candidate> eliminations;
  std::vector<int> cells;   // the cells of the pattern
  std::vector<int> houses;  // indices into Geometry::houses()
  std::vector<Link> links;  // for chains
  std::vector<std::string> chains;  // for forcing chains: each chain as text
  int chain_length = 0;     // for chains: the length the rating counts (SE's measure)
  // For chains: each "on" candidate the chains use, with the house where it is
  // its digit's last place (-1: its cell's last candidate); what a chain nested
  // in another one rests on.
  std::vector<std::pair<Candidate, int>> singles;
  bool guess = false;       // a trial placement, not a deduction
  // For steps on variant rules: the puzzle's constraints the step reads
  // (indices into Puzzle::constraints), so a front end can point at them.
  std::vector<int> rules;
};

// Pencil-mark state. Solved cells hold a value and no candidates.
class CandidateGrid {
 public:
  // Givens placed, every other cell holds the digits its peers do not.
  explicit CandidateGrid(const Puzzle& puzzle);
  // From explicit values (0 = empty) and candidate masks (ignored where a value is set).
  CandidateGrid(std::shared_ptr<const Geometry> geometry, Grid values, std::vector<Mask> candidates);

  const Geometry& geometry() const { return *geometry_; }
  const std::shared_ptr<const Geometry>& geometry_ptr() const { return geometry_; }
  int size() const { return geometry_->size(); }
  int value(int cell) const { return values_[cell]; }
  Mask candidates(int cell) const { return candidates_[cell]; }
  bool has(int cell, int digit) const { return (candidates_[cell] >> (digit - 1)) & 1; }
  const Grid& values() const { return values_; }
  // The puzzle's rules beyond the houses (empty for a classic puzzle): the
  // techniques over constraints read them; placing a digit clears only its
  // house peers, the rules' own consequences being steps of their own.
  const std::vector<Constraint>& constraints() const;
  void set_constraints(std::vector<Constraint> constraints);
  bool solved() const;
  // An empty cell with no candidate, or a digit with no place in a house.
  bool broken() const;

  // Sets the value and removes the digit from the peers' candidates.
  void place(int cell, int digit);
  void eliminate(int cell, int digit) { candidates_[cell] &= ~digit_bit(digit); }
  void apply(const Step& step);

  // 81 groups of N characters (digit or '.'), values as single-digit groups.
  std::string to_candidate_string() const;
  // A pencil-mark grid in the HoDoKu style.
  std::string to_pencil_marks() const;

 private:
  std::shared_ptr<const Geometry> geometry_;
  Grid values_;
  std::vector<Mask> candidates_;
  std::shared_ptr<const std::vector<Constraint>> constraints_;  // null: none
};

// A position from pencil marks (one mask a cell): a cell with one candidate
// is solved, and its digit leaves its peers' marks.
CandidateGrid position_from_marks(std::shared_ptr<const Geometry> geometry, const std::vector<Mask>& masks);

// Reads a pencil-mark position: the 729-character format (N×N groups of N
// characters, each a digit or '.'/'0'; any whitespace ignored) or a pencil-mark
// grid (N×N tokens of digits separated by spaces and | - + : . borders, as
// HoDoKu prints them). A group with one candidate is a solved cell. Returns
// nullopt where the text is neither. The geometry is built from `variant`
// (size taken from the text when variant.size is 0).
std::optional<CandidateGrid> parse_candidates(const std::string& text,
                                              const VariantSpec& variant = {});

// ---------------------------------------------------------------------------
// The solver

struct LogicOptions {
  Scale scale = Scale::se;
  // Steps above this rating are not used (the solve stops there). 0: no limit.
  double max_rating = 0;
  // Allow uniqueness techniques (UR, BUG). The solver checks uniqueness itself
  // when given a Puzzle; for a CandidateGrid the caller says.
  bool assume_unique = true;
  // Allow the extra techniques no SE scale rates (W-Wing so far); off for
  // ratings so they match the published scales.
  bool extras = false;
  // Where logic is stuck, place the solution's digit in one cell (a step marked
  // guess) and go on. Needs the puzzle's solution (solve_logically finds it).
  bool allow_guess = false;
  // Seconds after which the solve gives up (unsolved, the step search under
  // way abandoned); 0: no limit. Nested forcing chains (9.5+) can take minutes.
  double time_limit = 0;
  // Keep every step in LogicResult::steps; off where only the rating and the
  // technique counts are wanted (rate), which then costs less.
  bool keep_steps = true;
};

// A technique a solve used, and how many of its steps.
struct TechniqueCount {
  std::string technique;
  int steps = 0;
};

// Why a logical solve ended.
enum class LogicStop {
  solved,         // every cell placed
  stuck,          // no technique of the ladder (within max_rating) applies
  out_of_time,    // LogicOptions::time_limit passed (the step search under way abandoned)
  contradiction,  // a cell lost its last candidate or a digit its last place: no solution fits
};

struct LogicResult {
  std::vector<Step> steps;  // empty where LogicOptions::keep_steps is off
  // Each technique used, in the order first used (guesses as "Guess").
  std::vector<TechniqueCount> techniques;
  bool solved = false;
  LogicStop stop = LogicStop::stuck;
  Rating rating;
  CandidateGrid final_state;
  // Steps taken (kept or not): the techniques' counts summed.
  int step_count() const {
    int total = 0;
    for (const TechniqueCount& used : techniques) total += used.steps;
    return total;
  }
};

// Steps until the grid is solved or no technique applies.
LogicResult solve_logically(const Puzzle& puzzle, const LogicOptions& options = {});
LogicResult solve_logically(const CandidateGrid& start, const LogicOptions& options = {});

// The easiest step available in a position (a hint), or nullopt.
std::optional<Step> next_step(const CandidateGrid& grid, const LogicOptions& options = {});
// The same, saying in `stop` why there is none (solved, stuck, out_of_time or
// contradiction); `stop` is left alone when a step is returned.
std::optional<Step> next_step(const CandidateGrid& grid, const LogicOptions& options, LogicStop& stop);

// The techniques of a scale, in the order they are tried: name and base rating.
struct TechniqueInfo {
  std::string name;
  double rating;
};
std::vector<TechniqueInfo> techniques(Scale scale, bool extras = false);

// A rating (or any value) with one decimal, as SE writes ratings: "4.2".
std::string one_decimal(double value);
// "Hidden single: 7 in row 3 → r3c5=7 (1.5)"
std::string to_text(const Geometry& geometry, const Step& step);
// The hint ladder (`nonet hint`, the web page): level 1 names the technique
// and its houses, 2 adds the cells to look at, 3 gives the whole step.
// Newline-terminated lines.
std::string hint_text(const Geometry& geometry, const Step& step, int level);
// A rating limit named by a technique of the scale's ladder (its name or the
// start of it, ignoring case, spaces, hyphens and underscores: "xy-wing",
// "X wing") or by a number ("4.2"); nullopt for neither.
std::optional<double> technique_limit(const std::string& text, Scale scale);
// The step as a JSON object (text).
std::string to_json(const Geometry& geometry, const Step& step);
// The rating bonus SE adds for a chain of `length` nodes: +0.1 each time the
// length passes 4, 6, 8, 12, 16, 24, 32, 48, ...
double chain_length_bonus(int length);

}  // namespace nonet
