// The logical solver and the rater. Techniques are tried in the order of
// their SE rating (the technique table, techniques.hpp, gives each its
// finder); the first step found is applied and the search starts again from
// the top, as Sudoku Explainer does. The rating of a solve: ER the hardest
// step, EP the hardest up to the first placement, ED the first step.
#include <algorithm>
#include <array>
#include <chrono>
#include <functional>

#include "core/deadline.hpp"
#include "internal.hpp"
#include "variant_rules.hpp"
#include "nonet/exact.hpp"

namespace nonet {

namespace {
using logic::Context;
using logic::kTechniques;
using logic::Scope;

bool on_scale(const logic::TechniqueRow& r, Scale scale, bool extras) {
  if (r.extra) return extras;
  return scale == Scale::se ? r.se : r.sukaku;
}
// Whether a solve tries the row: on its scale, and for the puzzle's rules.
bool tried(const logic::TechniqueRow& r, const Context& ctx) {
  switch (r.applies) {
    case logic::Applies::with_rules: return ctx.rules != nullptr;
    case logic::Applies::without_rules: return !ctx.rules && on_scale(r, ctx.scale, ctx.extras);
    case logic::Applies::always: break;
  }
  return on_scale(r, ctx.scale, ctx.extras);
}

// The puzzle's variant rules compiled for the techniques, where it has some.
std::optional<logic::VariantRules> rules_of(const CandidateGrid& grid) {
  if (grid.constraints().empty()) return std::nullopt;
  return std::optional<logic::VariantRules>(std::in_place, grid.geometry(), grid.constraints());
}

// No limit, or the highest rating a step may have.
constexpr logic::Tenths kNoLimit = 1000;
logic::Tenths limit_of(double max_rating) { return max_rating > 0 ? logic::tenths_at_most(max_rating) : kNoLimit; }

// Per rung, the digits, houses or cells where its search may find something:
// those changed since it last found nothing (a search that found nothing stays
// empty where nothing it reads has changed). Each step's change is logged once
// and a rung takes in the changes it has not seen when it is asked (narrow):
// most rungs are seldom reached, so their sets are not kept up to date step
// by step.
class Unsearched {
 public:
  // Every set starts empty, and the log's first entry is "everything
  // changed": a rung's first ask takes it in.
  Unsearched(const Geometry& geometry, const logic::Tables& tables)
      : house_words_(tables.every_house().size()), cell_words_(static_cast<std::size_t>(geometry.cell_words())) {
    std::array<int, 4> slots{};  // per Scope
    slot_.reserve(kTechniques.size());
    for (const logic::TechniqueRow& row : kTechniques) {
      int& count = slots[static_cast<std::size_t>(row.scope)];
      slot_.push_back(row.scope == Scope::whole ? -1 : count++);
    }
    digits_.assign(static_cast<std::size_t>(slots[static_cast<std::size_t>(Scope::digits)]), 0);
    houses_.assign(static_cast<std::size_t>(slots[static_cast<std::size_t>(Scope::houses)]) * house_words_, 0);
    cells_.assign(static_cast<std::size_t>(slots[static_cast<std::size_t>(Scope::cells)]) * cell_words_, 0);
    seen_.assign(kTechniques.size(), 0);
    digit_log_.push_back(all_digits(geometry.size()));
    const auto every_house = tables.every_house();
    house_log_.assign(every_house.begin(), every_house.end());
    cell_log_.assign(cell_words_, 0);
    for (int c = 0; c < geometry.cell_count(); ++c) cell_log_[static_cast<std::size_t>(c >> 6)] |= std::uint64_t{1} << (c & 63);
  }
  // Narrows ctx to rung i's unsearched part; false if there is none.
  bool narrow(std::size_t i, Context& ctx) {
    const int slot = slot_[i];
    const std::size_t from = seen_[i], to = digit_log_.size();
    seen_[i] = to;
    switch (kTechniques[i].scope) {
      case Scope::digits:
        for (std::size_t step = from; step < to; ++step) digits_[slot] |= digit_log_[step];
        ctx.scope_digits = digits_[slot];
        return digits_[slot] != 0;
      case Scope::houses: return any(ctx.scope_houses = take_in(houses_, house_log_, house_words_, slot, from, to));
      case Scope::cells: return any(ctx.scope_cells = take_in(cells_, cell_log_, cell_words_, slot, from, to));
      case Scope::whole: return true;
    }
    return true;
  }
  // After narrow(i): rung i's search found nothing.
  void found_nothing(std::size_t i) {
    const int slot = slot_[i];
    const auto clear = [&](std::vector<std::uint64_t>& sets, std::size_t width) {
      std::fill_n(sets.begin() + static_cast<std::ptrdiff_t>(slot * width), width, 0);
    };
    const Scope scope = kTechniques[i].scope;
    if (scope == Scope::digits) digits_[slot] = 0;
    if (scope == Scope::houses) clear(houses_, house_words_);
    if (scope == Scope::cells) clear(cells_, cell_words_);
  }
  void changed(const logic::StepChange& change) {
    digit_log_.push_back(change.digits);
    house_log_.insert(house_log_.end(), change.houses.begin(), change.houses.end());
    cell_log_.insert(cell_log_.end(), change.cells.begin(), change.cells.end());
  }

 private:
  // Slot `slot` of `sets` with the logged steps [from, to) ORed in.
  static std::span<const std::uint64_t> take_in(std::vector<std::uint64_t>& sets, const std::vector<std::uint64_t>& log,
                                                std::size_t width, int slot, std::size_t from, std::size_t to) {
    const std::span<std::uint64_t> set = std::span<std::uint64_t>(sets).subspan(static_cast<std::size_t>(slot) * width, width);
    for (std::size_t step = from; step < to; ++step)
      for (std::size_t w = 0; w < width; ++w) set[w] |= log[step * width + w];
    return set;
  }
  static bool any(std::span<const std::uint64_t> set) {
    return std::any_of(set.begin(), set.end(), [](std::uint64_t w) { return w != 0; });
  }

  std::size_t house_words_, cell_words_;
  std::vector<int> slot_;              // per rung: its place in digits_, houses_ or cells_ (by its scope)
  std::vector<std::size_t> seen_;      // per rung: the logged steps already in its set
  std::vector<Mask> digits_;           // per digit-scoped rung
  std::vector<std::uint64_t> houses_;  // per house-scoped rung, house_words_ words: a bit per house
  std::vector<std::uint64_t> cells_;   // per cell-scoped rung, cell_words_ words: a bit per cell
  // Per step applied: the digits, then house_words_ and cell_words_ words of changed houses and cells.
  std::vector<Mask> digit_log_;
  std::vector<std::uint64_t> house_log_, cell_log_;
};

// The first step of the ladder; with `unsearched`, each rung searches only
// where it may find something.
std::optional<Step> first_step(Context& ctx, double max_rating, Unsearched* unsearched = nullptr) {
  const logic::Tenths limit = limit_of(max_rating);
  for (std::size_t i = 0; i < kTechniques.size(); ++i) {
    const logic::TechniqueRow& row = kTechniques[i];
    if (!tried(row, ctx) || row.rating > limit) continue;
    if (unsearched && !unsearched->narrow(i, ctx)) continue;
    auto step = row.find(ctx);
    ctx.scope_digits = ~Mask{0};
    ctx.scope_houses = {};
    ctx.scope_cells = {};
    if (ctx.expired()) return std::nullopt;  // a search cut short proves nothing
    if (!step) {
      if (unsearched) unsearched->found_nothing(i);
      continue;
    }
    const logic::Tenths rating = logic::to_tenths(step->rating);
    if (rating > limit) return std::nullopt;
    step->rating = logic::to_rating(rating);
    return step;
  }
  return std::nullopt;
}

// How long a hint's chain search on a puzzle with variant rules looks for an
// easier chain than the first it found (the step found by then stands).
constexpr auto kHintChainBudget = std::chrono::milliseconds(30);

std::chrono::steady_clock::time_point deadline_of(const LogicOptions& options) {
  return detail::deadline_after(options.time_limit);
}

void count_technique(LogicResult& result, const std::string& technique) {
  auto& counts = result.techniques;
  const auto used = std::find_if(counts.begin(), counts.end(), [&](const TechniqueCount& c) { return c.technique == technique; });
  if (used == counts.end()) counts.push_back({technique, 1});
  else ++used->steps;
}

LogicResult run(CandidateGrid grid, const LogicOptions& options, const logic::LazyBool* unique,
               const std::function<std::optional<Grid>()>& solution_of) {
  LogicResult result{{}, {}, false, LogicStop::stuck, {}, grid};
  bool expired = false;
  logic::Tables tables(grid.geometry());
  std::optional<Grid> solution_store;
  const Grid* solution = nullptr;
  bool placed = false, guessed = false;
  const auto deadline = deadline_of(options);
  // The house map and the broken test kept up to date step by step.
  Context::HousesMap map = logic::map_houses(grid);
  logic::StepChange change;
  Unsearched unsearched(grid.geometry(), tables);
  const std::optional<logic::VariantRules> rules = rules_of(grid);
  bool broken = grid.broken();
  int open = static_cast<int>(std::count(grid.values().begin(), grid.values().end(), 0));
  while (open > 0 && !broken) {
    Context ctx{grid, grid.geometry(), tables, options.scale, options.assume_unique ? unique : nullptr,
                options.extras};
    ctx.deadline = deadline;
    ctx.kept_map = &map;
    ctx.describe = options.keep_steps;
    ctx.rules = rules ? &*rules : nullptr;
    auto step = first_step(ctx, options.max_rating, &unsearched);
    if (!step && ctx.expired()) {  // out of time: unsolved
      expired = true;
      break;
    }
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
      if (result.techniques.empty()) rt.ed = step->rating;  // the first step
      if (step->rating > rt.er) {
        rt.er = step->rating;
        rt.hardest = step->technique;
      }
      if (!placed) rt.ep = std::max(rt.ep, step->rating);
    }
    if (!step->placements.empty()) placed = true;
    broken = logic::apply_step(*step, grid, map, change);
    open -= change.placed;
    unsearched.changed(change);
    count_technique(result, step->technique);
    if (options.keep_steps) result.steps.push_back(std::move(*step));
  }
  result.solved = open == 0 && !broken;  // kept step by step (apply_step)
  result.stop = result.solved ? LogicStop::solved
                : broken      ? LogicStop::contradiction
                : expired     ? LogicStop::out_of_time
                              : LogicStop::stuck;
  result.rating.solved = result.solved && !guessed;
  result.final_state = std::move(grid);
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
  for (const logic::TechniqueRow& r : kTechniques)
    if (on_scale(r, scale, extras)) out.push_back({std::string(r.name), logic::to_rating(r.rating)});
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
  LogicStop stop;
  return next_step(grid, options, stop);
}

std::optional<Step> next_step(const CandidateGrid& grid, const LogicOptions& options, LogicStop& stop) {
  if (grid.solved()) {
    stop = LogicStop::solved;
    return std::nullopt;
  }
  if (grid.broken()) {
    stop = LogicStop::contradiction;
    return std::nullopt;
  }
  logic::Tables tables(grid.geometry());
  logic::LazyBool unique([] { return true; });
  Context ctx{grid, grid.geometry(), tables, options.scale, options.assume_unique ? &unique : nullptr,
              options.extras};
  ctx.deadline = deadline_of(options);
  const std::optional<logic::VariantRules> rules = rules_of(grid);
  ctx.rules = rules ? &*rules : nullptr;
  // On a puzzle with rules the dynamic chains' search over every candidate
  // follows each rule's revise and can take a second on an open killer:
  // a hint settles for the best chain found once this is spent (docs/logic.md).
  if (rules) ctx.settle_after = std::chrono::steady_clock::now() + kHintChainBudget;
  auto step = first_step(ctx, options.max_rating);
  if (!step) stop = ctx.expired() ? LogicStop::out_of_time : LogicStop::stuck;
  return step;
}

Rating rate(const Puzzle& puzzle, Scale scale, double max_rating) {
  LogicOptions options;
  options.scale = scale;
  options.max_rating = max_rating;
  options.keep_steps = false;
  return solve_logically(puzzle, options).rating;
}

}  // namespace nonet
