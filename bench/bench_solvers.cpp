// Throughput of the exact engines on whole puzzle sets, one thread.
//
//   bench_solvers [--runs N] [--generic-max N] [--diagonal N] [--seed S]
//                 [--no-generic] [--write-sets DIR] [FILE...]
//
// Each FILE (default: tdoku/puzzles2_17_clue, tdoku/puzzles5_forum_hardest_1905_11+
// and qqwing/expert.txt from NONET_DATA_DIR) is read into memory first, so
// only solving is timed. Two more sets are made here, deterministically from
// --seed with the project's own engines, to compare classic and diagonal on
// puzzles of the same making (N = --diagonal, default 2000, 0 for none):
//   minimal-classic-N, minimal-diagonal-N: puzzle i starts from a random full
//   grid from the generic engine (options.random, seed + i, on an empty grid);
//   then every cell, in an order shuffled by mt19937_64(seed + i), loses its
//   given unless that makes the puzzle non-unique. Minimal puzzles, like most
//   published ones; a minimal diagonal puzzle is much harder than a minimal
//   classic one (two more houses let far fewer givens pin the solution).
//   noguess-classic-N, noguess-diagonal-N: the same grids and orders, but a
//   given also stays when without it the fast engine would have to guess
//   (its count-to-2 solve takes more than the root node). Both sets are then
//   of one difficulty by construction, "singles and locked candidates", the
//   fair ground for the diagonal-vs-classic throughput ratio.
// For every set, engine and mode (first solution: count_limit 1; count to 2:
// count_limit 2) it prints puzzles/s and µs/puzzle (the median of --runs
// passes, timed by this thread's CPU clock), guesses/puzzle, nodes/puzzle
// and how many puzzles ended with each status. The generic engine is
// timed on the first --generic-max puzzles of a set only (it is slow on the
// hard sets); the row says how many.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <time.h>

#include "exact/fast9.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"

namespace {

using nonet::Puzzle;
using nonet::SolveOptions;
using nonet::SolveResult;

struct PuzzleSet {
  std::string name;
  std::vector<Puzzle> puzzles;
};

struct Settings {
  int runs = 3;
  std::size_t generic_max = 1000;
  std::size_t carved_count = 2000;
  std::uint64_t seed = 1;
  bool with_generic = true;
  std::string write_dir;
  std::vector<std::string> files;
};

PuzzleSet read_set(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    std::exit(2);
  }
  nonet::PuzzleReader reader(in, path, nonet::ReadOptions{});
  PuzzleSet set{std::filesystem::path(path).filename().string(), {}};
  nonet::Record record;
  while (reader.next(record))
    if (record.puzzle) set.puzzles.push_back(*record.puzzle);
  return set;
}

// See the file comment: random full grid, then givens removed while unique
// (and, for no_guess, while the fast engine needs no guess).
PuzzleSet carve_set(bool diagonal, bool no_guess, std::size_t count, std::uint64_t seed) {
  const auto geometry = std::make_shared<const nonet::Geometry>(diagonal ? nonet::Geometry::diagonal(3, 3)
                                                                         : nonet::Geometry::classic(3, 3));
  PuzzleSet set{std::string(no_guess ? "noguess-" : "minimal-") + (diagonal ? "diagonal-" : "classic-") +
                    std::to_string(count),
                {}};
  SolveOptions unique_check;
  unique_check.count_limit = 2;
  unique_check.keep = 0;
  for (std::size_t i = 0; i < count; ++i) {
    SolveOptions random;
    random.random = true;
    random.seed = seed + i;
    random.count_limit = 1;
    const SolveResult full = nonet::solve_generic(Puzzle{geometry, nonet::Grid(81, 0), ""}, random);
    Puzzle puzzle{geometry, full.solutions.at(0), ""};
    std::vector<int> order(81);
    for (int cell = 0; cell < 81; ++cell) order[cell] = cell;
    std::mt19937_64 shuffle(seed + i);
    std::shuffle(order.begin(), order.end(), shuffle);
    for (int cell : order) {
      const auto digit = puzzle.cells[cell];
      puzzle.cells[cell] = 0;
      const SolveResult check = nonet::solve(puzzle, unique_check);
      const bool keep_given = check.status != nonet::SolveStatus::unique || (no_guess && check.nodes > 1);
      if (keep_given) puzzle.cells[cell] = digit;
    }
    set.puzzles.push_back(std::move(puzzle));
  }
  return set;
}

// CPU time of this thread: on a shared machine it leaves out the time other
// processes hold the core, which wall-clock time would count against us.
double thread_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

using Engine = std::function<SolveResult(const Puzzle&, const SolveOptions&)>;

struct Measurement {
  double puzzles_per_second = 0;
  double guesses_per_puzzle = 0;
  double nodes_per_puzzle = 0;
  std::size_t puzzles = 0;
  std::size_t solved = 0, unique = 0, multiple = 0;
};

Measurement measure(const Engine& engine, const std::vector<Puzzle>& puzzles, std::uint64_t count_limit,
                    int runs) {
  SolveOptions options;
  options.count_limit = count_limit;
  Measurement result;
  result.puzzles = puzzles.size();
  std::vector<double> rates;
  for (int run = 0; run < runs; ++run) {
    std::uint64_t guesses = 0, nodes = 0;
    std::size_t solved = 0, unique = 0, multiple = 0;
    const double start = thread_seconds();
    for (const Puzzle& puzzle : puzzles) {
      const SolveResult solved_puzzle = engine(puzzle, options);
      guesses += solved_puzzle.guesses;
      nodes += solved_puzzle.nodes;
      solved += solved_puzzle.status == nonet::SolveStatus::solved;
      unique += solved_puzzle.status == nonet::SolveStatus::unique;
      multiple += solved_puzzle.status == nonet::SolveStatus::multiple;
    }
    rates.push_back(static_cast<double>(puzzles.size()) / (thread_seconds() - start));
    result.guesses_per_puzzle = static_cast<double>(guesses) / static_cast<double>(puzzles.size());
    result.nodes_per_puzzle = static_cast<double>(nodes) / static_cast<double>(puzzles.size());
    result.solved = solved, result.unique = unique, result.multiple = multiple;
  }
  std::sort(rates.begin(), rates.end());
  result.puzzles_per_second = rates[rates.size() / 2];
  return result;
}

void print_row(const std::string& set, const char* engine, const char* mode, const Measurement& m) {
  std::printf("| %-34s | %-14s | %-11s | %7zu | %12.0f | %10.2f | %8.2f | %8.2f | %s\n", set.c_str(), engine, mode,
              m.puzzles, m.puzzles_per_second, 1e6 / m.puzzles_per_second, m.guesses_per_puzzle,
              m.nodes_per_puzzle,
              (std::to_string(m.solved) + " solved, " + std::to_string(m.unique) + " unique, " +
               std::to_string(m.multiple) + " multiple")
                  .c_str());
  std::fflush(stdout);
}

void write_set(const PuzzleSet& set, const std::string& dir) {
  std::ofstream out(std::filesystem::path(dir) / (set.name + ".txt"));
  for (const Puzzle& puzzle : set.puzzles) out << nonet::to_line(*puzzle.geometry, puzzle.cells) << '\n';
}

Settings parse(int argc, char** argv) {
  Settings settings;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--runs") settings.runs = std::max(1, std::atoi(value().c_str()));
    else if (arg == "--generic-max") settings.generic_max = std::strtoull(value().c_str(), nullptr, 10);
    else if (arg == "--diagonal") settings.carved_count = std::strtoull(value().c_str(), nullptr, 10);
    else if (arg == "--seed") settings.seed = std::strtoull(value().c_str(), nullptr, 10);
    else if (arg == "--no-generic") settings.with_generic = false;
    else if (arg == "--write-sets") settings.write_dir = value();
    else if (arg.starts_with("--")) {
      std::fprintf(stderr, "unknown option %s (see the comment at the top of bench_solvers.cpp)\n", arg.c_str());
      std::exit(2);
    } else settings.files.push_back(arg);
  }
  if (settings.files.empty())
    for (const char* file : {"tdoku/puzzles2_17_clue", "tdoku/puzzles5_forum_hardest_1905_11+", "qqwing/expert.txt"})
      settings.files.push_back(std::string(NONET_DATA_DIR) + "/" + file);
  return settings;
}

}  // namespace

int main(int argc, char** argv) {
  const Settings settings = parse(argc, argv);
  std::vector<PuzzleSet> sets;
  for (const auto& file : settings.files) sets.push_back(read_set(file));
  if (settings.carved_count > 0) {
    const auto start = std::chrono::steady_clock::now();
    for (bool no_guess : {false, true})
      for (bool diagonal : {false, true})
        sets.push_back(carve_set(diagonal, no_guess, settings.carved_count, settings.seed));
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    std::printf("made the carved sets (seed %llu) in %.1f s\n", static_cast<unsigned long long>(settings.seed),
                elapsed.count());
  }
  if (!settings.write_dir.empty())
    for (const auto& set : sets) write_set(set, settings.write_dir);

  const auto best = nonet::detail::fast9_best_isa();
  std::printf("fast9 build picked on this CPU: %s; %d runs, median\n", nonet::detail::to_string(best), settings.runs);
  std::printf("| %-34s | %-14s | %-11s | %7s | %12s | %10s | %8s | %8s | statuses\n", "set", "engine", "mode",
              "puzzles", "puzzles/s", "us/puzzle", "guesses", "nodes");
  std::printf("|%s|%s|%s|%s|%s|%s|%s|%s|\n", std::string(36, '-').c_str(), std::string(16, '-').c_str(),
              std::string(13, '-').c_str(), std::string(9, '-').c_str(), std::string(14, '-').c_str(),
              std::string(12, '-').c_str(), std::string(10, '-').c_str(), std::string(10, '-').c_str());
  const Engine fast = [](const Puzzle& p, const SolveOptions& o) { return nonet::solve(p, o); };
  // The picked build with each search forced (cells: the generator's, and
  // the default before 2026-12-04; on diagonal sets both rows are the cells
  // search), and the builds below the one picked, to compare with it in the
  // same run.
  std::vector<std::pair<std::string, Engine>> others;
  for (const auto& [name, search] : {std::pair{"fast9-patterns", nonet::detail::Fast9Search::patterns},
                                     std::pair{"fast9-cells", nonet::detail::Fast9Search::cells}})
    others.emplace_back(name, [best, search](const Puzzle& p, const SolveOptions& o) {
      return nonet::detail::solve_fast9(p, o, best, search);
    });
  for (const auto isa : nonet::detail::fast9_runnable_isas())
    if (isa != best)
      others.emplace_back(std::string("fast9-") + nonet::detail::to_string(isa),
                          [isa](const Puzzle& p, const SolveOptions& o) { return nonet::detail::solve_fast9(p, o, isa); });
  const Engine generic = [](const Puzzle& p, const SolveOptions& o) { return nonet::solve_generic(p, o); };
  for (const auto& set : sets) {
    for (std::uint64_t count_limit : {1, 2}) {
      const char* mode = count_limit == 1 ? "first" : "count-to-2";
      print_row(set.name, "fast9", mode, measure(fast, set.puzzles, count_limit, settings.runs));
      for (const auto& [name, engine] : others)
        print_row(set.name, name.c_str(), mode, measure(engine, set.puzzles, count_limit, settings.runs));
      if (settings.with_generic) {
        const std::size_t n = std::min(settings.generic_max, set.puzzles.size());
        const std::vector<Puzzle> prefix(set.puzzles.begin(), set.puzzles.begin() + static_cast<long>(n));
        print_row(set.name, "generic", mode, measure(generic, prefix, count_limit, 1));
      }
    }
  }
  return 0;
}
