// Known-bad layouts must be REFUTED, each on the property it breaks, with a
// counterexample that the brute force confirms. An encoding that proves
// everything fails here.
#include <catch2/catch.hpp>

#include "agreement.hpp"
#include "layout_spec.hpp"
#include "layout_subjects.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

// The formula with its XOR dropped: x_chunk_swz = x_chunk, an unswizzled row.
struct dropped_xor_layout {
    layout_params l;
    template <class V> V column(V y, V x) const {
        auto const s = swizzle_trace(l, y, x);
        return s.x_chunk * l.chunk_bytes() / l.elem_bytes() % l.row_elems() + x % l.elems_per_chunk();
    }
    template <class V> V byte_offset(V y, V x) const { return (y * l.row_elems() + column(y, x)) * l.elem_bytes(); }
};

// The formula with the wrong modulus: % (NX / 2) instead of % NX.
struct wrong_modulus_layout {
    layout_params l;
    template <class V> V column(V y, V x) const {
        auto const s = swizzle_trace(l, y, x);
        return s.x_chunk_swz * l.chunk_bytes() / l.elem_bytes() % (l.row_elems() / 2) + x % l.elems_per_chunk();
    }
    template <class V> V byte_offset(V y, V x) const { return (y * l.row_elems() + column(y, x)) * l.elem_bytes(); }
};

template <class L>
layout_subject custom(char const* name, L layout, layout_params l, std::uint64_t rows) {
    return custom_subject(name, layout, tile_shape{rows, std::uint32_t(l.row_bytes()), l.elem}, l.row_bytes(), l.tc, true);
}

certificate run(layout_subject const& s, std::vector<std::string> conflict_free = {}) {
    certify_options o;
    o.timeout_ms = 120000;
    o.figures = figure_method::smt;  // the SMT encoding is what these tests check
    o.required.conflict_free = std::move(conflict_free);
    return certify(s, o);
}

// Each access is refuted on the layout: its lane 0 lies outside the tile.
void check_lane_0_outside(layout_subject const& s, std::vector<char const*> const& specs) {
    for (char const* spec : specs) {
        CAPTURE(spec);
        auto const r = by_id(run(s, {spec}));
        auto const& got = r.at(std::string("conflict.") + spec);
        CHECK(got.outcome == verdict::refuted);
        CHECK(got.evidence.at("kind") == "outside");
        CHECK(got.evidence.at("lane") == 0);
    }
}

}  // namespace

TEST_CASE("a dropped XOR is refuted for conflict-free column reads", "[verify][known-bad]") {
    layout_params const l{32, 4, 4};
    auto const s = custom("dropped-xor", dropped_xor_layout{l}, l, 512);
    auto const c = run(s, {"column"});
    auto const r = by_id(c);
    CHECK(r.at("bijection").outcome == verdict::proved);  // still a bijection...
    CHECK(r.at("conflict.column").outcome == verdict::refuted);  // ...but every column hits one bank
    CHECK(r.at("conflict.column").fig->value == 32);
    CHECK(exit_code_for(c.results) == 10);
    require_agreement(c, concrete_of(s, 512), s);
}

TEST_CASE("a wrong modulus is refuted: the map is no longer a bijection", "[verify][known-bad]") {
    layout_params const l{64, 4, 16};
    auto const s = custom("wrong-modulus", wrong_modulus_layout{l}, l, 512);
    auto const c = run(s);
    auto const r = by_id(c);
    CHECK(r.at("bijection").outcome == verdict::refuted);
    CHECK(r.at("row_permutation").outcome == verdict::refuted);
    REQUIRE_FALSE(r.at("bijection").evidence_text.empty());
    CHECK_THAT(r.at("bijection").evidence_text.front(), Catch::Contains("both map to"));
    require_agreement(c, concrete_of(s, 512), s);
}

TEST_CASE("a row that is not a power of two is refuted: XOR leaves the row", "[verify][known-bad]") {
    layout_params const l{12, 4, 4};
    auto const c = run(article_subject(l, 64));
    auto const r = by_id(c);
    CHECK(r.at("bijection").outcome == verdict::refuted);
    CHECK(r.at("row_permutation").outcome == verdict::refuted);
    // The counterexample names two cells of one row with one column.
    auto const& e = r.at("row_permutation").evidence;
    std::uint64_t const y = e.at("row"), x1 = e.at("x")[0], x2 = e.at("x")[1];
    CHECK(x1 != x2);
    CHECK(swizzled_column(l, y, x1) == swizzled_column(l, y, x2));
}

TEST_CASE("the unswizzled tile is refuted for conflict-free column reads", "[verify][known-bad]") {
    auto const s = parsed_layout("plain", 512, 128, 4);
    auto const c = run(s, {"column"});
    auto const r = by_id(c);
    CHECK(r.at("conflict.column").outcome == verdict::refuted);
    CHECK(r.at("conflict.column").fig->value == 32);
    CHECK(r.at("conflict.row").outcome == verdict::proved);
    require_agreement(c, concrete_of(s, 512), s);
}

TEST_CASE("a 4-byte pad reads columns conflict-free but breaks 16-byte chunk alignment", "[verify][known-bad]") {
    auto const s = parsed_layout("pad:4", 512, 128, 4, 16u);
    auto const c = run(s, {"column"});
    auto const r = by_id(c);
    CHECK(r.at("conflict.column").outcome == verdict::proved);
    CHECK(r.at("conflict.column").fig->value == 1);
    CHECK(r.at("chunk_integrity").outcome == verdict::refuted);  // row 1 starts at byte 132
    CHECK(r.at("conflict.row-chunk").outcome == verdict::refuted);  // a misaligned 16-byte access
    CHECK(exit_code_for(c.results) == 10);
    require_agreement(c, concrete_of(s, 512), s);
}

TEST_CASE("Swizzle<3,4,2> is a bijection but not its own inverse", "[verify][known-bad]") {
    auto const s = parsed_layout("cute:3,4,2", 512, 128, 1);
    auto const c = run(s);
    auto const r = by_id(c);
    CHECK(r.at("bijection").outcome == verdict::proved);
    CHECK(r.at("involution").outcome == verdict::refuted);
    CHECK(exit_code_for(c.results) == 10);
    require_agreement(c, concrete_of(s, 512), s);
}

TEST_CASE("a GF(2) basis of deficient rank is not injective", "[verify][known-bad]") {
    // 4 rows x 32 halves = 128 elements, 7 offset bits; bit 6 maps where bit 0 does.
    auto const s = parsed_layout("linear:1,2,4,8,16,32,1", 4, 64, 2);
    auto const c = run(s);
    auto const r = by_id(c);
    CHECK(r.at("bijection").outcome == verdict::refuted);
    CHECK(r.at("bijection").evidence.at("kind") == "collision");
    CHECK(exit_code_for(c.results) == 10);
    require_agreement(c, concrete_of(s, 4), s);
}

TEST_CASE("a TMA tile on a misaligned base reads the wrong bytes", "[verify][known-bad]") {
    auto const s = parsed_layout("tma:128B,base=512", 64, 128, 2);
    auto const c = run(s);
    auto const r = by_id(c);
    CHECK(r.at("tma.base").outcome == verdict::refuted);
    CHECK(r.at("tma.alignment").fig->value == 1024);
    CHECK(exit_code_for(c.results) == 10);
    auto const aligned = run(parsed_layout("tma:128B,base=1024", 64, 128, 2));
    CHECK(by_id(aligned).at("tma.base").outcome == verdict::proved);
}

TEST_CASE("ldmatrix.x4 on plain 128-byte rows is refuted: each matrix's 8 rows share one bank group", "[verify][known-bad]") {
    // The textbook complaint: every 16-byte row address of a matrix lies
    // 128 bytes from the next, so each phase costs 8: 32 wavefronts, ideal 4.
    auto const s = parsed_layout("plain", 64, 128, 2);
    auto const c = run(s, {"ldmatrix.x4", "ldmatrix.x4.trans"});
    auto const r = by_id(c);
    for (char const* id : {"conflict.ldmatrix.x4", "conflict.ldmatrix.x4.trans"}) {
        CAPTURE(id);
        CHECK(r.at(id).outcome == verdict::refuted);
        REQUIRE(r.at(id).fig);
        CHECK(r.at(id).fig->value == 32);
        CHECK(enumerated_worst_wavefronts(concrete_of(s, 64), "ldmatrix.x4").worst == 32);
    }
    // The same fragments through CuTe's Swizzle<3,3,3> reach the ideal.
    auto const swizzled = by_id(run(parsed_layout("cute:3,3,3", 64, 128, 2), {"ldmatrix.x4"}));
    CHECK(swizzled.at("conflict.ldmatrix.x4").outcome == verdict::proved);
    CHECK(swizzled.at("conflict.ldmatrix.x4").fig->value == 4);
}

TEST_CASE("cp.async.16 into padded rows is refuted for conflict-free, though every bank is distinct", "[verify][known-bad]") {
    // pad:16 spreads the banks, but cp.async.16 writes one 128-byte line a
    // transfer: a row off its line costs 3 or 4 transfers a phase (BANK-MODEL.md).
    auto const s = parsed_layout("pad:16", 64, 128, 2);
    auto const c = run(s, {"cp.async.16", "row-chunk"});
    auto const r = by_id(c);
    CHECK(r.at("conflict.row-chunk").outcome == verdict::proved);
    CHECK(r.at("conflict.cp.async.16").outcome == verdict::refuted);
    REQUIRE(r.at("conflict.cp.async.16").fig);
    CHECK(r.at("conflict.cp.async.16").fig->value == 11);  // measured 11 on the H200 at this start
    CHECK(enumerated_worst_wavefronts(concrete_of(s, 64), "cp.async.16").worst == 11);
}

TEST_CASE("a cell access whose column goes below zero is refuted: the lane lies outside", "[verify][known-bad]") {
    // Column -1 wraps to 2^64 - 1 in the formula's unsigned arithmetic;
    // with a lane's run of elements added it wrapped back into the row,
    // and such accesses were costed, by enumeration and by the solver
    // (found by an independent reference model, stop 40).
    check_lane_0_outside(parsed_layout("plain", 8, 128, 4),
                         {"ld.4:cell(1, lane - 1)", "ld.8:cell(1 + lane / 16, lane % 16 * 2 - 2)",
                          "ld.8:cell(1 + lane / 16 + r % 4, lane % 16 * 2 - 2) for r < 100000"});
    auto const padded = parsed_layout("pad:16", 16, 64, 2);
    char const* const spec = "ld.16:cell(1 + lane % 8, lane / 8 * 8 - 8 * k) for k < 2";
    auto const r = by_id(run(padded, {spec}));
    auto const& got = r.at(std::string("conflict.") + spec);
    CHECK(got.outcome == verdict::refuted);
    CHECK(got.evidence.at("variables").at("k") == 1);  // k = 0 is inside: lanes 0-7 at column 0
    CHECK(got.evidence.at("lane") == 0);
}

TEST_CASE("a finite access the solver gives up on is decided by enumerating its starts", "[verify][conflicts]") {
    // 100,000 starts (over enumeration's first bound, 2^16), and a formula
    // of lane products and odd moduli whose legality query times out: it
    // was UNKNOWN, where every start takes milliseconds (found by an
    // independent reference of the formulas, stop 40). Its worst case, 4
    // wavefronts at r = 0, was computed apart by a Python enumeration of the
    // bank rule over every start.
    auto const s = parsed_layout("pad:16", 24, 96, 2);
    std::string const spec =
        "cp.async.4:byte((((lane * 0x100000000000 * 0x100000 + lane) % 31) ^ ((r * lane + r) % 7)) * 16 % 2688) for r < 100000";
    certify_options o;
    o.timeout_ms = 1000;
    o.accesses = {spec};
    auto const c = certify(s, o);
    auto const it = std::find_if(c.results.begin(), c.results.end(),
                                 [](property_result const& r) { return r.id.rfind("conflict.cp.async.4:", 0) == 0; });
    REQUIRE(it != c.results.end());
    CAPTURE(it->reason, it->method);
    CHECK(it->outcome == verdict::proved);
    REQUIRE(it->fig);
    CHECK(it->fig->value == 4);
    CHECK(it->evidence.at("variables").at("r") == 0);
}

TEST_CASE("a byte access wider than the whole tile is refuted: its lanes lie outside", "[verify][known-bad]") {
    // One row of 8 bytes holds no 16-byte lane. The last byte a lane may
    // start at (footprint - width) must not wrap around to 2^64 - 8, which
    // once let every lane in and PROVED the access (found by
    // tests/reference/reference_access.py).
    auto const s = parsed_layout("plain", 1, 8, 2);
    check_lane_0_outside(s, {"st.16:byte(lane * 48)", "st.16:byte(lane * 48 + v) for v < 40000000"});
    // An 8-byte lane fits: lane 0 at byte 0 is in, lane 1 at byte 48 is not.
    auto const fits = by_id(run(s, {"st.8:byte(lane * 48)"}));
    CHECK(fits.at("conflict.st.8:byte(lane * 48)").evidence.at("lane") == 1);
}

TEST_CASE("an access illegal at one of its first starts is refuted there, before any longer search", "[verify][known-bad]") {
    // Rows of 16 bytes 18 apart: cp.async.16's lane 1 lies at byte 18 from
    // s = 0 on. Over 2^32 rows this took 2.6 s of period proofs before the
    // enumeration met s = 0 (a random survey, stop 46).
    auto const tile = parsed_layout("cute:1,5,20,unit=byte@pad:2", std::uint64_t(1) << 32, 16, 2);
    certify_options o;
    o.accesses = {"cp.async.16", "ld.8:byte(lane * 8 + s * 8 + s / 1000 * 4) for s < 1048576"};
    auto const r = by_id(certify(tile, o));
    auto const& row = r.at("conflict.cp.async.16");
    CHECK(row.outcome == verdict::refuted);
    CHECK(row.evidence.at("kind") == "misaligned");
    CHECK(row.evidence.at("lane") == 1);
    CHECK(row.evidence.at("variables").at("s") == 0);
    // Lane 0 moves 4 bytes off its 8 first at s = 1000 (s / 1000 = 1), and
    // s = 1000 is the first start where any lane does (each lane is 8 l + 8 s
    // + 4 (s / 1000) bytes in).
    auto const& formula = r.at("conflict.ld.8:byte(lane * 8 + s * 8 + s / 1000 * 4) for s < 1048576");
    CHECK(formula.outcome == verdict::refuted);
    CHECK(formula.evidence.at("kind") == "misaligned");
    CHECK(formula.evidence.at("lane") == 0);
    CHECK(formula.evidence.at("variables").at("s") == 1000);
}
