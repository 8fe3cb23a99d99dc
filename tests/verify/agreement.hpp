// Checks one certificate against brute-force enumeration of the same tile.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>

#include "certify.hpp"
#include "exit_codes.hpp"
#include "layout_spec.hpp"
#include "layout_subject.hpp"
#include "support/enumerate.hpp"
#include "swz/article_forms.hpp"
#include "swz/xor_swizzle.hpp"

namespace swz::testing {

// A layout spec on a tile: what the sweeps' tests loop over.
struct tile_case {
    std::string spec;
    std::uint64_t rows;
    std::uint32_t row_bytes, elem;
};

// A layout spec that must parse, on a tile of `rows` rows of `row_bytes`.
inline verify::layout_subject parsed_layout(std::string const& spec, std::uint64_t rows, std::uint32_t row_bytes,
                                            std::uint32_t elem, std::optional<std::uint32_t> chunk = std::nullopt) {
    auto const p = verify::parse_layout(spec, {rows, row_bytes, elem, true, chunk});
    REQUIRE(std::holds_alternative<verify::layout_subject>(p));
    return std::get<verify::layout_subject>(p);
}

// Results by id: a certificate's, or any list of them (the family mode's).
inline std::map<std::string, verify::property_result> by_id(std::vector<verify::property_result> const& results) {
    std::map<std::string, verify::property_result> m;
    for (auto const& r : results) m.emplace(r.id, r);
    return m;
}
inline std::map<std::string, verify::property_result> by_id(verify::certificate const& c) { return by_id(c.results); }

inline verify::verdict holds(bool b) { return b ? verify::verdict::proved : verify::verdict::refuted; }

// The subject's own concrete map on its first `rows` rows.
inline concrete_tile concrete_of(verify::layout_subject const& s, std::uint64_t rows) {
    concrete_tile t;
    t.shape = {rows, s.shape.row_bytes, s.shape.elem};
    t.pitch = s.pitch;
    // The subject's own footprint where the whole tile is enumerated (a CuTe
    // layout's is its cosize, not rows x pitch); a pitch per row otherwise.
    t.footprint = rows == s.rows() ? s.footprint : rows * s.pitch;
    t.chunk = s.chunk_bytes;
    t.offset = s.offset;
    if (s.swizzle) {
        t.unit = s.swizzle->unit_bytes;
        t.base = s.swizzle->base;
        t.swizzle = s.swizzle->apply;
    }
    return t;
}

// Every verdict and figure of `c` equals what enumerating `t` finds.
inline void require_agreement(verify::certificate const& c, concrete_tile const& t, verify::layout_subject const& s) {
    using verify::verdict;
    auto const r = by_id(c);
    for (auto const& [id, res] : r) {
        CAPTURE(id, res.reason);
        if (res.applicable) REQUIRE(res.outcome != verdict::unknown);  // a timeout here is a failure, not a pass
    }
    CHECK(r.at("formula.lowering").outcome == verdict::proved);
    CHECK(r.at("bijection").outcome == holds(enumerated_bijection(t)));
    bool const rows_kept = enumerated_row_locality(t);
    CHECK(r.at("row_locality").outcome == holds(rows_kept));
    if (rows_kept) {
        CHECK(r.at("row_permutation").outcome == holds(enumerated_row_permutation(t)));
        CHECK(r.at("chunk_integrity").outcome == holds(enumerated_chunk_integrity(t)));
    } else {
        CHECK_FALSE(r.at("row_permutation").applicable);
        CHECK_FALSE(r.at("chunk_integrity").applicable);
        CHECK_FALSE(r.at("column_spread").applicable);
    }
    if (s.swizzles && s.involution_not_applicable.empty())
        CHECK(r.at("involution").outcome == holds(enumerated_involution(t, rows_kept)));
    else CHECK_FALSE(r.at("involution").applicable);
    for (auto const& [id, res] : r) {
        if (id.rfind("conflict.", 0) != 0) continue;
        std::string const name = id.substr(9);
        auto const e = enumerated_worst_wavefronts(t, name);
        CAPTURE(name);
        REQUIRE(res.applicable == e.applicable);
        if (!e.applicable) continue;
        if (e.illegal) {
            // An illegal access has no cost: a refutation, not a figure.
            CHECK(res.outcome == verdict::refuted);
            CHECK((res.evidence.at("kind") == "misaligned" || res.evidence.at("kind") == "split"));
            continue;
        }
        REQUIRE(res.fig.has_value());
        CHECK(res.fig->value == e.worst);
    }
    auto const spread = rows_kept ? enumerated_min_spread(t) : std::nullopt;
    if (rows_kept) {
        REQUIRE(r.at("column_spread").applicable == spread.has_value());
        if (spread) CHECK(r.at("column_spread").fig->value == *spread);
    }
    if (!s.article) return;
    layout_params const l = *s.article;
    auto step = [&](char const* id, auto formula, auto claim) {
        CAPTURE(id);
        CHECK(r.at(id).outcome == holds(agree_everywhere(t, formula, claim)));
    };
    using u = std::uint64_t;
    step("article.x_chunk", [&](u y, u x) { return swizzle_trace(l, y, x).x_chunk; },
         [&](u y, u x) { return article::x_chunk(l, y, x); });
    step("article.y_chunk", [&](u y, u x) { return swizzle_trace(l, y, x).y_chunk; },
         [&](u y, u x) { return article::y_chunk(l, y, x); });
    step("article.x_chunk_swz", [&](u y, u x) { return swizzle_trace(l, y, x).x_chunk_swz; },
         [&](u y, u x) { return article::x_chunk_swz_split(l, y, x); });
    step("article.closed_form", [&](u y, u x) { return swizzle_trace(l, y, x).x_swz; },
         [&](u y, u x) { return article::x_swz_closed_form(l, y, x); });
    step("article.final_form", [&](u y, u x) { return swizzle_trace(l, y, x).x_swz; },
         [&](u y, u x) { return article::x_swz_final_form(l, y, x); });
    if (spread) {
        bool const claim = *spread >= std::min<std::uint64_t>(l.nx, 32);
        CHECK(r.at("article.spread_claim").outcome == holds(claim));
    }
}

}  // namespace swz::testing
