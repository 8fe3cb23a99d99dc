// The fast transpose kernels and their launch: one block per tile of one
// matrix of the batch, each thread running the block's steps
// (fast_block.hpp) for itself; the CPU emulation runs the same steps.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "swz/detail/block_order.hpp"
#include "swz/detail/fast_batch.hpp"
#include "swz/detail/fast_block.hpp"
#include "swz/detail/fast_packed_body.hpp"
#include "swz/detail/fast_transpose_body.hpp"
#include "swz/detail/narrow_launch.cuh"
#include "swz/detail/this_thread.cuh"
#include "swz/detail/transpose_args.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"

namespace swz::detail {

// The tile lives in dynamic shared memory (Plan::shared_bytes), which may
// exceed the 48 KiB of a static array. MinBlocks caps the registers so that
// many blocks, and their loads, are resident on each SM at once.
template <class Plan, bool AlignedIn, bool AlignedOut, bool Streaming, unsigned MinBlocks, bool Sectors = false>
__global__ void __launch_bounds__(Plan::threads, MinBlocks) fast_transpose_kernel(fast_batch b, tile_walk walk) {
    extern __shared__ __align__(16) unsigned char tile[];
    using body = fast_transpose_body<Plan, AlignedIn, AlignedOut, Streaming, Sectors>;
    transpose_tile<body>(this_thread{}, job_of<Plan>(b, walk, blockIdx.x), tile);
}

// Several sub-tiles of the batch per tile (tile_packing.hpp), rows aligned
// on both sides: no lane exchange at all.
template <class Plan, bool Streaming, unsigned MinBlocks>
__global__ void __launch_bounds__(Plan::threads, MinBlocks) fast_packed_kernel(packed_batch pb) {
    extern __shared__ __align__(16) unsigned char tile[];
    transpose_packed_tile<fast_packed_body<Plan, Streaming>>(this_thread{}, pb, blockIdx.x, tile);
}

// Blocks of the kernel resident per SM (0 if unknown).
template <class Kernel>
int occupancy_of(Kernel kernel, unsigned threads, unsigned shared_bytes) {
    int n = 0;
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, int(threads), shared_bytes) == cudaSuccess ? n : 0;
}

// Blocks of this kernel the current GPU runs at once (0 if unknown).
template <class Plan, bool AlignedIn, bool AlignedOut, bool Streaming, unsigned MinBlocks, bool Sectors = false>
cudaError_t resident_blocks(std::size_t& resident) {
    auto const kernel = fast_transpose_kernel<Plan, AlignedIn, AlignedOut, Streaming, MinBlocks, Sectors>;
    static int const per_sm = occupancy_of(kernel, Plan::threads, Plan::shared_bytes);  // once per kernel
    int device = 0, sms = 0;
    cudaError_t err = cudaGetDevice(&device);
    if (err == cudaSuccess) err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    resident = std::size_t(sms) * std::size_t(per_sm);
    return err;
}

// Dynamic shared memory per block: the tile's, or `shared` bytes where
// given (swz-bench --tune: more than the tile limits the blocks resident
// per SM); above 48 KiB the kernel must be allowed it first (no shipped
// tile is that large).
template <class Plan, class Kernel>
cudaError_t shared_for(Kernel kernel, unsigned& shared) {
    if (shared < Plan::shared_bytes) shared = Plan::shared_bytes;
    if (shared <= 48 * 1024) return cudaSuccess;
    return cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared));
}

// band = 0: the order choose_band picks for the shape on this GPU.
template <class Plan, bool AlignedIn, bool AlignedOut, bool Streaming, unsigned MinBlocks, bool Sectors = false>
cudaError_t launch_fast_kernel(fast_batch b, std::size_t batch, std::size_t band, cudaStream_t stream,
                               unsigned shared = 0) {
    auto const kernel = fast_transpose_kernel<Plan, AlignedIn, AlignedOut, Streaming, MinBlocks, Sectors>;
    if (cudaError_t const err = shared_for<Plan>(kernel, shared); err != cudaSuccess) return err;
    if (band == 0) {
        std::size_t resident = 0;
        if (cudaError_t const err = resident_blocks<Plan, AlignedIn, AlignedOut, Streaming, MinBlocks, Sectors>(resident);
            err != cudaSuccess)
            return err;
        band = choose_band<Plan>(b.rows, b.cols, resident, row_step_of<Plan, AlignedOut, Sectors>);
    }
    b.band = band;
    std::size_t const per_matrix = tiles_per_matrix<Plan, AlignedOut, Sectors>(b);
    std::size_t const per_launch = 0x7fffffffu / per_matrix;  // matrices in one grid
    if (per_launch == 0) return cudaErrorInvalidValue;
    tile_walk const walk = walk_of<Plan, AlignedOut, Sectors>(b);
    for (std::size_t first = 0; first < batch; first += per_launch) {
        std::size_t const count = batch - first < per_launch ? batch - first : per_launch;
        fast_batch part = b;
        part.in += first * b.stride_in;
        part.out += first * b.stride_out;
        kernel<<<unsigned(count * per_matrix), Plan::threads, shared, stream>>>(part, walk);
        if (cudaError_t const err = cudaGetLastError(); err != cudaSuccess) return err;
    }
    return cudaSuccess;
}

// The packed kernel over the batch, in launches of at most 2^30 sub-tiles
// (its indices, padded to whole tiles, stay below 2^31: divisor32.hpp);
// its order is fixed (tile_packing.hpp).
template <unsigned Size>
cudaError_t launch_packed(fast_batch b, tile_packing const& p, std::size_t batch, cudaStream_t stream,
                          unsigned shared = 0) {
    using config = fast_transpose_config<Size>;
    using plan = typename config::plan;
    auto const kernel = fast_packed_kernel<plan, config::streaming, config::min_blocks>;
    if (cudaError_t const err = shared_for<plan>(kernel, shared); err != cudaSuccess) return err;
    std::size_t const per_launch = 0x40000000u / p.per_matrix;  // matrices in one grid, >= 1 (choose_packing)
    for (std::size_t first = 0; first < batch; first += per_launch) {
        std::size_t const count = batch - first < per_launch ? batch - first : per_launch;
        packed_batch part{b, p, unsigned(count * p.per_matrix)};
        part.b.in += first * b.stride_in;
        part.b.out += first * b.stride_out;
        kernel<<<(part.subtiles + p.per_tile - 1) / p.per_tile, plan::threads, shared, stream>>>(part);
        if (cudaError_t const err = cudaGetLastError(); err != cudaSuccess) return err;
    }
    return cudaSuccess;
}

template <unsigned Size>
struct fast_launcher {
    fast_batch b;
    std::size_t batch, band;
    cudaStream_t stream;
    unsigned shared;
    template <class Plan, bool AlignedIn, bool AlignedOut, bool Streaming, unsigned MinBlocks, bool Sectors>
    cudaError_t operator()() const {
        return launch_fast_kernel<Plan, AlignedIn, AlignedOut, Streaming, MinBlocks, Sectors>(b, batch, band, stream,
                                                                                             shared);
    }
};

// The shipped kernel for Size-byte elements on a checked, non-empty shape;
// band = 0 chooses the kernel (the narrow one where choose_narrow says so,
// packed where packing_for packs) and the block order; a band given
// (swz-bench --tune) runs the unpacked kernel in it. shared: bytes of
// shared memory per block, 0 for the tile's (--tune).
template <unsigned Size>
cudaError_t launch_fast(void* out, void const* in, transpose_shape const& s, cudaStream_t stream, std::size_t band = 0,
                        unsigned shared = 0) {
    if (band == 0) {
        if (narrow_choice const c = choose_narrow<Size>(s); c.n != 0) return launch_narrow<Size>(out, in, s, c, stream);
        if (tile_packing const p = packing_for<Size>(out, in, s); p.per_tile > 1)
            return launch_packed<Size>(make_fast_batch(out, in, s, Size), p, s.batch, stream, shared);
    }
    return with_fast_kernel<Size>(out, in, s,
                                  fast_launcher<Size>{make_fast_batch(out, in, s, Size), s.batch, band, stream, shared});
}

// The block order launch_fast picks for the shape (0: sub-tiles packed,
// in their fixed order; narrow_order: the narrow kernel's), and the
// blocks of its unpacked kernel the GPU runs at once (swz-bench reports
// them).
template <unsigned Size>
struct fast_order_query {
    std::size_t rows, cols;
    std::size_t* resident;
    std::size_t* band;
    template <class Plan, bool AlignedIn, bool AlignedOut, bool Streaming, unsigned MinBlocks, bool Sectors>
    cudaError_t operator()() const {
        cudaError_t const err = resident_blocks<Plan, AlignedIn, AlignedOut, Streaming, MinBlocks, Sectors>(*resident);
        *band = choose_band<Plan>(rows, cols, *resident, row_step_of<Plan, AlignedOut, Sectors>);
        return err;
    }
};
inline constexpr std::size_t narrow_order = ~std::size_t(0);
template <unsigned Size>
cudaError_t fast_block_order(void const* out, void const* in, transpose_shape const& s, std::size_t& resident,
                             std::size_t& band) {
    cudaError_t const err = with_fast_kernel<Size>(out, in, s, fast_order_query<Size>{s.rows, s.cols, &resident, &band});
    if (packing_for<Size>(out, in, s).per_tile > 1) band = 0;
    if (choose_narrow<Size>(s).n != 0) band = narrow_order;
    return err;
}

}  // namespace swz::detail
