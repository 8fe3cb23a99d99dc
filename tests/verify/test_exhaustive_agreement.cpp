// Every SMT verdict and figure equals brute-force enumeration, for every
// power-of-two NX from 1 to 256, every element size, every TC the rules
// allow from the element size to 128 bytes, on tiles of 512 rows (every
// start of every pattern enumerated); plus non-powers of two.
#include <catch2/catch.hpp>

#include "agreement.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

constexpr std::uint64_t tile_rows = 512;

void check_layout(layout_params l, std::uint64_t rows) {
    CAPTURE(l.nx, l.elem, l.tc, rows);
    certify_options o;
    o.timeout_ms = 120000;
    o.figures = figure_method::smt;  // the SMT encoding is what these tests check
    auto const s = article_subject(l, rows);
    auto const c = certify(s, o);
    require_agreement(c, concrete_of(s, rows), s);
}

// Every TC from the element size to 128 bytes that the rules accept; the
// others must be rejected (and are, by the rules' own test).
void check_element_size(std::uint32_t elem) {
    unsigned checked = 0;
    for (std::uint32_t nx = 1; nx <= 256; nx *= 2)
        for (std::uint32_t tc = elem; tc <= 128; tc += elem) {
            layout_params const l{nx, elem, tc};
            if (check_article(l)) continue;
            check_layout(l, tile_rows);
            ++checked;
        }
    CHECK(checked > 0);
}

}  // namespace

TEST_CASE("SMT agrees with enumeration: 1-byte elements", "[verify][exhaustive]") { check_element_size(1); }
TEST_CASE("SMT agrees with enumeration: 2-byte elements", "[verify][exhaustive]") { check_element_size(2); }
TEST_CASE("SMT agrees with enumeration: 4-byte elements", "[verify][exhaustive]") { check_element_size(4); }
TEST_CASE("SMT agrees with enumeration: 8-byte elements", "[verify][exhaustive]") { check_element_size(8); }
TEST_CASE("SMT agrees with enumeration: 16-byte elements", "[verify][exhaustive]") { check_element_size(16); }

TEST_CASE("SMT agrees with enumeration: rows that are not powers of two", "[verify][exhaustive]") {
    // Division by a non-power-of-two is what the solver finds hard: these
    // tiles are kept to 64 rows so every query finishes (each still covers
    // every start of every pattern on that tile).
    for (auto const& l : {layout_params{3, 4, 4}, layout_params{12, 4, 4}, layout_params{12, 4, 16},
                          layout_params{48, 4, 16}, layout_params{24, 2, 8}, layout_params{6, 8, 16},
                          layout_params{40, 1, 8}})
        check_layout(l, 64);
}

TEST_CASE("for power-of-two rows every 32-bit row behaves like the first 512", "[verify][exhaustive]") {
    // The formula depends on y only through y % C (C <= 256 here), so a
    // 512-row tile shows every behaviour; the full-range proofs must agree.
    for (auto const& l : {layout_params{64, 4, 16}, layout_params{32, 4, 4}, layout_params{16, 4, 4},
                          layout_params{256, 1, 16}, layout_params{128, 2, 16}, layout_params{32, 8, 16},
                          layout_params{8, 16, 16}, layout_params{64, 4, 128}, layout_params{1, 4, 4}}) {
        CAPTURE(l.nx, l.elem, l.tc);
        certify_options o;
        o.timeout_ms = 120000;
    o.figures = figure_method::smt;  // the SMT encoding is what these tests check
        auto const s = article_subject(l, all_32bit_rows);
        auto const c = certify(s, o);
        require_agreement(c, concrete_of(s, tile_rows), s);
    }
}
