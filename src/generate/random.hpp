// The generator's random numbers. Written out rather than taken from <random>
// because std::shuffle and the std distributions differ between standard
// libraries, and a seed must give the same puzzles everywhere.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace nonet::detail {

// splitmix64 (Steele, Lea, Flood 2014): one 64-bit state, full period, and
// well mixed from the first output, so consecutive seeds give unrelated streams.
inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() { return splitmix64(state_); }
  // Uniform in [0, bound) by rejection, so no value is favoured.
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % bound);
    for (;;) {
      const std::uint64_t value = next();
      if (value < limit) return value % bound;
    }
  }
  // Fisher–Yates.
  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[below(i)]);
  }

 private:
  std::uint64_t state_;
};

}  // namespace nonet::detail
