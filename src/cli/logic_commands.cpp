// nonet explain | hint | rate: the logical solver on the command line.
//
//   explain  every step to the solution, in community notation (or JSON)
//   hint     the next step of a puzzle or a pencil-mark position, at three levels
//   rate     Sudoku Explainer style ratings (ER/EP/ED), batch on every core
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_common.hpp"
#include "nonet/exact.hpp"
#include "nonet/logic.hpp"

namespace nonet::cli {

namespace {

using nlohmann::json;

// Seconds a puzzle may take by default (rate, explain, hint): nested forcing
// chains (SE 9.5+) and large grids can take minutes; a batch must go on.
constexpr double kDefaultTimeLimit = 60;

// Whether a search that began at `start` used up a time limit (0: none).
bool ran_out_of_time(std::chrono::steady_clock::time_point start, double limit) {
  return limit > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= limit;
}

// As printf's "%.1f" (std::to_chars is specified so), without its cost per call.
std::string fixed1(double v) {
  char buf[320];  // the largest double in fixed notation: 309 digits, sign, point and one decimal
  const auto end = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 1).ptr;
  return std::string(buf, end);
}

// --max-technique: a technique name of the ladder ("XY-Wing") or a rating ("4.2").
double max_rating_of(const std::string& text, Scale scale) {
  if (text.empty()) return 0;
  if (auto limit = technique_limit(text, scale)) return *limit;
  std::string names;
  for (const auto& t : techniques(scale, true)) names += "  " + fixed1(t.rating) + "  " + t.name + "\n";
  throw CLI::ValidationError("--max-technique", "unknown technique '" + text + "'; known:\n" + names);
}

Scale scale_of(const std::string& name) { return name == "sukaku" ? Scale::sukaku : Scale::se; }

std::string rating_text(const Rating& r) {
  return "ER " + fixed1(r.er) + " EP " + fixed1(r.ep) + " ED " + fixed1(r.ed);
}

json rating_json(const Rating& r) {
  return json{{"er", std::round(r.er * 10) / 10}, {"ep", std::round(r.ep * 10) / 10},
              {"ed", std::round(r.ed * 10) / 10}, {"hardest", r.hardest}, {"solved", r.solved}};
}

std::string malformed_line(const InputOptions& input, const Record& record) {
  return input.format == "json" ? malformed_json(record) : "!malformed\n";
}

// Where logic starts: the givens, or the pencil marks the record holds.
CandidateGrid start_of(const Record& record) {
  return record.candidates.empty() ? CandidateGrid(*record.puzzle)
                                   : position_from_marks(record.puzzle->geometry, record.candidates);
}

// Logic from the record's start. A puzzle's uniqueness the solver checks
// itself; for pencil marks the exact answer says whether it may assume it.
LogicResult solve_record(const Record& record, LogicOptions options, SolveStatus status) {
  if (record.candidates.empty()) return solve_logically(*record.puzzle, options);
  options.assume_unique = status == SolveStatus::unique;
  return solve_logically(start_of(record), options);
}

// Steps name their digits 1-based (a step is text made where it is found);
// a puzzle written 0-9A-F is told how to read them.
std::string zero_based_note(const Record& record) {
  if (!record.zero_based) return {};
  const int size = record.puzzle->geometry->size();
  return std::string("  (steps write the digits 1-") + digit_char(size) + ": the puzzle's 0 is 1, its " +
         digit_char(size, DigitStyle::zero_based) + " is " + digit_char(size) + ")\n";
}

// The positioned message for a batch puzzle that ran out of time.
std::string out_of_time_message(const Record& record, double limit) {
  return Diagnostic{record.source, record.line, 1,
                    "gave up after the time limit (--time-limit " + fixed1(limit) + " s)"}
      .to_string();
}

// The sentence for where a solve stopped.
std::string stop_reason(const LogicResult& result, double max_rating) {
  if (result.solved) return {};
  if (result.final_state.broken()) return "the position is contradictory (no solution fits it)";
  if (max_rating > 0) {
    LogicOptions unlimited;
    auto harder = next_step(result.final_state, unlimited);
    if (harder)
      return "stopped: the next step needs " + harder->technique + " (" + fixed1(harder->rating) +
             "), above the limit " + fixed1(max_rating);
  }
  return "stopped: no technique nonet knows applies here (harder than dynamic forcing chains)";
}

// Logic needs a puzzle with a solution: clashing givens and unsolvable
// puzzles (and searches past --max-nodes) are reported as `solve` reports
// them — the positioned message in outcome.err, the failure flag — and the
// caller explains or rates nothing. The exact answer also tells whether the
// puzzle is unique.
SolveStatus exact_status(const Record& record, const InputOptions& input, Outcome& outcome) {
  SolveOptions options;
  options.max_nodes = input.max_nodes;
  use_pencil_marks(record, options);
  const SolveResult result = solve(*record.puzzle, options);
  if (mark_failure(record, result, outcome)) {
    outcome.tally = to_string(result.status);
    if (result.status == SolveStatus::no_solution && !record.candidates.empty())
      outcome.err += ": no grid fits these pencil marks (a digit is wrong or a needed candidate is gone)";
  }
  return result.status;
}

bool has_solution(SolveStatus status) { return status == SolveStatus::unique || status == SolveStatus::multiple; }

struct ExplainCommand {
  InputOptions input;
  std::string max_technique;
  std::string scale = "se";
  bool extras = false;
  double time_limit = kDefaultTimeLimit;  // seconds per puzzle, 0: none

  Outcome operator()(const Record& record) const {
    const Puzzle& puzzle = *record.puzzle;
    const Geometry& geo = *puzzle.geometry;
    Outcome outcome;
    const SolveStatus status = exact_status(record, input, outcome);
    if (!has_solution(status)) {
      nlohmann::ordered_json out = record_json(record);
      out["status"] = to_string(status);
      outcome.out = input.format == "json" ? json_line(out)
                                           : "Puzzle " + std::to_string(record.index + 1) + ": " + record_text(record) +
                                                 "\n  " + to_string(status) + ": nothing to explain\n\n";
      return outcome;
    }
    LogicOptions options;
    options.scale = scale_of(scale);
    options.max_rating = max_rating_of(max_technique, options.scale);
    options.extras = extras;
    options.time_limit = time_limit;
    const auto start = std::chrono::steady_clock::now();
    const LogicResult result = solve_record(record, options, status);
    const bool out_of_time = !result.solved && ran_out_of_time(start, time_limit);
    outcome.tally = result.solved ? "solved" : out_of_time ? "gave-up" : "stuck";
    if (out_of_time) {
      outcome.err = out_of_time_message(record, time_limit);
      outcome.failed = true;
    }
    const std::string why =
        status == SolveStatus::multiple && !result.solved ? "stopped: the puzzle has more than one solution, so logic cannot finish it"
        : !result.solved && out_of_time ? "stopped: no step found within the time limit (--time-limit " + fixed1(time_limit) + " s)"
                                        : stop_reason(result, options.max_rating);
    if (input.format == "json") {
      json steps = json::array();
      for (const Step& s : result.steps) steps.push_back(json::parse(to_json(geo, s)));
      nlohmann::ordered_json out = record_json(record);
      out["status"] = result.solved ? "solved" : out_of_time ? "gave-up" : "stuck";
      out["solved"] = result.solved;
      out["rating"] = rating_json(result.rating);
      out["steps"] = steps;
      if (!result.solved) {
        out["stopped"] = why;
        out["candidates"] = result.final_state.to_candidate_string();
      }
      outcome.out = json_line(out);
      return outcome;
    }
    std::ostringstream out;
    out << "Puzzle " << record.index + 1 << ": " << record_text(record);
    if (!puzzle.comment.empty()) out << "  " << puzzle.comment;
    out << "\n" << zero_based_note(record);
    if (status == SolveStatus::multiple) out << "  (more than one solution: the uniqueness techniques are not used)\n";
    int number = 0;
    for (const Step& s : result.steps) {
      out << "  " << ++number << ". " << to_text(geo, s) << "\n";
      for (const auto& chain : s.chains) out << "       " << chain << "\n";
    }
    if (result.solved && result.steps.empty()) {
      out << "Already solved: nothing to explain\n";
    } else if (result.solved) {
      out << "Solved in " << result.steps.size() << " steps: " << rating_text(result.rating) << ", hardest "
          << result.rating.hardest << "\n";
      out << "  " << grid_text(record, geo, result.final_state.values()) << "\n";
    } else {
      out << why << "\n";
      out << result.final_state.to_pencil_marks();
    }
    out << "\n";
    outcome.out = out.str();
    return outcome;
  }
};

struct RateCommand {
  InputOptions input;
  std::string scale = "se";
  double time_limit = kDefaultTimeLimit;  // seconds per puzzle, 0: none

  Outcome operator()(const Record& record) const {
    const Puzzle& puzzle = *record.puzzle;
    Outcome outcome;
    const SolveStatus status = exact_status(record, input, outcome);
    if (status != SolveStatus::unique) {
      // SE rates unique puzzles only: a rating of one with several
      // solutions would depend on which one the steps happen to head for.
      if (status == SolveStatus::multiple) {
        outcome.err = Diagnostic{record.source, record.line, 1, "more than one solution: not rated"}.to_string();
        outcome.failed = true;
        outcome.tally = to_string(status);
      }
      nlohmann::ordered_json out = record_json(record);
      out["status"] = to_string(status);
      outcome.out = input.format == "json" ? json_line(out) : record_text(record) + " " + to_string(status) + "\n";
      return outcome;
    }
    LogicOptions options;
    options.scale = scale_of(scale);
    options.time_limit = time_limit;
    options.keep_steps = false;
    const auto start = std::chrono::steady_clock::now();
    const LogicResult result = solve_record(record, options, status);
    const Rating& r = result.rating;
    // Out of time: the rating found so far, marked gave-up (ER is then a lower bound).
    const bool out_of_time = !r.solved && ran_out_of_time(start, time_limit);
    outcome.tally = r.solved ? "ER " + fixed1(r.er) : out_of_time ? "gave-up" : "unsolved";
    if (out_of_time) {
      outcome.err = out_of_time_message(record, time_limit);
      outcome.failed = true;
    }
    if (input.format == "json") {
      json c = json::object();
      for (const TechniqueCount& used : result.techniques) c[used.technique] = used.steps;
      nlohmann::ordered_json out = record_json(record);
      out["status"] = r.solved ? "rated" : out_of_time ? "gave-up" : "unsolved";
      out["rating"] = rating_json(r);
      out["steps"] = result.step_count();
      out["techniques"] = c;
      outcome.out = json_line(out);
      return outcome;
    }
    std::string line = record_text(record) + " " + fixed1(r.er) + "/" + fixed1(r.ep) + "/" + fixed1(r.ed) +
                       (r.solved ? "" : out_of_time ? " gave-up" : " unsolved") + " " +
                       (r.hardest.empty() ? "-" : r.hardest);
    std::string tail;
    for (const TechniqueCount& used : result.techniques)
      tail += (tail.empty() ? "" : ", ") + used.technique + " " + std::to_string(used.steps);
    line += " [" + tail + "]";
    if (!puzzle.comment.empty()) line += " # " + puzzle.comment;
    outcome.out = line + "\n";
    return outcome;
  }
};

struct HintCommand {
  InputOptions input;
  double time_limit = kDefaultTimeLimit;  // seconds per position, 0: none
  int level = 1;
  std::string scale = "se";
  bool extras = true;
};

// Every record of the inputs, in order: hints are few and awaited, so the
// records are read first and numbered "#1 ", "#2 "… only when there are
// several. A file that cannot be read is reported and the others are used.
struct HintInputs {
  std::vector<Record> records;
  bool io_failed = false;
};

HintInputs read_hint_inputs(const HintCommand& command) {
  HintInputs inputs;
  std::vector<std::string> files = command.input.files;
  if (files.empty()) files.push_back("-");
  const ReadOptions read = read_options(command.input);
  for (const std::string& file : files) {
    std::ifstream stream;
    if (file != "-") {
      if (const std::string reason = input_problem(file); !reason.empty()) {
        std::cerr << "nonet: cannot open " << file << ": " << reason << "\n";
        inputs.io_failed = true;
        continue;
      }
      stream.open(file, std::ios::binary);
    }
    PuzzleReader reader(file == "-" ? std::cin : stream, file == "-" ? "<stdin>" : file, read);
    try {
      for (Record record; reader.next(record);) inputs.records.push_back(std::move(record));
    } catch (const std::exception& error) {
      std::cerr << "nonet: error reading " << file << ": " << error.what() << "\n";
      inputs.io_failed = true;
    }
  }
  for (std::size_t i = 0; i < inputs.records.size(); ++i) inputs.records[i].index = i;
  return inputs;
}

// One record's hint (or why there is none) as the lines to print; false
// when there is no hint.
bool hint_record(const HintCommand& command, const Record& record, const std::string& label, std::string& out,
                 std::string& err) {
  if (!record.puzzle) {
    err = record.error ? record.error->to_string() : "malformed";
    out = label + "no hint: malformed\n";
    return false;
  }
  Outcome verdict;
  const SolveStatus status = exact_status(record, command.input, verdict);
  if (!has_solution(status)) {
    err = verdict.err;
    out = label + "no hint: " + to_string(status) + "\n";
    return false;
  }
  if (status == SolveStatus::multiple && !record.candidates.empty())
    err = Diagnostic{record.source, record.line, 1,
                     "more than one grid fits these pencil marks: the uniqueness techniques are not used"}
              .to_string();
  const CandidateGrid grid = start_of(record);
  if (grid.solved()) {
    out = label + "already solved\n";
    return true;
  }
  LogicOptions options;
  options.scale = scale_of(command.scale);
  options.extras = command.extras;
  options.time_limit = command.time_limit;
  options.assume_unique = status == SolveStatus::unique;
  const auto start = std::chrono::steady_clock::now();
  const auto step = next_step(grid, options);
  if (step) {
    out = label + hint_text(grid.geometry(), *step, command.level) + zero_based_note(record);
    return true;
  }
  out = label + (ran_out_of_time(start, command.time_limit)
                     ? "no step found within the time limit (--time-limit " + fixed1(command.time_limit) + " s)\n"
                     : std::string("no technique nonet knows applies\n"));
  return false;
}

int run_hint(const HintCommand& command) {
  const HintInputs inputs = read_hint_inputs(command);
  bool failed = false;
  for (const Record& record : inputs.records) {
    const std::string label = inputs.records.size() > 1 ? "#" + std::to_string(record.index + 1) + " " : "";
    std::string out, err;
    failed |= !hint_record(command, record, label, out, err);
    errno = 0;
    if (!(std::cout << out)) {
      report_output_failure(errno);
      return kIoError;
    }
    if (!err.empty()) {
      std::cout.flush();
      std::cerr << err << "\n";
    }
  }
  if (!flush_stdout(0) || inputs.io_failed) return kIoError;
  return failed ? kPuzzleFailed : kOk;
}

}  // namespace

// --time-limit for the logic commands: nested forcing chains (SE 9.5+) can
// take seconds to minutes a puzzle.
void add_time_limit_option(CLI::App& command, double& seconds, const std::string& what) {
  command.add_option("--time-limit", seconds,
                     "Seconds per puzzle (0: none); " + what +
                         ". Puzzles that need nested forcing chains (SE 9.5+) take seconds to minutes")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
}

void register_logic_commands(CLI::App& app) {
  auto explain_state = std::make_shared<ExplainCommand>();
  CLI::App* explain = app.add_subcommand("explain", "Solve like a person: every step to the solution, explained");
  add_input_options(*explain, explain_state->input);
  add_format_option(*explain, explain_state->input, {"text", "json"});
  explain->add_option("--max-technique", explain_state->max_technique,
                      "Use no technique harder than T (a name such as XY-Wing, or a rating such as 4.2)");
  explain->add_option("--scale", explain_state->scale, "Technique ladder: se (Sudoku Explainer 1.2.1) or sukaku")
      ->check(CLI::IsMember({"se", "sukaku"}))
      ->capture_default_str();
  explain->add_flag("--extras", explain_state->extras, "Also use W-Wing, UVWXYZ-Wing, simple colouring and ALS-XZ (not on the SE scales; hints always do)");
  add_time_limit_option(*explain, explain_state->time_limit, "the explanation stops there");
  explain->footer(
      "Each step: technique: pattern → placements (r3c5=7) and eliminations (r1c7<>4) (rating).\n"
      "Where a harder step would be needed the explanation stops and says so, with the pencil marks.\n"
      "Examples:\n  nonet explain puzzle.txt\n  nonet explain --max-technique XY-Wing --format json puzzle.txt");
  explain->callback([explain_state] {
    const ExplainCommand command = *explain_state;
    max_rating_of(command.max_technique, scale_of(command.scale));  // validate before the batch starts
    throw ExitRequest{
        run_batch(command.input, command, [&](const Record& r) { return malformed_line(command.input, r); })};
  });

  auto hint_state = std::make_shared<HintCommand>();
  CLI::App* hint = app.add_subcommand("hint", "The next step of a puzzle or a pencil-mark position");
  add_input_options(*hint, hint_state->input);
  hint->add_option("--level", hint_state->level, "1: technique and house, 2: and the cells, 3: the whole step")
      ->check(CLI::Range(1, 3))
      ->capture_default_str();
  hint->add_option("--scale", hint_state->scale, "Technique ladder: se or sukaku")
      ->check(CLI::IsMember({"se", "sukaku"}))
      ->capture_default_str();
  add_time_limit_option(*hint, hint_state->time_limit, "then no hint is given");
  hint->footer(
      "Input: puzzles (one a line, or grids), 729-character candidate lines (81 groups of 9: digit or '.'),\n"
      "or pencil-mark grids as HoDoKu prints them (cells separated by spaces, boxes by |); one hint each.\n"
      "Examples:\n  nonet hint --level 2 puzzle.txt\n  nonet hint --level 3 position.txt");
  hint->callback([hint_state] { throw ExitRequest{run_hint(*hint_state)}; });

  auto rate_state = std::make_shared<RateCommand>();
  CLI::App* rate_cmd = app.add_subcommand("rate", "Rate each puzzle the Sudoku Explainer way: ER/EP/ED");
  add_input_options(*rate_cmd, rate_state->input);
  add_format_option(*rate_cmd, rate_state->input, {"line", "json"});
  rate_cmd->add_option("--scale", rate_state->scale, "se (Sudoku Explainer 1.2.1) or sukaku (SukakuExplainer)")
      ->check(CLI::IsMember({"se", "sukaku"}))
      ->capture_default_str();
  add_time_limit_option(*rate_cmd, rate_state->time_limit, "a puzzle not finished in time is 'unsolved'");
  rate_cmd->footer(
      "Line output: puzzle ER/EP/ED hardest-technique [technique count, ...] # input comment.\n"
      "'unsolved' marks a puzzle logic could not finish (its ER is then a lower bound).\n"
      "--stats prints the number of puzzles per ER on stderr (a histogram) and puzzles/s.\n"
      "Examples:\n  nonet rate puzzles.txt\n  nonet rate --scale sukaku --stats -j 4 bank.txt > rated.txt");
  rate_cmd->callback([rate_state] {
    const RateCommand command = *rate_state;
    throw ExitRequest{
        run_batch(command.input, command, [&](const Record& r) { return malformed_line(command.input, r); })};
  });
}

}  // namespace nonet::cli
