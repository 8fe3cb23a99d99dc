// The article's XOR swizzle, written once.
//
// Given element [y][x] of T array[][NX] and a chunk of TC bytes:
//
//   i_chunk     = (y * NX + x) * sizeof(T) / sizeof(TC)
//   y_chunk     = i_chunk / (SWIZZLE_SIZE / sizeof(TC))      SWIZZLE_SIZE = NX * sizeof(T)
//   x_chunk     = i_chunk % (SWIZZLE_SIZE / sizeof(TC))
//   x_chunk_swz = y_chunk ^ x_chunk
//   x_swz       = x_chunk_swz * sizeof(TC) / sizeof(T) % NX + x % (sizeof(TC) / sizeof(T))
//
// For power-of-two rows the bits of the element offset inside a row read
// (C = chunks per row, K = elements per chunk):
//
//        x:  [ x_chunk : log2 C bits ][ x % K : log2 K bits ]
//    x_swz:  [ (y % C) ^ x_chunk      ][ x % K                ]
//
// so whole chunks move, the bytes inside a chunk stay in order, and the row
// index only picks which chunk goes where.
//
// V is any unsigned-integer-like type: std::uint32_t in device code,
// std::uint64_t on the host, and a Z3 bit-vector wrapper in verify/ (which
// supplies unsigned /, %, >> for it). L is layout_params or a static_layout.
#pragma once

#include "swz/config.hpp"

namespace swz {

template <class V>
struct swizzle_steps {
    V i_chunk;
    V y_chunk;
    V x_chunk;
    V x_chunk_swz;
    V x_swz;
};

// Every intermediate of the formula, so the prover can state the article's
// derivation steps about the same values the kernels compute.
template <class V, class L>
SWZ_HOST_DEVICE constexpr swizzle_steps<V> swizzle_trace(L const& l, V y, V x) {
    V const i_chunk = (y * l.row_elems() + x) * l.elem_bytes() / l.chunk_bytes();
    V const y_chunk = i_chunk / l.chunks_per_row();
    V const x_chunk = i_chunk % l.chunks_per_row();
    V const x_chunk_swz = y_chunk ^ x_chunk;
    V const x_swz = x_chunk_swz * l.chunk_bytes() / l.elem_bytes() % l.row_elems() + x % l.elems_per_chunk();
    return {i_chunk, y_chunk, x_chunk, x_chunk_swz, x_swz};
}

// x_swz: the column where logical element [y][x] is stored.
template <class V, class L>
SWZ_HOST_DEVICE constexpr V swizzled_column(L const& l, V y, V x) {
    return swizzle_trace(l, y, x).x_swz;
}

}  // namespace swz
