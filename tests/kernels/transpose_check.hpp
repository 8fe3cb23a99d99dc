// Checking a transpose, for the CPU emulation and the GPU tests alike:
// every element of every matrix of the batch against the input, and every
// byte of the output buffer that is not an output element (between rows of
// a larger leading dimension, between matrices, around them) untouched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "swz/detail/transpose_args.hpp"

namespace swz::test {

using detail::transpose_shape;

// A transpose and where its matrices sit in their buffers.
struct placement {
    std::size_t elem;
    transpose_shape shape;
    std::size_t in_offset = 0, out_offset = 0;  // bytes from a 256-byte-aligned buffer start

    std::size_t in_span() const { return span(shape.rows, shape.ld_in, shape.cols, shape.stride_in); }
    std::size_t out_span() const { return span(shape.cols, shape.ld_out, shape.rows, shape.stride_out); }
    std::size_t in_buffer() const { return in_offset + in_span() + 64; }   // 64 guard bytes after
    std::size_t out_buffer() const { return out_offset + out_span() + 64; }

    std::size_t span(std::size_t lines, std::size_t ld, std::size_t length, std::size_t stride) const {
        if (shape.empty()) return 0;
        std::size_t matrix = 0, all = 0;
        detail::matrix_span(lines, ld, length, elem, matrix);
        detail::batch_span(shape.batch, stride, matrix, elem, all);
        return all;
    }
};

// The shape with strides (and leading dimensions) that pack it, plus gaps.
inline transpose_shape shape_of(std::size_t rows, std::size_t cols, std::size_t ld_gap_in = 0, std::size_t ld_gap_out = 0,
                                std::size_t batch = 1, std::size_t stride_gap_in = 0, std::size_t stride_gap_out = 0) {
    transpose_shape s{rows, cols, cols + ld_gap_in, rows + ld_gap_out, batch, 0, 0};
    s.stride_in = rows * s.ld_in + stride_gap_in;
    s.stride_out = cols * s.ld_out + stride_gap_out;
    return s;
}

// rows x cols with these gaps in the leading dimensions, in a random batch
// (a quarter of the time 2-4 matrices, with gaps between them half of
// those times) at any pointer misalignment the element allows.
inline placement random_batch_at(std::mt19937_64& rng, std::size_t elem, std::size_t rows, std::size_t cols,
                                 std::size_t gap_in, std::size_t gap_out) {
    auto pick = [&](std::size_t lo, std::size_t hi) { return std::uniform_int_distribution<std::size_t>(lo, hi)(rng); };
    std::size_t const per_chunk = 16 / elem;
    std::size_t const batch = pick(0, 3) ? 1 : pick(2, 4);
    std::size_t const stride_in = batch > 1 && pick(0, 1) ? pick(1, 50) : 0;
    std::size_t const stride_out = batch > 1 && pick(0, 1) ? pick(1, 50) : 0;
    std::size_t const in_offset = pick(0, per_chunk - 1) * elem, out_offset = pick(0, per_chunk - 1) * elem;
    return {elem, shape_of(rows, cols, gap_in, gap_out, batch, stride_in, stride_out), in_offset, out_offset};
}

// A random transpose that no case names: each dimension below a tile,
// around one tile or a few (tile_rows, tile_cols: the kernel's tile in
// elements, so that edges and overlaps fall everywhere) or up to `most`;
// gaps in the leading dimensions and strides, batches, and any pointer
// misalignment the element allows. Seeded by the caller, so a failure
// replays.
inline placement random_placement(std::mt19937_64& rng, std::size_t elem, std::size_t tile_rows, std::size_t tile_cols,
                                  std::size_t most) {
    auto pick = [&](std::size_t lo, std::size_t hi) { return std::uniform_int_distribution<std::size_t>(lo, hi)(rng); };
    std::size_t const per_chunk = 16 / elem;
    auto dimension = [&](std::size_t tile) {
        switch (pick(0, 3)) {
            case 0: return pick(1, 40);
            case 1: return pick(1, most);
            default: return pick(1, 3) * tile + pick(0, 2) * per_chunk - pick(0, 1);  // at a tile's edge
        }
    };
    std::size_t const rows = dimension(tile_rows), cols = dimension(tile_cols);
    std::size_t const gap_in = pick(0, 2) ? 0 : pick(1, 40), gap_out = pick(0, 2) ? 0 : pick(1, 40);
    return random_batch_at(rng, elem, rows, cols, gap_in, gap_out);
}

inline std::vector<unsigned char> random_bytes(std::size_t n, std::uint64_t seed) {
    std::vector<unsigned char> v(n);
    std::uint64_t x = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    for (std::size_t i = 0; i < n; i += 8) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        std::memcpy(v.data() + i, &x, n - i < 8 ? n - i : 8);
    }
    return v;
}

struct check_result {
    std::size_t wrong_elements = 0;  // output elements not equal to their input
    std::size_t touched_bytes = 0;   // other bytes of the output buffer that changed
    std::size_t first_matrix = 0, first_row = 0, first_col = 0;  // the first wrong element, in input terms
};

// in: the input buffer; before / after: the output buffer before and after.
inline check_result check_transposed(placement const& p, unsigned char const* in, unsigned char const* before,
                                     unsigned char const* after) {
    check_result r;
    auto const& s = p.shape;
    std::vector<unsigned char> rest(after, after + p.out_buffer());  // elements put back to `before` below
    for (std::size_t b = 0; b < (s.empty() ? 0 : s.batch); ++b)
        for (std::size_t row = 0; row < s.rows; ++row)
            for (std::size_t col = 0; col < s.cols; ++col) {
                std::size_t const src = p.in_offset + ((b * s.stride_in) + row * s.ld_in + col) * p.elem;
                std::size_t const dst = p.out_offset + ((b * s.stride_out) + col * s.ld_out + row) * p.elem;
                if (std::memcmp(in + src, after + dst, p.elem) != 0 && r.wrong_elements++ == 0)
                    r.first_matrix = b, r.first_row = row, r.first_col = col;
                std::memcpy(rest.data() + dst, before + dst, p.elem);
            }
    for (std::size_t i = 0; i < rest.size(); ++i) r.touched_bytes += rest[i] != before[i];
    return r;
}

}  // namespace swz::test
