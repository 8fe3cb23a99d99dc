// The contract for bad input, checked the same way in every mode's tests:
// exit 1, exactly one line on stderr, prefixed "swz-verify: error: ", and
// (when given) saying what is wrong.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "support/run_swz_verify.hpp"

namespace swz::testing {

inline void check_usage_error(std::string const& args, std::string const& says = "") {
    CAPTURE(args);
    auto const r = swz_verify(args);
    CAPTURE(r.err);
    CHECK(r.code == 1);
    CHECK(count_lines(r.err) == 1);
    CHECK_THAT(r.err, Catch::StartsWith("swz-verify: error: "));
    if (!says.empty()) CHECK_THAT(r.err, Catch::Contains(says));
}

}  // namespace swz::testing
