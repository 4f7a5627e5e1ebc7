// Reading and writing puzzles. The reader streams records one at a time so a
// file of millions of puzzles never sits in memory, and every problem it finds
// becomes a Diagnostic naming the source, line and column.
//
// Accepted input, detected per record:
//   one puzzle per line    N×N cells, '.' or '0' empty (only '.' for N > 9),
//                          then optional whitespace and a comment (kept);
//                          a leading id token before the cells is kept too
//   grid blocks            N lines of N cells; spaces and | - + ignored;
//                          blocks separated by blank lines
//   '#' lines              comments (.sdk headers)
//   JSON                   a LeetCode board [["5","3",".",...],...], an object
//                          {"variant": ..., "size": ..., "regions": ..., "puzzle": ...},
//                          an array of either, or one object per line
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nonet/export.hpp"
#include "nonet/model.hpp"

namespace nonet NONET_API {

struct Diagnostic {
  std::string source;  // file name, or "<stdin>"
  int line = 0;        // 1-based
  int column = 0;      // 1-based
  std::string reason;
  std::string to_string() const;  // "FILE:LINE:COL: reason"
};

struct ReadOptions {
  VariantSpec variant;                      // size 0: inferred from each puzzle
  std::size_t max_line_length = 1 << 16;    // longer lines are rejected, not stored
};

// One puzzle of the input, or the reason it could not be read.
struct Record {
  std::size_t index = 0;  // 0-based position in the input
  int line = 0;           // where it starts
  std::optional<Puzzle> puzzle;
  std::optional<Diagnostic> error;
  std::string source;
  // Where each cell was written, so later checks (duplicate givens) can point
  // at it: one line for a one-line puzzle, one line per row for a grid.
  std::vector<int> cell_lines;    // empty: every cell on `line`
  std::vector<int> cell_columns;  // 1-based column of each cell
  // A one-line puzzle leaves cell_columns empty (one allocation less per
  // puzzle): its cell i < row_cells is at column first_column + i.
  int first_column = 0;
  int row_cells = 0;
  Diagnostic at_cell(int cell, std::string reason) const;
};

class PuzzleReader {
 public:
  PuzzleReader(std::istream& in, std::string source, ReadOptions options);
  ~PuzzleReader();
  PuzzleReader(const PuzzleReader&) = delete;
  PuzzleReader& operator=(const PuzzleReader&) = delete;

  // The next record; false at the end. An input with no puzzle at all yields
  // a single "empty input" error record.
  bool next(Record& record);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Convenience for tests and small inputs: every record of a string.
std::vector<Record> read_all(const std::string& text, const ReadOptions& options = {},
                             const std::string& source = "<string>");

// Writing.
std::string to_line(const Geometry& geometry, const Grid& cells);  // '.' empty
std::string to_pretty_grid(const Geometry& geometry, const Grid& cells);

}  // namespace nonet
