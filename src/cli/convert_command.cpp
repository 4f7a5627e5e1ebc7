// nonet convert: each puzzle written in another format (nonet's JSON,
// f-puzzles JSON, an f-puzzles or SudokuPad link, a plain line), one output
// line per input record, so a variant read from any format opens in another.
#include <stdexcept>

#include "cli_common.hpp"
#include "nonet/constraints.hpp"
#include "nonet/exact.hpp"

namespace nonet::cli {

namespace {

struct ConvertCommand {
  InputOptions input;
  std::string to = "json";
  bool with_solution = false;

  void operator()(const Record& record, Outcome& outcome) const {
    const Puzzle& puzzle = *record.puzzle;
    SolveResult solved;
    if (with_solution) {
      SolveOptions options;
      options.count_limit = 2;
      options.max_nodes = input.max_nodes;
      use_pencil_marks(record, options);
      solve_into(puzzle, options, solved);
      if (solved.status != SolveStatus::unique) {
        mark_failure(record, solved, outcome);
        if (solved.status == SolveStatus::multiple)
          outcome.err = Diagnostic{record.source, record.line, 1, "several solutions: no solution to write"}.to_string();
        outcome.failed = true;
        outcome.tally = to_string(solved.status);
        outcome.out = "!" + std::string(to_string(solved.status)) + "\n";
        return;
      }
    }
    const Grid* solution = with_solution ? &solved.solutions.front() : nullptr;
    try {
      outcome.out = written(record, solution);
      outcome.tally = "converted";
    } catch (const std::invalid_argument& error) {
      outcome.err = Diagnostic{record.source, record.line, 1, error.what()}.to_string();
      outcome.failed = true;
      outcome.tally = "not-convertible";
      outcome.out = "!not-convertible\n";
    }
  }

  std::string written(const Record& record, const Grid* solution) const {
    const Puzzle& puzzle = *record.puzzle;
    if (to == "fpuzzles") return to_fpuzzles(puzzle, solution) + "\n";
    if (to == "fpuzzles-link") return to_fpuzzles_link(puzzle, solution) + "\n";
    if (to == "sudokupad-link") return to_sudokupad_link(puzzle, solution) + "\n";
    if (to == "line" && solution != nullptr) {  // digits alone: nothing of the rules is lost
      std::string line = to_line(*puzzle.geometry, *solution);
      if (!puzzle.comment.empty()) line += " " + puzzle.comment;
      return line + "\n";
    }
    if (to == "line") {
      const Geometry& geometry = *puzzle.geometry;
      if (!puzzle.constraints.empty())
        throw std::invalid_argument("a line cannot hold the rules (" + describe(geometry, puzzle.constraints.front()) +
                                    "): use --to json or fpuzzles");
      const std::size_t own =
          geometry.variant() == "diagonal"  ? 2
          : geometry.variant() == "windoku" ? Geometry::windoku_windows(geometry.box_rows(), geometry.box_columns()).size()
                                            : 0;
      if (geometry.houses().size() > 3 * static_cast<std::size_t>(geometry.size()) + own)
        throw std::invalid_argument("a line cannot hold the extra houses: use --to json or fpuzzles");
      std::string line = to_line(geometry, puzzle.cells);
      if (!puzzle.comment.empty()) line += " " + puzzle.comment;
      return line + "\n";
    }
    std::string json = to_json(puzzle);
    if (solution != nullptr) {  // one more member, "solution", at the end of the object
      json.pop_back();
      json += ",\"solution\":\"" + to_line(*puzzle.geometry, *solution) + "\"}";
    }
    return json + "\n";
  }
};

}  // namespace

void register_convert_command(CLI::App& app) {
  auto state = std::make_shared<ConvertCommand>();
  CLI::App* command = app.add_subcommand("convert", "Write each puzzle in another format (variants included)");
  add_input_options(*command, state->input);
  add_search_limit_option(*command, state->input);
  command->add_option("--to", state->to, "Output format")
      ->check(CLI::IsMember({"json", "fpuzzles", "fpuzzles-link", "sudokupad-link", "line"}))
      ->capture_default_str();
  command->add_flag("--solution", state->with_solution,
                    "Solve each puzzle and write its solution too (f-puzzles' \"solution\", which f-puzzles and "
                    "SudokuPad check a grid against; --to line writes the solution instead of the puzzle)");
  command->footer(
      "One output line per record, in input order: nonet's JSON (json, which nonet reads back), f-puzzles JSON,\n"
      "a link that opens the puzzle in f-puzzles or SudokuPad, or a plain line (puzzles without rules only).\n"
      "A record that cannot be written prints '!not-convertible' (the reason on stderr), an unreadable one\n"
      "'!malformed'.\n"
      "Examples:\n  nonet convert --to sudokupad-link killer.txt\n"
      "  nonet convert --to fpuzzles --solution --input-format iss iss.txt\n");
  command->callback([state] {
    const ConvertCommand convert = *state;
    throw ExitRequest{run_batch(convert.input, convert, [](const Record&) { return std::string("!malformed\n"); })};
  });
}

}  // namespace nonet::cli
