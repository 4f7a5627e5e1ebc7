// The C API against the C++ API on the same puzzles, in the same run, one
// thread: what an embedding program pays per call for the C convenience.
//
//   bench_c_api [--runs N] [FILE...]
//
// Each FILE (default: tdoku/puzzles2_17_clue and tdoku/puzzles5_forum_hardest_1905_11+
// from NONET_DATA_DIR) is read into memory as lines of 81 characters. Per
// puzzle, counting to 2 (proving uniqueness), as a benchmark harness with a
// solver signature of "char* in, answer out" calls it:
//   c++  the line into a Puzzle (the classic geometry made once), solve_into
//        with a SolveResult reused from puzzle to puzzle
//   c    nonet_count(line, NULL, NULL, 2, &count): parse, shared geometry, solve
// The two alternate pass by pass; each row is the median of --runs passes,
// timed by this thread's CPU clock, and c/c++ is the ratio of their times.
// The counts of both are checked to agree.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "nonet/exact.hpp"
#include "nonet/nonet.h"

namespace {

double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 81) continue;
    line.resize(81);
    if (std::all_of(line.begin(), line.end(), [](char c) { return c == '.' || (c >= '0' && c <= '9'); }))
      lines.push_back(line);  // a puzzle, not a comment or header line
  }
  return lines;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

std::uint64_t run_cpp(const std::vector<std::string>& lines, const nonet::Puzzle& prototype) {
  nonet::Puzzle puzzle = prototype;
  nonet::SolveOptions options;
  options.count_limit = 2;
  options.keep = 0;
  nonet::SolveResult result;
  std::uint64_t total = 0;
  for (const std::string& line : lines) {
    for (int cell = 0; cell < 81; ++cell) puzzle.cells[cell] = static_cast<std::uint8_t>(nonet::digit_of_char(line[cell], 9));
    nonet::solve_into(puzzle, options, result);
    total += result.count;
  }
  return total;
}

std::uint64_t run_c(const std::vector<std::string>& lines) {
  std::uint64_t total = 0;
  for (const std::string& line : lines) {
    std::uint64_t count = 0;
    if (nonet_count(line.c_str(), nullptr, nullptr, 2, &count) != NONET_OK) {
      std::fprintf(stderr, "nonet_count: %s\n", nonet_last_error());
      std::exit(1);
    }
    total += count;
  }
  return total;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    else files.push_back(arg);
  }
  if (files.empty())
    files = {NONET_DATA_DIR "/tdoku/puzzles2_17_clue", NONET_DATA_DIR "/tdoku/puzzles5_forum_hardest_1905_11+"};
  const nonet::Puzzle prototype{nonet::make_geometry({}, 9), nonet::Grid(81, 0), ""};
  std::printf("%-44s %9s %12s %12s %7s\n", "set (count to 2, one thread)", "puzzles", "c++ p/s", "c p/s", "c/c++");
  for (const std::string& file : files) {
    const auto lines = read_lines(file);
    if (lines.empty()) {
      std::fprintf(stderr, "%s: no 81-character lines\n", file.c_str());
      return 1;
    }
    std::vector<double> cpp_times, c_times;
    for (int run = 0; run < runs; ++run) {
      double start = cpu_seconds();
      const std::uint64_t cpp_total = run_cpp(lines, prototype);
      cpp_times.push_back(cpu_seconds() - start);
      start = cpu_seconds();
      const std::uint64_t c_total = run_c(lines);
      c_times.push_back(cpu_seconds() - start);
      if (cpp_total != c_total) {
        std::fprintf(stderr, "%s: counts differ (c++ %llu, c %llu)\n", file.c_str(),
                     static_cast<unsigned long long>(cpp_total), static_cast<unsigned long long>(c_total));
        return 1;
      }
    }
    const double cpp = median(cpp_times), c = median(c_times);
    const std::string name = file.substr(file.find_last_of('/') + 1);
    std::printf("%-44s %9zu %12.0f %12.0f %7.3f\n", name.c_str(), lines.size(), lines.size() / cpp,
                lines.size() / c, c / cpp);
  }
  return 0;
}
