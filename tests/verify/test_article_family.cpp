// swz-verify --family article: the family's verdicts, the article's last
// line refuted at the smallest parameters and replayed, and the family's
// symbolic offset (the model's template on symbolic powers of two) equal to
// each instance's concrete offset on every cell of small instances.
#include <catch2/catch.hpp>

#include <string>

#include "agreement.hpp"
#include "family/article_family_params.hpp"
#include "family/certify_family.hpp"
#include "prover.hpp"

using namespace swz;
using namespace swz::verify;

TEST_CASE("every layout of the article's power-of-two family is a bijection, an involution and keeps its chunks", "[verify][family]") {
    auto const c = swz::testing::by_id(certify_family(*family_named("article"), 120000).results);
    for (char const* id : {"family.bijection", "family.row_permutation", "family.chunk_integrity", "family.involution",
                           "family.article.closed_form"}) {
        CAPTURE(id);
        CHECK(c.at(id).outcome == verdict::proved);
    }
    // The article's last line drops "% NX": wrong already at the smallest
    // parameters the solver's canonical order reaches, row 1, x = 0.
    auto const& last = c.at("family.article.final_form");
    CHECK(last.outcome == verdict::refuted);
    CHECK(last.counts == weight::report);
    REQUIRE(last.evidence.contains("layout"));
    CHECK(last.evidence.at("layout") == "article:nx=2,elem=1,tc=2");
    // Independently: NX = 2 bytes, TC = 2: one chunk per row, so x_swz = x,
    // while the last line gives ((y % 2) ^ 0) * 2 + 0 = 2 at row 1, x = 0.
    CHECK(last.evidence.at("x_swz") == 0);
    CHECK(last.evidence.at("claimed") == 2);
}

TEST_CASE("the family's symbolic offset is each small instance's offset on every cell", "[verify][family][exhaustive]") {
    prover p(10000);
    article_family const f(p.fast());
    auto const& v = f.parameter_variables();
    z3::context& ctx = p.ctx();
    auto const y = symbolic_uint::variable(p.fast(), "y", 1 << 8), x = symbolic_uint::variable(p.fast(), "x", 1 << 8);
    z3::expr offset = f.offset(y, x).expr();
    unsigned instances = 0;
    for (unsigned n = 0; n <= 4; ++n)
        for (unsigned e = 0; e <= 4; ++e)
            for (unsigned t = e; t <= n + e; ++t) {
                auto const i = family_instance::of({n, e, t, 8});
                REQUIRE(i);
                ++instances;
                for (std::uint64_t row = 0; row < 8; ++row)
                    for (std::uint64_t col = 0; col < i->nx(); ++col) {
                        z3::expr_vector from(ctx), to(ctx);
                        for (auto const& [var, value] : {std::pair{v[0].value.expr(), std::uint64_t(n)}, {v[1].value.expr(), e},
                                                          {v[2].value.expr(), t}, {y.expr(), row}, {x.expr(), col}}) {
                            from.push_back(var);
                            to.push_back(ctx.bv_val(value, prover::value_width));
                        }
                        std::uint64_t got = 0;
                        REQUIRE(offset.substitute(from, to).simplify().is_numeral_u64(got));
                        CAPTURE(i->spec(), row, col);
                        CHECK(got == i->offset(row, col));
                    }
            }
    CHECK(instances == 75);
}
