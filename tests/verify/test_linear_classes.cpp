// Figures of GF(2) layouts decided from one block of starts per class
// (linear_classes.hpp) equal those of sweeping every start (the sweeps,
// checked against the independent enumeration in test_column_sweep.cpp and
// test_row_sweep.cpp), first start included, on random bases, packed and
// padded rows, every element size and access width; and equal the
// independent enumeration directly on a few; and no classes where the
// reduction does not hold.
#include <catch2/catch.hpp>

#include <chrono>
#include <random>
#include <string>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "class_checks.hpp"
#include "class_sweep.hpp"
#include "linear_classes.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

auto const far = std::chrono::steady_clock::now() + std::chrono::hours(1);

// A random GF(2) basis for `bits` bits: the identity with random lower and
// higher bits XORed into each image (rows mixed into columns and back), the
// low `keep` bits left alone (a granule: units of 2^keep elements whole).
std::string random_basis(std::mt19937_64& rng, unsigned bits, unsigned keep) {
    std::string s = "linear:";
    for (unsigned k = 0; k < bits; ++k) {
        std::uint64_t image = std::uint64_t(1) << k;
        if (k >= keep)
            for (unsigned j = keep; j < bits; ++j)
                if (j != k && rng() % 5 == 0) image ^= std::uint64_t(1) << j;
        s += (k ? "," : "") + std::to_string(image);
    }
    return s;
}

unsigned bits_for(std::uint64_t n) {
    unsigned b = 0;
    while ((std::uint64_t(1) << b) < n) ++b;
    return b;
}

}  // namespace

TEST_CASE("classes of a GF(2) layout's starts give the whole tile's figure and first start", "[verify][exhaustive][linear]") {
    std::mt19937_64 rng(2026);
    unsigned decided = 0, declined = 0;
    struct tile {
        std::uint64_t rows;
        std::uint32_t row_bytes, pad, elem;
    };
    for (auto const& [rows, row_bytes, pad, elem] :
         std::vector<tile>{{64, 64, 0, 4},   {128, 32, 0, 1},  {1000, 64, 0, 2}, {512, 128, 0, 8}, {256, 256, 0, 16},
                           {2048, 16, 0, 1}, {200, 48, 16, 4}, {300, 96, 32, 2}, {130, 64, 0, 1},  {96, 32, 32, 8}})
        for (unsigned keep : {0u, 1u, 2u}) {
            std::string const base = pad ? "@pad:" + std::to_string(pad) : "";
            unsigned const bits = bits_for(rows * (row_bytes + pad) / elem);
            std::string const spec = random_basis(rng, bits, keep) + base;
            auto const t = parsed_layout(spec, rows, row_bytes, elem);
            for (std::string access : {"row", "column"})
                for (std::string width : {"", ".1", ".2", ".4", ".8", ".16"}) {
                    CAPTURE(spec, rows, row_bytes, elem, access + width);
                    auto const a = access_on(access + width, t);
                    if (!std::holds_alternative<access_subject>(a)) continue;
                    auto const& w = std::get<access_subject>(a);
                    if (!w.not_applicable.empty()) continue;
                    REQUIRE(w.start_classes);
                    bool const has = w.start_classes().has_value();
                    bool const packed = t.pitch == row_bytes;
                    CHECK(has == (w.instr.width <= t.chunk_bytes && (access == "column" || packed)));
                    auto const by_classes = sweep_access_by_classes(w, far);
                    auto const whole = whole_sweep(w, far);
                    REQUIRE(whole.state != column_sweep_result::status::out_of_time);
                    if (!has || !whole) {
                        CHECK_FALSE(by_classes);
                        ++declined;
                        continue;
                    }
                    require_same_as_whole(by_classes, whole);
                    CHECK(std::string(by_classes->naming.source) == "linear_classes");
                    ++decided;
                }
        }
    CHECK(decided > 80);
    CHECK(declined > 20);
}

TEST_CASE("classes of a GF(2) layout's starts give the independent enumeration's figures", "[verify][exhaustive][linear]") {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 6; ++i) {
        std::uint64_t const rows = 256;
        std::uint32_t const row_bytes = 128, elem = i % 2 ? 2 : 4;
        std::string const spec = random_basis(rng, bits_for(rows * row_bytes / elem), 0);
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        auto const tile = concrete_of(t, rows);
        for (std::string name : {"row", "column"}) {
            CAPTURE(spec, name);
            auto const w = std::get<access_subject>(access_on(name, t));
            require_enumerated_figure(w, sweep_access_by_classes(w, far), tile, name);
        }
    }
}

TEST_CASE("a GF(2) layout over 2^32 rows that no period cuts gets its column figure from classes", "[verify][linear]") {
    // Rows mixed into the low bits all the way up: bank_period fails, and
    // the solver's search for the column figure ran past its limit.
    std::mt19937_64 rng(3);
    auto const t = parsed_layout(random_basis(rng, 38, 0), std::uint64_t(1) << 32, 128, 2);
    certify_options o;
    auto const c = by_id(certify(t, o));
    for (auto const* id : {"conflict.row", "conflict.column"}) {
        CAPTURE(id, c.at(id).reason);
        CHECK(c.at(id).outcome == verdict::proved);
        CHECK_THAT(c.at(id).method, Catch::Contains("(linear_classes)"));
    }
}
