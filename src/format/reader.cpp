// The puzzle reader: detects the format of each record, builds its geometry,
// and turns every problem into a Diagnostic with line and column. It never
// stores more than one line beyond the maximum length, so junk of any size
// streams through in bounded memory.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cctype>
#include <cstring>
#include <istream>
#include <map>
#include <sstream>

#include "core/contract.hpp"
#include "csv_input.hpp"
#include "solo_input.hpp"
#include "json_input.hpp"
#include "nonet/format.hpp"
#include "text_input.hpp"

namespace nonet {

std::string Diagnostic::to_string() const {
  if (line == 0) return source + ": " + reason;  // about the whole input
  return source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + reason;
}

Diagnostic Record::at_cell(int cell, std::string reason) const {
  const int cell_line = cell_lines.empty() ? line : cell_lines.at(cell);
  const int cell_column = cell < static_cast<int>(cell_columns.size()) ? cell_columns[cell]
                          : cell >= 0 && cell < row_cells      ? first_column + cell
                                                               : 1;
  return Diagnostic{source, cell_line, cell_column, std::move(reason)};
}

namespace detail {

// Large enough that a file costs few calls into the stream, small enough to
// stay in cache.
constexpr std::size_t kChunkSize = 1 << 16;

LineSource::LineSource(std::istream& in, std::size_t max_length)
    : in_(in), max_length_(max_length), chunk_(kChunkSize) {}

bool LineSource::fill() {
  std::streambuf* buffer = in_.rdbuf();
  chunk_begin_ = chunk_end_ = 0;
  // Take what the stream holds already; when it holds nothing yet, wait for
  // one byte only, as the old char-by-char reader did, never for a full chunk.
  const std::streamsize ready = buffer->in_avail();
  if (ready > 0) {
    const auto wanted = std::min(static_cast<std::streamsize>(chunk_.size()), ready);
    const std::streamsize got = buffer->sgetn(chunk_.data(), wanted);
    if (got > 0) {
      chunk_end_ = static_cast<std::size_t>(got);
      return true;
    }
  }
  const int ch = buffer->sbumpc();
  if (ch == std::char_traits<char>::eof()) return false;
  chunk_[0] = static_cast<char>(ch);
  chunk_end_ = 1;
  // That read may have brought more than the byte (a whole pipe write, a
  // typed line): take what arrived with it, still without waiting.
  const std::streamsize arrived = buffer->in_avail();
  if (arrived > 0) {
    const auto wanted = std::min(static_cast<std::streamsize>(chunk_.size() - 1), arrived);
    const std::streamsize got = buffer->sgetn(chunk_.data() + 1, wanted);
    if (got > 0) chunk_end_ += static_cast<std::size_t>(got);
  }
  return true;
}

std::string_view LineSource::first_bytes() {
  if (line_number_ == 0 && pending_.empty() && chunk_begin_ == chunk_end_) fill();
  if (line_number_ != 0 || chunk_begin_ != 0) return {};
  return {chunk_.data(), chunk_end_};
}

// Adds bytes of the current line, keeping at most max_length_ of them.
void LineSource::append(Line& line, const char* bytes, std::size_t count) const {
  if (std::memchr(bytes, '\0', count) != nullptr) line.has_nul = true;
  const std::size_t room = max_length_ - std::min(max_length_, line.text.size());
  line.text.append(bytes, std::min(room, count));
  if (count > room) line.too_long = true;
  line.length += count;
}

bool LineSource::next(Line& line) {
  if (!pending_.empty()) {
    line = std::move(pending_.back());
    pending_.pop_back();
    return true;
  }
  // Reuse the caller's buffer: no allocation per line once it has grown.
  line.text.clear();
  line.length = 0;
  line.too_long = line.has_nul = false;
  line.number = ++line_number_;
  bool any = false;
  while (chunk_begin_ < chunk_end_ || fill()) {
    any = true;
    const char* begin = chunk_.data() + chunk_begin_;
    const std::size_t available = chunk_end_ - chunk_begin_;
    const auto* newline = static_cast<const char*>(std::memchr(begin, '\n', available));
    const std::size_t taken = newline != nullptr ? static_cast<std::size_t>(newline - begin) : available;
    append(line, begin, taken);
    chunk_begin_ += taken + (newline != nullptr ? 1 : 0);
    if (newline != nullptr) break;
  }
  if (!any) {
    --line_number_;
    return false;
  }
  if (!line.text.empty() && line.text.back() == '\r') {
    line.text.pop_back();
    --line.length;
  }
  // Editors on Windows start UTF-8 files with a byte-order mark; it is not
  // part of the first line (and columns count from after it).
  if (line.number == 1 && line.text.compare(0, 3, "\xEF\xBB\xBF") == 0) {
    line.text.erase(0, 3);
    line.length -= 3;
  }
  return true;
}

void LineSource::push_back(Line line) { pending_.push_back(std::move(line)); }

std::shared_ptr<const Geometry> GeometryCache::get(const VariantSpec& spec, int size) {
  if (last_key_ != nullptr && std::get<1>(*last_key_) == size && std::get<0>(*last_key_) == spec.name &&
      std::get<2>(*last_key_) == spec.regions)
    return last_;
  Key key{spec.name, size, spec.regions};
  auto found = cache_.find(key);
  if (found == cache_.end()) found = cache_.emplace(std::move(key), make_geometry(spec, size)).first;
  last_key_ = &found->first;  // map nodes never move
  last_ = found->second;
  return last_;
}

std::string size_words(int size) { return std::to_string(size) + "x" + std::to_string(size); }

namespace {

// digit_of_char for every byte and size, built once: parsing a cell is then
// one load instead of a call and a chain of range tests.
using DigitTable = std::array<std::int8_t, 256>;

// A 0-based digit ('0' is 1, '1' is 2, …, 'F' is 16): 0 for '.', -1 for neither.
int zero_based_digit(char c, int size) {
  if (c == '.') return 0;
  if (c == '0') return 1;
  const int below = digit_of_char(c, size - 1);
  return below > 0 ? below + 1 : -1;
}

const DigitTable* digit_table(int size, bool zero_based) {
  static const auto tables = [] {
    std::vector<DigitTable> all(2 * (kMaxSize + 1));
    for (int s = 1; s <= kMaxSize; ++s)
      for (int byte = 0; byte < 256; ++byte) {
        const char c = static_cast<char>(byte);
        all[s][byte] = static_cast<std::int8_t>(digit_of_char(c, s));
        all[kMaxSize + 1 + s][byte] = static_cast<std::int8_t>(s > 1 ? zero_based_digit(c, s) : -1);
      }
    return all;
  }();
  return size >= 1 && size <= kMaxSize ? &tables[(zero_based ? kMaxSize + 1 : 0) + size] : nullptr;
}

// Whether cells written for a size-N puzzle use 0-based digits. Only sizes
// over 9 can: there '0' is no empty cell, so a '0' without the top 1-based
// digit ('G' for 16×16) says the digits start at 0.
bool uses_zero_based(std::string_view chars, int size, DigitStyle style) {
  if (size <= 9 || style == DigitStyle::one_based) return false;
  if (style == DigitStyle::zero_based) return true;
  const char top = digit_char(size);
  const char top_lower = static_cast<char>(std::tolower(static_cast<unsigned char>(top)));
  return chars.find('0') != std::string_view::npos && chars.find(top) == std::string_view::npos &&
         chars.find(top_lower) == std::string_view::npos;
}

std::string bad_digit_reason(char c, int size, bool zero_based) {
  if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) {
    std::ostringstream hex;
    hex << "byte 0x" << std::hex << (static_cast<unsigned>(static_cast<unsigned char>(c)));
    return hex.str() + " is not a digit (binary data?)";
  }
  const std::string digits = zero_based ? std::string("0-") + digit_char(size, DigitStyle::zero_based)
                                        : std::string("1-") + digit_char(size);
  return std::string("'") + c + "' is not a digit of a " + size_words(size) + " puzzle (digits " + digits +
         ", empty '.'" + (size <= 9 ? " or '0')" : ")");
}

// Converts cells until the first byte that is no digit; returns its index, or
// chars.size() when all are digits. Plain pointers keep the loop tight.
std::size_t convert_cells(const DigitTable& table, std::string_view chars, std::uint8_t* out) {
  const char* in = chars.data();
  for (std::size_t i = 0; i < chars.size(); ++i) {
    const std::int8_t digit = table[static_cast<unsigned char>(in[i])];
    if (digit < 0) return i;
    out[i] = static_cast<std::uint8_t>(digit);
  }
  return chars.size();
}

// Characters some programs write for an empty cell instead of '.' or '0',
// where they are no digit of the puzzle's size (x is one from 33×33 up).
// The reader has already taken a '-' between cells, or a line of '*', for
// a grid's frame.
bool is_blank_alias(const DigitTable& table, char c) {
  return (c == '_' || c == '*' || c == '-' || c == 'x') && table[static_cast<unsigned char>(c)] < 0;
}

// Converts the cells from `from` on, where `blank` writes each empty cell
// and the rest are digits; returns the index of the first byte that is
// neither, or chars.size(). A '.' or '0' among them is such a byte: a
// puzzle that writes empty cells two ways is more likely a typo.
std::size_t convert_blank_written_cells(const DigitTable& table, std::string_view chars, std::uint8_t* out,
                                        std::size_t from, char blank) {
  for (std::size_t i = from; i < chars.size(); ++i) {
    const std::int8_t digit = chars[i] == blank ? 0 : table[static_cast<unsigned char>(chars[i])];
    if (digit < 0 || (digit == 0 && chars[i] != blank)) return i;
    out[i] = static_cast<std::uint8_t>(digit);
  }
  return chars.size();
}

}  // namespace

// Cell digits of `chars` (already stripped of separators) for a size-N puzzle;
// the first bad character becomes the record's error.
bool parse_cells(Record& record, std::string_view chars, int size, DigitStyle style) {
  NONET_EXPECTS(record.puzzle.has_value());  // finish_puzzle makes it; the cells go into it
  auto& cells = record.puzzle->cells;
  cells.resize(chars.size());
  std::size_t bad = chars.size();
  record.zero_based = uses_zero_based(chars, size, style);
  if (const DigitTable* table = digit_table(size, record.zero_based)) {
    bad = convert_cells(*table, chars, cells.data());
    // Empty cells written '_' (or *, -, x) throughout: the cells before the
    // first one must be digits alone. Otherwise the first odd byte stays the error.
    if (bad < chars.size() && is_blank_alias(*table, chars[bad]) &&
        std::find(cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(bad), 0) ==
            cells.begin() + static_cast<std::ptrdiff_t>(bad) &&
        convert_blank_written_cells(*table, chars, cells.data(), bad, chars[bad]) == chars.size())
      bad = chars.size();
  } else {
    for (std::size_t i = 0; i < chars.size() && bad == chars.size(); ++i) {
      const int digit = digit_of_char(chars[i], size);
      if (digit < 0) bad = i;
      else cells[i] = static_cast<std::uint8_t>(digit);
    }
  }
  if (bad == chars.size()) return true;
  record.error = record.at_cell(static_cast<int>(bad), bad_digit_reason(chars[bad], size, record.zero_based));
  record.puzzle.reset();
  return false;
}

namespace {

// How much of an input's start tells a binary file from text: as much as
// git looks at.
constexpr std::size_t kBinarySniffBytes = 8 << 10;

// The length of the UTF-8 sequence at `at`, or 0 where the bytes are no
// UTF-8. A sequence cut by the end of `bytes` counts as whole.
std::size_t utf8_length(std::string_view bytes, std::size_t at) {
  const auto lead = static_cast<unsigned char>(bytes[at]);
  const std::size_t length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                             : lead >= 0xF0 && lead <= 0xF4                                  ? 4
                                                                                            : 0;
  for (std::size_t i = 1; i < length && at + i < bytes.size(); ++i)
    if ((static_cast<unsigned char>(bytes[at + i]) & 0xC0) != 0x80) return 0;
  return length;
}

// Whether an input starting with `bytes` is a binary file (a program, an
// image, an archive): a NUL byte, or mostly bytes no text has (control
// characters other than layout, bytes that are no UTF-8). Reading one would
// give a message for every line.
bool looks_binary(std::string_view bytes) {
  bytes = bytes.substr(0, kBinarySniffBytes);
  if (bytes.find('\0') != std::string_view::npos) return true;
  std::size_t odd = 0;
  for (std::size_t i = 0; i < bytes.size();) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c >= 0x80) {
      const std::size_t length = utf8_length(bytes, i);
      odd += length == 0 ? 1 : 0;
      i += std::max<std::size_t>(length, 1);
      continue;
    }
    odd += (c < 0x20 && std::strchr("\t\n\r\f\v", c) == nullptr) || c == 0x7F ? 1 : 0;
    ++i;
  }
  return odd * 2 > bytes.size();
}

// The line's text from `begin` to the next space or tab.
std::string_view first_token(const std::string& line, std::size_t begin) {
  const std::size_t end = std::min(line.find_first_of(" \t", begin), line.size());
  return std::string_view(line).substr(begin, end - begin);
}

}  // namespace

}  // namespace detail

struct PuzzleReader::Impl {
  Impl(std::istream& in, std::string source_name, ReadOptions read_options)
      : lines(in, read_options.max_line_length), source(std::move(source_name)), options(std::move(read_options)) {}

  detail::LineSource lines;
  std::string source;
  ReadOptions options;
  detail::GeometryCache geometries;
  enum class Mode { unknown, text, json, csv, binary } mode = Mode::unknown;
  std::unique_ptr<detail::JsonInput> json;
  std::unique_ptr<detail::CsvInput> csv;
  std::size_t produced = 0;
  bool finished = false;
  Grid spare_cells;  // the cells buffer of the record being overwritten

  // Leaves the record as Record{} with `source` set, but keeps the buffers of
  // its source name and cells: a caller that reads into the same records
  // again (the batch runner recycles its blocks) reads without allocating.
  // Clears every field of Record: keep in step with format.hpp.
  void clear_for_reuse(Record& record) {
    record.index = 0;
    record.line = 0;
    if (record.puzzle) spare_cells = std::move(record.puzzle->cells);
    record.puzzle.reset();
    record.error.reset();
    record.source.assign(source);
    record.cell_lines.clear();
    record.cell_columns.clear();
    record.first_column = 0;
    record.row_cells = 0;
    record.candidates.clear();
    record.published_solution.clear();
    record.zero_based = false;
    record.whole_input = false;
  }

  void detect_mode() {
    if (detail::looks_binary(lines.first_bytes())) {
      mode = Mode::binary;
      return;
    }
    switch (options.format) {
      case InputFormat::automatic:
      case InputFormat::fpuzzles: break;  // f-puzzles comes as JSON or as links: told as in automatic
      case InputFormat::text:
      case InputFormat::sudokupad:
      case InputFormat::iss: mode = Mode::text; return;
      case InputFormat::csv:
        mode = Mode::csv;
        csv = std::make_unique<detail::CsvInput>(lines, source, options, geometries);
        return;
      case InputFormat::json:
        mode = Mode::json;
        json = std::make_unique<detail::JsonInput>(lines, source, options, geometries);
        return;
    }
    detail::Line line;
    std::vector<detail::Line> skipped;
    mode = Mode::text;
    // The format shows on the first line that is not blank or a comment
    // (looked for among the first few thousand: a header is never longer).
    for (int looked = 0; looked < 4096 && lines.next(line); ++looked) {
      const auto first = line.text.find_first_not_of(" \t\xEF\xBB\xBF");
      skipped.push_back(line);
      if (first == std::string::npos) continue;
      if (line.text[first] == '#') continue;
      // A line "[Puzzle]" heads a section of an .sdk file, not a JSON array.
      if (line.text[first] == '{' || (line.text[first] == '[' && !detail::is_section_header(line.text)))
        mode = Mode::json;
      // A Solo game id holds commas too, but no CSV field looks like one.
      else if (!detail::looks_like_solo_game_id(detail::first_token(line.text, first)) && detail::looks_like_csv(line.text))
        mode = Mode::csv;
      break;
    }
    for (auto it = skipped.rbegin(); it != skipped.rend(); ++it) lines.push_back(std::move(*it));
    if (mode == Mode::json) json = std::make_unique<detail::JsonInput>(lines, source, options, geometries);
    if (mode == Mode::csv) csv = std::make_unique<detail::CsvInput>(lines, source, options, geometries);
  }

  // Why an input that gave no record holds no puzzle.
  std::string no_puzzle_reason() const {
    switch (mode) {
      case Mode::binary: return "binary file, not puzzles";
      case Mode::csv: return "no puzzle found: only a CSV header";
      default: return "empty input: no puzzle found";
    }
  }

  bool next(Record& record) {
    if (finished) return false;
    if (mode == Mode::unknown) detect_mode();
    clear_for_reuse(record);
    record.index = produced;
    bool got = false;
    if (mode == Mode::csv) got = csv->next(record);
    else if (mode != Mode::binary) {
      // Text and JSON Lines may take turns, record by record: each reader
      // leaves a line that is the other's unread.
      bool from_json = mode == Mode::json;
      for (;;) {
        const detail::LineRead read = from_json ? json->next(record)
                                                : detail::read_text_record(lines, source, options, geometries, record,
                                                                           spare_cells);
        if (read != detail::LineRead::other_kind) {
          got = read == detail::LineRead::record;
          break;
        }
        from_json = !from_json;
        if (from_json && !json) {
          json = std::make_unique<detail::JsonInput>(lines, source, options, geometries);
          json->read_as_lines();
        }
      }
    }
    if (got) {
      ++produced;
      return true;
    }
    finished = true;
    if (produced == 0) {
      // A binary file has no line to point at: its message names the file alone.
      const int line = mode == Mode::binary ? 0 : std::max(1, lines.line_number());
      record.error = Diagnostic{source, line, line == 0 ? 0 : 1, no_puzzle_reason()};
      record.line = std::max(1, line);
      record.whole_input = true;
      ++produced;
      return true;
    }
    return false;
  }
};

namespace {
constexpr std::pair<InputFormat, std::string_view> kInputFormatNames[] = {
    {InputFormat::automatic, "auto"}, {InputFormat::text, "text"},           {InputFormat::csv, "csv"},
    {InputFormat::json, "json"},      {InputFormat::fpuzzles, "fpuzzles"},   {InputFormat::sudokupad, "sudokupad"},
    {InputFormat::iss, "iss"},
};
}  // namespace

std::string_view to_string(InputFormat format) {
  for (const auto& [known, name] : kInputFormatNames)
    if (known == format) return name;
  return "auto";
}

std::optional<InputFormat> input_format_from(std::string_view name) {
  for (const auto& [format, known] : kInputFormatNames)
    if (known == name) return format;
  return std::nullopt;
}

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
