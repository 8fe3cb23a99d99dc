// Stop 38's prototype of the design runs 6 and 7 point to, for int8
// matrices whose input and output rows are both unaligned: tiles of 256
// rows x 128 bytes, 128 rows apart, each writing of every output row the
// one whole 128-byte line that starts in its first 128 rows (a column's
// first tile also the rows' heads, its last the rows' tails). The loads,
// the exchange, the swizzled tile and the gather are the shipped body's
// (fast_transpose_body, fill_tile, gather_chain) on a 256 x 128-byte plan;
// only the choice of which realigned chunks a lane stores is new
// (store_owned; the steps are lines_steps.hpp's, which
// ../2026-12-05-stop39/lines_emulation.cpp runs on the CPU). Not proved by
// swz-verify --kernel (the plan is not in the kernel catalogue) and not
// shipped: a measurement, every output compared with the input.
// Arguments: RxC int8 shapes whose both sides are realigned. Output per
// round: us of cudaMemcpy, launch_fast and the prototype (at 64 and 80
// registers), and % of copy.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../tools/int8_shape.hpp"
#include "../tools/median_us.cuh"
#include "lines_steps.hpp"
#include "swz/detail/fast_launch.cuh"

using namespace swz::detail;
using swz::lines::plan;

// MinBlocks: the register cap (4: 64 registers, as the shipped kernel; 3: 80).
template <unsigned MinBlocks>
__global__ void __launch_bounds__(plan::threads, MinBlocks) lines_kernel(fast_batch b, tile_walk walk) {
    extern __shared__ __align__(16) unsigned char tile[];
    swz::lines::transpose_tile_owned(this_thread{}, job_of<plan>(b, walk, blockIdx.x), tile);
}

int main(int argc, char** argv) {
    for (int a = 1; a < argc; ++a) {
        std::string const s = argv[a];
        auto const [rows, cols] = parse_int8_shape(s);
        std::size_t const n = rows * cols;
        transpose_shape const shape = transpose_shape::packed(rows, cols);
        unsigned char *in, *out;
        cudaMalloc(&in, n), cudaMalloc(&out, n);
        std::vector<unsigned char> const h = int8_pattern(n);
        std::vector<unsigned char> back(n);
        cudaMemcpy(in, h.data(), n, cudaMemcpyHostToDevice);
        auto const c = choose_fast_kernel<1>(out, in, shape);
        if (c.aligned_in || c.aligned_out) {
            std::printf("%s: a side is aligned; skipped\n", s.c_str());
            continue;
        }
        fast_batch b = make_fast_batch(out, in, shape, 1);
        fast_transpose_grid<plan> const grid = swz::lines::grid_of(rows, cols);
        tile_walk const walk = tile_walk::of(grid);
        unsigned const tiles = unsigned(grid.tiles());
        auto const run = [&] { lines_kernel<4><<<tiles, plan::threads, plan::shared_bytes>>>(b, walk); };
        auto const run3 = [&] { lines_kernel<3><<<tiles, plan::threads, plan::shared_bytes>>>(b, walk); };
        bool right[3];
        for (int v = 0; v < 3; ++v) {
            cudaMemset(out, 0xa5, n);
            v == 0 ? (void)launch_fast<1>(out, in, shape, 0) : v == 1 ? run() : run3();
            cudaMemcpy(back.data(), out, n, cudaMemcpyDeviceToHost);
            right[v] = true;
            for (std::size_t r = 0; r < rows && right[v]; ++r)
                for (std::size_t q = 0; q < cols; ++q)
                    if (back[q * rows + r] != h[r * cols + q]) {
                        right[v] = false;
                        break;
                    }
        }
        int per_sm = 0, per_sm3 = 0;
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, lines_kernel<4>, plan::threads, plan::shared_bytes);
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm3, lines_kernel<3>, plan::threads, plan::shared_bytes);
        for (int round = 1; round <= 3; ++round) {
            double const copy = median_us([&] { cudaMemcpyAsync(out, in, n, cudaMemcpyDeviceToDevice, 0); }, 10, 100);
            double const shipped = median_us([&] { launch_fast<1>(out, in, shape, 0); }, 10, 100);
            double const lines = median_us([&] { run(); }, 10, 100);
            double const lines3 = median_us([&] { run3(); }, 10, 100);
            std::printf("%s round %d copy %.2f shipped %.2f lines %.2f lines-80-registers %.2f us | %% of copy: shipped %.1f "
                        "lines %.1f lines-80 %.1f | tiles %u, %d / %d blocks an SM | shipped %s, lines %s, lines-80 %s, %s\n",
                        s.c_str(), round, copy, shipped, lines, lines3, 100 * copy / shipped, 100 * copy / lines,
                        100 * copy / lines3, tiles, per_sm, per_sm3, right[0] ? "right" : "WRONG",
                        right[1] ? "right" : "WRONG", right[2] ? "right" : "WRONG",
                        cudaGetErrorString(cudaDeviceSynchronize()));
            std::fflush(stdout);
        }
        cudaFree(in), cudaFree(out);
    }
}
