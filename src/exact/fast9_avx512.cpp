// The fast 9×9 engine built for AVX-512 CPUs (F, VL, BW, DQ with AVX2/BMI2).
// Only fast9.cpp calls it, after __builtin_cpu_supports says the CPU has
// those instructions. The engine's code is the AVX2 build's, but for settling
// four digits at once in 512-bit vectors (NONET_SIMD_AVX512); the wider
// instruction set also lets the compiler fold chains of bitwise steps into
// one three-input instruction and test lanes into mask registers.
#include "fast9.hpp"

// Elsewhere than x86-64 this file is empty: fast9.cpp runs the baseline build.
#if defined(__x86_64__) && defined(__GNUC__)
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,avx2,bmi,bmi2,popcnt,lzcnt"))), apply_to = function)
#else
#pragma GCC target("avx512f,avx512vl,avx512bw,avx512dq,avx2,bmi,bmi2,popcnt,lzcnt")
#endif
#define NONET_FAST9_ISA fast9_avx512
#define NONET_SIMD_AVX2 1  // core/bitboard9_simd.hpp: AVX2 and BMI2 operations
#define NONET_SIMD_AVX512 1  // and AVX-512: four digits side by side
#include "fast9.hpp"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#endif
