// Turning a time limit in seconds into a moment on the steady clock, once for
// every engine: a limit of 0, NaN or beyond any run (over a century) means no
// limit, never an overflowed moment in the past (a silent "out of time"); and
// writing a limit in messages, once for the workflow and the CLI.
#pragma once

#include <charconv>
#include <chrono>
#include <cmath>
#include <string>

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

// Seconds as written: "60", "1.5", "0.01".
inline std::string seconds_text(double seconds) {
  char buf[32];
  const auto end = std::to_chars(buf, buf + sizeof buf, seconds).ptr;
  return std::string(buf, end);
}

}  // namespace nonet::detail
