// The few Hopper (sm_90) instructions a TMA kernel needs, as inline PTX
// (used by the TMA experiment in kernels/bench/ and the GPU test of the copy
// engine's placement):
// an mbarrier that counts the bytes a bulk tensor copy delivers, and the 2-D
// bulk tensor copy from global to shared memory. And, on the host, the
// tensor map that describes a row-major matrix to the copy engine, made
// through the driver's cuTensorMapEncodeTiled (reached via the runtime, so
// nothing links against libcuda).
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>
#include <cudaTypedefs.h>

#include <cstddef>
#include <cstdint>

namespace swz::detail::tma {

__device__ inline std::uint32_t shared_address(void const* p) {
    return static_cast<std::uint32_t>(__cvta_generic_to_shared(p));
}

__device__ inline void barrier_init(std::uint64_t* bar, std::uint32_t arrivals) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(shared_address(bar)), "r"(arrivals) : "memory");
}

// Makes initialised barriers visible to the copy engine (the async proxy).
__device__ inline void fence_barrier_init() {
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

// Orders this thread's earlier shared-memory accesses (and, after a
// __syncthreads, the block's) before later bulk copies into the same bytes.
__device__ inline void fence_proxy_async() {
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// One arrival that also announces `bytes` still to be delivered by copies.
__device__ inline void arrive_expect_bytes(std::uint64_t* bar, std::uint32_t bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(bar)), "r"(bytes)
                 : "memory");
}

// Waits for the barrier's phase of parity `parity` to complete.
__device__ inline void wait_parity(std::uint64_t* bar, std::uint32_t parity) {
    std::uint32_t done = 0;
    do {
        asm volatile(
            "{\n\t.reg .pred p;\n\t"
            "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
            "selp.u32 %0, 1, 0, p;\n\t}"
            : "=r"(done)
            : "r"(shared_address(bar)), "r"(parity)
            : "memory");
    } while (!done);
}

// Box at element coordinates (x = column, y = row) of the tensor `map` into
// shared memory at `dst`; completion is counted in bytes on `bar`.
__device__ inline void load_box_2d(void* dst, CUtensorMap const* map, std::int32_t x, std::int32_t y,
                                   std::uint64_t* bar) {
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::
            "r"(shared_address(dst)),
        "l"(reinterpret_cast<std::uint64_t>(map)), "r"(x), "r"(y), "r"(shared_address(bar))
        : "memory");
}

// ---- host ----

inline PFN_cuTensorMapEncodeTiled_v12000 encoder() {
    static PFN_cuTensorMapEncodeTiled_v12000 const fn = [] {
        void* p = nullptr;
        cudaDriverEntryPointQueryResult found{};
        if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &p, 12000, cudaEnableDefault, &found) !=
                cudaSuccess ||
            found != cudaDriverEntryPointSuccess)
            p = nullptr;
        return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(p);
    }();
    return fn;
}

inline CUtensorMapDataType data_type_of(unsigned elem) {
    switch (elem) {
        case 1: return CU_TENSOR_MAP_DATA_TYPE_UINT8;
        case 2: return CU_TENSOR_MAP_DATA_TYPE_UINT16;
        case 4: return CU_TENSOR_MAP_DATA_TYPE_UINT32;
        default: return CU_TENSOR_MAP_DATA_TYPE_UINT64;
    }
}

inline CUtensorMapSwizzle swizzle_of(unsigned span) {
    switch (span) {
        case 32: return CU_TENSOR_MAP_SWIZZLE_32B;
        case 64: return CU_TENSOR_MAP_SWIZZLE_64B;
        case 128: return CU_TENSOR_MAP_SWIZZLE_128B;
        default: return CU_TENSOR_MAP_SWIZZLE_NONE;
    }
}

// A rows x cols row-major matrix of `elem`-byte elements, read in boxes of
// box_rows x box_row_bytes, placed with the swizzle of `span` bytes (32, 64,
// 128, or 0 for none; see swz/layout/tma_swizzle.hpp). False when the copy
// engine cannot describe it (alignment, pitch, sizes) or the driver lacks
// the entry point.
inline bool encode_matrix(CUtensorMap& map, void const* base, std::size_t rows, std::size_t cols, unsigned elem,
                          unsigned box_rows, unsigned box_row_bytes, unsigned span) {
    auto const fn = encoder();
    if (!fn || reinterpret_cast<std::uintptr_t>(base) % 16 != 0 || (cols * elem) % 16 != 0) return false;
    if (rows >= (std::size_t(1) << 31) || cols >= (std::size_t(1) << 31) || cols * elem >= (std::size_t(1) << 40))
        return false;
    cuuint64_t const dims[2] = {cols, rows};
    cuuint64_t const strides[1] = {cols * elem};
    cuuint32_t const box[2] = {box_row_bytes / elem, box_rows};
    cuuint32_t const steps[2] = {1, 1};
    return fn(&map, data_type_of(elem), 2, const_cast<void*>(base), dims, strides, box, steps,
              CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle_of(span), CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
              CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) == CUDA_SUCCESS;
}

// Boxes of box_rows x 128 bytes with the 128-byte swizzle.
inline bool encode_matrix(CUtensorMap& map, void const* base, std::size_t rows, std::size_t cols, unsigned elem,
                          unsigned box_rows) {
    return encode_matrix(map, base, rows, cols, elem, box_rows, 128, 128);
}

}  // namespace swz::detail::tma
