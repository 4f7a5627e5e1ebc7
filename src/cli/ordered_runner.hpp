// The ordered parallel runner behind every -j of the CLI: the batch runner
// of solve, rate, explain… (batch.cpp) and `nonet generate` (through
// for_each_ordered below) both run on it.
//
// Work items are numbered 0, 1, 2… in the order they are claimed and run on
// `jobs` threads, the calling thread being one of them (-j 1 is one thread).
// Each thread claims its next item under a lock, works on it with no lock
// held, and hands it back; whichever thread finds no consumer at work then
// consumes every item that is next in order, so the consumer sees item i
// before item i + 1, one call at a time, and no thread only waits. At most
// `window` items are claimed and not yet consumed (backpressure: memory stays
// flat on inputs of any length). A consumed item goes back to the thread that
// claimed it, to be claimed into again: its buffers keep their capacity and
// stay in that core's cache.
//
// Stopping: a claim that finds no more work ends the claims; a consumer that
// returns false (a write that failed) ends them too, and no later item is
// consumed. An exception from a claim, a work or the consumer stops the run
// and is rethrown to the caller once every thread has ended; every item
// before the one that failed is still consumed, so what was consumed is the
// same for every `jobs` (with two failures, the earlier item's is rethrown).
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "nonet/generate.hpp"

namespace nonet::cli {

// Item: default-constructible and movable. Claim: bool(Item&, unsigned
// worker), called under the claim lock (false: no more work; the item may
// hold what it held when last consumed). Work: void(Item&, unsigned worker).
// Consume: bool(Item&) (false: stop).
template <class Item, class Claim, class Work, class Consume>
class OrderedRunner {
 public:
  OrderedRunner(unsigned jobs, std::size_t window, Claim& claim, Work& work, Consume& consume)
      : jobs_(std::max(1u, jobs)),
        window_(std::max<std::size_t>(1, window)),
        claim_(claim),
        work_(work),
        consume_(consume),
        spare_(jobs_) {}

  void run() {
    std::vector<std::thread> helpers;
    try {
      for (unsigned worker = 1; worker < jobs_; ++worker) helpers.emplace_back([this, worker] { work_loop(worker); });
    } catch (...) {
      fail(0, std::current_exception());  // no thread to run on: nothing is consumed
    }
    work_loop(0);
    for (std::thread& helper : helpers) helper.join();
    if (error_) std::rethrow_exception(error_);
  }

 private:
  static constexpr std::size_t kNever = std::numeric_limits<std::size_t>::max();

  void work_loop(unsigned worker) {
    for (;;) {
      Item item = take_spare(worker);
      std::size_t index = 0;
      if (!claim_next(item, worker, index)) return;
      try {
        work_(item, worker);
      } catch (...) {
        fail(index, std::current_exception());
        release(std::move(item), worker);
        continue;  // the claims are over: the next claim ends this loop
      }
      deposit(index, std::move(item), worker);
    }
  }

  // Waits for room in the window, then claims the next item; false when
  // the claims are over (no more work, a failure, the consumer stopped).
  bool claim_next(Item& item, unsigned worker, std::size_t& index) {
    {
      std::unique_lock lock(state_mutex_);
      room_.wait(lock, [&] { return claims_over_ || in_flight_ < window_; });
      if (claims_over_) return false;
      ++in_flight_;
    }
    bool claimed = false;
    {
      std::lock_guard lock(claim_mutex_);
      if (!claims_over_) {
        try {
          claimed = claim_(item, worker);
        } catch (...) {
          fail(next_index_, std::current_exception());
        }
        if (claimed) index = next_index_++;
        else claims_over_ = true;
      }
    }
    if (!claimed) {
      std::lock_guard lock(state_mutex_);
      --in_flight_;
      room_.notify_all();
    }
    return claimed;
  }

  // Hands a worked item back; the thread that finds no consumer at work
  // consumes every item that is next in order.
  void deposit(std::size_t index, Item&& item, unsigned worker) {
    std::unique_lock lock(state_mutex_);
    if (index >= stop_at_) return release_locked(std::move(item), worker);
    done_.emplace(index, Entry{std::move(item), worker});
    if (consuming_) return;  // the thread consuming now will reach it
    consuming_ = true;
    for (auto next = done_.find(next_consume_); next != done_.end() && next_consume_ < stop_at_;
         next = done_.find(next_consume_)) {
      Entry ready = std::move(next->second);
      done_.erase(next);
      lock.unlock();
      bool go_on = false;
      std::exception_ptr error;
      try {
        go_on = consume_(ready.item);
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      if (error) fail_locked(next_consume_, error);
      ++next_consume_;
      if (!go_on) stop_locked(next_consume_);
      release_locked(std::move(ready.item), ready.owner);
    }
    consuming_ = false;
  }

  // Item `index` failed: no item from it on is consumed, no more are claimed.
  void fail(std::size_t index, std::exception_ptr error) {
    std::lock_guard lock(state_mutex_);
    fail_locked(index, std::move(error));
  }
  void fail_locked(std::size_t index, std::exception_ptr error) {
    if (index < error_index_) {
      error_index_ = index;
      error_ = std::move(error);
    }
    stop_locked(index);
  }
  void stop_locked(std::size_t end) {
    stop_at_ = std::min(stop_at_, end);
    claims_over_ = true;
    room_.notify_all();
  }

  void release(Item&& item, unsigned owner) {
    std::lock_guard lock(state_mutex_);
    release_locked(std::move(item), owner);
  }
  void release_locked(Item&& item, unsigned owner) {
    spare_[owner].push_back(std::move(item));
    --in_flight_;
    room_.notify_one();
  }

  Item take_spare(unsigned worker) {
    std::lock_guard lock(state_mutex_);
    std::vector<Item>& mine = spare_[worker];
    if (mine.empty()) return Item{};
    Item item = std::move(mine.back());
    mine.pop_back();
    return item;
  }

  struct Entry {
    Item item;
    unsigned owner;
  };

  const unsigned jobs_;
  const std::size_t window_;
  Claim& claim_;
  Work& work_;
  Consume& consume_;
  std::mutex claim_mutex_;  // claim_ and next_index_
  std::size_t next_index_ = 0;
  std::mutex state_mutex_;  // everything below
  std::condition_variable room_;
  std::map<std::size_t, Entry> done_;
  std::vector<std::vector<Item>> spare_;  // per worker
  std::size_t next_consume_ = 0, in_flight_ = 0;
  std::size_t stop_at_ = kNever;  // no item from here on is consumed
  std::atomic<bool> claims_over_ = false;
  bool consuming_ = false;
  std::size_t error_index_ = kNever;
  std::exception_ptr error_;
};

// Runs the items `claim` hands out on `jobs` threads and gives them to
// `consume` in claim order (see the top of this file).
template <class Item, class Claim, class Work, class Consume>
void run_ordered(unsigned jobs, std::size_t window, Claim&& claim, Work&& work, Consume&& consume) {
  OrderedRunner<Item, std::remove_reference_t<Claim>, std::remove_reference_t<Work>, std::remove_reference_t<Consume>>
      runner(jobs, window, claim, work, consume);
  runner.run();
}

// `make(i)` for every i of `range` on `jobs` threads, each result handed to
// `emit` in index order (one call at a time, on one of the threads). A
// window of max(64, 16 × jobs) results keeps memory flat on long streams.
// The first failure (by index) is rethrown after every earlier result was
// emitted; an exception from `emit` stops the run too.
inline void for_each_ordered(IndexRange range, unsigned jobs, const std::function<std::string(std::uint64_t)>& make,
                             const std::function<void(std::uint64_t, std::string&&)>& emit) {
  struct Result {
    std::uint64_t index = 0;
    std::string text;
  };
  std::uint64_t next = range.begin;
  run_ordered<Result>(
      jobs, std::max<std::size_t>(64, 16 * std::size_t{std::max(1u, jobs)}),
      [&](Result& result, unsigned) {
        if (next >= range.end) return false;
        result.index = next++;
        return true;
      },
      [&](Result& result, unsigned) { result.text = make(result.index); },
      [&](Result& result) {
        emit(result.index, std::move(result.text));
        return true;
      });
}

}  // namespace nonet::cli
