// The copy engine against the model: a box loaded by cp.async.bulk.tensor
// with the 128-byte swizzle lands in shared memory exactly where
// swz::tma_box_byte (swz/tma_swizzle.hpp) says, which the model tests show
// is the article's formula for 128-byte rows (tests/model/test_tma_swizzle.cpp).
// Bytes of the box outside the matrix arrive as zeros. And every mode (32B,
// 64B, 128B, none), every box row it accepts, at bases on and off its
// repeat, lands where the TMA layout of swz/layout/tma_swizzle.hpp says:
// rows padded to the span, the swizzle on absolute addresses (H200,
// 2026-12-01: kernels/measurements/2026-12-01-h200-tma-modes/).
#include <catch2/catch.hpp>

#include "require_cuda.hpp"

#include <cstdint>
#include <vector>

#include <swz/detail/tma.cuh>
#include <swz/layout/swizzled.hpp>
#include <swz/layout/tma_swizzle.hpp>
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

namespace {

// Every mode, every box row size it accepts, at bases that are and are not
// multiples of its repeat: one box of 16 rows lands `offset` bytes past a
// 1024-byte boundary of shared memory, and every byte of it must be where
// the model's TMA layout at that base (swz/layout/tma_swizzle.hpp) says.
constexpr unsigned modes_box_rows = 16, arena_bytes = 4096 + 16 * 128;

__global__ void load_box_at(__grid_constant__ CUtensorMap const map, unsigned offset, unsigned box_bytes,
                            unsigned char* out) {
    extern __shared__ unsigned char arena[];
    __shared__ std::uint64_t full;
    namespace tma = swz::detail::tma;
    unsigned const at = tma::shared_address(arena);
    unsigned char* const aligned = arena + (1024 - at % 1024) % 1024;
    for (unsigned i = threadIdx.x; i < arena_bytes - 1024; i += blockDim.x) aligned[i] = 0xEE;
    __syncthreads();
    if (threadIdx.x == 0) {
        tma::barrier_init(&full, 1);
        tma::fence_barrier_init();
        tma::arrive_expect_bytes(&full, box_bytes);
        tma::load_box_2d(aligned + offset, &map, 0, 0, &full);
    }
    __syncthreads();
    tma::wait_parity(&full, 0);
    for (unsigned i = threadIdx.x; i < modes_box_rows * 128; i += blockDim.x) out[i] = aligned[offset + i];
}

// The bytes the copy engine put at relative offsets 0 .. 16 rows of the span.
std::vector<unsigned char> placed_box(unsigned span, unsigned row_bytes, unsigned elem, unsigned offset,
                                      std::vector<unsigned char> const& host, std::size_t cols) {
    unsigned char *in = nullptr, *out = nullptr;
    REQUIRE_CUDA(cudaMalloc(&in, host.size()));
    REQUIRE_CUDA(cudaMalloc(&out, modes_box_rows * 128));
    REQUIRE_CUDA(cudaMemcpy(in, host.data(), host.size(), cudaMemcpyHostToDevice));
    CUtensorMap map;
    REQUIRE(swz::detail::tma::encode_matrix(map, in, host.size() / (cols * elem), cols, elem, modes_box_rows, row_bytes, span));
    // A box row narrower than the span still delivers row_bytes per row.
    unsigned const box_bytes = modes_box_rows * row_bytes;
    REQUIRE_CUDA(cudaFuncSetAttribute(load_box_at, cudaFuncAttributeMaxDynamicSharedMemorySize, int(arena_bytes)));
    load_box_at<<<1, 128, arena_bytes>>>(map, offset, box_bytes, out);
    REQUIRE_CUDA(cudaGetLastError());
    REQUIRE_CUDA(cudaDeviceSynchronize());
    std::vector<unsigned char> got(modes_box_rows * 128);
    REQUIRE_CUDA(cudaMemcpy(got.data(), out, got.size(), cudaMemcpyDeviceToHost));
    REQUIRE_CUDA(cudaFree(in));
    REQUIRE_CUDA(cudaFree(out));
    return got;
}

}  // namespace

TEST_CASE("the copy engine places every swizzle mode's box where the model says, at aligned and misaligned bases",
          "[gpu][tma]") {
    int major = 0;
    REQUIRE_CUDA(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
    REQUIRE(major >= 9);
    unsigned checked = 0, differs_misaligned = 0;
    for (unsigned span : {0u, 32u, 64u, 128u})
        for (unsigned elem : {1u, 2u, 4u, 8u})
            for (unsigned row_bytes = 16; row_bytes <= (span ? span : 128u); row_bytes *= 2)
                for (unsigned offset : {0u, 128u, 256u, 512u, 1024u}) {
                    CAPTURE(span, elem, row_bytes, offset);
                    std::size_t const cols = 256 / elem;  // a matrix wider than the box: its rows are 256 B apart
                    std::vector<unsigned char> host(64 * cols * elem);
                    for (std::size_t i = 0; i < host.size(); ++i) host[i] = static_cast<unsigned char>(i * 13 + i / 253 + 1);
                    auto const got = placed_box(span, row_bytes, elem, offset, host, cols);
                    swz::tile_shape const shape{modes_box_rows, row_bytes, elem};
                    swz::tma_swizzle const at{span, offset}, aligned{span, 0};
                    swz::swizzled_layout<swz::tma_swizzle> const model{at, swz::tma_box_rows(at, shape), true};
                    swz::swizzled_layout<swz::tma_swizzle> const view{aligned, swz::tma_box_rows(aligned, shape), true};
                    std::size_t wrong = 0, moved = 0;
                    for (unsigned r = 0; r < modes_box_rows; ++r)
                        for (unsigned b = 0; b < row_bytes; ++b) {
                            unsigned const x = b / elem;
                            unsigned char const want = host[r * cols * elem + b];
                            unsigned const placed = model.byte_offset(r, x) + b % elem;
                            moved += placed != view.byte_offset(r, x) + b % elem;
                            if (got[placed] != want && wrong++ < 4)
                                UNSCOPED_INFO("row " << r << " byte " << b << ": placed byte " << placed << " holds "
                                                     << int(got[placed]) << ", want " << int(want));
                        }
                    REQUIRE(wrong == 0);
                    differs_misaligned += moved > 0;
                    ++checked;
                }
    CHECK(checked == 4 * 5 * (4 + 2 + 3 + 4));
    // Some misaligned bases move the box off the relative view a kernel indexes.
    CHECK(differs_misaligned > 0);
}
