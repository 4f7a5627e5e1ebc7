// A whole solve, count and rate of whatever the reader makes of the bytes,
// under tight node and time limits. Checked: every solution returned fits the
// givens and every house, and reads back as written; the status agrees with the solutions and the
// count; the chosen engine and the generic one agree; a count confirms
// solve's verdict (unique: one solution, the same one); and every logic step
// on a unique puzzle agrees with its solution.
#include <algorithm>

#include "check.hpp"
#include "nonet/constraints.hpp"
#include "nonet/exact.hpp"

namespace {

using namespace nonet;
using fuzz::require;

constexpr std::size_t kPuzzlesPerInput = 4;  // the rest of a long input is the reader target's
constexpr std::uint64_t kMaxNodes = 20000;
constexpr double kSeconds = 0.1;

SolveOptions limited(std::uint64_t count_limit, std::size_t keep) {
  SolveOptions options;
  options.count_limit = count_limit;
  options.keep = keep;
  options.max_nodes = kMaxNodes;
  options.time_limit = kSeconds;
  return options;
}

std::string status_text(const SolveResult& result, const char* who) {
  return std::string(who) + " says " + to_string(result.status) + " with count " + std::to_string(result.count) +
         " and " + std::to_string(result.solutions.size()) + " solutions";
}

// Digits are written 1-9 then A-Z: the larger sizes the engines take (up to
// 64) have no text for digits above 35, a known limit (see docs/fuzzing.md).
constexpr int kLargestWrittenSize = 35;

// A solution as `nonet solve` prints it is input nonet reads back.
void require_readable(const Puzzle& puzzle, const Grid& solution) {
  if (puzzle.geometry->size() > kLargestWrittenSize) return;
  const std::string line = to_line(*puzzle.geometry, solution);
  ReadOptions options;
  options.variant.size = puzzle.geometry->size();
  const auto again = read_all(line + "\n", options);
  require(again.size() == 1 && again.front().puzzle && again.front().puzzle->cells == solution,
          "a solution as written does not read back: " + line);
}

// What holds of any one result, whatever the engine.
void check_result(const Puzzle& puzzle, const SolveOptions& options, const SolveResult& result, const char* who) {
  for (const Grid& solution : result.solutions) {
    fuzz::require_solution(puzzle, solution, who);
    require_readable(puzzle, solution);
  }
  require(result.solutions.size() <= options.keep, status_text(result, who) + ": more kept than asked");
  require(result.count >= result.solutions.size(), status_text(result, who) + ": fewer counted than kept");
  // Invalid: two givens clash, a rule is malformed, or the givens break a rule.
  const Geometry& geometry = *puzzle.geometry;
  const bool conflict =
      find_conflict(geometry, puzzle.cells).has_value() ||
      std::any_of(puzzle.constraints.begin(), puzzle.constraints.end(),
                  [&](const Constraint& rule) { return !malformed(geometry, rule).empty(); }) ||
      broken_by_givens(geometry, puzzle.constraints, puzzle.cells).has_value();
  require((result.status == SolveStatus::invalid) == conflict,
          status_text(result, who) + (conflict ? " although the givens or a rule are invalid"
                                               : " although no givens clash and every rule is well formed"));
  switch (result.status) {
    case SolveStatus::invalid: require(!result.reason.empty(), who + std::string(": invalid without a reason")); break;
    case SolveStatus::no_solution: require(result.count == 0, status_text(result, who)); break;
    case SolveStatus::unique: require(result.count == 1 && result.solutions.size() == 1, status_text(result, who)); break;
    case SolveStatus::solved: require(result.count == 1 && !result.solutions.empty(), status_text(result, who)); break;
    case SolveStatus::multiple:
      require(result.count >= 2 && result.count <= options.count_limit && !result.solutions.empty(),
              status_text(result, who));
      break;
    case SolveStatus::gave_up: break;
  }
  for (std::size_t i = 1; i < result.solutions.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) require(result.solutions[i] != result.solutions[j], who + std::string(" repeats a solution"));
}

bool answered(const SolveResult& result) { return result.status != SolveStatus::gave_up; }

// Both engines, and a count of up to ten, on one puzzle; returns the
// unique solution where there is one.
std::optional<Grid> check_exact(const Puzzle& puzzle) {
  const SolveOptions options = limited(2, 1);
  const SolveResult best = solve(puzzle, options);
  check_result(puzzle, options, best, "solve");
  const SolveResult generic = solve_generic(puzzle, options);
  check_result(puzzle, options, generic, "solve_generic");
  if (answered(best) && answered(generic)) {
    require(best.status == generic.status, status_text(best, "solve") + " but " + status_text(generic, "solve_generic"));
    require(best.status != SolveStatus::unique || best.solutions == generic.solutions,
            "the engines find different unique solutions");
  }
  const SolveOptions count_options = limited(10, 10);
  const SolveResult count = solve(puzzle, count_options);
  check_result(puzzle, count_options, count, "count");
  if (answered(best) && answered(count)) {
    require(count.status == best.status, status_text(best, "solve") + " but " + status_text(count, "count"));
    require(best.status != SolveStatus::unique || count.solutions == best.solutions, "count finds another solution");
  }
  SolveOptions first = limited(1, 1);
  first.random = true;
  first.seed = puzzle.cells.size();
  const SolveResult any = solve(puzzle, first);
  check_result(puzzle, first, any, "random solve");
  require(!answered(any) || !answered(best) || (any.status == SolveStatus::solved) == !best.solutions.empty(),
          status_text(any, "random solve") + " but " + status_text(best, "solve"));
  if (best.status == SolveStatus::unique) return best.solutions.front();
  return std::nullopt;
}

// Logic on a unique puzzle, briefly: each step is sound, a finished solve
// ends on the solution, and the rating is the one its steps give.
void check_logic(const Puzzle& puzzle, const Grid& solution) {
  if (puzzle.geometry->size() > 16) return;  // a big grid's step search outlasts the time limit's checks
  LogicOptions options;
  options.time_limit = kSeconds;
  const LogicResult result = solve_logically(puzzle, options);
  double hardest = 0;
  for (const Step& step : result.steps) {
    fuzz::require_sound(*puzzle.geometry, solution, step);
    if (!step.guess) hardest = std::max(hardest, step.rating);
  }
  require(!result.solved || result.final_state.values() == solution, "logic solved to another grid");
  const Rating& rating = result.rating;
  require(rating.er == hardest && rating.er >= rating.ep && rating.ep >= rating.ed, "rating not its steps' ER/EP/ED");
  // A rating capped low stops before the costly techniques.
  const Rating capped = rate(puzzle, Scale::sukaku, 2.5);
  require(capped.er <= 2.5, "rate used a step above its limit: " + capped.hardest);
}

void check_input(const std::string& text, const ReadOptions& options) {
  std::size_t puzzles = 0;
  for (const Record& record : read_all(text, options, "<fuzz>")) {
    if (!record.puzzle) continue;
    if (const auto solution = check_exact(*record.puzzle)) check_logic(*record.puzzle, *solution);
    if (++puzzles == kPuzzlesPerInput) return;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  check_input(text, ReadOptions{});
  check_input(text, fuzz::alternative_options(size));
  return 0;
}
