// JSON input: one document (a board, an object, or an array of them) or one
// value per line (JSON Lines).
#pragma once

#include <deque>
#include <string>

#include "text_input.hpp"

namespace nonet::detail {

class JsonInput {
 public:
  JsonInput(LineSource& lines, std::string source, const ReadOptions& options, GeometryCache& geometries);
  bool next(Record& record);

 private:
  struct Item;
  void load_document(Line first);
  void expand(const std::string& text, int line);
  bool nested_too_deeply(const std::string& text, int line);
  void convert(const std::string& json_text, int line, Record& record);
  void convert_fpuzzles(const std::string& json_text, int line, Record& record);

  LineSource& lines_;
  std::string source_;
  const ReadOptions& options_;
  GeometryCache& geometries_;
  enum class Shape { unknown, lines, document } shape_ = Shape::unknown;
  std::deque<std::pair<std::string, int>> items_;  // serialised values and their lines
  std::optional<Diagnostic> document_error_;
};

}  // namespace nonet::detail
