// One puzzle at a time: solve, count, explain, hint, rate. Each call answers
// as the CLI's command of the same name does (same options, same verdicts),
// with the GIL released while the engine works.
#include <pybind11/stl.h>

#include "module.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"

namespace nonet::python {

namespace {

using StepTuple = std::tuple<std::string, std::vector<std::pair<int, int>>, std::vector<std::pair<int, int>>,
                             std::vector<int>>;
using RatingTuple = std::tuple<double, double, double, std::string, bool>;

std::vector<std::pair<int, int>> pairs(const std::vector<Candidate>& candidates) {
  std::vector<std::pair<int, int>> out;
  out.reserve(candidates.size());
  for (const Candidate& c : candidates) out.emplace_back(c.cell, c.digit);
  return out;
}

// A step as the package's Step is built from: its JSON (what the CLI's
// --format json writes) and the cells as indices.
StepTuple step_tuple(const Geometry& geometry, const Step& step) {
  return {to_json(geometry, step), pairs(step.placements), pairs(step.eliminations), step.cells};
}

RatingTuple rating_tuple(const Rating& r) { return {r.er, r.ep, r.ed, r.hardest, r.solved}; }

// The exact verdict a logical call needs first, as the CLI's explain, rate
// and hint take it: givens that clash, have no solution or take too long are
// raised; unique or multiple is returned.
SolveStatus exact_verdict(const Puzzle& puzzle, std::uint64_t max_nodes, std::vector<Mask> candidates = {},
                          const char* no_solution = "no solution") {
  SolveOptions options;
  options.max_nodes = max_nodes;
  options.keep = 0;
  options.candidates = std::move(candidates);
  const SolveResult result = solve(puzzle, options);
  switch (result.status) {
    case SolveStatus::invalid: throw PuzzleFailure("invalid", result.reason);
    case SolveStatus::no_solution: throw PuzzleFailure("no-solution", no_solution);
    case SolveStatus::gave_up:
      throw PuzzleFailure("gave-up", "gave up after " + std::to_string(result.nodes - 1) +
                                         " search nodes (see max_nodes)");
    default: return result.status;
  }
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

std::tuple<std::vector<StepTuple>, bool, RatingTuple> explain_one(const Puzzle& puzzle, const std::string& scale,
                                                                  const std::optional<std::string>& max_technique,
                                                                  bool extras, double time_limit,
                                                                  std::uint64_t max_nodes) {
  LogicOptions options;
  options.scale = scale_of(scale);
  options.max_rating = max_rating_of(max_technique, options.scale);
  options.extras = extras;
  options.time_limit = time_limit;
  options.assume_unique = exact_verdict(puzzle, max_nodes) == SolveStatus::unique;
  const LogicResult result = solve_logically(puzzle, options);
  std::vector<StepTuple> steps;
  steps.reserve(result.steps.size());
  for (const Step& step : result.steps) steps.push_back(step_tuple(*puzzle.geometry, step));
  return {std::move(steps), result.solved, rating_tuple(result.rating)};
}

// The position's marks as the exact search takes them: a placed cell is its digit.
std::vector<Mask> marks_of(const CandidateGrid& grid) {
  std::vector<Mask> marks(grid.values().size());
  for (std::size_t cell = 0; cell < marks.size(); ++cell) {
    const int value = grid.value(static_cast<int>(cell));
    marks[cell] = value ? digit_bit(value) : grid.candidates(static_cast<int>(cell));
  }
  return marks;
}

struct HintRequest {
  int level = 1;
  LogicOptions options;
  std::uint64_t max_nodes = kMaxNodes;
};

std::optional<std::tuple<std::string, StepTuple>> hint_from(const CandidateGrid& grid, const HintRequest& request) {
  if (grid.solved()) return std::nullopt;
  const auto step = next_step(grid, request.options);
  if (!step) return std::nullopt;
  std::string text = hint_text(grid.geometry(), *step, request.level);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return std::tuple{std::move(text), step_tuple(grid.geometry(), *step)};
}

// A hint for a position: a Puzzle (its givens) or text, either pencil marks
// (N*N groups of N characters, or a pencil-mark grid as HoDoKu prints it) or a
// puzzle. As `nonet hint`: the position is checked by the exact search over its
// marks first, and where several grids fit it the uniqueness techniques are off.
std::optional<std::tuple<std::string, StepTuple>> hint(const py::object& position, int level,
                                                       const std::string& scale, bool extras, double time_limit,
                                                       std::uint64_t max_nodes, const std::string& variant,
                                                       const std::optional<std::string>& regions, int size) {
  if (level < 1 || level > 3) throw std::invalid_argument("hint: level must be 1, 2 or 3");
  HintRequest request{level, {}, max_nodes};
  request.options.scale = scale_of(scale);
  request.options.extras = extras;
  request.options.time_limit = time_limit;
  const bool is_text = py::isinstance<py::str>(position);
  const std::string text = is_text ? position.cast<std::string>() : "";
  std::optional<Puzzle> puzzle;
  if (!is_text) puzzle = position.cast<Puzzle>();
  const VariantSpec spec = variant_spec(variant, regions, size);
  py::gil_scoped_release release;
  if (puzzle) {
    request.options.assume_unique = exact_verdict(*puzzle, max_nodes) == SolveStatus::unique;
    return hint_from(CandidateGrid(*puzzle), request);
  }
  if (auto grid = parse_candidates(text, spec)) {
    const Puzzle placed{grid->geometry_ptr(), grid->values(), ""};
    request.options.assume_unique =
        exact_verdict(placed, max_nodes, marks_of(*grid),
                      "no grid fits these pencil marks (a digit is wrong or a needed candidate is gone)") ==
        SolveStatus::unique;
    return hint_from(*grid, request);
  }
  ReadOptions read;
  read.variant = spec;
  const auto records = read_all(text, read, "<string>");
  if (!records.front().puzzle) throw ParseFailure(records.front().error->to_string());
  const Puzzle& givens = *records.front().puzzle;
  request.options.assume_unique = exact_verdict(givens, max_nodes) == SolveStatus::unique;
  return hint_from(CandidateGrid(givens), request);
}

// The pencil marks of the givens (every digit the peers allow), in the
// N*N-groups-of-N form hint() reads.
std::string candidates_of(const Puzzle& puzzle) { return CandidateGrid(puzzle).to_candidate_string(); }

RatingTuple rate_one(const Puzzle& puzzle, const std::string& scale, double time_limit, std::uint64_t max_nodes) {
  const Scale chosen = scale_of(scale);
  if (exact_verdict(puzzle, max_nodes) != SolveStatus::unique)
    throw PuzzleFailure("multiple", "more than one solution: not rated");
  return rating_tuple(rate_unique(puzzle, chosen, time_limit));
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
             py::arg("extras"), py::arg("time_limit"), py::arg("max_nodes"), release(), "See nonet.explain.");
  module.def("hint", &hint, py::arg("position"), py::arg("level"), py::arg("scale"), py::arg("extras"),
             py::arg("time_limit"), py::arg("max_nodes"), py::arg("variant"), py::arg("regions"), py::arg("size"),
             "See nonet.hint.");
  module.def("candidates", &candidates_of, py::arg("puzzle"), "See nonet.candidates.");
  module.def("rate", &rate_one, py::arg("puzzle"), py::arg("scale"), py::arg("time_limit"), py::arg("max_nodes"),
             release(), "See nonet.rate.");
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
