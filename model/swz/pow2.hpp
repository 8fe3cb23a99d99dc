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

}  // namespace swz
