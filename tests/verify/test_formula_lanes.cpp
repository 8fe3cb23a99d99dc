// A user's formula evaluated at every lane at once (formula_lanes.hpp, on
// swz/access/lane_vector.hpp), which every enumeration of its starts reads,
// against the access's lane-by-lane functions (address, inside,
// element_address), which the solver's encoding mirrors and the reference
// models check: random formulas of every operator, on layouts of every
// family, at starts inside and outside the tile, split and misaligned.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "access_spec.hpp"
#include "agreement.hpp"
#include "start_facts.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

class formula_maker {
public:
    explicit formula_maker(std::uint64_t seed) : rng_(seed) {}

    std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }

    // A tree over lane, r, k and small constants, fully parenthesized; the
    // right side of / % << >> a constant, as the grammar requires.
    std::string tree(int depth) {
        if (depth == 0 || pick(3) == 0) return leaf();
        static char const* const ops[] = {"|", "^", "&", "<<", ">>", "+", "-", "*", "/", "%"};
        std::string const op = ops[pick(10)];
        bool const constant_right = op == "/" || op == "%" || op == "<<" || op == ">>";
        std::string const right = constant_right ? std::to_string(op == "<<" || op == ">>" ? pick(6) : 1 + pick(12)) : tree(depth - 1);
        return "(" + tree(depth - 1) + " " + op + " " + right + ")";
    }

private:
    std::string leaf() {
        switch (pick(4)) {
        case 0: return "lane";
        case 1: return "r";
        case 2: return "k";
        default: return std::to_string(pick(2) ? pick(9) : std::size_t(1) << pick(7));
        }
    }
    std::mt19937_64 rng_;
};

struct formula_tile {
    char const* layout;
    std::uint32_t row_bytes, elem;
};

}  // namespace

TEST_CASE("every lane of a formula at once says what its lanes say one by one", "[verify][formula]") {
    formula_tile const tiles[] = {{"article:nx=40,elem=4,tc=8", 160, 4}, {"article:nx=96,elem=2,tc=16", 192, 2},
                               {"article:nx=36,elem=1,tc=4", 36, 1},  {"cute:3,3,3", 128, 2},
                               {"cute:2,2,3@pad:16", 64, 4},          {"pad:4", 100, 1},
                               {"tma:128B", 128, 4},                  {"linear:1,2,4,8,16,32,64,128,256,512,1024", 64, 2},
                               {"plain", 48, 8}};
    char const* const kinds[] = {"ld.1", "ld.2", "st.4", "ld.8", "st.16", "cp.async.4", "cp.async.16", "ldmatrix.x1",
                                 "stmatrix.x2.trans", "ldmatrix.x4"};
    formula_maker maker(20261207);
    unsigned outside = 0, split = 0, misaligned = 0, legal = 0;
    for (auto const& tc : tiles) {
        layout_subject const t = parsed_layout(tc.layout, 64, tc.row_bytes, tc.elem);
        for (int round = 0; round < 60; ++round) {
            bool const cell = maker.pick(4) != 0;
            std::string const target = cell ? "cell(" + maker.tree(3) + " + r, " + maker.tree(3) + " + k)"
                                             : "byte(" + maker.tree(4) + " + r * 16 + k)";
            std::string const spec = std::string(kinds[maker.pick(10)]) + ":" + target + " for r < 70, k < 9";
            CAPTURE(tc.layout, spec);
            auto const made = access_on(spec, t);
            REQUIRE(std::holds_alternative<access_subject>(made));
            access_subject const w = std::get<access_subject>(made);
            REQUIRE(w.lanes_at);
            access_subject by_lane = w;
            by_lane.lanes_at = nullptr;
            for (std::uint64_t r = 0; r < 70; r += 1 + maker.pick(9))
                for (std::uint64_t k = 0; k < 9; k += 1 + maker.pick(4)) {
                    std::vector<std::uint64_t> const s{r, k};
                    lane_facts const all = facts_at(w, s), one = facts_at(by_lane, s);
                    CAPTURE(r, k);
                    REQUIRE(all.outside == one.outside);
                    if (!one.outside) REQUIRE(all.split == one.split);
                    for (unsigned l = 0; l < w.instr.address_lanes; ++l) REQUIRE(all.address[l] == one.address[l]);
                    auto const bad = first_illegal(w, all);
                    if (!bad) ++legal;
                    else if (bad->kind == "outside") ++outside;
                    else if (bad->kind == "split") ++split;
                    else ++misaligned;
                }
        }
    }
    // Each kind of start met, so each part of the comparison bit.
    CHECK(legal > 100);
    CHECK(outside > 100);
    CHECK(split > 10);
    CHECK(misaligned > 100);
}
