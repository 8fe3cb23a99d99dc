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

struct host_divisor {
    std::uint64_t value;
    unsigned shift;  // log2(value) where value is a power of two
    bool pow2;

    explicit host_divisor(std::uint64_t v) : value(v), shift(0), pow2(v != 0 && (v & (v - 1)) == 0) {
        while (pow2 && (std::uint64_t(1) << shift) < v) ++shift;
    }
};

inline std::uint64_t operator*(std::uint64_t a, host_divisor d) { return d.pow2 ? a << d.shift : a * d.value; }
inline std::uint64_t operator*(host_divisor a, host_divisor b) { return a.value * b; }
inline std::uint64_t operator/(std::uint64_t a, host_divisor d) { return d.pow2 ? a >> d.shift : a / d.value; }
inline std::uint64_t operator%(std::uint64_t a, host_divisor d) { return d.pow2 ? a & (d.value - 1) : a % d.value; }

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
