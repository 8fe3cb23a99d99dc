// The exact worst-case bank cost of the built-in accesses on every
// power-of-two layout of the article's formula, as closed forms in the
// family's exponents, written once as templates over the value type: the
// family proofs (article_family_figures.cpp) state them on solver values,
// the replay and the tests evaluate them on integers.
//
// Why these forms. With NX = 2^n, elem = 2^e, TC = 2^t, a row of 2^r bytes
// (r = n + e) and an access of 2^w bytes, the byte of cell (y, x) is
//
//   y * 2^r  +  ((y ^ x_chunk) mod 2^(r-t)) * 2^t  +  (x mod 2^(t-e)) * 2^e
//
// three terms on disjoint bits. The bank group of an access is bits
// [u, 7) of the address (u = log2 of the unit, max(w, 2)), so for a column
// access (lane l at row y0 + l) the group is an affine map of the row's
// bits: bit j of y reaches the bank line through y * 2^r where r + j < 7,
// and through the XOR where t + j lies in [u, min(r, 7)). Call D those row
// bits (the first set includes the bits a unit swallows when r < u). The
// 2^p lanes of a phase (p = 7 - u) are 2^p consecutive rows, which take
// each value of their low p bits once; lanes that agree on D's low bits
// share a group, so a phase costs 2^(p - |D & [0, p)|) and a warp
// 32 / 2^|D & [0, p)| wavefronts, at y0 = 0 and any column. Row-major
// accesses are always ideal: a phase reads one aligned run of at most 128
// bytes, and the XOR permutes aligned blocks of whole chunks.
#pragma once

#include <cstdint>

namespace swz::verify {

inline std::uint64_t constant_like(std::uint64_t, std::uint64_t c) { return c; }
template <class V>
V constant_like(V const& like, std::uint64_t c) { return like.lift(c); }

// The row bits of a column access that decide its bank group, within
// [0, p): D & [0, p) above; and the phase's other low bits, which its
// conflicting lanes differ in.
template <class V>
struct column_form {
    V spread;  // D & [0, p)
    V free;    // [0, p) without D
};

template <class V>
column_form<V> column_conflict_form(V const& log_row, V const& log_tc, V const& log_unit) {
    V const line = constant_like(log_row, 127);  // bits [0, 7): the 128-byte bank line
    V const one = constant_like(log_row, 1);
    V const own_row = line >> log_row;            // bit j reaches bit r + j < 7
    V const group_bits = line >> log_unit << log_unit;  // address bits [u, 7)
    V const xor_bits = ((one << (log_row - log_tc)) - one) << log_tc;  // address bits [t, r)
    V const moved = (group_bits & xor_bits) >> log_tc;
    V const low = line >> log_unit;               // bits [0, p)
    V const spread = (own_row | moved) & low;
    return {spread, low ^ spread};
}

// Bits set in a value below 2^7.
template <class V>
V popcount7(V const& v) {
    V n = constant_like(v, 0);
    for (unsigned k = 0; k < 7; ++k) n = n + ((v >> k) & 1u);
    return n;
}

// Worst-case wavefronts of a column access whose spread bits are `form`'s:
// 32 / 2^|D & [0, p)|.
template <class V>
V wavefronts_of(column_form<V> const& form) {
    return constant_like(form.spread, 32) >> popcount7(form.spread);
}
template <class V>
V column_wavefronts(V const& log_row, V const& log_tc, V const& log_unit) {
    return wavefronts_of(column_conflict_form(log_row, log_tc, log_unit));
}

// Worst-case wavefronts of a row-major access: the ideal, one per phase,
// 2^u / 4.
template <class V>
V row_wavefronts(V const& log_unit) {
    return (constant_like(log_unit, 1) << log_unit) >> 2u;
}

}  // namespace swz::verify
