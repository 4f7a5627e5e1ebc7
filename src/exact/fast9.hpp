// The fast 9×9 engine (classic and diagonal), internal to the library.
//
// This header has two parts. The declarations below are what solve() and the
// tests and benchmarks call. The engine itself (after them) is compiled once
// per instruction set: a translation unit defines NONET_FAST9_ISA to a
// namespace name, optionally switches the compiler's target (AVX2) and says
// so to core/bitboard9_simd.hpp, and includes this header a second time. The
// engine has no instruction-set conditional: what differs between the builds
// are the vector operations it calls, each with one implementation per
// instruction set in core/bitboard9_simd.hpp. fast9.cpp picks the build that
// the CPU supports at run time, so one binary runs on any x86-64.
#ifndef NONET_FAST9_DECLARATIONS
#define NONET_FAST9_DECLARATIONS

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/bitboard9.hpp"
#include "core/bits.hpp"
#include "engine_common.hpp"
#include "nonet/exact.hpp"

namespace nonet::detail {

// True for the geometries the fast engine handles: 9×9 with 3×3 boxes,
// classic or diagonal.
bool fast9_supports(const Geometry& geometry);

// The engine's builds, from the most portable up; each later one needs more
// of the CPU (avx512: F, VL, BW and DQ, with AVX2 and BMI2).
enum class Fast9Isa { automatic, baseline, avx2, avx512 };
// The build that `automatic` picks on this CPU (never automatic).
Fast9Isa fast9_best_isa();
// Every build this CPU runs, baseline first (tests and benchmarks compare them).
std::vector<Fast9Isa> fast9_runnable_isas();
const char* to_string(Fast9Isa isa);

// How the classic variant searches. `patterns`: branching on one digit's ways
// through a band or stack, with hidden triads (the fewest nodes, at a dearer
// node). `cells`: on cells, as every release before 2026-12-04 did. The
// default, `automatic`, takes patterns for a puzzle that the first
// propagation leaves with many open cells (the hard ones), cells for the
// rest. The generator asks for cells: its seeded output is made from that
// search's first solutions and its verdicts within a node budget, and must
// not change. The diagonal variant always branches on cells.
enum class Fast9Search { automatic, patterns, cells };

// Same contract as solve_generic (count_limit, keep, counters, invalid givens),
// except options.random, which it ignores: solve() sends random solves to the
// generic engine. The geometry must satisfy fast9_supports.
SolveResult solve_fast9(const Puzzle& puzzle, const SolveOptions& options,
                        Fast9Isa isa = Fast9Isa::automatic, Fast9Search search = Fast9Search::automatic);
// The same, into `result`, reusing the storage of its solution grids: a batch
// solves puzzle after puzzle without allocating.
void solve_fast9(const Puzzle& puzzle, const SolveOptions& options, SolveResult& result,
                 Fast9Isa isa = Fast9Isa::automatic, Fast9Search search = Fast9Search::automatic);

// What one solve may do: stop at count_limit solutions (at least 1), keep
// the first `keep` grids, give up past max_nodes search nodes (0: never).
struct Fast9Limits {
  std::uint64_t count_limit = 1;
  std::size_t keep = 1;
  std::uint64_t max_nodes = 0;
  // Candidates ruled out before the search: (cell, digit 1..9) pairs, e.g.
  // a removed given's own digit, to ask whether another solution exists.
  std::span<const std::pair<int, int>> excluded = {};
  double time_limit = 0;  // seconds, 0: none (SolveOptions::time_limit)
  Fast9Search search = Fast9Search::automatic;
};

// Whether the givens have a solution avoiding every excluded candidate:
// true / false, or nullopt past max_nodes search nodes. These are the
// generator's tests, so they search on cells (Fast9Search).
std::optional<bool> fast9_has_solution(const Geometry& geometry, const Grid& givens,
                                       std::span<const std::pair<int, int>> excluded, std::uint64_t max_nodes);

// A search start its caller has set up: per digit (0..8), the cells that may
// hold it, and the cells without a given, each as bitboards (core/bitboard9.hpp). The caller vouches that the
// start is consistent: a given's cell is a candidate of its digit alone, and
// no peer of it is a candidate of that digit. The generator, which keeps
// these sets for its singles test, saves the engine reading the givens.
struct Fast9Start {
  std::array<bitboard9::Bands, 9> candidates{};
  bitboard9::Bands open{};
  // A cell to branch on first if propagation leaves it open (-1: the usual
  // choice). The generator names the removed cell on classic grids: another
  // solution differs there, and trying its other digits first takes fewer
  // nodes (Carver::another_solution).
  int first_cell = -1;
  // A digit (0..8) to settle before the others (-1: none): the generator
  // names the removed given's digit, excluded from its cell, which is where a
  // contradiction shows first when the puzzle stays unique.
  int first_digit = -1;
  // Decide at the root only: where the first propagation neither solves the
  // puzzle nor finds a contradiction, the answer is nullopt, as past
  // max_nodes, without a search. The generator takes that for "another
  // solution" where its puzzles need not be minimal: it nearly always is
  // (98 % of such tests), and finding it costs a descent of 4 or so nodes.
  bool root_only = false;
};
// As fast9_has_solution, from such a start (diagonal: the X-sudoku rules).
std::optional<bool> fast9_has_solution(const Fast9Start& start, bool diagonal, std::uint64_t max_nodes);

namespace fast9_baseline {
void solve(const Grid& givens, bool diagonal, const Fast9Limits& limits, SolveResult& result);
void solve(const Fast9Start& start, bool diagonal, const Fast9Limits& limits, SolveResult& result);
}
namespace fast9_avx2 {
void solve(const Grid& givens, bool diagonal, const Fast9Limits& limits, SolveResult& result);
void solve(const Fast9Start& start, bool diagonal, const Fast9Limits& limits, SolveResult& result);
}
namespace fast9_avx512 {
void solve(const Grid& givens, bool diagonal, const Fast9Limits& limits, SolveResult& result);
void solve(const Fast9Start& start, bool diagonal, const Fast9Limits& limits, SolveResult& result);
}

}  // namespace nonet::detail

#endif  // NONET_FAST9_DECLARATIONS

#ifdef NONET_FAST9_ISA
#include "core/bitboard9_simd.hpp"

// ---------------------------------------------------------------------------
// The engine.
//
// Data layout: the bitboards of core/bitboard9.hpp. For each digit d (0..8)
// one Bands value holds the cells where d is still possible:
//
//     candidates[d][b], bit 9·i + c  =  row 3·b + i, column c
//
// A cell's index 0..80 is 27·b + bit. A digit's three band words, with a
// fourth lane that stays 0, form one 128-bit value (Bands), so "this cell
// loses every digit", the per-cell once/twice counters over the nine digits
// and "has this digit changed" are a few vector operations for all three bands
// at once. unplaced (same lanes) marks the cells that hold no digit yet; a
// placed cell keeps exactly its own digit. The nine words and unplaced lie
// back to back, so placing clears the cell from all ten with five 256-bit
// steps. The board is 320 bytes, so the search copies it (in 32-byte moves)
// for each branch instead of keeping an undo log.
//
// Two views of one digit's three words do most of the work:
//   * rows × boxes of a band: the 3×3 pattern of (row, box) segments that
//     still hold the digit (each 3-cell segment folded to one bit);
//   * bands × columns of a stack: fold each band's three rows onto one
//     (w | w>>9 | w>>18); a stack is then a 3×3 pattern of (band, column).
// In both, each line (a row; a band) holds the digit in exactly one box (a
// box; a column of the stack) and the other way round, so the pattern must
// contain a permutation matrix. An element of the pattern lies on such a
// permutation when the other two lines can take the other two boxes, one
// each; that test is a few shifts and masks, done for the three bands (or
// the three stacks) at once in the vector lanes. Everything on no
// permutation loses the digit, and an empty union is a contradiction (a
// stack's shows up as empty bands in the rows step). That is pointing and
// claiming, both ways, for rows and for columns, and "a house with no place
// for the digit".
//
// Deductions, repeated to a fixed point at every node:
//   * naked singles, and empty cells as contradictions: bit-parallel "seen
//     once / seen twice" counters over the nine words of a band;
//   * per digit, the two views, then rows with one open cell left, placed. A
//     hidden single in a box or a column becomes such a row after the two
//     views (the box or column pins its line to one box, then to one cell);
//   * diagonal variant: a digit with one open place left on a diagonal (and
//     not placed on it) is placed there, and placing on a diagonal clears it
//     (the peer table and the batch of row singles include it); and locked
//     candidates between a diagonal and each box it crosses, both ways.
// A digit whose words have not changed since it was last settled is skipped,
// and that record travels with the board, so after a guess only the digits
// the guess touched are looked at again. A digit is settled on a copy of its
// words in a register (writing one 32-bit lane into the board and reading
// the 128-bit value back would stall on store-to-load forwarding), all three
// bands at once, and its row singles are placed as one batch; the AVX2 build
// settles two digits at once in a 256-bit register, the AVX-512 build four in
// a 512-bit one (a pass is one chain of dependent steps, so four digits take
// about the time of two; GCC's two-register version of it for AVX2 ran far
// slower than two digits).
// The classic variant's patterns search (Fast9Search; the default takes it
// for hard puzzles) adds hidden triads at that fixed point: three digits pinned to one minirow (or
// minicolumn) by their row of the band (column of the stack) fill it, so the
// other digits leave its cells; then the rules run again. It branches on one
// digit's ways through one band or stack (permutations of its 3×3 pattern,
// up to six): the band or stack with the fewest open cells, the digit there
// with the fewest ways (two or more). The cells search (the diagonal
// variant's, and the generator's) branches on the bivalue cell with the most
// open peers, else on a cell with the fewest candidates.
// On this kind of CPU mispredicted branches cost more than instructions: the
// bands are settled, the row singles found and placed, a naked single's digit
// read and the digits to settle chosen without data-dependent branches for
// that reason, though that executes more instructions; a digit gets one pass
// of its rules at a time, and is taken again in the next round while a pass
// changes it (a loop per digit would exit after one pass or two, hard to
// predict); and a pass is one chain of dependent steps, so its length
// matters too (docs/journal/2026-exact-engines.md).
namespace nonet::detail::NONET_FAST9_ISA {
namespace {

using bitboard9::Bands;
using bitboard9::Halves;
using bitboard9::kBandCells;
using bitboard9::kRowCells;
using bitboard9::kRowStarts;
using bitboard9::simd::after_first_group;
using bitboard9::simd::any;
using bitboard9::simd::band_after_next;
using bitboard9::simd::BandsAlias;
using bitboard9::simd::boxes_by_row;
using bitboard9::simd::count_bits;
using bitboard9::simd::count_to_two;
using bitboard9::simd::differing;
using bitboard9::simd::first_group;
using bitboard9::simd::gather;
using bitboard9::simd::kBoardsPerVector;
using bitboard9::simd::minicolumns_of;
using bitboard9::simd::minirows_of;
using bitboard9::simd::next_band;
using bitboard9::simd::nonzero_bytes81;
using bitboard9::simd::scatter;
using bitboard9::simd::SideBySide;
using bitboard9::simd::Wide;
using bitboard9::simd::widen;
using bits::at_most_one_bit;

// For each cell, the cells of each band that see it (itself excluded), per
// variant: placing a digit clears it from these cells of the digit's words.
struct PeerTable {
  // [cell][band], a fourth lane 0: one aligned 128-bit load (peers_of).
  alignas(16) std::array<std::array<std::uint32_t, 4>, 81> peers{};
  // [cell]: the cell's bit in its band's lane, twice over (the two halves of
  // a Wide; the first half is the Bands value).
  alignas(32) std::array<std::array<std::uint32_t, 8>, 81> cell_bits{};
  // The two diagonals' cells per band (diagonal variant only).
  // [diagonal][band], a fourth lane 0: one aligned 128-bit load.
  alignas(16) std::array<std::array<std::uint32_t, 4>, 2> diagonals{};
};

constexpr PeerTable make_peer_table(bool diagonal) {
  PeerTable table;
  for (int cell = 0; cell < 81; ++cell) {
    table.peers[cell] = (diagonal ? bitboard9::kDiagonalPeers : bitboard9::kClassicPeers)[cell];
    table.cell_bits[cell][cell / 27] = table.cell_bits[cell][4 + cell / 27] = 1u << (cell % 27);
  }
  if (diagonal) {
    for (int i = 0; i < 9; ++i) {
      const int main_cell = 9 * i + i, anti_cell = 9 * i + (8 - i);
      table.diagonals[0][main_cell / 27] |= 1u << (main_cell % 27);
      table.diagonals[1][anti_cell / 27] |= 1u << (anti_cell % 27);
    }
  }
  return table;
}

constexpr PeerTable kClassicPeerTable = make_peer_table(false);
constexpr PeerTable kDiagonalPeerTable = make_peer_table(true);

// The six ways a digit can lie in a band (or a stack): line i of the three
// in box kPermutations[p][i] (for a stack: band j in column kPermutations[p][j]
// of the stack).
constexpr std::array<std::array<int, 3>, 6> kPermutations = {
    {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}, {0, 2, 1}, {1, 0, 2}}};

// [3×3 pattern, bit 3·i + j: line i has a place in box j]: bit p when the
// pattern holds the permutation kPermutations[p].
constexpr std::array<std::uint8_t, 512> make_permutations_held() {
  std::array<std::uint8_t, 512> held{};
  for (unsigned bits = 0; bits < 512; ++bits) {
    for (int p = 0; p < 6; ++p) {
      bool holds = true;
      for (int line = 0; line < 3; ++line) holds = holds && ((bits >> (3 * line + kPermutations[p][line])) & 1u);
      if (holds) held[bits] |= static_cast<std::uint8_t>(1u << p);
    }
  }
  return held;
}

constexpr std::array<std::uint8_t, 512> kPermutationsHeld = make_permutations_held();

// A band's cells in one stack (columns 3s..3s+2 of its three rows), and in one column.
constexpr std::uint32_t stack_cells(int stack) { return (7u << (3 * stack)) * kRowStarts; }
constexpr std::uint32_t column_cells(int column) { return kRowStarts << column; }

struct alignas(32) Board {
  std::array<Bands, 9> candidates;  // [digit][band], see the layout above
  Bands unplaced;                   // [band]; right after candidates (place)
  std::array<Bands, 9> settled;     // [digit][band]: the words when it was last settled

  bool solved() const { return !any(unplaced); }
};
static_assert(sizeof(Board) % 32 == 0);

// A copy in 32-byte moves (the compiler's copy of the struct is rep movs,
// slow to start and to forward to the loads that follow).
inline void copy_board(Board& to, const Board& from) {
  const Wide* source = reinterpret_cast<const Wide*>(&from);
  Wide* target = reinterpret_cast<Wide*>(&to);
  for (std::size_t i = 0; i < sizeof(Board) / sizeof(Wide); ++i) target[i] = source[i];
}
static_assert(offsetof(Board, unplaced) == sizeof(Board::candidates) && sizeof(Board::candidates) % 32 == 16);


template <bool kDiagonal>
class Engine {

 public:
  Engine(const Fast9Limits& limits, SolveResult& result)
      : count_limit_(limits.count_limit), keep_(limits.keep), max_nodes_(limits.max_nodes),
        excluded_(limits.excluded), deadline_(limits.time_limit), search_(kDiagonal ? Fast9Search::cells : limits.search),
        patterns_(search_ == Fast9Search::patterns), result_(result) {}

  // Returns false when the givens clash (the caller reports them as invalid).
  bool run(const Grid& givens) {
    // All givens at once: per digit, the union of the givens' peers (a given
    // among the peers of an earlier one of its digit is a clash) and the
    // givens' cells.
    std::array<Bands, 9> seen{}, given{};
    // The given cells as an 81-bit mask (low: cells 0..63), then one step
    // per given rather than per cell.
    const std::uint8_t* cells = givens.data();
    const auto [low, high] = nonzero_bytes81(cells);
    for (int part = 0; part < 2; ++part) {
      for (std::uint64_t rest = part ? high : low; rest; rest &= rest - 1) {
        const int cell = 64 * part + std::countr_zero(rest);
        const int digit = cells[cell] - 1;
        const Bands cell_lanes = *reinterpret_cast<const BandsAlias*>(kPeers.cell_bits[cell].data());
        if (any(seen[digit] & cell_lanes)) return false;
        seen[digit] |= peers_of(cell);
        given[digit] |= cell_lanes;
      }
    }
    const Bands given_cells = {static_cast<std::uint32_t>(low) & kBandCells,
                               static_cast<std::uint32_t>(low >> 27) & kBandCells,
                               static_cast<std::uint32_t>((low >> 54) | (high << 10)) & kBandCells, 0};
    Board board;
    const Bands all_cells = {kBandCells, kBandCells, kBandCells, 0};
    for (int digit = 0; digit < 9; ++digit)
      board.candidates[digit] = (all_cells & ~seen[digit] & ~given_cells) | given[digit];
    for (const auto& [cell, digit] : excluded_)
      board.candidates[digit - 1] &= ~(*reinterpret_cast<const BandsAlias*>(kPeers.cell_bits[cell].data()) & ~given_cells);
    board.unplaced = all_cells & ~given_cells;
    settle_and_search(board);
    return true;
  }

  void run(const Fast9Start& start) {
    Board board;
    for (int digit = 0; digit < 9; ++digit)
      board.candidates[digit] = start.candidates[digit];
    board.unplaced = start.open;
    first_cell_ = start.first_cell;
    root_only_ = start.root_only;
    settle_and_search(board, start.first_digit);
  }

 private:
  void settle_and_search(Board& board, int first_digit = -1) {
    // No real word is 0: every digit starts unsettled. Four 32-byte stores
    // and one of 16 (fill() compiles to rep stos, slow to start).
    static_assert(offsetof(Board, settled) % 32 == 0 && sizeof(Board::settled) == 4 * sizeof(Wide) + sizeof(Bands));
    Wide* settled = reinterpret_cast<Wide*>(board.settled.data());
    for (int i = 0; i < 4; ++i) settled[i] = Wide{};
    board.settled[8] = Bands{};
    // The deductions reach the same fixed point in any order.
    if (first_digit >= 0 && !settle_digits<1>(board, {first_digit})) return;
    if (!propagate(board, patterns_)) return;
    if (search_ == Fast9Search::automatic && !board.solved()) {
      patterns_ = count_cells(board.unplaced) >= kPatternOpenCells;
      if (patterns_ && !propagate(board, true)) return;
    }
    search(board);
  }

  // Fast9Search::automatic: the patterns search for a puzzle whose first
  // fixed point (without the triads) leaves this many open cells or more.
  // The forum's hardest leave 55 to 65; on puzzles with fewer the patterns
  // take about as many nodes as cells (17-clue: 2.2 against 2.5 a puzzle
  // for 1 to 29 open cells, 4.7 against 4.0 for 40 to 49) at a dearer node.
  static constexpr int kPatternOpenCells = 55;

  static constexpr const PeerTable& kPeers = kDiagonal ? kDiagonalPeerTable : kClassicPeerTable;

  // Puts digit in cell: the cell loses every other digit, the peers lose this
  // one. kOthersLeft: false when the cell is known to hold no other digit (a
  // naked single), which skips clearing it from the other eight words.
  template <bool kOthersLeft = true>
  static void place(Board& board, int digit, int cell) {
    // The cell is a candidate of digit and no peer of itself: it stays.
    const Bands own = board.candidates[digit] & ~peers_of(cell);
    const Wide cell_wide = *reinterpret_cast<const Wide*>(kPeers.cell_bits[cell].data());
    if constexpr (kOthersLeft) {
      // The nine digit words and unplaced lie back to back (Board): ten
      // 128-bit values, cleared as five 256-bit ones (one instruction each
      // with AVX2, two with SSE2).
      Wide* words = reinterpret_cast<Wide*>(board.candidates.data());
      for (int i = 0; i < 5; ++i) words[i] &= ~cell_wide;
    } else {
      board.unplaced &= ~*reinterpret_cast<const BandsAlias*>(kPeers.cell_bits[cell].data());
    }
    board.candidates[digit] = own;
  }

  static Bands diagonal_lanes(int diagonal) {
    return *reinterpret_cast<const BandsAlias*>(kPeers.diagonals[diagonal].data());
  }

  static Bands peers_of(int cell) { return *reinterpret_cast<const BandsAlias*>(kPeers.peers[cell].data()); }

  // Naked singles, and a cell with no candidate left as a contradiction.
  static bool place_naked_singles(Board& board, bool& progress) {
    // The cells with at least one candidate (once) and with two or more
    // (twice), all three bands at once, one lane each.
    const auto [once, twice] = count_to_two(board.candidates);
    if (any(board.unplaced & ~once)) return false;
    const Bands naked_cells = once & ~twice & board.unplaced;
    if (!any(naked_cells)) return true;
    progress = true;
    // Each naked cell's digit, read from four bit planes (plane k: the cells
    // of the digits with bit k set) rather than found by a search over the
    // digits, whose length is hard to predict.
    const auto& words = board.candidates;
    const Halves planes[4] = {reinterpret_cast<Halves>(words[1] | words[3] | words[5] | words[7]),
                              reinterpret_cast<Halves>(words[2] | words[3] | words[6] | words[7]),
                              reinterpret_cast<Halves>(words[4] | words[5] | words[6] | words[7]),
                              reinterpret_cast<Halves>(words[8])};
    // Bands 0 and 1 in the low half, band 2 in the high half: two loops
    // rather than three.
    const Halves naked = reinterpret_cast<Halves>(naked_cells);
    for (int half = 0; half < 2; ++half) {
      for (std::uint64_t cells = naked[half]; cells; cells &= cells - 1) {
        const int position = std::countr_zero(cells);
        const int digit = static_cast<int>(((planes[0][half] >> position) & 1) | (((planes[1][half] >> position) & 1) << 1) |
                                           (((planes[2][half] >> position) & 1) << 2) |
                                           (((planes[3][half] >> position) & 1) << 3));
        const int band = 2 * half + (position >> 5), bit = position & 31;
        // An earlier single of this batch (same digit, a peer) took the
        // cell's last candidate.
        if (!((board.candidates[digit][band] >> bit) & 1)) return false;
        // The cell's other digits were gone when the batch was counted, and
        // words only lose bits.
        place<false>(board, digit, 27 * band + bit);
      }
    }
    return true;
  }

  // The steps of a settle pass work on one digit's Bands or on several
  // digits' side by side (SideBySide, as many as a vector register holds in
  // this build: settle_digits), with the lane operations of
  // core/bitboard9_simd.hpp.

  // The bands × columns view of the three stacks at once, in the lanes: each
  // band's rows folded onto one 9-bit column set, then a (band, column) stays
  // when it holds the digit and the other two bands can take the other two
  // columns of its stack, one each (the union of the permutations inside the
  // stack's pattern). A stack with no permutation loses the digit in all its
  // boxes; lock_rows then finds those bands empty, so no test here.
  template <class V>
  static V lock_columns(V words) {
    constexpr std::uint32_t kColumns01 = 0x0DB, kColumn2 = 0x124, kColumn0 = 0x049, kColumns12 = 0x1B6;
    const V folded = minicolumns_of(words);
    const V bands1 = next_band(folded), bands2 = band_after_next(folded);
    // Column j of a stack takes column j+1 / j+2 (mod 3). (No lambdas: GCC
    // compiles them without the AVX2 target of this build.)
    const V columns1_of1 = ((bands1 >> 1) & kColumns01) | ((bands1 << 2) & kColumn2);
    const V columns1_of2 = ((bands2 >> 1) & kColumns01) | ((bands2 << 2) & kColumn2);
    const V columns2_of1 = ((bands1 >> 2) & kColumn0) | ((bands1 << 1) & kColumns12);
    const V columns2_of2 = ((bands2 >> 2) & kColumn0) | ((bands2 << 1) & kColumns12);
    const V kept = folded & ((columns1_of1 & columns2_of2) | (columns2_of1 & columns1_of2));
    return words & (kept | (kept << 9) | (kept << 18));
  }

  // The rows × boxes view of all three bands at once, without tables or
  // branches. A (row, box) segment of a band stays when it holds the digit and
  // the other two rows can take the other two boxes, one each: the union of
  // the permutations inside the pattern (see the layout notes). A band left 0
  // has no permutation: a contradiction.
  template <class V>
  static V lock_rows(V words) {
    constexpr std::uint32_t kBoxes01 = 0x09u * kRowStarts, kBox2 = 0x40u * kRowStarts;
    constexpr std::uint32_t kBox0 = 0x01u * kRowStarts, kBoxes12 = 0x48u * kRowStarts;
    const V segments = minirows_of(words);  // bit 0 of each nonempty segment
    // Row i takes row i+1 / i+2 (mod 3).
    const V rows1 = ((segments >> 9) | (segments << 18)) & kBandCells;
    const V rows2 = ((segments >> 18) | (segments << 9)) & kBandCells;
    // Box j takes box j+1 / j+2 (mod 3), row by row.
    const V boxes1_of1 = ((rows1 >> 3) & kBoxes01) | ((rows1 << 6) & kBox2);
    const V boxes1_of2 = ((rows2 >> 3) & kBoxes01) | ((rows2 << 6) & kBox2);
    const V boxes2_of1 = ((rows1 >> 6) & kBox0) | ((rows1 << 3) & kBoxes12);
    const V boxes2_of2 = ((rows2 >> 6) & kBox0) | ((rows2 << 3) & kBoxes12);
    const V kept = segments & ((boxes1_of1 & boxes2_of2) | (boxes2_of1 & boxes1_of2));
    return words & (kept | (kept << 1) | (kept << 2));
  }

  // The open cells that are alone in their row of a band's word (after
  // lock_rows), all bands at once.
  template <class V>
  static V row_singles(V words, V unplaced) {
    // lock_rows left a cell in every row, so subtracting 1 from each 9-bit
    // row never borrows across rows: row by row, word & (word - 1) is the row
    // without its lowest cell, 0 for a row with one cell.
    const V rest = words & (words - kRowStarts);
    // Bit 8 of each row: set when the row of rest is not 0 (its low 8 bits
    // added to 0xFF carry into bit 8; no carry leaves the row).
    constexpr std::uint32_t kLow8 = 0xFFu * kRowStarts, kHigh = 0x100u * kRowStarts;
    const V empty_rest = ((((rest & kLow8) + kLow8) | rest) & kHigh) ^ kHigh;
    // One bit at column 0 of each single row, spread over the row.
    const V single = empty_rest >> 8;
    return words & ((single << 9) - single) & unplaced;
  }

  // Places the digit on the cells `singles` (row singles after lock_rows, at
  // most one a row; words in a register). After lock_rows a row single is
  // alone in its box too, and its column and diagonals inside the band lie in
  // that box, so only the other bands of its column (and diagonals) lose the
  // digit; every other digit loses the cells. With no singles nothing changes,
  // so this runs without a branch.
  // In a pair (or four), each digit also loses the others' singles (a cell
  // that is a single of two empties a row: a contradiction, found by the
  // next step).
  template <class V>
  static void place_row_singles(Board& board, V& words, V singles) {
    const V columns = minicolumns_of(singles);
    const V others = next_band(columns) | band_after_next(columns);
    V cleared = others | (others << 9) | (others << 18);
    if constexpr (kDiagonal) {
      for (int diagonal = 0; diagonal < 2; ++diagonal) {
        const V cells = widen<V>(diagonal_lanes(diagonal));
        // -1 in the lanes of bands with a single on the diagonal.
        const V hit = reinterpret_cast<V>((singles & cells) != 0);
        cleared |= (next_band(hit) | band_after_next(hit)) & cells;
      }
    }
    // The other digits and unplaced lose the cells (the board's copy of this
    // digit is overwritten from words at the end of the pass).
    Wide both;
    if constexpr (sizeof(V) == 16) {
      both = __builtin_shufflevector(singles, singles, 0, 1, 2, 3, 0, 1, 2, 3);
    } else if constexpr (sizeof(V) == 32) {
      const V swapped = __builtin_shufflevector(singles, singles, 4, 5, 6, 7, 0, 1, 2, 3);
      cleared |= swapped;
      both = singles | swapped;
    } else {
      // The three other digits' singles: the quarters rotated by one, two
      // and three.
      const V others = __builtin_shufflevector(singles, singles, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3) |
                       __builtin_shufflevector(singles, singles, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7) |
                       __builtin_shufflevector(singles, singles, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
      cleared |= others;
      const V all = singles | others;
      both = __builtin_shufflevector(all, all, 0, 1, 2, 3, 4, 5, 6, 7);
    }
    words &= ~cleared;
    Wide* all = reinterpret_cast<Wide*>(board.candidates.data());
    for (int i = 0; i < 5; ++i) all[i] &= ~both;
  }

  // Diagonal variant, inside a settle pass: a diagonal whose only open cell for the
  // digit is x (and where the digit is not placed: placing clears the
  // diagonal) forces x, so the rest of x's row loses the digit (keep); the
  // next pass makes x a row single, which is placed with its box,
  // column and diagonals. (Two forced cells in one row both clear it: a
  // contradiction.) Returns -1 in the lanes of a digit with no cell left on a
  // diagonal.
  template <class V>
  static V take_diagonal_singles(V words, V unplaced, V& keep) {
    // Both diagonals from the same words, so that the two chains of steps
    // run side by side too.
    V empty{};
    for (int diagonal = 0; diagonal < 2; ++diagonal) {
      const V cells = widen<V>(diagonal_lanes(diagonal));
      const V on = words & cells, open = on & unplaced;
      const V no_cell = reinterpret_cast<V>(on == 0);
      empty |= no_cell & next_band(no_cell) & band_after_next(no_cell);
      // The open cell when exactly one band has open cells, and one of them.
      const V filled = reinterpret_cast<V>(open != 0);
      const V single = open & reinterpret_cast<V>((open & (open - 1)) == 0) & ~(next_band(filled) | band_after_next(filled));
      // Its row, as in row_singles: bit 8 of a row is set when it has a cell.
      constexpr std::uint32_t kLow8 = 0xFFu * kRowStarts, kHigh = 0x100u * kRowStarts;
      const V row_bit = ((((single & kLow8) + kLow8) | single) & kHigh) >> 8;
      keep &= ~((row_bit << 9) - row_bit) | single;
    }
    return empty;
  }

  // Diagonal variant, inside a settle pass: locked candidates between a diagonal and
  // the three boxes it crosses (one a band: the main diagonal crosses box b of
  // band b, the anti-diagonal box 2 - b). A digit whose places on a diagonal
  // lie in one box leaves the rest of that box (keep), and a digit whose
  // places in such a box lie on the diagonal leaves the diagonal's other
  // boxes. With cells already placed both are implied by placing (the
  // diagonals are peers), so the test needs no open-cell mask.
  template <class V>
  static void lock_diagonals(V words, V& keep) {
    constexpr std::uint32_t kBox0 = 0x7u * kRowStarts, kBox1 = kBox0 << 3, kBox2 = kBox0 << 6;
    constexpr Bands kCrossed[2] = {{kBox0, kBox1, kBox2, 0}, {kBox2, kBox1, kBox0, 0}};
    for (int diagonal = 0; diagonal < 2; ++diagonal) {
      const V cells = widen<V>(diagonal_lanes(diagonal)), box = widen<V>(kCrossed[diagonal]);
      const V on = reinterpret_cast<V>((words & cells) != 0);
      const V alone = on & ~(next_band(on) | band_after_next(on));
      const V in_box = words & box;
      const V inside = reinterpret_cast<V>((in_box != 0) & ((in_box & ~cells) == 0));
      keep &= ~((alone & box & ~cells) | ((next_band(inside) | band_after_next(inside)) & cells));
    }
  }

  // One pass of both views and the row singles over one digit (or a pair),
  // branch-free over the three bands (whether a band changed, or has a row
  // single, is hard to predict). False on a contradiction. settled: the
  // words as lock_columns left them; the digit is settled when the rest of
  // the pass left them so (lock_columns on its own output changes nothing,
  // and singles placed here are not open any more, so they are not singles
  // again). settle_all runs a pass again for each digit not yet settled,
  // rather than each digit's passes in a loop here: a loop's exit after one
  // pass or two is hard to predict, and mispredicted branches cost more than
  // the extra rounds (docs/journal/2026-exact-engines.md, round seven).
  template <class V>
  static bool settle_pass(Board& board, V& words, V& settled) {
    // A band left empty: its lane is 0 (lane 3 always is).
    V bands{};
    for (std::size_t lane = 0; lane < sizeof(V) / 4; ++lane) bands[lane] = lane % 4 == 3 ? 0 : ~0u;
    words = lock_columns(words);
    settled = words;
    words = lock_rows(words);
    // A stack with no permutation shows up here too (as empty bands).
    V empty = reinterpret_cast<V>(words == 0);
    const V unplaced = widen<V>(board.unplaced);
    const V singles = row_singles(words, unplaced);
    // The diagonal step works on the same words as the row singles, so the
    // two run side by side rather than one after the other (settling is one
    // long chain of dependent steps).
    V keep = ~V{};
    if constexpr (kDiagonal) {
      empty |= take_diagonal_singles(words, unplaced, keep);
      lock_diagonals(words, keep);
    }
    if (any(empty & bands)) return false;
    place_row_singles(board, words, singles);
    if constexpr (kDiagonal) words &= keep;
    return true;
  }

  // One pass over the digits named, side by side; false on a contradiction.
  template <std::size_t kCount>
  static bool settle_digits(Board& board, const std::array<int, kCount>& digits) {
    SideBySide<kCount> words = gather(board.candidates, digits), settled;
    if (!settle_pass(board, words, settled)) return false;
    scatter(words, board.candidates, digits);
    scatter(settled, board.settled, digits);
    return true;
  }

  // Deductions to a fixed point; false on a contradiction. Settling a digit
  // depends only on its words and on which cells are placed, and a placement
  // that matters to a digit changes its words, so unchanged digits are skipped.
  static bool settle_all(Board& board) {
    for (bool progress = true; progress;) {
      progress = false;
      if (!place_naked_singles(board, progress)) return false;
      // The digits to settle (a bit per digit whose words changed since it
      // was last settled), found without a branch per digit. One that a
      // placement below unsettles is taken in the next round. A board with
      // every cell placed is solved once every digit is settled: a pass
      // finds two row singles of a digit in one column only in its next
      // pass.
      unsigned digits = differing(board.candidates, board.settled);
      if (board.solved() && !digits) return true;
      progress |= digits != 0;
      // As many at a time as a vector register holds, two or four for the
      // cost of one; a group short of unsettled digits takes settled ones
      // (settling one again is harmless).
      for (; digits; digits = after_first_group(digits))
        if (!settle_digits(board, first_group(digits))) return false;
    }
    return true;
  }

  // settle_all, then with `triads` (the patterns search) the triads at its
  // fixed point and, if they took a candidate, settle_all again. Once per
  // call: at the next fixed point they seldom find more (the nodes of the
  // hardest set move by 0.2 %), and each try costs a round. With cells to
  // branch on they cost more than the nodes they save (the diagonal variant:
  // 14.25 -> 14.06 nodes a puzzle, 104,000 -> 97,000 puzzles/s).
  static bool propagate(Board& board, bool triads) {
    if (!settle_all(board)) return false;
    if (!triads || board.solved()) return true;
    bool progress = false;
    if (!pin_triads(board, progress)) return false;
    return !progress || settle_all(board);
  }

  // Where a digit (or, in V, two side by side) is pinned: its minirows and
  // its minicolumns, as pin_triads says.
  template <class V>
  static void pins_of(V words, V& in_row, V& in_column) {
    const V segments = minirows_of(words);
    // Per row (at its first bit): two boxes or more hold the digit.
    const V box0 = segments & kRowStarts, box1 = (segments >> 3) & kRowStarts, box2 = (segments >> 6) & kRowStarts;
    const V spread = (box0 & box1) | (box0 & box2) | (box1 & box2);
    in_row = segments & ~(spread | (spread << 3) | (spread << 6));
    const V columns = minicolumns_of(words);
    in_column = columns & ~(next_band(columns) | band_after_next(columns));
  }

  // Adds one digit's bits to a counter of three bit planes per lane; the
  // third plane sticks once a count reaches four.
  template <class V>
  static void count_into(V& ones, V& twos, V& fours, V bits) {
    const V carry = ones & bits;
    ones ^= bits;
    fours |= twos & carry;
    twos ^= carry;
  }

  // Hidden triads. A minirow (a row's three cells in one box) holds three
  // digits, and so does a minicolumn. A settled digit is pinned to a minirow
  // when its row of the band has places in that box alone (every way the
  // digit can lie in the band goes through it), and to a minicolumn when its
  // column has places in that band alone. Three digits pinned to one fill
  // it: the other digits leave its cells; four are a contradiction. All 54
  // are counted at once, a bit per minirow (bit 0 of its segment) and per
  // minicolumn (its column's bit in the band's first row). Placed digits are
  // pinned where they stand. False on a contradiction; progress when a digit
  // lost a cell.
  static bool pin_triads(Board& board, bool& progress) {
    // Two digits at a time, side by side, where a vector register holds two
    // or more (words_of and exactly_three take one or two).
    using V = SideBySide<std::min<std::size_t>(kBoardsPerVector, 2)>;
    constexpr int kStep = sizeof(V) / sizeof(Bands), kSteps = (9 + kStep - 1) / kStep;
    V in_row[kSteps], in_column[kSteps];
    V row_ones{}, row_twos{}, row_fours{}, column_ones{}, column_twos{}, column_fours{};
    for (int step = 0; step < kSteps; ++step) {
      pins_of(words_of<V>(board, step * kStep), in_row[step], in_column[step]);
      count_into(row_ones, row_twos, row_fours, in_row[step]);
      count_into(column_ones, column_twos, column_fours, in_column[step]);
    }
    // Minirows and minicolumns with three pinned digits and an open cell.
    Bands full_rows, full_columns;
    if (!exactly_three(row_ones, row_twos, row_fours, full_rows) ||
        !exactly_three(column_ones, column_twos, column_fours, full_columns))
      return false;
    full_rows &= minirows_of(board.unplaced);
    full_columns &= minicolumns_of(board.unplaced);
    if (!any(full_rows | full_columns)) return true;
    // The digits (a step's) not pinned there leave the cells. The nine words
    // and unplaced lie back to back (Board), so a Wide step covers two
    // digits, and the last one digit 8 and unplaced, which must not change.
    V* words = reinterpret_cast<V*>(board.candidates.data());
    const V rows = widen<V>(full_rows), columns = widen<V>(full_columns);
    for (int step = 0; step < kSteps; ++step) {
      const V rows_out = rows & ~in_row[step], columns_out = columns & ~in_column[step];
      V cells = rows_out | (rows_out << 1) | (rows_out << 2) | columns_out | (columns_out << 9) | (columns_out << 18);
      if (step * kStep + kStep > 9) cells = low_half(cells);
      progress |= any(words[step] & cells);
      words[step] &= ~cells;
    }
    return true;
  }

  // A V with its second Bands cleared (a Bands is returned as it is).
  template <class V>
  static V low_half(V lanes) {
    if constexpr (sizeof(V) == sizeof(Bands)) return lanes;
    else return lanes & V{~0u, ~0u, ~0u, ~0u, 0, 0, 0, 0};
  }

  // A digit's words, or (Wide) the digit's and the next one's side by side
  // (after the last digit, nothing).
  template <class V>
  static V words_of(const Board& board, int digit) {
    if constexpr (sizeof(V) == sizeof(Bands)) {
      return board.candidates[digit];
    } else {
      const Bands next = digit + 1 < 9 ? board.candidates[digit + 1] : Bands{};
      return __builtin_shufflevector(board.candidates[digit], next, 0, 1, 2, 3, 4, 5, 6, 7);
    }
  }

  // The bits counted exactly three times by a counter of count_into (a Wide
  // one holds two counts side by side, added here); false where a count
  // reached four.
  template <class V>
  static bool exactly_three(V ones, V twos, V fours, Bands& three) {
    if constexpr (sizeof(V) == sizeof(Bands)) {
      three = ones & twos;
      return !any(fours);
    } else {
      const Bands ones_a = __builtin_shufflevector(ones, ones, 0, 1, 2, 3), ones_b = __builtin_shufflevector(ones, ones, 4, 5, 6, 7);
      const Bands twos_a = __builtin_shufflevector(twos, twos, 0, 1, 2, 3), twos_b = __builtin_shufflevector(twos, twos, 4, 5, 6, 7);
      const Bands fours_ab = __builtin_shufflevector(fours, fours, 0, 1, 2, 3) | __builtin_shufflevector(fours, fours, 4, 5, 6, 7);
      const Bands carry = ones_a & ones_b;
      const Bands sum_twos = twos_a ^ twos_b ^ carry;
      const Bands carry_twos = (twos_a & twos_b) | (carry & (twos_a ^ twos_b));
      three = (ones_a ^ ones_b) & sum_twos;
      return !any(fours_ab | carry_twos);
    }
  }

  // The diagonal variant's choice: a bivalue cell, else an open cell with
  // the fewest candidates.
  static int choose_cell(const Board& board) {
    Bands once{}, twice{}, thrice{};
    for (const Bands& words : board.candidates) {
      thrice |= twice & words;
      twice |= once & words;
      once |= words;
    }
    // Among the bivalue cells: the one with the most open peers (the most
    // cells that either branch's placement reaches), the first of them in
    // cell order on a tie: fewer nodes than the rules before it, and it does
    // not look at digit names (docs/journal/2026-measurements-in-code.md).
    const Bands bivalue = twice & ~thrice & board.unplaced;
    if (any(bivalue)) {
      // The key holds the open peers above 127 - cell: the largest key is
      // the first cell with the most open peers.
      unsigned best_key = 0;
      for (int band = 0; band < 3; ++band) {
        for (std::uint32_t cells = bivalue[band]; cells; cells &= cells - 1) {
          const int cell = 27 * band + std::countr_zero(cells);
          const auto score = static_cast<unsigned>(count_cells(peers_of(cell) & board.unplaced));
          best_key = std::max(best_key, (score << 7) | (127u - static_cast<unsigned>(cell)));
        }
      }
      return 127 - static_cast<int>(best_key & 127);
    }
    return first_with_fewest(board);
  }

  // The cells whose count has this bit set, or clear. (No lambda: GCC
  // compiles those without the AVX2 target of this build.)
  static Bands bit_plane(Bands plane, bool set) { return set ? plane : ~plane; }

  // The first open cell (in cell order) among those with the fewest
  // candidates: each cell's count as four bit planes, added up over the
  // digits, then the planes matched against 3, 4, … (at a fixed point an
  // open cell has 2 or more, and 2 is handled by choose_cell).
  static int first_with_fewest(const Board& board) {
    Bands plane0{}, plane1{}, plane2{}, plane3{};
    for (const Bands& words : board.candidates) {
      const Bands carry0 = plane0 & words;
      plane0 ^= words;
      const Bands carry1 = plane1 & carry0;
      plane1 ^= carry0;
      plane3 |= plane2 & carry1;
      plane2 ^= carry1;
    }
    for (unsigned count = 3; count <= 9; ++count) {
      const Bands cells = board.unplaced & bit_plane(plane0, count & 1) & bit_plane(plane1, count & 2) &
                          bit_plane(plane2, count & 4) & bit_plane(plane3, count & 8);
      for (int band = 0; band < 3; ++band)
        if (cells[band] != 0) return 27 * band + std::countr_zero(cells[band]);
    }
    return -1;
  }

  // What the search branches on: one digit's ways through one band
  // (view 0) or one stack (view 1), a bit per kPermutations entry.
  struct Pattern {
    int view = -1, index = 0, digit = 0;
    unsigned permutations = 0;
  };

  // The digit's 3×3 pattern in a band (bit 3·row + box) or in a stack (bit
  // 3·band + column of the stack), and the permutations it holds.
  static unsigned permutations_of(const Board& board, int view, int index, int digit) {
    unsigned pattern = 0;
    if (view == 0) {
      pattern = boxes_by_row(board.candidates[digit][index]);
    } else {
      const Bands columns = minicolumns_of(board.candidates[digit]) >> (3 * index);
      pattern = (columns[0] & 7u) | ((columns[1] & 7u) << 3) | ((columns[2] & 7u) << 6);
    }
    return kPermutationsHeld[pattern];
  }

  // The band or stack with the fewest open cells among those where some
  // digit can still lie in two ways or more (the first in the order bands,
  // stacks on a tie), and there the digit with the fewest ways (the lowest
  // on a tie). Choosing the most nearly filled band, whose every branch
  // fixes a digit's box in three rows (or its band in three columns), takes
  // far fewer nodes with the triads than a bivalue cell
  // (docs/journal/2026-exact-engines.md, round six). An unsolved board at a
  // fixed point always has such a band: were every digit's way fixed in
  // every band and stack, each box would pin each digit to one cell.
  static Pattern choose_pattern(const Board& board) {
    std::array<int, 6> open{};
    for (int band = 0; band < 3; ++band) {
      open[band] = count_bits(board.unplaced[band]);
      for (int stack = 0; stack < 3; ++stack) open[3 + stack] += count_bits(board.unplaced[band] & stack_cells(stack));
    }
    for (;;) {
      // The least (open cells, index) among those with open cells, without a
      // branch per band.
      unsigned key = ~0u;
      for (int k = 0; k < 6; ++k)
        if (open[k] > 0) key = std::min(key, static_cast<unsigned>(open[k]) << 3 | static_cast<unsigned>(k));
      if (key == ~0u) return {};
      const int best = static_cast<int>(key & 7);
      Pattern choice{best / 3, best % 3, 0, 0};
      int fewest = 7;
      for (int digit = 0; digit < 9; ++digit) {
        const unsigned permutations = permutations_of(board, choice.view, choice.index, digit);
        const int ways = count_bits(permutations);
        if (ways >= 2 && ways < fewest) {
          fewest = ways;
          choice.digit = digit;
          choice.permutations = permutations;
          if (ways == 2) break;  // none has fewer
        }
      }
      if (choice.permutations) return choice;
      open[best] = 0;  // every digit's way is fixed there
    }
  }

  // The digit's words kept by one of its ways through the chosen band or stack.
  static Bands keep_permutation(const Pattern& pattern, int p) {
    Bands keep = {~0u, ~0u, ~0u, 0};
    if (pattern.view == 0) {
      std::uint32_t lane = 0;
      for (int row = 0; row < 3; ++row) lane |= 7u << (9 * row + 3 * kPermutations[p][row]);
      keep[pattern.index] = lane;
    } else {
      for (int band = 0; band < 3; ++band)
        keep[band] = ~stack_cells(pattern.index) | column_cells(3 * pattern.index + kPermutations[p][band]);
    }
    return keep;
  }

  void record(const Board& board) {
    ++result_.count;
    if (kept_ >= keep_) return;
    // A grid left in the result by an earlier solve is overwritten in place.
    if (kept_ == result_.solutions.size()) result_.solutions.emplace_back();
    Grid& grid = result_.solutions[kept_++];
    // Solved: each digit's words hold exactly its nine cells, three a band,
    // so the cells are read without a loop whose length varies. The buffer
    // has room past cell 80 for a word with fewer (which would be a bug).
    std::array<std::uint8_t, 96> cells{};
    for (int digit = 0; digit < 9; ++digit) {
      for (int band = 0; band < 3; ++band) {
        std::uint32_t word = board.candidates[digit][band];
        for (int i = 0; i < 3; ++i, word &= word - 1)
          cells[27 * band + std::countr_zero(word)] = static_cast<std::uint8_t>(digit + 1);
      }
    }
    grid.assign(cells.begin(), cells.begin() + 81);
  }

 public:
  // Solutions recorded by this run; grids beyond them are an earlier solve's.
  std::size_t kept() const { return kept_; }
  bool gave_up() const { return gave_up_; }

 private:

  // board is at a fixed point. Each branch takes one option (a way of the
  // chosen pattern, or a digit of the start's cell) on a copy; the last
  // branch reuses the board itself.
  void search(Board& board) {
    ++result_.nodes;
    if ((max_nodes_ != 0 && result_.nodes > max_nodes_) || deadline_.passed(result_.nodes)) {
      gave_up_ = true;
      return;
    }
    if (board.solved()) {
      record(board);
      return;
    }
    if (root_only_) {
      gave_up_ = true;
      return;
    }
    // The start's cell, at the first node only (if still open), else a pattern.
    Branches branches;
    branches.cell = first_cell_;
    first_cell_ = -1;
    if (branches.cell < 0 || !((board.unplaced[branches.cell / 27] >> (branches.cell % 27)) & 1)) {
      branches.cell = -1;
      if (!patterns_) {
        branches.cell = choose_cell(board);
      } else {
        branches.pattern = choose_pattern(board);
        branches.options = branches.pattern.permutations;
        if (!branches.options) branches.cell = first_open_cell(board);  // never: see choose_pattern
      }
    }
    if (branches.cell >= 0) {
      const int band = branches.cell / 27, bit = branches.cell % 27;
      for (int digit = 0; digit < 9; ++digit)
        branches.options |= ((board.candidates[digit][band] >> bit) & 1u) << digit;
    }
    for (bool first = true; branches.options; first = false) {
      const int option = std::countr_zero(branches.options);
      branches.options &= branches.options - 1;
      if (!first) ++result_.guesses;  // a branch beyond the first
      if (branches.options == 0) {
        take(board, branches, option);
        if (propagate(board, patterns_)) search(board);
        return;
      }
      Board next;
      copy_board(next, board);
      take(next, branches, option);
      if (propagate(next, patterns_)) search(next);
      if (result_.count >= count_limit_ || gave_up_) return;
    }
  }

  // A node's branches: the digits of a cell (cell >= 0), else the ways of a
  // pattern; a bit per option.
  struct Branches {
    int cell = -1;
    Pattern pattern;
    unsigned options = 0;
  };

  // (No lambda: GCC compiles those without the target of this build.)
  static int count_cells(Bands lanes) { return count_bits(lanes[0]) + count_bits(lanes[1]) + count_bits(lanes[2]); }

  static void take(Board& board, const Branches& branches, int option) {
    if (branches.cell >= 0) place(board, option, branches.cell);
    else board.candidates[branches.pattern.digit] &= keep_permutation(branches.pattern, option);
  }

  static int first_open_cell(const Board& board) {
    for (int band = 0; band < 3; ++band)
      if (board.unplaced[band]) return 27 * band + std::countr_zero(board.unplaced[band]);
    return -1;
  }

  std::uint64_t count_limit_;
  std::size_t keep_;
  std::uint64_t max_nodes_;
  std::span<const std::pair<int, int>> excluded_;
  detail::SearchDeadline deadline_;
  Fast9Search search_;
  bool patterns_;  // this solve branches on patterns, with the triads
  bool gave_up_ = false;
  int first_cell_ = -1;
  bool root_only_ = false;  // the start's: no branching
  std::size_t kept_ = 0;
  SolveResult& result_;
};

}  // namespace

// `start`: the givens (a Grid) or a Fast9Start.
template <bool kDiagonal, typename Start>
void run_engine(const Start& start, const Fast9Limits& limits, SolveResult& result) {
  Engine<kDiagonal> engine(limits, result);
  bool consistent = true;
  if constexpr (std::is_same_v<Start, Grid>) consistent = engine.run(start);
  else engine.run(start);
  result.solutions.resize(engine.kept());
  if (!consistent) result.status = SolveStatus::invalid;
  else if (engine.gave_up()) result.status = SolveStatus::gave_up;
}

// Fills result.count, solutions and counters; sets result.status to invalid
// (without a reason) when the givens clash, to gave_up past max_nodes. The
// counters must start at zero; grids already in result.solutions are reused
// as storage.
void solve(const Grid& givens, bool diagonal, const Fast9Limits& limits, SolveResult& result) {
  if (diagonal) run_engine<true>(givens, limits, result);
  else run_engine<false>(givens, limits, result);
}

void solve(const Fast9Start& start, bool diagonal, const Fast9Limits& limits, SolveResult& result) {
  if (diagonal) run_engine<true>(start, limits, result);
  else run_engine<false>(start, limits, result);
}

}  // namespace nonet::detail::NONET_FAST9_ISA
#endif  // NONET_FAST9_ISA
