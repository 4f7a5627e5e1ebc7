// Pieces every exact engine shares, so they report results the same way.
#pragma once

#include <bit>
#include <chrono>
#include <cstdint>

#include "core/contract.hpp"
#include "core/deadline.hpp"
#include "nonet/exact.hpp"

namespace nonet::detail {
// Sets status from result.count (no_solution / solved / unique / multiple).
void finish_status(SolveResult& result, std::uint64_t count_limit);
// Fills an invalid result and returns true when the givens clash.
bool reject_invalid(const Puzzle& puzzle, SolveResult& result);

// SolveOptions::time_limit as the engines check it: the clock is read every
// `check_every` nodes (a power of two), so a search pays for it once per that
// many nodes. The moment is fixed when the deadline is made, so copies of it
// hold several searches of one solve to one limit.
class SearchDeadline {
 public:
  explicit SearchDeadline(double seconds, std::uint64_t check_every = 1024)
      : active_(has_time_limit(seconds)), mask_(check_every - 1), at_(deadline_after(seconds)) {
    NONET_EXPECTS(std::has_single_bit(check_every));
  }
  bool passed(std::uint64_t nodes) const { return active_ && (nodes & mask_) == 0 && clock_passed(); }

 private:
  // Out of line, so that the recursive searches' frames do not grow by the
  // clock call's (a 49×49 grid recurses 2,401 levels deep).
  [[gnu::noinline, gnu::cold]] bool clock_passed() const { return std::chrono::steady_clock::now() > at_; }

  bool active_;
  std::uint64_t mask_;
  std::chrono::steady_clock::time_point at_;
};
}  // namespace nonet::detail
