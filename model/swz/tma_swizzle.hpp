// Boxes the copy engine loads with CU_TENSOR_MAP_SWIZZLE_128B into a tile of
// 128-byte rows, one box after another (each box from a multiple of the
// swizzle's 1024-byte repeat): where each byte lands. The swizzle itself is
// swz/layout/tma_swizzle.hpp; for 128-byte rows at TC = 16 it is the
// article's formula (tests/model/test_tma_swizzle.cpp checks every byte),
// which is why the fast plan can store its tile as such strips.
#pragma once

#include "swz/config.hpp"
#include "swz/layout/tma_swizzle.hpp"

namespace swz {

inline constexpr unsigned tma_swizzle_span = 1024;  // bytes the 128-byte pattern repeats over
inline constexpr unsigned tma_swizzle_row = 128;    // bytes of one swizzled row

// The placed offset of byte `offset` of a row-major box at an aligned base.
template <class V>
SWZ_HOST_DEVICE constexpr V tma_swizzle_128b(V offset) {
    return tma_swizzle{128, 0}(offset);
}

// Byte `byte` of row `row` of a box whose rows are 128 bytes.
template <class V>
SWZ_HOST_DEVICE constexpr V tma_box_byte(V row, V byte) {
    return tma_swizzle_128b(row * tma_swizzle_row + byte);
}

// The same byte when boxes of `box_bytes` bytes are loaded one after another
// (each from a multiple of 1024 bytes): the tile of a fast plan with
// 128-byte strips, box = strip.
template <class V>
SWZ_HOST_DEVICE constexpr V tma_boxes_byte(V box, V row, V byte, unsigned box_bytes) {
    return box * box_bytes + tma_box_byte(row, byte);
}

}  // namespace swz
