// f-puzzles JSON. The reader walks the document in its own key order and
// keeps the path to the value it reads (killercage[3]); a failure is thrown
// with that path, and placed in the text by finding the path again there
// (nlohmann keeps no positions). The writer states each rule the way f-puzzles
// exports it, so that f-puzzles, SudokuPad and this reader all read it back.
#include "fpuzzles.hpp"

#include <algorithm>
#include <cmath>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <set>
#include <span>
#include <stdexcept>

#include "json_support.hpp"
#include "lz_string.hpp"

namespace nonet::detail {

namespace {

using nlohmann::ordered_json;

constexpr int kMinSize = 4, kMaxSize = 16;

// One step from a JSON value to a member (key) or element (index) of it.
struct Step {
  std::string key;  // empty for an array element
  int index = 0;
};
using Path = std::vector<Step>;

std::string path_text(const Path& path) {
  std::string text;
  for (const Step& step : path) {
    if (!step.key.empty()) {
      if (!text.empty()) text += '.';
      text += step.key;
    } else {
      text += '[' + std::to_string(step.index) + ']';
    }
  }
  return text;
}

struct ReadFailure {
  Path path;
  std::string reason;
};

// ---- Finding a path in the text, for the error's line and column ----------

// A cursor over JSON text that nlohmann has already accepted.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}
  std::size_t at() const { return at_; }

  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  // Past one whole value; nested brackets are counted, not recursed into.
  void skip_value() {
    skip_space();
    if (at_ >= text_.size()) return;
    if (text_[at_] == '"') {
      skip_string();
      return;
    }
    if (text_[at_] != '{' && text_[at_] != '[') {
      while (at_ < text_.size() && std::string_view(",]} \t\r\n").find(text_[at_]) == std::string_view::npos) ++at_;
      return;
    }
    int depth = 0;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '"') {
        skip_string();
        continue;
      }
      ++at_;
      if (c == '{' || c == '[') ++depth;
      if ((c == '}' || c == ']') && --depth == 0) return;
    }
  }
  // From an object's '{' to the value of its member `key`.
  bool enter_member(std::string_view key) {
    skip_space();
    if (at_ >= text_.size() || text_[at_] != '{') return false;
    ++at_;
    for (;;) {
      skip_space();
      if (at_ >= text_.size() || text_[at_] != '"') return false;
      const std::size_t start = at_ + 1;
      skip_string();
      const std::string_view name = text_.substr(start, at_ - 1 - start);
      skip_space();
      if (at_ >= text_.size() || text_[at_] != ':') return false;
      ++at_;
      skip_space();
      if (name == key) return true;
      skip_value();
      skip_space();
      if (at_ >= text_.size() || text_[at_] != ',') return false;
      ++at_;
    }
  }
  // From an array's '[' to its element `index`.
  bool enter_element(int index) {
    skip_space();
    if (at_ >= text_.size() || text_[at_] != '[') return false;
    ++at_;
    for (int i = 0; i < index; ++i) {
      skip_value();
      skip_space();
      if (at_ >= text_.size() || text_[at_] != ',') return false;
      ++at_;
    }
    skip_space();
    return true;
  }

 private:
  void skip_string() {
    ++at_;  // the opening quote
    while (at_ < text_.size() && text_[at_] != '"') at_ += text_[at_] == '\\' ? 2 : 1;
    ++at_;
  }
  std::string_view text_;
  std::size_t at_ = 0;
};

// The byte where the value at `path` starts, or where the walk to it stopped.
std::size_t locate(std::string_view text, const Path& path) {
  Cursor cursor(text);
  cursor.skip_space();
  std::size_t found = cursor.at();
  for (const Step& step : path) {
    if (!(step.key.empty() ? cursor.enter_element(step.index) : cursor.enter_member(step.key))) break;
    found = cursor.at();
  }
  return found;
}

// ---- Reading ----------------------------------------------------------------

// Keys that are drawings or metadata, never rules.
bool is_cosmetic_key(std::string_view key) {
  static const std::set<std::string_view> kKeys = {
      // drawings
      "cage", "circle", "line", "rectangle", "text",
      // metadata, f-puzzles' own solver settings, SudokuPad's fog of war
      "title", "author", "ruleset", "solution", "activeConstraints", "disabledlogic", "truecandidatesoptions",
      "fogofwar", "foglight"};
  return kKeys.count(key) != 0;
}

// Colours of a rule's drawing ("c", "outlineC", "fontC", …), which f-puzzles
// may store beside the rule.
bool is_colour_field(std::string_view field) { return field == "c" || (field.size() > 1 && field.back() == 'C'); }

// A value as the message shows it: text and numbers as written, containers by kind.
std::string shown(const ordered_json& value) {
  if (value.is_string()) return in_quotes(value.get<std::string>());
  if (value.is_array()) return "a list";
  if (value.is_object()) return "an object";
  return value.dump();
}

class Reader {
 public:
  explicit Reader(const ordered_json& document) : document_(document) {}
  Puzzle read();

 private:
  // Descends the path for the life of the guard.
  class Enter {
   public:
    Enter(Reader& reader, std::string key) : reader_(reader) { reader_.path_.push_back(Step{std::move(key), 0}); }
    Enter(Reader& reader, int index) : reader_(reader) { reader_.path_.push_back(Step{"", index}); }
    ~Enter() { reader_.path_.pop_back(); }
    Enter(const Enter&) = delete;
    Enter& operator=(const Enter&) = delete;

   private:
    Reader& reader_;
  };

  [[noreturn]] void fail(std::string reason) const { throw ReadFailure{path_, std::move(reason)}; }

  void read_size();
  void read_grid();
  void read_key(const std::string& key, const ordered_json& value);
  std::shared_ptr<const Geometry> build_geometry();
  void add_negative_rules();

  // Values.
  std::optional<int> number(const ordered_json& value, std::string_view what) const;
  bool flag(const ordered_json& value) const;
  std::pair<int, int> position(const ordered_json& value) const;  // 0-based; -1 and N outside
  int cell(const ordered_json& value) const;
  std::vector<int> cells(const ordered_json& list) const;
  // Entries: an object's member, and the check that it has no unknown one.
  const ordered_json& field(const ordered_json& entry, const char* name) const;
  void only_fields(const ordered_json& entry, std::initializer_list<std::string_view> known) const;
  template <class Each>
  void each_entry(const ordered_json& list, Each&& each);

  // Rules.
  void add(ConstraintKind kind, std::vector<int> cells, std::optional<int> value = std::nullopt) {
    constraints_.push_back(Constraint{kind, std::move(cells), value, 0, {}, {-1, -1}});
  }
  void read_lines(const ordered_json& list, ConstraintKind kind, bool with_value);
  void read_single_cells(const ordered_json& list, ConstraintKind kind);
  void read_pairs(const ordered_json& list, ConstraintKind kind);
  void read_outside_clues(const ordered_json& list, ConstraintKind kind);
  void read_little_killers(const ordered_json& list);
  void read_arrows(const ordered_json& list);
  std::vector<int> line_from_outside(std::pair<int, int> clue) const;

  const ordered_json& document_;
  Path path_;
  int size_ = 0;
  Grid cells_;
  std::vector<int> regions_;  // per cell; -1 where the grid gives none
  ExtraHouses houses_;
  std::vector<Constraint> constraints_;
  std::vector<std::string> negative_;
  std::string title_;
};

std::optional<int> Reader::number(const ordered_json& value, std::string_view what) const {
  constexpr long long kLimit = 1'000'000'000;
  if (value.is_null()) return std::nullopt;
  if (value.is_number_unsigned()) {  // read unsigned: past LLONG_MAX a signed read would wrap
    const auto n = value.get<unsigned long long>();
    if (n > static_cast<unsigned long long>(kLimit)) fail(std::string(what) + " " + value.dump() + " is out of range");
    return static_cast<int>(n);
  }
  if (value.is_number_integer()) {
    const long long n = value.get<long long>();
    if (n < -kLimit || n > kLimit) fail(std::string(what) + " " + value.dump() + " is out of range");
    return static_cast<int>(n);
  }
  if (value.is_number_float()) {
    // The range first: converting a double beyond long long is undefined.
    const double n = value.get<double>();
    if (!(n >= -kLimit && n <= kLimit)) fail(std::string(what) + " " + value.dump() + " is out of range");
    if (n != std::trunc(n)) fail(std::string(what) + " " + value.dump() + " is not a whole number");
    return static_cast<int>(n);
  }
  if (!value.is_string()) fail(std::string(what) + " " + shown(value) + " is not a number");
  const std::string text = value.get<std::string>();
  std::size_t begin = text.find_first_not_of(" \t"), end = text.find_last_not_of(" \t");
  if (begin == std::string::npos) return std::nullopt;  // "": no value given
  std::string_view digits(text.data() + begin, end + 1 - begin);
  const bool negative = digits.front() == '-';
  if (negative || digits.front() == '+') digits.remove_prefix(1);
  if (digits.empty() || digits.size() > 9 ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    fail(std::string(what) + " " + shown(value) + " is not a number");
  const int n = std::stoi(std::string(digits));
  return negative ? -n : n;
}

bool Reader::flag(const ordered_json& value) const {
  if (value.is_null()) return false;
  if (!value.is_boolean()) fail("expected true or false, not " + shown(value));
  return value.get<bool>();
}

std::pair<int, int> Reader::position(const ordered_json& value) const {
  if (!value.is_string()) fail("a cell is written \"R1C1\", not " + shown(value));
  const std::string text = value.get<std::string>();
  std::size_t at = 0;
  const auto read_part = [&](char letter) {
    if (at >= text.size() || std::toupper(static_cast<unsigned char>(text[at])) != letter) return -1;
    ++at;
    const std::size_t start = at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) && at - start < 3) ++at;
    return at == start ? -1 : std::stoi(text.substr(start, at - start));
  };
  const int row = read_part('R'), column = read_part('C');
  if (row < 0 || column < 0 || at != text.size()) fail("cell " + shown(value) + " is not a cell name (R1C1)");
  if (row > size_ + 1 || column > size_ + 1) fail("cell " + shown(value) + " is outside the grid");
  return {row - 1, column - 1};
}

int Reader::cell(const ordered_json& value) const {
  const auto [row, column] = position(value);
  if (row < 0 || row >= size_ || column < 0 || column >= size_) fail("cell " + shown(value) + " is outside the grid");
  return row * size_ + column;
}

std::vector<int> Reader::cells(const ordered_json& list) const {
  if (list.is_null()) return {};
  if (!list.is_array()) fail("expected a list of cells, not " + shown(list));
  std::vector<int> found;
  for (const ordered_json& item : list) {
    if (item.is_string() && item.get<std::string>().empty()) continue;  // f-puzzles leaves blanks in some lists
    found.push_back(cell(item));
  }
  return found;
}

const ordered_json& Reader::field(const ordered_json& entry, const char* name) const {
  static const ordered_json kAbsent;
  const auto at = entry.find(name);
  return at == entry.end() ? kAbsent : *at;
}

void Reader::only_fields(const ordered_json& entry, std::initializer_list<std::string_view> known) const {
  for (const auto& [name, value] : entry.items()) {
    if (is_colour_field(name) || std::find(known.begin(), known.end(), name) != known.end()) continue;
    // A value the rule has no use for may stand empty.
    if (value.is_null() || (value.is_string() && value.get<std::string>().empty())) continue;
    fail("unknown field " + in_quotes(name) + " (" + shown(value) + "): a rule nonet does not know");
  }
}

template <class Each>
void Reader::each_entry(const ordered_json& list, Each&& each) {
  if (list.is_null()) return;
  if (!list.is_array()) fail("expected a list of entries, not " + shown(list));
  for (std::size_t i = 0; i < list.size(); ++i) {
    Enter entry(*this, static_cast<int>(i));
    if (!list[i].is_object()) fail("expected an object, not " + shown(list[i]));
    each(list[i]);
  }
}

void Reader::read_size() {
  const auto at = document_.find("size");
  const auto grid = document_.find("grid");
  std::optional<int> size;
  if (at != document_.end()) {
    Enter enter(*this, "size");
    size = number(*at, "size");
  } else if (grid != document_.end() && grid->is_array()) {
    size = static_cast<int>(grid->size());
  }
  if (!size) fail("no \"size\" (the grid's side, 4 to 16)");
  if (*size < kMinSize || *size > kMaxSize) {
    Enter enter(*this, "size");
    fail("size " + std::to_string(*size) + " is not supported (4 to 16)");
  }
  size_ = *size;
  cells_.assign(size_ * size_, 0);
  regions_.assign(size_ * size_, -1);
}

void Reader::read_grid() {
  const auto at = document_.find("grid");
  if (at == document_.end() || at->is_null()) return;  // an empty grid, default boxes
  Enter grid(*this, "grid");
  if (!at->is_array() || static_cast<int>(at->size()) != size_)
    fail("expected " + std::to_string(size_) + " rows for size " + std::to_string(size_));
  for (int r = 0; r < size_; ++r) {
    Enter row(*this, r);
    const ordered_json& cells = (*at)[r];
    if (!cells.is_array() || static_cast<int>(cells.size()) != size_)
      fail("expected a row of " + std::to_string(size_) + " cells");
    for (int c = 0; c < size_; ++c) {
      Enter column(*this, c);
      const ordered_json& cell = cells[c];
      if (cell.is_null()) continue;
      if (!cell.is_object()) fail("expected an object, not " + shown(cell));
      only_fields(cell, {"value", "given", "region", "centerPencilMarks", "cornerPencilMarks", "candidates",
                         "highlight", "cArray", "givenPencilMarks"});
      const ordered_json& marks = field(cell, "givenPencilMarks");
      if (marks.is_array() && !marks.empty())
        fail("given pencil marks (digits the cell is limited to): a rule nonet does not read");
      // A value without "given" is a solver's entry, not part of the puzzle.
      if (flag(field(cell, "given"))) {
        const std::optional<int> value = number(field(cell, "value"), "value");
        if (value && (*value < 0 || *value > size_))
          fail("value " + std::to_string(*value) + " is not a digit of a " + std::to_string(size_) + "x" +
               std::to_string(size_) + " grid");
        cells_[r * size_ + c] = static_cast<std::uint8_t>(value.value_or(0));
      }
      const std::optional<int> region = number(field(cell, "region"), "region");
      if (region && (*region < 0 || *region >= size_))
        fail("region " + std::to_string(*region) + " is not one of 0 to " + std::to_string(size_ - 1));
      if (region) regions_[r * size_ + c] = *region;
    }
  }
}

// Each line of each entry is one rule: {"lines": [[cells…], …]}.
void Reader::read_lines(const ordered_json& list, ConstraintKind kind, bool with_value) {
  each_entry(list, [&](const ordered_json& entry) {
    if (with_value) only_fields(entry, {"lines", "value"});
    else only_fields(entry, {"lines"});
    const std::optional<int> value = with_value ? number(field(entry, "value"), "value") : std::nullopt;
    const ordered_json& lines = field(entry, "lines");
    if (!lines.is_array()) fail("no \"lines\" (a list of lines of cells)");
    for (const ordered_json& line : lines) {
      std::vector<int> path = cells(line);
      if (!path.empty()) add(kind, std::move(path), value);
    }
  });
}

void Reader::read_single_cells(const ordered_json& list, ConstraintKind kind) {
  each_entry(list, [&](const ordered_json& entry) {
    only_fields(entry, {"cell"});
    add(kind, {cell(field(entry, "cell"))});
  });
}

// Dots and XV: {"cells": [a, b], "value": …}.
void Reader::read_pairs(const ordered_json& list, ConstraintKind kind) {
  each_entry(list, [&](const ordered_json& entry) {
    only_fields(entry, {"cells", "value"});
    std::vector<int> pair = cells(field(entry, "cells"));
    if (pair.size() != 2) fail("a dot joins two cells, not " + std::to_string(pair.size()));
    std::optional<int> value;
    if (kind != ConstraintKind::xv) {
      value = number(field(entry, "value"), "value");
    } else {
      const ordered_json& letter = field(entry, "value");
      const std::string text = letter.is_string() ? letter.get<std::string>() : "";
      if (text == "X" || text == "x") value = 10;
      else if (text == "V" || text == "v") value = 5;
      else if (letter.is_null() || text.empty()) return;  // an XV mark without its letter states nothing
      else fail("value " + shown(letter) + " is neither X nor V");
    }
    add(kind, std::move(pair), value);
  });
}

// The cells a clue outside the grid looks at, from its side inwards: a row
// clue at column 0 or N+1, a column clue at row 0 or N+1.
std::vector<int> Reader::line_from_outside(std::pair<int, int> clue) const {
  const auto [row, column] = clue;
  const bool row_outside = row == -1 || row == size_, column_outside = column == -1 || column == size_;
  if (row_outside == column_outside)
    fail("clue cell R" + std::to_string(row + 1) + "C" + std::to_string(column + 1) +
         " is not beside a row or column, outside the grid");
  std::vector<int> line;
  for (int i = 0; i < size_; ++i) {
    const int k = (row == size_ || column == size_) ? size_ - 1 - i : i;
    line.push_back(row_outside ? k * size_ + column : row * size_ + k);
  }
  return line;
}

// Sandwich sums, X-sums and skyscrapers: {"cell": "R0C3", "value": …}.
void Reader::read_outside_clues(const ordered_json& list, ConstraintKind kind) {
  each_entry(list, [&](const ordered_json& entry) {
    only_fields(entry, {"cell", "value"});
    const std::pair<int, int> clue = position(field(entry, "cell"));
    std::vector<int> line = line_from_outside(clue);
    const std::optional<int> value = number(field(entry, "value"), "value");
    if (!value) return;  // a clue cell left empty states nothing
    constraints_.push_back(Constraint{kind, std::move(line), value, 0, {}, clue});
  });
}

// {"cell": "R0C1", "direction": "DR", "value": …, "cells": [the diagonal]}:
// the diagonal is taken from the clue and its direction, and the cells
// listed must lie on it.
void Reader::read_little_killers(const ordered_json& list) {
  each_entry(list, [&](const ordered_json& entry) {
    only_fields(entry, {"cell", "cells", "direction", "value"});
    const std::pair<int, int> clue = position(field(entry, "cell"));
    const std::vector<int> listed = cells(field(entry, "cells"));
    int dr = 0, dc = 0;
    const ordered_json& direction = field(entry, "direction");
    if (direction.is_string() && direction.get<std::string>().size() == 2) {
      const std::string text = direction.get<std::string>();
      dr = text[0] == 'U' ? -1 : text[0] == 'D' ? 1 : 0;
      dc = text[1] == 'L' ? -1 : text[1] == 'R' ? 1 : 0;
    } else if (direction.is_null() && !listed.empty()) {
      dr = listed.front() / size_ - clue.first;
      dc = listed.front() % size_ - clue.second;
    }
    if (std::abs(dr) != 1 || std::abs(dc) != 1)
      fail("direction " + shown(direction) + " is not one of UL, UR, DL, DR");
    std::vector<int> diagonal;
    for (int r = clue.first + dr, c = clue.second + dc; r >= 0 && r < size_ && c >= 0 && c < size_; r += dr, c += dc)
      diagonal.push_back(r * size_ + c);
    if (diagonal.empty()) fail("the clue's diagonal does not enter the grid");
    const bool inside = clue.first >= 0 && clue.first < size_ && clue.second >= 0 && clue.second < size_;
    if (inside) fail("the clue cell is inside the grid; a little killer clue stands outside it");
    for (int listed_cell : listed)
      if (std::find(diagonal.begin(), diagonal.end(), listed_cell) == diagonal.end())
        fail("cell r" + std::to_string(listed_cell / size_ + 1) + "c" + std::to_string(listed_cell % size_ + 1) +
             " is not on the clue's diagonal");
    // No sum (or 0, which f-puzzles' own solver also skips): an arrow without its clue.
    const std::optional<int> value = number(field(entry, "value"), "value");
    if (!value || *value == 0) return;
    constraints_.push_back(Constraint{ConstraintKind::little_killer, std::move(diagonal), value, 0, {}, clue});
  });
}

// {"cells": [circle or pill], "lines": [[circle cell, line…], …]}: one arrow
// a line, the circle's cells first in reading order (a pill reads as one
// number that way), then the line without them.
void Reader::read_arrows(const ordered_json& list) {
  each_entry(list, [&](const ordered_json& entry) {
    only_fields(entry, {"cells", "lines"});
    std::vector<int> circle = cells(field(entry, "cells"));
    if (circle.empty()) fail("an arrow without a circle");
    std::sort(circle.begin(), circle.end());
    const ordered_json& lines = field(entry, "lines");
    if (!lines.is_null() && !lines.is_array()) fail("\"lines\" must be a list of lines of cells");
    for (const ordered_json& line : lines) {
      std::vector<int> arrow = circle;
      for (int on_line : cells(line))
        if (std::find(circle.begin(), circle.end(), on_line) == circle.end()) arrow.push_back(on_line);
      if (arrow.size() == circle.size()) continue;  // a line that never leaves the circle adds nothing
      constraints_.push_back(Constraint{ConstraintKind::arrow, std::move(arrow), std::nullopt,
                                        static_cast<int>(circle.size()), {}, {-1, -1}});
    }
  });
}

void Reader::read_key(const std::string& key, const ordered_json& value) {
  using K = ConstraintKind;
  Enter enter(*this, key);
  if (key == "size" || key == "grid") return;  // read first
  if (key == "title") {
    if (value.is_string()) title_ = one_line(value.get<std::string>());
    return;
  }
  if (is_cosmetic_key(key)) return;
  if (key == "diagonal+") houses_.anti_diagonal = flag(value);
  else if (key == "diagonal-") houses_.main_diagonal = flag(value);
  else if (key == "disjointgroups") houses_.disjoint_groups = flag(value);
  else if (key == "antiknight") { if (flag(value)) add(K::anti_knight, {}); }
  else if (key == "antiking") { if (flag(value)) add(K::anti_king, {}); }
  else if (key == "nonconsecutive") { if (flag(value)) add(K::nonconsecutive, {}); }
  else if (key == "negative") {
    if (value.is_null()) return;
    if (!value.is_array()) fail("expected a list of names (ratio, difference, xv), not " + shown(value));
    for (std::size_t i = 0; i < value.size(); ++i) {
      Enter item(*this, static_cast<int>(i));
      const std::string name = value[i].is_string() ? value[i].get<std::string>() : "";
      if (name != "ratio" && name != "difference" && name != "xv")
        fail(shown(value[i]) + " is not a negative rule nonet knows (ratio, difference, xv)");
      negative_.push_back(name);
    }
  } else if (key == "killercage") {
    each_entry(value, [&](const ordered_json& entry) {
      only_fields(entry, {"cells", "value"});
      add(K::killer_cage, cells(field(entry, "cells")), number(field(entry, "value"), "value"));
    });
  } else if (key == "extraregion") {
    each_entry(value, [&](const ordered_json& entry) {
      only_fields(entry, {"cells"});
      std::vector<int> region = cells(field(entry, "cells"));
      std::vector<int> sorted = region;
      std::sort(sorted.begin(), sorted.end());
      const bool house = static_cast<int>(region.size()) == size_ &&
                         std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
      // N different cells hold each digit once: a house of the geometry.
      if (house) houses_.regions.push_back(std::move(region));
      else add(K::extra_region, std::move(region));
    });
  } else if (key == "rowindexer" || key == "columnindexer" || key == "boxindexer") {
    const K kind = key == "rowindexer" ? K::row_indexer : key == "columnindexer" ? K::column_indexer : K::box_indexer;
    each_entry(value, [&](const ordered_json& entry) {
      only_fields(entry, {"cells"});
      for (int at : cells(field(entry, "cells"))) add(kind, {at});  // one per cell: a step names the cell it uses
    });
  } else if (key == "odd") read_single_cells(value, K::odd);
  else if (key == "even") read_single_cells(value, K::even);
  else if (key == "minimum") read_single_cells(value, K::minimum);
  else if (key == "maximum") read_single_cells(value, K::maximum);
  else if (key == "quadruple") {
    each_entry(value, [&](const ordered_json& entry) {
      only_fields(entry, {"cells", "values"});
      Constraint quad{K::quadruple, cells(field(entry, "cells")), std::nullopt, 0, {}, {-1, -1}};
      const ordered_json& values = field(entry, "values");
      if (!values.is_null() && !values.is_array()) fail("\"values\" must be a list of digits");
      for (const ordered_json& digit : values)
        if (const auto d = number(digit, "digit")) quad.digits.push_back(*d);
      constraints_.push_back(std::move(quad));
    });
  } else if (key == "clone") {
    each_entry(value, [&](const ordered_json& entry) {
      only_fields(entry, {"cells", "cloneCells"});
      const std::vector<int> first = cells(field(entry, "cells")), second = cells(field(entry, "cloneCells"));
      if (first.size() != second.size())
        fail("the clone has " + std::to_string(second.size()) + " cells for " + std::to_string(first.size()));
      Constraint clone{K::clone, {}, std::nullopt, 0, {}, {-1, -1}};
      std::vector<int> copies;
      for (std::size_t i = 0; i < first.size(); ++i) {
        if (first[i] == second[i]) continue;  // a cell cloned onto itself says nothing
        clone.cells.push_back(first[i]);
        copies.push_back(second[i]);
      }
      if (clone.cells.empty()) return;
      clone.split = static_cast<int>(clone.cells.size());
      clone.cells.insert(clone.cells.end(), copies.begin(), copies.end());
      constraints_.push_back(std::move(clone));
    });
  } else if (key == "difference") read_pairs(value, K::difference);
  else if (key == "ratio") read_pairs(value, K::ratio);
  else if (key == "xv") read_pairs(value, K::xv);
  else if (key == "thermometer") read_lines(value, K::thermometer, false);
  else if (key == "palindrome") read_lines(value, K::palindrome, false);
  else if (key == "renban") read_lines(value, K::renban, false);
  else if (key == "whispers") read_lines(value, K::whisper, true);
  else if (key == "betweenline") read_lines(value, K::between, false);
  else if (key == "regionsumline" || key == "regionSumLine") read_lines(value, K::region_sum_line, false);
  else if (key == "entropicline") read_lines(value, K::entropic, false);
  else if (key == "modularline") read_lines(value, K::modular, false);
  // Keys f-puzzles' editor does not offer but its logical solver (Rangsk's
  // SudokuSolver) reads: read, never written (f-puzzles and SudokuPad would
  // drop them, and the puzzle with them).
  else if (key == "zipperline") read_lines(value, K::zipper, false);
  else if (key == "doublearrow") read_lines(value, K::double_arrow, false);
  else if (key == "nabner") read_lines(value, K::nabner, false);
  else if (key == "arrow") read_arrows(value);
  else if (key == "littlekillersum") read_little_killers(value);
  else if (key == "sandwichsum") read_outside_clues(value, K::sandwich);
  else if (key == "xsum") read_outside_clues(value, K::x_sum);
  else if (key == "skyscraper") read_outside_clues(value, K::skyscraper);
  else fail("a rule nonet does not read (it would be dropped, and the answer wrong)");
}

// f-puzzles' negative rules: every pair that holds the relation is marked.
// The ratios (differences) meant are those of the dots drawn, or 2 (1) where
// there are none.
void Reader::add_negative_rules() {
  const auto values_of = [&](ConstraintKind kind, int otherwise) {
    std::set<int> values;
    for (const Constraint& rule : constraints_)
      if (rule.kind == kind) values.insert(rule.value.value_or(otherwise));
    if (values.empty()) values.insert(otherwise);
    return values;
  };
  for (const std::string& name : std::set<std::string>(negative_.begin(), negative_.end())) {
    if (name == "xv") {
      add(ConstraintKind::no_xv, {});
      continue;
    }
    const bool ratio = name == "ratio";
    const int usual = ratio ? 2 : 1;
    for (int value : values_of(ratio ? ConstraintKind::ratio : ConstraintKind::difference, usual))
      add(ratio ? ConstraintKind::no_ratio : ConstraintKind::no_difference, {},
          value == usual ? std::nullopt : std::optional<int>(value));
  }
}

std::shared_ptr<const Geometry> Reader::build_geometry() {
  Enter grid(*this, "grid");
  try {
    return variant_geometry(size_, regions_, houses_);
  } catch (const GeometryError& error) {
    fail(error.what());
  }
}

Puzzle Reader::read() {
  read_size();
  read_grid();
  for (const auto& [key, value] : document_.items()) read_key(key, value);
  add_negative_rules();
  Puzzle puzzle{build_geometry(), cells_, title_, std::move(constraints_)};
  return puzzle;
}

// The default boxes of a size (f-puzzles' and nonet's agree: r×c with r ≤ c,
// numbered in reading order), or no labels where the size has none.
std::vector<int> default_boxes(int size) {
  const auto shape = Geometry::box_shape(size);
  if (!shape) return std::vector<int>(size * size, -1);
  return Geometry::classic(shape->first, shape->second).regions();
}

// Whether every region is a whole row, or every region a whole column.
bool same_rows_or_columns(int size, const std::vector<int>& regions) {
  if (static_cast<int>(regions.size()) != size * size) return false;
  const auto lines_are_regions = [&](auto cell_at) {
    std::set<int> labels;
    for (int line = 0; line < size; ++line) {
      const int label = regions[cell_at(line, 0)];
      if (label < 0 || !labels.insert(label).second) return false;
      for (int i = 1; i < size; ++i)
        if (regions[cell_at(line, i)] != label) return false;
    }
    return true;
  };
  return lines_are_regions([size](int row, int i) { return row * size + i; }) ||
         lines_are_regions([size](int column, int i) { return i * size + column; });
}

// Disjoint group k: the k-th cell of every box, in reading order within the box.
std::vector<std::vector<int>> disjoint_groups(int size, const std::vector<int>& boxes) {
  std::vector<std::vector<int>> groups;
  for (House& group : Geometry::disjoint_groups(size, boxes)) groups.push_back(std::move(group.cells));
  return groups;
}

}  // namespace

std::shared_ptr<const Geometry> variant_geometry(int size, std::vector<int> regions, const ExtraHouses& extra) {
  const auto shape = Geometry::box_shape(size);
  const std::vector<int> boxes = default_boxes(size);
  const bool no_regions = std::all_of(regions.begin(), regions.end(), [](int region) { return region < 0; });
  for (int cell = 0; cell < size * size; ++cell)
    if (regions[cell] < 0) regions[cell] = boxes[cell];
  // A size with no box shape (5, 7, …) and no regions given, or regions that
  // are the rows or the columns (as nonet writes a Latin square): rows and
  // columns are the only houses.
  const bool latin = (!shape && no_regions) || same_rows_or_columns(size, regions);
  if (!latin && std::find(regions.begin(), regions.end(), -1) != regions.end())
    throw GeometryError("a " + std::to_string(size) + "x" + std::to_string(size) +
                        " grid has no boxes: every cell needs its region, or none for a Latin square");
  const bool jigsaw = !latin && regions != boxes;
  Geometry base = latin                                        ? Geometry::latin(size)
                  : jigsaw                                     ? Geometry::jigsaw(size, regions)
                  : extra.main_diagonal && extra.anti_diagonal ? Geometry::diagonal(shape->first, shape->second)
                                                               : Geometry::classic(shape->first, shape->second);
  std::vector<House> houses;
  if (extra.main_diagonal) houses.push_back(Geometry::diagonal_house(size, HouseKind::diagonal));
  if (extra.anti_diagonal) houses.push_back(Geometry::diagonal_house(size, HouseKind::anti_diagonal));
  if (extra.disjoint_groups) {
    if (jigsaw || latin) throw GeometryError("disjoint groups need boxes; this grid has none");
    for (House& group : Geometry::disjoint_groups(size, boxes)) houses.push_back(std::move(group));
  }
  for (std::size_t i = 0; i < extra.regions.size(); ++i)
    houses.push_back(House{HouseKind::extra_region, static_cast<int>(i) + 1, extra.regions[i]});
  if (houses.empty()) return std::make_shared<const Geometry>(std::move(base));
  return std::make_shared<const Geometry>(Geometry::with_houses(base, std::move(houses)));
}

namespace {

// ---- Writing ----------------------------------------------------------------

// "R1C1"; R0C3 or R10C5 for a clue outside a 9x9 grid.
std::string cell_name(int row, int column) {
  // Appended piece by piece: g++ 12 warns falsely on "R" + std::to_string(...).
  std::string name = "R";
  name += std::to_string(row + 1);
  name += 'C';
  name += std::to_string(column + 1);
  return name;
}

[[noreturn]] void cannot_state(const Geometry& geometry, const Constraint& rule, const std::string& why) {
  throw std::invalid_argument("f-puzzles cannot state " + describe(geometry, rule) + ": " + why);
}

class Writer {
 public:
  Writer(const Puzzle& puzzle, const Grid* solution)
      : puzzle_(puzzle), solution_(solution), geometry_(*puzzle.geometry), n_(geometry_.size()) {}
  std::string write();

 private:
  ordered_json name(int cell) const { return cell_name(cell / n_, cell % n_); }
  ordered_json names(std::span<const int> cells) const {
    ordered_json list = ordered_json::array();
    for (int cell : cells) list.push_back(name(cell));
    return list;
  }
  // A new entry of a rule list, to be filled in.
  ordered_json& entry(const char* key) {
    ordered_json& list = document_[key];
    if (list.is_null()) list = ordered_json::array();
    return list.emplace_back(ordered_json::object());
  }
  void write_grid();
  void write_houses();
  void write_rule(const Constraint& rule);
  void write_negative();

  const Puzzle& puzzle_;
  const Grid* solution_;  // written as "solution" when given
  const Geometry& geometry_;
  int n_;
  ordered_json document_;
};

void Writer::write_grid() {
  // Region numbers only where the pieces are not f-puzzles' default boxes;
  // a Latin square's regions are its rows (f-puzzles needs N regions, and
  // rows add no rule), which nonet reads back as a Latin square.
  const bool latin = geometry_.variant() == "latin";
  const bool regions = latin || geometry_.regions() != default_boxes(n_);
  ordered_json grid = ordered_json::array();
  for (int r = 0; r < n_; ++r) {
    ordered_json row = ordered_json::array();
    for (int c = 0; c < n_; ++c) {
      const int cell = r * n_ + c;
      ordered_json entry = ordered_json::object();
      if (puzzle_.cells[cell] != 0) {
        entry["value"] = puzzle_.cells[cell];
        entry["given"] = true;
      }
      if (regions) entry["region"] = latin ? r : geometry_.regions()[cell];
      row.push_back(std::move(entry));
    }
    grid.push_back(std::move(row));
  }
  document_["grid"] = std::move(grid);
}

// Houses beyond rows, columns and boxes: the diagonals, disjoint groups
// (when they are the usual ones), and every other house as an extra region.
void Writer::write_houses() {
  std::vector<std::vector<int>> groups;
  for (const House& house : geometry_.houses()) {
    switch (house.kind) {
      case HouseKind::row:
      case HouseKind::column:
      case HouseKind::box:
      case HouseKind::region: break;
      case HouseKind::diagonal: document_["diagonal-"] = true; break;
      case HouseKind::anti_diagonal: document_["diagonal+"] = true; break;
      case HouseKind::disjoint_group: groups.push_back(house.cells); break;
      case HouseKind::window:
      case HouseKind::extra_region: entry("extraregion")["cells"] = names(house.cells); break;
    }
  }
  if (groups.empty()) return;
  // The usual groups, of the default boxes.
  const std::vector<int> boxes = default_boxes(n_);
  std::vector<std::vector<int>> usual;
  if (geometry_.regions() == boxes) usual = disjoint_groups(n_, boxes);
  auto sorted = groups;
  for (auto& group : sorted) std::sort(group.begin(), group.end());
  std::sort(sorted.begin(), sorted.end());
  std::sort(usual.begin(), usual.end());
  if (sorted == usual) {
    document_["disjointgroups"] = true;
    return;
  }
  for (const auto& group : groups) entry("extraregion")["cells"] = names(group);
}

void Writer::write_rule(const Constraint& rule) {
  using K = ConstraintKind;
  const auto value_text = [&]() { return std::to_string(*rule.value); };
  const auto with_cells = [&](const char* key) -> ordered_json& {
    ordered_json& added = entry(key);
    added["cells"] = names(rule.cells);
    return added;
  };
  const auto line = [&](const char* key) {
    entry(key)["lines"] = ordered_json::array({names(rule.cells)});
  };
  const auto single = [&](const char* key) {
    if (rule.cells.size() != 1) cannot_state(geometry_, rule, "it takes one cell");
    entry(key)["cell"] = name(rule.cells[0]);
  };
  const auto outside = [&]() { return cell_name(rule.outside.first, rule.outside.second); };
  switch (rule.kind) {
    case K::killer_cage: {
      ordered_json& entry = with_cells("killercage");
      if (rule.value) entry["value"] = value_text();
      return;
    }
    case K::extra_region: with_cells("extraregion"); return;
    case K::row_indexer:
    case K::column_indexer:
    case K::box_indexer: {
      // All indexer cells of a kind in one entry, as f-puzzles keeps them.
      const char* key = rule.kind == K::row_indexer ? "rowindexer" : rule.kind == K::column_indexer ? "columnindexer" : "boxindexer";
      if (!document_.contains(key)) entry(key)["cells"] = ordered_json::array();
      for (int cell : rule.cells) document_[key][0]["cells"].push_back(name(cell));
      return;
    }
    case K::odd: single("odd"); return;
    case K::even: single("even"); return;
    case K::minimum: single("minimum"); return;
    case K::maximum: single("maximum"); return;
    case K::quadruple: with_cells("quadruple")["values"] = rule.digits; return;
    case K::clone: {
      if (rule.split < 1 || 2 * rule.split != static_cast<int>(rule.cells.size()))
        cannot_state(geometry_, rule, "its two copies differ in size");
      const std::span<const int> all(rule.cells);
      ordered_json& clone = entry("clone");
      clone["cells"] = names(all.first(rule.split));
      clone["cloneCells"] = names(all.subspan(rule.split));
      return;
    }
    case K::difference:
    case K::ratio: {
      ordered_json& entry = with_cells(rule.kind == K::difference ? "difference" : "ratio");
      if (rule.value) entry["value"] = value_text();
      return;
    }
    case K::xv:
      if (rule.value != 5 && rule.value != 10) cannot_state(geometry_, rule, "an XV mark adds up to 5 or 10");
      with_cells("xv")["value"] = *rule.value == 10 ? "X" : "V";
      return;
    case K::greater_than: cannot_state(geometry_, rule, "f-puzzles has no greater-than rule");
    case K::thermometer: line("thermometer"); return;
    case K::palindrome: line("palindrome"); return;
    case K::renban: line("renban"); return;
    case K::whisper:
      if (rule.value && *rule.value != (n_ + 1) / 2)
        cannot_state(geometry_, rule, "f-puzzles' whispers differ by " + std::to_string((n_ + 1) / 2));
      line("whispers");
      return;
    case K::between: line("betweenline"); return;
    case K::region_sum_line: line("regionsumline"); return;
    case K::entropic: line("entropicline"); return;
    case K::modular:
      // f-puzzles' modular lines carry no modulus: they are modulo 3.
      if (rule.value && *rule.value != 3) cannot_state(geometry_, rule, "f-puzzles' modular lines are modulo 3");
      line("modularline");
      return;
    case K::zipper: cannot_state(geometry_, rule, "f-puzzles has no zipper lines");
    case K::double_arrow: cannot_state(geometry_, rule, "f-puzzles has no double arrows");
    case K::nabner: cannot_state(geometry_, rule, "f-puzzles has no nabner lines");
    case K::lockout: cannot_state(geometry_, rule, "f-puzzles has no lockout lines");
    case K::sum_line: cannot_state(geometry_, rule, "f-puzzles has no sum lines");
    case K::lunchbox: cannot_state(geometry_, rule, "f-puzzles has no lunchboxes");
    case K::numbered_room: cannot_state(geometry_, rule, "f-puzzles has no numbered rooms");
    case K::counting_circles: cannot_state(geometry_, rule, "f-puzzles has no counting circles");
    case K::global_entropy: cannot_state(geometry_, rule, "f-puzzles has no global entropy");
    case K::hidden_skyscraper: cannot_state(geometry_, rule, "f-puzzles has no hidden skyscrapers");
    case K::full_rank:
    case K::full_rank_no_ties:
    case K::full_rank_ties: cannot_state(geometry_, rule, "f-puzzles has no full rank clues");
    case K::pair_table:
    case K::pair_table_all: cannot_state(geometry_, rule, "f-puzzles has no rule of listed pairs of digits");
    case K::same_values: cannot_state(geometry_, rule, "f-puzzles has no sets of the same digits");
    case K::rellik_cage: cannot_state(geometry_, rule, "f-puzzles has no rellik cages");
    case K::anti_taxicab: cannot_state(geometry_, rule, "f-puzzles has no anti-taxicab rule");
    case K::count_distinct: cannot_state(geometry_, rule, "f-puzzles has no count of different digits");
    case K::sum: cannot_state(geometry_, rule, "f-puzzles has no sum over cells that may repeat");
    case K::arrow: {
      if (rule.split < 1 || rule.split >= static_cast<int>(rule.cells.size()))
        cannot_state(geometry_, rule, "it needs a circle and a line");
      const std::span<const int> all(rule.cells);
      // The line starts at the circle cell nearest to its first cell.
      const int first = rule.cells[rule.split];
      const auto distance = [&](int cell) {
        return std::abs(cell / n_ - first / n_) + std::abs(cell % n_ - first % n_);
      };
      const int start = *std::min_element(all.begin(), all.begin() + rule.split,
                                          [&](int a, int b) { return distance(a) < distance(b); });
      ordered_json path = names(all.subspan(rule.split));
      path.insert(path.begin(), name(start));
      ordered_json& arrow = entry("arrow");
      arrow["lines"] = ordered_json::array({std::move(path)});
      arrow["cells"] = names(all.first(rule.split));
      return;
    }
    case K::little_killer: {
      const auto [row, column] = rule.outside;
      const int first = rule.cells.empty() ? -1 : rule.cells[0];
      const int dr = first < 0 ? 0 : first / n_ - row, dc = first < 0 ? 0 : first % n_ - column;
      std::vector<int> diagonal;
      if (std::abs(dr) == 1 && std::abs(dc) == 1)
        for (int r = row + dr, c = column + dc; r >= 0 && r < n_ && c >= 0 && c < n_; r += dr, c += dc)
          diagonal.push_back(r * n_ + c);
      if (diagonal != rule.cells || !rule.value)
        cannot_state(geometry_, rule, "a little killer sums a whole diagonal from its clue");
      const std::string direction = std::string(dr < 0 ? "U" : "D") + (dc < 0 ? "L" : "R");
      ordered_json& clue = entry("littlekillersum");
      clue["cell"] = outside();
      clue["cells"] = names(rule.cells);
      clue["direction"] = direction;
      clue["value"] = value_text();
      return;
    }
    case K::sandwich:
    case K::x_sum:
    case K::skyscraper: {
      const auto [row, column] = rule.outside;
      std::vector<int> expected;
      const bool row_outside = row == -1 || row == n_, column_outside = column == -1 || column == n_;
      if (row_outside != column_outside)
        for (int i = 0; i < n_; ++i) {
          const int k = (row == n_ || column == n_) ? n_ - 1 - i : i;
          expected.push_back(row_outside ? k * n_ + column : row * n_ + k);
        }
      if (expected != rule.cells || !rule.value)
        cannot_state(geometry_, rule, "its clue reads a whole row or column from outside the grid");
      const char* key = rule.kind == K::sandwich ? "sandwichsum" : rule.kind == K::x_sum ? "xsum" : "skyscraper";
      ordered_json& clue = entry(key);
      clue["cell"] = outside();
      clue["value"] = value_text();
      return;
    }
    case K::anti_knight: document_["antiknight"] = true; return;
    case K::anti_king: document_["antiking"] = true; return;
    case K::nonconsecutive: document_["nonconsecutive"] = true; return;
    case K::no_difference:
    case K::no_ratio:
    case K::no_xv: return;  // write_negative(), once all dots are known
  }
}

// The negative rules, which f-puzzles states by name: they must be what the
// reader makes of the name (the dots' own values, or the usual one).
void Writer::write_negative() {
  using K = ConstraintKind;
  const auto check = [&](K negative, K dot, int usual, const char* name) {
    std::set<int> stated, implied;
    for (const Constraint& rule : puzzle_.constraints) {
      if (rule.kind == negative) stated.insert(rule.value.value_or(usual));
      if (rule.kind == dot) implied.insert(rule.value.value_or(usual));
    }
    if (stated.empty()) return;
    if (implied.empty()) implied.insert(usual);
    if (stated != implied) {
      const auto at = std::find_if(puzzle_.constraints.begin(), puzzle_.constraints.end(),
                                   [&](const Constraint& rule) { return rule.kind == negative; });
      cannot_state(geometry_, *at, "f-puzzles' negative rule covers the values of the dots drawn");
    }
    document_["negative"].push_back(name);
  };
  check(K::no_ratio, K::ratio, 2, "ratio");
  check(K::no_difference, K::difference, 1, "difference");
  if (std::any_of(puzzle_.constraints.begin(), puzzle_.constraints.end(),
                  [](const Constraint& rule) { return rule.kind == K::no_xv; }))
    document_["negative"].push_back("xv");
}

std::string Writer::write() {
  if (n_ < kMinSize || n_ > kMaxSize)
    throw std::invalid_argument("f-puzzles grids are 4x4 to 16x16, not " + std::to_string(n_) + "x" + std::to_string(n_));
  document_["size"] = n_;
  if (!puzzle_.comment.empty()) document_["title"] = puzzle_.comment;
  write_grid();
  write_houses();
  for (const Constraint& rule : puzzle_.constraints) write_rule(rule);
  write_negative();
  if (solution_ != nullptr) {
    if (static_cast<int>(solution_->size()) != n_ * n_)
      throw std::invalid_argument("the solution has " + std::to_string(solution_->size()) + " cells, not " +
                                  std::to_string(n_ * n_));
    document_["solution"] = *solution_;  // f-puzzles' check: the digits row by row
  }
  // Text that is not UTF-8 (a comment) is written with U+FFFD, never refused.
  return document_.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

}  // namespace

bool looks_like_fpuzzles(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos || text[first] != '{') return false;
  return text.find("\"size\"") != std::string_view::npos && text.find("\"grid\"") != std::string_view::npos;
}

std::optional<Puzzle> read_fpuzzles(std::string_view json_text, Diagnostic& error) {
  const auto fail_at = [&](std::size_t byte, std::string reason) -> std::optional<Puzzle> {
    const auto [line, column] = line_and_column(json_text, byte, 1);
    error = Diagnostic{"", line, column, std::move(reason)};
    return std::nullopt;
  };
  if (const auto deep = json_too_deep(json_text))
    return fail_at(*deep, "JSON nested too deeply (over " + std::to_string(kMaxJsonDepth) + " levels): not a puzzle");
  ordered_json document;
  try {
    document = ordered_json::parse(json_text);
  } catch (const ordered_json::exception& failure) {
    return fail_at(json_error_byte(failure), json_error_reason(failure));
  }
  if (!document.is_object()) return fail_at(0, "an f-puzzles puzzle is a JSON object, not " + shown(document));
  try {
    return Reader(document).read();
  } catch (const ReadFailure& failure) {
    const std::string where = path_text(failure.path);
    return fail_at(locate(json_text, failure.path), where.empty() ? failure.reason : where + ": " + failure.reason);
  } catch (const ordered_json::exception& failure) {  // every access is checked first; this is a last guard
    return fail_at(0, "unexpected value: " + std::string(failure.what()));
  }
}

}  // namespace nonet::detail

namespace nonet {

std::string to_fpuzzles(const Puzzle& puzzle, const Grid* solution) { return detail::Writer(puzzle, solution).write(); }

std::string to_fpuzzles_link(const Puzzle& puzzle, const Grid* solution) {
  return "https://www.f-puzzles.com/?load=" + detail::lz_compress_to_base64(to_fpuzzles(puzzle, solution));
}

std::string to_sudokupad_link(const Puzzle& puzzle, const Grid* solution) {
  return "https://sudokupad.app/fpuzzles" + detail::lz_compress_to_base64(to_fpuzzles(puzzle, solution));
}

}  // namespace nonet
