// The article's formula (swz/xor_swizzle.hpp) as a tile layout, kept
// literally as one family: rows of NX elements of `elem` bytes, each row
// permuted by x -> x_swz(y, x):
//
//   byte(y, x) = y * NX * elem + x_swz(y, x) * elem
//
// For power-of-two rows it is CuTe's Swizzle<log2 C, log2 K, log2 C> on
// element offsets (C chunks per row, K elements per chunk):
// x_chunk_swz = (y % C) ^ x_chunk moves bits log2 NX .. log2 NX + log2 C - 1
// of the element offset onto bits log2 K .. log2 NX - 1. bit_form() says so;
// swz-verify --equiv proves it, and the catalogue keeps the proofs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "swz/config.hpp"
#include "swz/layout/bit_swizzle.hpp"
#include "swz/layout/spec_args.hpp"
#include "swz/layout_params.hpp"
#include "swz/pow2.hpp"
#include "swz/xor_swizzle.hpp"

namespace swz {

template <class P = layout_params>
struct article_layout {
    P params{};

    template <class V>
    SWZ_HOST_DEVICE constexpr V byte_offset(V y, V x) const {
        return y * (params.row_elems() * params.elem_bytes()) + swizzled_column(params, y, x) * params.elem_bytes();
    }
    // byte_offset(y, x) of one cell x < NX, where a row holds whole chunks of
    // whole elements (check_article) and y * NX * elem does not wrap: the
    // identity row_run's comment derives, for one cell, with one remainder
    // where the formula as written divides three times. For enumerations
    // that place a warp's cells at every start.
    template <class V>
    SWZ_HOST_DEVICE constexpr V byte_offset_in_row(V y, V x) const {
        V const stored = (y ^ (x / params.elems_per_chunk())) % params.chunks_per_row();
        return y * (params.row_elems() * params.elem_bytes()) + stored * params.chunk_bytes() +
               (x % params.elems_per_chunk()) * params.elem_bytes();
    }
    // byte_offset(y, x) of cells x0 .. x0 + n - 1 of row y, a chunk at a
    // time, for enumerations that ask for millions of rows. Where a row holds
    // whole chunks of whole elements (check_article: TC = K * elem, a row C
    // chunks) and x0 + n <= NX, the formula's steps within a row are
    // i_chunk = y C + x / K, so y_chunk = y and x_chunk = x / K, and
    // x_swz * elem = ((y ^ x_chunk) % C) * TC + (x % K) * elem: one remainder
    // a chunk, taken as chunks are met in order (no division a chunk): with
    // 2^k <= C the largest, y ^ x_chunk = H + L, L < 2^k, and H changes only
    // every 2^k chunks, so the remainder is (H % C + L) less C at most once.
    // tests/verify/test_host_params.cpp compares it with byte_offset.
    template <class V>
    SWZ_HOST_DEVICE constexpr void row_run(V y, V x0, V n, V* out) const {
        V const k = V(1) * params.elems_per_chunk(), c = V(1) * params.chunks_per_row();
        V const tc = V(1) * params.chunk_bytes(), e = V(1) * params.elem_bytes();
        V const row = y * (params.row_elems() * params.elem_bytes());
        V low = 0;  // 2^k - 1
        while (low < c / 2) low = low * 2 + 1;
        // No H has bit 0 set where 2^k > 1 (and where C = 1 every remainder
        // is 0): the first chunk computes its own.
        V high = 1, high_rem = 0;
        V chunk = x0 / params.elems_per_chunk(), x = x0;
        for (V first = chunk * k, end = x0 + n; x < end; ++chunk, first += k) {
            V const mixed = y ^ chunk;
            if ((mixed & ~low) != high) high = mixed & ~low, high_rem = high % params.chunks_per_row();
            V stored = high_rem + (mixed & low);
            if (stored >= c) stored -= c;
            // row + stored * TC + (x - first) * elem, the subtraction folded in (modulo 2^64, exact at the end).
            V const base = row + stored * tc - first * e, stop = first + k < end ? first + k : end;
            for (; x < stop; ++x) *out++ = base + x * e;
        }
    }
    SWZ_HOST_DEVICE constexpr std::uint64_t footprint(std::uint64_t rows) const { return rows * params.row_bytes(); }

    // The bit form, where the row is a power of two.
    std::optional<bit_swizzle> bit_form() const {
        if (!is_pow2(params.row_elems()) || !is_pow2(params.chunks_per_row())) return std::nullopt;
        unsigned const c = log2_floor(params.chunks_per_row()), k = log2_floor(params.elems_per_chunk());
        return bit_swizzle{c, k, int(c)};
    }

    std::string spec() const {
        return "article:nx=" + std::to_string(params.row_elems()) + ",elem=" + std::to_string(params.elem_bytes()) +
               ",tc=" + std::to_string(params.chunk_bytes());
    }
};

// "article:nx=N[,elem=E][,tc=T]": E defaults to `default_elem` (--elem), T to E.
inline std::variant<layout_params, spec_error> parse_article(spec_args const& a, std::uint32_t default_elem) {
    if (auto e = only_keys(a, {"nx", "elem", "tc"})) return *e;
    if (!positional(a).empty()) return spec_error{"'" + a.text + "': article takes nx=N[,elem=E][,tc=T]"};
    auto const nx = keyed(a, "nx");
    if (!nx) return spec_error{"'" + a.text + "': article needs nx=N (elements per row)"};
    auto field = [&](char const* name, std::string const& v) { return spec_integer(a, name, v, 0, 0xffffffffll); };
    layout_params p{0, default_elem, 0};
    auto const n = field("nx", *nx);
    if (auto const* e = std::get_if<spec_error>(&n)) return *e;
    p.nx = std::uint32_t(std::get<std::int64_t>(n));
    if (auto e = keyed(a, "elem")) {
        auto const v = field("elem", *e);
        if (auto const* err = std::get_if<spec_error>(&v)) return *err;
        p.elem = std::uint32_t(std::get<std::int64_t>(v));
    }
    p.tc = p.elem;
    if (auto t = keyed(a, "tc")) {
        auto const v = field("tc", *t);
        if (auto const* err = std::get_if<spec_error>(&v)) return *err;
        p.tc = std::uint32_t(std::get<std::int64_t>(v));
    }
    return p;
}

}  // namespace swz
