// A swizzle composed after a strided layout, as CuTe's ComposedLayout: the
// strided layout (strided.hpp) gives each cell an offset, the swizzle (a map
// of offsets onto offsets: bit_swizzle, tma_swizzle, gf2_map) moves it:
//
//   in element units:  byte(y, x) = F( base(y, x) / elem ) * elem     (CuTe's convention)
//   in byte units:     byte(y, x) = F( base(y, x) )                   (the TMA; CuTe after a uint8_t recast)
//
// Nothing here assumes the swizzle keeps a cell in its row: CuTe's
// Swizzle<3,4,3> on 64-byte rows moves elements across rows, and the
// prover's row properties then say "not applicable".
#pragma once

#include <cstdint>

#include "swz/config.hpp"
#include "swz/layout/strided.hpp"

namespace swz {

// CuTe's convention on its own, on any value and parameter types: the
// swizzle moves element offsets.
template <class V, class F, class E>
SWZ_HOST_DEVICE constexpr V swizzle_in_elements(F const& swizzle, V base_byte, E const& elem) {
    return swizzle(base_byte / elem) * elem;
}

// B: the layout before the swizzle, strided (strided.hpp) unless said
// (column_blocks.hpp).
template <class F, class B = strided_layout>
struct swizzled_layout {
    F swizzle{};
    B base{};
    bool on_bytes = false;  // the swizzle's unit: bytes, or (false) elements

    SWZ_HOST_DEVICE constexpr std::uint32_t unit_bytes() const { return on_bytes ? 1u : base.elem; }

    template <class V>
    SWZ_HOST_DEVICE constexpr V byte_offset(V y, V x) const {
        V const b = base.byte_offset(y, x);
        if (on_bytes) return swizzle(b);
        return swizzle_in_elements(swizzle, b, base.elem);
    }
    // The same, from a base offset in swizzle units: F(u), in bytes.
    template <class V>
    SWZ_HOST_DEVICE constexpr V swizzled_units(V u) const {
        return swizzle(u);
    }

    SWZ_HOST_DEVICE constexpr std::uint64_t footprint(std::uint64_t rows) const { return base.footprint(rows); }
};

}  // namespace swz
