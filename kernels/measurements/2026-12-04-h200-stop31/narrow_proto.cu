// Prototype (not shipped): register-only transposes of narrow matrices.
// tall: R x C, C small, contiguous input; lane g holds rows K*g..K*g+K-1 (16*C bytes).
// wide: R x C, R small, contiguous output; lane g holds columns K*g..K*g+K-1 of all R rows.
#include <swz/transpose.cuh>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cstdint>
#include <type_traits>

template <unsigned E, unsigned C, unsigned Mode = 0>
__global__ void __launch_bounds__(256) tall_narrow(unsigned char* out, unsigned char const* in, std::size_t R, std::size_t pitch_out) {
    using T = std::conditional_t<E == 1, uint8_t, std::conditional_t<E == 2, uint16_t, std::conditional_t<E == 4, uint32_t, uint64_t>>>;
    constexpr unsigned K = 16 / E;
    std::size_t const g = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
    std::size_t const r0 = g * K;
    if (r0 >= R) return;
    union { uint4 v[C]; unsigned char b[16 * C]; } src;
    if (r0 + K <= R) {
#pragma unroll
        for (unsigned i = 0; i < C; ++i) {
            if (Mode & 1) {
#pragma unroll
                for (unsigned e = 0; e < 16 / E; ++e) reinterpret_cast<T*>(&src.v[i])[e] = __ldcs(reinterpret_cast<T const*>(in + 16 * C * g + 16 * i) + e);
            } else src.v[i] = __ldcs(reinterpret_cast<uint4 const*>(in + 16 * C * g) + i);
        }
#pragma unroll
        for (unsigned j = 0; j < C; ++j) {
            union { uint4 v; unsigned char b[16]; } dst;
#pragma unroll
            for (unsigned k = 0; k < K; ++k)
#pragma unroll
                for (unsigned e = 0; e < E; ++e) dst.b[k * E + e] = src.b[(k * C + j) * E + e];
            if (Mode & 2) {
#pragma unroll
                for (unsigned e = 0; e < 16 / E; ++e) reinterpret_cast<T*>(out + j * pitch_out + r0 * E)[e] = reinterpret_cast<T const*>(&dst.v)[e];
            } else *reinterpret_cast<uint4*>(out + j * pitch_out + r0 * E) = dst.v;
        }
    } else {
        for (std::size_t r = r0; r < R; ++r)
            for (unsigned j = 0; j < C; ++j)
                for (unsigned e = 0; e < E; ++e) out[j * pitch_out + r * E + e] = in[(r * C + j) * E + e];
    }
}

template <unsigned E, unsigned R, unsigned Mode = 0>
__global__ void __launch_bounds__(256) wide_narrow(unsigned char* out, unsigned char const* in, std::size_t C, std::size_t pitch_in) {
    using T = std::conditional_t<E == 1, uint8_t, std::conditional_t<E == 2, uint16_t, std::conditional_t<E == 4, uint32_t, uint64_t>>>;
    constexpr unsigned K = 16 / E;
    std::size_t const g = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
    std::size_t const c0 = g * K;
    if (c0 >= C) return;
    union { uint4 v[R]; unsigned char b[16 * R]; } src;
    if (c0 + K <= C) {
#pragma unroll
        for (unsigned r = 0; r < R; ++r) {
            if (Mode & 1) {
#pragma unroll
                for (unsigned e = 0; e < 16 / E; ++e) reinterpret_cast<T*>(&src.v[r])[e] = __ldcs(reinterpret_cast<T const*>(in + r * pitch_in + c0 * E) + e);
            } else src.v[r] = __ldcs(reinterpret_cast<uint4 const*>(in + r * pitch_in + c0 * E));
        }
        union { uint4 v[R]; unsigned char b[16 * R]; } dst;
#pragma unroll
        for (unsigned k = 0; k < K; ++k)
#pragma unroll
            for (unsigned r = 0; r < R; ++r)
#pragma unroll
                for (unsigned e = 0; e < E; ++e) dst.b[(k * R + r) * E + e] = src.b[r * 16 + k * E + e];
#pragma unroll
        for (unsigned r = 0; r < R; ++r) {
            if (Mode & 2) {
#pragma unroll
                for (unsigned e = 0; e < 16 / E; ++e) reinterpret_cast<T*>(out + 16 * R * g + 16 * r)[e] = reinterpret_cast<T const*>(&dst.v[r])[e];
            } else reinterpret_cast<uint4*>(out + 16 * R * g)[r] = dst.v[r];
        }
    } else {
        for (std::size_t c = c0; c < C; ++c)
            for (unsigned r = 0; r < R; ++r)
                for (unsigned e = 0; e < E; ++e) out[(c * R + r) * E + e] = in[r * pitch_in + c * E + e];
    }
}

__global__ void copy16k(uint4* o, uint4 const* i, std::size_t n) {
    std::size_t const first = blockIdx.x * std::size_t(blockDim.x) * 4 + threadIdx.x;
    uint4 v[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) if (first + k * blockDim.x < n) v[k] = i[first + k * blockDim.x];
#pragma unroll
    for (int k = 0; k < 4; ++k) if (first + k * blockDim.x < n) o[first + k * blockDim.x] = v[k];
}

template <class F>
float median_ms(F f, int reps = 41) {
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    for (int i = 0; i < 5; ++i) f();
    std::vector<float> t;
    for (int i = 0; i < reps; ++i) { cudaEventRecord(a); f(); cudaEventRecord(b); cudaEventSynchronize(b); float ms; cudaEventElapsedTime(&ms, a, b); t.push_back(ms); }
    std::sort(t.begin(), t.end()); return t[t.size() / 2];
}

template <unsigned E> struct W;
template <> struct W<1> { using t = uint8_t; };
template <> struct W<2> { using t = uint16_t; };
template <> struct W<4> { using t = uint32_t; };
template <> struct W<8> { using t = uint64_t; };

template <unsigned E, unsigned N, bool Tall>
void run(std::size_t L, unsigned char* in, unsigned char* out, unsigned char* ref) {
    std::size_t const R = Tall ? L : N, C = Tall ? N : L, bytes = R * C * E;
    using T = typename W<E>::t;
    std::vector<unsigned char> h(bytes);
    for (std::size_t i = 0; i < bytes; ++i) h[i] = (unsigned char)(i * 2654435761u >> 13);
    cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice);
    swz::transpose(reinterpret_cast<T*>(ref), reinterpret_cast<T const*>(in), R, C);
    cudaMemset(out, 0xAB, bytes);
    std::size_t const threads = ((Tall ? R : C) + 16 / E - 1) / (16 / E);
    unsigned const blocks = unsigned((threads + 255) / 256);
    auto protom = [&](auto mode) {
        constexpr unsigned M = decltype(mode)::value;
        if constexpr (Tall) tall_narrow<E, N, M><<<blocks, 256>>>(out, in, R, R * E);
        else wide_narrow<E, N, M><<<blocks, 256>>>(out, in, C, C * E);
    };
    auto proto = [&] { protom(std::integral_constant<unsigned, 0>{}); };
    proto(); cudaDeviceSynchronize();
    std::vector<unsigned char> a(bytes), b(bytes);
    cudaMemcpy(a.data(), out, bytes, cudaMemcpyDeviceToHost); cudaMemcpy(b.data(), ref, bytes, cudaMemcpyDeviceToHost);
    bool ok = a == b;
    float const m = median_ms([&] { cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice); });
    std::size_t const v = bytes / 16;
    float const c16 = median_ms([&] { copy16k<<<unsigned((v + 1023) / 1024), 256>>>((uint4*)out, (uint4 const*)in, v); });
    float const copy = std::min(m, c16);
    float const p = median_ms(proto);
    float const p1 = median_ms([&] { protom(std::integral_constant<unsigned, 1>{}); });
    float const p2 = median_ms([&] { protom(std::integral_constant<unsigned, 2>{}); });
    float const p3 = median_ms([&] { protom(std::integral_constant<unsigned, 3>{}); });
    float const s = median_ms([&] { swz::transpose(reinterpret_cast<T*>(out), reinterpret_cast<T const*>(in), R, C); });
    std::printf("%-5s %9zux%-9zu E=%u copy %.4f proto %5.1f%% elt-in %5.1f%% elt-out %5.1f%% elt-both %5.1f%% swz %5.1f%% %s %s\n", Tall ? "tall" : "wide", R, C, E,
                copy, 100 * copy / p, 100 * copy / p1, 100 * copy / p2, 100 * copy / p3, 100 * copy / s, ok ? "ok" : "WRONG", cudaGetErrorString(cudaGetLastError()));
}

int main() {
    std::size_t const L = 1000000 * 16;  // elements along the long side, max
    unsigned char *in, *out, *ref;
    std::size_t const cap = std::size_t(64) << 20 << 4;  // 1 GiB
    cudaMalloc(&in, cap); cudaMalloc(&out, cap); cudaMalloc(&ref, cap);
    (void)L;
    run<4, 3, true>(16000000, in, out, ref); run<4, 3, false>(16000000, in, out, ref);
    run<1, 3, true>(16000000, in, out, ref); run<1, 3, false>(16000000, in, out, ref);
    run<2, 3, true>(16000000, in, out, ref); run<2, 3, false>(16000000, in, out, ref);
    run<8, 3, true>(8000000, in, out, ref);  run<8, 3, false>(8000000, in, out, ref);
    run<4, 2, true>(16000000, in, out, ref); run<4, 2, false>(16000000, in, out, ref);
    run<4, 4, true>(8000000, in, out, ref); run<4, 4, false>(8000000, in, out, ref);
    run<4, 6, true>(8000000, in, out, ref); run<4, 6, false>(8000000, in, out, ref);
    run<1, 8, true>(16000000, in, out, ref); run<1, 8, false>(16000000, in, out, ref);
    run<1, 12, true>(16000000, in, out, ref); run<1, 12, false>(16000000, in, out, ref);
    run<2, 6, true>(16000000, in, out, ref); run<2, 6, false>(16000000, in, out, ref);
    run<2, 8, true>(8000000, in, out, ref); run<2, 8, false>(8000000, in, out, ref);
    run<8, 2, true>(8000000, in, out, ref); run<8, 2, false>(8000000, in, out, ref);
    run<8, 4, true>(4000000, in, out, ref); run<8, 4, false>(4000000, in, out, ref);
    run<4, 3, true>(100000, in, out, ref); run<4, 3, false>(100000, in, out, ref);
    return 0;
}
