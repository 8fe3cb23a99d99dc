// The logical tile a layout stores: `rows` rows of `row_bytes` bytes, each
// row `cols()` elements of `elem` bytes. A layout (the other headers here)
// says where each logical cell (y, x) lives, as a byte offset from the
// tile's base; the shape says which cells there are.
#pragma once

#include <cstdint>

#include "swz/config.hpp"

namespace swz {

// Largest shared-memory allocation of one thread block on sm_90 (227 KiB).
inline constexpr std::uint64_t max_shared_bytes_per_block = 232448;

// Every 32-bit row index: the default, so a proof covers any tile height.
inline constexpr std::uint64_t all_32bit_rows = std::uint64_t(1) << 32;

struct tile_shape {
    std::uint64_t rows = all_32bit_rows;
    std::uint32_t row_bytes = 0;
    std::uint32_t elem = 4;

    SWZ_HOST_DEVICE constexpr std::uint32_t cols() const { return row_bytes / elem; }
};

SWZ_HOST_DEVICE constexpr bool operator==(tile_shape const& a, tile_shape const& b) {
    return a.rows == b.rows && a.row_bytes == b.row_bytes && a.elem == b.elem;
}

}  // namespace swz
