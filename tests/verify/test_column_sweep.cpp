// The sliding-window enumeration of column accesses (column_sweep.hpp)
// finds the figure and the first start that has it, as enumerating every
// start through the bank rule does (tests/support/enumerate.hpp, written
// apart from it); it declines illegal accesses, which the ordinary paths
// then refute; and on a domain too large for that enumeration it agrees
// with the solver.
#include <catch2/catch.hpp>

#include <chrono>
#include <set>
#include <tuple>
#include <string>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "column_sweep.hpp"
#include "row_sweep.hpp"
#include "spread_sweep.hpp"
#include "conflict_bound.hpp"
#include "layout_spec.hpp"
#include "layout_subjects.hpp"
#include "prover.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

auto const far = std::chrono::steady_clock::now() + std::chrono::hours(1);

}  // namespace

TEST_CASE("the column sweep finds the enumeration's worst case and its first start", "[verify][exhaustive]") {
    unsigned swept = 0;
    for (auto const& [spec, rows, row_bytes, elem] :
         {tile_case{"article:nx=64,elem=4,tc=16", 80, 256, 4}, tile_case{"article:nx=32,elem=4", 70, 128, 4},
          tile_case{"article:nx=128,elem=1", 200, 128, 1}, tile_case{"article:nx=64,elem=2,tc=8", 100, 128, 2},
          tile_case{"article:nx=16,elem=8,tc=16", 64, 128, 8}, tile_case{"article:nx=40,elem=4", 64, 160, 4},
          tile_case{"article:nx=12,elem=4", 90, 48, 4}, tile_case{"cute:3,3,3", 96, 128, 2}, tile_case{"cute:2,4,3,unit=byte", 64, 64, 1},
          tile_case{"cute:3,4,3,unit=byte@pad:16", 70, 128, 2}, tile_case{"pad:4", 64, 128, 4}, tile_case{"pad:16", 64, 256, 2},
          tile_case{"plain", 40, 96, 1}, tile_case{"tma:128B", 64, 128, 2}, tile_case{"tma:64B", 72, 64, 4},
          tile_case{"linear:1,2,4,8,16,32,64,128,256,512,1024", 64, 64, 2}}) {
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const tile = concrete_of(t, rows);
        for (std::string const access : {"column", "column-chunk", "column.16", "column.8", "column.1"}) {
            CAPTURE(spec, access);
            auto const a = access_on(access, t);
            if (!std::holds_alternative<access_subject>(a)) continue;
            auto const& w = std::get<access_subject>(a);
            if (!w.not_applicable.empty()) continue;
            std::string const name = access == "column.16" || access == "column.8" || access == "column.1"
                                         ? std::string()
                                         : access;
            auto const got = sweep_column_starts(w, far);
            CHECK(got.state != column_sweep_result::status::out_of_time);
            if (name.empty()) {
                if (got) ++swept;
                continue;  // widths the enumeration does not name: the sweep must still run or decline
            }
            auto const e = enumerated_worst_wavefronts(tile, name);
            REQUIRE(e.applicable);
            if (e.illegal) {
                CHECK(got.state == column_sweep_result::status::declined);
                continue;
            }
            REQUIRE(got);
            ++swept;
            CHECK(got.figure == e.worst);
            std::uint64_t const cols = w.vars[1].count;
            CHECK(got.start[0] == e.first_worst / cols);
            CHECK(got.start[1] == e.first_worst % cols);
        }
    }
    CHECK(swept > 40);
}

TEST_CASE("the column_spread sweep finds the fewest distinct columns and the first window with them", "[verify][exhaustive]") {
    for (auto const& [spec, rows, row_bytes, elem] :
         std::vector<std::tuple<std::string, std::uint64_t, std::uint32_t, std::uint32_t>>{
             {"article:nx=64,elem=4,tc=16", 80, 256, 4}, {"article:nx=40,elem=4", 64, 160, 4}, {"article:nx=12,elem=4", 90, 48, 4},
             {"article:nx=128,elem=1", 100, 128, 1}, {"cute:3,3,3", 96, 128, 2}, {"tma:64B", 72, 64, 4}, {"pad:4", 40, 128, 4},
             {"linear:1,2,4,8,16,32,64,128,256,512,1024", 64, 64, 2}}) {
        CAPTURE(spec);
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const got = sweep_column_spread(t, rows - 31, t.cols(), 32, far);
        REQUIRE(got);
        // Written apart: every window's distinct columns counted with a set.
        unsigned fewest = 33;
        std::uint64_t first_y0 = 0, first_x = 0;
        for (std::uint64_t y0 = 0; y0 + 31 < rows; ++y0)
            for (std::uint64_t x = 0; x < t.cols(); ++x) {
                std::set<std::uint64_t> seen;
                for (unsigned i = 0; i < 32; ++i) seen.insert(t.column(y0 + i, x));
                if (seen.size() < fewest) fewest = unsigned(seen.size()), first_y0 = y0, first_x = x;
            }
        CHECK(got.figure == fewest);
        CHECK(got.start[0] == first_y0);
        CHECK(got.start[1] == first_x);
    }
}

TEST_CASE("a column access the sweep declines as illegal is refuted with its lane", "[verify][known-bad]") {
    // Swizzle<3,0,3> on bytes moves single bytes: a 4-byte column read is split.
    auto const t = parsed_layout("cute:3,0,3,unit=byte", 64, 64, 1);
    auto const a = access_on("column.4", t);
    REQUIRE(std::holds_alternative<access_subject>(a));
    auto const& w = std::get<access_subject>(a);
    CHECK(sweep_column_starts(w, far).state == column_sweep_result::status::declined);
    prover p(10000);
    auto const r = prove_conflict_bound(p, w, false);
    CHECK(r.outcome == verdict::refuted);
}

namespace {

// Rows of 128 bytes of 4-byte cells, 130 bytes apart.
struct rows_130_apart {
    template <class V>
    V byte_offset(V y, V x) const {
        return y * 130u + x * 4u;
    }
};

}  // namespace

TEST_CASE("units of one element each that the layout misaligns are declined by the sweeps and refuted", "[verify][known-bad]") {
    // Rows of 128 bytes, 130 apart (a layout of the caller's own: the specs
    // keep elements aligned): row 1's 4-byte cells start at byte 130, so a
    // column or row read of single elements (the units read straight from
    // the row's offsets, access_spec.cpp) is misaligned there.
    auto const t = custom_subject("rows-130-apart", rows_130_apart{}, tile_shape{64, 128, 4}, 130, 4, false);
    for (char const* spec : {"column", "row"}) {
        CAPTURE(spec);
        auto const a = access_on(spec, t);
        REQUIRE(std::holds_alternative<access_subject>(a));
        auto const& w = std::get<access_subject>(a);
        std::vector<std::uint64_t> units(w.units_per_row);
        CHECK(w.row_units(0, 0, units.size(), units.data()));
        CHECK_FALSE(w.row_units(1, 0, units.size(), units.data()));
        CHECK(units[0] == 130);
        auto const swept = w.lanes_walk_rows ? sweep_column_starts(w, far) : sweep_row_starts(w, far);
        CHECK(swept.state == column_sweep_result::status::declined);
        prover p(10000);
        auto const r = prove_conflict_bound(p, w, false);
        CHECK(r.outcome == verdict::refuted);
        CHECK(r.evidence.at("kind") == "misaligned");
    }
}

TEST_CASE("on a million starts the sweep agrees with the solver", "[verify][exhaustive]") {
    auto const t = parsed_layout("article:nx=1024,elem=1", all_32bit_rows, 1024, 1);
    auto const a = access_on("column", t, 1024);
    REQUIRE(std::holds_alternative<access_subject>(a));
    auto const& w = std::get<access_subject>(a);
    prover p1(60000), p2(60000);
    auto const swept = prove_conflict_bound(p1, w, false, figure_method::automatic);
    auto const solved = prove_conflict_bound(p2, w, false, figure_method::smt);
    REQUIRE(swept.fig.has_value());
    REQUIRE(solved.fig.has_value());
    CHECK(swept.fig->value == solved.fig->value);
    CHECK(swept.evidence.at("variables") == solved.evidence.at("variables"));
    CHECK_THAT(swept.method, Catch::StartsWith("by exhaustion over 1048576 starts"));
}

TEST_CASE("the column sweeps find the enumeration's figures whichever way their starts are cut", "[verify][exhaustive]") {
    // Pieces of a few starts each (seams between rows the windows cross),
    // every width, tiles whose rows share words (pitches of 2, 6, 8 or 2443
    // bytes: the sweep then counts shared units once) and layouts that move
    // cells across rows (units that fall along a column: the generic sweep).
    unsigned compared = 0;
    for (auto const& [spec, rows, row_bytes, elem] :
         {tile_case{"article:nx=40,elem=4", 64, 160, 4}, tile_case{"article:nx=1000,elem=1", 40, 1000, 1},
          tile_case{"article:nx=24,elem=8,tc=32", 45, 192, 8}, tile_case{"cute:3,3,3", 60, 128, 2}, tile_case{"plain", 70, 2, 1},
          tile_case{"pad:1", 64, 5, 1}, tile_case{"pad:2", 64, 6, 2}, tile_case{"tma:64B", 72, 64, 4}, tile_case{"article:nx=2443,elem=1", 40, 2443, 1},
          tile_case{"pad:3", 50, 5, 1}, tile_case{"cute:3,4,3", 64, 64, 1}, tile_case{"cute:2,2,-3", 48, 32, 1}}) {
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const tile = concrete_of(t, rows);
        for (std::string const access : {"column", "column-chunk"}) {
            CAPTURE(spec, access);
            auto const a = access_on(access, t);
            if (!std::holds_alternative<access_subject>(a)) continue;  // a chunk no instruction moves
            auto const& w = std::get<access_subject>(a);
            if (!w.not_applicable.empty()) continue;
            auto const e = enumerated_worst_wavefronts(tile, access);
            for (sweep_split const split : {sweep_split{}, sweep_split{3, 7}, sweep_split{1, 40}}) {
                auto const got = sweep_column_starts(w, far, split);
                if (e.illegal) {
                    CHECK(got.state == column_sweep_result::status::declined);
                    continue;
                }
                REQUIRE(got);
                ++compared;
                CHECK(got.figure == e.worst);
                std::uint64_t const cols = w.vars[1].count;
                CHECK(got.start == std::vector<std::uint64_t>{e.first_worst / cols, e.first_worst % cols});
            }
        }
        auto const fewest = enumerated_min_spread(tile);
        REQUIRE(fewest);
        auto const whole = sweep_column_spread(t, rows - 31, t.cols(), 32, far);
        REQUIRE(whole);
        CHECK(whole.figure == *fewest);
        for (sweep_split const split : {sweep_split{3, 7}, sweep_split{1, 40}}) {
            auto const cut = sweep_column_spread(t, rows - 31, t.cols(), 32, far, split);
            REQUIRE(cut);
            CHECK(cut.figure == whole.figure);
            CHECK(cut.start == whole.start);
        }
    }
    CHECK(compared > 30);
}

TEST_CASE("a column sweep past its deadline is out of time", "[verify][timeout]") {
    auto const t = parsed_layout("article:nx=1000,elem=1", 4096, 1000, 1);
    auto const a = access_on("column", t);
    REQUIRE(std::holds_alternative<access_subject>(a));
    auto const past = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    CHECK(sweep_column_starts(std::get<access_subject>(a), past).state == column_sweep_result::status::out_of_time);
    CHECK(sweep_column_spread(t, 4096 - 31, t.cols(), 32, past).state == column_sweep_result::status::out_of_time);
}
