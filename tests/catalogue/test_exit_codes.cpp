// The exit codes of verify/exit_codes.hpp: distinct, each named, and
// combined by the documented precedence (6, 12, 10, 11, 3, 5, 0).
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "exit_codes.hpp"

using namespace swz::verify;

TEST_CASE("the exit codes are distinct and each has a meaning", "[catalogue][codes]") {
    std::set<int> const codes{exit_ok, exit_usage, exit_output, exit_unknown, exit_internal, exit_refuted, exit_stale,
                              exit_second_solver};
    CHECK(codes == std::set<int>{0, 1, 3, 5, 6, 10, 11, 12});
    std::set<std::string> meanings;
    for (int c : codes) meanings.insert(exit_code_meaning(c));
    CHECK(meanings.size() == codes.size());
    CHECK(meanings.count("?") == 0);
}

TEST_CASE("when several codes apply, the most severe wins", "[catalogue][codes]") {
    int const order[] = {exit_internal, exit_second_solver, exit_refuted, exit_stale, exit_output, exit_unknown, exit_ok};
    for (std::size_t i = 0; i < std::size(order); ++i)
        for (std::size_t j = 0; j < std::size(order); ++j) {
            CAPTURE(order[i], order[j]);
            CHECK(worse_exit(order[i], order[j]) == order[std::min(i, j)]);
        }
}

TEST_CASE("a layout's verdicts: a counting refutation, then any unknown", "[catalogue][codes]") {
    auto const result = [](verdict v, weight w) {
        property_result r;
        r.outcome = v;
        r.counts = w;
        return r;
    };
    CHECK(exit_code_for({result(verdict::proved, weight::gate)}) == exit_ok);
    CHECK(exit_code_for({result(verdict::refuted, weight::report)}) == exit_ok);  // reported, not required
    CHECK(exit_code_for({result(verdict::unknown, weight::report)}) == exit_unknown);
    CHECK(exit_code_for({result(verdict::unknown, weight::gate), result(verdict::refuted, weight::gate)}) == exit_refuted);
    auto not_applicable = result(verdict::unknown, weight::gate);
    not_applicable.applicable = false;
    CHECK(exit_code_for({not_applicable}) == exit_ok);
}
