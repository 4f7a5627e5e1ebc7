// Reading and writing puzzles. The reader streams records one at a time so a
// file of millions of puzzles never sits in memory, and every problem it finds
// becomes a Diagnostic naming the source, line and column.
//
// Accepted input, detected per record:
//   one puzzle per line    N×N cells, '.' or '0' empty (only '.' for N > 9),
//                          then optional whitespace and a comment (kept);
//                          a leading id token before the cells is kept too.
//                          Empty cells may be written _ * - or x instead,
//                          one of them throughout, where it is no digit of
//                          the size (in a grid block '-' is a separator and a
//                          line of '*' a frame)
//   spaced cells           N×N cells on one line separated by spaces ("5 3 . . 7 …")
//   grid blocks            N lines of N cells; spaces and | - + * ignored, frame
//                          lines (HoDoKu/SE boxed grids: *-----------*) skipped;
//                          blocks separated by blank lines
//   pencil marks           a line of N×N groups of N characters (each the digit of
//                          its place or '.'/'0': 729 for 9×9), or a pencil-mark
//                          grid of N rows of N digit tokens (as HoDoKu prints it)
//   '#' lines              comments (.sdk headers: #A author, #D description, …)
//   .sdk sections          SadMan's [Puzzle] header before a grid block; the
//                          other sections of a saved game ([State], …) skipped
//   HoDoKu library lines   :0000:x:GIVENS:ELIMINATIONS:: (a '+' before a digit
//                          placed later: that cell is read empty)
//   SimpleSudoku .ss       (HoDoKu saves them) the givens' grid, then its
//                          state lines I024 / E78007, skipped
//   CSV                    a header line naming the columns (the Kaggle sets:
//                          quizzes,solutions) or none, then puzzle,solution,… lines,
//                          separated by ',' or ';' (the first line's first one):
//                          the puzzle column, and the published solution if any
//   16×16 digits           1-9A-G, or 0-9A-F (ReadOptions::digits; detected per
//                          record when a '0' appears and no 'G')
//   JSON                   a LeetCode board [["5","3",".",...],...], an object
//                          {"variant": ..., "size": ..., "regions": ..., "puzzle": ...},
//                          an array of either, or one object per line
//   binary files           a NUL byte, or mostly bytes that no text has, in
//                          the first 8 KiB: one error for the whole input
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nonet/export.hpp"
#include "nonet/model.hpp"

namespace nonet NONET_API {

struct Diagnostic {
  std::string source;  // file name, or "<stdin>"
  int line = 0;        // 1-based; 0: about the whole input, no place in it
  int column = 0;      // 1-based
  std::string reason;
  std::string to_string() const;  // "FILE:LINE:COL: reason", or "FILE: reason" for line 0
};

// How the digits of puzzles over 9×9 are written: 1-based (1-9, then A, B, …:
// 1-9A-G for 16×16) or 0-based (0-9A-F). Automatic: 0-based for a record that
// uses '0' (never an empty cell over 9×9) and not the top 1-based digit.
enum class DigitStyle { automatic, one_based, zero_based };

// What the input is written in. automatic: told per input (JSON, CSV or text)
// and, in text, per line (a puzzle line or grid, an ISS string, an f-puzzles
// or SudokuPad link); JSON values of f-puzzles' shape are read as f-puzzles.
// Any other: every record must be of that format, and one that is not is an
// error naming why (what the format's own reader says).
enum class InputFormat {
  automatic,
  text,       // puzzle lines, grids, pencil marks, .sdk, OpenSudoku lines
  csv,        // a CSV table with a puzzle column
  json,       // nonet's JSON (docs/cli.md): objects, boards, arrays of them, JSON Lines
  fpuzzles,   // f-puzzles JSON (a document or one a line), or its links and compressed strings, one a line
  sudokupad,  // SudokuPad links and compressed strings (fpuzzles… or scl…), one a line
  iss,        // the Interactive Sudoku Solver's constraint strings and killer text, one a line
};
// The format's name as --input-format takes it ("fpuzzles"), and back.
std::string_view to_string(InputFormat format);
std::optional<InputFormat> input_format_from(std::string_view name);

struct ReadOptions {
  InputFormat format = InputFormat::automatic;
  VariantSpec variant;                      // size 0: inferred from each puzzle
  std::size_t max_line_length = 1 << 16;    // longer lines are rejected, not stored
  DigitStyle digits = DigitStyle::automatic;
  // CSV: the puzzle column, by header name or 1-based number; empty: the
  // column named puzzle, quizzes, question, … or else the first that holds a puzzle.
  std::string csv_column;
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
  // A pencil-mark record: each cell's candidates (a solved cell, its digit
  // alone; the puzzle's cells hold the solved ones). Empty for a plain puzzle.
  std::vector<Mask> candidates;
  // The solution the input publishes beside the puzzle (a CSV solution
  // column); empty when none.
  Grid published_solution;
  // Written with 0-based digits (0-9A-F): answers are written back alike.
  bool zero_based = false;
  // The error is about the input as a whole, which holds no puzzle (it is
  // empty, only a CSV header, or a binary file): the record stands for no
  // puzzle, so a batch writes no output line for it.
  bool whole_input = false;
  Diagnostic at_cell(int cell, std::string reason) const;
};

class PuzzleReader {
 public:
  PuzzleReader(std::istream& in, std::string source, ReadOptions options);
  ~PuzzleReader();
  PuzzleReader(const PuzzleReader&) = delete;
  PuzzleReader& operator=(const PuzzleReader&) = delete;

  // The next record; false at the end. An input with no puzzle at all (or a
  // binary file) yields a single error record, marked whole_input.
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
// to_line() appended to `out`, with room reserved for `room` more characters
// (the rest of an output line: a status, a comment, '\n'), so a line is
// allocated once.
void append_line(std::string& out, const Geometry& geometry, const Grid& cells, std::size_t room = 0);
// A jigsaw's regions as one line of labels (1-9, A, …), as --regions reads them.
std::string to_region_line(const Geometry& geometry);
// Pencil marks as one line: N×N groups of N characters, each the digit of
// its place or '.' (729 characters for 9×9), as the reader reads them.
std::string to_candidate_line(const Geometry& geometry, const std::vector<Mask>& candidates);
// The character of a digit (0: '.') in 1-based or 0-based (0-9A-F) style.
char digit_char(int digit, DigitStyle style);
// Rewrites the digit characters of 1-based text (a line or a drawn grid)
// in 0-based style: the answer to a puzzle written 0-9A-F, written alike.
void to_zero_based(std::string& text, std::size_t begin = 0, std::size_t end = std::string::npos);
std::string to_pretty_grid(const Geometry& geometry, const Grid& cells);

// The puzzle in nonet's JSON on one line ({"puzzle": …, "variant": …,
// "houses": …, "constraints": …}), which the reader reads back as the same
// puzzle (docs/cli.md).
std::string to_json(const Puzzle& puzzle);
// The puzzle as f-puzzles JSON, and as links that open it in f-puzzles and in
// SudokuPad. A solution, when given, is written as f-puzzles' "solution", so
// f-puzzles and SudokuPad check the player's grid against it. Throw
// std::invalid_argument naming the first rule f-puzzles cannot state
// (greater-than, zipper lines, a grid over 16x16, …).
std::string to_fpuzzles(const Puzzle& puzzle, const Grid* solution = nullptr);
std::string to_fpuzzles_link(const Puzzle& puzzle, const Grid* solution = nullptr);
std::string to_sudokupad_link(const Puzzle& puzzle, const Grid* solution = nullptr);

}  // namespace nonet
