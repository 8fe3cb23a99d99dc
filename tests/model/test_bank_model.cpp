// The bank model against every measurement in ../shared/bank-model.md (an
// H200, Nsight Compute wavefront counters): these figures come from the
// hardware, not from this code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
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

namespace {

unsigned async_copy_16_cost(std::function<std::uint64_t(unsigned)> const& byte_of_lane) {
    warp_access a;
    a.width = 16;
    a.rule = phase_rule::async_copy_16;
    for (unsigned l = 0; l < 32; ++l) a.byte_address[l] = byte_of_lane(l);
    return bank_cost(a).wavefronts;
}

// Each phase's pattern k -> byte offset (k = lane % 8), the phases 1 KiB apart.
unsigned async_copy_16_phases(std::function<std::uint64_t(unsigned)> const& f) {
    return async_copy_16_cost([&](unsigned l) { return 1024 * (l / 8) + f(l % 8); });
}

}  // namespace

// cp.async.cg 16 bytes on the H200 (2026-12-01, driver 580.159.04,
// smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum per
// instruction; kernels/measurements/2026-12-01-h200-access-probes): the
// figures of kernels/BANK-MODEL.md, transcribed from the counters.
TEST_CASE("the cp.async.16 transfer rule reproduces the H200 measurements", "[model][bank]") {
    unsigned const shifted[] = {4, 12, 8, 16, 8, 16, 8, 12};  // rows shifted by 0, 16, ..., 112 bytes
    for (unsigned s = 0; s < 8; ++s) {
        CAPTURE(s);
        CHECK(async_copy_16_phases([&](unsigned k) { return 16 * s + 16 * k; }) == shifted[s]);
    }
    CHECK(async_copy_16_phases([](unsigned k) { return 16 * (k ^ 1); }) == 4);
    CHECK(async_copy_16_phases([](unsigned k) { return 16 * (k ^ 4); }) == 4);
    CHECK(async_copy_16_phases([](unsigned k) { return 16 * (7 - k); }) == 4);
    CHECK(async_copy_16_phases([](unsigned k) { return 16 * ((k + 1) % 8); }) == 8);
    CHECK(async_copy_16_phases([](unsigned k) { return 16 + 16 * (7 - k); }) == 12);
    CHECK(async_copy_16_phases([](unsigned k) { return 64 * (k / 2) + 16 * (k % 2); }) == 16);
    CHECK(async_copy_16_phases([](unsigned k) { return 128 * (k / 4) + 16 * (k % 4); }) == 8);
    CHECK(async_copy_16_phases([](unsigned k) { return k < 4 ? 16 * k : 128 + 16 * k; }) == 8);
    CHECK(async_copy_16_phases([](unsigned k) { return 160 * (k / 2) + 16 * (k % 2); }) == 16);
    CHECK(async_copy_16_phases([](unsigned k) { return 144 * k; }) == 32);
    CHECK(async_copy_16_phases([](unsigned k) { return 32 * k; }) == 32);
    CHECK(async_copy_16_phases([](unsigned k) { return k < 4 ? 64 + 16 * k : 128 + 16 * (k - 4); }) == 8);
    CHECK(async_copy_16_cost([](unsigned l) { return 1024 * (l / 8) + 16 * (l % 8) + (l / 8 == 1 ? 16 : 0); }) == 6);
    CHECK(async_copy_16_cost([](unsigned l) { return 16 * l + 16 * (l / 16); }) == 8);
    // The first probes: rows off a line, padded rows, one bank, strides.
    CHECK(async_copy_16_cost([](unsigned l) { return 16 + 16 * l; }) == 12);
    CHECK(async_copy_16_cost([](unsigned l) { return 144 * (l / 8) + 16 * (l % 8); }) == 10);
    CHECK(async_copy_16_cost([](unsigned l) { return 132 * l / 16 * 16; }) == 32);
    CHECK(async_copy_16_cost([](unsigned l) { return 32 * l; }) == 32);
    CHECK(async_copy_16_cost([](unsigned l) { return 128 * l; }) == 32);
    CHECK(async_copy_16_cost([](unsigned l) { return 256 * (l % 8) + 16 * (l / 8); }) == 32);
}

TEST_CASE("the cp.async.16 rule: any XOR order of one line is one transfer, and it never beats the banks' ideal", "[model][bank]") {
    // Every XOR of the slots, on every line: 4 wavefronts, the ideal.
    for (unsigned c = 0; c < 8; ++c)
        for (unsigned line = 0; line < 4; ++line)
            CHECK(async_copy_16_cost([&](unsigned l) { return 128 * line + 1024 * (l / 8) + 16 * ((l % 8) ^ c); }) == 4);
    // Random patterns: at least the ideal, at most one wavefront a lane,
    // and never below the bank rule's figure (a transfer is one line).
    std::mt19937 rng(7);
    for (int i = 0; i < 2000; ++i) {
        std::array<std::uint64_t, 32> at{};
        for (auto& a : at) a = 16 * (rng() % 64);
        unsigned const t = async_copy_16_cost([&](unsigned l) { return at[l]; });
        CHECK(t >= 4);
        CHECK(t <= 32);
        CHECK(t >= cost(16, [&](unsigned l) { return at[l]; }));
    }
}

namespace {

// The rule as stated at the top of bank_model.hpp, apart from the model's
// labels: a transfer writes one 128-byte line, source slot k going to slot
// ((k XOR c) + 2r) mod 8, or to the mirror image of that (2-slot pairs in
// reverse order). The fewest transfers serving every active lane of one
// phase (lane k copies source slot k to `at[k]`), by trying every set of
// the transfers that serve some lane.
unsigned fewest_transfers_by_sets(std::array<std::uint64_t, 8> const& at, std::array<bool, 8> const& active) {
    auto const place = [](unsigned k, unsigned c, unsigned r, bool mirrored) {
        unsigned const s = ((k ^ c) + 2 * r) % 8;
        return mirrored ? 2 * (3 - s / 2) + s % 2 : s;
    };
    std::vector<std::uint32_t> serves;  // each distinct transfer, as the mask of lanes it serves
    std::vector<std::pair<std::uint64_t, std::array<unsigned, 8>>> seen;
    std::uint32_t all = 0;
    for (unsigned k = 0; k < 8; ++k) {
        if (!active[k]) continue;
        all |= 1u << k;
        for (unsigned c = 0; c < 8; ++c)
            for (unsigned r = 0; r < 4; ++r)
                for (bool m : {false, true}) {
                    std::array<unsigned, 8> to{};
                    for (unsigned j = 0; j < 8; ++j) to[j] = place(j, c, r, m);
                    if (to[k] != at[k] / 16 % 8) continue;
                    std::pair<std::uint64_t, std::array<unsigned, 8>> const t{at[k] / 128, to};
                    if (std::find(seen.begin(), seen.end(), t) != seen.end()) continue;
                    seen.push_back(t);
                    std::uint32_t mask = 0;
                    for (unsigned j = 0; j < 8; ++j)
                        if (active[j] && at[j] / 128 == t.first && to[j] == at[j] / 16 % 8) mask |= 1u << j;
                    serves.push_back(mask);
                }
    }
    REQUIRE(serves.size() <= 20);
    unsigned best = 8;
    for (std::uint32_t set = 0; set < (1u << serves.size()); ++set) {
        auto const size = unsigned(__builtin_popcount(set));
        if (size >= best) continue;
        std::uint32_t got = 0;
        for (std::size_t i = 0; i < serves.size(); ++i)
            if (set >> i & 1u) got |= serves[i];
        if ((got & all) == all) best = size;
    }
    return all == 0 ? 0 : best;
}

}  // namespace

TEST_CASE("a cp.async.16 phase costs the fewest transfers of the rule, by every set of transfers", "[model][bank]") {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 600; ++trial) {
        warp_access a;
        a.width = 16;
        a.rule = phase_rule::async_copy_16;
        std::array<std::uint64_t, 8> at{};
        std::array<bool, 8> active{};
        // Lanes in 1 to 3 lines, most in one XOR or rotated order of the
        // first, so that every cost from 1 to 8 turns up.
        unsigned const lines = 1 + trial % 3, c = rng() % 8, r = rng() % 4;
        for (unsigned k = 0; k < 8; ++k) {
            unsigned const slot = rng() % 3 == 0 ? rng() % 8 : ((k ^ c) + 2 * r) % 8;
            at[k] = 128 * (5 + rng() % lines) + 16 * slot;
            active[k] = trial % 4 != 0 || rng() % 3 != 0;
            a.byte_address[k] = at[k];
            a.active[k] = active[k];
        }
        for (unsigned l = 8; l < 32; ++l) a.active[l] = false;
        CAPTURE(trial);
        REQUIRE(async_copy_16_phase_cost(a, 0) == fewest_transfers_by_sets(at, active));
    }
}
