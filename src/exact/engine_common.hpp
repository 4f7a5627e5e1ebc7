// Pieces every exact engine shares, so they report results the same way.
#pragma once

#include "nonet/exact.hpp"

namespace nonet::detail {
// Sets status from result.count (no_solution / solved / unique / multiple).
void finish_status(SolveResult& result, std::uint64_t count_limit);
// Fills an invalid result and returns true when the givens clash.
bool reject_invalid(const Puzzle& puzzle, SolveResult& result);
}  // namespace nonet::detail
