// The formula as transcribed in swz/xor_swizzle.hpp, checked against forms
// written independently: the article's transpose kernel, and the bit layout
// drawn in the header.
#include <catch2/catch.hpp>

#include <cstdint>

#include "swz/pow2.hpp"
#include "swz/layout/article.hpp"
#include "swz/xor_swizzle.hpp"

using namespace swz;

TEST_CASE("with TC = element size the formula is the article kernel's x ^ (y % NX)", "[model][formula]") {
    // transpose_swizzling in the article: shm[y][x ^ (y % BLOCK_TILE_SIZE_X)]
    for (std::uint32_t nx : {1u, 2u, 4u, 8u, 16u, 32u, 64u})
        for (std::uint32_t elem : {1u, 2u, 4u, 8u, 16u}) {
            layout_params const l{nx, elem, elem};
            for (std::uint64_t y = 0; y < 1024; ++y)
                for (std::uint64_t x = 0; x < nx; ++x) REQUIRE(swizzled_column(l, y, x) == (x ^ (y % nx)));
        }
}

TEST_CASE("for power-of-two rows whole chunks move and the row picks the XOR key", "[model][formula]") {
    // x_swz = ((y % C) ^ (x / K)) * K + x % K, the layout drawn in xor_swizzle.hpp
    for (std::uint32_t nx = 1; nx <= 256; nx *= 2)
        for (std::uint32_t elem : {1u, 2u, 4u, 8u, 16u})
            for (std::uint32_t tc = elem; tc <= 128 && tc <= nx * elem; tc *= 2) {
                layout_params const l{nx, elem, tc};
                std::uint64_t const k = tc / elem, c = std::uint64_t(nx) * elem / tc;
                CAPTURE(nx, elem, tc);
                for (std::uint64_t y = 0; y < 600; ++y)
                    for (std::uint64_t x = 0; x < nx; ++x)
                        REQUIRE(swizzled_column(l, y, x) == (((y % c) ^ (x / k)) * k + x % k));
            }
}

TEST_CASE("the article's 32x16 float example: 16 column reads spread over 16 columns", "[model][formula]") {
    // "each warp reads two swizzled columns ... only one bank conflict"
    layout_params const l{16, 4, 4};
    for (std::uint64_t x = 0; x < 16; ++x) {
        std::uint64_t seen = 0;
        for (std::uint64_t y = 0; y < 16; ++y) seen |= std::uint64_t(1) << swizzled_column(l, y, x);
        CHECK(seen == 0xffff);
    }
}

TEST_CASE("the formula is a constant expression and works at 32 bits, as in device code", "[model][formula]") {
    static_assert(swizzled_column(static_layout<64, 4, 16>{}, 5u, 7u) == ((5u % 16u) ^ 1u) * 4u + 3u);
    constexpr article_layout<static_layout<64, 4, 16>> tile{};
    static_assert(tile.byte_offset(2u, 0u) == (2u * 64u + 8u) * 4u);
    for (std::uint32_t y = 0; y < 64; ++y)
        for (std::uint32_t x = 0; x < 64; ++x)
            REQUIRE(std::uint64_t(swizzled_column(static_layout<64, 4, 16>{}, y, x)) ==
                    swizzled_column(layout_params{64, 4, 16}, std::uint64_t(y), std::uint64_t(x)));
}
