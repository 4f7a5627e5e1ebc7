// One puzzle at a time: solve, count, explain, hint, rate. Each call answers
// as the CLI's command of the same name does (same options, same verdicts),
// with the GIL released while the engine works.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "analysis/result_json.hpp"
#include "nonet/analysis.hpp"

#include "module.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"

namespace nonet::python {

py::object to_python(const encode::Json& value) {
  switch (value.type()) {
    case encode::Json::value_t::object: {
      py::dict out;
      for (auto it = value.begin(); it != value.end(); ++it) out[py::str(it.key())] = to_python(it.value());
      return out;
    }
    case encode::Json::value_t::array: {
      py::list out;
      for (const auto& item : value) out.append(to_python(item));
      return out;
    }
    case encode::Json::value_t::string: return py::str(value.get<std::string>());
    case encode::Json::value_t::boolean: return py::bool_(value.get<bool>());
    case encode::Json::value_t::number_integer: return py::int_(value.get<std::int64_t>());
    case encode::Json::value_t::number_unsigned: return py::int_(value.get<std::uint64_t>());
    case encode::Json::value_t::number_float: return py::float_(value.get<double>());
    default: return py::none();
  }
}

namespace {

using RatingTuple = std::tuple<double, double, double, std::string, bool>;

py::list indexed(const std::vector<Candidate>& candidates) {
  py::list out;
  for (const Candidate& c : candidates) out.append(py::make_tuple(c.cell, c.digit));
  return out;
}

// A step as the package's Step is built from: its fields by name (the CLI's
// JSON form), and the cells as indices.
py::dict step_record(const Geometry& geometry, const Step& step) {
  py::dict out;
  out["json"] = to_python(encode::step(geometry, step));
  out["placements"] = indexed(step.placements);
  out["eliminations"] = indexed(step.eliminations);
  out["cells"] = py::cast(step.cells);
  return out;
}

py::dict rating_record(const Rating& r) {
  py::dict out;
  out["er"] = r.er;
  out["ep"] = r.ep;
  out["ed"] = r.ed;
  out["hardest"] = r.hardest;
  out["solved"] = r.solved;
  return out;
}

Session session_of(const std::string& scale, double max_rating, bool extras, double time_limit,
                   std::uint64_t max_nodes) {
  AnalysisOptions options;
  options.scale = scale_of(scale);
  options.max_rating = max_rating;
  options.extras = extras;
  options.limits.time_limit = time_limit;
  options.limits.max_nodes = max_nodes;
  return Session(options);
}

// Where an analysis leaves the caller without what it asked for: nonet.PuzzleError
// with the stop's word as its status.
void raise_failure(const Analysis& analysis, Task task) {
  if (is_failure(analysis.stop, task)) throw PuzzleFailure(to_string(analysis.stop), analysis.message);
}

std::tuple<std::string, std::optional<Puzzle>, std::uint64_t, std::uint64_t, std::uint64_t, std::string> solve_one(
    const Puzzle& puzzle, std::uint64_t max_nodes, double time_limit, bool random, std::uint64_t seed) {
  SolveOptions options;
  options.max_nodes = max_nodes;
  options.time_limit = time_limit;
  options.random = random;
  options.seed = seed;
  const SolveResult result = solve(puzzle, options);
  std::optional<Puzzle> solution;
  if (!result.solutions.empty()) solution = Puzzle{puzzle.geometry, result.solutions.front(), ""};
  return {to_string(result.status), std::move(solution), result.count, result.guesses, result.nodes, result.reason};
}

std::tuple<std::string, std::uint64_t> count_one(const Puzzle& puzzle, std::uint64_t limit, std::uint64_t max_nodes) {
  if (limit == 0) throw std::invalid_argument("count: limit must be at least 1");
  SolveOptions options;
  options.count_limit = limit;
  options.keep = 0;
  options.max_nodes = max_nodes;
  const SolveResult result = solve(puzzle, options);
  if (result.status == SolveStatus::invalid) throw PuzzleFailure("invalid", result.reason);
  if (result.status == SolveStatus::gave_up)
    throw PuzzleFailure("gave-up", "gave up after " + std::to_string(result.count) + " solutions and " +
                                       std::to_string(result.nodes - 1) + " search nodes (see max_nodes)");
  return {to_string(result.status), result.count};
}

double max_rating_of(const std::optional<std::string>& max_technique, Scale scale) {
  if (!max_technique || max_technique->empty()) return 0;
  const auto limit = technique_limit(*max_technique, scale);
  if (!limit) throw std::invalid_argument("unknown technique '" + *max_technique + "'");
  return *limit;
}

// As `nonet explain`: {"status", "stopped", "steps", "rating", "candidates"}.
py::dict explain_one(const Puzzle& puzzle, const std::string& scale, const std::optional<std::string>& max_technique,
                     bool extras, double time_limit, std::uint64_t max_nodes) {
  const Session session =
      session_of(scale, max_rating_of(max_technique, scale_of(scale)), extras, time_limit, max_nodes);
  Analysis result;
  {
    py::gil_scoped_release release;
    result = session.explain(Position{puzzle, std::nullopt});
  }
  raise_failure(result, Task::explain);
  py::list steps;
  for (const Step& step : result.steps) steps.append(step_record(*puzzle.geometry, step));
  py::dict out;
  out["status"] = to_string(result.stop);
  out["stopped"] = result.message;
  out["steps"] = steps;
  out["rating"] = rating_record(result.rating);
  out["candidates"] = result.final_state->to_candidate_string();
  return out;
}

// A position as hint() and reveal() take it: a Puzzle (its givens) or text,
// either pencil marks (N*N groups of N characters, or a pencil-mark grid as
// HoDoKu prints it) or a puzzle. Call without the GIL.
Position position_of(const std::optional<Puzzle>& puzzle, const std::string& text, const VariantSpec& spec) {
  if (puzzle) return Position{*puzzle, std::nullopt};
  if (auto grid = parse_candidates(text, spec)) return Position{Puzzle{grid->geometry_ptr(), grid->values(), ""}, std::move(*grid)};
  ReadOptions read;
  read.variant = spec;
  const auto records = read_all(text, read, "<string>");
  if (!records.front().puzzle) throw ParseFailure(records.front().error->to_string());
  return Position{*records.front().puzzle, std::nullopt};
}

// `ask` (a Session's hint or reveal) on the position, without the GIL.
template <class Ask>
Analysis on_position(const py::object& position, const VariantSpec& spec, Ask&& ask) {
  const bool is_text = py::isinstance<py::str>(position);
  const std::string text = is_text ? position.cast<std::string>() : "";
  std::optional<Puzzle> puzzle;
  if (!is_text) puzzle = position.cast<Puzzle>();
  py::gil_scoped_release release;
  return ask(position_of(puzzle, text, spec));
}

// The easiest next step from a position. As `nonet hint`: the position is
// checked by the exact search over its marks first, and where several grids
// fit it the uniqueness techniques are off. None where the position is
// solved or no technique applies.
std::optional<std::tuple<std::string, py::dict>> hint(const py::object& position, int level, const std::string& scale,
                                                      bool extras, double time_limit, std::uint64_t max_nodes,
                                                      const std::string& variant,
                                                      const std::optional<std::string>& regions, int size) {
  if (level < 1 || level > 3) throw std::invalid_argument("hint: level must be 1, 2 or 3");
  const Session session = session_of(scale, 0, extras, time_limit, max_nodes);
  Analysis answer = on_position(position, variant_spec(variant, regions, size),
                                [&](const Position& start) { return session.hint(start); });
  if (answer.stop == Stop::solved || answer.stop == Stop::stuck) return std::nullopt;
  // Out of time on a puzzle with one solution: the error names a cell to reveal, as `nonet hint`.
  if (answer.final_state) answer.message += reveal_text(answer.final_state->geometry(), answer, level);
  raise_failure(answer, Task::hint);
  const Step& step = answer.steps.front();
  const Geometry& geometry = *answer.final_state->geometry_ptr();
  std::string line = hint_text(geometry, step, level);
  while (!line.empty() && line.back() == '\n') line.pop_back();
  return std::tuple{std::move(line), step_record(geometry, step)};
}

// A cell to fill in and its digit (Session::reveal): (name, row, column,
// digit), rows and columns from 1; None where the position is solved.
std::optional<std::tuple<std::string, int, int, int>> reveal(const py::object& position, double time_limit,
                                                            std::uint64_t max_nodes, const std::string& variant,
                                                            const std::optional<std::string>& regions, int size) {
  const Session session = session_of("se", 0, false, time_limit, max_nodes);
  const Analysis answer = on_position(position, variant_spec(variant, regions, size),
                                      [&](const Position& start) { return session.reveal(start); });
  if (answer.stop == Stop::solved) return std::nullopt;
  if (!answer.reveal) throw PuzzleFailure(to_string(answer.stop), answer.message);
  const auto [cell, digit] = *answer.reveal;
  const Geometry& geometry = answer.final_state->geometry();
  return std::tuple{geometry.cell_name(cell), cell / geometry.size() + 1, cell % geometry.size() + 1, digit};
}

// The pencil marks of the givens (every digit the peers allow), in the
// N*N-groups-of-N form hint() reads.
std::string candidates_of(const Puzzle& puzzle) { return CandidateGrid(puzzle).to_candidate_string(); }

// The pencil marks of the givens as one bool per (cell, digit).
py::array_t<bool> candidate_array(const Puzzle& puzzle) {
  const CandidateGrid grid(puzzle);
  const auto n = static_cast<py::ssize_t>(grid.size());
  py::array_t<bool> out({n, n, n});
  bool* data = out.mutable_data();
  for (int cell = 0; cell < grid.geometry().cell_count(); ++cell)
    for (int digit = 1; digit <= n; ++digit)
      data[static_cast<std::size_t>(cell) * n + digit - 1] =
          grid.value(cell) ? grid.value(cell) == digit : grid.has(cell, digit);
  return out;
}

RatingTuple rate_one(const Puzzle& puzzle, const std::string& scale, double time_limit, std::uint64_t max_nodes) {
  const Session session = session_of(scale, 0, false, time_limit, max_nodes);
  Analysis result;
  {
    py::gil_scoped_release release;
    result = session.rate(Position{puzzle, std::nullopt});
  }
  raise_failure(result, Task::rate);
  const Rating& r = result.rating;
  return {r.er, r.ep, r.ed, r.hardest, r.solved};
}

std::vector<std::tuple<std::string, double, std::string>> levels() {
  std::vector<std::tuple<std::string, double, std::string>> out;
  for (const DifficultyLevel& level : difficulty_levels())
    out.emplace_back(level.name, level.range.max, level.techniques);
  return out;
}

}  // namespace

Rating rate_unique(const Puzzle& puzzle, Scale scale, double time_limit) {
  LogicOptions options;
  options.scale = scale;
  options.time_limit = time_limit;
  options.keep_steps = false;
  return solve_logically(puzzle, options).rating;
}

void bind_single(py::module_& module) {
  using release = py::call_guard<py::gil_scoped_release>;
  module.def("solve", &solve_one, py::arg("puzzle"), py::arg("max_nodes"), py::arg("time_limit"), py::arg("random"),
             py::arg("seed"), release(), "See nonet.solve.");
  module.def("count", &count_one, py::arg("puzzle"), py::arg("limit"), py::arg("max_nodes"), release(),
             "See nonet.count.");
  module.def("explain", &explain_one, py::arg("puzzle"), py::arg("scale"), py::arg("max_technique"),
             py::arg("extras"), py::arg("time_limit"), py::arg("max_nodes"), "See nonet.explain.");
  module.def("hint", &hint, py::arg("position"), py::arg("level"), py::arg("scale"), py::arg("extras"),
             py::arg("time_limit"), py::arg("max_nodes"), py::arg("variant"), py::arg("regions"), py::arg("size"),
             "See nonet.hint.");
  module.def("reveal", &reveal, py::arg("position"), py::arg("time_limit"), py::arg("max_nodes"), py::arg("variant"),
             py::arg("regions"), py::arg("size"), "See nonet.reveal.");
  module.def("candidates", &candidates_of, py::arg("puzzle"), "See nonet.candidates.");
  module.def("candidate_array", &candidate_array, py::arg("puzzle"), "See nonet.candidates.");
  module.def("rate", &rate_one, py::arg("puzzle"), py::arg("scale"), py::arg("time_limit"), py::arg("max_nodes"),
             "See nonet.rate.");
  module.def("levels", &levels, "The generator's difficulty levels: (name, highest SE rating, techniques).");
  module.def("symmetries", &symmetry_names, "The generator's symmetry names.");
  module.def("status_names", [] {
    std::vector<std::string> names;
    for (auto status : {SolveStatus::invalid, SolveStatus::no_solution, SolveStatus::unique, SolveStatus::multiple,
                        SolveStatus::solved, SolveStatus::gave_up})
      names.emplace_back(to_string(status));
    return names;
  }, "The statuses of the batch functions' status arrays, by code.");
}

}  // namespace nonet::python
