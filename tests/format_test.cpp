#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "nonet/format.hpp"
#include "test_support.hpp"

namespace nonet {
namespace {

const std::string kWikipedia = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

std::string error_of(const std::string& text, ReadOptions options = {}) {
  auto records = read_all(text, options, "in.txt");
  for (const auto& record : records)
    if (record.error) return record.error->to_string();
  return "no error";
}

TEST(Reader, OneLinePuzzleWithCommentAndZeros) {
  std::string zeros = kWikipedia;
  std::replace(zeros.begin(), zeros.end(), '.', '0');
  auto records = read_all(zeros + "   rated 2.3 # easy\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].puzzle);
  EXPECT_EQ(to_line(*records[0].puzzle->geometry, records[0].puzzle->cells), kWikipedia);
  EXPECT_EQ(records[0].puzzle->comment, "rated 2.3 # easy");
}

TEST(Reader, CommentLinesCrlfAndBlankLinesAreSkipped) {
  auto records = read_all("# header\r\n\r\n" + kWikipedia + "\r\n#x\r\n" + kWikipedia + "\r\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1].line, 5);
  EXPECT_TRUE(records[1].puzzle->comment.empty());
}

// A file saved by a Windows editor starts with a UTF-8 byte-order mark.
TEST(Reader, ByteOrderMarkIsSkipped) {
  auto records = read_all("\xEF\xBB\xBF" + kWikipedia + "\r\n" + kWikipedia + "\n");
  ASSERT_EQ(records.size(), 2u);
  for (const auto& record : records) ASSERT_TRUE(record.puzzle) << record.error->to_string();
  std::string bad = kWikipedia;
  bad[4] = 'x';
  EXPECT_EQ(error_of("\xEF\xBB\xBF" + bad + "\n"), error_of(bad + "\n"));  // same column, BOM or not
}

TEST(Reader, LeadingIdTokenIsKeptAsComment) {
  auto records = read_all("00015097c6c3 " + kWikipedia + "  7.2\n");
  ASSERT_TRUE(records[0].puzzle);
  EXPECT_EQ(records[0].puzzle->comment, "00015097c6c3 7.2");
}

TEST(Reader, GridBlockWithSeparatorsAndSdkHeader) {
  const std::string grid =
      "#Aname\n#Cfrom a .sdk file\n"
      "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n"
      "8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n------+-------+------\n"
      ". 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n\n"
      "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
  auto records = read_all(grid);
  ASSERT_EQ(records.size(), 2u);
  for (const auto& record : records) {
    ASSERT_TRUE(record.puzzle) << record.error->to_string();
    EXPECT_EQ(to_line(*record.puzzle->geometry, record.puzzle->cells), kWikipedia);
  }
  EXPECT_EQ(records[0].line, 3);
  EXPECT_EQ(records[1].line, 15);
}

TEST(Reader, SizesAreInferredFromLength) {
  EXPECT_EQ(testing::parse_one("1..4.4....1.3..2").geometry->size(), 4);
  EXPECT_EQ(testing::parse_one(std::string(36, '.')).geometry->size(), 6);
  EXPECT_EQ(testing::parse_one(std::string(256, '.')).geometry->size(), 16);
  EXPECT_EQ(testing::parse_one(std::string(625, '.')).geometry->size(), 25);
}

TEST(Reader, SixteenBySixteenGridRowsAreNotMistakenForFourByFour) {
  std::string grid;
  for (int r = 0; r < 16; ++r) grid += std::string(r == 0 ? "G" : ".") + std::string(15, '.') + "\n";
  const Puzzle puzzle = testing::parse_one(grid);
  EXPECT_EQ(puzzle.geometry->size(), 16);
  EXPECT_EQ(puzzle.cells[0], 16);
}

TEST(Reader, LeetCodeBoardAndObjects) {
  const std::string board = testing::slurp(testing::source_path("examples/board.json"));
  EXPECT_EQ(to_line(*testing::parse_one(board).geometry, testing::parse_one(board).cells), kWikipedia);
  auto records = read_all(R"([{"variant": "diagonal", "puzzle": ")" + kWikipedia + R"("}, {"puzzle": ")" + kWikipedia +
                          R"(", "comment": "c"}])");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].puzzle->geometry->variant(), "diagonal");
  EXPECT_EQ(records[1].puzzle->geometry->variant(), "classic");
  EXPECT_EQ(records[1].puzzle->comment, "c");
}

// Found by the reader fuzz target's check (fuzz/corpus/reader/
// regression_json_comment_newline.txt): a comment is printed on its puzzle's
// output line, so a line break in a JSON comment gave one record two lines.
TEST(Reader, JsonCommentKeepsToOneLine) {
  const auto records = read_all(R"({"puzzle": ")" + kWikipedia + R"(", "comment": "a\nb\r\nc"})" "\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].puzzle);
  EXPECT_EQ(records[0].puzzle->comment, "a b  c");
}

// A rule written beside "puzzle" instead of under "constraints" was dropped
// without a word, and the puzzle solved as a classic one.
TEST(Reader, JsonRuleOutsideConstraintsIsAnErrorAndMetadataIsKept) {
  const auto records = read_all(R"({"puzzle": ")" + kWikipedia + R"(", "id": 7, "difficulty": "hard", "source": "x"})" "\n" +
                                R"({"puzzle": ")" + kWikipedia + R"(", "killer_cages": [{"cells": ["r1c1"]}]})" "\n" +
                                R"({"puzzle": ")" + kWikipedia + R"(", "anti-knight": true})" "\n");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_TRUE(records[0].puzzle);
  for (std::size_t i : {1u, 2u}) {
    ASSERT_TRUE(records[i].error) << i;
    EXPECT_NE(records[i].error->reason.find("looks like a rule"), std::string::npos) << records[i].error->reason;
  }
}

// Found by the reader fuzz target (fuzz/corpus/reader/
// regression_json_number_overflow.txt): nlohmann throws out_of_range, not
// parse_error, for a number beyond a double, and it escaped the reader, so
// `nonet solve` aborted on the input.
TEST(Reader, JsonNumberBeyondADoubleIsAnError) {
  EXPECT_EQ(error_of("[345e123456789]\n"),
            "in.txt:1:1: invalid JSON: [json.exception.out_of_range.406] number overflow parsing '345e123456789'");
  const auto records = read_all(R"({"puzzle": ")" + kWikipedia + "\"}\n345e123456789\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_TRUE(records[0].puzzle);
  ASSERT_TRUE(records[1].error);
  EXPECT_EQ(records[1].error->line, 2);
  EXPECT_EQ(records[1].error->column, 1);
}

TEST(Reader, JsonLinesOneObjectPerLine) {
  auto records = read_all(R"({"puzzle": ")" + kWikipedia + "\"}\n{\"puzzle\": \"12\"}\n{\"puzzle\": \"" + kWikipedia + "\"}\n");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_TRUE(records[0].puzzle);
  ASSERT_TRUE(records[1].error);
  EXPECT_EQ(records[1].error->line, 2);
  EXPECT_TRUE(records[2].puzzle);
}

TEST(Reader, JigsawRegionsInJson) {
  const std::string regions = "1122112233443344";
  auto records = read_all(R"({"variant": "jigsaw", "regions": ")" + regions + R"(", "puzzle": "1..............."})");
  ASSERT_TRUE(records[0].puzzle) << records[0].error->to_string();
  EXPECT_EQ(records[0].puzzle->geometry->variant(), "jigsaw");
}

TEST(ReaderErrors, WrongLengthSaysExpectedAndActual) {
  EXPECT_EQ(error_of(kWikipedia.substr(1) + "\n"), "in.txt:1:81: wrong length: 80 cells, expected 81 (9x9)");
  ReadOptions nine;
  nine.variant.size = 9;
  EXPECT_EQ(error_of(std::string(256, '.') + "\n", nine), "in.txt:1:257: wrong length: 256 cells, expected 81 (9x9)");
}

TEST(ReaderErrors, BadCharacterNamesItsColumn) {
  std::string bad = kWikipedia;
  bad[10] = 'x';
  EXPECT_EQ(error_of("\n" + bad + "\n"),
            "in.txt:2:11: 'x' is not a digit of a 9x9 puzzle (digits 1-9, empty '.' or '0')");
  std::string big(256, '.');
  big[3] = 'H';
  EXPECT_EQ(error_of(big), "in.txt:1:4: 'H' is not a digit of a 16x16 puzzle (digits 1-G, empty '.')");
}

TEST(ReaderErrors, GridRowWithTooManyCells) {
  const std::string grid = "53..7....\n6..195....\n";
  EXPECT_EQ(error_of(grid), "in.txt:2:10: grid row 2 has 10 cells, expected 9");
}

TEST(ReaderErrors, GridCutShort) {
  EXPECT_EQ(error_of("53..7....\n6..195...\n\n"), "in.txt:3:1: grid ends after 2 rows, expected 9");
}

TEST(ReaderErrors, UnknownVariantAndBadRegionMap) {
  ReadOptions options;
  options.variant.name = "samurai";
  EXPECT_EQ(error_of(kWikipedia, options),
            "in.txt:1:82: unknown variant 'samurai' (expected classic, diagonal, windoku, jigsaw or latin)");
  EXPECT_EQ(error_of(R"({"variant": "jigsaw", "regions": "1112112233443344", "puzzle": "1..............."})"),
            "in.txt:1:1: region 1 has 5 cells, expected 4");
}

TEST(ReaderErrors, OverlongLineIsRejectedWithoutStoringIt) {
  ReadOptions options;
  options.max_line_length = 100;
  auto records = read_all(std::string(5000, '1') + "\n" + kWikipedia + "\n", options, "in.txt");
  ASSERT_EQ(records.size(), 2u);
  ASSERT_TRUE(records[0].error);
  EXPECT_EQ(records[0].error->to_string(), "in.txt:1:101: line is 5000 characters long, over the limit of 100");
  EXPECT_TRUE(records[1].puzzle);
}

TEST(ReaderErrors, BinaryJunkAndEmptyInput) {
  // A NUL past the first block is one bad line of a text file.
  std::string text;
  while (text.size() <= 8192) text += kWikipedia + "\n";
  const auto late_nul = read_all(text + std::string("ab\0cd\n", 6), {}, "in.txt");
  EXPECT_EQ(late_nul.back().error->to_string(), "in.txt:101:3: binary data (NUL byte), not a puzzle");
  EXPECT_EQ(error_of(""), "in.txt:1:1: empty input: no puzzle found");
  EXPECT_EQ(error_of("# only comments\n\n"), "in.txt:2:1: empty input: no puzzle found");
  const std::string junk = "\x7f\x45\x4c\x46\x02\x01\x01\xff\xfe\n\x89PNG\r\n";
  auto records = read_all(junk);
  ASSERT_FALSE(records.empty());
  for (const auto& record : records) EXPECT_TRUE(record.error);
}

TEST(ReaderErrors, BinaryFileIsOneErrorAboutTheWholeInput) {
  std::string elf("\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0", 20);
  std::string high_bytes;  // no NUL, but mostly bytes no text has
  for (int i = 0; i < 600; ++i) high_bytes += static_cast<char>(0x80 + (i * 37) % 64);
  for (const std::string& binary : {elf + "\n" + kWikipedia + "\n", std::string("ab\0cd", 5), high_bytes}) {
    const auto records = read_all(binary, {}, "in.bin");
    ASSERT_EQ(records.size(), 1u);
    ASSERT_TRUE(records[0].error);
    EXPECT_EQ(records[0].error->to_string(), "in.bin: binary file, not puzzles");
    EXPECT_TRUE(records[0].whole_input);
  }
  // Text in other scripts, or a few stray bytes, is still text.
  for (const std::string& text : {kWikipedia + " r\xC3\xA9solu \xE6\x95\xB0\xE7\x8B\xAC\n",
                                  kWikipedia + " \xE9t\xE9 (Latin-1)\n"}) {
    const auto records = read_all(text);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_TRUE(records[0].puzzle) << records[0].error->to_string();
  }
}

TEST(ReaderErrors, AnInputWithoutPuzzlesIsOneErrorAboutTheWholeInput) {
  const auto empty = read_all("", {}, "in.txt");
  ASSERT_EQ(empty.size(), 1u);
  EXPECT_TRUE(empty[0].whole_input);
  const auto header = read_all("quizzes,solutions\n", {}, "h.csv");
  ASSERT_EQ(header.size(), 1u);
  EXPECT_TRUE(header[0].whole_input);
  EXPECT_EQ(header[0].error->to_string(), "h.csv:1:1: no puzzle found: only a CSV header");
  EXPECT_FALSE(read_all("xyz\n")[0].whole_input);  // a bad puzzle is no whole-input error
}

TEST(ReaderErrors, InvalidJsonNamesLineAndColumn) {
  const std::string text = "[\n  [\"5\", \"3\",\n  oops\n]";
  const std::string error = error_of(text);
  EXPECT_EQ(error.rfind("in.txt:3:3: invalid JSON", 0), 0u) << error;
}

TEST(ReaderErrors, BadPuzzlesDoNotStopTheOthers) {
  auto records = read_all(kWikipedia + "\nxyz\n" + kWikipedia + "\n");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_TRUE(records[0].puzzle);
  EXPECT_TRUE(records[1].error);
  EXPECT_TRUE(records[2].puzzle);
  EXPECT_EQ(records[2].index, 2u);
}

TEST(ReaderErrors, DuplicateGivenPositionIsTheSecondCell) {
  std::string clash = kWikipedia;
  clash[7] = '5';  // r1c8, the 5 of r1c1 is already in row 1
  auto records = read_all(clash);
  const Puzzle& puzzle = *records[0].puzzle;
  auto conflict = find_conflict(*puzzle.geometry, puzzle.cells);
  ASSERT_TRUE(conflict);
  EXPECT_EQ(records[0].at_cell(conflict->second_cell, describe(*puzzle.geometry, *conflict)).to_string(),
            "<string>:1:8: digit 5 twice in row 1 (r1c1, r1c8)");
}

// The batch runner reads into recycled records: reading into one Record over
// and over must give what fresh records give, whatever the previous one held.
TEST(Reader, ReadingIntoAReusedRecordMatchesFreshRecords) {
  std::string text = "# header\n" + kWikipedia + "\n" + kWikipedia + " a comment\nid7 " + kWikipedia + "\n";
  text += kWikipedia.substr(0, 40) + "x" + kWikipedia.substr(41) + "\n";    // bad digit on the fast path
  text += kWikipedia.substr(0, 80) + "\n";                                  // too short
  text += "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n\n";
  text += kWikipedia + "\r\n" + std::string(kWikipedia).replace(0, 2, "55") + "\n";
  const auto fresh = read_all(text);
  std::istringstream in(text);
  PuzzleReader reader(in, "<string>", {});
  Record reused;
  std::size_t index = 0;
  for (; reader.next(reused); ++index) {
    ASSERT_LT(index, fresh.size());
    const Record& expected = fresh[index];
    EXPECT_EQ(reused.index, expected.index);
    EXPECT_EQ(reused.line, expected.line);
    EXPECT_EQ(reused.source, expected.source);
    EXPECT_EQ(reused.first_column, expected.first_column);
    EXPECT_EQ(reused.row_cells, expected.row_cells);
    EXPECT_EQ(reused.cell_lines, expected.cell_lines);
    EXPECT_EQ(reused.cell_columns, expected.cell_columns);
    ASSERT_EQ(reused.error.has_value(), expected.error.has_value()) << index;
    if (expected.error) {
      EXPECT_EQ(reused.error->to_string(), expected.error->to_string());
    }
    ASSERT_EQ(reused.puzzle.has_value(), expected.puzzle.has_value()) << index;
    if (expected.puzzle) {
      EXPECT_EQ(reused.puzzle->cells, expected.puzzle->cells);
      EXPECT_EQ(reused.puzzle->comment, expected.puzzle->comment);
      EXPECT_EQ(reused.puzzle->geometry->cell_count(), expected.puzzle->geometry->cell_count());
      EXPECT_EQ(reused.puzzle->geometry->variant(), expected.puzzle->geometry->variant());
    }
  }
  EXPECT_EQ(index, fresh.size());
}

TEST(Writer, PrettyGridHasBoxBorders) {
  const Puzzle puzzle = testing::parse_one("1..4.4....1.3..2");
  EXPECT_EQ(to_pretty_grid(*puzzle.geometry, puzzle.cells), "1 . | . 4\n. 4 | . .\n----+----\n. . | 1 .\n3 . | . 2\n");
}

TEST(Writer, PrettyGridReadsBack) {
  const Puzzle puzzle = testing::parse_one(kWikipedia);
  const Puzzle again = testing::parse_one(to_pretty_grid(*puzzle.geometry, puzzle.cells));
  EXPECT_EQ(again.cells, puzzle.cells);
}

}  // namespace
}  // namespace nonet
