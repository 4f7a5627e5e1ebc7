// The nonet binary end to end: stdout, stderr and exit codes.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>

#include "nonet/version.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using testing::run_nonet;

const std::string kWikipedia = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kWikipediaSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

TEST(Cli, SolveFromStdinPassesCommentsThrough) {
  const auto result = run_nonet("solve", kWikipedia + " my note\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, kWikipediaSolution + " my note\n");
  EXPECT_EQ(result.err, "");
}

TEST(Cli, BatchKeepsOrderAndReportsBadLines) {
  std::string input;
  std::string expected;
  for (int i = 0; i < 600; ++i) {  // several blocks, so threads really interleave
    if (i % 97 == 5) {
      input += "not a puzzle\n";
      expected += "!malformed\n";
    } else {
      input += kWikipedia + " " + std::to_string(i) + "\n";
      expected += kWikipediaSolution + " " + std::to_string(i) + "\n";
    }
  }
  for (const char* jobs : {"-j 1", "-j 2", "-j 8"}) {
    const auto result = run_nonet(std::string("solve ") + jobs, input);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_EQ(result.out, expected) << jobs;
    EXPECT_NE(result.err.find("<stdin>:6:1: "), std::string::npos) << result.err;
  }
}

TEST(Cli, MessagesAboutFilesKeepTheirPlaceInTheOutput) {
  // A missing file is reported between the messages of the files around it,
  // whatever the number of threads.
  const std::string first = ::testing::TempDir() + "nonet_order_first.txt";
  const std::string second = ::testing::TempDir() + "nonet_order_second.txt";
  std::ofstream(first) << "abc\n" << kWikipedia << "\n";
  std::ofstream(second) << kWikipedia << "\nxyz\n";
  const std::string missing = ::testing::TempDir() + "nonet_no_such_file.txt";
  for (const char* jobs : {"-j 1", "-j 2", "-j 5"}) {
    const auto result = run_nonet(std::string("check ") + jobs + " " + first + " " + missing + " " + second);
    EXPECT_EQ(result.exit_code, 3) << jobs;
    const auto bad_first = result.err.find(first + ":1:1: ");
    const auto no_file = result.err.find("cannot open " + missing);
    const auto bad_second = result.err.find(second + ":2:1: ");
    ASSERT_NE(bad_first, std::string::npos) << result.err;
    ASSERT_NE(no_file, std::string::npos) << result.err;
    ASSERT_NE(bad_second, std::string::npos) << result.err;
    EXPECT_LT(bad_first, no_file) << result.err;
    EXPECT_LT(no_file, bad_second) << result.err;
  }
  std::remove(first.c_str());
  std::remove(second.c_str());
}

// A puzzle typed at a terminal is answered before the next line is typed,
// with one thread or several (another thread may already wait for that
// line), also when stderr is not a terminal (no progress bar to flush).
TEST(Cli, TypedPuzzleIsAnsweredAtOnce) {
  for (const char* jobs : {"1", "2"}) {
    int terminal = -1, program_side = -1;
    ASSERT_EQ(openpty(&terminal, &program_side, nullptr, nullptr, nullptr), 0);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      dup2(program_side, STDIN_FILENO);
      dup2(program_side, STDOUT_FILENO);
      const int null = open("/dev/null", O_WRONLY);
      dup2(null, STDERR_FILENO);
      close(terminal);
      execl(NONET_BINARY, "nonet", "solve", "-j", jobs, static_cast<char*>(nullptr));
      _exit(127);
    }
    close(program_side);
    const std::string line = kWikipedia + "\n";
    ASSERT_EQ(write(terminal, line.data(), line.size()), static_cast<ssize_t>(line.size()));
    std::string seen;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (seen.find(kWikipediaSolution) == std::string::npos && std::chrono::steady_clock::now() < deadline) {
      pollfd ready{terminal, POLLIN, 0};
      if (poll(&ready, 1, 100) <= 0) continue;
      char buffer[4096];
      const ssize_t got = read(terminal, buffer, sizeof buffer);
      if (got <= 0) break;
      seen.append(buffer, static_cast<std::size_t>(got));
    }
    kill(child, SIGKILL);
    waitpid(child, nullptr, 0);
    close(terminal);
    EXPECT_NE(seen.find(kWikipediaSolution), std::string::npos) << "-j " << jobs << " showed: " << seen;
  }
}

TEST(Cli, SolveSaysWhenThereAreSeveralSolutions) {
  std::string several = kWikipedia;
  several[0] = '.';
  several[1] = '.';
  several[4] = '.';
  const auto result = run_nonet("solve", several + "\n");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.out.find(" multiple"), std::string::npos) << result.out;
}

TEST(Cli, InvalidGivensNameDigitHouseCellsAndPosition) {
  std::string clash = kWikipedia;
  clash[7] = '5';
  const auto result = run_nonet("solve - ", "\n" + clash + "\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, clash + " invalid\n");
  EXPECT_EQ(result.err, "<stdin>:2:8: digit 5 twice in row 1 (r1c1, r1c8)\n");
}

TEST(Cli, CountAndCheck) {
  const auto count = run_nonet("count --limit 1000", std::string(16, '.') + "\n" + kWikipedia + "\n");
  EXPECT_EQ(count.out, "288\n1\n");
  EXPECT_EQ(count.exit_code, 0);
  const auto check = run_nonet("check", kWikipedia + "\n" + std::string(81, '.') + "\nabc\n");
  EXPECT_EQ(check.out, "unique\nmultiple\nmalformed: not a puzzle: 3 cells (expected N*N cells on one line, e.g. 81, or a grid of N rows of N)\n");
  EXPECT_EQ(check.exit_code, 1);
}

TEST(Cli, FormatsGridAndJson) {
  const auto grid = run_nonet("solve --format grid", kWikipedia + "\n");
  EXPECT_EQ(grid.out.substr(0, 22), "5 3 4 | 6 7 8 | 9 1 2\n");
  const auto json = run_nonet("solve --format json", kWikipedia + "\n");
  EXPECT_NE(json.out.find("\"status\":\"unique\""), std::string::npos);
  EXPECT_NE(json.out.find("\"solution\":\"" + kWikipediaSolution + "\""), std::string::npos);
}

TEST(Cli, VariantsFromTheCommandLine) {
  const auto diagonal = run_nonet("solve --variant diagonal " + testing::source_path("examples/diagonal.txt"));
  EXPECT_EQ(diagonal.exit_code, 0) << diagonal.err;
  EXPECT_EQ(diagonal.out, "945361782371284956268759341492678513683145297157932468526893174814527639739416825 made-by-nonet\n");
  const auto jigsaw = run_nonet("solve --variant jigsaw --regions " + testing::source_path("examples/jigsaw-regions.txt") +
                                " " + testing::source_path("examples/jigsaw.txt"));
  EXPECT_EQ(jigsaw.exit_code, 0) << jigsaw.err;
  // A Latin square: rows and columns only, any size (5×5 has no boxes).
  const auto latin = run_nonet("count --variant latin --limit 200000", std::string(25, '.') + "\n");
  EXPECT_EQ(latin.exit_code, 0) << latin.err;
  EXPECT_EQ(latin.out, "161280\n");
  const auto futoshiki = run_nonet("solve " + testing::source_path("examples/futoshiki.json"));
  EXPECT_EQ(futoshiki.exit_code, 0) << futoshiki.err;
  EXPECT_EQ(futoshiki.out.substr(0, 26), "5432143512321452145315234 ");
  const auto generated = run_nonet("generate --variant latin --size 7 -n 2 --seed 3");
  EXPECT_EQ(generated.exit_code, 0) << generated.err;
  const auto again = run_nonet("count --variant latin", generated.out);
  EXPECT_EQ(again.out, "1\n1\n") << generated.out;
  const auto no_map = run_nonet("solve --variant jigsaw", kWikipedia);
  EXPECT_EQ(no_map.exit_code, 2);
  EXPECT_NE(no_map.err.find("region map"), std::string::npos) << no_map.err;
}

TEST(Cli, RandomFullGridIsReproducible) {
  const std::string empty = std::string(81, '.') + "\n";
  const auto a = run_nonet("solve --random --seed 5", empty);
  const auto b = run_nonet("solve --random --seed 5", empty);
  const auto c = run_nonet("solve --random --seed 6", empty);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  EXPECT_EQ(a.out.size(), 82u + std::string(" multiple").size());
}

TEST(Cli, JunkInputNeverCrashes) {
  std::string junk;
  for (int i = 0; i < 5000; ++i) junk += static_cast<char>((i * 7919) % 256);
  for (const std::string& input : {junk, std::string(200000, '9'), std::string("{\"puzzle\": [[[["), std::string("[1,2,")}) {
    const auto result = run_nonet("solve", input);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_NE(result.err.find("<stdin>:"), std::string::npos);
  }
  const auto empty = run_nonet("check", "");
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_EQ(empty.err, "<stdin>:1:1: empty input: no puzzle found\n");
}

TEST(Cli, UsageErrorsAndHelp) {
  EXPECT_EQ(run_nonet("frobnicate").exit_code, 2);
  EXPECT_EQ(run_nonet("solve --size 99").exit_code, 2);
  const auto help = run_nonet("solve --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Example"), std::string::npos);
  EXPECT_EQ(run_nonet("--version").out, std::string("nonet ") + NONET_VERSION_STRING + "\n");
  const auto missing = run_nonet("solve /nonexistent/file.txt");
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_NE(missing.err.find("cannot open /nonexistent/file.txt"), std::string::npos);
}

TEST(Cli, NodeLimitGivesUpWithAMessage) {
  const auto result = run_nonet("count --limit 1000 --max-nodes 50", std::string(256, '.') + "\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("<stdin>:1:1: gave up after 50 search nodes"), std::string::npos) << result.err;
  // 9×9 goes to the fast engine, which once ignored the budget (and counted on).
  const auto nine = run_nonet("count --limit 1000000000 --max-nodes 50", std::string(81, '.') + "\n");
  EXPECT_EQ(nine.exit_code, 1);
  EXPECT_NE(nine.err.find("<stdin>:1:1: gave up after 50 search nodes"), std::string::npos) << nine.err;
}

TEST(Cli, StatsGoToStderr) {
  const auto result = run_nonet("check --stats", kWikipedia + "\n" + kWikipedia + "\n");
  EXPECT_NE(result.err.find("unique: 2"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("puzzles/s"), std::string::npos);
}

// A published puzzle (cbg-000, SE 1.2.1 rating 3.2, hardest an X-Wing).
const std::string kXWing = "1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7";
// One whose first step is already a pointing (cbg-000, 7.2).
const std::string kPointingFirst = "..3.5.......1..2.668...2.5.....14.7.34...796...59......3..9..4...62..3..9..7.....";

TEST(CliLogic, ExplainRateAndHintAPublishedPuzzle) {
  const auto explain = run_nonet("explain", kXWing + "\n");
  EXPECT_EQ(explain.exit_code, 0) << explain.err;
  EXPECT_NE(explain.out.find("13. X-Wing: 5 in column 6, column 9 only in row 6, row 7 → r6c4<>5, r6c8<>5 (3.2)"),
            std::string::npos) << explain.out;
  EXPECT_NE(explain.out.find("Solved in 62 steps: ER 3.2 EP 1.2 ED 1.2, hardest X-Wing"), std::string::npos);
  const auto rate = run_nonet("rate", kXWing + "\n");
  EXPECT_EQ(rate.exit_code, 0);
  EXPECT_EQ(rate.out.rfind(kXWing + " 3.2/1.2/1.2 X-Wing [", 0), 0u) << rate.out;
  EXPECT_EQ(run_nonet("hint --level 1", kPointingFirst + "\n").out, "Hint: Pointing in box 8, column 5\n");
  EXPECT_EQ(run_nonet("hint --level 2", kPointingFirst + "\n").out,
            "Hint: Pointing in box 8, column 5; look at r8c5,r9c5\n");
  EXPECT_NE(run_nonet("hint --level 3", kPointingFirst + "\n").out.find(
                "Pointing: 4 in box 8 only in column 5 → r2c5<>4, r3c5<>4 (2.6)"),
            std::string::npos);
}

// --time-limit: a forum-hardest puzzle (nested forcing chains, seconds of work)
// given a hundredth of a second is reported gave-up: its status, never numbers
// that read like a rating ("0.0/0.0/0.0 gave-up - []" did), and exit 1 as
// every command that runs out of time.
TEST(CliLogic, RateTimeLimit) {
  const std::string hardest = "98.7..6..5...9..7...7..4...4...3.2....59...8......1..31...8...7.2....5....94...6.";
  const auto rate = run_nonet("rate --time-limit 0.01", hardest + "\n");
  EXPECT_EQ(rate.exit_code, 1) << rate.err;
  EXPECT_EQ(rate.out, hardest + " gave-up\n");
  EXPECT_NE(rate.err.find("<stdin>:1:1: gave up after the time limit (--time-limit 0.01 s)"), std::string::npos)
      << rate.err;
  const auto json = run_nonet("rate --format json --time-limit 0.01", hardest + "\n");
  EXPECT_EQ(json.exit_code, 1);
  // JSON keeps the rating found so far beside the status that says it is not one.
  EXPECT_NE(json.out.find("\"status\":\"gave-up\",\"rating\":{"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"solved\":false"), std::string::npos) << json.out;
  for (const char* command : {"explain", "hint"})
    EXPECT_EQ(run_nonet(std::string(command) + " --time-limit 0.01", hardest + "\n").exit_code, 1) << command;
}

// A hint that finds no step in time on a puzzle with one solution offers a
// cell to reveal: the open cell with the fewest candidates; --level 3 gives
// its digit, the solution's.
TEST(CliLogic, AHintWithNoStepInTimeOffersACellToReveal) {
  const std::string hardest = "98.7..6..5...9..7...7..4...4...3.2....59...8......1..31...8...7.2....5....94...6.";
  const auto solved = run_nonet("solve", hardest + "\n");
  ASSERT_EQ(solved.exit_code, 0);
  const auto offered = run_nonet("hint --time-limit 0.2", hardest + "\n");
  EXPECT_EQ(offered.exit_code, 1);
  const std::string prefix = "no step found within the time limit (--time-limit 0.2 s); a cell to reveal: r";
  ASSERT_EQ(offered.out.rfind(prefix, 0), 0u) << offered.out;
  const std::string name = offered.out.substr(prefix.size() - 1, 4);  // r1c3
  const auto revealed = run_nonet("hint --level 3 --time-limit 0.2", hardest + "\n");
  const int cell = (name[1] - '1') * 9 + (name[3] - '1');
  EXPECT_NE(revealed.out.find("; revealed: " + name + "=" + solved.out.substr(static_cast<std::size_t>(cell), 1)),
            std::string::npos)
      << revealed.out << solved.out;
}

// A time limit that is not a number of seconds is refused; one beyond any run
// means no limit (1e308 seconds overflowed the clock: silent wrong answers).
TEST(CliLogic, TimeLimitsAreNumbersAndHugeMeansNone) {
  const std::string cbg000 = "1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7";
  for (const char* command : {"rate", "explain", "hint"}) {
    for (const char* bad : {"nan", "-1", "soon"}) {
      const auto refused = run_nonet(std::string(command) + " --time-limit " + bad, cbg000 + "\n");
      EXPECT_EQ(refused.exit_code, 2) << command << " " << bad;
      EXPECT_NE(refused.err.find("--time-limit"), std::string::npos) << refused.err;
    }
  }
  for (const char* huge : {"1e10", "1e308", "inf"}) {
    const auto rate = run_nonet(std::string("rate --time-limit ") + huge, cbg000 + "\n");
    EXPECT_EQ(rate.exit_code, 0) << huge << rate.err;
    EXPECT_EQ(rate.out.rfind(cbg000 + " 3.2/1.2/1.2 X-Wing", 0), 0u) << rate.out;
  }
}

// --max-technique: an unknown name lists the ladder in rating order.
TEST(CliLogic, UnknownTechniqueListsTheLadderInOrder) {
  const auto result = run_nonet("explain --max-technique telepathy", "");
  EXPECT_EQ(result.exit_code, 2);
  double last = 0;
  std::istringstream lines(result.err);
  int listed = 0;
  for (std::string line; std::getline(lines, line);) {
    double rating = 0;
    if (std::sscanf(line.c_str(), " %lf", &rating) != 1) continue;
    EXPECT_LE(last, rating) << line;
    last = rating;
    ++listed;
  }
  EXPECT_GT(listed, 20) << result.err;
}

// Clashing givens, no solution, several solutions: said as `solve` says them,
// with the position on stderr and exit code 1, never a hint or a rating.
TEST(CliLogic, PuzzlesWithoutOneSolutionAreReportedNotRated) {
  const std::string clash = "11" + std::string(79, '.');
  const auto hint = run_nonet("hint", clash + "\n");
  EXPECT_EQ(hint.exit_code, 1);
  EXPECT_EQ(hint.out, "no hint: invalid\n");
  EXPECT_EQ(hint.err, "<stdin>:1:2: digit 1 twice in row 1 (r1c1, r1c2)\n");
  const auto explain = run_nonet("explain", clash + "\n");
  EXPECT_EQ(explain.exit_code, 1);
  EXPECT_NE(explain.out.find("invalid: nothing to explain"), std::string::npos) << explain.out;
  const std::string none = "12345678." + std::string(8, '.') + "9" + std::string(63, '.');  // r1c9 must be 9
  const auto rate_none = run_nonet("rate", none + "\n");
  EXPECT_EQ(rate_none.exit_code, 1);
  EXPECT_EQ(rate_none.out, none + " no-solution\n");
  EXPECT_EQ(rate_none.err, "<stdin>:1:1: no solution\n");
  const std::string several = "123456789" + std::string(72, '.');
  const auto rate_several = run_nonet("rate", several + "\n" + kXWing + "\n");
  EXPECT_EQ(rate_several.exit_code, 1);
  EXPECT_EQ(rate_several.out.rfind(several + " multiple\n" + kXWing + " 3.2/", 0), 0u) << rate_several.out;
  EXPECT_EQ(rate_several.err, "<stdin>:1:1: more than one solution: not rated\n");
}

// Bad generate (and count/solve) options are refused before any work, with
// the option named and exit 2: a bad --shard once escaped as an uncaught
// exception (abort), "-n -3" wrapped round to an endless stream and a rating
// range above the scale searched for ever.
TEST(Cli, BadNumericOptionsAreRefusedUpFront) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"generate --shard 3/2", "--shard"},      {"generate --shard x", "--shard"},
      {"generate -n -3", "--count"},            {"generate --rating 12-13", "--rating"},
      {"generate --rating 0-0.5", "--rating"},  {"count --limit 0", "--limit"},
      {"solve --max-nodes -5", "--max-nodes"},
  };
  for (const auto& [args, option] : cases) {
    const auto result = run_nonet(args, kWikipedia + "\n");
    EXPECT_EQ(result.exit_code, 2) << args << ": " << result.err;
    EXPECT_NE(result.err.find(option), std::string::npos) << args << ": " << result.err;
    EXPECT_EQ(result.out, "") << args;
  }
}

TEST(Cli, GenerateWritesTheAskedPuzzles) {
  const auto made = run_nonet("generate -n 3 --seed 5 --difficulty easy -j 2");
  ASSERT_EQ(made.exit_code, 0) << made.err;
  EXPECT_EQ(std::count(made.out.begin(), made.out.end(), '\n'), 3);
  const auto checked = run_nonet("check", made.out);
  EXPECT_EQ(checked.out, "unique\nunique\nunique\n");
  const auto first = run_nonet("generate -n 3 --seed 5 --difficulty easy --shard 0/2");
  const auto second = run_nonet("generate -n 3 --seed 5 --difficulty easy --shard 1/2");
  EXPECT_EQ(first.out + second.out, made.out);
}

TEST(Cli, GenerateBlamesASizeWithoutBoxesAndSaysWhichWork) {
  const auto result = run_nonet("generate --size 7");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err.substr(0, result.err.find('\n')),
            "--size: 7 has no box shape (7 is prime): use a size from 4 to 64 that is not prime "
            "(4, 6, 8, 9, 10, 12, 14, 15, ...), a jigsaw, or --variant latin");
  EXPECT_EQ(run_nonet("generate --size 6 --seed 1").exit_code, 0);
}

TEST(Cli, RenderGivesTheReasonCheckGivesForABadPuzzle) {
  std::string clash = "55" + kWikipedia.substr(2);
  const std::string input = kWikipedia + "\n" + clash + "\n";
  const auto check = run_nonet("check", input);
  const auto render = run_nonet("render --solution", input);
  EXPECT_EQ(render.err, "<stdin>:2:2: digit 5 twice in row 1 (r1c1, r1c2)\n");
  EXPECT_NE(check.err.find(render.err), std::string::npos) << check.err;
}

// A 729-character candidate line: each cell's nine places, the digit or '.'.
std::string candidate_line(const std::string& puzzle, int drop_cell = -1, char drop_digit = 0) {
  std::string line;
  for (std::size_t cell = 0; cell < puzzle.size(); ++cell) {
    for (char digit = '1'; digit <= '9'; ++digit) {
      const bool open = puzzle[cell] == '.' && !(static_cast<int>(cell) == drop_cell && digit == drop_digit);
      line += (open || puzzle[cell] == digit) ? digit : '.';
    }
  }
  return line;
}

// Pencil-mark positions are checked by the exact search over their marks
// before a hint: marks that leave no grid are reported with file and line
// (they were hinted at before), several grids mean no uniqueness techniques,
// and each file's lines keep their own numbers.
TEST(Cli, HintChecksPencilMarksFirst) {
  const std::string good = candidate_line(kWikipedia);
  const int open = static_cast<int>(kWikipedia.find('.'));
  const std::string wrong = candidate_line(kWikipedia, open, kWikipediaSolution[open]);
  const auto hinted = run_nonet("hint --level 3", good + "\n");
  EXPECT_EQ(hinted.exit_code, 0) << hinted.err;
  EXPECT_EQ(hinted.out.rfind("Hint: ", 0), 0u) << hinted.out;
  const auto refused = run_nonet("hint", "# my position\n" + wrong + "\n" + good + "\n");
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.out.rfind("#1 no hint: contradiction\n#2 Hint: ", 0), 0u) << refused.out;
  EXPECT_NE(refused.err.find("<stdin>:2:1: no solution: no grid fits these entries and pencil marks"),
            std::string::npos)
      << refused.err;
  // Several grids fit and logic has no step: said so, not "no technique applies".
  const auto open_board = run_nonet("hint", candidate_line(std::string(81, '.')) + "\n");
  EXPECT_EQ(open_board.out, "the puzzle has more than one solution, so logic cannot finish it\n");
  EXPECT_EQ(open_board.exit_code, 1);
  std::string broken = good;
  broken[5] = 'x';
  const auto junk = run_nonet("hint", broken + "\n");
  EXPECT_EQ(junk.exit_code, 1);
  EXPECT_NE(junk.err.find("<stdin>:1:6: 'x' is not a digit of a 27x27 puzzle (digits 1-R, empty '.'), nor a line of "
                          "pencil marks"),
            std::string::npos)
      << junk.err;
}

// Nested forcing chains run only on puzzles known to have one solution: on an
// empty grid their search did not end (explain and hint hung). And a hint or
// an explanation can be bounded in time.
TEST(Cli, LogicOnOpenGridsEndsAndTimeLimitsHold) {
  const std::string empty(81, '.');
  const auto explain = run_nonet("explain", empty + "\n");
  EXPECT_NE(explain.out.find("stopped: the puzzle has more than one solution"), std::string::npos) << explain.out;
  // Said as explain says it, not "no technique nonet knows applies".
  const auto hint = run_nonet("hint", empty + "\n");
  EXPECT_EQ(hint.out, "the puzzle has more than one solution, so logic cannot finish it\n");
  EXPECT_EQ(hint.exit_code, 1);
  // Its first step (nested forcing chains) takes most of a second.
  const std::string hardest = "98.7..6..7.....5....4.8..9.4...3..7..7...2.....31....53....61...4..9..3.........2";
  const auto bounded = run_nonet("hint --time-limit 0.1", hardest + "\n");
  EXPECT_EQ(bounded.exit_code, 1);
  EXPECT_EQ(bounded.out.rfind("no step found within the time limit (--time-limit 0.1 s); a cell to reveal: r", 0), 0u)
      << bounded.out;
  const auto stopped = run_nonet("explain --time-limit 0.1", hardest + "\n");
  EXPECT_NE(stopped.out.find("stopped: no step found within the time limit"), std::string::npos) << stopped.out;
  EXPECT_EQ(stopped.exit_code, 1);  // out of time: as rate and hint
}

}  // namespace
}  // namespace nonet
