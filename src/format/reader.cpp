// The puzzle reader: detects the format of each record, builds its geometry,
// and turns every problem into a Diagnostic with line and column. It never
// stores more than one line beyond the maximum length, so junk of any size
// streams through in bounded memory.
#include <cmath>
#include <istream>
#include <map>
#include <sstream>

#include "json_input.hpp"
#include "nonet/format.hpp"
#include "text_input.hpp"

namespace nonet {

std::string Diagnostic::to_string() const {
  return source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + reason;
}

Diagnostic Record::at_cell(int cell, std::string reason) const {
  const int cell_line = cell_lines.empty() ? line : cell_lines.at(cell);
  const int cell_column = cell < static_cast<int>(cell_columns.size()) ? cell_columns[cell] : 1;
  return Diagnostic{source, cell_line, cell_column, std::move(reason)};
}

namespace detail {

LineSource::LineSource(std::istream& in, std::size_t max_length) : in_(in), max_length_(max_length) {}

bool LineSource::next(Line& line) {
  if (!pending_.empty()) {
    line = std::move(pending_.back());
    pending_.pop_back();
    return true;
  }
  line = Line{};
  line.number = ++line_number_;
  std::streambuf* buffer = in_.rdbuf();
  bool any = false;
  for (int ch = buffer->sbumpc(); ch != std::char_traits<char>::eof(); ch = buffer->sbumpc()) {
    any = true;
    if (ch == '\n') break;
    if (ch == '\0') line.has_nul = true;
    if (line.text.size() < max_length_) line.text.push_back(static_cast<char>(ch));
    else line.too_long = true;
    ++line.length;
  }
  if (!any) {
    --line_number_;
    return false;
  }
  if (!line.text.empty() && line.text.back() == '\r') {
    line.text.pop_back();
    --line.length;
  }
  return true;
}

void LineSource::push_back(Line line) { pending_.push_back(std::move(line)); }

std::shared_ptr<const Geometry> GeometryCache::get(const VariantSpec& spec, int size) {
  Key key{spec.name, size, spec.regions};
  auto found = cache_.find(key);
  if (found != cache_.end()) return found->second;
  auto geometry = make_geometry(spec, size);
  cache_.emplace(std::move(key), geometry);
  return geometry;
}

std::string size_words(int size) { return std::to_string(size) + "x" + std::to_string(size); }

// Cell digits of `text` (already stripped of separators) for a size-N puzzle;
// the first bad character becomes the record's error.
bool parse_cells(Record& record, const std::vector<char>& chars, int size) {
  auto& cells = record.puzzle->cells;
  cells.resize(chars.size());
  for (std::size_t i = 0; i < chars.size(); ++i) {
    const int digit = digit_of_char(chars[i], size);
    if (digit < 0) {
      std::string reason = std::string("'") + chars[i] + "' is not a digit of a " + size_words(size) +
                           " puzzle (digits 1-" + digit_char(size) + ", empty '.'" +
                           (size <= 9 ? " or '0')" : ")");
      if (static_cast<unsigned char>(chars[i]) < 32 || static_cast<unsigned char>(chars[i]) > 126) {
        std::ostringstream hex;
        hex << "byte 0x" << std::hex << (static_cast<unsigned>(static_cast<unsigned char>(chars[i])));
        reason = hex.str() + " is not a digit (binary data?)";
      }
      record.error = record.at_cell(static_cast<int>(i), reason);
      record.puzzle.reset();
      return false;
    }
    cells[i] = static_cast<std::uint8_t>(digit);
  }
  return true;
}

}  // namespace detail

struct PuzzleReader::Impl {
  Impl(std::istream& in, std::string source_name, ReadOptions read_options)
      : lines(in, read_options.max_line_length), source(std::move(source_name)), options(std::move(read_options)) {}

  detail::LineSource lines;
  std::string source;
  ReadOptions options;
  detail::GeometryCache geometries;
  enum class Mode { unknown, text, json } mode = Mode::unknown;
  std::unique_ptr<detail::JsonInput> json;
  std::size_t produced = 0;
  bool finished = false;

  void detect_mode() {
    detail::Line line;
    std::vector<detail::Line> skipped;
    mode = Mode::text;
    while (lines.next(line)) {
      const auto first = line.text.find_first_not_of(" \t\xEF\xBB\xBF");
      skipped.push_back(line);
      if (first == std::string::npos) continue;
      if (line.text[first] == '[' || line.text[first] == '{') mode = Mode::json;
      break;
    }
    for (auto it = skipped.rbegin(); it != skipped.rend(); ++it) lines.push_back(std::move(*it));
    if (mode == Mode::json) json = std::make_unique<detail::JsonInput>(lines, source, options, geometries);
  }

  bool next(Record& record) {
    if (finished) return false;
    if (mode == Mode::unknown) detect_mode();
    record = Record{};
    record.source = source;
    record.index = produced;
    const bool got = mode == Mode::json ? json->next(record)
                                        : detail::read_text_record(lines, source, options, geometries, record);
    if (got) {
      ++produced;
      return true;
    }
    finished = true;
    if (produced == 0) {
      record.error = Diagnostic{source, std::max(1, lines.line_number()), 1, "empty input: no puzzle found"};
      record.line = record.error->line;
      ++produced;
      return true;
    }
    return false;
  }
};

PuzzleReader::PuzzleReader(std::istream& in, std::string source, ReadOptions options)
    : impl_(std::make_unique<Impl>(in, std::move(source), std::move(options))) {}
PuzzleReader::~PuzzleReader() = default;
bool PuzzleReader::next(Record& record) { return impl_->next(record); }

std::vector<Record> read_all(const std::string& text, const ReadOptions& options, const std::string& source) {
  std::istringstream in(text);
  PuzzleReader reader(in, source, options);
  std::vector<Record> records;
  for (Record record; reader.next(record);) records.push_back(std::move(record));
  return records;
}

}  // namespace nonet
