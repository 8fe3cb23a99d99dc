// Row figures of swizzles after strided layouts (CuTe, TMA) decided from
// one start per class (swizzle_classes.hpp), under the bank rule and
// cp.async.16's transfer rule, equal those of sweeping every start
// (row_sweep.cpp, itself checked against the independent enumeration in
// test_row_sweep.cpp), first start included, on random swizzles, pads,
// element sizes, row lengths and access widths; equal the independent
// enumeration directly on a few; and no classes where the layout is no
// such swizzle.
#include <catch2/catch.hpp>

#include <chrono>
#include <random>
#include <string>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "class_checks.hpp"
#include "class_sweep.hpp"
#include "swizzle_classes.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

auto const far = std::chrono::steady_clock::now() + std::chrono::hours(1);

// A CuTe swizzle (on elements or bytes) after a pad of 0-32 bytes, or a TMA
// mode, on rows of a length that is mostly no power of two.
tile_case random_swizzled(std::mt19937_64& rng) {
    std::uint32_t const elem = 1u << (rng() % 5);
    if (rng() % 4 == 0) {
        char const* modes[] = {"tma:32B", "tma:64B", "tma:128B"};
        unsigned const m = unsigned(rng() % 3);
        std::uint32_t const span = 32u << m, row_bytes = std::max(16u, std::uint32_t(rng() % span) / 16 * 16);
        return {modes[m], 200 + rng() % 300, row_bytes, elem};
    }
    unsigned const b = 1 + unsigned(rng() % 3), m = unsigned(rng() % 5), s = b + unsigned(rng() % 2);
    bool const bytes = rng() % 3 == 0;
    std::uint32_t const pads[] = {0, 4, 8, 16, 32}, pad = pads[rng() % 5];
    std::uint32_t const row_bytes = std::max(elem, std::uint32_t(64 + rng() % 1400) / elem * elem);
    std::string spec = "cute:" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + (bytes ? ",unit=byte" : "");
    if (pad) spec += "@pad:" + std::to_string(pad);
    return {spec, 100 + rng() % 400, row_bytes, elem};
}

}  // namespace

TEST_CASE("classes of a swizzle's row starts give the whole tile's figure and first start", "[verify][exhaustive][swizzle]") {
    std::mt19937_64 rng(2027);
    unsigned decided = 0, tried = 0, tiles = 0, transfers = 0;
    while (tried < 400) {
        auto const [spec, rows, row_bytes, elem] = random_swizzled(rng);
        auto const parsed = parse_layout(spec, {rows, row_bytes, elem, true, std::nullopt});
        if (!std::holds_alternative<layout_subject>(parsed)) continue;  // a pad that breaks the element, a span too wide
        auto const& t = std::get<layout_subject>(parsed);
        tiles += t.family == "tma" ? 1 : 0;
        for (std::string access : {"row", "row.1", "row.2", "row.4", "row.8", "row.16", "cp.async.16"}) {
            auto const a = access_on(access, t);
            if (!std::holds_alternative<access_subject>(a)) continue;
            auto const& w = std::get<access_subject>(a);
            if (!w.not_applicable.empty()) continue;
            CAPTURE(spec, rows, row_bytes, elem, access);
            ++tried;
            REQUIRE(w.start_classes);
            auto const whole = whole_sweep(w, far);
            REQUIRE(whole.state != column_sweep_result::status::out_of_time);
            auto const by_classes = sweep_access_by_classes(w, far);
            if (!w.start_classes()) {  // too few starts for classes
                CHECK_FALSE(by_classes);
                continue;
            }
            if (!whole) continue;  // an illegal lane: the ordinary paths name it
            require_same_as_whole(by_classes, whole);
            // Where these classes would be hardly fewer than the starts, a CuTe
            // swizzle's XOR blocks may still cut them (test_xor_block_classes.cpp).
            std::string const source = by_classes->naming.source;
            CHECK((source == "swizzle_classes" || (source == "xor_block_classes" && t.family == "cute")));
            if (source == "swizzle_classes") ++decided;
            transfers += w.instr.rule() != phase_rule::banks;
        }
    }
    CHECK(decided > 200);
    CHECK(transfers > 20);
    CHECK(tiles > 20);  // TMA modes among them
}

TEST_CASE("classes of a swizzle's row starts give the independent enumeration's figures", "[verify][exhaustive][swizzle]") {
    for (auto const& [spec, row_bytes, elem] : std::vector<std::tuple<std::string, std::uint32_t, std::uint32_t>>{
             {"cute:3,4,3@pad:8", 1000, 2}, {"cute:2,3,3", 700, 1}, {"cute:3,4,3,unit=byte@pad:4", 1212, 4},
             {"cute:1,4,2@pad:16", 304, 8}, {"tma:128B", 96, 4}}) {
        std::uint64_t const rows = 200;
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const tile = concrete_of(t, rows);
        CAPTURE(spec, row_bytes, elem);
        auto const w = std::get<access_subject>(access_on("row", t));
        require_enumerated_figure(w, sweep_access_by_classes(w, far), tile, "row");
    }
}

TEST_CASE("only swizzles after strided layouts get swizzle classes", "[verify][swizzle]") {
    for (std::string spec : {"pad:8", "plain"}) {
        auto const t = parsed_layout(spec, 1000, 1000, 4);
        CHECK_FALSE(swizzle_row_classes(t, 250, 4, 4, 1000 * 250 / 32));
    }
    auto const t = parsed_layout("cute:3,4,3@pad:8", 1000, 1000, 4);
    auto const c = swizzle_row_classes(t, 250, 4, 4, 1000 * 250 / 32);
    REQUIRE(c);
    CHECK(c->blocks.size() * 4 <= 1000 * 250 / 32);
    CHECK_FALSE(swizzle_row_classes(t, 250, 4, 4, 16));  // hardly fewer than the starts
}
