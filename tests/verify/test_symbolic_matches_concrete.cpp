// One template, two instantiations: the formula and the patterns computed on
// Z3 bit-vectors and evaluated in a model equal the same code on integers,
// under both lowerings.
#include <catch2/catch.hpp>

#include <random>

#include "prover.hpp"
#include "layout_spec.hpp"
#include "swz/layout/article.hpp"
#include "swz/tile_patterns.hpp"
#include "swz/xor_swizzle.hpp"

using namespace swz;
using namespace swz::verify;

namespace {

// The value of `e` once y and x are fixed: the solver evaluates, nothing else.
std::uint64_t value_at(prover& p, symbolic_uint const& y, symbolic_uint const& x, symbolic_uint const& e,
                       std::uint64_t yv, std::uint64_t xv) {
    auto const out = p.check("evaluate", {y == yv, x == xv});
    REQUIRE(out.result == answer::sat);
    return evaluate(*out.model, e);
}

}  // namespace

TEST_CASE("the formula on bit-vectors equals the formula on integers", "[verify][template]") {
    std::mt19937_64 rng(7);
    for (auto const& l : {layout_params{64, 4, 16}, layout_params{12, 4, 4}, layout_params{48, 4, 16},
                          layout_params{256, 1, 128}, layout_params{24, 2, 8}, layout_params{8, 16, 16}}) {
        CAPTURE(l.nx, l.elem, l.tc);
        prover p(10000);
        for (auto const* enc : {&p.fast(), &p.literal()}) {
            auto const y = symbolic_uint::variable(*enc, "y", std::uint64_t(1) << 32);
            auto const x = symbolic_uint::variable(*enc, "x", l.nx);
            auto const steps = swizzle_trace(l, y, x);
            for (int i = 0; i < 40; ++i) {
                std::uint64_t const yv = i < 8 ? std::uint64_t(i) : rng() >> 32, xv = rng() % l.nx;
                auto const want = swizzle_trace(l, yv, xv);
                CAPTURE(yv, xv);
                CHECK(value_at(p, y, x, steps.i_chunk, yv, xv) == want.i_chunk);
                CHECK(value_at(p, y, x, steps.y_chunk, yv, xv) == want.y_chunk);
                CHECK(value_at(p, y, x, steps.x_chunk, yv, xv) == want.x_chunk);
                CHECK(value_at(p, y, x, steps.x_chunk_swz, yv, xv) == want.x_chunk_swz);
                CHECK(value_at(p, y, x, steps.x_swz, yv, xv) == want.x_swz);
            }
        }
    }
}

TEST_CASE("pattern cells on bit-vectors equal pattern cells on integers", "[verify][template]") {
    layout_params const l{48, 4, 16};
    article_layout<layout_params> const tile{l};
    pattern_geometry const g{l.nx, l.elem, l.tc};
    prover p(10000);
    auto const a = symbolic_uint::variable(p.fast(), "a", std::uint64_t(1) << 20);
    auto const b = symbolic_uint::variable(p.fast(), "b", l.nx);
    for (auto pat : all_tile_patterns)
        for (unsigned lane : {0u, 7u, 31u}) {
            symbolic_uint const start[] = {a, b};
            auto const c = pattern_cell(pat, g, start, a.lift(lane));
            auto const off = tile.byte_offset(c.y, c.x);
            for (std::uint64_t av : {0ull, 5ull, 1000ull})
                for (std::uint64_t bv : {0ull, 3ull, 11ull}) {
                    std::uint64_t const s[] = {av, bv};
                    auto const want = pattern_cell<std::uint64_t>(pat, g, s, lane);
                    CAPTURE(pattern_name(pat), lane, av, bv);
                    CHECK(value_at(p, a, b, c.y, av, bv) == want.y);
                    CHECK(value_at(p, a, b, c.x, av, bv) == want.x);
                    CHECK(value_at(p, a, b, off, av, bv) == tile.byte_offset(want.y, want.x));
                }
        }
}

TEST_CASE("every family's layout on bit-vectors equals the same layout on integers", "[verify][template]") {
    std::mt19937_64 rng(5);
    struct sample {
        char const* spec;
        std::uint32_t row_bytes, elem;
    };
    // 2^20 rows of 128 halves: 27 offset bits; images mix low bits in.
    std::string linear = "linear:";
    for (unsigned k = 0; k < 27; ++k) linear += (k ? "," : "") + std::to_string((1u << k) ^ (k >= 7 ? (1u << (k % 7)) : 0u));
    for (auto const& q : {sample{"cute:3,4,3", 128, 1}, sample{"cute:2,1,-3", 64, 2}, sample{"cute:3,4,3,unit=byte@pad:16", 128, 2},
                          sample{"tma:128B,base=512", 128, 2}, sample{"tma:64B", 32, 4}, sample{"pad:12", 96, 4},
                          sample{linear.c_str(), 256, 2}}) {
        CAPTURE(q.spec);
        auto const parsed = parse_layout(q.spec, {std::uint64_t(1) << 20, q.row_bytes, q.elem, true, std::nullopt});
        REQUIRE(std::holds_alternative<layout_subject>(parsed));
        auto const& s = std::get<layout_subject>(parsed);
        prover p(10000);
        for (auto const* enc : {&p.fast(), &p.literal()}) {
            auto const y = symbolic_uint::variable(*enc, "y", s.rows());
            auto const x = symbolic_uint::variable(*enc, "x", s.cols());
            auto const off = s.symbolic_offset(y, x);
            for (int i = 0; i < 30; ++i) {
                std::uint64_t const yv = rng() % s.rows(), xv = rng() % s.cols();
                CAPTURE(yv, xv);
                CHECK(value_at(p, y, x, off, yv, xv) == s.offset(yv, xv));
            }
        }
    }
}
