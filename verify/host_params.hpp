// The article's parameters for fast concrete evaluation on the host: the
// same formula (article_layout, swizzle_trace) instantiated with divisors
// known in advance (swz/host_divisor.hpp) instead of dividing by a runtime
// value. Every operation gives exactly what the plain std::uint64_t one
// gives; tests/verify/test_host_params.cpp compares the two on every cell
// of many layouts.
#pragma once

#include <cstdint>

#include "swz/host_divisor.hpp"
#include "swz/layout_params.hpp"

namespace swz::verify {

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
