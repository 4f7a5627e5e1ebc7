// Reading ISS's constraint strings and the two killer text formats it reads
// (see iss_input.hpp). ISS's names are mapped onto nonet's constraints here
// and nowhere else; an ISS rule nonet has no constraint for is an error that
// names it, never dropped.
#include "iss_input.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>

namespace nonet::detail {

namespace {

[[noreturn]] void fail(std::size_t offset, std::string reason) { throw IssError{offset, std::move(reason)}; }

struct Item {
  std::string_view name;
  std::vector<std::string_view> args;
  std::size_t offset;  // of the item's name in the text
  std::vector<std::size_t> arg_offsets;
};

std::vector<Item> split_items(std::string_view text) {
  std::vector<Item> items;
  std::size_t at = 0;
  while (at < text.size()) {
    if (text[at] != '.') fail(at, "an ISS item starts with '.'");
    const std::size_t begin = at + 1;
    const std::size_t end = std::min(text.find('.', begin), text.size());
    const std::string_view body = text.substr(begin, end - begin);
    at = end;
    if (body.empty()) continue;
    Item item{{}, {}, begin, {}};
    std::size_t part_begin = 0;
    bool first = true;
    for (std::size_t i = 0; i <= body.size(); ++i) {
      if (i < body.size() && body[i] != '~') continue;
      const std::string_view part = body.substr(part_begin, i - part_begin);
      if (first) item.name = part;
      else {
        item.args.push_back(part);
        item.arg_offsets.push_back(begin + part_begin);
      }
      first = false;
      part_begin = i + 1;
    }
    items.push_back(std::move(item));
  }
  return items;
}

// The ISS rules nonet reads, and those it knows by name but cannot express
// (so that a line using one is still recognised as an ISS string and refused
// with the rule's name).
constexpr std::string_view kRead[] = {
    "", "Shape", "NoBoxes", "Jigsaw", "Windoku", "Diagonal", "DisjointSets", "AntiKnight",
    "AntiKing", "AntiConsecutive", "StrictKropki", "StrictXV", "Cage", "Sum", "LittleKiller", "Arrow", "DoubleArrow",
    "PillArrow", "Thermo", "Whisper", "Renban", "Modular", "Entropic", "RegionSumLine", "Between", "Palindrome",
    "Zipper", "WhiteDot", "BlackDot", "X", "V", "GreaterThan", "Quad", "Sandwich", "XSum", "Skyscraper",
    "AllDifferent", "Indexing", "Pair", "PairX", "Binary", "BinaryX", "SameValues", "RellikCage", "AntiTaxicab", "CountDistinct"};
constexpr std::string_view kNotRead[] = {
    "HiddenSkyscraper", "ChaosArrow", "ChaosCount", "FullRank", "FullRankTies", "NumberedRoom",
    "LookAndSay", "Lunchbox", "ContainExact", "ContainAtLeast", "NFA", "Var", "SumLine",
    "RegionSize", "Lockout", "EqualityCage", "ValueIndexing", "ChaosConstruction",
    "Regex", "CountingCircles", "Replicate", "Or", "And", "End",
    "Doppelganger", "DutchFlatmates", "GlobalEntropy", "GlobalMod", "RegionSameValues",
    "ConnectedValues", "EqualSum", "SearchPriority", "Container", "Given", "Priority"};

bool known_name(std::string_view name) {
  return std::find(std::begin(kRead), std::end(kRead), name) != std::end(kRead) ||
         std::find(std::begin(kNotRead), std::end(kNotRead), name) != std::end(kNotRead);
}

int number(std::string_view text, std::size_t offset, std::string_view what) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size())
    fail(offset, std::string(what) + " '" + std::string(text) + "' is not a whole number");
  return value;
}

// Row or column of an ISS cell id: 1-9, then a, b, … for 10, 11, ….
int coordinate(char c) {
  if (c >= '1' && c <= '9') return c - '1';
  if (c >= 'a' && c <= 'z') return c - 'a' + 9;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 9;
  return -1;
}

class IssReader {
 public:
  explicit IssReader(std::string_view text) : items_(split_items(text)) {}

  Puzzle read() {
    shape();
    Puzzle puzzle;
    puzzle.geometry = geometry();
    puzzle.cells.assign(static_cast<std::size_t>(size_ * size_), 0);
    for (const Item& item : items_) add(item, puzzle);
    return puzzle;
  }

 private:
  // First pass: what the grid is (size, boxes or jigsaw, extra houses).
  void shape() {
    for (const Item& item : items_) {
      if (item.name == "Shape") {
        if (item.args.empty()) fail(item.offset, "Shape needs the grid's dimensions, e.g. Shape~6x6");
        const std::string_view dims = item.args[0];
        const auto x = dims.find('x');
        if (x == std::string_view::npos) fail(item.arg_offsets[0], "Shape '" + std::string(dims) + "': expected NxN");
        const int rows = number(dims.substr(0, x), item.arg_offsets[0], "rows");
        const int columns = number(dims.substr(x + 1), item.arg_offsets[0], "columns");
        if (rows != columns || rows < 2 || rows > 35)
          fail(item.arg_offsets[0], "Shape " + std::string(dims) + ": nonet solves square grids of 2x2 to 35x35");
        size_ = rows;
        if (item.args.size() > 1 && !item.args[1].empty()) {
          const std::string one_based = "1-" + std::to_string(size_);
          if (item.args[1] != one_based && item.args[1] != std::to_string(size_))
            fail(item.arg_offsets[1], "Shape's values " + std::string(item.args[1]) + ": nonet's digits are " +
                                          one_based + " on a " + std::string(dims) + " grid");
        }
        if (item.args.size() > 2 && !item.args[2].empty())
          fail(item.arg_offsets[2], "Shape's grid type " + std::string(item.args[2]) + " is not read");
      } else if (item.name == "NoBoxes") {
        no_boxes_ = true;
      } else if (item.name == "Jigsaw") {
        if (item.args.empty() || item.args.size() > 2) fail(item.offset, "Jigsaw needs its layout");
        jigsaw_ = item.args.back();
        jigsaw_offset_ = item.arg_offsets.back();
      }
    }
  }

  std::shared_ptr<const Geometry> geometry() {
    std::optional<Geometry> base;
    std::vector<House> extra;
    std::vector<int> layout;
    if (!jigsaw_.empty()) {
      if (static_cast<int>(jigsaw_.size()) != size_ * size_)
        fail(jigsaw_offset_, "Jigsaw layout has " + std::to_string(jigsaw_.size()) + " cells, expected " +
                                 std::to_string(size_ * size_));
      std::map<char, int> label;
      for (char c : jigsaw_) layout.push_back(label.emplace(c, static_cast<int>(label.size())).first->second);
    }
    try {
      // ISS draws no boxes where the size has no box shape (5, 7, …), as
      // with NoBoxes: the jigsaw pieces are then the regions, and without
      // pieces the grid is a Latin square.
      const auto shape = Geometry::box_shape(size_);
      if (!jigsaw_.empty() && (no_boxes_ || !shape)) base = Geometry::jigsaw(size_, layout);
      else if (no_boxes_ || !shape) base = Geometry::latin(size_);
      else {
        base = Geometry::classic(shape->first, shape->second);
        if (!jigsaw_.empty()) {
          // Jigsaw pieces beside the boxes: each piece of N cells is one more house.
          std::map<int, std::vector<int>> pieces;
          for (int cell = 0; cell < size_ * size_; ++cell) pieces[layout[cell]].push_back(cell);
          int index = 1;
          for (auto& [label, cells] : pieces) extra.push_back(House{HouseKind::extra_region, index++, std::move(cells)});
        }
      }
      for (const Item& item : items_) {
        if (item.name == "Windoku") add_windows(extra, item);
        else if (item.name == "DisjointSets") add_disjoint_groups(*base, extra, item);
        else if (item.name == "Diagonal") add_diagonal(extra, item);
        else if (item.name == "AllDifferent" && static_cast<int>(item.args.size()) == size_) {
          House house{HouseKind::extra_region, static_cast<int>(extra.size()) + 1, {}};
          for (std::size_t i = 0; i < item.args.size(); ++i) house.cells.push_back(cell(item, i));
          extra.push_back(std::move(house));
        }
      }
      if (extra.empty() && jigsaw_.empty() && shape && !no_boxes_)
        return make_geometry(VariantSpec{}, size_);  // shared, as every classic grid's
      if (extra.empty()) return std::make_shared<const Geometry>(std::move(*base));
      return std::make_shared<const Geometry>(Geometry::with_houses(*base, std::move(extra)));
    } catch (const GeometryError& error) {
      fail(jigsaw_.empty() ? 0 : jigsaw_offset_, error.what());
    }
  }

  void add_windows(std::vector<House>& extra, const Item& item) const {
    const auto shape = Geometry::box_shape(size_);
    std::vector<House> windows;
    if (shape) windows = Geometry::windoku_windows(shape->first, shape->second);
    if (windows.empty()) fail(item.offset, "Windoku needs boxes, with room for a window inside the grid's edge");
    for (House& window : windows) extra.push_back(std::move(window));
  }

  void add_disjoint_groups(const Geometry& base, std::vector<House>& extra, const Item& item) const {
    if (base.box_rows() == 0) fail(item.offset, "DisjointSets needs boxes");
    for (House& group : Geometry::disjoint_groups(size_, base.regions())) extra.push_back(std::move(group));
  }

  void add_diagonal(std::vector<House>& extra, const Item& item) const {
    // ISS: 1 is ╱ (bottom left to top right), -1 is ╲.
    const std::string_view direction = item.args.empty() ? "" : item.args[0];
    if (direction != "1" && direction != "-1") fail(item.offset, "Diagonal takes 1 (╱) or -1 (╲)");
    extra.push_back(Geometry::diagonal_house(size_, direction == "1" ? HouseKind::anti_diagonal : HouseKind::diagonal));
  }

  int cell(const Item& item, std::size_t arg) const {
    const std::string_view id = item.args[arg];
    const int r = id.size() == 4 ? coordinate(id[1]) : -1, c = id.size() == 4 ? coordinate(id[3]) : -1;
    if (id.size() != 4 || (id[0] != 'R' && id[0] != 'r') || (id[2] != 'C' && id[2] != 'c') || r < 0 || c < 0)
      fail(item.arg_offsets[arg], "'" + std::string(id) + "' is not a cell (R1C1 … R9C9)");
    if (r >= size_ || c >= size_)
      fail(item.arg_offsets[arg], "cell " + std::string(id) + " is outside the " + std::to_string(size_) + "x" +
                                      std::to_string(size_) + " grid");
    return r * size_ + c;
  }

  std::vector<int> cells_from(const Item& item, std::size_t first) const {
    std::vector<int> cells;
    for (std::size_t i = first; i < item.args.size(); ++i) cells.push_back(cell(item, i));
    if (cells.empty()) fail(item.offset, std::string(item.name) + " needs cells");
    return cells;
  }

  int value(const Item& item, std::size_t arg, std::string_view what) const {
    if (arg >= item.args.size()) fail(item.offset, std::string(item.name) + " needs its " + std::string(what));
    return number(item.args[arg], item.arg_offsets[arg], what);
  }

  bool adjacent(int a, int b) const {
    const int dr = a / size_ - b / size_, dc = a % size_ - b % size_;
    return dr * dr + dc * dc == 1;
  }

  // ISS's dots, XV and inequality marks take a list of cells: the rule holds
  // on each orthogonally adjacent pair, the earlier cell first.
  void pairs(const Item& item, Puzzle& puzzle, ConstraintKind kind, std::optional<int> value) const {
    const std::vector<int> cells = cells_from(item, 0);
    bool any = false;
    for (std::size_t i = 0; i < cells.size(); ++i)
      for (std::size_t j = i + 1; j < cells.size(); ++j)
        if (adjacent(cells[i], cells[j])) {
          puzzle.constraints.push_back(Constraint{kind, {cells[i], cells[j]}, value});
          any = true;
        }
    if (!any) fail(item.offset, std::string(item.name) + " needs two orthogonally adjacent cells");
  }

  // The cells of row or column `id` ("R3", "C5"), from the clue's side:
  // forward from the top or left, or backward.
  std::vector<int> line_cells(const Item& item, std::size_t arg, bool forward, std::pair<int, int>& outside) const {
    const std::string_view id = item.args[arg];
    const int index = id.size() == 2 ? coordinate(id[1]) : -1;
    if (id.size() != 2 || (id[0] != 'R' && id[0] != 'C') || index < 0 || index >= size_)
      fail(item.arg_offsets[arg], "'" + std::string(id) + "' is not a row (R1…) or column (C1…)");
    std::vector<int> cells;
    for (int i = 0; i < size_; ++i) {
      const int along = forward ? i : size_ - 1 - i;
      cells.push_back(id[0] == 'R' ? index * size_ + along : along * size_ + index);
    }
    const int before = forward ? -1 : size_;
    outside = id[0] == 'R' ? std::pair{index, before} : std::pair{before, index};
    return cells;
  }

  // ISS's little killer clues are named by the first cell of their diagonal:
  // from the left side going down-right, the right side up-left, the top
  // down-left, the bottom up-right (the first of those that covers a
  // diagonal names it).
  std::map<int, std::pair<int, int>> little_killer_starts() const {
    std::map<int, std::pair<int, int>> starts;
    std::vector<std::vector<int>> seen;
    const auto add = [&](int row, int col, int dr, int dc) {
      std::vector<int> cells;
      for (int r = row, c = col; r >= 0 && c >= 0 && r < size_ && c < size_; r += dr, c += dc)
        cells.push_back(r * size_ + c);
      if (cells.size() <= 1) return;
      std::vector<int> sorted = cells;
      std::sort(sorted.begin(), sorted.end());
      if (std::find(seen.begin(), seen.end(), sorted) != seen.end()) return;
      seen.push_back(sorted);
      starts.emplace(cells.front(), std::pair{dr, dc});
    };
    for (int row = 0; row < size_ - 1; ++row) add(row, 0, 1, 1);
    for (int row = 1; row < size_ - 1; ++row) add(row, size_ - 1, -1, -1);
    for (int col = 1; col < size_; ++col) add(0, col, 1, -1);
    for (int col = 1; col < size_ - 1; ++col) add(size_ - 1, col, -1, 1);
    return starts;
  }

  void outside_pair(const Item& item, Puzzle& puzzle, ConstraintKind kind) const {
    // XSum~C1~from-the-top~from-the-bottom (either may be empty)
    if (item.args.empty()) fail(item.offset, std::string(item.name) + " needs a row or column");
    for (std::size_t side = 1; side <= 2 && side < item.args.size(); ++side) {
      if (item.args[side].empty()) continue;
      Constraint clue{kind, {}, value(item, side, "clue")};
      clue.cells = line_cells(item, 0, side == 1, clue.outside);
      puzzle.constraints.push_back(std::move(clue));
    }
  }

  void add(const Item& item, Puzzle& puzzle) const {
    const std::string_view name = item.name;
    auto& rules = puzzle.constraints;
    if (name.empty()) {
      for (std::size_t i = 0; i < item.args.size(); ++i) {
        const std::string_view given = item.args[i];
        const auto underscore = given.find('_');
        if (underscore == std::string_view::npos)
          fail(item.arg_offsets[i], "given '" + std::string(given) + "': expected R1C1_5");
        Item one{name, {given.substr(0, underscore)}, item.offset, {item.arg_offsets[i]}};
        const int at = cell(one, 0);
        const std::string_view digits = given.substr(underscore + 1);
        if (digits.find('_') != std::string_view::npos) {
          // A choice of digits: every odd or every even one is an odd or even cell.
          std::vector<bool> chosen(static_cast<std::size_t>(size_) + 1, false);
          for (std::size_t from = 0; from <= digits.size();) {
            const std::size_t to = std::min(digits.find('_', from), digits.size());
            const int digit = number(digits.substr(from, to - from), item.arg_offsets[i], "digit");
            if (digit < 1 || digit > size_)
              fail(item.arg_offsets[i], "given " + std::string(given) + ": digits are 1-" + std::to_string(size_));
            chosen[static_cast<std::size_t>(digit)] = true;
            from = to + 1;
          }
          bool odd = true, even = true;
          for (int d = 1; d <= size_; ++d) {
            odd = odd && chosen[static_cast<std::size_t>(d)] == (d % 2 == 1);
            even = even && chosen[static_cast<std::size_t>(d)] == (d % 2 == 0);
          }
          if (!odd && !even)
            fail(item.arg_offsets[i], "given " + std::string(given) +
                                          ": a choice of digits (pencil marks) other than every odd or every even "
                                          "digit is not read");
          rules.push_back({odd ? ConstraintKind::odd : ConstraintKind::even, {at}});
          continue;
        }
        const int digit = number(digits, item.arg_offsets[i], "digit");
        if (digit < 1 || digit > size_)
          fail(item.arg_offsets[i], "given " + std::string(given) + ": digits are 1-" + std::to_string(size_));
        puzzle.cells[at] = static_cast<std::uint8_t>(digit);
      }
      return;
    }
    if (name == "Shape" || name == "NoBoxes" || name == "Jigsaw" || name == "Windoku" || name == "DisjointSets" ||
        name == "Diagonal")
      return;  // part of the geometry
    if (name == "AntiKnight") rules.push_back({ConstraintKind::anti_knight, {}});
    else if (name == "AntiTaxicab") rules.push_back({ConstraintKind::anti_taxicab, {}});
    else if (name == "AntiKing") rules.push_back({ConstraintKind::anti_king, {}});
    else if (name == "AntiConsecutive") rules.push_back({ConstraintKind::nonconsecutive, {}});
    else if (name == "StrictKropki") {
      rules.push_back({ConstraintKind::no_difference, {}, 1});
      rules.push_back({ConstraintKind::no_ratio, {}, 2});
    } else if (name == "StrictXV") rules.push_back({ConstraintKind::no_xv, {}});
    else if (name == "Cage") {
      if (item.args.empty()) fail(item.offset, "Cage needs a sum (or nothing) and cells");
      // A sum of 0 is no sum. A cell listed twice is one cell of the cage
      // but counts twice in its sum (as ISS reads them): a cage of the
      // distinct cells, and the sum apart.
      const std::vector<int> listed = cells_from(item, 1);
      Constraint cage{ConstraintKind::killer_cage};
      for (int cell : listed)
        if (std::find(cage.cells.begin(), cage.cells.end(), cell) == cage.cells.end()) cage.cells.push_back(cell);
      const int total = item.args[0].empty() ? 0 : value(item, 0, "sum");
      if (total != 0 && cage.cells.size() == listed.size()) cage.value = total;
      else if (total != 0) rules.push_back({ConstraintKind::sum, listed, total});
      rules.push_back(std::move(cage));
    } else if (name == "Sum") {
      if (!item.args.empty() && item.args[0].find('_') != std::string_view::npos)
        fail(item.arg_offsets[0], "Sum with coefficients is not read");
      rules.push_back({ConstraintKind::sum, cells_from(item, 1), value(item, 0, "sum")});
    } else if (name == "AllDifferent") {
      if (static_cast<int>(item.args.size()) != size_) rules.push_back({ConstraintKind::extra_region, cells_from(item, 0)});
    } else if (name == "LittleKiller") {
      const int total = value(item, 0, "sum");
      if (item.args.size() != 2) fail(item.offset, "LittleKiller takes a sum and the first cell of its diagonal");
      const int start = cell(item, 1);
      const auto starts = little_killer_starts();
      const auto found = starts.find(start);
      if (found == starts.end()) fail(item.arg_offsets[1], "no little killer diagonal starts at " + std::string(item.args[1]));
      const auto [dr, dc] = found->second;
      Constraint clue{ConstraintKind::little_killer, {}, total};
      for (int r = start / size_, c = start % size_; r >= 0 && c >= 0 && r < size_ && c < size_; r += dr, c += dc)
        clue.cells.push_back(r * size_ + c);
      clue.outside = {start / size_ - dr, start % size_ - dc};
      rules.push_back(std::move(clue));
    } else if (name == "Arrow") {
      Constraint arrow{ConstraintKind::arrow, cells_from(item, 0)};
      arrow.split = 1;
      rules.push_back(std::move(arrow));
    } else if (name == "DoubleArrow") {
      rules.push_back({ConstraintKind::double_arrow, cells_from(item, 0)});
    } else if (name == "PillArrow") {
      const int pill = value(item, 0, "pill size");
      Constraint arrow{ConstraintKind::arrow, cells_from(item, 1)};
      if (pill < 1 || pill >= static_cast<int>(arrow.cells.size())) fail(item.offset, "PillArrow's pill is longer than its cells");
      // The pill's number reads left to right, top to bottom.
      std::sort(arrow.cells.begin(), arrow.cells.begin() + pill);
      arrow.split = pill;
      rules.push_back(std::move(arrow));
    } else if (name == "Thermo") rules.push_back({ConstraintKind::thermometer, cells_from(item, 0)});
    else if (name == "Whisper") {
      // German whispers may leave out the difference (5): then a cell comes first.
      const bool has_difference =
          !item.args.empty() && !item.args[0].empty() && item.args[0][0] != 'R' && item.args[0][0] != 'r';
      Constraint line{ConstraintKind::whisper, cells_from(item, has_difference ? 1 : 0)};
      line.value = has_difference ? value(item, 0, "difference") : 5;
      rules.push_back(std::move(line));
    } else if (name == "Renban") rules.push_back({ConstraintKind::renban, cells_from(item, 0)});
    else if (name == "Modular") rules.push_back({ConstraintKind::modular, cells_from(item, 1), value(item, 0, "modulus")});
    else if (name == "Entropic") {
      if (size_ != 9) fail(item.offset, "Entropic lines are 9x9 only");
      rules.push_back({ConstraintKind::entropic, cells_from(item, 0)});
    } else if (name == "RegionSumLine") rules.push_back({ConstraintKind::region_sum_line, cells_from(item, 0)});
    else if (name == "Between") rules.push_back({ConstraintKind::between, cells_from(item, 0)});
    else if (name == "Lunchbox") rules.push_back({ConstraintKind::lunchbox, cells_from(item, 1), value(item, 0, "sum")});
    else if (name == "SumLine") {
      // SumLine~10~R1C1~…[~LOOP]: a loop ends on its first cell again.
      if (item.args.empty()) fail(item.offset, "SumLine needs its sum and cells");
      Item line = item;
      const bool loop = line.args.back() == "LOOP";
      if (loop) {
        line.args.pop_back();
        line.arg_offsets.pop_back();
      }
      Constraint rule{ConstraintKind::sum_line, cells_from(line, 1)};
      rule.value = line.args[0].empty() ? 10 : value(line, 0, "sum");
      if (loop && rule.cells.size() > 1) rule.cells.push_back(rule.cells.front());
      rules.push_back(std::move(rule));
    } else if (name == "Lockout") {
      // Lockout~4~R1C1~…: the ends' least difference, ISS's default 4 when left empty.
      if (item.args.empty()) fail(item.offset, "Lockout needs its least difference and cells");
      Constraint line{ConstraintKind::lockout, cells_from(item, 1)};
      line.value = item.args[0].empty() ? 4 : value(item, 0, "difference");
      rules.push_back(std::move(line));
    }
    else if (name == "Palindrome") rules.push_back({ConstraintKind::palindrome, cells_from(item, 0)});
    else if (name == "Zipper") rules.push_back({ConstraintKind::zipper, cells_from(item, 0)});
    else if (name == "WhiteDot") pairs(item, puzzle, ConstraintKind::difference, 1);
    else if (name == "BlackDot") pairs(item, puzzle, ConstraintKind::ratio, 2);
    else if (name == "X") pairs(item, puzzle, ConstraintKind::xv, 10);
    else if (name == "V") pairs(item, puzzle, ConstraintKind::xv, 5);
    else if (name == "GreaterThan") pairs(item, puzzle, ConstraintKind::greater_than, std::nullopt);
    else if (name == "Quad") {
      const int corner = item.args.empty() ? -1 : cell(item, 0);
      if (corner < 0 || corner % size_ == size_ - 1 || corner / size_ == size_ - 1)
        fail(item.offset, "Quad needs the top-left cell of a 2x2 square");
      Constraint quad{ConstraintKind::quadruple, {corner, corner + 1, corner + size_, corner + size_ + 1}};
      for (std::size_t i = 1; i < item.args.size(); ++i) {
        const int digit = value(item, i, "digit");
        if (digit < 1 || digit > size_) fail(item.arg_offsets[i], "Quad digit " + std::to_string(digit) + ": the digits are 1-" + std::to_string(size_));
        quad.digits.push_back(digit);
      }
      rules.push_back(std::move(quad));
    } else if (name == "Sandwich") {
      if (item.args.size() != 2) fail(item.offset, "Sandwich takes a sum and a row or column");
      Constraint clue{ConstraintKind::sandwich, {}, value(item, 0, "sum")};
      clue.cells = line_cells(item, 1, true, clue.outside);
      rules.push_back(std::move(clue));
    } else if (name == "Indexing") {
      // Indexing~C~cells (a cell's digit v: column v of its row holds its
      // column's number) or Indexing~R~cells (the same down its column).
      if (item.args.empty() || (item.args[0] != "C" && item.args[0] != "R"))
        fail(item.offset, "Indexing takes C (columns) or R (rows), then cells");
      // One rule per indexer cell, so that a step names the cell it uses.
      for (int at : cells_from(item, 1))
        rules.push_back({item.args[0] == "C" ? ConstraintKind::column_indexer : ConstraintKind::row_indexer, {at}});
    } else if (name == "XSum") outside_pair(item, puzzle, ConstraintKind::x_sum);
    else if (name == "NumberedRoom") outside_pair(item, puzzle, ConstraintKind::numbered_room);
    else if (name == "HiddenSkyscraper") outside_pair(item, puzzle, ConstraintKind::hidden_skyscraper);
    else if (name == "GlobalEntropy") rules.push_back({ConstraintKind::global_entropy, {}});
    else if (name == "CountingCircles") rules.push_back({ConstraintKind::counting_circles, cells_from(item, 0)});
    else if (name == "Skyscraper") outside_pair(item, puzzle, ConstraintKind::skyscraper);
    else if (name == "FullRank") outside_pair(item, puzzle, ConstraintKind::full_rank);
    else if (name == "FullRankTies") {
      // none: no two numbers tie; any: clued ones may; only-unclued (ISS's default): neither kind.
      const std::string_view ties = item.args.empty() ? "" : item.args[0];
      if (ties == "none") rules.push_back({ConstraintKind::full_rank_no_ties, {}});
      else if (ties == "any") rules.push_back({ConstraintKind::full_rank_ties, {}});
      else if (ties != "only-unclued")
        fail(item.arg_offsets.empty() ? item.offset : item.arg_offsets[0],
             "FullRankTies takes none, only-unclued or any, not '" + std::string(ties) + "'");
    }
    else if (name == "Pair" || name == "PairX" || name == "Binary" || name == "BinaryX") pair_tables(item, rules);
    else if (name == "SameValues") rules.push_back({ConstraintKind::same_values, cells_from(item, 1), value(item, 0, "number of sets")});
    else if (name == "CountDistinct") rules.push_back({ConstraintKind::count_distinct, cells_from(item, 0)});
    else if (name == "RellikCage") rules.push_back({ConstraintKind::rellik_cage, cells_from(item, 1), value(item, 0, "sum")});
    else if (known_name(name)) fail(item.offset, "ISS rule '" + std::string(name) + "' is not one nonet reads (docs/variants.md)");
    else fail(item.offset, "unknown ISS rule '" + std::string(name) + "'");
  }

  // Pair~KEY~cells~~cells… (and a group's name, _name, before its cells):
  // each group's consecutive cells hold pairs the key allows; PairX every
  // two cells of a group. Binary and BinaryX are the same with ISS's older
  // key, its '-' and '_' swapped. The key is base64url, six bits a
  // character from the lowest: bit (x-1)*N + (y-1) allows x then y.
  void pair_tables(const Item& item, std::vector<Constraint>& rules) const {
    static constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    if (item.args.empty() || item.args[0].empty()) fail(item.offset, std::string(item.name) + " needs its key");
    const bool legacy = item.name.starts_with("Binary"), every_two = item.name.ends_with('X');
    std::vector<bool> bits;
    for (std::size_t i = 0; i < item.args[0].size(); ++i) {
      char c = item.args[0][i];
      if (legacy && (c == '-' || c == '_')) c = c == '-' ? '_' : '-';
      const std::size_t at = kAlphabet.find(c);
      if (at == std::string_view::npos)
        fail(item.arg_offsets[0] + i, std::string(item.name) + " key: '" + std::string(1, c) + "' is not base64url");
      for (int b = 0; b < 6; ++b) bits.push_back((at >> b & 1) != 0);
    }
    std::vector<int> digits;
    for (int x = 1; x <= size_; ++x)
      for (int y = 1; y <= size_; ++y) {
        const std::size_t at = static_cast<std::size_t>((x - 1) * size_ + (y - 1));
        if (at < bits.size() && bits[at]) {
          digits.push_back(x);
          digits.push_back(y);
        }
      }
    if (digits.empty()) fail(item.arg_offsets[0], std::string(item.name) + " key allows no pair of digits");
    std::vector<std::vector<int>> groups(1);
    for (std::size_t i = 1; i < item.args.size(); ++i) {
      if (item.args[i].empty() || item.args[i][0] == '_') {  // a group ends; a name is for display only
        if (!groups.back().empty()) groups.emplace_back();
        continue;
      }
      groups.back().push_back(cell(item, i));
    }
    if (groups.front().empty()) fail(item.offset, std::string(item.name) + " needs cells");
    for (std::vector<int>& group : groups)
      if (group.size() >= 2)  // one cell has no pair to keep
        rules.push_back({every_two ? ConstraintKind::pair_table_all : ConstraintKind::pair_table, std::move(group),
                         std::nullopt, 0, digits});
  }

  std::vector<Item> items_;
  int size_ = 9;
  bool no_boxes_ = false;
  std::string_view jigsaw_;
  std::size_t jigsaw_offset_ = 0;
};

// ---- Killer text formats ----------------------------------------------------

constexpr std::string_view kPointers = "<>^v`',.";

bool is_short_killer(std::string_view text) {
  if (text.size() != 81 || text.find_first_of("<>^v`',") == std::string_view::npos) return false;
  return std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'j') ||
           kPointers.find(c) != std::string_view::npos;
  });
}

int sum_of_char(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'j') return c - 'a' + 36;
  return -1;
}

Puzzle read_short_killer(std::string_view text) {
  // Each cell points to a neighbour in its cage; the cell that points nowhere holds the sum.
  std::array<int, 81> next{};
  for (int i = 0; i < 81; ++i) {
    int to = i;
    switch (text[i]) {
      case 'v': to = i + 9; break;
      case '^': to = i - 9; break;
      case '<': to = i - 1; break;
      case '>': to = i + 1; break;
      case '`': to = i - 10; break;
      case '\'': to = i - 8; break;
      case ',': to = i + 8; break;
      case '.': to = i + 10; break;
      default: break;
    }
    const int dc = to % 9 - i % 9;
    if (to < 0 || to >= 81 || dc < -1 || dc > 1) fail(static_cast<std::size_t>(i), "points outside the grid");
    next[i] = to;
  }
  std::map<int, std::vector<int>> cages;
  for (int i = 0; i < 81; ++i) {
    int head = i;
    for (int steps = 0; next[head] != head; ++steps) {
      if (steps > 81) fail(static_cast<std::size_t>(i), "the cage's arrows go round in a loop");
      head = next[head];
    }
    if (sum_of_char(text[head]) >= 0) cages[head].push_back(i);
  }
  Puzzle puzzle{make_geometry(VariantSpec{}, 9), Grid(81, 0), ""};
  for (auto& [head, cells] : cages) {  // a sum of 0: a cage without one
    Constraint cage{ConstraintKind::killer_cage, std::move(cells)};
    if (sum_of_char(text[head]) > 0) cage.value = sum_of_char(text[head]);
    puzzle.constraints.push_back(std::move(cage));
  }
  return puzzle;
}

Puzzle read_long_killer(std::string_view text) {
  std::vector<std::string_view> parts;
  std::vector<std::size_t> offsets;
  for (std::size_t begin = 0;;) {
    const std::size_t end = std::min(text.find(':', begin), text.size());
    parts.push_back(text.substr(begin, end - begin));
    offsets.push_back(begin);
    if (end == text.size()) break;
    begin = end + 1;
  }
  if (parts.size() == 81 + 4 && parts.back().empty()) parts.pop_back();  // a closing ':' is optional
  if (parts.size() != 81 + 3 || parts[2] != "k")
    fail(0, "killer text 3x3:…:k: needs 81 cells after the header (found " +
                std::to_string(parts.size() < 3 ? 0 : parts.size() - 3) + ")");
  std::map<int, Constraint> cages;
  for (int i = 0; i < 81; ++i) {
    const int value = number(parts[3 + i], offsets[3 + i], "cell");
    const int cage = value % 256, sum = value / 256;
    if (sum == 0) continue;
    auto [it, added] = cages.emplace(cage, Constraint{ConstraintKind::killer_cage, {}, sum});
    if (!added && it->second.value != sum) fail(offsets[3 + i], "cage " + std::to_string(cage) + " has two sums");
    it->second.cells.push_back(i);
  }
  Puzzle puzzle;
  puzzle.geometry = make_geometry(VariantSpec{parts[1] == "d" ? "diagonal" : "classic", 9, {}}, 9);
  puzzle.cells.assign(81, 0);
  for (auto& [id, cage] : cages) puzzle.constraints.push_back(std::move(cage));
  return puzzle;
}

}  // namespace

bool looks_like_iss_text(std::string_view text) {
  // 3x3:d:k:…; a Solo game id starts 3x3: too, but has no second ':'.
  if (is_short_killer(text) || (text.starts_with("3x3:") && text.find(':', 4) != std::string_view::npos)) return true;
  if (text.size() < 2 || text[0] != '.') return false;
  // .~R1C1_5… or .Name~… or .Name. with a name ISS has (a 16×16 line ".AB.3…"
  // is not one); ISS may start with an empty item ("..Cage~…").
  std::size_t start = text.find_first_not_of('.');
  if (start == std::string_view::npos) return false;
  if (text[start] == '~') return true;
  std::size_t end = start;
  while (end < text.size() && std::isalpha(static_cast<unsigned char>(text[end]))) ++end;
  if (end == start) return false;
  // No other format writes '~': any .Name~ is ISS's (an unknown name is then refused by name).
  if (end < text.size() && text[end] == '~') return true;
  return known_name(text.substr(start, end - start)) && (end == text.size() || text[end] == '.');
}

Puzzle read_iss_text(std::string_view text) {
  if (is_short_killer(text)) return read_short_killer(text);
  if (text.starts_with("3x3:")) return read_long_killer(text);
  return IssReader(text).read();
}

}  // namespace nonet::detail
