// --sweep's ranges: A..B is every power of two in [A, B]; a single value is
// itself. Bad ranges are one-line usage errors naming the option.
#include <catch2/catch.hpp>

#include "catalogue/power_range.hpp"

using swz::verify::catalogue::parse_power_range;
using values = std::vector<std::uint64_t>;

namespace {

values ok(std::string const& text, std::uint64_t max = 1u << 20) {
    auto r = parse_power_range("--nx", text, max);
    auto const* v = std::get_if<values>(&r);
    if (!v) FAIL(std::get<swz::verify::cli::usage_error>(r).message);
    return *v;
}

std::string error(std::string const& text, std::uint64_t max = 1u << 20) {
    auto r = parse_power_range("--nx", text, max);
    auto const* e = std::get_if<swz::verify::cli::usage_error>(&r);
    if (!e) FAIL("accepted " + text);
    return e->message;
}

}  // namespace

TEST_CASE("a range is every power of two between its ends", "[catalogue][range]") {
    CHECK(ok("2..16") == values{2, 4, 8, 16});
    CHECK(ok("3..17") == values{4, 8, 16});
    CHECK(ok("1..1") == values{1});
    CHECK(ok("4..4") == values{4});
    CHECK(ok("2..4096") == values{2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096});
    CHECK(ok("1..4294967295", 4294967295u).size() == 32);  // 2^0 .. 2^31
}

TEST_CASE("a single value is itself, power of two or not", "[catalogue][range]") {
    CHECK(ok("64") == values{64});
    CHECK(ok("12") == values{12});
}

TEST_CASE("bad ranges are usage errors that say what is wrong", "[catalogue][range]") {
    struct bad {
        char const* text;
        char const* says;
    };
    for (auto const& b : {bad{"16..2", "the range is empty (16 > 2)"}, bad{"5..7", "no power of two in the range"},
                          bad{"a..4", "lower end not a whole number"}, bad{"4..", "upper end expected a number"},
                          bad{"..4", "lower end expected a number"}, bad{"4..8..16", "expected A..B or a single value"},
                          bad{"0..4", "lower end must be at least 1"}, bad{"-1..4", "lower end must not be negative"},
                          bad{"4..99999999", "upper end too large"}, bad{"", "expected a number"},
                          bad{"4...8", "upper end not a whole number"}, bad{"x", "not a whole number"}}) {
        CAPTURE(b.text);
        std::string const m = error(b.text);
        CHECK_THAT(m, Catch::Contains(b.says));
        CHECK(m.rfind("--nx", 0) == 0);
        CHECK(m.find('\n') == std::string::npos);
    }
}
