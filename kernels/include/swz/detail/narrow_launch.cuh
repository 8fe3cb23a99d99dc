// The narrow kernel and its launch (swz/detail/narrow_body.hpp): a lane
// per K lines of the contiguous side (warps overlapping by one lane),
// blocks along the long side, a matrix of the batch per grid row; each
// lane runs the warp's steps (narrow_warp.hpp) for itself, and the CPU
// emulation runs the same steps.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "swz/detail/narrow_body.hpp"
#include "swz/detail/narrow_choice.hpp"
#include "swz/detail/narrow_warp.hpp"
#include "swz/detail/this_thread.cuh"
#include "swz/kernels/narrow_transpose_config.hpp"

namespace swz::detail {

// The registers of an SM (every GPU since Volta).
inline constexpr unsigned sm_registers = 65536;

// Blocks an SM holds at once, at least (0: as the compiler likes). The
// kernels wait on memory. Those of 6 to 8 columns or rows would take 74-79
// registers, 3 blocks of 256 threads an SM; held to 64 they run 4 (on an
// H200, 2026-12-05, stop 34 run 4: doubles of 8 rows 70-74 -> 76-82% of
// cudaMemcpy). The smaller ones fit in 64 as they are; the larger ones
// held to 80 spill 72-128 bytes and lost 3-12 points (run 5).
template <unsigned E, unsigned N>
inline constexpr unsigned narrow_min_blocks =
    N >= 6 && N <= 8 ? sm_registers / (64 * narrow_transpose_config<E>::threads) : 0;

// Every lane runs to the end (the shuffles take the whole warp); lanes
// past the matrix read and write nothing (the windows are empty).
template <unsigned E, unsigned N, bool Tall>
__global__ void __launch_bounds__(narrow_transpose_config<E>::threads, (narrow_min_blocks<E, N>))
    narrow_transpose_kernel(narrow_batch nb) {
    constexpr unsigned warps = narrow_transpose_config<E>::threads / 32;
    unsigned const lane = threadIdx.x % 32;
    std::size_t const g = narrow_body<E, N>::group_of(std::size_t(blockIdx.x) * warps + threadIdx.x / 32, lane);
    for (std::size_t m = blockIdx.y; m < nb.batch; m += gridDim.y) {
        unsigned char const* in = nb.in + m * nb.stride_in;
        unsigned char* out = nb.out + m * nb.stride_out;
        if constexpr (Tall) narrow_tall<E, N>(this_thread{}, nb, in, out, g);
        else narrow_wide<E, N>(this_thread{}, nb, in, out, g);
    }
}

template <unsigned E>
struct narrow_launcher {
    narrow_batch nb;
    cudaStream_t stream;
    template <unsigned N, bool Tall>
    cudaError_t operator()() const {
        constexpr unsigned threads = narrow_transpose_config<E>::threads, warps = threads / 32;
        std::size_t const blocks = (narrow_body<E, N>::warps_for(nb.lines) + warps - 1) / warps;
        if (blocks > 0x7fffffffu) return cudaErrorInvalidValue;
        unsigned const rows = unsigned(nb.batch < 65535 ? nb.batch : 65535);
        narrow_transpose_kernel<E, N, Tall><<<dim3(unsigned(blocks), rows), threads, 0, stream>>>(nb);
        return cudaGetLastError();
    }
};

template <unsigned Size>
cudaError_t launch_narrow(void* out, void const* in, transpose_shape const& s, narrow_choice c, cudaStream_t stream) {
    return with_narrow_kernel<Size>(c, narrow_launcher<Size>{make_narrow_batch(out, in, s, Size, c.tall), stream});
}

}  // namespace swz::detail
