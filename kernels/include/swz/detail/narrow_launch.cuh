// The narrow kernel and its launch (swz/detail/narrow_body.hpp): a lane
// per K lines of the contiguous side (warps overlapping by one lane),
// blocks along the long side, a matrix of the batch per grid row. The
// shuffles (a neighbour's chunk or vector; the wide form's exchange) are
// the only thing here that the CPU emulation does by copy.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "swz/detail/narrow_body.hpp"
#include "swz/detail/narrow_choice.hpp"
#include "swz/detail/warp_exchange.hpp"
#include "swz/detail/warp_shuffle.cuh"
#include "swz/kernels/narrow_transpose_config.hpp"

namespace swz::detail {

// The right-hand lane's v, to realign a side by; where the side is
// 16-byte aligned nothing is realigned, and no shuffle is made (the test
// is the same for every lane, so the warp shuffles all or none).
__device__ __forceinline__ vec16 from_right(vec16 const& v, bool aligned, unsigned lane) {
    return aligned ? v : shuffle(v, (lane + 1) % 32);
}

// Tall: contiguous input rows of N elements, strided output rows.
template <unsigned E, unsigned N>
__device__ __forceinline__ void narrow_tall(narrow_batch const& nb, unsigned char const* in, unsigned char* out,
                                            std::size_t g, unsigned lane) {
    using body = narrow_body<E, N>;
    typename body::contiguous_raw r;
    body::load_contiguous(in, body::span_bytes(nb.lines), g, lane == 31, r);
    vec16 const next_a0 = from_right(r.a[0], body::aligned(in), lane);
    vec16 c[N];
    body::realign_contiguous(in, r, next_a0, lane == 31, c);
#pragma unroll
    for (unsigned j = 0; j < N; ++j) {
        unsigned char* const line = out + j * nb.pitch;
        vec16 const v = body::strided_vector(c, j);
        body::store_line(line, body::line_bytes(nb.lines), g, v, from_right(v, body::aligned(line), lane), lane);
    }
}

// Wide: strided input rows, contiguous output rows of N elements, the
// warp's chunks exchanged so that each store writes whole lines.
template <unsigned E, unsigned N>
__device__ __forceinline__ void narrow_wide(narrow_batch const& nb, unsigned char const* in, unsigned char* out,
                                            std::size_t g, unsigned lane) {
    using body = narrow_body<E, N>;
    vec16 c[N];
    {
        vec16 v[N];
#pragma unroll
        for (unsigned j = 0; j < N; ++j) {
            unsigned char const* line = in + j * nb.pitch;
            auto const r = body::load_line(line, body::line_bytes(nb.lines), g, lane == 31);
            v[j] = body::realign_line(line, r, from_right(r.own, body::aligned(line), lane), lane == 31);
        }
#pragma unroll
        for (unsigned i = 0; i < N; ++i) c[i] = body::contiguous_chunk(v, i);
    }
    using exchange = warp_exchange<N>;
    exchange::to_warp_major_send(c, lane);
    vec16 got[N];
#pragma unroll
    for (unsigned r = 0; r < N; ++r) got[r] = shuffle(c[r], exchange::to_warp_major_source(lane, r));
    exchange::to_warp_major_receive(got, lane);
    std::size_t const g0 = g - lane;
#pragma unroll
    for (unsigned i = 0; i < N; ++i) {
        vec16 const next = from_right(choose(lane == 0, got[(i + 1) % N], got[i]), body::aligned(out), lane);
        body::store_exchanged(out, body::span_bytes(nb.lines), g0, i, got[i], next, lane);
    }
}

// Every lane runs to the end (the shuffles take the whole warp); lanes
// past the matrix read and write nothing (the windows are empty).
template <unsigned E, unsigned N, bool Tall>
__global__ void __launch_bounds__(narrow_transpose_config<E>::threads) narrow_transpose_kernel(narrow_batch nb) {
    constexpr unsigned warps = narrow_transpose_config<E>::threads / 32;
    unsigned const lane = threadIdx.x % 32;
    std::size_t const g = narrow_body<E, N>::group_of(std::size_t(blockIdx.x) * warps + threadIdx.x / 32, lane);
    for (std::size_t m = blockIdx.y; m < nb.batch; m += gridDim.y) {
        unsigned char const* in = nb.in + m * nb.stride_in;
        unsigned char* out = nb.out + m * nb.stride_out;
        if constexpr (Tall) narrow_tall<E, N>(nb, in, out, g, lane);
        else narrow_wide<E, N>(nb, in, out, g, lane);
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
