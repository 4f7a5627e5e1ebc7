// nonet solve | count | check: exact answers, one output line per puzzle.
#include <iostream>
#include <optional>
#include <random>
#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "nonet/exact.hpp"

namespace nonet::cli {

namespace {

using nlohmann::json;

// Marks the output line of a puzzle that could not be read, so line i stays
// puzzle i; in grid output a block of its own, so the output reads back.
std::string malformed_marker(const InputOptions& input) {
  return input.format == "grid" ? "!malformed\n\n" : "!malformed\n";
}

// Appends the comment and the newline in place: the line is built once.
void append_comment(std::string& text, const std::string& comment) {
  if (!comment.empty()) {
    text += ' ';
    text += comment;
  }
  text += '\n';
}

// Room for " multiple", " no-solution" and the like, a short comment and '\n'.
constexpr std::size_t kLineRoom = 32;

nlohmann::ordered_json result_json(const Record& record, const SolveResult& result) {
  const Puzzle& puzzle = *record.puzzle;
  nlohmann::ordered_json out = record_json(record);
  out["status"] = to_string(result.status);
  out["count"] = result.count;
  out["guesses"] = result.guesses;
  out["nodes"] = result.nodes;
  if (!result.solutions.empty()) out["solution"] = grid_text(record, *puzzle.geometry, result.solutions.front());
  if (!record.published_solution.empty() && !result.solutions.empty())
    out["published_solution_correct"] = record.published_solution == result.solutions.front();
  if (!result.reason.empty()) out["reason"] = result.reason;
  return out;
}

// A published solution is checked against the one found (the only one, for
// a unique puzzle).
void check_published(const Record& record, const SolveResult& result, Outcome& outcome) {
  if (!record.published_solution.empty() && !result.solutions.empty() && result.status != SolveStatus::multiple)
    matches_published(record, result.solutions.front(), outcome);
}

struct SolveCommand {
  InputOptions input;
  bool random = false;
  std::optional<std::uint64_t> seed;

  void operator()(const Record& record, Outcome& outcome) const {
    const Puzzle& puzzle = *record.puzzle;
    SolveOptions options;
    options.random = random;
    options.max_nodes = input.max_nodes;
    options.seed = seed.value_or(0) + record.index;  // each puzzle its own stream: same answer whatever -j is
    use_pencil_marks(record, options);
    // One result per worker thread: its solution grid is reused, not allocated per puzzle.
    thread_local SolveResult result;
    solve_into(puzzle, options, result);
    outcome.tally = to_string(result.status);
    mark_failure(record, result, outcome);
    check_published(record, result, outcome);
    if (input.format == "json") {
      outcome.out = json_line(result_json(record, result));
    } else if (input.format == "grid") {
      const Grid& shown = result.solutions.empty() ? puzzle.cells : result.solutions.front();
      std::string header = result.status == SolveStatus::unique ? "" : std::string("# ") + to_string(result.status) + "\n";
      std::string grid = to_pretty_grid(*puzzle.geometry, shown);
      if (record.zero_based) to_zero_based(grid);
      outcome.out = header + grid + "\n";
    } else {
      append_solve_line(outcome.out, record, result);
    }
  }

  // The solution (or the puzzle when there is none), the status unless it is
  // plain, and the comment.
  static void append_solve_line(std::string& out, const Record& record, const SolveResult& result) {
    const Puzzle& puzzle = *record.puzzle;
    const bool solved = !result.solutions.empty();
    const std::size_t start = out.size();
    append_line(out, *puzzle.geometry, solved ? result.solutions.front() : puzzle.cells,
                kLineRoom + puzzle.comment.size());
    if (record.zero_based) to_zero_based(out, start);
    if (!solved || result.status == SolveStatus::multiple || result.status == SolveStatus::gave_up) {
      out += ' ';
      out += to_string(result.status);
    }
    append_comment(out, puzzle.comment);
  }
};

struct CountCommand {
  InputOptions input;
  std::uint64_t limit = 2;

  void operator()(const Record& record, Outcome& outcome) const {
    SolveOptions options;
    options.count_limit = limit;
    options.keep = 0;
    options.max_nodes = input.max_nodes;
    use_pencil_marks(record, options);
    thread_local SolveResult result;  // reused per worker, as in SolveCommand
    solve_into(*record.puzzle, options, result);
    outcome.tally = to_string(result.status);
    if (result.status == SolveStatus::invalid || result.status == SolveStatus::gave_up)
      mark_failure(record, result, outcome);
    if (input.format == "json") outcome.out = json_line(result_json(record, result));
    else outcome.out = count_text(result) + "\n";
  }

  // The count; for givens that clash, "invalid"; for a search cut short,
  // "gave-up" and how many it had found ("gave-up 3": at least 3).
  static std::string count_text(const SolveResult& result) {
    if (result.status == SolveStatus::invalid) return "invalid";
    if (result.status == SolveStatus::gave_up) return "gave-up " + std::to_string(result.count);
    return std::to_string(result.count);
  }
};

struct CheckCommand {
  InputOptions input;

  void operator()(const Record& record, Outcome& outcome) const {
    SolveOptions options{2, record.published_solution.empty() ? 0u : 1u, false, 0};
    options.max_nodes = input.max_nodes;
    use_pencil_marks(record, options);
    thread_local SolveResult result;  // reused per worker, as in SolveCommand
    solve_into(*record.puzzle, options, result);
    outcome.failed = result.status != SolveStatus::unique;
    outcome.tally = to_string(result.status);
    mark_failure(record, result, outcome);
    check_published(record, result, outcome);
    // A unique puzzle whose published solution is not its solution.
    const bool wrong = outcome.failed && result.status == SolveStatus::unique;
    if (wrong) outcome.tally = "wrong-solution";
    if (input.format == "json") {
      outcome.out = json_line(result_json(record, result));
    } else {
      outcome.out = wrong ? "wrong-solution" : to_string(result.status);
      if (!result.reason.empty()) outcome.out += ": " + result.reason;
      append_comment(outcome.out, record.puzzle->comment);
    }
  }
};

std::string malformed_for(const InputOptions& input, const Record& record) {
  return input.format == "json" ? malformed_json(record) : malformed_marker(input);
}

// --random without --seed: a seed of its own, printed so the run can be repeated.
void choose_seed(SolveCommand& command) {
  if (!command.random || command.seed) return;
  command.seed = std::random_device{}() * 0x100000000ull + std::random_device{}();
  std::cerr << "nonet solve: --seed " << *command.seed << "\n";
}

}  // namespace

void register_solve_commands(CLI::App& app) {
  auto solve_state = std::make_shared<SolveCommand>();
  CLI::App* solve_cmd = app.add_subcommand("solve", "Solve each puzzle; one output per puzzle, in input order");
  add_input_options(*solve_cmd, solve_state->input);
  add_format_option(*solve_cmd, solve_state->input, {"line", "grid", "json"});
  add_search_limit_option(*solve_cmd, solve_state->input);
  solve_cmd->add_flag("--random", solve_state->random, "Pick a random solution (an empty grid gives a random full grid)");
  solve_cmd->add_option("--seed", solve_state->seed, "Seed for --random (same seed, same answers; default: random, printed on stderr)");
  solve_cmd->footer(
      "Line output: the solution, then 'multiple' if the puzzle has several, then the input's comment.\n"
      "A puzzle without answer keeps its line: '<puzzle> no-solution' or '<puzzle> invalid'; an unreadable one\n"
      "prints '!malformed'. Each problem is also reported on stderr as FILE:LINE:COL: reason.\n"
      "Examples:\n  nonet solve puzzles.txt\n  nonet solve --format grid --variant diagonal x.txt\n"
      "  echo ................................................................................. | nonet solve --random --seed 7\n");
  solve_cmd->callback([solve_state] {
    if (solve_state->seed && !solve_state->random)
      throw CLI::ValidationError("--seed", "has no effect without --random");
    SolveCommand command = *solve_state;
    choose_seed(command);
    throw ExitRequest{run_batch(command.input, command, [&](const Record& r) { return malformed_for(command.input, r); })};
  });

  auto count_state = std::make_shared<CountCommand>();
  CLI::App* count_cmd = app.add_subcommand("count", "Count each puzzle's solutions, up to a limit");
  add_input_options(*count_cmd, count_state->input);
  add_format_option(*count_cmd, count_state->input, {"line", "json"});
  add_search_limit_option(*count_cmd, count_state->input);
  count_cmd->add_option("--limit", count_state->limit, "Stop counting at K (so K means 'K or more')")
      ->check(whole_number(1))
      ->capture_default_str();
  count_cmd->footer("Prints one number per puzzle; with the default limit 2, '2' means not unique.\n"
                    "Example: nonet count --limit 1000 puzzles.txt\n");
  count_cmd->callback([count_state] {
    const CountCommand command = *count_state;
    throw ExitRequest{run_batch(command.input, command, [&](const Record& r) { return malformed_for(command.input, r); })};
  });

  auto check_state = std::make_shared<CheckCommand>();
  CLI::App* check_cmd = app.add_subcommand("check", "One verdict per puzzle: unique, multiple, no-solution, invalid, malformed");
  add_input_options(*check_cmd, check_state->input);
  add_format_option(*check_cmd, check_state->input, {"line", "json"});
  add_search_limit_option(*check_cmd, check_state->input);
  check_cmd->footer("Exits 1 if any puzzle is not valid and unique.\nExample: nonet check --stats bank.txt\n");
  check_cmd->callback([check_state] {
    const CheckCommand command = *check_state;
    throw ExitRequest{run_batch(command.input, command, [&](const Record& record) {
      if (command.input.format == "json") return malformed_json(record);
      return "malformed: " + (record.error ? record.error->reason : std::string()) + "\n";
    })};
  });
}

}  // namespace nonet::cli
