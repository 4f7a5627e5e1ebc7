// The generator's public side: seeds, full grids, option checks, and the
// Generator, which hands each puzzle to an idle carver (carver.hpp).
#include <algorithm>
#include <array>
#include <bit>
#include <mutex>
#include <numeric>
#include <optional>

#include "nonet/exact.hpp"
#include "exact/fast9.hpp"
#include "nonet/generate.hpp"
#include "carver.hpp"
#include "variant.hpp"

namespace nonet {

std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t index_state = index;
  std::uint64_t state = seed ^ detail::splitmix64(index_state);
  return detail::splitmix64(state);
}

namespace {

// A uniform relabelling of the digits: whatever grid a search lands on (a
// search favours some digits in some cells, by the order it tries them),
// every digit is then equally likely in every cell.
void relabel(Grid& grid, int size, detail::Random& rng) {
  std::vector<std::uint8_t> label(size);
  std::iota(label.begin(), label.end(), std::uint8_t{1});
  rng.shuffle(label);
  for (auto& digit : grid) digit = label[digit - 1];
}

// 9×9 classic and diagonal: the three boxes on the main diagonal filled at
// random, cell by cell with a digit no filled peer holds, the diagonal's own
// nine cells first (so a diagonal grid, whose main diagonal runs through
// these boxes, never meets a dead end; a classic grid gets three independent
// random permutations), then the fast engine's first solution: about 5 µs
// against 65 µs for a random generic search, and the 9!³ seeds keep the grids
// varied.
std::optional<Grid> seeded_fast9_grid(const Geometry& geometry, detail::Random& rng) {
  Grid seeds(81, 0);
  // The digits placed in each house so far (27 houses, 29 on a diagonal
  // grid); a cell takes the k-th of its free digits in increasing order, k
  // drawn at random.
  std::array<Mask, 32> used{};
  const auto fill = [&](int cell) {
    Mask free = all_digits(9);
    for (int house : geometry.houses_of(cell)) free &= ~used[house];
    for (std::uint64_t skip = rng.below(std::popcount(free)); skip > 0; --skip) free &= free - 1;
    const int digit = std::countr_zero(free) + 1;
    seeds[cell] = static_cast<std::uint8_t>(digit);
    for (int house : geometry.houses_of(cell)) used[house] |= digit_bit(digit);
  };
  for (int on_diagonal : {1, 0})
    for (int box : {0, 4, 8})
      for (int i = 0; i < 9; ++i) {
        const int row = 3 * (box / 3) + i / 3, column = 3 * (box % 3) + i % 3;
        if ((row == column) == (on_diagonal == 1)) fill(9 * row + column);
      }
  SolveOptions options;
  options.count_limit = 1;
  // The cells search: the first solution of the search these grids were
  // always made with (Fast9Search), so a seed keeps its grid.
  SolveResult result = detail::solve_fast9(detail::borrowed_puzzle(geometry, std::move(seeds)), options,
                                           detail::Fast9Isa::automatic, detail::Fast9Search::cells);
  if (result.solutions.empty()) return std::nullopt;
  return std::move(result.solutions.front());
}

// Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, … (i from 1): restart budgets
// within a constant factor of the best fixed one, whatever it is.
std::uint64_t luby(std::uint64_t i) {
  for (;;) {
    std::uint64_t k = 1;
    while ((std::uint64_t{1} << k) - 1 < i) ++k;
    if ((std::uint64_t{1} << k) - 1 == i) return std::uint64_t{1} << (k - 1);
    i -= (std::uint64_t{1} << (k - 1)) - 1;
  }
}

}  // namespace

Grid random_full_grid(const Geometry& geometry, std::uint64_t seed, std::uint64_t max_nodes) {
  detail::Random rng(seed);
  if (geometry.cell_count() == 81 && detail::fast9_supports(geometry)) {
    for (;;) {
      if (auto grid = seeded_fast9_grid(geometry, rng)) {
        relabel(*grid, 9, rng);
        return std::move(*grid);
      }
    }
  }
  SolveOptions options;
  options.count_limit = 1;
  options.random = true;
  options.max_nodes = max_nodes;
  // A layout with no full grid that propagation cannot refute would keep the
  // search going for ever; a few searches with a node budget each (another
  // random order often succeeds at once where one got lost) bound it.
  // The first search finds the grid of a seed on every layout that has
  // room (boxes, regions: a few hundred nodes); on a tight layout (16×16
  // windoku) a random search is either lucky early or lost for millions of
  // nodes, so it is cut short and restarted with Luby's sequence of budgets.
  constexpr int kSearches = 4;
  constexpr std::uint64_t kFirstSearch = 65536, kRestartUnit = 256;
  SolveResult result;
  const auto search = [&](std::uint64_t budget) {
    options.seed = rng.next();
    options.max_nodes = budget;
    result = solve_generic(detail::borrowed_puzzle(geometry, Grid(geometry.cell_count(), 0)), options);
    if (result.status == SolveStatus::no_solution)
      throw GenerateError("no full grid exists for this " + geometry.variant() + " layout");
  };
  search(max_nodes == 0 ? 0 : std::min(max_nodes, kFirstSearch));
  const std::uint64_t restart_budget = max_nodes == 0 ? 0 : kSearches * max_nodes;
  for (std::uint64_t spent = 0, restart = 1; result.solutions.empty() && max_nodes != 0 && spent < restart_budget;
       ++restart) {
    const std::uint64_t budget = std::min(kRestartUnit * luby(restart), restart_budget - spent);
    search(budget);
    spent += budget;
  }
  if (result.solutions.empty())
    throw GenerateError("no full grid found for this " + geometry.variant() + " layout in " +
                        std::to_string(kSearches * max_nodes) + " nodes of random searches: it may have none");
  Grid grid = std::move(result.solutions.front());
  relabel(grid, geometry.size(), rng);
  return grid;
}


Rater se_rater(double time_limit) {
  return [time_limit](const Puzzle& puzzle, double max_rating) {
    LogicOptions options;
    options.max_rating = max_rating;
    options.time_limit = time_limit;
    options.keep_steps = false;
    return solve_logically(puzzle, options).rating;
  };
}

constexpr int kLargestKillerGrid = 12;

void validate(const Geometry& geometry, const GenerateOptions& options) {
  if (auto why = symmetry_misfit(geometry, options.symmetry)) throw GenerateError(*why);
  const int cells = geometry.cell_count();
  if (options.min_givens < 0 || options.min_givens > cells)
    throw GenerateError("--givens minimum must lie in 0.." + std::to_string(cells));
  if (options.max_givens < 0 || (options.max_givens > 0 && options.max_givens < options.min_givens))
    throw GenerateError("--givens range is empty (MIN > MAX)");
  if (options.max_attempts < 1) throw GenerateError("max_attempts must be at least 1");
  if (options.rules != VariantRules::none) {
    const std::string rules = to_string(options.rules);
    if (options.rating && !options.rater) throw GenerateError("a rating range for " + rules + " puzzles needs the rater");
    if (options.min_givens > 0 || options.max_givens > 0)
      throw GenerateError("--givens is not available for " + rules + " puzzles: their clues are carved to minimal");
    // MAX beyond N means N (the default 5 on a 4×4 grid).
    if (options.min_cage < 1 || options.max_cage < options.min_cage || options.min_cage > geometry.size())
      throw GenerateError("cage sizes must satisfy 1 <= MIN <= MAX and MIN <= " + std::to_string(geometry.size()));
    // Measured (docs/generate.md): 12×12 killers take a second or two; from
    // 14×14 on, every count of a drawn killer's solutions gives up at its
    // node limit (20-30 s each on 16×16), so no puzzle ever came.
    if (options.rules == VariantRules::killer && geometry.size() > kLargestKillerGrid)
      throw GenerateError("killer puzzles are generated on grids up to " + std::to_string(kLargestKillerGrid) + "x" +
                          std::to_string(kLargestKillerGrid) + ": on larger ones the counts that prove a killer unique "
                          "give up (200,000 nodes, 20-30 s each on 16x16) and no puzzle comes");
    return;
  }
  if (options.rating && !options.rater) {
    // Without the rater only ranges that singles decide can be met.
    const RatingRange& want = *options.rating;
    using detail::TenthsRange;
    using logic::rating_of;
    using logic::Technique;
    const TenthsRange range = detail::tenths_range(want);
    // Ratings of 1.7-2.3 (all singles), or hidden singles only.
    const TenthsRange all_singles{rating_of(Technique::direct_pointing), rating_of(Technique::naked_single)};
    const bool decided = all_singles.inside(range) || (range.max <= rating_of(Technique::hidden_single_line) &&
                                                       range.min <= rating_of(Technique::full_house));
    if (!decided)
      throw GenerateError("rating range " + std::to_string(want.min) + "-" + std::to_string(want.max) +
                          " needs the SE rater, which is not available");
  }
}

Generator::Generator(std::shared_ptr<const Geometry> geometry, GenerateOptions options)
    : geometry_(std::move(geometry)), options_(std::move(options)), carvers_(std::make_unique<CarverPool>()) {
  validate(*geometry_, options_);
  orbits_ = symmetry_orbits(*geometry_, options_.symmetry);
}

// A carver's answers do not depend on what it carved before (its solvers
// only keep what makes the next test cheaper), so any idle one will do.
struct Generator::CarverPool {
  std::mutex mutex;
  std::vector<std::unique_ptr<detail::Carver>> idle;
};

Generator::~Generator() = default;

GeneratedPuzzle Generator::puzzle(std::uint64_t seed, std::uint64_t index) const {
  if (options_.rules != VariantRules::none) {
    GeneratedPuzzle result = detail::generate_variant(*geometry_, options_, orbits_, stream_seed(seed, index));
    result.index = index;
    result.puzzle.geometry = geometry_;
    return result;
  }
  std::unique_ptr<detail::Carver> carver;
  {
    const std::lock_guard lock(carvers_->mutex);
    if (!carvers_->idle.empty()) {
      carver = std::move(carvers_->idle.back());
      carvers_->idle.pop_back();
    }
  }
  if (!carver) carver = detail::make_carver(*geometry_, options_, orbits_);
  GeneratedPuzzle result = carver->generate(stream_seed(seed, index));
  {
    const std::lock_guard lock(carvers_->mutex);
    carvers_->idle.push_back(std::move(carver));
  }
  result.index = index;
  result.puzzle.geometry = geometry_;
  return result;
}

GeneratedPuzzle generate_puzzle(const std::shared_ptr<const Geometry>& geometry,
                                const GenerateOptions& options, std::uint64_t seed,
                                std::uint64_t index) {
  return Generator(geometry, options).puzzle(seed, index);
}

}  // namespace nonet
