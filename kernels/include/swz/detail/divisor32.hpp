// Division of 32-bit indices below 2^31 by a divisor known at launch, as a
// multiply and a shift (Granlund and Montgomery, "Division by invariant
// integers using multiplication", 1994, theorem 4.2). Host and device code.
//
// Why: the packed kernel (tile_packing.hpp) divides a sub-tile index by
// the sub-tiles of a matrix and of its columns for every chunk it moves;
// the GPU has no integer divider, and a division is a loop of some twenty
// instructions, where this is one wide multiply.
//
// With l = ceil(log2 d) and m = ceil(2^(31+l) / d): 2^(31+l) <= m*d <
// 2^(31+l) + d <= 2^(31+l) + 2^l, so floor(n*m / 2^(31+l)) = floor(n/d)
// for every n < 2^31, and m < 2^32 (m <= 2^31 when d is a power of two).
#pragma once

#include <cstdint>

#include "swz/config.hpp"

namespace swz::detail {

struct divisor32 {
    std::uint32_t d = 1, m = 0x80000000u;
    unsigned shift = 31;

    // d in 1 .. 2^31 - 1.
    static divisor32 of(std::uint32_t d) {
        unsigned l = 0;
        while ((std::uint64_t(1) << l) < d) ++l;
        std::uint64_t const two = std::uint64_t(1) << (31 + l);
        return {d, std::uint32_t((two + d - 1) / d), 31 + l};
    }
    // n / d and n % d, for n < 2^31.
    SWZ_HOST_DEVICE std::uint32_t quotient(std::uint32_t n) const {
        return std::uint32_t((std::uint64_t(n) * m) >> shift);
    }
    SWZ_HOST_DEVICE std::uint32_t remainder(std::uint32_t n) const { return n - quotient(n) * d; }
};

}  // namespace swz::detail
