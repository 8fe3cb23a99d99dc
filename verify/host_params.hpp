// The article's parameters for fast concrete evaluation on the host: the
// same formula (article_layout, swizzle_trace) instantiated with divisors
// that shift and mask where they are powers of two, instead of dividing by
// a runtime value (a 64-bit division costs tens of cycles, and the
// enumerations evaluate millions of cells). Every operation gives exactly
// what the plain std::uint64_t one gives; tests/verify/test_host_params.cpp
// compares the two on every cell of many layouts.
#pragma once

#include <cstdint>

#include "swz/layout_params.hpp"

namespace swz::verify {

// A divisor known before the enumeration starts: a shift and a mask where
// it is a power of two, else Granlund and Montgomery's multiply-high by a
// 65-bit reciprocal (PLDI 1994, fig. 4.1), exact for every 64-bit dividend.
// tests/verify/test_host_params.cpp checks both against the plain operators.
struct host_divisor {
    std::uint64_t value;
    unsigned shift;  // log2(value) where value is a power of two, else ceil(log2(value)) - 1
    bool pow2;
    std::uint64_t magic = 0;  // the low 64 bits of the reciprocal, where not a power of two

    explicit host_divisor(std::uint64_t v) : value(v), shift(0), pow2(v != 0 && (v & (v - 1)) == 0) {
        unsigned l = 0;
        while (l < 64 && (std::uint64_t(1) << l) < v) ++l;
        if (pow2) {
            shift = l;
        } else if (v > 1) {
            // m = floor(2^64 * (2^l - v) / v) + 1, with 2^(l-1) < v < 2^l.
            unsigned __int128 const two_l = (unsigned __int128)1 << l;
            unsigned __int128 const num = (two_l - v) << 64;
            magic = std::uint64_t(num / v) + 1;
            shift = l - 1;
        }
    }
    std::uint64_t quotient(std::uint64_t a) const {
        if (pow2) return a >> shift;
        std::uint64_t const t = std::uint64_t(((unsigned __int128)a * magic) >> 64);
        return (t + ((a - t) >> 1)) >> shift;
    }
};

inline std::uint64_t operator*(std::uint64_t a, host_divisor d) { return d.pow2 ? a << d.shift : a * d.value; }
inline std::uint64_t operator*(host_divisor a, host_divisor b) { return a.value * b; }
inline std::uint64_t operator/(std::uint64_t a, host_divisor d) { return d.quotient(a); }
inline std::uint64_t operator%(std::uint64_t a, host_divisor d) { return d.pow2 ? a & (d.value - 1) : a - d.quotient(a) * d.value; }

// layout_params' interface, each derived value computed once.
struct host_article_params {
    host_divisor nx, elem, tc, chunks, elems_in_chunk;

    explicit host_article_params(layout_params const& p)
        : nx(p.row_elems()), elem(p.elem_bytes()), tc(p.chunk_bytes()), chunks(p.chunks_per_row()),
          elems_in_chunk(p.elems_per_chunk()) {}

    host_divisor row_elems() const { return nx; }
    host_divisor elem_bytes() const { return elem; }
    host_divisor chunk_bytes() const { return tc; }
    host_divisor chunks_per_row() const { return chunks; }
    host_divisor elems_per_chunk() const { return elems_in_chunk; }
};

}  // namespace swz::verify
