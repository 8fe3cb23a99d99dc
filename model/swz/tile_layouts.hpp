// Tile layouts: where logical element [y][x] of a shared-memory tile lives,
// as an element offset from the tile's start. Each layout is one small type
// with the same interface, so the prover, the tests and the kernels can take
// any of them:
//
//   column(y, x)           column of row y where logical [y][x] is stored
//   element_offset(y, x)   offset in elements: y * row_stride() + column(y, x)
//   row_stride()           elements between the starts of two rows
//   row_elems()            logical elements per row
//   elem_bytes()           bytes per element
#pragma once

#include <cstdint>

#include "swz/config.hpp"
#include "swz/layout_params.hpp"
#include "swz/xor_swizzle.hpp"

namespace swz {

// The article's swizzled tile: rows of NX elements, permuted by the formula.
template <class L = layout_params>
struct xor_swizzled_tile {
    L layout{};

    SWZ_HOST_DEVICE constexpr std::uint32_t row_elems() const { return layout.row_elems(); }
    SWZ_HOST_DEVICE constexpr std::uint32_t elem_bytes() const { return layout.elem_bytes(); }
    SWZ_HOST_DEVICE constexpr std::uint64_t row_stride() const { return layout.row_elems(); }

    template <class V>
    SWZ_HOST_DEVICE constexpr V column(V y, V x) const {
        return swizzled_column(layout, y, x);
    }
    template <class V>
    SWZ_HOST_DEVICE constexpr V element_offset(V y, V x) const {
        return y * layout.row_elems() + column(y, x);
    }
};

// The plain row-major tile, no swizzle and no padding (the conflict baseline).
struct plain_tile {
    std::uint32_t nx = 0;
    std::uint32_t elem = 4;

    SWZ_HOST_DEVICE constexpr std::uint32_t row_elems() const { return nx; }
    SWZ_HOST_DEVICE constexpr std::uint32_t elem_bytes() const { return elem; }
    SWZ_HOST_DEVICE constexpr std::uint64_t row_stride() const { return nx; }

    template <class V>
    SWZ_HOST_DEVICE constexpr V column(V /*y*/, V x) const {
        return x;
    }
    template <class V>
    SWZ_HOST_DEVICE constexpr V element_offset(V y, V x) const {
        return y * nx + x;
    }
};

// The padded tile: each row is followed by `pad` unused elements.
struct padded_tile {
    std::uint32_t nx = 0;
    std::uint32_t elem = 4;
    std::uint32_t pad = 1;

    SWZ_HOST_DEVICE constexpr std::uint32_t row_elems() const { return nx; }
    SWZ_HOST_DEVICE constexpr std::uint32_t elem_bytes() const { return elem; }
    SWZ_HOST_DEVICE constexpr std::uint64_t row_stride() const { return std::uint64_t(nx) + pad; }

    template <class V>
    SWZ_HOST_DEVICE constexpr V column(V /*y*/, V x) const {
        return x;
    }
    template <class V>
    SWZ_HOST_DEVICE constexpr V element_offset(V y, V x) const {
        return y * (nx + pad) + x;
    }
};

}  // namespace swz
