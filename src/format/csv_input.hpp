// CSV input: the Kaggle sets (a `quizzes,solutions` header, then
// puzzle,solution lines) and other tables of puzzles, one a row.
#pragma once

#include <string>
#include <vector>

#include "text_input.hpp"

namespace nonet::detail {

// The field separator of an input whose first line is `first`, when it is
// CSV: the comma or semicolon that ends its first field, which holds no
// space (a one-line puzzle's comment may hold either, but only after a
// space); '\0' when it is no CSV.
char csv_separator(const std::string& first);
inline bool looks_like_csv(const std::string& first) { return csv_separator(first) != '\0'; }

class CsvInput {
 public:
  CsvInput(LineSource& lines, std::string source, const ReadOptions& options, GeometryCache& geometries);
  bool next(Record& record);

 private:
  struct Field {
    std::string text;
    int column = 1;  // 1-based, of the field's first character
  };
  std::vector<Field> split(const std::string& line) const;
  void read_header(Record& record);
  bool choose_columns(const std::vector<Field>& header, const std::vector<Field>& first_row, Record& record, int line);
  void read_row(const Line& line, Record& record);
  void read_solution(const Field& field, Record& record) const;

  LineSource& lines_;
  std::string source_;
  const ReadOptions& options_;
  GeometryCache& geometries_;
  bool started_ = false, broken_ = false;
  char separator_ = ',';  // or ';', as the first line has it
  std::size_t puzzle_column_ = 0;
  std::size_t solution_column_ = 1;
  bool solution_named_ = false;  // a header names it; without one the column after the puzzle may hold it
};

}  // namespace nonet::detail
