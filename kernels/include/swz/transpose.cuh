// swz's public, header-only transpose API for CUDA code:
//
//   #include <swz/transpose.cuh>
//   swz::transpose(out, in, rows, cols);                 // fast kernel
//   swz::transpose(out, in, rows, cols, swz::transpose_variant::article_padded, stream);
//
// out (cols x rows) = in (rows x cols) transposed, both row-major, for any
// element type of 1, 2, 4 or 8 bytes, any shape. Every shared-memory access
// of every variant is proved by swz-verify --kernel (bank costs, bounds,
// coverage); the fast variant is proved conflict-free.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "swz/detail/article_transpose_body.hpp"
#include "swz/detail/fast_transpose_body.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/kernels/article_tiles.hpp"

namespace swz {

enum class transpose_variant {
    fast,              // 16-byte-chunk swizzled tile, 16-byte global accesses, conflict-free
    article_swizzled,  // the article's kernel: x ^ (y % 32), element-wide
    article_padded,    // the article's kernel with a 32 x 33 tile
    article_plain,     // the article's kernel with a plain 32 x 32 tile (bank conflicts)
};

namespace detail {

template <std::size_t Size> struct word_of;
template <> struct word_of<1> { using type = std::uint8_t; };
template <> struct word_of<2> { using type = std::uint16_t; };
template <> struct word_of<4> { using type = std::uint32_t; };
template <> struct word_of<8> { using type = std::uint64_t; };

// The tile lives in dynamic shared memory (Plan::shared_bytes), which may
// exceed the 48 KiB of a static array. MinBlocks caps the registers so that
// many blocks, and their loads, are resident on each SM at once.
template <class Plan, bool Streaming, unsigned MinBlocks = 1>
__global__ void __launch_bounds__(Plan::threads, MinBlocks)
fast_transpose_kernel(unsigned char* out, unsigned char const* __restrict__ in, std::size_t rows, std::size_t cols,
                      unsigned band, bool vector_in, bool vector_out) {
    extern __shared__ __align__(16) unsigned char tile[];
    auto const at = fast_transpose_grid<Plan>{rows, cols, band}.tile(blockIdx.x);
    tile_job const job{in, out, rows, cols, at.row0, at.col0, vector_in, vector_out};
    fast_transpose_body<Plan, Streaming>::load_phase(job, tile, threadIdx.x);
    __syncthreads();
    fast_transpose_body<Plan, Streaming>::gather_phase(job, tile, threadIdx.x);
}

// The tile is a compile-time constant (TileOf::tile): its offsets fold to
// constants, and the shared allocation is exactly the size the prover
// checks the accesses against.
template <class TileOf, class Word>
__global__ void __launch_bounds__(1024)
article_transpose_kernel(unsigned char* out, unsigned char const* __restrict__ in, std::size_t rows, std::size_t cols) {
    constexpr auto Tile = TileOf::tile;
    using tile_t = std::remove_const_t<decltype(Tile)>;
    __shared__ alignas(16) unsigned char smem[article_transpose_plan<tile_t>{Tile, sizeof(Word)}.shared_bytes()];
    std::size_t const row0 = std::size_t(blockIdx.y) * 32, col0 = std::size_t(blockIdx.x) * 32;
    using body = article_transpose_body<tile_t, Word>;
    body::load_phase(Tile, in, rows, cols, row0, col0, smem, threadIdx.x, threadIdx.y);
    __syncthreads();
    body::store_phase(Tile, out, rows, cols, row0, col0, smem, threadIdx.x, threadIdx.y);
}

template <class Plan, bool Streaming = false, unsigned MinBlocks = 1>
cudaError_t launch_fast_plan(unsigned char* out, unsigned char const* in, std::size_t rows, std::size_t cols,
                             unsigned band, cudaStream_t stream) {
    using plan = Plan;
    std::size_t const tiles = fast_transpose_grid<plan>{rows, cols, band}.tiles();
    if (tiles > 0x7fffffff || band == 0) return cudaErrorInvalidValue;
    if constexpr (plan::shared_bytes > 48 * 1024) {
        static cudaError_t const raised = cudaFuncSetAttribute(fast_transpose_kernel<plan, Streaming, MinBlocks>,
                                                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                               int(plan::shared_bytes));
        if (raised != cudaSuccess) return raised;
    }
    fast_transpose_kernel<plan, Streaming, MinBlocks><<<unsigned(tiles), plan::threads, plan::shared_bytes, stream>>>(
        out, in, rows, cols, band, rows_allow_vectors(in, cols, plan::elem), rows_allow_vectors(out, rows, plan::elem));
    return cudaGetLastError();
}

template <std::size_t Size>
cudaError_t launch_fast(unsigned char* out, unsigned char const* in, std::size_t rows, std::size_t cols,
                        cudaStream_t stream) {
    using config = fast_transpose_config<unsigned(Size)>;
    return launch_fast_plan<typename config::plan, config::streaming, config::min_blocks>(out, in, rows, cols,
                                                                                         config::band, stream);
}

template <class TileOf, std::size_t Size>
cudaError_t launch_article(unsigned char* out, unsigned char const* in, std::size_t rows, std::size_t cols,
                           cudaStream_t stream) {
    std::size_t const gx = (cols + 31) / 32, gy = (rows + 31) / 32;
    if (gx > 0x7fffffff || gy > 65535) return cudaErrorInvalidValue;
    article_transpose_kernel<TileOf, typename word_of<Size>::type>
        <<<dim3(unsigned(gx), unsigned(gy)), dim3(32, 32), 0, stream>>>(out, in, rows, cols);
    return cudaGetLastError();
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

}  // namespace detail

template <class T>
cudaError_t transpose(T* out, T const* in, std::size_t rows, std::size_t cols,
                      transpose_variant variant = transpose_variant::fast, cudaStream_t stream = 0) {
    constexpr std::size_t S = sizeof(T);
    static_assert(S == 1 || S == 2 || S == 4 || S == 8, "elements of 1, 2, 4 or 8 bytes");
    if (rows == 0 || cols == 0) return cudaSuccess;
    auto* o = reinterpret_cast<unsigned char*>(out);
    auto const* i = reinterpret_cast<unsigned char const*>(in);
    switch (variant) {
        case transpose_variant::fast: return detail::launch_fast<S>(o, i, rows, cols, stream);
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
