// CuTe's Layout as a tile's base: a shape and a stride, each a tree of
// integers, mode 0 over the tile's rows and mode 1 over its columns. Each
// mode, flattened, is a list of leaves (s_i, d_i), the first the fastest
// (CuTe's colexicographic order):
//
//   c -> digits  c_i = (c / (s_0 * ... * s_{i-1})) % s_i   (the last leaf takes the rest)
//   offset(y, x) = sum_i y_i * d_i  +  sum_j x_j * d_j       (in elements)
//   byte(y, x)   = offset(y, x) * elem
//
// ((8,16),(64,2)):((64,512),(1,8192)) is CuTe's tile_to_shape of the 8 x 64
// half atom to 128 x 128: 8 rows 64 elements apart, groups of 8 rows 512
// apart, two column blocks 8192 apart. A swizzle composed after it is
// swizzled_layout<F, cute_layout> (swizzled.hpp): on element offsets
// (CuTe's `Sw<B,M,S> o _0 o L`) or on bytes (`Sw<B,M,S> o smem_ptr[Nb] o L`,
// the swizzle a swizzle_ptr applies to the address).
#pragma once

#include <cstdint>

#include "swz/config.hpp"

namespace swz {

// One mode, flattened: its leaves of more than one element, in order (a
// leaf of size 1 has digit 0 and divides nothing, so it is dropped).
struct cute_mode {
    static constexpr unsigned max_leaves = 8;
    unsigned leaves = 0;
    std::uint64_t shape[max_leaves] = {};
    std::uint64_t stride[max_leaves] = {};

    SWZ_HOST_DEVICE constexpr std::uint64_t size() const {
        std::uint64_t n = 1;
        for (unsigned i = 0; i < leaves; ++i) n *= shape[i];
        return n;
    }
    // One past the largest offset of a coordinate below size() (strides >= 0).
    SWZ_HOST_DEVICE constexpr std::uint64_t reach() const {
        std::uint64_t r = 0;
        for (unsigned i = 0; i < leaves; ++i) r += (shape[i] - 1) * stride[i];
        return r;
    }

    // The offset of coordinate c; V any unsigned-integer-like type.
    template <class V>
    SWZ_HOST_DEVICE constexpr V offset(V c) const {
        V out = c * std::uint64_t(0);
        std::uint64_t below = 1;  // the product of the faster leaves' shapes
        for (unsigned i = 0; i < leaves; ++i) {
            V digit = below == 1 ? c : c / below;
            if (i + 1 < leaves) digit = digit % shape[i];
            if (stride[i] != 0) out = out + digit * stride[i];
            below *= shape[i];
        }
        return out;
    }
};

struct cute_layout {
    cute_mode rows, cols;  // mode 0 (y) and mode 1 (x)
    std::uint32_t elem = 4;

    template <class V>
    SWZ_HOST_DEVICE constexpr V element_offset(V y, V x) const {
        return rows.offset(y) + cols.offset(x);
    }
    template <class V>
    SWZ_HOST_DEVICE constexpr V byte_offset(V y, V x) const {
        return element_offset(y, x) * elem;
    }
    // CuTe's cosize, in bytes: one past the last element any cell reaches.
    SWZ_HOST_DEVICE constexpr std::uint64_t cosize_bytes() const { return (rows.reach() + cols.reach() + 1) * elem; }
    SWZ_HOST_DEVICE constexpr std::uint64_t footprint(std::uint64_t) const { return cosize_bytes(); }
};

}  // namespace swz
