// The article family's parameters, symbolic (for the queries) and concrete
// (the instance a counterexample names, for replay).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../query_support.hpp"
#include "swz/layout/article.hpp"
#include "swz/layout/tile_shape.hpp"
#include "swz/layout_params.hpp"
#include "symbolic_pow2.hpp"

namespace swz::verify {

// log2_nx, log2_elem, log2_tc, rows: the first variables of every family query.
inline constexpr std::size_t family_parameters = 4;
inline constexpr std::uint64_t family_max_log2_nx = 16, family_max_log2_elem = 4;
inline constexpr std::uint64_t family_max_log2_row = 17;  // 2^17 <= max_shared_bytes_per_block

// The parameter type of swz::article_layout over the family.
struct article_family_params {
    symbolic_pow2 nx, elem, tc;
    symbolic_pow2 row_elems() const { return nx; }
    symbolic_pow2 elem_bytes() const { return elem; }
    symbolic_pow2 chunk_bytes() const { return tc; }
    symbolic_pow2 chunks_per_row() const { return nx * elem / tc; }
    symbolic_pow2 elems_per_chunk() const { return tc / elem; }
};

struct family_instance;

class article_family {
public:
    static constexpr std::size_t parameter_count = family_parameters;
    using instance = family_instance;

    explicit article_family(bv_encoding const& enc)
        : vars_{{"log2_nx", family_max_log2_nx + 1, symbolic_uint::narrow_variable(enc, "log2_nx", family_max_log2_nx + 1), {}},
                {"log2_elem", family_max_log2_elem + 1, symbolic_uint::narrow_variable(enc, "log2_elem", family_max_log2_elem + 1), {}},
                {"log2_tc", family_max_log2_row + 1, symbolic_uint::narrow_variable(enc, "log2_tc", family_max_log2_row + 1), {}},
                {"rows", all_32bit_rows + 1, symbolic_uint::narrow_variable(enc, "rows", all_32bit_rows + 1), {}}},
          params_{{vars_[0].value}, {vars_[1].value}, {vars_[2].value}} {}

    std::vector<bounded_variable> const& parameter_variables() const { return vars_; }
    article_family_params const& params() const { return params_; }
    symbolic_uint const& rows_var() const { return vars_[3].value; }

    // The rules the article's formula asks of powers of two (check_article):
    // elem <= TC <= a row of at most 2^17 bytes; at least one row.
    std::vector<z3::expr> rules() const {
        auto const& n = vars_[0].value; auto const& e = vars_[1].value; auto const& t = vars_[2].value;
        return {e <= t, t <= n + e, n + e <= family_max_log2_row, rows_var().lift(1) <= rows_var()};
    }

    symbolic_uint offset(symbolic_uint const& y, symbolic_uint const& x) const {
        return article_layout<article_family_params>{params_}.byte_offset(y, x);
    }
    symbolic_uint column(symbolic_uint const& y, symbolic_uint const& x) const { return swizzled_column(params_, y, x); }
    symbolic_uint footprint() const { return rows_var() * (params_.nx * params_.elem); }
    symbolic_uint row_elems() const { return value_of(params_.nx); }

    // What the figures ask (family_figures.hpp).
    static constexpr std::uint64_t max_log2_row_bytes = family_max_log2_row;
    // The XOR takes the row, not a linear offset: no linear view (family_figures.hpp).
    static constexpr bool swizzles_linear_offsets = false;
    symbolic_pow2 width(bool chunk) const { return chunk ? params_.tc : params_.elem; }
    // Both widths are variables of the family already; a lemma for both
    // takes log2_W (family_figures.hpp) of 0 .. 4: the element is at most
    // 16 bytes, and the chunk figures ask TC <= 16.
    static constexpr bool derives_a_width = false;
    static constexpr bool width_is_derived(bool) { return false; }
    static constexpr std::uint64_t max_log2_width = 4;
    symbolic_pow2 elem() const { return params_.elem; }
    symbolic_pow2 row_bytes() const { return params_.nx * params_.elem; }
    // The -chunk patterns move TC bytes a lane, at most 16.
    std::vector<z3::expr> figure_rules(bool, bool chunk) const {
        if (chunk) return {vars_[2].value <= 4u};
        return {};
    }

private:
    std::vector<bounded_variable> vars_;
    article_family_params params_;
};

// The instance a model of the family's variables names.
struct family_instance {
    layout_params params;
    std::uint64_t rows = 0;

    // Nothing where the values break the family's rules (a solver model
    // always keeps them; replay checks anyway).
    static std::optional<family_instance> of(std::vector<std::uint64_t> const& v) {
        std::uint64_t const n = v[0], e = v[1], t = v[2];
        if (n > family_max_log2_nx || e > family_max_log2_elem || t < e || t > n + e || n + e > family_max_log2_row ||
            v[3] == 0 || v[3] > all_32bit_rows)
            return std::nullopt;
        layout_params const p{std::uint32_t(1) << n, std::uint32_t(1) << e, std::uint32_t(1) << t};
        if (check_article(p)) return std::nullopt;
        return family_instance{p, v[3]};
    }
    std::uint64_t offset(std::uint64_t y, std::uint64_t x) const { return article_layout<layout_params>{params}.byte_offset(y, x); }
    std::uint64_t column(std::uint64_t y, std::uint64_t x) const { return swizzled_column(params, y, x); }
    std::uint64_t nx() const { return params.nx; }
    std::uint64_t elem() const { return params.elem; }
    std::uint64_t tc() const { return params.tc; }
    std::uint64_t footprint() const { return rows * params.row_bytes(); }
    std::uint64_t row_bytes() const { return params.row_bytes(); }
    std::uint64_t width(bool chunk) const { return chunk ? tc() : elem(); }
    bool figure_applies(bool, bool chunk) const { return !chunk || tc() <= 16; }
    std::string spec() const { return article_layout<layout_params>{params}.spec(); }
};

}  // namespace swz::verify
