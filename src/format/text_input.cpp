// Text input: one-line puzzles and grid blocks.
//
// A record starts at the first line that is neither blank, a '#' comment nor
// a frame line. Its first token decides the shape: a token of N×N cells is a
// one-line puzzle (anything after it is a comment), a token of N×N×N a line
// of pencil marks; N×N single cells separated by spaces are a one-line puzzle
// too; otherwise the line is the first row of a grid block of N rows of N
// cells, where spaces and the drawing characters | - + are ignored — or of
// N digit tokens, a pencil-mark grid. A line of SadMan's .sdk sections
// ([Puzzle], [State], …) heads the grid of its puzzle or a section skipped;
// a line starting ':' is HoDoKu's library format.
#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <optional>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "iss_input.hpp"
#include "solo_input.hpp"
#include "puzzle_link.hpp"
#include "text_input.hpp"

namespace nonet::detail {

namespace {

bool is_separator(char c) { return c == ' ' || c == '\t' || c == '|' || c == '+' || c == '-'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

int exact_square_root(std::size_t value) {
  const auto root = static_cast<std::size_t>(std::llround(std::sqrt(static_cast<double>(value))));
  return root * root == value ? static_cast<int>(root) : 0;
}

// The size the options fix, or 0 when each puzzle's length decides it.
int expected_size(const ReadOptions& options) {
  if (options.variant.size != 0) return options.variant.size;
  if (!options.variant.regions.empty()) return exact_square_root(options.variant.regions.size());
  return 0;
}

struct Token {
  std::size_t begin = 0, end = 0;  // [begin, end) in the line
  std::size_t size() const { return end - begin; }
};

Token token_at(const std::string& text, std::size_t from) {
  Token token;
  token.begin = from;
  while (token.begin < text.size() && is_space(text[token.begin])) ++token.begin;
  token.end = token.begin;
  while (token.end < text.size() && !is_space(text[token.end])) ++token.end;
  return token;
}

std::size_t cell_count_as_row(const std::string& text) {
  std::size_t count = 0;
  for (char c : text) count += is_separator(c) ? 0 : 1;
  return count;
}

// cell_count_as_row(text) != 0, stopping at the first cell.
bool has_cell(const std::string& text) {
  for (char c : text)
    if (!is_separator(c)) return true;
  return false;
}

bool is_cell_token(const std::string& text, Token token) {
  for (std::size_t i = token.begin; i < token.end; ++i)
    if (!std::isalnum(static_cast<unsigned char>(text[i])) && text[i] != '.') return false;
  return token.size() > 0;
}

bool fits_size(const std::string& text, Token token, int size) {
  for (std::size_t i = token.begin; i < token.end; ++i)
    if (digit_of_char(text[i], size) < 0) return false;
  return true;
}

// any_size: every N×N counts, not only sizes with boxes (a Latin square).
bool is_one_line_puzzle(const std::string& text, Token first, int known_size, bool any_size = false) {
  const std::size_t length = first.size();
  if (known_size != 0) {
    if (length == static_cast<std::size_t>(known_size * known_size)) return true;
    if (cell_count_as_row(text) == static_cast<std::size_t>(known_size)) return false;
    return length > static_cast<std::size_t>(known_size);
  }
  const int root = exact_square_root(length);
  // 16 cells is a 4×4 puzzle, or the first row of a 16×16 grid when it uses
  // digits a 4×4 cannot hold.
  if (root >= 4 && (any_size || Geometry::box_shape(root))) return root != 4 || fits_size(text, first, 4);
  return length > 25;
}

// Blank: nothing but spaces and tabs (checked without copying the line).
bool is_blank(const std::string& text) { return text.find_first_not_of(" \t") == std::string::npos; }

// The frame of a boxed grid: *-----------* (Sudoku Explainer, HoDoKu),
// .-----.-----. and :-----+-----: (HoDoKu's pencil marks). Only drawing
// characters, with a run of dashes a row of empty cells never has.
bool is_frame(const std::string& text) {
  return text.find_first_not_of(" \t-+*|=:.'") == std::string::npos &&
         (text.find("---") != std::string::npos || text.find("===") != std::string::npos);
}

// SimpleSudoku's .ss files (HoDoKu saves them) follow the givens with the
// solver's state: I<cell><digit>, a digit placed, and E<cell><candidate>, a
// candidate eliminated ("I024", "E78007"). They are no puzzle of their own.
bool is_solving_state(const std::string& text) {
  const std::size_t length = text.find_last_not_of(" \t") + 1;
  if (length != (text[0] == 'I' ? 4 : text[0] == 'E' ? 6 : 0)) return false;
  return std::all_of(text.begin() + 1, text.begin() + static_cast<std::ptrdiff_t>(length),
                     [](char c) { return c >= '0' && c <= '9'; });
}

// A line read is skipped when blank, a '#' comment, only drawing characters
// or a solving state.
bool is_skipped(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t");
  return begin == std::string::npos || text[begin] == '#' || !has_cell(text) || is_frame(text) ||
         is_solving_state(text);
}

// The cells of a row split at separators: single characters in a plain grid,
// digit strings in a pencil-mark grid.
std::vector<Token> row_tokens(const std::string& text) {
  std::vector<Token> tokens;
  for (std::size_t i = 0; i < text.size();) {
    if (is_separator(text[i])) {
      ++i;
      continue;
    }
    Token token{i, i};
    while (token.end < text.size() && !is_separator(text[token.end])) ++token.end;
    tokens.push_back(token);
    i = token.end;
  }
  return tokens;
}

// The candidates a pencil-mark token names (digits of a size-N puzzle, each
// once); 0 when it is no such token.
Mask pencil_mask(const std::string& text, Token token, int size) {
  Mask mask = 0;
  for (std::size_t i = token.begin; i < token.end; ++i) {
    const int digit = digit_of_char(text[i], size);
    if (digit < 1 || (mask & digit_bit(digit)) != 0) return 0;
    mask |= digit_bit(digit);
  }
  return mask;
}

// A size pencil marks may have: what the options fix, or one with boxes.
bool pencil_size(int size, int known) {
  return known != 0 ? size == known : size >= 4 && Geometry::box_shape(size).has_value();
}

std::string trimmed(const std::string& text, std::size_t from) {
  const auto begin = text.find_first_not_of(" \t", from);
  if (begin == std::string::npos) return {};
  const auto end = text.find_last_not_of(" \t");
  return text.substr(begin, end - begin + 1);
}

}  // namespace

// Problems with the line itself, before its content is looked at.
bool line_error(const Line& line, Record& record) {
  if (line.has_nul) {
    const auto column = line.text.find('\0');
    record.error = Diagnostic{record.source, line.number,
                              static_cast<int>(column == std::string::npos ? 1 : column + 1),
                              "binary data (NUL byte), not a puzzle"};
  } else if (line.too_long) {
    record.error = Diagnostic{record.source, line.number, static_cast<int>(line.text.size() + 1),
                              "line is " + std::to_string(line.length) + " characters long, over the limit of " +
                                  std::to_string(line.text.size())};
  }
  return record.error.has_value();
}

bool is_blank_or_comment(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t");
  return begin == std::string::npos || text[begin] == '#';
}

bool is_section_header(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t");
  const auto end = text.find_last_not_of(" \t");
  if (begin == std::string::npos || end < begin + 2 || text[begin] != '[' || text[end] != ']') return false;
  const std::string name = text.substr(begin + 1, end - begin - 1);
  if (!std::isalpha(static_cast<unsigned char>(name[0]))) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != ' ' && c != '_') return false;
  return name != "true" && name != "false" && name != "null";  // [true] is a JSON array
}

namespace {

// A line of pencil marks has N×N×N characters (N > 4: 64 is an 8×8 puzzle).
bool is_pencil_mark_length(std::size_t length) {
  for (int size = 5; static_cast<std::size_t>(size * size * size) <= length; ++size)
    if (static_cast<std::size_t>(size * size * size) == length && Geometry::box_shape(size)) return true;
  return false;
}

void read_one_line_puzzle(const Line& line, Token first, const ReadOptions& options, GeometryCache& geometries,
                          Record& record) {
  Token cells = first;
  std::string prefix;
  // "id puzzle rating" banks: keep an id token that stands before the cells.
  const Token second = token_at(line.text, first.end);
  const int known = expected_size(options);
  if (!is_one_line_puzzle(line.text, first, known) && is_cell_token(line.text, second) &&
      is_one_line_puzzle(line.text, second, known) && exact_square_root(second.size()) >= 4) {
    prefix = line.text.substr(first.begin, first.size());
    cells = second;
  }
  const std::string_view chars(line.text.data() + cells.begin, cells.size());
  record.first_column = static_cast<int>(cells.begin + 1);
  record.row_cells = static_cast<int>(cells.size());
  std::string comment = trimmed(line.text, cells.end);
  if (!prefix.empty()) comment = comment.empty() ? prefix : prefix + " " + comment;
  record.puzzle = Puzzle{nullptr, {}, std::move(comment)};
  finish_puzzle(record, chars, options, geometries, line.number, static_cast<int>(cells.end + 1));
  // 729 characters are more often broken pencil marks than a 27×27 puzzle.
  if (record.error && is_pencil_mark_length(cells.size()))
    record.error->reason += ", nor a line of pencil marks (N*N groups of N characters, each the digit of its place or '.')";
}

// A line inside a grid block that is clearly a puzzle of its own ends the
// block, so one broken grid never swallows the puzzles after it.
bool starts_new_puzzle(const Line& line, int size) {
  // A JSON object is never a grid's row: the next record, nonet's or f-puzzles' JSON.
  if (starts_with_char(line.text, '{')) return true;
  const Token first = token_at(line.text, 0);
  return first.size() != static_cast<std::size_t>(size) && is_one_line_puzzle(line.text, first, 0) &&
         is_cell_token(line.text, first);
}

// Skips the rest of a broken grid block so the next record starts cleanly.
void skip_block(LineSource& lines, int size) {
  for (Line line; lines.next(line);) {
    if (is_blank(line.text)) return;
    if (!line.too_long && !line.has_nul && (starts_new_puzzle(line, size) || is_section_header(line.text)))
      return lines.push_back(std::move(line));
  }
}

// A section of an .sdk file other than [Puzzle] (a saved game's [State],
// its pencil marks, …): skipped up to the next section.
void skip_section(LineSource& lines) {
  for (Line line; lines.next(line);)
    if (!line.too_long && !line.has_nul && is_section_header(line.text)) return lines.push_back(std::move(line));
}

bool is_puzzle_section(const std::string& text) {
  const auto begin = text.find('[') + 1;
  std::string name = text.substr(begin, text.find(']') - begin);
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name == "puzzle";
}

Diagnostic not_a_puzzle(const std::string& source, int line, std::size_t cells) {
  const int root = exact_square_root(cells);
  if (root >= 4)  // the count of a puzzle, but neither one token nor one cell a token
    return Diagnostic{source, line, 1,
                      "not a puzzle: " + std::to_string(cells) + " cells on one line, but in tokens of several " +
                          "cells: write them as one token, or one cell between each two spaces"};
  return Diagnostic{source, line, 1,
                    "not a puzzle: " + std::to_string(cells) +
                        " cells (expected N*N cells on one line, e.g. 81, or a grid of N rows of N)"};
}

// The smallest grid nonet reads has 4 cells a row; shorter lines are junk.
constexpr std::size_t kSmallestRow = 4;

// Where a cell of a grid block was written.
struct CellPlace {
  int line, column;
};

// The rows of a grid block as they are read: as single-character cells (a
// plain grid) and, while every row so far has N digit tokens, as pencil
// marks. The first row with a token of several digits makes it pencil marks.
class GridBlock {
 public:
  GridBlock(const std::string& first_row, int known) {
    const std::vector<Token> tokens = row_tokens(first_row);
    plain_size_ = known != 0 ? known : static_cast<int>(cell_count_as_row(first_row));
    pencil_size_ = static_cast<int>(tokens.size());
    pencil_possible_ = pencil_size(pencil_size_, known);
  }

  int plain_size() const { return plain_size_; }
  int size() const { return pencil_ ? pencil_size_ : plain_size_; }
  bool pencil() const { return pencil_; }
  int rows() const { return rows_; }

  // Adds a row; false, with the record's error set, for a row that fits
  // neither reading.
  bool add(const Line& line, Record& record) {
    ++rows_;
    add_plain(line);
    if (pencil_possible_) add_pencil(line);
    if (pencil_possible_ && !pencil_ && pencil_rows_ok_) return true;  // either reading may still come true
    if (pencil_) {
      if (pencil_rows_ok_) return true;
      record.error = row_error(record, line, pencil_row_cells_, pencil_size_, pencil_column_);
      return false;
    }
    if (plain_error_) {
      record.error = *plain_error_;
      return false;
    }
    return true;
  }

  // The record's cells (and pencil marks), once every row is in.
  void finish(Record& record) {
    if (pencil_) {
      record.cell_columns.clear();
      record.cell_lines.clear();
      for (const CellPlace& place : pencil_places_) {
        record.cell_lines.push_back(place.line);
        record.cell_columns.push_back(place.column);
      }
      return;
    }
    for (const CellPlace& place : plain_places_) {
      record.cell_lines.push_back(place.line);
      record.cell_columns.push_back(place.column);
    }
  }

  const std::vector<char>& chars() const { return chars_; }
  const std::vector<Mask>& masks() const { return masks_; }
  // The plain reading's first error, with the record's source.
  std::optional<Diagnostic> plain_error(const Record& record) const {
    if (!plain_error_) return std::nullopt;
    Diagnostic error = *plain_error_;
    error.source = record.source;
    return error;
  }

 private:
  void add_plain(const Line& line) {
    const int before = static_cast<int>(chars_.size());
    for (std::size_t i = 0; i < line.text.size(); ++i)
      if (!is_separator(line.text[i])) {
        chars_.push_back(line.text[i]);
        plain_places_.push_back({line.number, static_cast<int>(i + 1)});
      }
    const int in_row = static_cast<int>(chars_.size()) - before;
    if (in_row != plain_size_ && !plain_error_) {
      const int column =
          in_row > plain_size_ ? plain_places_[before + plain_size_].column : static_cast<int>(line.text.size() + 1);
      plain_error_ = Diagnostic{"", line.number, column,
                                "grid row " + std::to_string(rows_) + " has " + std::to_string(in_row) +
                                    " cells, expected " + std::to_string(plain_size_)};
    }
  }

  void add_pencil(const Line& line) {
    if (!pencil_rows_ok_) return;
    const std::vector<Token> tokens = row_tokens(line.text);
    bool several = false;
    for (std::size_t i = 0; i < tokens.size() && i < static_cast<std::size_t>(pencil_size_); ++i) {
      const Mask mask = pencil_mask(line.text, tokens[i], pencil_size_);
      if (mask == 0) {
        pencil_fails(tokens.size(), static_cast<int>(tokens[i].begin + 1));
        return;
      }
      several = several || tokens[i].size() > 1;
      masks_.push_back(mask);
      pencil_places_.push_back({line.number, static_cast<int>(tokens[i].begin + 1)});
    }
    if (tokens.size() != static_cast<std::size_t>(pencil_size_)) {
      const int column = tokens.size() > static_cast<std::size_t>(pencil_size_)
                             ? static_cast<int>(tokens[pencil_size_].begin + 1)
                             : static_cast<int>(line.text.size() + 1);
      pencil_fails(tokens.size(), column);
      return;
    }
    pencil_ = pencil_ || several;
  }

  void pencil_fails(std::size_t cells, int column) {
    pencil_rows_ok_ = false;
    pencil_possible_ = pencil_;  // once pencil marks, a bad row is an error in them
    pencil_row_cells_ = static_cast<int>(cells);
    pencil_column_ = column;
  }

  Diagnostic row_error(const Record& record, const Line& line, int cells, int expected, int column) const {
    return Diagnostic{record.source, line.number, column,
                      "pencil-mark row " + std::to_string(rows_) + " has " + std::to_string(cells) +
                          " cells (digit strings), expected " + std::to_string(expected)};
  }

  int plain_size_ = 0, pencil_size_ = 0, rows_ = 0;
  bool pencil_possible_ = false, pencil_ = false, pencil_rows_ok_ = true;
  int pencil_row_cells_ = 0, pencil_column_ = 1;
  std::optional<Diagnostic> plain_error_;
  std::vector<char> chars_;
  std::vector<CellPlace> plain_places_, pencil_places_;
  std::vector<Mask> masks_;
};

void read_grid_block(LineSource& lines, Line line, const ReadOptions& options, GeometryCache& geometries,
                     Record& record) {
  const int known = expected_size(options);
  const std::size_t first_row = cell_count_as_row(line.text);
  if (known == 0 && first_row < kSmallestRow) {
    record.error = not_a_puzzle(record.source, line.number, first_row);
    return;
  }
  const int first_line = line.number;
  GridBlock block(line.text, known);
  int end_line = line.number;
  for (bool have = true; have; have = block.rows() < block.size() && lines.next(line)) {
    end_line = line.number + 1;
    if (line_error(line, record)) return skip_block(lines, block.size());
    const bool blank = is_blank(line.text);
    if (blank || is_section_header(line.text) || (block.rows() > 0 && starts_new_puzzle(line, block.size()))) {
      end_line = line.number;
      if (!blank) lines.push_back(std::move(line));
      break;
    }
    if (is_skipped(line.text)) continue;
    if (!block.add(line, record)) {
      if (record.error->source.empty()) record.error->source = record.source;
      return skip_block(lines, block.size());
    }
  }
  const int size = block.size();
  if (!block.pencil() && block.plain_error(record)) {
    record.error = block.plain_error(record);
    return;
  }
  if (block.rows() == 1 && known == 0) {
    // One lone line that was neither a puzzle nor the start of a grid.
    record.error = not_a_puzzle(record.source, first_line, first_row);
  } else if (block.rows() < size) {
    record.error = Diagnostic{record.source, end_line, 1,
                              "grid ends after " + std::to_string(block.rows()) + " rows, expected " +
                                  std::to_string(size)};
  }
  if (record.error) return;
  block.finish(record);
  record.puzzle = Puzzle{nullptr, {}, {}};
  if (block.pencil()) return finish_candidates(record, block.masks(), size, options, geometries, first_line);
  finish_puzzle(record, std::string_view(block.chars().data(), block.chars().size()), options, geometries,
                end_line - 1, 1);
}

// A token of N×N×N characters where character i is '.', '0' or the digit
// i mod N + 1: N×N cells of pencil marks on one line (729 for 9×9). A 4×4
// (64 characters) is taken for pencil marks only when --size 4 says so: it
// is also the length of an 8×8 puzzle.
int candidate_line_size(const std::string& text, Token token, int known) {
  for (int size = 4; size <= kMaxSize && static_cast<std::size_t>(size * size * size) <= token.size(); ++size) {
    if (static_cast<std::size_t>(size * size * size) != token.size()) continue;
    if (known != 0 ? size != known : size == 4 || !Geometry::box_shape(size)) return 0;
    for (std::size_t i = 0; i < token.size(); ++i) {
      const char c = text[token.begin + i];
      const int digit = digit_of_char(c, size);
      if (c != '.' && c != '0' && digit != static_cast<int>(i % size) + 1) return 0;
    }
    return size;
  }
  return 0;
}

bool read_candidate_line(const Line& line, Token first, const ReadOptions& options, GeometryCache& geometries,
                         Record& record) {
  const int size = candidate_line_size(line.text, first, expected_size(options));
  if (size == 0) return false;
  std::vector<Mask> masks(static_cast<std::size_t>(size) * size, 0);
  for (std::size_t i = 0; i < first.size(); ++i) {
    const char c = line.text[first.begin + i];
    if (c != '.' && c != '0') masks[i / size] |= digit_bit(static_cast<int>(i % size) + 1);
  }
  for (std::size_t cell = 0; cell < masks.size(); ++cell)
    record.cell_columns.push_back(static_cast<int>(first.begin + cell * size + 1));
  record.puzzle = Puzzle{nullptr, {}, trimmed(line.text, first.end)};
  finish_candidates(record, masks, size, options, geometries, line.number);
  return true;
}

// N×N single cells on one line, separated by spaces ("5 3 . . 7 …"). Up to
// 64 cells (the length of a row of the largest grid) it is a one-line
// puzzle only when the next line is not another row as long.
bool is_spaced_puzzle(LineSource& lines, const Line& line, int known, bool any_size) {
  const std::vector<Token> tokens = row_tokens(line.text);
  if (tokens.size() < 16) return false;
  for (const Token& token : tokens)
    if (token.size() != 1) return false;
  const int root = exact_square_root(tokens.size());
  if (known != 0 ? root != known : root < 4 || !(any_size || Geometry::box_shape(root))) return false;
  if (tokens.size() > static_cast<std::size_t>(kMaxSize)) return true;
  Line next;
  if (!lines.next(next)) return true;
  const bool another_row = !next.too_long && !next.has_nul && cell_count_as_row(next.text) == tokens.size();
  lines.push_back(std::move(next));
  return !another_row;
}

void read_spaced_puzzle(const Line& line, const ReadOptions& options, GeometryCache& geometries, Record& record) {
  std::string chars;
  for (const Token& token : row_tokens(line.text)) {
    chars += line.text[token.begin];
    record.cell_columns.push_back(static_cast<int>(token.begin + 1));
  }
  record.puzzle = Puzzle{nullptr, {}, {}};
  finish_puzzle(record, chars, options, geometries, line.number, static_cast<int>(line.text.size() + 1));
}

// HoDoKu's library format, one puzzle a line: ":TYPE:VALUES:GRID:ELIMINATIONS:…",
// TYPE 0000 and VALUES x for a plain puzzle. In GRID a '+' marks a digit placed
// while solving, not given: that cell is read empty. The eliminations (a
// solving position's state) are not read.
bool is_library_line(const std::string& text) {
  return text.size() > 1 && text[0] == ':' && std::count(text.begin(), text.end(), ':') >= 4;
}

// A puzzle written as one token (ISS's text, a Solo game id), the rest of the
// line a comment: read by `read`, whose Error (offset, reason) becomes the
// record's error at that column. False when `looks_like` says the line's
// first token is no such text.
template <class Error, class LooksLike, class Read>
bool read_token_line(const Line& line, Record& record, LooksLike&& looks_like, Read&& read) {
  const std::size_t begin = line.text.find_first_not_of(" \t");
  const std::size_t end = std::min(line.text.find_first_of(" \t", begin), line.text.size());
  const std::string_view text = std::string_view(line.text).substr(begin, end - begin);
  if (!looks_like(text)) return false;
  try {
    record.puzzle = read(text);
    const std::size_t comment = line.text.find_first_not_of(" \t", end);
    if (comment != std::string::npos) record.puzzle->comment = line.text.substr(comment);
  } catch (const Error& error) {
    record.error = Diagnostic{record.source, line.number, static_cast<int>(begin + error.offset + 1), error.reason};
    record.puzzle.reset();
  }
  return true;
}

// A variant puzzle in ISS's text (iss_input.hpp).
bool read_iss_line(const Line& line, Record& record) {
  return read_token_line<IssError>(line, record, looks_like_iss_text, read_iss_text);
}

// A puzzle as Solo's game id (solo_input.hpp).
bool read_solo_line(const Line& line, Record& record) {
  return read_token_line<SoloError>(line, record, looks_like_solo_game_id, read_solo_game_id);
}

// A puzzle link or the compressed string of one (puzzle_link.hpp): the whole
// line, as a link may carry spaces where its '+' were. With `forced`, the line
// is read as a link whatever it looks like; else false when it is none.
bool read_link_line(const Line& line, Record& record, bool forced) {
  const std::size_t begin = line.text.find_first_not_of(" \t");
  const std::size_t end = line.text.find_last_not_of(" \t\r") + 1;
  const std::string_view text = std::string_view(line.text).substr(begin, end - begin);
  if (!forced && !looks_like_puzzle_link(text)) return false;
  Diagnostic error;
  record.puzzle = read_puzzle_link(text, error);
  if (!record.puzzle)
    record.error = Diagnostic{record.source, line.number, static_cast<int>(begin) + error.column, error.reason};
  return true;
}

// A line that must be an ISS string (--input-format iss).
void read_forced_iss_line(const Line& line, Record& record) {
  if (read_iss_line(line, record)) return;
  const std::size_t begin = line.text.find_first_not_of(" \t");
  try {
    record.puzzle = read_iss_text(std::string_view(line.text).substr(begin, line.text.find_first_of(" \t", begin) - begin));
  } catch (const IssError& error) {
    record.error = Diagnostic{record.source, line.number, static_cast<int>(begin + error.offset + 1), error.reason};
    record.puzzle.reset();
  }
}

void read_library_line(const Line& line, const ReadOptions& options, GeometryCache& geometries, Record& record) {
  std::size_t grid = 0;
  for (int field = 0; field < 3; ++field) grid = line.text.find(':', grid) + 1;
  const std::size_t grid_end = line.text.find(':', grid);
  std::string chars;
  for (std::size_t i = grid; i < grid_end; ++i) {
    const bool placed = line.text[i] == '+' && i + 1 < grid_end;
    if (placed) ++i;
    chars += placed ? '.' : line.text[i];
    record.cell_columns.push_back(static_cast<int>(i + 1));
  }
  record.puzzle = Puzzle{nullptr, {}, {}};
  finish_puzzle(record, chars, options, geometries, line.number, static_cast<int>(grid_end + 1));
}

// The common line of a batch file is a 9×9 puzzle alone: 81 cells, nothing
// else. It is read without the token and shape analysis below.
constexpr std::size_t kPlainCells = 81;

// One cell of a 9×9 puzzle: '1'-'9', or '.' / '0' for empty; -1 otherwise.
int plain_digit(char c) {
  if (c == '.') return 0;
  return c >= '0' && c <= '9' ? c - '0' : -1;
}

// Converts the 81 characters to cells; false at the first one that is no 9×9
// digit (the general path then finds and reports it).
bool convert_plain_cells(const char* in, std::uint8_t* out) {
  std::size_t i = 0;
#if defined(__SSE2__)
  // 16 cells per step: a digit is c - '0' <= 9 (unsigned), '.' is 0.
  const __m128i zero_char = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9), dot = _mm_set1_epi8('.');
  for (; i + 16 <= kPlainCells; i += 16) {
    const __m128i chars = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
    const __m128i digits = _mm_sub_epi8(chars, zero_char);
    const __m128i is_digit = _mm_cmpeq_epi8(_mm_min_epu8(digits, nine), digits);
    const __m128i is_dot = _mm_cmpeq_epi8(chars, dot);
    if (_mm_movemask_epi8(_mm_or_si128(is_digit, is_dot)) != 0xFFFF) return false;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), _mm_andnot_si128(is_dot, digits));
  }
#endif
  for (; i < kPlainCells; ++i) {
    const int digit = plain_digit(in[i]);
    if (digit < 0) return false;
    out[i] = static_cast<std::uint8_t>(digit);
  }
  return true;
}

// Reads a line of exactly 81 9×9 digits as the general path would (same
// puzzle, geometry and cell columns), into the storage of spare_cells; false,
// with the record untouched, for any other line.
bool read_plain_line(const Line& line, const ReadOptions& options, GeometryCache& geometries, Record& record,
                     Grid& spare_cells) {
  const int known = expected_size(options);
  if (line.text.size() != kPlainCells || (known != 0 && known != 9)) return false;
  Puzzle& puzzle = record.puzzle.emplace();
  puzzle.cells = std::move(spare_cells);
  puzzle.cells.resize(kPlainCells);
  if (!convert_plain_cells(line.text.data(), puzzle.cells.data())) {
    record.puzzle.reset();
    return false;
  }
  try {
    puzzle.geometry = geometries.get(options.variant, 9);
  } catch (const GeometryError&) {
    record.puzzle.reset();  // the general path reports it
    return false;
  }
  record.first_column = 1;
  record.row_cells = static_cast<int>(kPlainCells);
  return true;
}

}  // namespace

void finish_puzzle(Record& record, const std::vector<char>& chars, const ReadOptions& options,
                   GeometryCache& geometries, int error_line, int error_column) {
  finish_puzzle(record, std::string_view(chars.data(), chars.size()), options, geometries, error_line, error_column);
}

void finish_puzzle(Record& record, std::string_view chars, const ReadOptions& options, GeometryCache& geometries,
                   int error_line, int error_column) {
  const int known = expected_size(options);
  const int root = exact_square_root(chars.size());
  std::string reason;
  if (known != 0 && chars.size() != static_cast<std::size_t>(known * known)) {
    reason = "wrong length: " + std::to_string(chars.size()) + " cells, expected " +
             std::to_string(known * known) + " (" + size_words(known) + ")";
  } else if (root < 2) {
    const int nearest = std::max(2, static_cast<int>(std::lround(std::sqrt(static_cast<double>(chars.size())))));
    reason = "wrong length: " + std::to_string(chars.size()) + " cells, expected " +
             std::to_string(nearest * nearest) + " (" + size_words(nearest) + ")";
  }
  if (reason.empty()) {
    try {
      record.puzzle->geometry = geometries.get(options.variant, root);
    } catch (const GeometryError& error) {
      reason = error.what();
    }
  }
  if (!reason.empty()) {
    record.error = Diagnostic{record.source, error_line, error_column, reason};
    record.puzzle.reset();
    return;
  }
  parse_cells(record, chars, root, options.digits);
}

void finish_candidates(Record& record, const std::vector<Mask>& masks, int size, const ReadOptions& options,
                       GeometryCache& geometries, int error_line) {
  try {
    record.puzzle->geometry = geometries.get(options.variant, size);
  } catch (const GeometryError& error) {
    record.error = Diagnostic{record.source, error_line, 1, error.what()};
    record.puzzle.reset();
    return;
  }
  Grid& cells = record.puzzle->cells;
  cells.assign(masks.size(), 0);
  for (std::size_t cell = 0; cell < masks.size(); ++cell)
    if (std::popcount(masks[cell]) == 1) cells[cell] = static_cast<std::uint8_t>(std::countr_zero(masks[cell]) + 1);
  record.candidates = masks;
}

bool mixes_json_and_text(const ReadOptions& options) {
  return options.format == InputFormat::automatic || options.format == InputFormat::fpuzzles;
}

bool starts_with_char(const std::string& text, char opening) {
  const auto first = text.find_first_not_of(" \t\xEF\xBB\xBF");
  return first != std::string::npos && text[first] == opening;
}

LineRead read_text_record(LineSource& lines, const std::string& /*source*/, const ReadOptions& options,
                          GeometryCache& geometries, Record& record, Grid& spare_cells) {
  for (Line& line = lines.spare(); lines.next(line);) {
    record.line = line.number;
    if (line_error(line, record)) return LineRead::record;
    // A JSON object among text lines (nonet's JSON, f-puzzles' JSON) is the JSON reader's.
    if (mixes_json_and_text(options) && starts_with_char(line.text, '{')) {
      lines.push_back(std::move(line));
      return LineRead::other_kind;
    }
    // A format given by --input-format whose records are one a line.
    const bool links = options.format == InputFormat::fpuzzles || options.format == InputFormat::sudokupad;
    if (links || options.format == InputFormat::iss) {
      if (is_blank_or_comment(line.text)) continue;
      if (links) read_link_line(line, record, true);
      else read_forced_iss_line(line, record);
      return LineRead::record;
    }
    if (read_plain_line(line, options, geometries, record, spare_cells)) return LineRead::record;
    if (is_skipped(line.text)) continue;
    if (is_section_header(line.text)) {
      if (!is_puzzle_section(line.text)) skip_section(lines);
      continue;
    }
    if (is_library_line(line.text)) {
      read_library_line(line, options, geometries, record);
      return LineRead::record;
    }
    if (options.format == InputFormat::automatic &&
        (read_iss_line(line, record) || read_solo_line(line, record) || read_link_line(line, record, false)))
      return LineRead::record;
    const Token first = token_at(line.text, 0);
    const Token second = token_at(line.text, first.end);
    const int known = expected_size(options);
    if (read_candidate_line(line, first, options, geometries, record)) return LineRead::record;
    const bool any_size = options.variant.name == "latin";
    const bool one_line = is_one_line_puzzle(line.text, first, known, any_size) ||
                          (is_cell_token(line.text, second) && is_one_line_puzzle(line.text, second, known, any_size) &&
                           exact_square_root(second.size()) >= 4);
    if (one_line) read_one_line_puzzle(line, first, options, geometries, record);
    else if (is_spaced_puzzle(lines, line, known, any_size)) read_spaced_puzzle(line, options, geometries, record);
    else read_grid_block(lines, std::move(line), options, geometries, record);
    return LineRead::record;
  }
  return LineRead::end;
}

}  // namespace nonet::detail
