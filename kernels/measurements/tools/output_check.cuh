// The prototypes' check of a transpose on the GPU (stop 40's strips,
// stop 48's clusters): the output poisoned, the kernel run, then every
// element compared with the input's on the host.
#pragma once

#include <cuda_runtime.h>

#include <cstring>
#include <string>
#include <vector>

// Whether out (cols x rows elements of e bytes, on the device) is the
// transpose of h (rows x cols, on the host).
inline bool right_output(std::vector<unsigned char> const& h, unsigned char const* out, std::size_t rows,
                         std::size_t cols, unsigned e) {
    std::vector<unsigned char> back(rows * cols * e);
    cudaMemcpy(back.data(), out, back.size(), cudaMemcpyDeviceToHost);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t q = 0; q < cols; ++q)
            if (std::memcmp(&back[(q * rows + r) * e], &h[(r * cols + q) * e], e) != 0) return false;
    return true;
}

// f's output checked: "right", "WRONG", or the CUDA error it raised.
template <class F>
std::string checked(F const& f, std::vector<unsigned char> const& h, unsigned char* out, std::size_t rows,
                    std::size_t cols, unsigned e) {
    cudaMemset(out, 0xa5, rows * cols * e);
    f();
    cudaError_t const err = cudaDeviceSynchronize();
    if (err != cudaSuccess) return cudaGetErrorString(err);
    return right_output(h, out, rows, cols, e) ? "right" : "WRONG";
}
