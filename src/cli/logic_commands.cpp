// nonet explain | hint | rate: the logical solver on the command line.
//
//   explain  every step to the solution, in community notation (or JSON)
//   hint     the next step of a puzzle or a pencil-mark position, at three levels
//   rate     Sudoku Explainer style ratings (ER/EP/ED), batch on every core
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_common.hpp"
#include "seconds_option.hpp"
#include "analysis/result_json.hpp"
#include "core/deadline.hpp"
#include "nonet/analysis.hpp"
#include "nonet/exact.hpp"
#include "nonet/logic.hpp"

namespace nonet::cli {

namespace {

using detail::seconds_text;
using nlohmann::json;

// Seconds a puzzle may take by default (rate, explain, hint): nested forcing
// chains (SE 9.5+) and large grids can take minutes; a batch must go on.
constexpr double kDefaultTimeLimit = 60;

// --max-technique: a technique name of the ladder ("XY-Wing") or a rating ("4.2").
double max_rating_of(const std::string& text, Scale scale) {
  if (text.empty()) return 0;
  if (auto limit = technique_limit(text, scale)) return *limit;
  std::vector<TechniqueInfo> known = techniques(scale, true);
  std::stable_sort(known.begin(), known.end(),
                   [](const TechniqueInfo& a, const TechniqueInfo& b) { return a.rating < b.rating; });
  std::string names;
  for (const auto& t : known) names += "  " + one_decimal(t.rating) + "  " + t.name + "\n";
  throw CLI::ValidationError("--max-technique", "unknown technique '" + text + "'; known:\n" + names);
}

Scale scale_of(const std::string& name) { return name == "sukaku" ? Scale::sukaku : Scale::se; }

std::string rating_text(const Rating& r) {
  return "ER " + one_decimal(r.er) + " EP " + one_decimal(r.ep) + " ED " + one_decimal(r.ed);
}

std::string malformed_line(const InputOptions& input, const Record& record) {
  return input.format == "json" ? malformed_json(record) : "!malformed\n";
}

// The session of a command: its options and limits, the same for every record.
Session session_of(const InputOptions& input, const std::string& scale, double max_rating, bool extras,
                   double time_limit) {
  AnalysisOptions options;
  options.scale = scale_of(scale);
  options.max_rating = max_rating;
  options.extras = extras;
  options.limits.time_limit = time_limit;
  options.limits.max_nodes = input.max_nodes;
  return Session(options);
}

// Steps name their digits 1-based (a step is text made where it is found);
// a puzzle written 0-9A-F is told how to read them.
std::string zero_based_note(const Record& record) {
  if (!record.zero_based) return {};
  const int size = record.puzzle->geometry->size();
  return std::string("  (steps write the digits 1-") + digit_char(size) + ": the puzzle's 0 is 1, its " +
         digit_char(size, DigitStyle::zero_based) + " is " + digit_char(size) + ")\n";
}

// Where an analysis leaves the caller without what it asked for: the
// positioned message for stderr and the failure flag, as `solve` reports the
// same puzzles.
void mark_stop(const Record& record, const Analysis& analysis, Task task, double time_limit, Outcome& outcome) {
  outcome.tally = to_string(analysis.stop);
  if (!is_failure(analysis.stop, task)) return;
  outcome.failed = true;
  if (!analysis.logic_ran() && mark_failure(record, analysis.verdict, outcome) &&
      analysis.verdict.status != SolveStatus::gave_up) {
    if (analysis.stop == Stop::contradiction) outcome.err += ": " + analysis.message;
    return;
  }
  std::string reason = analysis.message;
  if (analysis.stop == Stop::gave_up) {
    if (analysis.verdict.status == SolveStatus::gave_up && analysis.verdict.nodes > 0 &&
        reason.find("search nodes") != std::string::npos)
      reason += " (see --max-nodes)";
    else
      reason = "gave up after the time limit (--time-limit " + seconds_text(time_limit) + " s)";
  }
  // A hint's stdout line already says why there is none.
  if (task == Task::hint && (analysis.stop == Stop::stuck || analysis.stop == Stop::above_limit ||
                             analysis.stop == Stop::multiple))
    return;
  outcome.err = Diagnostic{record.source, record.line, 1, reason}.to_string();
}

struct ExplainCommand {
  InputOptions input;
  std::string max_technique;
  std::string scale = "se";
  bool extras = false;
  double time_limit = kDefaultTimeLimit;  // seconds per puzzle, 0: none

  Outcome operator()(const Record& record) const {
    const Puzzle& puzzle = *record.puzzle;
    const Geometry& geo = *puzzle.geometry;
    const Session session =
        session_of(input, scale, max_rating_of(max_technique, scale_of(scale)), extras, time_limit);
    const Analysis result = session.explain(marked_position(puzzle, record.candidates));
    Outcome outcome;
    mark_stop(record, result, Task::explain, time_limit, outcome);
    if (input.format == "json") {
      nlohmann::ordered_json out = record_json(record);
      out.update(encode::explanation(geo, result));
      outcome.out = json_line(out);
      return outcome;
    }
    std::ostringstream out;
    if (!result.logic_ran()) {
      out << "Puzzle " << record.index + 1 << ": " << record_text(record) << "\n  " << to_string(result.stop)
          << ": nothing to explain\n\n";
      outcome.out = out.str();
      return outcome;
    }
    out << "Puzzle " << record.index + 1 << ": " << record_text(record);
    if (!puzzle.comment.empty()) out << "  " << puzzle.comment;
    out << "\n" << zero_based_note(record);
    if (result.verdict.status == SolveStatus::multiple)
      out << "  (more than one solution: the uniqueness techniques are not used)\n";
    int number = 0;
    for (const Step& s : result.steps) {
      out << "  " << ++number << ". " << to_text(geo, s) << "\n";
      for (const auto& chain : s.chains) out << "       " << chain << "\n";
    }
    if (result.stop == Stop::solved && result.steps.empty()) {
      out << "Already solved: nothing to explain\n";
    } else if (result.stop == Stop::solved) {
      out << "Solved in " << result.steps.size() << " steps: " << rating_text(result.rating) << ", hardest "
          << result.rating.hardest << "\n";
      out << "  " << grid_text(record, geo, result.final_state->values()) << "\n";
    } else {
      out << "stopped: " << result.message << "\n";
      out << result.final_state->to_pencil_marks();
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
    const Session session = session_of(input, scale, 0, false, time_limit);
    const Analysis result = session.rate(marked_position(puzzle, record.candidates));
    Outcome outcome;
    mark_stop(record, result, Task::rate, time_limit, outcome);
    const Rating& r = result.rating;
    const bool rated = result.stop == Stop::solved;
    const bool unsolved = result.logic_ran() && !rated && !is_failure(result.stop, Task::rate);
    if (rated) outcome.tally = "ER " + one_decimal(r.er);
    if (unsolved) outcome.tally = "unsolved";
    if (input.format == "json") {
      nlohmann::ordered_json out = record_json(record);
      out.update(encode::rating_answer(result));
      outcome.out = json_line(out);
      return outcome;
    }
    if (!rated && !unsolved) {
      // Not a rating: no numbers that could be read as one.
      outcome.out = record_text(record) + " " + encode::rating_status(result) + "\n";
      return outcome;
    }
    std::string line = record_text(record) + " " + one_decimal(r.er) + "/" + one_decimal(r.ep) + "/" +
                       one_decimal(r.ed) + (rated ? "" : " unsolved") + " " + (r.hardest.empty() ? "-" : r.hardest);
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
    errno = 0;
    try {
      for (Record record; reader.next(record);) inputs.records.push_back(std::move(record));
    } catch (const std::exception& error) {
      std::cerr << "nonet: error reading " << file << ": " << read_error_reason(error) << "\n";
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
    // An input with no puzzle at all (empty, a binary file) gets its message
    // and no line, as in every batch command.
    out = record.whole_input ? "" : label + "no hint: malformed\n";
    return false;
  }
  const Session session = session_of(command.input, command.scale, 0, command.extras, command.time_limit);
  const Analysis answer = session.hint(marked_position(*record.puzzle, record.candidates));
  Outcome outcome;
  mark_stop(record, answer, Task::hint, command.time_limit, outcome);
  err = outcome.err;
  switch (answer.stop) {
    case Stop::hint:
      if (answer.verdict.status == SolveStatus::multiple && !record.candidates.empty())
        err = Diagnostic{record.source, record.line, 1,
                         "more than one grid fits these pencil marks: the uniqueness techniques are not used"}
                  .to_string();
      out = label + hint_text(*record.puzzle->geometry, answer.steps.front(), command.level) + zero_based_note(record);
      return true;
    case Stop::solved: out = label + "already solved\n"; return true;
    case Stop::invalid:
    case Stop::no_solution:
    case Stop::contradiction: out = label + "no hint: " + to_string(answer.stop) + "\n"; return false;
    case Stop::gave_up:
      if (!answer.logic_ran()) {
        out = label + "no hint: gave-up\n";
        return false;
      }
      out = label + "no step found within the time limit (--time-limit " + seconds_text(command.time_limit) + " s)" +
            reveal_text(*record.puzzle->geometry, answer, command.level) + "\n";
      return false;
    default: out = label + answer.message + reveal_text(*record.puzzle->geometry, answer, command.level) + "\n"; return false;
  }
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
      ->check(seconds_option())
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
      "Where logic finds no step, a cell to reveal (--level 3: its digit). On a puzzle with variant rules\n"
      "the search stops after 0.06 s and the hint answers within 0.09 s (nonet explain looks as long as\n"
      "the time limit allows).\n"
      "Examples:\n  nonet hint --level 2 puzzle.txt\n  nonet hint --level 3 position.txt");
  hint->callback([hint_state] { throw ExitRequest{run_hint(*hint_state)}; });

  auto rate_state = std::make_shared<RateCommand>();
  CLI::App* rate_cmd = app.add_subcommand("rate", "Rate each puzzle the Sudoku Explainer way: ER/EP/ED");
  add_input_options(*rate_cmd, rate_state->input);
  add_format_option(*rate_cmd, rate_state->input, {"line", "json"});
  rate_cmd->add_option("--scale", rate_state->scale, "se (Sudoku Explainer 1.2.1) or sukaku (SukakuExplainer)")
      ->check(CLI::IsMember({"se", "sukaku"}))
      ->capture_default_str();
  add_time_limit_option(*rate_cmd, rate_state->time_limit, "a puzzle not finished in time is 'gave-up'");
  rate_cmd->footer(
      "Line output: puzzle ER/EP/ED hardest-technique [technique count, ...] # input comment.\n"
      "'unsolved' marks a puzzle logic could not finish (its ER is then a lower bound); a puzzle that\n"
      "is not rated gets its status instead of numbers: gave-up (time limit), multiple, invalid, no-solution.\n"
      "--stats prints the number of puzzles per ER on stderr (a histogram) and puzzles/s.\n"
      "Examples:\n  nonet rate puzzles.txt\n  nonet rate --scale sukaku --stats -j 4 bank.txt > rated.txt");
  rate_cmd->callback([rate_state] {
    const RateCommand command = *rate_state;
    throw ExitRequest{
        run_batch(command.input, command, [&](const Record& r) { return malformed_line(command.input, r); })};
  });
}

}  // namespace nonet::cli
