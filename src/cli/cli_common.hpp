// What every nonet subcommand shares: the input options (files, variant,
// size, jobs, format), the ordered parallel batch runner, and exit codes.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "nonet/exact.hpp"
#include "nonet/format.hpp"

namespace nonet::cli {

// Documented exit codes (docs/cli.md, "Exit codes").
enum ExitCode : int {
  kOk = 0,          // every puzzle read and answered as asked
  kPuzzleFailed = 1,  // some puzzle malformed, invalid, unsolvable (or, for check, not unique)
  kUsage = 2,       // bad command line
  kIoError = 3,     // a file could not be opened or written
};

// Thrown by a subcommand's callback to end the program with a code; main()
// turns it into the exit status (so callbacks never call exit()). A command
// callback typically ends with `throw ExitRequest{run_batch(...)};`.
struct ExitRequest {
  int code;
};

struct InputOptions {
  std::vector<std::string> files;  // empty or "-": standard input
  std::string variant = "classic";
  std::string regions;             // jigsaw region map: the labels, or a file holding them
  int size = 0;                    // 0: from each puzzle
  unsigned jobs = 0;               // 0: every core
  bool stats = false;
  std::string format = "line";     // line | grid | json (commands may add more)
  std::string digits = "auto";     // --digits: auto | 1 | 0
  std::string column;              // --column: the CSV puzzle column
  std::string input_format = "auto";  // --input-format: auto or a name input_format_from takes
  // Search nodes per puzzle before giving up (0: no limit): no input can keep
  // a batch busy for ever.
  std::uint64_t max_nodes = 100'000'000;
};

// Adds FILES, --variant, --regions, --size, -j/--jobs, --stats, --digits,
// --column and --input-format to a subcommand.
void add_input_options(CLI::App& command, InputOptions& options);
// Checks a whole-number option before CLI11 converts it: an unsigned option
// would take "-3" as 2^64 - 3 (a count that never ends).
CLI::Validator whole_number(std::uint64_t at_least);
// Adds --max-nodes, for the commands that run the exact search.
void add_search_limit_option(CLI::App& command, InputOptions& options);
// Adds --format with the given choices (the first is the default).
void add_format_option(CLI::App& command, InputOptions& options, std::vector<std::string> choices);

// What processing one record gives: the text for stdout (its line(s), newline
// included), an optional message for stderr, whether it counts as a failure,
// and the label it is tallied under for --stats.
struct Outcome {
  std::string out;
  std::string err;
  bool failed = false;
  std::string tally;
};

// Reads every record of the inputs, runs `process` on `jobs` threads and
// writes the outcomes in input order (output i is always puzzle i). Shows a
// progress bar on a terminal, prints --stats totals, and returns the exit code.
// Malformed records never reach `process`: they give a "malformed" outcome.
int run_batch(const InputOptions& options, const std::function<Outcome(const Record&)>& process,
              const std::function<std::string(const Record&)>& malformed_line);
// The same, for a `process` that fills an Outcome each worker reuses (cleared
// before each record; its strings keep their capacity, so the hot path of a
// batch need not allocate per puzzle).
int run_batch(const InputOptions& options, const std::function<void(const Record&, Outcome&)>& process,
              const std::function<std::string(const Record&)>& malformed_line);

// For a puzzle the exact search could not answer usefully (clashing givens,
// no solution, gave up): the positioned message for stderr and the failure
// flag, set in `outcome`; returns whether it was such a puzzle.
bool mark_failure(const Record& record, const SolveResult& result, Outcome& outcome);

// A record written back: its puzzle, or its pencil marks as one line, in the
// digits it was written with (0-9A-F stays 0-9A-F).
std::string record_text(const Record& record);
// A grid of the record's puzzle (its solution) in the record's digits.
std::string grid_text(const Record& record, const Geometry& geometry, const Grid& cells);
// The JSON fields every command's output starts with: index (across all the
// inputs), file, line, then puzzle, variant, size, regions (jigsaw),
// pencil_marks and comment where the record has them.
nlohmann::ordered_json record_json(const Record& record);
// One line of JSON output. The input's text in it (comments, file names, the
// bytes a message quotes) need not be UTF-8: invalid bytes become U+FFFD
// rather than an exception, so every record still gets its line.
inline std::string json_line(const nlohmann::ordered_json& value) {
  return value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}
// The JSON line of a record that could not be read.
std::string malformed_json(const Record& record);
// Passes the record's pencil marks (if any) to the exact search. Inline: it
// is on every puzzle's path, and nearly every record has none.
inline void use_pencil_marks(const Record& record, SolveOptions& options) {
  if (!record.candidates.empty()) options.candidates = record.candidates;
}
// Whether `found` is the solution the input published beside the puzzle (true
// when it published none); where it differs, the message and failure flag
// are set in `outcome`.
bool matches_published(const Record& record, const Grid& found, Outcome& outcome);

// Why a named input cannot be read ("is a directory", "No such file or
// directory"), or "" when it can: regular files, pipes and terminals.
std::string input_problem(const std::string& file);
// Why reading an input failed: the system's reason (a closed descriptor, EIO)
// where there is one, rather than the stream buffer's own words. Clear errno
// before reading.
std::string read_error_reason(const std::exception& error);

// Standard output: flushes it and, if a write to it failed, says so on stderr
// (naming `error`, or errno) and returns false.
bool flush_stdout(int error);
void report_output_failure(int error);
// "time: 1.234 s, 0.42 puzzles/s on 2 threads" (--stats).
std::string timing_text(std::uint64_t count, double seconds, unsigned jobs, const std::string& what);

// The ReadOptions the input options stand for (throws CLI::ValidationError on a bad --regions).
ReadOptions read_options(const InputOptions& options);

// Subcommand families, one file each.
void register_solve_commands(CLI::App& app);     // solve, count, check
void register_logic_commands(CLI::App& app);     // explain, hint, rate
void register_generate_commands(CLI::App& app);  // generate, render
void register_serve_command(CLI::App& app);      // serve
void register_convert_command(CLI::App& app);    // convert

}  // namespace nonet::cli
