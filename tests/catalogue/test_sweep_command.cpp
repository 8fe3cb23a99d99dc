// swz-verify --sweep as a script uses it: one line on stderr for bad input,
// every combination of the ranges certified or skipped by its rule, and a
// summary whose figures equal brute-force enumeration of the same tiles.
#include <catch2/catch.hpp>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "support/run_swz_verify.hpp"
#include "support/usage_error.hpp"
#include "support/enumerate.hpp"
#include "swz/layout/article.hpp"
#include "swz/xor_swizzle.hpp"

using namespace swz::testing;

TEST_CASE("bad catalogue-mode input gets one line on stderr and exit 1", "[catalogue][cli]") {
    struct bad {
        char const* args;
        char const* says;
    };
    auto const dir = scratch_folder("bad-input");
    for (auto const& b : {
             bad{"--sweep", "--sweep needs --nx"},
             bad{"--sweep --nx 16..2", "--nx 16..2: the range is empty"},
             bad{"--sweep --nx 5..7", "no power of two"},
             bad{"--sweep --nx a..64", "lower end not a whole number"},
             bad{"--sweep --nx 64 --elem 3", "no layout in the ranges follows the layout rules"},
             bad{"--sweep --nx 1 --elem 4 --tc 8", "no layout in the ranges"},
             bad{"--sweep --nx 64 --format xml", "--format xml: expected markdown or json"},
             bad{"--sweep --nx 64 --rows 0", "--rows 0: must be at least 1"},
             bad{"--sweep --nx 64 --jobs 0", "--jobs 0: must be at least 1"},
             bad{"--sweep --nx 64 --nx 32", "--nx"},
             bad{"--sweep --nx 64 --cvc5 /bin/true", "--cvc5 is not an option of --sweep"},
             bad{"--sweep --nx 64 --bogus", "bogus"},
             bad{"--check /nonexistent-dir", "not a directory"},
             bad{"--check", "--check"},
             bad{"--check . --sweep", "--check and --sweep are two modes"},
             bad{"--check . --nx 64", "--nx is not an option of --check"},
             bad{"--check . --no-second-solver --cvc5 /usr/bin/cvc5", "contradict"},
             bad{"--check . --solver-timeout 0", "--solver-timeout 0: must be at least 1"},
             bad{"--check . --obligations-dir ./kept", "inside the catalogue, which --check never writes to"},
         })
        check_usage_error(b.args, b.says);
}

TEST_CASE("the catalogue mode's help explains the ranges, the modes and the exit codes", "[catalogue][cli]") {
    auto const r = swz_verify("--sweep --help");
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("every power of two from A to B"));
    CHECK_THAT(r.out, Catch::Contains("--write-catalogue"));
    CHECK_THAT(r.out, Catch::Contains("Exit codes (verify/exit_codes.hpp): 0"));
    for (auto const* code : {"; 1 usage error", "; 3 an output", "; 5 some query is unknown", "; 6 internal error",
                             "; 10 a layout that must hold", "; 11 the catalogue is stale", "; 12 --check: cvc5 disagrees"})
        CHECK_THAT(r.out, Catch::Contains(code));
    CHECK(swz_verify("--check --help").out == r.out);
}

TEST_CASE("a sweep certifies each combination and its figures are the enumerated ones", "[catalogue][sweep]") {
    // NX 16, 32 x element 2, 4 x TC 2, 4, 8 on 64-row tiles: 12 combinations,
    // 2 of them (TC 2 < element 4) break a rule.
    auto const r = swz_verify("--sweep --nx 16..32 --elem 2..4 --tc 2..8 --rows 64 --format json --jobs 2");
    CAPTURE(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.err.find('\r') == std::string::npos);  // no progress bar: stderr is not a terminal
    auto const j = nlohmann::json::parse(r.out);
    CHECK(j["skipped"] == nlohmann::json::object({{"TC smaller than the element", 2}}));
    REQUIRE(j["layouts"].size() == 10);
    std::set<std::string> names;
    for (auto const& l : j["layouts"]) {
        auto const& a = l["article"];
        swz::layout_params const p{a["nx"].get<std::uint32_t>(), a["elem"].get<std::uint32_t>(), a["tc"].get<std::uint32_t>()};
        CAPTURE(p.nx, p.elem, p.tc);
        names.insert(l["name"].get<std::string>());
        CHECK(l["rows"] == 64);
        CHECK(l["exit_code"] == 0);
        swz::article_layout<swz::layout_params> const layout{p};
        concrete_tile t;
        t.shape = {64, std::uint32_t(p.row_bytes()), p.elem};
        t.pitch = p.row_bytes();
        t.footprint = 64 * p.row_bytes();
        t.chunk = p.tc;
        t.offset = [layout](std::uint64_t y, std::uint64_t x) { return layout.byte_offset(y, x); };
        std::map<std::string, nlohmann::json> res;
        for (auto const& e : l["results"]) res[e["id"].get<std::string>()] = e;
        CHECK(res["bijection"]["verdict"] == (enumerated_bijection(t) ? "PROVED" : "REFUTED"));
        CHECK(res["involution"]["verdict"] == (enumerated_involution(t, true) ? "PROVED" : "REFUTED"));
        for (std::string const pat : {"row", "row-chunk", "column", "column-chunk"}) {
            auto const& got = res["conflict." + pat];
            auto const e = enumerated_worst_wavefronts(t, pat);
            CAPTURE(pat);
            if (!e.applicable) {
                CHECK(got["verdict"] == "N/A");
                continue;
            }
            REQUIRE(!e.illegal);
            CHECK(got["figure"]["value"] == e.worst);
        }
        CHECK(res["column_spread"]["figure"]["value"] == *enumerated_min_spread(t));
    }
    CHECK(names == std::set<std::string>{"nx16-e2-tc2-r64", "nx16-e2-tc4-r64", "nx16-e2-tc8-r64", "nx16-e4-tc4-r64",
                                         "nx16-e4-tc8-r64", "nx32-e2-tc2-r64", "nx32-e2-tc4-r64", "nx32-e2-tc8-r64",
                                         "nx32-e4-tc4-r64", "nx32-e4-tc8-r64"});
}

TEST_CASE("the Markdown summary has one row a layout and goes where --out says", "[catalogue][sweep]") {
    auto const dir = scratch_folder("markdown");
    auto const r = swz_verify("--sweep --nx 32..64 --elem 4 --tc 4..256 --rows 32 --out " + (dir / "s.md").string());
    CAPTURE(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.empty());
    std::string const md = slurp(dir / "s.md");
    // TC 4, 8, .. 256 for rows of 128 and 256 bytes: 14 combinations, TC 256 > 128 skipped once.
    CHECK_THAT(md, Catch::Contains("13 layouts certified; 1 combination skipped for breaking a layout rule (1 TC larger than a row)"));
    CHECK_THAT(md, Catch::Contains("| layout | role | spec | elem | row B | rows | exit |"));
    unsigned rows = 0;
    std::size_t at = 0;
    while ((at = md.find("\n| nx", at)) != std::string::npos) ++rows, ++at;
    CHECK(rows == 13);
    // NX 32 floats element-wide: every pattern conflict-free, the full spread.
    CHECK_THAT(md, Catch::Contains("| nx32-e4-tc4-r32 | grid | `article:nx=32,elem=4,tc=4` | 4 | 128 | 32 | 0 | PROVED | PROVED | "
                                   "PROVED | PROVED | PROVED | 1/1 | 1/1 | 1/1 | 1/1 | 32/32 | all hold |"));
}

TEST_CASE("a sweep that finds a refuted layout exits 10", "[catalogue][sweep]") {
    auto const r = swz_verify("--sweep --nx 12 --rows 32");
    CHECK(r.code == 10);
    CHECK_THAT(r.out, Catch::Contains("| nx12-e4-tc4-r32 | grid | `article:nx=12,elem=4,tc=4` | 4 | 48 | 32 | 10 | PROVED | REFUTED |"));
}

TEST_CASE("a sweep whose queries get no answer exits 5", "[catalogue][sweep]") {
    auto const r = swz_verify("--sweep --nx 64 --tc 16 --timeout-ms 1 --format json");
    CHECK(r.code == 5);
    auto const j = nlohmann::json::parse(r.out);
    REQUIRE(j["layouts"].size() == 1);
    CHECK(j["layouts"][0]["exit_code"] == 5);
}
