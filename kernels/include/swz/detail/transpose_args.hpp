// The arguments of a transpose, checked before anything is launched. Plain
// C++ (no CUDA), so the CPU tests check every rule.
//
// A batch of `batch` matrices; matrix b's element (r, c) is at
//   in  + b * stride_in  + r * ld_in  + c      (r < rows, c < cols)
// and its transpose's element (c, r) at
//   out + b * stride_out + c * ld_out + r,
// all in elements. Between rows of a larger leading dimension lie bytes
// that are not the matrix: the transpose reads some of the input's (never
// past the first or last row of a matrix) and writes none of the output's.
#pragma once

#include <cstddef>
#include <cstdint>

#include "swz/config.hpp"

namespace swz::detail {

struct transpose_shape {
    std::size_t rows = 0, cols = 0;       // of each input matrix
    std::size_t ld_in = 0, ld_out = 0;    // elements between rows: >= cols, >= rows
    std::size_t batch = 1;
    std::size_t stride_in = 0, stride_out = 0;  // elements between matrices (batch > 1)

    static constexpr transpose_shape packed(std::size_t rows, std::size_t cols) {
        return {rows, cols, cols, rows, 1, rows * cols, rows * cols};
    }
    constexpr bool empty() const { return rows == 0 || cols == 0 || batch == 0; }
};

// Why a transpose is refused (the API returns cudaErrorInvalidValue).
enum class transpose_problem {
    none,
    leading_dimension,  // ld_in < cols or ld_out < rows
    null_pointer,       // a null matrix with a non-empty shape
    misaligned,         // a pointer not aligned to the element size
    output_stride,      // batch > 1 and the output matrices' spans would overlap
    too_large,          // a span that does not fit in the address space
    overlap,            // the input's and the output's bytes overlap
};

inline char const* describe(transpose_problem p) {
    switch (p) {
        case transpose_problem::none: return "none";
        case transpose_problem::leading_dimension: return "a leading dimension is smaller than the row";
        case transpose_problem::null_pointer: return "a null pointer with a non-empty shape";
        case transpose_problem::misaligned: return "a pointer is not aligned to the element size";
        case transpose_problem::output_stride: return "the output matrices of the batch overlap (their spans)";
        case transpose_problem::too_large: return "the matrices do not fit in the address space";
        case transpose_problem::overlap: return "the input and the output overlap";
    }
    return "?";
}

// a * b + c, or false when it overflows.
constexpr bool mul_add(std::size_t a, std::size_t b, std::size_t c, std::size_t& out) {
    if (b != 0 && a > (SIZE_MAX - c) / b) return false;
    out = a * b + c;
    return true;
}

// Bytes from a matrix's first element to the end of its last row: elements
// (lines - 1) * ld + length, times elem.
constexpr bool matrix_span(std::size_t lines, std::size_t ld, std::size_t length, std::size_t elem, std::size_t& bytes) {
    std::size_t elems = 0;
    return mul_add(lines - 1, ld, length, elems) && mul_add(elems, elem, 0, bytes);
}

// Bytes from the first matrix's first element to the last matrix's end.
constexpr bool batch_span(std::size_t batch, std::size_t stride, std::size_t matrix_bytes, std::size_t elem,
                          std::size_t& bytes) {
    std::size_t to_last = 0;
    return mul_add(batch - 1, stride, 0, to_last) && mul_add(to_last, elem, matrix_bytes, bytes);
}

// An empty shape is a no-op whatever its other arguments (as the API says);
// strides count only between matrices, so one matrix's are not looked at.
inline transpose_problem check_transpose(void const* out, void const* in, std::size_t elem, transpose_shape const& s) {
    if (s.empty()) return transpose_problem::none;
    if (s.ld_in < s.cols || s.ld_out < s.rows) return transpose_problem::leading_dimension;
    if (!out || !in) return transpose_problem::null_pointer;
    auto const o = reinterpret_cast<std::uintptr_t>(out), i = reinterpret_cast<std::uintptr_t>(in);
    if (o % elem || i % elem) return transpose_problem::misaligned;
    std::size_t in_matrix = 0, out_matrix = 0, in_bytes = 0, out_bytes = 0;
    if (!matrix_span(s.rows, s.ld_in, s.cols, elem, in_matrix) || !matrix_span(s.cols, s.ld_out, s.rows, elem, out_matrix))
        return transpose_problem::too_large;
    if (s.batch > 1) {
        std::size_t stride_out_bytes = 0;
        if (!mul_add(s.stride_out, elem, 0, stride_out_bytes)) return transpose_problem::too_large;
        // Spans again: matrices whose elements interleave are refused too.
        if (stride_out_bytes < out_matrix) return transpose_problem::output_stride;
    }
    // Each span's last byte (spans are not empty here) must be an address.
    if (!batch_span(s.batch, s.stride_in, in_matrix, elem, in_bytes) ||
        !batch_span(s.batch, s.stride_out, out_matrix, elem, out_bytes) || in_bytes - 1 > UINTPTR_MAX - i ||
        out_bytes - 1 > UINTPTR_MAX - o)
        return transpose_problem::too_large;
    // Spans, not elements: a sub-matrix written between the rows of its own
    // input is refused too (documented), since proving disjointness of two
    // strided sets is not worth a fault.
    if (i <= o + (out_bytes - 1) && o <= i + (in_bytes - 1)) return transpose_problem::overlap;
    return transpose_problem::none;
}

}  // namespace swz::detail
