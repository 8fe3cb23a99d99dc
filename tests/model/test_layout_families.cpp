// Each layout family's formula against an independent statement of it:
// CuTe's Swizzle bit by bit, the TMA modes as PTX describes them (16-byte
// chunk c of 128-byte line r placed at c ^ (r mod 2^B)), a GF(2) map as a
// matrix product, the article's formula against its bit form, and Triton's
// swizzled_shared as Triton's own bases state it.
#include <catch2/catch.hpp>

#include <cstdint>

#include "swz/layout/article.hpp"
#include "swz/layout/bit_swizzle.hpp"
#include "swz/layout/gf2_map.hpp"
#include "swz/layout/strided.hpp"
#include "swz/layout/swizzled.hpp"
#include "swz/layout/tma_swizzle.hpp"
#include "swz/layout/triton_swizzle.hpp"

using namespace swz;

namespace {

std::uint64_t bit(std::uint64_t v, int k) { return k < 0 ? 0 : (v >> k) & 1; }

// Swizzle<B,M,S> bit by bit: each of the B target bits takes the XOR of
// itself and its source bit, S above it (or -S below it).
std::uint64_t swizzle_by_bits(unsigned b, unsigned m, int s, std::uint64_t o) {
    std::uint64_t out = o;
    for (unsigned i = 0; i < b; ++i) {
        int const target = s > 0 ? int(m + i) : int(m + i) - s;
        int const source = s > 0 ? int(m + i) + s : int(m + i);
        out ^= bit(o, source) << target;
    }
    return out;
}

}  // namespace

TEST_CASE("bit_swizzle is CuTe's Swizzle<B,M,S>, bit by bit, for positive and negative shifts", "[model][families]") {
    for (unsigned b = 0; b <= 3; ++b)
        for (unsigned m = 0; m <= 4; ++m)
            for (int s = -5; s <= 5; ++s) {
                if (s < 0 && unsigned(-s) > m + 8) continue;
                bit_swizzle const f{b, m, s};
                std::uint64_t differing = 0;
                for (std::uint64_t o = 0; o < 4096; ++o) differing += f(o) != swizzle_by_bits(b, m, s, o);
                CAPTURE(b, m, s);
                CHECK(differing == 0);
            }
}

TEST_CASE("the TMA modes place 16-byte chunk c of line r at c ^ (r mod 2^B), as PTX says", "[model][families][tma]") {
    for (unsigned span : {32u, 64u, 128u}) {
        unsigned const b = span == 32 ? 1 : span == 64 ? 2 : 3;
        tma_swizzle const t{span, 0};
        for (std::uint64_t a = 0; a < 8192; ++a) {
            std::uint64_t const line = a / 128, chunk = a / 16 % 8, byte = a % 16;
            std::uint64_t const want = line * 128 + ((chunk ^ (line % (1u << b))) * 16) + byte;
            CAPTURE(span, a);
            REQUIRE(t(a) == want);
        }
    }
    // A tile at address A: where relative byte o lands, relative to A.
    tma_swizzle const at512{128, 512};
    CHECK(at512(0u) == 64u);  // line 4 of the 1024-byte pattern: chunk 0 -> 4
    CHECK(tma_swizzle{128, 1024}(0u) == 0u);
    CHECK(tma_swizzle{0, 0}(1234u) == 1234u);
}

TEST_CASE("TMA boxes pad their rows to the span, and no mode swizzles bits below 16 bytes", "[model][families][tma]") {
    CHECK(tma_box_rows({128, 0}, {8, 64, 2}).pitch == 128);
    CHECK(tma_box_rows({64, 0}, {8, 32, 2}).pitch == 64);
    CHECK(tma_box_rows({0, 0}, {8, 64, 2}).pitch == 64);
    CHECK(tma_box_rows({128, 0}, {8, 128, 2}).pitch == 128);
    for (unsigned span : {32u, 64u, 128u}) CHECK(tma_swizzle{span, 0}.pattern().base == 4);
}

TEST_CASE("a GF(2) map is the XOR of the images of the set bits", "[model][families]") {
    gf2_map m;
    m.bits = 6;
    std::uint64_t const images[] = {1, 2, 4 ^ 16, 8, 16, 32 ^ 1};
    for (unsigned k = 0; k < 6; ++k) m.image[k] = images[k];
    for (std::uint64_t i = 0; i < 64; ++i) {
        std::uint64_t want = 0;
        for (unsigned k = 0; k < 6; ++k)
            if ((i >> k) & 1) want ^= images[k];
        REQUIRE(m(i) == want);
    }
    CHECK(m.granule_bits() == 0);  // image 5 touches bit 0
    gf2_map id;
    id.bits = 5;
    for (unsigned k = 0; k < 5; ++k) id.image[k] = 1u << k;
    CHECK(id.granule_bits() == 5);
}

TEST_CASE("the article's formula equals its bit form for every power-of-two row", "[model][families]") {
    for (std::uint32_t elem : {1u, 2u, 4u, 8u, 16u})
        for (std::uint32_t nx = 1; nx * elem <= 1024; nx *= 2)
            for (std::uint32_t tc = elem; tc <= nx * elem && tc <= 128; tc *= 2) {
                article_layout<layout_params> const a{{nx, elem, tc}};
                auto const form = a.bit_form();
                REQUIRE(form);
                swizzled_layout<bit_swizzle> const c{*form, {elem, nx * elem}, false};
                // y enters both through y % C only: 2C rows cover it twice.
                std::uint64_t const rows = 2 * std::uint64_t(nx) * elem / tc;
                std::uint64_t differing = 0;
                for (std::uint64_t y = 0; y < rows; ++y)
                    for (std::uint64_t x = 0; x < nx; ++x) differing += a.byte_offset(y, x) != c.byte_offset(y, x);
                CAPTURE(nx, elem, tc);
                CHECK(differing == 0);
            }
    CHECK_FALSE(article_layout<layout_params>{{12, 4, 4}}.bit_form().has_value());
}

TEST_CASE("a swizzle composes after a padded tile in element or byte units", "[model][families]") {
    strided_layout const base{2, 128 + 16};
    swizzled_layout<bit_swizzle> const on_elems{{3, 3, 3}, base, false}, on_bytes{{3, 4, 3}, base, true};
    for (std::uint64_t y = 0; y < 64; ++y)
        for (std::uint64_t x = 0; x < 64; ++x) {
            std::uint64_t const b = y * 144 + x * 2;
            CHECK(on_elems.byte_offset(y, x) == bit_swizzle{3, 3, 3}(b / 2) * 2);
            CHECK(on_bytes.byte_offset(y, x) == bit_swizzle{3, 4, 3}(b));
        }
}

TEST_CASE("Triton's swizzled_shared places each cell where Triton's bases say", "[model][families][triton]") {
    // Triton (LinearLayoutConversions.cpp) gives the cell each shared offset
    // holds: column bit k of the offset -> (0, 2^k), row bit k -> (2^k,
    // vec * ((2^k / perPhase) % maxPhase) % cols), the set bits' cells
    // XORed. The layout must place that cell at that offset, for every
    // offset of 64 rows, on every power-of-two parameter and row up to 16
    // and 256.
    unsigned checked = 0;
    for (std::uint32_t elem : {2u, 4u})
        for (std::uint32_t cols = 1; cols <= 256; cols *= 2)
            for (std::uint32_t vec = 1; vec <= 16; vec *= 2)
                for (std::uint32_t per_phase = 1; per_phase <= 16; per_phase *= 2)
                    for (std::uint32_t max_phase = 1; max_phase <= 16; max_phase *= 2) {
                        triton_swizzle const t{vec, per_phase, max_phase};
                        swizzled_layout<bit_swizzle> const l{t.on_rows_of(cols), strided_layout{elem, cols * elem}, false};
                        unsigned const col_bits = log2_floor(cols);
                        for (std::uint64_t o = 0; o < 64 * cols; ++o) {
                            std::uint64_t row = 0, col = 0;
                            for (unsigned k = 0; k < col_bits; ++k)
                                if ((o >> k) & 1) col ^= std::uint64_t(1) << k;
                            for (unsigned k = 0; k < 6; ++k) {
                                if (((o >> (col_bits + k)) & 1) == 0) continue;
                                std::uint64_t const r = std::uint64_t(1) << k;
                                row ^= r;
                                col ^= vec * ((r / per_phase) % max_phase) % cols;
                            }
                            ++checked;
                            if (l.byte_offset(row, col) != o * elem) {
                                CAPTURE(elem, cols, vec, per_phase, max_phase, o, row, col, l.byte_offset(row, col));
                                FAIL("the cell is not at the offset Triton's bases give it");
                            }
                        }
                        // Its own inverse, as the bases' XOR is.
                        CHECK(l.swizzle.is_involution_form());
                    }
    CHECK(checked > 1000000);
}
