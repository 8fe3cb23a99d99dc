// Stop 40: the fast kernel that realigns both sides, int8 and halves, on
// strips of S shipped tiles with the wrapped output chunks carried to the
// next tile (strip_steps.hpp), against launch_fast and cudaMemcpy of the
// same bytes in one process. Run 1 timed S = 1, 2, 4, 8 down whole columns
// of strips (slower than shipped: blocks running together were S tiles
// apart); run 2 times strips in rows across the columns (S = 4, 8, S = 4
// without the carry, int8 S = 4 at 3 blocks), beside S = 1 and S = 4 down
// columns. Every variant's output compared with the
// input once; then three rounds of medians of 100 launches.
// Arguments: RxC (int8) or h:RxC (halves), shapes whose both sides are
// realigned.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "../tools/int8_shape.hpp"
#include "../tools/median_us.cuh"
#include "strip_steps.hpp"
#include "swz/detail/fast_launch.cuh"

using namespace swz::detail;
using swz::strips::design;
using swz::strips::matrix;

template <class D, unsigned MinBlocks>
__global__ void __launch_bounds__(D::plan::threads, MinBlocks) strip_kernel(matrix m) {
    __shared__ __align__(16) unsigned char tile[D::plan::shared_bytes];
    __shared__ __align__(16) unsigned char stash[D::stash_bytes];
    D::transpose_strip(this_thread{}, m, blockIdx.x, tile, stash);
}

struct variant {
    char const* name;
    void (*launch)(matrix const&);
};
template <class D, unsigned MinBlocks>
void launch(matrix const& m) {
    strip_kernel<D, MinBlocks><<<unsigned(D::blocks(m)), D::plan::threads>>>(m);
}
template <unsigned E>
std::vector<variant> variants();
#if defined(STOP40_RUN1)  // run 1's variants (build with -DSTOP40_RUN1)
template <>
std::vector<variant> variants<1>() {
    return {{"S1", launch<design<1, 1>, 4>},          {"S2", launch<design<1, 2>, 4>},
            {"S4", launch<design<1, 4>, 4>},          {"S8", launch<design<1, 8>, 4>},
            {"S4@3", launch<design<1, 4>, 3>},        {"S4split", launch<design<1, 4, false>, 4>}};
}
template <>
std::vector<variant> variants<2>() {
    return {{"S1", launch<design<2, 1>, 4>},          {"S2", launch<design<2, 2>, 4>},
            {"S4", launch<design<2, 4>, 4>},          {"S8", launch<design<2, 8>, 4>},
            {"S4@5", launch<design<2, 4>, 5>},        {"S4split", launch<design<2, 4, false>, 4>}};
}
#else  // run 2's
template <>
std::vector<variant> variants<1>() {
    return {{"S1", launch<design<1, 1>, 4>},
            {"S4", launch<design<1, 4>, 4>},
            {"S4across", launch<design<1, 4, true, true>, 4>},
            {"S8across", launch<design<1, 8, true, true>, 4>},
            {"S4across@3", launch<design<1, 4, true, true>, 3>},
            {"S4splitacross", launch<design<1, 4, false, true>, 4>}};
}
template <>
std::vector<variant> variants<2>() {
    return {{"S1", launch<design<2, 1>, 4>},
            {"S4across", launch<design<2, 4, true, true>, 4>},
            {"S8across", launch<design<2, 8, true, true>, 4>},
            {"S4splitacross", launch<design<2, 4, false, true>, 4>}};
}
#endif

bool right_output(std::vector<unsigned char> const& h, unsigned char const* out, std::size_t rows, std::size_t cols,
                  unsigned e) {
    std::vector<unsigned char> back(rows * cols * e);
    cudaMemcpy(back.data(), out, back.size(), cudaMemcpyDeviceToHost);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t q = 0; q < cols; ++q)
            if (std::memcmp(&back[(q * rows + r) * e], &h[(r * cols + q) * e], e) != 0) return false;
    return true;
}

template <class F>
std::string checked(F const& f, std::vector<unsigned char> const& h, unsigned char* out, std::size_t rows,
                    std::size_t cols, unsigned e) {
    cudaMemset(out, 0xa5, rows * cols * e);
    f();
    cudaError_t const err = cudaDeviceSynchronize();
    if (err != cudaSuccess) return cudaGetErrorString(err);
    return right_output(h, out, rows, cols, e) ? "right" : "WRONG";
}

template <unsigned E>
void measure(std::string const& label, std::size_t rows, std::size_t cols) {
    std::size_t const n = rows * cols * E;
    transpose_shape const shape = transpose_shape::packed(rows, cols);
    std::vector<unsigned char> const h = int8_pattern(n);
    unsigned char *in, *out;
    cudaMalloc(&in, n), cudaMalloc(&out, n);
    cudaMemcpy(in, h.data(), n, cudaMemcpyHostToDevice);
    auto const c = choose_fast_kernel<E>(out, in, shape);
    if (c.aligned_in || c.aligned_out) {
        std::printf("%s: a side is aligned; skipped\n", label.c_str());
        cudaFree(in), cudaFree(out);
        return;
    }
    matrix const m{in, out, rows, cols, cols * E, rows * E};
    auto const shipped = [&] { launch_fast<E>(out, in, shape, 0); };
    auto const vs = variants<E>();
    std::printf("%s checks: shipped %s", label.c_str(), checked(shipped, h, out, rows, cols, E).c_str());
    for (auto const& v : vs) std::printf(" %s %s", v.name, checked([&] { v.launch(m); }, h, out, rows, cols, E).c_str());
    std::printf(" | blocks S1 %zu S4 %zu\n", design<E, 1>::blocks(m), design<E, 4>::blocks(m));
    for (int round = 1; round <= 3; ++round) {
        double const copy = median_us([&] { cudaMemcpyAsync(out, in, n, cudaMemcpyDeviceToDevice, 0); }, 10, 100);
        std::printf("%s round %d copy %.2f us | %% of copy: shipped %.1f", label.c_str(), round, copy,
                    100 * copy / median_us(shipped, 10, 100));
        for (auto const& v : vs) std::printf(" %s %.1f", v.name, 100 * copy / median_us([&] { v.launch(m); }, 10, 100));
        std::printf(" | %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
        std::fflush(stdout);
    }
    cudaFree(in), cudaFree(out);
}

int main(int argc, char** argv) {
    for (int a = 1; a < argc; ++a) {
        std::string const s = argv[a];
        bool const half = s.rfind("h:", 0) == 0;
        auto const [rows, cols] = parse_int8_shape(half ? s.substr(2) : s);
        if (half) measure<2>(s, rows, cols);
        else measure<1>(s, rows, cols);
    }
}
