// The guards that keep a wrong solver answer from becoming a proof, each
// tested by injecting the fault it guards against (prover.hpp's
// scoped_fault): a solver that answers unknown, a model that does not replay
// (a counterexample, a figure search step, a final witness), a figure search
// whose encoding is deliberately wrong, a solver whose own timer is lost.
// Each must end UNKNOWN, exit 5, never PROVED (issue 11: five mutants of
// these guards survived every other test).
#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <cstdint>
#include <set>

#include "agreement.hpp"
#include "certify.hpp"
#include "conflict_bound.hpp"
#include "exact_figure.hpp"
#include "exit_codes.hpp"
#include "layout_properties.hpp"
#include "prover.hpp"
#include "query_support.hpp"
#include "support/enumerate.hpp"
#include "swz/xor_swizzle.hpp"
#include "access_spec.hpp"

using namespace swz;
using namespace swz::verify;
using swz::testing::by_id;
using fault = injected_fault::kind;

namespace {

layout_params const nx64_tc16{64, 4, 16};  // every property holds; column reads cost 4 wavefronts

// The solver decides every figure here (not enumeration), so every guard
// on its answers is exercised.
certificate certified(layout_params const& l, std::uint64_t rows, unsigned timeout_ms = 10000) {
    certify_options o;
    o.timeout_ms = timeout_ms;
    o.figures = figure_method::smt;
    return certify(article_subject(l, rows), o);
}

// The results that are not UNKNOWN are what a fault-free run gives: the
// fault changed only what it was aimed at.
void require_only_unknown(certificate const& c, std::set<std::string> const& ids) {
    for (auto const& r : c.results) {
        CAPTURE(r.id, r.reason);
        if (!r.applicable) continue;
        if (ids.count(r.id)) CHECK(r.outcome == verdict::unknown);
        else if (r.section != "article") CHECK(r.outcome == verdict::proved);
    }
}

swz::testing::concrete_tile article_tile(layout_params const& l, std::uint64_t rows) {
    return swz::testing::concrete_of(article_subject(l, rows), rows);
}

bool enumerated_bijection_of(layout_params const& l, std::uint64_t rows) {
    return swz::testing::enumerated_bijection(article_tile(l, rows));
}

// A query no solver settles in a test's time: a 128-bit product of the two
// largest primes below 2^64, with its only factorizations excluded (unsat;
// Z3 4.8.12 gives up after 60 s). The 64-bit analogue took Z3 3 s.
std::vector<z3::expr> hard_query(prover& p) {
    auto& c = p.ctx();
    char const* const a = "18446744073709551557";
    char const* const product = "340282366920938460843936948965011886881";  // a * 18446744073709551533
    z3::expr const x = c.bv_const("factor_x", 128), y = c.bv_const("factor_y", 128);
    z3::expr const limit = c.bv_val("18446744073709551616", 128);  // 2^64
    return {x * y == c.bv_val(product, 128), z3::ugt(x, c.bv_val(1, 128)), z3::ugt(y, c.bv_val(1, 128)),
            z3::ult(x, limit), z3::ult(y, limit), x != c.bv_val(a, 128), y != c.bv_val(a, 128)};
}

}  // namespace

TEST_CASE("a solver that answers unknown never yields PROVED", "[verify][guards]") {
    // Every query of a layout whose properties all hold answers unknown:
    // nothing may be proved, and the exit is 5.
    scoped_fault const f({fault::answer_unknown, ""});
    auto const c = certified(nx64_tc16, 512);
    CHECK(f.hits() > 10);
    for (auto const& r : c.results) {
        CAPTURE(r.id, r.reason);
        if (r.applicable) CHECK(r.outcome == verdict::unknown);
    }
    CHECK(exit_code_for(c.results) == exit_unknown);
}

TEST_CASE("each property answered unknown is UNKNOWN with the solver's reason", "[verify][guards]") {
    auto const t = article_subject(nx64_tc16, 512);
    using prove_fn = std::function<property_result(prover&, layout_subject const&)>;
    for (auto const& [id, prove] : std::vector<std::pair<std::string, prove_fn>>{
             {"formula.lowering", [](prover& p, layout_subject const& s) { return prove_lowering(p, s); }},
             // The query, not the evaluation of every cell (exhaust).
             {"bijection", [](prover& p, layout_subject const& s) { return prove_bijection(p, s, 0, false, false); }},
             {"row_permutation", [](prover& p, layout_subject const& s) { return prove_row_permutation(p, s); }},
             {"chunk_integrity", [](prover& p, layout_subject const& s) { return prove_chunk_integrity(p, s); }},
             {"involution", [](prover& p, layout_subject const& s) { return prove_involution(p, s, true); }}}) {
        CAPTURE(id);
        scoped_fault const f({fault::answer_unknown, id});
        prover p(10000);
        auto const r = prove(p, t);
        CHECK(f.hits() >= 1);
        CHECK(r.outcome == verdict::unknown);
        CHECK_THAT(r.reason, Catch::Contains("injected fault: the solver answers unknown"));
    }
}

TEST_CASE("a 1 ms budget on a layout that is not a bijection never proves it one", "[verify][guards]") {
    // Issue 11's reproduction, without any injected fault: with the prover
    // taking Z3's `unknown` for `unsat`, this printed bijection,
    // row_permutation and involution PROVED. The enumeration says all three are false.
    layout_params const l{96, 2, 4};
    auto const t = article_tile(l, 1000);
    REQUIRE_FALSE(swz::testing::enumerated_bijection(t));
    REQUIRE_FALSE(swz::testing::enumerated_row_permutation(t));
    REQUIRE_FALSE(swz::testing::enumerated_involution(t, true));
    auto const r = by_id(certified(l, 1000, 1));
    for (auto const* id : {"bijection", "row_permutation", "involution"}) {
        CAPTURE(id, r.at(id).reason);
        CHECK(r.at(id).outcome != verdict::proved);
    }
}

TEST_CASE("an UNKNOWN reported figure alone makes the exit 5", "[verify][guards]") {
    // conflict.column is a figure that does not count (no --require-conflict-free):
    // still, a figure without an answer is not a result, and the exit says so.
    CHECK(exit_code_for(certified(nx64_tc16, all_32bit_rows).results) == exit_ok);  // without the fault
    scoped_fault const f({fault::answer_unknown, "conflict.column."});
    auto const c = certified(nx64_tc16, all_32bit_rows);
    CHECK(f.hits() >= 1);
    auto const r = by_id(c);
    REQUIRE(r.at("conflict.column").counts == weight::report);
    require_only_unknown(c, {"conflict.column"});
    CHECK(exit_code_for(c.results) == exit_unknown);
}

TEST_CASE("a counterexample that does not replay is UNKNOWN, not REFUTED", "[verify][guards]") {
    // The solver claims each layout property false, with a model (every
    // variable 0) that the concrete model shows is no counterexample.
    for (auto const* id : {"bijection", "row_permutation", "chunk_integrity", "involution"}) {
        CAPTURE(id);
        scoped_fault const f({fault::answer_sat, id, {}});
        auto const c = certified(nx64_tc16, 512);
        CHECK(f.hits() >= 1);
        auto const r = by_id(c).at(id);
        CHECK(r.outcome == verdict::unknown);
        CHECK_THAT(r.reason, Catch::Contains("does not replay through the concrete model"));
        require_only_unknown(c, {id});
        CHECK(exit_code_for(c.results) == exit_unknown);
    }
}

TEST_CASE("an illegal access that does not replay is UNKNOWN, not REFUTED", "[verify][guards]") {
    // Start 0 of 16-byte chunk reads is aligned: a solver claiming otherwise is wrong.
    scoped_fault const f({fault::answer_sat, "conflict.row-chunk.legality", {{"v0.s", 0}}});  // solver_symbol's names
    auto const c = certified(nx64_tc16, all_32bit_rows);
    CHECK(f.hits() >= 1);
    auto const r = by_id(c).at("conflict.row-chunk");
    CHECK(r.outcome == verdict::unknown);
    CHECK_THAT(r.reason, Catch::Contains("does not replay"));
    CHECK(exit_code_for(c.results) == exit_unknown);
}

TEST_CASE("a figure search step whose model does not replay is UNKNOWN", "[verify][guards]") {
    // Column reads cost 4 wavefronts at most. The solver claims, twice (the
    // incremental core and then the one-shot solver it is asked again
    // with), that some start costs 5, with the start y0 = 0, x = 0, which
    // costs 4.
    scoped_fault const f({fault::answer_sat, "conflict.column.at_least_5", {{"v0.y0", 0}, {"v1.c", 0}}, 2});
    auto const c = certified(nx64_tc16, all_32bit_rows);
    CHECK(f.hits() == 2);
    auto const r = by_id(c).at("conflict.column");
    CHECK(r.outcome == verdict::unknown);
    CHECK_THAT(r.reason, Catch::Contains("has 4 wavefronts in the concrete model, not at least 5"));
    require_only_unknown(c, {"conflict.column"});
    CHECK(exit_code_for(c.results) == exit_unknown);
}

TEST_CASE("a figure search step whose model does not replay once is decided by the one-shot solver", "[verify][guards]") {
    // The incremental core's false sat, once: the one-shot solver asked the
    // same query answers unsat, which is the figure's proof.
    scoped_fault const f({fault::answer_sat, "conflict.column.at_least_5", {{"v0.y0", 0}, {"v1.c", 0}}, 1});
    auto const c = certified(nx64_tc16, all_32bit_rows);
    CHECK(f.hits() == 1);
    auto const r = by_id(c).at("conflict.column");
    CHECK(r.outcome == verdict::proved);
    REQUIRE(r.fig.has_value());
    CHECK(r.fig->value == 4);
}

TEST_CASE("a final witness the solver does not confirm is UNKNOWN", "[verify][guards]") {
    // The search proves "at least 5" impossible; the witness query for 4 then answers unknown.
    scoped_fault const f({fault::answer_unknown, "conflict.column.at_least_4"});
    auto const c = certified(nx64_tc16, all_32bit_rows);
    CHECK(f.hits() >= 1);
    auto const r = by_id(c).at("conflict.column");
    CHECK(r.outcome == verdict::unknown);
    CHECK_THAT(r.reason, Catch::Contains("the witness query 'at least 4 wavefronts' was not confirmed"));
    CHECK_FALSE(r.fig.has_value());
    CHECK(exit_code_for(c.results) == exit_unknown);
}

namespace {

// A figure small enough to enumerate: y in 0..15, the figure at y is y % 4,
// so the exact maximum is 3 (at y = 3, 7, 11, 15).
struct toy_figure {
    prover p{10000};
    std::vector<bounded_variable> vars = make_variables(p.fast(), {{"y", 16}});
    unsigned at(std::vector<std::uint64_t> const& s) const { return unsigned(s[0] % 4); }
    z3::expr honest(unsigned k) { return z3::uge((vars[0].value % 4u).expr(), p.ctx().bv_val(k, prover::value_width)); }
    figure_search search(std::function<z3::expr(unsigned)> reaches) {
        return {"toy", "units", true, std::move(reaches), [this](auto const& s) { return at(s); }, std::nullopt};
    }
};

}  // namespace

TEST_CASE("a figure search with an honest encoding finds the enumerated maximum", "[verify][guards]") {
    toy_figure t;
    auto const r = find_exact_figure(t.p, t.vars, t.search([&](unsigned k) { return t.honest(k); }));
    REQUIRE(r.found);
    CHECK(r.value == 3);
    CHECK(t.at(r.witness) == 3);
}

TEST_CASE("a figure search whose encoding is deliberately wrong ends unknown, not with a figure", "[verify][guards]") {
    toy_figure t;
    // Wrong: "some y reaches 4" is claimed at y = 8 (whose figure is 0), "some y
    // reaches 1" is claimed impossible, and anything reaches 0. Believed, it
    // would "prove" a maximum of 0, witnessed by y = 8.
    auto const wrong = [&](unsigned k) {
        auto& c = t.p.ctx();
        if (k == 0) return c.bool_val(true);
        if (k == 4) return t.vars[0].value.expr() == c.bv_val(8u, prover::value_width);
        return c.bool_val(false);
    };
    auto const r = find_exact_figure(t.p, t.vars, t.search(wrong));
    CHECK_FALSE(r.found);
    CHECK_THAT(r.reason, Catch::Contains("the solver's start (y = 8) has 0 units in the concrete model, not at least 4"));
}

TEST_CASE("a final witness whose model does not replay ends unknown", "[verify][guards]") {
    toy_figure t;
    // The honest search proves "at least 4" impossible; the witness query for 3
    // (pinned to a start of figure 3) then answers sat with y = 1, of figure 1.
    scoped_fault const f({fault::answer_sat, "toy.at_least_3", {{"y", 1}}});
    auto const r = find_exact_figure(t.p, t.vars, t.search([&](unsigned k) { return t.honest(k); }));
    CHECK(f.hits() == 1);
    CHECK_FALSE(r.found);
    CHECK_THAT(r.reason, Catch::Contains("the witness query 'at least 3 units' was not confirmed (no replay)"));
}

TEST_CASE("the watchdog ends a query whose solver lost its own timer", "[verify][guards][watchdog]") {
    auto const limit = std::chrono::milliseconds(100 + prover::watchdog_margin_ms);
    auto const slack = std::chrono::milliseconds(1000);  // scheduling on a loaded 2-core machine
    prover p(100);
    SECTION("with Z3's timer, Z3 stops it") {
        auto const t0 = std::chrono::steady_clock::now();
        auto const r = p.check("factor", hard_query(p));
        CHECK(std::chrono::steady_clock::now() - t0 < limit + slack);
        CHECK(r.result == answer::unknown);
    }
    SECTION("without it, the watchdog does, and the prover still answers afterwards") {
        scoped_fault const f({fault::ignore_time_limit, "factor"});
        auto const t0 = std::chrono::steady_clock::now();
        auto const r = p.check("factor", hard_query(p));
        auto const took = std::chrono::steady_clock::now() - t0;
        CHECK(f.hits() == 1);
        CHECK(took >= std::chrono::milliseconds(100));
        CHECK(took < limit + slack);
        CHECK(r.result == answer::unknown);
        CHECK_THAT(r.reason, Catch::Contains("stopped by swz's watchdog at 300 ms"));
        // The interrupt was for that query only.
        auto const x = p.ctx().bv_const("x", 64);
        auto const next = p.check("easy", {x + 1 == 3});
        CHECK(next.result == answer::sat);
    }
}

TEST_CASE("a whole layout whose solver lost every timer still ends, nothing false proved", "[verify][guards][watchdog]") {
    // Issue 11's hang was NX = 96 half-precision elements; their queries now
    // end in milliseconds (counterexamples come from replaying the first
    // cases), so this takes a layout whose proofs are slow: 1000 one-byte
    // elements a row, over every 32-bit row, far beyond a 50 ms budget
    // (formula.lowering and bijection each take 0.3-0.5 s with their timers).
    layout_params const l{1000, 1, 1};
    REQUIRE_FALSE(enumerated_bijection_of(l, 1000));  // false on 1000 rows, so on every 32-bit row
    scoped_fault const f({fault::ignore_time_limit, ""});
    auto const t0 = std::chrono::steady_clock::now();
    auto const c = certified(l, all_32bit_rows, 50);
    double const took = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(f.hits() > 10);
    CHECK(took < 60);
    auto const r = by_id(c);
    bool watchdog = false;
    for (auto const& [id, res] : r) watchdog |= res.reason.find("watchdog") != std::string::npos;
    CHECK(watchdog);
    for (auto const* id : {"bijection", "row_permutation", "involution"}) CHECK(r.at(id).outcome != verdict::proved);
    CHECK(exit_code_for(c.results) != exit_ok);
}

TEST_CASE("a division of a scaled operand narrowed below it fails formula.lowering, the identity shortcut included",
          "[verify][guards]") {
    // The identity shortcut takes A = 2x too, alone (2x / 779) or what is
    // left once the fast lowering splits off a multiple of the divisor
    // ((1558 y + 2x) / 779 = 2y + 2x / 779): a bound that lies (x below
    // 4000, said to be at most 1000) narrows the divider's operand below
    // 2x, and the step must fail; the true bound keeps it, and it must hold.
    using operation = std::function<symbolic_uint(symbolic_uint const&, symbolic_uint const&)>;
    prover p(10000);
    auto const x = symbolic_uint::variable(p.fast(), "x", 4000);
    auto const y = symbolic_uint::variable(p.fast(), "y", 16);
    for (auto const& [name, op] : std::vector<std::pair<char const*, operation>>{
             {"2x / 779", [](symbolic_uint const&, symbolic_uint const& u) { return (u * 2u) / 779u; }},
             {"2x % 779", [](symbolic_uint const&, symbolic_uint const& u) { return (u * 2u) % 779u; }},
             {"(1558y + 2x) / 779", [](symbolic_uint const& v, symbolic_uint const& u) { return (v * 1558u + u * 2u) / 779u; }},
             {"(1558y + 2x) % 779", [](symbolic_uint const& v, symbolic_uint const& u) { return (v * 1558u + u * 2u) % 779u; }}})
        for (std::uint64_t max : {std::uint64_t{1000}, std::uint64_t{3999}}) {
            CAPTURE(name, max);
            symbolic_uint const v(p.fast(), x.expr(), max);
            auto const steps = op(y.under(p.literal()), v.under(p.literal())).stepwise_differences(op(y, v));
            REQUIRE(steps);
            bool any_sat = false;
            for (auto const& s : *steps)
                any_sat = any_sat || p.check("formula.lowering", {s, x < 4000, y < 16}).result == answer::sat;
            CHECK(any_sat == (max == 1000));
        }
}

TEST_CASE("a formula that computes something else under the fast lowering is never PROVED", "[verify][guards]") {
    // Every operation of the fast form is right, each step's obligation
    // holds: only the comparison with the fast lowering's own run of the
    // formula sees that it adds a term the formula as written does not.
    // NX = 40: divisions by 40, on 64 rows and on every 32-bit row.
    for (std::uint64_t rows : {std::uint64_t{64}, all_32bit_rows}) {
        CAPTURE(rows);
        auto t = article_subject(layout_params{40, 4, 4}, rows);
        {
            prover p(10000);
            auto const ok = prove_lowering(p, t);
            CHECK(ok.outcome == verdict::proved);
            CHECK(ok.method.empty());  // one query over every cell
        }
        auto const right = t.symbolic_offset;
        t.symbolic_offset = [right](symbolic_uint const& y, symbolic_uint const& x) {
            auto const o = right(y, x);
            return y.rewrites() ? o ^ ((x / 39) * 8) : o;
        };
        prover p(10000);
        auto const r = prove_lowering(p, t);
        CAPTURE(r.reason);
        CHECK(r.outcome != verdict::proved);
    }
}

TEST_CASE("an operation whose fast form is wrong fails its own step of formula.lowering", "[verify][guards]") {
    // A bound that lies (x is asserted below 1000, said to be at most 7)
    // makes the fast lowering divide x's low 3 bits only, or take x ^ 8 for
    // x + 8. Both runs compute the same operation on the same value, so
    // their results agree as expressions: only the operation's own
    // obligation can tell.
    using operation = std::function<symbolic_uint(symbolic_uint const&)>;
    prover p(10000);
    auto const x = symbolic_uint::variable(p.fast(), "x", 1000);
    for (auto const& [name, op] : std::vector<std::pair<char const*, operation>>{
             {"/ 10", [](symbolic_uint const& u) { return u / 10u; }},
             {"% 10", [](symbolic_uint const& u) { return u % 10u; }},
             {"/ 40", [](symbolic_uint const& u) { return u / 40u; }},
             {"% 40", [](symbolic_uint const& u) { return u % 40u; }},
             {"^ 8", [](symbolic_uint const& u) { return u ^ 8u; }}})
        for (std::uint64_t max : {std::uint64_t{7}, std::uint64_t{999}}) {
            CAPTURE(name, max);
            symbolic_uint const v(p.fast(), x.expr(), max);
            auto const difference = op(v.under(p.literal())).stepwise_difference(op(v));
            REQUIRE(difference);
            auto const out = p.check("formula.lowering", {*difference, x < 1000});
            CHECK(out.result == (max == 999 ? answer::unsat : answer::sat));
        }
}

TEST_CASE("a division by a constant narrowed below its operand fails formula.lowering, the identity shortcut included",
          "[verify][guards]") {
    // symbolic_uint::equal_sums states x = c*(E udiv c) + (E urem c) as
    // x < 2^k, E being x's low k bits: a bound that lies (x below 4000, said
    // to be at most 1000) narrows E to 10 bits, and the step must fail;
    // the true bound keeps all 12 bits, and it must hold.
    using operation = std::function<symbolic_uint(symbolic_uint const&)>;
    prover p(10000);
    auto const x = symbolic_uint::variable(p.fast(), "x", 4000);
    for (auto const& [name, op] : std::vector<std::pair<char const*, operation>>{
             {"/ 779", [](symbolic_uint const& u) { return u / 779u; }},
             {"% 779", [](symbolic_uint const& u) { return u % 779u; }},
             {"/ 1000", [](symbolic_uint const& u) { return u / 1000u; }}})
        for (std::uint64_t max : {std::uint64_t{1000}, std::uint64_t{3999}}) {
            CAPTURE(name, max);
            symbolic_uint const v(p.fast(), x.expr(), max);
            auto const steps = op(v.under(p.literal())).stepwise_differences(op(v));
            REQUIRE(steps);
            bool any_sat = false;
            for (auto const& s : *steps) any_sat = any_sat || p.check("formula.lowering", {s, x < 4000}).result == answer::sat;
            CHECK(any_sat == (max == 1000));
        }
}
