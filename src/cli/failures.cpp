// The messages for puzzles the exact search cannot answer usefully, shared by
// every command that reads puzzles.
#include "cli_common.hpp"

namespace nonet::cli {

namespace {

// Where an invalid puzzle's clash is: the column of its second cell.
std::string invalid_message(const Record& record, const Puzzle& puzzle) {
  auto conflict = find_conflict(*puzzle.geometry, puzzle.cells);
  if (!conflict) return {};
  return record.at_cell(conflict->second_cell, describe(*puzzle.geometry, *conflict)).to_string();
}

}  // namespace

bool mark_failure(const Record& record, const SolveResult& result, Outcome& outcome) {
  switch (result.status) {
    case SolveStatus::invalid: outcome.err = invalid_message(record, *record.puzzle); break;
    case SolveStatus::no_solution:
      outcome.err = Diagnostic{record.source, record.line, 1, "no solution"}.to_string();
      break;
    case SolveStatus::gave_up:
      outcome.err = Diagnostic{record.source, record.line, 1,
                               "gave up after " + std::to_string(result.nodes - 1) + " search nodes (see --max-nodes)"}
                        .to_string();
      break;
    default: return false;
  }
  outcome.failed = true;
  return true;
}

}  // namespace nonet::cli
