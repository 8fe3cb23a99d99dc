// Sub-tiles packed into the fast kernel's tiles (swz/detail/tile_packing.hpp):
// the blocks' tiles cover every sub-tile of the batch exactly once, each
// sub-tile inside its matrix's grid; sub-tiles are whole output vectors,
// runs of 64 bytes and at least one load iteration's rows; packing is chosen only where a dimension is
// badly served by the tile, and only for rows aligned on both sides.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "swz/detail/fast_packed_body.hpp"
#include "swz/detail/tile_packing.hpp"

using namespace swz;
using namespace swz::detail;

TEMPLATE_TEST_CASE_SIG("every sub-tile of a batch lies in exactly one block's tile, once", "[kernels][packing]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    using plan = fast_plan_for<E>;
    for (std::size_t rows : {1, 16, 32, 48, 64, 96, 130, 1000})
        for (std::size_t cols : {4, 16, 32, 48, 64, 96, 130, 1000})
            for (std::size_t batch : {1, 3}) {
                tile_packing const p = choose_packing<plan>(rows, cols);
                if (p.per_tile == 1) continue;
                CAPTURE(rows, cols, batch, p.rows_log2, p.cols_log2, p.per_tile);
                std::size_t const sub_rows = std::size_t(1) << p.rows_log2, sub_cols = std::size_t(1) << p.cols_log2;
                REQUIRE(sub_rows % plan::rows_per_vector == 0);  // whole output vectors
                REQUIRE(sub_cols * E % 64 == 0);                 // runs of 64 bytes, whole chunks
                REQUIRE(sub_rows * E >= 64);
                // the packed load steps down a sub-tile by one iteration's rows
                REQUIRE(sub_rows >= plan::threads / plan::chunks_per_row);
                REQUIRE(p.per_tile == plan::tile_rows / sub_rows * (plan::nx / sub_cols));
                REQUIRE(p.down == (rows + sub_rows - 1) / sub_rows);
                REQUIRE(p.per_matrix == p.down * ((cols + sub_cols - 1) / sub_cols));
                unsigned const subtiles = unsigned(batch * p.per_matrix);
                std::vector<int> seen(subtiles, 0);
                for (unsigned block = 0; block < (subtiles + p.per_tile - 1) / p.per_tile; ++block)
                    for (unsigned y = 0; y < plan::tile_rows; y += unsigned(sub_rows))
                        for (unsigned x = 0; x < plan::nx; x += unsigned(sub_cols)) {
                            packed_cell const c = place(p, block, y, x);
                            if (c.sub >= subtiles) continue;
                            REQUIRE(c.local.y == 0);
                            REQUIRE(c.local.x == 0);
                            REQUIRE(c.matrix == c.sub / p.per_matrix);
                            REQUIRE(c.row0 < rows);
                            REQUIRE(c.col0 < cols);
                            // every cell of the sub-tile lands in it, at its own offset
                            packed_cell const last = place(p, block, y + unsigned(sub_rows) - 1, x + unsigned(sub_cols) - 1);
                            REQUIRE(last.sub == c.sub);
                            REQUIRE(last.local.y == sub_rows - 1);
                            REQUIRE(last.local.x == sub_cols - 1);
                            ++seen[c.sub];
                        }
                for (int n : seen) REQUIRE(n == 1);
            }
}

TEST_CASE("packing where a dimension is below the tile or the tile divides it badly, not elsewhere",
          "[kernels][packing]") {
    using i8 = fast_plan_for<1>;   // 128 x 128 bytes
    using i16 = fast_plan_for<2>;  // 64 rows x 128 halves
    // The cells of kernels/BENCHMARKS.md that wasted half or a quarter of the tile.
    CHECK(choose_packing<i8>(64, 64).per_tile == 4);          // 4096 x 64 x 64: four matrices a tile
    CHECK(choose_packing<i16>(64, 64).per_tile == 2);
    CHECK(choose_packing<i8>(1048576, 64).per_tile == 2);     // tall: two stretches of 128 rows side by side
    CHECK(choose_packing<i16>(100000, 96).cols_log2 == 5);    // 96 columns: sub-tiles of 32 (64 bytes)
    CHECK(choose_packing<i8>(64, 1048576).per_tile == 2);     // wide: two stretches of 128 columns stacked
    CHECK(choose_packing<i16>(96, 100000).rows_log2 == 5);
    // 96 bytes of int8: sub-tiles of 32 would read or write runs of 32 bytes.
    CHECK(choose_packing<i8>(100000, 96).per_tile == 1);
    CHECK(choose_packing<i8>(96, 100000).per_tile == 1);
    // Whole tiles where they fit within 1/16 of padding.
    for (std::size_t n : {128, 256, 1000, 4096, 100000, 1048576}) {
        CHECK(choose_packing<i8>(n, n).per_tile == 1);
        CHECK(choose_packing<i16>(n, n).per_tile == 1);
        CHECK(choose_packing<fast_plan_for<4>>(n, n).per_tile == 1);
        CHECK(choose_packing<fast_plan_for<8>>(n, n).per_tile == 1);
    }
    CHECK(choose_packing<i16>(64, 1048576).per_tile == 1);  // 64 rows fill a half tile
    CHECK(choose_packing<i8>(256, 524288).per_tile == 1);
}

TEST_CASE("packed only where every row on both sides is 16-byte aligned", "[kernels][packing]") {
    alignas(16) static unsigned char in[64], out[64];
    auto const s = transpose_shape::packed(1048576, 64);
    CHECK(packing_for<1>(out, in, s).per_tile == 2);
    CHECK(packing_for<1>(out + 1, in, s).per_tile == 1);       // output pointer off 16 bytes
    CHECK(packing_for<1>(out, in + 2, s).per_tile == 1);       // input pointer off
    CHECK(packing_for<1>(out, in, transpose_shape::packed(1048575, 64)).per_tile == 1);  // output rows of 1048575 bytes
    CHECK(packing_for<2>(out, in, transpose_shape::packed(1048576, 60)).per_tile == 1);  // input rows of 120 bytes
    CHECK(packing_for<4>(out, in, transpose_shape::packed(1048576, 16)).per_tile == 4);
    CHECK(packing_for<8>(out, in, transpose_shape::packed(1048576, 8)).per_tile == 1);  // doubles never pack
    // Tall halves a whole realigning tile wide run that plan, unpacked
    // (fast_transpose_config::tall_takes_realigning_plan).
    CHECK(packing_for<2>(out, in, s).per_tile == 1);
    CHECK(packing_for<2>(out, in, transpose_shape::packed(1048576, 32)).per_tile > 1);
    transpose_shape const gaps{64, 40, 48, 80, 1, 64 * 48, 40 * 80};  // 40-byte rows, 48 and 80 bytes apart
    CHECK(packing_for<1>(out, in, gaps).per_tile > 1);  // aligned pitches around unaligned row lengths
}

TEST_CASE("divisor32 divides every index below 2^31 exactly", "[kernels][packing]") {
    std::vector<std::uint32_t> divisors;
    for (std::uint32_t d = 1; d <= 3000; ++d) divisors.push_back(d);
    for (unsigned k = 12; k < 31; ++k)
        for (std::uint32_t d : {(1u << k) - 1, 1u << k, (1u << k) + 1, (1u << k) + 12345}) divisors.push_back(d);
    divisors.push_back(0x7fffffffu);
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    for (std::uint32_t d : divisors) {
        divisor32 const v = divisor32::of(d);
        std::vector<std::uint32_t> ns{0, 1, d - 1, d, d + 1, 2 * d - 1, 2 * d, 0x7fffffffu, 0x7ffffffeu,
                                      0x7fffffffu / d * d, 0x7fffffffu / d * d - 1};
        for (unsigned i = 0; i < 64; ++i) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            ns.push_back(std::uint32_t(x) & 0x7fffffffu);
        }
        for (std::uint32_t n : ns) {
            if (n > 0x7fffffffu) continue;
            CAPTURE(d, n);
            REQUIRE(v.quotient(n) == n / d);
            REQUIRE(v.remainder(n) == n % d);
        }
    }
    std::size_t wrong = 0;  // every small index by every small divisor
    for (std::uint32_t d = 1; d <= 64; ++d)
        for (std::uint32_t n = 0; n < 100000; ++n) wrong += divisor32::of(d).quotient(n) != n / d;
    REQUIRE(wrong == 0);
}
