// Stop 26 probe (not shipped): what an output row's alignment costs a
// kernel that reads 16-byte chunks in order and writes each to its place
// in rows of an output matrix, in pieces ("spans") of S bytes per row per
// block -- the transpose's write pattern without the transpose.
//
// Run 4 found that where output rows are not 16-byte aligned the fast
// kernels issue twice the L2 write requests (a tile writes 112 bytes of
// each output row, which straddle two 128-byte lines) and run 10% slower,
// while 50% more instructions elsewhere cost 3%. This probe asks how the
// time depends on the span S and on the rows' alignment alone.
//
// A block writes P rows x S bytes (P S = 16 KiB) of whole aligned chunks
// of each row: row r's chunk j lies at the first 16-byte boundary of the
// row plus 16 j. Lanes take consecutive chunks of a row, then the next
// row (a warp store covers 32 / (S / 16) rows, as the transpose's covers
// 4 rows x 8 chunks). Consecutive blocks write consecutive spans of the
// same rows, as the transpose's blocks walk down a column of tiles. The
// input is read once, in order, 16-byte aligned.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                                         \
    do {                                                                                              \
        cudaError_t e_ = (x);                                                                         \
        if (e_ != cudaSuccess) {                                                                      \
            std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__);      \
            std::exit(1);                                                                             \
        }                                                                                             \
    } while (0)

struct geometry {
    unsigned rows, chunks;   // output rows, whole aligned chunks written per row
    unsigned long long pitch;  // bytes between output rows
    unsigned span_chunks, rows_per_block, spans_per_row;
    unsigned rows_per_store;  // 0: lanes take consecutive chunks of a row, then the next row;
                              // R: a warp store covers R rows x 32 / R chunks, lane -> (row lane % R,
                              // chunk lane / R), as the transpose's gather lanes (R = 4: 8 chunks)
};

__global__ void __launch_bounds__(256) scatter_spans(uint4 const* __restrict__ in, unsigned char* out, geometry g) {
    unsigned const span = blockIdx.x % g.spans_per_row, row_tile = blockIdx.x / g.spans_per_row;
    unsigned const per_block = g.rows_per_block * g.span_chunks;
    uint4 const* src = in + std::size_t(blockIdx.x) * per_block;
    for (unsigned i = threadIdx.x; i < per_block; i += 256) {
        unsigned rr = i / g.span_chunks, jj = i % g.span_chunks;
        if (g.rows_per_store) {
            unsigned const lane = i % 32, store = i / 32, per = 32 / g.rows_per_store;
            unsigned const across = g.span_chunks / per;  // stores per row block
            rr = store / across * g.rows_per_store + lane % g.rows_per_store;
            jj = store % across * per + lane / g.rows_per_store;
        }
        unsigned const r = row_tile * g.rows_per_block + rr;
        unsigned const j = span * g.span_chunks + jj;
        if (r >= g.rows || j >= g.chunks) continue;
        std::uintptr_t const row = reinterpret_cast<std::uintptr_t>(out) + std::uintptr_t(r) * g.pitch;
        std::uintptr_t const first = (row + 15) & ~std::uintptr_t(15);
        uint4 const v = src[i];
        *reinterpret_cast<uint4*>(first + 16 * std::uintptr_t(j)) = v;
    }
}

__global__ void copy16(uint4 const* __restrict__ in, uint4* __restrict__ out, std::size_t n) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x)
        out[i] = in[i];
}

// SPAN_PROBE_REPS=1 (for Nsight Compute): one launch per configuration.
static int reps_wanted() {
    char const* e = std::getenv("SPAN_PROBE_REPS");
    return e ? std::max(1, std::atoi(e)) : 40;
}

template <class F>
static float time_ms(F&& f) {
    int const reps = reps_wanted();
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    for (int i = 0; i < (reps > 1 ? 5 : 0); ++i) f();
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
    std::sort(ts.begin(), ts.end());
    return ts[ts.size() / 2];
}

int main() {
    std::size_t const rows = 8193, len = 8191;  // output rows of 8191 bytes (int8 8191 x 8193 transposed)
    std::size_t const cap = rows * 8208 + 64;
    unsigned char *din, *dout, *dcopy;
    std::size_t const in_cap = std::size_t(96) << 20;
    CK(cudaMalloc(&din, in_cap));
    CK(cudaMalloc(&dout, cap));
    CK(cudaMalloc(&dcopy, cap));
    CK(cudaMemset(din, 1, in_cap));
    std::size_t const n16 = rows * len / 16;
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    auto copy = [&] { copy16<<<sms * 8, 256>>>(reinterpret_cast<uint4 const*>(din), reinterpret_cast<uint4*>(dcopy), n16); };
    float const t_copy = time_ms(copy);
    std::printf("copy16 of %zu bytes: %.4f ms, %.1f GB/s (read + written)\n", n16 * 16, t_copy, 2.0 * n16 * 16 / t_copy / 1e6);
    std::printf("| pitch | span bytes | rows per warp store | ms | GB/s | %% of copy16 |\n|---|---|---|---|---|---|\n");
    struct cfg { unsigned long long pitch; unsigned span, rps; };
    std::vector<cfg> cfgs;
    for (unsigned long long pitch : {8192ull, 8191ull, 8200ull})
        for (unsigned span : {112u, 128u, 240u, 256u, 496u, 512u, 1024u}) cfgs.push_back({pitch, span, 0});
    // Run 6: the transpose's lanes (4 rows x 8 chunks a store) on taller spans,
    // against 2 rows x 16 and 1 row x 32.
    for (unsigned long long pitch : {8192ull, 8191ull})
        for (cfg c : {cfg{0, 128, 4}, cfg{0, 256, 4}, cfg{0, 256, 2}, cfg{0, 512, 4}, cfg{0, 512, 2}, cfg{0, 512, 1},
                      cfg{0, 1024, 4}})
            cfgs.push_back({pitch, c.span, c.rps});
    for (cfg c : cfgs) {
        unsigned long long const pitch = c.pitch;
        unsigned const span = c.span;
        {
            geometry g{};
            g.rows_per_store = c.rps;
            g.rows = unsigned(rows);
            g.pitch = pitch;
            g.chunks = unsigned((len - 15) / 16);  // whole chunks in every row, whatever its start
            g.span_chunks = span / 16;
            g.rows_per_block = 16384 / span;
            g.spans_per_row = (g.chunks + g.span_chunks - 1) / g.span_chunks;
            unsigned const row_tiles = (g.rows + g.rows_per_block - 1) / g.rows_per_block;
            unsigned const blocks = row_tiles * g.spans_per_row;
            std::size_t const moved = std::size_t(g.rows) * g.chunks * 16;
            // input big enough for every block's 16 KiB
            if (std::size_t(blocks) * 16384 > in_cap) { std::printf("skip %u\n", span); continue; }
            auto run = [&] {
                scatter_spans<<<blocks, 256>>>(reinterpret_cast<uint4 const*>(din), dout, g);
            };
            float const t = time_ms(run);
            double const gbs = 2.0 * moved / t / 1e6, copy_gbs = 2.0 * n16 * 16 / t_copy / 1e6;
            unsigned const rps = c.rps ? c.rps : (32u + span / 16 - 1) / std::min(32u, span / 16);
            std::printf("| %llu | %u | %u%s | %.4f | %.1f | %.1f%% |\n", pitch, span, rps, c.rps ? " (gather lanes)" : "", t,
                        gbs, 100 * gbs / copy_gbs);
        }
    }
    return 0;
}
