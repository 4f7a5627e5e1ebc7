// The C API (include/nonet/nonet.h) over the public C++ API. Each call reads
// its puzzle, answers, and copies the text into the caller's buffer; errors
// become a code and this thread's message, in the words the CLI uses.
#include "nonet/nonet.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <exception>
#include <new>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/contract.hpp"
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
constexpr double kHintSeconds = 60;

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
    throw Failure{NONET_EARGUMENT, "unknown variant '" + spec.name + "' (expected classic, diagonal, windoku or jigsaw)"};
  if (regions && *regions) spec.regions = parse_region_map(regions);
  if (spec.name == "jigsaw" && spec.regions.empty())
    throw Failure{NONET_EARGUMENT, "variant jigsaw needs a region map"};
  return spec;
}

// The one puzzle of the text, or the reader's positioned message.
Record read_one(const char* puzzle, const VariantSpec& spec) {
  if (!puzzle) throw Failure{NONET_EARGUMENT, "no puzzle (NULL)"};
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

// The exact search's answer, or the failure the CLI would report for it.
SolveResult exact(const Record& record, std::uint64_t count_limit, bool keep_solution) {
  NONET_EXPECTS(record.puzzle.has_value());  // read_one's record, or a position's, always holds one
  SolveOptions options;
  options.count_limit = count_limit;
  options.keep = keep_solution ? 1 : 0;
  options.max_nodes = kMaxNodes;
  SolveResult result = solve(*record.puzzle, options);
  switch (result.status) {
    case SolveStatus::invalid: {
      const Geometry& geometry = *record.puzzle->geometry;
      const auto conflict = find_conflict(geometry, record.puzzle->cells);
      throw Failure{NONET_EINVALID, conflict ? record.at_cell(conflict->second_cell, describe(geometry, *conflict)).to_string()
                                             : Diagnostic{record.source, record.line, 1, result.reason}.to_string()};
    }
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

std::string hint_answer(const Geometry& geometry, const Step& step, int level, bool as_json) {
  NONET_EXPECTS(level >= 1 && level <= 3);  // nonet_hint refuses any other level
  std::string text = hint_text(geometry, step, level);
  if (!as_json) return text;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  nlohmann::ordered_json houses = nlohmann::ordered_json::array();
  for (int h : step.houses) houses.push_back(house_name(geometry.houses()[h]));
  nlohmann::ordered_json out{{"status", "hint"}, {"level", level}, {"text", text}, {"technique", step.technique}, {"houses", houses}};
  if (level >= 2) {
    nlohmann::ordered_json cells = nlohmann::ordered_json::array();
    for (int c : step.cells) cells.push_back(geometry.cell_name(c));
    out["cells"] = cells;
  }
  if (level >= 3) out["step"] = nlohmann::ordered_json::parse(to_json(geometry, step));
  return out.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace

extern "C" {

const char* nonet_version(void) { return nonet::version(); }

const char* nonet_last_error(void) { return last_error.c_str(); }

int nonet_solve(const char* puzzle, const char* variant, const char* regions, char* out, size_t out_size,
                size_t* required, int* verdict) {
  return guarded([&] {
    const Record record = read_one(puzzle, variant_spec(variant, regions));
    const SolveResult result = exact(record, 2, true);
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
    const SolveResult result = exact(record, 2, false);
    if (result.count == 0) no_solution(record);
    *verdict = result.status == SolveStatus::unique ? NONET_UNIQUE : NONET_MULTIPLE;
    return NONET_OK;
  });
}

int nonet_rate(const char* puzzle, const char* variant, const char* regions, const char* scale, nonet_rating* rating) {
  return guarded([&] {
    if (!rating) throw Failure{NONET_EARGUMENT, "rating is NULL"};
    const Scale on = scale_of(scale);
    const Record record = read_one(puzzle, variant_spec(variant, regions));
    const SolveResult result = exact(record, 2, false);
    if (result.count == 0) no_solution(record);
    if (result.status != SolveStatus::unique)
      throw Failure{NONET_EMULTIPLE,
                    Diagnostic{record.source, record.line, 1, "more than one solution: not rated"}.to_string()};
    const Rating r = rate(*record.puzzle, on);
    rating->er = r.er;
    rating->ep = r.ep;
    rating->ed = r.ed;
    rating->solved = r.solved ? 1 : 0;
    const std::size_t n = std::min(r.hardest.size(), sizeof rating->hardest - 1);
    std::memcpy(rating->hardest, r.hardest.data(), n);
    rating->hardest[n] = '\0';
    return NONET_OK;
  });
}

int nonet_hint(const char* puzzle, const char* variant, const char* regions, int level, int json, char* out,
               size_t out_size, size_t* required) {
  return guarded([&] {
    if (level < 1 || level > 3)
      throw Failure{NONET_EARGUMENT, "hint level " + std::to_string(level) + " (expected 1, 2 or 3)"};
    if (!puzzle) throw Failure{NONET_EARGUMENT, "no puzzle (NULL)"};
    const VariantSpec spec = variant_spec(variant, regions);
    LogicOptions options;
    options.extras = true;
    options.time_limit = kHintSeconds;
    std::optional<CandidateGrid> grid;
    const std::string text = puzzle;
    if (is_candidate_text(text, spec.size ? spec.size : 9)) {
      // A pencil-mark position: checked by the exact search over its marks.
      grid = parse_candidates(text, spec);
      if (!grid)
        throw Failure{NONET_EMALFORMED, "<string>:1:1: not a candidate grid: expected N*N groups of N characters, "
                                        "each the digit of its place or '.'"};
      Record record;
      record.source = "<string>";
      record.line = 1;
      record.puzzle = Puzzle{grid->geometry_ptr(), grid->values(), ""};
      SolveOptions check;
      check.max_nodes = kMaxNodes;
      check.keep = 0;
      check.candidates.resize(grid->values().size());
      for (int cell = 0; cell < grid->geometry().cell_count(); ++cell)
        check.candidates[cell] = grid->value(cell) ? digit_bit(grid->value(cell)) : grid->candidates(cell);
      const SolveResult result = solve(*record.puzzle, check);
      if (result.status == SolveStatus::invalid || result.status == SolveStatus::gave_up) exact(record, 2, false);
      if (result.count == 0)
        throw Failure{NONET_ENOSOLUTION,
                      "<string>:1:1: no solution: no grid fits these pencil marks (a digit is wrong or a needed "
                      "candidate is gone)"};
      options.assume_unique = result.status == SolveStatus::unique;
    } else {
      const Record record = read_one(puzzle, spec);
      const SolveResult result = exact(record, 2, false);
      if (result.count == 0) no_solution(record);
      options.assume_unique = result.status == SolveStatus::unique;
      grid.emplace(*record.puzzle);
    }
    if (grid->solved()) throw Failure{NONET_ENOHINT, "already solved"};
    const auto step = next_step(*grid, options);
    if (!step) throw Failure{NONET_ENOHINT, "no technique nonet knows applies (or none found within the time limit)"};
    return copy_out(hint_answer(grid->geometry(), *step, level, json != 0), out, out_size, required);
  });
}

void nonet_generate_init(nonet_generate_options* options) {
  if (!options) return;
  *options = nonet_generate_options{};
  options->size = 0;
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
    if (generate.rating)
      generate.rater = [](const Puzzle& puzzle, double max_rating) { return rate(puzzle, Scale::se, max_rating); };
    // As `nonet generate` in line format: the same puzzles for the same seed.
    generate.exact_rating = false;
    const Generator generator(geometry, generate);
    const GeneratedPuzzle made = generator.puzzle(options->seed, options->index);
    return copy_out(to_line(*geometry, made.puzzle.cells), out, out_size, required);
  });
}

}  // extern "C"
