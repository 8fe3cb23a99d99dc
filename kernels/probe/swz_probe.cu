// swz-probe: shared-memory access patterns run one warp at a time, for
// Nsight Compute to count their wavefronts (see compare_wavefronts.py).
//
//   swz-probe manifest FILE   the probes in launch order, with the model's figures
//   swz-probe run             one launch per probe, nothing else launched
//   swz-probe kernels N FILE  every transpose kernel once on N x N matrices,
//                             and the model's wavefronts per shared instruction
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <type_traits>

#include <swz/transpose.cuh>

#include "../support/check_cuda.hpp"

#include "probe_catalog.hpp"

namespace {

#define CHECK_CUDA(call) SWZ_CHECK_CUDA("swz-probe", call)

// Exactly one shared-memory instruction per lane: a W-byte load (whose value
// goes to global memory, so it is kept) or store, at the lane's offset.
template <unsigned W, bool Store>
__global__ void probe_access(std::uint32_t const* offsets, std::uint32_t* sink) {
    extern __shared__ __align__(16) unsigned char smem[];
    std::uint32_t const addr = std::uint32_t(__cvta_generic_to_shared(smem + offsets[threadIdx.x]));
    std::uint32_t const v = threadIdx.x;
    if constexpr (Store) {
        if constexpr (W == 1) asm volatile("st.shared.u8 [%0], %1;" ::"r"(addr), "r"(v) : "memory");
        if constexpr (W == 2) asm volatile("st.shared.u16 [%0], %1;" ::"r"(addr), "h"((unsigned short)v) : "memory");
        if constexpr (W == 4) asm volatile("st.shared.u32 [%0], %1;" ::"r"(addr), "r"(v) : "memory");
        if constexpr (W == 8) asm volatile("st.shared.v2.u32 [%0], {%1, %2};" ::"r"(addr), "r"(v), "r"(v) : "memory");
        if constexpr (W == 16)
            asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(v), "r"(v), "r"(v), "r"(v) : "memory");
    } else {
        std::uint32_t a = 0, b = 0, c = 0, d = 0;
        unsigned short h = 0;
        if constexpr (W == 1) asm volatile("ld.shared.u8 %0, [%1];" : "=r"(a) : "r"(addr) : "memory");
        if constexpr (W == 2) asm volatile("ld.shared.u16 %0, [%1];" : "=h"(h) : "r"(addr) : "memory");
        if constexpr (W == 4) asm volatile("ld.shared.u32 %0, [%1];" : "=r"(a) : "r"(addr) : "memory");
        if constexpr (W == 8) asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "r"(addr) : "memory");
        if constexpr (W == 16)
            asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(addr) : "memory");
        sink[threadIdx.x] = a ^ b ^ c ^ d ^ h;
    }
}

template <bool Store>
void launch_width(unsigned w, std::uint32_t const* offsets, std::uint32_t* sink, unsigned shared) {
    switch (w) {
        case 1: probe_access<1, Store><<<1, 32, shared>>>(offsets, sink); break;
        case 2: probe_access<2, Store><<<1, 32, shared>>>(offsets, sink); break;
        case 4: probe_access<4, Store><<<1, 32, shared>>>(offsets, sink); break;
        case 8: probe_access<8, Store><<<1, 32, shared>>>(offsets, sink); break;
        case 16: probe_access<16, Store><<<1, 32, shared>>>(offsets, sink); break;
        default: std::fprintf(stderr, "swz-probe: bad width %u\n", w); std::exit(1);
    }
    CHECK_CUDA(cudaGetLastError());
}

// One ldmatrix or stmatrix of N matrices per warp: lanes 0 .. 8N-1 give the
// 16-byte rows (the others' offsets are ignored by the hardware).
template <unsigned N, bool Trans, bool Store>
__global__ void probe_matrix(std::uint32_t const* offsets, std::uint32_t* sink) {
    extern __shared__ __align__(16) unsigned char smem[];
    std::uint32_t const addr = std::uint32_t(__cvta_generic_to_shared(smem + offsets[threadIdx.x]));
    std::uint32_t r[4] = {threadIdx.x, threadIdx.x, threadIdx.x, threadIdx.x};
    if constexpr (Store) {
        if constexpr (N == 1 && !Trans) asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(addr), "r"(r[0]) : "memory");
        if constexpr (N == 1 && Trans) asm volatile("stmatrix.sync.aligned.m8n8.x1.trans.shared.b16 [%0], {%1};" ::"r"(addr), "r"(r[0]) : "memory");
        if constexpr (N == 2 && !Trans) asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" ::"r"(addr), "r"(r[0]), "r"(r[1]) : "memory");
        if constexpr (N == 2 && Trans) asm volatile("stmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [%0], {%1, %2};" ::"r"(addr), "r"(r[0]), "r"(r[1]) : "memory");
        if constexpr (N == 4 && !Trans)
            asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]) : "memory");
        if constexpr (N == 4 && Trans)
            asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]) : "memory");
    } else {
        if constexpr (N == 1 && !Trans) asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(addr) : "memory");
        if constexpr (N == 1 && Trans) asm volatile("ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(addr) : "memory");
        if constexpr (N == 2 && !Trans) asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr) : "memory");
        if constexpr (N == 2 && Trans) asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr) : "memory");
        if constexpr (N == 4 && !Trans)
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr) : "memory");
        if constexpr (N == 4 && Trans)
            asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr) : "memory");
        sink[threadIdx.x] = r[0] ^ r[1] ^ r[2] ^ r[3];
    }
}

// One cp.async of W bytes per lane, global -> shared at the lane's offset
// (.ca for 4 and 8 bytes, .cg for 16, as each width allows), then waited on.
// The global side is one contiguous run of 32*W bytes, as a tile copy reads
// it, so the wavefronts counted are the shared side's.
template <unsigned W>
__global__ void probe_cp_async(std::uint32_t const* offsets, unsigned char const* src) {
    extern __shared__ __align__(16) unsigned char smem[];
    std::uint32_t const addr = std::uint32_t(__cvta_generic_to_shared(smem + offsets[threadIdx.x]));
    unsigned char const* from = src + W * threadIdx.x;
    if constexpr (W == 16) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(addr), "l"(from) : "memory");
    else asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(addr), "l"(from), "n"(W) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 0;" ::: "memory");
}

void launch(swz::instruction const& i, std::uint32_t const* offsets, std::uint32_t* sink, unsigned char const* src,
            unsigned shared) {
    using op = swz::instruction::op;
    unsigned const n = i.matrices();
    auto matrix = [&](auto store) {
        constexpr bool S = decltype(store)::value;
        if (n == 1) i.trans ? probe_matrix<1, true, S><<<1, 32, shared>>>(offsets, sink) : probe_matrix<1, false, S><<<1, 32, shared>>>(offsets, sink);
        if (n == 2) i.trans ? probe_matrix<2, true, S><<<1, 32, shared>>>(offsets, sink) : probe_matrix<2, false, S><<<1, 32, shared>>>(offsets, sink);
        if (n == 4) i.trans ? probe_matrix<4, true, S><<<1, 32, shared>>>(offsets, sink) : probe_matrix<4, false, S><<<1, 32, shared>>>(offsets, sink);
    };
    switch (i.kind) {
        case op::ld: launch_width<false>(i.width, offsets, sink, shared); return;
        case op::st: launch_width<true>(i.width, offsets, sink, shared); return;
        case op::ldmatrix: matrix(std::false_type{}); break;
        case op::stmatrix: matrix(std::true_type{}); break;
        case op::cp_async:
            if (i.width == 4) probe_cp_async<4><<<1, 32, shared>>>(offsets, src);
            if (i.width == 8) probe_cp_async<8><<<1, 32, shared>>>(offsets, src);
            if (i.width == 16) probe_cp_async<16><<<1, 32, shared>>>(offsets, src);
            break;
    }
    CHECK_CUDA(cudaGetLastError());
}

int write_manifest(char const* path, std::string const& prefix) {
    std::ofstream f(path);
    f << "index,name,op,width,lanes,expected\n";
    auto const probes = swz::probe::all_probes(prefix);
    for (std::size_t i = 0; i < probes.size(); ++i)
        f << i << ",\"" << probes[i].name << "\"," << swz::probe::op_of(probes[i].instr) << "," << probes[i].instr.width << ","
          << probes[i].instr.address_lanes << "," << probes[i].expected << "\n";
    return f ? 0 : 1;
}

int run_probes(std::string const& prefix) {
    auto const probes = swz::probe::all_probes(prefix);
    std::uint32_t *offsets = nullptr, *sink = nullptr;
    unsigned char* src = nullptr;
    CHECK_CUDA(cudaMalloc(&offsets, 32 * sizeof(std::uint32_t)));
    CHECK_CUDA(cudaMalloc(&sink, 32 * sizeof(std::uint32_t)));
    CHECK_CUDA(cudaMalloc(&src, 32 * 16));
    CHECK_CUDA(cudaMemset(src, 0x5A, 32 * 16));
    for (auto const& p : probes) {
        std::uint32_t top = 0;
        for (auto o : p.offsets) top = o > top ? o : top;
        CHECK_CUDA(cudaMemcpy(offsets, p.offsets.data(), sizeof p.offsets, cudaMemcpyHostToDevice));
        launch(p.instr, offsets, sink, src, top + 16);
        CHECK_CUDA(cudaDeviceSynchronize());
    }
    std::printf("swz-probe: %zu probes launched\n", probes.size());
    return 0;
}

template <class T>
void run_kernels_of(std::size_t n) {
    T *in = nullptr, *out = nullptr;
    CHECK_CUDA(cudaMalloc(&in, n * n * sizeof(T)));
    CHECK_CUDA(cudaMalloc(&out, n * n * sizeof(T)));
    CHECK_CUDA(cudaMemset(in, 0x3C, n * n * sizeof(T)));
    for (auto v : {swz::transpose_variant::fast, swz::transpose_variant::article_swizzled,
                   swz::transpose_variant::article_padded, swz::transpose_variant::article_plain}) {
        CHECK_CUDA(swz::transpose(out, in, n, n, v));
        CHECK_CUDA(cudaDeviceSynchronize());
    }
    CHECK_CUDA(cudaFree(in));
    CHECK_CUDA(cudaFree(out));
}

// Launch order: for each element size 1, 2, 4, 8: fast, swizzled, padded, plain.
int run_kernels(std::size_t n, char const* path) {
    std::ofstream f(path);
    f << "index,kernel,expected_ld,expected_st\n";
    auto const e = swz::probe::kernel_expectations();
    std::size_t index = 0;
    for (char const* suffix : {"i8", "i16", "f32", "f64"})
        for (char const* v : {"fast_", "article_swizzled_", "article_padded_", "article_plain_"})
            for (auto const& k : e)
                if (k.kernel == std::string(v) + suffix) f << index++ << "," << k.kernel << "," << k.ld << "," << k.st << "\n";
    if (!f) return 1;
    run_kernels_of<std::uint8_t>(n);
    run_kernels_of<std::uint16_t>(n);
    run_kernels_of<std::uint32_t>(n);
    run_kernels_of<std::uint64_t>(n);
    std::printf("swz-probe: 16 kernels launched on %zu x %zu\n", n, n);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::string const mode = argc > 1 ? argv[1] : "";
    // An optional PREFIX keeps the probes whose name starts with it.
    if (mode == "manifest" && (argc == 3 || argc == 4)) return write_manifest(argv[2], argc == 4 ? argv[3] : "");
    if (mode == "run" && (argc == 2 || argc == 3)) return run_probes(argc == 3 ? argv[2] : "");
    if (mode == "kernels" && argc == 4) return run_kernels(std::strtoull(argv[2], nullptr, 10), argv[3]);
    std::fprintf(stderr, "swz-probe: error: usage: swz-probe manifest FILE [PREFIX] | run [PREFIX] | kernels N FILE\n");
    return 1;
}
