// Streams of puzzles: shards.
//
// Since puzzle i depends only on (seed, i), a shard is just a block of
// indices, and parallelism just "who computes which index": `nonet generate`
// runs the indices on the CLI's ordered runner (src/cli/ordered_runner.hpp),
// which puts the results back in index order.
#include <charconv>

#include "nonet/generate.hpp"

namespace nonet {

Shard parse_shard(std::string_view text) {
  const auto fail = [&]() -> Shard {
    throw GenerateError("--shard '" + std::string(text) +
                        "': expected K/N with 0 <= K < N, e.g. 0/4 (the first of four parts)");
  };
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return fail();
  Shard shard;
  const auto parse = [](std::string_view part, std::uint64_t& value) {
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    return error == std::errc{} && end == part.data() + part.size() && !part.empty();
  };
  if (!parse(text.substr(0, slash), shard.part) || !parse(text.substr(slash + 1), shard.parts) ||
      shard.parts == 0 || shard.part >= shard.parts)
    return fail();
  return shard;
}

IndexRange shard_range(std::uint64_t count, Shard shard) {
  // Part k gets [k·count/n, (k+1)·count/n): sizes differ by at most one and
  // the parts tile 0..count-1 in order. 128-bit products: count·k may not fit.
  const auto boundary = [&](std::uint64_t k) {
    return static_cast<std::uint64_t>(static_cast<unsigned __int128>(count) * k / shard.parts);
  };
  return {boundary(shard.part), boundary(shard.part + 1)};
}

}  // namespace nonet
