// f-puzzles and SudokuPad: LZ-string, links, the f-puzzles JSON reader (each
// key, a real-style export, the errors with their key and entry) and writer
// (read back as the same puzzle), and SudokuPad's own format.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "format/fpuzzles.hpp"
#include "format/lz_string.hpp"
#include "format/puzzle_link.hpp"
#include "format/sudokupad.hpp"
#include "nonet/exact.hpp"
#include "nonet/format.hpp"

namespace nonet {
namespace {

using detail::read_fpuzzles;

// A 9x9 f-puzzles document: an empty grid and the given members.
std::string document(const std::string& members, int size = 9) {
  std::string grid = "[";
  for (int r = 0; r < size; ++r) {
    grid += r ? ",[" : "[";
    for (int c = 0; c < size; ++c) grid += c ? ",{}" : "{}";
    grid += "]";
  }
  grid += "]";
  return "{\"size\":" + std::to_string(size) + ",\"grid\":" + grid + (members.empty() ? "" : "," + members) + "}";
}

Puzzle read_ok(const std::string& json) {
  Diagnostic error;
  auto puzzle = read_fpuzzles(json, error);
  EXPECT_TRUE(puzzle) << error.line << ":" << error.column << ": " << error.reason;
  return puzzle ? *puzzle : Puzzle{};
}

// "line:column: reason" of a text that must not read.
std::string read_error(const std::string& json) {
  Diagnostic error;
  const auto puzzle = read_fpuzzles(json, error);
  EXPECT_FALSE(puzzle) << json;
  return std::to_string(error.line) + ":" + std::to_string(error.column) + ": " + error.reason;
}

int at(int row, int column, int size = 9) { return (row - 1) * size + column - 1; }

Constraint rule(ConstraintKind kind, std::vector<int> cells, std::optional<int> value = std::nullopt, int split = 0,
                std::vector<int> digits = {}, std::pair<int, int> outside = {-1, -1}) {
  return Constraint{kind, std::move(cells), value, split, std::move(digits), outside};
}

std::vector<std::string> described(const Puzzle& puzzle) {
  std::vector<std::string> lines;
  for (const Constraint& constraint : puzzle.constraints) lines.push_back(describe(*puzzle.geometry, constraint));
  return lines;
}

// ---- LZ-string --------------------------------------------------------------

TEST(LzString, KnownVectors) {
  // From public f-puzzles tooling: {"x":3}, and a real ?load= string.
  EXPECT_EQ(detail::lz_compress_to_base64("{\"x\":3}"), "N4IgHiBcDMC+Q===");
  Diagnostic error;
  EXPECT_EQ(detail::lz_decompress_from_base64("N4IgHiBcDMC+Q===", error), "{\"x\":3}");
  const auto json = detail::lz_decompress_from_base64(
      "N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/"
      "Vdk7r58WK5A",
      error);
  ASSERT_TRUE(json) << error.reason;
  EXPECT_TRUE(json->starts_with("{\"size\":9,\"grid\":[[{\"value\":1,\"given\":true},{},")) << *json;
  EXPECT_EQ(json->size(), 302u);
  // Nothing to compress: lz-string's own output for "".
  EXPECT_EQ(detail::lz_compress_to_base64(""), "Q===");
  EXPECT_EQ(detail::lz_decompress_from_base64("Q===", error), "");
}

TEST(LzString, RoundTripsEveryKindOfText) {
  std::string long_text;
  for (int i = 0; i < 3000; ++i) long_text += "{\"cells\":[\"R" + std::to_string(i % 9 + 1) + "C" + std::to_string(i % 7 + 1) + "\"]},";
  std::string every_byte;  // every ASCII character, in runs that grow the dictionary
  for (int round = 0; round < 40; ++round)
    for (int c = 1; c < 128; c += round % 5 + 1) every_byte += static_cast<char>(c);
  for (const std::string& text :
       {std::string("a"), std::string("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"), std::string("abababababababab"),
        std::string("Killer Cage: déjà vu, naïve café ★ 数独 🧩 in a title"), long_text, every_byte}) {
    const std::string compressed = detail::lz_compress_to_base64(text);
    EXPECT_EQ(compressed.size() % 4, 0u);
    Diagnostic error;
    const auto back = detail::lz_decompress_from_base64(compressed, error);
    ASSERT_TRUE(back) << error.reason;
    EXPECT_EQ(*back, text);
  }
  // Invalid UTF-8 goes in as U+FFFD.
  Diagnostic error;
  EXPECT_EQ(detail::lz_decompress_from_base64(detail::lz_compress_to_base64("a\xff"), error), "a\xEF\xBF\xBD");
}

TEST(LzString, ErrorsSayWhere) {
  Diagnostic error;
  EXPECT_FALSE(detail::lz_decompress_from_base64("N4Ig*iBcDMC+Q===", error));
  EXPECT_EQ(error.column, 5);
  EXPECT_EQ(error.reason, "'*' is no character of a compressed (LZ-string base64) text");
  EXPECT_FALSE(detail::lz_decompress_from_base64("", error));
  EXPECT_EQ(error.reason, "the compressed text is empty");
  // Cut short: the end mark is missing.
  const std::string whole = detail::lz_compress_to_base64(document(""));
  EXPECT_FALSE(detail::lz_decompress_from_base64(whole.substr(0, whole.size() / 2), error));
  EXPECT_EQ(error.reason, "the compressed text ends before its end mark (cut short?)");
  // A code beyond the dictionary.
  EXPECT_FALSE(detail::lz_decompress_from_base64("N4Ig////////", error));
  EXPECT_NE(error.reason.find("corrupt"), std::string::npos) << error.reason;
}

// ---- Links ------------------------------------------------------------------

const std::string kOneGiven =
    "N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/"
    "Vdk7r58WK5A";

TEST(PuzzleLink, EveryWayToCarryAnFpuzzlesPuzzle) {
  std::string encoded = kOneGiven;  // as a form would send it: '+' as %2B, '/' as %2F
  for (std::size_t at; (at = encoded.find('+')) != std::string::npos;) encoded.replace(at, 1, "%2B");
  for (std::size_t at; (at = encoded.find('/')) != std::string::npos;) encoded.replace(at, 1, "%2F");
  std::string spaced = kOneGiven;
  std::replace(spaced.begin(), spaced.end(), '+', ' ');
  for (const std::string& link :
       {"https://www.f-puzzles.com/?load=" + kOneGiven, "f-puzzles.com/?load=" + encoded,
        "https://www.f-puzzles.com/?load=" + spaced, "  " + kOneGiven + "\n", "https://sudokupad.app/fpuzzles" + kOneGiven,
        "https://sudokupad.app/?puzzleid=fpuzzles" + encoded, "https://app.crackingthecryptic.com/sudoku/fpuzzles" + kOneGiven,
        "sudokupad.app/fpuz" + kOneGiven + "?setting-nogrid=1", "fpuzzles" + kOneGiven}) {
    EXPECT_TRUE(detail::looks_like_puzzle_link(link)) << link;
    Diagnostic error;
    const auto puzzle = detail::read_puzzle_link(link, error);
    ASSERT_TRUE(puzzle) << link << ": " << error.column << ": " << error.reason;
    EXPECT_EQ(to_line(*puzzle->geometry, puzzle->cells), "1" + std::string(80, '.'));
  }
  EXPECT_FALSE(detail::looks_like_puzzle_link("53..7....6..195...."));
  EXPECT_FALSE(detail::looks_like_puzzle_link("https://example.com/?load=N4Ig"));
}

// A published f-puzzles link (an X-sudoku, from a public solver's tests):
// both diagonals, read as nonet's diagonal variant, solved.
TEST(PuzzleLink, PublishedXSudokuLinkSolves) {
  const std::string link =
      "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSQA3AQwBsBXOeAdlTQgpgDsEAXDBkmSGDBlWgwQBmVuy69+"
      "MUdXqMArDI7d4fAQF1khMSoQAODXO0KRpa8PLKJSc1p2KbN/YSXjGAJmfyAu6gDowAbAGWQSE+CCzosi5WwbZEnnYZ3sbw0gmagW4x2ep5Fq5ZjhGlSdFpBpnBRo4AjJHlKY2hUm1W6bZNfj219rHwZtUFqSPZACxDhXVeHUUt8xWMKBNRC52jJWz52yJ9y+"
      "sI+4mTywNxax71Uw0ZN/BzW+W6+iDYEFRoAPacWgAagKqB+f0BtAAtJMgA===";
  Diagnostic error;
  const auto puzzle = detail::read_puzzle_link(link, error);
  ASSERT_TRUE(puzzle) << error.column << ": " << error.reason;
  EXPECT_EQ(puzzle->geometry->variant(), "diagonal");
  EXPECT_EQ(to_line(*puzzle->geometry, puzzle->cells),
            "..7....358.....9...2.67.........356.....1...3..2.8..4....19..5.....5..7.........4");
  const SolveResult result = solve(*puzzle);
  ASSERT_EQ(result.status, SolveStatus::unique);
  EXPECT_TRUE(is_solution_of(*puzzle, result.solutions[0]));
}

TEST(PuzzleLink, LinksToPuzzlesOnAServerAreRefusedSayingSo) {
  struct Case {
    std::string link, reason;
    int column;
  };
  const std::vector<Case> cases = {
      {"https://sudokupad.app/psmmvgwo2v",
       "\"psmmvgwo2v\" names a puzzle kept on SudokuPad's server, which nonet does not ask: give the link that holds "
       "the puzzle itself (f-puzzles ?load=…, or SudokuPad's fpuzzles…/scl… link)",
       23},
      {"https://sudokupad.app/?puzzleid=rangsk-black-holes",
       "\"rangsk-black-holes\" names a puzzle kept on SudokuPad's server, which nonet does not ask: give the link that "
       "holds the puzzle itself (f-puzzles ?load=…, or SudokuPad's fpuzzles…/scl… link)",
       33},
      {"https://f-puzzles.com/?id=yxnpswht",
       "\"yxnpswht\" names a puzzle kept on f-puzzles' server, which nonet does not ask: give the ?load=… link", 27},
      {"https://tinyurl.com/b7twmz48",
       "\"b7twmz48\" names a puzzle kept on tinyurl.com, which nonet does not ask: give the link that holds the puzzle "
       "itself (f-puzzles ?load=…, or SudokuPad's fpuzzles…/scl… link)",
       21},
      {"https://sudokupad.app/sxsmABCDEF",
       "a Sudoku Maker (sxsm) puzzle: that format is not read; open it in SudokuPad and share it as f-puzzles", 23},
      {"https://www.f-puzzles.com/?load=N4Ig*", "'*' is no character of a compressed (LZ-string base64) text", 37},
      {"https://sudokupad.app/", "the link holds no puzzle (no ?load=, ?puzzleid= or puzzle after the host)", 9},
  };
  for (const Case& c : cases) {
    Diagnostic error;
    EXPECT_FALSE(detail::read_puzzle_link(c.link, error)) << c.link;
    EXPECT_EQ(error.reason, c.reason) << c.link;
    EXPECT_EQ(error.column, c.column) << c.link;
  }
}

TEST(PuzzleLink, ErrorsInTheCarriedPuzzleNameTheKey) {
  const std::string json = document("\"killercage\":[{\"cells\":[\"R1C1\",\"R0C1\"],\"value\":\"3\"}]");
  const std::string link = "https://sudokupad.app/fpuzzles" + detail::lz_compress_to_base64(json);
  Diagnostic error;
  EXPECT_FALSE(detail::read_puzzle_link(link, error));
  EXPECT_EQ(error.column, 31);
  EXPECT_EQ(error.reason, "the f-puzzles puzzle in the link: killercage[0]: cell \"R0C1\" is outside the grid");
}

// ---- The f-puzzles reader: each key -----------------------------------------

TEST(FpuzzlesReader, SizeGridGivensAndRegions) {
  std::string json = document("\"title\":\"A\\ntitle\"");
  json.replace(json.find("{}"), 2, "{\"value\":5,\"given\":true,\"centerPencilMarks\":[1,2],\"highlight\":\"#ff0\"}");
  // A value without "given" is the solver's, not the puzzle's.
  json.replace(json.find("{}"), 2, "{\"value\":\"7\"}");
  json.replace(json.find("{}"), 2, "{\"value\":\"3\",\"given\":true}");
  EXPECT_TRUE(detail::looks_like_fpuzzles(json));
  EXPECT_FALSE(detail::looks_like_fpuzzles("{\"puzzle\": \"53..7\", \"size\": 9}"));
  const Puzzle puzzle = read_ok(json);
  ASSERT_TRUE(puzzle.geometry);
  EXPECT_EQ(puzzle.geometry->variant(), "classic");
  EXPECT_EQ(to_line(*puzzle.geometry, puzzle.cells), "5.3" + std::string(78, '.'));
  EXPECT_EQ(puzzle.comment, "A title");
  EXPECT_TRUE(puzzle.constraints.empty());

  // 6x6: boxes of 2 rows by 3 columns; 16x16 digits up to 16.
  EXPECT_EQ(read_ok(document("", 6)).geometry->box_columns(), 3);
  std::string big = document("", 16);
  big.replace(big.find("{}"), 2, "{\"value\":16,\"given\":true}");
  EXPECT_EQ(read_ok(big).cells[0], 16);

  // Jigsaw: 4x4 pieces given by grid[r][c].region, 0-based.
  const std::string jigsaw =
      R"({"size":4,"grid":[[{"region":0},{"region":0},{"region":0},{"region":1}],)"
      R"([{"region":0},{"region":1},{"region":1},{"region":1}],)"
      R"([{"region":2},{"region":2},{"region":3},{"region":3}],)"
      R"([{"region":2},{"region":2},{"region":3},{"region":3}]]})";
  const Puzzle pieces = read_ok(jigsaw);
  EXPECT_EQ(pieces.geometry->variant(), "jigsaw");
  EXPECT_EQ(pieces.geometry->regions(), (std::vector<int>{0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}));
  // Regions that are the default boxes are the classic grid.
  EXPECT_EQ(read_ok(R"({"size":4,"grid":[[{"region":0},{"region":0},{"region":1},{"region":1}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"region":3}]]})")
                .geometry->variant(),
            "classic");
}

TEST(FpuzzlesReader, GlobalRulesAndHouses) {
  const Puzzle both = read_ok(document("\"diagonal+\":true,\"diagonal-\":true"));
  EXPECT_EQ(both.geometry->variant(), "diagonal");
  const Puzzle one = read_ok(document("\"diagonal+\":true,\"diagonal-\":false"));
  ASSERT_EQ(one.geometry->houses().size(), 28u);
  EXPECT_EQ(one.geometry->houses().back().kind, HouseKind::anti_diagonal);
  EXPECT_EQ(one.geometry->houses().back().cells.front(), at(1, 9));

  const Puzzle disjoint = read_ok(document("\"disjointgroups\":true"));
  ASSERT_EQ(disjoint.geometry->houses().size(), 36u);
  EXPECT_EQ(disjoint.geometry->houses()[27].kind, HouseKind::disjoint_group);
  EXPECT_EQ(disjoint.geometry->houses()[27].cells,
            (std::vector<int>{at(1, 1), at(1, 4), at(1, 7), at(4, 1), at(4, 4), at(4, 7), at(7, 1), at(7, 4), at(7, 7)}));

  const Puzzle chess = read_ok(document("\"antiknight\":true,\"antiking\":true,\"nonconsecutive\":true"));
  EXPECT_EQ(described(chess), (std::vector<std::string>{"anti-knight", "anti-king", "nonconsecutive"}));
  EXPECT_TRUE(read_ok(document("\"antiknight\":false,\"antiking\":null")).constraints.empty());

  // Extra regions: N cells are a house, fewer a rule.
  const Puzzle extra = read_ok(document(
      R"("extraregion":[{"cells":["R2C2","R2C3","R2C4","R3C2","R3C3","R3C4","R4C2","R4C3","R4C4"]},{"cells":["R9C9","R8C8"]}])"));
  EXPECT_EQ(extra.geometry->houses().back().kind, HouseKind::extra_region);
  EXPECT_EQ(described(extra), (std::vector<std::string>{"extra-region at r9c9, r8c8"}));
}

TEST(FpuzzlesReader, EveryRuleList) {
  using K = ConstraintKind;
  struct Case {
    std::string members;
    std::vector<Constraint> rules;
  };
  const std::vector<Case> cases = {
      {R"("killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R2C1"],"value":4},{"cells":["R3C1","R3C2"]}])",
       {rule(K::killer_cage, {0, 1}, 3), rule(K::killer_cage, {9}, 4), rule(K::killer_cage, {18, 19})}},
      {R"("odd":[{"cell":"R1C1"}],"even":[{"cell":"r9c9"}],"minimum":[{"cell":"R5C5"}],"maximum":[{"cell":"R1C2"}])",
       {rule(K::odd, {0}), rule(K::even, {80}), rule(K::minimum, {40}), rule(K::maximum, {1})}},
      {R"("quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1,"2",2]}])",
       {rule(K::quadruple, {0, 1, 9, 10}, std::nullopt, 0, {1, 2, 2})}},
      {R"("clone":[{"cells":["R1C1","R1C2","R5C5"],"cloneCells":["R9C8","R9C9","R5C5"]}])",
       {rule(K::clone, {0, 1, 79, 80}, std::nullopt, 2)}},
      {R"("difference":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"],"value":"3"}],"ratio":[{"cells":["R3C1","R4C1"],"value":""}])",
       {rule(K::difference, {0, 1}), rule(K::difference, {9, 10}, 3), rule(K::ratio, {18, 27})}},
      {R"("xv":[{"cells":["R1C1","R1C2"],"value":"X"},{"cells":["R2C1","R2C2"],"value":"V"},{"cells":["R3C1","R3C2"],"value":""}])",
       {rule(K::xv, {0, 1}, 10), rule(K::xv, {9, 10}, 5)}},
      {R"("thermometer":[{"lines":[["R1C1","R1C2","R1C3"],["R1C1","R2C1"]]}])",
       {rule(K::thermometer, {0, 1, 2}), rule(K::thermometer, {0, 9})}},
      {R"("palindrome":[{"lines":[["R1C1","R2C2","R3C3"]]}],"renban":[{"lines":[["R5C1","R5C2"]]}],"whispers":[{"lines":[["R9C1","R9C2"]]}])",
       {rule(K::palindrome, {0, 10, 20}), rule(K::renban, {36, 37}), rule(K::whisper, {72, 73})}},
      {R"("betweenline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"regionsumline":[{"lines":[["R3C3","R3C4"]]}],"regionSumLine":[{"lines":[["R6C3","R6C4"]]}])",
       {rule(K::between, {0, 1, 2}), rule(K::region_sum_line, {20, 21}), rule(K::region_sum_line, {47, 48})}},
      {R"("entropicline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"modularline":[{"lines":[["R2C1","R2C2","R2C3"]]}])",
       {rule(K::entropic, {0, 1, 2}), rule(K::modular, {9, 10, 11})}},
      // Rangsk's SudokuSolver's keys, beside f-puzzles' own.
      {R"("zipperline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"doublearrow":[{"lines":[["R2C1","R2C2","R2C3"]]}],"nabner":[{"lines":[["R3C1","R3C2"]]}])",
       {rule(K::zipper, {0, 1, 2}), rule(K::double_arrow, {9, 10, 11}), rule(K::nabner, {18, 19})}},
      // An arrow: the circle first (a pill in reading order), its line after;
      // two lines from one circle are two arrows.
      {R"("arrow":[{"lines":[["R1C1","R2C2","R3C3"],["R1C1","R1C2"]],"cells":["R1C1"]},{"lines":[["R5C6","R6C6","R7C6"]],"cells":["R5C6","R5C5"]}])",
       {rule(K::arrow, {0, 10, 20}, std::nullopt, 1), rule(K::arrow, {0, 1}, std::nullopt, 1),
        rule(K::arrow, {40, 41, 50, 59}, std::nullopt, 2)}},
      // Little killers: the clue outside, its diagonal from the direction.
      {R"("littlekillersum":[{"cell":"R0C1","cells":["R1C2","R2C3"],"direction":"DR","value":"40"},)"
       R"({"cell":"R10C3","direction":"UL","value":3},{"cell":"R4C10","direction":"DL","value":""}])",
       {rule(K::little_killer, {1, 11, 21, 31, 41, 51, 61, 71}, 40, 0, {}, {-1, 0}), rule(K::little_killer, {73, 63}, 3, 0, {}, {9, 2})}},
      // Indexer cells: a rule for each cell, so that a step names the one it uses.
      {R"("rowindexer":[{"cells":["R1C1","R2C1"]}],"columnindexer":[{"cells":["R5C5"]},{"cells":[]}],"boxindexer":[{"cells":["R9C9"]}])",
       {rule(K::row_indexer, {0}), rule(K::row_indexer, {9}), rule(K::column_indexer, {40}), rule(K::box_indexer, {80})}},
      // Sandwiches, X-sums and skyscrapers: from the clue's side inwards.
      {R"("sandwichsum":[{"cell":"R0C3","value":"0"},{"cell":"R2C10","value":"12"},{"cell":"R4C0"}],"xsum":[{"cell":"R10C1","value":"20"}],"skyscraper":[{"cell":"R1C0","value":3}])",
       {rule(K::sandwich, {2, 11, 20, 29, 38, 47, 56, 65, 74}, 0, 0, {}, {-1, 2}),
        rule(K::sandwich, {17, 16, 15, 14, 13, 12, 11, 10, 9}, 12, 0, {}, {1, 9}),
        rule(K::x_sum, {72, 63, 54, 45, 36, 27, 18, 9, 0}, 20, 0, {}, {9, 0}),
        rule(K::skyscraper, {0, 1, 2, 3, 4, 5, 6, 7, 8}, 3, 0, {}, {0, -1})}},
  };
  for (const Case& c : cases) {
    const Puzzle puzzle = read_ok(document(c.members));
    EXPECT_EQ(puzzle.constraints, c.rules) << c.members << "\nread: " << ::testing::PrintToString(described(puzzle));
  }
}

TEST(FpuzzlesReader, NegativeRules) {
  using K = ConstraintKind;
  // Negative ratio covers the ratios of the dots drawn (2 where none says),
  // negative XV both X and V, negative difference the differences drawn.
  const Puzzle puzzle = read_ok(document(
      R"("ratio":[{"cells":["R1C1","R1C2"]},{"cells":["R2C1","R2C2"],"value":"3"}],"negative":["ratio","xv","difference"])"));
  EXPECT_EQ(puzzle.constraints, (std::vector<Constraint>{rule(K::ratio, {0, 1}), rule(K::ratio, {9, 10}, 3),
                                                          rule(K::no_difference, {}), rule(K::no_ratio, {}),
                                                          rule(K::no_ratio, {}, 3), rule(K::no_xv, {})}));
  EXPECT_TRUE(read_ok(document("\"negative\":[]")).constraints.empty());
}

// ---- A real-style export ----------------------------------------------------

// What f-puzzles writes: cosmetics, numbers as strings, empty lists, the
// negative rules, nonconsecutive beside white dots (exempt), solver settings.
TEST(FpuzzlesReader, RealStyleExport) {
  const std::string json = R"({"size":6,"title":"Dots and Cages","author":"someone","ruleset":"Normal sudoku rules apply.\nKropki: ...",
"grid":[[{"value":1,"given":true,"c":"#A8A8A8"},{},{},{},{},{}],[{},{},{"centerPencilMarks":[2,3]},{},{},{}],
[{},{},{},{},{"cornerPencilMarks":[1]},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{"highlight":"#CFCFCF"}],[{},{},{},{},{},{}]],
"killercage":[{"cells":["R1C1","R1C2"],"value":"7","outlineC":"#000000","fontC":"#000000"}],"thermometer":[],
"difference":[{"cells":["R3C3","R3C4"]}],"ratio":[{"cells":["R4C1","R4C2"],"value":""}],"nonconsecutive":true,"negative":["ratio"],
"cage":[{"cells":["R6C6"],"value":"decoration","outlineC":"#ff0000","fontC":"#ff0000"}],
"line":[{"lines":[["R1C1","R2C2"]],"outlineC":"#cfcfcf","width":0.5,"isNewConstraint":true,"fromConstraint":"Renban"}],
"circle":[{"cells":["R2C2"],"baseC":"#FFFFFF","outlineC":"#000000","fontC":"#000000","width":0.8,"height":0.8}],
"rectangle":[],"text":[{"cells":["R0C1"],"value":"!","fontC":"#000000","size":0.5,"angle":0}],
"solution":[1,2,3,4,5,6],"disabledlogic":["Tuples"],"truecandidatesoptions":["colored"],"activeConstraints":["Killer Cage"]})";
  const Puzzle puzzle = read_ok(json);
  ASSERT_TRUE(puzzle.geometry);
  EXPECT_EQ(puzzle.comment, "Dots and Cages");
  EXPECT_EQ(puzzle.cells[0], 1);
  EXPECT_EQ(described(puzzle), (std::vector<std::string>{"killer-cage 7 at r1c1, r1c2", "difference at r3c3, r3c4",
                                                         "ratio at r4c1, r4c2", "nonconsecutive", "no-ratio"}));
}

// A 6x6 killer solved through nonet::solve, its answer checked against every
// rule by the independent checker.
TEST(FpuzzlesReader, KillerSolves) {
  const std::string json = R"({"size":6,"grid":[[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],
[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}]],"killercage":[
{"cells":["R1C1","R2C1"],"value":"3"},{"cells":["R1C2","R1C3","R1C4"],"value":"12"},{"cells":["R1C5","R1C6"],"value":"8"},
{"cells":["R2C2","R2C3"],"value":"10"},{"cells":["R2C4","R2C5","R2C6"],"value":"9"},{"cells":["R3C1","R4C1","R4C2"],"value":"11"},
{"cells":["R3C2","R3C3"],"value":"5"},{"cells":["R3C4","R3C5"],"value":"11"},{"cells":["R3C6","R4C6"],"value":"6"},
{"cells":["R4C3","R4C4","R4C5"],"value":"9"},{"cells":["R5C1","R6C1"],"value":"9"},{"cells":["R5C2","R5C3"],"value":"3"},
{"cells":["R5C4","R6C4","R6C5"],"value":"9"},{"cells":["R5C5","R5C6"],"value":"11"},{"cells":["R6C2","R6C3"],"value":"9"},
{"cells":["R6C6"],"value":1}]})";
  const Puzzle puzzle = read_ok(json);
  const SolveResult result = solve(puzzle);
  ASSERT_EQ(result.status, SolveStatus::unique) << result.reason;
  ASSERT_EQ(result.solutions.size(), 1u);
  EXPECT_TRUE(is_solution_of(puzzle, result.solutions[0]));
  EXPECT_EQ(to_line(*puzzle.geometry, result.solutions[0]), "153426264513341652625134412365536241");
}

// ---- Errors name the key and entry -------------------------------------------

TEST(FpuzzlesReader, ErrorsNameKeyEntryAndPlace) {
  // Placed at the entry or value at fault: line 2, column 16 is the second
  // cage's '{'; after document()'s empty grid (column 281 on) at the key's value.
  EXPECT_EQ(read_error(R"({"size":9,"killercage":[{"cells":["R1C1"]},
               {"cells":["R1C2","R0C1"],"value":"3"}]})"),
            "2:16: killercage[1]: cell \"R0C1\" is outside the grid");
  EXPECT_EQ(read_error(document(R"("clock":[{"lines":[["R1C1","R1C2"]]}])")),
            "1:289: clock: a rule nonet does not read (it would be dropped, and the answer wrong)");
  EXPECT_EQ(read_error(document(R"("xv":[{"cells":["R1C1","R1C2"],"value":"Y"}])")),
            "1:287: xv[0]: value \"Y\" is neither X nor V");
  EXPECT_EQ(read_error(document(R"("thermometer":[{"lines":[["R1C1","R1C2"]],"slow":true}])")),
            "1:296: thermometer[0]: unknown field \"slow\" (true): a rule nonet does not know");
  EXPECT_EQ(read_error(document(R"("killercage":[{"cells":["R1C1"],"value":"ten"}])")),
            "1:295: killercage[0]: value \"ten\" is not a number");
  EXPECT_EQ(read_error(document(R"("negative":["ratio","sum"])")),
            "1:301: negative[1]: \"sum\" is not a negative rule nonet knows (ratio, difference, xv)");
  EXPECT_EQ(read_error(document(R"("littlekillersum":[{"cell":"R0C1","direction":"XX","value":"5"}])")),
            "1:300: littlekillersum[0]: direction \"XX\" is not one of UL, UR, DL, DR");
  EXPECT_EQ(read_error(document(R"("sandwichsum":[{"cell":"R5C5","value":"5"}])")),
            "1:296: sandwichsum[0]: clue cell R5C5 is not beside a row or column, outside the grid");
  // A 7×7 with no regions is a Latin square, which has no boxes to take groups from.
  EXPECT_EQ(read_error(document(R"("disjointgroups":true)", 7)),
            "1:18: grid: disjoint groups need boxes; this grid has none");
  std::string some_regions = document("", 7);
  some_regions.replace(some_regions.find("{}"), 2, R"({"region":0})");
  EXPECT_EQ(read_error(some_regions),
            "1:18: grid: a 7x7 grid has no boxes: every cell needs its region, or none for a Latin square");
  EXPECT_EQ(read_error(R"({"size":3})"), "1:9: size: size 3 is not supported (4 to 16)");
  EXPECT_EQ(read_error(R"({"grid":7})"), "1:1: no \"size\" (the grid's side, 4 to 16)");
  EXPECT_EQ(read_error(R"({"size":4,"grid":[[{},{},{},{}],[{},{"givenPencilMarks":[1,2]},{},{}],[{},{},{},{}],[{},{},{},{}]]})"),
            "1:37: grid[1][1]: given pencil marks (digits the cell is limited to): a rule nonet does not read");
  EXPECT_EQ(read_error(R"({"size":4,"grid":[[{"value":5,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]})"),
            "1:20: grid[0][0]: value 5 is not a digit of a 4x4 grid");
  EXPECT_EQ(read_error("{\"size\":9,\n \"grid\": [[}"), "2:12: invalid JSON: parse error at line 2, column 12: syntax error "
                                                      "while parsing value - unexpected '}'; expected '[', '{', or a literal");
  EXPECT_EQ(read_error("[1,2]"), "1:1: an f-puzzles puzzle is a JSON object, not a list");
}

// ---- Writing, read back -------------------------------------------------------

Puzzle every_expressible_rule() {
  using K = ConstraintKind;
  std::string json = document(
      R"("diagonal+":true,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R9C9"]}],)"
      R"("extraregion":[{"cells":["R5C5","R5C6"]}],"odd":[{"cell":"R2C2"}],"even":[{"cell":"R2C3"}],)"
      R"("minimum":[{"cell":"R3C3"}],"maximum":[{"cell":"R3C4"}],)"
      R"("quadruple":[{"cells":["R4C4","R4C5","R5C4","R5C5"],"values":[1,2]}],)"
      R"("clone":[{"cells":["R1C4","R1C5"],"cloneCells":["R9C4","R9C5"]}],)"
      R"("difference":[{"cells":["R6C1","R6C2"]},{"cells":["R6C3","R6C4"],"value":"4"}],)"
      R"("ratio":[{"cells":["R7C1","R7C2"]}],"xv":[{"cells":["R8C1","R8C2"],"value":"X"},{"cells":["R8C3","R8C4"],"value":"V"}],)"
      R"("thermometer":[{"lines":[["R2C5","R2C6","R2C7"]]}],"palindrome":[{"lines":[["R3C5","R3C6"]]}],)"
      R"("renban":[{"lines":[["R4C7","R4C8"]]}],"whispers":[{"lines":[["R5C7","R5C8"]]}],)"
      R"("betweenline":[{"lines":[["R6C6","R6C7","R6C8"]]}],"regionsumline":[{"lines":[["R7C5","R7C6","R7C7"]]}],)"
      R"("entropicline":[{"lines":[["R8C6","R8C7","R8C8"]]}],"modularline":[{"lines":[["R9C6","R9C7","R9C8"]]}],)"
      R"("arrow":[{"lines":[["R1C7","R2C8","R3C9"]],"cells":["R1C7","R1C8"]}],)"
      R"("littlekillersum":[{"cell":"R0C2","direction":"DL","value":"3"},{"cell":"R10C8","direction":"UR","value":"12"}],)"
      R"("sandwichsum":[{"cell":"R0C5","value":"10"}],"xsum":[{"cell":"R9C10","value":"15"}],"skyscraper":[{"cell":"R10C9","value":"2"}],)"
      R"("rowindexer":[{"cells":["R9C1","R6C9"]}],"columnindexer":[{"cells":["R2C9"]}],"boxindexer":[{"cells":["R4C1"]}],)"
      R"("antiknight":true,"antiking":true,"nonconsecutive":true,"negative":["ratio","xv"])");
  json.replace(json.find("{}"), 2, R"({"value":3,"given":true})");
  (void)K::killer_cage;
  return read_ok(json);
}

std::vector<std::string> sorted(std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  return lines;
}

// Found by the fuzzer: a number past long long was converted before its
// range was checked (undefined), and one past LLONG_MAX read as unsigned wrapped.
TEST(FpuzzlesReader, NumbersBeyondAnyIntegerAreOutOfRange) {
  EXPECT_NE(read_error(R"({"size":9.2e94,"grid":[]})").find("size 9.2e+94 is out of range"), std::string::npos)
      << read_error(R"({"size":9.2e94,"grid":[]})");
  EXPECT_NE(read_error(R"({"size":18446744073709551615,"grid":[]})").find("is out of range"), std::string::npos);
  EXPECT_NE(read_error(R"({"size":-1e300,"grid":[]})").find("is out of range"), std::string::npos);
  EXPECT_NE(read_error(document(R"("killercage":[{"cells":["R1C1","R1C2"],"value":2.5}])")).find("is not a whole number"),
            std::string::npos);
  EXPECT_EQ(read_ok(document(R"("killercage":[{"cells":["R1C1","R1C2"],"value":3.0}])")).constraints[0].value, 3);
}

TEST(FpuzzlesWriter, EveryRuleReadsBackAsTheSamePuzzle) {
  const Puzzle puzzle = every_expressible_rule();
  ASSERT_EQ(puzzle.constraints.size(), 37u) << ::testing::PrintToString(described(puzzle));
  const std::string json = to_fpuzzles(puzzle);
  const Puzzle again = read_ok(json);
  EXPECT_EQ(again.cells, puzzle.cells);
  EXPECT_EQ(sorted(described(again)), sorted(described(puzzle)));
  EXPECT_EQ(again.geometry->houses().size(), puzzle.geometry->houses().size());
  EXPECT_EQ(to_fpuzzles(again), json);
  // Through a link and back.
  Diagnostic error;
  const auto linked = detail::read_puzzle_link(to_fpuzzles_link(puzzle), error);
  ASSERT_TRUE(linked) << error.reason;
  EXPECT_EQ(sorted(described(*linked)), sorted(described(puzzle)));
  EXPECT_TRUE(to_fpuzzles_link(puzzle).starts_with("https://www.f-puzzles.com/?load=N4Ig"));
  EXPECT_TRUE(to_sudokupad_link(puzzle).starts_with("https://sudokupad.app/fpuzzlesN4Ig"));
}

TEST(FpuzzlesWriter, HousesJigsawAndSizes) {
  // Jigsaw pieces as region numbers, disjoint groups and extra houses (a
  // windoku's windows) as f-puzzles states them.
  const std::vector<int> pieces = {0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
  const Puzzle jigsaw{std::make_shared<Geometry>(Geometry::jigsaw(4, pieces)), Grid(16, 0), "", {}};
  const Puzzle read_jigsaw = read_ok(to_fpuzzles(jigsaw));
  EXPECT_EQ(read_jigsaw.geometry->regions(), pieces);
  const Puzzle windoku{std::make_shared<Geometry>(Geometry::windoku()), Grid(81, 0), "", {}};
  const std::string windows = to_fpuzzles(windoku);
  EXPECT_NE(windows.find("\"extraregion\":[{\"cells\":[\"R2C2\""), std::string::npos) << windows;
  EXPECT_EQ(read_ok(windows).geometry->houses().size(), 31u);
  const Puzzle disjoint = read_ok(document("\"disjointgroups\":true", 6));
  EXPECT_NE(to_fpuzzles(disjoint).find("\"disjointgroups\":true"), std::string::npos);
  EXPECT_EQ(read_ok(to_fpuzzles(disjoint)).geometry->houses().size(), 24u);
}

// A Latin square: f-puzzles needs N regions, so nonet writes its rows, and
// reads rows (or columns) as regions, and a size with no boxes and no
// regions, as a Latin square.
TEST(FpuzzlesWriter, LatinSquaresRoundTripAsRowRegions) {
  Puzzle latin{std::make_shared<Geometry>(Geometry::latin(5)), Grid(25, 0), "", {}};
  latin.cells[0] = 3;
  const std::string json = to_fpuzzles(latin);
  EXPECT_NE(json.find("\"region\":4"), std::string::npos) << json;
  const Puzzle again = read_ok(json);
  EXPECT_EQ(again.geometry->variant(), "latin");
  EXPECT_EQ(again.cells, latin.cells);
  EXPECT_EQ(to_fpuzzles(again), json);
  EXPECT_EQ(read_ok(document("", 7)).geometry->variant(), "latin");
  // Columns as regions on a size that has boxes: a Latin square too.
  const Puzzle columns = read_ok(
      R"({"size":4,"grid":[[{"region":0},{"region":1},{"region":2},{"region":3}],)"
      R"([{"region":0},{"region":1},{"region":2},{"region":3}],[{"region":0},{"region":1},{"region":2},{"region":3}],)"
      R"([{"region":0},{"region":1},{"region":2},{"region":3}]]})");
  EXPECT_EQ(columns.geometry->variant(), "latin");
  EXPECT_EQ(columns.geometry->houses().size(), 8u);
}

TEST(FpuzzlesWriter, RulesFpuzzlesCannotStateAreRefused) {
  using K = ConstraintKind;
  const auto geometry = std::make_shared<Geometry>(Geometry::classic(3, 3));
  const auto refused = [&](Constraint constraint) {
    const Puzzle puzzle{geometry, Grid(81, 0), "", {std::move(constraint)}};
    try {
      to_fpuzzles(puzzle);
    } catch (const std::invalid_argument& error) {
      return std::string(error.what());
    }
    return std::string("written");
  };
  EXPECT_EQ(refused(rule(K::greater_than, {0, 1})),
            "f-puzzles cannot state greater-than at r1c1, r1c2: f-puzzles has no greater-than rule");
  EXPECT_EQ(refused(rule(K::zipper, {0, 1, 2})), "f-puzzles cannot state zipper at r1c1, r1c2, r1c3: f-puzzles has no zipper lines");
  EXPECT_EQ(refused(rule(K::nabner, {0, 1})), "f-puzzles cannot state nabner at r1c1, r1c2: f-puzzles has no nabner lines");
  EXPECT_EQ(refused(rule(K::lockout, {0, 1})), "f-puzzles cannot state lockout at r1c1, r1c2: f-puzzles has no lockout lines");
  EXPECT_EQ(refused(rule(K::hidden_skyscraper, {0}, 3)), "f-puzzles cannot state hidden-skyscraper 3 at r1c1: f-puzzles has no hidden skyscrapers");
  EXPECT_EQ(refused(rule(K::full_rank, {0}, 3)), "f-puzzles cannot state full-rank 3 at r1c1: f-puzzles has no full rank clues");
  EXPECT_EQ(refused(rule(K::full_rank_no_ties, {})), "f-puzzles cannot state full-rank-no-ties: f-puzzles has no full rank clues");
  Constraint listed = rule(K::pair_table, {0, 1});
  listed.digits = {1, 2, 2, 1};
  EXPECT_EQ(refused(listed),
            "f-puzzles cannot state pair-table of 2 pairs at r1c1, r1c2: f-puzzles has no rule of listed pairs of digits");
  EXPECT_EQ(refused(rule(K::same_values, {0, 1}, 2)),
            "f-puzzles cannot state same-values 2 at r1c1, r1c2: f-puzzles has no sets of the same digits");
  EXPECT_EQ(refused(rule(K::count_distinct, {0, 1, 2})),
            "f-puzzles cannot state count-distinct at r1c1, r1c2, r1c3: f-puzzles has no count of different digits");
  EXPECT_EQ(refused(rule(K::anti_taxicab, {})), "f-puzzles cannot state anti-taxicab: f-puzzles has no anti-taxicab rule");
  EXPECT_EQ(refused(rule(K::rellik_cage, {0, 1}, 4)),
            "f-puzzles cannot state rellik-cage 4 at r1c1, r1c2: f-puzzles has no rellik cages");
  EXPECT_EQ(refused(rule(K::counting_circles, {0})), "f-puzzles cannot state counting-circles at r1c1: f-puzzles has no counting circles");
  EXPECT_EQ(refused(rule(K::lunchbox, {0, 1}, 0)), "f-puzzles cannot state lunchbox 0 at r1c1, r1c2: f-puzzles has no lunchboxes");
  EXPECT_EQ(refused(rule(K::sum_line, {0, 1})), "f-puzzles cannot state sum-line at r1c1, r1c2: f-puzzles has no sum lines");
  EXPECT_EQ(refused(rule(K::xv, {0, 1}, 7)), "f-puzzles cannot state xv 7 at r1c1, r1c2: an XV mark adds up to 5 or 10");
  EXPECT_EQ(refused(rule(K::whisper, {0, 1}, 4)), "f-puzzles cannot state whisper 4 at r1c1, r1c2: f-puzzles' whispers differ by 5");
  // A modular line of another modulus than 3 was written without it, and read back modulo 3
  // (found by bench/iss_differential.py: no solution read directly, one read back).
  EXPECT_EQ(refused(rule(K::modular, {0, 1, 2, 3}, 4)),
            "f-puzzles cannot state modular 4 at r1c1, r1c2, r1c3, r1c4: f-puzzles' modular lines are modulo 3");
  EXPECT_EQ(refused(rule(K::modular, {0, 1, 2}, 3)), "written");
  EXPECT_EQ(refused(rule(K::little_killer, {0, 10}, 5, 0, {}, {-1, -1})),
            "f-puzzles cannot state little-killer 5 at r1c1, r2c2: a little killer sums a whole diagonal from its clue");
  EXPECT_EQ(refused(rule(K::no_ratio, {}, 3)),
            "f-puzzles cannot state no-ratio 3: f-puzzles' negative rule covers the values of the dots drawn");
  const Puzzle big{std::make_shared<Geometry>(Geometry::classic(5, 5)), Grid(625, 0), "", {}};
  EXPECT_THROW(to_fpuzzles(big), std::invalid_argument);
}

// ---- SudokuPad's own format ------------------------------------------------------

TEST(SudokuPad, UnzipsItsShortJson) {
  Diagnostic error;
  const auto json = detail::unzip_sudokupad(
      "{id:'abc',metadata:{title:'It\\'s a test',antiknight:t},ce:[[{v:1},,{v:'3'}],[]],re:[[[0,0],[0,1]]],"
      "ca:[{ce:[[0,0],[0,1]],v:'15',c:#0,c2:ABCDEF,hidden:f}]}",
      error);
  ASSERT_TRUE(json) << error.column << ": " << error.reason;
  EXPECT_EQ(*json,
            R"({"cages":[{"backgroundColor":"#ABCDEF","cells":[[0,0],[0,1]],"color":"#000000","hidden":false,"value":"15"}],)"
            R"("cells":[[{"value":1},{},{"value":"3"}],[{}]],"id":"abc","metadata":{"antiknight":true,"title":"It's a test"},)"
            R"("regions":[[[0,0],[0,1]]]})");
  EXPECT_FALSE(detail::unzip_sudokupad("{id:'abc',ce:[[{v:1}]", error));
  EXPECT_EQ(error.reason, "zipped JSON: expected ','");
  // Found by the fuzzer: an escape cut short was placed past the end of the text.
  EXPECT_FALSE(detail::unzip_sudokupad(R"("a\u04)", error));
  EXPECT_EQ(error.reason, "zipped JSON: a \\u escape cut short");
  EXPECT_EQ(error.column, 3);
}

// A 4x4 SudokuPad puzzle: givens, jigsaw regions, a killer cage with its sum.
std::string sudokupad_puzzle(const std::string& extra = "") {
  return "{cells:[[{v:1},,,],[,,,],[,,,],[,,,{v:4}]],"
         "regions:[[[0,0],[0,1],[0,2],[1,0]],[[0,3],[1,1],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],"
         "cages:[{value:'title: Tiny'},{cells:[[0,1],[0,2]],value:'5'},{cells:'r3c3r3c4',value:7}]," +
         extra + "metadata:{title:'Tiny',antiking:t}}";
}

TEST(SudokuPad, ReadsGivensRegionsAndCagesFromAnSclLink) {
  const std::string link = "https://sudokupad.app/scl" + detail::lz_compress_to_base64(sudokupad_puzzle());
  Diagnostic error;
  const auto puzzle = detail::read_puzzle_link(link, error);
  ASSERT_TRUE(puzzle) << error.column << ": " << error.reason;
  EXPECT_EQ(puzzle->geometry->variant(), "jigsaw");
  EXPECT_EQ(to_line(*puzzle->geometry, puzzle->cells), "1..............4");
  EXPECT_EQ(puzzle->comment, "Tiny");
  EXPECT_EQ(described(*puzzle), (std::vector<std::string>{"killer-cage 5 at r1c2, r1c3", "killer-cage 7 at r3c3, r3c4", "anti-king"}));
}

TEST(SudokuPad, DrawingsAndSumlessCagesAreRefusedByName) {
  Diagnostic error;
  const std::string drawn = "https://sudokupad.app/scl" +
                            detail::lz_compress_to_base64(sudokupad_puzzle("lines:[{wayPoints:[[0.5,0.5],[1.5,1.5]]}],u:[{},{}],"));
  EXPECT_FALSE(detail::read_puzzle_link(drawn, error));
  EXPECT_EQ(error.reason, "the SudokuPad puzzle in the link: the puzzle has lines (1), underlays (2): drawings whose rule "
                          "SudokuPad keeps only in the rules text, so nonet cannot know it; not read");
  std::string sumless = sudokupad_puzzle();
  sumless.replace(sumless.find(",value:'5'"), 10, "");
  EXPECT_FALSE(detail::read_sudokupad(*detail::unzip_sudokupad(sumless, error), error));
  EXPECT_EQ(error.reason,
            "cages[1]: a cage without a sum: SudokuPad does not say whether it is a killer cage or a drawing; not read");
}


// ---- Read as records, and written as nonet's JSON ------------------------------

// Every rule the model has, on one 9x9 grid: f-puzzles' and the rest.
Puzzle every_rule() {
  using K = ConstraintKind;
  Puzzle puzzle = every_expressible_rule();
  puzzle.constraints.push_back(rule(K::greater_than, {at(9, 1), at(9, 2)}));
  puzzle.constraints.push_back(rule(K::zipper, {at(4, 1), at(5, 1), at(6, 1)}));
  puzzle.constraints.push_back(rule(K::nabner, {at(9, 7), at(9, 8)}));
  puzzle.constraints.push_back(rule(K::lockout, {at(4, 1), at(4, 2), at(4, 3)}, 5));
  puzzle.constraints.push_back(rule(K::sum_line, {at(5, 5), at(5, 6), at(6, 6), at(5, 5)}, 15));  // a loop
  puzzle.constraints.push_back(rule(K::lunchbox, {at(6, 1), at(6, 2), at(6, 3)}, 4));
  puzzle.constraints.push_back(rule(K::counting_circles, {at(7, 1), at(8, 2), at(9, 3)}));
  {
    Constraint room = rule(K::numbered_room, {}, 4);
    for (int r = 9; r >= 1; --r) room.cells.push_back(at(r, 3));
    room.outside = {9, 2};  // below column 3
    puzzle.constraints.push_back(room);
  }
  puzzle.constraints.push_back(rule(K::sum, {at(2, 1), at(3, 2), at(2, 1)}, 10));
  puzzle.constraints.push_back(rule(K::double_arrow, {at(7, 3), at(7, 4), at(8, 5)}));
  puzzle.constraints.push_back(rule(K::little_killer, {at(1, 1), at(2, 2), at(3, 3), at(4, 4), at(5, 5), at(6, 6),
                                                       at(7, 7), at(8, 8), at(9, 9)},
                                    45, 0, {}, {-1, -1}));  // from the corner: outside (-1, -1) is a clue too
  return puzzle;
}

std::vector<Record> records_of(const std::string& text, InputFormat format = InputFormat::automatic) {
  ReadOptions options;
  options.format = format;
  return read_all(text, options, "in");
}

std::string error_of(const Record& record) {
  EXPECT_TRUE(record.error) << "record " << record.index << " read";
  return record.error ? record.error->to_string() : "";
}

TEST(NonetJson, EveryRuleAndHouseReadsBackAsTheSamePuzzle) {
  const Puzzle puzzle = every_rule();
  const std::string json = to_json(puzzle);
  const auto records = records_of(json + "\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].puzzle) << error_of(records[0]);
  const Puzzle& again = *records[0].puzzle;
  EXPECT_EQ(again.cells, puzzle.cells);
  EXPECT_EQ(again.constraints, puzzle.constraints);
  EXPECT_EQ(again.geometry->houses().size(), puzzle.geometry->houses().size());
  EXPECT_EQ(to_json(again), json);
  // A jigsaw keeps its pieces, a windoku its name, a 6x6 its size.
  const std::vector<int> pieces = {0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
  for (const Geometry& geometry : {Geometry::jigsaw(4, pieces), Geometry::windoku(), Geometry::classic(2, 3)}) {
    const Puzzle plain{std::make_shared<Geometry>(geometry), Grid(geometry.cell_count(), 0), "a comment", {}};
    const auto read = records_of(to_json(plain) + "\n");
    ASSERT_TRUE(read[0].puzzle) << error_of(read[0]);
    EXPECT_EQ(read[0].puzzle->geometry->variant(), geometry.variant());
    EXPECT_EQ(read[0].puzzle->geometry->regions(), geometry.regions());
    EXPECT_EQ(read[0].puzzle->geometry->houses().size(), geometry.houses().size());
    EXPECT_EQ(read[0].puzzle->comment, "a comment");
  }
}

TEST(VariantRecords, EachLineAndEachJsonValueIsToldApart) {
  const Puzzle killer = read_ok(document(R"("killercage":[{"cells":["R1C1","R1C2"],"value":"3"}])"));
  const std::string text = std::string(81, '.') + "\n" + to_sudokupad_link(killer) + "\n" +
                           ".Cage~3~R1C1~R1C2\n" + "N4IgzglgXgpiBcA2ANCALh\n" + to_fpuzzles_link(killer) + "\n";
  const auto records = records_of(text);
  ASSERT_EQ(records.size(), 5u);
  EXPECT_TRUE(records[0].puzzle && records[0].puzzle->constraints.empty());
  for (int i : {1, 2, 4}) {
    ASSERT_TRUE(records[i].puzzle) << error_of(records[i]);
    EXPECT_EQ(described(*records[i].puzzle), std::vector<std::string>{"killer-cage 3 at r1c1, r1c2"}) << i;
  }
  EXPECT_EQ(error_of(records[3]), "in:4:22: the compressed text ends before its end mark (cut short?)");
  // JSON Lines: f-puzzles' objects and nonet's side by side; an error in an
  // f-puzzles object points into its line.
  const std::string lines = to_fpuzzles(killer) + "\n" + to_json(killer) + "\n" +
                            R"({"size":9,"grid":[],"killercage":[]})" + "\n";
  const auto json = records_of(lines);
  ASSERT_EQ(json.size(), 3u);
  for (int i : {0, 1}) {
    ASSERT_TRUE(json[i].puzzle) << error_of(json[i]);
    EXPECT_EQ(described(*json[i].puzzle), std::vector<std::string>{"killer-cage 3 at r1c1, r1c2"}) << i;
  }
  EXPECT_EQ(error_of(json[2]), "in:3:18: grid: expected 9 rows for size 9");
  // A document written over several lines: the error's own line.
  const auto pretty = records_of("{\n  \"size\": 4,\n  \"grid\": 3\n}\n");
  EXPECT_EQ(error_of(pretty[0]), "in:3:11: grid: expected 4 rows for size 4");
}

TEST(VariantRecords, AnInputFormatGivenMakesEveryRecordThatFormat) {
  const Puzzle killer = read_ok(document(R"("killercage":[{"cells":["R1C1","R1C2"],"value":"3"}])"));
  const std::string classic = "1..." + std::string(12, '.');
  // iss: a line that is no ISS text is an error, not a classic puzzle.
  const auto iss = records_of("# a comment\n.Cage~3~R1C1~R1C2\n" + classic + "\n", InputFormat::iss);
  ASSERT_EQ(iss.size(), 2u);
  EXPECT_TRUE(iss[0].puzzle) << error_of(iss[0]);
  EXPECT_EQ(error_of(iss[1]), "in:3:1: an ISS item starts with '.'");
  // fpuzzles: links, or JSON; a line that is neither is an error.
  const auto links = records_of(to_fpuzzles_link(killer) + "\n" + classic + "\n", InputFormat::fpuzzles);
  ASSERT_EQ(links.size(), 2u);
  EXPECT_TRUE(links[0].puzzle) << error_of(links[0]);
  EXPECT_NE(error_of(links[1]).find("in:2:1: not a compressed puzzle"), std::string::npos);
  const auto fpuzzles_json = records_of(to_fpuzzles(killer) + "\n", InputFormat::fpuzzles);
  EXPECT_TRUE(fpuzzles_json[0].puzzle) << error_of(fpuzzles_json[0]);
  // json: nonet's own; an f-puzzles object is not.
  const auto json = records_of(to_fpuzzles(killer) + "\n", InputFormat::json);
  EXPECT_EQ(error_of(json[0]), "in:1:1: object has no \"puzzle\" member");
  // text: an ISS line or a link is no puzzle text.
  const auto text = records_of(".Cage~3~R1C1~R1C2\n", InputFormat::text);
  EXPECT_TRUE(text[0].error);
  // Names, both ways.
  for (InputFormat format : {InputFormat::automatic, InputFormat::text, InputFormat::csv, InputFormat::json,
                             InputFormat::fpuzzles, InputFormat::sudokupad, InputFormat::iss})
    EXPECT_EQ(input_format_from(to_string(format)), format);
  EXPECT_FALSE(input_format_from("xml"));
}

TEST(FpuzzlesWriter, ASolutionIsWrittenForFpuzzlesToCheck) {
  const Puzzle puzzle = read_ok(document("", 4));
  const Grid solution = {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1};
  const std::string json = to_fpuzzles(puzzle, &solution);
  EXPECT_NE(json.find(R"("solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1])"), std::string::npos) << json;
  EXPECT_TRUE(read_ok(json).constraints.empty());  // read back: the solution is no rule
  const Grid short_one(15, 1);
  EXPECT_THROW(to_fpuzzles(puzzle, &short_one), std::invalid_argument);
}

}  // namespace
}  // namespace nonet
