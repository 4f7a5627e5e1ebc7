// JSON input. Accepted values, each one puzzle:
//   [["5","3",".",...],...]                     a LeetCode board (strings or numbers, 0/"."/"" empty)
//   {"puzzle": "53..7....", "variant": "diagonal", "size": 9, "regions": "111222…"}
//   {"puzzle": [["5",...],...]}                  the same with a board
//   … "houses": [["r1c1", …], …]                 more houses of N cells (extra regions)
//   … "constraints": [{"kind": "killer-cage", "cells": ["r1c1", "r1c2"], "value": 3}, …]
//                                                variant rules (docs/variants.md): kind,
//                                                cells in order, and as the kind needs
//                                                value, split, digits, outside ("r0c3")
//   {"size": 9, "grid": [[{"value": 5, "given": true}, …], …], "killercage": …}
//                                                an f-puzzles puzzle (fpuzzles.hpp): an object
//                                                with "size" and "grid" and no "puzzle"
// A document may also be an array of such values, or {"puzzles": [...]}.
#include "json_input.hpp"

#include "fpuzzles.hpp"
#include "json_support.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <optional>
#include <nlohmann/json.hpp>

namespace nonet::detail {

namespace {

using nlohmann::json;

bool is_board(const json& value) { return value.is_array() && !value.empty() && value[0].is_array(); }

// The cells of a board or puzzle string, as characters.
std::vector<char> cells_of(const json& puzzle) {
  std::vector<char> chars;
  if (puzzle.is_string()) {
    for (char c : puzzle.get<std::string>())
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') chars.push_back(c);
    return chars;
  }
  if (!is_board(puzzle)) throw std::invalid_argument("\"puzzle\" must be a string or a board (array of rows)");
  for (const json& row : puzzle) {
    if (!row.is_array()) throw std::invalid_argument("every row of a board must be an array");
    for (const json& cell : row) {
      if (cell.is_number_integer()) {
        const auto digit = cell.get<long long>();
        if (digit < 0 || digit > kMaxSize) throw std::invalid_argument("cell value " + std::to_string(digit) + " out of range");
        chars.push_back(digit == 0 ? '.' : digit_char(static_cast<int>(digit)));
      } else if (cell.is_string()) {
        const auto text = cell.get<std::string>();
        if (text.size() > 2) throw std::invalid_argument("cell \"" + text + "\" is not one digit");
        if (text.empty()) chars.push_back('.');
        else if (text.size() == 2) {
          // Two-digit numbers for sizes above 9 ("10" … "25").
          const int digit = std::stoi(text);
          if (digit < 10) throw std::invalid_argument("cell \"" + text + "\" is not one digit");
          chars.push_back(digit_char(digit));
        } else chars.push_back(text[0]);
      } else {
        throw std::invalid_argument("a board cell must be a string or a number");
      }
    }
  }
  return chars;
}

// "r3c5" (or "R3C5"; rows and columns 0 and N+1 outside the grid) as (row, column), 0-based.
std::pair<int, int> place_of(const json& name, int size, bool outside_allowed) {
  if (!name.is_string()) throw std::invalid_argument("a cell is written \"r1c1\"");
  const std::string text = name.get<std::string>();
  int row = -1, column = -1;
  char r = 0, c = 0, end = 0;
  if (std::sscanf(text.c_str(), "%c%d%c%d%c", &r, &row, &c, &column, &end) != 4 || (r != 'r' && r != 'R') ||
      (c != 'c' && c != 'C'))
    throw std::invalid_argument("cell \"" + text + "\": expected r1c1");
  const int low = outside_allowed ? 0 : 1, high = outside_allowed ? size + 1 : size;
  if (row < low || row > high || column < low || column > high)
    throw std::invalid_argument("cell \"" + text + "\" is outside the " + std::to_string(size) + "x" +
                                std::to_string(size) + " grid");
  return {row - 1, column - 1};
}

std::vector<int> cells_named(const json& list, int size, const std::string& where) {
  if (!list.is_array()) throw std::invalid_argument(where + ": \"cells\" must be a list of \"r1c1\"");
  std::vector<int> cells;
  for (const json& name : list) {
    const auto [row, column] = place_of(name, size, false);
    cells.push_back(row * size + column);
  }
  return cells;
}

// Other members of a puzzle object are the user's own (an id, a source, a
// difficulty) and are passed over, except one named like a rule: a rule
// outside "constraints" would otherwise be silently dropped.
bool names_a_rule(std::string_view key) {
  std::string name;
  for (char c : key)
    if (std::isalnum(static_cast<unsigned char>(c))) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (name.size() > 1 && name.back() == 's') name.pop_back();
  static const std::vector<std::string> kRuleWords = [] {
    // nonet's kinds, then f-puzzles' and SudokuPad's names, and the words for rules.
    std::vector<std::string> words;
    for (int k = 0; k <= static_cast<int>(ConstraintKind::count_distinct); ++k) {
      std::string word;
      for (char c : to_string(static_cast<ConstraintKind>(k)))
        if (c != '-') word += c;
      words.push_back(word);
    }
    // Not "line", "cells" or other words nonet's own output records carry.
    for (const char* word : {"killercage", "cage", "killer", "littlekillersum", "sandwichsum", "thermo", "betweenline",
                             "entropicline", "modularline", "regionsumline", "whispers", "germanwhisper", "kropki",
                             "negative", "disjointgroup", "diagonal", "antidiagonal", "windoku", "rule", "constraint",
                             "columnindexer", "boxindexer", "indexer"})
      words.emplace_back(word);
    return words;
  }();
  return std::find(kRuleWords.begin(), kRuleWords.end(), name) != kRuleWords.end();
}

void reject_misplaced_rules(const json& value) {
  static constexpr std::string_view kKnown[] = {"puzzle", "variant", "size", "regions", "houses", "constraints", "comment"};
  for (const auto& [key, field] : value.items()) {
    if (std::find(std::begin(kKnown), std::end(kKnown), key) != std::end(kKnown) || !names_a_rule(key)) continue;
    throw std::invalid_argument("member " + in_quotes(key) +
                                " looks like a rule: nonet's JSON lists rules under \"constraints\" and extra "
                                "houses under \"houses\" (docs/variants.md)");
  }
}

// nonet JSON writes disjoint groups as plain houses: all N of them read back
// as disjoint groups (drawn and named so), not as N extra regions.
void mark_disjoint_groups(const Geometry& geometry, std::vector<House>& houses) {
  const int n = geometry.size();
  std::vector<int> region_sizes(static_cast<std::size_t>(n), 0);
  for (int region : geometry.regions())
    if (region < 0 || region >= n || ++region_sizes[static_cast<std::size_t>(region)] > n) return;  // no N regions of N cells
  const auto sorted = [](std::vector<int> cells) {
    std::sort(cells.begin(), cells.end());
    return cells;
  };
  std::vector<std::size_t> found;
  for (const House& group : Geometry::disjoint_groups(n, geometry.regions())) {
    const std::vector<int> want = sorted(group.cells);
    const auto at = std::find_if(houses.begin(), houses.end(), [&](const House& h) { return sorted(h.cells) == want; });
    if (at == houses.end()) return;
    found.push_back(static_cast<std::size_t>(at - houses.begin()));
  }
  int index = 1;
  for (std::size_t i : found) houses[i] = House{HouseKind::disjoint_group, index++, houses[i].cells};
}

// The "houses" and "constraints" of a nonet JSON puzzle, on its geometry.
void read_rules(const json& value, Puzzle& puzzle) {
  const int size = puzzle.geometry->size();
  if (value.contains("houses")) {
    std::vector<House> houses;
    int index = 1;
    for (const json& house : value["houses"]) {
      houses.push_back(House{HouseKind::extra_region, index, cells_named(house, size, "houses[" + std::to_string(index - 1) + "]")});
      ++index;
    }
    mark_disjoint_groups(*puzzle.geometry, houses);
    puzzle.geometry = std::make_shared<const Geometry>(Geometry::with_houses(*puzzle.geometry, std::move(houses)));
  }
  if (!value.contains("constraints")) return;
  const json& list = value["constraints"];
  if (!list.is_array()) throw std::invalid_argument("\"constraints\" must be a list");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& item = list[i];
    const std::string where = "constraints[" + std::to_string(i) + "]";
    if (!item.is_object() || !item.contains("kind") || !item["kind"].is_string())
      throw std::invalid_argument(where + ": an object with a \"kind\"");
    const auto kind = constraint_kind_from(item["kind"].get<std::string>());
    if (!kind) throw std::invalid_argument(where + ": unknown kind \"" + item["kind"].get<std::string>() + "\" (docs/variants.md)");
    Constraint rule{*kind};
    for (const auto& [key, field] : item.items()) {
      if (key == "kind") continue;
      if (key == "cells") rule.cells = cells_named(field, size, where);
      else if (key == "value") {
        if (!field.is_number_integer()) throw std::invalid_argument(where + ": \"value\" must be a whole number");
        rule.value = field.get<int>();
      } else if (key == "split") {
        if (!field.is_number_integer()) throw std::invalid_argument(where + ": \"split\" must be a whole number");
        rule.split = field.get<int>();
      } else if (key == "digits") {
        for (const json& digit : field) {
          if (!digit.is_number_integer()) throw std::invalid_argument(where + ": \"digits\" must be whole numbers");
          rule.digits.push_back(digit.get<int>());
        }
      } else if (key == "outside") rule.outside = place_of(field, size, true);
      else throw std::invalid_argument(where + ": unknown key \"" + key + "\"");
    }
    // A rule that cannot hold (a thermometer longer than N) is read: the
    // search's verdict is "invalid", naming it, as for every other format.
    puzzle.constraints.push_back(std::move(rule));
  }
}

std::vector<int> regions_of(const json& regions) {
  if (regions.is_string()) return parse_region_map(regions.get<std::string>());
  std::string text;
  for (const json& row : regions) {
    if (row.is_string()) text += row.get<std::string>();
    else if (row.is_array())
      for (const json& cell : row) text += cell.is_string() ? cell.get<std::string>() : std::to_string(cell.get<int>());
    else text += std::to_string(row.get<int>());
  }
  return parse_region_map(text);
}

}  // namespace

std::string one_line(std::string text) {
  std::replace_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  return text;
}

std::string in_quotes(std::string_view text) {
  // Appended piece by piece: g++ 12 warns falsely on "\"" + std::string(...).
  std::string result = "\"";
  result += text;
  result += '"';
  return result;
}

std::pair<int, int> line_and_column(std::string_view text, std::size_t byte, int first_line) {
  int line = first_line, column = 1;
  for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return {line, column};
}

std::optional<std::size_t> json_too_deep(std::string_view text) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::nullopt;
}

std::size_t json_error_byte(const json::exception& error) {
  const auto* syntax = dynamic_cast<const json::parse_error*>(&error);
  return syntax != nullptr && syntax->byte > 0 ? syntax->byte - 1 : 0;
}

std::string json_error_reason(const json::exception& error) {
  const std::string what = error.what();
  const auto colon = what.find("parse error");
  return "invalid JSON: " + (colon == std::string::npos ? what : what.substr(colon));
}

JsonInput::JsonInput(LineSource& lines, std::string source, const ReadOptions& options, GeometryCache& geometries)
    : lines_(lines), source_(std::move(source)), options_(options), geometries_(geometries) {}

void JsonInput::load_document(Line first) {
  // One value per line when the first non-blank line is a whole value.
  if (json::accept(first.text)) {
    shape_ = Shape::lines;
    if (!nested_too_deeply(first.text, first.number)) expand(first.text, first.number);
    return;
  }
  shape_ = Shape::document;
  std::string text = first.text;
  for (Line line; lines_.next(line);) {
    if (line.too_long || line.has_nul) {
      document_error_ = Diagnostic{source_, line.number, 1,
                                   line.has_nul ? "binary data (NUL byte) in JSON" : "line over the length limit in JSON"};
      return;
    }
    text += '\n';
    text += line.text;
  }
  if (nested_too_deeply(text, first.number)) return;
  try {
    expand(text, first.number);
  } catch (const json::exception& error) {
    const auto [line, column] = line_and_column(text, json_error_byte(error), first.number);
    document_error_ = Diagnostic{source_, line, column, json_error_reason(error)};
  }
}

// A value nested deeper than any puzzle: its positioned error is queued (and
// true returned) instead of its puzzles.
bool JsonInput::nested_too_deeply(const std::string& text, int line) {
  const auto byte = json_too_deep(text);
  if (!byte) return false;
  const auto [at_line, column] = line_and_column(text, *byte, line);
  document_error_ = Diagnostic{source_, at_line, column,
                               "JSON nested too deeply (over " + std::to_string(kMaxJsonDepth) + " levels): not a puzzle"};
  return true;
}

// Queues the puzzles of one JSON value: a list (or {"puzzles": [...]}) gives
// one per element, anything else is one puzzle.
void JsonInput::expand(const std::string& text, int line) {
  const json document = json::parse(text);
  const json& list = document.is_object() && document.contains("puzzles") ? document["puzzles"] : document;
  if (list.is_array() && !is_board(list))
    for (const json& item : list) items_.emplace_back(item.dump(), line);
  else if (&list == &document)
    items_.emplace_back(text, line);  // as written, so an f-puzzles error points into the file
  else
    items_.emplace_back(list.dump(), line);
}

// Whether the value is an f-puzzles puzzle rather than nonet's JSON: an
// object with f-puzzles' "size" and "grid" and no "puzzle".
static bool is_fpuzzles(const json& value) {
  return value.is_object() && value.contains("grid") && value.contains("size") && !value.contains("puzzle");
}

void JsonInput::convert_fpuzzles(const std::string& json_text, int line, Record& record) {
  Diagnostic error;
  record.puzzle = read_fpuzzles(json_text, error);
  if (!record.puzzle) record.error = Diagnostic{source_, line + error.line - 1, error.column, error.reason};
}

void JsonInput::convert(const std::string& json_text, int line, Record& record) {
  record.line = line;
  try {
    const json value = json::parse(json_text);
    const bool fpuzzles = options_.format == InputFormat::fpuzzles ||
                          (options_.format == InputFormat::automatic && is_fpuzzles(value));
    if (fpuzzles) return convert_fpuzzles(json_text, line, record);
    ReadOptions options = options_;
    const json* puzzle = &value;
    if (value.is_object()) {
      if (!value.contains("puzzle")) throw std::invalid_argument("object has no \"puzzle\" member");
      reject_misplaced_rules(value);
      puzzle = &value["puzzle"];
      if (value.contains("variant")) options.variant.name = value["variant"].get<std::string>();
      if (value.contains("size")) options.variant.size = value["size"].get<int>();
      if (value.contains("regions")) options.variant.regions = regions_of(value["regions"]);
      if (value.contains("comment")) record.puzzle = Puzzle{nullptr, {}, one_line(value["comment"].get<std::string>())};
    } else if (!is_board(value) && !value.is_string()) {
      throw std::invalid_argument("expected a board, a puzzle string or an object with \"puzzle\"");
    }
    const std::vector<char> chars = cells_of(*puzzle);
    record.cell_columns.assign(chars.size(), 1);
    if (!record.puzzle) record.puzzle = Puzzle{};
    finish_puzzle(record, chars, options, geometries_, line, 1);
    if (record.puzzle && value.is_object()) read_rules(value, *record.puzzle);
  } catch (const std::exception& error) {
    record.puzzle.reset();
    record.error = Diagnostic{source_, line, 1, error.what()};
  }
}

namespace {

// An object, an array or a string (a puzzle's cells) opens the line: a JSON
// value of JSON Lines; anything else is a text record among them.
bool opens_json_value(const std::string& text) {
  return starts_with_char(text, '{') || starts_with_char(text, '[') || starts_with_char(text, '"');
}

// A readable line that is the text reader's where the two take turns.
bool is_text_among_json(const Line& line, const ReadOptions& options) {
  return mixes_json_and_text(options) && !line.has_nul && !line.too_long && !opens_json_value(line.text);
}

}  // namespace

LineRead JsonInput::next(Record& record) {
  if (shape_ == Shape::unknown) {
    Line first;
    bool any = false;
    while (!any && lines_.next(first)) any = first.text.find_first_not_of(" \t\xEF\xBB\xBF") != std::string::npos;
    // A comment or a text record before the first JSON value: JSON Lines, taking turns with text.
    if (any && is_text_among_json(first, options_)) {
      shape_ = Shape::lines;
      lines_.push_back(std::move(first));
      return LineRead::other_kind;
    }
    load_document(std::move(first));
  }
  if (document_error_) {
    record.error = document_error_;
    record.line = document_error_->line;
    document_error_.reset();
    items_.clear();
    return LineRead::record;
  }
  if (items_.empty() && shape_ == Shape::lines) {
    for (Line line; lines_.next(line);) {
      if (line.text.find_first_not_of(" \t") == std::string::npos) continue;
      if (is_text_among_json(line, options_)) {
        lines_.push_back(std::move(line));
        return LineRead::other_kind;
      }
      if (line.has_nul || line.too_long || !json::accept(line.text)) {
        record.line = line.number;
        std::string reason = line.has_nul ? "binary data (NUL byte) in JSON" : line.too_long ? "line over the length limit" : "";
        if (reason.empty()) {
          try {
            const json ignored = json::parse(line.text);
            (void)ignored;
          } catch (const json::exception& error) {
            reason = std::string("invalid JSON: ") + error.what();
            const auto at = line_and_column(line.text, json_error_byte(error), line.number);
            record.error = Diagnostic{source_, at.first, at.second, reason};
            return LineRead::record;
          }
        }
        record.error = Diagnostic{source_, line.number, 1, reason};
        return LineRead::record;
      }
      if (nested_too_deeply(line.text, line.number)) {
        record.error = document_error_;
        record.line = line.number;
        document_error_.reset();
        return LineRead::record;
      }
      expand(line.text, line.number);
      if (!items_.empty()) break;
    }
  }
  if (items_.empty()) return LineRead::end;
  auto [text, line] = std::move(items_.front());
  items_.pop_front();
  convert(text, line, record);
  return LineRead::record;
}

}  // namespace nonet::detail
