// Every kernel variant x element type x a spread of shapes against a CPU
// reference, on fresh random data, with the output poisoned before each
// launch and every element compared. Every CUDA call and launch is checked.
// The fast kernel's new paths in depth: test_fast_gpu.cu.
#include <catch2/catch.hpp>

#include "require_cuda.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <swz/transpose.cuh>

namespace {

struct shape {
    std::size_t rows, cols;
};

std::vector<swz::transpose_variant> const variants{swz::transpose_variant::fast, swz::transpose_variant::article_swizzled,
                                                   swz::transpose_variant::article_padded,
                                                   swz::transpose_variant::article_plain};

char const* name(swz::transpose_variant v) {
    switch (v) {
        case swz::transpose_variant::fast: return "fast";
        case swz::transpose_variant::article_swizzled: return "article_swizzled";
        case swz::transpose_variant::article_padded: return "article_padded";
        case swz::transpose_variant::article_plain: return "article_plain";
    }
    return "?";
}

// Fresh random bytes for every run (the seed changes with the shape and a
// counter, and is printed on failure).
std::vector<unsigned char> random_bytes(std::size_t n, std::uint64_t seed) {
    std::vector<unsigned char> v(n);
    std::uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        std::memcpy(v.data() + i, &x, 8);
    }
    for (; i < n; ++i) v[i] = static_cast<unsigned char>(x >> (8 * (i % 8)));
    return v;
}

std::uint64_t run_counter = 0;

// Transposes `s` with `variant` through element type T, the matrices placed
// `offset` elements past a 256-byte-aligned allocation, and compares every
// element with the CPU reference.
template <class T>
void check(swz::transpose_variant variant, shape s, std::size_t offset = 0) {
    std::size_t const n = s.rows * s.cols, bytes = n * sizeof(T), alloc = (n + offset) * sizeof(T);
    std::uint64_t const seed = (++run_counter << 32) ^ (s.rows * 131 + s.cols) ^ sizeof(T);
    CAPTURE(name(variant), sizeof(T), s.rows, s.cols, offset, seed);
    auto const host_in = random_bytes(bytes, seed);
    unsigned char *in = nullptr, *out = nullptr;
    REQUIRE_CUDA(cudaMalloc(&in, alloc));
    REQUIRE_CUDA(cudaMalloc(&out, alloc));
    REQUIRE_CUDA(cudaMemcpy(in + offset * sizeof(T), host_in.data(), bytes, cudaMemcpyHostToDevice));
    REQUIRE_CUDA(cudaMemset(out, 0xCD, alloc));  // poison: an unwritten element shows
    REQUIRE_CUDA(swz::transpose(reinterpret_cast<T*>(out) + offset, reinterpret_cast<T const*>(in) + offset, s.rows,
                                s.cols, variant));
    REQUIRE_CUDA(cudaDeviceSynchronize());
    std::vector<unsigned char> host_out(bytes);
    REQUIRE_CUDA(cudaMemcpy(host_out.data(), out + offset * sizeof(T), bytes, cudaMemcpyDeviceToHost));
    REQUIRE_CUDA(cudaFree(in));
    REQUIRE_CUDA(cudaFree(out));
    std::size_t wrong = 0, first_r = 0, first_c = 0;
    for (std::size_t r = 0; r < s.rows; ++r)
        for (std::size_t c = 0; c < s.cols; ++c)
            if (std::memcmp(&host_in[(r * s.cols + c) * sizeof(T)], &host_out[(c * s.rows + r) * sizeof(T)], sizeof(T)) != 0 &&
                wrong++ == 0)
                first_r = r, first_c = c;
    CAPTURE(first_r, first_c);
    REQUIRE(wrong == 0);
}

std::vector<shape> const small_shapes{{1, 1},   {1, 37},  {37, 1},   {1, 1000}, {1000, 1}, {31, 33},
                                      {64, 64}, {65, 63}, {300, 517}, {129, 257}, {256, 48}, {128, 4096}};
std::vector<shape> const large_shapes{{4097, 4095}, {8192, 8192}};

}  // namespace

TEMPLATE_TEST_CASE("every variant transposes small and odd shapes", "[gpu][sanitize]", std::int8_t, __half,
                   __nv_bfloat16, float, double) {
    for (auto v : variants)
        for (auto s : small_shapes) {
            check<TestType>(v, s);
            check<TestType>(v, s, 1);  // rows off 16-byte alignment: element-wise global accesses
        }
}

TEMPLATE_TEST_CASE("every variant transposes large shapes", "[gpu][large]", std::int8_t, __half, float, double) {
    for (auto v : variants)
        for (auto s : large_shapes) check<TestType>(v, s);
}

TEMPLATE_TEST_CASE("the fast kernel transposes 16384 x 16384", "[gpu][large]", std::int8_t, __half, float, double) {
    check<TestType>(swz::transpose_variant::fast, {16384, 16384});
}

TEST_CASE("an empty matrix is a no-op, not an error", "[gpu][sanitize]") {
    REQUIRE_CUDA(swz::transpose<float>(nullptr, nullptr, 0, 5));
    REQUIRE_CUDA(swz::transpose<float>(nullptr, nullptr, 5, 0));
}

TEST_CASE("every variant transposes matrices taller than one grid's 65535 blocks down", "[gpu][large]") {
    // The article's kernels put 32 rows on each block row of the grid, at
    // most 65535 block rows a launch: 2097153 rows take two launches.
    for (auto v : variants) {
        check<float>(v, {65535 * 32 + 1, 3});
        check<std::int8_t>(v, {65535 * 32 + 33, 1});
    }
}
