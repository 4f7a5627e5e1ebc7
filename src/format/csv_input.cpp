// CSV input. A first row none of whose fields could be a puzzle is the
// header: the puzzle column is the one --column names, else the one named
// puzzle, quizzes, question, …, else the first that holds a puzzle; the solution column is the
// one named solution, solutions, answer, …; without a header, the column
// after the puzzle holds its solution when it is as long. Other fields
// become the record's comment.
#include "csv_input.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>

namespace nonet::detail {

namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool named_one_of(const std::string& name, std::initializer_list<const char*> names) {
  const std::string wanted = lower(name);
  return std::any_of(names.begin(), names.end(), [&](const char* n) { return wanted == n; });
}

bool is_puzzle_name(const std::string& name) {
  return named_one_of(name, {"puzzle", "puzzles", "quizzes", "quiz", "question", "questions", "sudoku", "grid",
                             "board", "givens", "problem", "clues"});
}

bool is_solution_name(const std::string& name) {
  return named_one_of(name, {"solution", "solutions", "answer", "answers", "solved"});
}

// A field that could be the cells of a puzzle: N×N cells (N >= 4) of
// letters, digits, '.' and the other ways to write an empty cell.
bool could_be_cells(const std::string& text) {
  if (text.size() < 16) return false;
  const auto root = static_cast<std::size_t>(std::lround(std::sqrt(static_cast<double>(text.size()))));
  if (root * root != text.size()) return false;
  return std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '*' || c == '-';
  });
}

}  // namespace

char csv_separator(const std::string& first) {
  const auto separator = first.find_first_of(",;");
  if (separator == std::string::npos) return '\0';
  const auto begin = first.find_first_not_of(" \t");
  return begin < separator && first.find_first_of(" \t", begin) > separator ? first[separator] : '\0';
}

CsvInput::CsvInput(LineSource& lines, std::string source, const ReadOptions& options, GeometryCache& geometries)
    : lines_(lines), source_(std::move(source)), options_(options), geometries_(geometries) {}

std::vector<CsvInput::Field> CsvInput::split(const std::string& line) const {
  std::vector<Field> fields;
  std::size_t i = 0;
  for (;;) {
    Field field;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t') && line.find('"', i) == i + 1) ++i;
    field.column = static_cast<int>(i + 1);
    if (i < line.size() && line[i] == '"') {
      // "quoted, with "" for a quote"
      field.column = static_cast<int>(i + 2);
      for (++i; i < line.size(); ++i) {
        if (line[i] != '"') field.text += line[i];
        else if (i + 1 < line.size() && line[i + 1] == '"') field.text += line[++i];
        else break;
      }
      i = std::min(line.size(), i + 1);
      const auto separator = line.find(separator_, i);
      i = separator == std::string::npos ? line.size() : separator;
    } else {
      const auto separator = line.find(separator_, i);
      const auto end = separator == std::string::npos ? line.size() : separator;
      field.text = line.substr(i, end - i);
      i = end;
    }
    // Spaces around a field are no part of it.
    const auto first = field.text.find_first_not_of(" \t\r");
    if (first == std::string::npos) {
      field.text.clear();
    } else {
      field.column += static_cast<int>(first);
      field.text = field.text.substr(first, field.text.find_last_not_of(" \t\r") - first + 1);
    }
    fields.push_back(std::move(field));
    if (i >= line.size()) return fields;
    ++i;  // the separator
  }
}

// The column --column names, by number or by a header's name.
bool CsvInput::choose_columns(const std::vector<Field>& header, const std::vector<Field>& first_row, Record& record,
                              int line) {
  const bool has_header = !header.empty();
  solution_named_ = false;
  for (std::size_t i = 0; i < header.size(); ++i)
    if (is_solution_name(header[i].text)) {
      solution_column_ = i;
      solution_named_ = true;
      break;
    }
  const std::string& wanted = options_.csv_column;
  if (wanted.empty()) {
    // The column a header names, else the first whose value could be a puzzle ("id,puzzle,rating").
    const auto named = std::find_if(header.begin(), header.end(), [](const Field& f) { return is_puzzle_name(f.text); });
    const auto cells = std::find_if(first_row.begin(), first_row.end(), [](const Field& f) { return could_be_cells(f.text); });
    puzzle_column_ = named != header.end()      ? static_cast<std::size_t>(named - header.begin())
                     : cells != first_row.end() ? static_cast<std::size_t>(cells - first_row.begin())
                                                : 0;
  } else {
    std::size_t number = 0;
    const auto [end, error] = std::from_chars(wanted.data(), wanted.data() + wanted.size(), number);
    if (error == std::errc{} && end == wanted.data() + wanted.size() && number >= 1) {
      puzzle_column_ = number - 1;
    } else {
      const auto found = std::find_if(header.begin(), header.end(),
                                      [&](const Field& field) { return lower(field.text) == lower(wanted); });
      if (found == header.end()) {
        std::string names;
        for (const Field& field : header) names += (names.empty() ? "" : ", ") + field.text;
        record.error = Diagnostic{source_, line, 1,
                                  has_header ? "no column '" + wanted + "' in the header (" + names + ")"
                                             : "--column " + wanted + ": the CSV has no header to name it; give its number"};
        return false;
      }
      puzzle_column_ = static_cast<std::size_t>(found - header.begin());
    }
  }
  if (!solution_named_) solution_column_ = puzzle_column_ + 1;
  if (solution_named_ && solution_column_ == puzzle_column_) solution_named_ = false, solution_column_ = header.size();
  return true;
}

void CsvInput::read_header(Record& record) {
  started_ = true;
  Line& line = lines_.spare();
  while (lines_.next(line)) {
    if (is_blank_or_comment(line.text)) continue;
    separator_ = csv_separator(line.text);
    const std::vector<Field> fields = split(line.text);
    const bool header = std::none_of(fields.begin(), fields.end(), [](const Field& f) { return could_be_cells(f.text); });
    const int header_line = line.number;
    std::vector<Field> first_row;
    if (header) {
      if (lines_.next(line)) {
        first_row = split(line.text);
        lines_.push_back(line);
      }
    } else {
      first_row = fields;
      lines_.push_back(line);
    }
    if (!choose_columns(header ? fields : std::vector<Field>{}, first_row, record, header_line)) {
      record.line = header_line;
      broken_ = true;
    }
    return;
  }
}

void CsvInput::read_solution(const Field& field, Record& record) const {
  const Puzzle& puzzle = *record.puzzle;
  const int size = puzzle.geometry->size();
  const auto fail = [&](int column, std::string reason) {
    record.error = Diagnostic{source_, record.line, column, "solution column: " + std::move(reason)};
    record.puzzle.reset();
  };
  if (field.text.size() != puzzle.cells.size())
    return fail(field.column, std::to_string(field.text.size()) + " cells, the puzzle has " +
                                  std::to_string(puzzle.cells.size()));
  record.published_solution.resize(field.text.size());
  for (std::size_t i = 0; i < field.text.size(); ++i) {
    const char c = field.text[i];
    const int below = digit_of_char(c, size - 1);
    const int digit = !record.zero_based ? digit_of_char(c, size) : c == '0' ? 1 : below > 0 ? below + 1 : -1;
    if (digit < 1 || digit > size)
      return fail(field.column + static_cast<int>(i),
                  std::string("'") + c + "' is not a digit of the solution (it has no empty cell)");
    record.published_solution[i] = static_cast<std::uint8_t>(digit);
  }
}

void CsvInput::read_row(const Line& line, Record& record) {
  const std::vector<Field> fields = split(line.text);
  if (puzzle_column_ >= fields.size()) {
    record.error = Diagnostic{source_, line.number, static_cast<int>(line.text.size() + 1),
                              "row has " + std::to_string(fields.size()) + " fields, the puzzle is field " +
                                  std::to_string(puzzle_column_ + 1)};
    return;
  }
  const Field& cells = fields[puzzle_column_];
  const bool with_solution = solution_column_ < fields.size() &&
                             (solution_named_ || fields[solution_column_].text.size() == cells.text.size());
  std::string comment;
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (i != puzzle_column_ && !(with_solution && i == solution_column_) && !fields[i].text.empty())
      comment += (comment.empty() ? "" : ",") + fields[i].text;
  record.first_column = cells.column;
  record.row_cells = static_cast<int>(cells.text.size());
  record.puzzle = Puzzle{nullptr, {}, std::move(comment)};
  finish_puzzle(record, cells.text, options_, geometries_, line.number,
                cells.column + static_cast<int>(cells.text.size()));
  if (record.puzzle && with_solution) read_solution(fields[solution_column_], record);
}

bool CsvInput::next(Record& record) {
  if (!started_) {
    read_header(record);
    if (broken_) return true;
  }
  if (broken_) return false;
  Line& line = lines_.spare();
  while (lines_.next(line)) {
    if (is_blank_or_comment(line.text)) continue;
    record.line = line.number;
    if (line_error(line, record)) return true;
    read_row(line, record);
    return true;
  }
  return false;
}

}  // namespace nonet::detail
