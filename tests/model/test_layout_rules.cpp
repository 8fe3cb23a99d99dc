// The rules that make the formula defined: each broken rule is rejected with
// a message naming it; everything else, non-powers of two included, passes.
#include <catch2/catch.hpp>

#include "swz/layout_params.hpp"

using swz::layout_params;
using swz::layout_rule_violation;

TEST_CASE("layout rules reject parameters that make the formula undefined", "[model][rules]") {
    struct bad {
        layout_params p;
        char const* names;  // a word the message must contain
    };
    for (auto const& b : {bad{{0, 4, 4}, "NX"}, bad{{64, 0, 4}, "element size"}, bad{{64, 4, 0}, "TC"},
                          bad{{64, 4, 2}, "smaller than the element size"}, bad{{64, 4, 6}, "multiple of the element size"},
                          bad{{64, 3, 3}, "1, 2, 4, 8 or 16"}, bad{{4, 4, 32}, "larger than a row"},
                          bad{{100000, 4, 4}, "shared memory"}, bad{{6, 4, 16}, "whole number"}}) {
        CAPTURE(b.p.nx, b.p.elem, b.p.tc);
        auto const why = layout_rule_violation(b.p);
        REQUIRE(why.has_value());
        CHECK_THAT(*why, Catch::Contains(b.names));
    }
}

TEST_CASE("layout rules accept powers of two and non-powers of two alike", "[model][rules]") {
    for (auto const& p : {layout_params{64, 4, 16}, layout_params{1, 4, 4}, layout_params{12, 4, 4},
                          layout_params{48, 4, 16}, layout_params{256, 1, 128}, layout_params{16, 16, 16},
                          layout_params{58112, 4, 4}}) {
        CAPTURE(p.nx, p.elem, p.tc);
        CHECK_FALSE(layout_rule_violation(p).has_value());
    }
}

TEST_CASE("a row of exactly the shared-memory limit is accepted, one element more is not", "[model][rules]") {
    CHECK_FALSE(layout_rule_violation({58112, 4, 4}).has_value());  // 232448 bytes
    CHECK(layout_rule_violation({58113, 4, 4}).has_value());
}
