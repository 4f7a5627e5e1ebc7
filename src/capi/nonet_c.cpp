// The C API (include/nonet/nonet.h) over the public C++ API. Each call reads
// its puzzle, answers, and copies the text into the caller's buffer; errors
// become a code and this thread's message, in the words the CLI uses.
#include "nonet/nonet.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <exception>
#include <new>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analysis/result_json.hpp"
#include "core/contract.hpp"
#include "nonet/analysis.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "nonet/model.hpp"
#include "nonet/version.hpp"

namespace {

using namespace nonet;

thread_local std::string last_error;

// As the CLI: no input keeps a call busy for ever.
constexpr std::uint64_t kMaxNodes = 100'000'000;
constexpr double kDefaultSeconds = 60;

// A failure on its way out of a call: the code and the message.
struct Failure {
  int code;
  std::string message;
};

int fail(int code, std::string message) {
  last_error = std::move(message);
  return code;
}

// Runs a call body, turning Failure and exceptions into codes.
template <typename Body>
int guarded(Body&& body) {
  last_error.clear();
  try {
    return body();
  } catch (const Failure& failure) {
    return fail(failure.code, failure.message);
  } catch (const GeometryError& error) {
    return fail(NONET_EARGUMENT, error.what());
  } catch (const GenerateError& error) {
    return fail(NONET_EGENERATE, error.what());
  } catch (const std::bad_alloc&) {
    return fail(NONET_EINTERNAL, "out of memory");
  } catch (const std::exception& error) {
    return fail(NONET_EINTERNAL, error.what());
  } catch (...) {
    return fail(NONET_EINTERNAL, "unknown error");
  }
}

int copy_out(const std::string& text, char* out, std::size_t out_size, std::size_t* required) {
  const std::size_t needed = text.size() + 1;
  if (required) *required = needed;
  if (!out || out_size < needed)
    return fail(NONET_EBUFFER, "buffer too small: " + std::to_string(needed) + " bytes needed, " +
                                   std::to_string(out ? out_size : 0) + " given");
  std::memcpy(out, text.c_str(), needed);
  return NONET_OK;
}

VariantSpec variant_spec(const char* variant, const char* regions) {
  VariantSpec spec;
  spec.name = variant && *variant ? variant : "classic";
  const auto names = variant_names();
  if (std::find(names.begin(), names.end(), spec.name) == names.end())
    throw Failure{NONET_EARGUMENT, "unknown variant '" + spec.name + "' (expected classic, diagonal, windoku, jigsaw or latin)"};
  if (regions && *regions) spec.regions = parse_region_map(regions);
  if (spec.name == "jigsaw" && spec.regions.empty())
    throw Failure{NONET_EARGUMENT, "variant jigsaw needs a region map"};
  return spec;
}

// A one-line puzzle of 4×4, 6×6 or 9×9 cells and nothing else (the form
// benchmarks and most programs pass): read here without the stream reader's
// set-up. Anything else, a mistake included, goes to the reader, which says
// where it is wrong.
bool read_plain_line(const char* text, const VariantSpec& spec, Record& record) {
  std::size_t length = std::strlen(text);
  while (length > 0 && (text[length - 1] == '\n' || text[length - 1] == '\r')) --length;
  int size = 0;
  for (int n : {4, 6, 9})
    if (length == static_cast<std::size_t>(n * n)) size = n;
  if (size == 0 || (spec.size != 0 && spec.size != size)) return false;
  Grid cells(length);
  for (std::size_t i = 0; i < length; ++i) {
    const int digit = digit_of_char(text[i], size);
    if (digit < 0) return false;
    cells[i] = static_cast<std::uint8_t>(digit);
  }
  record.source = "<string>";
  record.line = 1;
  record.first_column = 1;
  record.row_cells = static_cast<int>(length);
  record.puzzle = Puzzle{make_geometry(spec, size), std::move(cells), ""};
  return true;
}

// The one puzzle of the text, or the reader's positioned message.
Record read_one(const char* puzzle, const VariantSpec& spec) {
  if (!puzzle) throw Failure{NONET_EARGUMENT, "no puzzle (NULL)"};
  Record plain;
  if (read_plain_line(puzzle, spec, plain)) return plain;
  ReadOptions options;
  options.variant = spec;
  std::vector<Record> records = read_all(puzzle, options);
  if (records.empty()) throw Failure{NONET_EMALFORMED, "<string>:1:1: empty input: no puzzle found"};
  Record& first = records.front();
  if (!first.puzzle)
    throw Failure{NONET_EMALFORMED, first.error ? first.error->to_string() : "<string>:1:1: not a puzzle"};
  if (records.size() > 1)
    throw Failure{NONET_EARGUMENT, std::to_string(records.size()) + " puzzles in the text, one expected"};
  return std::move(first);
}

[[noreturn]] void throw_invalid(const Record& record, const std::string& reason) {
  const Geometry& geometry = *record.puzzle->geometry;
  const auto conflict = find_conflict(geometry, record.puzzle->cells);
  throw Failure{NONET_EINVALID, conflict ? record.at_cell(conflict->second_cell, describe(geometry, *conflict)).to_string()
                                         : Diagnostic{record.source, record.line, 1, reason}.to_string()};
}

// The exact search's answer, or the failure the CLI would report for it. The
// result is this thread's, reused call after call (no allocation per call).
const SolveResult& exact(const Record& record, std::uint64_t count_limit, bool keep_solution) {
  NONET_EXPECTS(record.puzzle.has_value());  // read_one's record always holds one
  SolveOptions options;
  options.count_limit = count_limit;
  options.keep = keep_solution ? 1 : 0;
  options.max_nodes = kMaxNodes;
  thread_local SolveResult result;
  solve_into(*record.puzzle, options, result);
  switch (result.status) {
    case SolveStatus::invalid: throw_invalid(record, result.reason);
    case SolveStatus::gave_up:
      throw Failure{NONET_EGAVEUP, Diagnostic{record.source, record.line, 1,
                                              "gave up after " + std::to_string(result.nodes - 1) + " search nodes"}
                                       .to_string()};
    default: return result;
  }
}

[[noreturn]] void no_solution(const Record& record) {
  throw Failure{NONET_ENOSOLUTION, Diagnostic{record.source, record.line, 1, "no solution"}.to_string()};
}

Scale scale_of(const char* scale) {
  if (!scale || !*scale || std::strcmp(scale, "se") == 0) return Scale::se;
  if (std::strcmp(scale, "sukaku") == 0) return Scale::sukaku;
  throw Failure{NONET_EARGUMENT, std::string("unknown scale '") + scale + "' (expected se or sukaku)"};
}

bool is_candidate_text(const std::string& text, int size) {
  if (text.find('|') != std::string::npos) return true;
  std::size_t marks = 0;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) ++marks;
  const std::size_t n = static_cast<std::size_t>(size);
  return marks == 729 || marks == n * n * n;
}

nonet_options default_options() {
  nonet_options options{};
  options.time_limit = kDefaultSeconds;
  options.max_nodes = kMaxNodes;
  return options;
}

// A call's options as the library takes them.
struct CallOptions {
  VariantSpec spec;
  AnalysisOptions analysis;
};

void check_seconds(double seconds, const char* name) {
  if (std::isnan(seconds) || seconds < 0)
    throw Failure{NONET_EARGUMENT, std::string(name) + " must be a number of seconds, 0 or more"};
}

CallOptions call_options(const nonet_options* options) {
  if (!options) throw Failure{NONET_EARGUMENT, "options is NULL"};
  check_seconds(options->time_limit, "time_limit");
  if (std::isnan(options->max_rating) || options->max_rating < 0)
    throw Failure{NONET_EARGUMENT, "max_rating must be 0 or more"};
  CallOptions out{variant_spec(options->variant, options->regions), {}};
  out.analysis.scale = scale_of(options->scale);
  out.analysis.max_rating = options->max_rating;
  out.analysis.extras = options->extras != 0;
  out.analysis.limits.time_limit = options->time_limit;
  out.analysis.limits.max_nodes = options->max_nodes;
  return out;
}

// A puzzle or, for a hint, a pencil-mark position, with the record that
// names it in messages.
struct Start {
  Record record;
  Position position;
};

Start read_start(const char* puzzle, const VariantSpec& spec, bool marks_allowed) {
  if (!puzzle) throw Failure{NONET_EARGUMENT, "no puzzle (NULL)"};
  if (marks_allowed && is_candidate_text(puzzle, spec.size ? spec.size : 9)) {
    auto grid = parse_candidates(puzzle, spec);
    if (!grid)
      throw Failure{NONET_EMALFORMED, "<string>:1:1: not a candidate grid: expected N*N groups of N characters, "
                                      "each the digit of its place or '.'"};
    Record record;
    record.source = "<string>";
    record.line = 1;
    record.puzzle = Puzzle{grid->geometry_ptr(), grid->values(), ""};
    Position position{*record.puzzle, std::move(*grid)};
    return Start{std::move(record), std::move(position)};
  }
  Record record = read_one(puzzle, spec);
  Position position{*record.puzzle, std::nullopt};
  return Start{std::move(record), std::move(position)};
}

// The failure an analysis ends in, in the CLI's words, where it is one.
void raise_stop(const Start& start, const Analysis& analysis, Task task) {
  if (!is_failure(analysis.stop, task)) return;
  const Record& record = start.record;
  const auto at = [&](const std::string& reason) { return Diagnostic{record.source, record.line, 1, reason}.to_string(); };
  switch (analysis.stop) {
    case Stop::invalid: throw_invalid(record, analysis.message);
    case Stop::no_solution: no_solution(record);
    case Stop::contradiction: throw Failure{NONET_ENOSOLUTION, at("no solution: " + analysis.message)};
    case Stop::gave_up: throw Failure{NONET_EGAVEUP, at(analysis.message)};
    case Stop::multiple: throw Failure{NONET_EMULTIPLE, at(analysis.message)};
    default: throw Failure{NONET_ENOHINT, analysis.message};
  }
}

int rate_call(const char* puzzle, const nonet_options* options, nonet_rating* rating) {
  if (!rating) throw Failure{NONET_EARGUMENT, "rating is NULL"};
  const CallOptions call = call_options(options);
  const Start start = read_start(puzzle, call.spec, false);
  const Analysis result = Session(call.analysis).rate(start.position);
  raise_stop(start, result, Task::rate);
  const Rating& r = result.rating;
  rating->er = r.er;
  rating->ep = r.ep;
  rating->ed = r.ed;
  rating->solved = r.solved ? 1 : 0;
  const std::size_t n = std::min(r.hardest.size(), sizeof rating->hardest - 1);
  std::memcpy(rating->hardest, r.hardest.data(), n);
  rating->hardest[n] = '\0';
  return NONET_OK;
}

int hint_call(const char* puzzle, const nonet_options* options, int level, int json, char* out, size_t out_size,
              size_t* required) {
  if (level < 1 || level > 3)
    throw Failure{NONET_EARGUMENT, "hint level " + std::to_string(level) + " (expected 1, 2 or 3)"};
  CallOptions call = call_options(options);
  call.analysis.extras = true;  // as `nonet hint`
  call.analysis.max_rating = 0;
  const Start start = read_start(puzzle, call.spec, true);
  Analysis answer = Session(call.analysis).hint(start.position);
  if (answer.stop == Stop::solved) throw Failure{NONET_ENOHINT, "already solved"};
  const Geometry& geometry = *start.record.puzzle->geometry;
  answer.message += reveal_text(geometry, answer, level);  // no step: the cell to reveal, as `nonet hint`
  raise_stop(start, answer, Task::hint);
  const Step& step = answer.steps.front();
  const std::string text = json ? encode::dump(encode::hint(geometry, step, level)) : hint_text(geometry, step, level);
  return copy_out(text, out, out_size, required);
}

}  // namespace

extern "C" {

const char* nonet_version(void) { return nonet::version(); }

const char* nonet_last_error(void) { return last_error.c_str(); }

int nonet_solve(const char* puzzle, const char* variant, const char* regions, char* out, size_t out_size,
                size_t* required, int* verdict) {
  return guarded([&] {
    const Record record = read_one(puzzle, variant_spec(variant, regions));
    const SolveResult& result = exact(record, 2, true);
    if (result.solutions.empty()) no_solution(record);
    if (verdict) *verdict = result.status == SolveStatus::unique ? NONET_UNIQUE : NONET_MULTIPLE;
    return copy_out(to_line(*record.puzzle->geometry, result.solutions.front()), out, out_size, required);
  });
}

int nonet_count(const char* puzzle, const char* variant, const char* regions, uint64_t limit, uint64_t* count) {
  return guarded([&] {
    if (!count) throw Failure{NONET_EARGUMENT, "count is NULL"};
    const Record record = read_one(puzzle, variant_spec(variant, regions));
    *count = exact(record, limit ? limit : 2, false).count;
    return NONET_OK;
  });
}

int nonet_check(const char* puzzle, const char* variant, const char* regions, int* verdict) {
  return guarded([&] {
    if (!verdict) throw Failure{NONET_EARGUMENT, "verdict is NULL"};
    const Record record = read_one(puzzle, variant_spec(variant, regions));
    const SolveResult& result = exact(record, 2, false);
    if (result.count == 0) no_solution(record);
    *verdict = result.status == SolveStatus::unique ? NONET_UNIQUE : NONET_MULTIPLE;
    return NONET_OK;
  });
}

void nonet_options_init(nonet_options* options) {
  if (options) *options = default_options();
}

int nonet_rate(const char* puzzle, const char* variant, const char* regions, const char* scale, nonet_rating* rating) {
  return guarded([&] {
    nonet_options options = default_options();
    options.variant = variant;
    options.regions = regions;
    options.scale = scale;
    return rate_call(puzzle, &options, rating);
  });
}

int nonet_rate_with(const char* puzzle, const nonet_options* options, nonet_rating* rating) {
  return guarded([&] { return rate_call(puzzle, options, rating); });
}

int nonet_hint(const char* puzzle, const char* variant, const char* regions, int level, int json, char* out,
               size_t out_size, size_t* required) {
  return guarded([&] {
    nonet_options options = default_options();
    options.variant = variant;
    options.regions = regions;
    return hint_call(puzzle, &options, level, json, out, out_size, required);
  });
}

int nonet_hint_with(const char* puzzle, const nonet_options* options, int level, int json, char* out,
                    size_t out_size, size_t* required) {
  return guarded([&] { return hint_call(puzzle, options, level, json, out, out_size, required); });
}

int nonet_explain(const char* puzzle, const nonet_options* options, int json, char* out, size_t out_size,
                  size_t* required) {
  return guarded([&] {
    const CallOptions call = call_options(options);
    const Start start = read_start(puzzle, call.spec, false);
    const Analysis result = Session(call.analysis).explain(start.position);
    raise_stop(start, result, Task::explain);
    const Geometry& geometry = *start.record.puzzle->geometry;
    if (json) return copy_out(encode::dump(encode::explanation(geometry, result)), out, out_size, required);
    std::string text;
    int number = 0;
    for (const Step& step : result.steps) {
      text += std::to_string(++number) + ". " + to_text(geometry, step) + "\n";
      for (const auto& chain : step.chains) text += "     " + chain + "\n";
    }
    if (result.stop == Stop::solved)
      text += "Solved in " + std::to_string(result.steps.size()) + " steps: ER " + one_decimal(result.rating.er) +
              ", hardest " + result.rating.hardest + "\n" + to_line(geometry, result.final_state->values()) + "\n";
    else
      text += "stopped: " + result.message + "\n" + result.final_state->to_pencil_marks();
    return copy_out(text, out, out_size, required);
  });
}

int nonet_candidates(const char* puzzle, const char* variant, const char* regions, char* out, size_t out_size,
                     size_t* required) {
  return guarded([&] {
    const Record record = read_one(puzzle, variant_spec(variant, regions));
    return copy_out(CandidateGrid(*record.puzzle).to_candidate_string(), out, out_size, required);
  });
}

void nonet_generate_init(nonet_generate_options* options) {
  if (!options) return;
  *options = nonet_generate_options{};
  options->size = 0;
  options->time_limit = kDefaultSeconds;
}

int nonet_generate(const nonet_generate_options* options, char* out, size_t out_size, size_t* required) {
  return guarded([&] {
    if (!options) throw Failure{NONET_EARGUMENT, "options is NULL"};
    const VariantSpec spec = variant_spec(options->variant, options->regions);
    int size = options->size ? options->size : (spec.regions.empty() ? 9 : 0);
    if (size == 0) {
      // A jigsaw's size comes from its region map.
      for (size = 1; size * size < static_cast<int>(spec.regions.size());) ++size;
    }
    if (size < 2 || size > kMaxSize) throw Failure{NONET_EARGUMENT, "size " + std::to_string(size) + " out of range"};
    const auto geometry = make_geometry(spec, size);
    GenerateOptions generate;
    if (options->symmetry && *options->symmetry) {
      const auto symmetry = parse_symmetry(options->symmetry);
      if (!symmetry)
        throw Failure{NONET_EARGUMENT, std::string("unknown symmetry '") + options->symmetry + "'"};
      generate.symmetry = *symmetry;
    }
    if (options->level && *options->level) {
      const auto level = find_level(options->level);
      if (!level) throw Failure{NONET_EARGUMENT, std::string("unknown level '") + options->level + "'"};
      generate.rating = level->range;
    } else if (options->max_rating > 0) {
      if (options->min_rating > options->max_rating)
        throw Failure{NONET_EARGUMENT, "rating range: minimum above maximum"};
      generate.rating = RatingRange{options->min_rating, options->max_rating};
    }
    check_seconds(options->time_limit, "time_limit");
    generate.time_limit = options->time_limit;
    generate.rater = se_rater(options->time_limit);
    // As `nonet generate` in line format: the same puzzles for the same seed.
    generate.exact_rating = false;
    const Generator generator(geometry, generate);
    GeneratedPuzzle made;
    try {
      made = generator.puzzle(options->seed, options->index);
    } catch (const GenerateTimeout&) {
      throw Failure{NONET_EGAVEUP, "no puzzle within the time limit (" + one_decimal(options->time_limit) + " s)"};
    }
    return copy_out(to_line(*geometry, made.puzzle.cells), out, out_size, required);
  });
}

}  // extern "C"
