// Internal pieces of the reader shared by its text and JSON halves.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <string_view>
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
// Reads the stream in chunks (a char at a time costs more than solving an
// easy puzzle), but only what the stream already holds, so a puzzle typed
// at a terminal is still answered as soon as its line ends.
class LineSource {
 public:
  LineSource(std::istream& in, std::size_t max_length);
  bool next(Line& line);
  void push_back(Line line);
  int line_number() const { return line_number_; }
  // The bytes of the first read, before any line is taken (empty after):
  // enough to tell a binary file from text without waiting for more input.
  std::string_view first_bytes();
  std::size_t max_length() const { return max_length_; }
  // A Line for the caller to read into, kept so its text buffer is reused
  // from one record to the next.
  Line& spare() { return spare_; }

 private:
  bool fill();  // more bytes into chunk_; false at the end of the input
  void append(Line& line, const char* bytes, std::size_t count) const;

  std::istream& in_;
  std::size_t max_length_;
  int line_number_ = 0;
  std::vector<Line> pending_;
  Line spare_;
  std::vector<char> chunk_;
  std::size_t chunk_begin_ = 0, chunk_end_ = 0;  // unread bytes of chunk_
};

// One shared Geometry per size for the whole input.
class GeometryCache {
 public:
  std::shared_ptr<const Geometry> get(const VariantSpec& spec, int size);

 private:
  using Key = std::tuple<std::string, int, std::vector<int>>;
  std::map<Key, std::shared_ptr<const Geometry>> cache_;
  // Nearly every input asks for one geometry over and over: answer that
  // without building a key.
  const Key* last_key_ = nullptr;
  std::shared_ptr<const Geometry> last_;
};

std::string size_words(int size);  // "9x9"
// A section header of SadMan's .sdk files: [Puzzle], [State], … alone on its line.
bool is_section_header(const std::string& text);
// Sets the record's error for a line too long or holding a NUL byte.
bool line_error(const Line& line, Record& record);
bool is_blank_or_comment(const std::string& text);
// Cell digits of `chars` for a size-N puzzle, in the style the options ask
// for (or the record shows); the first bad character becomes the record's error.
bool parse_cells(Record& record, std::string_view chars, int size, DigitStyle style);
// What a line reader found: a record, the end of the input, or a line that
// is the other reader's (text among JSON Lines, a JSON object among text
// lines), left unread in the LineSource. A file may mix them, record by
// record, where the format is told per line (automatic, or f-puzzles' JSON
// and links).
enum class LineRead { end, record, other_kind };
// Whether records of text and JSON may be mixed in one input.
bool mixes_json_and_text(const ReadOptions& options);
// Whether a line starts (past spaces and a byte-order mark) with `opening`.
bool starts_with_char(const std::string& text, char opening);
// Reads one record of text input (a one-line puzzle or a grid block).
// `spare_cells`, when it has capacity, becomes the cells of a plain 9×9 line
// (no allocation); it may be left empty.
LineRead read_text_record(LineSource& lines, const std::string& source, const ReadOptions& options,
                          GeometryCache& geometries, Record& record, Grid& spare_cells);
// Shared ending of every reader path: sizes checked, geometry made, cells parsed.
void finish_puzzle(Record& record, std::string_view chars, const ReadOptions& options, GeometryCache& geometries,
                   int error_line, int error_column);
void finish_puzzle(Record& record, const std::vector<char>& chars, const ReadOptions& options,
                   GeometryCache& geometries, int error_line, int error_column);
// The ending of a pencil-mark record: geometry, the solved cells as the
// puzzle's cells, the marks as the record's candidates.
void finish_candidates(Record& record, const std::vector<Mask>& masks, int size, const ReadOptions& options,
                       GeometryCache& geometries, int error_line);

}  // namespace nonet::detail
