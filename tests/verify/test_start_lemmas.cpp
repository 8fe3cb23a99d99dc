// The lemmas that cut the column figures' starts (bank_period.hpp,
// row_xor.hpp): on tiles whose starts are many enough for the lemmas to be
// tried, the certificate's column figures and first witnesses equal those
// of enumerating every start (tests/support/enumerate.hpp, written apart
// from both), and a false step or a row that is not an XOR is refuted with
// a counterexample.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "agreement.hpp"
#include "bank_period.hpp"
#include "certify.hpp"
#include "edge_sample.hpp"
#include "layout_spec.hpp"
#include "prover.hpp"
#include "row_xor.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

TEST_CASE("column figures over a bank period and x = 0 equal those over every start", "[verify][exhaustive]") {
    // Tiles whose column starts are more than 2^16 after the periodicity
    // cut (long periods, long rows), few enough rows to enumerate.
    unsigned cut_by_banks = 0, cut_by_xor = 0;
    for (auto const& [spec, rows, row_bytes, elem] :
         {tile_case{"article:nx=512,elem=1", 180, 512, 1}, tile_case{"article:nx=1024,elem=1", 150, 1024, 1},
          tile_case{"article:nx=1024,elem=2", 150, 2048, 2}, tile_case{"pad:4", 64, 4096, 1},
          tile_case{"linear:1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536", 180, 512, 1},
          tile_case{"linear:1,2,4,8,16,32,64,128,256,528,1056,2112,4224,8192,16384,32768,65536", 180, 512, 1}}) {
        CAPTURE(spec);
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const tile = concrete_of(t, rows);
        certify_options options;
        auto const results = by_id(certify(t, options));
        for (std::string const access : {"column", "column-chunk"}) {
            CAPTURE(access);
            auto const& r = results.at("conflict." + access);
            auto const e = enumerated_worst_wavefronts(tile, access);
            if (!e.applicable || e.illegal) continue;
            REQUIRE(r.outcome == verdict::proved);
            REQUIRE(r.fig.has_value());
            CHECK(r.fig->value == e.worst);
            std::uint64_t const width = access == "column" ? elem : t.chunk_bytes, cols = row_bytes / width;
            CHECK(r.evidence.at("variables").at("y0") == e.first_worst / cols);
            CHECK(r.evidence.at("variables").at("c") == e.first_worst % cols);
            if (r.method.find("bank_period") != std::string::npos) ++cut_by_banks;
        }
        auto const& s = results.at("column_spread");
        if (!s.applicable) continue;  // the layout moves cells across rows
        REQUIRE(s.outcome == verdict::proved);
        unsigned fewest = 33;
        std::uint64_t first_y0 = 0, first_x = 0;
        for (std::uint64_t y0 = 0; y0 + 31 < rows; ++y0)
            for (std::uint64_t x = 0; x < t.cols(); ++x) {
                std::set<std::uint64_t> seen;
                for (unsigned i = 0; i < 32; ++i) seen.insert(tile.column(y0 + i, x));
                if (seen.size() < fewest) fewest = unsigned(seen.size()), first_y0 = y0, first_x = x;
            }
        CHECK(s.fig->value == fewest);
        CHECK(s.evidence.at("y0") == first_y0);
        CHECK(s.evidence.at("x") == first_x);
        if (s.method.find("row_xor") != std::string::npos) ++cut_by_xor;
    }
    // Most of these layouts are cut: the test is about the cut domains.
    CHECK(cut_by_banks >= 8);
    CHECK(cut_by_xor >= 5);
}

namespace {

// Each tile's column and column-chunk figures and first witnesses equal
// those of enumerating every start (enumerate.hpp); the tile at `uncut`
// (an index, or none) is never cut by the bank period. How many figures
// were.
unsigned column_figures_by_enumeration(std::vector<tile_case> const& tiles, std::size_t uncut) {
    unsigned cut = 0;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        auto const& [spec, rows, row_bytes, elem] = tiles[i];
        CAPTURE(spec);
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const tile = concrete_of(t, rows);
        auto const results = by_id(certify(t, certify_options{}));
        for (std::string const access : {"column", "column-chunk"}) {
            CAPTURE(access);
            auto const& r = results.at("conflict." + access);
            auto const e = enumerated_worst_wavefronts(tile, access);
            REQUIRE(e.applicable);
            REQUIRE_FALSE(e.illegal);
            CAPTURE(r.method, r.reason);
            REQUIRE(r.outcome == verdict::proved);
            CHECK(r.fig->value == e.worst);
            std::uint64_t const width = access == "column" ? elem : t.chunk_bytes, cols = row_bytes / width;
            CHECK(r.evidence.at("variables").at("y0") == e.first_worst / cols);
            CHECK(r.evidence.at("variables").at("c") == e.first_worst % cols);
            bool const by_banks = r.method.find("bank_period") != std::string::npos;
            if (i == uncut) CHECK_FALSE(by_banks);
            cut += by_banks;
        }
    }
    return cut;
}

}  // namespace

TEST_CASE("CuTe swizzles that write only bits far above a warp's rows: column figures over a bank period equal every start's",
          "[verify][exhaustive]") {
    // F changes only bits from 2^w bytes up, and 32 rows of the pitch lie
    // within 2^w - unit bytes: lanes of distinct rows stay on distinct
    // units, whatever F reads (stop 42: cute:1,0,-22 on bytes, 2^20 rows of
    // 1000, was UNKNOWN). cute:1,0,-12 on 200-byte rows reaches past 2^12
    // in 32 rows: no cut. Each reads a bit below 4 bytes: none is decided
    // on its strided base (bank_blind.hpp, test_bank_blind.cpp).
    CHECK(column_figures_by_enumeration({{"cute:1,0,-16,unit=byte", 256, 1000, 1}, {"cute:2,0,-15", 256, 1200, 2},
                                         {"cute:1,0,-14", 1024, 400, 2}, {"cute:1,0,-12,unit=byte", 1024, 200, 1}},
                                        3) >= 6);
}

TEST_CASE("a bank step that does not hold is refuted with a replayed cell", "[verify][known-bad]") {
    // The article's formula on 1024-byte rows moves a column's bank by 64
    // bytes every 64 rows, not by 0 every 32.
    auto const t = parsed_layout("article:nx=1024,elem=1", all_32bit_rows, 1024, 1);
    prover p(10000);
    auto const rows = prove_bank_period_rows(p, t, {32, 0});
    CHECK(rows.outcome == verdict::refuted);
    CHECK_FALSE(rows.evidence_text.empty());
    CHECK_FALSE(proved_step(rows, {32, 0}));
    auto const cols = prove_bank_period_columns(p, t, {64, 0});
    CHECK(cols.outcome == verdict::refuted);
    CHECK(prove_bank_period_rows(p, t, {64, 64}).outcome == verdict::proved);
    CHECK(prove_bank_period_columns(p, t, {64, 64}).outcome == verdict::proved);
}

TEST_CASE("a row that is not x XOR a constant refutes row_xor", "[verify][known-bad]") {
    // Rows of 40 elements wrap the XOR back into the row with % 40.
    auto const t = parsed_layout("article:nx=40,elem=4", 4096, 160, 4);
    prover p(10000);
    auto const r = prove_row_xor(p, t);
    CHECK(r.outcome == verdict::refuted);
    CHECK_FALSE(r.evidence_text.empty());
    CHECK_FALSE(proved_row_xor(r));
    CHECK(prove_row_xor(p, parsed_layout("article:nx=64,elem=4,tc=16", 4096, 256, 4)).outcome == verdict::proved);
}

TEST_CASE("the edge sample visited one value at a time is the stored one, in order, and stops where asked", "[verify]") {
    // bank_period.cpp's conjecture walks each_edge_sample; edge_sample
    // stores the same values: the first k and the last k of 0 .. n-1, once
    // each, ascending (written here from that definition).
    for (std::uint64_t n : {0ull, 1ull, 5ull, 63ull, 64ull, 127ull, 128ull, 129ull, 200ull, 1293ull, 4096ull})
        for (std::uint64_t k : {0ull, 1ull, 3ull, 64ull, 65ull, 256ull, 300ull}) {
            CAPTURE(n, k);
            std::vector<std::uint64_t> expected;
            for (std::uint64_t v = 0; v < n; ++v)
                if (v < k || v + k >= n) expected.push_back(v);
            auto const stored = edge_sample(n, k);
            CHECK(stored == expected);
            std::vector<std::uint64_t> seen;
            CHECK(each_edge_sample(n, k, [&](std::uint64_t v) {
                seen.push_back(v);
                return true;
            }));
            CHECK(seen == stored);
            for (std::size_t stop = 0; stop < stored.size(); stop += 1 + stored.size() / 7) {
                std::vector<std::uint64_t> until;
                CHECK_FALSE(each_edge_sample(n, k, [&](std::uint64_t v) {
                    until.push_back(v);
                    return until.size() <= stop;
                }));
                CHECK(until == std::vector<std::uint64_t>(stored.begin(), stored.begin() + std::ptrdiff_t(stop) + 1));
            }
        }
    // A sample of 2^32 rows: its first and last values, without storing them.
    std::uint64_t count = 0, last = 0;
    CHECK(each_edge_sample(std::uint64_t(1) << 32, 1 << 20, [&](std::uint64_t v) {
        ++count;
        last = v;
        return true;
    }));
    CHECK(count == std::uint64_t(2) << 20);
    CHECK(last == (std::uint64_t(1) << 32) - 1);
}
