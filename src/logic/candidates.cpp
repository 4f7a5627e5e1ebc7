// The pencil-mark state, its text forms, and the text / JSON rendering of a
// Step. A CandidateGrid holds, per cell, either a value or the mask of digits
// still possible there (digit d is bit d-1, as everywhere in nonet).
//
//   r1c1 = 5          values_[0] = 5, candidates_[0] = 0
//   r1c2 = {1,2,7}    values_[1] = 0, candidates_[1] = 0b1000011
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <sstream>

#include "internal.hpp"

namespace nonet {

CandidateGrid::CandidateGrid(const Puzzle& puzzle)
    : geometry_(puzzle.geometry),
      values_(puzzle.cells),
      candidates_(puzzle.geometry->cell_count(), all_digits(puzzle.geometry->size())) {
  set_constraints(puzzle.constraints);
  for (int cell = 0; cell < geometry_->cell_count(); ++cell) {
    if (values_[cell] == 0) continue;
    candidates_[cell] = 0;
    for (int peer : geometry_->peers_of(cell)) candidates_[peer] &= ~digit_bit(values_[cell]);
  }
}

const std::vector<Constraint>& CandidateGrid::constraints() const {
  static const std::vector<Constraint> none;
  return constraints_ ? *constraints_ : none;
}

void CandidateGrid::set_constraints(std::vector<Constraint> constraints) {
  if (constraints.empty()) constraints_.reset();
  else constraints_ = std::make_shared<const std::vector<Constraint>>(std::move(constraints));
}

CandidateGrid::CandidateGrid(std::shared_ptr<const Geometry> geometry, Grid values,
                             std::vector<Mask> candidates)
    : geometry_(std::move(geometry)), values_(std::move(values)), candidates_(std::move(candidates)) {
  for (int cell = 0; cell < geometry_->cell_count(); ++cell)
    if (values_[cell] != 0) candidates_[cell] = 0;
}

bool CandidateGrid::solved() const {
  return std::none_of(values_.begin(), values_.end(), [](std::uint8_t v) { return v == 0; });
}

bool CandidateGrid::broken() const {
  const int n = size();
  // Per cell, the digits it can still take: its value's, or its candidates.
  std::vector<Mask> open(candidates_.size());
  for (std::size_t cell = 0; cell < open.size(); ++cell) {
    open[cell] = values_[cell] ? digit_bit(values_[cell]) : candidates_[cell];
    if (open[cell] == 0) return true;
  }
  for (const House& house : geometry_->houses()) {
    Mask seen = 0;
    for (int cell : house.cells) seen |= open[cell];
    if (seen != all_digits(n)) return true;
  }
  return false;
}

void CandidateGrid::place(int cell, int digit) {
  values_[cell] = static_cast<std::uint8_t>(digit);
  candidates_[cell] = 0;
  for (int peer : geometry_->peers_of(cell)) candidates_[peer] &= ~digit_bit(digit);
}

void CandidateGrid::apply(const Step& step) {
  for (const Candidate& e : step.eliminations) eliminate(e.cell, e.digit);
  for (const Candidate& p : step.placements)
    if (values_[p.cell] == 0) place(p.cell, p.digit);
}

std::string CandidateGrid::to_candidate_string() const {
  const int n = size();
  std::string out;
  for (int cell = 0; cell < geometry_->cell_count(); ++cell)
    for (int d = 1; d <= n; ++d) {
      const bool on = values_[cell] ? values_[cell] == d : has(cell, d);
      out += on ? digit_char(d) : '.';
    }
  return out;
}

std::string CandidateGrid::to_pencil_marks() const {
  const int n = size();
  std::vector<std::string> text(geometry_->cell_count());
  std::vector<std::size_t> width(n, 1);
  for (int cell = 0; cell < geometry_->cell_count(); ++cell) {
    if (values_[cell]) text[cell] = std::string(1, digit_char(values_[cell]));
    else
      for (int d = 1; d <= n; ++d)
        if (has(cell, d)) text[cell] += digit_char(d);
    width[cell % n] = std::max(width[cell % n], text[cell].size());
  }
  const int br = geometry_->box_rows() ? geometry_->box_rows() : n;
  const int bc = geometry_->box_columns() ? geometry_->box_columns() : n;
  std::string rule;
  for (int c = 0; c < n; ++c) {
    if (c % bc == 0) rule += c ? "+-" : "+-";
    rule += std::string(width[c] + 1, '-');
  }
  rule += "+\n";
  std::string out;
  for (int r = 0; r < n; ++r) {
    if (r % br == 0) out += rule;
    for (int c = 0; c < n; ++c) {
      if (c % bc == 0) out += "| ";
      const std::string& t = text[r * n + c];
      out += t + std::string(width[c] - t.size() + 1, ' ');
    }
    out += "|\n";
  }
  out += rule;
  return out;
}

CandidateGrid position_from_marks(std::shared_ptr<const Geometry> geometry, const std::vector<Mask>& masks) {
  const int cells = geometry->cell_count();
  Grid values(cells, 0);
  for (int cell = 0; cell < cells; ++cell)
    if (std::popcount(masks[cell]) == 1) values[cell] = static_cast<std::uint8_t>(std::countr_zero(masks[cell]) + 1);
  CandidateGrid grid(geometry, values, masks);
  for (int cell = 0; cell < cells; ++cell)
    if (values[cell]) grid.place(cell, values[cell]);
  return grid;
}

std::optional<CandidateGrid> parse_candidates(const std::string& text, const VariantSpec& variant) {
  // Form 1: N*N*N characters of digits and '.'/'0' once whitespace is gone.
  std::string compact;
  for (char ch : text)
    if (!std::isspace(static_cast<unsigned char>(ch))) compact += ch;
  auto try_size = [&](int n) -> std::shared_ptr<const Geometry> {
    try {
      return make_geometry(variant, n);
    } catch (const GeometryError&) {
      return nullptr;
    }
  };
  for (int n = 4; n <= 25; ++n) {
    if (static_cast<int>(compact.size()) != n * n * n) continue;
    if (variant.size && variant.size != n) continue;
    bool ok = true;
    std::vector<Mask> masks(n * n, 0);
    for (int i = 0; i < n * n * n && ok; ++i) {
      const char ch = compact[i];
      if (ch == '.' || ch == '0') continue;
      const int d = digit_of_char(ch, n);
      if (d <= 0 || d != i % n + 1) ok = false;  // each digit sits in its own column of the group
      else masks[i / n] |= digit_bit(d);
    }
    if (!ok) continue;
    auto geometry = try_size(n);
    if (!geometry) return std::nullopt;
    return position_from_marks(geometry, masks);
  }
  // Form 2: a pencil-mark grid: tokens of digits separated by borders.
  std::vector<std::string> tokens;
  std::string current;
  for (char ch : text) {
    if (std::isalnum(static_cast<unsigned char>(ch))) {
      current += ch;
    } else {
      if (!current.empty()) tokens.push_back(current);
      current.clear();
    }
  }
  if (!current.empty()) tokens.push_back(current);
  const int n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(tokens.size()))));
  if (n < 4 || n * n != static_cast<int>(tokens.size()) || (variant.size && variant.size != n))
    return std::nullopt;
  std::vector<Mask> masks(n * n, 0);
  for (int cell = 0; cell < n * n; ++cell)
    for (char ch : tokens[cell]) {
      const int d = digit_of_char(ch, n);
      if (d <= 0) return std::nullopt;
      masks[cell] |= digit_bit(d);
    }
  auto geometry = try_size(n);
  if (!geometry) return std::nullopt;
  return position_from_marks(geometry, masks);
}

double chain_length_bonus(int length) { return logic::to_rating(logic::chain_length_bonus_tenths(length)); }

namespace {
std::string candidate_list(const Geometry& geo, const std::vector<Candidate>& list, const char* op) {
  std::string out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) out += ", ";
    out += geo.cell_name(list[i].cell);
    out += op;
    out += digit_char(list[i].digit);
  }
  return out;
}
}  // namespace

std::string one_decimal(double value) {
  // std::to_chars is specified as printf's "%.1f", without its locale and cost.
  char buf[320];  // the largest double in fixed notation: 309 digits, sign, point and one decimal
  const auto end = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, 1).ptr;
  return std::string(buf, end);
}

std::string to_text(const Geometry& geo, const Step& step) {
  std::string out = step.technique;
  if (!step.detail.empty()) out += ": " + step.detail;
  out += " \u2192 ";
  std::string effects = candidate_list(geo, step.placements, "=");
  if (!step.eliminations.empty()) {
    if (!effects.empty()) effects += ", ";
    effects += candidate_list(geo, step.eliminations, "<>");
  }
  out += effects;
  out += " (" + one_decimal(step.rating) + ")";
  return out;
}

namespace logic {

void house_places(const Context& ctx, int h, Mask* out) {
  const auto& places = ctx.houses_map().places;
  std::copy_n(places.begin() + static_cast<std::ptrdiff_t>(h) * ctx.n(), ctx.n(), out);
}

Context::HousesMap map_houses(const CandidateGrid& grid) {
  const Geometry& geo = grid.geometry();
  const auto& houses = geo.houses();
  const std::size_t n = geo.size();
  const std::size_t words = static_cast<std::size_t>(geo.cell_words());
  Context::HousesMap map{std::vector<Mask>(houses.size() * n, 0), std::vector<Mask>(houses.size(), 0),
                         std::vector<Mask>(houses.size(), 0), std::vector<std::uint64_t>((houses.size() + 63) / 64, 0),
                         std::vector<std::uint64_t>(n * words, 0)};
  for (int c = 0; c < geo.cell_count(); ++c)
    for (int d : digits_of(grid.candidates(c))) map.holding[(d - 1) * words + (c >> 6)] |= std::uint64_t{1} << (c & 63);
  for (std::size_t h = 0; h < houses.size(); ++h) {
    const auto& cells = houses[h].cells;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      for (Mask m = grid.candidates(cells[i]); m; m &= m - 1) map.places[h * n + std::countr_zero(m)] |= Mask{1} << i;
      if (const int v = grid.value(cells[i])) map.placed[h] |= digit_bit(v);
    }
    for (std::size_t d = 0; d < n; ++d)
      if (bits::one_bit(map.places[h * n + d])) map.singles[h] |= Mask{1} << d;
    if (bits::one_bit(all_digits(geo.size()) & ~map.placed[h])) map.one_to_place[h >> 6] |= std::uint64_t{1} << (h & 63);
  }
  return map;
}

const Context::HousesMap& Context::map_houses() const { return *(houses_map_ = logic::map_houses(grid)); }

namespace {
// Takes `digit` (a candidate there) off `cell`'s places in each of its houses,
// noting the change; true if that leaves a house neither holding it nor with
// a place for it. Houses holding `placed_cell` (where digit is being placed:
// apply_step clears the digit's places there at once) are left alone.
bool unmap(const Geometry& geo, int cell, int digit, Context::HousesMap& map, StepChange& change,
           int placed_cell = -1) {
  const auto houses = geo.houses_of(cell);
  const auto positions = geo.positions_in_houses(cell);
  bool lost = false;
  change.digits |= digit_bit(digit);
  change.cells[cell >> 6] |= std::uint64_t{1} << (cell & 63);
  const std::size_t word = static_cast<std::size_t>((digit - 1) * geo.cell_words() + (cell >> 6));
  map.holding[word] &= ~(std::uint64_t{1} << (cell & 63));
  for (std::size_t k = 0; k < houses.size(); ++k) {
    const int h = houses[k];
    if (placed_cell >= 0 && ((geo.house_bits(h)[placed_cell >> 6] >> (placed_cell & 63)) & 1)) continue;
    Mask& places = map.places[static_cast<std::size_t>(h) * geo.size() + digit - 1];
    places &= ~(Mask{1} << positions[k]);
    if (bits::one_bit(places)) map.singles[h] |= digit_bit(digit);
    else map.singles[h] &= ~digit_bit(digit);
    lost |= places == 0 && !(map.placed[h] & digit_bit(digit));
    change.houses[h >> 6] |= std::uint64_t{1} << (h & 63);
  }
  return lost;
}
}  // namespace

bool apply_step(const Step& step, CandidateGrid& grid, Context::HousesMap& map, StepChange& change) {
  const Geometry& geo = grid.geometry();
  change.digits = 0;
  change.placed = 0;
  change.houses.assign((geo.houses().size() + 63) / 64, 0);
  change.cells.assign(static_cast<std::size_t>(geo.cell_words()), 0);
  bool broken = false;
  const auto emptied = [&](int cell) { return !grid.value(cell) && !grid.candidates(cell); };
  for (const Candidate& e : step.eliminations) {
    if (grid.has(e.cell, e.digit)) broken |= unmap(geo, e.cell, e.digit, map, change);
    grid.eliminate(e.cell, e.digit);
    broken |= emptied(e.cell);
  }
  for (const Candidate& p : step.placements) {  // one by one, as CandidateGrid::apply
    if (grid.value(p.cell)) continue;
    const Mask bit = digit_bit(p.digit);
    // The cell's houses: the digit is placed and has no place left in them.
    for (int h : geo.houses_of(p.cell)) {
      map.placed[h] |= bit;
      map.places[static_cast<std::size_t>(h) * geo.size() + p.digit - 1] = 0;
      map.singles[h] &= ~bit;
      const std::uint64_t house_bit = std::uint64_t{1} << (h & 63);
      change.houses[h >> 6] |= house_bit;
      if (bits::one_bit(all_digits(geo.size()) & ~map.placed[h])) map.one_to_place[h >> 6] |= house_bit;
      else map.one_to_place[h >> 6] &= ~house_bit;
    }
    change.digits |= bit;
    const std::size_t words = static_cast<std::size_t>(geo.cell_words());
    std::uint64_t* const holding = map.holding.data() + static_cast<std::size_t>(p.digit - 1) * words;
    if (grid.has(p.cell, p.digit)) {
      holding[p.cell >> 6] &= ~(std::uint64_t{1} << (p.cell & 63));
      change.cells[p.cell >> 6] |= std::uint64_t{1} << (p.cell & 63);
    }
    for (int d : digits_of(grid.candidates(p.cell) & ~bit)) broken |= unmap(geo, p.cell, d, map, change);
    // The peers holding the digit, from the map's cells of each digit (read
    // a word at a time before unmap clears them); their houses shared with
    // the cell are done above.
    const auto peers = geo.peer_bits(p.cell);
    for (std::size_t w = 0; w < words; ++w) {
      for (std::uint64_t rest = peers[w] & holding[w]; rest; rest &= rest - 1) {
        const int peer = static_cast<int>(w * 64) + std::countr_zero(rest);
        broken |= unmap(geo, peer, p.digit, map, change, p.cell);
        broken |= grid.candidates(peer) == bit;  // the placement takes its last candidate
      }
    }
    grid.place(p.cell, p.digit);
    ++change.placed;
  }
  return broken;
}

CellSet no_cells(const Context& ctx) { return CellSet(static_cast<std::size_t>(ctx.geo.cell_words()), 0); }

std::span<const std::uint64_t> cells_holding(const Context& ctx, int d) {
  const std::size_t words = static_cast<std::size_t>(ctx.geo.cell_words());
  const std::span<const std::uint64_t> holding(ctx.houses_map().holding);
  return holding.subspan(static_cast<std::size_t>(d - 1) * words, words);
}

std::vector<int> cells_of(std::span<const std::uint64_t> set) {
  std::vector<int> out;
  for (std::size_t w = 0; w < set.size(); ++w)
    for (int bit : bits::SetBits<>(set[w])) out.push_back(static_cast<int>(w * 64) + bit);
  return out;
}

std::vector<int> seeing_all(const Context& ctx, const std::vector<int>& cells) {
  std::vector<int> out;
  if (cells.empty()) {
    for (int x = 0; x < ctx.cells(); ++x)
      if (!ctx.grid.value(x)) out.push_back(x);
    return out;
  }
  const auto first = ctx.tables.peer_words(cells[0]);
  for (std::size_t w = 0; w < first.size(); ++w) {
    std::uint64_t word = first[w];
    for (std::size_t i = 1; i < cells.size(); ++i) word &= ctx.tables.peer_words(cells[i])[w];
    for (int bit : bits::SetBits<>(word))
      if (const int x = static_cast<int>(w * 64) + bit; !ctx.grid.value(x)) out.push_back(x);
  }
  return out;
}

Tables::Tables(const Geometry& geometry) : geometry_(geometry) {
  const std::size_t words = (geometry.houses().size() + 63) / 64;
  every_house_.assign(words, 0);
  box_like_houses_.assign(words, 0);
  line_houses_.assign(words, 0);
  for (std::size_t h = 0; h < geometry.houses().size(); ++h) {
    const std::uint64_t bit = std::uint64_t{1} << (h & 63);
    every_house_[h >> 6] |= bit;
    (box_like(geometry.houses()[h].kind) ? box_like_houses_ : line_houses_)[h >> 6] |= bit;
  }
}

void Tables::order_subset_houses() const {
  const auto subset_rank = [](HouseKind kind) {
    return kind == HouseKind::box || kind == HouseKind::region ? 0 : kind == HouseKind::column ? 1 : kind == HouseKind::row ? 2 : 3;
  };
  const auto& houses = geometry_.houses();
  subset_houses_.reserve(houses.size());
  for (int rank = 0; rank < 4; ++rank)
    for (int h = 0; h < static_cast<int>(houses.size()); ++h)
      if (subset_rank(houses[h].kind) == rank) subset_houses_.push_back(h);
}

void Tables::order_chaining_houses() const {
  const Geometry& geometry = geometry_;
  const auto chaining_rank = [&](int house) {
    const HouseKind kind = geometry.houses()[house].kind;
    return box_like(kind) ? 0 : kind == HouseKind::row ? 1 : kind == HouseKind::column ? 2 : 3;
  };
  chaining_start_.reserve(geometry.cell_count() + 1);
  chaining_houses_.reserve(geometry.houses().size() * geometry.size());
  chaining_start_.push_back(0);
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    // A handful of houses: an insertion sort, stable (houses_of() order within a rank).
    const std::size_t first = chaining_houses_.size();
    for (int house : geometry.houses_of(cell)) {
      std::size_t at = chaining_houses_.size();
      chaining_houses_.push_back(house);
      for (; at > first && chaining_rank(chaining_houses_[at - 1]) > chaining_rank(house); --at)
        chaining_houses_[at] = chaining_houses_[at - 1];
      chaining_houses_[at] = house;
    }
    chaining_start_.push_back(static_cast<int>(chaining_houses_.size()));
  }
}

std::vector<int> Tables::common_houses(int a, int b) const {
  std::vector<int> out;
  for (int h : geometry_.houses_of(a))
    for (int h2 : geometry_.houses_of(b))
      if (h == h2) out.push_back(h);
  return out;
}

int Tables::house_pos(int house, int cell) const {
  const auto houses = geometry_.houses_of(cell);
  for (std::size_t k = 0; k < houses.size(); ++k)
    if (houses[k] == house) return geometry_.positions_in_houses(cell)[k];
  return -1;
}

std::string digits_text(Mask m) {
  std::string out;
  for (int d : digits_of(m)) out += digit_char(d);
  return out;
}

std::string cells_text(const Geometry& geo, const std::vector<int>& cells) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i) out += ',';
    out += geo.cell_name(cells[i]);
  }
  return out;
}

bool add_eliminations(const Context& ctx, Step& step, const std::vector<int>& cells, Mask digits) {
  bool any = false;
  for (int cell : cells)
    for (int d : digits_of(ctx.grid.candidates(cell) & digits)) {
      bool dup = false;
      for (const Candidate& e : step.eliminations) dup |= e.cell == cell && e.digit == d;
      if (dup) continue;
      step.eliminations.push_back({cell, d});
      any = true;
    }
  return any;
}

// SE's order: the k-bit masks in increasing value (its bit permutations).
bool combinations(int n, int k, const std::function<bool(const std::vector<int>&)>& visit) {
  if (k < 0 || k > n) return false;
  std::vector<int> idx(k);
  if (k == 0) return visit(idx);  // the empty combination, once
  for (std::uint64_t mask = (std::uint64_t{1} << k) - 1; mask < (std::uint64_t{1} << n);) {
    int i = 0;
    for (std::uint64_t m = mask; m; m &= m - 1) idx[i++] = std::countr_zero(m);
    if (visit(idx)) return true;
    const std::uint64_t low = mask & -mask, ripple = mask + low;  // next mask with k bits
    mask = ripple | (((mask ^ ripple) >> 2) / low);
  }
  return false;
}

}  // namespace logic
}  // namespace nonet
