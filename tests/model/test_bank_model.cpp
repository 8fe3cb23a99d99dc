// The bank model against every measurement in ../shared/bank-model.md (an
// H200, Nsight Compute wavefront counters): these figures come from the
// hardware, not from this code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <vector>

#include "swz/bank_model.hpp"
#include "swz/layout/article.hpp"

using namespace swz;

namespace {

unsigned cost(unsigned width, std::function<std::uint64_t(unsigned)> const& byte_of_lane) {
    warp_access a;
    a.width = width;
    for (unsigned l = 0; l < 32; ++l) a.byte_address[l] = byte_of_lane(l);
    return bank_cost(a).wavefronts;
}

unsigned swizzled_column_cost(std::uint32_t nx, std::uint32_t tc) {
    article_layout<layout_params> const tile{{nx, 4, tc}};
    return cost(4, [&](unsigned l) { return tile.byte_offset(std::uint64_t(l), std::uint64_t(0)); });
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

namespace {

// The rule as bank-model.md states it, word by word: per phase, the most
// distinct 4-byte words in one bank. Written apart from bank_cost(), which
// computes on units and bank groups (the view the SMT encoding shares).
unsigned word_level_cost(warp_access const& a) {
    unsigned const per_phase = a.width <= 4 ? 32 : 128 / a.width;
    unsigned const words = a.width <= 4 ? 1 : a.width / 4;
    unsigned total = 0;
    for (unsigned first = 0; first < 32; first += per_phase) {
        std::vector<std::vector<std::uint64_t>> in_bank(32);
        for (unsigned l = first; l < first + per_phase; ++l) {
            if (!a.active[l]) continue;
            for (unsigned k = 0; k < words; ++k) {
                std::uint64_t const w = a.byte_address[l] / 4 + k;
                auto& b = in_bank[w % 32];
                if (std::find(b.begin(), b.end(), w) == b.end()) b.push_back(w);
            }
        }
        unsigned most = 0;
        for (auto const& b : in_bank) most = std::max(most, unsigned(b.size()));
        total += most;
    }
    return total;
}

}  // namespace

TEST_CASE("the unit view both sides compute with equals the word-level rule", "[model][bank]") {
    std::mt19937_64 rng(3);
    for (unsigned w : {1u, 2u, 4u, 8u, 16u})
        for (int trial = 0; trial < 4000; ++trial) {
            warp_access a;
            a.width = w;
            // Addresses in a few KiB so lanes collide on banks and words often.
            for (unsigned l = 0; l < 32; ++l) a.byte_address[l] = (rng() % (trial % 2 ? 512 : 8192)) / w * w;
            if (trial % 3 == 0)
                for (unsigned l = 0; l < 32; ++l) a.active[l] = (rng() % 4) != 0;
            CAPTURE(w, trial);
            REQUIRE(bank_cost(a).wavefronts == word_level_cost(a));
        }
}
