// The enumeration of starts split among threads (exhaustion.hpp's
// for_each_assignment_in, conflict_bound.cpp's pieces): pieces of the
// index range, merged in order, say what one walk in order says; and the
// start period search's second series, the multiples of the layout's
// period in rows (start_period.hpp).
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "conflict_bound.hpp"
#include "exhaustion.hpp"
#include "start_period.hpp"
#include "swz/bank_model.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

auto far_deadline() { return std::chrono::steady_clock::now() + std::chrono::hours(1); }

std::vector<std::vector<std::uint64_t>> visited(std::vector<std::uint64_t> const& counts, std::uint64_t begin,
                                                std::uint64_t end) {
    std::vector<std::vector<std::uint64_t>> out;
    for_each_assignment_in(counts, begin, end, far_deadline(), [&](std::vector<std::uint64_t> const& v) {
        out.push_back(v);
        return true;
    });
    return out;
}

// The access's cost at start s, lane by lane through its own address
// function and the bank model: no piece, no merge.
warp_access lanes_at(access_subject const& w, std::vector<std::uint64_t> const& s) {
    warp_access a;
    a.width = w.instr.width;
    a.rule = w.instr.rule();
    for (unsigned l = 0; l < warp_lanes; ++l) a.active[l] = true, a.byte_address[l] = w.address(l, s);
    return a;
}

access_subject subject(layout_subject const& t, std::string const& spec) {
    auto const a = access_on(spec, t);
    REQUIRE(std::holds_alternative<access_subject>(a));
    return std::get<access_subject>(a);
}

}  // namespace

TEST_CASE("assignments of an index range, range after range, are the whole lexicographic enumeration",
          "[verify][exhaustion]") {
    std::vector<std::uint64_t> const counts{3, 5, 7};
    auto const all = visited(counts, 0, 105);
    REQUIRE(all.size() == 105);
    CHECK(all.front() == std::vector<std::uint64_t>{0, 0, 0});
    CHECK(all[1] == std::vector<std::uint64_t>{0, 0, 1});
    CHECK(all[7] == std::vector<std::uint64_t>{0, 1, 0});
    CHECK(all.back() == std::vector<std::uint64_t>{2, 4, 6});
    for (std::uint64_t i = 0; i < 105; ++i) CHECK(assignment_at(counts, i) == all[i]);
    for (std::uint64_t cut = 0; cut <= 105; cut += 13) {
        auto joined = visited(counts, 0, cut);
        auto const rest = visited(counts, cut, 105);
        joined.insert(joined.end(), rest.begin(), rest.end());
        CHECK(joined == all);
    }
    CHECK(visited(counts, 50, 50).empty());
    CHECK(visited({4, 0}, 0, 0).empty());
    int calls = 0;
    CHECK(for_each_assignment({}, far_deadline(), [&](auto const&) { return ++calls, true; }));
    CHECK(calls == 1);  // no variable: one assignment
}

TEST_CASE("an enumeration split among threads reports the first worst start and the first illegal one, as a walk in order",
          "[verify][exhaustion][known-bad]") {
    // 2^18 starts, in pieces of at least 2^16 starts, one a thread.
    auto const t = parsed_layout("plain", 1 << 16, 128, 4);
    SECTION("the figure at its first start, the same figure recurring in every later piece") {
        // Rows of 128 bytes: a lane's bank is its column's, whatever its
        // row, so every start costs the same. Its first start must be
        // reported, not a later piece's.
        auto const w = subject(t, "ld.4:cell(lane % 8 + 8 * (r / 1000 % 3), (lane / 8) * (r % 5)) for r < 262144");
        unsigned best = 0;
        std::uint64_t first = 0;
        for (std::uint64_t r = 0; r < 262144; ++r) {
            unsigned const c = bank_wavefronts(lanes_at(w, {r}));
            if (c > best) best = c, first = r;
        }
        prover p(20000);
        auto const got = prove_conflict_bound(p, w, false, figure_method::exhaustion);
        CAPTURE(got.method, got.reason);
        REQUIRE(got.fig);
        CHECK(got.fig->value == best);
        CHECK(got.evidence.at("variables").at("r") == first);
        CHECK_THAT(got.method, Catch::Contains("by exhaustion over 262144 starts"));
    }
    SECTION("an access that leaves the tile in its last piece only is refuted at its first illegal start") {
        // Rows r / 64 + lane of a tile of 4096 rows: lane 31 leaves it at r / 64 = 4065.
        auto const w = subject(parsed_layout("plain", 4096, 128, 4), "ld.4:cell(r / 64 + lane, 0) for r < 262144");
        prover p(20000);
        auto const got = prove_conflict_bound(p, w, false, figure_method::exhaustion);
        CAPTURE(got.method, got.reason);
        REQUIRE(got.outcome == verdict::refuted);
        CHECK(got.evidence.at("variables").at("r") == 64 * 4065);
        CHECK(got.evidence.at("lane") == 31);
    }
}

TEST_CASE("a cell formula's start period is found among the multiples of the layout's period in rows",
          "[verify][start-period]") {
    // The seed article's formula on rows of 1119 chunks of 8 bytes repeats
    // every 1119 x 2048 = 2291712 rows (2048: the power of two from 1119 up);
    // r / 5 moves by that every 5 of them, and by whole rows at no multiple
    // of it below 5. Lane l on chunk 32 l of the row: the lanes' chunks
    // span ten bits, so no candidate of the first series passes the screen
    // (r / 5 + lane % 8 on chunks 0 and 4 has a period there: 89520).
    auto const t = parsed_layout("article:nx=2238,elem=4,tc=8", std::uint64_t(1) << 32, 8952, 4);
    auto const w = subject(t, "st.8:cell(r / 5, lane * 64) for r < 1073741824");
    CHECK(w.layout_period_rows == 2291712);
    prover p(2000);  // each series' budget: the first spends it all here
    auto const periods = prove_start_periods(p, w);
    CHECK(periods.box == std::vector<std::uint64_t>{5 * 2291712});
    CHECK(periods.note == "r every 11458560");
    // Without the layout's period the search finds none.
    auto blind = w;
    blind.layout_period_rows = 0;
    CHECK(prove_start_periods(p, blind).note.empty());
}
