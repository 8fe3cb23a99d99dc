// swz's public, header-only transpose API for CUDA code (C++17):
//
//   #include <swz/transpose.cuh>
//   swz::transpose(out, in, rows, cols);                           // packed matrices
//   swz::transpose(out, ld_out, in, ld_in, rows, cols, stream);    // sub-matrices (cuBLAS-style lda/ldc)
//   swz::transpose_batched(out, ld_out, stride_out, in, ld_in, stride_in, rows, cols, batch, stream);
//   swz::transpose(out, in, rows, cols, swz::transpose_variant::article_padded, stream);
//
// out (cols x rows) = in (rows x cols) transposed, both row-major, for any
// element type of 1, 2, 4 or 8 bytes, any shape, pointers aligned to the
// element; leading dimensions and strides in elements (see
// swz/detail/transpose_args.hpp for the exact layout). Every shared-memory
// access of every variant is proved by swz-verify --kernel (bank costs,
// bounds, coverage); the fast variant is proved conflict-free, and moves
// global memory in aligned 16-byte chunks whatever the row length.
// Matrices with a narrow side (a few contiguous columns, or a few
// contiguous output rows: swz/kernels/narrow_transpose_config.hpp) take
// its narrow kernel, which transposes in registers and uses no shared
// memory (swz/detail/narrow_body.hpp).
//
// Returns cudaErrorInvalidValue, launching nothing, for a leading dimension
// smaller than the row, a null pointer with a non-empty shape, a pointer not
// aligned to the element, output matrices of a batch whose byte spans
// overlap, or input and output byte spans that overlap (spans: a transpose
// into the gaps of its own input's rows is refused too); otherwise the
// launch's error. An empty shape (rows, cols or batch 0) is a no-op,
// whatever the other arguments.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "swz/detail/article_transpose_body.hpp"
#include "swz/detail/fast_launch.cuh"
#include "swz/detail/transpose_args.hpp"
#include "swz/kernels/article_tiles.hpp"

namespace swz {

enum class transpose_variant {
    fast,              // 16-byte-chunk swizzled tile, 16-byte global accesses, conflict-free
    article_swizzled,  // the article's kernel: x ^ (y % 32), element-wide
    article_padded,    // the article's kernel with a 32 x 33 tile
    article_plain,     // the article's kernel with a plain 32 x 32 tile (bank conflicts)
};

namespace detail {

// The tile is a compile-time constant (TileOf::tile): its offsets fold to
// constants, and the shared allocation is exactly the size the prover
// checks the accesses against.
template <class TileOf, class Word>
__global__ void __launch_bounds__(1024)
article_transpose_kernel(unsigned char* out, unsigned char const* __restrict__ in, std::size_t rows, std::size_t cols,
                         std::size_t first_tile_row, std::size_t first_tile_col) {
    constexpr auto Tile = TileOf::tile;
    using tile_t = std::remove_const_t<decltype(Tile)>;
    __shared__ alignas(16) unsigned char smem[article_transpose_plan<tile_t>{Tile, sizeof(Word)}.shared_bytes()];
    std::size_t const row0 = (first_tile_row + blockIdx.y) * 32, col0 = (first_tile_col + blockIdx.x) * 32;
    using body = article_transpose_body<tile_t, Word>;
    body::load_phase(Tile, in, rows, cols, row0, col0, smem, threadIdx.x, threadIdx.y);
    __syncthreads();
    body::store_phase(Tile, out, rows, cols, row0, col0, smem, threadIdx.x, threadIdx.y);
}

template <class TileOf, std::size_t Size>
cudaError_t launch_article(unsigned char* out, unsigned char const* in, std::size_t rows, std::size_t cols,
                           cudaStream_t stream) {
    // A grid holds at most 65535 blocks down and 2^31 - 1 across: a taller
    // or wider matrix takes one launch per part of its tiles.
    constexpr std::size_t most_down = 65535, most_across = 0x7fffffff;
    std::size_t const gx = (cols + 31) / 32, gy = (rows + 31) / 32;
    for (std::size_t y = 0; y < gy; y += most_down)
        for (std::size_t x = 0; x < gx; x += most_across) {
            dim3 const grid(unsigned(std::min(gx - x, most_across)), unsigned(std::min(gy - y, most_down)));
            article_transpose_kernel<TileOf, typename word_of<Size>::type>
                <<<grid, dim3(32, 32), 0, stream>>>(out, in, rows, cols, y, x);
            if (cudaError_t const e = cudaGetLastError(); e != cudaSuccess) return e;
        }
    return cudaSuccess;
}

// The article's three tiles for elements of Size bytes (swz/kernels/article_tiles.hpp).
template <std::size_t Size> struct article_swizzled_tile {
    static constexpr auto tile = article_tiles<unsigned(Size)>::swizzled;
};
template <std::size_t Size> struct article_padded_tile {
    static constexpr auto tile = article_tiles<unsigned(Size)>::padded;
};
template <std::size_t Size> struct article_plain_tile {
    static constexpr auto tile = article_tiles<unsigned(Size)>::plain;
};

template <class T>
constexpr void check_element_type() {
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8, "elements of 1, 2, 4 or 8 bytes");
}

}  // namespace detail

// `batch` matrices: matrix b of the input starts stride_in elements after
// matrix b - 1, its transpose stride_out elements after the previous one.
template <class T>
cudaError_t transpose_batched(T* out, std::size_t ld_out, std::size_t stride_out, T const* in, std::size_t ld_in,
                              std::size_t stride_in, std::size_t rows, std::size_t cols, std::size_t batch,
                              cudaStream_t stream = 0) {
    detail::check_element_type<T>();
    detail::transpose_shape const s{rows, cols, ld_in, ld_out, batch, stride_in, stride_out};
    if (detail::check_transpose(out, in, sizeof(T), s) != detail::transpose_problem::none) return cudaErrorInvalidValue;
    if (s.empty()) return cudaSuccess;
    return detail::launch_fast<unsigned(sizeof(T))>(out, in, s, stream);
}

// A sub-matrix: rows ld_in elements apart in the input, ld_out in the output.
template <class T>
cudaError_t transpose(T* out, std::size_t ld_out, T const* in, std::size_t ld_in, std::size_t rows, std::size_t cols,
                      cudaStream_t stream = 0) {
    return transpose_batched(out, ld_out, 0, in, ld_in, 0, rows, cols, 1, stream);
}

template <class T>
cudaError_t transpose(T* out, T const* in, std::size_t rows, std::size_t cols,
                      transpose_variant variant = transpose_variant::fast, cudaStream_t stream = 0) {
    detail::check_element_type<T>();
    constexpr std::size_t S = sizeof(T);
    auto const s = detail::transpose_shape::packed(rows, cols);
    if (detail::check_transpose(out, in, S, s) != detail::transpose_problem::none) return cudaErrorInvalidValue;
    if (s.empty()) return cudaSuccess;
    auto* o = reinterpret_cast<unsigned char*>(out);
    auto const* i = reinterpret_cast<unsigned char const*>(in);
    switch (variant) {
        case transpose_variant::fast: return detail::launch_fast<unsigned(S)>(o, i, s, stream);
        case transpose_variant::article_swizzled:
            return detail::launch_article<detail::article_swizzled_tile<S>, S>(o, i, rows, cols, stream);
        case transpose_variant::article_padded:
            return detail::launch_article<detail::article_padded_tile<S>, S>(o, i, rows, cols, stream);
        case transpose_variant::article_plain:
            return detail::launch_article<detail::article_plain_tile<S>, S>(o, i, rows, cols, stream);
    }
    return cudaErrorInvalidValue;
}

}  // namespace swz
