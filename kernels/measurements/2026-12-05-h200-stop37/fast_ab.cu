// Stop 37's A/B harness for the fast kernels, as stop 32's narrow_ab.cu:
// built twice, against main's kernel headers and against a branch's (-I),
// so both run the same timing code; small, as it instantiates only the
// shipped launch (swz::detail::launch_fast). Arguments "type:RxC",
// "type:BxRxC" (a batch of packed matrices) or "type:RxC:LDI:LDO". For
// each: the output checked element by element against the CPU, then the
// median of 100 launches (CUDA events, after 10 warm-ups) and of 100
// cudaMemcpy device-to-device copies of the same bytes, in the same process.
// Output line: type shape us_kernel us_copy pct_of_copy ok.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <string>
#include <vector>

#include "../tools/median_us.cuh"
#include "swz/detail/fast_launch.cuh"

using namespace swz::detail;

template <unsigned E>
void run(char const* type, std::string const& name, transpose_shape const& s) {
    std::size_t const in_bytes = ((s.batch - 1) * s.stride_in + (s.rows - 1) * s.ld_in + s.cols) * E;
    std::size_t const out_bytes = ((s.batch - 1) * s.stride_out + (s.cols - 1) * s.ld_out + s.rows) * E;
    std::size_t const data = s.batch * s.rows * s.cols * E;
    std::vector<unsigned char> h(in_bytes), back(out_bytes);
    std::uint64_t x = 0x9e3779b97f4a7c15u;  // a fast fill: matrices of up to a gigabyte
    for (std::size_t i = 0; i < in_bytes; ++i) {
        if (i % 8 == 0) x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        h[i] = static_cast<unsigned char>(x >> (8 * (i % 8)));
    }
    unsigned char *in, *out;
    cudaMalloc(&in, in_bytes), cudaMalloc(&out, out_bytes);
    cudaMemcpy(in, h.data(), in_bytes, cudaMemcpyHostToDevice);
    cudaMemset(out, 0xa5, out_bytes);
    bool ok = launch_fast<E>(out, in, s, 0) == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess;
    cudaMemcpy(back.data(), out, out_bytes, cudaMemcpyDeviceToHost);
    for (std::size_t m = 0; ok && m < s.batch; ++m)
        for (std::size_t r = 0; ok && r < s.rows; ++r)
            for (std::size_t c = 0; c < s.cols; ++c)
                if (std::memcmp(&back[(m * s.stride_out + c * s.ld_out + r) * E], &h[(m * s.stride_in + r * s.ld_in + c) * E], E)) {
                    ok = false;
                    break;
                }
    double const us = median_us([&] { launch_fast<E>(out, in, s, 0); }, 10, 100);
    double const copy = median_us([&] { cudaMemcpyAsync(out, in, data, cudaMemcpyDeviceToDevice, 0); }, 10, 100);
    std::printf("%s %s %.2f %.2f %.1f %s\n", type, name.c_str(), us, copy, 100.0 * copy / us, ok ? "ok" : "WRONG");
    std::fflush(stdout);
    cudaFree(in), cudaFree(out);
}

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        std::string const a = argv[i];
        auto const colon = a.find(':');
        std::string const t = a.substr(0, colon), name = a.substr(colon + 1);
        std::vector<std::size_t> dims, lds;
        std::size_t p = colon + 1;
        std::string const dim_part = a.substr(p, a.find(':', p) == std::string::npos ? std::string::npos : a.find(':', p) - p);
        for (std::size_t q = 0; q <= dim_part.size();) {
            std::size_t const x = std::min(dim_part.find('x', q), dim_part.size());
            dims.push_back(std::stoull(dim_part.substr(q, x - q)));
            q = x + 1;
        }
        for (std::size_t q = a.find(':', p); q != std::string::npos; q = a.find(':', q + 1))
            lds.push_back(std::stoull(a.substr(q + 1)));
        transpose_shape s = transpose_shape::packed(dims[dims.size() - 2], dims.back());
        if (dims.size() == 3) s.batch = dims[0];
        if (lds.size() == 2) s.ld_in = lds[0], s.ld_out = lds[1], s.stride_in = s.rows * s.ld_in, s.stride_out = s.cols * s.ld_out;
        if (t == "int8") run<1>("int8", name, s);
        else if (t == "half") run<2>("half", name, s);
        else if (t == "float") run<4>("float", name, s);
        else run<8>("double", name, s);
    }
}
