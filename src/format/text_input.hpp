// Internal pieces of the reader shared by its text and JSON halves.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "nonet/format.hpp"

namespace nonet::detail {

struct Line {
  std::string text;         // without the line break; at most max_length chars
  std::size_t length = 0;   // the real length, even when text was cut
  int number = 0;           // 1-based
  bool too_long = false;
  bool has_nul = false;
};

// Lines of a stream, with a bounded length and a push-back for look-ahead.
class LineSource {
 public:
  LineSource(std::istream& in, std::size_t max_length);
  bool next(Line& line);
  void push_back(Line line);
  int line_number() const { return line_number_; }
  std::size_t max_length() const { return max_length_; }

 private:
  std::istream& in_;
  std::size_t max_length_;
  int line_number_ = 0;
  std::vector<Line> pending_;
};

// One shared Geometry per size for the whole input.
class GeometryCache {
 public:
  std::shared_ptr<const Geometry> get(const VariantSpec& spec, int size);

 private:
  using Key = std::tuple<std::string, int, std::vector<int>>;
  std::map<Key, std::shared_ptr<const Geometry>> cache_;
};

std::string size_words(int size);  // "9x9"
bool parse_cells(Record& record, const std::vector<char>& chars, int size);
// Reads one record of text input (a one-line puzzle or a grid block).
bool read_text_record(LineSource& lines, const std::string& source, const ReadOptions& options,
                      GeometryCache& geometries, Record& record);
// Shared ending of every reader path: sizes checked, geometry made, cells parsed.
void finish_puzzle(Record& record, const std::vector<char>& chars, const ReadOptions& options,
                   GeometryCache& geometries, int error_line, int error_column);

}  // namespace nonet::detail
