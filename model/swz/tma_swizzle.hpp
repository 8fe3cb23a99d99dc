// Where Hopper's tensor memory accelerator (TMA) puts a box it loads into
// shared memory with CU_TENSOR_MAP_SWIZZLE_128B, as the CUDA documentation
// describes it: the box is laid out row-major (rows of 128 bytes here) from
// a 1024-byte-aligned address, then inside every 1024-byte span the 16-byte
// chunk index (address bits 4-6) is XORed with the 128-byte row index
// (address bits 7-9):
//
//   offset:   [ ... ][ row % 8 : bits 7-9 ][ chunk : bits 4-6 ][ byte : bits 0-3 ]
//   placed:   [ ... ][ row % 8            ][ chunk ^ row % 8  ][ byte            ]
//
// That is the article's swizzle for 128-byte rows at TC = 16:
// tests/model/test_tma_swizzle.cpp checks every byte of 1024 rows (both
// sides depend on the row only through row % 8, so that is every row) for
// every element size, and tests/gpu/test_tma_placement.cu checks that the
// hardware places a box as written here.
#pragma once

#include "swz/config.hpp"

namespace swz {

inline constexpr unsigned tma_swizzle_span = 1024;  // bytes the pattern repeats over
inline constexpr unsigned tma_swizzle_row = 128;    // bytes of one swizzled row

// The placed offset of byte `offset` of the row-major box.
template <class V>
SWZ_HOST_DEVICE constexpr V tma_swizzle_128b(V offset) {
    return offset ^ (offset / tma_swizzle_row % 8u * 16u);
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
