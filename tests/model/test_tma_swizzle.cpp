// The copy engine's 128-byte swizzle, as documented (swz/tma_swizzle.hpp),
// is the article's formula for 128-byte rows at TC = 16: checked for every
// byte of 1024 rows and every element size, and through the fast plan's
// 128-byte strips, which is how a tile loaded by the copy engine is
// addressed. (tests/gpu checks the hardware against tma_box_byte.)
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "swz/kernels/fast_transpose_plan.hpp"
#include "swz/tma_swizzle.hpp"
#include "swz/xor_swizzle.hpp"

using namespace swz;

TEMPLATE_TEST_CASE_SIG("the TMA 128-byte swizzle is the article's formula for 128-byte rows at TC = 16",
                       "[model][tma]", ((unsigned E), E), 1, 2, 4, 8, 16) {
    static_layout<128 / E, E, 16> const layout{};
    for (std::uint32_t y = 0; y < 1024; ++y)
        for (std::uint32_t x = 0; x < 128 / E; ++x)
            for (std::uint32_t b = 0; b < E; ++b) {
                std::uint32_t const article = y * 128 + swizzled_column(layout, y, x) * E + b;
                CAPTURE(y, x, b);
                REQUIRE(tma_box_byte(y, x * E + b) == article);
            }
}

TEST_CASE("the TMA swizzle permutes the bytes of every 1024-byte span", "[model][tma]") {
    std::vector<int> seen(4 * tma_swizzle_span, 0);
    for (std::uint32_t offset = 0; offset < seen.size(); ++offset) {
        std::uint32_t const placed = tma_swizzle_128b(offset);
        REQUIRE(placed / tma_swizzle_span == offset / tma_swizzle_span);
        ++seen[placed];
    }
    for (int n : seen) REQUIRE(n == 1);
}

TEMPLATE_TEST_CASE_SIG("a fast plan with 128-byte strips addresses its tile as the copy engine places it",
                       "[model][tma]", ((unsigned E), E), 1, 2, 4, 8) {
    using plan = typename fast_transpose_plan<E, 128, 256, 256>::template striped<tma_swizzle_row>;
    for (std::uint32_t y = 0; y < plan::tile_rows; ++y)
        for (std::uint32_t x = 0; x < plan::nx; ++x) {
            std::uint32_t const strip = x / plan::strip_nx, in_strip = x % plan::strip_nx;
            CAPTURE(y, x);
            REQUIRE(plan::shared_byte(y, x) == tma_boxes_byte(strip, y, in_strip * E, plan::strip_stride));
        }
}

TEST_CASE("an unstriped tile of 256-byte rows is not where the copy engine puts it", "[model][tma]") {
    // Known bad: the same tile swizzled as whole 256-byte rows (XOR over 16
    // chunks) must fail the placement check above somewhere.
    using unstriped = fast_transpose_plan<4, 128, 256, 256>;
    using striped = unstriped::striped<tma_swizzle_row>;
    std::size_t differing = 0;
    for (std::uint32_t y = 0; y < striped::tile_rows; ++y)
        for (std::uint32_t x = 0; x < striped::nx; ++x)
            differing += unstriped::shared_byte(y, x) != tma_boxes_byte(x / striped::strip_nx, y,
                                                                        x % striped::strip_nx * 4, striped::strip_stride);
    REQUIRE(differing > 0);
}
