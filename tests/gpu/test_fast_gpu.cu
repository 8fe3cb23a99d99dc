// The fast transpose on the GPU through the public API, for every element
// type: rows of every byte length mod 16, every pointer misalignment the
// type allows, leading dimensions larger than the row, batches, 1 x N,
// N x 1 and empty shapes. Fresh random data, the output poisoned, every
// element compared, every other byte of the output buffer checked
// untouched. Buffers are allocated to the exact byte, so compute-sanitizer
// memcheck sees any read or write past a matrix ([sanitize] cases).
#include <catch2/catch.hpp>

#include "require_cuda.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <swz/transpose.cuh>

#include "kernels/fast_plans.hpp"
#include "kernels/transpose_check.hpp"

using swz::test::placement;
using swz::test::shape_of;

namespace {

std::uint64_t run_counter = 0;

template <class T>
cudaError_t call_api(unsigned char* out, unsigned char const* in, swz::detail::transpose_shape const& s) {
    auto* o = reinterpret_cast<T*>(out);
    auto const* i = reinterpret_cast<T const*>(in);
    if (s.batch != 1) return swz::transpose_batched(o, s.ld_out, s.stride_out, i, s.ld_in, s.stride_in, s.rows, s.cols, s.batch);
    if (s.ld_in != s.cols || s.ld_out != s.rows) return swz::transpose(o, s.ld_out, i, s.ld_in, s.rows, s.cols);
    return swz::transpose(o, i, s.rows, s.cols);
}

// The block order the launch picks for p's shape on this GPU (0: packed).
template <unsigned E>
std::size_t chosen_band(placement const& p) {
    alignas(16) static unsigned char base[32];
    std::size_t resident = 0, band = 0;
    REQUIRE_CUDA(swz::detail::fast_block_order<E>(base + p.out_offset, base + p.in_offset, p.shape, resident, band));
    return band;
}

template <class T>
void check_fast(placement p) {
    p.elem = sizeof(T);
    auto const& s = p.shape;
    std::uint64_t const seed = ++run_counter * 1000003 + sizeof(T);
    CAPTURE(sizeof(T), s.rows, s.cols, s.ld_in, s.ld_out, s.batch, s.stride_in, s.stride_out, p.in_offset, p.out_offset,
            seed);
    std::size_t const in_bytes = p.in_offset + p.in_span(), out_bytes = p.out_offset + p.out_span();  // exact
    auto const host_in = swz::test::random_bytes(p.in_buffer(), seed);
    auto const poison = swz::test::random_bytes(p.out_buffer(), ~seed);
    unsigned char *in = nullptr, *out = nullptr;
    REQUIRE_CUDA(cudaMalloc(&in, in_bytes > 0 ? in_bytes : 1));
    REQUIRE_CUDA(cudaMalloc(&out, out_bytes > 0 ? out_bytes : 1));
    REQUIRE_CUDA(cudaMemcpy(in, host_in.data(), in_bytes, cudaMemcpyHostToDevice));
    REQUIRE_CUDA(cudaMemcpy(out, poison.data(), out_bytes, cudaMemcpyHostToDevice));
    REQUIRE_CUDA(call_api<T>(out + p.out_offset, in + p.in_offset, s));
    REQUIRE_CUDA(cudaDeviceSynchronize());
    std::vector<unsigned char> after(poison);  // bytes past the allocation stay the poison's
    REQUIRE_CUDA(cudaMemcpy(after.data(), out, out_bytes, cudaMemcpyDeviceToHost));
    REQUIRE_CUDA(cudaFree(in));
    REQUIRE_CUDA(cudaFree(out));
    auto const r = swz::test::check_transposed(p, host_in.data(), poison.data(), after.data());
    CAPTURE(r.first_matrix, r.first_row, r.first_col);
    REQUIRE(r.wrong_elements == 0);
    REQUIRE(r.touched_bytes == 0);
}

template <class T>
placement at(swz::detail::transpose_shape s, std::size_t in_offset = 0, std::size_t out_offset = 0) {
    return {sizeof(T), s, in_offset, out_offset};
}

}  // namespace

TEMPLATE_TEST_CASE("fast: rows of every byte length mod 16", "[gpu][fast][sanitize]", std::int8_t, __half,
                   __nv_bfloat16, float, double) {
    constexpr std::size_t E = sizeof(TestType);
    for (std::size_t j = 0; j < 16 / E; ++j) {
        check_fast<TestType>(at<TestType>(shape_of(131, 300 / E + j)));
        check_fast<TestType>(at<TestType>(shape_of(300 / E + j, 131)));
    }
}

TEMPLATE_TEST_CASE("fast: narrower than a tile, input rows aligned, output rows realigned: split sectors",
                   "[gpu][fast][sanitize]", std::int8_t, __half, float, double) {
    // sectors_realigned_for: under one tile of columns (int8 128, halves
    // and floats 64, doubles 32) write no whole sectors; a tile and more
    // do. Tile rows inside, at the ends, and a last one a row long; the
    // output pointer off by one element and by 16 bytes less one too.
    // Rows a row more where the output rows would be 16-byte aligned
    // (doubles: 339 for 338).
    constexpr std::size_t E = sizeof(TestType), N = swz::fast_plan_of<E, false>::nx;
    // N / 4, not N / 8: those 16 bytes would run the narrow kernel (choose_narrow).
    for (std::size_t cols : {N / 4, 3 * N / 4, 7 * N / 8, N, N + 16 / E})
        for (std::size_t listed : {1001, 225, 338})
            for (std::size_t out_off : {std::size_t(0), E, 16 - E}) {
                std::size_t const rows = listed * E % 16 == 0 ? listed + 1 : listed;
                auto const p = at<TestType>(shape_of(rows, cols), 0, out_off);
                alignas(16) static unsigned char base[32];
                auto const c = swz::detail::choose_fast_kernel<E>(base + out_off, base, p.shape);
                REQUIRE((c.aligned_in && !c.aligned_out));
                CHECK(c.sectors == (cols >= N));
                check_fast<TestType>(p);
            }
}

TEMPLATE_TEST_CASE("fast: every misalignment of input and output the element allows", "[gpu][fast][sanitize][exhaustive]",
                   std::int8_t, __half, __nv_bfloat16, float, double) {
    constexpr std::size_t E = sizeof(TestType);
    for (std::size_t in_off = 0; in_off < 16; in_off += E)
        for (std::size_t out_off = 0; out_off < 16; out_off += E)
            check_fast<TestType>(at<TestType>(shape_of(133, 257 / E + 3), in_off, out_off));
    for (std::size_t off = 0; off < 16; off += E) check_fast<TestType>(at<TestType>(shape_of(128, 256 / E), off, 16 - E - off));
}

TEMPLATE_TEST_CASE("fast: tiles wholly inside the matrix, every misalignment", "[gpu][fast][sanitize]", std::int8_t,
                   __half, float, double) {
    // Three tile rows by two tile columns and a bit: the inner tiles take
    // the lean path (fast_transpose_body's loads_inside, stores_inside),
    // their neighbours its bounded form at the edges (in_path lean or cut,
    // out_path clipped); every misalignment of both pointers, pitches unaligned and
    // 16-byte aligned.
    constexpr std::size_t E = sizeof(TestType);
    swz::test::for_each_fast_plan<E>([](auto p) {
        using plan = typename decltype(p)::type;
        constexpr std::size_t T = plan::tile_rows, N = plan::nx, K = plan::rows_per_vector;
        for (std::size_t in_off = 0; in_off < 16; in_off += E)
            for (std::size_t out_off = 0; out_off < 16; out_off += E) {
                check_fast<TestType>(at<TestType>(shape_of(3 * T + 5, 2 * N + K + 3), in_off, out_off));
                check_fast<TestType>(at<TestType>(shape_of(3 * T + 4 * K, 2 * N + 2 * K), in_off, out_off));
            }
    });
}

TEMPLATE_TEST_CASE("fast: edge tiles of every kernel: first and last tile rows, last tile columns, corners",
                   "[gpu][fast][sanitize]", std::int8_t, __half, float, double) {
    // As the emulation's edge test (tests/kernels/test_fast_emulation.cpp):
    // one tile, a last tile row mostly past the matrix, one nearly full;
    // a last tile column one element wide, one a few short of a chunk, one
    // column narrower than the tile; input rows aligned or not, output
    // rows on a sector, 16 bytes past one (Sectors), or unaligned; a gap
    // after every row. Then rows under 16 bytes apart, where the chunk
    // holding the matrix's last byte holds rows of the tile above too.
    constexpr std::size_t E = sizeof(TestType);
    swz::test::for_each_fast_plan<E>([](auto p) {
        using plan = typename decltype(p)::type;
        constexpr std::size_t T = plan::tile_rows, N = plan::nx, K = plan::rows_per_vector;
        auto ld_above = [](std::size_t n, unsigned kind) {  // 32: on a sector, 16: 16 past one, 0: unaligned
            for (std::size_t ld = n + 1;; ++ld)
                if (kind == 32 ? ld * E % 32 == 0 : kind == 16 ? ld * E % 32 == 16 : ld * E % 16 != 0) return ld;
        };
        struct side {
            std::size_t offset;
            unsigned ld_kind;
        };
        side const ins[] = {{0, 16}, {0, 0}, {E, 16}, {16 - E, 0}};
        side const outs[] = {{0, 32}, {0, 16}, {16, 32}, {0, 0}, {E, 32}, {16 - E, 0}};
        for (std::size_t rows : {T - 3, T + 5, 3 * T - 2 * K - 1})
            for (std::size_t cols : {N - 1, 2 * N + 1, 2 * N - K + 3})
                for (side const in : ins)
                    for (side const out : outs) {
                        auto s = shape_of(rows, cols);
                        s.ld_in = ld_above(cols, in.ld_kind), s.ld_out = ld_above(rows, out.ld_kind);
                        s.stride_in = rows * s.ld_in, s.stride_out = cols * s.ld_out;
                        check_fast<TestType>(at<TestType>(s, in.offset, out.offset));
                    }
        for (std::size_t rows : {T + 1, T + 7, 2 * T - K + 1, 2 * T - 2 * K + 1})
            for (std::size_t cols : {1, 3}) check_fast<TestType>(at<TestType>(shape_of(rows, cols), E, 0));
    });
}

TEMPLATE_TEST_CASE("fast: sub-matrices, leading dimensions larger than the row, gaps untouched", "[gpu][fast][sanitize]",
                   std::int8_t, __half, float, double) {
    constexpr std::size_t E = sizeof(TestType);
    for (std::size_t gap_in : {1, 3, 16, 37})
        for (std::size_t gap_out : {1, 16})
            check_fast<TestType>(at<TestType>(shape_of(150, 270 / E + 1, gap_in, gap_out), E * (gap_in % 3), E));
    check_fast<TestType>(at<TestType>(shape_of(128, 256 / E, 64 / E, 128 / E)));
}

TEMPLATE_TEST_CASE("fast: output rows 16 bytes past a 32-byte sector, whole sectors a tile", "[gpu][fast][sanitize]",
                   std::int8_t, __half, float, double) {
    // The kernels whose tiles overlap by a row group so that each writes
    // whole sectors (fast_transpose_body's Sectors): every other output row
    // 16 bytes into a sector (pitch 16 mod 32), every row (base 16 past a
    // sector), or every other matrix (stride); rows around the tiles'
    // edges, input rows unaligned (37 columns) and aligned.
    constexpr std::size_t E = sizeof(TestType), g = 16 / E;
    using plan = swz::fast_plan_for<E>;
    constexpr std::size_t T = plan::tile_rows, K = plan::rows_per_vector, N = plan::nx;
    for (std::size_t rows : {T - K - 1, T, 2 * T - K, 2 * T - K + 1, 3 * T + 5}) {
        std::size_t const ld = (rows + g - 1) / g * g + ((rows + g - 1) / g % 2 == 0 ? g : 0);  // 16 mod 32 bytes
        for (std::size_t cols : {std::size_t(37), N + 64 / E}) {
            check_fast<TestType>(at<TestType>(shape_of(rows, cols, 0, ld - rows)));
            check_fast<TestType>(at<TestType>(shape_of(rows, cols, 0, ld + g - rows), 0, 16));
        }
    }
    check_fast<TestType>(at<TestType>(shape_of(2 * T + 3, N + 5, 0, g * 2 - (2 * T + 3) % (2 * g), 3, 0, g)));
}

TEMPLATE_TEST_CASE("fast: batches, packed and with gaps and odd strides", "[gpu][fast][sanitize]", std::int8_t, __half,
                   float, double) {
    constexpr std::size_t E = sizeof(TestType);
    check_fast<TestType>(at<TestType>(shape_of(64, 64, 0, 0, 40)));
    check_fast<TestType>(at<TestType>(shape_of(33, 70, 0, 0, 5)));
    check_fast<TestType>(at<TestType>(shape_of(70, 33, 2, 1, 6, 7, 3), 0, E));
    check_fast<TestType>(at<TestType>(shape_of(1, 1, 0, 0, 17)));
}

TEMPLATE_TEST_CASE("fast: several sub-tiles to a tile (tall, wide, small batches, rows aligned)", "[gpu][fast][sanitize]",
                   std::int8_t, __half, float, double) {
    // The packed kernel (swz/detail/tile_packing.hpp): a dimension below
    // the tile, partly filled last tiles, rows cut inside a chunk or a
    // vector, 16-byte gaps between rows and matrices.
    constexpr std::size_t E = sizeof(TestType), g = 16 / E;
    for (std::size_t bytes : {16, 32, 48, 64, 96}) {
        check_fast<TestType>(at<TestType>(shape_of(1008, bytes / E)));
        check_fast<TestType>(at<TestType>(shape_of(bytes / E, 1008)));
    }
    check_fast<TestType>(at<TestType>(shape_of(64, 64 / E, 0, 0, 41)));
    check_fast<TestType>(at<TestType>(shape_of(64, 64, 0, 0, 41)));
    check_fast<TestType>(at<TestType>(shape_of(96 / E, 48 / E, g, 2 * g, 5, g, 0)));
    check_fast<TestType>(at<TestType>(shape_of(64 / E, 96 / E, 0, 0, 3, 0, g)));
    check_fast<TestType>(at<TestType>(shape_of(100, 40 / E, 48 / E - 40 / E, 12)));
}

TEMPLATE_TEST_CASE("fast: random shapes, leading dimensions, batches and misalignments (seeded)", "[gpu][fast][sanitize][random]",
                   std::int8_t, __half, float, double) {
    constexpr std::size_t E = sizeof(TestType);
    using plan = swz::fast_plan_for<E>;
    std::mt19937_64 rng(20261203 + E);
    for (int k = 0; k < 40; ++k) check_fast<TestType>(swz::test::random_placement(rng, E, plan::tile_rows, plan::nx, 700));
}

TEMPLATE_TEST_CASE("fast: tall matrices, rows aligned: edges, sectors, gaps, batches", "[gpu][fast][sanitize]",
                   std::int8_t, __half, float, double) {
    // The emulation's list: halves run these on the realigning plan
    // (fast_transpose_config::tall_takes_realigning_plan).
    for (auto const& s : swz::test::tall_aligned_shapes(sizeof(TestType))) check_fast<TestType>(at<TestType>(s));
    check_fast<TestType>(at<TestType>(shape_of(262144, 96)));
}

TEMPLATE_TEST_CASE("fast: 1 x N, N x 1, and empty shapes", "[gpu][fast][sanitize]", std::int8_t, __half, float, double) {
    constexpr std::size_t E = sizeof(TestType);
    for (std::size_t n : {1, 2, 15, 17, 1000, 100003}) {
        check_fast<TestType>(at<TestType>(shape_of(1, n)));
        check_fast<TestType>(at<TestType>(shape_of(n, 1)));
        check_fast<TestType>(at<TestType>(shape_of(1, n), E, 2 * E % 16));
        check_fast<TestType>(at<TestType>(shape_of(n, 1), 2 * E % 16, E));
    }
    TestType* none = nullptr;
    REQUIRE_CUDA(swz::transpose(none, none, 0, 5));
    REQUIRE_CUDA(swz::transpose(none, none, 5, 0));
    REQUIRE_CUDA(swz::transpose(none, 7, none, 5, 0, 5));
    REQUIRE_CUDA(swz::transpose_batched(none, 5, 25, none, 5, 25, 5, 5, 0));
}

TEST_CASE("bad arguments return cudaErrorInvalidValue, launch nothing and leave no error behind", "[gpu][fast][sanitize]") {
    float *in = nullptr, *out = nullptr;
    REQUIRE_CUDA(cudaMalloc(&in, 64 * 64 * sizeof(float) * 2));
    REQUIRE_CUDA(cudaMalloc(&out, 64 * 64 * sizeof(float) * 2));
    REQUIRE_CUDA(cudaMemset(out, 0xCD, 64 * 64 * sizeof(float) * 2));
    auto* odd = reinterpret_cast<float*>(reinterpret_cast<unsigned char*>(out) + 2);
    std::vector<std::pair<char const*, cudaError_t>> const calls{
        {"ld_in < cols", swz::transpose(out, 64, in, 63, 64, 64)},
        {"ld_out < rows", swz::transpose(out, 63, in, 64, 64, 64)},
        {"null input", swz::transpose(out, static_cast<float const*>(nullptr), 64, 64)},
        {"null output", swz::transpose(static_cast<float*>(nullptr), in, 64, 64)},
        {"misaligned output", swz::transpose(odd, in, 8, 8)},
        {"output is the input", swz::transpose(in, in, 64, 64)},
        {"output overlaps the input's end", swz::transpose(in + 64 * 64 - 1, in, 64, 64)},
        {"output matrices overlap", swz::transpose_batched(out, 64, 64 * 64 - 1, in, 64, 64 * 64, 64, 64, 2)},
        {"article variant, overlap", swz::transpose(in, in, 64, 64, swz::transpose_variant::article_padded)},
    };
    for (auto const& [what, err] : calls) {
        INFO(what << ": " << cudaGetErrorString(err));
        CHECK(err == cudaErrorInvalidValue);
    }
    REQUIRE_CUDA(cudaDeviceSynchronize());
    REQUIRE_CUDA(cudaGetLastError());
    std::vector<unsigned char> host(64 * 64 * sizeof(float) * 2);
    REQUIRE_CUDA(cudaMemcpy(host.data(), out, host.size(), cudaMemcpyDeviceToHost));
    std::size_t written = 0;
    for (auto b : host) written += b != 0xCD;
    REQUIRE(written == 0);  // nothing was launched
    REQUIRE_CUDA(cudaFree(in));
    REQUIRE_CUDA(cudaFree(out));
}

TEST_CASE("fast: halves on the plan for large matrices, every kernel it runs", "[gpu][fast][wide]") {
    // Batches of at least 2048 tiles of 128 x 128 halves take it
    // (fast_transpose_config::takes_wide_plan) where output rows are
    // realigned: a last tile row one row tall, with aligned input rows
    // (whole sectors); last tile rows and columns a few elements wide with
    // both sides realigned; a gap after each output row. The emulation runs
    // its edges on smaller shapes. Not [sanitize]: 17-34 MB a case; the
    // device scripts run memcheck and racecheck on [wide] apart.
    using swz::detail::choose_fast_kernel;
    struct wide_case {
        swz::detail::transpose_shape s;
        std::size_t in_off, out_off;
    };
    wide_case const cases[] = {{shape_of(129, 128, 0, 0, 1024), 0, 0},
                               {shape_of(131, 133, 0, 0, 512), 2, 6},
                               {shape_of(130, 136, 0, 3, 512), 0, 0}};
    alignas(16) static unsigned char base[32];
    for (auto const& c : cases) {
        REQUIRE(choose_fast_kernel<2>(base + c.out_off, base + c.in_off, c.s).wide);
        check_fast<__half>(at<__half>(c.s, c.in_off, c.out_off));
    }
}

TEST_CASE("fast: large halves on the plan for large matrices", "[gpu][fast][large]") {
    // Rows aligned on both sides (whole sectors or not), output rows
    // realigned, both realigned; edges of its 128 x 128-element tiles.
    check_fast<__half>(at<__half>(shape_of(8192, 8192)));
    check_fast<__half>(at<__half>(shape_of(8192, 8192, 8, 8)));  // output rows 16 bytes past a sector
    check_fast<__half>(at<__half>(shape_of(1016, 1016, 0, 0, 32)));
    check_fast<__half>(at<__half>(shape_of(8191, 8193), 2, 6));
    check_fast<__half>(at<__half>(shape_of(4097, 8192)));
    check_fast<__half>(at<__half>(shape_of(524288, 256)));
}

TEMPLATE_TEST_CASE("fast: large odd, tall, sub-matrix and batched shapes", "[gpu][fast][large]", std::int8_t,
                   __half, float, double) {
    constexpr std::size_t E = sizeof(TestType);
    // (swz-bench checks every shape of its suite in full too, on the GPU.)
    check_fast<TestType>(at<TestType>(shape_of(8191, 8193), E, 3 * E % 16));
    // Tall: the banded block order of 128-byte tiles (int8; halves on their
    // tall rule's tile); 256-byte tiles walk whole columns.
    auto const tall = at<TestType>(shape_of(262144, 256 / E + 1));
    REQUIRE((chosen_band<E>(tall) != swz::whole_column) == (E == 1));
    check_fast<TestType>(tall);
    if constexpr (E == 2) {
        auto const tall_halves = at<TestType>(shape_of(262144, 96));
        REQUIRE(chosen_band<E>(tall_halves) != swz::whole_column);
        check_fast<TestType>(tall_halves);
    }
    check_fast<TestType>(at<TestType>(shape_of(2000, 3000, 8, 8)));
    check_fast<TestType>(at<TestType>(shape_of(1000, 1000, 0, 0, 16)));  // halves: output rows 16 past a sector
    check_fast<TestType>(at<TestType>(shape_of(4096, 4096, 8, 16 / E)));  // every size: output pitch 16 mod 32
    check_fast<TestType>(at<TestType>(shape_of(64, 64, 0, 0, 4096)));
    // The packed kernel on the suite's tall and wide shapes (tall halves:
    // the realigning plan, unpacked).
    check_fast<TestType>(at<TestType>(shape_of(1048576, 64)));
    check_fast<TestType>(at<TestType>(shape_of(100000, 96)));
    check_fast<TestType>(at<TestType>(shape_of(64, 1048576)));
    check_fast<TestType>(at<TestType>(shape_of(96, 100000)));
}

TEMPLATE_TEST_CASE("narrow: tall and wide, every width, lines ending anywhere, misaligned, batches",
                   "[gpu][fast][narrow][sanitize]", std::int8_t, __half, float, double) {
    // The narrow kernel (swz/detail/narrow_body.hpp): every width it takes;
    // lines inside a lane, past a warp (31 groups of K lines) and past a
    // block (8 warps); pointers
    // aligned, one element off and one short of 16 bytes; gaps between the
    // strided side's lines; batches with odd strides, and more matrices
    // than a grid has rows.
    constexpr std::size_t E = sizeof(TestType), K = 16 / E;
    using config = swz::narrow_transpose_config<unsigned(E)>;
    for (std::size_t n = 1; n <= std::max(config::max_cols, config::max_rows); ++n)
        for (std::size_t lines : {std::size_t(1), K + 1, 31 * K + 3, 248 * K + K / 2 + 1})
            for (std::size_t off : {std::size_t(0), E, 16 - E}) {
                if (n <= config::max_cols) {
                    auto const tall = at<TestType>(shape_of(lines, n, 0, off / E % 2), off, 16 - E - off);
                    REQUIRE(swz::detail::choose_narrow<unsigned(E)>(tall.shape).tall);
                    check_fast<TestType>(tall);
                }
                if (n > config::max_rows || lines <= config::max_cols) continue;
                auto const wide = at<TestType>(shape_of(n, lines, off / E % 2, 0), 16 - E - off, off);
                REQUIRE(swz::detail::choose_narrow<unsigned(E)>(wide.shape).n == n);
                check_fast<TestType>(wide);
            }
    check_fast<TestType>(at<TestType>(shape_of(40 * K + 3, 3, 0, 2, 5, 7, 5), E, 0));
    check_fast<TestType>(at<TestType>(shape_of(3, 40 * K + 3, 3, 0, 4, 5, 1), 0, E));
    check_fast<TestType>(at<TestType>(shape_of(40, 2, 0, 0, 70000)));
}

TEMPLATE_TEST_CASE("narrow: a million lines", "[gpu][fast][narrow][large]", std::int8_t, __half, float, double) {
    constexpr std::size_t E = sizeof(TestType);
    using config = swz::narrow_transpose_config<unsigned(E)>;
    for (std::size_t n : {std::size_t(1), std::size_t(3), std::size_t(config::max_rows), std::size_t(config::max_cols)})
        for (std::size_t off : {std::size_t(0), E}) {
            check_fast<TestType>(at<TestType>(shape_of(1000003, n), off, off));
            if (n <= config::max_rows) check_fast<TestType>(at<TestType>(shape_of(n, 1000003), off, 16 - E - off));
        }
}
