// The fast kernel's block order (swz/detail/block_order.hpp): every band
// visits every tile exactly once, and the order chosen per shape keeps
// whole columns of tiles unless that reads rows in short pieces.
#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "swz/detail/block_order.hpp"

using namespace swz;
using namespace swz::detail;

TEST_CASE("every band order visits every tile exactly once", "[kernels][grid]") {
    using plan = fast_plan_for<4>;
    for (std::size_t rows : {1, 64, 65, 1000, 4096})
        for (std::size_t cols : {1, 64, 200, 4096})
            for (std::size_t band : std::initializer_list<std::size_t>{1, 2, 3, 8, 16, 100, whole_column}) {
                fast_transpose_grid<plan> const g{rows, cols, band};
                std::vector<int> seen(g.tiles(), 0);
                for (std::size_t b = 0; b < g.tiles(); ++b) {
                    auto const t = g.tile(unsigned(b));
                    REQUIRE(t.row0 % plan::tile_rows == 0);
                    REQUIRE(t.col0 % plan::nx == 0);
                    REQUIRE(t.row0 < rows);
                    REQUIRE(t.col0 < cols);
                    ++seen[t.row0 / plan::tile_rows * g.tiles_per_row() + t.col0 / plan::nx];
                }
                CAPTURE(rows, cols, band);
                REQUIRE(std::count(seen.begin(), seen.end(), 1) == std::ptrdiff_t(seen.size()));
            }
}

TEMPLATE_TEST_CASE_SIG("overlapping tiles: each loads through what it owns, the last through the last row",
                       "[kernels][grid]", ((unsigned E), E), 1, 2, 4, 8) {
    using plan = fast_plan_of<E, false>;  // tiles overlap where output rows are realigned
    constexpr std::size_t R = plan::tile_rows, K = plan::rows_per_vector;
    STATIC_REQUIRE(row_step_of<plan, false> == R - K);
    STATIC_REQUIRE(row_step_of<plan, true> == R);
    // Whole output sectors (fast_transpose_body's Sectors): one row group more.
    STATIC_REQUIRE(row_step_of<plan, true, true> == R - K);
    STATIC_REQUIRE(row_step_of<plan, false, true> == R - 2 * K);
    for (std::size_t S : {R - K, R - 2 * K}) {
        for (std::size_t rows = 1; rows < 5 * R; rows += 7) {
            fast_transpose_grid<plan> const g{rows, 1, whole_column, S};
            std::size_t const n = g.tile_rows();
            CAPTURE(rows, n);
            for (std::size_t i = 0; i < n; ++i) {
                std::size_t const row0 = g.tile(unsigned(i)).row0;
                REQUIRE(row0 == i * S);
                bool const last = row0 + R >= rows;
                REQUIRE(last == (i + 1 == n));  // what the kernel takes for the last tile is the last
                REQUIRE(row0 < rows);
            }
        }
    }
}

TEMPLATE_TEST_CASE_SIG("the chosen order: whole columns, or bands whose blocks in flight read whole rows",
                       "[kernels][grid]", ((unsigned E), E), 1, 2, 4, 8) {
    using plan = fast_plan_for<E>;
    std::size_t const resident = 132 * 6;  // an H200 at 6 blocks per SM
    for (std::size_t rows : {64, 1000, 8192, 100000, 1048576})
        for (std::size_t cols : {64, 96, 256, 1000, 8192, 16384}) {
            CAPTURE(rows, cols);
            std::size_t const band = choose_band<plan>(rows, cols, resident);
            fast_transpose_grid<plan> const g{rows, cols, whole_column};
            std::size_t const run = std::max<std::size_t>(1, resident / g.tile_rows()) * plan::row_bytes;
            if (band == whole_column) {  // everything in flight, or runs long enough
                REQUIRE((g.tiles() <= resident || run >= std::min(cols * E, min_read_run_bytes)));
                continue;
            }
            REQUIRE(run < std::min(cols * E, min_read_run_bytes));
            REQUIRE(band >= 1);
            REQUIRE((band * g.tiles_per_row() <= resident || band == 1));  // a band's rows fit in flight
            REQUIRE((band + 1) * g.tiles_per_row() > resident);            // and no taller band would
        }
    CHECK(choose_band<plan>(16384, 16384, resident) == whole_column);  // squares: as measured best
    CHECK(choose_band<plan>(8192, 8192, resident) == whole_column);
    CHECK(choose_band<plan>(1000, 1000, 0) == whole_column);           // occupancy unknown
}

TEMPLATE_TEST_CASE_SIG("the kernel's prepared walk places every block where the grid does", "[kernels][grid]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    // tile_walk (divisions prepared on the host) against fast_transpose_grid's
    // plain divisions, over several matrices of a batch, every band and both row steps.
    using plan = fast_plan_for<E>;
    for (std::size_t step : {std::size_t(plan::tile_rows), std::size_t(row_step_of<plan, false>)})
        for (std::size_t rows : {1, 64, 65, 1000, 4097})
            for (std::size_t cols : {1, 64, 200, 4096})
                for (std::size_t band : std::initializer_list<std::size_t>{1, 2, 3, 8, 16, 100, whole_column}) {
                    fast_transpose_grid<plan> const g{rows, cols, band, step};
                    tile_walk const w = tile_walk::of(g);
                    unsigned const per_matrix = unsigned(g.tiles());
                    CAPTURE(step, rows, cols, band);
                    for (unsigned block = 0; block < 3 * per_matrix; ++block) {
                        auto const want = g.tile(block % per_matrix);
                        auto const got = w.at(block);
                        REQUIRE(got.matrix == block / per_matrix);
                        REQUIRE(got.row0 == want.row0);
                        REQUIRE(got.col0 == want.col0);
                    }
                }
    // Large grids: blocks near 2^31.
    fast_transpose_grid<plan> const g{std::size_t(1) << 20, std::size_t(1) << 16, 7, plan::tile_rows};
    tile_walk const w = tile_walk::of(g);
    unsigned const per_matrix = unsigned(g.tiles());
    for (unsigned block : {0u, 1u, per_matrix - 1, per_matrix, 0x7fffffffu / per_matrix * per_matrix - 1}) {
        auto const want = g.tile(block % per_matrix);
        auto const got = w.at(block);
        REQUIRE(got.matrix == block / per_matrix);
        REQUIRE(got.row0 == want.row0);
        REQUIRE(got.col0 == want.col0);
    }
}
