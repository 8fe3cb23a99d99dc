// Known-bad layouts must be REFUTED, each on the property it breaks, with a
// counterexample that the brute force confirms. An encoding that proves
// everything fails here.
#include <catch2/catch.hpp>

#include "agreement.hpp"
#include "swz/tile_layouts.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

// The formula with its XOR dropped: x_chunk_swz = x_chunk, an unswizzled row.
struct dropped_xor_tile {
    layout_params l;
    template <class V> V column(V y, V x) const {
        auto const s = swizzle_trace(l, y, x);
        return s.x_chunk * l.chunk_bytes() / l.elem_bytes() % l.row_elems() + x % l.elems_per_chunk();
    }
    template <class V> V element_offset(V y, V x) const { return y * l.row_elems() + column(y, x); }
    std::uint64_t row_stride() const { return l.nx; }
};

// The formula with the wrong modulus: % (NX / 2) instead of % NX.
struct wrong_modulus_tile {
    layout_params l;
    template <class V> V column(V y, V x) const {
        auto const s = swizzle_trace(l, y, x);
        return s.x_chunk_swz * l.chunk_bytes() / l.elem_bytes() % (l.row_elems() / 2) + x % l.elems_per_chunk();
    }
    template <class V> V element_offset(V y, V x) const { return y * l.row_elems() + column(y, x); }
    std::uint64_t row_stride() const { return l.nx; }
};

template <class Tile>
concrete_tile concrete(Tile tile, layout_params l, std::uint64_t rows) {
    return {l, rows, tile.row_stride(), [tile](std::uint64_t y, std::uint64_t x) { return tile.column(y, x); }};
}

certificate run(tile_subject const& s, std::vector<tile_pattern> conflict_free = {}) {
    certify_options o;
    o.timeout_ms = 120000;
    o.required.conflict_free = std::move(conflict_free);
    return certify(s, o);
}

}  // namespace

TEST_CASE("a dropped XOR is refuted for conflict-free column reads", "[verify][known-bad]") {
    layout_params const l{32, 4, 4};
    dropped_xor_tile const tile{l};
    auto const c = run(make_tile_subject("dropped-xor", tile, l, 512), {tile_pattern::column});
    auto const r = by_id(c);
    CHECK(r.at("bijection").outcome == verdict::proved);  // still a bijection...
    CHECK(r.at("conflict.column").outcome == verdict::refuted);  // ...but every column hits one bank
    CHECK(r.at("conflict.column").fig->value == 32);
    CHECK(exit_code_for(c.results) == 10);
    require_agreement(c, concrete(tile, l, 512), false);
}

TEST_CASE("a wrong modulus is refuted: the map is no longer a bijection", "[verify][known-bad]") {
    layout_params const l{64, 4, 16};
    wrong_modulus_tile const tile{l};
    auto const c = run(make_tile_subject("wrong-modulus", tile, l, 512));
    auto const r = by_id(c);
    CHECK(r.at("bijection").outcome == verdict::refuted);
    CHECK(r.at("row_permutation").outcome == verdict::refuted);
    REQUIRE_FALSE(r.at("bijection").evidence_text.empty());
    CHECK_THAT(r.at("bijection").evidence_text.front(), Catch::Contains("both map to"));
    require_agreement(c, concrete(tile, l, 512), false);
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
    layout_params const l{32, 4, 4};
    plain_tile const tile{32, 4};
    auto const c = run(make_tile_subject("plain", tile, l, 512), {tile_pattern::column});
    auto const r = by_id(c);
    CHECK(r.at("conflict.column").outcome == verdict::refuted);
    CHECK(r.at("conflict.column").fig->value == 32);
    CHECK(r.at("conflict.row").outcome == verdict::proved);
    require_agreement(c, concrete(tile, l, 512), false);
}

TEST_CASE("the padded tile reads columns conflict-free but breaks 16-byte chunk alignment", "[verify][known-bad]") {
    layout_params const l{32, 4, 16};
    padded_tile const tile{32, 4, 1};
    auto const c = run(make_tile_subject("padded", tile, l, 512), {tile_pattern::column});
    auto const r = by_id(c);
    CHECK(r.at("conflict.column").outcome == verdict::proved);
    CHECK(r.at("conflict.column").fig->value == 1);
    CHECK(r.at("chunk_integrity").outcome == verdict::refuted);  // row 1 starts at byte 132
    CHECK(r.at("conflict.row-chunk").outcome == verdict::refuted);  // a misaligned 16-byte access
    require_agreement(c, concrete(tile, l, 512), false);
}
