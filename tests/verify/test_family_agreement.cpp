// Every layout family against brute force: on tiles small enough to
// enumerate, every verdict and figure of swz-verify equals what enumerating
// every cell, row, window and start finds; equivalence verdicts equal a
// cell-by-cell comparison; the TMA's alignment figure equals a search over
// every base.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "agreement.hpp"
#include "equivalence.hpp"
#include "layout_spec.hpp"
#include "swz/layout/cute_layout_text.hpp"
#include "swz/layout/tma_swizzle.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

std::optional<layout_subject> parsed(std::string const& spec, std::uint64_t rows, std::uint32_t row_bytes,
                                     std::uint32_t elem, std::optional<std::uint32_t> chunk = std::nullopt) {
    auto const p = parse_layout(spec, {rows, row_bytes, elem, true, chunk});
    if (auto const* s = std::get_if<layout_subject>(&p)) return *s;
    return std::nullopt;
}

// The rule a spec breaks on the tile, or "accepted".
std::string rule_of(std::string const& spec, tile_request const& tile) {
    auto const p = parse_layout(spec, tile);
    auto const* e = std::get_if<layout_error>(&p);
    return e ? e->rule : std::string("accepted");
}

certificate certified(layout_subject const& s) {
    certify_options o;
    o.timeout_ms = 120000;
    o.figures = figure_method::smt;  // the SMT encoding is what these tests check
    return certify(s, o);
}

// Certifies `spec` on the tile and checks it against enumeration; false when
// the spec breaks a rule (the caller counts those it expected to pass).
bool check(std::string const& spec, std::uint64_t rows, std::uint32_t row_bytes, std::uint32_t elem,
           std::optional<std::uint32_t> chunk = std::nullopt) {
    auto const s = parsed(spec, rows, row_bytes, elem, chunk);
    if (!s) return false;
    CAPTURE(spec, rows, row_bytes, elem);
    require_agreement(certified(*s), concrete_of(*s, rows), *s);
    return true;
}

}  // namespace

TEST_CASE("CuTe swizzles agree with enumeration, on elements and on bytes", "[verify][exhaustive][families]") {
    // CUTLASS's atoms, the identity, negative shifts, and the forms CuTe
    // rejects (|S| < B, S = 0) that swz accepts to show what breaks.
    char const* const swizzles[] = {"0,0,0", "1,4,3", "2,4,3", "3,4,3", "3,3,3", "2,3,3", "3,2,3", "2,2,3",
                                    "2,0,4", "1,1,-2", "2,1,-3", "3,4,2", "2,2,0"};
    unsigned checked = 0, n = 0;
    for (auto const* bms : swizzles)
        for (char const* unit : {"", ",unit=byte"})
            for (std::uint32_t elem : {1u, 2u, 4u})
                for (std::uint32_t row : {32u, 64u, 128u}) {
                    if (n++ % 3 != 0) continue;  // a fixed third of the grid, every swizzle in it
                    checked += check(std::string("cute:") + bms + unit, 64, row, elem);
                }
    CHECK(checked > 60);
}

TEST_CASE("Triton's swizzled_shared layouts agree with enumeration, and equal the CuTe swizzle they translate to",
          "[verify][exhaustive][families][triton]") {
    // The parameters Triton picks for 16-byte vectors on rows of 32-256
    // bytes, per-phase rows above one, more phases than the row has
    // vectors (the % cols drops them), and no swizzle at all.
    struct layout {
        char const* spec;
        std::uint32_t row_bytes, elem;
        char const* cute;  // the same swizzle, by triton_swizzle.hpp's derivation worked by hand
    };
    for (auto const& l : {layout{"triton:vec=8,perPhase=1,maxPhase=8", 128, 2, "cute:3,3,3"},
                          layout{"triton:vec=8,perPhase=2,maxPhase=4", 64, 2, "cute:2,3,3"},
                          layout{"triton:vec=4,perPhase=4,maxPhase=2", 32, 2, "cute:1,2,4"},
                          layout{"triton:vec=4,perPhase=1,maxPhase=16", 64, 4, "cute:2,2,2"},
                          layout{"triton:vec=16,perPhase=1,maxPhase=8", 256, 1, "cute:3,4,4"},
                          layout{"triton:vec=1,perPhase=1,maxPhase=1", 64, 4, "plain"},
                          layout{"triton:vec=32,perPhase=2,maxPhase=8", 64, 2, "plain"}}) {
        CAPTURE(l.spec, l.row_bytes, l.elem);
        REQUIRE(check(l.spec, 64, l.row_bytes, l.elem));
        auto const a = parsed(l.spec, 64, l.row_bytes, l.elem);
        auto const b = parsed(l.cute, 64, l.row_bytes, l.elem);
        REQUIRE((a && b));
        CHECK(a->family == "triton");
        for (std::uint64_t y = 0; y < 64; ++y)
            for (std::uint64_t x = 0; x < l.row_bytes / l.elem; ++x) REQUIRE(a->offset(y, x) == b->offset(y, x));
    }
    // What Triton's layout cannot be: refused with the rule that says why.
    auto const error_of = [](std::string const& spec, std::uint32_t row_bytes) {
        return rule_of(spec, {64, row_bytes, 2, true, std::nullopt});
    };
    CHECK(error_of("triton:vec=8,perPhase=1,maxPhase=8@pad:16", 128) == "triton-dense-rows");
    CHECK(error_of("triton:vec=8,perPhase=1,maxPhase=8", 96) == "triton-power-of-two-row");
    CHECK(error_of("triton:vec=6", 128) == "spec");
    CHECK(error_of("triton:vec=8,order=1", 128) == "spec");
    CHECK(error_of("triton:8,1,8", 128) == "spec");
    CHECK(error_of("triton:vec=0", 128) == "spec");
}

namespace {

// Triton's LinearLayoutConversions.cpp, written out: the cell each offset
// bit of an nvmma_shared tile holds. The core: column bit k -> (0, 2^k)
// below W / elem columns, row bit j < 3 -> (2^j, vec * ((2^j / perPhase) %
// maxPhase)); then the rest of the rows, (2^j, 0); then the columns, (0,
// core columns * 2^i). W = 0: the core is the box row of min(cols, 256)
// elements and no row bits are swizzled. The cell of an offset is the XOR
// of its set bits' cells.
std::vector<std::pair<std::uint64_t, std::uint64_t>> triton_nvmma_bases(std::uint32_t w, std::uint32_t vec,
                                                                        std::uint32_t per_phase, std::uint32_t max_phase,
                                                                        std::uint64_t rows, std::uint64_t cols,
                                                                        std::uint32_t elem) {
    std::uint64_t const core_cols = w ? w / elem : std::min<std::uint64_t>(cols, 256);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> bases;
    for (std::uint64_t c = 1; c < core_cols; c *= 2) bases.push_back({0, c});
    for (std::uint64_t r = 1; r < rows; r *= 2)
        bases.push_back({r, w && r < 8 ? vec * ((r / per_phase) % max_phase) : 0});
    for (std::uint64_t c = core_cols; c < cols; c *= 2) bases.push_back({0, c});
    return bases;
}

}  // namespace

TEST_CASE("Triton's TTGIR attributes place each cell where Triton's bases say, and agree with enumeration",
          "[verify][exhaustive][families][triton][ttgir]") {
    struct attribute {
        std::string text;
        std::uint32_t w, vec, per_phase, max_phase;  // Triton's core, as its accessors give it
    };
    unsigned checked = 0;
    for (std::uint32_t elem : {1u, 2u, 4u, 8u})
        for (std::uint32_t w : {0u, 32u, 64u, 128u})
            for (bool transposed : {false, true}) {
                std::string const text = "#ttg.nvmma_shared<{swizzlingByteWidth = " + std::to_string(w) + ", transposed = " +
                                         (transposed ? "true" : "false") +
                                         ", elementBitWidth = " + std::to_string(elem * 8) + "}>";
                std::vector<attribute> forms{{text, w, w ? 16 / elem : 1, w ? 128 / w : 1, w ? w / 16 : 1}};
                // Triton up to 3.2 spelled the same core with a leading offset.
                if (w && !transposed)
                    forms.push_back({"#triton_gpu.shared<{vec = " + std::to_string(16 / elem) + ", perPhase = " +
                                         std::to_string(128 / w) + ", maxPhase = " + std::to_string(w / 16) +
                                         ", order = [1, 0], hasLeadingOffset = true}>",
                                     w, 16 / elem, 128 / w, w / 16});
                for (auto const& f : forms)
                    for (std::uint64_t rows : {8u, 32u, 512u})
                        for (std::uint32_t row_bytes : {32u, 128u, 512u, 2048u}) {
                            if (row_bytes < f.w || (w == 0 && row_bytes / elem > 512)) continue;
                            // Over 256 rows (the copy engine's box), only as wide as two blocks; a
                            // transposed one is refused there (what-cannot-be test).
                            if (rows > 256 && (row_bytes > 2 * std::max(f.w, 128u) || (transposed && w && row_bytes > w)))
                                continue;
                            CAPTURE(f.text, rows, row_bytes, elem);
                            auto const s = parsed(f.text, rows, row_bytes, elem);
                            REQUIRE(s);
                            std::uint64_t const cols = row_bytes / elem;
                            auto const bases = triton_nvmma_bases(f.w, f.vec, f.per_phase, f.max_phase, rows, cols, elem);
                            for (std::uint64_t o = 0; o < rows * cols; ++o) {
                                std::uint64_t y = 0, x = 0;
                                for (std::size_t k = 0; k < bases.size(); ++k)
                                    if ((o >> k) & 1) y ^= bases[k].first, x ^= bases[k].second;
                                if (s->offset(y, x) != o * elem) {
                                    CAPTURE(o, y, x, s->offset(y, x));
                                    FAIL("the cell is not at the offset Triton's bases give it");
                                }
                            }
                            if (rows * row_bytes <= 8192) require_agreement(certified(*s), concrete_of(*s, rows), *s);
                            ++checked;
                        }
            }
    CHECK(checked > 80);
    // swizzled_shared, pasted: the triton family itself.
    auto const a = parsed("#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>", 64, 64, 2);
    auto const b = parsed("triton:vec=8,perPhase=2,maxPhase=4", 64, 64, 2);
    REQUIRE((a && b));
    CHECK(a->family == "triton");
    for (std::uint64_t y = 0; y < 64; ++y)
        for (std::uint64_t x = 0; x < 32; ++x) REQUIRE(a->offset(y, x) == b->offset(y, x));
}

TEST_CASE("Triton's shared_linear layouts place each cell where their offset bases say, and agree with enumeration",
          "[verify][exhaustive][families][triton][ttgir]") {
    std::mt19937_64 rng(20261207);
    unsigned checked = 0;
    for (unsigned row_bits : {0u, 2u, 3u, 5u})
        for (unsigned col_bits : {1u, 3u, 5u})
            for (int draw = 0; draw < 4; ++draw) {
                // The identity's bases (columns, then rows), mixed by XORing
                // one into another: still one cell per offset.
                std::vector<std::pair<std::uint64_t, std::uint64_t>> bases;
                for (unsigned k = 0; k < col_bits; ++k) bases.push_back({0, std::uint64_t(1) << k});
                for (unsigned k = 0; k < row_bits; ++k) bases.push_back({std::uint64_t(1) << k, 0});
                for (int mix = 0; mix < 6 && bases.size() > 1; ++mix) {
                    std::size_t const i = rng() % bases.size(), j = rng() % bases.size();
                    if (i != j) bases[i].first ^= bases[j].first, bases[i].second ^= bases[j].second;
                }
                std::shuffle(bases.begin(), bases.end(), rng);
                std::string text = "#ttg.shared_linear<{offset = [";
                for (std::size_t k = 0; k < bases.size(); ++k)
                    text += (k ? ", [" : "[") + std::to_string(bases[k].first) + ", " + std::to_string(bases[k].second) + "]";
                text += "]}, alignment = 16>";
                std::uint32_t const elem = draw % 2 ? 2 : 4;
                std::uint64_t const rows = std::uint64_t(1) << row_bits, cols = std::uint64_t(1) << col_bits;
                CAPTURE(text, elem);
                auto const s = parsed(text, rows, std::uint32_t(cols * elem), elem);
                REQUIRE(s);
                for (std::uint64_t o = 0; o < rows * cols; ++o) {
                    std::uint64_t y = 0, x = 0;
                    for (std::size_t k = 0; k < bases.size(); ++k)
                        if ((o >> k) & 1) y ^= bases[k].first, x ^= bases[k].second;
                    REQUIRE(s->offset(y, x) == o * elem);
                }
                if (draw == 0) require_agreement(certified(*s), concrete_of(*s, rows), *s);
                ++checked;
            }
    CHECK(checked == 48);
}

TEST_CASE("TTGIR attributes place each cell where Triton's own unit tests say", "[verify][families][triton][ttgir]") {
    // Offset bases, as (dim0, dim1), that Triton's
    // unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp expects of
    // toLinearLayout (LeadingOffset_* and SharedSwizzled2D_Order01): facts
    // about Triton, not derived here. The tile is given in storage order:
    // where dim0 is contiguous (transposed, order [0, 1]) its row is dim1.
    struct golden {
        char const* text;
        std::uint64_t dim0, dim1;
        std::uint32_t elem;
        bool dim0_contiguous;
        std::vector<std::pair<std::uint64_t, std::uint64_t>> bases;
    };
    std::vector<golden> const cases{
        {"#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>", 8, 16, 2, false,
         {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}}},
        {"#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>", 128, 16, 2, false,
         {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}, {8, 0}, {16, 0}, {32, 0}, {64, 0}}},
        {"#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>", 8, 32, 2, false,
         {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 8}, {4, 16}}},
        {"#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>", 8, 64, 2, false,
         {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}}},
        {"#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>", 8, 64, 4, false,
         {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 4}, {2, 8}, {4, 16}, {0, 32}}},
        {"#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>", 128, 128, 4, true,
         {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {4, 1}, {8, 2}, {16, 4}, {0, 8}, {0, 16}, {0, 32}, {0, 64}, {32, 0},
          {64, 0}}},
        {"#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 4, order = [0, 1]}>", 4, 8, 2, true,
         {{1, 0}, {2, 0}, {1, 1}, {2, 2}, {0, 4}}},
    };
    for (auto const& g : cases) {
        std::uint64_t const rows = g.dim0_contiguous ? g.dim1 : g.dim0, cols = g.dim0_contiguous ? g.dim0 : g.dim1;
        CAPTURE(g.text, rows, cols);
        auto const s = parsed(g.text, rows, std::uint32_t(cols * g.elem), g.elem);
        REQUIRE(s);
        for (std::uint64_t o = 0; o < rows * cols; ++o) {
            std::uint64_t d0 = 0, d1 = 0;
            for (std::size_t k = 0; k < g.bases.size(); ++k)
                if ((o >> k) & 1) d0 ^= g.bases[k].first, d1 ^= g.bases[k].second;
            std::uint64_t const y = g.dim0_contiguous ? d1 : d0, x = g.dim0_contiguous ? d0 : d1;
            REQUIRE(s->offset(y, x) == o * g.elem);
        }
    }
}

TEST_CASE("what a TTGIR attribute cannot be here: refused with the rule that says why", "[verify][families][ttgir]") {
    auto const error_of = [](std::string const& text, std::uint64_t rows, std::uint32_t row_bytes, std::uint32_t elem = 2,
                             bool elem_given = true) {
        tile_request t{rows, row_bytes, elem, elem_given, std::nullopt};
        return rule_of(text, t);
    };
    std::string const nvmma128 = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>";
    CHECK(error_of(nvmma128, 64, 256) == "accepted");
    CHECK(error_of(nvmma128, 64, 256, 4, false) == "accepted");  // the element from the text
    CHECK(error_of(nvmma128, 64, 256, 4) == "elem-agrees");
    CHECK(error_of(nvmma128, 64, 64) == "ttgir-core-fits");
    CHECK(error_of(nvmma128, 4, 128) == "ttgir-core-fits");
    CHECK(error_of("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>", 512, 256) ==
          "ttgir-transposed-blocks");
    CHECK(error_of("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>", 512, 128) ==
          "accepted");
    CHECK(error_of("#ttg.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>", 64, 128, 4) ==
          "ttgir-core-vectors");
    CHECK(error_of(nvmma128, 96, 256) == "blocks-powers-of-two");  // the spec it reads as breaks its own rule
    // Triton 3.0-3.2's leading-offset layout implies its element where none is named.
    std::string const legacy = "#ttg.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>";
    CHECK(error_of(legacy, 64, 256, 4, false) == "accepted");
    CHECK(error_of(legacy, 64, 256, 4, true) == "ttgir-core-vectors");
    std::string const linear = "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0]]}, alignment = 16>";
    CHECK(error_of(linear, 2, 8) == "accepted");
    CHECK(error_of(linear, 4, 8) == "ttgir-linear-tile");
    CHECK(error_of(linear, 2, 16) == "ttgir-linear-tile");
    // Replicas over a CTA cluster hold the whole tile each: its layout.
    CHECK(error_of("#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, CTAsPerCGA = [2, 1], "
                   "CTASplitNum = [1, 1], CTAOrder = [1, 0]}>",
                   64, 256) == "accepted");
    CHECK(error_of("#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, CGALayout = [[0, 0]]}>", 64, 256) ==
          "accepted");
    for (auto const* text : {
             "#ttg.nvmma_shared<{swizzlingByteWidth = 96, elementBitWidth = 16}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 4}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, fp4Padded = true}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, transposed = 1}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1]}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, CGALayout = [[0, 1]]}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, CTAsPerCGA = [2, 1]}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, colour = 3}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16, elementBitWidth = 16}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16}",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16}> extra",
             "#ttg.swizzled_shared<{vec = 6, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
             "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>",
             "#ttg.shared<{vec = 8, perPhase = 2, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>",
             "#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>",
             "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 64]}>",
             "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 3}>",
             "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [2, 1, 0]}>",
             "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], CTAsPerCGA = [1, 1, 1]}>",
             "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 0], [1, 0]]}, alignment = 16>",
             "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 3], [1, 0]]}, alignment = 16>",
             "#ttg.shared_linear<{offset = [[0, 1, 0], [0, 2, 0], [1, 0, 0]]}, alignment = 16>",
             "#ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [[1, 0]]}, alignment = 16>",
             "#ttg.shared_linear<{offset = []}, alignment = 16>",
             "#mlir.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 16}>",
             "#",
         }) {
        CAPTURE(text);
        CHECK(error_of(text, 64, 256) == "spec");
    }
}

TEST_CASE("column blocks place each cell where CUTLASS's tiled atoms and one TMA box a block put it, and agree with enumeration",
          "[verify][exhaustive][families][blocks]") {
    auto const bit = [](std::uint64_t v, unsigned k) { return (v >> k) & 1; };
    // CuTe's Swizzle<B,M,S> (S > 0), bit by bit.
    auto const swizzle = [&](unsigned b, unsigned m, unsigned sh, std::uint64_t o) {
        for (unsigned i = 0; i < b; ++i) o ^= bit(o, m + i + sh) << (m + i);
        return o;
    };
    SECTION("tile_to_shape of an 8-row atom of 64 halves under Swizzle<3,3,3>, atoms down the rows first") {
        // CUTLASS's K-major 128-byte atom for 16-bit elements, tiled to 64 x
        // 256 halves: atom (i, j) = (y / 8, x / 64) is the (i + j * 8)-th,
        // 512 elements each, the swizzle on the whole element offset.
        auto const s = parsed("cute:3,3,3@blocks:128", 64, 512, 2);
        REQUIRE(s);
        for (std::uint64_t y = 0; y < 64; ++y)
            for (std::uint64_t x = 0; x < 256; ++x) {
                std::uint64_t const atom = y / 8 + x / 64 * 8, inside = y % 8 * 64 + x % 64;
                REQUIRE(s->offset(y, x) == swizzle(3, 3, 3, atom * 512 + inside) * 2);
            }
    }
    SECTION("one TMA box of 128-byte rows a block, the copy engine's swizzle on each byte address") {
        // Box j of R rows at byte j * R * 128; the 128B mode XORs address bits
        // 7-9 into 4-6. R = 4: a box smaller than the mode's 1024-byte repeat.
        for (std::uint64_t rows : {4u, 16u}) {
            auto const s = parsed("tma:128B@blocks:128", rows, 512, 4);
            REQUIRE(s);
            for (std::uint64_t y = 0; y < rows; ++y)
                for (std::uint64_t x = 0; x < 128; ++x)
                    REQUIRE(s->offset(y, x) == swizzle(3, 4, 3, x * 4 / 128 * rows * 128 + y * 128 + x * 4 % 128));
        }
    }
    SECTION("every verdict and figure against enumeration") {
        unsigned checked = 0;
        for (auto const& [spec, rows, row_bytes, elem] : std::vector<std::tuple<char const*, std::uint64_t, std::uint32_t, std::uint32_t>>{
                 {"cute:3,3,3@blocks:128", 32, 256, 2}, {"cute:3,4,3,unit=byte@blocks:128", 16, 512, 1},
                 {"tma:128B@blocks:128", 16, 256, 4}, {"tma:64B@blocks:64", 32, 256, 2}, {"tma:32B@blocks:32", 8, 128, 8},
                 {"blocks:64", 32, 256, 4}, {"cute:2,2,3@blocks:32", 64, 128, 2}})
            checked += check(spec, rows, row_bytes, elem);
        CHECK(checked == 7);
    }
    SECTION("what column blocks cannot be: refused with the rule that says why") {
        auto const error_of = [](std::string const& spec, std::uint64_t rows, std::uint32_t row_bytes, bool rows_given = true) {
            tile_request t{rows, row_bytes, 2, true, std::nullopt};
            t.rows_given = rows_given;
            return rule_of(spec, t);
        };
        CHECK(error_of("cute:3,3,3@blocks:128", std::uint64_t{1} << 32, 256, false) == "blocks-rows-given");
        CHECK(error_of("cute:3,3,3@blocks:128", 96, 256) == "blocks-powers-of-two");
        CHECK(error_of("cute:3,3,3@blocks:128", 64, 192) == "blocks-powers-of-two");
        CHECK(error_of("cute:3,3,3@blocks:96", 64, 256) == "blocks-powers-of-two");
        CHECK(error_of("cute:3,3,3@blocks:512", 64, 256) == "blocks-width");
        CHECK(error_of("tma:128B@blocks:64", 64, 256) == "blocks-tma-span");
        CHECK(error_of("tma:128B,base=1024@blocks:128", 64, 256) == "blocks-tma-base");
        CHECK(error_of("linear:1,2@blocks:128", 64, 256) == "spec");
        CHECK(error_of("blocks:128@pad:16", 64, 256) == "spec");
        CHECK(error_of("blocks", 64, 256) == "spec");
        CHECK(error_of("cute:3,3,3@blocks:128", 64, 256) == "accepted");
    }
}

TEST_CASE("TMA modes agree with enumeration on every row size, at aligned and misaligned bases", "[verify][exhaustive][families]") {
    unsigned checked = 0;
    for (std::uint32_t span : {0u, 32u, 64u, 128u})
        for (std::uint32_t elem : {1u, 2u, 4u})
            for (std::uint32_t row = 16; row <= (span ? span : 128); row *= 2)
                for (std::uint32_t base : {0u, 128u, 512u}) {
                    std::string const mode = span ? std::to_string(span) + "B" : "none";
                    std::string const spec = "tma:" + mode + (base ? ",base=" + std::to_string(base) : "");
                    CAPTURE(spec, elem, row);
                    auto const s = parsed(spec, 64, row, elem);
                    REQUIRE(s);
                    auto const c = certified(*s);
                    require_agreement(c, concrete_of(*s, 64), *s);
                    ++checked;
                    // The alignment figure: the smallest power of two A such
                    // that every base that is a multiple of A places the
                    // tile as the swizzle of its relative offsets.
                    tma_swizzle const mode_at_0{span, 0};
                    auto agrees_at = [&](std::uint64_t b) {
                        tma_swizzle const at{span, std::uint32_t(b)};
                        for (std::uint64_t y = 0; y < 64; ++y)
                            for (std::uint64_t x = 0; x < row / elem; ++x) {
                                std::uint64_t const o = y * std::max(row, span) + x * elem;
                                if (at(o) != mode_at_0(o)) return false;
                            }
                        return true;
                    };
                    std::uint64_t want = 16;
                    for (;; want *= 2) {
                        bool all = true;
                        for (std::uint64_t b = 0; b < 8192 && all; b += want) all = agrees_at(b);
                        if (all) break;
                    }
                    auto const r = by_id(c);
                    REQUIRE(r.at("tma.alignment").fig);
                    CHECK(r.at("tma.alignment").fig->value == want);
                    CHECK(r.at("tma.base").outcome == holds(agrees_at(base)));
                }
    CHECK(checked == 3 * 3 * (4 + 2 + 3 + 4));  // none: 16..128; 32B: 16, 32; 64B: 16..64; 128B: 16..128
}

TEST_CASE("padded tiles agree with enumeration, with their own chunk and a 16-byte one", "[verify][exhaustive][families]") {
    unsigned checked = 0;
    for (std::uint32_t elem : {1u, 2u, 4u, 8u})
        for (std::uint32_t row : {32u, 128u})
            for (std::uint32_t pad : {0u, 2u, 4u, 8u, 12u, 16u}) {
                std::string const spec = pad ? "pad:" + std::to_string(pad) : "plain";
                if (pad % elem) continue;
                checked += check(spec, 64, row, elem);
                checked += check(spec, 64, row, elem, 16u);
            }
    CHECK(checked > 30);
}

TEST_CASE("swizzles after padded tiles agree with enumeration", "[verify][exhaustive][families]") {
    unsigned checked = 0;
    for (auto const* spec : {"cute:3,3,3@pad:16", "cute:2,4,3,unit=byte@pad:16", "cute:3,4,3,unit=byte@pad:4",
                             "cute:1,2,3@pad:8", "linear:1,2,4,8,16,32,64,128,256,512,1024,2048,4096@pad:16"})
        checked += check(spec, 64, 128, 2);
    CHECK(checked == 5);
}

TEST_CASE("GF(2) layouts agree with enumeration: identities, random invertible bases, deficient ranks", "[verify][exhaustive][families]") {
    std::mt19937 rng(11);
    // 64 rows x 32 two-byte elements: 11 offset bits.
    unsigned const bits = 11;
    for (int trial = 0; trial < 12; ++trial) {
        std::vector<std::uint64_t> image(bits);
        for (unsigned k = 0; k < bits; ++k) image[k] = std::uint64_t(1) << k;
        // Random row operations keep the basis invertible; the last trials
        // break the rank on purpose.
        for (int op = 0; op < trial * 3; ++op) {
            unsigned const i = rng() % bits, j = rng() % bits;
            if (i != j) image[i] ^= image[j];
        }
        if (trial >= 9) image[rng() % bits] = image[rng() % bits];
        std::string spec = "linear:";
        for (unsigned k = 0; k < bits; ++k) spec += (k ? "," : "") + std::to_string(image[k]);
        CAPTURE(spec);
        REQUIRE(check(spec, 64, 64, 2));
    }
}

TEST_CASE("equivalence verdicts equal a cell-by-cell comparison", "[verify][exhaustive][families]") {
    struct pair {
        char const* a;
        char const* b;
        std::uint32_t row, elem;
    };
    for (auto const& q : {pair{"article:nx=64,elem=2,tc=16", "tma:128B", 128, 2}, pair{"article:nx=32,elem=2,tc=16", "tma:64B", 64, 2},
                          pair{"article:nx=16,elem=2,tc=16", "tma:32B", 32, 2}, pair{"cute:3,3,3", "tma:128B", 128, 2},
                          pair{"cute:3,4,3,unit=byte", "tma:128B", 128, 2}, pair{"cute:3,4,3", "tma:128B", 128, 2},
                          pair{"article:nx=128,elem=1,tc=16", "cute:3,4,3", 128, 1}, pair{"plain", "tma:none", 128, 4},
                          pair{"article:nx=32,elem=4,tc=4", "cute:5,0,5", 128, 4}, pair{"pad:4", "plain", 128, 4}}) {
        CAPTURE(q.a, q.b);
        auto const a = parsed(q.a, 64, q.row, q.elem), b = parsed(q.b, 64, q.row, q.elem);
        REQUIRE(a);
        REQUIRE(b);
        prover p(120000);
        auto const r = prove_equivalence(p, *a, *b);
        bool const same = enumerated_equal(concrete_of(*a, 64), b->offset);
        CHECK(r.outcome == holds(same));
        if (!same) {
            std::uint64_t const y = r.evidence.at("cell")[0], x = r.evidence.at("cell")[1];
            CHECK(a->offset(y, x) != b->offset(y, x));
        }
    }
}

TEST_CASE("every built-in access agrees with enumeration on a layout of every family", "[verify][exhaustive][families]") {
    // ldmatrix, stmatrix and cp.async beside the four patterns, the solver
    // deciding each figure (the enumeration writes the lanes out itself).
    struct tile {
        char const* spec;
        std::uint32_t row_bytes, elem;
    };
    for (auto const& t : {tile{"plain", 128, 2}, tile{"pad:16", 128, 2}, tile{"article:nx=64,elem=2,tc=16", 128, 2},
                          tile{"cute:3,3,3", 128, 2}, tile{"cute:2,4,3,unit=byte", 64, 1}, tile{"tma:128B", 128, 2},
                          tile{"tma:64B", 64, 4}, tile{"tma:32B", 32, 2}, tile{"pad:4", 64, 4}}) {
        CAPTURE(t.spec);
        auto const s = parsed(t.spec, 40, t.row_bytes, t.elem);
        REQUIRE(s);
        certify_options o;
        o.timeout_ms = 120000;
        o.figures = figure_method::smt;
        o.accesses = {"ldmatrix.x1", "ldmatrix.x2", "ldmatrix.x4", "stmatrix.x4.trans", "cp.async.4", "cp.async.16"};
        require_agreement(certify(*s, o), concrete_of(*s, 40), *s);
    }
}

TEST_CASE("a bank period cuts the column starts of swizzles that leave their rows but keep lanes a pitch apart", "[verify][exhaustive][families]") {
    // Rows of odd lengths: CuTe's swizzle moves cells across rows, but only
    // within its aligned block, smaller than a pitch, so two lanes never
    // share a unit and the bank period lemmas cut the column starts
    // (access_spec.cpp's lanes_apart) where the block (1024 elements or
    // bytes for Swizzle<3,4,3>) is no longer than the pitch: not on 1000-byte
    // rows. Rows past the bank period, so the cut applies; figure and first
    // start against every start enumerated.
    std::uint64_t const rows = 1536;
    int cut = 0;
    for (auto const& [spec, row_bytes, elem] : std::vector<std::tuple<std::string, std::uint32_t, std::uint32_t>>{
             {"cute:3,4,3", 1500, 1}, {"cute:2,4,3", 600, 1}, {"cute:1,4,3", 600, 2}, {"cute:3,4,3,unit=byte@pad:8", 1100, 2},
             {"cute:3,3,3@pad:2", 1030, 2}, {"cute:2,4,3@pad:4", 1020, 2}, {"cute:3,4,3", 1000, 1},
             // chunks wider than the element: the cut where every chunk is whole
             {"cute:2,4,3", 1608, 1}, {"cute:3,3,3@pad:8", 1032, 2}, {"cute:2,3,3,unit=byte@pad:16", 2064, 4}}) {
        auto const s = parsed(spec, rows, row_bytes, elem);
        REQUIRE(s);
        CAPTURE(spec, row_bytes, elem);
        auto const t = concrete_of(*s, rows);
        REQUIRE_FALSE(enumerated_row_locality(t));
        certify_options o;
        auto const c = by_id(certify(*s, o));
        for (std::string const name : {"column", "column-chunk"}) {
            CAPTURE(name, c.at("conflict." + name).method);
            auto const e = enumerated_worst_wavefronts(t, name);
            if (!e.applicable || e.illegal) continue;
            auto const& r = c.at("conflict." + name);
            REQUIRE(r.fig.has_value());
            CHECK(r.fig->value == e.worst);
            std::uint64_t const cols = row_bytes / (name == "column" ? elem : t.chunk);
            auto const& v = r.evidence.at("variables");
            CHECK(v.at("y0").get<std::uint64_t>() * cols + v.at("c").get<std::uint64_t>() == e.first_worst);
            bool const by_period = r.method.find("bank_period") != std::string::npos;
            if (s->swizzle->span_bytes > s->pitch) CHECK_FALSE(by_period);  // lanes may share a unit: no cut
            cut += by_period;
        }
    }
    CHECK(cut >= 3);
}

TEST_CASE("a swizzle keeps every offset in its aligned block of span_bytes, the same map in each, and its chunks whole, as the cuts assume", "[verify][families][span]") {
    // swizzle_view::span_bytes, from the family's repeat (the bits its map
    // reads and writes): F(u) and u agree above it, for every B, M, S and
    // TMA mode, on the first offsets and on random ones up to 2^40.
    std::mt19937_64 rng(5);
    int checked = 0;
    std::vector<std::string> specs{"tma:32B", "tma:64B", "tma:128B", "tma:none"};
    for (int b = 0; b <= 4; ++b)
        for (int m = 0; m <= 5; ++m)
            for (int s : {-6, -4, -3, -2, -1, 1, 2, 3, 4, 6})
                for (char const* unit : {"", ",unit=byte"})
                    specs.push_back("cute:" + std::to_string(b) + "," + std::to_string(m) + "," + std::to_string(s) + unit);
    for (auto const& spec : specs) {
        auto const s = parsed(spec, 64, 128, 2);
        if (!s || !s->swizzle) continue;
        std::uint64_t const unit = s->swizzle->unit_bytes, span = s->swizzle->span_bytes / unit;
        REQUIRE(span > 0);
        REQUIRE((span & (span - 1)) == 0);
        CAPTURE(spec, span);
        // The chunk (row_bytes 128 is no limit) in the swizzle's units.
        std::uint64_t const granule = s->chunk_bytes / unit;
        std::uint64_t moved = 0, other_map = 0, granule_broken = 0;  // offsets taken out of their block, ...
        for (std::uint64_t i = 0; i < 4096 + 1000; ++i) {
            std::uint64_t const u = i < 4096 ? i : rng() % (std::uint64_t(1) << 40), f = s->swizzle->apply(u);
            moved += f / span != u / span;
            // the same map in every block (swizzle_classes, bijection's blocks)
            other_map += f - u / span * span != s->swizzle->apply(u % span);
            // aligned chunks whole (the bank period's cut of units wider than an element)
            granule_broken += f - u % granule != s->swizzle->apply(u - u % granule);
        }
        CHECK(moved == 0);
        CHECK(other_map == 0);
        CHECK(granule_broken == 0);
        ++checked;
    }
    CHECK(checked > 300);
}

TEST_CASE("CuTe's printed layouts are decided as the tile they are, and agree with enumeration",
          "[verify][exhaustive][families][cute-layout]") {
    struct layout {
        char const* text;
        std::uint64_t rows;
        std::uint32_t row_bytes, elem;
        char const* family;  // the route its map takes (cute_layout_subject.hpp)
        char const* same;    // a spec of the same map, where one exists
    };
    std::vector<layout> const layouts = {
        // Rows a pitch apart: the CuTe swizzle after a plain or padded tile.
        {"Sw<3,3,3> o _0 o (_8,_64):(_64,_1)", 8, 128, 2, "cute", "cute:3,3,3"},
        {"Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))", 128, 128, 2, "cute",
         "cute:3,4,3,unit=byte"},
        {"(32,(8,4)):(40,(1,8))", 32, 128, 4, "pad", "pad:32"},
        // GF(2) maps: the SW128 atom tiled two across, and the MN-major atom.
        {"Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_2)):((_64,_512),(_1,_8192))", 128, 256, 2, "linear",
         "cute:3,4,3,unit=byte@blocks:128"},
        {"Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)", 64, 16, 2, "linear", nullptr},
        // Neither: 96 rows in two column blocks, gaps, overlapping rows, a
        // column-major tile of 12 rows.
        {"Sw<3,3,3> o _0 o ((_8,_12),(_64,_2)):((_64,_512),(_1,_6144))", 96, 256, 2, "cute-layout", nullptr},
        {"((8,2),64):((64,1024),1)", 16, 256, 4, "cute-layout", nullptr},
        {"(8,64):(32,1)", 8, 64, 1, "cute-layout", nullptr},
        {"Sw<1,1,2> o 0 o (12,16):(1,12)", 12, 32, 2, "cute-layout", nullptr},
    };
    for (auto const& l : layouts) {
        CAPTURE(l.text);
        auto const s = parsed(l.text, l.rows, l.row_bytes, l.elem);
        REQUIRE(s);
        CHECK(s->family == l.family);
        if (l.same) {
            auto const other = parsed(l.same, l.rows, l.row_bytes, l.elem);
            REQUIRE(other);
            for (std::uint64_t y = 0; y < l.rows; ++y)
                for (std::uint64_t x = 0; x < l.row_bytes / l.elem; ++x) REQUIRE(s->offset(y, x) == other->offset(y, x));
        }
        REQUIRE(check(l.text, l.rows, l.row_bytes, l.elem));
    }
    // The rows CuTe's layout function gives the general form: every cell of
    // the 96-row tile against the digits written out.
    auto const tall = parsed("Sw<3,3,3> o _0 o ((_8,_12),(_64,_2)):((_64,_512),(_1,_6144))", 96, 256, 2);
    REQUIRE(tall);
    for (std::uint64_t y = 0; y < 96; ++y)
        for (std::uint64_t x = 0; x < 128; ++x) {
            std::uint64_t e = y % 8 * 64 + y / 8 * 512 + x % 64 + x / 64 * 6144;
            e ^= ((e >> 6) & 7u) << 3;  // Swizzle<3,3,3>: bits 6-8 XORed onto bits 3-5
            REQUIRE(tall->offset(y, x) == e * 2);
        }
}

TEST_CASE("what a CuTe layout cannot be here: refused with the rule that says why", "[verify][families][cute-layout]") {
    auto const error_of = [](std::string const& text, std::uint32_t elem = 2, bool elem_given = false,
                             std::optional<std::uint64_t> rows = std::nullopt, std::optional<std::uint32_t> row_bytes = std::nullopt) {
        tile_request t{rows.value_or(all_32bit_rows), row_bytes, elem, elem_given, std::nullopt};
        t.rows_given = rows.has_value();
        return rule_of(text, t);
    };
    CHECK(error_of("(_8,_64,_4,_2):(_64,_1,_512,_2048)") == "cute-layout-two-modes");
    CHECK(error_of("_64:_1") == "cute-layout-two-modes");
    CHECK(error_of("Sw<3,3,3> o 512 o (8,64):(64,1)") == "cute-layout-offset");
    CHECK(error_of("Sw<3,4,3> o smem_ptr[4b](unset) o (8,256):(256,1)") == "cute-layout-element");
    CHECK(error_of("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", 4, true) == "elem-agrees");
    CHECK(error_of("(8,64):(64,1)", 2, false, 16) == "cute-layout-rows");
    CHECK(error_of("(8,64):(64,1)", 2, false, 8, 256) == "row-bytes-agrees");
    CHECK(error_of("(8,64:(64,1)") == "spec");
    CHECK(error_of("(8,(64,2)):(64,1)") == "spec");
    CHECK(error_of("Sw<3,5,3> o 0 o (8,8):(8,1)") == "swizzle-fits-tile");
    CHECK(error_of("Sw<2,0,3> o smem_ptr[32b](unset) o (8,8):(8,1)", 4) == "swizzle-keeps-elements");
    CHECK(error_of("(9000,(64,125)):(1,(9000,576000))", 1) == "cute-layout-size");
    // A tensor's print: the swizzle reads its address, which must be on the swizzle's repeat and the bank line.
    CHECK(error_of("Sw<3,4,3>_smem_ptr[16b](0x7f3a00000480) o (8,64):(64,1)") == "cute-layout-address");
    CHECK(error_of("smem_ptr[32b](0x7f3a00000010) o (32,32):(33,1)", 4) == "cute-layout-address");
    CHECK(error_of("Sw<3,4,3>_smem_ptr[16b](0x7f3a00000400) o (8,64):(64,1)") == "accepted");
    CHECK(error_of("Sw<2,4,3>_smem_ptr[16b](0x7f3a00000200) o (8,32):(32,1)") == "accepted");
    auto const at = parsed("Sw<3,4,3>_smem_ptr[16b](0x7f3a00000400) o (8,64):(64,1)", 8, 128, 2);
    auto const unset = parsed("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", 8, 128, 2);
    REQUIRE((at && unset));
    for (std::uint64_t y = 0; y < 8; ++y)
        for (std::uint64_t x = 0; x < 64; ++x) REQUIRE(at->offset(y, x) == unset->offset(y, x));
    CHECK(error_of("(8,64):(64,1)", 2, false, 8, 128) == "accepted");
}

TEST_CASE("a CuTe layout of pipeline stages: every stage stage 0 moved, and none sharing a byte, as enumeration finds",
          "[verify][families][cute-layout][stages]") {
    struct staged {
        char const* text;
        std::uint32_t elem;
        verdict moved, disjoint;  // unknown: not applicable
    };
    for (auto const& c : {staged{"Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1),(_1,_4)):((_64,_512),(_1,_0),(_0,_8192))", 2,
                                 verdict::proved, verdict::proved},
                          staged{"Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1),(_1,_4)):((_64,_512),(_1,_0),(_0,_4096))", 2,
                                 verdict::proved, verdict::refuted},
                          staged{"Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1),_4):((_64,_512),(_1,_0),8224)", 2,
                                 verdict::refuted, verdict::unknown},
                          staged{"((8,2),64,2):((64,1024),1,512)", 4, verdict::proved, verdict::proved},
                          staged{"(8,64,2):(64,1,0)", 4, verdict::proved, verdict::refuted},
                          staged{"Sw<3,3,3> o _0 o (_8,_64,(_2,_3)):(_64,_1,(_512,_1024))", 2, verdict::proved, verdict::proved},
                          staged{"Sw<2,3,3> o _0 o ((12,8),32,3):((32,384),1,3328)", 2, verdict::proved, verdict::proved},
                          staged{"Sw<2,3,3> o _0 o ((12,8),32,3):((32,384),1,3104)", 2, verdict::refuted, verdict::unknown}}) {
        CAPTURE(c.text);
        auto const p = parse_layout(c.text, {all_32bit_rows, std::nullopt, c.elem, true, std::nullopt, false});
        REQUIRE(std::holds_alternative<layout_subject>(p));
        layout_subject const& s = std::get<layout_subject>(p);
        REQUIRE(s.stages);
        // Every stage's cells through the layout's own parts: mode 2 gives
        // the stage's element offset, added before the swizzle.
        cute_layout_text const t = std::get<cute_layout_text>(parse_cute_layout(c.text));
        cute_mode const rows = std::get<cute_mode>(flat_mode(t, 0, c.text)), cols = std::get<cute_mode>(flat_mode(t, 1, c.text)),
                        stage = std::get<cute_mode>(flat_mode(t, 2, c.text));
        bit_swizzle const f = t.swizzle.value_or(bit_swizzle{});
        auto const byte = [&](std::uint64_t st, std::uint64_t y, std::uint64_t x) {
            std::uint64_t const e = rows.offset(y) + cols.offset(x) + stage.offset(st);
            return t.pointer ? f(e * c.elem) : f(e) * c.elem;
        };
        // stages.moved: each offset a multiple of the repeat worked out by hand
        // (2^(top bit) units, at least 128 bytes), and then every cell of
        // stage s is stage 0's moved by it.
        std::uint64_t const units = f.bits ? std::uint64_t(1) << f.top_bit() : 1;
        std::uint64_t const repeat = std::max<std::uint64_t>(128, units * (t.pointer ? 1 : c.elem));
        bool moved = true;
        for (std::uint64_t st = 0; st < stage.size(); ++st) moved &= stage.offset(st) * c.elem % repeat == 0;
        auto const r = by_id(certified(s));
        CHECK(r.at("stages.moved").outcome == holds(moved));
        CHECK(c.moved == holds(moved));
        if (!moved) {
            CHECK_FALSE(r.at("stages.disjoint").applicable);
            continue;
        }
        std::set<std::uint64_t> seen;
        bool disjoint = true;
        for (std::uint64_t st = 0; st < stage.size(); ++st)
            for (std::uint64_t y = 0; y < s.rows(); ++y)
                for (std::uint64_t x = 0; x < s.cols(); ++x) {
                    REQUIRE(byte(st, y, x) == byte(0, y, x) + stage.offset(st) * c.elem);
                    disjoint &= seen.insert(byte(st, y, x)).second;
                }
        CHECK(r.at("stages.disjoint").outcome == holds(disjoint));
        CHECK(c.disjoint == holds(disjoint));
    }
    tile_request const any_height{all_32bit_rows, std::nullopt, 2, false, std::nullopt, false};
    CHECK(rule_of("(8,64,5000):(64,1,512)", any_height) == "cute-layout-stages");
    CHECK(rule_of("(8,64,2,2):(64,1,512,1024)", any_height) == "cute-layout-two-modes");
}
