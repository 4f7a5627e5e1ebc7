// Batches: NumPy arrays of puzzles in, arrays of answers out, on every core
// with the GIL released. A puzzle is a row of N*N uint8 cells (0 = empty).
// Each worker thread owns one Puzzle and one SolveResult and reuses them for
// every row, so the batch path makes no Python object and no allocation per
// puzzle: the arrays are made once, before the threads start.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <limits>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "core/workers.hpp"
#include "module.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"
#include "nonet/generate.hpp"

namespace nonet::python {

namespace {

using Cells = py::array_t<std::uint8_t, py::array::c_style>;


// Runs body(state, i) for every i < count on `threads` threads, each taking
// `chunk` indices at a time and keeping one State for all of them. The first
// exception stops the others and is rethrown.
template <typename State, typename Body>
void parallel_for(std::size_t count, unsigned threads, std::size_t chunk, const Body& body) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto work = [&] {
    try {
      State state;
      for (;;) {
        const std::size_t begin = next.fetch_add(chunk);
        if (begin >= count || stop) return;
        const std::size_t end = std::min(count, begin + chunk);
        for (std::size_t i = begin; i < end; ++i) body(state, i);
      }
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  };
  // No more threads than chunks: a small batch starts no idle ones.
  const std::size_t chunks = std::max<std::size_t>(count / chunk, 1);
  const auto workers = static_cast<unsigned>(std::min<std::size_t>(detail::worker_count(threads), chunks));
  std::vector<std::jthread> pool;
  pool.reserve(workers - 1);
  for (unsigned t = 1; t < workers; ++t) pool.emplace_back(work);
  work();  // the calling thread is a worker too
  pool.clear();  // joins
  if (failure) std::rethrow_exception(failure);
}

// A batch's input, checked: a C-contiguous (n, N*N) uint8 array whose cells
// are 0..N, and the geometry its rows share.
struct Batch {
  std::shared_ptr<const Geometry> geometry;
  Cells cells;
  std::size_t rows = 0;
  std::size_t width = 0;  // N*N
  const std::uint8_t* row(std::size_t i) const { return cells.data() + i * width; }
};

std::string type_name(const py::handle& object) { return py::str(py::type::of(object).attr("__name__")); }

Batch batch_input(const char* function, const py::object& array, const std::string& variant,
                  const std::optional<std::string>& regions, int size) {
  const std::string name(function);
  if (!py::isinstance<py::array>(array))
    throw py::type_error(name + ": expected a NumPy array of shape (n, N*N) and dtype uint8, got " + type_name(array));
  const auto input = py::reinterpret_borrow<py::array>(array);
  if (!input.dtype().is(py::dtype::of<std::uint8_t>()))
    throw py::type_error(name + ": expected dtype uint8, got " + std::string(py::str(input.dtype())) +
                         " (convert with array.astype(numpy.uint8))");
  if (input.ndim() != 2)
    throw py::value_error(name + ": expected a 2-D array of shape (n, N*N), one puzzle a row; got " +
                          std::to_string(input.ndim()) + " dimensions");
  VariantSpec spec = variant_spec(variant, regions, size);
  const auto width = static_cast<std::size_t>(input.shape(1));
  if (spec.size == 0) spec.size = static_cast<int>(std::lround(std::sqrt(static_cast<double>(width))));
  if (static_cast<std::size_t>(spec.size) * spec.size != width || width == 0)
    throw py::value_error(name + ": rows of " + std::to_string(width) + " cells are not N*N cells of a " + variant +
                          " puzzle" + (size ? " of size " + std::to_string(size) : ""));
  Batch batch{make_geometry(spec, spec.size), Cells::ensure(input), static_cast<std::size_t>(input.shape(0)), width};
  const auto n = static_cast<std::uint8_t>(spec.size);
  const std::uint8_t* data = batch.cells.data();
  const std::uint8_t* bad = std::find_if(data, data + batch.rows * width, [n](std::uint8_t c) { return c > n; });
  if (bad != data + batch.rows * width) {
    const auto at = static_cast<std::size_t>(bad - data);
    throw py::value_error(name + ": row " + std::to_string(at / width) + ", cell " +
                          batch.geometry->cell_name(static_cast<int>(at % width)) + " holds " +
                          std::to_string(*bad) + "; a " + std::to_string(n) + "x" + std::to_string(n) +
                          " puzzle's cells are 0 (empty) to " + std::to_string(n));
  }
  return batch;
}

std::uint8_t code(SolveStatus status) { return static_cast<std::uint8_t>(status); }

// One worker's puzzle and result, reused for every row it takes.
struct Worker {
  Puzzle puzzle;
  SolveResult result;
  void load(const Batch& batch, std::size_t i) {
    if (!puzzle.geometry) puzzle = Puzzle{batch.geometry, Grid(batch.width), ""};
    std::memcpy(puzzle.cells.data(), batch.row(i), batch.width);
  }
};

// Rows of solve: big enough that the shared counter is off the per-puzzle
// path, small enough that a few hard puzzles still spread.
constexpr std::size_t kSolveChunk = 64;

// Every row solved with `options` on `threads` threads, the GIL released:
// each row's status and count written, then `also(row, result)` for the rest.
template <typename Also>
void solve_rows(const Batch& batch, const SolveOptions& options, unsigned threads, std::uint8_t* status_out,
                std::uint64_t* count_out, const Also& also) {
  py::gil_scoped_release release;
  parallel_for<Worker>(batch.rows, threads, kSolveChunk, [&](Worker& w, std::size_t i) {
    w.load(batch, i);
    solve_into(w.puzzle, options, w.result);
    status_out[i] = code(w.result.status);
    count_out[i] = w.result.count;
    also(i, w.result);
  });
}

py::tuple solve_many(const py::object& array, const std::string& variant, const std::optional<std::string>& regions,
                     int size, std::uint64_t max_nodes, unsigned threads) {
  const Batch batch = batch_input("solve_many", array, variant, regions, size);
  py::array_t<std::uint8_t> solutions({batch.rows, batch.width});
  py::array_t<std::uint8_t> status(batch.rows);
  py::array_t<std::uint64_t> counts(batch.rows);
  std::uint8_t* solution_out = solutions.mutable_data();
  std::uint8_t* status_out = status.mutable_data();
  std::uint64_t* count_out = counts.mutable_data();
  SolveOptions options;
  options.max_nodes = max_nodes;
  solve_rows(batch, options, threads, status_out, count_out, [&](std::size_t i, const SolveResult& result) {
    std::uint8_t* row = solution_out + i * batch.width;
    if (result.solutions.empty()) std::memset(row, 0, batch.width);
    else std::memcpy(row, result.solutions.front().data(), batch.width);
  });
  return py::make_tuple(solutions, status, counts);
}

py::tuple count_many(const py::object& array, std::uint64_t limit, const std::string& variant,
                     const std::optional<std::string>& regions, int size, std::uint64_t max_nodes, unsigned threads) {
  if (limit == 0) throw std::invalid_argument("count_many: limit must be at least 1");
  const Batch batch = batch_input("count_many", array, variant, regions, size);
  py::array_t<std::uint64_t> counts(batch.rows);
  py::array_t<std::uint8_t> status(batch.rows);
  std::uint64_t* count_out = counts.mutable_data();
  std::uint8_t* status_out = status.mutable_data();
  SolveOptions options;
  options.count_limit = limit;
  options.keep = 0;
  options.max_nodes = max_nodes;
  solve_rows(batch, options, threads, status_out, count_out, [](std::size_t, const SolveResult&) {});
  return py::make_tuple(counts, status);
}

// As `nonet rate`: only unique puzzles are rated; the others keep NaN.
py::tuple rate_many(const py::object& array, const std::string& scale, const std::string& variant,
                    const std::optional<std::string>& regions, int size, double time_limit, std::uint64_t max_nodes,
                    unsigned threads) {
  const Scale chosen = scale_of(scale);
  const Batch batch = batch_input("rate_many", array, variant, regions, size);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  py::array_t<double> er(batch.rows), ep(batch.rows), ed(batch.rows);
  py::array_t<bool> solved(batch.rows);
  py::array_t<std::uint8_t> status(batch.rows);
  double *er_out = er.mutable_data(), *ep_out = ep.mutable_data(), *ed_out = ed.mutable_data();
  bool* solved_out = solved.mutable_data();
  std::uint8_t* status_out = status.mutable_data();
  {
    py::gil_scoped_release release;
    SolveOptions options;
    options.keep = 0;
    options.max_nodes = max_nodes;
    // Ratings take milliseconds to minutes: one row at a time.
    parallel_for<Worker>(batch.rows, threads, 1, [&](Worker& w, std::size_t i) {
      w.load(batch, i);
      solve_into(w.puzzle, options, w.result);
      status_out[i] = code(w.result.status);
      er_out[i] = ep_out[i] = ed_out[i] = nan;
      solved_out[i] = false;
      if (w.result.status != SolveStatus::unique) return;
      const Rating rating = rate_unique(w.puzzle, chosen, time_limit);
      er_out[i] = rating.er;
      ep_out[i] = rating.ep;
      ed_out[i] = rating.ed;
      solved_out[i] = rating.solved;
    });
  }
  return py::make_tuple(er, ep, ed, solved, status);
}

GenerateOptions generate_options(const std::optional<std::string>& difficulty, const std::optional<std::string>& rating,
                                 const std::string& symmetry, int min_givens, int max_givens, bool minimal,
                                 int max_attempts) {
  GenerateOptions options;
  const auto parsed = parse_symmetry(symmetry);
  if (!parsed) throw GenerateError("unknown symmetry '" + symmetry + "'");
  options.symmetry = *parsed;
  options.min_givens = min_givens;
  options.max_givens = max_givens;
  options.minimal = minimal;
  options.max_attempts = max_attempts;
  if (difficulty && rating) throw GenerateError("give difficulty or rating, not both");
  if (difficulty) {
    const auto level = find_level(*difficulty);
    if (!level) throw GenerateError("unknown difficulty '" + *difficulty + "'");
    options.rating = level->range;
  }
  if (rating) options.rating = parse_rating_range(*rating);
  // As `nonet generate`: no rating for puzzles the basic techniques already
  // place (same puzzles).
  options.exact_rating = false;
  return options;
}

struct GenerateRequest {
  std::uint64_t count = 0, seed = 0, start = 0;
  unsigned threads = 0;
};

py::tuple generate_many(const GenerateRequest& request, const std::string& variant,
                        const std::optional<std::string>& regions, int size, const GenerateOptions& options) {
  const auto geometry = geometry_of(variant_spec(variant, regions, size));
  const Generator generator(geometry, options);
  const auto width = static_cast<std::size_t>(geometry->cell_count());
  py::array_t<std::uint8_t> puzzles({static_cast<std::size_t>(request.count), width});
  py::array_t<std::uint8_t> solutions({static_cast<std::size_t>(request.count), width});
  std::uint8_t* puzzle_out = puzzles.mutable_data();
  std::uint8_t* solution_out = solutions.mutable_data();
  {
    py::gil_scoped_release release;
    struct None {};
    // Puzzle i depends only on (seed, start + i): any split gives the same rows.
    parallel_for<None>(request.count, request.threads, 1, [&](None&, std::size_t i) {
      const GeneratedPuzzle made = generator.puzzle(request.seed, request.start + i);
      std::memcpy(puzzle_out + i * width, made.puzzle.cells.data(), width);
      std::memcpy(solution_out + i * width, made.solution.data(), width);
    });
  }
  return py::make_tuple(puzzles, solutions);
}

// Every puzzle of a stream into one (n, N*N) array, read as the CLI reads
// its input; the first record that is not a puzzle is a ParseError.
py::array_t<std::uint8_t> read_array(std::istream& in, const std::string& source, const std::string& variant,
                                     const std::optional<std::string>& regions, int size) {
  ReadOptions options;
  options.variant = variant_spec(variant, regions, size);
  std::vector<std::uint8_t> cells;
  std::size_t width = 0, rows = 0;
  {
    py::gil_scoped_release release;
    PuzzleReader reader(in, source, options);
    Record record;
    while (reader.next(record)) {
      if (!record.puzzle) throw ParseFailure(record.error->to_string());
      const Grid& grid = record.puzzle->cells;
      if (width == 0) width = grid.size();
      if (grid.size() != width)
        throw ParseFailure(Diagnostic{source, record.line, 1,
                                      "a puzzle of " + std::to_string(grid.size()) + " cells among puzzles of " +
                                          std::to_string(width) + " (an array holds one size)"}
                               .to_string());
      // An array holds givens alone: solved as such, a killer's cages would be dropped.
      if (!record.puzzle->constraints.empty())
        throw ParseFailure(Diagnostic{source, record.line, 1,
                                      std::string(to_string(record.puzzle->constraints.front().kind)) +
                                          " rules do not fit an array of cells: read this puzzle with "
                                          "nonet.Puzzle.parse or nonet.parse_all"}
                               .to_string());
      cells.insert(cells.end(), grid.begin(), grid.end());
      ++rows;
    }
  }
  py::array_t<std::uint8_t> out({rows, width});
  std::copy(cells.begin(), cells.end(), out.mutable_data());
  return out;
}

}  // namespace

void bind_batch(py::module_& module) {
  module.def("solve_many", &solve_many, py::arg("array"), py::arg("variant"), py::arg("regions"), py::arg("size"),
             py::arg("max_nodes"), py::arg("threads"), "See nonet.solve_many.");
  module.def("count_many", &count_many, py::arg("array"), py::arg("limit"), py::arg("variant"), py::arg("regions"),
             py::arg("size"), py::arg("max_nodes"), py::arg("threads"), "See nonet.count_many.");
  module.def("rate_many", &rate_many, py::arg("array"), py::arg("scale"), py::arg("variant"), py::arg("regions"),
             py::arg("size"), py::arg("time_limit"), py::arg("max_nodes"), py::arg("threads"), "See nonet.rate_many.");
  module.def(
      "generate_many",
      [](std::uint64_t n, std::uint64_t seed, std::uint64_t start, const std::string& variant,
         const std::optional<std::string>& regions, int size, const std::optional<std::string>& difficulty,
         const std::optional<std::string>& rating, const std::string& symmetry, int min_givens, int max_givens,
         bool minimal, int max_attempts, unsigned threads) {
        const GenerateOptions options =
            generate_options(difficulty, rating, symmetry, min_givens, max_givens, minimal, max_attempts);
        return generate_many(GenerateRequest{n, seed, start, threads}, variant, regions, size, options);
      },
      py::arg("n"), py::arg("seed"), py::arg("start"), py::arg("variant"), py::arg("regions"), py::arg("size"),
      py::arg("difficulty"), py::arg("rating"), py::arg("symmetry"), py::arg("min_givens"), py::arg("max_givens"),
      py::arg("minimal"), py::arg("max_attempts"), py::arg("threads"), "See nonet.generate_many.");
  module.def(
      "parse_array",
      [](const std::string& text, const std::string& variant, const std::optional<std::string>& regions, int size,
         const std::string& source) {
        std::istringstream in(text);
        return read_array(in, source, variant, regions, size);
      },
      py::arg("text"), py::arg("variant"), py::arg("regions"), py::arg("size"), py::arg("source"),
      "See nonet.parse_array.");
  module.def(
      "load_array",
      [](const std::string& path, const std::string& variant, const std::optional<std::string>& regions, int size) {
        std::ifstream in(path, std::ios::binary);
        if (!in) throw py::value_error("cannot open " + path);  // FileNotFoundError raised by the package first
        return read_array(in, path, variant, regions, size);
      },
      py::arg("path"), py::arg("variant"), py::arg("regions"), py::arg("size"), "See nonet.load.");
}

}  // namespace nonet::python
