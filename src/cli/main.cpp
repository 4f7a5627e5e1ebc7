// nonet: the command-line tool. Each family of subcommands registers itself;
// this file only wires them together and maps errors to exit codes.
#include <iostream>

#include "cli_common.hpp"
#include "nonet/version.hpp"

int main(int argc, char** argv) {
  // nonet writes through iostreams only; unsynchronised, piped standard
  // input gets a real buffer instead of being read a character at a time.
  std::ios::sync_with_stdio(false);
  CLI::App app{"nonet: solve, explain, rate and generate Sudoku puzzles (classic, diagonal, windoku, jigsaw; 4x4 to 25x25)",
               "nonet"};
  app.set_version_flag("-V,--version", std::string("nonet ") + nonet::version());
  app.require_subcommand(1);
  app.footer(
      "Input: files or standard input, one puzzle per line (81 chars, '.' or '0' empty), grid blocks, or JSON.\n"
      "Exit codes: 0 all good, 1 some puzzle failed (malformed, invalid, no solution; check: not unique),\n"
      "            2 bad command line, 3 a file could not be read.\n"
      "Example: nonet solve puzzles.txt > solutions.txt\n");
  nonet::cli::register_solve_commands(app);
  nonet::cli::register_logic_commands(app);
  nonet::cli::register_generate_commands(app);
  nonet::cli::register_serve_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForVersion& version) {
    return app.exit(version);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return nonet::cli::kUsage;
  } catch (const nonet::cli::ExitRequest& request) {
    return request.code;
  }
  return 0;
}
