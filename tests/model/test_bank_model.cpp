// The bank model against every measurement in ../shared/bank-model.md (an
// H200, Nsight Compute wavefront counters): these figures come from the
// hardware, not from this code.
#include <catch2/catch.hpp>

#include <functional>

#include "swz/bank_model.hpp"
#include "swz/tile_layouts.hpp"

using namespace swz;

namespace {

unsigned cost(unsigned width, std::function<std::uint64_t(unsigned)> const& byte_of_lane) {
    warp_access a;
    a.width = width;
    for (unsigned l = 0; l < 32; ++l) a.byte_address[l] = byte_of_lane(l);
    return bank_cost(a).wavefronts;
}

unsigned swizzled_column_cost(std::uint32_t nx, std::uint32_t tc) {
    xor_swizzled_tile<layout_params> const tile{{nx, 4, tc}};
    return cost(4, [&](unsigned l) { return tile.element_offset(std::uint64_t(l), std::uint64_t(0)) * 4; });
}

}  // namespace

TEST_CASE("bank model reproduces the H200 measurements of bank-model.md", "[model][bank]") {
    CHECK(cost(4, [](unsigned l) { return 4 * l; }) == 1);
    CHECK(cost(4, [](unsigned l) { return 4 * 2 * l; }) == 2);
    CHECK(cost(4, [](unsigned l) { return 4 * 3 * l; }) == 1);
    CHECK(cost(4, [](unsigned l) { return 4 * 32 * l; }) == 32);
    CHECK(cost(4, [](unsigned l) { return 4 * 33 * l; }) == 1);
    CHECK(cost(4, [](unsigned) { return 40; }) == 1);
    CHECK(cost(8, [](unsigned l) { return 8 * l; }) == 2);
    CHECK(cost(8, [](unsigned l) { return 8 * 16 * l; }) == 32);
    CHECK(cost(16, [](unsigned l) { return 16 * l; }) == 4);
    CHECK(cost(16, [](unsigned l) { return 16 * 8 * l; }) == 32);
    CHECK(cost(16, [](unsigned l) { return 128 * (l % 8) + 16 * ((l % 8) ^ (l / 8)); }) == 4);
    CHECK(swizzled_column_cost(16, 4) == 2);
    CHECK(swizzled_column_cost(64, 16) == 4);
}

TEST_CASE("ideal wavefronts are 1, 2 and 4 for 32-, 64- and 128-bit accesses", "[model][bank]") {
    CHECK(ideal_wavefronts(1) == 1);
    CHECK(ideal_wavefronts(2) == 1);
    CHECK(ideal_wavefronts(4) == 1);
    CHECK(ideal_wavefronts(8) == 2);
    CHECK(ideal_wavefronts(16) == 4);
}

TEST_CASE("narrow accesses cost like 4-byte accesses on the words they touch", "[model][bank]") {
    CHECK(cost(1, [](unsigned l) { return l; }) == 1);          // 8 words, 8 banks
    CHECK(cost(2, [](unsigned l) { return 2 * l; }) == 1);      // 16 words
    CHECK(cost(1, [](unsigned l) { return 128 * l; }) == 32);  // one bank, 32 words
    CHECK(cost(2, [](unsigned l) { return 64 * l; }) == 16);   // banks 0 and 16, 16 distinct words each
}

TEST_CASE("misaligned accesses are rejected, not costed", "[model][bank]") {
    warp_access a;
    a.width = 16;
    for (unsigned l = 0; l < 32; ++l) a.byte_address[l] = 16 * l;
    a.byte_address[5] = 84;
    CHECK(misaligned_lanes(a) == std::vector<unsigned>{5});
    CHECK_THROWS(bank_cost(a));
}
