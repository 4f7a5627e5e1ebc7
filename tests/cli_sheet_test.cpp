// Printable sheets end to end: nonet generate and nonet render writing PDF
// and SVG (to stdout, to files, to a full disk, to a terminal), the pages
// looked at as sheet_test.cpp looks at the library's.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

#include "sheet_support.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

using namespace sheet_testing;

TEST(SheetCli, GeneratePdfWithSolutionsAndRatings) {
  const auto result = testing::run_nonet("generate -n 7 --seed 5 --difficulty easy --format pdf --solutions");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  ASSERT_EQ(result.out.rfind("%PDF-", 0), 0u);
  EXPECT_EQ(page_count_of(result.out), 4);
  const std::string text = pdftext(result.out);
  EXPECT_EQ(occurrences(text, "nonet"), 4u) << "the default title on every page";
  // The rating under each puzzle, in both sections.
  const std::regex caption(R"(#\d+ +SE \d\.\d)");
  EXPECT_EQ(std::distance(std::sregex_iterator(text.begin(), text.end(), caption), std::sregex_iterator()), 14) << text;
  // No creation time or other varying bytes: the same command, the same file.
  EXPECT_EQ(testing::run_nonet("generate -n 7 --seed 5 --difficulty easy --format pdf --solutions -j 1").out, result.out);
  const auto letter = testing::run_nonet("generate -n 2 --seed 5 --format pdf --paper letter --title Letters");
  ASSERT_EQ(letter.exit_code, 0) << letter.err;
  EXPECT_NE(pdfinfo(letter.out).find("612 x 792 pts (letter)"), std::string::npos);
  EXPECT_NE(pdftext(letter.out).find("Letters"), std::string::npos);
}

TEST(SheetCli, PerPageDefaults) {
  // One puzzle fills the page.
  const auto one = testing::run_nonet("render --format pdf", kWikipedia + "\n");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  expect_wikipedia_grid(pdf_page_image(one.out, 1), false);
  // Big grids: one a page.
  const auto big = testing::run_nonet("generate -n 3 --size 16 --full --seed 1 --format pdf");
  ASSERT_EQ(big.exit_code, 0) << big.err;
  EXPECT_EQ(page_count_of(big.out), 3);
  const auto four = testing::run_nonet("generate -n 3 --size 16 --full --seed 1 --format pdf --per-page 4");
  EXPECT_EQ(page_count_of(four.out), 1);
  const auto nine = testing::run_nonet("generate -n 7 --full --seed 1 --format pdf");
  EXPECT_EQ(page_count_of(nine.out), 2);
}

TEST(SheetCli, RenderPdfToFile) {
  const std::string stem = temp_path("book");
  const auto result = testing::run_nonet("render --format pdf --solution --per-page 1 -o " + stem,
                                         kWikipedia + " wikipedia\n" + kWikipedia + "\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(result.out.empty());
  const std::string pdf = testing::slurp(stem + ".pdf");
  EXPECT_EQ(page_count_of(pdf), 2);
  const std::string text = pdftext(pdf);
  EXPECT_NE(text.find("#1 wikipedia"), std::string::npos) << text;
  EXPECT_NE(text.find("#2"), std::string::npos);
  expect_wikipedia_grid(pdf_page_image(pdf, 2), true);
  std::remove((stem + ".pdf").c_str());
}

TEST(SheetCli, SvgOnStdoutIsOneDocument) {
  std::string input;
  for (int i = 0; i < 7; ++i) input += kWikipedia + "\n";
  for (const std::string command : {"render", "render --solutions"}) {
    const auto result = testing::run_nonet(command, input);
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(occurrences(result.out, "<?xml"), 1u) << command;
    EXPECT_EQ(occurrences(result.out, "<svg"), 1u) << command;
    EXPECT_TRUE(tags_balance(result.out)) << command;
  }
  const auto generated = testing::run_nonet("generate -n 13 --seed 2 --format svg");
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  EXPECT_EQ(occurrences(generated.out, "<svg"), 1u);
  EXPECT_NE(generated.out.find("height=\"911mm\""), std::string::npos) << "three pages stacked";
  // And rsvg reads it: three pages of 297 mm and two gaps at 100 dpi.
  const Image image = svg_image(generated.out);
  EXPECT_NEAR(image.height(), 3587, 1);
}

TEST(SheetCli, SvgToFilesIsOneFilePerPage) {
  std::string input;
  for (int i = 0; i < 7; ++i) input += kWikipedia + "\n";
  const std::string stem = temp_path("page");
  const auto result = testing::run_nonet("render -o " + stem + ".svg", input);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  for (const std::string& name : {stem + "-1.svg", stem + "-2.svg"}) {
    const std::string page = testing::slurp(name);
    EXPECT_EQ(occurrences(page, "<svg"), 1u) << name;
    EXPECT_TRUE(tags_balance(page)) << name;
    std::remove(name.c_str());
  }
}

TEST(SheetCli, WriteErrorsAreReported) {
  for (const std::string format : {"pdf", "svg"}) {
    const std::string err = temp_path("err");
    const int status = std::system((std::string(NONET_BINARY) + " render --format " + format + " " +
                                    testing::source_path("examples/classic.txt") + " > /dev/full 2> " + err)
                                       .c_str());
    EXPECT_EQ(WEXITSTATUS(status), 3) << format;
    EXPECT_NE(testing::slurp(err).find("cannot write to standard output"), std::string::npos) << testing::slurp(err);
    std::remove(err.c_str());
  }
  const auto missing = testing::run_nonet("generate -n 2 --seed 1 --format pdf -o /nonexistent-dir/book");
  EXPECT_EQ(missing.exit_code, 3);
  EXPECT_NE(missing.err.find("cannot write /nonexistent-dir/book.pdf"), std::string::npos) << missing.err;
  const auto svg = testing::run_nonet("generate -n 2 --seed 1 --format svg -o /nonexistent-dir/book");
  EXPECT_EQ(svg.exit_code, 3);
  EXPECT_NE(svg.err.find("cannot write /nonexistent-dir/book.svg"), std::string::npos) << svg.err;
}

// Runs nonet with stdout on a terminal; its exit status, what reached the
// terminal and its stderr.
struct TerminalRun {
  int status = -1;
  std::string shown, err;
};

TerminalRun run_on_terminal(std::vector<std::string> args) {
  TerminalRun run;
  int terminal = -1, program_side = -1;
  if (openpty(&terminal, &program_side, nullptr, nullptr, nullptr) != 0) return run;
  const std::string err = temp_path("err");
  args.insert(args.begin(), "nonet");
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    dup2(program_side, STDOUT_FILENO);
    const int error_file = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(error_file, STDERR_FILENO);
    close(terminal);
    execv(NONET_BINARY, argv.data());
    _exit(127);
  }
  close(program_side);
  // Read while it runs: a terminal holds only a few kilobytes unread.
  fcntl(terminal, F_SETFL, O_NONBLOCK);
  const auto drain = [&] {
    char buffer[4096];
    for (ssize_t got; (got = read(terminal, buffer, sizeof buffer)) > 0;)
      run.shown.append(buffer, static_cast<std::size_t>(got));
  };
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      break;
    }
    pollfd ready{terminal, POLLIN, 0};
    poll(&ready, 1, 50);
    drain();
  }
  drain();
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  close(terminal);
  run.err = testing::slurp(err);
  std::remove(err.c_str());
  return run;
}

TEST(SheetCli, PdfIsNotWrittenToATerminal) {
  const auto rendered = run_on_terminal({"render", "--format", "pdf", testing::source_path("examples/classic.txt")});
  EXPECT_EQ(rendered.status, 2);
  EXPECT_TRUE(rendered.shown.empty()) << "nothing reached the terminal";
  EXPECT_NE(rendered.err.find("not writing a PDF to a terminal"), std::string::npos) << rendered.err;
  // generate refuses before making any puzzle (fifty expert ones take a while).
  const auto start = std::chrono::steady_clock::now();
  const auto generated =
      run_on_terminal({"generate", "-n", "50", "--difficulty", "expert", "--seed", "1", "--format", "pdf"});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_EQ(generated.status, 2);
  EXPECT_TRUE(generated.shown.empty());
  EXPECT_NE(generated.err.find("not writing a PDF to a terminal"), std::string::npos) << generated.err;
  // An SVG is text: it may go to a terminal.
  const auto svg = run_on_terminal({"render", testing::source_path("examples/classic.txt")});
  EXPECT_EQ(svg.status, 0) << svg.err;
  EXPECT_NE(svg.shown.find("<svg"), std::string::npos);
}

}  // namespace
}  // namespace nonet
