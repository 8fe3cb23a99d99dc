// Subjects from the model's layout families (swz/layout/): each family's
// byte-offset template instantiated on integers and on bit-vectors, with
// what the properties need to know of it. parse_layout() builds the same
// from a spec.
#pragma once

#include <algorithm>
#include <string>
#include <type_traits>

#include "host_params.hpp"
#include "layout_subject.hpp"
#include "swz/bank_model.hpp"
#include "swz/layout/article.hpp"
#include "swz/layout/gf2_map.hpp"
#include "swz/layout/strided.hpp"
#include "swz/layout/swizzled.hpp"
#include "swz/layout/tma_swizzle.hpp"
#include "swz/pow2.hpp"

namespace swz::verify {

namespace detail {

inline std::uint64_t gcd(std::uint64_t a, std::uint64_t b) { return b == 0 ? a : gcd(b, a % b); }
inline std::uint64_t lcm(std::uint64_t a, std::uint64_t b) { return a / gcd(a, b) * b; }

// The fewest rows whose bytes are a multiple of `repeat` bytes and of the
// 128 bytes of a bank line.
inline std::uint64_t rows_repeating(std::uint64_t pitch, std::uint64_t repeat) {
    std::uint64_t const l = lcm(repeat, bytes_per_phase);
    return l / gcd(pitch, l);
}

// The concrete map, a cell, a row's run and a warp's cells at a time, from
// one layout value.
template <class L>
void set_concrete_offsets(layout_subject& s, L const& layout) {
    s.offset = [layout](std::uint64_t y, std::uint64_t x) { return layout.byte_offset(y, x); };
    s.row_offsets = [layout](std::uint64_t y, std::uint64_t x0, std::uint64_t n, std::uint64_t* out) {
        for (std::uint64_t i = 0; i < n; ++i) out[i] = layout.byte_offset(y, x0 + i);
    };
    s.cell_offsets = [layout](std::uint64_t const* y, std::uint64_t const* x, std::size_t n, std::uint64_t* out) {
        for (std::size_t i = 0; i < n; ++i) out[i] = layout.byte_offset(y[i], x[i]);
    };
}

template <class L>
void set_offsets(layout_subject& s, L const& layout) {
    set_concrete_offsets(s, layout);
    s.symbolic_offset = [layout](symbolic_uint const& y, symbolic_uint const& x) { return layout.byte_offset(y, x); };
}

// The low bits a swizzle leaves in place, in its unit.
inline unsigned granule_bits(bit_swizzle const& b) { return b.bits == 0 ? 40 : b.base; }
inline unsigned granule_bits(tma_swizzle const& t) { return granule_bits(t.pattern()); }
inline unsigned granule_bits(gf2_map const& g) { return g.granule_bits(); }

// The lowest bit a swizzle may change, in its unit; none known: 64.
inline unsigned lowest_written_bit(bit_swizzle const& b) { return b.bits == 0 ? 64 : b.target_low(); }
inline unsigned lowest_written_bit(tma_swizzle const& t) { return lowest_written_bit(t.pattern()); }
inline unsigned lowest_written_bit(gf2_map const&) { return 0; }

// The lowest bit an involution reads or writes, in its unit; not known to
// be an involution: 64.
inline unsigned involution_from_bit(bit_swizzle const& b) {
    return b.bits > 0 && b.is_involution_form() ? std::min(b.source_low(), b.target_low()) : 64;
}
inline unsigned involution_from_bit(tma_swizzle const&) { return 64; }  // on absolute addresses: the base decides
inline unsigned involution_from_bit(gf2_map const&) { return 64; }

// The block inside which the swizzle is XOR by one value, and a bound on
// that value, in its unit (bit numbers); none known: {64, 64}. CuTe's S >=
// B reads YYY at bit M + S and up and writes ZZZ below bit M + B <= M + S.
struct xor_block_bits {
    unsigned block = 64, below = 64;
};
inline xor_block_bits xor_block_of(bit_swizzle const& b) {
    if (b.bits == 0 || b.shift < int(b.bits)) return {};
    return {b.source_low(), b.target_low() + b.bits};
}
inline xor_block_bits xor_block_of(tma_swizzle const&) { return {}; }  // on absolute addresses: the base decides
inline xor_block_bits xor_block_of(gf2_map const&) { return {}; }

inline bool moves_anything(bit_swizzle const& b) { return b.bits > 0; }
inline bool moves_anything(tma_swizzle const& t) { return t.span > 0; }
inline bool moves_anything(gf2_map const& g) { return g.granule_bits() < g.bits; }

inline std::string family_of(bit_swizzle const&) { return "cute"; }
inline std::string family_of(tma_swizzle const&) { return "tma"; }
inline std::string family_of(gf2_map const&) { return "linear"; }

// Offsets the swizzle repeats after, in its unit: it reads and writes bits
// below top_bit() only (a GF(2) map drops the bits above, so it never repeats).
inline std::uint64_t repeat_units(bit_swizzle const& b) { return std::uint64_t(1) << (b.bits ? b.top_bit() : 0); }
inline std::uint64_t repeat_units(tma_swizzle const& t) { return t.span ? std::uint64_t(1) << t.pattern().top_bit() : 1; }
inline std::uint64_t repeat_units(gf2_map const&) { return 0; }

// The article's x_swz depends on y through (y ^ x_chunk) % NX: the XOR
// touches the b bits that hold x_chunk < C, and the rest of y enters as
// (y >> b << b) * K % NX, which repeats after NX / gcd(2^b * K, NX) steps.
inline std::uint64_t article_period(layout_params const& p) {
    unsigned b = 0;
    while ((std::uint64_t(1) << b) < p.chunks_per_row()) ++b;
    std::uint64_t const step = (std::uint64_t(1) << b) * p.elems_per_chunk();
    return (std::uint64_t(1) << b) * (p.nx / gcd(step, p.nx));
}

}  // namespace detail

inline layout_subject subject_of(article_layout<layout_params> const& l, tile_shape const& shape) {
    layout_subject s;
    s.spec = l.spec();
    s.family = "article";
    s.shape = shape;
    s.pitch = l.params.row_bytes();
    s.footprint = l.footprint(shape.rows);
    s.chunk_bytes = l.params.tc;
    s.swizzles = true;
    s.article = l.params;
    s.bit_form = l.bit_form();
    detail::set_offsets(s, l);
    // The same formula, evaluated faster (host_params.hpp), a row's run a
    // chunk at a time (article_layout::row_run) where its rules hold.
    article_layout<host_article_params> const fast{host_article_params(l.params)};
    detail::set_concrete_offsets(s, fast);
    layout_params const p = l.params;
    if (!check_article(p)) {
        s.row_offsets = [fast, nx = p.nx](std::uint64_t y, std::uint64_t x0, std::uint64_t n, std::uint64_t* out) {
            if (x0 + n <= nx) return fast.row_run(y, x0, n, out);
            for (std::uint64_t i = 0; i < n; ++i) out[i] = fast.byte_offset(y, x0 + i);
        };
        // A warp's cells at one start, one remainder a cell inside the rows
        // (rows below 2^32 keep y * NX * elem from wrapping: a row is at
        // most the 228 KiB of shared memory), the formula as written
        // elsewhere (a user's formula may name any cell).
        s.cell_offsets = [fast, nx = p.nx](std::uint64_t const* y, std::uint64_t const* x, std::size_t n,
                                           std::uint64_t* out) {
            auto const f = fast;  // a local copy: `out` cannot alias it, so its divisors stay in registers
            for (std::size_t i = 0; i < n; ++i)
                out[i] = x[i] < nx && y[i] <= 0xffffffffu ? f.byte_offset_in_row(y[i], x[i]) : f.byte_offset(y[i], x[i]);
        };
    }
    s.symbolic_column_direct = [p](symbolic_uint const& y, symbolic_uint const& x) { return swizzled_column(p, y, x); };
    s.period_rows = detail::lcm(detail::article_period(p), detail::rows_repeating(s.pitch, 1));
    return s;
}

inline layout_subject subject_of(strided_layout const& l, tile_shape const& shape) {
    layout_subject s;
    s.spec = l.spec(shape.row_bytes);
    s.family = l.pitch == shape.row_bytes ? "plain" : "pad";
    s.shape = shape;
    s.pitch = l.pitch;
    s.footprint = l.footprint(shape.rows);
    s.chunk_bytes = l.chunk_bytes(shape.row_bytes);
    s.period_rows = detail::rows_repeating(s.pitch, 1);
    detail::set_offsets(s, l);
    return s;
}

// `spec`: the swizzle's own spec ("cute:3,4,3", "tma:128B", "linear:...").
template <class F>
layout_subject subject_of(swizzled_layout<F> const& l, tile_shape const& shape, std::string const& swizzle_spec) {
    layout_subject s;
    // The TMA pads its own rows (tma_box_rows): its spec names no base.
    bool const own_base = std::is_same_v<F, tma_swizzle> || l.base.pitch == shape.row_bytes;
    s.spec = swizzle_spec + (own_base ? std::string() : "@" + l.base.spec(shape.row_bytes));
    s.family = detail::family_of(l.swizzle);
    s.shape = shape;
    s.pitch = l.base.pitch;
    s.footprint = l.footprint(shape.rows);
    std::uint64_t const granule = (std::uint64_t(1) << std::min(detail::granule_bits(l.swizzle), 20u)) * l.unit_bytes();
    s.chunk_bytes = std::uint32_t(std::min<std::uint64_t>(granule, l.base.chunk_bytes(shape.row_bytes)));
    s.swizzles = detail::moves_anything(l.swizzle);
    s.involution_counts = s.family != "linear";
    if (std::uint64_t const r = detail::repeat_units(l.swizzle)) s.period_rows = detail::rows_repeating(s.pitch, r * l.unit_bytes());
    detail::set_offsets(s, l);
    strided_layout const base = l.base;
    F const f = l.swizzle;
    swizzle_view v;
    v.unit_bytes = l.unit_bytes();
    v.strided = base;
    v.base = [base](std::uint64_t y, std::uint64_t x) { return base.byte_offset(y, x); };
    v.symbolic_base = [base](symbolic_uint const& y, symbolic_uint const& x) { return base.byte_offset(y, x); };
    v.apply = [f](std::uint64_t u) { return f(u); };
    v.symbolic_apply = [f](symbolic_uint const& u) { return f(u); };
    v.span_bytes = detail::repeat_units(l.swizzle) * l.unit_bytes();
    if constexpr (!std::is_same_v<F, gf2_map>) v.granule_bytes = granule;
    if (unsigned const w = detail::lowest_written_bit(l.swizzle); w > 0 && w < 40)
        v.writes_from_bytes = (std::uint64_t(1) << w) * l.unit_bytes();
    if (unsigned const b = detail::involution_from_bit(l.swizzle); b < 40)
        v.involution_from_bytes = (std::uint64_t(1) << b) * l.unit_bytes();
    // On elements, F(o / elem) * elem is o ^ (c * elem) only where every
    // strided offset is a whole number of elements.
    if (auto const x = detail::xor_block_of(l.swizzle); x.block < 40 && base.pitch % l.unit_bytes() == 0) {
        v.xor_block_bytes = (std::uint64_t(1) << x.block) * l.unit_bytes();
        v.xor_below_bytes = (std::uint64_t(1) << x.below) * l.unit_bytes();
    }
    s.swizzle = v;
    if constexpr (std::is_same_v<F, tma_swizzle>) s.tma = tma_view{f, v.base, v.symbolic_base};
    return s;
}

// A layout whose map is GF(2)-linear in its cells' bits (power-of-two rows
// and row elements, each offset bit's cell placed by XORs): the images of
// those bits, taken from the layout's own map, as the linear family's
// subject under `spec`. `not_involution`: why its map is no involution.
template <class L>
layout_subject linear_subject_of(L const& l, tile_shape const& shape, std::string const& spec, std::string not_involution) {
    unsigned const col_bits = log2_floor(shape.cols()), row_bits = log2_floor(shape.rows);
    gf2_map m;
    m.bits = col_bits + row_bits;
    for (unsigned k = 0; k < col_bits; ++k) m.image[k] = l.byte_offset(std::uint64_t(0), std::uint64_t(1) << k) / shape.elem;
    for (unsigned k = 0; k < row_bits; ++k)
        m.image[col_bits + k] = l.byte_offset(std::uint64_t(1) << k, std::uint64_t(0)) / shape.elem;
    layout_subject s = subject_of(swizzled_layout<gf2_map>{m, padded_layout(shape, 0), false}, shape, spec);
    s.spec = spec;
    s.involution_not_applicable = std::move(not_involution);
    return s;
}

// A layout of the caller's own: any type with `template <class V> V
// byte_offset(V y, V x) const` (the same function a kernel calls), on a tile
// of `shape` whose rows start `pitch` bytes apart. `chunk`: the chunk its
// chunk_integrity checks; `swizzles`: whether it has a permutation to invert.
template <class L>
layout_subject custom_subject(std::string name, L const& layout, tile_shape const& shape, std::uint64_t pitch,
                              std::uint32_t chunk, bool swizzles) {
    layout_subject s;
    s.spec = std::move(name);
    s.family = "custom";
    s.shape = shape;
    s.pitch = pitch;
    s.footprint = shape.rows * pitch;
    s.chunk_bytes = chunk;
    s.swizzles = swizzles;
    detail::set_offsets(s, layout);
    return s;
}

}  // namespace swz::verify
