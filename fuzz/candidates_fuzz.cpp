// The pencil-mark parsers (parse_candidates: the N×N×N character form and the
// HoDoKu-style grid) over any bytes. A position that parses must be
// coherent (values in range, a solved cell has no marks, no peer of a value
// keeps that digit), must survive both of its text forms, and, where it has
// exactly one solution, every logic step found from it must agree with that
// solution.
#include "check.hpp"
#include "nonet/exact.hpp"

namespace {

using namespace nonet;
using fuzz::require;

// A cell's digits: its value's, or its candidates.
Mask marks_of(const CandidateGrid& grid, int cell) {
  return grid.value(cell) ? digit_bit(grid.value(cell)) : grid.candidates(cell);
}

void check_coherent(const CandidateGrid& grid) {
  const Geometry& geometry = grid.geometry();
  const int n = geometry.size();
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    require(grid.value(cell) <= n, "value beyond the size at " + geometry.cell_name(cell));
    require((grid.candidates(cell) & ~all_digits(n)) == 0, "candidate beyond the size at " + geometry.cell_name(cell));
    if (!grid.value(cell)) continue;
    require(grid.candidates(cell) == 0, "solved cell keeps candidates: " + geometry.cell_name(cell));
    for (int peer : geometry.peers_of(cell))
      require(!grid.has(peer, grid.value(cell)), "a peer of " + geometry.cell_name(cell) + " keeps its value");
  }
}

// Reading a form the grid wrote gives the grid back, except that a cell
// left with one candidate reads as solved, which may clear that digit from
// its peers: every value stays, and no cell gains a digit.
void check_reads_back(const CandidateGrid& grid, const std::string& text, const VariantSpec& variant, const char* form) {
  const auto again = parse_candidates(text, variant);
  require(again.has_value(), std::string(form) + " does not read back:\n" + text);
  require(again->size() == grid.size(), std::string(form) + " reads back at another size");
  for (int cell = 0; cell < grid.geometry().cell_count(); ++cell) {
    require(!grid.value(cell) || again->value(cell) == grid.value(cell),
            std::string(form) + " loses the value of " + grid.geometry().cell_name(cell));
    require((marks_of(*again, cell) & ~marks_of(grid, cell)) == 0,
            std::string(form) + " adds a digit at " + grid.geometry().cell_name(cell));
  }
}

bool any_cell_empty(const CandidateGrid& grid) {
  for (int cell = 0; cell < grid.geometry().cell_count(); ++cell)
    if (marks_of(grid, cell) == 0) return true;
  return false;
}

// Where the position has one solution, logic from it (briefly) must never
// contradict it. Small sizes only, to keep the target fast.
void check_logic(const CandidateGrid& grid) {
  if (grid.size() > 9 || grid.broken()) return;
  const Geometry& geometry = grid.geometry();
  SolveOptions exact;
  exact.max_nodes = 20000;
  exact.time_limit = 0.1;
  for (int cell = 0; cell < geometry.cell_count(); ++cell) exact.candidates.push_back(marks_of(grid, cell));
  const Puzzle position{grid.geometry_ptr(), grid.values(), ""};
  const SolveResult verdict = solve(position, exact);
  if (verdict.status != SolveStatus::unique) return;
  const Grid& solution = verdict.solutions.front();
  fuzz::require_solution(position, solution, "solve with pencil marks");
  LogicOptions logic;
  logic.time_limit = 0.1;
  const LogicResult result = solve_logically(grid, logic);
  for (const Step& step : result.steps) fuzz::require_sound(geometry, solution, step);
  require(!result.solved || result.final_state.values() == solution, "logic solved to another grid");
}

void check(const std::string& text, const VariantSpec& variant) {
  const auto grid = parse_candidates(text, variant);
  if (!grid) return;
  require(variant.size == 0 || grid->size() == variant.size, "size other than the one asked for");
  check_coherent(*grid);
  // The N×N×N form is defined for the sizes nonet supports, 4 to 25.
  if (grid->size() > 25) return;
  check_reads_back(*grid, grid->to_candidate_string(), variant, "to_candidate_string");
  // An empty cell with no candidate has no token in a pencil-mark grid.
  if (!any_cell_empty(*grid)) check_reads_back(*grid, grid->to_pencil_marks(), variant, "to_pencil_marks");
  check_logic(*grid);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  check(text, VariantSpec{});
  check(text, fuzz::alternative_options(size).variant);
  return 0;
}
