// CuTe's Swizzle<B,M,S> as a family (verify/family/cute_family.*): its
// closed forms (cute_figure_forms.hpp) equal, on every small instance, the
// worst case that enumerating every start of each built-in access finds,
// with the swizzle written here again from CuTe's own definition (mask,
// shift, XOR); the family mode proves every property over the whole family;
// wrong forms and a wrong family rule are refuted on the instance they break.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>

#include "agreement.hpp"
#include "family/certify_family.hpp"
#include "family/cute_family.hpp"
#include "layout_subjects.hpp"
#include "support/enumerate.hpp"
#include "swz/pow2.hpp"

using namespace swz;
using namespace swz::verify;
using namespace swz::testing;

namespace {

// CuTe's Swizzle<B,M,S>::apply: yyy_msk = (2^B - 1) << (M + max(S, 0)),
// offset ^ ((offset & yyy_msk) >> S), a left shift for S < 0.
std::uint64_t cute_apply(unsigned b, unsigned m, int s, std::uint64_t o) {
    std::uint64_t const yyy = ((std::uint64_t(1) << b) - 1) << (m + unsigned(s > 0 ? s : 0));
    return s >= 0 ? o ^ ((o & yyy) >> s) : o ^ ((o & yyy) << -s);
}

struct small_cute {
    unsigned e, n, b, m;
    int s;
    std::uint64_t rows;
    bool keeps_rows() const { return b == 0 || m + unsigned(s < 0 ? -s : 0) + b <= n; }
    unsigned top() const { return m + unsigned(s < 0 ? -s : s) + b; }
    std::uint64_t elem() const { return std::uint64_t(1) << e; }
    std::uint64_t row_bytes() const { return std::uint64_t(1) << (n + e); }
    // The chunk the -chunk patterns move: 2^M elements, at most 16 bytes and the row.
    std::uint64_t chunk() const {
        std::uint64_t c = std::min<std::uint64_t>(16, row_bytes());
        if (b > 0) c = std::min(c, (std::uint64_t(1) << m) * elem());
        return c;
    }
    concrete_tile tile() const {
        concrete_tile t;
        t.shape = {rows, std::uint32_t(row_bytes()), std::uint32_t(elem())};
        t.pitch = row_bytes();
        t.footprint = rows * row_bytes();
        t.chunk = std::uint32_t(chunk());
        auto const me = *this;
        t.offset = [me](std::uint64_t y, std::uint64_t x) { return cute_apply(me.b, me.m, me.s, (y << me.n) + x) << me.e; };
        return t;
    }
    cute_instance instance() const {
        auto i = cute_instance::of({e, n, b, m, std::uint64_t(s > 0 ? s : 0), std::uint64_t(s < 0 ? -s : 0), rows});
        REQUIRE(i);
        return *i;
    }
};

// Rows for every start of one repeat of the swizzle and 32 rows past it,
// in whole repeats.
small_cute with_rows(small_cute c) {
    std::uint64_t const period = c.top() > c.n ? std::uint64_t(1) << (c.top() - c.n) : 1;
    c.rows = period * (1 + (32 + period - 1) / period);
    return c;
}

// The instance a refutation names, as its variables say.
small_cute named_by(nlohmann::json const& v) {
    int const down = v.at("S_down").get<int>(), up = v.at("S_up").get<int>();
    return with_rows({v.at("log2_elem").get<unsigned>(), v.at("log2_row_elems").get<unsigned>(), v.at("B").get<unsigned>(),
                      v.at("M").get<unsigned>(), down - up, 0});
}

std::uint64_t unit_log_of(std::uint64_t width) { return log2_floor(width < 4 ? 4 : width); }

std::uint64_t form_wavefronts(column_form<std::uint64_t> const& f) { return wavefronts_of(f); }

// Every CuTe swizzle with B <= 2, M <= 3, |S| <= 7 (|S| >= B), on rows of
// up to 16 elements of every size, on a tile of whole repeats and 32 rows
// past one.
template <class Each>
void for_each_small_cute(Each&& each) {
    for (unsigned e = 0; e <= 4; ++e)
        for (unsigned n = 0; n <= 4; ++n)
            for (unsigned b = 0; b <= 2; ++b)
                for (unsigned m = 0; m <= 3; ++m)
                    for (int s = -7; s <= 7; ++s) {
                        if (b == 0 && s != 0) continue;
                        if (b > 0 && unsigned(std::abs(s)) < b) continue;
                        each(with_rows(small_cute{e, n, b, m, s, 0}));
                    }
}

}  // namespace

TEST_CASE("the CuTe family's closed forms are the worst case enumeration finds on every small instance", "[verify][family][cute][exhaustive]") {
    unsigned instances = 0, kept = 0, doubled = 0;
    for_each_small_cute([&](small_cute const& c) {
        CAPTURE(c.e, c.n, c.b, c.m, c.s, c.rows);
        auto const t = c.tile();
        auto const i = c.instance();
        for (bool chunk : {false, true}) {
            std::uint64_t const w = chunk ? c.chunk() : c.elem();
            CAPTURE(chunk, w);
            auto const row = enumerated_worst_wavefronts(t, chunk ? "row-chunk" : "row");
            REQUIRE(row.applicable);
            REQUIRE_FALSE(row.illegal);
            auto const row_form = cute_row_form<std::uint64_t>(log2_floor(w), i.fields(), unit_log_of(w));
            CHECK(row.worst == form_wavefronts(row_form));
            doubled += form_wavefronts(row_form) > (std::uint64_t(1) << unit_log_of(w)) / 4;
            if (!c.keeps_rows()) continue;
            auto const column = enumerated_worst_wavefronts(t, chunk ? "column-chunk" : "column");
            REQUIRE(column.applicable);
            CHECK(column.worst == form_wavefronts(cute_column_form<std::uint64_t>(c.n + c.e, i.fields(), unit_log_of(w))));
            CHECK(column.first_worst == 0);  // at y0 = 0, c = 0
        }
        kept += c.keeps_rows();
        ++instances;
    });
    CHECK(instances == 2700);  // 5 elements x 5 rows x 108 swizzles
    CHECK(kept > 300);
    CHECK(doubled > 10);  // the sub-word doubling occurs and is checked
}

TEST_CASE("the CuTe family proves every property over every Swizzle<B,M,S>", "[verify][family][cute]") {
    auto const c = certify_family(*family_named("cute"), 600000);
    CHECK(c.name == "cute");
    for (auto const& r : c.results) {
        CAPTURE(r.id, r.reason);
        CHECK(r.outcome == verdict::proved);
    }
    auto const by = swz::testing::by_id(c.results);
    for (char const* id : {"family.bijection", "family.row_permutation", "family.chunk_integrity", "family.involution",
                           "family.conflict.row", "family.conflict.row-chunk", "family.conflict.column",
                           "family.conflict.column-chunk"})
        CHECK(by.count(id) == 1);
}

TEST_CASE("the CuTe family refutes a row form without the sub-word doubling on the instance it breaks", "[verify][family][cute]") {
    // The ideal everywhere: wrong where S < 0 moves a bit of a word's byte to bit 7 or above.
    figure_form<cute_family> ideal{
        [](cute_family const&, symbolic_pow2 const& w) {
            auto const low = w.log.lift(127) >> unit_bytes(w).log;
            return column_form<symbolic_uint>{low, w.log.lift(0)};
        },
        [](cute_instance const&, std::uint64_t w) { return column_form<std::uint64_t>{127u >> unit_log_of(w), 0}; }};
    prover p(60000);
    auto const r = prove_cute_figure(p, false, false, ideal);
    REQUIRE(r.outcome == verdict::refuted);
    CAPTURE(r.evidence_text);
    std::uint64_t const claimed = r.evidence.at("closed_form");
    CHECK(r.evidence.at("wavefronts").get<std::uint64_t>() > claimed);
    // Independently, on the instance it names: every start enumerated.
    auto const c = named_by(r.evidence.at("variables"));
    CHECK(c.s < 0);
    CHECK(enumerated_worst_wavefronts(c.tile(), "row").worst > claimed);
}

TEST_CASE("the CuTe family refutes a column form that forgets the XOR's share", "[verify][family][cute]") {
    figure_form<cute_family> rows_only{
        [](cute_family const& f, symbolic_pow2 const& w) {
            auto const low = w.log.lift(127) >> unit_bytes(w).log;
            auto const spread = (w.log.lift(127) >> (f.log_elem() + f.log_row_elems())) & low;
            return column_form<symbolic_uint>{spread, low ^ spread};
        },
        [](cute_instance const& i, std::uint64_t w) {
            std::uint64_t const low = 127u >> unit_log_of(w), spread = (127u >> log2_floor(i.row_bytes())) & low;
            return column_form<std::uint64_t>{spread, low ^ spread};
        }};
    prover p(60000);
    auto const r = prove_cute_figure(p, true, false, rows_only);
    REQUIRE(r.outcome == verdict::refuted);
    CAPTURE(r.evidence_text);
    std::uint64_t const claimed = r.evidence.at("closed_form");
    CHECK(r.evidence.at("wavefronts").get<std::uint64_t>() < claimed);
    CHECK(r.evidence.at("start") == nlohmann::json::array({0, 0}));
    auto const c = named_by(r.evidence.at("variables"));
    CHECK(enumerated_worst_wavefronts(c.tile(), "column").worst < claimed);
}

TEST_CASE("the CuTe family's chunk is the one --layout certifies, and every figure width fits log2_W", "[verify][family][cute]") {
    // Every parameter value of the family: the widths a figure lemma takes
    // as log2_W (family_figures.hpp) are at most 2^max_log2_width bytes.
    unsigned checked = 0;
    for (unsigned e = 0; e <= cute_max_log2_elem; ++e)
        for (unsigned n = 0; n <= cute_max_log2_row_elems && e + n <= cute_max_log2_row_bytes; ++n)
            for (unsigned b = 0; b <= cute_max_bits; ++b)
                for (unsigned m = 0; m <= cute_max_base; ++m) {
                    auto const log = cute_chunk_log<std::uint64_t>(b, m, e, e + n);
                    CHECK(log <= cute_family::max_log2_width);
                    CHECK(e <= cute_family::max_log2_width);
                    ++checked;
                }
    CHECK(checked == (5 * 17 - 6) * 17 * 25);  // 6 of the (e, n) pairs break the 2^17-byte row
    // The family's chunk on each small instance equals the single-layout
    // subject's (the chunk --layout's chunk_integrity and -chunk patterns use).
    unsigned compared = 0;
    for_each_small_cute([&](small_cute const& c) {
        auto const i = c.instance();
        tile_shape const shape{64, std::uint32_t(c.row_bytes()), std::uint32_t(c.elem())};
        auto const s = subject_of(i.layout(), shape, "cute:" + i.swizzle.text());
        CAPTURE(c.e, c.n, c.b, c.m, c.s);
        CHECK(i.chunk() == s.chunk_bytes);
        CHECK(i.chunk() == c.chunk());
        ++compared;
    });
    CHECK(compared == 2700);
}
