// The endpoints of docs/api.md over the public library: a position is read
// the way the CLI reads puzzles (same messages, lines and columns), and each
// answer is built from the library's results (Step JSON from to_json).
#include "web/api.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>

#include "analysis/result_json.hpp"
#include "core/contract.hpp"
#include "format/puzzle_json.hpp"
#include "nonet/analysis.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"
#include "nonet/logic.hpp"
#include "nonet/render.hpp"
#include "nonet/version.hpp"

namespace nonet::web {

namespace {

using json = nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

const std::string kSource = "<request>";

// A request that cannot be answered: its 400 (or other) body.
struct BadRequest {
  int status;
  json body;
};

[[noreturn]] void reject(const std::string& message, int status = 400) {
  throw BadRequest{status, json{{"error", message}}};
}

[[noreturn]] void reject_malformed(const Diagnostic& where) {
  throw BadRequest{400, json{{"status", "malformed"},
                             {"error", where.to_string()},
                             {"reason", where.reason},
                             {"line", where.line},
                             {"column", where.column}}};
}

// ---- Request fields ---------------------------------------------------------

template <typename T>
std::optional<T> field(const nlohmann::json& request, const char* name) {
  const auto it = request.find(name);
  if (it == request.end() || it->is_null()) return std::nullopt;
  try {
    return it->get<T>();
  } catch (const nlohmann::json::exception&) {
    reject(std::string("field '") + name + "' has the wrong type");
  }
}

std::string string_field(const nlohmann::json& request, const char* name, std::string fallback = "") {
  return field<std::string>(request, name).value_or(std::move(fallback));
}

bool flag(const nlohmann::json& request, const char* name) { return field<bool>(request, name).value_or(false); }

// An integer field within [low, high].
std::int64_t whole(const nlohmann::json& request, const char* name, std::int64_t fallback, std::int64_t low,
                   std::int64_t high) {
  NONET_EXPECTS(low <= high);
  const auto it = request.find(name);
  if (it == request.end() || it->is_null()) return fallback;
  if (!it->is_number_integer())
    reject(std::string("field '") + name + "' must be a whole number");
  const auto value = it->get<std::int64_t>();
  if (value < low || value > high)
    reject(std::string("field '") + name + "' must be from " + std::to_string(low) + " to " + std::to_string(high));
  return value;
}

// The seconds an engine call may take: the request's time_limit, or the default.
double time_limit(const nlohmann::json& request, const ApiLimits& limits) {
  const auto it = request.find("time_limit");
  if (it == request.end() || it->is_null()) return limits.time_limit;
  if (!it->is_number() || !(it->get<double>() > 0) || it->get<double>() > limits.max_time_limit) {
    char text[128];
    std::snprintf(text, sizeof text, "field 'time_limit' must be a number of seconds above 0, at most %g",
                  limits.max_time_limit);
    reject(text);
  }
  return it->get<double>();
}

// A seed as a number or a decimal string: JavaScript holds whole numbers
// exactly only up to 2^53, so a page may send a larger one as text.
std::optional<std::uint64_t> seed_field(const nlohmann::json& request) {
  const auto it = request.find("seed");
  if (it == request.end() || it->is_null()) return std::nullopt;
  const auto bad = [] { reject("field 'seed' must be a whole number from 0 to 2^64-1 (a number or a string of digits)"); };
  if (it->is_number_unsigned()) return it->get<std::uint64_t>();
  if (it->is_number_integer()) {
    if (it->get<std::int64_t>() < 0) bad();
    return it->get<std::uint64_t>();
  }
  if (!it->is_string()) bad();
  const std::string text = it->get<std::string>();
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) bad();
  return value;
}

// A random seed below 2^53, so that a page's JavaScript holds it exactly.
std::uint64_t random_seed() {
  std::random_device device;
  return ((std::uint64_t{device()} << 32) ^ device()) & ((std::uint64_t{1} << 53) - 1);
}

Scale scale_field(const nlohmann::json& request) {
  const std::string name = string_field(request, "scale", "se");
  if (name == "se") return Scale::se;
  if (name == "sukaku") return Scale::sukaku;
  reject("field 'scale' must be se or sukaku, not '" + name + "'");
}

// ---- Positions --------------------------------------------------------------

VariantSpec variant_of(const nlohmann::json& request) {
  VariantSpec spec;
  spec.name = string_field(request, "variant", "classic");
  const auto names = variant_names();
  if (std::find(names.begin(), names.end(), spec.name) == names.end())
    reject("unknown variant '" + spec.name + "' (expected classic, diagonal, windoku, jigsaw or latin)");
  spec.size = static_cast<int>(whole(request, "size", 0, 0, kMaxSize));
  const std::string regions = string_field(request, "regions");
  if (!regions.empty()) {
    if (spec.name != "jigsaw") reject("field 'regions' is for the jigsaw variant only");
    try {
      spec.regions = parse_region_map(regions);
    } catch (const GeometryError& error) {
      reject(std::string("regions: ") + error.what());
    }
  } else if (spec.name == "jigsaw") {
    reject("the jigsaw variant needs 'regions': N×N region labels");
  }
  return spec;
}

std::shared_ptr<const Geometry> geometry_of(const VariantSpec& spec, int size) {
  try {
    return make_geometry(spec, size);
  } catch (const GeometryError& error) {
    reject(error.what());
  }
}

// The size a spec stands for when no puzzle gives one: its own, the region
// map's, or 9.
int default_size(const VariantSpec& spec) {
  if (spec.size) return spec.size;
  if (!spec.regions.empty()) return static_cast<int>(std::lround(std::sqrt(static_cast<double>(spec.regions.size()))));
  return 9;
}

struct Position {
  Puzzle puzzle;                // the givens
  Grid board;                   // givens and the player's entries
  std::vector<Mask> marks;      // the player's pencil marks, 0: none written
  std::size_t records = 1;      // puzzles the text held
  bool pencil_text = false;     // the text was pencil marks (a candidate line or grid)
  std::vector<Mask> text_marks;  // … and these are they
  const Geometry& geometry() const { return *puzzle.geometry; }
};

// One line of N×N cells of the geometry, as `values` is written.
Grid read_cells(const std::string& text, const Geometry& geometry, const char* name) {
  const int n = geometry.size();
  if (static_cast<int>(text.size()) != geometry.cell_count())
    reject(std::string("field '") + name + "' has " + std::to_string(text.size()) + " cells, expected " +
           std::to_string(geometry.cell_count()));
  Grid cells(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int digit = digit_of_char(text[i], n);
    if (digit < 0)
      reject(std::string("field '") + name + "': '" + text[i] + "' at " + geometry.cell_name(static_cast<int>(i)) +
             " is not a digit of a " + std::to_string(n) + "x" + std::to_string(n) + " puzzle");
    cells[i] = static_cast<std::uint8_t>(digit);
  }
  return cells;
}

std::vector<Mask> read_marks(const nlohmann::json& request, const Geometry& geometry) {
  std::vector<Mask> marks(geometry.cell_count(), 0);
  const auto it = request.find("candidates");
  if (it == request.end() || it->is_null()) return marks;
  if (!it->is_array() || static_cast<int>(it->size()) != geometry.cell_count())
    reject("field 'candidates' must be an array of " + std::to_string(geometry.cell_count()) +
           " strings, one per cell");
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    const auto& entry = (*it)[cell];
    if (!entry.is_string()) reject("field 'candidates': the entry of " + geometry.cell_name(cell) + " is not a string");
    for (char c : entry.get<std::string>()) {
      const int digit = digit_of_char(c, geometry.size());
      if (digit <= 0)
        reject("field 'candidates': '" + std::string(1, c) + "' in " + geometry.cell_name(cell) + " is not a digit");
      marks[cell] |= digit_bit(digit);
    }
  }
  return marks;
}

Position read_position(const nlohmann::json& request) {
  const VariantSpec spec = variant_of(request);
  Position position;
  const auto text = field<std::string>(request, "text");
  const auto line = field<std::string>(request, "puzzle");
  if (!text && !line) reject("a position needs 'puzzle' (one line of cells) or 'text'");
  const std::string& input = text ? *text : *line;
  if (!text && input.empty()) {
    // The empty board of the spec's size.
    auto geometry = geometry_of(spec, default_size(spec));
    position.puzzle = Puzzle{geometry, Grid(geometry->cell_count(), 0), ""};
  } else {
    ReadOptions options;
    options.variant = spec;
    const auto records = read_all(input, options, kSource);
    const Record& first = records.front();
    if (!first.puzzle) reject_malformed(first.error ? *first.error : Diagnostic{kSource, 1, 1, "not a puzzle"});
    position.puzzle = *first.puzzle;
    position.records = records.size();
    position.pencil_text = !first.candidates.empty();
    position.text_marks = first.candidates;
  }
  const Geometry& geometry = position.geometry();
  position.board = position.puzzle.cells;
  if (const auto values = field<std::string>(request, "values"); values && !values->empty()) {
    const Grid entries = read_cells(*values, geometry, "values");
    for (int cell = 0; cell < geometry.cell_count(); ++cell) {
      if (!entries[cell]) continue;
      const int given = position.puzzle.cells[cell];
      if (given && given != entries[cell])
        reject("field 'values': " + geometry.cell_name(cell) + " holds the given " + digit_char(given) + ", not " +
               digit_char(entries[cell]));
      position.board[cell] = entries[cell];
    }
  }
  position.marks = read_marks(request, geometry);
  // Marks given in the text stand where the request gives none of its own.
  if (position.pencil_text && std::none_of(position.marks.begin(), position.marks.end(), [](Mask m) { return m != 0; }))
    for (int cell = 0; cell < geometry.cell_count(); ++cell)
      if (!position.board[cell]) position.marks[cell] = position.text_marks[cell];
  return position;
}

// The player's pencil-mark state: each open cell's written marks (or every
// digit where none are written), less what the placed digits rule out.
CandidateGrid candidate_grid(const Position& position) {
  const Geometry& geometry = position.geometry();
  // read_position's board and marks: one entry per cell.
  NONET_EXPECTS(position.board.size() == static_cast<std::size_t>(geometry.cell_count()));
  NONET_EXPECTS(position.marks.size() == position.board.size());
  std::vector<Mask> candidates(geometry.cell_count(), all_digits(geometry.size()));
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    if (position.marks[cell]) candidates[cell] = position.marks[cell];
    for (int peer : geometry.peers_of(cell))
      if (position.board[peer]) candidates[cell] &= ~digit_bit(position.board[peer]);
  }
  return CandidateGrid(position.puzzle.geometry, position.board, std::move(candidates));
}

// ---- Answers ----------------------------------------------------------------

std::string line_of(const Geometry& geometry, const Grid& cells) { return to_line(geometry, cells); }

const char* kind_name(HouseKind kind) {
  switch (kind) {
    case HouseKind::row: return "row";
    case HouseKind::column: return "column";
    case HouseKind::box: return "box";
    case HouseKind::diagonal: return "diagonal";
    case HouseKind::anti_diagonal: return "anti-diagonal";
    case HouseKind::window: return "window";
    case HouseKind::region: return "region";
    case HouseKind::extra_region: return "extra-region";
    case HouseKind::disjoint_group: return "disjoint-group";
  }
  return "house";
}

json geometry_json(const Geometry& geometry) {
  json houses = json::array();
  for (const House& house : geometry.houses())
    houses.push_back({{"name", house_name(house)}, {"kind", kind_name(house.kind)}, {"cells", house.cells}});
  return json{{"variant", geometry.variant()},
              {"size", geometry.size()},
              {"box_rows", geometry.box_rows()},
              {"box_columns", geometry.box_columns()},
              {"diagonals", geometry.has_diagonals()},
              {"regions", geometry.regions()},
              {"houses", std::move(houses)}};
}

json conflicts_json(const Geometry& geometry, const Grid& board) {
  json out = json::array();
  for (const Conflict& c : find_conflicts(geometry, board))
    out.push_back({{"digit", c.digit},
                   {"house", house_name(geometry.houses()[c.house])},
                   {"cells", {c.first_cell, c.second_cell}}});
  return out;
}

bool past(Clock::time_point start, double seconds) {
  return std::chrono::duration<double>(Clock::now() - start).count() >= seconds;
}


// Settled verdicts on the givens of recent puzzles. A player's page asks
// for a check or a hint again and again on the same puzzle, and some variant
// puzzles take seconds to prove: each is searched once. Few entries, the
// oldest dropped first; a verdict that gave up is searched again.
class VerdictCache {
 public:
  std::optional<SolveResult> find(const std::string& key) {
    const std::lock_guard lock(mutex_);
    for (const auto& [known, result] : entries_)
      if (known == key) return result;
    return std::nullopt;
  }
  void add(std::string key, const SolveResult& result) {
    const std::lock_guard lock(mutex_);
    if (entries_.size() >= kEntries) entries_.erase(entries_.begin());
    entries_.emplace_back(std::move(key), result);
  }

 private:
  static constexpr std::size_t kEntries = 32;
  std::mutex mutex_;
  std::vector<std::pair<std::string, SolveResult>> entries_;
};

// The exact verdict on the givens, within the time limit.
SolveResult verdict(const Puzzle& puzzle, double seconds, std::uint64_t count_limit = 2) {
  static VerdictCache cache;
  std::string key = to_json(puzzle);
  key += '#';
  key += std::to_string(count_limit);
  if (auto known = cache.find(key)) return std::move(*known);
  SolveOptions options;
  options.count_limit = count_limit;
  options.time_limit = seconds;
  SolveResult result = solve(puzzle, options);
  if (result.status != SolveStatus::gave_up) cache.add(std::move(key), result);
  return result;
}

bool has_solution(SolveStatus status) { return status == SolveStatus::unique || status == SolveStatus::multiple; }

// The answer for a puzzle whose givens have no usable solution.
json verdict_json(const SolveResult& result) {
  json out{{"status", to_string(result.status)}};
  if (!result.reason.empty()) out["reason"] = result.reason;
  return out;
}

// Entries that differ from the solution, and written marks that leave it out.
struct Mistakes {
  std::vector<int> entries, marks;
  bool any() const { return !entries.empty() || !marks.empty(); }
};

Mistakes mistakes_of(const Position& position, const Grid& solution) {
  NONET_EXPECTS(solution.size() == static_cast<std::size_t>(position.geometry().cell_count()));
  Mistakes found;
  for (int cell = 0; cell < position.geometry().cell_count(); ++cell) {
    if (position.puzzle.cells[cell]) continue;
    if (position.board[cell] && position.board[cell] != solution[cell]) found.entries.push_back(cell);
    if (!position.board[cell] && position.marks[cell] && !(position.marks[cell] & digit_bit(solution[cell])))
      found.marks.push_back(cell);
  }
  return found;
}

// ---- Endpoints --------------------------------------------------------------

json info(const nlohmann::json&, const ApiLimits& limits) {
  std::vector<int> sizes;
  for (int n = 4; n <= 25; ++n)
    if (Geometry::box_shape(n)) sizes.push_back(n);
  json levels = json::array();
  for (const DifficultyLevel& level : difficulty_levels())
    levels.push_back({{"name", level.name}, {"min", level.range.min}, {"max", level.range.max},
                      {"techniques", level.techniques}});
  json ladder = json::array();
  for (const TechniqueInfo& t : techniques(Scale::se, true)) ladder.push_back({{"name", t.name}, {"rating", t.rating}});
  return json{{"name", "nonet"},
              {"version", nonet::version()},
              {"variants", variant_names()},
              {"sizes", sizes},
              {"symmetries", symmetry_names()},
              {"levels", levels},
              {"scales", {"se", "sukaku"}},
              {"techniques", ladder},
              {"limits",
               {{"body_bytes", limits.body_bytes},
                {"time_limit", limits.time_limit},
                {"max_time_limit", limits.max_time_limit},
                {"max_generate", limits.max_generate},
                {"max_count", limits.max_count},
                {"workers", limits.workers}}}};
}

// A pencil-mark grid or candidate line (`nonet hint` reads them, and the
// page exports them): its placed digits as the puzzle, its marks as candidates.
std::optional<json> parse_pencil_marks(const nlohmann::json& request) {
  const auto text = field<std::string>(request, "text");
  if (!text) return std::nullopt;
  const auto grid = parse_candidates(*text, variant_of(request));
  if (!grid) return std::nullopt;
  const Geometry& geometry = grid->geometry();
  json candidates = json::array();
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    std::string marks;
    for (int d = 1; d <= geometry.size(); ++d)
      if (!grid->value(cell) && grid->has(cell, d)) marks += digit_char(d);
    candidates.push_back(marks);
  }
  json out{{"status", "ok"},
           {"variant", geometry.variant()},
           {"size", geometry.size()},
           {"puzzle", line_of(geometry, grid->values())},
           {"givens", std::count_if(grid->values().begin(), grid->values().end(), [](std::uint8_t v) { return v != 0; })},
           {"records", 1},
           {"comment", ""},
           {"candidates", std::move(candidates)}};
  if (geometry.variant() == "jigsaw") out["regions"] = to_region_line(geometry);
  out["geometry"] = geometry_json(geometry);
  return out;
}

json parse(const nlohmann::json& request, const ApiLimits&) {
  std::optional<Position> read;
  try {
    read = read_position(request);
  } catch (const BadRequest&) {
    if (auto marks = parse_pencil_marks(request)) return *marks;
    throw;
  }
  if (read->pencil_text)
    if (auto marks = parse_pencil_marks(request)) return *marks;
  const Position& position = *read;
  const Geometry& geometry = position.geometry();
  json out{{"status", "ok"},
           {"variant", geometry.variant()},
           {"size", geometry.size()},
           {"puzzle", line_of(geometry, position.puzzle.cells)},
           {"givens", std::count_if(position.puzzle.cells.begin(), position.puzzle.cells.end(),
                                    [](std::uint8_t v) { return v != 0; })},
           {"records", position.records},
           {"comment", position.puzzle.comment}};
  if (geometry.variant() == "jigsaw") out["regions"] = to_region_line(geometry);
  out["geometry"] = geometry_json(geometry);
  out["constraints"] = encode::constraints(geometry, position.puzzle.constraints);
  // The whole puzzle as nonet's JSON: a page sends it back as a position's
  // `text`, so the rules travel with every later request.
  out["source"] = encode::puzzle(position.puzzle);
  return out;
}

// The puzzle as links that open it in f-puzzles and in SudokuPad; with
// "solution": true and one solution, they carry it, so either site checks
// the player's grid.
json links(const nlohmann::json& request, const ApiLimits& limits) {
  const Position position = read_position(request);
  std::optional<Grid> solution;
  if (flag(request, "solution")) {
    const SolveResult result = verdict(position.puzzle, time_limit(request, limits));
    if (result.status == SolveStatus::unique) solution = result.solutions.front();
  }
  const Grid* with = solution ? &*solution : nullptr;
  try {
    return json{{"status", "ok"},
                {"fpuzzles", to_fpuzzles_link(position.puzzle, with)},
                {"sudokupad", to_sudokupad_link(position.puzzle, with)},
                {"solution", solution.has_value()}};
  } catch (const std::invalid_argument& error) {
    reject(std::string("f-puzzles cannot state this puzzle: ") + error.what());
  }
}

json check(const nlohmann::json& request, const ApiLimits& limits) {
  const Position position = read_position(request);
  const Geometry& geometry = position.geometry();
  const SolveResult result = verdict(position.puzzle, time_limit(request, limits));
  json out = verdict_json(result);
  out["conflicts"] = conflicts_json(geometry, position.board);
  Mistakes mistakes;
  bool solved = false;
  if (result.status == SolveStatus::unique) {
    mistakes = mistakes_of(position, result.solutions.front());
    solved = position.board == result.solutions.front();
  }
  const auto filled = std::count_if(position.board.begin(), position.board.end(), [](std::uint8_t v) { return v; });
  out["mistakes"] = mistakes.entries;
  out["wrong_candidates"] = mistakes.marks;
  out["filled"] = filled;
  out["complete"] = filled == geometry.cell_count();
  out["solved"] = solved;
  return out;
}

json solve_endpoint(const nlohmann::json& request, const ApiLimits& limits) {
  const Position position = read_position(request);
  SolveOptions options;
  options.time_limit = time_limit(request, limits);
  options.random = flag(request, "random");
  const auto seed = seed_field(request);
  if (seed && !options.random) reject("field 'seed' needs \"random\": true");
  if (options.random) {
    // A random pick asks for one solution, not whether it is the only one:
    // a second one on a large empty board can take long to find.
    options.count_limit = 1;
    options.seed = seed ? *seed : random_seed();
  }
  const SolveResult result = solve(position.puzzle, options);
  json out = verdict_json(result);
  if (!result.solutions.empty()) out["solution"] = line_of(position.geometry(), result.solutions.front());
  out["count"] = result.count;
  out["guesses"] = result.guesses;
  out["nodes"] = result.nodes;
  if (options.random) out["seed"] = options.seed;
  return out;
}

// The most solutions one count answer lists (each is a whole grid).
constexpr std::int64_t kMaxKeptSolutions = 10;

json count(const nlohmann::json& request, const ApiLimits& limits) {
  const Position position = read_position(request);
  const auto limit = static_cast<std::uint64_t>(
      whole(request, "limit", 2, 1, static_cast<std::int64_t>(limits.max_count)));
  SolveOptions options;
  options.count_limit = limit;
  // A setter asks for two solutions, to see where a puzzle is ambiguous.
  options.keep = static_cast<std::size_t>(whole(request, "solutions", 0, 0, kMaxKeptSolutions));
  options.time_limit = time_limit(request, limits);
  const SolveResult result = solve(position.puzzle, options);
  json out = verdict_json(result);
  out["count"] = result.count;
  out["limit"] = limit;
  out["complete"] = result.status != SolveStatus::gave_up && result.status != SolveStatus::invalid &&
                    result.count < limit;
  if (options.keep) {
    json solutions = json::array();
    for (const Grid& solution : result.solutions) solutions.push_back(line_of(position.geometry(), solution));
    out["solutions"] = std::move(solutions);
  }
  return out;
}

// The session a request asks for: its scale, extras and ceiling, within its time limit.
Session session_of(const nlohmann::json& request, const ApiLimits& limits, bool extras) {
  AnalysisOptions options;
  options.scale = scale_field(request);
  options.extras = extras;
  const std::string max_technique = string_field(request, "max_technique");
  if (!max_technique.empty()) {
    const auto limit = technique_limit(max_technique, options.scale);
    if (!limit) reject("field 'max_technique': unknown technique '" + max_technique + "'");
    options.max_rating = *limit;
  }
  options.limits.time_limit = time_limit(request, limits);
  return Session(options);
}

json hint(const nlohmann::json& request, const ApiLimits& limits) {
  const Position position = read_position(request);
  const Geometry& geometry = position.geometry();
  const int level = static_cast<int>(whole(request, "level", 1, 1, 3));
  const Session session = session_of(request, limits, /*extras=*/true);
  const SolveResult givens = verdict(position.puzzle, session.options().limits.time_limit);
  if (!has_solution(givens.status)) return verdict_json(givens);
  // Wrong entries first: a hint from a position that has left the solution
  // would lead the player further astray.
  bool on_solution = false;
  if (givens.status == SolveStatus::unique) {
    const Mistakes mistakes = mistakes_of(position, givens.solutions.front());
    if (mistakes.any())
      return json{{"status", "mistakes"}, {"mistakes", mistakes.entries}, {"wrong_candidates", mistakes.marks}};
    on_solution = true;
  }
  // Every entry and mark on the one solution: the position has that
  // solution alone, and its verdict need not be searched again.
  const nonet::Position at{position.puzzle, candidate_grid(position)};
  const Analysis answer = on_solution ? session.hint(at, givens) : session.hint(at);
  switch (answer.stop) {
    case Stop::hint: return encode::hint(geometry, answer.steps.front(), level);
    case Stop::contradiction:
      return json{{"status", "mistakes"},
                  {"mistakes", json::array()},
                  {"wrong_candidates", json::array()},
                  {"reason", "no grid fits these entries and pencil marks"}};
    default: {
      json out{{"status", to_string(answer.stop)}};
      if (!answer.message.empty()) out["reason"] = answer.message;
      // No step, one solution: the cell a player may reveal instead.
      if (answer.reveal)
        out["reveal"] = {{"cell", geometry.cell_name(answer.reveal->first)}, {"digit", answer.reveal->second}};
      return out;
    }
  }
}

json explain(const nlohmann::json& request, const ApiLimits& limits) {
  const Position position = read_position(request);
  const Geometry& geometry = position.geometry();
  const std::string from = string_field(request, "from", "givens");
  if (from != "givens" && from != "position") reject("field 'from' must be givens or position");
  const Session session = session_of(request, limits, flag(request, "extras"));
  const auto state = from == "position" ? std::optional<CandidateGrid>(candidate_grid(position)) : std::nullopt;
  const Analysis result = session.explain(nonet::Position{position.puzzle, state});
  json out = encode::explanation(geometry, result);
  if (!result.logic_ran()) return out;
  out["start"] = nonet::Position{position.puzzle, state}.start().to_candidate_string();
  if (result.stop == Stop::solved) {
    out["solution"] = line_of(geometry, result.final_state->values());
  } else if (!result.verdict.solutions.empty()) {
    out["solution"] = line_of(geometry, result.verdict.solutions.front());
    out["finished_by"] = "search";
  }
  return out;
}

json rate_endpoint(const nlohmann::json& request, const ApiLimits& limits) {
  const Position position = read_position(request);
  const Session session = session_of(request, limits, /*extras=*/false);
  json out = encode::rating_answer(session.rate(nonet::Position{position.puzzle, std::nullopt}));
  out["scale"] = session.options().scale == Scale::se ? "se" : "sukaku";
  return out;
}

// "MIN-MAX", "N" or "MIN-" of field `name` (givens, cage_size).
std::pair<int, int> count_range(const std::string& text, const char* name) {
  const auto number = [&](const std::string& part) {
    if (part.empty()) return 0;
    if (part.find_first_not_of("0123456789") != std::string::npos || part.size() > 4)
      reject(std::string("field '") + name + "': expected MIN-MAX (e.g. 24-28), N or MIN-; got '" + text + "'");
    return std::stoi(part);
  };
  const auto dash = text.find('-');
  if (dash == std::string::npos) {
    const int exact = number(text);
    return {exact, exact};
  }
  return {number(text.substr(0, dash)), number(text.substr(dash + 1))};
}

json generate(const nlohmann::json& request, const ApiLimits& limits) {
  const VariantSpec spec = variant_of(request);
  const auto geometry = geometry_of(spec, default_size(spec));
  GenerateOptions options;
  const std::string symmetry = string_field(request, "symmetry", "none");
  const auto parsed_symmetry = parse_symmetry(symmetry);
  if (!parsed_symmetry) reject("unknown symmetry '" + symmetry + "'");
  options.symmetry = *parsed_symmetry;
  if (const auto givens = field<std::string>(request, "givens"); givens && !givens->empty())
    std::tie(options.min_givens, options.max_givens) = count_range(*givens, "givens");
  options.minimal = flag(request, "minimal");
  // Rules beside the houses (killer cages, thermometers, …), on a classic grid.
  if (const std::string rules = string_field(request, "rules"); !rules.empty()) {
    const auto parsed_rules = parse_variant_rules(rules);
    if (!parsed_rules || *parsed_rules == VariantRules::none) {
      std::string known;
      for (const std::string& name : variant_rules_names()) known += (known.empty() ? "" : ", ") + name;
      reject("field 'rules' must be one of " + known + ", not '" + rules + "'");
    }
    if (geometry->variant() != "classic") reject("field 'rules' makes puzzles on the classic variant only");
    options.rules = *parsed_rules;
    if (const auto cages = field<std::string>(request, "cage_size"); cages && !cages->empty()) {
      std::tie(options.min_cage, options.max_cage) = count_range(*cages, "cage_size");
      if (options.max_cage == 0) options.max_cage = std::max(options.min_cage, 5);
    }
  } else if (request.contains("cage_size")) {
    reject("field 'cage_size' needs \"rules\": \"killer\"");
  }
  const std::string level = string_field(request, "level");
  const std::string rating = string_field(request, "rating");
  if (!level.empty() && !rating.empty()) reject("give 'level' or 'rating', not both");
  if (!level.empty()) {
    const auto found = find_level(level);
    if (!found) reject("unknown level '" + level + "'");
    options.rating = found->range;
  }
  const double seconds = time_limit(request, limits);
  const auto start = Clock::now();
  try {
    if (!rating.empty()) options.rating = parse_rating_range(rating);
    options.rater = se_rater(seconds);
    options.time_limit = seconds;
    validate(*geometry, options);
  } catch (const GenerateError& error) {
    reject(error.what());
  }
  const int n = static_cast<int>(whole(request, "n", 1, 1, limits.max_generate));
  const std::uint64_t seed = seed_field(request).value_or(random_seed());
  json puzzles = json::array();
  std::string status = "ok";
  try {
    const Generator generator(geometry, options);
    for (int index = 0; index < n; ++index) {
      if (past(start, seconds)) throw GenerateTimeout("time limit");
      const GeneratedPuzzle made = generator.puzzle(seed, static_cast<std::uint64_t>(index));
      json one{{"index", made.index},
               {"puzzle", line_of(*geometry, made.puzzle.cells)},
               {"solution", line_of(*geometry, made.solution)},
               {"givens", made.givens}};
      // Rules travel as nonet's JSON, which a page sends back as a position's `text`.
      if (!made.puzzle.constraints.empty()) {
        one["constraints"] = encode::constraints(*geometry, made.puzzle.constraints);
        one["source"] = encode::puzzle(made.puzzle);
      }
      if (made.rating) {
        one["rating"] = std::round(made.rating->er * 10) / 10;
        one["hardest"] = made.rating->hardest;
      }
      puzzles.push_back(std::move(one));
    }
  } catch (const GenerateTimeout&) {
    status = "gave-up";
  } catch (const GenerateError& error) {
    reject(error.what());
  }
  json out{{"status", status}, {"seed", seed}, {"variant", geometry->variant()}, {"size", geometry->size()}};
  if (geometry->variant() == "jigsaw") out["regions"] = to_region_line(*geometry);
  out["geometry"] = geometry_json(*geometry);
  out["puzzles"] = std::move(puzzles);
  return out;
}

ApiAnswer render(const nlohmann::json& request, const ApiLimits& limits) {
  const Position position = read_position(request);
  // The givens in black; the player's entries (or, asked for, the whole
  // solution) in grey in the other cells.
  SvgPuzzle drawn{position.puzzle, std::nullopt, string_field(request, "caption")};
  const bool with_solution = flag(request, "solution");
  if (!with_solution && position.board != position.puzzle.cells) drawn.solution = position.board;
  if (with_solution) {
    const SolveResult result = verdict(position.puzzle, time_limit(request, limits), 1);
    if (result.solutions.empty()) return api_error(200, std::string("no solution to draw: ") + to_string(result.status));
    drawn.solution = result.solutions.front();
  }
  SvgOptions options;
  options.per_page = 1;
  options.solution = drawn.solution.has_value();
  return ApiAnswer{200, svg_page(std::span<const SvgPuzzle>(&drawn, 1), options), "image/svg+xml"};
}

using JsonEndpoint = json (*)(const nlohmann::json&, const ApiLimits&);

const std::map<std::string, JsonEndpoint, std::less<>>& json_endpoints() {
  static const std::map<std::string, JsonEndpoint, std::less<>> endpoints{
      {"info", info},       {"parse", parse}, {"check", check},       {"solve", solve_endpoint},
      {"count", count},     {"hint", hint},   {"explain", explain},   {"rate", rate_endpoint},
      {"generate", generate}, {"links", links}};
  return endpoints;
}

}  // namespace

const std::vector<std::string>& api_endpoints() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const auto& [name, endpoint] : json_endpoints()) all.push_back(name);
    all.push_back("render");
    return all;
  }();
  return names;
}

bool is_get_endpoint(std::string_view name) { return name == "info"; }

ApiAnswer api_error(int status, const std::string& message) {
  return ApiAnswer{status, json{{"error", message}}.dump(-1, ' ', false, json::error_handler_t::replace)};
}

ApiAnswer call_api(std::string_view name, const nlohmann::json& request, const ApiLimits& limits) {
  try {
    if (!request.is_object()) reject("the request body must be a JSON object");
    if (name == "render") return render(request, limits);
    const auto it = json_endpoints().find(name);
    if (it == json_endpoints().end()) return api_error(404, "no endpoint /api/v1/" + std::string(name));
    // Comments read from the input may hold bytes that are not UTF-8.
    return ApiAnswer{200, it->second(request, limits).dump(-1, ' ', false, json::error_handler_t::replace)};
  } catch (const BadRequest& bad) {
    return ApiAnswer{bad.status, bad.body.dump(-1, ' ', false, json::error_handler_t::replace)};
  } catch (const std::exception& error) {
    // Nothing above should throw anything else; if it does, say so rather than drop the connection.
    return api_error(500, std::string("internal error: ") + error.what());
  }
}

}  // namespace nonet::web
