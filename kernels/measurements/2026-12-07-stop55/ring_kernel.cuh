// Stop 55: ring_steps.hpp as a kernel: Stages staging buffers (loads
// Stages - 1 tiles ahead), two barriers a tile.
#pragma once

#include <cuda_runtime.h>

#include "ring_steps.hpp"

namespace ring {

__device__ __forceinline__ void commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <unsigned Pending>
__device__ __forceinline__ void wait_pending() {
    asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending));
}

template <unsigned E, unsigned Stages>
constexpr unsigned shared_bytes() {
    return design<E>::ring_bytes + Stages * design<E>::stage_bytes;
}

template <unsigned E, unsigned Stages, unsigned MinBlocks, bool Lean>
__global__ void __launch_bounds__(threads, MinBlocks) ring_kernel(matrix m, grid gr) {
    using D = design<E>;
    constexpr unsigned ring_bytes = D::ring_bytes, stage_bytes = D::stage_bytes;
    extern __shared__ __align__(16) unsigned char smem[];
    unsigned char* const ring_buf = smem;
    unsigned char* const stages = smem + ring_bytes;
    job const j = gr.job_of(blockIdx.x);
    unsigned const tid = threadIdx.x;
    auto const stage = [&](std::size_t t) {
        unsigned char* const buf = stages + (t % Stages) * stage_bytes;
        if constexpr (Lean) D::stage_lean(m, j, t, tid, buf);
        else D::stage(m, j, t, tid, buf);
    };
    [[maybe_unused]] typename D::lean const l = D::lean_of(m, j, tid);
    for (unsigned p = 0; p + 1 < Stages; ++p) {
        if (j.first + p <= j.last) stage(j.first + p);
        commit();
    }
    for (std::size_t t = j.first; t <= j.last; ++t) {
        wait_pending<Stages - 2>();
        __syncthreads();
        std::size_t const next = t + Stages - 1;
        if (next <= j.last) stage(next);
        commit();
        unsigned char const* const buf = stages + (t % Stages) * stage_bytes;
        if constexpr (Lean) D::transpose_lean(m, j, l, t, tid, buf, ring_buf);
        else D::transpose(m, j, t, tid, buf, ring_buf);
        __syncthreads();
        if constexpr (Lean) D::store_lean(m, j, l, t, tid, ring_buf);
        else D::store(m, j, t, tid, ring_buf);
    }
}

template <unsigned E, unsigned Stages, unsigned MinBlocks, unsigned PerSegment, bool Across, bool Lean = false>
void launch_ring(matrix const& m) {
    auto const kernel = ring_kernel<E, Stages, MinBlocks, Lean>;
    static bool const set = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                 int(shared_bytes<E, Stages>())) == cudaSuccess;
    (void)set;
    grid const gr = design<E>::grid_of(m, PerSegment, Across);
    kernel<<<unsigned(gr.blocks()), threads, shared_bytes<E, Stages>()>>>(m, gr);
}

}  // namespace ring
