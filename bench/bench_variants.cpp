// Per-puzzle time of counting to 2 (proving uniqueness), one thread, for the
// side-by-side comparison with ISS (bench/iss_compare.sh):
//
//   bench_variants [--repeat N] [--max-nodes N] [--count-limit K] FILE
//
// (--count-limit 1: the time to a first solution, what a hint needs.)
// Every record of FILE is read first, so only solving is timed. Prints one
// JSON line per record, in input order: index, status, guesses, nodes, ms
// (the best of N solves by the wall clock, as ISS's benchmark reports its best
// of --repeat runs of performance.now()) and cpu_ms (the same solve by this
// thread's CPU clock, which a busy machine does not inflate). A record that
// cannot be read prints its index and "malformed".
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <time.h>

#include "nonet/exact.hpp"
#include "nonet/format.hpp"

namespace {

double thread_milliseconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return 1e3 * static_cast<double>(now.tv_sec) + 1e-6 * static_cast<double>(now.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
  int repeat = 1;
  std::uint64_t max_nodes = 0, count_limit = 2;
  std::string path;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--repeat" && i + 1 < argc) repeat = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--max-nodes" && i + 1 < argc) max_nodes = std::strtoull(argv[++i], nullptr, 10);
    else if (arg == "--count-limit" && i + 1 < argc) count_limit = std::max(1ull, std::strtoull(argv[++i], nullptr, 10));
    else path = arg;
  }
  std::ifstream in(path, std::ios::binary);
  if (path.empty() || !in) {
    std::fprintf(stderr, "usage: bench_variants [--repeat N] [--max-nodes N] [--count-limit K] FILE\n");
    return 2;
  }
  nonet::PuzzleReader reader(in, path, nonet::ReadOptions{});
  std::vector<nonet::Record> records;
  for (nonet::Record record; reader.next(record);) records.push_back(record);
  for (const nonet::Record& record : records) {
    if (!record.puzzle) {
      std::printf("{\"index\":%zu,\"status\":\"malformed\"}\n", record.index);
      continue;
    }
    nonet::SolveOptions options;
    options.count_limit = count_limit;
    options.keep = 0;
    options.max_nodes = max_nodes;
    options.candidates = record.candidates;
    nonet::SolveResult result;
    double best = 1e300, best_cpu = 1e300;
    for (int run = 0; run < repeat; ++run) {
      const auto start = std::chrono::steady_clock::now();
      const double cpu_start = thread_milliseconds();
      nonet::solve_into(*record.puzzle, options, result);
      const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
      best = std::min(best, took.count());
      best_cpu = std::min(best_cpu, thread_milliseconds() - cpu_start);
    }
    std::printf("{\"index\":%zu,\"status\":\"%s\",\"guesses\":%llu,\"nodes\":%llu,\"ms\":%.3f,\"cpu_ms\":%.3f}\n",
                record.index,
                nonet::to_string(result.status), static_cast<unsigned long long>(result.guesses),
                static_cast<unsigned long long>(result.nodes), best, best_cpu);
    std::fflush(stdout);
  }
  return 0;
}
