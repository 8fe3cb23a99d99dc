// --suggest: the search's choice and its optimality, checked by enumerating
// every candidate's accesses again with the tests' own lane placements
// (support/enumerate.hpp), not the prover's.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "agreement.hpp"
#include "layout_spec.hpp"
#include "suggest.hpp"
#include "support/run_swz_verify.hpp"

using namespace swz;
using namespace swz::testing;

namespace {

// An access's worst case on a layout spec, by enumeration; nothing when
// some start makes it illegal.
std::optional<unsigned> enumerated(std::string const& spec, verify::tile_request const& tile, std::string const& access) {
    auto const s = std::get<verify::layout_subject>(verify::parse_layout(spec, tile));
    auto const o = enumerated_worst_wavefronts(concrete_of(s, tile.rows), access);
    if (!o.applicable || o.illegal) return std::nullopt;
    return o.worst;
}

}  // namespace

TEST_CASE("the suggestion for a half tile's row, column, ldmatrix.x4 and cp.async.16 is Swizzle<3,3,3>, proved optimal",
          "[verify][suggest]") {
    verify::tile_request tile{64, 128, 2, true};
    std::vector<std::string> const accesses{"row", "column", "ldmatrix.x4", "cp.async.16"};
    verify::certify_options o;
    auto const s = verify::suggest_layout(tile, accesses, o);
    REQUIRE(!s.ranked.empty());
    CHECK(s.ranked.front().spec == "cute:3,3,3");
    CHECK(s.ranked.front().total == 13);
    CHECK(s.tma_matches == std::vector<std::string>{"tma:128B"});
    CHECK_THAT(s.cute_code, Catch::Contains("Swizzle<3,3,3>"));
    CHECK(verify::suggestion_exit_code(s) == 0);
    REQUIRE(s.chosen);
    CHECK(verify::exit_code_for(s.chosen->results) == 0);
    // Every candidate again, by enumeration: the totals, the illegal ones,
    // and that none of them has fewer wavefronts than the choice.
    unsigned best = ~0u;
    for (auto const& c : s.ranked) {
        CAPTURE(c.spec);
        unsigned total = 0;
        for (std::size_t k = 0; k < accesses.size(); ++k) {
            auto const w = enumerated(c.spec, tile, accesses[k]);
            REQUIRE(w);
            CHECK(*w == c.wavefronts[k]);
            total += *w;
        }
        CHECK(total == c.total);
        best = std::min(best, total);
    }
    for (auto const& c : s.excluded) {
        CAPTURE(c.spec, c.why);
        CHECK(c.outcome == verify::verdict::refuted);
        bool some_illegal = false;
        for (auto const& a : accesses) some_illegal |= !enumerated(c.spec, tile, a);
        CHECK(some_illegal);
    }
    CHECK(best == s.ranked.front().total);
    // Ties go to no padding, then the smaller footprint: TMA 128B ties and ranks after.
    CHECK(s.ranked[1].spec == "tma:128B");
    CHECK(s.ranked[1].total == 13);
}

TEST_CASE("a tie between a padded and an unpadded layout goes to the unpadded one", "[verify][suggest]") {
    // Row reads of floats: every layout of the tile reaches the ideal.
    verify::tile_request tile{32, 128, 4, true};
    auto const s = verify::suggest_layout(tile, {"row"}, verify::certify_options{});
    REQUIRE(!s.ranked.empty());
    CHECK(s.ranked.front().spec == "plain");
    CHECK(s.ranked.front().total == 1);
}

TEST_CASE("a chunk pattern is costed at the tile's chunk on every candidate, so a layout that splits it is no choice",
          "[verify][suggest][known-bad]") {
    // Doubles on 32-byte rows: plain rows keep 16-byte chunks. Swizzle<1,0,1>
    // swaps the two doubles of a chunk on odd pairs, so it keeps only
    // 8-byte runs; costed on its own chunk (ld.8, 2 wavefronts) it once
    // beat every layout that 16-byte reads can use (ld.16, 4).
    verify::tile_request tile{16, 32, 8, true};
    for (char const* given : {"row-chunk", "row-chunk.16"}) {
        CAPTURE(given);
        auto const s = verify::suggest_layout(tile, {given}, verify::certify_options{});
        CHECK(s.accesses == std::vector<std::string>{"row-chunk.16"});
        REQUIRE(!s.ranked.empty());
        CHECK(s.ranked.front().total == 4);
        for (auto const& c : s.ranked) {
            CAPTURE(c.spec);
            CHECK(enumerated(c.spec, tile, "row.16") == c.total);
        }
        auto const split = std::find_if(s.excluded.begin(), s.excluded.end(), [](auto const& c) { return c.spec == "cute:1,0,1"; });
        CHECK(split != s.excluded.end());
    }
    // Named at 8 bytes, it is one 8-byte read everywhere.
    auto const narrow = verify::suggest_layout(tile, {"row-chunk.8", "row.8"}, verify::certify_options{});
    CHECK(narrow.accesses == std::vector<std::string>{"row-chunk.8", "row"});
    REQUIRE(!narrow.ranked.empty());
    CHECK(narrow.ranked.front().total == 4);
}

TEST_CASE("swz-verify --suggest on the command line: a table, the CuTe code and JSON, and bad requests exit 1 in one line", "[verify][suggest][cli]") {
    auto const r = swz_verify("--suggest --access row --access column --rows 32 --row-bytes 128 --elem 4 --json -");
    CAPTURE(r.err);
    CHECK(r.code == 0);
    auto const j = nlohmann::json::parse(r.out);
    CHECK(j["mode"] == "suggest");
    CHECK(j["ranked"][0]["total"] == 2);  // both at the ideal: a 32-bit column needs 5 swizzle bits
    CHECK_THAT(r.err, Catch::Contains("PROVED optimal") && Catch::Contains("CuTe: "));
    for (auto const& [args, says] : std::vector<std::pair<std::string, std::string>>{
             {"--suggest --access row --rows 32", "--suggest: give the tile's --row-bytes"},
             {"--suggest --access row --row-bytes 128 --elem 2", "--suggest: give the tile's --rows"},
             {"--suggest --access bogus --rows 32 --row-bytes 128", "--access bogus"},
             {"--suggest --layout plain --row-bytes 128", "give one of --layout, --nx, --equiv and --suggest"},
             {"--suggest --require-conflict-free row --row-bytes 128", "--suggest chooses a layout"},
             // A chunk the search does not rank on refuted the choice's
             // certificate afterwards: "PROVED optimal", yet exit 10.
             {"--suggest --access row --rows 32 --row-bytes 64 --chunk-bytes 16", "--chunk-bytes belongs to --layout"},
         }) {
        CAPTURE(args);
        auto const bad = swz_verify(args);
        CHECK(bad.code == 1);
        CHECK(count_lines(bad.err) == 1);
        CHECK_THAT(bad.err, Catch::Contains(says));
    }
}

TEST_CASE("a swizzle that sends a cell past the tile's last byte is no choice", "[verify][suggest][known-bad]") {
    // 48 rows of 16 floats: 768 elements, not a power of two, so a swizzle
    // whose bits reach bit 9 moves cells of the last rows past element 767
    // (cute:1,0,-8: cell [32][1] at byte 3076 of 3072). Such candidates were
    // ranked as if they were layouts of the tile (found by an independent
    // reference of the search, stop 40). Each candidate's verdict against
    // every cell's offset, here.
    verify::tile_request tile{48, 64, 4, true};
    auto const s = verify::suggest_layout(tile, {"row", "column"}, verify::certify_options{});
    auto const leaves = [&](std::string const& spec) {
        auto const t = std::get<verify::layout_subject>(verify::parse_layout(spec, tile));
        for (std::uint64_t y = 0; y < t.rows(); ++y)
            for (std::uint64_t x = 0; x < t.cols(); ++x)
                if (t.offset(y, x) + t.shape.elem > t.footprint) return true;
        return false;
    };
    int outside = 0;
    for (auto const& c : s.ranked) {
        CAPTURE(c.spec);
        CHECK_FALSE(leaves(c.spec));
    }
    for (auto const& c : s.excluded) {
        CAPTURE(c.spec, c.why);
        bool const out = c.why.find("not a bijection onto the tile") != std::string::npos;
        CHECK(out == leaves(c.spec));
        outside += out;
    }
    CHECK(outside >= 40);
    auto const named = std::find_if(s.excluded.begin(), s.excluded.end(), [](auto const& c) { return c.spec == "cute:1,0,-8"; });
    CHECK(named != s.excluded.end());
}

TEST_CASE("a TMA mode whose box rows are padded to its span ranks as padded", "[verify][suggest]") {
    // Rows of 64 bytes under tma:128B start 128 bytes apart. Both it and
    // pad:16 are the only layouts legal for this access, at 4 wavefronts
    // each: the tie goes to the smaller footprint, pad:16 (tma:128B once
    // counted as unpadded and won).
    verify::tile_request tile{32, 64, 4, true};
    auto const s = verify::suggest_layout(tile, {"ld.4:byte(lane * 80 + 4 * s) for s < 2"}, verify::certify_options{});
    REQUIRE(s.ranked.size() == 2);
    CHECK(s.ranked[0].spec == "pad:16");
    CHECK(s.ranked[1].spec == "tma:128B");
    CHECK(s.ranked[0].total == s.ranked[1].total);
    CHECK(s.ranked[1].pad == 64);
}

TEST_CASE("a chunk of one element is the element's own access, costed once", "[verify][suggest]") {
    // Rows of 36 bytes keep 4-byte runs: row-chunk is row.
    verify::tile_request tile{32, 36, 4, true};
    auto const s = verify::suggest_layout(tile, {"row", "row-chunk"}, verify::certify_options{});
    CHECK(s.accesses == std::vector<std::string>{"row"});
    REQUIRE(!s.ranked.empty());
    CHECK(s.ranked.front().total == 1);
}
