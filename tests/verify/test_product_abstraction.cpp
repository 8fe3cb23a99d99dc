// The abstraction of products by constants (product_abstraction.hpp): it
// only ever adds models (each of the query's, with q_v = v * odd, is one of
// the abstraction's, checked by evaluation on random values), so an
// unsatisfiable abstraction is a proof; it keeps the relations the
// lowering's identities need (they stay unsatisfiable, and quickly); a
// false identity stays satisfiable; and it leaves alone what it cannot
// abstract exactly.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <string>

#include "product_abstraction.hpp"

using namespace swz::verify;

namespace {

struct query {
    z3::context ctx;
    z3::expr yp = ctx.bv_const("y_period", 64), yi = ctx.bv_const("y_in_period", 64), x = ctx.bv_const("x", 64);
    std::vector<z3::expr> ranges{z3::ult(yp, ctx.bv_val(std::uint64_t(1) << 25, 64)), z3::ult(yi, ctx.bv_val(128, 64)),
                                 z3::ult(x, ctx.bv_val(100000, 64))};
    z3::expr n(std::uint64_t v) { return ctx.bv_val(v, 64); }
    z3::check_result check(std::vector<z3::expr> const& assertions) {
        z3::solver s(ctx);
        for (auto const& a : assertions) s.add(a);
        return s.check();
    }
};

// 200016-byte pitches (odd part 12501, seven 1 bits), 128-row periods.
constexpr std::uint64_t pitch = 100008, period_pitch = 128 * pitch;

}  // namespace

TEST_CASE("abstracted products keep every model of the query", "[verify][abstraction]") {
    query q;
    // Steps of formula.lowering's kind, true and false ones.
    std::vector<z3::expr> const formulas{
        z3::udiv(q.yp * q.n(period_pitch) + q.yi * q.n(pitch) + q.x, q.n(128)) !=
            q.yp * q.n(pitch) + z3::lshr(q.yi * q.n(pitch) + q.x, q.n(7)),
        (q.yp * q.n(period_pitch) + q.yi * q.n(pitch) + q.x ^ q.n(0x70)) ==
            q.yp * q.n(period_pitch) + (q.yi * q.n(pitch) + q.x ^ q.n(0x70)),
        z3::lshr(q.yp * q.n(3 * pitch) + q.yi * q.n(5 * pitch), q.n(3)) == q.x * q.n(7),
        z3::ult(q.yp * q.n(period_pitch), q.n(std::uint64_t(1) << 40))};
    std::mt19937_64 rng(7);
    for (auto const& f : formulas) {
        auto const abstracted = abstract_products({f}, q.ranges);
        REQUIRE(abstracted);
        for (int i = 0; i < 200; ++i) {
            std::uint64_t const yp = rng() % (std::uint64_t(1) << 25), yi = rng() % 128, x = rng() % 100000;
            z3::expr_vector from(q.ctx), to(q.ctx);
            for (auto const& [v, value] : {std::pair{q.yp, yp}, {q.yi, yi}, {q.x, x}}) from.push_back(v), to.push_back(q.n(value));
            // Each q_v (named v_times_K, K the odd part of v's constants) set to v * K.
            std::map<std::string, std::uint64_t> const values{{"y_period", yp}, {"y_in_period", yi}, {"x", x}};
            int set = 0;
            for (auto const& a : *abstracted) {
                if (!a.is_app() || a.decl().decl_kind() != Z3_OP_ULEQ || !a.arg(0).is_const()) continue;
                std::string const name = a.arg(0).decl().name().str();
                auto const at = name.find("_times_");
                REQUIRE(at != std::string::npos);
                std::uint64_t const k = std::stoull(name.substr(at + 7));
                CHECK(k % 2 == 1);
                from.push_back(a.arg(0));
                to.push_back(q.ctx.bv_val(values.at(name.substr(0, at)) * k, a.arg(0).get_sort().bv_size()));
                ++set;
            }
            REQUIRE(set >= 1);
            bool const original = z3::expr(f).substitute(from, to).simplify().is_true();
            bool all = true;
            for (auto a : *abstracted) all = all && a.substitute(from, to).simplify().is_true();
            bool ranges = true;
            for (auto r : q.ranges) ranges = ranges && r.substitute(from, to).simplify().is_true();
            REQUIRE(ranges);
            CHECK(all == original);  // every constraint of the abstraction holds exactly where the query's does
        }
    }
}

TEST_CASE("abstracted lowering identities stay proved, false ones refuted", "[verify][abstraction]") {
    query q;
    auto const b = q.yi * q.n(pitch) + q.x;
    // (P*128 + B) / 128 = P + B / 128: the step that took Z3 385 ms as written.
    auto const division = z3::udiv(q.yp * q.n(period_pitch) + b, q.n(128)) != q.yp * q.n(pitch) + z3::lshr(b, q.n(7));
    // An XOR below 2^7 passes a multiple of 2^7 through: 1.1 s as written.
    auto const low = q.n(0x50);
    auto const xor_step = (q.yp * q.n(period_pitch) + b ^ low) != q.yp * q.n(period_pitch) + (b ^ low);
    // Constants an odd factor apart share q_v through their gcd's odd part.
    auto const sum = z3::lshr((q.yp * q.n(3 * pitch)) * q.n(5), q.n(1)) != z3::lshr((q.yp * q.n(5 * pitch)) * q.n(3), q.n(1));
    for (auto const& f : {division, xor_step, sum}) {
        auto const a = abstract_products({f}, q.ranges);
        REQUIRE(a);
        CHECK(q.check(*a) == z3::unsat);
    }
    // Off by one row of 128: satisfiable as written, and abstracted.
    auto const wrong = z3::udiv(q.yp * q.n(period_pitch) + b, q.n(128)) != q.yp * q.n(pitch) + z3::lshr(b, q.n(6));
    auto const a = abstract_products({wrong}, q.ranges);
    REQUIRE(a);
    CHECK(q.check(*a) == z3::sat);
    std::vector<z3::expr> as_written{wrong};
    as_written.insert(as_written.end(), q.ranges.begin(), q.ranges.end());
    CHECK(q.check(as_written) == z3::sat);
}

TEST_CASE("nothing is abstracted that the abstraction would cut loose", "[verify][abstraction]") {
    query q;
    // A variable met outside its products keeps them: y_period + y_period * c.
    CHECK_FALSE(abstract_products({q.yp + q.yp * q.n(pitch) != q.x}, q.ranges));
    // Constants of two 1 bits (4097 = 2^12 + 1) are two adders, left as they are.
    CHECK_FALSE(abstract_products({q.yp * q.n(4097 * 128) != q.yp * q.n(4097)}, q.ranges));
    // Sums and products alone: the simplifier collects their monomials as written.
    CHECK_FALSE(abstract_products({(q.yp * q.n(period_pitch) + q.yi) * q.n(pitch) !=
                                   q.yp * q.n(period_pitch * pitch) + q.yi * q.n(pitch)}, q.ranges));
    // Powers of two are shifts.
    CHECK_FALSE(abstract_products({q.yp * q.n(1024) != q.x}, q.ranges));
    // A variable without a range constraint has no bound to give q_v.
    z3::expr const free = q.ctx.bv_const("free", 64);
    CHECK_FALSE(abstract_products({free * q.n(pitch) != q.x}, q.ranges));
}
