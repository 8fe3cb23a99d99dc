// swz-bench's own kernels: the data, the reference every timed output is
// compared with in full, and the 16-byte copy that is, with cudaMemcpy,
// the ceiling a transpose is measured against.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include <swz/detail/vec16.hpp>

namespace swz::bench {

// Pseudo-random bytes, every byte of the buffer (gaps between rows too),
// then (x & keep) | set per 64-bit word: finite_floats<Size> makes every
// element a normal number, so the libraries' alpha * A (alpha = 1) returns
// each bit pattern unchanged (no NaN to quieten, no denormal to flush).
__global__ void fill_random(std::uint64_t* p, std::size_t words, std::uint64_t seed, std::uint64_t keep,
                            std::uint64_t set) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < words; i += std::size_t(gridDim.x) * blockDim.x) {
        std::uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
        x ^= x >> 31, x *= 0xBF58476D1CE4E5B9ull, x ^= x >> 27, x *= 0x94D049BB133111EBull, x ^= x >> 31;
        p[i] = (x & keep) | set;
    }
}

// The exponent's top bit cleared and its lowest set: normal, never Inf or NaN.
struct word_masks {
    std::uint64_t keep, set;
};
template <std::size_t Size> constexpr word_masks finite_floats();
template <> constexpr word_masks finite_floats<1>() { return {~0ull, 0}; }  // int8: every pattern is a value
template <> constexpr word_masks finite_floats<2>() { return {0xBFFFBFFFBFFFBFFFull, 0x0400040004000400ull}; }
template <> constexpr word_masks finite_floats<4>() { return {0xBFFFFFFFBFFFFFFFull, 0x0080000000800000ull}; }
template <> constexpr word_masks finite_floats<8>() { return {0xBFFFFFFFFFFFFFFFull, 0x0010000000000000ull}; }

// The plainest transpose: one element per thread, nothing shared.
template <class Word>
__global__ void reference_transpose(Word* out, Word const* in, std::size_t rows, std::size_t cols, std::size_t ld_in,
                                    std::size_t ld_out, std::size_t stride_in, std::size_t stride_out, std::size_t batch) {
    std::size_t const n = rows * cols * batch;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
        std::size_t const b = i / (rows * cols), c = i / rows % cols, r = i % rows;  // output-major: writes coalesce
        out[b * stride_out + c * ld_out + r] = in[b * stride_in + r * ld_in + c];
    }
}

// Bytes of a and b (n bytes each, 8-byte aligned) that differ, added to *count.
__global__ void count_differences(unsigned char const* a, unsigned char const* b, std::size_t n,
                                  unsigned long long* count) {
    unsigned long long mine = 0;
    std::size_t const words = n / 8, stride = std::size_t(gridDim.x) * blockDim.x;
    auto const* wa = reinterpret_cast<std::uint64_t const*>(a);
    auto const* wb = reinterpret_cast<std::uint64_t const*>(b);
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < words; i += stride)
        mine += wa[i] != wb[i];
    for (std::size_t i = words * 8 + blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += stride)
        mine += a[i] != b[i];
    if (mine) atomicAdd(count, mine);
}

// A device-to-device copy at full width: 16-byte loads and stores, four per
// thread, all loads in flight before the first store; bytes past the last
// whole 16 by the first threads. Prefetch: the L2 prefetch hint on its
// loads (0, 128 or 256 bytes), as the fast kernels may carry one
// (swz/detail/vec16.hpp): the copy they are held to gets the same chance.
template <unsigned Prefetch>
__global__ void __launch_bounds__(256) copy16(uint4* out, uint4 const* in, std::size_t vectors,
                                              unsigned char* out_tail, unsigned char const* in_tail, unsigned tail) {
    constexpr unsigned per_thread = 4;
    std::size_t const first = blockIdx.x * std::size_t(blockDim.x) * per_thread + threadIdx.x;
    uint4 v[per_thread];
#pragma unroll
    for (unsigned k = 0; k < per_thread; ++k)
        if (first + k * blockDim.x < vectors) {
            auto const w = swz::detail::load_global16<false, Prefetch>(
                reinterpret_cast<unsigned char const*>(in + first + k * blockDim.x));
            v[k] = make_uint4(w.w[0], w.w[1], w.w[2], w.w[3]);
        }
#pragma unroll
    for (unsigned k = 0; k < per_thread; ++k)
        if (first + k * blockDim.x < vectors) out[first + k * blockDim.x] = v[k];
    if (blockIdx.x == 0 && threadIdx.x < tail) out_tail[threadIdx.x] = in_tail[threadIdx.x];
}

template <unsigned Prefetch = 0>
cudaError_t launch_copy16(void* out, void const* in, std::size_t bytes, cudaStream_t stream = 0) {
    std::size_t const vectors = bytes / 16, per_block = 256 * 4;
    std::size_t const blocks = (vectors + per_block - 1) / per_block;
    copy16<Prefetch><<<unsigned(blocks > 0 ? blocks : 1), 256, 0, stream>>>(
        static_cast<uint4*>(out), static_cast<uint4 const*>(in), vectors, static_cast<unsigned char*>(out) + vectors * 16,
        static_cast<unsigned char const*>(in) + vectors * 16, unsigned(bytes % 16));
    return cudaGetLastError();
}

inline unsigned grid_for(std::size_t n) { return unsigned(n / 256 + 1 < 132 * 32 ? n / 256 + 1 : 132 * 32); }

}  // namespace swz::bench
