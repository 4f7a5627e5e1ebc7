// How many threads a batch runs on: the number asked for, or one per core
// where 0 is asked (and at least one where the core count is unknown).
#pragma once

#include <algorithm>
#include <thread>

namespace nonet::detail {

inline unsigned worker_count(unsigned asked) {
  return asked != 0 ? asked : std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace nonet::detail
