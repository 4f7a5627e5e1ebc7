// The fast 9×9 engine built for AVX2/BMI2 CPUs. Only fast9.cpp calls it, and
// only after __builtin_cpu_supports says the CPU has those instructions, so
// the rest of the binary stays portable. The standard headers are included
// (through the first include) before the target switch so that library code
// instantiated here keeps the baseline target.
#include "fast9.hpp"

// Elsewhere than x86-64 this file is empty: fast9.cpp runs the baseline build.
#if defined(__x86_64__) && defined(__GNUC__)
// clang has no "#pragma GCC target"; its attribute pragma does the same.
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt"))), apply_to = function)
#else
#pragma GCC target("avx2,bmi,bmi2,popcnt,lzcnt")
#endif
#define NONET_FAST9_ISA fast9_avx2
#define NONET_SIMD_AVX2 1  // core/bitboard9_simd.hpp: AVX2 and BMI2 operations
#include "fast9.hpp"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#endif
