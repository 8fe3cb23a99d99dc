// Stop 39: how much of the whole-line int8 kernel's loss (stop 38's
// design, tiles of 256 rows 128 apart: 66-69% of copy on an H100, run 8)
// is its doubled work a byte? The same tiles (256 x 128 bytes, 4 blocks an
// SM, lines_steps.hpp) timed at row steps of 128 (right: twice the work),
// 192 (a third more), 224 (a seventh more) and 240 (a fifteenth, as the
// shipped kernel's 112-row step with 128-row tiles). The last three are
// proxies: each tile writes the whole lines that start in its first S rows,
// and those starting after row 128 reach past the tile, so they are
// written wrong; the stores issued are those of a right design with that
// work a byte (taller tiles, which the kernel's lane plan does not
// support yet). Against launch_fast and cudaMemcpy of the same bytes in
// one process; only the shipped kernel and the 128-row step are checked
// (every output compared with the input).
// Arguments: RxC int8 shapes whose both sides are realigned.
#include <cuda_runtime.h>

#include <cstdio>
#include <string>
#include <vector>

#include "../tools/int8_shape.hpp"
#include "../tools/median_us.cuh"
#include "lines_steps.hpp"
#include "swz/detail/fast_launch.cuh"

using namespace swz::detail;
using plan = swz::fast_transpose_plan<1, 256, 128, 256>;
template <unsigned S>
using design_at = swz::lines::design<plan, S, S != 128>;

template <unsigned S>
__global__ void __launch_bounds__(plan::threads, 4) lines_kernel(fast_batch b, tile_walk walk) {
    extern __shared__ __align__(16) unsigned char tile[];
    design_at<S>::transpose_tile_owned(this_thread{}, job_of<plan>(b, walk, blockIdx.x), tile);
}

template <unsigned S>
struct lines_launch {
    fast_batch b;
    fast_transpose_grid<plan> grid;
    tile_walk walk;
    lines_launch(fast_batch const& batch, std::size_t rows, std::size_t cols)
        : b(batch), grid(design_at<S>::grid_of(rows, cols)), walk(tile_walk::of(grid)) {}
    void operator()() const { lines_kernel<S><<<unsigned(grid.tiles()), plan::threads, plan::shared_bytes>>>(b, walk); }
};

bool right_output(std::vector<unsigned char> const& h, unsigned char const* out, std::size_t rows, std::size_t cols) {
    std::vector<unsigned char> back(rows * cols);
    cudaMemcpy(back.data(), out, rows * cols, cudaMemcpyDeviceToHost);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t q = 0; q < cols; ++q)
            if (back[q * rows + r] != h[r * cols + q]) return false;
    return true;
}

int main(int argc, char** argv) {
    for (int a = 1; a < argc; ++a) {
        std::string const s = argv[a];
        auto const [rows, cols] = parse_int8_shape(s);
        std::size_t const n = rows * cols;
        transpose_shape const shape = transpose_shape::packed(rows, cols);
        std::vector<unsigned char> const h = int8_pattern(n);
        unsigned char *in, *out;
        cudaMalloc(&in, n), cudaMalloc(&out, n);
        cudaMemcpy(in, h.data(), n, cudaMemcpyHostToDevice);
        auto const c = choose_fast_kernel<1>(out, in, shape);
        if (c.aligned_in || c.aligned_out) {
            std::printf("%s: a side is aligned; skipped\n", s.c_str());
            continue;
        }
        fast_batch const b = make_fast_batch(out, in, shape, 1);
        lines_launch<128> const l128(b, rows, cols);
        lines_launch<192> const l192(b, rows, cols);
        lines_launch<224> const l224(b, rows, cols);
        lines_launch<240> const l240(b, rows, cols);
        cudaMemset(out, 0xa5, n);
        launch_fast<1>(out, in, shape, 0);
        bool const shipped_right = right_output(h, out, rows, cols);
        cudaMemset(out, 0xa5, n);
        l128();
        bool const lines_right = right_output(h, out, rows, cols);
        for (int round = 1; round <= 3; ++round) {
            double const copy = median_us([&] { cudaMemcpyAsync(out, in, n, cudaMemcpyDeviceToDevice, 0); }, 10, 100);
            double const shipped = median_us([&] { launch_fast<1>(out, in, shape, 0); }, 10, 100);
            double const t128 = median_us(l128, 10, 100), t192 = median_us(l192, 10, 100);
            double const t224 = median_us(l224, 10, 100), t240 = median_us(l240, 10, 100);
            std::printf("%s round %d copy %.2f shipped %.2f S128 %.2f S192 %.2f S224 %.2f S240 %.2f us | %% of copy: "
                        "shipped %.1f S128 %.1f S192 %.1f S224 %.1f S240 %.1f | tiles %zu %zu %zu %zu | shipped %s, "
                        "S128 %s, %s\n",
                        s.c_str(), round, copy, shipped, t128, t192, t224, t240, 100 * copy / shipped, 100 * copy / t128,
                        100 * copy / t192, 100 * copy / t224, 100 * copy / t240, l128.grid.tiles(), l192.grid.tiles(),
                        l224.grid.tiles(), l240.grid.tiles(), shipped_right ? "right" : "WRONG",
                        lines_right ? "right" : "WRONG", cudaGetErrorString(cudaDeviceSynchronize()));
            std::fflush(stdout);
        }
        cudaFree(in), cudaFree(out);
    }
}
