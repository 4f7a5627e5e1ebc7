// Each variant rule compiled into extra peers, pair links or a Rule; see
// constraint_program.hpp for the three shapes and why they suffice.
#include "constraint_program.hpp"

#include <algorithm>
#include <numeric>
#include <array>
#include <bit>
#include <bitset>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <tuple>
#include <span>

#include "core/bits.hpp"
#include "core/contract.hpp"

namespace nonet::detail {

namespace {

int lowest(Mask mask) { return std::countr_zero(mask) + 1; }
int highest(Mask mask) { return 64 - std::countl_zero(mask); }
bool single(Mask mask) { return mask != 0 && (mask & (mask - 1)) == 0; }

// Digits lo..hi (clipped to 1..64) as a mask.
Mask range(int lo, int hi) {
  lo = std::max(lo, 1);
  hi = std::min(hi, 64);
  if (lo > hi) return 0;
  const Mask upto = hi >= 64 ? ~Mask{0} : (Mask{1} << hi) - 1;
  return upto & ~((Mask{1} << (lo - 1)) - 1);
}

// Partial sums as bits (bit s: the sum lo + s is reachable), for the sums'
// supports below: a few words, as a sum's range is small.
class SumSet {
 public:
  explicit SumSet(int bits = 0) : words_((bits + 64) / 64, 0) {}
  // Empty, for sums 0..bits, keeping the storage.
  void reset(int bits) { words_.assign((bits + 64) / 64, 0); }
  void set(int bit) { words_[bit >> 6] |= std::uint64_t{1} << (bit & 63); }
  bool test(int bit) const { return bit >= 0 && (words_[bit >> 6] >> (bit & 63) & 1) != 0; }
  // this |= other shifted up (shift > 0) or down (shift < 0).
  void or_shifted(const SumSet& other, int shift) {
    const int n = static_cast<int>(words_.size());
    const int whole = (shift >= 0 ? shift : -shift) >> 6, part = (shift >= 0 ? shift : -shift) & 63;
    for (int i = 0; i < n; ++i) {
      std::uint64_t word = 0;
      if (shift >= 0) {
        const int from = i - whole;
        if (from >= 0) word = other.words_[from] << part;
        if (part != 0 && from - 1 >= 0) word |= other.words_[from - 1] >> (64 - part);
      } else {
        const int from = i + whole;
        if (from < n) word = other.words_[from] >> part;
        if (part != 0 && from + 1 < n) word |= other.words_[from + 1] << (64 - part);
      }
      words_[i] |= word;
    }
  }
  // Whether some bit i of this has bit i + shift (shift >= 0) set in other.
  bool meets_shifted(const SumSet& other, int shift) const {
    const std::size_t whole = static_cast<std::size_t>(shift) >> 6;
    const int part = shift & 63;
    const std::size_t n = other.words_.size();
    for (std::size_t i = 0; i < words_.size() && i + whole < n; ++i) {
      std::uint64_t word = other.words_[i + whole] >> part;
      if (part != 0 && i + whole + 1 < n) word |= other.words_[i + whole + 1] << (64 - part);
      if (words_[i] & word) return true;
    }
    return false;
  }
  // Calls each(s) for every bit s set, in increasing order.
  template <class Each>
  void for_each(Each&& each) const {
    for (std::size_t i = 0; i < words_.size(); ++i)
      for (std::uint64_t w = words_[i]; w; w &= w - 1) each(static_cast<int>(i * 64) + std::countr_zero(w));
  }
  bool empty() const {
    return std::all_of(words_.begin(), words_.end(), [](std::uint64_t w) { return w == 0; });
  }

 private:
  std::vector<std::uint64_t> words_;
};

// Cells in groups that see each other, greedily: the house holding most of
// the cells not grouped yet first (two at least; the first such house in
// order on ties), until no house holds two. Each group lists positions in
// `cells`; a cell listed twice joins a group once. The larger a group of
// different digits, the more its least and greatest sums say (eight cells of
// a box add up to 36 at least; split into columns of four and four, to 20).
std::vector<std::vector<std::size_t>> groups_in_houses(const Geometry& geometry, const std::vector<int>& cells) {
  std::vector<std::vector<std::size_t>> groups;
  std::vector<char> grouped(cells.size(), 0);
  // A cell counts once in a house: at its first position not grouped yet.
  const auto repeated = [&](std::size_t i) {
    for (std::size_t j = 0; j < i; ++j)
      if (!grouped[j] && cells[j] == cells[i]) return true;
    return false;
  };
  // Counted through each cell's own houses, not by trying every house (a
  // killer's program builds this for each of its implied sums: a tenth of
  // generating a killer went here).
  std::vector<std::size_t> in_house(geometry.houses().size());
  for (;;) {
    std::fill(in_house.begin(), in_house.end(), 0);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (grouped[i] || repeated(i)) continue;
      for (int h : geometry.houses_of(cells[i])) ++in_house[static_cast<std::size_t>(h)];
    }
    // The first house in order with the most, two at least.
    std::size_t best_count = 1, best_house = 0;
    for (std::size_t h = 0; h < in_house.size(); ++h)
      if (in_house[h] > best_count) {
        best_count = in_house[h];
        best_house = h;
      }
    if (best_count < 2) return groups;
    std::vector<std::size_t> best;
    const auto bits = geometry.house_bits(static_cast<int>(best_house));
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (!grouped[i] && (bits[cells[i] >> 6] >> (cells[i] & 63) & 1) && !repeated(i)) best.push_back(i);
    for (std::size_t i : best) grouped[i] = 1;
    groups.push_back(std::move(best));
  }
}

// Σ coefficient · digit = total. First by bounds (each term keeps the
// digits the others' least and greatest values leave room for); then, where
// the sum's range is small, by reachable sums. Cells that see each other (a
// little killer's three cells in one box, an arrow's line in a row) are
// taken together as a group of different digits, whose sums are those of
// distinct digits from their candidates: a digit stays only if the rest of
// its group and the other groups can complete the sum with it. That is what
// little killers, sum lines and arrows need; a cell counted twice (a digit
// repeating on a diagonal through two boxes) is two groups.
class LinearSum final : public Rule {
 public:
  LinearSum(std::vector<std::pair<int, int>> terms, int total, const Geometry* geometry = nullptr)
      : terms_(std::move(terms)), total_(total) {
    cells.reserve(terms_.size());
    for (auto [cell, coefficient] : terms_) cells.push_back(cell);
    std::vector<char> grouped(terms_.size(), 0);
    if (geometry != nullptr) group_by_houses(*geometry, grouped);
    // The rest: greedy cliques of unit terms with one sign whose cells are peers.
    for (std::size_t i = 0; i < terms_.size(); ++i) {
      if (grouped[i]) continue;
      // Plain copies: clang 14 cannot capture structured bindings.
      const int cell = terms_[i].first, coefficient = terms_[i].second;
      bool placed = false;
      for (auto& group : groups_) {
        const auto [first, sign] = terms_[group.front()];
        if (geometry == nullptr || (coefficient != 1 && coefficient != -1) || sign != coefficient) continue;
        const bool sees_all = std::all_of(group.begin(), group.end(), [&](std::size_t j) {
          const auto peers = geometry->peers_of(terms_[j].first);
          return std::binary_search(peers.begin(), peers.end(), cell);
        });
        if (!sees_all) continue;
        group.push_back(i);
        placed = true;
        break;
      }
      if (!placed) groups_.push_back({i});
    }
    if (geometry != nullptr) slack_limit_ = geometry->size();
  }

  bool revise(Domains& domains) const override {
    long low = 0, high = 0;
    for (auto [cell, coefficient] : terms_) {
      const auto [lo, hi] = bounds(domains.mask(cell), coefficient);
      low += lo;
      high += hi;
    }
    if (total_ < low || total_ > high) return false;
    for (auto [cell, coefficient] : terms_) {
      const Mask mask = domains.mask(cell);
      const auto [lo, hi] = bounds(mask, coefficient);
      // This term's value must lie in [total - (others' high), total - (others' low)].
      const long from = total_ - (high - hi), to = total_ - (low - lo);
      if (from <= lo && to >= hi) continue;
      Mask keep = 0;
      for (Mask m = mask; m; m &= m - 1) {
        const long value = static_cast<long>(coefficient) * lowest(m);
        if (value >= from && value <= to) keep |= m & -m;
      }
      if (!domains.keep_only(cell, keep)) return false;
    }
    return terms_.size() < 3 || exact(domains);
  }

 private:
  // Groups first the unit terms of one sign lying in one house
  // (groups_in_houses): a long arrow whose sum is forced by its cells' least
  // digits is solved so, without a guess.
  void group_by_houses(const Geometry& geometry, std::vector<char>& grouped) {
    for (int sign : {1, -1}) {
      std::vector<std::size_t> terms;
      std::vector<int> cells;
      for (std::size_t i = 0; i < terms_.size(); ++i)
        if (terms_[i].second == sign) {
          terms.push_back(i);
          cells.push_back(terms_[i].first);
        }
      for (const std::vector<std::size_t>& group : groups_in_houses(geometry, cells)) {
        std::vector<std::size_t> members;
        for (std::size_t position : group) members.push_back(terms[position]);
        for (std::size_t i : members) grouped[i] = 1;
        groups_.push_back(std::move(members));
      }
    }
  }

  static constexpr long kExactRange = 1024;
  static constexpr int kTableDigits = 9;

  // Sums of `count` different digits of 1..9, per digit set and count, as bits
  // (bit s: sum s; at most 45): built once, read on every revise.
  static const std::vector<std::uint64_t>& small_sums() {
    static const std::vector<std::uint64_t> table = [] {
      std::vector<std::uint64_t> sums((std::size_t{1} << kTableDigits) * (kTableDigits + 1), 0);
      for (Mask set = 0; set < (Mask{1} << kTableDigits); ++set) {
        // Every subset of `set` is a candidate choice of popcount(subset) digits.
        for (Mask sub = set;; sub = (sub - 1) & set) {
          int sub_total = 0;
          for (Mask m = sub; m; m &= m - 1) sub_total += lowest(m);
          sums[set * (kTableDigits + 1) + std::popcount(sub)] |= std::uint64_t{1} << sub_total;
          if (sub == 0) break;
        }
      }
      return sums;
    }();
    return table;
  }

  // Calls each(s) for every sum s of `count` different digits of `digits`.
  template <class Each>
  void distinct_sums(Mask digits, int count, Each&& each) const {
    if (digits < (Mask{1} << kTableDigits) && count <= kTableDigits) {
      for (std::uint64_t m = small_sums()[digits * (kTableDigits + 1) + count]; m; m &= m - 1) each(std::countr_zero(m));
      return;
    }
    const int limit = count * highest(digits);
    by_count_.resize(count + 1);
    for (SumSet& partial : by_count_) partial.reset(limit);
    by_count_[0].set(0);
    for (Mask m = digits; m; m &= m - 1)
      for (int j = count; j >= 1; --j) by_count_[j].or_shifted(by_count_[j - 1], lowest(m));
    by_count_[count].for_each(each);
  }

  // The values a group can add, coefficient × (sum of its digits), into
  // `values`; with `skip` >= 0, that term holding `skip_digit`.
  void group_values(const std::vector<std::size_t>& group, Domains& domains, std::vector<long>& values, int skip = -1,
                    int skip_digit = 0) const {
    const int coefficient = terms_[group.front()].second;
    values.clear();
    if (group.size() == 1) {
      if (skip >= 0) values.push_back(static_cast<long>(coefficient) * skip_digit);
      else
        for (Mask m = domains.mask(terms_[group.front()].first); m; m &= m - 1)
          values.push_back(static_cast<long>(coefficient) * lowest(m));
      return;
    }
    Mask digits = 0;
    int count = 0;
    for (std::size_t j = 0; j < group.size(); ++j)
      if (static_cast<int>(j) != skip) {
        digits |= domains.mask(terms_[group[j]].first);
        ++count;
      }
    if (skip >= 0) digits &= ~digit_bit(skip_digit);
    if (digits == 0) return;
    distinct_sums(digits, count, [&](int sum) { values.push_back(static_cast<long>(coefficient) * (sum + skip_digit)); });
  }

  // A group's values as bits above its least (bit v - base: value v), when
  // they span less than 64: false otherwise. The common case (digits 1..9,
  // unit coefficients) costs a table lookup, not a list.
  bool group_bits(const std::vector<std::size_t>& group, const Domains& domains, long& base, std::uint64_t& bits) const {
    const int coefficient = terms_[group.front()].second;
    std::uint64_t sums = 0;  // bit s: the group's digits can add up to s
    if (group.size() == 1) {
      const Mask mask = domains.mask(terms_[group.front()].first);
      if (mask == 0 || highest(mask) >= 64) return false;
      sums = static_cast<std::uint64_t>(mask) << 1;
    } else {
      Mask digits = 0;
      for (std::size_t term : group) digits |= domains.mask(terms_[term].first);
      if (digits >= (Mask{1} << kTableDigits) || group.size() > kTableDigits) return false;
      sums = small_sums()[digits * (kTableDigits + 1) + group.size()];
    }
    if (sums == 0) return false;
    const int least = std::countr_zero(sums), most = 63 - std::countl_zero(sums);
    const long span = static_cast<long>(most - least) * (coefficient < 0 ? -coefficient : coefficient);
    if (span >= 64) return false;
    bits = 0;
    if (coefficient == 1) {
      base = least;
      bits = sums >> least;
      return true;
    }
    base = coefficient > 0 ? static_cast<long>(coefficient) * least : static_cast<long>(coefficient) * most;
    for (std::uint64_t m = sums; m; m &= m - 1)
      bits |= std::uint64_t{1} << (static_cast<long>(coefficient) * std::countr_zero(m) - base);
    return true;
  }

  // exact() where every group's values and the whole range fit a word.
  // nullopt: they do not; else whether the rule still holds.
  std::optional<bool> exact_in_words(Domains& domains) const {
    const std::size_t n = groups_.size();
    base_.resize(n);
    bits_.resize(n);
    long low = 0, high = 0;
    for (std::size_t g = 0; g < n; ++g) {
      if (!group_bits(groups_[g], domains, base_[g], bits_[g])) return std::nullopt;
      low += base_[g];
      high += base_[g] + 63 - std::countl_zero(bits_[g]);
    }
    if (total_ < low || total_ > high) return false;
    // Far from both ends of what the groups can make (more than N away),
    // every digit almost always keeps a completion, and the passes below
    // cost more than they remove: TAREK_ALL's rule-of-45 sums
    // (docs/journal/2026-12-variants.md). Only pruning is skipped: once the
    // cells are fixed, low == high == total decides.
    if (std::min(total_ - low, high - total_) > slack_limit_) return true;
    if (high - low >= 64) return std::nullopt;
    const int target = static_cast<int>(total_ - low);
    forward_word_.resize(n + 1);
    backward_word_.resize(n + 1);
    forward_word_[0] = 1;
    for (std::size_t g = 0; g < n; ++g) {
      std::uint64_t next = 0;
      for (std::uint64_t m = bits_[g]; m; m &= m - 1) next |= forward_word_[g] << std::countr_zero(m);
      forward_word_[g + 1] = next;
    }
    if (!(forward_word_[n] >> target & 1)) return false;
    backward_word_[n] = std::uint64_t{1} << target;
    for (std::size_t g = n; g-- > 0;) {
      std::uint64_t next = 0;
      for (std::uint64_t m = bits_[g]; m; m &= m - 1) next |= backward_word_[g + 1] >> std::countr_zero(m);
      backward_word_[g] = next;
    }
    const long range = high - low;
    return prune(domains, [&](std::size_t g, long v) {
      const long shift = v - base_[g];
      return shift >= 0 && shift <= range && (forward_word_[g] & backward_word_[g + 1] >> shift) != 0;
    });
  }

  bool exact(Domains& domains) const {
    if (const std::optional<bool> held = exact_in_words(domains)) return *held;
    // Grids past 9 digits miss exact_in_words' tables; its skip far from
    // both ends still holds, on the same least and greatest sums (each
    // group's fewest or most digits of its cells' union), before the costly
    // listing of every group's sums: 16×16 killers spent half their time in
    // it (a rule-of-45 sum of a dozen cells, revised on each change).
    if (slack_limit_ > kTableDigits && far_from_both_ends(domains)) return true;
    const std::size_t n = groups_.size();
    values_.resize(n);
    base_.resize(n);
    long low = 0, high = 0;
    for (std::size_t g = 0; g < n; ++g) {
      group_values(groups_[g], domains, values_[g]);
      if (values_[g].empty()) return false;
      const auto [lo, hi] = std::minmax_element(values_[g].begin(), values_[g].end());
      base_[g] = *lo;
      low += *lo;
      high += *hi;
      if (high - low > kExactRange) return true;
    }
    if (total_ < low || total_ > high) return false;
    const int range = static_cast<int>(high - low), target = static_cast<int>(total_ - low);
    // forward[g]: sums of groups before g (above their least); backward[g]:
    // partial sums before g from which groups g.. still reach the target.
    // Most sums span less than 64 (9×9 grids): one word each then.
    if (range < 64) {
      forward_word_.assign(n + 1, 0);
      backward_word_.assign(n + 1, 0);
      forward_word_[0] = 1;
      for (std::size_t g = 0; g < n; ++g)
        for (long v : values_[g]) forward_word_[g + 1] |= forward_word_[g] << (v - base_[g]);
      if (!(forward_word_[n] >> target & 1)) return false;
      backward_word_[n] = std::uint64_t{1} << target;
      for (std::size_t g = n; g-- > 0;)
        for (long v : values_[g]) backward_word_[g] |= backward_word_[g + 1] >> (v - base_[g]);
      return prune(domains, [&](std::size_t g, long v) {
        const long shift = v - base_[g];
        return shift >= 0 && shift <= range && (forward_word_[g] & backward_word_[g + 1] >> shift) != 0;
      });
    }
    forward_.resize(n + 1);
    backward_.resize(n + 1);
    for (std::size_t g = 0; g <= n; ++g) {
      forward_[g].reset(range);
      backward_[g].reset(range);
    }
    forward_[0].set(0);
    for (std::size_t g = 0; g < n; ++g)
      for (long v : values_[g]) forward_[g + 1].or_shifted(forward_[g], static_cast<int>(v - base_[g]));
    if (!forward_[n].test(target)) return false;
    backward_[n].set(target);
    for (std::size_t g = n; g-- > 0;)
      for (long v : values_[g]) backward_[g].or_shifted(backward_[g + 1], -static_cast<int>(v - base_[g]));
    return prune(domains, [&](std::size_t g, long v) {
      const long shift = v - base_[g];
      return shift >= 0 && shift <= range && forward_[g].meets_shifted(backward_[g + 1], static_cast<int>(shift));
    });
  }

  // Whether the total lies more than slack_limit_ from both the least and
  // the greatest sum the groups can make, by their digits' unions alone.
  bool far_from_both_ends(const Domains& domains) const {
    long low = 0, high = 0;
    for (const auto& group : groups_) {
      Mask digits = 0;
      for (std::size_t term : group) digits |= domains.mask(terms_[term].first);
      const std::size_t count = group.size();
      if (static_cast<std::size_t>(std::popcount(digits)) < count) return false;  // exact() fails it
      long least = 0, most = 0;
      Mask m = digits;
      for (std::size_t i = 0; i < count; ++i, m &= m - 1) least += lowest(m);
      m = digits;
      for (std::size_t i = 0; i < count; ++i, m &= ~(Mask{1} << (highest(m) - 1))) most += highest(m);
      const long coefficient = terms_[group.front()].second;
      low += coefficient > 0 ? coefficient * least : coefficient * most;
      high += coefficient > 0 ? coefficient * most : coefficient * least;
    }
    return std::min(total_ - low, high - total_) > slack_limit_;
  }

  // Keeps in each cell the digits with which its group can add a value v
  // for which completes(group, v): the other groups can still make the total.
  template <class Completes>
  bool prune(Domains& domains, Completes&& completes_in) const {
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      const auto& group = groups_[g];
      const auto completes = [&](long v) { return completes_in(g, v); };
      if (const std::optional<bool> pruned = prune_small_group(group, domains, completes)) {
        if (!*pruned) return false;
        continue;
      }
      for (std::size_t j = 0; j < group.size(); ++j) {
        const int cell = terms_[group[j]].first;
        const Mask mask = domains.mask(cell);
        Mask keep = 0;
        for (Mask m = mask; m; m &= m - 1) {
          // The group's values with this cell holding this digit.
          group_values(group, domains, with_, static_cast<int>(j), lowest(m));
          if (std::any_of(with_.begin(), with_.end(), completes)) keep |= m & -m;
        }
        if (keep != mask && !domains.keep_only(cell, keep)) return false;
      }
    }
    return true;
  }

  // The common case quickly: a group of unit terms of digits up to 16 (its
  // plain sums as bits of a word, or of two past 9 digits). First the
  // group's plain sums t that complete the total, as bits; then a digit d stays in a cell if the group's other cells, holding
  // different digits other than d, can make d + s one of them. Nothing when
  // the group is not of that kind; else false when a cell is left empty.
  template <class Completes>
  std::optional<bool> prune_small_group(const std::vector<std::size_t>& group, Domains& domains, Completes&& completes) const {
    const int coefficient = terms_[group.front()].second;
    const bool single_term = group.size() == 1;
    Mask digits = 0;
    for (std::size_t term : group) digits |= domains.mask(terms_[term].first);
    if (single_term) {
      Mask keep = 0;
      for (Mask m = digits; m; m &= m - 1)
        if (completes(static_cast<long>(coefficient) * lowest(m))) keep |= m & -m;
      return domains.keep_only(terms_[group.front()].first, keep);
    }
    if (coefficient != 1 && coefficient != -1) return std::nullopt;
    const int count = static_cast<int>(group.size());
    if (digits < (Mask{1} << kTableDigits))
      return prune_by_sums<std::uint64_t>(group, domains, digits, completes, [](Mask of, int k) {
        return small_sums()[of * (kTableDigits + 1) + static_cast<std::size_t>(k)];
      });
    // Grids of 10 to 16 digits: the sums as two words instead of the table
    // (listing each cell's and digit's sums in vectors was half of a 16×16
    // killer's time).
    if (digits >= (Mask{1} << kWideDigits) || count > kWideCount) return std::nullopt;
    return prune_by_sums<WideSums>(group, domains, digits, completes, wide_sums);
  }

  // prune_small_group's test, the group's sums of k different digits from a
  // set given by sums_of(set, k) as bits of Sums.
  template <class Sums, class Completes, class SumsOf>
  bool prune_by_sums(const std::vector<std::size_t>& group, Domains& domains, Mask digits, Completes&& completes,
                     SumsOf&& sums_of) const {
    const int coefficient = terms_[group.front()].second;
    const int count = static_cast<int>(group.size());
    Sums sums_that_complete = 0;
    for (Sums m = sums_of(digits, count); m; m &= m - 1) {
      const int sum = lowest_bit(m);
      if (completes(static_cast<long>(coefficient) * sum)) sums_that_complete |= Sums{1} << sum;
    }
    for (int j = 0; j < count; ++j) {
      Mask others = 0;
      for (int i = 0; i < count; ++i)
        if (i != j) others |= domains.mask(terms_[group[i]].first);
      const int cell = terms_[group[j]].first;
      const Mask mask = domains.mask(cell);
      Mask keep = 0;
      for (Mask m = mask; m; m &= m - 1) {
        const int digit = lowest(m);
        if ((sums_of(others & ~digit_bit(digit), count - 1) << digit) & sums_that_complete) keep |= m & -m;
      }
      if (keep != mask && !domains.keep_only(cell, keep)) return false;
    }
    return true;
  }

  // Sums below 128 as bits (GCC's 128-bit integer).
  __extension__ using WideSums = unsigned __int128;
  static constexpr int kWideDigits = 16, kWideCount = 12;  // 16 + 15 + … + 5 = 126

  // Sums of `count` different digits of `digits` (digits 1..16, count at
  // most 12), as bits: what distinct_sums lists, in two words on the stack.
  static WideSums wide_sums(Mask digits, int count) {
    std::array<WideSums, kWideCount + 1> by_count{};
    by_count[0] = 1;
    int taken = 0;
    for (Mask m = digits; m; m &= m - 1) {
      const int digit = lowest(m);
      for (int j = std::min(++taken, count); j >= 1; --j) by_count[j] |= by_count[j - 1] << digit;
    }
    return by_count[count];
  }

  static int lowest_bit(std::uint64_t m) { return std::countr_zero(m); }
  static int lowest_bit(WideSums m) {
    const auto low = static_cast<std::uint64_t>(m);
    return low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(m >> 64));
  }

  static std::pair<long, long> bounds(Mask mask, int coefficient) {
    const long a = static_cast<long>(coefficient) * lowest(mask), b = static_cast<long>(coefficient) * highest(mask);
    return {std::min(a, b), std::max(a, b)};
  }
  std::vector<std::pair<int, int>> terms_;
  int total_;
  std::vector<std::vector<std::size_t>> groups_;  // term indices; each group's cells see each other
  // Scratch storage of exact(), kept between revises so they allocate nothing:
  // a program serves one search on one thread.
  mutable std::vector<std::vector<long>> values_;
  mutable std::vector<long> base_, with_;
  mutable std::vector<std::uint64_t> bits_;
  long slack_limit_ = std::numeric_limits<long>::max();  // see exact_in_words
  mutable std::vector<SumSet> forward_, backward_, by_count_;
  mutable std::vector<std::uint64_t> forward_word_, backward_word_;
};

// A digit a rule's cells must hold, at one of its places among them: a house
// holding all those places has the digit nowhere else. Built once per rule
// over the houses holding two of its cells or more.
class PlacesInHouses {
 public:
  PlacesInHouses(const std::vector<int>& cells, const Geometry& geometry) {
    std::vector<int> candidates;  // the houses of the cells, in order
    // Sized once: every cage and implied sum of a generated killer builds one.
    candidates.reserve(cells.size() * (cells.empty() ? 0 : geometry.houses_of(cells.front()).size()));
    for (int cell : cells) candidates.insert(candidates.end(), geometry.houses_of(cell).begin(), geometry.houses_of(cell).end());
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    meets_.reserve(candidates.size());
    for (int h : candidates) {
      Meet meet;
      for (std::size_t i = 0; i < cells.size() && i < 64; ++i)
        if (geometry.house_bits(h)[cells[i] >> 6] >> (cells[i] & 63) & 1) meet.positions |= std::uint64_t{1} << i;
      if (nonet::bits::at_most_one_bit(meet.positions)) continue;
      meet.outside.reserve(geometry.houses()[h].cells.size());
      for (int cell : geometry.houses()[h].cells)
        if (std::find(cells.begin(), cells.end(), cell) == cells.end()) meet.outside.push_back(cell);
      meets_.push_back(std::move(meet));
    }
  }

  // The digit `bit` is on the cells at `places` (bit i: the rule's cell i),
  // one of them at least: placed where there is one place, else taken from
  // the rest of each house holding every place. False when it has none.
  bool settle(Domains& domains, const std::vector<int>& cells, std::uint64_t places, Mask bit) const {
    if (places == 0) return false;
    if (std::has_single_bit(places)) return domains.keep_only(cells[std::countr_zero(places)], bit);
    for (const Meet& meet : meets_) {
      if (places & ~meet.positions) continue;
      for (int cell : meet.outside)
        if ((domains.mask(cell) & bit) && !domains.keep_only(cell, domains.mask(cell) & ~bit)) return false;
    }
    return true;
  }

 private:
  struct Meet {
    std::uint64_t positions = 0;  // bit i: the rule's cell i is in the house
    std::vector<int> outside;     // the house's cells outside the rule
  };
  std::vector<Meet> meets_;
};

// A killer cage's sum by combinations: the sets of different digits of the
// cage's size with its sum, kept while every cell can take one of the set's
// digits and every digit of the set has a cell. The cells keep the digits of
// the sets left; a digit in every set left with one cell for it goes there,
// and with several, leaves the rest of every house holding them all. For each
// house holding the whole cage (its `rests`: the house's other cells), a digit
// the rest cannot take must be in the cage's set.
class CageSum final : public Rule {
 public:
  CageSum(std::vector<int> cage, std::vector<Mask> combinations, std::vector<std::vector<int>> rests,
          const Geometry& geometry)
      : combinations_(std::move(combinations)),
        rests_(std::move(rests)),
        all_(all_digits(geometry.size())),
        cage_size_(cage.size()),
        houses_(cage, geometry) {
    cells = std::move(cage);
    watched = cells.size();
    for (const auto& rest : rests_) cells.insert(cells.end(), rest.begin(), rest.end());
  }

  bool revise(Domains& domains) const override {
    const std::span<const int> cage(cells.data(), cage_size_);
    Mask fixed = 0, allowed = 0, needed = ~Mask{0};
    for (int cell : cage)
      if (single(domains.mask(cell))) fixed |= domains.mask(cell);
    each_set_left(domains, [&](Mask set) {
      allowed |= set;
      needed &= set;
    });
    if (allowed == 0) return false;
    for (int cell : cage)
      if (!domains.keep_only(cell, domains.mask(cell) & allowed)) return false;
    for (Mask digits = needed & ~fixed; digits; digits &= digits - 1) {
      const Mask bit = digits & -digits;
      std::uint64_t places = 0;  // positions in the cage
      for (std::size_t i = 0; i < cage_size_; ++i)
        if (domains.mask(cage[i]) & bit) places |= std::uint64_t{1} << i;
      if (!houses_.settle(domains, cells, places, bit)) return false;
    }
    return true;
  }

  std::string ways(const Domains& domains) const override {
    std::string out;
    each_set_left(domains, [&](Mask set) {
      if (!out.empty()) out += " or ";
      for (Mask digits = set; digits; digits &= digits - 1) {
        if (digits != set) out += '+';
        out += std::to_string(std::countr_zero(digits) + 1);
      }
    });
    return out;
  }

  std::size_t sets_left(const Domains& domains, std::vector<Mask>& sets) const override {
    sets.clear();
    each_set_left(domains, [&](Mask set) { sets.push_back(set); });
    return cage_size_;
  }

 private:
  // Calls take(set) for each combination still possible: it holds the
  // cage's fixed digits and those the rest of a house cannot take, and each
  // cell can take one of its digits.
  template <class Take>
  void each_set_left(const Domains& domains, Take&& take) const {
    const std::span<const int> cage(cells.data(), cage_size_);
    Mask fixed = 0, any = 0, must = 0;
    for (int cell : cage) {
      const Mask mask = domains.mask(cell);
      if (single(mask)) fixed |= mask;
      any |= mask;
    }
    for (const auto& rest : rests_) {
      Mask elsewhere = 0;
      for (int cell : rest) elsewhere |= domains.mask(cell);
      must |= all_ & ~elsewhere;
    }
    for (Mask set : combinations_) {
      if ((set & (fixed | must)) != (fixed | must) || (set & any) != set) continue;
      if (std::all_of(cage.begin(), cage.end(), [&](int cell) { return (domains.mask(cell) & set) != 0; })) take(set);
    }
  }

  std::vector<Mask> combinations_;
  std::vector<std::vector<int>> rests_;
  Mask all_;
  std::size_t cage_size_;  // cells[0..cage_size_) are the cage, the rests follow
  PlacesInHouses houses_;
};

// Renban past 16 digits (shorter lines are groups of related cells): the
// digits are a run of consecutive numbers as long as the line (no repeats:
// extra peers). A run is possible when each cell can take one of its digits
// and each of its digits has a cell.
class Run final : public Rule {
 public:
  Run(std::vector<int> line, const Geometry& geometry) : size_(geometry.size()), houses_(line, geometry) {
    cells = std::move(line);
  }

  bool revise(Domains& domains) const override {
    const int k = static_cast<int>(cells.size());
    Mask any = 0;
    for (int cell : cells) any |= domains.mask(cell);
    Mask allowed = 0, needed = ~Mask{0};
    for (int lo = 1; lo + k - 1 <= size_; ++lo) {
      const Mask window = range(lo, lo + k - 1);
      if ((any & window) != window) continue;
      if (!std::all_of(cells.begin(), cells.end(), [&](int cell) { return (domains.mask(cell) & window) != 0; }) ||
          !matches(domains, window))
        continue;
      allowed |= window;
      needed &= window;
    }
    if (allowed == 0) return false;
    Mask fixed = 0;
    for (int cell : cells) {
      if (!domains.keep_only(cell, domains.mask(cell) & allowed)) return false;
      if (single(domains.mask(cell))) fixed |= domains.mask(cell);
    }
    // A digit of every run left is on the line once, as in a house: with one
    // place it goes there; with several in one house, it leaves the rest of
    // that house.
    for (Mask digits = needed & ~fixed; digits; digits &= digits - 1) {
      const Mask bit = digits & -digits;
      std::uint64_t places = 0;
      for (int i = 0; i < k && i < 64; ++i)
        if (domains.mask(cells[i]) & bit) places |= std::uint64_t{1} << i;
      if (!houses_.settle(domains, cells, places, bit)) return false;
    }
    return true;
  }

 private:
  // Whether the cells can take the window's digits, each a different one:
  // a matching of cells to digits (augmenting paths; a line has at most N cells).
  bool matches(const Domains& domains, Mask window) const {
    const int k = static_cast<int>(cells.size());
    if (k > 64) return true;
    std::array<int, 65> cell_of_digit{};
    cell_of_digit.fill(-1);
    for (int c = 0; c < k; ++c) {
      std::uint64_t visited = 0;  // digits tried on this path, as bits (digit d: bit d-1)
      if (!augment(domains, window, c, visited, cell_of_digit)) return false;
    }
    return true;
  }

  bool augment(const Domains& domains, Mask window, int c, std::uint64_t& visited, std::array<int, 65>& cell_of_digit) const {
    for (Mask d = domains.mask(cells[c]) & window; d; d &= d - 1) {
      const int digit = lowest(d);
      if (visited >> (digit - 1) & 1) continue;
      visited |= std::uint64_t{1} << (digit - 1);
      if (cell_of_digit[digit] < 0 || augment(domains, window, cell_of_digit[digit], visited, cell_of_digit)) {
        cell_of_digit[digit] = c;
        return true;
      }
    }
    return false;
  }

  int size_;
  PlacesInHouses houses_;
};

// A line whose end digits decide what its middle cells may hold (between,
// lockout): every pair of end digits is tried; a pair stands when each middle
// cell has a digit the pair allows. `middle(x, y)`: the middle digits ends x
// and y allow (0: the pair is not allowed at all).
template <class Middle>
class EndPairs final : public Rule {
 public:
  EndPairs(std::vector<int> line, Middle middle) : middle_(middle) { cells = std::move(line); }

  bool revise(Domains& domains) const override {
    const int first = cells.front(), last = cells.back();
    Mask first_ok = 0, last_ok = 0, middle_ok = 0;
    for (Mask a = domains.mask(first); a; a &= a - 1)
      for (Mask b = domains.mask(last); b; b &= b - 1) {
        const Mask allowed = middle_(lowest(a), lowest(b));
        if (!allowed) continue;
        bool fits = true;
        for (std::size_t i = 1; i + 1 < cells.size() && fits; ++i) fits = (domains.mask(cells[i]) & allowed) != 0;
        if (!fits) continue;
        first_ok |= a & -a;
        last_ok |= b & -b;
        middle_ok |= allowed;
      }
    if (!domains.keep_only(first, domains.mask(first) & first_ok) ||
        !domains.keep_only(last, domains.mask(last) & last_ok))
      return false;
    for (std::size_t i = 1; i + 1 < cells.size(); ++i)
      if (!domains.keep_only(cells[i], domains.mask(cells[i]) & middle_ok)) return false;
    return true;
  }

 private:
  Middle middle_;
};

// Sum line: stretches of consecutive cells that each add up to the sum. A
// walk along the line over the sums so far within the current stretch (a set
// of bits: bit s, "s added up so far"; reaching the sum closes the stretch,
// back to 0) forwards and backwards keeps each digit that lies on a whole way
// through. A loop has no first cell: each sum so far where the walk starts is
// tried, the walk ending on the same one. Sums up to 62 walk in one word.
class SumLine final : public Rule {
 public:
  SumLine(std::vector<int> line, int sum) : sum_(sum), loop_(is_loop(line)) {
    if (loop_) line.pop_back();
    cells = std::move(line);
    settles = true;
  }

  bool revise(Domains& domains) const override {
    return sum_ <= 62 ? walk(domains, words_) : walk(domains, wide_);
  }

 private:
  static bool has(std::uint64_t word, int bit) { return (word >> bit) & 1; }
  template <std::size_t N>
  static bool has(const std::bitset<N>& word, int bit) { return word.test(static_cast<std::size_t>(bit)); }
  static bool none(std::uint64_t word) { return word == 0; }
  template <std::size_t N>
  static bool none(const std::bitset<N>& word) { return word.none(); }
  template <class Word>
  static Word bit(int at) {
    Word word{};
    word |= Word{1} << at;
    return word;
  }

  // Scratch for the walks, reused (a program belongs to one search).
  template <class Word>
  struct Walks {
    std::vector<Word> reach, back;
  };

  template <class Word>
  bool walk(Domains& domains, Walks<Word>& walks) const {
    const int k = static_cast<int>(cells.size());
    Word open{};  // the sums a stretch may have so far: 0..sum-1
    for (int s = 0; s < sum_; ++s) open |= bit<Word>(s);
    auto& reach = walks.reach;
    auto& back = walks.back;
    reach.resize(k + 1);
    back.resize(k + 1);
    keep_.assign(k, 0);
    auto& keep = keep_;
    for (int start = 0; start < (loop_ ? sum_ : 1); ++start) {
      reach[0] = bit<Word>(start);
      for (int i = 0; i < k; ++i) {
        Word next{};
        for (Mask d = domains.mask(cells[i]); d; d &= d - 1) {
          const int digit = lowest(d);
          if (digit > sum_) break;
          const Word added = reach[i] << digit;
          next |= added & open;
          if (has(added, sum_)) next |= bit<Word>(0);
        }
        reach[i + 1] = next;
      }
      if (!has(reach[k], start)) continue;
      back[k] = bit<Word>(start);
      for (int i = k; i-- > 0;) {
        Word before{};
        for (Mask d = domains.mask(cells[i]); d; d &= d - 1) {
          const int digit = lowest(d);
          if (digit > sum_) break;
          // From s: to s + digit inside the stretch, or to 0 where s + digit closes it.
          Word from = (back[i + 1] >> digit) & open;
          if (has(back[i + 1], 0)) from |= bit<Word>(sum_ - digit);
          from &= reach[i];
          if (!none(from)) {
            keep[i] |= d & -d;
            before |= from;
          }
        }
        back[i] = before;
      }
    }
    for (int i = 0; i < k; ++i)
      if (keep[i] != domains.mask(cells[i]) && !domains.keep_only(cells[i], keep[i])) return false;
    return true;
  }

  int sum_;
  bool loop_;
  mutable Walks<std::uint64_t> words_;
  mutable Walks<std::bitset<kMaxSumLine + 1>> wide_;
  mutable std::vector<Mask> keep_;
};

// Quadruple: each digit shown appears (as often as shown) in the cells. A
// digit with exactly as many places as it needs fills them; when the digits
// shown fill every cell, the cells hold nothing else.
class Quadruple final : public Rule {
 public:
  Quadruple(std::vector<int> block, std::vector<int> digits) : digits_(std::move(digits)) {
    cells = std::move(block);
    std::sort(digits_.begin(), digits_.end());
  }

  bool revise(Domains& domains) const override {
    Mask shown = 0;
    for (std::size_t i = 0; i < digits_.size();) {
      const int digit = digits_[i];
      std::size_t copies = 0;
      for (; i < digits_.size() && digits_[i] == digit; ++i) ++copies;
      const Mask bit = digit_bit(digit);
      shown |= bit;
      std::size_t places = 0;
      for (int cell : cells) places += (domains.mask(cell) & bit) != 0;
      if (places < copies) return false;
      if (places == copies)
        for (int cell : cells)
          if ((domains.mask(cell) & bit) && !domains.keep_only(cell, bit)) return false;
    }
    if (digits_.size() == cells.size())
      for (int cell : cells)
        if (!domains.keep_only(cell, domains.mask(cell) & shown)) return false;
    return true;
  }

 private:
  std::vector<int> digits_;
};

// Sandwiches and lunchboxes: a line holding two crust digits once each; the
// filling between them adds up to a clue.
namespace crusts {

__extension__ using Sets = unsigned __int128;

// The sets of filling digits (bit digit-2) without `digit`, for 9×9 and smaller.
inline Sets sets_without(int digit) {
  static const std::array<Sets, 7> table = [] {
    std::array<Sets, 7> out{};
    for (int b = 0; b < 7; ++b)
      for (int set = 0; set < 128; ++set)
        if (!(set >> b & 1)) out[b] |= Sets{1} << set;
    return out;
  }();
  return table[digit - 2];
}

// The filling sets adding up to the clue.
inline Sets closing_sets(int size, int sum) {
  Sets closing = 0;
  for (int set = 0; set < (1 << (size - 2)); ++set) {
    int total = 0;
    for (int b = 0; b < size - 2; ++b)
      if (set >> b & 1) total += b + 2;
    if (total == sum) closing |= Sets{1} << set;
  }
  return closing;
}

// Where the line holds its two crust digits once each (a sandwich's 1 and N
// on a full row or column; a lunchbox's lowest and highest digits), every
// digit of every cell is tried, walking the line both ways over the states
// before the crust, inside it (opened by one crust digit or the other) and
// after it, so the filling is pruned too, not only the crust's places. Inside, a state is a
// set of bits of a Word: up to 9×9 the sets of filling digits so far
// (different digits of 2..N-1: at most 128 sets), so a filling that
// repeats a digit or cannot be completed by digits not used yet is seen;
// on larger grids the sums so far. `add(states, digit)` the states after
// the filling takes `digit`, `undo` the states before it; `closing` the
// states whose filling adds up to the clue. Before and after: bit 0.
// `one` and `top` are the crust digits (as bits), `fillings` the digits the
// other cells may hold. With `keeps`, each cell's digits on some way through
// are added to keeps[i] and no cell is narrowed; without, each is narrowed
// to them.
enum Phase { kBefore, kOpenedByOne, kOpenedByTop, kAfter, kPhases };

template <class Word, class Add, class Undo>
bool walk(Domains& domains, const std::vector<int>& cells, Mask one, Mask top, Mask fillings, Word closing,
          std::vector<Word>& reach, std::vector<Word>& done, Add&& add, Undo&& undo, Mask* keeps = nullptr) {
  const int k = static_cast<int>(cells.size());
  if (closing == 0) return false;
  constexpr Word start = 1;
  reach.assign((static_cast<std::size_t>(k) + 1) * kPhases, 0);
  done.assign(reach.size(), 0);
  // Before and after the crust a state is only "here or not" (bit 0); the
  // phase opened by 1 closes on N and the other way round.
  const auto closer = [&](int phase) { return phase == kOpenedByOne ? top : one; };
  reach[kBefore] = start;
  for (int i = 0; i < k; ++i) {
    const Word* from = &reach[static_cast<std::size_t>(i) * kPhases];
    Word* to = &reach[static_cast<std::size_t>(i + 1) * kPhases];
    const Mask mask = domains.mask(cells[i]), filling = mask & fillings;
    if (from[kBefore]) {
      if (filling) to[kBefore] = start;
      if (mask & one) to[kOpenedByOne] = start;
      if (mask & top) to[kOpenedByTop] = start;
    }
    for (int phase : {kOpenedByOne, kOpenedByTop}) {
      if (!from[phase]) continue;
      for (Mask d = filling; d; d &= d - 1) to[phase] |= add(from[phase], lowest(d));
      if ((mask & closer(phase)) && (from[phase] & closing)) to[kAfter] = start;
    }
    if (from[kAfter] && filling) to[kAfter] = start;
  }
  if (!reach[static_cast<std::size_t>(k) * kPhases + kAfter]) return false;
  // done[i][phase]: the states at cell i from which the rest closes the line.
  done[static_cast<std::size_t>(k) * kPhases + kAfter] = start;
  for (int i = k; i-- > 0;) {
    const Word* after = &done[static_cast<std::size_t>(i + 1) * kPhases];
    Word* here = &done[static_cast<std::size_t>(i) * kPhases];
    const Mask mask = domains.mask(cells[i]), filling = mask & fillings;
    if ((filling && (after[kBefore] & 1)) || ((mask & one) && (after[kOpenedByOne] & 1)) ||
        ((mask & top) && (after[kOpenedByTop] & 1)))
      here[kBefore] = start;
    for (int phase : {kOpenedByOne, kOpenedByTop}) {
      for (Mask d = filling; d; d &= d - 1) here[phase] |= undo(after[phase], lowest(d));
      if ((mask & closer(phase)) && (after[kAfter] & 1)) here[phase] |= closing;
    }
    if (filling && (after[kAfter] & 1)) here[kAfter] = start;
  }
  for (int i = 0; i < k; ++i) {
    const Mask mask = domains.mask(cells[i]);
    if (single(mask)) {  // on every way through, which exists
      if (keeps) keeps[i] |= mask;
      continue;
    }
    const Word* from = &reach[static_cast<std::size_t>(i) * kPhases];
    const Word* after = &done[static_cast<std::size_t>(i + 1) * kPhases];
    Mask keep = 0;
    if ((from[kBefore] && (after[kOpenedByOne] & 1)) || ((from[kOpenedByTop] & closing) && (after[kAfter] & 1)))
      keep |= one;
    if ((from[kBefore] && (after[kOpenedByTop] & 1)) || ((from[kOpenedByOne] & closing) && (after[kAfter] & 1)))
      keep |= top;
    const Mask filling = mask & fillings;
    if ((from[kBefore] && (after[kBefore] & 1)) || (from[kAfter] && (after[kAfter] & 1))) {
      keep |= filling;
    } else {
      for (Mask d = filling; d; d &= d - 1)
        for (int phase : {kOpenedByOne, kOpenedByTop})
          if (from[phase] && (add(from[phase], lowest(d)) & after[phase])) {
            keep |= d & -d;
            break;
          }
    }
    keep &= mask;
    if (keeps) keeps[i] |= keep;
    else if (keep != mask && !domains.keep_only(cells[i], keep)) return false;
  }
  return true;
}

}  // namespace crusts

// Sandwich: the digits between 1 and N add up to the clue. Every place of 1
// and of N is tried; a pair stands when the cells between can reach the sum
// (by their candidates, and as different digits of 2..N-1).
class Sandwich final : public Rule {
 public:
  // `distinct`: the line's digits all differ (a row or column of a Latin grid).
  Sandwich(std::vector<int> line, int size, int sum, bool distinct) : size_(size), sum_(sum) {
    cells = std::move(line);
    const bool full = static_cast<int>(cells.size()) == size_ && sum_ >= 0;
    by_fillings_ = full && distinct && size_ >= 3 && size_ <= 9;
    if (by_fillings_) {
      fillings_of_size_.resize(static_cast<std::size_t>(size_) - 1);
      const Mask fillings = all_digits(size_) & ~(digit_bit(1) | digit_bit(size_));
      shortest_ = size_;
      for (Mask set = fillings;; set = (set - 1) & fillings) {  // every subset, down to the empty one
        int total = 0;
        for (Mask m = set; m; m &= m - 1) total += lowest(m);
        const int count = std::popcount(set);
        if (total == sum_) {
          fillings_of_size_[static_cast<std::size_t>(count)].push_back(set);
          shortest_ = std::min(shortest_, count);
          longest_ = std::max(longest_, count);
        }
        if (set == 0) break;
      }
    } else if (size_ >= 3 && size_ <= 9 && sum_ >= 0) {
      closing_sets_ = crusts::closing_sets(size_, sum_);
    }
    // The walks keep a digit only where a whole way through the line uses
    // it; the filling sets are tried until nothing changes.
    settles = full && (size_ <= 9 || sum_ < 64);
  }

  bool revise(Domains& domains) const override {
    if (by_fillings_) return by_filling_sets(domains);
    const bool full = static_cast<int>(cells.size()) == size_ && sum_ >= 0;
    if (full && size_ >= 3 && size_ <= 9) {
      // Inside the crust: the set of filling digits so far.
      return crusts::walk<crusts::Sets>(
          domains, cells, digit_bit(1), digit_bit(size_), ~(digit_bit(1) | digit_bit(size_)), closing_sets_,
          sets_reach_, sets_done_,
          [](crusts::Sets from, int digit) { return (from & crusts::sets_without(digit)) << (1u << (digit - 2)); },
          [](crusts::Sets after, int digit) { return (after >> (1u << (digit - 2))) & crusts::sets_without(digit); });
    }
    if (full && sum_ < 64) {
      // Inside the crust: the sum so far.
      const std::uint64_t sums = sum_ == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << sum_) - 1;
      return crusts::walk<std::uint64_t>(
          domains, cells, digit_bit(1), digit_bit(size_), ~(digit_bit(1) | digit_bit(size_)),
          std::uint64_t{1} << sum_, sums_reach_, sums_done_,
          [sums](std::uint64_t from, int digit) { return (from << digit) & sums; },
          [](std::uint64_t after, int digit) { return after >> digit; });
    }
    return by_crust_places(domains);
  }

 private:
  // A row or column up to 9×9: every place of the 1 and of the N, with
  // every set of filling digits of the right size adding up to the clue (at
  // most five sets of a size on 9×9). A set stands when each cell inside can
  // hold one of its digits and together they can hold all of them, and
  // likewise the cells outside with the other filling digits. Cells keep
  // what some standing set allows, repeated on the narrowed masks until
  // nothing changes. Weaker than the walk (which also rules out a digit
  // needed twice), but a fraction of its cost, and the house does the rest
  // (docs/journal/2026-12-variants.md, session 35).
  bool by_filling_sets(Domains& domains) const {
    const int k = size_;
    const Mask one = digit_bit(1), top = digit_bit(size_), crust = one | top;
    const Mask fillings = all_digits(size_) & ~crust;
    std::array<Mask, 9> mask{}, keep{};
    std::array<Mask, 10> before{}, after{};  // the cells' masks or-ed before cell i, from cell i on
    for (int i = 0; i < k; ++i) mask[i] = domains.mask(cells[i]);
    for (bool changed = true; changed;) {
      for (int i = 0; i < k; ++i) before[i + 1] = before[i] | mask[i];
      for (int i = k; i-- > 0;) after[i] = after[i + 1] | mask[i];
      keep.fill(0);
      for (int i = 0; i < k; ++i) {
        if (i > 0 && !(mask[i - 1] & fillings)) break;  // the cells before the first crust hold fillings
        if (!(mask[i] & crust)) continue;
        Mask inside = 0;
        for (int j = i + 1; j < k; ++j) {
          const int between = j - i - 1;
          if (between > 0) inside |= mask[j - 1];
          if (between > longest_) break;
          const bool one_first = (mask[i] & one) && (mask[j] & top), top_first = (mask[i] & top) && (mask[j] & one);
          if ((one_first || top_first) && between >= shortest_ &&
              stand(mask, keep, i, j, inside, before[i] | after[j + 1], fillings)) {
            if (one_first) keep[i] |= one, keep[j] |= top;
            if (top_first) keep[i] |= top, keep[j] |= one;
          }
          if (!(mask[j] & fillings)) break;  // no filling there: the crust cannot lie beyond
        }
      }
      changed = false;
      for (int i = 0; i < k; ++i) {
        const Mask kept = mask[i] & keep[i];
        if (kept == 0) return false;
        if (kept != mask[i]) changed = true;
        mask[i] = kept;
      }
    }
    for (int i = 0; i < k; ++i)
      if (mask[i] != domains.mask(cells[i]) && !domains.keep_only(cells[i], mask[i])) return false;
    return true;
  }

  // The filling sets standing with the crust at i and j (`inside`,
  // `outside`: the masks of the cells between and beyond or-ed), their
  // digits added to `keep`; whether any stands.
  bool stand(const std::array<Mask, 9>& mask, std::array<Mask, 9>& keep, int i, int j, Mask inside, Mask outside,
             Mask fillings) const {
    const int k = size_;
    bool any = false;
    Mask inner_kept = 0, outer_kept = 0;
    for (const Mask set : fillings_of_size_[static_cast<std::size_t>(j - i - 1)]) {
      const Mask rest = fillings & ~set;
      if ((set & ~inside) || (rest & ~outside)) continue;
      bool fits = true;
      for (int p = 0; p < i && fits; ++p) fits = (mask[p] & rest) != 0;
      for (int p = i + 1; p < j && fits; ++p) fits = (mask[p] & set) != 0;
      for (int p = j + 1; p < k && fits; ++p) fits = (mask[p] & rest) != 0;
      if (!fits) continue;
      any = true;
      inner_kept |= set;
      outer_kept |= rest;
    }
    if (!any) return false;
    for (int p = 0; p < i; ++p) keep[p] |= mask[p] & outer_kept;
    for (int p = i + 1; p < j; ++p) keep[p] |= mask[p] & inner_kept;
    for (int p = j + 1; p < k; ++p) keep[p] |= mask[p] & outer_kept;
    return true;
  }

  bool by_crust_places(Domains& domains) const {
    const int k = static_cast<int>(cells.size());
    const Mask one = digit_bit(1), top = digit_bit(size_), crust = one | top;
    Mask ones = 0, tops = 0;  // positions, as bits
    for (int p = 0; p < k; ++p)
      for (int q = 0; q < k; ++q) {
        if (p == q || !(domains.mask(cells[p]) & one) || !(domains.mask(cells[q]) & top)) continue;
        const int from = std::min(p, q) + 1, to = std::max(p, q);
        const int count = to - from;
        // Different digits of 2..N-1: at least 2+3+…, at most (N-1)+(N-2)+…
        long low = count * (count + 3) / 2, high = static_cast<long>(count) * (2 * size_ - 1 - count) / 2;
        long mask_low = 0, mask_high = 0;
        bool open = true;
        for (int i = from; i < to && open; ++i) {
          const Mask filling = domains.mask(cells[i]) & ~crust;
          open = filling != 0;
          if (open) {
            mask_low += lowest(filling);
            mask_high += highest(filling);
          }
        }
        if (!open || sum_ < std::max(low, mask_low) || sum_ > std::min(high, mask_high)) continue;
        ones |= Mask{1} << p;
        tops |= Mask{1} << q;
      }
    if (ones == 0) return false;
    for (int p = 0; p < k; ++p) {
      Mask remove = 0;
      if (!(ones >> p & 1)) remove |= one;
      if (!(tops >> p & 1)) remove |= top;
      if (remove && !domains.keep_only(cells[p], domains.mask(cells[p]) & ~remove)) return false;
    }
    return true;
  }

  int size_, sum_;
  bool by_fillings_ = false;
  int shortest_ = 0, longest_ = -1;  // by_fillings_: the sizes of the filling sets
  std::vector<std::vector<Mask>> fillings_of_size_;  // by_fillings_: the filling sets adding up to the clue, by size
  crusts::Sets closing_sets_ = 0;  // up to 9×9: the filling sets adding up to the clue
  // Scratch of the walks along the line, kept so they allocate nothing: a
  // program serves one search on one thread.
  mutable std::vector<std::uint64_t> sums_reach_, sums_done_;
  mutable std::vector<crusts::Sets> sets_reach_, sets_done_;
};

// Lunchbox: the line's digits all differ (peers), and those between its
// lowest and its highest add up to the clue. Each pair of crust digits
// lo < hi is walked as a sandwich whose other cells hold digits between
// them; a cell keeps what some pair's walk keeps. Sums of 63 or more on
// grids over 9×9 are checked once every cell is fixed.
class Lunchbox final : public Rule {
 public:
  Lunchbox(std::vector<int> line, int size, int sum) : size_(size), sum_(sum) {
    cells = std::move(line);
    if (size_ <= 9) closing_sets_ = crusts::closing_sets(std::max(size_, 3), sum_);
    settles = size_ <= 9 || sum_ < 63;
  }

  bool revise(Domains& domains) const override {
    const int k = static_cast<int>(cells.size());
    if (size_ > 9 && sum_ >= 63) return fixed_line_holds(domains);
    keeps_.assign(k, 0);
    Mask present = 0;
    for (int cell : cells) present |= domains.mask(cell);
    for (Mask lows = present; lows; lows &= lows - 1) {
      const int lo = lowest(lows);
      for (Mask highs = present & ~range(1, lo + k - 2); highs; highs &= highs - 1) {
        const int hi = lowest(highs);  // k different digits of lo..hi: hi >= lo + k - 1
        const Mask one = digit_bit(lo), top = digit_bit(hi), fillings = range(lo + 1, hi - 1);
        if (size_ <= 9)
          crusts::walk<crusts::Sets>(
              domains, cells, one, top, fillings, closing_sets_, sets_reach_, sets_done_,
              [](crusts::Sets from, int digit) { return (from & crusts::sets_without(digit)) << (1u << (digit - 2)); },
              [](crusts::Sets after, int digit) { return (after >> (1u << (digit - 2))) & crusts::sets_without(digit); },
              keeps_.data());
        else {
          const std::uint64_t sums = (std::uint64_t{2} << sum_) - 1;
          crusts::walk<std::uint64_t>(
              domains, cells, one, top, fillings, std::uint64_t{1} << sum_, sums_reach_, sums_done_,
              [sums](std::uint64_t from, int digit) { return (from << digit) & sums; },
              [](std::uint64_t after, int digit) { return after >> digit; }, keeps_.data());
        }
      }
    }
    for (int i = 0; i < k; ++i)
      if (keeps_[i] != domains.mask(cells[i]) && !domains.keep_only(cells[i], domains.mask(cells[i]) & keeps_[i]))
        return false;
    return true;
  }

 private:
  bool fixed_line_holds(const Domains& domains) const {
    std::vector<int> digits;
    for (int cell : cells) {
      if (!single(domains.mask(cell))) return true;
      digits.push_back(lowest(domains.mask(cell)));
    }
    const auto [low, high] = std::minmax_element(digits.begin(), digits.end());
    const auto [from, to] = std::minmax(low, high);
    long total = 0;
    for (auto it = from + 1; it < to; ++it) total += *it;
    return total == sum_;
  }

  int size_, sum_;
  crusts::Sets closing_sets_ = 0;
  mutable std::vector<Mask> keeps_;
  mutable std::vector<std::uint64_t> sums_reach_, sums_done_;
  mutable std::vector<crusts::Sets> sets_reach_, sets_done_;
};

// Same values: the cells split into sets of one size holding the same
// digits, so each digit is in every set the same number of times: at least
// the most any set already has fixed, at most the fewest places any set has
// for it. A set with only that least number of places fills them; a set
// with that most already fixed takes the digit nowhere else.
class SameValues final : public Rule {
 public:
  SameValues(std::vector<int> all, int sets, int size) : sets_(sets), size_(size) {
    cells = std::move(all);
    per_ = cells.size() / static_cast<std::size_t>(sets_);
  }

  bool revise(Domains& domains) const override {
    for (int digit = 1; digit <= size_; ++digit) {
      const Mask bit = digit_bit(digit);
      int most_fixed = 0, fewest_places = static_cast<int>(per_);
      for (int s = 0; s < sets_; ++s) {
        const auto [fixed, places] = count(domains, s, bit);
        most_fixed = std::max(most_fixed, fixed);
        fewest_places = std::min(fewest_places, places);
      }
      if (most_fixed > fewest_places) return false;
      for (int s = 0; s < sets_; ++s) {
        const auto [fixed, places] = count(domains, s, bit);
        if (fixed == places) continue;
        const bool fill = places == most_fixed, empty = fixed == fewest_places;
        if (!fill && !empty) continue;
        for (std::size_t i = 0; i < per_; ++i) {
          const int cell = cells[static_cast<std::size_t>(s) * per_ + i];
          const Mask mask = domains.mask(cell);
          if (!(mask & bit) || mask == bit) continue;
          if (!domains.keep_only(cell, fill ? bit : mask & ~bit)) return false;
        }
      }
    }
    return true;
  }

 private:
  // In set s: the cells fixed to the digit, and those that can hold it.
  std::pair<int, int> count(const Domains& domains, int s, Mask bit) const {
    int fixed = 0, places = 0;
    for (std::size_t i = 0; i < per_; ++i) {
      const Mask mask = domains.mask(cells[static_cast<std::size_t>(s) * per_ + i]);
      fixed += mask == bit;
      places += (mask & bit) != 0;
    }
    return {fixed, places};
  }

  int sets_, size_;
  std::size_t per_;
};

// A digit that must be in one of `places`: it leaves every other cell that
// sees them all (`seeing`: scratch).
bool leaves_what_sees_all(Domains& domains, const Geometry& geometry, const std::vector<int>& places, Mask bit,
                          std::vector<std::uint64_t>& seeing) {
  seeing.assign(static_cast<std::size_t>(geometry.cell_words()), ~std::uint64_t{0});
  for (int cell : places) {
    const auto peers = geometry.peer_bits(cell);
    for (std::size_t w = 0; w < seeing.size(); ++w) seeing[w] &= peers[w];
  }
  for (std::size_t w = 0; w < seeing.size(); ++w)
    for (std::uint64_t bits = seeing[w]; bits; bits &= bits - 1) {
      const int cell = static_cast<int>(w * 64) + std::countr_zero(bits);
      const Mask mask = domains.mask(cell);
      if ((mask & bit) && !domains.keep_only(cell, mask & ~bit)) return false;
    }
  return true;
}

// Cells any two of which hold related digits, where no digit is related to
// itself (a nabner line; a group of a pair table such as ISS's |x-y| >= 2):
// the group holds a set of digits any two of which are related. Pair links
// see two cells at a time; this sees the group. Within the union of its
// candidates, a digit in no such set of the group's size leaves it, and a
// digit in every such set is in the group: in its only place, or out of the
// cells that see all its places. A cell's digit no other cell can hold must
// still leave a set once the cell's other such digits are out. ("Nabner": 224,591
// guesses with the pair links alone, ISS 27,384.)
class RelatedSet final : public Rule {
 public:
  // related[d], d = 1..N (N <= kMostDigits): the digits that may go with d,
  // never d itself, and symmetric.
  static constexpr int kMostDigits = 16;
  RelatedSet(std::vector<int> group, const std::vector<Mask>& related, const Geometry& geometry)
      : geometry_(&geometry), table_(table(related, group.size())) {
    cells = std::move(group);
  }

  bool revise(Domains& domains) const override {
    Mask all = union_of(domains);
    const Info info = (*table_)[all];
    if (!info) return false;
    const Mask valid = info & kLow;
    if (valid != all) {
      for (int cell : cells)
        if (!domains.keep_only(cell, valid)) return false;
    }
    // Every set within `valid` lies within `all`: the required digits stand.
    for (Mask required = info >> 16; required; required &= required - 1) {
      const Mask bit = required & -required;
      places_.clear();
      bool fixed = false;
      for (int cell : cells) {
        const Mask mask = domains.mask(cell);
        if (mask & bit) {
          places_.push_back(cell);
          fixed = fixed || mask == bit;
        }
      }
      if (places_.empty()) return false;
      if (fixed) continue;
      if (places_.size() == 1) {
        if (!domains.keep_only(places_.front(), bit)) return false;
      } else if (!leaves_what_sees_all(domains, *geometry_, places_, bit, seeing_)) {
        return false;
      }
    }
    // A cell's digits that no other cell can hold exclude each other: each
    // must leave a set with the cell's others out of the union.
    Mask seen = 0, repeated = 0;
    for (int cell : cells) {
      const Mask mask = domains.mask(cell);
      repeated |= seen & mask;
      seen |= mask;
    }
    const Mask only_once = seen & ~repeated;
    if (!(only_once & (only_once - 1))) return true;
    for (int cell : cells) {
      const Mask own = domains.mask(cell) & only_once;
      if (!(own & (own - 1))) continue;
      Mask keep = domains.mask(cell);
      for (Mask digits = own; digits; digits &= digits - 1) {
        const Mask bit = digits & -digits;
        if (!((*table_)[seen ^ (own ^ bit)] & bit)) keep &= ~bit;
      }
      if (!domains.keep_only(cell, keep)) return false;
    }
    return true;
  }

 private:
  // Per union of candidates: the digits in some related set of the group's
  // size within it (low 16 bits) and those in every one (high 16); 0 when
  // there is none.
  using Info = std::uint32_t;
  static constexpr Mask kLow = 0xffff;

  Mask union_of(const Domains& domains) const {
    Mask all = 0;
    for (int cell : cells) all |= domains.mask(cell);
    return all;
  }

  // Shared by every rule of one relation and size (a generated puzzle
  // builds a program for every count).
  static std::shared_ptr<const std::vector<Info>> table(const std::vector<Mask>& related, std::size_t size) {
    static std::mutex guard;
    static std::map<std::pair<std::size_t, std::vector<Mask>>, std::shared_ptr<const std::vector<Info>>> built;
    const std::lock_guard lock(guard);
    auto& slot = built[{size, related}];
    if (slot) return slot;
    const int n = static_cast<int>(related.size()) - 1;
    const std::size_t sets = std::size_t{1} << n;
    std::vector<char> related_set(sets, 0);  // any two of its digits related
    auto made = std::make_shared<std::vector<Info>>(sets, 0);
    auto& info = *made;
    for (std::size_t s = 1; s < sets; ++s) {
      const std::size_t low = s & (~s + 1), rest = s ^ low;
      related_set[s] = rest == 0 || (related_set[rest] && (rest & ~related[std::countr_zero(low) + 1]) == 0);
      const auto count = static_cast<std::size_t>(std::popcount(s));
      if (count < size) continue;
      if (count == size) {
        if (related_set[s]) info[s] = static_cast<Info>(s << 16 | s);
        continue;
      }
      Info valid = 0, required = static_cast<Info>(kLow);
      for (std::size_t bits = s; bits; bits &= bits - 1) {
        const Info sub = info[s ^ (bits & (~bits + 1))];
        if (!sub) continue;
        valid |= sub & static_cast<Info>(kLow);
        required &= sub >> 16;
      }
      if (valid) info[s] = required << 16 | valid;
    }
    slot = std::move(made);
    return slot;
  }

  const Geometry* geometry_;
  std::shared_ptr<const std::vector<Info>> table_;
  mutable std::vector<int> places_;
  mutable std::vector<std::uint64_t> seeing_;
};

// Counting circles: each digit in the circles is in exactly as many of them
// as its value. The circles fall into groups of cells that see each other (a
// digit is at most once in a group), so a digit is in at most as many circles
// as groups have it: fewer than its value rules it out. The values of the
// digits used add up to the number of circles: a digit no such choice uses
// leaves the circles, and one every choice uses (or one already placed) is
// required: with exactly as many places as its value it fills them, and with
// exactly as many groups, a group where it has one place gets it there.
class CountingCircles final : public Rule {
 public:
  CountingCircles(std::vector<int> circles, const Geometry& geometry) : size_(geometry.size()), geometry_(&geometry) {
    cells = std::move(circles);
    // In reading order, so that the groups come out as whole rows where they can.
    std::vector<int> sorted = cells;
    std::sort(sorted.begin(), sorted.end());
    for (int cell : sorted) {
      const auto peers = geometry.peers_of(cell);
      const auto sees = [&](int other) { return std::binary_search(peers.begin(), peers.end(), other); };
      auto group = std::find_if(groups_.begin(), groups_.end(),
                                [&](const std::vector<int>& g) { return std::all_of(g.begin(), g.end(), sees); });
      if (group == groups_.end()) groups_.push_back({cell});
      else group->push_back(cell);
    }
  }

  bool revise(Domains& domains) const override {
    const int k = static_cast<int>(cells.size());
    Mask fixed = 0, out = 0;
    std::vector<int> optional;
    int forced = 0;  // the values of the digits placed in the circles
    for (int d = 1; d <= size_; ++d) {
      const Mask bit = digit_bit(d);
      int placed = 0, groups = 0;
      for (const auto& group : groups_) {
        bool has = false;
        for (int cell : group) {
          has = has || (domains.mask(cell) & bit);
          placed += domains.mask(cell) == bit;
        }
        groups += has;
      }
      if (placed > d) return false;
      if (groups < d) {
        if (placed > 0) return false;
        out |= bit;
      } else if (placed > 0) {
        fixed |= bit;
        forced += d;
      } else if (groups > 0) {
        optional.push_back(d);
      }
    }
    const int target = k - forced;
    if (target < 0 || !reaches(optional, 0, target)) return false;
    Mask required = fixed;
    for (int d : optional) {
      if (!reaches(optional, d, target)) out |= digit_bit(d);
      else if (!reaches(optional, -d, target)) required |= digit_bit(d);
    }
    for (int cell : cells) {
      const Mask mask = domains.mask(cell);
      if ((mask & out) && !domains.keep_only(cell, mask & ~out)) return false;
    }
    for (Mask r = required; r; r &= r - 1) {
      const int d = lowest(r);
      const Mask bit = r & -r;
      int places = 0, groups = 0;
      for (const auto& group : groups_) {
        int here = 0;
        for (int cell : group) here += (domains.mask(cell) & bit) != 0;
        places += here;
        groups += here > 0;
      }
      if (groups < d) return false;
      for (const auto& group : groups_) {
        int here = 0, at = -1;
        for (int cell : group)
          if (domains.mask(cell) & bit) ++here, at = cell;
        // Every place taken, or the group's only place when every group must have it.
        if (places == d) {
          for (int cell : group)
            if ((domains.mask(cell) & bit) && !domains.keep_only(cell, bit)) return false;
        } else if (groups == d && here == 1) {
          if (!domains.keep_only(at, bit)) return false;
        } else if (groups == d && here > 1 && !leaves_what_sees_all(domains, group, bit)) {
          return false;
        }
      }
    }
    return true;
  }

 private:
  // Whether some of `digits` add up to `target`: with `with` among them when
  // it is positive, without -`with` when negative, either way for 0.
  static bool reaches(const std::vector<int>& digits, int with, int target) {
    if (with > target) return false;
    std::vector<char> sums(static_cast<std::size_t>(target) + 1, 0);
    sums[0] = 1;
    for (int d : digits) {
      if (d == with || d == -with) continue;
      for (int s = target; s >= d; --s) sums[s] = sums[s] || sums[s - d];
    }
    return sums[target - std::max(with, 0)] != 0;
  }

  // The group holds the digit in one of its places.
  bool leaves_what_sees_all(Domains& domains, const std::vector<int>& group, Mask bit) const {
    places_.clear();
    for (int cell : group)
      if (domains.mask(cell) & bit) places_.push_back(cell);
    return nonet::detail::leaves_what_sees_all(domains, *geometry_, places_, bit, seeing_);
  }

  int size_;
  const Geometry* geometry_;
  std::vector<std::vector<int>> groups_;  // circles that see each other
  mutable std::vector<int> places_;
  mutable std::vector<std::uint64_t> seeing_;
};

// Entropy's classes: low, middle, high (1-3, 4-6, 7-9 on 9×9).
int entropy_class(int digit, int size) { return (digit - 1) * 3 / size; }

// A 2×2 block of global entropy: a low, a middle and a high digit. A class
// with one place in the block goes there; two classes with the same two
// places fill them (the other cells hold the third class and nothing of
// theirs); a class down to one digit in the block needs that digit there, so
// it leaves the cells that see all its places.
class BlockClasses final : public Rule {
 public:
  BlockClasses(std::vector<int> block, const Geometry& geometry) : geometry_(&geometry) {
    cells = std::move(block);
    for (int d = 1; d <= geometry.size(); ++d)
      classes_[static_cast<std::size_t>(entropy_class(d, geometry.size()))] |= digit_bit(d);
  }

  bool revise(Domains& domains) const override {
    std::array<unsigned, 3> where{};  // the class's places, as bits of the block's cells
    for (std::size_t c = 0; c < 3; ++c) {
      for (std::size_t i = 0; i < cells.size(); ++i)
        if (domains.mask(cells[i]) & classes_[c]) where[c] |= 1u << i;
      if (where[c] == 0) return false;
      if (std::has_single_bit(where[c])) {
        const int at = cells[static_cast<std::size_t>(std::countr_zero(where[c]))];
        if (!domains.keep_only(at, domains.mask(at) & classes_[c])) return false;
      }
    }
    for (std::size_t a = 0; a < 3; ++a)
      for (std::size_t b = a + 1; b < 3; ++b)
        if (where[a] == where[b] && std::popcount(where[a]) == 2)
          for (std::size_t i = 0; i < cells.size(); ++i)
            if ((where[a] >> i & 1) && !domains.keep_only(cells[i], domains.mask(cells[i]) & (classes_[a] | classes_[b])))
              return false;
    for (const Mask digits : classes_) {
      Mask present = 0;
      bool placed = false;
      places_.clear();
      for (int cell : cells) {
        const Mask here = domains.mask(cell) & digits;
        present |= here;
        placed = placed || (here && single(domains.mask(cell)));
        if (here) places_.push_back(cell);
      }
      if (single(present) && !placed && places_.size() > 1 &&
          !leaves_what_sees_all(domains, *geometry_, places_, present, seeing_))
        return false;
    }
    return true;
  }

 private:
  const Geometry* geometry_;
  std::array<Mask, 3> classes_{};
  mutable std::vector<int> places_;
  mutable std::vector<std::uint64_t> seeing_;
};

// Hidden skyscraper: the first digit lower than one before it (hidden behind
// it, seen from the clue) is the clue. A walk along the line over the highest
// digit so far, while none is hidden, then "found": a digit stays where some
// way through the line uses it.
class HiddenSkyscraper final : public Rule {
 public:
  HiddenSkyscraper(std::vector<int> line, int size, int clue) : size_(size), clue_(clue) {
    cells = std::move(line);
    settles = true;
  }

  bool revise(Domains& domains) const override {
    const int k = static_cast<int>(cells.size());
    const Mask clue = digit_bit(clue_);
    const auto above = [this](int x) { return range(x + 1, size_); };
    const auto below = [](int x) { return range(1, x - 1); };
    // highest_[i]: the highest digits so far before cell i, none hidden; found_[i]: the clue seen.
    highest_.assign(static_cast<std::size_t>(k) + 1, 0);
    found_.assign(static_cast<std::size_t>(k) + 1, 0);
    highest_[1] = domains.mask(cells[0]);
    for (int i = 1; i < k; ++i) {
      const Mask mask = domains.mask(cells[i]);
      if (highest_[i]) highest_[i + 1] = mask & above(lowest(highest_[i]));
      found_[i + 1] = (found_[i] && mask) || ((mask & clue) && highest_[i] && highest(highest_[i]) > clue_);
    }
    if (!found_[k]) return false;
    // Backwards: the highest digits so far from which the rest finds the clue; after it, anything.
    Mask ahead = 0;  // highest digits at cell i + 1 that can still finish
    bool ahead_found = true;
    keep_.assign(static_cast<std::size_t>(k), 0);
    for (int i = k; i-- > 1;) {
      const Mask mask = domains.mask(cells[i]);
      Mask keep = 0;
      if (found_[i] && ahead_found) keep |= mask;
      for (Mask d = mask & ahead; d; d &= d - 1)
        if (highest_[i] & below(lowest(d))) keep |= d & -d;
      if ((mask & clue) && ahead_found && (highest_[i] & above(clue_))) keep |= clue;
      keep_[static_cast<std::size_t>(i)] = keep;
      Mask before = 0;
      if (const Mask rising = mask & ahead) before |= below(highest(rising));
      if ((mask & clue) && ahead_found) before |= above(clue_);
      ahead_found = ahead_found && mask != 0;
      ahead = before;
    }
    keep_[0] = domains.mask(cells[0]) & ahead;
    for (int i = 0; i < k; ++i)
      if (keep_[static_cast<std::size_t>(i)] != domains.mask(cells[i]) &&
          !domains.keep_only(cells[i], keep_[static_cast<std::size_t>(i)]))
        return false;
    return true;
  }

 private:
  int size_, clue_;
  mutable std::vector<Mask> highest_, keep_;
  mutable std::vector<char> found_;
};

// Full rank: the rows and columns read from either end, 4N numbers of N
// digits, ranked. Rows and columns hold every digit once, so each digit
// begins exactly four numbers, and a clue of rank r begins with digit
// ceil(r/4) and has (r-1) mod 4 of the other three below it; the rest are
// above it (or, where ties are allowed, not below it). Each other number that
// may begin with that digit is compared with the clued one from the second
// digit on, as far as the candidates tell (equal so far, a digit already
// read cannot come again: each number is a row or a column). A number that
// can only be below (or above) counts for certain once it surely begins with
// the digit; when the possible ones are just enough, each begins with it;
// when the certain ones are enough, no other that could only add to them
// may begin with it.
class FullRankNumbers {
 public:
  // The numbers of one size, built once and shared by every clue of every
  // program (36 clues each building its own took 0.2 ms of a 0.3-ms solve).
  explicit FullRankNumbers(int size) {
    static std::mutex guard;
    static std::map<int, std::shared_ptr<const std::vector<std::vector<int>>>> built;
    const std::lock_guard lock(guard);
    auto& numbers = built[size];
    if (!numbers) {
      auto made = std::make_shared<std::vector<std::vector<int>>>();
      for (int line = 0; line < size; ++line) {
        std::vector<int> row, column;
        for (int i = 0; i < size; ++i) {
          row.push_back(line * size + i);
          column.push_back(i * size + line);
        }
        for (std::vector<int>* number : {&row, &column}) {
          made->push_back(*number);
          std::reverse(number->begin(), number->end());
          made->push_back(*number);
        }
      }
      numbers = std::move(made);
    }
    numbers_ = numbers;
  }
  const std::vector<std::vector<int>>& all() const { return *numbers_; }
  static std::vector<int> every_cell(int size) {
    std::vector<int> cells(static_cast<std::size_t>(size) * size);
    std::iota(cells.begin(), cells.end(), 0);
    return cells;
  }

 private:
  std::shared_ptr<const std::vector<std::vector<int>>> numbers_;
};

class FullRank final : public Rule {
 public:
  // edges[f]: the house along the edge where family f's numbers begin
  // (column 1, column N, row 1, row N).
  FullRank(const std::vector<int>& line, int size, int rank, bool ties, std::array<int, 4> edges)
      : numbers_(size), first_(digit_bit((rank + 3) / 4)), below_((rank - 1) % 4), ties_(ties), edges_(edges) {
    suggests = true;
    for (std::size_t i = 0; i < numbers_.all().size(); ++i)
      if (numbers_.all()[i] == line) clued_ = i;
    // The clued number's cells first (a step names them), then the rest.
    cells = line;
    std::vector<char> on_line(static_cast<std::size_t>(size) * size, 0);
    for (int cell : line) on_line[static_cast<std::size_t>(cell)] = 1;
    for (int cell = 0; cell < size * size; ++cell)
      if (!on_line[static_cast<std::size_t>(cell)]) cells.push_back(cell);
  }

  bool revise(Domains& domains) const override {
    const std::vector<std::vector<int>>& numbers = numbers_.all();
    const std::vector<int>& clued = numbers[clued_];
    if (!domains.keep_only(clued.front(), first_)) return false;
    // Four families of numbers: rows from the left, from the right, columns
    // from the top, from the bottom; the digit begins one number of each.
    const std::size_t own = clued_ % 4;
    std::array<std::size_t, 4> begun;  // per family: the number surely beginning with the digit, if any
    begun.fill(SIZE_MAX);
    order_.assign(numbers.size(), Order{});
    for (std::size_t i = 0; i < numbers.size(); ++i) {
      const int first = numbers[i].front();
      if (i % 4 == own || !(domains.mask(first) & first_)) continue;
      Order& o = order_[i];
      compare(domains, numbers[i], clued, o);
      if (!ties_ && !o.below && !o.above) {  // only equal, and no number may equal a clued one
        if (!domains.keep_only(first, domains.mask(first) & ~first_)) return false;
        continue;
      }
      o.open = true;
      o.only_below = o.below && !o.above && (!ties_ || !o.equal);
      o.can_above = ties_ ? o.above || o.equal : o.above;  // with ties: not below
      o.only_above = ties_ ? !o.below : o.above && !o.below;
      if (domains.mask(first) == first_) begun[i % 4] = i;
    }
    const auto member = [&](std::size_t family, std::size_t i) {
      return i % 4 == family && order_[i].open && (begun[family] == SIZE_MAX || begun[family] == i);
    };
    struct Family {
      bool any = false, can_below = false, can_above = false, all_below = true, all_above = true;
    };
    std::array<Family, 4> families{};
    int may_below = 0, sure_below = 0, may_above = 0, sure_above = 0;
    for (std::size_t f = 0; f < 4; ++f) {
      if (f == own) continue;
      Family& family = families[f];
      for (std::size_t i = f; i < numbers.size(); i += 4) {
        if (!member(f, i)) continue;
        const Order& o = order_[i];
        family.any = true;
        family.can_below = family.can_below || o.below;
        family.can_above = family.can_above || o.can_above;
        family.all_below = family.all_below && o.only_below;
        family.all_above = family.all_above && o.only_above;
      }
      if (!family.any) return false;
      may_below += family.can_below;
      sure_below += family.all_below;
      may_above += family.can_above;
      sure_above += family.all_above;
    }
    const int above = 3 - below_;  // or "not below", with ties
    if (may_below < below_ || sure_below > below_ || may_above < above || sure_above > above) return false;
    for (std::size_t f = 0; f < 4; ++f) {
      if (f == own) continue;
      const Family& family = families[f];
      const bool must_below = (may_below == below_ && family.can_below) || (sure_above == above && !family.all_above);
      const bool must_above = (may_above == above && family.can_above) || (sure_below == below_ && !family.all_below);
      if (must_below && must_above) return false;
      if (!must_below && !must_above) continue;
      std::size_t left = SIZE_MAX, count = 0;
      for (std::size_t i = f; i < numbers.size(); i += 4) {
        if (!member(f, i)) continue;
        const Order& o = order_[i];
        const int first = numbers[i].front();
        if ((must_below && !o.below) || (must_above && !o.can_above)) {
          if (!domains.keep_only(first, domains.mask(first) & ~first_)) return false;
        } else {
          left = i;
          ++count;
        }
      }
      if (count == 0) return false;
      if (count > 1) continue;
      // The family's only way: it begins with the digit, in order.
      if (!domains.keep_only(numbers[left].front(), first_)) return false;
      if (must_below && !order_[left].only_below && !in_order(domains, numbers[left], clued, true)) return false;
      if (must_above && !order_[left].only_above && !in_order(domains, clued, numbers[left], !ties_)) return false;
    }
    return true;
  }

 private:
  struct Order {
    bool open = false;  // may begin with the clue's digit
    bool below = false, above = false, equal = false;  // what the candidates allow
    bool only_below = false, only_above = false, can_above = false;
  };

  // The search's question: along which edge, and where, the digit begins a
  // number of a family not yet settled (the fewest places).
  bool branch_on(const Domains& domains, int& house, int& digit) const override {
    const std::size_t own = clued_ % 4;
    int fewest = 0;
    for (std::size_t f = 0; f < 4; ++f) {
      if (f == own) continue;
      int places = 0;
      for (std::size_t i = f; i < numbers_.all().size(); i += 4) {
        const Mask mask = domains.mask(numbers_.all()[i].front());
        if (mask == first_) {
          places = 0;
          break;
        }
        places += (mask & first_) != 0;
      }
      if (places >= 2 && (fewest == 0 || places < fewest)) {
        fewest = places;
        house = edges_[f];
      }
    }
    digit = lowest(first_);
    return fewest != 0;
  }

  // Keeps `low` below `high` (or equal, unless strict), both beginning with
  // first_: along their equal beginning (fixed digits), the first place
  // where they may differ holds in `low` no more than in `high`.
  bool in_order(Domains& domains, const std::vector<int>& low, const std::vector<int>& high, bool strict) const {
    for (std::size_t j = 1; j < low.size(); ++j) {
      const Mask a = domains.mask(low[j]), b = domains.mask(high[j]);
      if (!a || !b) return false;
      if (!domains.keep_only(low[j], a & range(1, highest(b))) ||
          !domains.keep_only(high[j], b & ~range(1, lowest(a) - 1)))
        return false;
      const Mask kept = domains.mask(low[j]);
      if (!single(kept) || kept != domains.mask(high[j])) return true;
    }
    return !strict;  // equal all along
  }

  // What `number` can be against `clued`, both beginning with first_.
  void compare(const Domains& domains, const std::vector<int>& number, const std::vector<int>& clued, Order& o) const {
    Mask read = first_;  // digits of the equal beginning so far
    o.equal = true;
    for (std::size_t j = 1; j < number.size(); ++j) {
      const Mask e = domains.mask(number[j]) & ~read, l = domains.mask(clued[j]) & ~read;
      if (!e || !l) {
        o.equal = false;
        return;
      }
      o.below = o.below || lowest(e) < highest(l);
      o.above = o.above || highest(e) > lowest(l);
      const Mask both = e & l;
      if (!both) {
        o.equal = false;
        return;
      }
      if (o.below && o.above) return;  // equal stays possible as far as this tells
      read |= both;  // one digit: with two, both ways would be open
    }
  }

  FullRankNumbers numbers_;
  Mask first_;
  int below_;
  bool ties_;
  std::array<int, 4> edges_;
  std::size_t clued_ = 0;
  mutable std::vector<Order> order_;
};

// Full rank without ties: no two of the numbers are equal, checked between
// numbers whose cells are all fixed (only numbers beginning with the same
// digit can be).
class FullRankDistinct final : public Rule {
 public:
  explicit FullRankDistinct(int size) : numbers_(size) { cells = FullRankNumbers::every_cell(size); }

  bool revise(Domains& domains) const override {
    fixed_.clear();
    for (const std::vector<int>& number : numbers_.all())
      if (std::all_of(number.begin(), number.end(), [&](int cell) { return single(domains.mask(cell)); }))
        fixed_.push_back(&number);
    for (std::size_t a = 0; a < fixed_.size(); ++a)
      for (std::size_t b = a + 1; b < fixed_.size(); ++b)
        if (std::equal(fixed_[a]->begin(), fixed_[a]->end(), fixed_[b]->begin(),
                       [&](int x, int y) { return domains.mask(x) == domains.mask(y); }))
          return false;
    return true;
  }

 private:
  FullRankNumbers numbers_;
  mutable std::vector<const std::vector<int>*> fixed_;
};

// Numbered room: the X-th cell holds the clue, X being the first cell's digit.
// An X stays where the X-th cell can hold the clue; with X fixed, that cell
// holds it.
class NumberedRoom final : public Rule {
 public:
  NumberedRoom(std::vector<int> line, int clue) : clue_(clue) { cells = std::move(line); }

  bool revise(Domains& domains) const override {
    const Mask clue = digit_bit(clue_);
    Mask keep = 0;
    for (Mask m = domains.mask(cells[0]); m; m &= m - 1) {
      const int x = lowest(m);
      if (x > static_cast<int>(cells.size())) continue;
      // X = 1 names the first cell itself: then the clue is 1.
      if (x == 1 ? clue_ == 1 : (domains.mask(cells[x - 1]) & clue) != 0) keep |= m & -m;
    }
    if (!domains.keep_only(cells[0], domains.mask(cells[0]) & keep)) return false;
    const Mask head = domains.mask(cells[0]);
    if (single(head) && lowest(head) > 1) return domains.keep_only(cells[lowest(head) - 1], clue);
    return true;
  }

 private:
  int clue_;
};

// X-sum: the first X digits add up to the clue, X being the first digit. Each
// X is tried by the bounds of the cells it covers; once X is fixed, those
// cells are bound like a sum.
class XSum final : public Rule {
 public:
  XSum(std::vector<int> line, int sum) : sum_(sum) { cells = std::move(line); }

  bool revise(Domains& domains) const override {
    const Mask head = domains.mask(cells[0]);
    Mask keep = 0;
    for (Mask m = head; m; m &= m - 1) {
      const int x = lowest(m);
      if (x > static_cast<int>(cells.size())) continue;
      long low = x, high = x;
      for (int i = 1; i < x; ++i) {
        low += lowest(domains.mask(cells[i]));
        high += highest(domains.mask(cells[i]));
      }
      if (sum_ >= low && sum_ <= high) keep |= m & -m;
    }
    if (!domains.keep_only(cells[0], keep)) return false;
    if (!single(keep)) return true;
    const int x = lowest(keep);
    std::vector<std::pair<int, int>> terms;
    for (int i = 0; i < x; ++i) terms.emplace_back(cells[i], 1);
    return LinearSum(std::move(terms), sum_).revise(domains);
  }

 private:
  int sum_;
};

// Skyscraper: the clue counts the digits seen from it, each higher than all
// before it. The digit i cells in can be at most N - clue + 1 + i (the
// clue's count needs that many rises after it). Then every digit of every
// cell is tried against what the cells before it and after it can still
// make: going along the line, for each count seen so far, the highest
// digits so far the cells can reach from the clue's end (a mask, so a step
// is a few word operations), and those from which the rest can still end
// with the clue's count seen. A full line holds every digit once: it ends
// at N and never repeats its highest.
class Skyline final : public Rule {
 public:
  Skyline(std::vector<int> line, int size, int seen) : size_(size), seen_(seen) { cells = std::move(line); }

  bool revise(Domains& domains) const override {
    const int k = static_cast<int>(cells.size());
    for (int i = 0; i < k; ++i)
      if (!domains.keep_only(cells[i], domains.mask(cells[i]) & range(1, size_ - seen_ + 1 + i))) return false;
    if (seen_ > k || seen_ < 1) return bounds_only(domains);
    // A full line holds every digit once: a digit is hidden only behind a
    // higher one, and the line ends at N. Elsewhere an equal digit hides too.
    const bool full = k == size_;
    const auto hiding = [&](int digit) { return full ? above(digit) : ~Mask{0} << (digit - 1); };  // highest so far hiding `digit`
    const auto hidden_under = [&](int top) { return full ? below(top) : below(top) | digit_bit(top); };
    const std::size_t stride = static_cast<std::size_t>(seen_) + 1;
    // reach_[i * stride + v]: the highest digits so far (as a mask) with
    // which cells 0..i can have v seen; done_: those of them from which the
    // rest of the line can still end with seen_ seen.
    reach_.assign(static_cast<std::size_t>(k) * stride, 0);
    done_.assign(reach_.size(), 0);
    const auto at = [&](std::vector<Mask>& table, int i, int v) -> Mask& {
      return table[static_cast<std::size_t>(i) * stride + static_cast<std::size_t>(v)];
    };
    at(reach_, 0, 1) = domains.mask(cells[0]);
    for (int i = 1; i < k; ++i) {
      const Mask mask = domains.mask(cells[i]);
      const Mask hides = hiding(lowest(mask));
      for (int v = 1; v <= std::min(i + 1, seen_); ++v) {
        Mask states = at(reach_, i - 1, v) & hides;  // the cell hidden: the highest stays
        const Mask before = at(reach_, i - 1, v - 1);
        if (before) states |= mask & above(lowest(before));  // seen: it is the new highest
        at(reach_, i, v) = states;
      }
    }
    const Mask end = at(reach_, k - 1, seen_) & (full ? digit_bit(size_) : ~Mask{0});
    if (!end) return false;
    at(done_, k - 1, seen_) = end;
    keep_.assign(static_cast<std::size_t>(k), 0);
    for (int i = k - 1; i > 0; --i) {
      const Mask mask = domains.mask(cells[i]);
      const Mask hides = hiding(lowest(mask));
      Mask keep = 0;
      for (int v = 1; v <= seen_; ++v) {
        const Mask after = at(done_, i, v);
        if (!after) continue;
        if (const Mask stays = at(reach_, i - 1, v) & after) {
          keep |= mask & hidden_under(highest(stays));
          at(done_, i - 1, v) |= stays & hides;
        }
        const Mask before = at(reach_, i - 1, v - 1);
        if (v < 2 || !before) continue;
        if (const Mask rises = mask & after & above(lowest(before))) {
          keep |= rises;
          at(done_, i - 1, v - 1) |= before & below(highest(rises));
        }
      }
      keep_[static_cast<std::size_t>(i)] = keep;
    }
    keep_[0] = at(done_, 0, 1);
    // Applied from the clue on, after the passes: taking a digit may place a
    // cell and clear its houses, this line included.
    for (int i = 0; i < k; ++i)
      if ((domains.mask(cells[i]) & ~keep_[static_cast<std::size_t>(i)]) &&
          !domains.keep_only(cells[i], domains.mask(cells[i]) & keep_[static_cast<std::size_t>(i)]))
        return false;
    return true;
  }

 private:
  // Digits above / below `digit`, as masks.
  static Mask above(int digit) { return digit >= 64 ? 0 : ~Mask{0} << digit; }
  static Mask below(int digit) { return digit_bit(digit) - 1; }

  // Once every cell is fixed, whether the count is right.
  bool bounds_only(Domains& domains) const {
    int seen = 0, tallest = 0;
    for (int cell : cells) {
      const Mask mask = domains.mask(cell);
      if (!single(mask)) return true;
      if (lowest(mask) > tallest) {
        tallest = lowest(mask);
        ++seen;
      }
    }
    return seen == seen_;
  }

  int size_, seen_;
  // Scratch of revise, kept so it allocates nothing: a program serves one
  // search on one thread.
  mutable std::vector<Mask> reach_, done_, keep_;
};

// The killer combinations of `count` different digits of 1..N adding up to
// `sum`, as masks. Built for N up to 16 (65,536 subsets); larger grids keep
// to the bounds of LinearSum.
// Digits are chosen in increasing order and a branch is cut as soon as the
// smallest or largest sum still reachable misses: a program is built for
// every count of a generated killer, so this runs thousands of times.
void add_combinations(int size, int from, int count, int sum, Mask chosen, std::vector<Mask>& found) {
  if (count == 0) {
    if (sum == 0) found.push_back(chosen);
    return;
  }
  for (int digit = from; digit <= size - count + 1; ++digit) {
    const int low = count * digit + count * (count - 1) / 2;          // digit, digit+1, ...
    const int high = digit + (count - 1) * size - (count - 1) * (count - 2) / 2;  // digit, then the largest
    if (low > sum) return;
    if (high < sum) continue;
    add_combinations(size, digit + 1, count - 1, sum - digit, chosen | digit_bit(digit), found);
  }
}

const std::vector<Mask>& combinations(int size, int count, int sum) {
  // Per thread, so the library needs no lock; a grid has few distinct (count, sum).
  thread_local std::map<std::tuple<int, int, int>, std::vector<Mask>> known;
  auto [at, added] = known.try_emplace({size, count, sum});
  if (added && count > 0) {
    add_combinations(size, 1, count, sum, 0, at->second);
    std::sort(at->second.begin(), at->second.end());  // as masks, in order: the logic solver's words list them so
  }
  return at->second;
}

constexpr int kCombinationsUpTo = 16;

// Count distinct: the first cell holds how many different digits the others
// hold. At least the different digits fixed among them and the most of them
// one house holds (those differ); at most their count and the digits they
// can hold. At the least count, the open cells repeat the digits fixed; at
// the most, every digit they can hold is there: one with one place goes there.
class CountDistinct final : public Rule {
 public:
  CountDistinct(std::vector<int> all, const Geometry& geometry) {
    cells = std::move(all);
    const std::vector<int> others(cells.begin() + 1, cells.end());
    for (const auto& group : groups_in_houses(geometry, others)) largest_ = std::max(largest_, static_cast<int>(group.size()));
    largest_ = std::max(largest_, 1);
  }

  bool revise(Domains& domains) const override {
    Mask fixed = 0, any = 0;
    for (std::size_t i = 1; i < cells.size(); ++i) {
      const Mask mask = domains.mask(cells[i]);
      any |= mask;
      if (single(mask)) fixed |= mask;
    }
    const int least = std::max(std::popcount(fixed), largest_);
    const int most = std::min(static_cast<int>(cells.size()) - 1, std::popcount(any));
    if (least > most || !domains.keep_only(cells[0], range(least, most))) return false;
    const Mask count = domains.mask(cells[0]);
    if (!single(count)) return true;
    const int value = lowest(count);
    if (value == std::popcount(fixed)) {
      for (std::size_t i = 1; i < cells.size(); ++i)
        if (!domains.keep_only(cells[i], fixed)) return false;
    } else if (value == std::popcount(any)) {
      for (Mask digits = any & ~fixed; digits; digits &= digits - 1) {
        const Mask bit = digits & -digits;
        int places = 0, place = -1;
        for (std::size_t i = 1; i < cells.size(); ++i)
          if (domains.mask(cells[i]) & bit) ++places, place = cells[i];
        if (places == 1 && !domains.keep_only(place, bit)) return false;
      }
    }
    return true;
  }

 private:
  int largest_ = 1;
};

// A rellik cage's combinations: the sets of `count` different digits of 1..N
// no subset of which (one digit or more) adds up to `sum`.
const std::vector<Mask>& rellik_combinations(int size, int count, int sum) {
  thread_local std::map<std::tuple<int, int, int>, std::vector<Mask>> known;
  auto [at, added] = known.try_emplace({size, count, sum});
  if (!added) return at->second;
  for (Mask set = 0; set < (Mask{1} << size); ++set) {
    if (std::popcount(set) != count) continue;
    std::bitset<kCombinationsUpTo * (kCombinationsUpTo + 1) / 2 + 1> sums;  // bit s: a subset adds up to s
    sums.set(0);
    for (Mask m = set; m; m &= m - 1) sums |= sums << (std::countr_zero(m) + 1);
    if (sum >= static_cast<int>(sums.size()) || !sums.test(static_cast<std::size_t>(sum))) at->second.push_back(set);
  }
  return at->second;
}

// A rellik cage past 16 digits (its sum's own digit is kept out of its cells
// when the program is built): once every cell is fixed, no subset may add up
// to the sum.
class RellikBounds final : public Rule {
 public:
  RellikBounds(std::vector<int> cage, int sum) : sum_(sum) { cells = std::move(cage); }
  bool revise(Domains& domains) const override {
    int total = 0;
    for (int cell : cells) {
      if (!single(domains.mask(cell))) return true;
      total += lowest(domains.mask(cell));
    }
    if (sum_ > total) return true;
    std::vector<char> reachable(static_cast<std::size_t>(sum_) + 1, 0);
    reachable[0] = 1;
    for (int cell : cells)
      for (int x = lowest(domains.mask(cell)), s = sum_; s >= x; --s) reachable[s] = reachable[s] || reachable[s - x];
    return !reachable[static_cast<std::size_t>(sum_)];
  }

 private:
  int sum_;
};

// A run of houses of one kind, for the logic solver's words: "rows 1-3",
// "columns 8-9", "boxes 1-2".
std::string houses_name(const House& one_end, const House& other_end) {
  const std::string one = house_name(one_end);
  std::string name = one.substr(0, one.rfind(' '));
  name.append(name.back() == 'x' ? "es " : "s ");
  name.append(std::to_string(std::min(one_end.index, other_end.index)))
      .append("-")
      .append(std::to_string(std::max(one_end.index, other_end.index)));
  return name;
}

}  // namespace

ConstraintProgram::ConstraintProgram(const Geometry& geometry, const std::vector<Constraint>& constraints,
                                     bool every_run)
    : geometry_(geometry),
      size_(geometry.size()),
      initial_(geometry.cell_count(), all_digits(geometry.size())),
      extra_peers_(geometry.cell_count()),
      links_(geometry.cell_count()),
      rules_of_(geometry.cell_count()),
      peer_origins_(geometry.cell_count()) {
  for (const Constraint& constraint : constraints) {
    invalid_ = malformed(geometry, constraint);
    if (!invalid_.empty()) return;
  }
  for (const Constraint& constraint : constraints) {
    add(constraint, constraints);
    ++origin_;
  }
  add_implied_sums(constraints, every_run);
  add_combined_sums(constraints);
  // Peers of a house are handled by the search already.
  for (int cell = 0; cell < geometry.cell_count(); ++cell) {
    auto& peers = extra_peers_[cell];
    std::sort(peers.begin(), peers.end());
    peers.erase(std::unique(peers.begin(), peers.end()), peers.end());
    const auto house_peers = geometry.peers_of(cell);
    std::erase_if(peers, [&](int other) {
      return other == cell || std::binary_search(house_peers.begin(), house_peers.end(), other);
    });
  }
}

void ConstraintProgram::differ(const std::vector<int>& cells) {
  for (int a : cells)
    for (int b : cells)
      if (a != b) peer(a, b);
}

void ConstraintProgram::peer(int cell, int other) {
  extra_peers_[cell].push_back(other);
  peer_origins_[cell].emplace_back(other, origin_);
}

void ConstraintProgram::restrict(int cell, Mask allowed) {
  initial_[cell] &= allowed;
  restrictions_.push_back({cell, allowed, origin_});
}

std::optional<int> ConstraintProgram::peer_origin(int cell, int other) const {
  for (auto [peer, origin] : peer_origins_[cell])
    if (peer == other) return origin;
  return std::nullopt;
}

template <class Relation>
void ConstraintProgram::relate(int a, int b, Relation&& allowed, bool weighs) {
  // Two rules on one pair (a white dot on a thermometer) share one table.
  const auto find_or_add = [&](int from, int to) -> PairLink& {
    for (PairLink& link : links_[from])
      if (link.other == to) return link;
    links_[from].push_back(PairLink{to, std::vector<Mask>(size_ + 1, all_digits(size_))});
    return links_[from].back();
  };
  PairLink& forward = find_or_add(a, b);
  PairLink& backward = find_or_add(b, a);
  for (PairLink* link : {&forward, &backward}) {
    if (std::find(link->origins.begin(), link->origins.end(), origin_) == link->origins.end())
      link->origins.push_back(origin_);
    link->weighs |= weighs;
  }
  for (int x = 1; x <= size_; ++x)
    for (int y = 1; y <= size_; ++y)
      if (!allowed(x, y)) {
        forward.support[x] &= ~digit_bit(y);
        backward.support[y] &= ~digit_bit(x);
      }
}

template <class Relation>
bool ConstraintProgram::add_related_set(const std::vector<int>& cells, Relation&& related) {
  if (cells.size() < 3 || size_ > RelatedSet::kMostDigits) return false;
  std::vector<int> sorted = cells;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return false;
  std::vector<Mask> with(size_ + 1, 0);
  for (int x = 1; x <= size_; ++x)
    for (int y = 1; y <= size_; ++y) {
      if (related(x, y) != related(y, x) || (x == y && related(x, y))) return false;
      if (related(x, y)) with[x] |= digit_bit(y);
    }
  add_rule(std::make_unique<RelatedSet>(cells, with, geometry_));
  return true;
}

void ConstraintProgram::add_rule(std::unique_ptr<Rule> rule) {
  const int index = static_cast<int>(rules_.size());
  std::vector<int>& cells = rule_cells_;  // reused: a generated killer builds a program for every count
  cells.assign(rule->cells.begin(), rule->cells.begin() + std::min(rule->watched, rule->cells.size()));
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  for (int cell : cells) rules_of_[cell].push_back(index);
  rule->origin = origin_;
  rules_.push_back(std::move(rule));
}

void ConstraintProgram::add_sum(std::vector<std::pair<int, int>> terms, int total) {
  add_rule(std::make_unique<LinearSum>(std::move(terms), total, &geometry_));
}

void ConstraintProgram::add_distinct_sum(const std::vector<int>& cells, int total) {
  if (size_ > kCombinationsUpTo) {
    std::vector<std::pair<int, int>> terms;
    for (int cell : cells) terms.emplace_back(cell, 1);
    return add_sum(std::move(terms), total);
  }
  add_rule(std::make_unique<CageSum>(cells, combinations(size_, static_cast<int>(cells.size()), total),
                                     rests_in_houses(cells), geometry_));
}

std::vector<std::vector<int>> ConstraintProgram::rests_in_houses(const std::vector<int>& cells) const {
  std::vector<std::vector<int>> rests;
  for (int h : geometry_.houses_of(cells.front())) {
    const auto bits = geometry_.house_bits(h);
    const auto inside = [&](int cell) { return (bits[cell >> 6] >> (cell & 63) & 1) != 0; };
    const auto& house = geometry_.houses()[h].cells;
    if (cells.size() == house.size() || !std::all_of(cells.begin(), cells.end(), inside)) continue;
    std::vector<int> rest;
    rest.reserve(house.size() - cells.size());
    for (int cell : house)
      if (std::find(cells.begin(), cells.end(), cell) == cells.end()) rest.push_back(cell);
    rests.push_back(std::move(rest));
  }
  return rests;
}

// The rule of 45: a house holds each digit once, so its cells add up to
// N(N+1)/2, and k houses that share no cell to k times that. Take the cages
// with a sum as pieces (those sharing no cell with an earlier one). For a
// region made of houses, the pieces mostly inside it cover it but for some
// cells inside ("innies", A) and stick out of it by some cells ("outies", B):
// sum(A) - sum(B) = k·N(N+1)/2 - (the pieces' sums). Regions: each house (its
// cages inside; then each cage sticking out of it by one cell), and the first
// or last k houses of each family of houses that partition the grid (rows,
// columns, boxes or jigsaw regions, in order). Sums that would bind many loose
// cells say little and cost a revise each time; they are left out.
void ConstraintProgram::add_implied_sums(const std::vector<Constraint>& constraints, bool every_run) {
  const int cell_count = geometry_.cell_count();
  struct Piece {
    std::vector<int> cells;
    int total;
  };
  std::vector<Piece> pieces;
  std::vector<int> piece_of(cell_count, -1);
  for (const Constraint& c : constraints) {
    if (c.kind != ConstraintKind::killer_cage || !c.value) continue;
    std::vector<int> cells = c.cells;
    std::sort(cells.begin(), cells.end());
    if (std::adjacent_find(cells.begin(), cells.end()) != cells.end() ||
        std::any_of(cells.begin(), cells.end(), [&](int cell) { return piece_of[cell] >= 0; }))
      continue;
    for (int cell : cells) piece_of[cell] = static_cast<int>(pieces.size());
    pieces.push_back({std::move(cells), *c.value});
  }
  if (pieces.empty()) return;
  const int house_sum = size_ * (size_ + 1) / 2;
  constexpr std::size_t kMaxCaged = 6;  // cells of an implied sum that are all in cages already
  // Every sum met so far (the pieces' own too), with its place in
  // `gathered` below (kNotGathered: a piece's). Looked up by references, so
  // that a sum met again costs no copy (this runs for every program a
  // generated killer builds).
  constexpr std::size_t kNotGathered = std::numeric_limits<std::size_t>::max();
  std::map<std::tuple<std::vector<int>, std::vector<int>, long>, std::size_t, std::less<>> seen;
  int region_first = 0, region_last = 0;  // the houses of the sums implied next
  const auto house_number = [&](const House& house) { return static_cast<int>(&house - geometry_.houses().data()); };
  for (const Piece& piece : pieces) seen.emplace(std::make_tuple(piece.cells, std::vector<int>{}, long{piece.total}), kNotGathered);
  // sum(plus) - sum(minus) = total, each list sorted.
  // Gathered first, added once all are known: a run and the run of the
  // other houses give the same sum negated (rows 1-2's innies are rows
  // 3-9's outies). Of the two only the later is kept: the search revised
  // it first, so the earlier never pruned anything (MATHEMAGIC_KILLERS: a
  // fifth of the implied sums' revises). The kept one still weighs twice
  // in the search's choice of cell (Rule::branching_weight), as the two did.
  struct Implied {
    int first, last;
    std::vector<int> plus, minus;
    long total;
    bool dropped = false;
    int copies = 1;
  };
  std::vector<Implied> gathered;
  const auto imply = [&](const std::vector<int>& plus, const std::vector<int>& minus, long total) {
    if ((plus.empty() && minus.empty()) || seen.find(std::forward_as_tuple(plus, minus, total)) != seen.end()) return;
    int copies = 1;
    if (!plus.empty() && !minus.empty()) {
      const auto negated = seen.find(std::forward_as_tuple(minus, plus, -total));
      if (negated != seen.end() && negated->second != kNotGathered && !gathered[negated->second].dropped) {
        gathered[negated->second].dropped = true;
        copies += gathered[negated->second].copies;
      }
    }
    seen.emplace(std::make_tuple(plus, minus, total), gathered.size());
    gathered.push_back({region_first, region_last, plus, minus, total, false, copies});
  };
  const auto add_gathered = [&]() {
    const auto sees = [&](int a, int b) {
      const auto peers = geometry_.peers_of(a);
      return std::binary_search(peers.begin(), peers.end(), b);
    };
    for (Implied& sum : gathered) {
      if (sum.dropped) continue;
      // The lists move into implied_ (gathered is not read again); read there
      // below, before anything else is added to it.
      implied_.push_back({sum.first, sum.last, std::move(sum.plus), std::move(sum.minus), sum.total});
      origin_ = -static_cast<int>(implied_.size());
      const std::vector<int>& plus = implied_.back().plus;
      const std::vector<int>& minus = implied_.back().minus;
      const long total = sum.total;
      const int copies = sum.copies;
      if (minus.empty() && plus.size() == 1) {
        restrict(plus[0], total >= 1 && total <= size_ ? digit_bit(static_cast<int>(total)) : 0);
        continue;
      }
      bool one_house = minus.empty();
      for (std::size_t i = 0; one_house && i < plus.size(); ++i)
        for (std::size_t j = i + 1; one_house && j < plus.size(); ++j) one_house = sees(plus[i], plus[j]);
      if (one_house) {
        add_distinct_sum(plus, static_cast<int>(total));
        continue;
      }
      std::vector<std::pair<int, int>> terms;
      terms.reserve(plus.size() + minus.size());
      for (int cell : plus) terms.emplace_back(cell, 1);
      for (int cell : minus) terms.emplace_back(cell, -1);
      add_sum(std::move(terms), static_cast<int>(total));
      rules_.back()->branching_weight = copies;
    }
  };
  // Cell lists come from marks read in cell order, so they are sorted
  // without sorting (this runs for every program a generated killer builds).
  const auto cells_where = [&](auto&& keep) {
    std::vector<int> cells;
    for (int cell = 0; cell < cell_count; ++cell)
      if (keep(cell)) cells.push_back(cell);
    return cells;
  };
  // Each house: the cages inside it, then each cage sticking out by one cell.
  std::vector<int> in_house(pieces.size());
  std::vector<char> in_this_house(cell_count, 0), caged(cell_count, 0);
  for (const House& house : geometry_.houses()) {
    for (int cell : house.cells) in_this_house[cell] = 1;
    std::fill(in_house.begin(), in_house.end(), 0);
    for (int cell : house.cells)
      if (piece_of[cell] >= 0) ++in_house[piece_of[cell]];
    long left = house_sum;
    std::size_t caged_count = 0;
    std::vector<std::size_t> outies;
    for (std::size_t p = 0; p < pieces.size(); ++p) {
      const std::size_t outside = pieces[p].cells.size() - static_cast<std::size_t>(in_house[p]);
      if (outside == 0) {
        for (int cell : pieces[p].cells) caged[cell] = 1;
        caged_count += pieces[p].cells.size();
        left -= pieces[p].total;
      } else if (outside == 1 && pieces[p].cells.size() > 1) {
        outies.push_back(p);
      }
    }
    const std::vector<int> uncaged = cells_where([&](int cell) { return in_this_house[cell] && !caged[cell]; });
    region_first = region_last = house_number(house);
    if (caged_count > 1 && !uncaged.empty()) imply(uncaged, {}, left);
    for (std::size_t p : outies) {
      const Piece& piece = pieces[p];
      std::vector<int> rest;
      for (int cell : uncaged)
        if (piece_of[cell] != static_cast<int>(p)) rest.push_back(cell);
      if (rest.size() + 1 > kMaxCaged) continue;
      const int out = *std::find_if(piece.cells.begin(), piece.cells.end(), [&](int cell) { return !in_this_house[cell]; });
      imply(rest, {out}, left - piece.total);
    }
    for (int cell : house.cells) in_this_house[cell] = caged[cell] = 0;
  }
  // Families of houses that partition the grid, each in its order.
  std::map<HouseKind, std::vector<const House*>> families;
  for (const House& house : geometry_.houses()) families[house.kind].push_back(&house);
  for (auto& [kind, family] : families) {
    std::vector<char> covered(cell_count, 0);
    std::size_t cells_in_family = 0;
    bool disjoint = true;
    for (const House* house : family)
      for (int cell : house->cells) {
        disjoint = disjoint && covered[cell] == 0;
        covered[cell] = 1;
        ++cells_in_family;
      }
    if (!disjoint || cells_in_family != static_cast<std::size_t>(cell_count)) continue;
    std::sort(family.begin(), family.end(), [](const House* a, const House* b) { return a->index < b->index; });
    // Runs of houses grown one house at a time: from either end of the
    // family, and with every_run from each house inside it onwards.
    std::vector<std::vector<const House*>> runs{family, {family.rbegin(), family.rend()}};
    if (every_run)
      for (int start = 1; start + 2 < size_; ++start) runs.emplace_back(family.begin() + start, family.end() - 1);
    for (const auto& run : runs) {
      std::vector<char> in_region(cell_count, 0), by_pieces(cell_count, 0), piece_used(pieces.size(), 0);
      std::vector<int> inside(pieces.size(), 0);
      long total = 0;
      for (int k = 1; k < size_ && k <= static_cast<int>(run.size()); ++k) {
        const House* house = run[static_cast<std::size_t>(k - 1)];
        region_first = house_number(*run.front());
        region_last = house_number(*house);
        for (int cell : house->cells) {
          in_region[cell] = 1;
          if (piece_of[cell] >= 0) ++inside[piece_of[cell]];
        }
        total += house_sum;
        for (std::size_t p = 0; p < pieces.size(); ++p) {
          if (piece_used[p] || 2 * static_cast<std::size_t>(inside[p]) <= pieces[p].cells.size()) continue;
          piece_used[p] = 1;
          total -= pieces[p].total;
          for (int cell : pieces[p].cells) by_pieces[cell] = 1;
        }
        if (k == 1) continue;  // one house: done above
        const std::vector<int> innies = cells_where([&](int cell) { return in_region[cell] && !by_pieces[cell]; });
        const std::vector<int> outies = cells_where([&](int cell) { return by_pieces[cell] && !in_region[cell]; });
        const std::size_t loose = innies.size() + outies.size();
        if (loose == 0 || loose > static_cast<std::size_t>(size_) || (innies.size() > 2 && outies.size() > 2)) continue;
        const auto all_in_pieces = [&](const std::vector<int>& cells) {
          return std::all_of(cells.begin(), cells.end(), [&](int cell) { return piece_of[cell] >= 0; });
        };
        if (all_in_pieces(innies) && all_in_pieces(outies) && loose > kMaxCaged) continue;
        imply(innies, outies, total);
      }
    }
  }
  add_gathered();
}

// Sums whose cells see each other across them say together more than each
// alone: two little killers on neighbouring diagonals of 49 have cells in
// the same boxes, and as a 15-cell sum of 98 grouped by box their digits
// can barely reach it, where each diagonal alone had room to spare. A sum's
// slack is measured by its groups of different digits: each group of k
// cells counts k·(N-k) (its freedom) less the room left at the nearer end
// of the sum's range. Two sums sharing no cell, at least six cells of the
// smaller seeing the larger, are merged when the merged slack is better
// than each alone or than both together; the best merge first, greedily,
// each merged sum standing in for its parts from then on. The merged sums
// (not the written ones) join the program as implied sums.
void ConstraintProgram::add_combined_sums(const std::vector<Constraint>& constraints) {
  if (size_ > 16) return;  // the pairs of long sums grow with the square of the grid
  const int cell_count = geometry_.cell_count();
  struct Piece {
    std::vector<int> cells;  // sorted
    long total;
    std::vector<int> parts;  // first cell of each written sum in it
    long score;
    bool written;
  };
  constexpr std::size_t kMinSeeing = 6;
  std::vector<char> in_sum(cell_count, 0);
  const auto score_of = [&](const std::vector<int>& cells, long total, long& score) {
    // Groups of different digits as LinearSum takes them; the rest alone.
    long low = 0, high = 0;
    std::vector<int> sizes;
    std::size_t remaining = cells.size();
    for (const auto& group : groups_in_houses(geometry_, cells)) {
      sizes.push_back(static_cast<int>(group.size()));
      remaining -= group.size();
    }
    sizes.insert(sizes.end(), remaining, 1);
    for (int k : sizes) {
      low += k * (k + 1) / 2;
      high += k * (2 * size_ - k + 1) / 2;
    }
    if (total < low || total > high) return false;
    const long dof = std::min(total - low, high - total);
    score = 0;
    for (int k : sizes) score += static_cast<long>(k) * (size_ - k) - dof;
    return true;
  };
  std::vector<Piece> pieces;
  for (const Constraint& c : constraints) {
    if (!c.value || (c.kind != ConstraintKind::killer_cage && c.kind != ConstraintKind::little_killer &&
                     c.kind != ConstraintKind::sum))
      continue;
    // Both sums of a merge have kMinSeeing cells at least: most cages have fewer.
    if (c.cells.size() < kMinSeeing) continue;
    std::vector<int> cells = c.cells;
    std::sort(cells.begin(), cells.end());
    if (std::adjacent_find(cells.begin(), cells.end()) != cells.end()) continue;
    Piece piece{cells, *c.value, {c.cells.front()}, 0, true};
    if (!score_of(piece.cells, piece.total, piece.score)) continue;
    pieces.push_back(std::move(piece));
  }
  if (pieces.size() < 2) return;
  std::vector<char> alive(pieces.size(), 1);
  // A candidate merge: (score, a, b), the merged piece kept aside.
  struct Merge {
    long score;
    std::size_t a, b;
    Piece merged;
  };
  std::vector<Merge> merges;
  std::set<std::vector<int>> known;
  for (const Piece& p : pieces) known.insert(p.cells);
  const auto offer = [&](std::size_t a, std::size_t b) {
    const Piece& x = pieces[a];
    const Piece& y = pieces[b];
    const Piece& small = x.cells.size() < y.cells.size() ? x : y;
    const Piece& big = &small == &x ? y : x;
    if (small.cells.size() < kMinSeeing) return;
    for (int cell : big.cells) in_sum[cell] = 1;
    std::size_t seeing = 0;
    bool overlap = false;
    for (int cell : small.cells) {
      overlap = overlap || in_sum[cell];
      const auto peers = geometry_.peers_of(cell);
      if (std::any_of(peers.begin(), peers.end(), [&](int peer) { return in_sum[peer] != 0; })) ++seeing;
    }
    for (int cell : big.cells) in_sum[cell] = 0;
    if (overlap || seeing < kMinSeeing) return;
    Piece merged;
    std::merge(x.cells.begin(), x.cells.end(), y.cells.begin(), y.cells.end(), std::back_inserter(merged.cells));
    if (known.count(merged.cells)) return;
    merged.total = x.total + y.total;
    if (!score_of(merged.cells, merged.total, merged.score)) return;
    if ((merged.score <= x.score || merged.score <= y.score) && merged.score <= x.score + y.score) return;
    merged.parts = x.parts;
    merged.parts.insert(merged.parts.end(), y.parts.begin(), y.parts.end());
    merged.written = false;
    merges.push_back({merged.score, a, b, std::move(merged)});
  };
  for (std::size_t a = 0; a < pieces.size(); ++a)
    for (std::size_t b = a + 1; b < pieces.size(); ++b) offer(a, b);
  for (;;) {
    std::erase_if(merges, [&](const Merge& m) { return !alive[m.a] || !alive[m.b] || known.count(m.merged.cells); });
    if (merges.empty()) break;
    const auto best = std::max_element(merges.begin(), merges.end(), [](const Merge& l, const Merge& r) {
      return l.score != r.score ? l.score < r.score : l.merged.cells > r.merged.cells;
    });
    Merge chosen = std::move(*best);
    merges.erase(best);
    alive[chosen.a] = alive[chosen.b] = 0;
    known.insert(chosen.merged.cells);
    pieces.push_back(std::move(chosen.merged));
    alive.push_back(1);
    for (std::size_t other = 0; other + 1 < pieces.size(); ++other)
      if (alive[other]) offer(other, pieces.size() - 1);
  }
  for (std::size_t p = 0; p < pieces.size(); ++p) {
    if (!alive[p] || pieces[p].written || pieces[p].score <= 0) continue;
    implied_.push_back({-1, -1, pieces[p].cells, {}, pieces[p].total, pieces[p].parts});
    origin_ = -static_cast<int>(implied_.size());
    std::vector<std::pair<int, int>> terms;
    for (int cell : pieces[p].cells) terms.emplace_back(cell, 1);
    add_sum(terms, static_cast<int>(pieces[p].total));
  }
}

std::string ConstraintProgram::implied_text(int origin) const {
  const ImpliedSum& sum = implied_[static_cast<std::size_t>(-1 - origin)];
  const auto& houses = geometry_.houses();
  // (Appended piece by piece: g++ 12 warns falsely on "lit" + std::string chains.)
  std::string text;
  if (sum.first < 0) {
    text = "the sums at ";
    for (std::size_t i = 0; i < sum.parts.size(); ++i)
      text.append(i == 0 ? "" : i + 1 == sum.parts.size() ? " and " : ", ").append(geometry_.cell_name(sum.parts[i]));
    text.append(" together: ");
  } else {
    text = "the rule of 45 on ";
    text.append(sum.first == sum.last ? house_name(houses[sum.first]) : houses_name(houses[sum.first], houses[sum.last]))
        .append(": ");
  }
  for (std::size_t i = 0; i < sum.plus.size(); ++i) text.append(i ? "+" : "").append(geometry_.cell_name(sum.plus[i]));
  for (int cell : sum.minus) text.append("-").append(geometry_.cell_name(cell));
  text.append(" = ").append(std::to_string(sum.total));
  return text;
}

void ConstraintProgram::add(const Constraint& c, const std::vector<Constraint>& all) {
  const int n = size_;
  const auto& cells = c.cells;
  const int k = static_cast<int>(cells.size());
  const auto value_or = [&](int fallback) { return c.value.value_or(fallback); };
  const auto neighbours = [&](auto&& each) {  // every orthogonal pair once
    for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
      const int r = geometry_.row_of(cell), col = geometry_.column_of(cell);
      if (col + 1 < n) each(cell, cell + 1);
      if (r + 1 < n) each(cell, cell + n);
    }
  };
  const auto marked = [&](ConstraintKind kind, int a, int b) {
    return std::any_of(all.begin(), all.end(), [&](const Constraint& other) {
      return other.kind == kind && other.cells.size() == 2 &&
             ((other.cells[0] == a && other.cells[1] == b) || (other.cells[0] == b && other.cells[1] == a));
    });
  };
  const auto near = [&](int cell, std::initializer_list<std::pair<int, int>> moves) {
    std::vector<int> found;
    for (auto [dr, dc] : moves) {
      const int r = geometry_.row_of(cell) + dr, col = geometry_.column_of(cell) + dc;
      if (r >= 0 && r < n && col >= 0 && col < n) found.push_back(r * n + col);
    }
    return found;
  };
  switch (c.kind) {
    case ConstraintKind::killer_cage:
      differ(cells);
      if (c.value) add_distinct_sum(cells, *c.value);
      break;
    case ConstraintKind::extra_region: differ(cells); break;
    case ConstraintKind::sum:
    case ConstraintKind::little_killer: {
      std::vector<std::pair<int, int>> terms;
      for (int cell : cells) terms.emplace_back(cell, 1);
      add_sum(terms, *c.value);
      break;
    }
    case ConstraintKind::double_arrow: {
      std::vector<std::pair<int, int>> terms{{cells.front(), -1}, {cells.back(), -1}};
      for (int i = 1; i + 1 < k; ++i) terms.emplace_back(cells[i], 1);
      add_sum(terms, 0);
      break;
    }
    case ConstraintKind::odd:
    case ConstraintKind::even: {
      Mask allowed = 0;
      for (int d = 1; d <= n; ++d)
        if ((d % 2 == 1) == (c.kind == ConstraintKind::odd)) allowed |= digit_bit(d);
      restrict(cells[0], allowed);
      break;
    }
    case ConstraintKind::minimum:
    case ConstraintKind::maximum:
      for (int other : near(cells[0], {{0, 1}, {1, 0}, {0, -1}, {-1, 0}}))
        relate(cells[0], other, [&](int x, int y) { return c.kind == ConstraintKind::minimum ? x < y : x > y; });
      break;
    case ConstraintKind::quadruple: add_rule(std::make_unique<Quadruple>(cells, c.digits)); break;
    case ConstraintKind::clone:
      for (int i = 0; i < c.split; ++i) relate(cells[i], cells[c.split + i], [](int x, int y) { return x == y; });
      break;
    case ConstraintKind::difference: {
      const int d = value_or(1);
      relate(cells[0], cells[1], [d](int x, int y) { return std::abs(x - y) == d; });
      break;
    }
    case ConstraintKind::ratio: {
      const long long r = value_or(2);  // 64-bit products: a ratio may be as large as an int holds
      relate(cells[0], cells[1], [r](int x, int y) { return x == r * y || y == r * x; });
      break;
    }
    case ConstraintKind::xv: {
      const int s = *c.value;
      relate(cells[0], cells[1], [s](int x, int y) { return x + y == s; });
      break;
    }
    case ConstraintKind::greater_than: relate(cells[0], cells[1], [](int x, int y) { return x > y; }); break;
    case ConstraintKind::thermometer:
      for (int i = 0; i + 1 < k; ++i) relate(cells[i], cells[i + 1], [](int x, int y) { return x < y; });
      // The bulb's distance to each cell bounds it: cell i holds i+1..N-k+i+1.
      for (int i = 0; i < k; ++i) restrict(cells[i], range(i + 1, n - k + i + 1));
      break;
    case ConstraintKind::arrow: {
      // A pill reads as a decimal number: on grids past 9 digits its cells after the first hold 1-9.
      for (int i = 1; i < c.split; ++i) restrict(cells[i], all_digits(std::min(n, 9)));
      std::vector<std::pair<int, int>> terms;
      int place = 1;
      for (int i = c.split - 1; i >= 0; --i, place *= 10) terms.emplace_back(cells[i], -place);
      for (int i = c.split; i < k; ++i) terms.emplace_back(cells[i], 1);
      add_sum(terms, 0);
      break;
    }
    case ConstraintKind::whisper: {
      const int d = value_or((n + 1) / 2);
      for (int i = 0; i + 1 < k; ++i) relate(cells[i], cells[i + 1], [d](int x, int y) { return std::abs(x - y) >= d; });
      break;
    }
    case ConstraintKind::renban:
      differ(cells);
      for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j)
          relate(cells[i], cells[j], [k](int x, int y) { return x != y && std::abs(x - y) < k; }, false);
      // Two cells: the pair links say it all. Longer lines up to 16 digits
      // are groups of related cells (any two digits less than the line's
      // length apart): that also takes a digit every run needs out of the
      // cells that see all its places ("Hard renban 3": 10,174 guesses with
      // Run, 2,364 so; ISS 5,154). Past 16 digits, Run.
      if (k > 2 && !add_related_set(cells, [k](int x, int y) { return x != y && std::abs(x - y) < k; }))
        add_rule(std::make_unique<Run>(cells, geometry_));
      break;
    case ConstraintKind::palindrome:
      for (int i = 0; i < k / 2; ++i) relate(cells[i], cells[k - 1 - i], [](int x, int y) { return x == y; });
      break;
    case ConstraintKind::between: {
      // Strictly between the ends.
      const auto between = [](int x, int y) { return x == y ? Mask{0} : range(std::min(x, y) + 1, std::max(x, y) - 1); };
      if (k > 2) add_rule(std::make_unique<EndPairs<decltype(between)>>(cells, between));
      break;
    }
    case ConstraintKind::sum_line: add_rule(std::make_unique<SumLine>(c.cells, value_or(10))); break;
    case ConstraintKind::lockout: {
      // The ends `apart` or more apart; the middle outside them, ends included.
      const int apart = value_or(4);
      relate(cells.front(), cells.back(), [apart](int x, int y) { return std::abs(x - y) >= apart; });
      const Mask digits = all_digits(n);
      const auto outside = [apart, digits](int x, int y) {
        return std::abs(x - y) < apart ? Mask{0} : digits & ~range(std::min(x, y), std::max(x, y));
      };
      if (k > 2) add_rule(std::make_unique<EndPairs<decltype(outside)>>(cells, outside));
      break;
    }
    case ConstraintKind::region_sum_line: {
      std::vector<std::vector<int>> stretches;
      for (int i = 0; i < k; ++i) {
        if (i == 0 || geometry_.regions()[cells[i]] != geometry_.regions()[cells[i - 1]]) stretches.emplace_back();
        stretches.back().push_back(cells[i]);
      }
      for (std::size_t s = 0; s + 1 < stretches.size(); ++s) {
        std::vector<std::pair<int, int>> terms;
        for (int cell : stretches[s]) terms.emplace_back(cell, 1);
        for (int cell : stretches[s + 1]) terms.emplace_back(cell, -1);
        add_sum(terms, 0);
      }
      break;
    }
    case ConstraintKind::entropic:
    case ConstraintKind::modular: {
      // Every window of `span` cells holds `span` classes: cells closer than
      // that differ in class (and cells `span` apart then share one).
      const int span = c.kind == ConstraintKind::entropic ? 3 : value_or(3);
      for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k && j < i + span; ++j)
          relate(cells[i], cells[j], [&](int x, int y) {
            return c.kind == ConstraintKind::entropic ? entropy_class(x, n) != entropy_class(y, n)
                                                      : x % span != y % span;
          });
      break;
    }
    case ConstraintKind::zipper:
      for (int i = 0; i < k / 2; ++i) {
        if (k % 2 == 1) add_sum({{cells[i], 1}, {cells[k - 1 - i], 1}, {cells[k / 2], -1}}, 0);
        else if (i > 0) add_sum({{cells[0], 1}, {cells[k - 1], 1}, {cells[i], -1}, {cells[k - 1 - i], -1}}, 0);
      }
      break;
    case ConstraintKind::sandwich: {
      bool distinct = true;  // every two of the line's cells are peers
      for (int i = 0; i < k && distinct; ++i) {
        const auto peers = geometry_.peers_of(cells[i]);
        for (int j = i + 1; j < k && distinct; ++j)
          distinct = std::find(peers.begin(), peers.end(), cells[j]) != peers.end();
      }
      add_rule(std::make_unique<Sandwich>(cells, n, *c.value, distinct));
      break;
    }
    case ConstraintKind::numbered_room: add_rule(std::make_unique<NumberedRoom>(cells, *c.value)); break;
    case ConstraintKind::hidden_skyscraper: add_rule(std::make_unique<HiddenSkyscraper>(cells, n, *c.value)); break;
    case ConstraintKind::full_rank: {
      const bool ties = std::any_of(all.begin(), all.end(), [](const Constraint& other) {
        return other.kind == ConstraintKind::full_rank_ties;
      });
      restrict(cells[0], digit_bit((*c.value + 3) / 4));
      std::array<int, 4> edges{};
      const auto house_along = [&](int r0, int c0, int dr, int dc) {
        const int first = r0 * n + c0, second = (r0 + dr) * n + c0 + dc;
        for (int h : geometry_.houses_of(first)) {  // the row or column through both
          const std::vector<int>& house = geometry_.houses()[h].cells;
          if (static_cast<int>(house.size()) == n && std::find(house.begin(), house.end(), second) != house.end() &&
              std::all_of(house.begin(), house.end(), [&](int cell) {
                return dr ? cell % n == c0 : cell / n == r0;
              }))
            return h;
        }
        return 0;  // rows and columns are always houses
      };
      edges[0] = house_along(0, 0, 1, 0);      // rows from the left begin in column 1
      edges[1] = house_along(0, n - 1, 1, 0);  // from the right: column N
      edges[2] = house_along(0, 0, 0, 1);      // columns from the top: row 1
      edges[3] = house_along(n - 1, 0, 0, 1);  // from the bottom: row N
      add_rule(std::make_unique<FullRank>(cells, n, *c.value, ties, edges));
      break;
    }
    case ConstraintKind::full_rank_no_ties: add_rule(std::make_unique<FullRankDistinct>(n)); break;
    case ConstraintKind::full_rank_ties: break;  // read by each full_rank clue
    case ConstraintKind::same_values: add_rule(std::make_unique<SameValues>(cells, *c.value, n)); break;
    case ConstraintKind::rellik_cage:
      differ(cells);
      if (n > kCombinationsUpTo) {
        if (*c.value <= n)
          for (int cell : cells) restrict(cell, all_digits(n) & ~digit_bit(*c.value));
        add_rule(std::make_unique<RellikBounds>(cells, *c.value));
        break;
      }
      add_rule(std::make_unique<CageSum>(cells, rellik_combinations(n, k, *c.value), rests_in_houses(cells), geometry_));
      break;
    case ConstraintKind::pair_table:
    case ConstraintKind::pair_table_all: {
      std::vector<std::vector<char>> listed(n + 1, std::vector<char>(n + 1, 0));
      for (std::size_t p = 0; p + 1 < c.digits.size(); p += 2) listed[c.digits[p]][c.digits[p + 1]] = 1;
      const auto allowed = [&listed](int x, int y) { return listed[x][y] != 0; };
      for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k && (c.kind == ConstraintKind::pair_table_all || j == i + 1); ++j)
          relate(cells[i], cells[j], allowed);
      if (c.kind == ConstraintKind::pair_table_all) add_related_set(cells, allowed);
      break;
    }
    case ConstraintKind::counting_circles: add_rule(std::make_unique<CountingCircles>(cells, geometry_)); break;
    case ConstraintKind::lunchbox:
      differ(cells);
      add_rule(std::make_unique<Lunchbox>(cells, n, *c.value));
      break;
    case ConstraintKind::x_sum: add_rule(std::make_unique<XSum>(cells, *c.value)); break;
    case ConstraintKind::skyscraper: add_rule(std::make_unique<Skyline>(cells, n, *c.value)); break;
    case ConstraintKind::global_entropy:
      for (int r = 0; r + 1 < n; ++r)
        for (int col = 0; col + 1 < n; ++col)
          add_rule(std::make_unique<BlockClasses>(
              std::vector<int>{r * n + col, r * n + col + 1, (r + 1) * n + col, (r + 1) * n + col + 1}, geometry_));
      break;
    case ConstraintKind::count_distinct: add_rule(std::make_unique<CountDistinct>(cells, geometry_)); break;
    case ConstraintKind::anti_taxicab:
      // Two cells d steps apart do not both hold d: one table for each pair
      // within N steps, which rules out one pair of digits, so the search
      // does not count it in its choice of cell.
      for (int a = 0; a < geometry_.cell_count(); ++a)
        for (int b = a + 1; b < geometry_.cell_count(); ++b) {
          const int d = std::abs(geometry_.row_of(a) - geometry_.row_of(b)) +
                        std::abs(geometry_.column_of(a) - geometry_.column_of(b));
          if (d <= n) relate(a, b, [d](int x, int y) { return x != d || y != d; }, false);
        }
      break;
    case ConstraintKind::anti_knight:
    case ConstraintKind::anti_king:
      for (int cell = 0; cell < geometry_.cell_count(); ++cell) {
        const auto others = c.kind == ConstraintKind::anti_knight
                                ? near(cell, {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}})
                                : near(cell, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
        for (int other : others) peer(cell, other);
      }
      break;
    // As the checker: nonconsecutive exempts white dots, the negative kropki
    // rules every dotted pair.
    case ConstraintKind::nonconsecutive:
    case ConstraintKind::no_difference: {
      const int d = value_or(1);
      const bool any_dot = c.kind == ConstraintKind::no_difference;
      neighbours([&](int a, int b) {
        if (!marked(ConstraintKind::difference, a, b) && !(any_dot && marked(ConstraintKind::ratio, a, b)))
          relate(a, b, [d](int x, int y) { return std::abs(x - y) != d; });
      });
      break;
    }
    case ConstraintKind::no_ratio: {
      const long long r = value_or(2);  // as for ratio
      neighbours([&](int a, int b) {
        if (!marked(ConstraintKind::ratio, a, b) && !marked(ConstraintKind::difference, a, b))
          relate(a, b, [r](int x, int y) { return x != r * y && y != r * x; });
      });
      break;
    }
    case ConstraintKind::no_xv:
      neighbours([&](int a, int b) {
        if (!marked(ConstraintKind::xv, a, b)) relate(a, b, [](int x, int y) { return x + y != 5 && x + y != 10; });
      });
      break;
    case ConstraintKind::nabner: {
      const auto apart = [](int x, int y) { return std::abs(x - y) >= 2; };
      for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j) relate(cells[i], cells[j], apart);
      add_related_set(cells, apart);
      break;
    }
    case ConstraintKind::row_indexer:
    case ConstraintKind::column_indexer:
    case ConstraintKind::box_indexer:
      // The indexer holds v exactly when the cell it points at for v holds
      // the indexer's own position: one pair table per v (none where the
      // indexer points at itself, which says nothing).
      for (int cell : cells) {
        const int r = geometry_.row_of(cell), col = geometry_.column_of(cell);
        std::vector<int> line;  // the cells v = 1..N point at, in order
        int position = 0;       // the indexer's own, 1-based
        if (c.kind == ConstraintKind::row_indexer) {
          for (int v = 0; v < n; ++v) line.push_back(v * n + col);
          position = r + 1;
        } else if (c.kind == ConstraintKind::column_indexer) {
          for (int v = 0; v < n; ++v) line.push_back(r * n + v);
          position = col + 1;
        } else {
          for (int h : geometry_.houses_of(cell))
            if (geometry_.houses()[h].kind == HouseKind::box || geometry_.houses()[h].kind == HouseKind::region) {
              line = geometry_.houses()[h].cells;
              break;
            }
          std::sort(line.begin(), line.end());
          position = static_cast<int>(std::find(line.begin(), line.end(), cell) - line.begin()) + 1;
        }
        for (int v = 1; v <= static_cast<int>(line.size()); ++v)
          if (line[static_cast<std::size_t>(v - 1)] != cell)
            relate(cell, line[static_cast<std::size_t>(v - 1)], [v, position](int x, int y) { return (x == v) == (y == position); });
      }
      break;
  }
}

}  // namespace nonet::detail
