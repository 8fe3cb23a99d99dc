// Stop 32's A/B harness for the narrow kernel: built twice, against main's
// kernel headers and against the new ones (-I), so both run the same
// timing code; small, as it instantiates only the narrow kernels. For each
// "type:RxC" argument: the output checked against the CPU, then the median
// of 200 launches (CUDA events, after 20 warm-ups) and of 200 cudaMemcpy
// device-to-device copies of the same bytes, in the same process.
// Output line: type shape us_narrow us_copy pct_of_copy ok.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "../tools/median_us.cuh"
#include "swz/detail/narrow_launch.cuh"

using namespace swz::detail;

template <unsigned E>
void run(char const* type, std::size_t rows, std::size_t cols) {
    auto const s = transpose_shape::packed(rows, cols);
    auto const c = choose_narrow<E>(s);
    std::size_t const bytes = rows * cols * E;
    std::vector<unsigned char> h(bytes), back(bytes), want(bytes);
    std::mt19937 rng(7);
    for (auto& x : h) x = static_cast<unsigned char>(rng());
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t k = 0; k < cols; ++k) std::memcpy(&want[(k * rows + r) * E], &h[(r * cols + k) * E], E);
    unsigned char *in, *out;
    cudaMalloc(&in, bytes), cudaMalloc(&out, bytes);
    cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice);
    cudaMemset(out, 0xa5, bytes);
    bool ok = c.n != 0 && launch_narrow<E>(out, in, s, c, 0) == cudaSuccess;
    cudaMemcpy(back.data(), out, bytes, cudaMemcpyDeviceToHost);
    ok = ok && back == want;
    double const us = median_us([&] { launch_narrow<E>(out, in, s, c, 0); }, 20, 200);
    double const copy = median_us([&] { cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, 0); }, 20, 200);
    std::printf("%s %zux%zu %.2f %.2f %.1f %s\n", type, rows, cols, us, copy, 100.0 * copy / us, ok ? "ok" : "WRONG");
    cudaFree(in), cudaFree(out);
}

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        std::string const a = argv[i];
        auto const colon = a.find(':'), x = a.find('x');
        std::string const t = a.substr(0, colon);
        std::size_t const r = std::stoull(a.substr(colon + 1, x - colon - 1)), k = std::stoull(a.substr(x + 1));
        if (t == "int8") run<1>("int8", r, k);
        else if (t == "half") run<2>("half", r, k);
        else if (t == "float") run<4>("float", r, k);
        else run<8>("double", r, k);
    }
}
