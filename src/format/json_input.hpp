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
  // A record; or, in JSON Lines where text may be mixed in
  // (mixes_json_and_text), other_kind for a line that opens no JSON value.
  LineRead next(Record& record);
  // One value a line from the start: for JSON objects met among text lines,
  // so that a broken one is one record's error, not the rest of the file's.
  void read_as_lines() {
    if (shape_ == Shape::unknown) shape_ = Shape::lines;
  }

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
