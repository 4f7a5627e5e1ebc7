// SudokuPad's format. Unzipping undoes SudokuPad's shortening of its JSON
// (keys unquoted and abbreviated, '…' strings, t/f, "#000000" as #0, colours
// without '#', empty objects left out of lists); the reader then takes the
// rules the format states and refuses the drawings whose rule it cannot know.
#include "sudokupad.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "fpuzzles.hpp"
#include "json_support.hpp"

namespace nonet::detail {

namespace {

using nlohmann::json;

// SudokuPad's abbreviations of its keys, as its zipper writes them.
const std::map<std::string, std::string>& long_keys() {
  static const std::map<std::string, std::string> kKeys = {
      {"c", "color"},        {"ca", "cages"},      {"ct", "center"},    {"c1", "borderColor"},
      {"c2", "backgroundColor"}, {"ce", "cells"}, {"cs", "cellSize"},  {"a", "arrows"},
      {"o", "overlays"},     {"u", "underlays"},   {"w", "width"},      {"h", "height"},
      {"v", "value"},        {"vd", "videos"},     {"l", "lines"},      {"r", "rounded"},
      {"re", "regions"},     {"fs", "fontSize"},   {"th", "thickness"}, {"hl", "headLength"},
      {"wp", "wayPoints"},   {"t", "title"},       {"te", "text"},      {"d", "duration"},
      {"d2", "d"}};
  return kKeys;
}

bool is_hex_colour(std::string_view text) {
  return text.size() == 6 &&
         std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

// Appended piece by piece: g++ 12 warns falsely on "#" + std::string(...).
std::string with_hash(const std::string& colour) {
  std::string text = "#";
  text += colour;
  return text;
}

struct UnzipFailure {
  std::size_t at;
  std::string reason;
};

class Unzipper {
 public:
  explicit Unzipper(std::string_view text)
      : text_(text), quote_(text.find('"') == std::string_view::npos ? '\'' : '"') {}

  json document() {
    json value = parse_value(false, 0);
    if (at_ != text_.size()) fail("text after the puzzle");
    return value;
  }

 private:
  [[noreturn]] void fail(std::string reason) const { throw UnzipFailure{at_, std::move(reason)}; }
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected '") + c + "'");
    ++at_;
  }

  json parse_value(bool member_value, int depth) {
    if (depth > kMaxJsonDepth) fail("nested too deeply (over " + std::to_string(kMaxJsonDepth) + " levels)");
    const char c = peek();
    if (c == '{') return parse_object(depth);
    if (c == '[') return parse_array(depth);
    if (c == quote_) return parse_string();
    return parse_token(member_value);
  }

  json parse_object(int depth) {
    expect('{');
    json object = json::object();
    if (peek() == '}') {
      ++at_;
      return object;
    }
    for (;;) {
      std::string key = peek() == quote_ ? parse_string().get<std::string>() : bare_word();
      if (key.empty()) fail("expected a key");
      expect(':');
      json value = parse_value(true, depth + 1);
      const auto longer = long_keys().find(key);
      if (longer != long_keys().end()) key = longer->second;
      if (object.contains(key)) fail("key \"" + key + "\" twice");
      object[key] = std::move(value);
      if (peek() == '}') {
        ++at_;
        return object;
      }
      expect(',');
    }
  }

  // An element left empty (",," or "[]") is an empty object the zipper left out.
  json parse_array(int depth) {
    expect('[');
    json array = json::array();
    for (;;) {
      if (peek() == ',' || peek() == ']') array.push_back(json::object());
      else array.push_back(parse_value(false, depth + 1));
      if (peek() == ']') {
        ++at_;
        return array;
      }
      expect(',');
    }
  }

  json parse_string() {
    const char quote = peek();
    ++at_;
    std::string value;
    for (;;) {
      if (at_ >= text_.size()) fail("a string without its end");
      const char c = text_[at_++];
      if (c == quote) break;
      if (c != '\\') {
        value += c;
        continue;
      }
      if (at_ >= text_.size()) fail("a string without its end");
      const char escaped = text_[at_++];
      if (escaped == quote || escaped == '"' || escaped == '\'' || escaped == '\\' || escaped == '/') {
        value += escaped;
      } else if (escaped == 'u') {
        // Left to nlohmann, which knows surrogate pairs: the escape as JSON text.
        const std::size_t start = at_ - 2;
        at_ += 4;
        if (at_ + 1 < text_.size() && text_[at_] == '\\' && text_[at_ + 1] == 'u') at_ += 6;
        if (at_ > text_.size()) {
          at_ = start;  // placed at the escape, which lies within the text
          fail("a \\u escape cut short");
        }
        try {
          std::string escape = "\"";
          escape += text_.substr(start, at_ - start);
          escape += '"';
          value += json::parse(escape).get<std::string>();
        } catch (const json::exception&) {
          fail("a bad \\u escape");
        }
      } else {
        static constexpr std::string_view kFrom = "bfnrt", kTo = "\b\f\n\r\t";
        const std::size_t which = kFrom.find(escaped);
        if (which == std::string_view::npos) fail(std::string("unknown escape \\") + escaped);
        value += kTo[which];
      }
    }
    return value;
  }

  std::string bare_word() {
    const std::size_t start = at_;
    while (at_ < text_.size() && std::string_view(",:[]{}").find(text_[at_]) == std::string_view::npos &&
           text_[at_] != quote_)
      ++at_;
    return std::string(text_.substr(start, at_ - start));
  }

  // Numbers, true/false/null, and the zipper's short forms.
  json parse_token(bool member_value) {
    const std::size_t start = at_;
    const std::string word = bare_word();
    if (word == "t" || word == "true") return true;
    if (word == "f" || word == "false") return false;
    if (word == "null") return nullptr;
    if (member_value && word == "#0") return "#000000";
    if (member_value && word == "#F") return "#FFFFFF";
    if (member_value && is_hex_colour(word)) return with_hash(word);
    try {
      const json number = json::parse(word);
      if (number.is_number()) return number;
    } catch (const json::exception&) {
    }
    at_ = start;
    fail(word.empty() ? std::string("expected a value") : in_quotes(word) + " is not a value");
  }

  std::string_view text_;
  char quote_;
  std::size_t at_ = 0;
};

// Colours SudokuPad stored without '#' are colours wherever they stand.
void restore_colours(json& value) {
  std::vector<json*> pending{&value};
  while (!pending.empty()) {
    json* at = pending.back();
    pending.pop_back();
    if (at->is_string() && is_hex_colour(at->get_ref<const std::string&>())) *at = with_hash(at->get<std::string>());
    else if (at->is_structured())
      for (json& inner : *at) pending.push_back(&inner);
  }
}

struct ReadFailure {
  std::string reason;
};

[[noreturn]] void fail(std::string where, std::string reason) {
  throw ReadFailure{where.empty() ? reason : where + ": " + reason};
}

std::string indexed(std::string_view key, std::size_t index) { return std::string(key) + "[" + std::to_string(index) + "]"; }

std::optional<int> number_of(const json& value) {
  if (value.is_number_integer()) return value.get<int>();
  if (value.is_string()) {
    const std::string text = value.get<std::string>();
    const bool digits = std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!text.empty() && text.size() <= 9 && digits)
      return std::stoi(text);
  }
  return std::nullopt;
}

class SudokuPadReader {
 public:
  explicit SudokuPadReader(const json& document) : document_(document) {}
  Puzzle read();

 private:
  void refuse_drawings() const;
  void read_cells();
  std::vector<int> cells_of(const json& list, const std::string& where) const;
  std::vector<int> read_regions() const;
  void read_cages();
  void read_metadata();

  const json& document_;
  int size_ = 0;
  Grid givens_;
  std::vector<Constraint> constraints_;
  std::string title_;
};

void SudokuPadReader::refuse_drawings() const {
  std::string found;
  for (std::string_view key : {"lines", "arrows", "overlays", "underlays", "global"}) {
    const auto at = document_.find(key);
    if (at == document_.end() || !at->is_array() || at->empty()) continue;
    found += found.empty() ? "" : ", ";
    found += std::string(key) + " (" + std::to_string(at->size()) + ")";
  }
  if (!found.empty())
    fail("", "the puzzle has " + found +
                 ": drawings whose rule SudokuPad keeps only in the rules text, so nonet cannot know it; not read");
}

void SudokuPadReader::read_cells() {
  const auto rows = document_.find("cells");
  if (rows == document_.end() || !rows->is_array()) fail("cells", "no grid (\"cells\": rows of cells)");
  size_ = static_cast<int>(rows->size());
  if (size_ < 4 || size_ > 16) fail("cells", "a grid of " + std::to_string(size_) + " rows; 4 to 16 are read");
  givens_.assign(size_ * size_, 0);
  for (int r = 0; r < size_; ++r) {
    const json& row = (*rows)[r];
    if (!row.is_array() || static_cast<int>(row.size()) != size_)
      fail(indexed("cells", r), "a square grid needs " + std::to_string(size_) + " cells a row");
    for (int c = 0; c < size_; ++c) {
      const json& cell = row[c];
      const std::string where = indexed(indexed("cells", r), c);
      if (!cell.is_object()) continue;
      for (std::string_view marks : {"pencilMarks", "centremarks", "cornermarks", "pm", "candidates"}) {
        const auto at = cell.find(marks);
        if (at != cell.end() && !(at->is_array() && at->empty()) && !(at->is_string() && at->get<std::string>().empty()))
          fail(where, "given pencil marks (" + in_quotes(marks) + "): a rule nonet does not read");
      }
      const auto value = cell.find("value");
      if (value == cell.end() || value->is_null() || (value->is_string() && value->get<std::string>().empty())) continue;
      const auto digit = number_of(*value);
      if (!digit || *digit < 1 || *digit > size_) fail(where, "value " + value->dump() + " is not a digit of the grid");
      givens_[r * size_ + c] = static_cast<std::uint8_t>(*digit);
    }
  }
}

// Cells as SudokuPad lists them: [row, column] pairs from 0, or "r1c1r1c2…".
std::vector<int> SudokuPadReader::cells_of(const json& list, const std::string& where) const {
  std::vector<int> cells;
  const auto add = [&](long long row, long long column) {
    if (row < 0 || row >= size_ || column < 0 || column >= size_)
      fail(where, "cell r" + std::to_string(row + 1) + "c" + std::to_string(column + 1) + " is outside the grid");
    cells.push_back(static_cast<int>(row * size_ + column));
  };
  if (list.is_string()) {
    const std::string text = list.get<std::string>();
    std::size_t at = 0;
    const auto number = [&](char letter) -> long long {
      if (at >= text.size() || std::tolower(static_cast<unsigned char>(text[at])) != letter) return -1;
      const std::size_t start = ++at;
      while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) && at - start < 3) ++at;
      return at == start ? -1 : std::stoll(text.substr(start, at - start));
    };
    while (at < text.size()) {
      const long long row = number('r'), column = number('c');
      if (row < 1 || column < 1) fail(where, "cells " + in_quotes(text) + " are not written r1c1r1c2…");
      add(row - 1, column - 1);
    }
    return cells;
  }
  if (!list.is_array()) fail(where, "expected a list of cells");
  for (const json& pair : list) {
    if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number_integer() || !pair[1].is_number_integer())
      fail(where, "a cell is a [row, column] pair, not " + (pair.is_string() ? pair.get<std::string>() : pair.dump()));
    add(pair[0].get<long long>(), pair[1].get<long long>());
  }
  return cells;
}

std::vector<int> SudokuPadReader::read_regions() const {
  std::vector<int> regions(size_ * size_, -1);
  const auto list = document_.find("regions");
  if (list == document_.end() || list->is_null()) return regions;  // the default boxes
  if (!list->is_array()) fail("regions", "expected a list of regions");
  if (list->size() > static_cast<std::size_t>(size_))
    fail("regions", std::to_string(list->size()) + " regions for a grid of " + std::to_string(size_));
  for (std::size_t i = 0; i < list->size(); ++i)
    for (int cell : cells_of((*list)[i], indexed("regions", i))) {
      if (regions[cell] >= 0) fail(indexed("regions", i), "a cell in two regions");
      regions[cell] = static_cast<int>(i);
    }
  return regions;
}

// Killer cages: cells and a sum. Cages with no cells carry metadata in older
// puzzles ("title: …"); hidden row and column cages are SudokuPad's own houses.
void SudokuPadReader::read_cages() {
  const auto list = document_.find("cages");
  if (list == document_.end() || list->is_null()) return;
  if (!list->is_array()) fail("cages", "expected a list of cages");
  for (std::size_t i = 0; i < list->size(); ++i) {
    const json& cage = (*list)[i];
    const std::string where = indexed("cages", i);
    if (!cage.is_object()) fail(where, "expected an object");
    if (cage.value("type", "") == "rowcol") continue;
    const auto cells_at = cage.find("cells");
    if (cells_at == cage.end() || (cells_at->is_array() && cells_at->empty())) continue;
    std::vector<int> cells = cells_of(*cells_at, where);
    if (cage.contains("unique") && cage["unique"] == false)
      fail(where, "a cage whose digits may repeat: a rule nonet does not read");
    const auto value = cage.find("value");
    if (value == cage.end() || value->is_null() || (value->is_string() && value->get<std::string>().empty()))
      fail(where, "a cage without a sum: SudokuPad does not say whether it is a killer cage or a drawing; not read");
    const auto sum = number_of(*value);
    if (!sum) fail(where, "cage value " + value->dump() + " is not a sum");
    constraints_.push_back(Constraint{ConstraintKind::killer_cage, std::move(cells), sum, 0, {}, {-1, -1}});
  }
}

void SudokuPadReader::read_metadata() {
  const auto metadata = document_.find("metadata");
  if (metadata == document_.end() || !metadata->is_object()) return;
  if (metadata->value("antiknight", false) == true)
    constraints_.push_back(Constraint{ConstraintKind::anti_knight, {}, std::nullopt, 0, {}, {-1, -1}});
  if (metadata->value("antiking", false) == true)
    constraints_.push_back(Constraint{ConstraintKind::anti_king, {}, std::nullopt, 0, {}, {-1, -1}});
  const auto title = metadata->find("title");
  if (title != metadata->end() && title->is_string()) title_ = one_line(title->get<std::string>());
}

Puzzle SudokuPadReader::read() {
  refuse_drawings();
  read_cells();
  const std::vector<int> regions = read_regions();
  read_cages();
  read_metadata();
  std::shared_ptr<const Geometry> geometry;
  try {
    geometry = variant_geometry(size_, regions, ExtraHouses{});
  } catch (const GeometryError& error) {
    fail("regions", error.what());
  }
  return Puzzle{std::move(geometry), std::move(givens_), std::move(title_), std::move(constraints_)};
}

}  // namespace

std::optional<std::string> unzip_sudokupad(std::string_view zipped, Diagnostic& error) {
  try {
    json document = Unzipper(zipped).document();
    restore_colours(document);
    return document.dump(-1, ' ', false, json::error_handler_t::replace);
  } catch (const UnzipFailure& failure) {
    error = Diagnostic{"", 1, static_cast<int>(failure.at) + 1, "zipped JSON: " + failure.reason};
    return std::nullopt;
  }
}

std::optional<Puzzle> read_sudokupad(std::string_view json_text, Diagnostic& error) {
  if (const auto deep = json_too_deep(json_text)) {
    error = Diagnostic{"", 1, 1, "JSON nested too deeply (over " + std::to_string(kMaxJsonDepth) + " levels): not a puzzle"};
    return std::nullopt;
  }
  json document;
  try {
    document = json::parse(json_text);
  } catch (const json::exception& failure) {
    const auto [line, column] = line_and_column(json_text, json_error_byte(failure), 1);
    error = Diagnostic{"", line, column, json_error_reason(failure)};
    return std::nullopt;
  }
  if (!document.is_object()) {
    error = Diagnostic{"", 1, 1, "a SudokuPad puzzle is a JSON object"};
    return std::nullopt;
  }
  try {
    return SudokuPadReader(document).read();
  } catch (const ReadFailure& failure) {
    error = Diagnostic{"", 1, 1, failure.reason};
  } catch (const json::exception& failure) {  // a member of another type than the format's
    error = Diagnostic{"", 1, 1, "unexpected value: " + std::string(failure.what())};
  }
  return std::nullopt;
}

}  // namespace nonet::detail
