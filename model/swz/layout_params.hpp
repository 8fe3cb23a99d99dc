// The parameters of a swizzled shared-memory tile, and the rules that make
// the article's formula defined.
//
//   NX    elements per row            (the article's T array[][NX])
//   elem  bytes per element           (sizeof(T); 1, 2, 4, 8 or 16)
//   tc    bytes per swizzled chunk    (sizeof(TC); a multiple of elem)
//
// Derived:  row_bytes = NX * elem          (the article's SWIZZLE_SIZE)
//           chunks_per_row = row_bytes / tc
//           elems_per_chunk = tc / elem
//
// A row length that is not a power of two is deliberately *allowed*: the
// prover then shows which property breaks, which is why the article asks for
// powers of two.
#pragma once

#include <cstdint>
#include <string>

#include "swz/config.hpp"
#include "swz/layout/rule.hpp"
#include "swz/layout/tile_shape.hpp"
#include "swz/pow2.hpp"

namespace swz {

struct layout_params {
    std::uint32_t nx = 0;
    std::uint32_t elem = 4;
    std::uint32_t tc = 4;

    SWZ_HOST_DEVICE constexpr std::uint32_t row_elems() const { return nx; }
    SWZ_HOST_DEVICE constexpr std::uint32_t elem_bytes() const { return elem; }
    SWZ_HOST_DEVICE constexpr std::uint32_t chunk_bytes() const { return tc; }
    SWZ_HOST_DEVICE constexpr std::uint64_t row_bytes() const { return std::uint64_t(nx) * elem; }
    SWZ_HOST_DEVICE constexpr std::uint32_t chunks_per_row() const { return std::uint32_t(row_bytes() / tc); }
    SWZ_HOST_DEVICE constexpr std::uint32_t elems_per_chunk() const { return tc / elem; }

};

SWZ_HOST_DEVICE constexpr bool operator==(layout_params const& a, layout_params const& b) {
    return a.nx == b.nx && a.elem == b.elem && a.tc == b.tc;
}

// The same parameters fixed at compile time, for kernels: every division and
// remainder by these constants folds to shifts and masks when they are powers
// of two.
template <std::uint32_t NX, std::uint32_t Elem, std::uint32_t TC>
struct static_layout {
    static_assert(NX > 0 && Elem > 0 && TC > 0, "layout parameters must be positive");
    static_assert(TC % Elem == 0, "TC must be a multiple of the element size");
    static_assert((std::uint64_t(NX) * Elem) % TC == 0, "a row must hold a whole number of chunks");

    SWZ_HOST_DEVICE static constexpr std::uint32_t row_elems() { return NX; }
    SWZ_HOST_DEVICE static constexpr std::uint32_t elem_bytes() { return Elem; }
    SWZ_HOST_DEVICE static constexpr std::uint32_t chunk_bytes() { return TC; }
    SWZ_HOST_DEVICE static constexpr std::uint64_t row_bytes() { return std::uint64_t(NX) * Elem; }
    SWZ_HOST_DEVICE static constexpr std::uint32_t chunks_per_row() { return std::uint32_t(row_bytes() / TC); }
    SWZ_HOST_DEVICE static constexpr std::uint32_t elems_per_chunk() { return TC / Elem; }

    static constexpr layout_params params() { return {NX, Elem, TC}; }
};

// The first rule the parameters break, with its id; nothing when the
// formula is defined for them.
inline rule_check check_article(layout_params const& p) {
    auto const n = [](std::uint64_t v) { return std::to_string(v); };
    if (p.nx == 0) return broken("nx-positive", "NX must be at least 1 (got 0)");
    if (p.elem == 0) return broken("elem-positive", "the element size must be at least 1 byte (got 0)");
    if (p.tc == 0) return broken("tc-positive", "TC must be at least 1 byte (got 0)");
    if (!(p.elem == 1 || p.elem == 2 || p.elem == 4 || p.elem == 8 || p.elem == 16))
        return broken("elem-width", "the element size must be 1, 2, 4, 8 or 16 bytes, the widths one shared-memory "
                                    "access moves (got " + n(p.elem) + ")");
    if (p.tc < p.elem)
        return broken("tc-at-least-elem",
                      "TC (" + n(p.tc) + " bytes) must not be smaller than the element size (" + n(p.elem) + " bytes)");
    if (p.tc % p.elem != 0)
        return broken("tc-multiple-of-elem",
                      "TC (" + n(p.tc) + " bytes) must be a multiple of the element size (" + n(p.elem) + " bytes)");
    if (p.row_bytes() > max_shared_bytes_per_block)
        return broken("row-fits-shared", "a row of " + n(p.nx) + " x " + n(p.elem) + " = " + n(p.row_bytes()) +
                                             " bytes is larger than the shared memory one block can hold (" +
                                             n(max_shared_bytes_per_block) + " bytes on sm_90)");
    if (p.tc > p.row_bytes())
        return broken("tc-fits-row", "TC (" + n(p.tc) + " bytes) must not be larger than a row (" + n(p.nx) + " x " +
                                         n(p.elem) + " = " + n(p.row_bytes()) + " bytes)");
    if (p.row_bytes() % p.tc != 0)
        return broken("row-whole-chunks", "a row (" + n(p.row_bytes()) +
                                              " bytes) must hold a whole number of TC-byte chunks (TC = " + n(p.tc) + ")");
    return std::nullopt;
}

}  // namespace swz
