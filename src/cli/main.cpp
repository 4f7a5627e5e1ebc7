// nonet: the command-line tool. Each family of subcommands registers itself;
// this file only wires them together and maps errors to exit codes.
#include <algorithm>
#include <cerrno>
#include <iostream>
#include <numeric>
#include <string_view>

#include "cli_common.hpp"
#include "nonet/version.hpp"

namespace {

// Edits (insertions, deletions, substitutions, swaps of neighbours) from a to b.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// For a first word that names no subcommand: the message, with the
// subcommand it most likely meant. Empty when the word is a subcommand (or
// an option, which CLI11 reports itself).
std::string unknown_command(const CLI::App& app, const std::string& word) {
  if (word.empty() || word[0] == '-') return {};
  std::string best;
  std::size_t best_distance = 3;  // more edits than this is another word
  for (const CLI::App* command : app.get_subcommands([](const CLI::App*) { return true; })) {
    const std::string& name = command->get_name();
    if (name == word) return {};
    const std::size_t distance = edit_distance(word, name);
    const bool prefix = name.compare(0, word.size(), word) == 0;
    if (prefix || distance < best_distance) {
      best = name;
      best_distance = prefix ? 0 : distance;
    }
  }
  std::string message = "nonet: '" + word + "' is not a nonet command.";
  if (!best.empty()) message += " Did you mean '" + best + "'?";
  return message + "\nRun 'nonet --help' for the list of commands.\n";
}

// Help and the version go to standard output like any answer: one that
// cannot be written (a full disk, a closed pipe) is an error, not a success.
// (A stream that failed already failed on a write, which left its errno.)
int printed(int code) {
  return nonet::cli::flush_stdout(std::cout ? 0 : errno) ? code : nonet::cli::kIoError;
}

}  // namespace

int main(int argc, char** argv) {
  // nonet writes through iostreams only; unsynchronised, piped standard
  // input gets a real buffer instead of being read a character at a time.
  std::ios::sync_with_stdio(false);
  CLI::App app{"nonet: solve, explain, rate and generate Sudoku puzzles (classic, diagonal, windoku, jigsaw, killer and other variants; 4x4 to 25x25)",
               "nonet"};
  app.set_version_flag("-V,--version", std::string("nonet ") + nonet::version());
  app.require_subcommand(1);
  app.footer(
      "Input: files or standard input, one puzzle per line (81 chars, '.' or '0' empty), grid blocks, CSV, JSON;\n"
      "       variants as f-puzzles JSON, f-puzzles or SudokuPad links, ISS strings (docs/variants.md).\n"
      "Exit codes: 0 all good, 1 some puzzle failed (malformed, invalid, no solution; check: not unique),\n"
      "            2 bad command line, 3 a file could not be read.\n"
      "Example: nonet solve puzzles.txt > solutions.txt\n");
  nonet::cli::register_solve_commands(app);
  nonet::cli::register_logic_commands(app);
  nonet::cli::register_generate_commands(app);
  nonet::cli::register_convert_command(app);
  nonet::cli::register_serve_command(app);
  // Bare `nonet`: what it can do, not an error.
  if (argc == 1) {
    std::cout << app.help();
    return printed(nonet::cli::kOk);
  }
  if (const std::string message = unknown_command(app, argv[1]); !message.empty()) {
    std::cerr << message;
    return nonet::cli::kUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return printed(app.exit(help));
  } catch (const CLI::CallForAllHelp& help) {
    return printed(app.exit(help));
  } catch (const CLI::CallForVersion& version) {
    return printed(app.exit(version));
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return nonet::cli::kUsage;
  } catch (const nonet::cli::ExitRequest& request) {
    return request.code;
  }
  return 0;
}
