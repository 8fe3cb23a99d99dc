// The row-by-row enumeration of row accesses (row_sweep.hpp) finds the
// figure and the first start that has it, as enumerating every start
// through the bank rule does (tests/support/enumerate.hpp, written apart
// from it), whichever way its starts are cut into pieces; it declines
// illegal accesses, which the ordinary paths then refute; and a figure it
// cannot finish in time is no figure.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <tuple>
#include <vector>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "conflict_bound.hpp"
#include "layout_spec.hpp"
#include "prover.hpp"
#include "row_sweep.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

auto const far = std::chrono::steady_clock::now() + std::chrono::hours(1);

std::vector<tile_case> const layouts{
    {"article:nx=64,elem=4,tc=16", 40, 256, 4}, {"article:nx=40,elem=4", 33, 160, 4}, {"article:nx=12,elem=4", 50, 48, 4},
    {"article:nx=1000,elem=1", 9, 1000, 1},     {"article:nx=96,elem=2", 20, 192, 2},  {"article:nx=24,elem=8,tc=32", 30, 192, 8},
    {"cute:3,3,3", 48, 128, 2},                 {"cute:2,4,3,unit=byte", 40, 64, 1},   {"cute:1,0,-7", 64, 8, 1},
    {"cute:3,4,3,unit=byte@pad:16", 35, 128, 2}, {"pad:4", 40, 128, 4},               {"pad:2", 40, 6, 2},
    {"pad:1", 64, 5, 1},                        {"plain", 70, 2, 1},                   {"tma:128B", 40, 128, 2},
    {"tma:64B", 36, 64, 4},                     {"linear:1,2,4,8,16,32,64,128,256,512,1024", 40, 64, 2}};

}  // namespace

TEST_CASE("the row sweep finds the enumeration's worst case and its first start", "[verify][exhaustive]") {
    unsigned swept = 0, declined = 0;
    for (auto const& [spec, rows, row_bytes, elem] : layouts) {
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const tile = concrete_of(t, rows);
        for (std::string const access : {"row", "row-chunk", "cp.async.4", "cp.async.8", "cp.async.16"}) {
            CAPTURE(spec, access);
            auto const a = access_on(access, t);
            if (!std::holds_alternative<access_subject>(a)) continue;  // a chunk no instruction moves
            auto const& w = std::get<access_subject>(a);
            auto const e = enumerated_worst_wavefronts(tile, access);
            if (!w.not_applicable.empty()) {
                CHECK_FALSE(e.applicable);
                continue;
            }
            REQUIRE(e.applicable);
            // Whole, and cut into pieces of a few starts each, seams between rows.
            for (sweep_split const split : {sweep_split{}, sweep_split{3, 7}}) {
                auto const got = sweep_row_starts(w, far, split);
                REQUIRE(got.state != column_sweep_result::status::out_of_time);
                if (e.illegal) {
                    CHECK(got.state == column_sweep_result::status::declined);
                    ++declined;
                    continue;
                }
                REQUIRE(got);
                ++swept;
                CHECK(got.figure == e.worst);
                CHECK(got.start == std::vector<std::uint64_t>{e.first_worst});
            }
        }
    }
    CHECK(swept > 100);
    CHECK(declined > 4);
}

TEST_CASE("a row access the sweep declines as illegal is refuted with its lane", "[verify][known-bad]") {
    // Swizzle<3,0,3> on bytes moves single bytes: a 4-byte row read is split.
    auto const t = parsed_layout("cute:3,0,3,unit=byte", 64, 64, 1);
    auto const a = access_on("row.4", t);
    REQUIRE(std::holds_alternative<access_subject>(a));
    auto const& w = std::get<access_subject>(a);
    CHECK(sweep_row_starts(w, far).state == column_sweep_result::status::declined);
    prover p(10000);
    auto const r = prove_conflict_bound(p, w, false);
    CHECK(r.outcome == verdict::refuted);
}

TEST_CASE("a row sweep past its deadline is out of time, and the figure unknown", "[verify][timeout]") {
    // A padded tile: no classes of starts, whose few blocks may be swept
    // within the 1 ms (the article's were, on an idle machine), so the
    // figure is the sweep's over 2 million starts.
    auto const t = parsed_layout("pad:24", 65536, 1000, 1);
    auto const a = access_on("row", t);
    REQUIRE(std::holds_alternative<access_subject>(a));
    auto const& w = std::get<access_subject>(a);
    auto const past = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    CHECK(sweep_row_starts(w, past).state == column_sweep_result::status::out_of_time);
    prover p(1);
    CHECK(prove_conflict_bound(p, w, false).outcome == verdict::unknown);
}

TEST_CASE("row accesses beyond the solver's reach are decided by the sweep", "[verify][exhaustive]") {
    // 65536 rows of 999 one-byte elements: 2 million starts, which the
    // solver did not decide in 10 s; the sweep is compared with the plain
    // enumeration of every start.
    auto const t = parsed_layout("article:nx=999,elem=1", 65536, 999, 1);
    auto const a = access_on("row", t);
    REQUIRE(std::holds_alternative<access_subject>(a));
    auto const& w = std::get<access_subject>(a);
    prover p1(60000), p2(60000);
    auto const swept = prove_conflict_bound(p1, w, false, figure_method::automatic);
    auto const enumerated = prove_conflict_bound(p2, w, false, figure_method::exhaustion);
    REQUIRE(swept.outcome == verdict::proved);
    REQUIRE(enumerated.outcome == verdict::proved);
    CHECK(swept.fig->value == enumerated.fig->value);
    CHECK(swept.evidence.at("variables") == enumerated.evidence.at("variables"));
}

TEST_CASE("a row figure the solver gives up on is decided by the sweep, the same as the solver's", "[verify][guards]") {
    // Rows of 4096 one-byte elements, powers of two: the solver is asked
    // first (solver_first) and answers; with every conflict.row query
    // answered unknown, the sweep over the period's 524288 starts decides,
    // with the same figure and witness.
    auto const t = parsed_layout("article:nx=4096,elem=1", all_32bit_rows, 4096, 1);
    auto const a = access_on("row", t, 4096);
    REQUIRE(std::holds_alternative<access_subject>(a));
    auto const& w = std::get<access_subject>(a);
    REQUIRE(w.solver_first);
    prover p1(60000);
    auto const solved = prove_conflict_bound(p1, w, false);
    REQUIRE(solved.outcome == verdict::proved);
    CHECK(solved.solver_calls > 0);
    scoped_fault const f({injected_fault::kind::answer_unknown, "conflict.row"});
    prover p2(60000);
    auto const swept = prove_conflict_bound(p2, w, false);
    CHECK(f.hits() >= 1);
    REQUIRE(swept.outcome == verdict::proved);
    CHECK_THAT(swept.method, Catch::StartsWith("by exhaustion over 524288 starts"));
    CHECK(swept.fig->value == solved.fig->value);
    CHECK(swept.evidence.at("variables") == solved.evidence.at("variables"));
}
