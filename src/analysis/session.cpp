// The one workflow of include/nonet/analysis.hpp: exact verdict, then logic,
// then the reason it stopped.
#include <bit>
#include <chrono>
#include <cmath>

#include "core/deadline.hpp"
#include "nonet/analysis.hpp"

namespace nonet {

namespace {

using Clock = std::chrono::steady_clock;
using detail::seconds_text;

// The time a call has: its limit, counted from its start.
class Budget {
 public:
  explicit Budget(double seconds) : seconds_(detail::has_time_limit(seconds) ? seconds : 0), start_(Clock::now()) {}
  // The seconds left for the next stage (0: no limit; never 0 once a limit is spent).
  double left() const {
    if (seconds_ == 0) return 0;
    return std::max(0.001, seconds_ - std::chrono::duration<double>(Clock::now() - start_).count());
  }
  double limit() const { return seconds_; }
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  double seconds_;
  Clock::time_point start_;
};

std::vector<Mask> marks_of(const CandidateGrid& grid) {
  std::vector<Mask> marks(grid.values().size());
  for (int cell = 0; cell < grid.geometry().cell_count(); ++cell)
    marks[cell] = grid.value(cell) ? digit_bit(grid.value(cell)) : grid.candidates(cell);
  return marks;
}

std::string time_limit_text(const Budget& budget) { return "the time limit (" + seconds_text(budget.limit()) + " s)"; }

// The exact verdict on the position, and the stop it means where logic cannot
// start (nullopt: unique or multiple, go on).
std::optional<Stop> take_verdict(const Position& position, const AnalysisLimits& limits, const Budget& budget,
                                 Analysis& out) {
  SolveOptions options;
  options.count_limit = 2;
  options.keep = 1;
  options.max_nodes = limits.max_nodes;
  options.time_limit = budget.left();
  Puzzle puzzle = position.puzzle;
  if (position.state) {
    puzzle.cells = position.state->values();
    options.candidates = marks_of(*position.state);
  }
  out.verdict = solve(puzzle, options);
  switch (out.verdict.status) {
    case SolveStatus::invalid: out.message = out.verdict.reason; return Stop::invalid;
    case SolveStatus::no_solution:
      if (position.state) {
        out.message = "no grid fits these entries and pencil marks (a digit is wrong or a needed candidate is gone)";
        return Stop::contradiction;
      }
      out.message = "no solution";
      return Stop::no_solution;
    case SolveStatus::gave_up:
      out.message = limits.max_nodes && out.verdict.nodes > limits.max_nodes
                        ? "gave up after " + std::to_string(out.verdict.nodes - 1) + " search nodes"
                        : "gave up after " + time_limit_text(budget);
      return Stop::gave_up;
    case SolveStatus::unique:
    case SolveStatus::multiple:
    case SolveStatus::solved: break;
  }
  return std::nullopt;
}

LogicOptions logic_options(const AnalysisOptions& options, const Analysis& analysis, const Budget& budget) {
  LogicOptions logic;
  logic.scale = options.scale;
  logic.max_rating = options.max_rating;
  logic.extras = options.extras;
  logic.assume_unique = analysis.verdict.status == SolveStatus::unique;
  logic.time_limit = budget.left();
  return logic;
}

// Where logic (within the ceiling) found nothing: the reason, naming the
// harder step that would come next when there is a ceiling.
void explain_stuck(const AnalysisOptions& options, const LogicOptions& logic, const CandidateGrid& at,
                   const Budget& budget, Analysis& out) {
  if (out.verdict.status == SolveStatus::multiple) {
    out.stop = Stop::multiple;
    out.message = "the puzzle has more than one solution, so logic cannot finish it";
    return;
  }
  if (options.max_rating > 0) {
    LogicOptions unlimited = logic;
    unlimited.max_rating = 0;
    unlimited.time_limit = budget.left();
    out.next = next_step(at, unlimited);
    if (out.next) {
      out.stop = Stop::above_limit;
      out.message = "the next step needs " + out.next->technique + " (" + one_decimal(out.next->rating) +
                    "), above the limit " + one_decimal(options.max_rating);
      return;
    }
  }
  out.stop = Stop::stuck;
  out.message = "no technique nonet knows applies here (harder than dynamic forcing chains)";
}

void take_logic_stop(const AnalysisOptions& options, const LogicOptions& logic, LogicStop stop,
                     const CandidateGrid& at, const Budget& budget, Analysis& out) {
  switch (stop) {
    case LogicStop::solved: out.stop = Stop::solved; return;
    case LogicStop::out_of_time:
      out.stop = Stop::gave_up;
      out.message = "no step found within " + time_limit_text(budget);
      return;
    case LogicStop::contradiction:
      out.stop = Stop::contradiction;
      out.message = "the position is contradictory (no solution fits it)";
      return;
    case LogicStop::stuck: explain_stuck(options, logic, at, budget, out); return;
  }
}

// Explain and rate: a whole logical solve.
Analysis solve_through(const AnalysisOptions& options, const Position& position, bool keep_steps, bool unique_only) {
  const Budget budget(options.limits.time_limit);
  Analysis out;
  if (const auto stop = take_verdict(position, options.limits, budget, out)) {
    out.stop = *stop;
    return out;
  }
  if (unique_only && out.verdict.status != SolveStatus::unique) {
    out.stop = Stop::multiple;
    out.message = "more than one solution: not rated";
    return out;
  }
  LogicOptions logic = logic_options(options, out, budget);
  logic.keep_steps = keep_steps;
  LogicResult result = solve_logically(position.start(), logic);
  take_logic_stop(options, logic, result.stop, result.final_state, budget, out);
  out.steps = std::move(result.steps);
  out.techniques = std::move(result.techniques);
  out.rating = std::move(result.rating);
  out.final_state = std::move(result.final_state);
  return out;
}

}  // namespace

const char* to_string(Stop stop) {
  switch (stop) {
    case Stop::solved: return "solved";
    case Stop::hint: return "hint";
    case Stop::stuck: return "stuck";
    case Stop::above_limit: return "above-limit";
    case Stop::gave_up: return "gave-up";
    case Stop::contradiction: return "contradiction";
    case Stop::multiple: return "multiple";
    case Stop::invalid: return "invalid";
    case Stop::no_solution: return "no-solution";
  }
  return "unknown";
}

bool is_failure(Stop stop, Task task) {
  switch (stop) {
    case Stop::solved:
    case Stop::hint: return false;
    case Stop::stuck:
    case Stop::above_limit: return task == Task::hint;
    case Stop::multiple: return task != Task::explain;
    case Stop::gave_up:
    case Stop::contradiction:
    case Stop::invalid:
    case Stop::no_solution: return true;
  }
  return true;
}

CandidateGrid Position::start() const {
  if (!state) return CandidateGrid(puzzle);
  CandidateGrid grid = *state;
  // A state read from pencil marks knows no rules: the puzzle's are its.
  if (grid.constraints().empty()) grid.set_constraints(puzzle.constraints);
  return grid;
}

Position marked_position(const Puzzle& puzzle, const std::vector<Mask>& marks) {
  if (marks.empty()) return Position{puzzle, std::nullopt};
  CandidateGrid grid = position_from_marks(puzzle.geometry, marks);
  Puzzle placed{puzzle.geometry, grid.values(), puzzle.comment, puzzle.constraints};
  return Position{std::move(placed), std::move(grid)};
}

Analysis Session::explain(const Position& position) const {
  return solve_through(options_, position, /*keep_steps=*/true, /*unique_only=*/false);
}

Analysis Session::rate(const Position& position) const {
  return solve_through(options_, position, /*keep_steps=*/false, /*unique_only=*/true);
}

namespace {

// The open cell with the fewest candidates (the first such), and its digit in
// the solution: the cell a player can least easily fill alone.
std::optional<std::pair<int, int>> cell_to_reveal(const CandidateGrid& grid, const Grid& solution) {
  int best = -1, fewest = 0;
  for (int cell = 0; cell < grid.geometry().cell_count(); ++cell) {
    if (grid.value(cell) != 0) continue;
    const int count = std::popcount(grid.candidates(cell));
    if (best < 0 || count < fewest) {
      best = cell;
      fewest = count;
    }
  }
  if (best < 0) return std::nullopt;
  return std::pair{best, static_cast<int>(solution[best])};
}

// The hint from the position once its verdict is known or deferred
// (`deferred`: the short search gave up, logic goes first).
Analysis hint_from(const AnalysisOptions& options, const Position& position, const Budget& budget, Analysis out,
                   bool deferred) {
  CandidateGrid grid = position.start();
  if (grid.solved()) {
    out.stop = Stop::solved;
    out.message = "already solved";
    out.final_state = std::move(grid);
    return out;
  }
  // A player waits: on a puzzle with rules the search is cut short at two
  // thirds of AnalysisLimits::hint_rules_time, counted from the hint's start
  // (its short verdict included), and the reveal below stands in. Both
  // searches below (the second where the full verdict comes after the
  // first) share the one allowance.
  const double short_time = position.puzzle.constraints.empty() ? 0 : options.limits.hint_rules_time;
  const double short_logic = short_time * 2 / 3;
  const auto looked_briefly = [&] {
    return "no step found within " + seconds_text(std::round(short_logic * 1000) / 1000) +
           " s, as long as a hint looks on a puzzle with rules";
  };
  bool was_cut = false;
  const auto next_step_in_time = [&](LogicOptions& logic, LogicStop& why_none) -> std::optional<Step> {
    if (short_logic > 0) {
      const double left = short_logic - budget.elapsed();
      was_cut = logic.time_limit == 0 || logic.time_limit > left;
      if (was_cut && left <= 0) {
        why_none = LogicStop::out_of_time;
        return std::nullopt;
      }
      if (was_cut) logic.time_limit = left;
    }
    return next_step(grid, logic, why_none);
  };
  LogicOptions logic = logic_options(options, out, budget);
  LogicStop why_none = LogicStop::stuck;
  auto step = next_step_in_time(logic, why_none);
  if (!step && deferred) {
    // No step: the full verdict tells a mistake or several solutions from a
    // step past what nonet knows, and a unique verdict lets the uniqueness
    // techniques try.
    // On a puzzle with rules it gets the rest of the hint's allowance (a
    // hard killer's position can take seconds to settle); where that is not
    // enough the hint is stuck, with no cell to reveal.
    out = Analysis{};
    const double verdict_time = std::max(0.001, short_time - budget.elapsed());
    const bool verdict_cut = short_time > 0 && (budget.limit() == 0 || budget.left() > verdict_time);
    const Budget verdict_budget(verdict_cut ? verdict_time : budget.left());
    if (const auto stop = take_verdict(position, options.limits, verdict_budget, out)) {
      const bool out_of_nodes = options.limits.max_nodes && out.verdict.nodes > options.limits.max_nodes;
      if (*stop == Stop::gave_up && verdict_cut && !out_of_nodes) {
        out.stop = Stop::stuck;
        out.message = looked_briefly() + ", and the exact search did not settle the position by " +
                      seconds_text(short_time) + " s";
        out.final_state = std::move(grid);
        return out;
      }
      out.stop = *stop;
      return out;
    }
    logic = logic_options(options, out, budget);
    why_none = LogicStop::stuck;
    if (logic.assume_unique) step = next_step_in_time(logic, why_none);
  }
  if (step) {
    out.stop = Stop::hint;
    out.techniques.push_back({step->technique, 1});
    out.rating = Rating{step->rating, step->rating, step->rating, step->technique, false};
    out.steps.push_back(std::move(*step));
  } else if (why_none == LogicStop::stuck) {
    explain_stuck(options, logic, grid, budget, out);
    if (out.stop == Stop::stuck) out.message = "no technique nonet knows applies";
  } else if (why_none == LogicStop::out_of_time && was_cut) {
    // Not the caller's time limit: logic stops here by design, as if stuck.
    out.stop = Stop::stuck;
    out.message = looked_briefly();
  } else {
    take_logic_stop(options, logic, why_none, grid, budget, out);
  }
  if ((out.stop == Stop::stuck || out.stop == Stop::gave_up) && out.verdict.status == SolveStatus::unique &&
      !out.verdict.solutions.empty())
    out.reveal = cell_to_reveal(grid, out.verdict.solutions.front());
  out.final_state = std::move(grid);
  return out;
}

}  // namespace

std::string reveal_text(const Geometry& geometry, const Analysis& answer, int level) {
  if (!answer.reveal) return "";
  const auto [cell, digit] = *answer.reveal;
  if (level < 3) return "; a cell to reveal: " + geometry.cell_name(cell) + " (--level 3 gives its digit)";
  return "; revealed: " + geometry.cell_name(cell) + "=" + std::string(1, digit_char(digit));
}

Analysis Session::hint(const Position& position) const {
  const Budget budget(options_.limits.time_limit);
  Analysis out;
  AnalysisLimits quick = options_.limits;
  const std::uint64_t short_search = std::max<std::uint64_t>(1, quick.hint_verdict_nodes);
  const bool capped = quick.max_nodes == 0 || quick.max_nodes > short_search;
  if (capped) quick.max_nodes = short_search;
  const auto stop = take_verdict(position, quick, budget, out);
  const bool deferred = capped && stop == Stop::gave_up && out.verdict.nodes > short_search;
  if (stop && !deferred) {
    out.stop = *stop;
    return out;
  }
  if (deferred) out.message.clear();
  return hint_from(options_, position, budget, std::move(out), deferred);
}

Analysis Session::hint(const Position& position, const SolveResult& known_verdict) const {
  if (known_verdict.status != SolveStatus::unique && known_verdict.status != SolveStatus::multiple)
    return hint(position);
  const Budget budget(options_.limits.time_limit);
  Analysis out;
  out.verdict = known_verdict;
  return hint_from(options_, position, budget, std::move(out), /*deferred=*/false);
}

Analysis Session::reveal(const Position& position) const {
  const Budget budget(options_.limits.time_limit);
  Analysis out;
  if (const auto stop = take_verdict(position, options_.limits, budget, out)) {
    out.stop = *stop;
    return out;
  }
  CandidateGrid grid = position.start();
  if (grid.solved()) {
    out.stop = Stop::solved;
    out.message = "already solved";
  } else if (out.verdict.status != SolveStatus::unique || out.verdict.solutions.empty()) {
    out.stop = Stop::multiple;
    out.message = "several solutions: no cell has one digit to reveal";
  } else {
    out.stop = Stop::hint;
    out.reveal = cell_to_reveal(grid, out.verdict.solutions.front());
  }
  out.final_state = std::move(grid);
  return out;
}

}  // namespace nonet
