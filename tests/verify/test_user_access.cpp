// The C++ API (api/user_access.hpp): a user's lane -> byte function, one
// template proved on bit-vectors and checked here on integers through the
// bank rule by enumerating every start.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>

#include "api/user_access.hpp"
#include "support/run_swz_verify.hpp"
#include "swz/layout/bit_swizzle.hpp"

using namespace swz;

namespace {

// ldmatrix.x4 of mma.m16n8k16 A fragments: lane l gives row l % 16 of a
// 16-row block and the 16-byte column block 2*kb + l / 16, of a 64-row
// tile of 128-byte rows, through Swizzle<3,4,3> on bytes or not at all.
template <bool Swizzled>
struct a_fragment {
    template <class V>
    V operator()(V lane, V block, V kb) const {
        V const byte = (block * 16 + lane % 16) * 128 + (kb * 2 + lane / 16) * 16;
        if constexpr (Swizzled) return bit_swizzle{3, 4, 3}(byte);
        else return byte;
    }
};

// The worst case by enumeration, with the bank rule applied directly.
template <class F>
unsigned enumerated_worst(F f) {
    unsigned worst = 0;
    for (std::uint64_t block = 0; block < 4; ++block)
        for (std::uint64_t kb = 0; kb < 4; ++kb) {
            warp_access a;
            a.width = 16;
            for (unsigned l = 0; l < 32; ++l) a.byte_address[l] = f(std::uint64_t(l), block, kb);
            worst = std::max(worst, bank_cost(a).wavefronts);
        }
    return worst;
}

}  // namespace

TEST_CASE("a user's ldmatrix fragment is proved conflict-free on the swizzled tile and refuted on plain rows",
          "[verify][api]") {
    using verify::required;
    auto const good = verify::user_access("a_fragment", ldmatrix(4), 64 * 128, a_fragment<true>{}, {{"block", 4}, {"kb", 4}});
    auto const r = verify::prove_user_access(good, required::conflict_free);
    CAPTURE(r.reason);
    CHECK(r.outcome == verify::verdict::proved);
    REQUIRE(r.fig);
    CHECK(r.fig->value == 4);
    CHECK(enumerated_worst(a_fragment<true>{}) == 4);

    auto const bad = verify::user_access("a_fragment_plain", ldmatrix(4), 64 * 128, a_fragment<false>{}, {{"block", 4}, {"kb", 4}});
    auto const b = verify::prove_user_access(bad, required::conflict_free);
    CHECK(b.outcome == verify::verdict::refuted);
    REQUIRE(b.fig);
    CHECK(b.fig->value == 32);  // each matrix's 8 rows in one bank group: 8 a phase
    CHECK(enumerated_worst(a_fragment<false>{}) == 32);
    // Without the requirement the same figure is a proved report.
    CHECK(verify::prove_user_access(bad, required::figure_only).outcome == verify::verdict::proved);
}

TEST_CASE("a user's access outside the tile or misaligned is refuted as illegal, and a wrong arity is refused", "[verify][api]") {
    auto const outside = verify::user_access("past_the_end", ld_shared(4), 128, [](auto lane) { return lane * 4 + 4; }, {});
    auto const r = verify::prove_user_access(outside, verify::required::figure_only);
    CHECK(r.outcome == verify::verdict::refuted);
    CHECK(r.reason == "a lane outside the tile");
    auto const skewed = verify::user_access("skewed", ld_shared(8), 4096, [](auto lane, auto s) { return lane * 8 + s * 4; },
                                            {{"s", 2}});
    auto const m = verify::prove_user_access(skewed, verify::required::figure_only);
    CHECK(m.outcome == verify::verdict::refuted);
    CHECK(m.reason == "misaligned access");
    CHECK_THROWS_AS(verify::user_access("two", ld_shared(4), 4096, [](auto lane, auto s) { return lane + s; }, {}),
                    std::invalid_argument);
    // Instructions the hardware has not: no whole phases, no such width, three matrices.
    auto const lane_bytes = [](auto lane) { return lane * 16; };
    for (instruction const odd : {instruction{instruction::op::ld, 8, 24}, instruction{instruction::op::st, 3, 32},
                                  instruction{instruction::op::cp_async, 2, 32}, instruction{instruction::op::ldmatrix, 16, 24}})
        CHECK_THROWS_AS(verify::user_access("odd", odd, 4096, lane_bytes, {}), std::invalid_argument);
    for (instruction const known : {ld_shared(1), st_shared(16), cp_async(16), ldmatrix(2, true), stmatrix(4)})
        CHECK_NOTHROW(verify::user_access("known", known, 4096, lane_bytes, {}));
}

// Found by an independent audit (stop 42): a start named as the encoding
// names one of its own ("crowded_bank") was that very solver constant, so
// every "at least k wavefronts" query met only starts below 32: PROVED 1
// where starts from 100000 cost 32. Two C++ variables of one name were one
// constant too.
TEST_CASE("a start's name cannot meet the solver's own names or another start's", "[verify][api]") {
    auto const late = [](auto lane, auto s) { return lane * 128 * (s / 100000u); };
    for (std::string const name : {"crowded_bank", "s", "picked_lane_0", "s_period", "v0.s"}) {
        CAPTURE(name);
        auto const w = verify::user_access("late", ld_shared(4), 32 * 128, late, {{name, 200000}});
        auto const r = verify::prove_user_access(w, verify::required::conflict_free);
        CAPTURE(r.reason);
        CHECK(r.outcome == verify::verdict::refuted);
        REQUIRE(r.fig);
        CHECK(r.fig->value == 32);
    }
    auto const two = [](auto lane, auto a, auto b) { return lane * 4 + a * 128 + b; };
    CHECK_THROWS_AS(verify::user_access("twice", ld_shared(4), 4096, two, {{"i", 2}, {"i", 2}}), std::invalid_argument);
    CHECK_THROWS_AS(verify::user_access("nameless", ld_shared(4), 4096, two, {{"", 2}, {"j", 2}}), std::invalid_argument);
}

TEST_CASE("a formula start named as the solver names its own is costed as any other", "[verify][api][cli]") {
    std::string const formula = "ld.4:byte(lane * 128 * (crowded_bank / 100000)) for crowded_bank < 200000";
    auto const r = testing::swz_verify("--layout plain --row-bytes 128 --rows 1024 --require-conflict-free '" + formula + "'");
    CAPTURE(r.out, r.err);
    CHECK(r.code == 10);
    CHECK_THAT(r.out, Catch::Contains("REFUTED  32 wavefronts") && Catch::Contains("crowded_bank = 100000"));
}

// Found by an independent audit (stop 42): the cell was read back from its
// logical byte, column times element, which wraps past 2^64.
TEST_CASE("a formula's counterexample names the cell the formula gives, whatever its size", "[verify][api][cli]") {
    auto const r = testing::swz_verify("--layout plain --rows 64 --row-bytes 128 --elem 4 "
                                       "--access 'ld.4:cell(lane, lane + (c << 62)) for c < 2' "
                                       "--access 'ld.4:cell(lane, c - 1) for c < 4'");
    CAPTURE(r.out, r.err);
    CHECK(r.code == 0);  // illegal accesses are reported, not required
    CHECK_THAT(r.out, Catch::Contains("c = 1: lane 0 [0][4611686018427387904] lies outside the tile"));
    CHECK_THAT(r.out, Catch::Contains("c = 0: lane 0 [0][18446744073709551615] lies outside the tile"));
}

TEST_CASE("access_certifier::run: one line per access, JSON, and exit 10 when a requirement is refuted", "[verify][api]") {
    verify::access_certifier c;
    c.add("a_fragment", ldmatrix(4), 64 * 128, a_fragment<true>{}, {{"block", 4}, {"kb", 4}}, verify::required::conflict_free);
    c.add("a_fragment_plain", ldmatrix(4), 64 * 128, a_fragment<false>{}, {{"block", 4}, {"kb", 4}},
          verify::required::conflict_free);
    auto const path = testing::scratch_folder("certifier") / "out.json";
    std::string const json = path.string();
    char const* argv[] = {"certifier", "--json", json.c_str()};
    CHECK(c.run(3, const_cast<char**>(argv)) == 10);
    auto const j = nlohmann::json::parse(std::ifstream(path));
    CHECK(j["exit_code"] == 10);
    CHECK(j["results"][0]["verdict"] == "PROVED");
    CHECK(j["results"][1]["verdict"] == "REFUTED");
    CHECK(j["results"][1]["figure"]["value"] == 32);
    char const* bad[] = {"certifier", "--timeout-ms", "soon"};
    CHECK(c.run(3, const_cast<char**>(bad)) == 1);
}
