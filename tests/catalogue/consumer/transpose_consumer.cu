// A CUDA consumer of the installed package, built as it is: it includes
// <swz/transpose.cuh>, links swz::kernels, and sets no C++ standard of its
// own. Without a GPU it exits 77 (the package test accepts that: it checks
// the build); with one it transposes a sub-matrix and a batch and checks them.
#include <swz/transpose.cuh>

#include <cstdio>
#include <vector>

int main() {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        std::printf("no CUDA device: built, not run\n");
        return 77;
    }
    std::size_t const rows = 37, cols = 45, ld_in = 48, ld_out = 40, batch = 3;
    std::size_t const in_n = batch * rows * ld_in, out_n = batch * cols * ld_out;
    std::vector<float> in(in_n), out(out_n, -1.0f);
    for (std::size_t i = 0; i < in_n; ++i) in[i] = float(i);
    float *d_in = nullptr, *d_out = nullptr;
    if (cudaMalloc(&d_in, in_n * sizeof(float)) != cudaSuccess || cudaMalloc(&d_out, out_n * sizeof(float)) != cudaSuccess)
        return 1;
    cudaMemcpy(d_in, in.data(), in_n * sizeof(float), cudaMemcpyHostToDevice);
    cudaError_t const err =
        swz::transpose_batched(d_out, ld_out, cols * ld_out, d_in, ld_in, rows * ld_in, rows, cols, batch);
    if (err != cudaSuccess || cudaMemcpy(out.data(), d_out, out_n * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess) {
        std::printf("transpose failed: %s\n", cudaGetErrorString(err));
        return 1;
    }
    for (std::size_t b = 0; b < batch; ++b)
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t c = 0; c < cols; ++c)
                if (out[b * cols * ld_out + c * ld_out + r] != in[b * rows * ld_in + r * ld_in + c]) return 1;
    std::printf("transposed %zu matrices of %zu x %zu\n", batch, rows, cols);
    return 0;
}
