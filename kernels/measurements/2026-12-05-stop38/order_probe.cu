// Stop 38's second probe: does the int8 kernel that realigns both sides
// lose to its neighbours' shared output lines? Tiles next to each other in
// a column (row0 and row0 + 112) write the two ends of the same 128-byte
// lines of each output row, and in whole-column order they run at the same
// time. Here the shipped kernel's body (transpose_tile, unchanged) runs in
// a permuted order: every column's even tile rows first, then its odd ones
// (mode 1), or all even tile rows of the matrix, then all odd ones (mode
// 2), so that tiles sharing lines run apart. Every output is compared with
// launch_fast's; timed against it and cudaMemcpy of the same bytes in one
// process, median of 100 launches after 10 warm-ups.
// Arguments: RxC int8 shapes whose both sides are realigned.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../tools/median_us.cuh"
#include "swz/detail/fast_launch.cuh"

using namespace swz::detail;

using plan = swz::fast_plan_of<1, false>;
using body = fast_transpose_body<plan, false, false, false, false>;
constexpr unsigned min_blocks = swz::fast_transpose_config<1>::min_blocks_realigned(true, true);

struct order {
    unsigned height, across;  // tile rows per column, tile columns
};

// Block b's tile in whole-column numbering (column * height + row).
template <int Mode>
__device__ unsigned tile_of(order o, unsigned b) {
    unsigned const even = (o.height + 1) / 2, odd = o.height / 2;
    if (Mode == 1) {  // column by column: its even rows, then its odd rows
        unsigned const col = b / o.height, i = b % o.height;
        unsigned const row = i < even ? 2 * i : 2 * (i - even) + 1;
        return col * o.height + row;
    }
    unsigned const evens = even * o.across;  // Mode 2: every even row of the matrix first
    if (b < evens) return b / even * o.height + 2 * (b % even);
    unsigned const c = b - evens;
    return c / odd * o.height + 2 * (c % odd) + 1;
}

template <int Mode>
__global__ void __launch_bounds__(plan::threads, min_blocks) ordered_kernel(fast_batch b, tile_walk walk, order o) {
    extern __shared__ __align__(16) unsigned char tile[];
    transpose_tile<body>(this_thread{}, job_of<plan>(b, walk, tile_of<Mode>(o, blockIdx.x)), tile);
}

int main(int argc, char** argv) {
    for (int a = 1; a < argc; ++a) {
        std::string const s = argv[a];
        std::size_t const x = s.find('x');
        std::size_t const rows = std::stoull(s.substr(0, x)), cols = std::stoull(s.substr(x + 1)), n = rows * cols;
        transpose_shape const shape = transpose_shape::packed(rows, cols);
        unsigned char *in, *out, *ref;
        cudaMalloc(&in, n), cudaMalloc(&out, n), cudaMalloc(&ref, n);
        std::vector<unsigned char> h(n), back(n), want(n);
        for (std::size_t i = 0; i < n; ++i) h[i] = static_cast<unsigned char>(i * 2654435761u >> 13);
        cudaMemcpy(in, h.data(), n, cudaMemcpyHostToDevice);
        fast_batch b = make_fast_batch(out, in, shape, 1);
        auto const c = choose_fast_kernel<1>(out, in, shape);
        std::size_t resident = 0;
        resident_blocks<plan, false, false, false, min_blocks, false>(resident);
        b.band = choose_band<plan>(rows, cols, resident, row_step_of<plan, false, false>);
        if (c.aligned_in || c.aligned_out || c.sectors || c.wide || c.tall || b.band != swz::whole_column) {
            std::printf("%s: not the kernel that realigns both sides in whole columns; skipped\n", s.c_str());
            continue;
        }
        fast_transpose_grid<plan> const g = grid_of<plan, false, false>(b);
        order const o{unsigned(g.tile_rows()), unsigned(g.tiles_per_row())};
        unsigned const tiles = unsigned(g.tiles());
        tile_walk const walk = walk_of<plan, false, false>(b);
        launch_fast<1>(ref, in, shape, 0);
        cudaMemcpy(want.data(), ref, n, cudaMemcpyDeviceToHost);
        bool ok = true;
        for (std::size_t r = 0; r < rows && ok; ++r)
            for (std::size_t col = 0; col < cols && ok; ++col) ok = want[col * rows + r] == h[r * cols + col];
        auto const run = [&](auto kernel) { kernel<<<tiles, plan::threads, plan::shared_bytes>>>(b, walk, o); };
        bool same[2];
        for (int m = 0; m < 2; ++m) {
            cudaMemset(out, 0xa5, n);
            m == 0 ? run(ordered_kernel<1>) : run(ordered_kernel<2>);
            cudaMemcpy(back.data(), out, n, cudaMemcpyDeviceToHost);
            same[m] = std::memcmp(back.data(), want.data(), n) == 0;
        }
        double const copy = median_us([&] { cudaMemcpyAsync(out, in, n, cudaMemcpyDeviceToDevice, 0); }, 10, 100);
        double const shipped = median_us([&] { launch_fast<1>(out, in, shape, 0); }, 10, 100);
        double const m1 = median_us([&] { run(ordered_kernel<1>); }, 10, 100);
        double const m2 = median_us([&] { run(ordered_kernel<2>); }, 10, 100);
        double const shipped2 = median_us([&] { launch_fast<1>(out, in, shape, 0); }, 10, 100);
        cudaError_t const err = cudaDeviceSynchronize();
        std::printf("%s copy %.2f shipped %.2f / %.2f even-odd by column %.2f even-odd by matrix %.2f us | %% of copy: "
                    "shipped %.1f / %.1f by column %.1f by matrix %.1f | tiles %u (%u x %u) | shipped %s, by column %s, "
                    "by matrix %s, %s\n",
                    s.c_str(), copy, shipped, shipped2, m1, m2, 100 * copy / shipped, 100 * copy / shipped2, 100 * copy / m1,
                    100 * copy / m2, tiles, o.height, o.across, ok ? "right" : "WRONG", same[0] ? "same" : "DIFFERENT",
                    same[1] ? "same" : "DIFFERENT", err == cudaSuccess ? "ok" : cudaGetErrorString(err));
        std::fflush(stdout);
        cudaFree(in), cudaFree(out), cudaFree(ref);
    }
}
