// The command line's promises on inputs and outputs people really have:
// any path, a full disk, a closed pipe, other formats, several files — each
// defect found in use has its end-to-end test here (stdout, stderr, exit code).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "test_support.hpp"

namespace nonet {
namespace {

using testing::lines_of;
using testing::run_nonet;
using testing::RunResult;

const std::string kWikipedia = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kWikipediaSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// Of the first 40 forum-hardest puzzles, the slowest to rate (seconds in a
// Release build): a rating bounded at 1.5 s gives up on it.
const std::string kHardest = "98.7..6..7.....5....4.8..9.4...3..7..7...2.....31....53....61...4..9..3.........2";
const std::string kBinary = NONET_BINARY;

std::string temp_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "nonet_cli_input_" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// Runs a bash command line (with $NONET set to the binary): its exit code,
// stdout and stderr.
RunResult run_shell(const std::string& script) {
  const std::string base = ::testing::TempDir() + "nonet_shell_" +
                           ::testing::UnitTest::GetInstance()->current_test_info()->name();
  std::ofstream(base + ".sh") << "NONET='" << kBinary << "'\n" << script << "\n";
  const int status = std::system(("bash " + base + ".sh > " + base + ".out 2> " + base + ".err").c_str());
  RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = testing::slurp(base + ".out");
  result.err = testing::slurp(base + ".err");
  return result;
}


TEST(CliInput, DirectoryGivenAsAFileIsReportedAndTheOthersAreRead) {
  const std::string puzzles = temp_file("dir_puzzles.txt", kWikipedia + "\n");
  const std::string dir = ::testing::TempDir();
  for (const char* command : {"solve", "check", "count", "rate", "explain"}) {
    const auto result = run_nonet(std::string(command) + " " + dir + " " + puzzles);
    EXPECT_EQ(result.exit_code, 3) << command << ": " << result.err;
    EXPECT_NE(result.err.find("nonet: cannot open " + dir + ": is a directory"), std::string::npos) << result.err;
    EXPECT_FALSE(result.out.empty()) << command;  // the puzzle file was still read
  }
  const auto hint = run_nonet("hint " + dir + " " + puzzles);
  EXPECT_EQ(hint.exit_code, 3);
  EXPECT_NE(hint.err.find("is a directory"), std::string::npos) << hint.err;
  EXPECT_EQ(hint.out, "Hint: Hidden single in box 2\n");
  const auto render = run_nonet("render " + dir + " " + puzzles);
  EXPECT_EQ(render.exit_code, 3);
  EXPECT_NE(render.out.find("<svg"), std::string::npos);
  const auto regions = run_nonet("solve --variant jigsaw --regions " + dir + " " + puzzles);
  EXPECT_EQ(regions.exit_code, 2);
  EXPECT_NE(regions.err.find("--regions: " + dir + ": is a directory"), std::string::npos) << regions.err;
}

TEST(CliInput, RegionsThatAreNeitherAMapNorAFile) {
  const auto missing = run_nonet("solve --variant jigsaw --regions nosuchfile", kWikipedia + "\n");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("'nosuchfile' is neither a region map (N*N labels) nor a file"), std::string::npos)
      << missing.err;
  const auto classic = run_nonet("solve --regions " + std::string(81, '1'), kWikipedia + "\n");
  EXPECT_EQ(classic.exit_code, 2);
  EXPECT_NE(classic.err.find("only jigsaw puzzles have a region map"), std::string::npos) << classic.err;
}

TEST(CliInput, AFailedWriteIsAnErrorAndAClosedPipeIsQuiet) {
  std::string many;  // output well over standard output's buffer
  for (int i = 0; i < 2000; ++i) many += kWikipedia + "\n";
  const std::string file = temp_file("write_many.txt", many);
  for (const std::string command : {"solve", "check", "count", "rate", "render", "hint"}) {
    const auto full = run_shell("$NONET " + command + " " + file + " > /dev/full");
    EXPECT_EQ(full.exit_code, 3) << command << ": " << full.err;
    EXPECT_NE(full.err.find("cannot write to standard output: No space left on device"), std::string::npos)
        << command << ": " << full.err;
  }
  const auto generate = run_shell("$NONET generate -n 50 --seed 1 > /dev/full");
  EXPECT_EQ(generate.exit_code, 3);
  EXPECT_NE(generate.err.find("cannot write to standard output: No space left on device"), std::string::npos)
      << generate.err;
  const auto pipe = run_shell("$NONET solve " + file + " | head -1; echo \"${PIPESTATUS[0]}\"");
  EXPECT_EQ(pipe.out, kWikipediaSolution + "\n141\n");  // SIGPIPE, as Unix tools end
  EXPECT_EQ(pipe.err, "");
}

TEST(CliInput, HelpAndVersionThatCannotBeWrittenAreAnError) {
  for (const std::string args : {"", "--help", "--version", "solve --help"}) {
    const auto full = run_shell("$NONET " + args + " > /dev/full");
    EXPECT_EQ(full.exit_code, 3) << "'" << args << "': " << full.err;
    EXPECT_NE(full.err.find("cannot write to standard output: No space left on device"), std::string::npos)
        << "'" << args << "': " << full.err;
  }
}

// A fresh, empty folder under the test's temporary directory.
std::string empty_folder(const std::string& name) {
  const std::string path = ::testing::TempDir() + "nonet_cli_input_" + name;
  std::system(("rm -rf '" + path + "' && mkdir -p '" + path + "'").c_str());
  return path;
}

std::string folder_listing(const std::string& path) {
  return run_shell("ls -A '" + path + "'").out;
}

TEST(CliInput, AFileThatCannotBeWrittenWholeIsNotLeftHalfWritten) {
  const std::string folder = empty_folder("partial");
  const std::string puzzles = testing::source_path("examples/classic.txt");
  // A 1 KiB limit on file size (its signal ignored, so the write fails with
  // EFBIG): each sheet is larger, so each write stops part way.
  const std::string limited = "ulimit -f 1; trap '' XFSZ; ";
  const auto svg = run_shell(limited + "$NONET render " + puzzles + " -o " + folder + "/page");
  EXPECT_EQ(svg.exit_code, 3) << svg.err;
  EXPECT_NE(svg.err.find("cannot write " + folder + "/page.svg: File too large"), std::string::npos) << svg.err;
  const auto pdf = run_shell(limited + "$NONET generate -n 2 --seed 1 --format pdf -o " + folder + "/book");
  EXPECT_EQ(pdf.exit_code, 3) << pdf.err;
  EXPECT_NE(pdf.err.find("cannot write " + folder + "/book.pdf: File too large"), std::string::npos) << pdf.err;
  EXPECT_EQ(folder_listing(folder), "");  // neither the file nor a temporary
  // Unlimited, the same commands write exactly the files named, readable by all
  // that the umask allows.
  const auto written = run_shell("umask 022; $NONET render " + puzzles + " -o " + folder + "/page && $NONET generate -n 2 "
                                 "--seed 1 --format pdf -o " + folder + "/book && stat -c %a " + folder + "/page.svg");
  EXPECT_EQ(written.exit_code, 0) << written.err;
  EXPECT_EQ(written.out, "644\n");
  EXPECT_EQ(folder_listing(folder), "book.pdf\npage.svg\n");
}

TEST(CliInput, RenderOfAMissingInputWritesNoSheet) {
  const std::string folder = empty_folder("missing");
  const auto result = run_nonet("render " + folder + "/no_such.txt -o " + folder + "/page");
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_NE(result.err.find("cannot open " + folder + "/no_such.txt"), std::string::npos) << result.err;
  EXPECT_EQ(folder_listing(folder), "");
  const auto to_stdout = run_nonet("render " + folder + "/no_such.txt");
  EXPECT_EQ(to_stdout.exit_code, 3);
  EXPECT_EQ(to_stdout.out, "");
}

TEST(CliInput, AClosedStandardInputIsAReadErrorInEveryCommand) {
  for (const std::string command : {"solve", "rate", "hint", "render"}) {
    const auto result = run_shell("$NONET " + command + " <&-");
    EXPECT_EQ(result.exit_code, 3) << command << ": " << result.err;
    EXPECT_NE(result.err.find("nonet: error reading -: Bad file descriptor"), std::string::npos)
        << command << ": " << result.err;
  }
}

TEST(CliInput, CountShowsInvalidAndGaveUpApartFromNoSolution) {
  std::string clash = kWikipedia;
  clash[2] = '5';
  const auto result = run_nonet("count --max-nodes 20 --limit 1000",
                                clash + "\n" + std::string(81, '.') + "\n" + kWikipedia + "\n");
  EXPECT_EQ(result.exit_code, 1);
  const auto lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), 3u) << result.out;
  EXPECT_EQ(lines[0], "invalid");
  EXPECT_EQ(lines[1].rfind("gave-up ", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2], "1");
  // No clash, but r1c9 can hold no digit (9 is in its column): no solution is 0.
  const auto none = run_nonet("count", "12345678.........9" + std::string(63, '.') + "\n");
  EXPECT_EQ(none.out, "0\n") << none.err;
}

TEST(CliInput, SpacedCellsOnOneLine) {
  std::string spaced;
  for (char c : kWikipedia) spaced += std::string(1, c) + " ";
  const auto result = run_nonet("solve", spaced + "\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, kWikipediaSolution + "\n");
  // Tokens of several cells: the message no longer contradicts itself.
  std::string rows;
  for (int row = 0; row < 9; ++row) rows += kWikipedia.substr(row * 9, 9) + " ";
  const auto grouped = run_nonet("solve", rows + "\n");
  EXPECT_EQ(grouped.err, "<stdin>:1:1: not a puzzle: 81 cells on one line, but in tokens of several cells: write "
                         "them as one token, or one cell between each two spaces\n");
}

TEST(CliInput, PencilMarkLinesAreOneRecordEachInEveryCommand) {
  const std::string marks = testing::pencil_marks_of(kWikipedia);
  const std::string input = kWikipedia + "\n" + marks + "\n" + "junk\n";
  const auto solve = run_nonet("solve", input);
  EXPECT_EQ(solve.out, kWikipediaSolution + "\n" + kWikipediaSolution + "\n!malformed\n") << solve.err;
  const auto check = run_nonet("check", input);
  EXPECT_EQ(check.out, "unique\nunique\nmalformed: not a puzzle: 4 cells (expected N*N cells on one line, e.g. 81, or a "
                       "grid of N rows of N)\n");
  const auto rate = run_nonet("rate", input);
  const auto rated = lines_of(rate.out);
  ASSERT_EQ(rated.size(), 3u) << rate.out;
  EXPECT_EQ(rated[1].substr(0, 729), marks);  // rated as the pencil marks it is, not a 27x27 puzzle
  EXPECT_NE(rated[1].find(" 1.2/1.2/1.2 "), std::string::npos) << rated[1];
  const auto hint = run_nonet("hint", input);
  EXPECT_EQ(hint.out, "#1 Hint: Hidden single in box 2\n#2 Hint: Hidden single in box 2\n#3 no hint: malformed\n");
  EXPECT_EQ(hint.exit_code, 1);
  // A pencil mark removed that the solution needs: no grid fits.
  std::string wrong = marks;
  wrong[2 * 9 + 3] = '.';  // r1c3 is 4 in the solution
  const auto none = run_nonet("hint", wrong + "\n");
  EXPECT_EQ(none.out, "no hint: contradiction\n");
  EXPECT_NE(none.err.find("no grid fits these entries and pencil marks"), std::string::npos) << none.err;
}

TEST(CliInput, SeveralPencilMarkGridsGetAHintEach) {
  // The pencil marks nonet itself prints for a stuck position read back.
  const auto stuck = run_nonet("explain --max-technique 1.0", kWikipedia + "\n");
  const auto begin = stuck.out.find("+-");
  ASSERT_NE(begin, std::string::npos) << stuck.out;
  const std::string marks = stuck.out.substr(begin, stuck.out.rfind("+\n") + 2 - begin);
  const auto hints = run_nonet("hint", marks + "\n" + marks);
  EXPECT_EQ(hints.out, "#1 Hint: Hidden single in box 2\n#2 Hint: Hidden single in box 2\n") << hints.err;
}

TEST(CliInput, KaggleCsvIsReadAndItsSolutionsChecked) {
  std::string zeros = kWikipedia;
  std::replace(zeros.begin(), zeros.end(), '.', '0');
  std::string wrong = kWikipediaSolution;
  std::swap(wrong[79], wrong[80]);
  const std::string csv = "quizzes,solutions\n" + zeros + "," + kWikipediaSolution + "\n" + zeros + "," + wrong + "\n";
  const auto check = run_nonet("check", csv);
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_EQ(check.out, "unique\nwrong-solution\n");
  EXPECT_EQ(check.err, "<stdin>:3:1: the published solution is wrong at r9c8 (published 9, solution 7)\n");
  const auto solve = run_nonet("solve --format json", csv);
  const auto lines = lines_of(solve.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(nlohmann::json::parse(lines[0])["published_solution_correct"], true);
  EXPECT_EQ(nlohmann::json::parse(lines[1])["published_solution_correct"], false);
  const auto column = run_nonet("solve --column 2", csv);
  // The wrong grid, read as a puzzle, has clashing givens.
  EXPECT_EQ(column.out, kWikipediaSolution + " " + zeros + "\n" + wrong + " invalid " + zeros + "\n");
  const auto unknown = run_nonet("solve --column answer", csv);
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_EQ(unknown.err, "<stdin>:1:1: no column 'answer' in the header (quizzes, solutions)\n");
}

TEST(CliInput, BoxedGridsAndZeroBasedSixteenBySixteen) {
  const std::string boxed = testing::boxed_grid(kWikipedia);
  EXPECT_EQ(run_nonet("solve", boxed).out, kWikipediaSolution + "\n");
  // A 16×16 written 0-F: answered in 0-F.
  std::string puzzle, solution;
  for (int cell = 0; cell < 256; ++cell) {
    const int row = cell / 16, column = cell % 16;
    const int digit = (row % 4 * 4 + row / 4 + column) % 16;
    const char c = static_cast<char>(digit < 10 ? '0' + digit : 'A' + digit - 10);
    solution += c;
    puzzle += cell % 5 == 0 ? '.' : c;
  }
  const auto hex = run_nonet("solve", puzzle + "\n");
  EXPECT_EQ(hex.exit_code, 0) << hex.err;
  EXPECT_EQ(hex.out, solution + "\n");
  // Steps are text in 1-based digits: explain says how to read them.
  EXPECT_NE(run_nonet("explain --max-technique 1.5", puzzle + "\n").out.find("steps write the digits 1-G: the puzzle's 0 is 1"),
            std::string::npos);
  const auto one_based = run_nonet("solve --digits 1", puzzle + "\n");
  EXPECT_EQ(one_based.exit_code, 1);
  EXPECT_NE(one_based.err.find("'0' is not a digit of a 16x16 puzzle"), std::string::npos) << one_based.err;
}

TEST(CliInput, JsonIsNumberedAcrossFilesWithFileAndOneReasonField) {
  const std::string first = temp_file("json_first.txt", kWikipedia + "\nabc\n");
  const std::string second = temp_file("json_second.txt", kWikipedia + "\n");
  const auto result = run_nonet("solve --format json " + first + " " + second);
  const auto lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), 3u) << result.out;
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(nlohmann::json::parse(lines[i])["index"], i);
  EXPECT_EQ(nlohmann::json::parse(lines[2])["file"], second);
  const auto malformed = nlohmann::json::parse(lines[1]);
  EXPECT_EQ(malformed["status"], "malformed");
  EXPECT_TRUE(malformed.contains("reason"));
  EXPECT_FALSE(malformed.contains("error"));
  const std::string regions = testing::source_path("examples/jigsaw-regions.txt");
  const auto jigsaw = run_nonet("solve --format json --variant jigsaw --regions " + regions + " " +
                                testing::source_path("examples/jigsaw.txt"));
  const auto labels = nlohmann::json::parse(lines_of(jigsaw.out).at(0))["regions"];
  ASSERT_TRUE(labels.is_string()) << jigsaw.out;
  EXPECT_EQ(labels.get<std::string>().size(), 81u);
}

TEST(CliInput, GridOutputReadsBack) {
  const auto grids = run_nonet("solve --format grid", kWikipedia + "\nabc\n" + kWikipedia + "\n");
  const std::string file = temp_file("grids.txt", grids.out);
  const auto again = run_nonet("check " + file);
  EXPECT_EQ(lines_of(again.out).size(), 3u) << again.out;
  EXPECT_EQ(lines_of(again.out)[0], "unique");
  EXPECT_EQ(lines_of(again.out)[1].rfind("malformed", 0), 0u);
  EXPECT_EQ(lines_of(again.out)[2], "unique");
}

TEST(CliInput, SvgOfManyPagesIsOneDocument) {
  const auto svg = run_nonet("generate -n 14 --seed 2 --format svg");
  ASSERT_EQ(svg.exit_code, 0) << svg.err;
  std::size_t documents = 0;
  for (auto at = svg.out.find("<?xml"); at != std::string::npos; at = svg.out.find("<?xml", at + 1)) ++documents;
  EXPECT_EQ(documents, 1u);
  std::string eight;
  for (int i = 0; i < 8; ++i) eight += kWikipedia + "\n";
  const auto render = run_nonet("render", eight);
  EXPECT_EQ(render.out.find("<?xml", 1), std::string::npos);
}

TEST(CliInput, ProgressShowsTotalRateAndTimeLeftOnATerminal) {
  std::string many;
  for (int i = 0; i < 20000; ++i) many += kWikipedia + "\n";
  const std::string file = temp_file("progress.txt", many);
  int terminal = -1, program_side = -1;
  ASSERT_EQ(openpty(&terminal, &program_side, nullptr, nullptr, nullptr), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    dup2(program_side, STDERR_FILENO);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    close(terminal);
    execl(NONET_BINARY, "nonet", "solve", "-j", "1", file.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(program_side);
  std::string seen;
  for (;;) {
    pollfd ready{terminal, POLLIN, 0};
    if (poll(&ready, 1, 20000) <= 0) break;
    char buffer[4096];
    const ssize_t got = read(terminal, buffer, sizeof buffer);
    if (got <= 0) break;
    seen.append(buffer, static_cast<std::size_t>(got));
  }
  int status = 0;
  waitpid(child, &status, 0);
  close(terminal);
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_NE(seen.find("% "), std::string::npos) << seen;
  EXPECT_NE(seen.find(" puzzles, "), std::string::npos) << seen;
  EXPECT_NE(seen.find("/s, "), std::string::npos) << seen;
}

TEST(CliInput, CommandLineHabits) {
  const auto bare = run_nonet("");
  EXPECT_EQ(bare.exit_code, 0);
  EXPECT_NE(bare.out.find("SUBCOMMAND"), std::string::npos) << bare.out;
  const auto typo = run_nonet("slove");
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_EQ(typo.err, "nonet: 'slove' is not a nonet command. Did you mean 'solve'?\n"
                      "Run 'nonet --help' for the list of commands.\n");
  const auto seed = run_nonet("solve --seed 3", kWikipedia + "\n");
  EXPECT_EQ(seed.exit_code, 2);
  EXPECT_NE(seed.err.find("--seed: has no effect without --random"), std::string::npos) << seed.err;
  // --random without --seed says which seed it took, and that seed repeats the run.
  const std::string empty = std::string(81, '.') + "\n";
  const auto random = run_nonet("solve --random", empty);
  ASSERT_EQ(random.err.rfind("nonet solve: --seed ", 0), 0u) << random.err;
  const std::string taken = random.err.substr(20, random.err.find('\n') - 20);
  EXPECT_EQ(run_nonet("solve --random --seed " + taken, empty).out, random.out);
  const auto stats = run_nonet("generate -n 5 --seed 1 --stats");
  EXPECT_NE(stats.err.find("puzzles: 5\n"), std::string::npos) << stats.err;
  EXPECT_NE(stats.err.find("givens: "), std::string::npos) << stats.err;
  const auto solved = run_nonet("explain", kWikipediaSolution + "\n");
  EXPECT_EQ(solved.out.find("hardest \n"), std::string::npos) << solved.out;
  EXPECT_NE(solved.out.find("Already solved"), std::string::npos) << solved.out;
}

TEST(CliInput, LogicCommandsHaveATimeLimitAndSayGaveUp) {
  for (const char* command : {"rate", "explain", "hint"}) {
    const auto help = run_nonet(std::string(command) + " --help");
    EXPECT_NE(help.out.find("--time-limit"), std::string::npos);
    EXPECT_NE(help.out.find("60"), std::string::npos) << command << " has no default limit: " << help.out;
  }
  const auto rate = run_nonet("rate --stats --time-limit 1.5", kHardest + "\n");
  EXPECT_EQ(rate.exit_code, 1);
  EXPECT_EQ(rate.out, kHardest + " gave-up\n");
  EXPECT_NE(rate.err.find("<stdin>:1:1: gave up after the time limit (--time-limit 1.5 s)"), std::string::npos)
      << rate.err;
  // A slow run still shows its rate, not "0 puzzles/s".
  EXPECT_EQ(rate.err.find(" 0 puzzles/s"), std::string::npos) << rate.err;
  EXPECT_NE(rate.err.find(", 0."), std::string::npos) << rate.err;
}

TEST(CliInput, SadManSdkFileWithAPuzzleSectionIsRead) {
  std::string sdk = "[Puzzle]\n";
  for (std::size_t row = 0; row < 9; ++row) sdk += kWikipedia.substr(row * 9, 9) + "\n";
  const auto result = run_nonet("check", sdk);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "unique\n");
  EXPECT_EQ(result.err, "");
}

TEST(CliInput, InputWithoutPuzzlesGetsAMessageAndNoOutputLine) {
  const std::string header_only = temp_file("header_only.csv", "quizzes,solutions\n");
  const std::string puzzles = temp_file("no_puzzles_neighbour.txt", kWikipedia + "\n");
  for (const char* command : {"solve", "count", "check", "rate", "explain"}) {
    const auto empty = run_nonet(command, "");
    EXPECT_EQ(empty.exit_code, 1) << command;
    EXPECT_EQ(empty.out, "") << command;
    EXPECT_EQ(empty.err, "<stdin>:1:1: empty input: no puzzle found\n") << command;
    const auto header = run_nonet(std::string(command) + " " + header_only);
    EXPECT_EQ(header.exit_code, 1) << command;
    EXPECT_EQ(header.out, "") << command;
    EXPECT_EQ(header.err, header_only + ":1:1: no puzzle found: only a CSV header\n") << command;
    // Among other inputs: their puzzles are answered, in order, and the run still fails.
    const auto among = run_nonet(std::string(command) + " --format json " + puzzles + " " + header_only + " " + puzzles);
    EXPECT_EQ(among.exit_code, 1) << command;
    EXPECT_EQ(lines_of(among.out).size(), 2u) << command << among.out;
    EXPECT_NE(among.out.find("\"index\":1"), std::string::npos) << command << among.out;
  }
}

TEST(CliInput, BinaryFileIsOneLine) {
  const auto result = run_nonet("check " + kBinary);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, kBinary + ": binary file, not puzzles\n");
}

// 100,000 nested brackets ended `nonet solve` with SIGSEGV (exit 139).
TEST(CliInput, DeeplyNestedJsonIsAPositionedError) {
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += std::string(1000, '[') + "\n";
  for (int i = 0; i < 100; ++i) deep += std::string(1000, ']') + "\n";
  const auto result = run_nonet("solve", deep);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, "<stdin>:1:65: JSON nested too deeply (over 64 levels): not a puzzle\n");
}

// nonet convert: a variant read in one format, written in another, reads
// back as the same puzzle; what a format cannot hold is refused by name.
TEST(CliInput, ConvertWritesVariantsThatReadBack) {
  const std::string killer =
      ".Shape~4x4.Cage~3~R1C1~R1C2.Cage~7~R1C3~R1C4.Cage~7~R2C1~R2C2.Cage~3~R2C3~R2C4.Cage~5~R3C1~R4C1"
      ".Cage~5~R3C2~R4C2.Cage~5~R3C3~R4C3.Cage~5~R3C4~R4C4.~R3C1_4~R3C3_2~R3C2_3 a 4x4 killer\n";
  const auto solved = run_nonet("solve", killer);
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  const std::string solution = solved.out.substr(0, 16);
  for (const std::string to : {"json", "fpuzzles", "fpuzzles-link", "sudokupad-link"}) {
    const auto converted = run_nonet("convert --to " + to, killer);
    ASSERT_EQ(converted.exit_code, 0) << to << ": " << converted.err;
    const auto again = run_nonet("solve", converted.out);
    EXPECT_EQ(again.exit_code, 0) << to << ": " << again.err;
    EXPECT_EQ(again.out.substr(0, 16), solution) << to << ": " << converted.out;
  }
  // The solution written for f-puzzles to check; a line holds the solution only.
  const auto with_solution = run_nonet("convert --to fpuzzles --solution", killer);
  EXPECT_NE(with_solution.out.find("\"solution\":["), std::string::npos) << with_solution.out;
  EXPECT_EQ(run_nonet("convert --to line --solution", killer).out, solution + " a 4x4 killer\n");
  // A line cannot hold a cage; a record that cannot be read keeps its line.
  const auto line = run_nonet("convert --to line", killer + "x\n" + std::string(16, '.') + "\n");
  EXPECT_EQ(line.exit_code, 1);
  EXPECT_EQ(line.out, "!not-convertible\n!malformed\n" + std::string(16, '.') + "\n");
  EXPECT_NE(line.err.find("<stdin>:1:1: a line cannot hold the rules (killer-cage 3 at r1c1, r1c2)"), std::string::npos)
      << line.err;
  // --format json keeps the rules: its record reads back whole.
  const auto json = run_nonet("solve --format json", killer);
  EXPECT_NE(json.out.find("\"constraints\":[{\"kind\":\"killer-cage\""), std::string::npos) << json.out;
  EXPECT_EQ(run_nonet("count", json.out).out, "1\n");
  // A rule that cannot hold is read, in every format, and called invalid by name.
  const std::string row = R"(["r1c1","r1c2","r1c3","r1c4","r1c5","r1c6","r1c7","r1c8","r1c9","r2c1"])";
  const auto thermo = run_nonet("check", R"({"puzzle":")" + std::string(81, '.') +
                                             R"(","constraints":[{"kind":"thermometer","cells":)" + row + "}]}\n");
  EXPECT_EQ(thermo.exit_code, 1);
  EXPECT_NE(thermo.out.find("invalid: thermometer at r1c1"), std::string::npos) << thermo.out << thermo.err;
  EXPECT_NE(thermo.out.find("cannot rise within 1..9"), std::string::npos) << thermo.out;
  // render leaves such a puzzle out, naming the rule, and draws the others.
  const auto drawn = run_nonet("render", R"({"puzzle":")" + std::string(81, '.') +
                                             R"(","constraints":[{"kind":"difference","cells":["r1c1","r5c5"]}]})" +
                                             "\n{\"puzzle\":\"" + std::string(81, '.') + "\"}\n");
  EXPECT_EQ(drawn.exit_code, 1);
  EXPECT_EQ(drawn.err, "<stdin>:1:1: invalid: difference at r1c1, r5c5: the two cells must share an edge: the puzzle "
                       "is left out\n");
  EXPECT_NE(drawn.out.find("<svg"), std::string::npos);
  // --input-format: forced, and checked.
  const auto forced = run_nonet("count --input-format iss", "1...............\n");
  EXPECT_EQ(forced.exit_code, 1);
  EXPECT_EQ(forced.err, "<stdin>:1:1: an ISS item starts with '.'\n");  // sic: ISS's own items begin with '.'
  EXPECT_EQ(run_nonet("count --input-format xml", "").exit_code, 2);
}

// hint reads its inputs itself: the same message, and no "no hint: malformed" line.
TEST(CliInput, HintOnAnInputWithoutPuzzlesSaysSoOnce) {
  const auto empty = run_nonet("hint", "");
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_EQ(empty.out, "");
  EXPECT_EQ(empty.err, "<stdin>:1:1: empty input: no puzzle found\n");
  const auto binary = run_nonet("hint " + kBinary);
  EXPECT_EQ(binary.exit_code, 1);
  EXPECT_EQ(binary.out, "");
  EXPECT_EQ(binary.err, kBinary + ": binary file, not puzzles\n");
}

}  // namespace
}  // namespace nonet
