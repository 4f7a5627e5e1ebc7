// Helpers shared by the test files: the puzzle sets, checks every solution
// must pass, and running the nonet binary end to end.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nonet/exact.hpp"
#include "nonet/format.hpp"

namespace nonet::testing {

inline std::string data_path(const std::string& relative) { return std::string(NONET_DATA_DIR) + "/" + relative; }
inline bool shared_data_present() {
  std::ifstream readme(data_path("README.md"));
  return readme.good();
}
// Tests that read ../shared/data skip, saying so, where it is absent (a clone
// without the project's shared folder beside it).
#define NONET_NEEDS_SHARED_DATA()                                                          \
  do {                                                                                     \
    if (!::nonet::testing::shared_data_present())                                          \
      GTEST_SKIP() << "needs the shared puzzle sets, absent here: " NONET_DATA_DIR;        \
  } while (0)
// At the end of a test only a part of which (named by `part`, a string
// literal) needs the shared data, the part guarded by shared_data_present():
// where the data is absent, the rest ran, and the test is reported skipped
// with the part it could not run.
#define NONET_PART_NEEDS_SHARED_DATA(part)                                                 \
  do {                                                                                     \
    if (!::nonet::testing::shared_data_present())                                          \
      GTEST_SKIP() << "ran without " part "; that part needs the shared puzzle sets, "     \
                      "absent here: " NONET_DATA_DIR;                                      \
  } while (0)
inline std::string source_path(const std::string& relative) { return std::string(NONET_SOURCE_DIR) + "/" + relative; }

// The one way the tests read puzzle files (the shared data's and examples/):
// every `every`-th puzzle (all when every == 1), at most `limit` of them,
// each with its comment (a published rating, say). Every record must read.
inline std::vector<Puzzle> load_puzzles(const std::string& path, std::size_t every = 1, ReadOptions options = {},
                                        std::size_t limit = SIZE_MAX) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  PuzzleReader reader(in, path, options);
  std::vector<Puzzle> puzzles;
  for (Record record; puzzles.size() < limit && reader.next(record);) {
    EXPECT_FALSE(record.error) << record.error->to_string();
    if (record.puzzle && record.index % every == 0) puzzles.push_back(std::move(*record.puzzle));
  }
  return puzzles;
}

// About `wanted` puzzles spread evenly over a file of one puzzle a line:
// every step-th, the step taken from the line count.
inline std::vector<Puzzle> load_spread(const std::string& path, std::size_t wanted) {
  std::ifstream count(path, std::ios::binary);
  const auto lines = static_cast<std::size_t>(std::count(std::istreambuf_iterator<char>(count), {}, '\n'));
  return load_puzzles(path, std::max<std::size_t>(1, lines / wanted), {}, wanted);
}

// The first `count` jigsaw layouts of the shared data (one region map a line).
inline std::vector<std::vector<int>> load_jigsaw_layouts(std::size_t count) {
  const std::string path = data_path("variants/jigsaw/valid_layouts.txt");
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<std::vector<int>> layouts;
  for (std::string line; layouts.size() < count && std::getline(in, line);) layouts.push_back(parse_region_map(line));
  return layouts;
}

inline Puzzle parse_one(const std::string& text, ReadOptions options = {}) {
  auto records = read_all(text, options);
  EXPECT_EQ(records.size(), 1u);
  EXPECT_FALSE(records.front().error) << records.front().error->to_string();
  return *records.front().puzzle;
}

// The error a one-record text reads to, as the CLI prints it; "no error"
// when it reads as a puzzle (or as more or fewer records than one).
inline std::string read_error(const std::string& text) {
  auto records = read_all(text);
  if (records.size() != 1 || !records[0].error) return "no error";
  return records[0].error->to_string();
}

// The givens kept and every house holding 1..N once.
inline ::testing::AssertionResult valid_solution(const Puzzle& puzzle, const Grid& solution) {
  if (is_solution_of(puzzle, solution)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "not a solution of " << to_line(*puzzle.geometry, puzzle.cells) << ": "
                                       << to_line(*puzzle.geometry, solution);
}

// The pencil marks of a 9×9 puzzle as a 729-character line: every digit no
// peer holds, a given alone.
inline std::string pencil_marks_of(const std::string& puzzle) {
  std::string line(729, '.');
  for (int cell = 0; cell < 81; ++cell) {
    for (int digit = 1; digit <= 9; ++digit) {
      bool seen = puzzle[cell] != '.' && puzzle[cell] - '0' != digit;
      for (int other = 0; other < 81 && !seen && puzzle[cell] == '.'; ++other) {
        const bool peer = other != cell && (other / 9 == cell / 9 || other % 9 == cell % 9 ||
                                            (other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3));
        seen = peer && puzzle[other] - '0' == digit;
      }
      if (!seen) line[cell * 9 + digit - 1] = static_cast<char>('0' + digit);
    }
  }
  return line;
}

// The lines of a text, without their line breaks.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A 9×9 puzzle as Sudoku Explainer and HoDoKu print a boxed grid: framed by
// *-----------*, the boxes split by | and |---+---+---|.
inline std::string boxed_grid(const std::string& puzzle) {
  std::string text = "*-----------*\n";
  for (int row = 0; row < 9; ++row) {
    if (row == 3 || row == 6) text += "|---+---+---|\n";
    for (int box = 0; box < 3; ++box) text.append("|").append(puzzle, row * 9 + box * 3, 3);
    text += "|\n";  // appends, not a chain of +: g++ 12 -O2 warns -Wrestrict (falsely) on the chain
  }
  return text + "*-----------*\n";
}

struct RunResult {
  int exit_code = -1;
  std::string out, err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// Runs `nonet ARGS` with `input` on stdin.
inline RunResult run_nonet(const std::string& args, const std::string& input = "") {
  const std::string base = ::testing::TempDir() + "nonet_" +
                           std::to_string(reinterpret_cast<std::uintptr_t>(&input)) + "_" +
                           ::testing::UnitTest::GetInstance()->current_test_info()->name();
  {
    std::ofstream(base + ".in", std::ios::binary) << input;
  }
  const std::string command = std::string(NONET_BINARY) + " " + args + " < " + base + ".in > " + base + ".out 2> " +
                              base + ".err";
  const int status = std::system(command.c_str());
  RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = slurp(base + ".out");
  result.err = slurp(base + ".err");
  std::remove((base + ".in").c_str());
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  return result;
}

}  // namespace nonet::testing
