// One workflow behind every front door. Explaining, rating and hinting a
// puzzle all take the same road: the exact verdict first (a puzzle whose
// givens clash, that has no solution or whose search runs out of its limits
// is answered as such, and uniqueness decides whether the uniqueness
// techniques may be used), then logic, within the same limits, ending with
// an explicit reason. The CLI, the web server, the Python module and the C
// API all call a Session, so they give the same answers in the same words.
//
//   Session session({.scale = Scale::se, .limits = {.time_limit = 10}});
//   Analysis a = session.explain(Position{puzzle});
//   if (a.stop == Stop::solved) ... a.steps, a.rating ...
//   else std::cout << a.message << "\n";
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "nonet/exact.hpp"
#include "nonet/export.hpp"
#include "nonet/logic.hpp"
#include "nonet/model.hpp"

namespace nonet NONET_API {

// Why an analysis ended.
enum class Stop {
  solved,         // logic reached the solution (hint: the position is already solved)
  hint,           // hint: a step was found
  stuck,          // no technique nonet knows applies
  above_limit,    // the next step is harder than AnalysisOptions::max_rating
  gave_up,        // the time limit or the search's node limit was reached first
  contradiction,  // the position (entries, pencil marks) fits no solution of the givens
  multiple,       // the puzzle has several solutions (rate refuses; explain and hint stop where logic does)
  invalid,        // two givens clash in a house
  no_solution,    // consistent givens that no grid completes
};
// One word per stop, the same in every front end: "solved", "hint", "stuck",
// "above-limit", "gave-up", "contradiction", "multiple", "invalid", "no-solution".
const char* to_string(Stop stop);
// Whether the stop leaves the caller without what it asked for: gave-up,
// contradiction, invalid and no-solution always; multiple for a rating; stuck
// and above-limit for a hint (an explanation or a rating that stops there is
// still an answer: the steps or the rating so far).
enum class Task { explain, rate, hint };
bool is_failure(Stop stop, Task task);

struct AnalysisLimits {
  // Seconds for the whole call, exact verdict and logic together; 0: none.
  // NaN is never accepted by the front ends; beyond a century means none.
  double time_limit = 60;
  // Nodes of the exact search before it gives up (0: none), so that no input
  // can keep a batch busy for ever.
  std::uint64_t max_nodes = 100'000'000;
  // Nodes of a hint's first, short verdict (see Session::hint): nearly every
  // classic position and most variant ones are settled within it, in
  // milliseconds.
  std::uint64_t hint_verdict_nodes = 500;
  // Seconds a hint on a puzzle with rules beyond the houses takes at most,
  // from its start (0: as long as time_limit allows). Logic looks for a step
  // for two thirds of it; where it finds none the hint offers a cell to
  // reveal, as where logic is stuck, and where the short verdict did not
  // settle the position the full one may take the rest (if that is not
  // enough, the hint is stuck with nothing to reveal). The chains such a
  // position needs took 0.2-0.7 s to find, and a search that finds none ran
  // to time_limit (a minute on the CLI) while the player waited
  // (docs/variants.md, "Hint time").
  double hint_rules_time = 0.09;
};

struct AnalysisOptions {
  Scale scale = Scale::se;
  // The technique ceiling: steps rated above it are not used (0: none).
  double max_rating = 0;
  // Also use the techniques no SE scale rates (W-Wing, simple colouring, ALS-XZ…).
  bool extras = false;
  AnalysisLimits limits;
};

// What an analysis starts from: a puzzle, and optionally a player's state of
// it (entries and pencil marks). The exact verdict is taken on the puzzle
// with the state's marks as constraints, so a wrong entry or a lost candidate
// shows as a contradiction.
struct Position {
  Puzzle puzzle;
  std::optional<CandidateGrid> state;  // nullopt: the puzzle's own candidates
  // The candidates logic starts from, with the puzzle's variant rules.
  CandidateGrid start() const;
};
// A position read from pencil marks (a 729-character line, a HoDoKu grid, a
// reader Record's candidates): a cell with one mark is solved.
Position marked_position(const Puzzle& puzzle, const std::vector<Mask>& marks);

struct Analysis {
  Stop stop = Stop::stuck;
  // The stop as a sentence for people (empty when solved or a hint was found):
  // "the next step needs Nishio Forcing Chain (7.6), above the limit 4.2".
  std::string message;
  // The exact verdict on the position: status, the first solution where
  // there is one, the reason where the givens clash, the nodes searched.
  SolveResult verdict;
  std::vector<Step> steps;                 // explain: every step; hint: the one found
  std::vector<TechniqueCount> techniques;  // each technique used, in order of first use
  Rating rating;
  std::optional<CandidateGrid> final_state;  // where logic stopped (absent when it never ran)
  // above-limit: the step above the ceiling that would come next, where one was found in time.
  std::optional<Step> next;
  // hint, when logic found no step (stuck, or out of time) on a position with
  // one solution: an open cell with the fewest candidates and its digit in
  // that solution (cell, digit), for a player who would rather see one cell
  // than nothing.
  std::optional<std::pair<int, int>> reveal;
  bool logic_ran() const { return final_state.has_value(); }
};

// A hint's reveal as the front ends append it to "no step" ("; a cell to
// reveal: r1c5 (--level 3 gives its digit)"; at level 3 "; revealed: r1c5=5");
// empty without one.
std::string reveal_text(const Geometry& geometry, const Analysis& answer, int level);

// The options and limits of one front end's requests. Stateless past them:
// one Session may serve many threads at once.
class Session {
 public:
  explicit Session(AnalysisOptions options = {}) : options_(options) {}
  const AnalysisOptions& options() const { return options_; }

  // Every step to the solution, or as far as logic goes.
  Analysis explain(const Position& position) const;
  // The rating of a unique puzzle (steps are counted, not kept); a puzzle with
  // several solutions is refused (Stop::multiple): its rating would depend on
  // which solution the steps happened to head for.
  Analysis rate(const Position& position) const;
  // The easiest next step from the position. A player waits for it: where
  // the exact verdict needs more than a short search (some variant puzzles
  // take seconds to prove), logic looks for the step first, and the verdict
  // is finished only when logic finds none (then it says why: a mistake,
  // several solutions, or a step past what nonet knows). A hint found so
  // carries a verdict that gave up after that short search.
  Analysis hint(const Position& position) const;
  // The same, with the verdict on the position already known (a server that
  // proved the givens unique and found the player's entries and marks all on
  // its solution: the position has that one solution too).
  Analysis hint(const Position& position, const SolveResult& known_verdict) const;
  // A cell to fill in without logic (Analysis::reveal: an open cell with the
  // fewest candidates and its digit in the unique solution), for a player
  // who asks for one, as the page's Reveal button. Stop::hint with the
  // reveal; else the stop that says why there is none (solved, multiple,
  // contradiction, gave-up, …).
  Analysis reveal(const Position& position) const;

 private:
  AnalysisOptions options_;
};

}  // namespace nonet
