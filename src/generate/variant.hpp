// Variant puzzles (GenerateOptions::rules): rules drawn from a full grid,
// made unique and carved as a plan over clues (variant.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "nonet/generate.hpp"

namespace nonet::detail {

// For each map of the symmetry's group but the identity, the image of every
// cell (symmetry.cpp): what a symmetric cage layout maps cage by cage.
std::vector<std::vector<int>> symmetry_images(const Geometry& geometry, Symmetry symmetry);

// The puzzle of a stream seed with options.rules other than none; `orbits`
// are the symmetry's (givens come and go an orbit at a time).
GeneratedPuzzle generate_variant(const Geometry& geometry, const GenerateOptions& options,
                                 const std::vector<std::vector<int>>& orbits, std::uint64_t seed);

}  // namespace nonet::detail
