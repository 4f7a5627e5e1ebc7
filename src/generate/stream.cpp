// Streams of puzzles: shards, and an ordered parallel map.
//
// Since puzzle i depends only on (seed, i), parallelism is just "who computes
// which index"; the writer puts results back in index order. Workers claim
// indices from a shared counter but never run more than a window ahead of the
// writer, so a stream of millions never piles up in memory.
#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <thread>

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

namespace {

class OrderedRun {
 public:
  OrderedRun(IndexRange range, unsigned jobs,
             const std::function<std::string(std::uint64_t)>& make)
      : range_(range), make_(make), next_claim_(range.begin), next_emit_(range.begin),
        window_(std::max<std::uint64_t>(64, 16ull * jobs)) {}

  void work() {
    for (;;) {
      std::uint64_t index;
      {
        std::unique_lock lock(mutex_);
        space_.wait(lock, [&] { return failed_ || next_claim_ >= range_.end || next_claim_ < next_emit_ + window_; });
        if (failed_ || next_claim_ >= range_.end) return;
        index = next_claim_++;
      }
      std::string text;
      try {
        text = make_(index);
      } catch (...) {
        std::lock_guard lock(mutex_);
        if (!failed_) error_ = std::current_exception();
        failed_ = true;
        ready_.notify_all();
        space_.notify_all();
        return;
      }
      std::lock_guard lock(mutex_);
      done_.emplace(index, std::move(text));
      ready_.notify_all();
    }
  }

  void emit_all(const std::function<void(std::uint64_t, std::string&&)>& emit) {
    while (true) {
      std::string text;
      std::uint64_t index;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [&] { return failed_ || next_emit_ >= range_.end || done_.count(next_emit_); });
        if (failed_ || next_emit_ >= range_.end) return;
        auto node = done_.extract(next_emit_);
        index = next_emit_++;
        text = std::move(node.mapped());
        space_.notify_all();
      }
      emit(index, std::move(text));
    }
  }

  void stop() {
    std::lock_guard lock(mutex_);
    failed_ = true;
    space_.notify_all();
  }

  std::exception_ptr error() const { return error_; }

 private:
  IndexRange range_;
  const std::function<std::string(std::uint64_t)>& make_;
  std::mutex mutex_;
  std::condition_variable ready_, space_;
  std::map<std::uint64_t, std::string> done_;
  std::uint64_t next_claim_, next_emit_, window_;
  bool failed_ = false;
  std::exception_ptr error_;
};

}  // namespace

void for_each_ordered(IndexRange range, unsigned jobs,
                      const std::function<std::string(std::uint64_t)>& make,
                      const std::function<void(std::uint64_t, std::string&&)>& emit) {
  if (jobs <= 1) {
    for (std::uint64_t index = range.begin; index < range.end; ++index) emit(index, make(index));
    return;
  }
  OrderedRun run(range, jobs, make);
  std::vector<std::jthread> workers;
  for (unsigned i = 0; i < jobs; ++i) workers.emplace_back([&run] { run.work(); });
  try {
    run.emit_all(emit);
  } catch (...) {
    run.stop();  // an emit failed (a closed pipe): let the workers finish
    workers.clear();
    throw;
  }
  workers.clear();
  if (run.error()) std::rethrow_exception(run.error());
}

}  // namespace nonet
