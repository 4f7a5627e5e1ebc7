// The input formats people have beside nonet's own: CSV (the Kaggle sets),
// boxed grids (Sudoku Explainer, HoDoKu), cells separated by spaces, 16×16
// written 0-9A-F, and pencil marks (729-character lines, HoDoKu grids) —
// each detected per record, each error with its line and column.
#include <gtest/gtest.h>

#include <algorithm>

#include "nonet/format.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

const std::string kWikipedia = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kWikipediaSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

std::string with_zeros(std::string line) {
  std::replace(line.begin(), line.end(), '.', '0');
  return line;
}

std::string line_of(const Record& record) { return to_line(*record.puzzle->geometry, record.puzzle->cells); }


// 100,000 nested brackets crashed `nonet solve` (a recursive dump() ran out
// of stack): a positioned error instead, and the next line's puzzle still read.
TEST(JsonInput, DeeplyNestedBracketsAreOneErrorNotACrash) {
  std::string deep;  // in lines of 1,000 brackets, under the reader's line length limit
  for (int i = 0; i < 100; ++i) deep += std::string(1000, '[') + "\n";
  for (int i = 0; i < 100; ++i) deep += std::string(1000, ']') + "\n";
  const auto document = read_all(deep, {}, "deep.json");
  ASSERT_EQ(document.size(), 1u);
  ASSERT_TRUE(document[0].error);
  EXPECT_EQ(document[0].error->to_string(), "deep.json:1:65: JSON nested too deeply (over 64 levels): not a puzzle");
  const std::string one_line_deep = std::string(1000, '[') + std::string(1000, ']');
  const std::string lines =
      "[\"" + kWikipedia + "\"]\n" + one_line_deep + "\n{\"puzzle\": \"" + kWikipedia + "\"}\n";
  const auto records = read_all(lines, {}, "lines.json");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_TRUE(records[0].puzzle);
  ASSERT_TRUE(records[1].error);
  EXPECT_EQ(records[1].error->to_string(), "lines.json:2:65: JSON nested too deeply (over 64 levels): not a puzzle");
  EXPECT_TRUE(records[2].puzzle);
  // Strings are not brackets.
  const auto quoted = read_all("{\"puzzle\": \"" + kWikipedia + "\", \"comment\": \"" + std::string(100, '[') + "\"}");
  ASSERT_EQ(quoted.size(), 1u);
  EXPECT_TRUE(quoted[0].puzzle) << quoted[0].error->to_string();
}

// A file's first record decided how every other line was read: after a text
// line, each f-puzzles or nonet JSON line was "not a compressed puzzle"
// (written by `nonet convert --to fpuzzles`, a '!not-convertible' line first);
// after a JSON line, each text line was invalid JSON. Each line is now read
// as what it is, JSON or text, and one broken line is that record's error.
TEST(JsonInput, JsonAndTextLinesTakeTurnsRecordByRecord) {
  const std::string fpuzzles = R"({"size":4,"grid":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],)"
                               R"("killercage":[{"cells":["R1C2","R1C3"],"value":"5"}]})";
  const std::string nonet_json = "{\"puzzle\": \"" + kWikipedia + "\"}";
  const std::string text = "!not-convertible\n" + fpuzzles + "\n# a comment\n" + kWikipedia + "\n" + nonet_json +
                           "\n.Cage~10~R1C1~R1C2\n{\"size\": 9, oops\n\n" + fpuzzles + "\n" + kWikipedia + "\n";
  for (const InputFormat format : {InputFormat::automatic, InputFormat::fpuzzles}) {
    ReadOptions options;
    options.format = format;
    const auto records = read_all(text, options, "mixed.txt");
    ASSERT_EQ(records.size(), 8u);
    const bool fpuzzles_only = format == InputFormat::fpuzzles;
    ASSERT_TRUE(records[0].error);
    EXPECT_EQ(records[0].error->line, 1);
    ASSERT_TRUE(records[1].puzzle) << records[1].error->to_string();
    EXPECT_EQ(records[1].puzzle->constraints.size(), 1u);
    EXPECT_EQ(records[1].line, 2);
    EXPECT_EQ(records[2].puzzle.has_value(), !fpuzzles_only);  // a plain line is no f-puzzles link
    EXPECT_EQ(records[2].line, 4);
    EXPECT_EQ(records[3].puzzle.has_value(), !fpuzzles_only);  // nonet's JSON, where f-puzzles' is not forced
    if (records[3].puzzle) {
      EXPECT_EQ(line_of(records[3]), kWikipedia);
    }
    EXPECT_EQ(records[4].puzzle.has_value(), !fpuzzles_only);  // ISS
    ASSERT_TRUE(records[5].error);
    EXPECT_EQ(records[5].error->line, 7);
    ASSERT_TRUE(records[6].puzzle);
    EXPECT_EQ(records[6].line, 9);
    EXPECT_EQ(records[7].puzzle.has_value(), !fpuzzles_only);
    EXPECT_EQ(records[7].line, 10);
  }
  // A puzzle string is a JSON value too, read as one among JSON Lines.
  const auto strings = read_all(nonet_json + "\n\"" + kWikipedia + "\"\n");
  ASSERT_EQ(strings.size(), 2u);
  EXPECT_TRUE(strings[1].puzzle);
  // Forced JSON stays JSON: the text line is an error, the next JSON line read.
  ReadOptions json;
  json.format = InputFormat::json;
  const auto forced = read_all(nonet_json + "\n" + kWikipedia + "\n" + nonet_json + "\n", json);
  ASSERT_EQ(forced.size(), 3u);
  EXPECT_TRUE(forced[0].puzzle);
  EXPECT_TRUE(forced[1].error);
  EXPECT_TRUE(forced[2].puzzle);
}

TEST(CsvInput, KaggleHeaderPuzzleAndPublishedSolution) {
  const std::string text = "quizzes,solutions\n" + with_zeros(kWikipedia) + "," + kWikipediaSolution + "\n\n" +
                           with_zeros(kWikipedia) + "," + kWikipediaSolution + "\n";
  const auto records = read_all(text, {}, "k.csv");
  ASSERT_EQ(records.size(), 2u);
  for (const Record& record : records) {
    ASSERT_TRUE(record.puzzle) << record.error->to_string();
    EXPECT_EQ(line_of(record), kWikipedia);
    EXPECT_EQ(to_line(*record.puzzle->geometry, record.published_solution), kWikipediaSolution);
    EXPECT_EQ(record.puzzle->comment, "");
  }
  EXPECT_EQ(records[0].line, 2);
  EXPECT_EQ(records[1].line, 4);
}

TEST(CsvInput, ColumnsByNameOrNumberAndTheRestAsComment) {
  const std::string text = "id,rating,question\n7,3.4," + kWikipedia + "\n";
  const auto named = read_all(text);
  ASSERT_TRUE(named[0].puzzle);
  EXPECT_EQ(line_of(named[0]), kWikipedia);
  EXPECT_EQ(named[0].puzzle->comment, "7,3.4");
  EXPECT_TRUE(named[0].published_solution.empty());
  ReadOptions by_number;
  by_number.csv_column = "3";
  EXPECT_EQ(line_of(read_all(text, by_number)[0]), kWikipedia);
  ReadOptions missing;
  missing.csv_column = "quizzes";
  EXPECT_EQ(read_all(text, missing, "t.csv")[0].error->to_string(),
            "t.csv:1:1: no column 'quizzes' in the header (id, rating, question)");
}

TEST(CsvInput, WithoutANamedColumnThePuzzleIsTheFirstFieldThatHoldsOne) {
  for (const std::string& text : {"1," + kWikipedia + ",easy\n", "id,grade,p\n1,easy," + kWikipedia + "\n"}) {
    const auto records = read_all(text);
    ASSERT_EQ(records.size(), 1u);
    ASSERT_TRUE(records[0].puzzle) << text << ": " << records[0].error->to_string();
    EXPECT_EQ(line_of(records[0]), kWikipedia);
  }
}

TEST(CsvInput, HeaderlessAndQuotedFields) {
  const auto records = read_all("\"" + kWikipedia + "\", \"" + kWikipediaSolution + "\"\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].puzzle) << records[0].error->to_string();
  EXPECT_EQ(to_line(*records[0].puzzle->geometry, records[0].published_solution), kWikipediaSolution);
  // A carriage return inside a row (columns pasted from a CRLF file) is no cell.
  const auto pasted = read_all(kWikipedia + "\r," + kWikipediaSolution + "\r\n");
  ASSERT_TRUE(pasted[0].puzzle) << pasted[0].error->to_string();
  EXPECT_EQ(to_line(*pasted[0].puzzle->geometry, pasted[0].published_solution), kWikipediaSolution);
}

TEST(CsvInput, ErrorsNameLineAndColumn) {
  std::string bad = kWikipedia;
  bad[10] = 'x';
  std::string bad_solution = kWikipediaSolution;
  bad_solution[3] = '.';
  const std::string text = "puzzle,solution\n" + bad + "," + kWikipediaSolution + "\n" + kWikipedia + "," +
                           bad_solution + "\n" + kWikipedia + "," + kWikipediaSolution.substr(1) + "\n" +
                           kWikipedia + "\n";
  const auto records = read_all(text, {}, "e.csv");
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].error->to_string(),
            "e.csv:2:11: 'x' is not a digit of a 9x9 puzzle (digits 1-9, empty '.' or '0')");
  EXPECT_EQ(records[1].error->to_string(),
            "e.csv:3:86: solution column: '.' is not a digit of the solution (it has no empty cell)");
  EXPECT_EQ(records[2].error->to_string(), "e.csv:4:83: solution column: 80 cells, the puzzle has 81");
  // A row without the solution field is a puzzle without one.
  ASSERT_TRUE(records[3].puzzle);
  EXPECT_TRUE(records[3].published_solution.empty());
}

TEST(BoxedGrid, SudokuExplainerFramesAreSkipped) {
  const std::string text = testing::boxed_grid(kWikipedia);
  const auto records = read_all(text + "\n" + text);
  ASSERT_EQ(records.size(), 2u);
  for (const Record& record : records) {
    ASSERT_TRUE(record.puzzle) << record.error->to_string();
    EXPECT_EQ(line_of(record), kWikipedia);
  }
  std::string broken = text;
  broken.replace(broken.find("|6..|"), 5, "|6.x|");
  EXPECT_EQ(read_all(broken, {}, "b.txt")[0].error->to_string(),
            "b.txt:3:4: 'x' is not a digit of a 9x9 puzzle (digits 1-9, empty '.' or '0')");
}

TEST(SpacedCells, OneLineWithSpacesIsOnePuzzle) {
  std::string spaced;
  for (char c : kWikipedia) spaced += std::string(1, c) + " ";
  const auto records = read_all(spaced + "\n" + spaced + "\n");
  ASSERT_EQ(records.size(), 2u);
  ASSERT_TRUE(records[0].puzzle) << records[0].error->to_string();
  EXPECT_EQ(line_of(records[1]), kWikipedia);
  std::string bad = spaced;
  bad[2 * 40] = 'z';
  EXPECT_EQ(read_all(bad, {}, "s.txt")[0].error->to_string(),
            "s.txt:1:81: 'z' is not a digit of a 9x9 puzzle (digits 1-9, empty '.' or '0')");
}

TEST(ZeroBasedDigits, SixteenBySixteenInZeroToF) {
  // A 16×16 grid row pattern: row r is 0..F shifted; blank every other cell.
  std::string one_based, zero_based;
  for (int cell = 0; cell < 256; ++cell) {
    const int row = cell / 16, column = cell % 16;
    const int digit = (row % 4 * 4 + row / 4 + column) % 16 + 1;
    const bool given = (cell * 7) % 3 == 0;
    one_based += given ? digit_char(digit) : '.';
    zero_based += given ? digit_char(digit, DigitStyle::zero_based) : '.';
  }
  ASSERT_NE(zero_based.find('0'), std::string::npos);
  const auto records = read_all(zero_based + "\n" + one_based + "\n");
  ASSERT_EQ(records.size(), 2u);
  ASSERT_TRUE(records[0].puzzle) << records[0].error->to_string();
  EXPECT_TRUE(records[0].zero_based);
  EXPECT_FALSE(records[1].zero_based);
  EXPECT_EQ(records[0].puzzle->cells, records[1].puzzle->cells);
  std::string written = line_of(records[0]);
  to_zero_based(written);
  EXPECT_EQ(written, zero_based);
  ReadOptions one;
  one.digits = DigitStyle::one_based;
  const std::string error = read_all(zero_based, one, "h.txt")[0].error->to_string();
  EXPECT_EQ(error.rfind("h.txt:1:" + std::to_string(zero_based.find('0') + 1) + ": '0' is not a digit of a 16x16", 0), 0u)
      << error;
  ReadOptions zero;
  zero.digits = DigitStyle::zero_based;
  const std::string g = read_all(one_based, zero, "h.txt")[0].error->to_string();
  EXPECT_NE(g.find("'G' is not a digit of a 16x16 puzzle (digits 0-F"), std::string::npos) << g;
}

TEST(PencilMarks, CandidateLinesAreDetectedPerRecord) {
  const std::string marks = testing::pencil_marks_of(kWikipedia);
  const auto records = read_all(kWikipedia + "\n" + marks + " a note\n" + kWikipedia + "\n");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_TRUE(records[0].candidates.empty());
  ASSERT_TRUE(records[1].puzzle) << records[1].error->to_string();
  EXPECT_EQ(records[1].puzzle->geometry->size(), 9);  // not a 27×27 puzzle
  ASSERT_EQ(records[1].candidates.size(), 81u);
  EXPECT_EQ(records[1].candidates[0], digit_bit(5));
  EXPECT_EQ(records[1].candidates[2], digit_bit(1) | digit_bit(2) | digit_bit(4));  // r1c3
  EXPECT_EQ(records[1].puzzle->comment, "a note");
  EXPECT_EQ(to_candidate_line(*records[1].puzzle->geometry, records[1].candidates), marks);
  EXPECT_TRUE(records[2].candidates.empty());
}

TEST(PencilMarks, HoDoKuGridsAreRead) {
  const std::string marks = testing::pencil_marks_of(kWikipedia);
  std::string grid = ".----------.----------.----------.\n";
  for (int row = 0; row < 9; ++row) {
    if (row == 3 || row == 6) grid += ":----------+----------+----------:\n";
    grid += "|";
    for (int column = 0; column < 9; ++column) {
      std::string cell;
      for (int digit = 0; digit < 9; ++digit)
        if (marks[(row * 9 + column) * 9 + digit] != '.') cell += marks[(row * 9 + column) * 9 + digit];
      grid += " " + cell + (column % 3 == 2 ? " |" : "");
    }
    grid += "\n";
  }
  grid += "'----------'----------'----------'\n";
  const auto records = read_all(grid + "\n" + grid);
  ASSERT_EQ(records.size(), 2u);
  for (const Record& record : records) {
    ASSERT_TRUE(record.puzzle) << record.error->to_string();
    EXPECT_EQ(to_candidate_line(*record.puzzle->geometry, record.candidates), marks);
  }
  EXPECT_EQ(records[1].line, 16);  // its first row, after the blank line and the frame
  std::string broken = grid;
  const auto second_row = broken.find("\n|", broken.find("\n|") + 1) + 1;
  broken.insert(second_row + 1, " 7");
  const std::string error = read_all(broken, {}, "p.txt")[0].error->to_string();
  EXPECT_EQ(error.rfind("p.txt:3:", 0), 0u) << error;
  EXPECT_NE(error.find(": pencil-mark row 2 has 10 cells (digit strings), expected 9"), std::string::npos) << error;
}

// 9 lines of 9 cells: the rows of a one-line puzzle.
std::string rows_of(const std::string& line) {
  std::string rows;
  for (std::size_t row = 0; row < 9; ++row) rows += line.substr(row * 9, 9) + "\n";
  return rows;
}

TEST(SdkFiles, SadManPuzzleSectionAndASavedGamesOtherSections) {
  const auto plain = read_all("[Puzzle]\n" + rows_of(kWikipedia), {}, "p.sdk");
  ASSERT_EQ(plain.size(), 1u);
  ASSERT_TRUE(plain[0].puzzle) << plain[0].error->to_string();
  EXPECT_EQ(line_of(plain[0]), kWikipedia);
  EXPECT_EQ(plain[0].line, 2);
  // A saved game: the state (and any later section) is no second puzzle.
  const std::string saved = "#ARuud\n#DA saved game\n[Puzzle]\n" + rows_of(kWikipedia) + "[State]\n" +
                            rows_of(kWikipediaSolution) + "[Colours]\n" + rows_of(std::string(81, '0'));
  const auto game = read_all(saved, {}, "g.sdk");
  ASSERT_EQ(game.size(), 1u);
  ASSERT_TRUE(game[0].puzzle) << game[0].error->to_string();
  EXPECT_EQ(line_of(game[0]), kWikipedia);
  // A grid cut short ends at the next section, which is still skipped.
  std::string short_grid = rows_of(kWikipedia);
  short_grid.resize(short_grid.size() - 10);
  const auto broken = read_all("[Puzzle]\n" + short_grid + "[State]\n" + rows_of(kWikipediaSolution), {}, "b.sdk");
  ASSERT_EQ(broken.size(), 1u);
  EXPECT_EQ(broken[0].error->to_string(), "b.sdk:10:1: grid ends after 8 rows, expected 9");
}

TEST(BlankCells, UnderscoreStarDashOrXWrittenThroughout) {
  for (char blank : {'_', '*', '-', 'x'}) {
    std::string line = kWikipedia;
    std::replace(line.begin(), line.end(), '.', blank);
    std::vector<std::string> inputs = {line + "\n", line + "," + kWikipediaSolution + "\n"};
    if (blank != '-') inputs.push_back(rows_of(line));  // in a grid '-' is a separator
    for (const std::string& input : inputs) {
      const auto records = read_all(input);
      ASSERT_EQ(records.size(), 1u) << input;
      ASSERT_TRUE(records[0].puzzle) << input << records[0].error->to_string();
      EXPECT_EQ(line_of(records[0]), kWikipedia);
    }
  }
  // Written two ways, or as a digit of the size, it stays the error it was.
  std::string mixed = kWikipedia;
  mixed[2] = '_';
  EXPECT_EQ(read_all(mixed, {}, "m.txt")[0].error->to_string(),
            "m.txt:1:3: '_' is not a digit of a 9x9 puzzle (digits 1-9, empty '.' or '0')");
  std::string two_blanks = kWikipedia;
  std::replace(two_blanks.begin(), two_blanks.end(), '.', '_');
  two_blanks[80] = 'x';
  EXPECT_EQ(read_all(two_blanks, {}, "t.txt")[0].error->to_string(),
            "t.txt:1:3: '_' is not a digit of a 9x9 puzzle (digits 1-9, empty '.' or '0')");
}

TEST(CsvInput, SemicolonSeparatedWithOrWithoutHeader) {
  for (const std::string& header : {std::string("puzzle;solution\n"), std::string()}) {
    const auto records = read_all(header + kWikipedia + ";" + kWikipediaSolution + "\n" + with_zeros(kWikipedia) +
                                      ";" + kWikipediaSolution + ";hard\n",
                                  {}, "s.csv");
    ASSERT_EQ(records.size(), 2u) << header;
    for (const Record& record : records) {
      ASSERT_TRUE(record.puzzle) << record.error->to_string();
      EXPECT_EQ(line_of(record), kWikipedia);
      EXPECT_EQ(to_line(*record.puzzle->geometry, record.published_solution), kWikipediaSolution);
    }
    EXPECT_EQ(records[1].puzzle->comment, "hard");
  }
}

TEST(HoDoKuFiles, SimpleSudokuStateLinesAfterTheGivensAreSkipped) {
  const std::string ss = testing::boxed_grid(kWikipedia) + "\nI024\nI388\nE78007\n";
  const auto records = read_all(ss + "\n" + ss, {}, "h.ss");
  ASSERT_EQ(records.size(), 2u);
  for (const Record& record : records) {
    ASSERT_TRUE(record.puzzle) << record.error->to_string();
    EXPECT_EQ(line_of(record), kWikipedia);
  }
}

TEST(HoDoKuLibrary, GivensOfALibraryLineAreThePuzzle) {
  std::string grid = kWikipedia;
  grid.replace(5, 1, "+8");  // r1c6 = 8 placed while solving: no given
  const auto records = read_all(":0000:x:" + grid + ":612 613 614::\n:0000:x:" + kWikipedia + ":::\n", {}, "l.txt");
  ASSERT_EQ(records.size(), 2u);
  for (const Record& record : records) {
    ASSERT_TRUE(record.puzzle) << record.error->to_string();
    EXPECT_EQ(line_of(record), kWikipedia);
  }
  std::string bad = kWikipedia;
  bad[4] = 'z';
  EXPECT_EQ(read_all(":0000:x:" + bad + ":::\n", {}, "l.txt")[0].error->to_string(),
            "l.txt:1:13: 'z' is not a digit of a 9x9 puzzle (digits 1-9, empty '.' or '0')");
}

}  // namespace
}  // namespace nonet
