// The enumeration of fragment accesses by 8-row windows (fragment_sweep.hpp)
// finds the figure and the first start that has it, as enumerating every
// start through the bank rule does (tests/support/enumerate.hpp, written
// apart from it), whichever way its starts are cut into pieces; it declines
// what it cannot decide (illegal lanes, cells that leave their rows), and
// the ordinary paths then do.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "conflict_bound.hpp"
#include "fragment_sweep.hpp"
#include "layout_spec.hpp"
#include "prover.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

auto const far = std::chrono::steady_clock::now() + std::chrono::hours(1);

}  // namespace

TEST_CASE("the fragment sweep finds the enumeration's worst case and its first start", "[verify][exhaustive]") {
    unsigned swept = 0, declined = 0;
    for (auto const& [spec, rows, row_bytes, elem] :
         {tile_case{"article:nx=64,elem=2,tc=16", 40, 128, 2}, tile_case{"article:nx=40,elem=4,tc=16", 37, 160, 4},
          tile_case{"article:nx=486,elem=8,tc=16", 24, 3888, 8}, tile_case{"article:nx=12,elem=4", 30, 48, 4},
          tile_case{"cute:3,3,3", 48, 128, 2}, tile_case{"cute:2,3,3", 40, 64, 2}, tile_case{"cute:3,4,3,unit=byte@pad:16", 35, 128, 2},
          tile_case{"cute:3,4,3", 40, 64, 1}, tile_case{"pad:16", 40, 128, 2}, tile_case{"pad:8", 33, 96, 2}, tile_case{"plain", 20, 256, 4},
          tile_case{"tma:128B", 40, 128, 2}, tile_case{"tma:64B", 36, 64, 4},
          tile_case{"linear:1,2,4,8,16,32,64,128,256,512,1024", 40, 64, 2},
          // Rows moved among rows (row 1 to row 3, as cute:3,4,3 on 64-byte
          // rows moves units): units fall down a column, and the sweep
          // costs each phase directly.
          tile_case{"linear:1,2,4,8,16,96,64,128,256,512,1024", 64, 64, 2},
          tile_case{"linear:1,2,4,8,16,32,192,128,256,1536,1024", 64, 128, 4}}) {
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const tile = concrete_of(t, rows);
        for (std::string const access : {"ldmatrix.x1", "ldmatrix.x2", "ldmatrix.x4", "stmatrix.x4.trans", "stmatrix.x2"}) {
            CAPTURE(spec, access);
            auto const a = access_on(access, t);
            REQUIRE(std::holds_alternative<access_subject>(a));
            auto const& w = std::get<access_subject>(a);
            auto const e = enumerated_worst_wavefronts(tile, access.substr(0, 11));
            if (!w.not_applicable.empty()) {
                CHECK_FALSE(e.applicable);
                continue;
            }
            REQUIRE(e.applicable);
            REQUIRE_FALSE(w.lane_grid.empty());
            for (sweep_split const split : {sweep_split{}, sweep_split{3, 7}}) {
                auto const got = sweep_fragment_starts(w, far, split);
                REQUIRE(got.state != column_sweep_result::status::out_of_time);
                if (!got) {
                    ++declined;
                    // Declined: what the ordinary paths decide is still the enumeration's.
                    prover p(60000);
                    auto const r = prove_conflict_bound(p, w, false);
                    if (e.illegal) CHECK(r.outcome == verdict::refuted);
                    else if (r.fig) CHECK(r.fig->value == e.worst);
                    continue;
                }
                REQUIRE_FALSE(e.illegal);
                ++swept;
                CHECK(got.figure == e.worst);
                std::uint64_t const cols = w.vars[1].count;
                CHECK(got.start == std::vector<std::uint64_t>{e.first_worst / cols, e.first_worst % cols});
            }
        }
    }
    CHECK(swept > 80);
    CHECK(declined > 2);
}

TEST_CASE("fragment accesses beyond the solver's reach are decided by the sweep", "[verify][exhaustive]") {
    // 65536 rows of 486 8-byte elements, 16-byte chunks: 15.8 million starts
    // of stmatrix.x2, which the solver did not decide in 10 s. The figure
    // (since stop 47 from the article's classes of starts) and its first
    // start are those of the sweep of every start of the period, itself
    // compared with the plain enumeration of a tile cut to 300 rows.
    auto const t = parsed_layout("article:nx=486,elem=8,tc=16", 65536, 3888, 8);
    auto const a = access_on("stmatrix.x2.trans", t);
    REQUIRE(std::holds_alternative<access_subject>(a));
    prover p(60000);
    auto const& w = std::get<access_subject>(a);
    auto const r = prove_conflict_bound(p, w, false);
    REQUIRE(r.outcome == verdict::proved);
    CHECK_THAT(r.method, Catch::StartsWith("by enumeration of the first block of 32 rows of each of the"));
    auto const swept = sweep_fragment_starts(w, std::chrono::steady_clock::now() + std::chrono::minutes(10));
    REQUIRE(swept);
    CHECK(r.fig->value == swept.figure);
    CHECK(r.evidence.at("variables").at("y0") == swept.start.at(0));
    CHECK(r.evidence.at("variables").at("c") == swept.start.at(1));
    auto const small = parsed_layout("article:nx=486,elem=8,tc=16", 300, 3888, 8);
    auto const e = enumerated_worst_wavefronts(concrete_of(small, 300), "stmatrix.x2");
    CHECK(r.fig->value >= e.worst);
}
