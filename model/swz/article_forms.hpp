// The article's informal derivation, step by step, as formulas over the same
// integer-like type as the formula itself. Each is a claim that the article
// makes about swizzle_trace(); the prover checks every one of them.
#pragma once

#include "swz/config.hpp"

namespace swz::article {

// "x_chunk = x * sizeof(T) / sizeof(TC)"
template <class V, class L>
SWZ_HOST_DEVICE constexpr V x_chunk(L const& l, V /*y*/, V x) {
    return x * l.elem_bytes() / l.chunk_bytes();
}

// "y_chunk = y"
template <class V, class L>
SWZ_HOST_DEVICE constexpr V y_chunk(L const&, V y, V /*x*/) {
    return y;
}

// "x_chunk_swz = y / C * C + (y % C) ^ x_chunk", C = NX * sizeof(T) / sizeof(TC)
template <class V, class L>
SWZ_HOST_DEVICE constexpr V x_chunk_swz_split(L const& l, V y, V x) {
    return y / l.chunks_per_row() * l.chunks_per_row() + (y % l.chunks_per_row() ^ x_chunk(l, y, x));
}

// "x_swz = ((y % NX) ^ x * sizeof(T) / sizeof(TC)) * sizeof(TC) / sizeof(T) % NX + x % (sizeof(TC) / sizeof(T))"
template <class V, class L>
SWZ_HOST_DEVICE constexpr V x_swz_closed_form(L const& l, V y, V x) {
    return ((y % l.row_elems() ^ x_chunk(l, y, x)) * l.chunk_bytes() / l.elem_bytes()) % l.row_elems() +
           x % l.elems_per_chunk();
}

// The article's last line, where "% NX" has been dropped:
// "x_swz = ((y % NX) ^ x * sizeof(T) / sizeof(TC)) * sizeof(TC) / sizeof(T) + x % (sizeof(TC) / sizeof(T))"
template <class V, class L>
SWZ_HOST_DEVICE constexpr V x_swz_final_form(L const& l, V y, V x) {
    return (y % l.row_elems() ^ x_chunk(l, y, x)) * l.chunk_bytes() / l.elem_bytes() + x % l.elems_per_chunk();
}

}  // namespace swz::article
