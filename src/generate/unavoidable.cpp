#include "unavoidable.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace nonet::detail {

namespace {
using ByteFlags = std::int8_t __attribute__((vector_size(16)));  // -1 or 0 per byte

// Bit i set when byte i is -1.
inline std::uint64_t bits_of(ByteFlags flags) {
#if defined(__SSE2__)
  return static_cast<std::uint64_t>(_mm_movemask_epi8(reinterpret_cast<__m128i>(flags)));
#else
  std::uint64_t bits = 0;
  for (int i = 0; i < 16; ++i) bits |= std::uint64_t{flags[i] != 0} << i;
  return bits;
#endif
}

// Sets of 4 and 6 cells: cycles of 2 and 3 positions (add_line_pairs).
// Longer cycles make larger sets, which a carving rarely empties: they cost
// more to find than they save (measured: docs/journal/2026-measurements-in-code.md).
constexpr int kLongestCycle = 3;
}  // namespace

UnavoidableSets::UnavoidableSets(const Geometry& geometry, bool generic)
    : geometry_(geometry), size_(geometry.size()), boxes_only_(!generic && geometry.variant() == "classic"),
      bytes_(!generic) {
  other_start_.push_back(0);
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    for (int house : geometry.houses_of(cell)) {
      const HouseKind kind = geometry.houses()[house].kind;
      if (kind != HouseKind::row && kind != HouseKind::column) other_houses_.push_back(house);
    }
    other_start_.push_back(static_cast<int>(other_houses_.size()));
  }
  // Cells with the same other houses get the same id: the first such cell.
  const auto others = [&](int cell) {
    return std::span(other_houses_.data() + other_start_[cell], other_houses_.data() + other_start_[cell + 1]);
  };
  std::vector<int> firsts;
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    const auto same = std::ranges::find_if(firsts, [&](int first) { return std::ranges::equal(others(first), others(cell)); });
    others_id_.push_back(same == firsts.end() ? cell : *same);
    if (same == firsts.end()) firsts.push_back(cell);
  }
  for (const House& house : geometry.houses()) {
    if (house.kind == HouseKind::row) rows_.insert(rows_.end(), house.cells.begin(), house.cells.end());
    if (house.kind == HouseKind::column) columns_.insert(columns_.end(), house.cells.begin(), house.cells.end());
  }
}

void UnavoidableSets::build(const Grid& solution) {
  cells_.clear();
  start_.assign(1, 0);
  // A cycle of two positions is a rectangle: the same four cells for its two
  // rows as for its two columns, so the columns skip them.
  add_line_pairs(solution, rows_, true);
  add_line_pairs(solution, columns_, false);
  index_cells();
  fill();
}

// The sets of each cell, by counting then placing.
void UnavoidableSets::index_cells() {
  const int cells = geometry_.cell_count();
  cell_start_.assign(cells + 1, 0);
  for (int cell : cells_) ++cell_start_[cell + 1];
  for (int cell = 0; cell < cells; ++cell) cell_start_[cell + 1] += cell_start_[cell];
  cell_sets_.resize(cells_.size());
  next_.assign(cell_start_.begin(), cell_start_.end() - 1);
  for (std::size_t set = 0; set + 1 < start_.size(); ++set)
    for (int k = start_[set]; k < start_[set + 1]; ++k) cell_sets_[next_[cells_[k]]++] = static_cast<int>(set);
}

void UnavoidableSets::fill() {
  givens_.resize(size());
  for (std::size_t set = 0; set < size(); ++set) givens_[set] = start_[set + 1] - start_[set];
}

bool UnavoidableSets::empties(std::span<const int> cells) const {
  if (cells.size() == 1)  // no symmetry: a set whose last given this is
    return std::ranges::any_of(sets_of(cells[0]), [&](int set) { return givens_[set] <= 1; });
  for (int cell : cells) {
    for (int set : sets_of(cell)) {
      // Every removed cell in this set counts against it (an orbit may put several there).
      int inside = 0;
      for (int other : cells) {
        const auto members = sets_of(other);
        inside += std::find(members.begin(), members.end(), set) != members.end();
      }
      if (givens_[set] <= inside) return true;
    }
  }
  return false;
}

void UnavoidableSets::remove(std::span<const int> cells) {
  for (int cell : cells)
    for (int set : sets_of(cell)) --givens_[set];
}

void UnavoidableSets::add_line_pairs(const Grid& solution, const std::vector<int>& lines, bool two_cycles) {
  const int size = size_;
  const std::size_t line_count = lines.size() / size;
  digit_at_.resize(lines.size());
  position_of_.resize(line_count * (size + 1));
  for (std::size_t line = 0; line < line_count; ++line)
    for (int i = 0; i < size; ++i) {
      const int digit = solution[lines[line * size + i]];
      digit_at_[line * size + i] = digit;
      position_of_[line * (size + 1) + digit] = i;
    }
  const bool in_bytes = bytes_ && size <= 16;
  if (in_bytes) {
    line_bytes_.resize(2 * line_count);
    for (std::size_t line = 0; line < line_count; ++line) {
      LineBytes& digits = line_bytes_[2 * line];
      LineBytes& positions = line_bytes_[2 * line + 1];
      digits.fill(0);
      positions.fill(0);
      for (int i = 0; i < size; ++i) {
        digits[i] = static_cast<std::uint8_t>(digit_at_[line * size + i] - 1);
        positions[digit_at_[line * size + i] - 1] = static_cast<std::uint8_t>(i);
      }
    }
  }
  for (std::size_t a = 0; a < line_count; ++a) {
    for (std::size_t b = a + 1; b < line_count; ++b) {
      const ShortCycles starts =
          in_bytes ? short_cycles(line_bytes_[2 * a], line_bytes_[2 * b + 1], size)
                   : short_cycles(&digit_at_[a * size], &position_of_[b * (size + 1)], size);
      const auto next = [&](int at) { return position_of_[b * (size + 1) + digit_at_[a * size + at]]; };
      if (two_cycles)
        for (std::uint64_t bits = starts.two; bits != 0; bits &= bits - 1) {
          const int start = std::countr_zero(bits);
          add_cycle(solution, lines, a, b, {start, next(start)});
        }
      for (std::uint64_t bits = starts.three; bits != 0; bits &= bits - 1) {
        const int start = std::countr_zero(bits);
        add_cycle(solution, lines, a, b, {start, next(start), next(next(start))});
      }
    }
  }
}

// Position i of line a goes to where its digit sits in line b; the cycles
// of 2 and 3 positions are wanted, each once, from its smallest position.
// Three steps from every position, then one test: few positions start a
// short cycle, and branching on each step mispredicts often.
UnavoidableSets::ShortCycles UnavoidableSets::short_cycles(const int* digits, const int* position, int size) {
  ShortCycles starts;
  const auto next = [&](int at) { return position[digits[at]]; };
  for (int start = 0; start < size; ++start) {
    const int second = next(start), third = next(second), fourth = next(third);
    starts.two |= std::uint64_t{third == start && second > start} << start;
    starts.three |= std::uint64_t{fourth == start && second > start && third > start} << start;
  }
  return starts;
}

// The same for lines of at most 16 cells, all positions at once: a line's
// digits (0-based) by position and its positions by digit as byte vectors,
// so each step is one byte shuffle (pshufb where the CPU has it; the
// resolver picks the build at load time). clang wants the clones named at
// the first declaration; its builds (fuzzing) make do with the default one.
// Nor under ThreadSanitizer: g++ 12 instruments the resolver, which the
// dynamic loader runs before TSan's runtime is up, and the program crashes.
#if defined(__x86_64__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
[[gnu::target_clones("avx2", "default")]]
#endif
UnavoidableSets::ShortCycles UnavoidableSets::short_cycles(const LineBytes& digits_a, const LineBytes& positions_b,
                                                           int size) {
  using Bytes = std::uint8_t __attribute__((vector_size(16)));
  Bytes digits, positions;
  std::memcpy(&digits, digits_a.data(), 16);
  std::memcpy(&positions, positions_b.data(), 16);
  const Bytes at = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  // g++'s __builtin_shuffle takes a mask that varies; clang (the fuzz build)
  // has no such builtin and gets the same lookup lane by lane.
  const auto shuffle = [](Bytes table, Bytes index) {
#if defined(__clang__)
    Bytes out;
    for (int lane = 0; lane < 16; ++lane) out[lane] = table[index[lane] & 15];
    return out;
#else
    return __builtin_shuffle(table, index);
#endif
  };
  const Bytes second = shuffle(positions, digits);
  const Bytes third = shuffle(second, second);
  const Bytes fourth = shuffle(second, third);
  const ByteFlags forward = second > at;
  const ByteFlags two = (third == at) & forward, three = (fourth == at) & forward & (third > at);
  const std::uint64_t lanes = (std::uint64_t{1} << size) - 1;
  return {bits_of(two) & lanes, bits_of(three) & lanes};
}

// The cycle's positions in lines a and b, kept as a set when swapping the two
// lines' digits on it keeps every other house valid.
void UnavoidableSets::add_cycle(const Grid& solution, const std::vector<int>& lines, std::size_t a, std::size_t b,
                                std::initializer_list<int> positions) {
  int cells[kLongestCycle], partner[kLongestCycle], length = 0;
  for (int at : positions) {
    cells[length] = lines[a * size_ + at];
    partner[length++] = lines[b * size_ + at];
  }
  if (!swap_keeps_houses(solution, std::span(cells, length), std::span(partner, length))) return;
  cells_.insert(cells_.end(), cells, cells + length);
  cells_.insert(cells_.end(), partner, partner + length);
  start_.push_back(static_cast<int>(cells_.size()));
}

// Swapping the digits of cells[i] and partner[i] gives another valid grid
// when every house keeps its digits: the digits that leave each house are
// the ones that enter it. A house holds each digit once, so the sum of the
// leaving digits' bits equals that of the entering ones exactly then.
bool UnavoidableSets::swap_keeps_houses(const Grid& solution, std::span<const int> cells,
                                        std::span<const int> partner) {
  // The two lines and the lines crossing them keep their digits by
  // construction: only the other houses are looked at. Where each cell and
  // its partner share them all (two rows of one band, on classic grids), the
  // digits only move inside them.
  // Likewise where each line's cells share them (one box each): the cycle's
  // digits go round inside each. On classic grids of any box shape these are
  // the only swaps that work (a box of one line that loses part of the
  // cycle's digits gets the rest).
  bool shared = true, within_sides = true;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    shared = shared && others_id_[cells[i]] == others_id_[partner[i]];
    within_sides = within_sides && others_id_[cells[i]] == others_id_[cells[0]] &&
                   others_id_[partner[i]] == others_id_[partner[0]];
  }
  if (shared || within_sides) return true;
  if (boxes_only_) return false;
  // Each (house, bits entering less bits leaving) of the moved cells; a
  // house's entries must add up to 0 (modulo 2^64: two sums of distinct
  // bits, each below 2^64, are equal exactly then). A few dozen entries at
  // most, so the houses are matched pairwise.
  moves_.clear();
  const auto move = [&](int cell, int new_digit) {
    for (int k = other_start_[cell]; k < other_start_[cell + 1]; ++k)
      moves_.push_back({other_houses_[k], digit_bit(new_digit) - digit_bit(solution[cell])});
  };
  for (std::size_t i = 0; i < cells.size(); ++i) {
    move(cells[i], solution[partner[i]]);
    move(partner[i], solution[cells[i]]);
  }
  for (const auto& [house, _] : moves_) {
    Mask balance = 0;
    for (const auto& [other, change] : moves_) balance += other == house ? change : 0;
    if (balance != 0) return false;
  }
  return true;
}

}  // namespace nonet::detail
