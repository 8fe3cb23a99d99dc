// The two mechanisms a family proof may rest on (verify/family): a property
// that follows in part from another of the family, decided once
// (family_property::needs, follows_from), and lemmas a query takes as given
// once they are proved (decide_with_lemmas). Each guard is tested by the
// fault it guards against: the property it rests on, or a lemma, not
// proved (the solver answers unknown, a model that does not replay, a
// wrong lemma), and the dependent is then UNKNOWN, never PROVED.
#include <catch2/catch.hpp>

#include <set>
#include <stdexcept>
#include <string>

#include "agreement.hpp"
#include "family/certify_family.hpp"
#include "family/cute_family.hpp"
#include "family/family_query.hpp"

using namespace swz;
using namespace swz::verify;

namespace {

std::set<std::string> const involution_and_dependents{"family.bijection", "family.row_permutation", "family.involution"};

// CuTe's bijection, row_permutation and involution, the involution decided
// by `stub` where given.
family_definition cute_part(family_property::standalone stub = {}) {
    return {"cute-part", "part of the CuTe family", "", [stub] {
                std::vector<family_property> out;
                for (auto& p : cute_family_properties()) {
                    if (!involution_and_dependents.count(p.id)) continue;
                    if (p.id == "family.involution" && stub) p = family_property(p.id, stub, p.cost);
                    out.push_back(std::move(p));
                }
                return out;
            }};
}

property_result stub_involution(verdict v, std::string reason) {
    auto r = family_result("involution", "stand-in");
    r.outcome = v;
    r.reason = std::move(reason);
    return r;
}

}  // namespace

TEST_CASE("properties that follow from the involution are PROVED with it, on one thread or two", "[verify][family][cute][lemmas]") {
    auto const d = cute_part();
    for (unsigned threads : {1u, 2u}) {
        CAPTURE(threads);
        auto const c = certify_family(&d, 120000, threads);
        REQUIRE(c.results.size() == 3);
        CHECK(c.results[0].id == "family.bijection");  // report order, whatever the start order
        CHECK(c.results[1].id == "family.row_permutation");
        CHECK(c.results[2].id == "family.involution");
        for (auto const& r : c.results) {
            CAPTURE(r.id, r.reason);
            CHECK(r.outcome == verdict::proved);
        }
        CHECK_THAT(c.results[0].method, Catch::Contains("follows from family.involution, proved"));
        CHECK_THAT(c.results[1].method, Catch::Contains("follows from family.involution, proved"));
    }
}

TEST_CASE("a property that follows from a refuted or undecided one is UNKNOWN, never PROVED", "[verify][family][cute][lemmas]") {
    for (auto v : {verdict::refuted, verdict::unknown}) {
        CAPTURE(verdict_name(v));
        auto const d = cute_part([v](prover&) { return stub_involution(v, "injected"); });
        auto const c = certify_family(&d, 120000, 2);
        auto const by = swz::testing::by_id(c.results);
        CHECK(by.at("family.involution").outcome == v);
        for (char const* id : {"family.bijection", "family.row_permutation"}) {
            CAPTURE(id);
            auto const& r = by.at(id);
            CHECK(r.outcome == verdict::unknown);
            CHECK_THAT(r.reason, Catch::Contains("follows in part from family.involution, which is " + std::string(verdict_name(v))));
            CHECK_THAT(r.method, Catch::Contains("follows from family.involution, which is " + std::string(verdict_name(v))));
        }
    }
}

TEST_CASE("an involution the solver cannot decide leaves the properties that follow from it UNKNOWN", "[verify][family][cute][lemmas]") {
    auto const d = cute_part();
    scoped_fault fault({injected_fault::kind::answer_unknown, "family.involution"});
    auto const c = certify_family(&d, 120000, 2);
    CHECK(fault.hits() > 0);
    for (auto const& r : c.results) {
        CAPTURE(r.id, r.reason);
        CHECK(r.outcome == verdict::unknown);
    }
}

TEST_CASE("a lemma not proved leaves the property UNKNOWN, never PROVED", "[verify][family][cute][lemmas]") {
    auto const d = cute_part();
    SECTION("the solver answers unknown on the lemma alone") {
        scoped_fault fault({injected_fault::kind::answer_unknown, "family.involution.source_kept"});
        auto const by = swz::testing::by_id(certify_family(&d, 120000, 2).results);
        CHECK(fault.hits() > 0);
        auto const& r = by.at("family.involution");
        CHECK(r.outcome == verdict::unknown);
        CHECK_THAT(r.reason, Catch::Contains("the lemma family.involution.source_kept its proof rests on is UNKNOWN"));
        CHECK(by.at("family.bijection").outcome == verdict::unknown);
    }
    SECTION("the lemma's counterexample does not replay") {
        // A model of all zeros: no row, no instance, nothing to replay.
        scoped_fault fault({injected_fault::kind::answer_sat, "family.involution.source_kept", {}});
        auto const by = swz::testing::by_id(certify_family(&d, 120000, 2).results);
        CHECK(fault.hits() > 0);
        auto const& r = by.at("family.involution");
        CHECK(r.outcome == verdict::unknown);
        CHECK_THAT(r.reason, Catch::Contains("does not replay"));
    }
}

TEST_CASE("a wrong lemma makes the property's query vacuous, and the property UNKNOWN", "[verify][family][cute][lemmas]") {
    // F(u) = u taken as given makes F(F(u)) = u trivial; the lemma is false
    // wherever the swizzle moves a bit, refuted and replayed, and the
    // involution is not PROVED on it.
    prover p(120000);
    family_query<cute_family> q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << cute_max_log2_row_elems}});
    auto const u = q.f.element_offset(q.cell(0), q.cell(1));
    auto const swz = q.f.swizzle();
    family_lemma<cute_family> const wrong{
        "involution.fixed", "F(u) = u", swz(u) == u, [](cute_instance const& i, cell_values const& v) -> std::optional<replayed> {
            std::uint64_t const y = cell_value<cute_family>(v, 0), x = cell_value<cute_family>(v, 1);
            if (y >= i.rows || x >= i.row_elems() || i.swizzle(i.element_offset(y, x)) == i.element_offset(y, x)) return std::nullopt;
            replayed out;
            out.data = {{"cell", {y, x}}};
            out.lines.push_back(instance_text(i) + ": F moves element " + std::to_string(i.element_offset(y, x)));
            return out;
        }};
    auto r = family_result("involution", "F(F(u)) = u");
    decide_with_lemmas(p, r, q, q.within({{0, 1}}), {wrong}, swz(swz(u)) != u,
                       [](cute_instance const&, cell_values const&) -> std::optional<replayed> { return std::nullopt; });
    CAPTURE(r.reason, r.evidence_text);
    CHECK(r.outcome == verdict::unknown);
    CHECK_THAT(r.reason, Catch::Contains("the lemma family.involution.fixed its proof rests on is REFUTED"));
    REQUIRE_FALSE(r.evidence_text.empty());
    CHECK_THAT(r.evidence_text.front(), Catch::Contains("F moves element"));
}

TEST_CASE("a family whose property needs one it does not define is a bug, reported at once", "[verify][family][lemmas]") {
    family_definition const d{"broken", "", "", [] {
                                  return std::vector<family_property>{
                                      {"family.a", {"family.missing"}, [](prover&, std::vector<property_result> const&) {
                                           return property_result{};
                                       }, 1}};
                              }};
    CHECK_THROWS_AS(certify_family(&d, 1000, 1), std::logic_error);
}

TEST_CASE("the CuTe figures rest on lemmas shared by the element's and the chunk's figure", "[verify][family][cute][lemmas]") {
    auto const c = certify_family(family_named("cute").value(), 120000);
    auto const by = swz::testing::by_id(c.results);
    CHECK(c.results.size() == 8);  // the shared lemmas are not results of their own
    for (char const* id : {"family.conflict.row", "family.conflict.row-chunk"}) {
        CAPTURE(id);
        CHECK(by.at(id).outcome == verdict::proved);
        CHECK_THAT(by.at(id).method, Catch::Contains("family.conflict.row+row-chunk.linear, .upper, .lower, shared with"));
    }
    // The shared lemmas' calls shared out between the two.
    CHECK(by.at("family.conflict.row").solver_calls + by.at("family.conflict.row-chunk").solver_calls >= 3);
    for (char const* id : {"family.conflict.column", "family.conflict.column-chunk"}) {
        CAPTURE(id);
        CHECK(by.at(id).outcome == verdict::proved);
        CHECK_THAT(by.at(id).method, Catch::Contains("family.conflict.column+column-chunk.upper, .lower, shared with"));
    }
}

TEST_CASE("a shared figure lemma the solver cannot decide leaves both figures UNKNOWN", "[verify][family][cute][lemmas]") {
    scoped_fault fault({injected_fault::kind::answer_unknown, "family.conflict.column+column-chunk.upper"});
    auto const by = swz::testing::by_id(certify_family(family_named("cute").value(), 120000).results);
    CHECK(fault.hits() > 0);
    for (char const* id : {"family.conflict.column", "family.conflict.column-chunk"}) {
        CAPTURE(id);
        CHECK(by.at(id).outcome == verdict::unknown);
        CHECK_THAT(by.at(id).reason, Catch::Contains("injected fault"));
    }
    CHECK(by.at("family.conflict.row").outcome == verdict::proved);
}

TEST_CASE("a shared lemma refuted at one width refutes that width's figure only", "[verify][family][cute][lemmas]") {
    // The ideal everywhere, for both widths at once: wrong where S < 0 moves
    // a bit of a word's byte to bit 7 or above.
    figure_form<cute_family> ideal{
        [](cute_family const&, symbolic_pow2 const& w) {
            return column_form<symbolic_uint>{w.log.lift(127) >> unit_bytes(w).log, w.log.lift(0)};
        },
        [](cute_instance const&, std::uint64_t w) { return column_form<std::uint64_t>{127u >> unit_log(w), 0}; }};
    prover p(120000);
    auto const upper = prove_figure_bound<cute_family>(p, false, true, figure_widths::both(), ideal);
    REQUIRE(upper.outcome == verdict::refuted);
    CHECK(upper.id == "family.conflict.row+row-chunk.upper");
    auto const& vars = upper.evidence.at("variables");
    REQUIRE(vars.contains("chunk"));
    bool const at_chunk = vars.at("chunk").get<std::uint64_t>() == 1;
    property_result proved;
    proved.outcome = verdict::proved;
    figure_words const text{"stand-in", "stand-in"};
    for (bool chunk : {false, true}) {
        CAPTURE(chunk, at_chunk, upper.evidence_text);
        auto const r = figure_from_lemmas(chunk ? "row-chunk" : "row", chunk, text, &proved, upper, proved);
        CHECK(r.outcome != verdict::proved);
        if (chunk == at_chunk) {
            CHECK(r.outcome == verdict::refuted);
            CHECK(r.evidence.at("wavefronts").get<std::uint64_t>() > r.evidence.at("closed_form").get<std::uint64_t>());
        } else {
            CHECK(r.outcome == verdict::unknown);
            CHECK_THAT(r.reason, Catch::Contains("width, which this figure does not take"));
        }
    }
}
