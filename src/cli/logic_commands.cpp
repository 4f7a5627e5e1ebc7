// nonet explain | hint | rate: the logical solver on the command line.
//
//   explain  every step to the solution, in community notation (or JSON)
//   hint     the next step of a puzzle or a pencil-mark position, at three levels
//   rate     Sudoku Explainer style ratings (ER/EP/ED), batch on every core
#include <algorithm>
#include <cctype>
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

// Whether a search that began at `start` used up a time limit (0: none).
bool ran_out_of_time(std::chrono::steady_clock::time_point start, double limit) {
  return limit > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= limit;
}

std::string fixed1(double v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
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

// Counts per technique, in the order first used.
std::vector<std::pair<std::string, int>> technique_counts(const std::vector<Step>& steps) {
  std::vector<std::pair<std::string, int>> counts;
  for (const Step& s : steps) {
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == s.technique; });
    if (it == counts.end()) counts.push_back({s.technique, 1});
    else ++it->second;
  }
  return counts;
}

std::string malformed_line(const InputOptions& input, const Record& record) {
  if (input.format == "json")
    return json{{"index", record.index}, {"line", record.line}, {"status", "malformed"},
                {"error", record.error ? record.error->reason : ""}}
               .dump() +
           "\n";
  return "!malformed\n";
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
  const SolveResult result = solve(*record.puzzle, options);
  if (mark_failure(record, result, outcome)) outcome.tally = to_string(result.status);
  return result.status;
}

bool has_solution(SolveStatus status) { return status == SolveStatus::unique || status == SolveStatus::multiple; }

struct ExplainCommand {
  InputOptions input;
  std::string max_technique;
  std::string scale = "se";
  bool extras = false;
  double time_limit = 0;  // seconds per puzzle, 0: none

  Outcome operator()(const Record& record) const {
    const Puzzle& puzzle = *record.puzzle;
    const Geometry& geo = *puzzle.geometry;
    Outcome outcome;
    const SolveStatus status = exact_status(record, input, outcome);
    if (!has_solution(status)) {
      outcome.out = input.format == "json"
                        ? json{{"index", record.index}, {"puzzle", to_line(geo, puzzle.cells)}, {"status", to_string(status)}}
                                  .dump() + "\n"
                        : "Puzzle " + std::to_string(record.index + 1) + ": " + to_line(geo, puzzle.cells) + "\n  " +
                              to_string(status) + ": nothing to explain\n\n";
      return outcome;
    }
    LogicOptions options;
    options.scale = scale_of(scale);
    options.max_rating = max_rating_of(max_technique, options.scale);
    options.extras = extras;
    options.time_limit = time_limit;
    const auto start = std::chrono::steady_clock::now();
    const LogicResult result = solve_logically(puzzle, options);
    const bool out_of_time = ran_out_of_time(start, time_limit);
    outcome.tally = result.solved ? "solved" : "stuck";
    const std::string why =
        status == SolveStatus::multiple && !result.solved ? "stopped: the puzzle has more than one solution, so logic cannot finish it"
        : !result.solved && out_of_time ? "stopped: no step found within the time limit (--time-limit " + fixed1(time_limit) + " s)"
                                        : stop_reason(result, options.max_rating);
    if (input.format == "json") {
      json steps = json::array();
      for (const Step& s : result.steps) steps.push_back(json::parse(to_json(geo, s)));
      json out{{"index", record.index},
               {"puzzle", to_line(geo, puzzle.cells)},
               {"solved", result.solved},
               {"rating", rating_json(result.rating)},
               {"steps", steps}};
      if (!result.solved) {
        out["stopped"] = why;
        out["candidates"] = result.final_state.to_candidate_string();
      }
      outcome.out = out.dump() + "\n";
      return outcome;
    }
    std::ostringstream out;
    out << "Puzzle " << record.index + 1 << ": " << to_line(geo, puzzle.cells);
    if (!puzzle.comment.empty()) out << "  " << puzzle.comment;
    out << "\n";
    if (status == SolveStatus::multiple) out << "  (more than one solution: the uniqueness techniques are not used)\n";
    int number = 0;
    for (const Step& s : result.steps) {
      out << "  " << ++number << ". " << to_text(geo, s) << "\n";
      for (const auto& chain : s.chains) out << "       " << chain << "\n";
    }
    if (result.solved) {
      out << "Solved in " << result.steps.size() << " steps: " << rating_text(result.rating) << ", hardest "
          << result.rating.hardest << "\n";
      out << "  " << to_line(geo, result.final_state.values()) << "\n";
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
  double time_limit = 0;  // seconds per puzzle, 0: none

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
      outcome.out = input.format == "json" ? json{{"index", record.index},
                                                  {"puzzle", to_line(*puzzle.geometry, puzzle.cells)},
                                                  {"status", to_string(status)}}
                                                     .dump() + "\n"
                                           : to_line(*puzzle.geometry, puzzle.cells) + " " + to_string(status) + "\n";
      return outcome;
    }
    LogicOptions options;
    options.scale = scale_of(scale);
    options.time_limit = time_limit;
    const LogicResult result = solve_logically(puzzle, options);
    const Rating& r = result.rating;
    outcome.tally = r.solved ? "ER " + fixed1(r.er) : std::string("unsolved (ER > ") + fixed1(r.er) + " or unknown)";
    if (!r.solved) outcome.tally = "unsolved";
    const auto counts = technique_counts(result.steps);
    if (input.format == "json") {
      json c = json::object();
      for (const auto& [name, n] : counts) c[name] = n;
      json out{{"index", record.index}, {"puzzle", to_line(*puzzle.geometry, puzzle.cells)},
               {"rating", rating_json(r)}, {"steps", result.steps.size()}, {"techniques", c}};
      if (!puzzle.comment.empty()) out["comment"] = puzzle.comment;
      outcome.out = out.dump() + "\n";
      return outcome;
    }
    std::string line = to_line(*puzzle.geometry, puzzle.cells) + " " + fixed1(r.er) + "/" + fixed1(r.ep) + "/" +
                       fixed1(r.ed) + (r.solved ? "" : " unsolved") + " " + (r.hardest.empty() ? "-" : r.hardest);
    std::string tail;
    for (const auto& [name, n] : counts) tail += (tail.empty() ? "" : ", ") + name + " " + std::to_string(n);
    line += " [" + tail + "]";
    if (!puzzle.comment.empty()) line += " # " + puzzle.comment;
    outcome.out = line + "\n";
    return outcome;
  }
};

struct HintCommand {
  InputOptions input;
  double time_limit = 60;  // seconds per position (a hint is awaited), 0: none
  int level = 1;
  std::string scale = "se";
  bool extras = true;
};

// One input file's text, its name as messages give it, and its lines (the
// comments and blank lines skipped) with their numbers.
struct HintInput {
  std::string source, text;
  std::vector<std::pair<int, std::string>> lines;
};

std::optional<HintInput> read_hint_input(const std::string& file) {
  HintInput input;
  input.source = file == "-" ? "<stdin>" : file;
  std::ostringstream ss;
  if (file == "-") {
    ss << std::cin.rdbuf();
  } else {
    std::ifstream in(file);
    if (!in) return std::nullopt;
    ss << in.rdbuf();
  }
  input.text = ss.str();
  std::istringstream lines(input.text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    if (!line.empty() && line[0] != '#') input.lines.emplace_back(number, line);
  }
  return input;
}

// A pencil-mark position is checked like a puzzle first, by the exact search
// over its marks: marks that exclude every solution (a wrong digit, a needed
// candidate crossed out) are reported instead of hinted at, and where several
// solutions fit, the uniqueness techniques are left out.
struct PositionCheck {
  bool hintable = false;
  bool unique = false;
};

PositionCheck check_position(const CandidateGrid& grid, const std::string& source, int line,
                             const InputOptions& input, const std::string& label) {
  Record record;
  record.source = source;
  record.line = line;
  record.puzzle = Puzzle{grid.geometry_ptr(), grid.values(), ""};
  SolveOptions options;
  options.max_nodes = input.max_nodes;
  options.candidates.resize(grid.values().size());
  for (std::size_t cell = 0; cell < options.candidates.size(); ++cell)
    options.candidates[cell] = grid.value(static_cast<int>(cell)) ? digit_bit(grid.value(static_cast<int>(cell)))
                                                                  : grid.candidates(static_cast<int>(cell));
  const SolveResult result = solve(*record.puzzle, options);
  Outcome outcome;
  if (mark_failure(record, result, outcome)) {
    if (result.status == SolveStatus::no_solution)
      outcome.err += ": no grid fits these pencil marks (a digit is wrong or a needed candidate is gone)";
    std::cerr << outcome.err << "\n";
    std::cout << label << "no hint: " << to_string(result.status) << "\n";
    return {};
  }
  if (result.status == SolveStatus::multiple)
    std::cerr << Diagnostic{source, line, 1,
                            "more than one grid fits these pencil marks: the uniqueness techniques are not used"}
                     .to_string()
              << "\n";
  return {true, result.status == SolveStatus::unique};
}

int run_hint(const HintCommand& command) {
  std::vector<std::string> files = command.input.files;
  if (files.empty()) files.push_back("-");
  std::vector<HintInput> inputs;
  for (const auto& file : files) {
    auto input = read_hint_input(file);
    if (!input) {
      std::cerr << file << ": cannot open\n";
      return kIoError;
    }
    inputs.push_back(std::move(*input));
  }
  LogicOptions options;
  options.scale = scale_of(command.scale);
  options.extras = command.extras;
  options.time_limit = command.time_limit;
  ReadOptions ro = read_options(command.input);
  auto show = [&](const CandidateGrid& grid, const std::string& label) {
    if (grid.solved()) {
      std::cout << label << "already solved\n";
      return true;
    }
    const auto start = std::chrono::steady_clock::now();
    auto step = next_step(grid, options);
    if (!step) {
      std::cout << label
                << (ran_out_of_time(start, command.time_limit)
                        ? "no step found within the time limit (--time-limit " + fixed1(command.time_limit) + " s)\n"
                        : std::string("no technique nonet knows applies\n"));
      return false;
    }
    std::cout << label << hint_text(grid.geometry(), *step, command.level);
    return true;
  };
  // A position is checked, then hinted; false when there is no hint.
  auto hint_position = [&](const CandidateGrid& grid, const std::string& source, int line, const std::string& label) {
    const PositionCheck check = check_position(grid, source, line, command.input, label);
    if (!check.hintable) return false;
    options.assume_unique = check.unique;
    return show(grid, label);
  };
  bool failed = false;
  // Pencil-mark positions: one 729-char (N³) line each, or one pencil-mark grid.
  const int n = ro.variant.size ? ro.variant.size : 9;
  std::size_t line_count = 0;
  bool candidate_lines = true;
  for (const auto& input : inputs) {
    line_count += input.lines.size();
    for (const auto& [number, line] : input.lines)
      candidate_lines &= static_cast<int>(line.size()) == n * n * n || static_cast<int>(line.size()) == 729;
  }
  if (line_count > 0 && candidate_lines) {
    int position = 0;
    for (const auto& input : inputs) {
      for (const auto& [number, line] : input.lines) {
        const std::string label = line_count > 1 ? "#" + std::to_string(++position) + " " : "";
        auto grid = parse_candidates(line, ro.variant);
        if (!grid) {
          std::cerr << Diagnostic{input.source, number, 1,
                                  "not a candidate line: expected N*N groups of N characters, each the digit of "
                                  "its place or '.'"}
                           .to_string()
                    << "\n";
          failed = true;
          continue;
        }
        failed |= !hint_position(*grid, input.source, number, label);
      }
    }
    return failed ? kPuzzleFailed : kOk;
  }
  std::string text;
  for (const auto& input : inputs) text += input.text + "\n";
  if (inputs.size() == 1 && text.find('|') != std::string::npos) {
    auto grid = parse_candidates(text, ro.variant);
    const int first = inputs[0].lines.empty() ? 1 : inputs[0].lines.front().first;
    if (grid) return hint_position(*grid, inputs[0].source, first, "") ? kOk : kPuzzleFailed;
  }
  std::vector<std::vector<Record>> records;
  std::size_t record_count = 0;
  for (const auto& input : inputs) {
    records.push_back(read_all(input.text, ro, input.source));
    record_count += records.back().size();
  }
  std::size_t position = 0;
  for (const auto& file_records : records) {
    for (const Record& r : file_records) {
      const std::string label = record_count > 1 ? "#" + std::to_string(++position) + " " : "";
      if (!r.puzzle) {
        std::cerr << (r.error ? r.error->to_string() : "malformed") << "\n";
        failed = true;
        continue;
      }
      Outcome verdict;
      const SolveStatus status = exact_status(r, command.input, verdict);
      if (!has_solution(status)) {
        std::cerr << verdict.err << "\n";
        std::cout << label << "no hint: " << to_string(status) << "\n";
        failed = true;
        continue;
      }
      options.assume_unique = status == SolveStatus::unique;
      failed |= !show(CandidateGrid(*r.puzzle), label);
    }
  }
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
      "or one pencil-mark grid as HoDoKu prints it (cells separated by spaces, boxes by |).\n"
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
