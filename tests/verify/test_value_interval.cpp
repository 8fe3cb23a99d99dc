// value_interval (value_interval.hpp): each operator's range holds every
// value uint64_t computes on its operands' ranges, checked on every pair of
// small ranges and on ranges at the top of 64 bits, where sums, products
// and shifts wrap; and a formula's range holds its value at every lane and
// start, by evaluation on integers. Then the box of periods that leaves
// legality to the box where the ranges prove every lane inside: the
// same counterexample as every start of two periods.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "conflict_bound.hpp"
#include "swz/access/lane_formula.hpp"
#include "value_interval.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();

bool holds(value_interval r, std::uint64_t v) { return r.lo <= v && v <= r.hi; }

// Ranges of up to 4 values from a few places on the number line.
std::vector<value_interval> sample_ranges() {
    std::vector<value_interval> out;
    for (std::uint64_t base : {std::uint64_t{0}, std::uint64_t{5}, std::uint64_t{29}, std::uint64_t{1} << 32,
                               top / 3, top - 6, top - 2})
        for (std::uint64_t width = 0; width < 4 && base + width >= base; ++width) out.push_back({base, base + width});
    return out;
}

template <class Op>
void check_operator(char const* name, Op op) {
    for (auto a : sample_ranges())
        for (auto b : sample_ranges()) {
            value_interval const r = op(a, b);
            for (std::uint64_t x = a.lo;; ++x) {
                for (std::uint64_t y = b.lo;; ++y) {
                    CAPTURE(name, a.lo, a.hi, b.lo, b.hi, x, y, r.lo, r.hi);
                    CHECK(holds(r, op(x, y)));
                    if (y == b.hi) break;
                }
                if (x == a.hi) break;
            }
        }
}

}  // namespace

TEST_CASE("each operator's range holds every value it takes on its operands' ranges", "[verify][interval]") {
    check_operator("+", [](auto a, auto b) { return a + b; });
    check_operator("-", [](auto a, auto b) { return a - b; });
    check_operator("*", [](auto a, auto b) { return a * b; });
    check_operator("&", [](auto a, auto b) { return a & b; });
    check_operator("|", [](auto a, auto b) { return a | b; });
    check_operator("^", [](auto a, auto b) { return a ^ b; });
    // Constant right sides: / % << >>, and the others with a constant.
    for (auto a : sample_ranges())
        for (std::uint64_t c : {1, 2, 3, 7, 32, 63, 100}) {
            for (std::uint64_t x = a.lo;; ++x) {
                CAPTURE(a.lo, a.hi, c, x);
                CHECK(holds(a / c, x / c));
                CHECK(holds(a % c, x % c));
                CHECK(holds(a << c, x << c));
                CHECK(holds(a >> c, x >> c));
                CHECK(holds(a + c, x + c));
                CHECK(holds(a - c, x - c));
                CHECK(holds(a * c, x * c));
                CHECK(holds(a & c, x & c));
                CHECK(holds(a | c, x | c));
                CHECK(holds(a ^ c, x ^ c));
                if (x == a.hi) break;
            }
        }
    // Where nothing wraps, the ranges are the exact ones of monotone operators.
    CHECK((value_interval{3, 9} + value_interval{1, 2}).lo == 4);
    CHECK((value_interval{3, 9} * 4).hi == 36);
    CHECK((value_interval{0, 219} % 220).hi == 219);
    CHECK((value_interval{200, 230} % 220).hi == 219);
    CHECK((value_interval{0, 1} - value_interval{0, 1}).hi == top);  // may wrap: every value
}

TEST_CASE("a formula's range holds its value at every lane and start", "[verify][interval]") {
    std::mt19937_64 random(5201);
    for (std::string const text :
         {"byte((lane + r * 33) % 220 * 8 + (r / 7 ^ lane) * 3 - k) for r < 300, k < 4",
          "cell((lane + r * 8) / 220, ((lane + r * 33) % 220) * 8) for r < 500",
          "byte((((lane | r) & 12) << 3) + (lane >> 2) * (r % 9) + 3 - (lane & 1)) for r < 100",
          "cell(r - lane, lane * 4) for r < 40"}) {
        auto const parsed = parse_lane_formula(text, 0);
        REQUIRE(std::holds_alternative<lane_formula>(parsed));
        lane_formula const& f = std::get<lane_formula>(parsed);
        std::vector<value_interval> ranges;
        for (auto const& v : f.variables) ranges.push_back({0, v.count - 1});
        for (std::size_t e = 0; e < f.expressions.size(); ++e) {
            value_interval const r = evaluate(f.expressions[e], value_interval{0, 31}, ranges);
            for (int n = 0; n < 4000; ++n) {
                std::vector<std::uint64_t> s;
                for (auto const& v : f.variables) s.push_back(random() % v.count);
                std::uint64_t const lane = random() % 32;
                CAPTURE(text, e, lane, s);
                CHECK(holds(r, evaluate(f.expressions[e], lane, s)));
            }
        }
    }
}

TEST_CASE("where the ranges prove every lane inside, the box of periods finds the first misaligned start",
          "[verify][interval][start-period]") {
    // Rows of 132 bytes: ld.8 is aligned where row + column is even, and the
    // column is odd for r in [140000, 210000) of every 210000. The move by
    // 210000 rows' worth is no exact repeat (rows move), so legality was the
    // solver's; the ranges now prove every lane inside, and the box its
    // alignment: the smallest misaligned start, as every start of two
    // periods has it.
    // More starts than are enumerated before the solver (2^20).
    auto const t = parsed_layout("pad:4", std::uint64_t{1} << 23, 128, 4);
    std::string const body = "ld.8:cell(2 * r + 2 * (lane / 2), (lane % 2) * 2 + (r / 70000) % 3 / 2) for r < ";
    auto const a = std::get<access_subject>(access_on(body + "3000000", t));
    REQUIRE(a.inside_everywhere);
    CHECK(a.inside_everywhere());
    prover p(10000);
    auto const r = prove_conflict_bound(p, a, false);
    CAPTURE(r.method, r.reason);
    REQUIRE(r.outcome == verdict::refuted);
    CHECK_THAT(r.method, Catch::Contains("every lane inside the tile by the ranges of the formula's values"));
    prover q(20000);
    auto const prefix =
        prove_conflict_bound(q, std::get<access_subject>(access_on(body + "420000", t)), false, figure_method::exhaustion);
    REQUIRE(prefix.outcome == verdict::refuted);
    CHECK(r.reason == prefix.reason);
    CHECK(r.evidence == prefix.evidence);
    // A formula whose lanes leave the tile is not proved inside.
    auto const out = std::get<access_subject>(access_on(body + "5000000", t));
    CHECK_FALSE(out.inside_everywhere());
}

TEST_CASE("an enumeration in a variable's steps finds what a walk of every start finds", "[verify][interval][start-period]") {
    // The formula reads r only as r / 24 (or r >> 3): the access at r is the
    // one at r rounded down, so the figure, its first worst start and the
    // first illegal start are those of every start.
    auto const t = parsed_layout("article:nx=1613,elem=8,tc=8", 4096, 12904, 8);
    for (std::string const spec : {"st.4:cell(r / 24 + lane / 4 + j * 4, (lane % 4) * 2 + k) for r < 500, k < 7, j < 3",
                                   "ld.8:cell(lane, (r >> 3) * 2 + lane % 4 * 400) for r < 9000",
                                   "ld.4:cell((r / 6) * 9 + lane, lane % 8 + (r / 6) % 5) for r < 2731"}) {
        auto const stepped = std::get<access_subject>(access_on(spec, t));
        REQUIRE(std::any_of(stepped.start_steps.begin(), stepped.start_steps.end(), [](auto d) { return d > 1; }));
        access_subject every = stepped;
        every.start_steps.clear();
        prover p(20000);
        auto const a = prove_conflict_bound(p, stepped, false, figure_method::exhaustion);
        auto const b = prove_conflict_bound(p, every, false, figure_method::exhaustion);
        CAPTURE(spec, a.method, b.method, a.reason);
        CHECK_THAT(a.method, Catch::Contains(" in steps of "));
        CHECK(a.outcome == b.outcome);
        CHECK(a.reason == b.reason);
        CHECK(a.evidence == b.evidence);
        if (a.fig) CHECK(a.fig->value == b.fig->value);
    }
}

TEST_CASE("where the ranges keep every lane inside, the legality query asks only of alignment and contiguity",
          "[verify][interval]") {
    // Its legality query timed out at any limit (the lanes' rows and
    // columns through / 220 and % 220); without the clauses the ranges
    // decide, the solver proves it in under a millisecond.
    auto const t = parsed_layout("article:nx=1762,elem=4,tc=8", std::uint64_t{1} << 32, 7048, 4);
    auto const a = std::get<access_subject>(
        access_on("st.4:cell((lane + r * 8) / 220, ((lane + r * 33) % 220) * 8) for r < 1073741824", t));
    REQUIRE(a.inside_everywhere());
    prover p(1000);
    auto const r = prove_conflict_bound(p, a, false, figure_method::smt);
    CAPTURE(r.reason);
    bool legality_proved = false;
    for (auto const& o : p.log())
        if (o.name == a.id + ".legality") legality_proved = o.result == answer::unsat;
    CHECK(legality_proved);
    CHECK_THAT(r.reason, !Catch::Contains("legality check"));
}
