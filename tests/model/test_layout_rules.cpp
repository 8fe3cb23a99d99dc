// The rules that make a layout defined: each broken rule is rejected with
// its id (and a sentence naming it); everything else, non-powers of two
// included, passes.
#include <catch2/catch.hpp>

#include "swz/layout/shape_rules.hpp"
#include "swz/layout/strided.hpp"
#include "swz/layout/tma_swizzle.hpp"
#include "swz/layout_params.hpp"

using namespace swz;

TEST_CASE("article rules reject parameters that make the formula undefined", "[model][rules]") {
    struct bad {
        layout_params p;
        char const* id;
    };
    for (auto const& b : {bad{{0, 4, 4}, "nx-positive"}, bad{{64, 0, 4}, "elem-positive"}, bad{{64, 4, 0}, "tc-positive"},
                          bad{{64, 4, 2}, "tc-at-least-elem"}, bad{{64, 4, 6}, "tc-multiple-of-elem"},
                          bad{{64, 3, 3}, "elem-width"}, bad{{4, 4, 32}, "tc-fits-row"},
                          bad{{100000, 4, 4}, "row-fits-shared"}, bad{{6, 4, 16}, "row-whole-chunks"}}) {
        CAPTURE(b.p.nx, b.p.elem, b.p.tc);
        auto const why = check_article(b.p);
        REQUIRE(why.has_value());
        CHECK(why->id == b.id);
        CHECK_FALSE(why->message.empty());
        CHECK(why->message.find('\n') == std::string::npos);
    }
}

TEST_CASE("article rules accept powers of two and non-powers of two alike", "[model][rules]") {
    for (auto const& p : {layout_params{64, 4, 16}, layout_params{1, 4, 4}, layout_params{12, 4, 4},
                          layout_params{48, 4, 16}, layout_params{256, 1, 128}, layout_params{16, 16, 16},
                          layout_params{58112, 4, 4}}) {
        CAPTURE(p.nx, p.elem, p.tc);
        CHECK_FALSE(check_article(p).has_value());
    }
}

TEST_CASE("a row of exactly the shared-memory limit is accepted, one element more is not", "[model][rules]") {
    CHECK_FALSE(check_article({58112, 4, 4}).has_value());  // 232448 bytes
    CHECK(check_article({58113, 4, 4})->id == "row-fits-shared");
    CHECK_FALSE(check_shape({32, 232448, 4}).has_value());
    CHECK(check_shape({32, 232452, 4})->id == "row-fits-shared");
}

TEST_CASE("shape, pad and TMA box rules name what they reject", "[model][rules]") {
    CHECK(check_shape({0, 128, 4})->id == "rows-positive");
    CHECK(check_shape({32, 128, 3})->id == "elem-width");
    CHECK(check_shape({32, 130, 4})->id == "row-whole-elements");
    tile_shape const s{32, 128, 4};
    CHECK(padded_layout(s, 2).check(s)->id == "pad-breaks-element");
    CHECK_FALSE(padded_layout(s, 4).check(s).has_value());
    CHECK(strided_layout{4, 64}.check(s)->id == "pitch-holds-row");
    CHECK(tma_box_rule({64, 0}, {8, 128, 2})->id == "tma-box-fits-span");
    CHECK(tma_box_rule({128, 0}, {8, 24, 2})->id == "tma-box-16B");
    CHECK_FALSE(tma_box_rule({128, 0}, {8, 64, 2}).has_value());
}
