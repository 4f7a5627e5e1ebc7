// nonet solve | count | check: exact answers, one output line per puzzle.
#include <array>
#include <nlohmann/json.hpp>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "cli_common.hpp"
#include "nonet/exact.hpp"

namespace nonet::cli {

namespace {

using nlohmann::json;

// Marks the output line of a puzzle that could not be read, so line i stays puzzle i.
std::string malformed_marker(const Record&) { return "!malformed\n"; }

std::string malformed_json(const Record& record) {
  return json{{"index", record.index}, {"line", record.line}, {"status", "malformed"},
              {"error", record.error ? record.error->reason : ""}}
             .dump() +
         "\n";
}

// Appends the comment and the newline in place: the line is built once.
void append_comment(std::string& text, const std::string& comment) {
  if (!comment.empty()) {
    text += ' ';
    text += comment;
  }
  text += '\n';
}

// The characters of digits 0..9 ('.' for empty), 16 cells per step; false,
// writing nothing, when a cell holds a digit over 9 (sizes over 9).
bool format_small_digits(const std::uint8_t* digits, char* out) {
#if defined(__SSE2__)
  const __m128i cells = _mm_loadu_si128(reinterpret_cast<const __m128i*>(digits));
  const __m128i nine = _mm_set1_epi8(9);
  if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(cells, nine), cells)) != 0xFFFF) return false;
  const __m128i empty = _mm_cmpeq_epi8(cells, _mm_setzero_si128());
  const __m128i characters = _mm_or_si128(_mm_andnot_si128(empty, _mm_add_epi8(cells, _mm_set1_epi8('0'))),
                                          _mm_and_si128(empty, _mm_set1_epi8('.')));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), characters);
  return true;
#else
  (void)digits, (void)out;
  return false;
#endif
}

// Appends to_line() after making room for the rest of the output line:
// vector compares for 16 cells at a time where the digits allow, a table
// lookup for the rest, so formatting stays well under the solve time.
void append_line(std::string& out, const Geometry& geometry, const Grid& cells, std::size_t room) {
  static const auto characters = [] {
    std::array<char, 256> table{};
    for (int digit = 0; digit < 256; ++digit) table[digit] = digit_char(digit);
    return table;
  }();
  const auto count = static_cast<std::size_t>(geometry.cell_count());
  const std::size_t start = out.size();
  out.reserve(start + count + room);
  out.resize(start + count);
  const std::uint8_t* digits = cells.data();
  char* line = out.data() + start;
  std::size_t cell = 0;
  while (cell + 16 <= count && format_small_digits(digits + cell, line + cell)) cell += 16;
  for (; cell < count; ++cell) line[cell] = characters[digits[cell]];
}

// Room for " multiple", " no-solution" and the like, a short comment and '\n'.
constexpr std::size_t kLineRoom = 32;

json result_json(const Record& record, const SolveResult& result) {
  const Puzzle& puzzle = *record.puzzle;
  json out{{"index", record.index},
           {"line", record.line},
           {"puzzle", to_line(*puzzle.geometry, puzzle.cells)},
           {"variant", puzzle.geometry->variant()},
           {"size", puzzle.geometry->size()},
           {"status", to_string(result.status)},
           {"count", result.count},
           {"guesses", result.guesses},
           {"nodes", result.nodes}};
  if (!result.solutions.empty()) out["solution"] = to_line(*puzzle.geometry, result.solutions.front());
  if (!result.reason.empty()) out["reason"] = result.reason;
  if (!puzzle.comment.empty()) out["comment"] = puzzle.comment;
  return out;
}

struct SolveCommand {
  InputOptions input;
  bool random = false;
  std::uint64_t seed = 0;

  void operator()(const Record& record, Outcome& outcome) const {
    const Puzzle& puzzle = *record.puzzle;
    SolveOptions options;
    options.random = random;
    options.max_nodes = input.max_nodes;
    options.seed = seed + record.index;  // each puzzle its own stream: same answer whatever -j is
    // One result per worker thread: its solution grid is reused, not allocated per puzzle.
    thread_local SolveResult result;
    solve_into(puzzle, options, result);
    outcome.tally = to_string(result.status);
    mark_failure(record, result, outcome);
    if (input.format == "json") {
      outcome.out = result_json(record, result).dump() + "\n";
    } else if (input.format == "grid") {
      const Grid& shown = result.solutions.empty() ? puzzle.cells : result.solutions.front();
      std::string header = result.status == SolveStatus::unique ? "" : std::string("# ") + to_string(result.status) + "\n";
      outcome.out = header + to_pretty_grid(*puzzle.geometry, shown) + "\n";
    } else {
      append_solve_line(outcome.out, puzzle, result);
    }
  }

  // The solution (or the puzzle when there is none), the status unless it is
  // plain, and the comment.
  static void append_solve_line(std::string& out, const Puzzle& puzzle, const SolveResult& result) {
    const bool solved = !result.solutions.empty();
    append_line(out, *puzzle.geometry, solved ? result.solutions.front() : puzzle.cells,
                kLineRoom + puzzle.comment.size());
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
    thread_local SolveResult result;  // reused per worker, as in SolveCommand
    solve_into(*record.puzzle, options, result);
    outcome.tally = to_string(result.status);
    if (result.status == SolveStatus::invalid || result.status == SolveStatus::gave_up)
      mark_failure(record, result, outcome);
    if (input.format == "json") outcome.out = result_json(record, result).dump() + "\n";
    else outcome.out = std::to_string(result.count) + "\n";
  }
};

struct CheckCommand {
  InputOptions input;

  void operator()(const Record& record, Outcome& outcome) const {
    SolveOptions options{2, 0, false, 0};
    options.max_nodes = input.max_nodes;
    thread_local SolveResult result;  // reused per worker, as in SolveCommand
    solve_into(*record.puzzle, options, result);
    outcome.failed = result.status != SolveStatus::unique;
    outcome.tally = to_string(result.status);
    mark_failure(record, result, outcome);
    if (input.format == "json") {
      outcome.out = result_json(record, result).dump() + "\n";
    } else {
      outcome.out = to_string(result.status);
      if (!result.reason.empty()) outcome.out += ": " + result.reason;
      append_comment(outcome.out, record.puzzle->comment);
    }
  }
};

std::string malformed_for(const InputOptions& input, const Record& record) {
  return input.format == "json" ? malformed_json(record) : malformed_marker(record);
}

}  // namespace

void register_solve_commands(CLI::App& app) {
  auto solve_state = std::make_shared<SolveCommand>();
  CLI::App* solve_cmd = app.add_subcommand("solve", "Solve each puzzle; one output per puzzle, in input order");
  add_input_options(*solve_cmd, solve_state->input);
  add_format_option(*solve_cmd, solve_state->input, {"line", "grid", "json"});
  add_search_limit_option(*solve_cmd, solve_state->input);
  solve_cmd->add_flag("--random", solve_state->random, "Pick a random solution (an empty grid gives a random full grid)");
  solve_cmd->add_option("--seed", solve_state->seed, "Seed for --random (same seed, same answers)");
  solve_cmd->footer(
      "Line output: the solution, then 'multiple' if the puzzle has several, then the input's comment.\n"
      "A puzzle without answer keeps its line: '<puzzle> no-solution' or '<puzzle> invalid'; an unreadable one\n"
      "prints '!malformed'. Each problem is also reported on stderr as FILE:LINE:COL: reason.\n"
      "Examples:\n  nonet solve puzzles.txt\n  nonet solve --format grid --variant diagonal x.txt\n"
      "  echo ................................................................................. | nonet solve --random --seed 7\n");
  solve_cmd->callback([solve_state] {
    const SolveCommand command = *solve_state;
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
