// CuTe's family: Swizzle<B,M,S> on the element offsets of a row-major tile
// (CuTe's ComposedLayout of a swizzle after a plain layout), with B, M, S,
// the element size, the row length and the row count all solver variables.
// The offset is the model's own composition (swz/layout/strided.hpp,
// swizzled.hpp, bit_swizzle.hpp's xor_bit_field), run on symbolic powers of
// two and symbolic bit positions; an instance is swz::swizzled_layout over
// swz::bit_swizzle, the layout `--layout cute:B,M,S` certifies.
//
// S is two variables, S = down - up with one of them 0, so that the
// swizzle's fields sit at M + down (source) and M + up (target) without a
// sign: the XOR is then one expression for both directions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../query_support.hpp"
#include "cute_figure_forms.hpp"
#include "swz/layout/bit_swizzle.hpp"
#include "swz/layout/strided.hpp"
#include "swz/layout/swizzled.hpp"
#include "symbolic_pow2.hpp"

namespace swz::verify {

// The ranges, those `--layout cute:B,M,S` accepts, and CuTe's |S| >= B.
inline constexpr std::uint64_t cute_max_log2_elem = 4, cute_max_log2_row_elems = 16, cute_max_log2_row_bytes = 17;
inline constexpr std::uint64_t cute_max_bits = 16, cute_max_base = 24, cute_max_shift = 24, cute_max_top_bit = 40;

struct cute_instance;

// The lesser of two values, and a choice, on integers and on solver values.
inline std::uint64_t least_of(std::uint64_t a, std::uint64_t b) { return std::min(a, b); }
inline symbolic_uint least_of(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(a.encoding(), z3::ite(a <= b, a.expr(), b.expr()), std::max(a.max(), b.max()));
}
inline std::uint64_t choose(bool c, std::uint64_t a, std::uint64_t b) { return c ? a : b; }
inline symbolic_uint choose(z3::expr const& c, symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(a.encoding(), z3::ite(c, a.expr(), b.expr()), std::max(a.max(), b.max()));
}

// log2 of the chunk the -chunk patterns move, in bytes: 2^M elements (the
// bits the swizzle keeps; where B = 0 it keeps all, 2^40), at most 16 bytes
// and the row. Written once: the family's queries take it on solver values,
// its instances on integers.
template <class V>
V cute_chunk_log(V const& bits, V const& base, V const& log_elem, V const& log_row_bytes) {
    V const kept = choose(bits == 0u, constant_like(log_elem, 40), base + log_elem);
    return least_of(least_of(kept, constant_like(log_elem, 4)), log_row_bytes);
}

// The swizzle by its parts, on any value type: the field mask 2^B - 1 and
// the low bits of the fields it reads (source) and writes (target), run
// through the model's own xor_bit_field and bit_field. On solver values in
// the family's queries; on integers (cute_instance::parts) in the replays
// of the lemmas below, which the model's bit_swizzle equals on every offset.
template <class V>
struct bit_swizzle_parts {
    V field, source_low, target_low;
    V operator()(V const& offset) const { return xor_bit_field(offset, field, source_low, target_low); }
    V source(V const& offset) const { return bit_field(offset, field, source_low); }  // the field it reads
};
using symbolic_bit_swizzle = bit_swizzle_parts<symbolic_uint>;

// The lemmas the CuTe family's proofs rest on (cute_family.cpp), written
// once for solver values and integers. Each is proved over the whole family
// before a property takes it as given (family_query.hpp's
// decide_with_lemmas); none is about the layout's cost or shape, each only
// cuts a query down to what the solver decides quickly.
namespace cute_lemma {

// F(u) reads u's source field: F writes a field outside the one it reads
// (|S| >= B), so F(F(u)) = F(u) ^ (source << TL) = u.
template <class V>
auto keeps_its_source(bit_swizzle_parts<V> const& f, V const& u) {
    return f.source(f(u)) == f.source(u);
}

// Two offsets that differ only below the source field (u and the first
// element of its run of 2^M elements) read the same source field.
template <class V>
auto same_source(bit_swizzle_parts<V> const& f, V const& u, V const& v) {
    return f.source(u) == f.source(v);
}

// F changes only the bits of u below bit t.
template <class V>
auto changes_only_below(bit_swizzle_parts<V> const& f, V const& u, V const& t) {
    return (f(u) ^ u) < (constant_like(u, 1) << t);
}

// Arithmetic, no layout: a v that differs from u only below bit t stays
// below R where u does and R is a multiple of 2^t.
template <class V>
auto stays_below(V const& u, V const& v, V const& limit, V const& t) {
    auto const one = constant_like(u, 1);
    return !(u < limit && (limit & ((one << t) - one)) == 0u && (v ^ u) < (one << t)) || v < limit;
}

// The offset 2^(SL + B - 1), the top bit of the source field, reads the
// field 2^(B - 1) (B >= 1).
template <class V>
auto reads_its_top_bit(bit_swizzle_parts<V> const& f, V const& bits, V const& top_source_bit) {
    return f.source(top_source_bit) == (constant_like(bits, 1) << (bits - 1u));
}

}  // namespace cute_lemma

class cute_family {
public:
    static constexpr std::size_t parameter_count = 7;
    static constexpr std::uint64_t max_log2_row_bytes = cute_max_log2_row_bytes;
    using instance = cute_instance;

    explicit cute_family(bv_encoding const& enc)
        : vars_{var(enc, "log2_elem", cute_max_log2_elem + 1), var(enc, "log2_row_elems", cute_max_log2_row_elems + 1),
                var(enc, "B", cute_max_bits + 1), var(enc, "M", cute_max_base + 1),
                var(enc, "S_down", cute_max_shift + 1), var(enc, "S_up", cute_max_shift + 1),
                var(enc, "rows", all_32bit_rows + 1)} {}

    std::vector<bounded_variable> const& parameter_variables() const { return vars_; }
    symbolic_uint const& log_elem() const { return vars_[0].value; }
    symbolic_uint const& log_row_elems() const { return vars_[1].value; }
    symbolic_uint const& bits() const { return vars_[2].value; }
    symbolic_uint const& base() const { return vars_[3].value; }
    symbolic_uint const& down() const { return vars_[4].value; }
    symbolic_uint const& up() const { return vars_[5].value; }
    symbolic_uint const& rows_var() const { return vars_[6].value; }

    symbolic_uint source_low() const { return base() + down(); }
    symbolic_uint target_low() const { return base() + up(); }
    symbolic_uint top_bit() const { return base() + down() + up() + bits(); }
    symbolic_bit_swizzle swizzle() const {
        auto const one = bits().lift(1);
        return {(one << bits()) - one, source_low(), target_low()};
    }
    // The swizzle writes column bits only: every cell stays in its row.
    z3::expr keeps_rows() const { return bits() == 0u || target_low() + bits() <= log_row_elems(); }
    z3::expr whole_repeats() const {
        auto const one = bits().lift(1);
        return ((rows_var() << log_row_elems()) & ((one << top_bit()) - one)) == 0u;
    }

    // CuTe's rules (|S| >= B, one sign), swz's (the top bit at most 40, a
    // row of at most 2^17 bytes, at least one row), and a tile that keeps
    // its rows or holds whole repeats of the swizzle (else cells fall
    // outside it).
    std::vector<z3::expr> rules() const {
        return {down() == 0u || up() == 0u, bits() <= down() + up(), top_bit() <= cute_max_top_bit,
                log_elem() + log_row_elems() <= cute_max_log2_row_bytes, rows_var().lift(1) <= rows_var(),
                keeps_rows() || whole_repeats()};
    }

    symbolic_pow2 elem() const { return {log_elem()}; }
    symbolic_pow2 row_bytes() const { return {log_elem() + log_row_elems()}; }
    symbolic_uint row_elems() const { return value_of(symbolic_pow2{log_row_elems()}); }
    symbolic_uint footprint() const { return rows_var() * row_bytes(); }
    // The element offset of cell (y, x), and where the layout puts it.
    symbolic_uint element_offset(symbolic_uint const& y, symbolic_uint const& x) const {
        return strided_byte(y, x, row_bytes(), elem()) / elem();
    }
    // The layout is the swizzle of the row-major tile's byte, offset(y, x)
    // = linear_byte(base_byte(y, x)) as written here, so where a lane's
    // cell has base byte b, the lane is at linear_byte(b): the view the
    // row-major figures use, once their `.linear` lemma has shown b to be
    // the lane's linear byte (s * 32 + l) * W.
    static constexpr bool swizzles_linear_offsets = true;
    symbolic_uint base_byte(symbolic_uint const& y, symbolic_uint const& x) const {
        return strided_byte(y, x, row_bytes(), elem());
    }
    symbolic_uint linear_byte(symbolic_uint const& b) const { return swizzle_in_elements(swizzle(), b, elem()); }
    symbolic_uint offset(symbolic_uint const& y, symbolic_uint const& x) const { return linear_byte(base_byte(y, x)); }

    // What the figures ask (family_figures.hpp): the chunk, cute_chunk_log.
    symbolic_pow2 chunk() const { return {cute_chunk_log(bits(), base(), log_elem(), log_elem() + log_row_elems())}; }
    symbolic_pow2 width(bool chunked) const { return chunked ? chunk() : elem(); }
    // The chunk is a least of three: a figure lemma takes it as a variable
    // defined equal to it (family_figures.hpp's lemma_widths), of
    // 0 .. max_log2_width, which holds every width: the element is at most
    // 16 bytes, and so is the chunk (cute_chunk_log's least with 2^4; a test
    // checks every parameter value).
    static constexpr bool derives_a_width = true;
    static constexpr bool width_is_derived(bool chunked) { return chunked; }
    static constexpr std::uint64_t max_log2_width = 4;
    byte_fields<symbolic_uint> fields() const {
        return {bits(), source_low() + log_elem(), target_low() + log_elem()};
    }
    // The column patterns are stated for layouts that keep their rows.
    std::vector<z3::expr> figure_rules(bool column, bool) const {
        if (column) return {keeps_rows()};
        return {};
    }

private:
    static bounded_variable var(bv_encoding const& enc, char const* name, std::uint64_t count) {
        return {name, count, symbolic_uint::narrow_variable(enc, name, count), {}};
    }
    std::vector<bounded_variable> vars_;
};

// The instance a model of the family's variables names.
struct cute_instance {
    unsigned log_elem = 0, log_row_elems = 0;
    bit_swizzle swizzle;
    std::uint64_t rows = 0;

    static bool keeps_rows(bit_swizzle const& s, unsigned log_row_elems) {
        return s.bits == 0 || s.target_low() + s.bits <= log_row_elems;
    }

    // Nothing where the values break the family's rules (a solver model
    // always keeps them; replay checks anyway).
    static std::optional<cute_instance> of(std::vector<std::uint64_t> const& v) {
        std::uint64_t const e = v[0], n = v[1], b = v[2], m = v[3], down = v[4], up = v[5], rows = v[6];
        if (e > cute_max_log2_elem || n > cute_max_log2_row_elems || e + n > cute_max_log2_row_bytes || b > cute_max_bits ||
            m > cute_max_base || down > cute_max_shift || up > cute_max_shift || (down != 0 && up != 0) || b > down + up ||
            m + down + up + b > cute_max_top_bit || rows == 0 || rows > all_32bit_rows)
            return std::nullopt;
        cute_instance i{unsigned(e), unsigned(n), {unsigned(b), unsigned(m), int(down) - int(up)}, rows};
        std::uint64_t const repeat = std::uint64_t(1) << (m + down + up + b);
        if (!keeps_rows(i.swizzle, i.log_row_elems) && ((rows << n) & (repeat - 1)) != 0) return std::nullopt;
        return i;
    }

    swizzled_layout<bit_swizzle> layout() const {
        return {swizzle, strided_layout{std::uint32_t(1) << log_elem, std::uint32_t(row_bytes())}, false};
    }
    std::uint64_t offset(std::uint64_t y, std::uint64_t x) const { return layout().byte_offset(y, x); }
    std::uint64_t base_byte(std::uint64_t y, std::uint64_t x) const { return layout().base.byte_offset(y, x); }
    std::uint64_t linear_byte(std::uint64_t b) const { return swizzle_in_elements(swizzle, b, elem()); }
    bit_swizzle_parts<std::uint64_t> parts() const { return {swizzle.field(), swizzle.source_low(), swizzle.target_low()}; }
    std::uint64_t element_offset(std::uint64_t y, std::uint64_t x) const { return base_byte(y, x) / elem(); }
    std::uint64_t elem() const { return std::uint64_t(1) << log_elem; }
    std::uint64_t row_elems() const { return std::uint64_t(1) << log_row_elems; }
    std::uint64_t row_bytes() const { return std::uint64_t(1) << (log_elem + log_row_elems); }
    std::uint64_t footprint() const { return rows * row_bytes(); }
    bool keeps_rows() const { return keeps_rows(swizzle, log_row_elems); }
    std::uint64_t chunk() const {
        return std::uint64_t(1) << cute_chunk_log<std::uint64_t>(swizzle.bits, swizzle.base, log_elem, log_elem + log_row_elems);
    }
    std::uint64_t width(bool chunked) const { return chunked ? chunk() : elem(); }
    byte_fields<std::uint64_t> fields() const {
        return {swizzle.bits, swizzle.source_low() + log_elem, swizzle.target_low() + log_elem};
    }
    bool figure_applies(bool column, bool) const { return !column || keeps_rows(); }
    // What `swz-verify --layout` certifies as this instance.
    std::string spec() const {
        return "cute:" + swizzle.text() + " --row-bytes " + std::to_string(row_bytes()) + " --elem " + std::to_string(elem());
    }
};

}  // namespace swz::verify
