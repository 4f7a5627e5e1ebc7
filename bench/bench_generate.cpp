// Generator throughput on one thread: puzzles/s per difficulty level, per
// variant, and the mean number of givens per symmetry.
//
//   bench_generate [--count N] [--seed S] [--rater]
//
// Levels above "easy" need the SE rater; they are measured only with --rater
// (and only once the logic engine is linked into the library). Each row
// generates the same stream as `nonet generate --seed S -n N`, so the figures
// match the CLI minus process start and output.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "nonet/generate.hpp"
#include "nonet/logic.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Row {
  std::string name;
  double per_second = 0;
  double mean_givens = 0;
  double mean_attempts = 0;
};

Row measure(const std::string& name, std::shared_ptr<const nonet::Geometry> geometry,
            const nonet::GenerateOptions& options, int count, std::uint64_t seed) {
  const nonet::Generator generator(std::move(geometry), options);
  long givens = 0, attempts = 0;
  const auto start = Clock::now();
  for (int index = 0; index < count; ++index) {
    const auto made = generator.puzzle(seed, static_cast<std::uint64_t>(index));
    givens += made.givens;
    attempts += made.attempts;
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return {name, count / seconds, static_cast<double>(givens) / count, static_cast<double>(attempts) / count};
}

void print(const Row& row) {
  std::printf("| %-28s | %12.0f | %8.1f | %8.2f |\n", row.name.c_str(), row.per_second, row.mean_givens,
              row.mean_attempts);
  std::fflush(stdout);
}

std::shared_ptr<const nonet::Geometry> classic(int size) {
  const auto shape = nonet::Geometry::box_shape(size);
  return std::make_shared<const nonet::Geometry>(nonet::Geometry::classic(shape->first, shape->second));
}

}  // namespace

int main(int argc, char** argv) {
  int count = 2000;
  std::uint64_t seed = 1;
  bool with_rater = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--count") && i + 1 < argc) count = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--rater")) with_rater = true;
  }
  std::printf("| %-28s | %12s | %8s | %8s |\n|---|---:|---:|---:|\n", "case (one thread)", "puzzles/s",
              "givens", "attempts");

  nonet::GenerateOptions plain;
  print(measure("classic 9x9, any difficulty", classic(9), plain, count, seed));
  for (const auto& level : nonet::difficulty_levels()) {
    nonet::GenerateOptions options;
    options.rating = level.range;
    if (level.range.min >= 2.6) {
      if (!with_rater) continue;
      options.rater = [](const nonet::Puzzle& puzzle, double max_rating) {
        return nonet::rate(puzzle, nonet::Scale::se, max_rating);
      };
    }
    const int level_count = level.range.min >= 6.0 ? std::max(1, count / 100) : count;
    print(measure("level " + level.name, classic(9), options, level_count, seed));
  }
  for (const auto& name : nonet::symmetry_names()) {
    nonet::GenerateOptions options;
    options.symmetry = *nonet::parse_symmetry(name);
    print(measure("symmetry " + name, classic(9), options, count / 2, seed));
  }
  print(measure("classic 4x4", classic(4), plain, count, seed));
  print(measure("classic 6x6", classic(6), plain, count, seed));
  print(measure("classic 16x16", classic(16), plain, std::max(1, count / 100), seed));
  print(measure("diagonal 9x9", std::make_shared<const nonet::Geometry>(nonet::Geometry::diagonal(3, 3)), plain,
                count, seed));
  print(measure("windoku", std::make_shared<const nonet::Geometry>(nonet::Geometry::windoku()), plain, count, seed));
  // A jigsaw layout known to have solution grids, from the shared data.
  std::ifstream layouts(std::string(NONET_DATA_DIR) + "/variants/jigsaw/valid_layouts.txt");
  if (std::string line; std::getline(layouts, line)) {
    auto jigsaw = std::make_shared<const nonet::Geometry>(nonet::Geometry::jigsaw(9, nonet::parse_region_map(line)));
    print(measure("jigsaw 9x9", jigsaw, plain, count, seed));
  }
  return 0;
}
