// The article's formula on host_article_params (shifts and masks where the
// parameters are powers of two) gives exactly the offsets of the formula on
// layout_params, which divides by each runtime value: every cell of many
// layouts, powers of two and not, compared.
#include <catch2/catch.hpp>

#include <cstdint>

#include "host_params.hpp"
#include "swz/layout/article.hpp"

TEST_CASE("the article's formula on host divisors gives the offsets of the formula as written", "[verify][layouts]") {
    unsigned layouts = 0;
    for (std::uint32_t elem : {1u, 2u, 3u, 4u, 8u, 16u})
        for (std::uint32_t tc = elem; tc <= 128; tc += elem)
            for (std::uint32_t nx : {1u, 2u, 3u, 12u, 16u, 40u, 64u, 96u, 128u, 1000u, 1024u}) {
                swz::layout_params const p{nx, elem, tc};
                if (p.row_bytes() % tc != 0) continue;
                ++layouts;
                swz::article_layout<swz::layout_params> const as_written{p};
                swz::article_layout<swz::verify::host_article_params> const fast{swz::verify::host_article_params(p)};
                for (std::uint64_t y : {0ull, 1ull, 5ull, 31ull, 1023ull, 4294967295ull, 12345678901ull})
                    for (std::uint64_t x = 0; x < nx; ++x)
                        if (fast.byte_offset(y, x) != as_written.byte_offset(y, x)) {
                            CAPTURE(nx, elem, tc, y, x);
                            FAIL("the offsets differ");
                        }
            }
    CHECK(layouts > 300);
}
