// The prototypes' A/B on a matrix realigned on both sides (stop 40's
// strips, stop 48's clusters): the kernels launch_fast would run there,
// against variants taking a Matrix {in, out, rows, cols, pitch_in,
// pitch_out}, each output checked first (output_check.cuh), then rounds
// of medians of 100 launches as % of cudaMemcpy of the same bytes in the
// same process. With `only` one kernel ("shipped", "copy" or a variant's
// name) is launched 25 times, nothing checked or timed, for Nsight
// Compute.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <string>
#include <vector>

#include "int8_shape.hpp"
#include "median_us.cuh"
#include "output_check.cuh"
#include "swz/detail/fast_launch.cuh"

template <class Matrix>
struct ab_variant {
    char const* name;
    void (*launch)(Matrix const&);
};

// note(m): printed after the checks' line (may be empty).
template <unsigned E, class Matrix, class Note>
void realigned_ab(std::string const& label, std::size_t rows, std::size_t cols, std::vector<ab_variant<Matrix>> const& vs,
                  int rounds, std::string const& only, Note const& note) {
    using namespace swz::detail;
    std::size_t const n = rows * cols * E;
    transpose_shape const shape = transpose_shape::packed(rows, cols);
    std::vector<unsigned char> const h = int8_pattern(n);
    unsigned char *in, *out;
    cudaMalloc(&in, n), cudaMalloc(&out, n);
    cudaMemcpy(in, h.data(), n, cudaMemcpyHostToDevice);
    auto const c = choose_fast_kernel<E>(out, in, shape);
    Matrix const m{in, out, rows, cols, cols * E, rows * E};
    auto const shipped = [&] { launch_fast<E>(out, in, shape, 0); };
    auto const copy = [&] { cudaMemcpyAsync(out, in, n, cudaMemcpyDeviceToDevice, 0); };
    if (c.aligned_in || c.aligned_out) {
        std::printf("%s: a side is aligned; skipped\n", label.c_str());
    } else if (!only.empty()) {
        for (int r = 0; r < 25; ++r) {
            if (only == "shipped") shipped();
            else if (only == "copy") copy();
            else
                for (auto const& v : vs)
                    if (only == v.name) v.launch(m);
        }
        std::printf("%s %s: %s\n", label.c_str(), only.c_str(), cudaGetErrorString(cudaDeviceSynchronize()));
    } else {
        std::printf("%s checks: shipped %s", label.c_str(), checked(shipped, h, out, rows, cols, E).c_str());
        for (auto const& v : vs) std::printf(" %s %s", v.name, checked([&] { v.launch(m); }, h, out, rows, cols, E).c_str());
        std::printf("%s\n", note(m).c_str());
        for (int round = 1; round <= rounds; ++round) {
            double const copy_us = median_us(copy, 10, 100);
            std::printf("%s round %d copy %.2f us | %% of copy: shipped %.1f", label.c_str(), round, copy_us,
                        100 * copy_us / median_us(shipped, 10, 100));
            for (auto const& v : vs)
                std::printf(" %s %.1f", v.name, 100 * copy_us / median_us([&] { v.launch(m); }, 10, 100));
            std::printf(" | %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
            std::fflush(stdout);
        }
    }
    cudaFree(in), cudaFree(out);
}
