// Stop 26 probe (not shipped): can the Hopper copy engine realign int8 rows
// whose length is not a multiple of 16 bytes, so that no thread shifts a
// byte?
//
// The copy engine needs 16-byte strides, but rows 16 apart are 16 * ld bytes
// apart, a multiple of 16 for any ld. So the matrix is viewed as a 2-D
// tensor of ceil-free row groups: element (x, y) = byte y * 16 ld + x, and
// row 16 q + j, column c is (x = j ld + c, y = q). A box of 8 x 128 bytes at
// (j ld + c0, q0) brings rows j, j + 16, ... j + 112 of a 128-row tile,
// columns c0 .. c0 + 127, whatever c0 + j ld is mod 16 -- if the engine
// accepts an unaligned first coordinate, which is what this probe asks.
// The same view of the output lets the engine write the transposed tile.
//
// Run 1 answered no: a box whose first byte is not 16-byte aligned stops
// the kernel with an illegal instruction. Run 2 keeps the view but loads
// boxes from the aligned byte at or before the tile's first (raw_boxes):
// rows 16 apart share their misalignment, so all rows of a box are off by
// the same m_j, and the gather shifts each word it reads by m_j % 4 bytes
// (one funnel shift, m_j warp-uniform at every step) after reading the two
// words around it, rows 144 bytes apart (conflict-free without a swizzle).
//
// Interior tiles only (128 x 128 bytes wholly inside the matrix); timed
// against cudaMemcpy of the whole matrix and swz::transpose of the whole
// matrix, bandwidth counted on the bytes each moved.
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "swz/detail/tma.cuh"
#include "swz/transpose.cuh"

namespace tma = swz::detail::tma;

#define CK(x)                                                                             \
    do {                                                                                  \
        cudaError_t e_ = (x);                                                             \
        if (e_ != cudaSuccess) {                                                          \
            std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
            std::exit(1);                                                                 \
        }                                                                                 \
    } while (0)

__device__ inline void store_box_2d(CUtensorMap const* map, std::int32_t x, std::int32_t y, void const* src) {
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];" ::"l"(
                     reinterpret_cast<std::uint64_t>(map)),
                 "r"(x), "r"(y), "r"(tma::shared_address(src))
                 : "memory");
}
__device__ inline void commit_and_wait_reads() {
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}

// One box, placed as loaded: for the placement check.
__global__ void probe_box(const __grid_constant__ CUtensorMap map, int x, int y, unsigned char* dump) {
    extern __shared__ __align__(1024) unsigned char sm[];
    auto* bar = reinterpret_cast<std::uint64_t*>(sm + 1024);
    if (threadIdx.x == 0) {
        tma::barrier_init(bar, 1);
        tma::fence_barrier_init();
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        tma::arrive_expect_bytes(bar, 1024);
        tma::load_box_2d(sm, &map, x, y, bar);
    }
    tma::wait_parity(bar, 0);
    for (unsigned i = threadIdx.x; i < 1024; i += blockDim.x) dump[i] = sm[i];
}

// The int8 transpose of one interior 128 x 128 tile per block, blocks down
// whole tile columns. Shared: 16 boxes of 8 rows x 128 bytes (box j, row t
// = tile row 16 t + j, chunk k at (k ^ t) * 16: the 128-byte swizzle),
// reused for the output tile in the same form (box j', row t' = output
// row 16 t' + j').
__global__ void __launch_bounds__(256) tma_transpose_i8(const __grid_constant__ CUtensorMap in_map,
                                                        const __grid_constant__ CUtensorMap out_map, int in_off,
                                                        int out_off, int ld_in, int ld_out, unsigned tile_rows) {
    extern __shared__ __align__(1024) unsigned char sm[];
    auto* bar = reinterpret_cast<std::uint64_t*>(sm + 16384);
    unsigned const tid = threadIdx.x;
    unsigned const tr = blockIdx.x % tile_rows, tc = blockIdx.x / tile_rows;
    int const r0 = int(tr * 128), c0 = int(tc * 128);
    if (tid == 0) {
        tma::barrier_init(bar, 1);
        tma::fence_barrier_init();
    }
    __syncthreads();
    if (tid == 0) {
        tma::arrive_expect_bytes(bar, 16384);
#pragma unroll
        for (int j = 0; j < 16; ++j) tma::load_box_2d(sm + j * 1024, &in_map, in_off + j * ld_in + c0, r0 / 16, bar);
    }
    unsigned const lane = tid % 32, k = tid / 32, t = lane % 8, w = lane / 8;
    tma::wait_parity(bar, 0);
    unsigned const base = t * 128 + ((k ^ t) << 4) + 4 * w;
    std::uint32_t W[16];
#pragma unroll
    for (int j = 0; j < 16; ++j) W[j] = *reinterpret_cast<std::uint32_t const*>(sm + j * 1024 + base);
    uint4 V[4];
    std::uint32_t* v = reinterpret_cast<std::uint32_t*>(V);
#pragma unroll
    for (int m = 0; m < 4; ++m) {
        std::uint32_t const ab_lo = __byte_perm(W[4 * m], W[4 * m + 1], 0x5140);
        std::uint32_t const ab_hi = __byte_perm(W[4 * m], W[4 * m + 1], 0x7362);
        std::uint32_t const cd_lo = __byte_perm(W[4 * m + 2], W[4 * m + 3], 0x5140);
        std::uint32_t const cd_hi = __byte_perm(W[4 * m + 2], W[4 * m + 3], 0x7362);
        v[0 * 4 + m] = __byte_perm(ab_lo, cd_lo, 0x5410);
        v[1 * 4 + m] = __byte_perm(ab_lo, cd_lo, 0x7632);
        v[2 * 4 + m] = __byte_perm(ab_hi, cd_hi, 0x5410);
        v[3 * 4 + m] = __byte_perm(ab_hi, cd_hi, 0x7632);
    }
    __syncthreads();  // every read of the input tile before the first write of the output
#pragma unroll
    for (unsigned e = 0; e < 4; ++e)
        *reinterpret_cast<uint4*>(sm + (4 * w + e) * 1024 + k * 128 + ((t ^ k) << 4)) = V[e];
    tma::fence_proxy_async();
    __syncthreads();
    if (tid == 0) {
#pragma unroll
        for (int j = 0; j < 16; ++j) store_box_2d(&out_map, out_off + j * ld_out + r0, c0 / 16, sm + j * 1024);
        commit_and_wait_reads();
    }
}

// Run 2: raw boxes of 8 rows x 144 bytes, no swizzle: box j (at j * 1152)
// row t = tile row 16 t + j from the aligned byte m_j before column c0.
__global__ void __launch_bounds__(256) tma_transpose_i8_raw(const __grid_constant__ CUtensorMap in_map,
                                                            const __grid_constant__ CUtensorMap out_map, int in_off,
                                                            int out_off, int ld_in, int ld_out, unsigned tile_rows) {
    extern __shared__ __align__(1024) unsigned char sm[];
    auto* bar = reinterpret_cast<std::uint64_t*>(sm + 18432);
    unsigned const tid = threadIdx.x;
    unsigned const tr = blockIdx.x % tile_rows, tc = blockIdx.x / tile_rows;
    int const r0 = int(tr * 128), c0 = int(tc * 128);
    if (tid == 0) {
        tma::barrier_init(bar, 1);
        tma::fence_barrier_init();
    }
    __syncthreads();
    if (tid == 0) {
        tma::arrive_expect_bytes(bar, 18432);
#pragma unroll
        for (int j = 0; j < 16; ++j) {
            int const x = in_off + j * ld_in + c0;
            tma::load_box_2d(sm + j * 1152, &in_map, x & ~15, r0 / 16, bar);
        }
    }
    unsigned const lane = tid % 32, k = tid / 32, t = lane % 8, w = lane / 8;
    tma::wait_parity(bar, 0);
    std::uint32_t W[16];
#pragma unroll
    for (int j = 0; j < 16; ++j) {
        unsigned const m = unsigned(in_off + j * ld_in + c0) & 15u;  // warp-uniform
        unsigned const p = m + 16 * k + 4 * w;
        unsigned char const* row = sm + j * 1152 + t * 144 + (p & ~3u);
        std::uint32_t const lo = *reinterpret_cast<std::uint32_t const*>(row);
        std::uint32_t const hi = *reinterpret_cast<std::uint32_t const*>(row + 4);
        W[j] = __funnelshift_r(lo, hi, 8 * (m & 3u));
    }
    uint4 V[4];
    std::uint32_t* v = reinterpret_cast<std::uint32_t*>(V);
#pragma unroll
    for (int m = 0; m < 4; ++m) {
        std::uint32_t const ab_lo = __byte_perm(W[4 * m], W[4 * m + 1], 0x5140);
        std::uint32_t const ab_hi = __byte_perm(W[4 * m], W[4 * m + 1], 0x7362);
        std::uint32_t const cd_lo = __byte_perm(W[4 * m + 2], W[4 * m + 3], 0x5140);
        std::uint32_t const cd_hi = __byte_perm(W[4 * m + 2], W[4 * m + 3], 0x7362);
        v[0 * 4 + m] = __byte_perm(ab_lo, cd_lo, 0x5410);
        v[1 * 4 + m] = __byte_perm(ab_lo, cd_lo, 0x7632);
        v[2 * 4 + m] = __byte_perm(ab_hi, cd_hi, 0x5410);
        v[3 * 4 + m] = __byte_perm(ab_hi, cd_hi, 0x7632);
    }
    __syncthreads();
#pragma unroll
    for (unsigned e = 0; e < 4; ++e)
        *reinterpret_cast<uint4*>(sm + (4 * w + e) * 1024 + k * 128 + ((t ^ k) << 4)) = V[e];
    tma::fence_proxy_async();
    __syncthreads();
    if (tid == 0) {
#pragma unroll
        for (int j = 0; j < 16; ++j) store_box_2d(&out_map, out_off + j * ld_out + r0, c0 / 16, sm + j * 1024);
        commit_and_wait_reads();
    }
}

// base must be 16-byte aligned; rows of the view = groups of 16 rows.
static bool encode_interleaved(CUtensorMap& map, void* base, std::size_t ld, std::size_t groups, unsigned box_bytes = 128,
                               bool swizzle = true) {
    auto const fn = tma::encoder();
    if (!fn) return false;
    cuuint64_t const dims[2] = {16 * ld, groups};
    cuuint64_t const strides[1] = {16 * ld};
    cuuint32_t const box[2] = {box_bytes, 8};
    cuuint32_t const steps[2] = {1, 1};
    CUresult const r = fn(&map, CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, base, dims, strides, box, steps,
                          CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                          CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) std::printf("encode failed: %d\n", int(r));
    return r == CUDA_SUCCESS;
}

static float median(std::vector<float> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

template <class F>
static float time_ms(F&& f, int reps = 30) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int i = 0; i < 5; ++i) f();
    std::vector<float> ts;
    for (int i = 0; i < reps; ++i) {
        CK(cudaEventRecord(a));
        f();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, a, b));
        ts.push_back(ms);
    }
    CK(cudaGetLastError());
    return median(ts);
}

// The placement check: box at (x, y) of the interleaved view of a random
// matrix, every byte against the model (row 16 (y + t) + j of x = j ld + c).
static int check_placement(std::size_t ld, std::size_t groups, int x, int y) {
    std::size_t const bytes = 16 * ld * groups;
    std::vector<unsigned char> h(bytes);
    for (std::size_t i = 0; i < bytes; ++i) h[i] = (unsigned char)(i * 2654435761u >> 13);
    unsigned char *d, *dump;
    CK(cudaMalloc(&d, bytes));
    CK(cudaMalloc(&dump, 1024));
    CK(cudaMemcpy(d, h.data(), bytes, cudaMemcpyHostToDevice));
    CUtensorMap map;
    if (!encode_interleaved(map, d, ld, groups)) return 1;
    probe_box<<<1, 128, 1024 + 16>>>(map, x, y, dump);
    CK(cudaDeviceSynchronize());
    std::vector<unsigned char> got(1024);
    CK(cudaMemcpy(got.data(), dump, 1024, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (unsigned t = 0; t < 8; ++t)
        for (unsigned c = 0; c < 128; ++c) {
            std::size_t const at = std::size_t(y + t) * 16 * ld + std::size_t(x) + c;
            unsigned const placed = t * 128 + (((c / 16) ^ t) * 16) + c % 16;
            unsigned char const want = at < bytes ? h[at] : 0;
            if (got[placed] != want) ++bad;
        }
    std::printf("placement ld=%zu x=%d (x%%16=%d) y=%d: %s (%d bad)\n", ld, x, x % 16, y, bad ? "WRONG" : "ok", bad);
    CK(cudaFree(d));
    CK(cudaFree(dump));
    return bad != 0;
}

static int run_shape(std::size_t rows, std::size_t cols, unsigned in_mis, unsigned out_mis) {
    std::size_t const ld_in = cols, ld_out = rows;
    std::size_t const in_bytes = rows * ld_in + 64, out_bytes = cols * ld_out + 64;
    unsigned char *din, *dout, *dcopy;
    CK(cudaMalloc(&din, in_bytes));
    CK(cudaMalloc(&dout, out_bytes));
    CK(cudaMalloc(&dcopy, out_bytes));
    std::vector<unsigned char> h(in_bytes);
    for (std::size_t i = 0; i < in_bytes; ++i) h[i] = (unsigned char)((i * 0x9E3779B1u) >> 11);
    CK(cudaMemcpy(din, h.data(), in_bytes, cudaMemcpyHostToDevice));
    unsigned char const* in = din + in_mis;
    unsigned char* out = dout + out_mis;
    unsigned const tile_rows = unsigned(rows / 128), tile_cols = unsigned(cols / 128);
    CUtensorMap in_map, out_map;
    bool const raw = (in_mis + ld_in) % 16 != 0;  // run 2's raw boxes where input rows are unaligned
    if (!encode_interleaved(in_map, din, ld_in, rows / 16, raw ? 144 : 128, !raw) ||
        !encode_interleaved(out_map, dout, ld_out, cols / 16))
        return 1;
    auto probe = [&] {
        if (raw)
            tma_transpose_i8_raw<<<tile_rows * tile_cols, 256, 18432 + 16>>>(in_map, out_map, int(in_mis), int(out_mis),
                                                                            int(ld_in), int(ld_out), tile_rows);
        else
            tma_transpose_i8<<<tile_rows * tile_cols, 256, 16384 + 16>>>(in_map, out_map, int(in_mis), int(out_mis),
                                                                        int(ld_in), int(ld_out), tile_rows);
    };
    CK(cudaMemset(dout, 0xA5, out_bytes));
    probe();
    CK(cudaDeviceSynchronize());
    std::vector<unsigned char> o(out_bytes);
    CK(cudaMemcpy(o.data(), dout, out_bytes, cudaMemcpyDeviceToHost));
    std::size_t bad = 0;
    for (std::size_t r = 0; r < std::size_t(tile_rows) * 128; ++r)
        for (std::size_t c = 0; c < std::size_t(tile_cols) * 128; ++c)
            if (o[out_mis + c * ld_out + r] != h[in_mis + r * ld_in + c]) ++bad;
    // swz's own transpose of the whole matrix, checked in full.
    CK(cudaMemset(dout, 0xA5, out_bytes));
    auto swz_t = [&] { CK(swz::transpose(out, ld_out, in, ld_in, rows, cols)); };
    swz_t();
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(o.data(), dout, out_bytes, cudaMemcpyDeviceToHost));
    std::size_t bad_swz = 0;
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c)
            if (o[out_mis + c * ld_out + r] != h[in_mis + r * ld_in + c]) ++bad_swz;
    auto copy = [&] { CK(cudaMemcpyAsync(dcopy, din, rows * cols, cudaMemcpyDeviceToDevice)); };
    double const full = 2.0 * rows * cols, inner = 2.0 * tile_rows * 128.0 * tile_cols * 128.0;
    float const t_copy = time_ms(copy), t_probe = time_ms(probe), t_swz = time_ms(swz_t), t_copy2 = time_ms(copy);
    float const tc = std::min(t_copy, t_copy2);
    double const g_copy = full / tc / 1e6, g_probe = inner / t_probe / 1e6, g_swz = full / t_swz / 1e6;
    std::printf("| %zux%zu | %u/%u | %s | %s | %.1f | %.4f | %.1f | %.1f%% | %.4f | %.1f%% |\n", rows, cols, in_mis,
                out_mis, bad ? "WRONG" : "ok", bad_swz ? "WRONG" : "ok", g_copy, t_probe, g_probe,
                100 * g_probe / g_copy, t_swz, 100 * g_swz / g_copy);
    CK(cudaFree(din));
    CK(cudaFree(dout));
    CK(cudaFree(dcopy));
    return bad || bad_swz;
}

int main() {
    int fails = 0;
    CK(cudaFuncSetAttribute(tma_transpose_i8, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
    CK(cudaFuncSetAttribute(tma_transpose_i8_raw, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
    // Unaligned first coordinates, every residue, rows of odd length.
    // Run 1: unaligned first coordinates stop the kernel (illegal instruction);
    // run 2 checks aligned ones only, and a box past the view's end.
    for (int x : {0, 16, 8192, 3 * 8193 + 93}) fails += check_placement(8193, 64, x, 1);
    fails += check_placement(1000, 8, 15 * 1000 + 888, 7);
    std::printf("| shape | mis in/out | probe | swz | copy GB/s | probe ms | probe GB/s | probe %% copy | swz ms | swz %% copy |\n|---|---|---|---|---|---|---|---|---|---|\n");
    struct S { std::size_t r, c; unsigned mi, mo; };
    // Output rows aligned (rows a multiple of 16, out pointer aligned): the
    // output boxes start aligned; input rows of every residue.
    for (S s : {S{8192, 8193, 0, 0}, S{8192, 8192, 0, 0}, S{12336, 6789, 0, 0}, S{16384, 16385, 0, 0},
                S{16384, 16384, 0, 0}, S{8192, 8193, 3, 0}, S{4096, 4097, 0, 0}, S{8192, 8200, 0, 0}})
        fails += run_shape(s.r, s.c, s.mi, s.mo);
    std::printf("%s\n", fails ? "FAILURES" : "all checks passed");
    return fails != 0;
}
