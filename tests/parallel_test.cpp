// The ordered parallel runner (src/cli/ordered_runner.hpp) that the batch
// commands and `nonet generate -j` run on: index order whatever the threads,
// the window, items going back to their worker, failures and early stops.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cli/ordered_runner.hpp"

namespace nonet::cli {
namespace {

struct Item {
  std::size_t value = 0;
  unsigned owner = 0;
  int uses = 0;  // how often this item object was claimed into
};

// Slow, uneven work so that later items often finish first.
void uneven_work(std::size_t value) {
  if (value % 7 == 3) std::this_thread::sleep_for(std::chrono::microseconds(200));
}

TEST(OrderedRunner, ConsumesInClaimOrderOnEveryThreadCount) {
  for (unsigned jobs : {1u, 2u, 3u, 8u}) {
    for (std::size_t window : {1u, 2u, 5u, 64u}) {
      std::size_t next = 0;
      std::vector<std::size_t> seen;
      run_ordered<Item>(
          jobs, window,
          [&](Item& item, unsigned) {
            if (next == 200) return false;
            item.value = next++;
            return true;
          },
          [](Item& item, unsigned) { uneven_work(item.value); },
          [&](Item& item) {
            seen.push_back(item.value);
            return true;
          });
      ASSERT_EQ(seen.size(), 200u) << jobs << " " << window;
      for (std::size_t i = 0; i < seen.size(); ++i) ASSERT_EQ(seen[i], i) << jobs << " " << window;
    }
  }
}

TEST(OrderedRunner, NeverHoldsMoreThanTheWindow) {
  constexpr std::size_t kWindow = 6;
  std::atomic<std::size_t> claimed = 0, consumed = 0, most = 0;
  std::size_t next = 0;
  run_ordered<Item>(
      4, kWindow,
      [&](Item& item, unsigned) {
        if (next == 300) return false;
        item.value = next++;
        const std::size_t ahead = ++claimed - consumed;
        if (ahead > most) most = ahead;
        return true;
      },
      [](Item& item, unsigned) { uneven_work(item.value); },
      [&](Item&) {
        ++consumed;
        return true;
      });
  EXPECT_EQ(consumed, 300u);
  EXPECT_LE(most, kWindow);
}

TEST(OrderedRunner, OneJobIsTheCallingThread) {
  const auto caller = std::this_thread::get_id();
  bool elsewhere = false;
  int next = 0;
  run_ordered<Item>(
      1, 4, [&](Item&, unsigned) { return next++ < 10; },
      [&](Item&, unsigned worker) { elsewhere = elsewhere || worker != 0 || std::this_thread::get_id() != caller; },
      [&](Item&) {
        elsewhere = elsewhere || std::this_thread::get_id() != caller;
        return true;
      });
  EXPECT_FALSE(elsewhere);
}

TEST(OrderedRunner, ConsumedItemsGoBackToTheWorkerThatClaimedThem) {
  std::size_t next = 0;
  bool wrong_owner = false;
  int reused = 0;
  run_ordered<Item>(
      3, 8,
      [&](Item& item, unsigned worker) {
        if (next == 500) return false;
        if (item.uses > 0) {
          ++reused;
          wrong_owner = wrong_owner || item.owner != worker;
        }
        item.value = next++;
        item.owner = worker;
        ++item.uses;
        return true;
      },
      [](Item&, unsigned) {}, [](Item&) { return true; });
  EXPECT_FALSE(wrong_owner);
  EXPECT_GT(reused, 0);
}

// A failure at item k: items 0..k-1 are still consumed, nothing after, and
// the exception reaches the caller, for every thread count.
TEST(OrderedRunner, AWorkerFailureReachesTheCallerAfterEveryEarlierItem) {
  for (unsigned jobs : {1u, 2u, 4u}) {
    std::size_t next = 0;
    std::vector<std::size_t> seen;
    EXPECT_THROW(run_ordered<Item>(
                     jobs, 16,
                     [&](Item& item, unsigned) {
                       if (next == 100) return false;
                       item.value = next++;
                       return true;
                     },
                     [](Item& item, unsigned) {
                       uneven_work(item.value);
                       if (item.value == 40 || item.value == 45) throw std::runtime_error(std::to_string(item.value));
                     },
                     [&](Item& item) {
                       seen.push_back(item.value);
                       return true;
                     }),
                 std::runtime_error);
    ASSERT_EQ(seen.size(), 40u) << jobs;
    for (std::size_t i = 0; i < seen.size(); ++i) ASSERT_EQ(seen[i], i);
  }
  // With two failures the earlier item's exception is the one rethrown.
  std::size_t next = 0;
  try {
    run_ordered<Item>(
        4, 16,
        [&](Item& item, unsigned) {
          if (next == 100) return false;
          item.value = next++;
          return true;
        },
        [](Item& item, unsigned) {
          if (item.value == 30) std::this_thread::sleep_for(std::chrono::milliseconds(20));
          if (item.value == 30 || item.value == 31) throw std::runtime_error(std::to_string(item.value));
        },
        [](Item&) { return true; });
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& error) {
    EXPECT_STREQ(error.what(), "30");
  }
}

TEST(OrderedRunner, AClaimFailureReachesTheCaller) {
  for (unsigned jobs : {1u, 3u}) {
    std::size_t next = 0, consumed = 0;
    EXPECT_THROW(run_ordered<Item>(
                     jobs, 4,
                     [&](Item& item, unsigned) {
                       if (next == 20) throw std::runtime_error("unreadable");
                       item.value = next++;
                       return true;
                     },
                     [](Item&, unsigned) {},
                     [&](Item&) {
                       ++consumed;
                       return true;
                     }),
                 std::runtime_error);
    EXPECT_EQ(consumed, 20u);
  }
}

// A consumer that fails (a write error) stops the run: no more claims beyond
// the window, nothing consumed after it, and it may throw instead.
TEST(OrderedRunner, AConsumerThatStopsEndsTheRun) {
  for (unsigned jobs : {1u, 2u, 4u}) {
    std::atomic<std::size_t> next = 0;
    std::size_t consumed = 0;
    run_ordered<Item>(
        jobs, 8,
        [&](Item& item, unsigned) {
          item.value = next++;  // endless input
          return true;
        },
        [](Item&, unsigned) {},
        [&](Item& item) {
          EXPECT_EQ(item.value, consumed);
          ++consumed;
          return item.value != 9;
        });
    EXPECT_EQ(consumed, 10u) << jobs;
    EXPECT_LE(next, 10u + 8u) << jobs;
  }
  std::size_t next = 0, consumed = 0;
  EXPECT_THROW(run_ordered<Item>(
                   2, 8,
                   [&](Item& item, unsigned) {
                     item.value = next++;
                     return true;
                   },
                   [](Item&, unsigned) {},
                   [&](Item& item) {
                     if (item.value == 5) throw std::runtime_error("closed pipe");
                     ++consumed;
                     return true;
                   }),
               std::runtime_error);
  EXPECT_EQ(consumed, 5u);
}

TEST(OrderedRunner, ForEachOrderedCoversItsRangeInOrder) {
  for (unsigned jobs : {1u, 2u, 5u}) {
    std::vector<std::string> lines;
    for_each_ordered({7, 300}, jobs,
                     [](std::uint64_t index) {
                       uneven_work(index);
                       return std::to_string(index);
                     },
                     [&](std::uint64_t index, std::string&& line) {
                       EXPECT_EQ(line, std::to_string(index));
                       EXPECT_EQ(index, 7 + lines.size());
                       lines.push_back(std::move(line));
                     });
    EXPECT_EQ(lines.size(), 293u) << jobs;
  }
  int calls = 0;
  for_each_ordered({5, 5}, 3, [&](std::uint64_t) { return ++calls, std::string(); },
                   [&](std::uint64_t, std::string&&) { ++calls; });
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace nonet::cli
