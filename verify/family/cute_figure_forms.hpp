// The exact worst-case bank cost of the built-in accesses on CuTe's
// Swizzle<B,M,S> after a row-major tile of 2^n elements of 2^e bytes, as
// closed forms in the family's parameters, written once as templates over
// the value type: the family proofs (cute_family.cpp) state them on solver
// values, the replay and the tests evaluate them on integers.
//
// Why these forms. In bytes, the swizzle XORs the B-bit field at
// SL = M + max(S, 0) + e into the one at TL = M + max(-S, 0) + e, and row
// y's bit j sits at byte bit r + j (r = n + e). An access of 2^w bytes has
// units of 2^u bytes (u = max(w, 2)) and bank groups on bits [u, 7); a
// phase is 2^p lanes (p = 7 - u).
//
//   column (lane l at row y0 + l), on layouts that keep their rows (the
//   target field below bit r): row bit j decides the group where r + j < 7
//   (the bits a unit swallows included, as in the article's form), or where
//   r + j is a source bit whose target lies in [u, 7). Those are D; lanes
//   that agree on D's low bits share a group, so a phase costs
//   2^(p - |D & [0, p)|) and the warp 32 / 2^|D & [0, p)|, at y0 = 0, c = 0.
//
//   row-major (lane l at unit s*32 + l): a phase reads one aligned run of
//   bytes, and the swizzle, the identity plus a strict shift of bits, is
//   one-to-one on its lanes' bank groups: the ideal. Except where lanes
//   share a word (w < 2) and the swizzle moves a bit of the byte within
//   the word to byte bit 7 or above (S < 0): lanes that differ only there
//   share a group with distinct words, and each such bit doubles the cost.
#pragma once

#include <cstdint>

#include "article_figure_forms.hpp"

namespace swz::verify {

// The swizzle's fields in byte positions, on any value type.
template <class V>
struct byte_fields {
    V bits;         // B
    V source_low;   // SL
    V target_low;   // TL
    V field() const { return (constant_like(bits, 1) << bits) - constant_like(bits, 1); }
};

template <class V>
column_form<V> cute_column_form(V const& log_row, byte_fields<V> const& f, V const& log_unit) {
    V const line = constant_like(log_row, 127);
    V const own_row = line >> log_row;
    V const group_bits = line >> log_unit << log_unit;
    V const targets = (f.field() << f.target_low) & group_bits;          // target bits in the group
    V const moved = (targets << f.source_low) >> (f.target_low + log_row);  // the row bits they come from
    V const low = line >> log_unit;
    V const spread = (own_row | moved) & low;
    return {spread, low ^ spread};
}

template <class V>
column_form<V> cute_row_form(V const& log_width, byte_fields<V> const& f, V const& log_unit) {
    V const within_word = constant_like(log_width, 3) >> log_width << log_width;  // byte bits [w, 2)
    V const sources = (f.field() << f.source_low) & within_word;
    V const far = ((sources << f.target_low) >> f.source_low) >> 7u << 7u;  // their targets at bit 7 or above
    V const doubling = ((far << f.source_low) >> f.target_low) >> log_width;  // as lane bits
    V const low = constant_like(log_width, 127) >> log_unit;
    return {low ^ doubling, doubling};
}

}  // namespace swz::verify
