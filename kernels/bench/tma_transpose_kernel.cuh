// An experiment, measured by swz-bench --tune and not shipped: on an H200 it
// reached 70-92% of copy bandwidth persistent and 82-98% one tile per block
// (within a point of the register kernel only for doubles), where the
// shipped register kernel reaches 90-99% in the same runs
// (kernels/BENCHMARKS.md); more stages did not help, so loads in flight
// were not the limit.
//
// The TMA transpose kernel: the copy engine loads each tile into shared
// memory as 128-byte strips, placed by its 128-byte swizzle, which is the
// fast plan's layout with 128-byte strips (tests/model/test_tma_swizzle.cpp;
// the hardware: tests/gpu/test_tma_placement.cu), up to Stages tiles ahead,
// while the block's threads run the fast kernel's gather phase on the tile
// that has arrived. Persistent blocks walk the fast kernel's tile order;
// no thread spends registers or instructions on loads.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <swz/detail/fast_transpose_body.hpp>
#include <swz/detail/tma.cuh>
#include <swz/tma_swizzle.hpp>

namespace swz::bench {

using swz::detail::fast_transpose_body;
using swz::detail::fast_transpose_grid;
using swz::detail::tile_job;
using swz::detail::rows_allow_vectors;
namespace tma = swz::detail::tma;

// Shared bytes of a TMA block: Stages tiles, plus slack to align the first
// to the 1024 bytes the swizzle pattern repeats over.
template <class Plan, unsigned Stages>
inline constexpr unsigned tma_shared_bytes = Stages * Plan::shared_bytes + tma_swizzle_span;

template <class Plan>
__device__ inline void tma_issue_tile(CUtensorMap const* map, fast_transpose_grid<Plan> const& grid, std::size_t t,
                                      unsigned char* tile, std::uint64_t* full) {
    auto const at = grid.tile(t);
    tma::arrive_expect_bytes(full, Plan::shared_bytes);
#pragma unroll
    for (unsigned s = 0; s < Plan::strips; ++s)
        tma::load_box_2d(tile + s * Plan::strip_stride, map, std::int32_t(at.col0 + s * Plan::strip_nx),
                         std::int32_t(at.row0), full);
}

template <class Plan, unsigned Stages, unsigned MinBlocks>
__global__ void __launch_bounds__(Plan::threads, MinBlocks)
fast_tma_transpose_kernel(__grid_constant__ CUtensorMap const map, unsigned char* out, std::size_t rows,
                          std::size_t cols, unsigned band, bool vector_out) {
    static_assert(Plan::strip_bytes == tma_swizzle_row, "the copy engine's swizzle places 128-byte rows");
    static_assert(Plan::strip_stride % tma_swizzle_span == 0, "every strip starts on a swizzle span");
    extern __shared__ unsigned char smem[];
    __shared__ std::uint64_t full[Stages];
    unsigned char* const tiles = reinterpret_cast<unsigned char*>(
        (reinterpret_cast<std::uintptr_t>(smem) + tma_swizzle_span - 1) / tma_swizzle_span * tma_swizzle_span);
    fast_transpose_grid<Plan> const grid{rows, cols, band};
    std::size_t const count = grid.tiles();
    unsigned const tid = threadIdx.x;
    if (tid == 0) {
        for (unsigned s = 0; s < Stages; ++s) tma::barrier_init(&full[s], 1);
        tma::fence_barrier_init();
        for (unsigned s = 0; s < Stages; ++s) {
            std::size_t const t = blockIdx.x + std::size_t(s) * gridDim.x;
            if (t < count) tma_issue_tile(&map, grid, t, tiles + s * Plan::shared_bytes, &full[s]);
        }
    }
    __syncthreads();
    unsigned i = 0;
    for (std::size_t t = blockIdx.x; t < count; t += gridDim.x, ++i) {
        unsigned const s = i % Stages;
        unsigned char* const tile = tiles + s * Plan::shared_bytes;
        tma::wait_parity(&full[s], (i / Stages) & 1u);
        auto const at = grid.tile(t);
        tile_job const job{nullptr, out, rows, cols, at.row0, at.col0, true, vector_out};
        fast_transpose_body<Plan>::gather_phase(job, tile, tid);
        __syncthreads();  // every thread is done with this stage
        std::size_t const next = t + std::size_t(Stages) * gridDim.x;
        if (tid == 0 && next < count) {
            tma::fence_proxy_async();
            tma_issue_tile(&map, grid, next, tile, &full[s]);
        }
    }
}

// What launches need that stays the same from one launch to the next,
// looked up once per kernel: swz-bench times each launch with host work
// included, so none of it may be repeated per launch.
template <class Plan, unsigned Stages, unsigned MinBlocks>
struct tma_launch_setup {
    static constexpr unsigned smem = tma_shared_bytes<Plan, Stages>;
    cudaError_t status = cudaSuccess;
    bool copy_engine = false;  // sm_90 or newer
    std::size_t resident = 0;  // blocks the GPU holds at once

    static tma_launch_setup const& get() {
        static tma_launch_setup const setup = make();
        return setup;
    }
    static tma_launch_setup make() {
        tma_launch_setup s;
        auto const kernel = fast_tma_transpose_kernel<Plan, Stages, MinBlocks>;
        int device = 0, major = 0, sms = 0, per_sm = 0;
        if ((s.status = cudaGetDevice(&device)) != cudaSuccess ||
            (s.status = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device)) != cudaSuccess ||
            (s.status = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device)) != cudaSuccess)
            return s;
        s.copy_engine = major >= 9;
        if (!s.copy_engine ||
            (s.status = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem))) !=
                cudaSuccess ||
            (s.status = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Plan::threads, smem)) !=
                cudaSuccess)
            return s;
        s.resident = std::size_t(sms) * std::size_t(per_sm < 1 ? 1 : per_sm);
        return s;
    }
};

// The tensor map of the last matrix launched on, encoded again only when
// the matrix changes (the bench launches on the same one many times).
template <class Plan>
CUtensorMap const* tma_map_of(unsigned char const* in, std::size_t rows, std::size_t cols) {
    static struct {
        unsigned char const* in = nullptr;
        std::size_t rows = 0, cols = 0;
        bool encoded = false;
        CUtensorMap map;
    } last;
    if (last.in != in || last.rows != rows || last.cols != cols || !last.encoded) {
        last.in = in, last.rows = rows, last.cols = cols;
        last.encoded = tma::encode_matrix(last.map, in, rows, cols, Plan::elem, Plan::tile_rows);
    }
    return last.encoded ? &last.map : nullptr;
}

// Launches the TMA kernel; false (nothing launched) when the input cannot be
// described to the copy engine. Persistent: as many blocks as fit on the GPU
// at once, each walking many tiles; else one block per tile.
template <class Plan, unsigned Stages, unsigned MinBlocks, bool Persistent = true>
bool launch_fast_tma_plan(cudaError_t& status, unsigned char* out, unsigned char const* in, std::size_t rows,
                          std::size_t cols, unsigned band, cudaStream_t stream) {
    auto const& setup = tma_launch_setup<Plan, Stages, MinBlocks>::get();
    if ((status = setup.status) != cudaSuccess) return true;
    if (!setup.copy_engine) return false;
    CUtensorMap const* map = tma_map_of<Plan>(in, rows, cols);
    if (!map) return false;
    fast_transpose_grid<Plan> const grid{rows, cols, band};
    std::size_t const blocks = Persistent ? std::min(grid.tiles(), setup.resident) : grid.tiles();
    if (blocks > 0x7fffffff || band == 0) {
        status = cudaErrorInvalidValue;
        return true;
    }
    fast_tma_transpose_kernel<Plan, Stages, MinBlocks><<<unsigned(blocks), Plan::threads, setup.smem, stream>>>(
        *map, out, rows, cols, band, rows_allow_vectors(out, rows, Plan::elem));
    status = cudaGetLastError();
    return true;
}

}  // namespace swz::bench
