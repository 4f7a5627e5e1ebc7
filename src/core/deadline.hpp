// Turning a time limit in seconds into a moment on the steady clock, once for
// every engine: a limit of 0, NaN or beyond any run (over a century) means no
// limit, never an overflowed moment in the past (a silent "out of time").
#pragma once

#include <chrono>
#include <cmath>

namespace nonet::detail {

// Longer limits mean "none": the clock's nanosecond count would overflow near 292 years.
inline constexpr double kLongestTimeLimit = 100.0 * 365 * 24 * 3600;

inline bool has_time_limit(double seconds) { return seconds > 0 && seconds <= kLongestTimeLimit; }

// The moment `seconds` from now; the clock's epoch (time_point{}) for no limit.
inline std::chrono::steady_clock::time_point deadline_after(double seconds) {
  if (!has_time_limit(seconds)) return {};
  return std::chrono::steady_clock::now() +
         std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
}

}  // namespace nonet::detail
