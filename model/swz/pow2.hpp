// Power-of-two helpers used by the layout rules and the bank model.
#pragma once

#include <cstdint>

#include "swz/config.hpp"

namespace swz {

SWZ_HOST_DEVICE constexpr bool is_pow2(std::uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

// floor(log2(v)) for v > 0.
SWZ_HOST_DEVICE constexpr unsigned log2_floor(std::uint64_t v) {
    unsigned r = 0;
    while (v >>= 1) ++r;
    return r;
}

// The index of the lowest set bit of v > 0, on the host. Not
// std::countr_zero: nvcc compiles some users of the model as C++17.
inline unsigned lowest_set_bit(std::uint32_t v) { return unsigned(__builtin_ctz(v)); }

}  // namespace swz
