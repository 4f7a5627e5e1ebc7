// Bit helpers on candidate, place and line masks, for every part. The
// portable build has no -mpopcnt, where std::popcount and std::has_single_bit
// become library calls; these stay a few inline instructions.
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>

namespace nonet::bits {

template <std::unsigned_integral Word>
constexpr bool at_most_one_bit(Word word) {
  return (word & (word - 1)) == 0;
}
template <std::unsigned_integral Word>
constexpr bool one_bit(Word word) {
  return word != 0 && at_most_one_bit(word);
}

// The set bits of a 64-bit word, counted in registers.
constexpr int bit_count(std::uint64_t word) {
  word -= (word >> 1) & 0x5555555555555555ULL;
  word = (word & 0x3333333333333333ULL) + ((word >> 2) & 0x3333333333333333ULL);
  word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((word * 0x0101010101010101ULL) >> 56);
}

// The set bits of a mask of nine (a 9×9 house's places, digits or lines):
// one load, where bit_count() takes a dozen instructions.
inline int nine_bits(std::uint64_t mask) {
  static constexpr auto kCounts = [] {
    std::array<std::uint8_t, 512> counts{};
    for (int m = 1; m < 512; ++m) counts[m] = static_cast<std::uint8_t>(counts[m >> 1] + (m & 1));
    return counts;
  }();
  return kCounts[mask];
}

// The set bits of a house-sized mask (digits, places): the table where it
// fits in nine bits (every 9×9 mask; the branch goes one way a grid), else
// bit_count().
inline int mask_bit_count(std::uint64_t mask) { return mask < 512 ? nine_bits(mask) : bit_count(mask); }

// Counting to two across folds, in every bit at once: after adding each
// fold, `once` holds the bits seen at least once and `twice` those seen at
// least twice (a house's digits with one place, cells with one digit, ...).
template <typename Word>
struct CountToTwo {
  Word once{}, twice{};
  void add(Word fold) {
    twice |= once & fold;
    once |= fold;
  }
  Word exactly_once() const { return once & ~twice; }
};

// The set bits of a word, lowest first, as their index plus `First`, without
// allocating: `for (int digit : SetBits<1>(candidates))`.
template <int First = 0>
class SetBits {
 public:
  class iterator {
   public:
    explicit constexpr iterator(std::uint64_t word) : word_(word) {}
    constexpr int operator*() const { return std::countr_zero(word_) + First; }
    constexpr iterator& operator++() {
      word_ &= word_ - 1;
      return *this;
    }
    constexpr bool operator==(std::default_sentinel_t) const { return word_ == 0; }

   private:
    std::uint64_t word_;
  };
  explicit constexpr SetBits(std::uint64_t word) : word_(word) {}
  constexpr iterator begin() const { return iterator(word_); }
  constexpr std::default_sentinel_t end() const { return {}; }

 private:
  std::uint64_t word_;
};

// The set bits of a row of 64-bit words (word w's bit i: index 64w + i),
// lowest first: the members of a cell or house set; with `among`, only those
// also set there (the same number of words).
class SetBitsOfWords {
 public:
  class iterator {
   public:
    iterator(const std::uint64_t* word, const std::uint64_t* among, const std::uint64_t* end)
        : word_(word), among_(among), end_(end) {
      skip_empty();
    }
    int operator*() const { return base_ + std::countr_zero(bits_); }
    iterator& operator++() {
      bits_ &= bits_ - 1;
      skip_empty();
      return *this;
    }
    bool operator==(std::default_sentinel_t) const { return bits_ == 0; }

   private:
    void skip_empty() {
      while (bits_ == 0 && word_ != end_) {
        base_ = next_base_;
        next_base_ += 64;
        bits_ = *word_++ & (among_ ? *among_++ : ~std::uint64_t{0});
      }
    }
    const std::uint64_t* word_;
    const std::uint64_t* among_;
    const std::uint64_t* end_;
    std::uint64_t bits_ = 0;
    int base_ = 0, next_base_ = 0;
  };
  SetBitsOfWords(const std::uint64_t* first, std::size_t count, const std::uint64_t* among = nullptr)
      : first_(first), among_(among), count_(count) {}
  iterator begin() const { return iterator(first_, among_, first_ + count_); }
  std::default_sentinel_t end() const { return {}; }

 private:
  const std::uint64_t* first_;
  const std::uint64_t* among_;
  std::size_t count_;
};

}  // namespace nonet::bits
