// The logical solver and the rater. Techniques are tried in the order of
// their SE rating (the ladder below); the first step found is applied and the
// search starts again from the top, as Sudoku Explainer does. The rating of a
// solve: ER the hardest step, EP the hardest up to the first placement, ED the
// first step.
#include <chrono>
#include <cmath>
#include <functional>

#include "internal.hpp"
#include "nonet/exact.hpp"

namespace nonet {

namespace {
using logic::Context;

struct Rung {
  std::string name;
  double rating;
  bool se;      // on the SE 1.2.1 ladder
  bool sukaku;  // on the SukakuExplainer ladder
  bool extra;   // explanations only (no published scale rates it)
  std::function<std::optional<Step>(const Context&)> find;
};

// Nested forcing chains only where the puzzle is known to have one solution
// (as the uniqueness techniques): on a grid that many solutions fit, their
// search has no end in sight (an empty grid: minutes and more), and logic
// cannot finish such a grid anyway.
std::function<std::optional<Step>(const Context&)> nested_forcing_chains(int level) {
  return [level](const Context& c) -> std::optional<Step> {
    if (!c.is_unique()) return std::nullopt;
    return find_multiple_forcing_chain(c, true, level);
  };
}

const std::vector<Rung>& ladder() {
  using namespace logic;
  static const std::vector<Rung> rungs = {
      {"Full house", 1.0, true, true, false, find_full_house},
      {"Hidden single (box)", 1.2, true, true, false, [](const Context& c) { return find_hidden_single(c, true); }},
      {"Hidden single (line)", 1.5, true, true, false, [](const Context& c) { return find_hidden_single(c, false); }},
      {"Direct pointing", 1.7, true, true, false, [](const Context& c) { return find_intersection(c, true, true); }},
      {"Direct claiming", 1.9, true, true, false, [](const Context& c) { return find_intersection(c, false, true); }},
      {"Direct hidden pair", 2.0, true, true, false, [](const Context& c) { return find_hidden_subset(c, 2, true); }},
      {"Naked single", 2.3, true, true, false, find_naked_single},
      {"Direct hidden triple", 2.5, true, true, false, [](const Context& c) { return find_hidden_subset(c, 3, true); }},
      {"Pointing", 2.6, true, true, false, [](const Context& c) { return find_intersection(c, true, false); }},
      {"Claiming", 2.8, true, true, false, [](const Context& c) { return find_intersection(c, false, false); }},
      {"Naked pair", 3.0, true, true, false, [](const Context& c) { return find_naked_subset(c, 2); }},
      {"X-Wing", 3.2, true, true, false, [](const Context& c) { return find_fish(c, 2); }},
      {"Hidden pair", 3.4, true, true, false, [](const Context& c) { return find_hidden_subset(c, 2, false); }},
      {"Naked triple", 3.6, true, true, false, [](const Context& c) { return find_naked_subset(c, 3); }},
      {"Swordfish", 3.8, true, true, false, [](const Context& c) { return find_fish(c, 3); }},
      {"Hidden triple", 4.0, true, true, false, [](const Context& c) { return find_hidden_subset(c, 3, false); }},
      {"Skyscraper", 4.0, false, true, false, [](const Context& c) { return find_single_digit_pattern(c, 0); }},
      {"2-String Kite", 4.1, false, true, false, [](const Context& c) { return find_single_digit_pattern(c, 1); }},
      // SukakuExplainer tries its two-link patterns (up to 4.3) before the XY-Wing (4.2).
      {"Turbot fish", 4.2, false, true, false, [](const Context& c) { return find_single_digit_pattern(c, 2); }},
      {"Empty rectangle", 4.3, false, true, false, [](const Context& c) { return find_single_digit_pattern(c, 3); }},
      {"Grouped 2-link chain", 4.3, false, true, false, [](const Context& c) { return find_single_digit_pattern(c, 5); }},
      {"XY-Wing", 4.2, true, true, false, find_xy_wing},
      {"XYZ-Wing", 4.4, true, true, false, find_xyz_wing},
      {"W-Wing", 4.4, false, false, true, find_w_wing},
      {"Unique rectangle", 4.5, true, true, false, find_unique_rectangle},
      {"Naked quad", 5.0, true, true, false, [](const Context& c) { return find_naked_subset(c, 4); }},
      {"Jellyfish", 5.2, true, true, false, [](const Context& c) { return find_fish(c, 4); }},
      {"Hidden quad", 5.4, true, true, false, [](const Context& c) { return find_hidden_subset(c, 4, false); }},
      // 5.4-5.7, before the WXYZ-Wing whatever the rating, as SukakuExplainer orders them.
      {"3-link X-chains", 5.4, false, true, false, [](const Context& c) { return find_single_digit_pattern(c, 4); }},
      {"WXYZ-Wing", 5.5, false, true, false, find_wxyz_wing},
      {"BUG", 5.6, true, true, false, find_bug},
      {"VWXYZ-Wing", 6.2, false, true, false, find_vwxyz_wing},
      {"Aligned pair exclusion", 6.2, true, true, false, find_aligned_pair_exclusion},  // after VWXYZ, as SukakuExplainer
      {"UVWXYZ-Wing", 6.6, false, false, true, find_uvwxyz_wing},  // not in SukakuExplainer's default set
      // HoDoKu's names for what SE finds as X-cycles and forcing chains: offered
      // first in hints and --extras explanations, rated as the chains they replace.
      {"Simple colouring", 6.5, false, false, true, find_simple_colouring},
      {"ALS-XZ", 6.5, false, false, true, find_als_xz},
      {"Chains and forcing chains", 6.5, true, true, false, find_chains},
      {"Aligned triplet exclusion", 7.5, true, true, false, find_aligned_triplet_exclusion},
      {"Nishio forcing chains", 7.5, true, true, false, find_nishio},
      {"Cell/region forcing chains", 8.0, true, true, false,
       [](const Context& c) { return find_multiple_forcing_chain(c, false); }},
      {"Dynamic forcing chains", 8.5, true, true, false,
       [](const Context& c) { return find_multiple_forcing_chain(c, true); }},
      {"Dynamic forcing chains (+)", 9.0, true, true, false,
       [](const Context& c) { return find_multiple_forcing_chain(c, true, 1); }},
      {"Nested forcing chains (forcing chains)", 9.5, true, true, false,
       nested_forcing_chains(2)},
      {"Nested forcing chains (cell/region forcing chains)", 10.0, true, true, false,
       nested_forcing_chains(3)},
      {"Nested forcing chains (dynamic forcing chains)", 10.5, true, true, false,
       nested_forcing_chains(4)},
      {"Nested forcing chains (dynamic forcing chains (+))", 11.0, true, true, false,
       nested_forcing_chains(5)},
  };
  return rungs;
}

bool on_scale(const Rung& r, Scale scale, bool extras) {
  if (r.extra) return extras;
  return scale == Scale::se ? r.se : r.sukaku;
}

std::optional<Step> first_step(const Context& ctx, double max_rating) {
  for (const Rung& r : ladder()) {
    if (!on_scale(r, ctx.scale, ctx.extras)) continue;
    if (max_rating > 0 && r.rating > max_rating + 1e-9) continue;
    auto step = r.find(ctx);
    if (ctx.expired()) return std::nullopt;  // a search cut short proves nothing
    if (!step) continue;
    if (max_rating > 0 && step->rating > max_rating + 1e-9) return std::nullopt;
    step->rating = std::round(step->rating * 10) / 10;
    return step;
  }
  return std::nullopt;
}

std::chrono::steady_clock::time_point deadline_of(const LogicOptions& options) {
  if (options.time_limit <= 0) return {};
  return std::chrono::steady_clock::now() +
         std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(options.time_limit));
}

LogicResult run(CandidateGrid grid, const LogicOptions& options, const logic::LazyBool* unique,
               const std::function<std::optional<Grid>()>& solution_of) {
  LogicResult result{{}, false, {}, grid};
  logic::Tables tables(grid.geometry());
  std::optional<Grid> solution_store;
  const Grid* solution = nullptr;
  bool placed = false, guessed = false;
  const auto deadline = deadline_of(options);
  while (!grid.solved()) {
    if (grid.broken()) break;
    Context ctx{grid, grid.geometry(), tables, options.scale, options.assume_unique ? unique : nullptr,
                options.extras};
    ctx.deadline = deadline;
    auto step = first_step(ctx, options.max_rating);
    if (!step && ctx.expired()) break;  // out of time: unsolved
    if (!step) {
      if (!options.allow_guess) break;
      if (!solution) {
        solution_store = solution_of();
        if (!solution_store) break;
        solution = &*solution_store;
      }
      // A guess: the cell with fewest candidates takes the solution's digit.
      int best = -1;
      for (int c = 0; c < grid.geometry().cell_count(); ++c)
        if (!grid.value(c) && (best < 0 || std::popcount(grid.candidates(c)) < std::popcount(grid.candidates(best))))
          best = c;
      if (best < 0 || !grid.has(best, (*solution)[best])) break;
      Step g;
      g.technique = "Guess";
      g.detail = "trying the solution's digit in " + grid.geometry().cell_name(best);
      g.placements.push_back({best, (*solution)[best]});
      g.cells = {best};
      g.guess = true;
      step = g;
      guessed = true;
    }
    Rating& rt = result.rating;
    if (!step->guess) {
      if (result.steps.empty()) rt.ed = step->rating;
      if (step->rating > rt.er) {
        rt.er = step->rating;
        rt.hardest = step->technique;
      }
      if (!placed) rt.ep = std::max(rt.ep, step->rating);
    }
    if (!step->placements.empty()) placed = true;
    grid.apply(*step);
    result.steps.push_back(std::move(*step));
  }
  result.solved = grid.solved() && !grid.broken();
  result.rating.solved = result.solved && !guessed;
  result.final_state = grid;
  return result;
}

// The solution of the givens (values) of a position, if the exact solver finds one.
std::optional<Grid> solution_of(const std::shared_ptr<const Geometry>& geometry, const Grid& values) {
  Puzzle p{geometry, values, ""};
  SolveOptions so;
  so.count_limit = 1;
  auto solved = solve(p, so);
  if (solved.solutions.empty()) return std::nullopt;
  return solved.solutions[0];
}
}  // namespace

std::vector<TechniqueInfo> techniques(Scale scale, bool extras) {
  std::vector<TechniqueInfo> out;
  for (const Rung& r : ladder())
    if (on_scale(r, scale, extras)) out.push_back({r.name, r.rating});
  return out;
}

LogicResult solve_logically(const Puzzle& puzzle, const LogicOptions& options) {
  // Uniqueness is checked (an exact solve) only when a uniqueness technique is tried.
  logic::LazyBool unique([&] { return solve(puzzle).status == SolveStatus::unique; });
  return run(CandidateGrid(puzzle), options, &unique,
             [&] { return solution_of(puzzle.geometry, puzzle.cells); });
}

LogicResult solve_logically(const CandidateGrid& start, const LogicOptions& options) {
  // For a position the caller vouches for uniqueness (options.assume_unique).
  logic::LazyBool unique([] { return true; });
  return run(start, options, &unique, [&] { return solution_of(start.geometry_ptr(), start.values()); });
}

std::optional<Step> next_step(const CandidateGrid& grid, const LogicOptions& options) {
  if (grid.solved() || grid.broken()) return std::nullopt;
  logic::Tables tables(grid.geometry());
  logic::LazyBool unique([] { return true; });
  Context ctx{grid, grid.geometry(), tables, options.scale, options.assume_unique ? &unique : nullptr,
              options.extras};
  ctx.deadline = deadline_of(options);
  return first_step(ctx, options.max_rating);
}

Rating rate(const Puzzle& puzzle, Scale scale, double max_rating) {
  LogicOptions options;
  options.scale = scale;
  options.max_rating = max_rating;
  return solve_logically(puzzle, options).rating;
}

}  // namespace nonet
