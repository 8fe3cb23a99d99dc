// divisors_of_product (divisors.hpp) against a walk of every number up to
// the product, and formula_wraps (formula_wraps.hpp) on formulas whose
// wrapping constants are read off by hand.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "divisors.hpp"
#include "formula_wraps.hpp"
#include "swz/access/lane_formula.hpp"

using namespace swz;
using namespace swz::verify;

namespace {

std::vector<std::uint64_t> divisors_by_walk(std::uint64_t n, std::uint64_t most) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t d = 1; d <= n && d <= most; ++d)
        if (n % d == 0) out.push_back(d);
    return out;
}

lane_formula parsed(std::string const& text) {
    auto const p = parse_lane_formula(text, 0);
    REQUIRE(std::holds_alternative<lane_formula>(p));
    return std::get<lane_formula>(p);
}

std::vector<std::vector<std::uint64_t>> wraps(std::string const& text) { return formula_wraps(parsed(text)); }
std::vector<std::uint64_t> steps(std::string const& text) { return formula_steps(parsed(text)); }

}  // namespace

TEST_CASE("the divisors of a product are every number that divides it, ascending, up to the bound", "[verify][divisors]") {
    // Every product of up to three factors from 1 .. 40, bounded or not.
    for (std::uint64_t a = 1; a <= 40; ++a)
        for (std::uint64_t b = 1; b <= 40; b += 3)
            for (std::uint64_t c : {1, 2, 7, 12, 128}) {
                std::uint64_t const n = a * b * c;
                for (std::uint64_t most : {n, n / 3, std::uint64_t{17}}) {
                    CAPTURE(a, b, c, most);
                    CHECK(divisors_of_product({a, b, c}, most, 1u << 20) == divisors_by_walk(n, most));
                }
            }
    // A prime past trial division stays whole: 1000003 * 1000033 * 4.
    CHECK(divisors_of_product({1000003, 1000033, 4}, ~std::uint64_t(0), 1u << 20) ==
          std::vector<std::uint64_t>{1, 2, 4, 1000003, 1000033, 2000006, 2000066, 4000012, 4000132, 1000036000099,
                                     2000072000198, 4000144000396});
    // At most the smallest `most_count`: of 2^10 * 3^10, the first ten.
    CHECK(divisors_of_product({1024, 59049}, ~std::uint64_t(0), 10) == divisors_by_walk(1024 * 59049, 18));
}

TEST_CASE("a formula's wraps: each / % >> & constant applied to a subtree holding the variable", "[verify][divisors]") {
    CHECK(wraps("cell((lane + r * 32) / 273, ((lane + r * 32) % 273) * 8) for r < 1000") ==
          std::vector<std::vector<std::uint64_t>>{{273, 273}});
    // Nested ones each count; a constant not applied to the variable does not.
    CHECK(wraps("cell(lane * 1 + r * 1, ((r / 5) % 127) * 8 + (lane % 4)) for r < 9") ==
          std::vector<std::vector<std::uint64_t>>{{5, 127}});
    // Per variable; a shift's 2^c; a mask's span, on either side of &.
    CHECK(wraps("byte(((r >> 3) & 6) * 128 + (5 & k) * 4 + (k + lane) % 24 + r % 1) for r < 64, k < 8") ==
          std::vector<std::vector<std::uint64_t>>{{8, 8}, {8, 24}});
    CHECK(wraps("byte(lane * 4 + s * 128) for s < 4") == std::vector<std::vector<std::uint64_t>>{{}});
}

TEST_CASE("a formula's steps: d where it reads a variable only as v / d (or v >> c), one d throughout", "[verify][divisors]") {
    CHECK(steps("cell(r / 24 + lane / 4 + j * 4, (lane % 4) * 2 + k) for r < 9, k < 4, j < 5") ==
          std::vector<std::uint64_t>{24, 1, 1});
    CHECK(steps("cell(r / 6 + lane, (r / 6) % 4 + (k >> 3)) for r < 9, k < 4") == std::vector<std::uint64_t>{6, 8});
    // Read otherwise anywhere, or in two steps: every value.
    CHECK(steps("cell(r / 6 + lane, r % 6) for r < 9") == std::vector<std::uint64_t>{1});
    CHECK(steps("cell(r / 6 + lane, r / 4) for r < 9") == std::vector<std::uint64_t>{1});
    CHECK(steps("cell(lane, r) for r < 9") == std::vector<std::uint64_t>{1});
    CHECK(steps("byte(r) for r < 9") == std::vector<std::uint64_t>{1});
    CHECK(steps("byte(lane * 4 + (r * 2) / 6) for r < 9") == std::vector<std::uint64_t>{1});
}

TEST_CASE("a formula's wrap periods: each wrap times the wraps beneath it, the least common multiple across", "[verify][divisors]") {
    auto const periods = [](std::string const& text) { return formula_wrap_periods(parsed(text)); };
    // r / 127 % 11 wraps every 1397; r % 127 beside it adds nothing.
    CHECK(periods("cell((r % 127) + (k % 127) * 128 + lane, ((r / 127) % 11) * 8) for r < 9, k < 9") ==
          std::vector<std::uint64_t>{1397, 127});
    CHECK(periods("cell((lane + r * 32) / 273, ((lane + r * 32) % 273) * 8) for r < 9") == std::vector<std::uint64_t>{273});
    CHECK(periods("cell(lane * 1 + r * 1, ((r / 5) % 127) * 8 + (lane % 4)) for r < 9") == std::vector<std::uint64_t>{635});
    CHECK(periods("byte((lane * 4 + (r % 1000) * 32) ^ ((r / 1) % 8 << 4)) for r < 9") == std::vector<std::uint64_t>{1000});
    // A shift's 2^c and a mask's span multiply as well; across terms, the lcm.
    CHECK(periods("byte(((r >> 3) & 6) * 128 + (5 & k) * 4 + (k + lane) % 24 + r % 1) for r < 64, k < 8") ==
          std::vector<std::uint64_t>{64, 24});
    CHECK(periods("byte(lane * 4 + s * 128) for s < 4") == std::vector<std::uint64_t>{1});
    // Past 2^64: 0.
    CHECK(periods("cell(lane, (r % 1000003) / 1000033 % 4000037 % 5000011) for r < 9") == std::vector<std::uint64_t>{0});
}

TEST_CASE("a variable's split for the solver: its wrap period where that is no power of two and q keeps two values",
          "[verify][divisors]") {
    std::uint64_t const big = std::uint64_t{1} << 32;
    CHECK(wrap_split(1000, big) == 1000);
    CHECK(wrap_split(1397, big) == 1397);
    CHECK(wrap_split(1000, 1999) == 0);  // q would be 0 or 1 only where it may
    CHECK(wrap_split(1000, 2000) == 1000);
    CHECK(wrap_split(64, big) == 0);  // shifts and masks already
    CHECK(wrap_split(1, big) == 0);
    CHECK(wrap_split(0, big) == 0);  // past 2^64
}
