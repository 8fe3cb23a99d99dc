// The article family's conflict figures as closed forms
// (verify/family/article_figure_forms.hpp): each form equals, on every
// small power-of-two instance, the worst case that enumerating every start
// of every built-in access finds (tests/support/enumerate.hpp), and the
// family mode proves them over the whole family, refuting a wrong form.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "agreement.hpp"
#include "certify.hpp"
#include "family/article_family_figures.hpp"
#include "family/article_figure_forms.hpp"
#include "family/certify_family.hpp"
#include "support/enumerate.hpp"
#include "swz/pow2.hpp"

using namespace swz;
using namespace swz::verify;

namespace {

std::uint64_t unit_log(std::uint64_t width) { return log2_floor(width < 4 ? 4 : width); }

}  // namespace

TEST_CASE("the family's closed forms are the worst case enumeration finds on every small instance", "[verify][family][exhaustive]") {
    unsigned instances = 0;
    for (unsigned n = 0; n <= 7; ++n)
        for (unsigned e = 0; e <= 4; ++e)
            for (unsigned t = e; t <= n + e; ++t) {
                layout_params const l{1u << n, 1u << e, 1u << t};
                // Rows enough for every start of one period and the 32 rows after it.
                std::uint64_t const rows = std::max<std::uint64_t>(64, (std::uint64_t(1) << (n + e - t)) + 32);
                auto const t_ = swz::testing::concrete_of(article_subject(l, rows), rows);
                CAPTURE(l.nx, l.elem, l.tc, rows);
                std::uint64_t const r = n + e;
                auto const column = enumerated_worst_wavefronts(t_, "column");
                REQUIRE(column.applicable);
                CHECK(column.worst == column_wavefronts<std::uint64_t>(r, t, unit_log(l.elem)));
                CHECK(column.first_worst == 0);  // at y0 = 0, c = 0
                auto const row = enumerated_worst_wavefronts(t_, "row");
                if (row.applicable) CHECK(row.worst == row_wavefronts<std::uint64_t>(unit_log(l.elem)));
                if (l.tc <= 16) {
                    auto const chunk_column = enumerated_worst_wavefronts(t_, "column-chunk");
                    REQUIRE(chunk_column.applicable);
                    CHECK(chunk_column.worst == column_wavefronts<std::uint64_t>(r, t, unit_log(l.tc)));
                    auto const chunk_row = enumerated_worst_wavefronts(t_, "row-chunk");
                    if (chunk_row.applicable) CHECK(chunk_row.worst == row_wavefronts<std::uint64_t>(unit_log(l.tc)));
                }
                ++instances;
            }
    CHECK(instances == 180);  // (n + 1) values of t for each n <= 7, for each of the 5 elements
}

TEST_CASE("the family proves each built-in access's closed form over every power-of-two layout", "[verify][family]") {
    auto const c = swz::testing::by_id(certify_family(*family_named("article"), 120000).results);
    for (char const* id : {"family.conflict.row", "family.conflict.row-chunk", "family.conflict.column", "family.conflict.column-chunk"}) {
        CAPTURE(id);
        auto const& r = c.at(id);
        CHECK(r.outcome == verdict::proved);
        CHECK(r.counts == weight::gate);
        CHECK_FALSE(r.method.empty());
    }
}

TEST_CASE("a wrong closed form of the column figure is refuted on the instance and start that break it", "[verify][family]") {
    prover p(120000);
    auto const right = the_column_form();
    // Too few conflicts: every low row bit spreads, so every column access
    // would be conflict-free. Refuted by the upper lemma, with a warp that
    // costs more than 1.
    column_form_choice const ideal{
        [right](symbolic_uint const& r, symbolic_uint const& t, symbolic_uint const& u) {
            auto f = right.symbolic(r, t, u);
            return column_form<symbolic_uint>{f.spread | f.free, f.free ^ f.free};
        },
        [right](std::uint64_t r, std::uint64_t t, std::uint64_t u) {
            auto f = right.concrete(r, t, u);
            return column_form<std::uint64_t>{f.spread | f.free, 0};
        }};
    auto const too_few = prove_family_column_figure(p, false, ideal);
    REQUIRE(too_few.outcome == verdict::refuted);
    CAPTURE(too_few.evidence_text);
    std::uint64_t const cost = too_few.evidence.at("wavefronts"), claimed = too_few.evidence.at("closed_form");
    CHECK(cost > claimed);
    // Independently, on the instance it names: every start enumerated.
    auto const& v = too_few.evidence.at("variables");
    layout_params const l{1u << v.at("log2_nx").get<unsigned>(), 1u << v.at("log2_elem").get<unsigned>(),
                          1u << v.at("log2_tc").get<unsigned>()};
    std::uint64_t const rows = std::max<std::uint64_t>(64, l.row_bytes() / l.tc + 32);
    auto const worst = enumerated_worst_wavefronts(swz::testing::concrete_of(article_subject(l, rows), rows), "column");
    CHECK(worst.worst > claimed);

    // Too many: the XOR's share dropped, as if the swizzle never spread
    // rows. Refuted by the lower lemma at y0 = 0, c = 0, where the warp
    // costs less than the form says.
    column_form_choice const no_xor{
        [](symbolic_uint const& r, symbolic_uint const&, symbolic_uint const& u) {
            auto const line = r.lift(127);
            auto const low = line >> u;
            auto const spread = (line >> r) & low;
            return column_form<symbolic_uint>{spread, low ^ spread};
        },
        [](std::uint64_t r, std::uint64_t, std::uint64_t u) {
            std::uint64_t const low = 127 >> u, spread = (127 >> r) & low;
            return column_form<std::uint64_t>{spread, low ^ spread};
        }};
    auto const too_many = prove_family_column_figure(p, false, no_xor);
    REQUIRE(too_many.outcome == verdict::refuted);
    CAPTURE(too_many.evidence_text);
    std::uint64_t const at_zero = too_many.evidence.at("wavefronts"), too_high = too_many.evidence.at("closed_form");
    CHECK(at_zero < too_high);
    CHECK(too_many.evidence.at("start") == nlohmann::json::array({0, 0}));
}
