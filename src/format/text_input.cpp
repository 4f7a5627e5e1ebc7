// Text input: one-line puzzles and grid blocks.
//
// A record starts at the first line that is neither blank nor a '#' comment.
// Its first token decides the shape: a token of N×N cells is a one-line puzzle
// (anything after it is a comment); otherwise the line is the first row of a
// grid block of N rows of N cells, where spaces and the drawing characters
// | - + are ignored.
#include <cmath>
#include <cctype>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

bool is_one_line_puzzle(const std::string& text, Token first, int known_size) {
  const std::size_t length = first.size();
  if (known_size != 0) {
    if (length == static_cast<std::size_t>(known_size * known_size)) return true;
    if (cell_count_as_row(text) == static_cast<std::size_t>(known_size)) return false;
    return length > static_cast<std::size_t>(known_size);
  }
  const int root = exact_square_root(length);
  // 16 cells is a 4×4 puzzle, or the first row of a 16×16 grid when it uses
  // digits a 4×4 cannot hold.
  if (root >= 4 && Geometry::box_shape(root)) return root != 4 || fits_size(text, first, 4);
  return length > 25;
}

// Blank: nothing but spaces and tabs (checked without copying the line).
bool is_blank(const std::string& text) { return text.find_first_not_of(" \t") == std::string::npos; }

// A line read is skipped when blank, a '#' comment or only drawing characters.
bool is_skipped(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t");
  return begin == std::string::npos || text[begin] == '#' || !has_cell(text);
}

std::string trimmed(const std::string& text, std::size_t from) {
  const auto begin = text.find_first_not_of(" \t", from);
  if (begin == std::string::npos) return {};
  const auto end = text.find_last_not_of(" \t");
  return text.substr(begin, end - begin + 1);
}

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
}

// A line inside a grid block that is clearly a puzzle of its own ends the
// block, so one broken grid never swallows the puzzles after it.
bool starts_new_puzzle(const Line& line, int size) {
  const Token first = token_at(line.text, 0);
  return first.size() != static_cast<std::size_t>(size) && is_one_line_puzzle(line.text, first, 0) &&
         is_cell_token(line.text, first);
}

// Skips the rest of a broken grid block so the next record starts cleanly.
void skip_block(LineSource& lines, int size) {
  for (Line line; lines.next(line);) {
    if (is_blank(line.text)) return;
    if (!line.too_long && !line.has_nul && starts_new_puzzle(line, size)) return lines.push_back(std::move(line));
  }
}

Diagnostic not_a_puzzle(const std::string& source, int line, std::size_t cells) {
  return Diagnostic{source, line, 1,
                    "not a puzzle: " + std::to_string(cells) +
                        " cells (expected N*N cells on one line, e.g. 81, or a grid of N rows of N)"};
}

// The smallest grid nonet reads has 4 cells a row; shorter lines are junk.
constexpr std::size_t kSmallestRow = 4;

void read_grid_block(LineSource& lines, Line line, const ReadOptions& options, GeometryCache& geometries,
                     Record& record) {
  const int known = expected_size(options);
  const std::size_t first_row = cell_count_as_row(line.text);
  if (known == 0 && first_row < kSmallestRow) {
    record.error = not_a_puzzle(record.source, line.number, first_row);
    return;
  }
  const int first_line = line.number;
  const int size = known != 0 ? known : static_cast<int>(first_row);
  std::vector<char> chars;
  int rows = 0;
  int end_line = line.number;
  for (bool have = true; have; have = rows < size && lines.next(line)) {
    end_line = line.number + 1;
    if (line_error(line, record)) return skip_block(lines, size);
    const bool blank = is_blank(line.text);
    if (blank || (rows > 0 && starts_new_puzzle(line, size))) {
      end_line = line.number;
      if (!blank) lines.push_back(std::move(line));
      break;
    }
    if (is_skipped(line.text)) continue;
    const int before = static_cast<int>(chars.size());
    for (std::size_t i = 0; i < line.text.size(); ++i)
      if (!is_separator(line.text[i])) {
        chars.push_back(line.text[i]);
        record.cell_columns.push_back(static_cast<int>(i + 1));
        record.cell_lines.push_back(line.number);
      }
    const int in_row = static_cast<int>(chars.size()) - before;
    ++rows;
    if (in_row != size) {
      const int column = in_row > size ? record.cell_columns[before + size] : static_cast<int>(line.text.size() + 1);
      record.error = Diagnostic{record.source, line.number, column,
                                "grid row " + std::to_string(rows) + " has " + std::to_string(in_row) +
                                    " cells, expected " + std::to_string(size)};
      return skip_block(lines, size);
    }
  }
  if (rows == 1 && known == 0) {
    // One lone line that was neither a puzzle nor the start of a grid.
    record.error = not_a_puzzle(record.source, first_line, first_row);
  } else if (rows < size) {
    record.error = Diagnostic{record.source, end_line, 1,
                              "grid ends after " + std::to_string(rows) + " rows, expected " + std::to_string(size)};
  }
  if (record.error) return;
  record.puzzle = Puzzle{nullptr, {}, {}};
  finish_puzzle(record, chars, options, geometries, end_line - 1, 1);
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
  parse_cells(record, chars, root);
}

bool read_text_record(LineSource& lines, const std::string& /*source*/, const ReadOptions& options,
                      GeometryCache& geometries, Record& record, Grid& spare_cells) {
  for (Line& line = lines.spare(); lines.next(line);) {
    record.line = line.number;
    if (line_error(line, record)) return true;
    if (read_plain_line(line, options, geometries, record, spare_cells)) return true;
    if (is_skipped(line.text)) continue;
    const Token first = token_at(line.text, 0);
    const Token second = token_at(line.text, first.end);
    const int known = expected_size(options);
    const bool one_line = is_one_line_puzzle(line.text, first, known) ||
                          (is_cell_token(line.text, second) && is_one_line_puzzle(line.text, second, known) &&
                           exact_square_root(second.size()) >= 4);
    if (one_line) read_one_line_puzzle(line, first, options, geometries, record);
    else read_grid_block(lines, std::move(line), options, geometries, record);
    return true;
  }
  return false;
}

}  // namespace nonet::detail
