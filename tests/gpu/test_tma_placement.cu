// The copy engine against the model: a box loaded by cp.async.bulk.tensor
// with the 128-byte swizzle lands in shared memory exactly where
// swz::tma_box_byte (swz/tma_swizzle.hpp) says, which the model tests show
// is the article's formula for 128-byte rows (tests/model/test_tma_swizzle.cpp).
// Bytes of the box outside the matrix arrive as zeros.
#include <catch2/catch.hpp>

#include "require_cuda.hpp"

#include <cstdint>
#include <vector>

#include <swz/detail/tma.cuh>
#include <swz/tma_swizzle.hpp>

namespace {

constexpr unsigned box_rows = 64, box_bytes = box_rows * swz::tma_swizzle_row;

// One thread loads one box at element coordinates (x, y), then the block
// copies the raw shared bytes out.
__global__ void load_one_box(__grid_constant__ CUtensorMap const map, int x, int y, unsigned char* out) {
    __shared__ alignas(1024) unsigned char box[box_bytes];
    __shared__ std::uint64_t full;
    namespace tma = swz::detail::tma;
    if (threadIdx.x == 0) {
        tma::barrier_init(&full, 1);
        tma::fence_barrier_init();
        tma::arrive_expect_bytes(&full, box_bytes);
        tma::load_box_2d(box, &map, x, y, &full);
    }
    __syncthreads();
    tma::wait_parity(&full, 0);
    for (unsigned i = threadIdx.x; i < box_bytes; i += blockDim.x) out[i] = box[i];
}

// Loads the box at element (x, y) of a rows x cols matrix of `elem`-byte
// elements and compares every placed byte with the model.
void check_box(unsigned elem, std::size_t rows, std::size_t cols, int x, int y) {
    CAPTURE(elem, rows, cols, x, y);
    int major = 0;
    REQUIRE_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
    INFO("the copy engine needs sm_90 or newer (the tests are built for sm_90)");
    REQUIRE(major >= 9);  // never a silent pass on an older GPU
    std::size_t const bytes = rows * cols * elem;
    std::vector<unsigned char> host(bytes);
    for (std::size_t i = 0; i < bytes; ++i) host[i] = static_cast<unsigned char>(i * 7 + i / 251 + 1);
    unsigned char *in = nullptr, *out = nullptr;
    REQUIRE_CUDA(cudaMalloc(&in, bytes));
    REQUIRE_CUDA(cudaMalloc(&out, box_bytes));
    REQUIRE_CUDA(cudaMemcpy(in, host.data(), bytes, cudaMemcpyHostToDevice));
    REQUIRE_CUDA(cudaMemset(out, 0xCD, box_bytes));
    CUtensorMap map;
    REQUIRE(swz::detail::tma::encode_matrix(map, in, rows, cols, elem, box_rows));
    load_one_box<<<1, 128>>>(map, x, y, out);
    REQUIRE_CUDA(cudaGetLastError());
    REQUIRE_CUDA(cudaDeviceSynchronize());
    std::vector<unsigned char> got(box_bytes);
    REQUIRE_CUDA(cudaMemcpy(got.data(), out, box_bytes, cudaMemcpyDeviceToHost));
    REQUIRE_CUDA(cudaFree(in));
    REQUIRE_CUDA(cudaFree(out));
    std::size_t wrong = 0;
    for (unsigned r = 0; r < box_rows; ++r)
        for (unsigned b = 0; b < swz::tma_swizzle_row; ++b) {
            std::size_t const row = std::size_t(y) + r, col = std::size_t(x) + b / elem;
            unsigned char const want = row < rows && col < cols ? host[(row * cols + col) * elem + b % elem] : 0;
            unsigned const placed = swz::tma_box_byte(r, b);
            if (got[placed] != want && wrong++ < 4)
                UNSCOPED_INFO("row " << r << " byte " << b << ": placed byte " << placed << " holds "
                                     << int(got[placed]) << ", want " << int(want));
        }
    REQUIRE(wrong == 0);
}

}  // namespace

TEST_CASE("the copy engine places a 128-byte-swizzled box where the model says", "[gpu][tma][sanitize]") {
    for (unsigned elem : {1u, 2u, 4u, 8u}) {
        std::size_t const cols = 1024 / elem;
        check_box(elem, 300, cols, int(256 / elem), 64);       // inside the matrix
        check_box(elem, 300, cols, int(512 / elem), 0);        // first rows
        check_box(elem, 300, cols, int(1024 / elem - 64 / elem), 256);  // past the last row and column: zeros
    }
}
