// Contract checks: the preconditions the library's comments state (a cell in
// range, a digit 1..N, a grid of the geometry's size), checked where they are
// stated. Internal to the library (never installed, never in include/nonet/).
//
//   NONET_EXPECTS(cell >= 0 && cell < cell_count());
//
// With NONET_CONTRACTS defined (CMake: -DNONET_CONTRACTS=ON, the default of
// the sanitizer build, NONET_SANITIZE=ON) a broken contract prints
//   src/model/geometry.cpp:199: nonet contract broken in cell_name: cell >= 0 && cell < cell_count()
// to stderr and aborts: a caller's bug, found where it happens rather than as
// a wrong answer or a read out of bounds later. Without it (Release) the
// condition is only type-checked, never evaluated: no cost at all.
//
// A contract is a promise between the library's own parts, or one the API's
// comments ask of a caller; input a user can get wrong (a file, a request) is
// an error the library reports, never a contract.
#pragma once

#if defined(NONET_CONTRACTS) && NONET_CONTRACTS

#include <cstdio>
#include <cstdlib>

namespace nonet::detail {

[[noreturn, gnu::cold, gnu::noinline]] inline void contract_broken(const char* file, int line, const char* function,
                                                                   const char* condition) noexcept {
  std::fprintf(stderr, "%s:%d: nonet contract broken in %s: %s\n", file, line, function, condition);
  std::fflush(stderr);
  std::abort();
}

}  // namespace nonet::detail

#define NONET_EXPECTS(condition)                                                                   \
  ((condition) ? static_cast<void>(0)                                                              \
               : ::nonet::detail::contract_broken(__FILE__, __LINE__, __func__, #condition))

#else

#define NONET_EXPECTS(condition) static_cast<void>(sizeof(!(condition)))

#endif
