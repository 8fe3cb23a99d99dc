// The article kernels' per-thread code, and the fast kernel's gather over
// the copy engine's tile placement, run on the CPU block by block (every
// thread's first phase, then every thread's second, as __syncthreads()
// orders them), must transpose every shape exactly. The fast kernel itself:
// test_fast_emulation.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <cstring>
#include <random>
#include <vector>

#include "emulate_fast.hpp"
#include "swz/detail/article_transpose_body.hpp"
#include "swz/detail/fast_transpose_body.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/tma_swizzle.hpp"
#include "swz/kernels/article_tiles.hpp"

using namespace swz;
using namespace swz::detail;

namespace {

struct shape {
    std::size_t rows, cols;
};

std::vector<unsigned char> random_bytes(std::size_t n, std::mt19937_64& rng) {
    std::vector<unsigned char> v(n);
    for (auto& b : v) b = static_cast<unsigned char>(rng());
    return v;
}

// out (cols x rows) must equal in (rows x cols) transposed, element by element.
void require_transposed(std::vector<unsigned char> const& in, unsigned char const* out, shape s, unsigned elem) {
    std::size_t differing = 0, first_r = 0, first_c = 0;
    for (std::size_t r = 0; r < s.rows; ++r)
        for (std::size_t c = 0; c < s.cols; ++c)
            if (std::memcmp(in.data() + (r * s.cols + c) * elem, out + (c * s.rows + r) * elem, elem) != 0 &&
                differing++ == 0)
                first_r = r, first_c = c;
    CAPTURE(s.rows, s.cols, elem, first_r, first_c);
    REQUIRE(differing == 0);
}

// The copy engine's part of the TMA kernel, as documented: each 128-byte
// strip of the tile is a box of tile_rows x 128 bytes, placed by the
// 128-byte swizzle, with zeros where the box leaves the matrix.
template <class Plan>
void tma_fill_tile(unsigned char const* in, std::size_t rows, std::size_t cols, std::size_t row0, std::size_t col0,
                   unsigned char* tile) {
    constexpr unsigned E = Plan::elem;
    for (unsigned s = 0; s < Plan::strips; ++s)
        for (unsigned r = 0; r < Plan::tile_rows; ++r)
            for (unsigned b = 0; b < tma_swizzle_row; ++b) {
                std::size_t const row = row0 + r, col = col0 + s * Plan::strip_nx + b / E;
                tile[tma_boxes_byte<unsigned>(s, r, b, Plan::strip_stride)] =
                    row < rows && col < cols ? in[(row * cols + col) * E + b % E] : 0;
            }
}

// The TMA experiment (measured 2026-11-30, kernels/BENCHMARKS.md, not
// shipped) on the CPU: the documented copy engine, then the fast kernel's
// gather phase on the shipped tile shape stored as 128-byte strips.
template <class Plan, bool AlignedOut>
void emulate_tma_grid(std::vector<unsigned char> const& in, unsigned char* out, shape s, std::size_t band) {
    constexpr unsigned E = Plan::elem;
    fast_transpose_grid<Plan> const grid{s.rows, s.cols, band, row_step_of<Plan, AlignedOut>};
    std::vector<unsigned char> tile(Plan::shared_bytes);
    for (std::size_t block = 0; block < grid.tiles(); ++block) {
        auto const at = grid.tile(unsigned(block));
        tma_fill_tile<Plan>(in.data(), s.rows, s.cols, at.row0, at.col0, tile.data());
        tile_job const job = make_tile_job(in.data(), out, s.rows, s.cols, s.cols * E, s.rows * E, at.row0, at.col0, E);
        using body = fast_transpose_body<Plan, true, AlignedOut>;  // TMA: rows aligned in the tile
        drain_tile<body>(swz::test::every_thread<Plan::threads>{}, job, tile.data());
    }
}

template <unsigned Elem>
void emulate_fast_tma(shape s, std::mt19937_64& rng, std::size_t band) {
    using plan = typename fast_plan_for<Elem>::template striped<tma_swizzle_row>;
    std::size_t const bytes = s.rows * s.cols * Elem;
    auto const in = random_bytes(bytes, rng);
    std::vector<vec16> out_buf(bytes / 16 + 1, vec16{{~0u, ~0u, ~0u, ~0u}});
    auto* out = reinterpret_cast<unsigned char*>(out_buf.data());
    if (s.rows * Elem % 16 == 0) emulate_tma_grid<plan, true>(in, out, s, band);
    else emulate_tma_grid<plan, false>(in, out, s, band);
    require_transposed(in, out, s, Elem);
}

template <class TileOf, class Word>
void emulate_article(shape s, std::mt19937_64& rng) {
    using body = article_transpose_body<std::remove_const_t<decltype(TileOf::tile)>, Word>;
    std::size_t const bytes = s.rows * s.cols * sizeof(Word);
    auto const in = random_bytes(bytes, rng);
    std::vector<unsigned char> out(bytes, 0xA5);
    std::vector<unsigned char> smem(32 * 33 * sizeof(Word));
    for (std::size_t by = 0; by < (s.rows + 31) / 32; ++by)
        for (std::size_t bx = 0; bx < (s.cols + 31) / 32; ++bx) {
            for (unsigned warp = 0; warp < 32; ++warp)
                for (unsigned lane = 0; lane < 32; ++lane)
                    body::load_phase(TileOf::tile, in.data(), s.rows, s.cols, by * 32, bx * 32, smem.data(), lane, warp);
            for (unsigned warp = 0; warp < 32; ++warp)
                for (unsigned lane = 0; lane < 32; ++lane)
                    body::store_phase(TileOf::tile, out.data(), s.rows, s.cols, by * 32, bx * 32, smem.data(), lane, warp);
        }
    require_transposed(in, out.data(), s, sizeof(Word));
}

template <std::size_t S> struct swizzled { static constexpr auto tile = article_tiles<unsigned(S)>::swizzled; };
template <std::size_t S> struct padded { static constexpr auto tile = article_tiles<unsigned(S)>::padded; };
template <std::size_t S> struct plain { static constexpr auto tile = article_tiles<unsigned(S)>::plain; };

std::vector<shape> const shapes{{1, 1},   {1, 37},   {37, 1},    {31, 33},  {64, 64},  {128, 128},
                                {65, 63}, {300, 517}, {1000, 1}, {1, 1000}, {256, 48}, {129, 257}};

}  // namespace

TEMPLATE_TEST_CASE_SIG("the fast gather transposes every shape the copy engine loads", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    std::mt19937_64 rng(E + 100);
    for (auto s : shapes) {
        if (s.cols * E % 16 != 0) continue;  // the copy engine needs 16-byte row pitches
        CAPTURE(s.rows, s.cols);
        emulate_fast_tma<E>(s, rng, fast_transpose_config<E>::band);
        emulate_fast_tma<E>(s, rng, 3);
    }
    emulate_fast_tma<E>({1000, 4096 / E}, rng, 32);
    emulate_fast_tma<E>({4096 / E + 16, 48}, rng, 2);
}

TEMPLATE_TEST_CASE_SIG("the article kernels' bodies transpose every shape", "[kernels][emulation]", ((std::size_t S), S),
                       1, 2, 4, 8) {
    using word = std::conditional_t<S == 1, std::uint8_t,
                                    std::conditional_t<S == 2, std::uint16_t, std::conditional_t<S == 4, std::uint32_t, std::uint64_t>>>;
    std::mt19937_64 rng(S);
    for (auto s : shapes) {
        CAPTURE(s.rows, s.cols);
        emulate_article<swizzled<S>, word>(s, rng);
        emulate_article<padded<S>, word>(s, rng);
        emulate_article<plain<S>, word>(s, rng);
    }
}
