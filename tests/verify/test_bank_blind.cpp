// The bank-blind lemma (bank_blind.hpp): a swizzle that changes only bits
// from 128 bytes up, each G-byte unit as a whole (G = 4, 8, 16), is decided
// on the strided layout beneath for accesses of units up to G bytes. Every figure and legality verdict so decided
// must equal enumerating every start on the swizzled tile itself
// (tests/support/enumerate.hpp, written apart from the prover), the
// witness must be the first start that costs the figure, and a map that
// breaks any of the lemma's three conditions must be refuted.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "agreement.hpp"
#include "bank_blind.hpp"
#include "certify.hpp"
#include "prover.hpp"
#include "swz/bank_model.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

certify_options with_accesses(std::vector<std::string> accesses, unsigned timeout_ms = 10000) {
    certify_options o;
    o.accesses = std::move(accesses);
    o.timeout_ms = timeout_ms;
    return o;
}

// Whether the figure was decided on the strided layout beneath (its method says so first).
bool is_beneath(property_result const& r) { return r.method.rfind(verify::decided_beneath, 0) == 0; }

}  // namespace

TEST_CASE("bank-blind swizzles: figures decided on the strided layout beneath equal every start's on the swizzled tile",
          "[verify][exhaustive]") {
    // Each swizzle reads no bit below 16 bytes and writes none below 128:
    // bytes and elements of 1-8 bytes, shifts of either sign, plain and
    // padded rows that are no powers of two, tiles the swizzle leaves.
    std::vector<std::string> const extra{"row.16", "column.4", "ldmatrix.x4", "stmatrix.x2.trans", "cp.async.16"};
    unsigned beneath = 0, beneath_async = 0;
    for (auto const& [spec, rows, row_bytes, elem] :
         {tile_case{"cute:1,4,-6,unit=byte", 64, 96, 1}, tile_case{"cute:2,4,-5,unit=byte", 96, 200, 2},
          tile_case{"cute:1,2,-6", 64, 160, 4}, tile_case{"cute:1,1,-7@pad:8", 48, 120, 8},
          tile_case{"cute:3,4,-4,unit=byte", 64, 256, 1}, tile_case{"cute:1,7,-10,unit=byte", 4096, 64, 1},
          tile_case{"cute:2,8,-9", 8192, 64, 1}, tile_case{"cute:1,5,3", 4096, 32, 4},
          tile_case{"cute:2,7,-8", 2048, 128, 2}, tile_case{"cute:1,4,-10", 2048, 64, 1},
          // Reading from 4 or 8 bytes: units up to that wide are decided beneath, wider ones here.
          tile_case{"cute:1,2,-8,unit=byte", 64, 96, 1}, tile_case{"cute:2,3,-6,unit=byte@pad:8", 64, 120, 2},
          tile_case{"cute:1,1,-8", 96, 200, 4}}) {
        CAPTURE(spec, rows, row_bytes, elem);
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        REQUIRE(bank_blind_candidate(t));
        std::uint64_t const g = bank_blind_unit(t);
        auto const tile = concrete_of(t, rows);
        auto const c = certify(t, with_accesses(extra));
        require_agreement(c, tile, t);
        auto const results = by_id(c);
        CHECK(results.at("bank_blind").outcome == verdict::proved);
        for (auto const& [id, r] : results) {
            if (id.rfind("conflict.", 0) != 0 || !r.applicable) continue;
            std::string const name = id.substr(9);
            CAPTURE(name, r.method);
            // cp.async.16's transfers see 128-byte lines, which only a G of
            // 128 keeps whole; units wider than G may be parted.
            unsigned const width = name == "row" || name == "column"                 ? elem
                                   : name == "row-chunk" || name == "column-chunk" ? t.chunk_bytes
                                   : name == "column.4"                           ? 4
                                                                                  : 16;
            CHECK(is_beneath(r) == (name == "cp.async.16" ? g >= 128 : unit_bytes(width) <= g));
            beneath_async += is_beneath(r) && name == "cp.async.16";
            beneath += is_beneath(r);
            auto const e = enumerated_worst_wavefronts(tile, name);
            if (!r.fig || e.illegal) continue;
            // The witness is the first start that costs the figure.
            auto const& v = r.evidence.at("variables");
            if (name.rfind("row", 0) == 0 || name.rfind("cp.async", 0) == 0) {
                CHECK(v.at("s") == e.first_worst);
            } else if (name.rfind("column", 0) == 0) {
                std::uint64_t const width = name == "column" ? elem : name == "column.4" ? 4 : t.chunk_bytes;
                CHECK(v.at("y0") == e.first_worst / (row_bytes / width));
                CHECK(v.at("c") == e.first_worst % (row_bytes / width));
            }
        }
    }
    CHECK(beneath >= 70);
    CHECK(beneath_async >= 3);
}

TEST_CASE("a swizzle that writes below the bank line or reads inside a 4-byte word is not decided beneath", "[verify]") {
    for (auto const& [spec, rows, row_bytes, elem] :
         {tile_case{"cute:1,4,-2,unit=byte", 64, 96, 1}, tile_case{"cute:1,0,-10,unit=byte", 64, 96, 1},
          tile_case{"cute:3,3,3", 64, 128, 2}}) {
        CAPTURE(spec);
        auto const t = parsed_layout(spec, rows, row_bytes, elem);
        CHECK_FALSE(bank_blind_candidate(t));
        auto const c = certify(t, certify_options{});
        require_agreement(c, concrete_of(t, rows), t);
        auto const results = by_id(c);
        CHECK(results.count("bank_blind") == 0);
        for (auto const& [id, r] : results) CHECK_FALSE(is_beneath(r));
    }
}

TEST_CASE("a cell formula on a bank-blind swizzle: its figure and its illegal lane replay on the swizzled tile", "[verify]") {
    auto const t = parsed_layout("cute:2,4,-5,unit=byte", 96, 200, 2);
    auto const tile = concrete_of(t, 96);
    // Lane l reads the word of cells (y, 2l) and (y, 2l + 1); enumerated
    // here on the swizzled tile, lane by lane.
    unsigned worst = 0;
    std::uint64_t first = 0;
    for (std::uint64_t y = 0; y < 96; ++y) {
        warp_access a;
        a.width = 4;
        for (unsigned l = 0; l < 32; ++l) a.active[l] = true, a.byte_address[l] = tile.offset(y, (2 * l) % 100);
        unsigned const cost = bank_cost(a).wavefronts;
        if (cost > worst) worst = cost, first = y;
    }
    auto const c = certify(t, with_accesses({"ld.4:cell(y, 2 * lane % 100) for y < 96", "ld.4:cell(y, 2 * lane + 1) for y < 96",
                                             "ld.4:byte(lane * 200 + s * 4) for s < 2"}));
    auto const results = by_id(c);
    auto const& figure = results.at("conflict.ld.4:cell(y, 2 * lane % 100) for y < 96");
    CAPTURE(figure.method, figure.reason);
    REQUIRE(figure.outcome == verdict::proved);
    CHECK(is_beneath(figure));
    CHECK(figure.fig->value == worst);
    CHECK(figure.evidence.at("variables").at("y") == first);
    // A word at an odd element: illegal from y = 0, beneath (misaligned)
    // and here, where the first lane whose two cells the swizzle parts
    // (they straddle a 16-byte unit) is named before any misaligned one.
    auto const& bad = results.at("conflict.ld.4:cell(y, 2 * lane + 1) for y < 96");
    CHECK(bad.outcome == verdict::refuted);
    CHECK(is_beneath(bad));
    CHECK(bad.evidence.at("variables").at("y") == 0);
    unsigned split_lane = 32;
    for (unsigned l = 0; l < 32 && split_lane == 32; ++l)
        if (tile.offset(0, 2 * l + 2) != tile.offset(0, 2 * l + 1) + 2) split_lane = l;
    REQUIRE(split_lane < 32);
    CHECK(bad.evidence.at("kind") == "split");
    CHECK(bad.evidence.at("lane") == split_lane);
    // A byte formula names no cell: decided on the layout itself.
    CHECK_FALSE(is_beneath(results.at("conflict.ld.4:byte(lane * 200 + s * 4) for s < 2")));
}

TEST_CASE("the audit's bank-blind tile on every 32-bit row: decided beneath well inside a short limit", "[verify]") {
    // cute:1,4,-20 on bytes (bit 4 into bit 24) over 1000-byte rows repeats
    // every 4194304 rows: its row figure enumerated 65,536,000 starts, 7-10
    // s of the 10 s limit (UNKNOWN under load, stop 42). Beneath, plain
    // 1000-byte rows repeat every 16: the figures are plain's.
    auto const t = parsed_layout("cute:1,4,-20,unit=byte", std::uint64_t(1) << 32, 1000, 2);
    auto const plain = parsed_layout("plain", std::uint64_t(1) << 32, 1000, 2);
    std::string const formula = "ld.8:cell(y, lane * 4 % 500) for y < 1000000";
    auto const on_swizzle = by_id(certify(t, with_accesses({formula}, 3000)));
    auto const on_plain = by_id(certify(plain, with_accesses({formula}, 3000)));
    for (std::string const id : {std::string("conflict.row"), std::string("conflict.row-chunk"), std::string("conflict.column"),
                                 std::string("conflict.column-chunk"), "conflict." + formula}) {
        CAPTURE(id, on_swizzle.at(id).reason);
        REQUIRE(on_swizzle.at(id).outcome == verdict::proved);
        CHECK(is_beneath(on_swizzle.at(id)));
        CHECK(on_swizzle.at(id).fig->value == on_plain.at(id).fig->value);
        CHECK(on_swizzle.at(id).evidence.at("variables") == on_plain.at(id).evidence.at("variables"));
    }
}

namespace {

// `t` with its swizzle replaced by F (on units), concrete and symbolic.
template <class F>
layout_subject with_swizzle(layout_subject t, F f) {
    t.swizzle->apply = [f](std::uint64_t u) { return f(u); };
    t.swizzle->symbolic_apply = [f](symbolic_uint const& u) { return f(u); };
    return t;
}

}  // namespace

TEST_CASE("a map that breaks the bank-blind lemma is refuted with a replayed offset, and nothing is decided beneath",
          "[verify][known-bad]") {
    auto const t = parsed_layout("cute:1,4,-6,unit=byte", 64, 96, 1);
    struct bad_map {
        std::string why;
        std::function<std::uint64_t(std::uint64_t)> concrete;
        std::function<symbolic_uint(symbolic_uint const&)> symbolic;
    };
    std::vector<bad_map> const maps{
        // Bit 4 into bit 3: a bank changes.
        {"a bit below 128 bytes changes", [](std::uint64_t u) { return u ^ ((u >> 4 & 1) << 3); },
         [](symbolic_uint const& u) { return u ^ ((u >> 4 & 1u) << 3); }},
        // Bit 0 sets bit 10: one unit's bytes go two ways (the first
        // clause to fail: a one-to-one map parting a unit also lets
        // another unit's byte meet it, at a smaller offset).
        {"one 16-byte unit changed two ways", [](std::uint64_t u) { return u | ((u & 1) << 10); },
         [](symbolic_uint const& u) { return u | ((u & 1u) << 10); }},
        // Bit 10 cleared: units 1024 bytes apart meet.
        {"two 16-byte units meet", [](std::uint64_t u) { return u & ~std::uint64_t(1024); },
         [](symbolic_uint const& u) { return u & ~std::uint64_t(1024); }},
    };
    for (auto const& m : maps) {
        CAPTURE(m.why);
        auto const forged = with_swizzle(t, [&](auto const& u) {
            if constexpr (std::is_same_v<std::decay_t<decltype(u)>, std::uint64_t>) return m.concrete(u);
            else return m.symbolic(u);
        });
        prover p(10000);
        auto const lemmas = prove_bank_blind(p, forged);
        REQUIRE(lemmas.size() == 2);
        CHECK(lemmas[0].id == "bank_blind");
        REQUIRE(lemmas[0].outcome == verdict::refuted);
        REQUIRE_FALSE(lemmas[0].evidence_text.empty());
        CHECK(lemmas[0].evidence_text.front().find(m.why) != std::string::npos);
        CHECK_FALSE(proved_bank_twin(lemmas, forged).has_value());
    }
    prover p(10000);
    auto const lemmas = prove_bank_blind(p, t);
    CHECK(lemmas[0].outcome == verdict::proved);
    CHECK(lemmas[1].outcome == verdict::proved);
    CHECK(proved_bank_twin(lemmas, t).has_value());
}
