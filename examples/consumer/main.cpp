// Solve and rate a puzzle with nonet's C++ API.
#include <iostream>
#include <nonet/exact.hpp>
#include <nonet/format.hpp>
#include <nonet/logic.hpp>
#include <nonet/version.hpp>

int main(int argc, char** argv) {
  const char* text = argc > 1 ? argv[1]
                              : "1...5......67.........325..2.537.........8..1.4.......37.9..4...64....3.9..2....7";
  std::vector<nonet::Record> records = nonet::read_all(text);
  if (!records[0].puzzle) {
    std::cerr << records[0].error->to_string() << "\n";  // <string>:1:81: wrong length: ...
    return 1;
  }
  const nonet::Puzzle& puzzle = *records[0].puzzle;
  const nonet::SolveResult result = nonet::solve(puzzle);  // counts to 2: unique or multiple
  if (result.status != nonet::SolveStatus::unique) {
    std::cerr << nonet::to_string(result.status) << "\n";
    return 1;
  }
  const nonet::Rating rating = nonet::rate(puzzle);  // Sudoku Explainer scale
  std::cout << nonet::to_line(*puzzle.geometry, result.solutions[0]) << " ER " << rating.er << " "
            << rating.hardest << " (nonet " << nonet::version() << ")\n";
}
