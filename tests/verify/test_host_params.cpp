// The article's formula on host_article_params (shifts and masks where the
// parameters are powers of two) gives exactly the offsets of the formula on
// layout_params, which divides by each runtime value: every cell of many
// layouts, powers of two and not, compared.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "host_params.hpp"
#include "swz/layout/article.hpp"
#include "swz/layout_params.hpp"

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

// The enumerations' row runs (article_layout::row_run, a chunk at a time):
// every run of cells of a row, on both parameter types, gives the formula
// as written cell by cell.
TEST_CASE("a row's run of the article's formula gives the offsets of the formula as written", "[verify][layouts]") {
    unsigned layouts = 0;
    for (std::uint32_t elem : {1u, 2u, 3u, 4u, 8u, 16u})
        for (std::uint32_t tc = elem; tc <= 128; tc += elem)
            for (std::uint32_t nx : {1u, 2u, 3u, 12u, 17u, 40u, 64u, 96u, 243u, 1000u, 1293u}) {
                swz::layout_params const p{nx, elem, tc};
                if (p.row_bytes() % tc != 0) continue;
                ++layouts;
                swz::article_layout<swz::layout_params> const as_written{p};
                swz::article_layout<swz::verify::host_article_params> const fast{swz::verify::host_article_params(p)};
                std::vector<std::uint64_t> got(nx), plain(nx);
                for (std::uint64_t y : {0ull, 1ull, 5ull, 31ull, 1023ull, 2648063ull, 4294967295ull, 12345678901ull})
                    for (std::uint64_t x0 : {std::uint64_t(0), std::uint64_t(1), std::uint64_t(7), std::uint64_t(nx / 2), std::uint64_t(nx - 1)}) {
                        if (x0 >= nx) continue;
                        std::uint64_t const n = nx - x0;
                        fast.row_run(y, x0, n, got.data());
                        as_written.row_run(y, x0, n, plain.data());
                        for (std::uint64_t i = 0; i < n; ++i)
                            if (got[i] != as_written.byte_offset(y, x0 + i) || plain[i] != got[i]) {
                                CAPTURE(nx, elem, tc, y, x0, i);
                                FAIL("the run differs from the formula");
                            }
                    }
            }
    CHECK(layouts > 250);
}

// One cell by row_run's identity (article_layout::byte_offset_in_row, the
// enumerations' warp-wide map): every cell of a row, rows up to 2^32 - 1,
// on both parameter types, gives the formula as written.
TEST_CASE("a cell of the article's formula by the row's identity gives the offset of the formula as written",
          "[verify][layouts]") {
    unsigned layouts = 0;
    for (std::uint32_t elem : {1u, 2u, 4u, 8u, 16u})
        for (std::uint32_t tc = elem; tc <= 128; tc += elem)
            for (std::uint32_t nx : {1u, 2u, 3u, 12u, 17u, 40u, 64u, 96u, 243u, 1000u, 1293u, 2739u}) {
                swz::layout_params const p{nx, elem, tc};
                if (swz::check_article(p)) continue;
                ++layouts;
                swz::article_layout<swz::layout_params> const as_written{p};
                swz::article_layout<swz::verify::host_article_params> const fast{swz::verify::host_article_params(p)};
                for (std::uint64_t y : {0ull, 1ull, 5ull, 31ull, 1023ull, 2648063ull, 4294967294ull, 4294967295ull})
                    for (std::uint64_t x = 0; x < nx; ++x) {
                        std::uint64_t const want = as_written.byte_offset(y, x);
                        if (fast.byte_offset_in_row(y, x) != want || as_written.byte_offset_in_row(y, x) != want) {
                            CAPTURE(nx, elem, tc, y, x);
                            FAIL("the cell differs from the formula");
                        }
                    }
            }
    CHECK(layouts > 250);
}
