// Geometry: the houses of each variant, and the per-cell tables derived from
// them once (the houses a cell is in, and its peers).
#include <algorithm>
#include <mutex>
#include <cctype>
#include <cmath>
#include <string>

#include "core/contract.hpp"
#include "nonet/model.hpp"

namespace nonet {

namespace {

std::vector<House> rows_and_columns(int size) {
  std::vector<House> houses;
  for (int r = 0; r < size; ++r) {
    House row{HouseKind::row, r + 1, {}};
    for (int c = 0; c < size; ++c) row.cells.push_back(r * size + c);
    houses.push_back(std::move(row));
  }
  for (int c = 0; c < size; ++c) {
    House column{HouseKind::column, c + 1, {}};
    for (int r = 0; r < size; ++r) column.cells.push_back(r * size + c);
    houses.push_back(std::move(column));
  }
  return houses;
}

// Region label per cell for boxes of box_rows × box_cols.
std::vector<int> box_regions(int box_rows, int box_cols) {
  const int size = box_rows * box_cols;
  std::vector<int> regions(size * size);
  const int boxes_per_band = size / box_cols;
  for (int cell = 0; cell < size * size; ++cell) {
    const int r = cell / size, c = cell % size;
    regions[cell] = (r / box_rows) * boxes_per_band + c / box_cols;
  }
  return regions;
}

// One house per region label, in label order.
void add_region_houses(std::vector<House>& houses, const std::vector<int>& regions, int size,
                       HouseKind kind) {
  std::vector<House> pieces(size);
  for (int i = 0; i < size; ++i) pieces[i] = House{kind, i + 1, {}};
  for (int cell = 0; cell < static_cast<int>(regions.size()); ++cell)
    pieces[regions[cell]].cells.push_back(cell);
  for (auto& piece : pieces) houses.push_back(std::move(piece));
}

void check_box_shape(int box_rows, int box_cols) {
  if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > kMaxSize || box_rows * box_cols < 2)
    throw GeometryError("box shape " + std::to_string(box_rows) + "x" + std::to_string(box_cols) +
                        " is not supported (size must be 2.." + std::to_string(kMaxSize) + ")");
}

}  // namespace

std::string house_name(const House& house) {
  switch (house.kind) {
    case HouseKind::row: return "row " + std::to_string(house.index);
    case HouseKind::column: return "column " + std::to_string(house.index);
    case HouseKind::box: return "box " + std::to_string(house.index);
    case HouseKind::diagonal: return "diagonal";
    case HouseKind::anti_diagonal: return "anti-diagonal";
    case HouseKind::window: return "window " + std::to_string(house.index);
    case HouseKind::region: return "region " + std::to_string(house.index);
    case HouseKind::extra_region: return "extra region " + std::to_string(house.index);
    case HouseKind::disjoint_group: return "disjoint group " + std::to_string(house.index);
  }
  return "house";
}

Geometry::Geometry(std::string variant, int size, std::vector<House> houses, std::vector<int> regions)
    : variant_(std::move(variant)), size_(size), houses_(std::move(houses)), regions_(std::move(regions)) {
  // Every variant is N×N, N within 2..kMaxSize, with a region label per cell.
  NONET_EXPECTS(size_ >= 2 && size_ <= kMaxSize);
  NONET_EXPECTS(regions_.size() == static_cast<std::size_t>(cell_count()));
  derive_cell_tables();
}

void Geometry::derive_cell_tables() {
  intersections_.clear();
  const int cells = cell_count();
  std::vector<std::vector<int>> houses_of_cell(cells);
  for (int h = 0; h < static_cast<int>(houses_.size()); ++h)
    for (int cell : houses_[h].cells) houses_of_cell[cell].push_back(h);
  cell_houses_.clear();
  position_in_house_.clear();
  peers_.clear();
  cell_house_start_.assign(1, 0);
  peer_start_.assign(1, 0);
  std::vector<int> seen(cells, -1);
  for (int cell = 0; cell < cells; ++cell) {
    for (int h : houses_of_cell[cell]) {
      cell_houses_.push_back(h);
      const auto& members = houses_[h].cells;
      position_in_house_.push_back(static_cast<int>(std::find(members.begin(), members.end(), cell) - members.begin()));
      for (int other : members)
        if (other != cell && seen[other] != cell) {
          seen[other] = cell;
          peers_.push_back(other);
        }
    }
    std::sort(peers_.begin() + peer_start_.back(), peers_.end());
    cell_house_start_.push_back(static_cast<int>(cell_houses_.size()));
    peer_start_.push_back(static_cast<int>(peers_.size()));
  }
  derive_cell_bits();
  derive_intersections();
}

void Geometry::derive_cell_bits() {
  cell_words_ = (cell_count() + 63) / 64;
  const auto set = [](std::uint64_t* words, int cell) { words[cell >> 6] |= std::uint64_t{1} << (cell & 63); };
  peer_bits_.assign(static_cast<std::size_t>(cell_count()) * cell_words_, 0);
  for (int cell = 0; cell < cell_count(); ++cell)
    for (int peer : peers_of(cell)) set(&peer_bits_[static_cast<std::size_t>(cell) * cell_words_], peer);
  house_bits_.assign(houses_.size() * cell_words_, 0);
  for (std::size_t h = 0; h < houses_.size(); ++h)
    for (int cell : houses_[h].cells) set(&house_bits_[h * cell_words_], cell);
  crossing_.assign(houses_.size() * houses_.size(), 0);
  for (std::size_t h = 0; h < houses_.size(); ++h)
    for (std::size_t i = 0; i < houses_[h].cells.size(); ++i)
      for (int other : houses_of(houses_[h].cells[i])) crossing_[h * houses_.size() + other] |= Mask{1} << i;
}

void Geometry::derive_intersections() {
  std::vector<char> in_first(cell_count());
  for (int a = 0; a < static_cast<int>(houses_.size()); ++a) {
    std::fill(in_first.begin(), in_first.end(), 0);
    for (int cell : houses_[a].cells) in_first[cell] = 1;
    for (int b = a + 1; b < static_cast<int>(houses_.size()); ++b) {
      Intersection meet{a, b, {}, {}, {}};
      for (int cell : houses_[b].cells) (in_first[cell] ? meet.shared : meet.second_only).push_back(cell);
      if (meet.shared.size() < 2) continue;
      for (int cell : houses_[a].cells)
        if (std::find(meet.shared.begin(), meet.shared.end(), cell) == meet.shared.end())
          meet.first_only.push_back(cell);
      intersections_.push_back(std::move(meet));
    }
  }
}

std::optional<std::pair<int, int>> Geometry::box_shape(int size) {
  if (size < 2 || size > kMaxSize) return std::nullopt;
  for (int r = static_cast<int>(std::sqrt(static_cast<double>(size))); r >= 2; --r)
    if (size % r == 0) return std::pair{r, size / r};
  return std::nullopt;
}

Geometry Geometry::classic(int box_rows, int box_cols) {
  check_box_shape(box_rows, box_cols);
  const int size = box_rows * box_cols;
  auto regions = box_regions(box_rows, box_cols);
  auto houses = rows_and_columns(size);
  add_region_houses(houses, regions, size, HouseKind::box);
  Geometry geometry("classic", size, std::move(houses), std::move(regions));
  geometry.box_rows_ = box_rows;
  geometry.box_cols_ = box_cols;
  return geometry;
}

Geometry Geometry::diagonal(int box_rows, int box_cols) {
  Geometry geometry = classic(box_rows, box_cols);
  const int size = geometry.size_;
  auto houses = geometry.houses_;
  houses.push_back(diagonal_house(size, HouseKind::diagonal));
  houses.push_back(diagonal_house(size, HouseKind::anti_diagonal));
  Geometry result("diagonal", size, std::move(houses), geometry.regions_);
  result.box_rows_ = box_rows;
  result.box_cols_ = box_cols;
  result.has_diagonals_ = true;
  return result;
}

House Geometry::diagonal_house(int size, HouseKind kind) {
  House house{kind, 1, {}};
  for (int i = 0; i < size; ++i) house.cells.push_back(i * size + (kind == HouseKind::diagonal ? i : size - 1 - i));
  return house;
}

std::vector<House> Geometry::windoku_windows(int box_rows, int box_cols) {
  const int size = box_rows * box_cols;
  std::vector<House> windows;
  // A window stays off the far edge as off the near one (ISS: start + box < N).
  for (int top = 1; top + box_rows < size; top += box_rows + 1)
    for (int left = 1; left + box_cols < size; left += box_cols + 1) {
      House window{HouseKind::window, static_cast<int>(windows.size()) + 1, {}};
      for (int r = top; r < top + box_rows; ++r)
        for (int c = left; c < left + box_cols; ++c) window.cells.push_back(r * size + c);
      windows.push_back(std::move(window));
    }
  return windows;
}

std::vector<House> Geometry::disjoint_groups(int size, std::span<const int> region_of_cell) {
  std::vector<House> groups;
  for (int p = 0; p < size; ++p) groups.push_back(House{HouseKind::disjoint_group, p + 1, {}});
  std::vector<int> seen(size, 0);
  for (int cell = 0; cell < size * size; ++cell) groups[seen[region_of_cell[cell]]++].cells.push_back(cell);
  return groups;
}

Geometry Geometry::windoku(int box_rows, int box_cols) {
  Geometry base = classic(box_rows, box_cols);
  auto houses = base.houses_;
  auto windows = windoku_windows(box_rows, box_cols);
  if (windows.empty())
    throw GeometryError("windoku needs boxes with room for a window inside the grid's edge (sizes 4 and up)");
  for (House& window : windows) houses.push_back(std::move(window));
  Geometry result("windoku", base.size_, std::move(houses), base.regions_);
  result.box_rows_ = box_rows;
  result.box_cols_ = box_cols;
  return result;
}

Geometry Geometry::jigsaw(int size, std::span<const int> region_of_cell) {
  if (size < 2 || size > kMaxSize)
    throw GeometryError("jigsaw size " + std::to_string(size) + " is not supported");
  if (static_cast<int>(region_of_cell.size()) != size * size)
    throw GeometryError("region map has " + std::to_string(region_of_cell.size()) +
                        " cells, expected " + std::to_string(size * size));
  std::vector<int> counts(size, 0);
  for (int label : region_of_cell) {
    if (label < 0 || label >= size)
      throw GeometryError("region map has " + std::to_string(size) + "x" + std::to_string(size) +
                          " cells, so it needs exactly " + std::to_string(size) +
                          " regions; found a label beyond that");
    ++counts[label];
  }
  for (int label = 0; label < size; ++label)
    if (counts[label] != size)
      throw GeometryError("region " + std::to_string(label + 1) + " has " + std::to_string(counts[label]) +
                          " cells, expected " + std::to_string(size));
  std::vector<int> regions(region_of_cell.begin(), region_of_cell.end());
  auto houses = rows_and_columns(size);
  add_region_houses(houses, regions, size, HouseKind::region);
  return Geometry("jigsaw", size, std::move(houses), std::move(regions));
}

Geometry Geometry::latin(int size) {
  if (size < 2 || size > kMaxSize) throw GeometryError("latin square size " + std::to_string(size) + " is not supported");
  // One region label for every cell: no borders inside the grid, and no box.
  return Geometry("latin", size, rows_and_columns(size), std::vector<int>(static_cast<std::size_t>(size) * size, 0));
}

Geometry Geometry::with_houses(const Geometry& base, std::vector<House> more) {
  auto houses = base.houses_;
  const int size = base.size_;
  bool diagonals = base.has_diagonals_;
  for (House& house : more) {
    // The writers take rows, columns, boxes and regions from the base (its
    // variant, its region layout): one more of them would be lost there.
    if (house.kind == HouseKind::row || house.kind == HouseKind::column || house.kind == HouseKind::box ||
        house.kind == HouseKind::region)
      throw GeometryError(house_name(house) + ": a house added to a grid is an extra region, a diagonal, a window or a disjoint group");
    std::vector<int> cells = house.cells;
    std::sort(cells.begin(), cells.end());
    if (static_cast<int>(cells.size()) != size || std::adjacent_find(cells.begin(), cells.end()) != cells.end() ||
        cells.front() < 0 || cells.back() >= size * size)
      throw GeometryError(house_name(house) + " must have " + std::to_string(size) + " different cells of the grid");
    const bool known = std::any_of(houses.begin(), houses.end(), [&](const House& old) {
      std::vector<int> old_cells = old.cells;
      std::sort(old_cells.begin(), old_cells.end());
      return old_cells == cells;
    });
    if (known) continue;
    diagonals = diagonals || house.kind == HouseKind::diagonal || house.kind == HouseKind::anti_diagonal;
    houses.push_back(std::move(house));
  }
  Geometry result(base.variant_, size, std::move(houses), base.regions_);
  result.box_rows_ = base.box_rows_;
  result.box_cols_ = base.box_cols_;
  result.has_diagonals_ = diagonals;
  return result;
}

std::string Geometry::cell_name(int cell) const {
  NONET_EXPECTS(cell >= 0 && cell < cell_count());
  // Appended piece by piece: g++ 12 warns falsely on "r" + std::to_string(...).
  std::string name = "r";
  name += std::to_string(row_of(cell) + 1);
  name += 'c';
  name += std::to_string(column_of(cell) + 1);
  return name;
}

std::vector<std::string> variant_names() { return {"classic", "diagonal", "windoku", "jigsaw", "latin"}; }

std::vector<int> parse_region_map(const std::string& text) {
  // Labels are taken in order of first appearance, so any alphabet works
  // ("111222333…", "aaabbbccc…", "0001112…").
  std::vector<int> regions;
  std::vector<int> label_of(256, -1);
  int next_label = 0;
  for (unsigned char ch : text) {
    if (std::isspace(ch) || ch == '|' || ch == '-' || ch == '+') continue;
    if (!std::isalnum(ch))
      throw GeometryError(std::string("region map: character '") + static_cast<char>(ch) +
                          "' is not a region label (use 1-9, A-Z, a-z or 0)");
    if (label_of[ch] < 0) label_of[ch] = next_label++;
    regions.push_back(label_of[ch]);
  }
  const int size = static_cast<int>(std::lround(std::sqrt(static_cast<double>(regions.size()))));
  if (regions.empty() || size * size != static_cast<int>(regions.size()))
    throw GeometryError("region map has " + std::to_string(regions.size()) +
                        " labels, which is not N×N for any N");
  if (next_label != size)
    throw GeometryError("region map has " + std::to_string(next_label) + " regions, expected " +
                        std::to_string(size));
  return regions;
}

namespace {

std::shared_ptr<const Geometry> build_geometry(const VariantSpec& spec, int size) {
  if (spec.name == "jigsaw") {
    if (spec.regions.empty()) throw GeometryError("variant jigsaw needs a region map (--regions)");
    return std::make_shared<const Geometry>(Geometry::jigsaw(size, spec.regions));
  }
  if (spec.name == "latin") return std::make_shared<const Geometry>(Geometry::latin(size));
  if (spec.name != "classic" && spec.name != "diagonal" && spec.name != "windoku")
    throw GeometryError("unknown variant '" + spec.name + "' (expected classic, diagonal, windoku, jigsaw or latin)");
  auto shape = Geometry::box_shape(size);
  if (!shape)
    throw GeometryError("size " + std::to_string(size) + " has no box shape (a grid of rows and columns only is --variant latin)");
  if (spec.name == "windoku") return std::make_shared<const Geometry>(Geometry::windoku(shape->first, shape->second));
  return std::make_shared<const Geometry>(spec.name == "diagonal" ? Geometry::diagonal(shape->first, shape->second)
                                                                  : Geometry::classic(shape->first, shape->second));
}

// Geometries are immutable and cost far more to build (peers, intersections,
// bit tables) than to solve an easy puzzle on, so each one is built once and
// shared: a call of the C API or a record of a batch finds it here. Jigsaw
// layouts are many: the cache keeps the latest kMaxShapes, and none over
// 25×25 (a 64×64 geometry takes megabytes, and its puzzles seconds).
struct GeometryKey {
  std::string name;
  int size;
  std::vector<int> regions;
};

constexpr std::size_t kMaxShapes = 64;
constexpr int kLargestCached = 25;

class GeometryCache {
 public:
  std::shared_ptr<const Geometry> get(const VariantSpec& spec, int size) {
    // Each thread first checks the geometry it used last: no lock on the common path.
    thread_local GeometryKey last_key{"", 0, {}};
    thread_local std::shared_ptr<const Geometry> last;
    if (last && last_key.size == size && last_key.name == spec.name && last_key.regions == spec.regions) return last;
    std::shared_ptr<const Geometry> found = shared(spec, size);
    last_key = GeometryKey{spec.name, size, spec.regions};
    last = found;
    return found;
  }

 private:
  std::shared_ptr<const Geometry> shared(const VariantSpec& spec, int size) {
    {
      std::lock_guard lock(mutex_);
      for (const auto& [key, geometry] : entries_)
        if (key.size == size && key.name == spec.name && key.regions == spec.regions) return geometry;
    }
    auto built = build_geometry(spec, size);  // outside the lock: a 64×64 geometry takes a while
    std::lock_guard lock(mutex_);
    if (entries_.size() >= kMaxShapes) entries_.erase(entries_.begin());
    entries_.emplace_back(GeometryKey{spec.name, size, spec.regions}, built);
    return built;
  }

  std::mutex mutex_;
  std::vector<std::pair<GeometryKey, std::shared_ptr<const Geometry>>> entries_;
};

}  // namespace

std::shared_ptr<const Geometry> make_geometry(const VariantSpec& spec, int size) {
  if (spec.size != 0 && spec.size != size)
    throw GeometryError("puzzle has size " + std::to_string(size) + ", expected " + std::to_string(spec.size));
  if (size > kLargestCached) return build_geometry(spec, size);
  static GeometryCache cache;
  return cache.get(spec, size);
}

}  // namespace nonet
