#include "cute_family.hpp"

#include <optional>
#include <string>

#include "../query_support.hpp"
#include "cute_family_params.hpp"
#include "family_figures.hpp"
#include "family_query.hpp"

namespace swz::verify {

namespace {

using cute_query = family_query<cute_family>;

std::uint64_t cell(cell_values const& v, std::size_t i) { return cell_value<cute_family>(v, i); }

std::string cell_text_of(cute_instance const& i, std::uint64_t y, std::uint64_t x) {
    return instance_text(i) + ": cell " + cell_text(y, x);
}

// F(F(u)) = u for every cell's element offset u: the swizzle is its own
// inverse, so one-to-one.
void decide_involution(prover& p, property_result& r) {
    cute_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << cute_max_log2_row_elems}});
    auto const u = q.f.element_offset(q.cell(0), q.cell(1));
    auto const swz = q.f.swizzle();
    z3::expr const broken = swz(swz(u)) != u;
    decide_on_family(p, r, q, {{0, 1}}, broken, [](cute_instance const& i, cell_values const& v) -> std::optional<replayed> {
        std::uint64_t const y = cell(v, 0), x = cell(v, 1);
        if (y >= i.rows || x >= i.row_elems()) return std::nullopt;
        std::uint64_t const u = y * i.row_elems() + x, once = i.swizzle(u), twice = i.swizzle(once);
        if (twice == u) return std::nullopt;
        replayed out;
        out.data = {{"cell", {y, x}}, {"twice", twice}};
        out.lines.push_back(cell_text_of(i, y, x) + ": element " + std::to_string(u) + " -> " + std::to_string(once) + " -> " +
                            std::to_string(twice));
        return out;
    });
}

// The layout's byte of a cell is F(u) * elem for its element offset u, so
// cells lie inside the tile where F(u) is below its rows * 2^n elements,
// and no two share a byte where F is one-to-one.
property_result bijection(prover& p) {
    auto r = family_result("bijection", "every cell lies inside the tile's rows * 2^n * elem bytes, no two cells share a byte, "
                                        "on every tile that keeps its rows or holds whole repeats of the swizzle");
    r.method = "by two queries: each cell's element offset u has F(u) below rows * 2^n (family.bijection.inside), and "
               "F(F(u)) = u (family.bijection.one_to_one), so no two cells meet";
    property_result inside = r, one_to_one = r;
    inside.id += ".inside";
    one_to_one.id += ".one_to_one";
    {
        cute_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << cute_max_log2_row_elems}});
        auto const u = q.f.element_offset(q.cell(0), q.cell(1));
        z3::expr const broken = !(q.f.swizzle()(u) < (q.f.rows_var() << q.f.log_row_elems()));
        decide_on_family(p, inside, q, {{0, 1}}, broken, [](cute_instance const& i, cell_values const& v) -> std::optional<replayed> {
            std::uint64_t const y = cell(v, 0), x = cell(v, 1);
            if (y >= i.rows || x >= i.row_elems()) return std::nullopt;
            std::uint64_t const o = i.offset(y, x);
            if (o + i.elem() <= i.footprint()) return std::nullopt;
            replayed out;
            out.data = {{"cell", {y, x}}, {"byte", o}};
            out.lines.push_back(cell_text_of(i, y, x) + " is at byte " + std::to_string(o) + ", outside the tile's " +
                                std::to_string(i.footprint()) + " bytes");
            return out;
        });
    }
    if (!part_holds(r, inside)) return r;
    decide_involution(p, one_to_one);
    if (!part_holds(r, one_to_one)) return r;
    r.outcome = verdict::proved;
    return r;
}

// Whether any cell of a small instance leaves its row: the converse's
// witness failing is only a counterexample where none does.
std::optional<bool> some_cell_leaves_its_row(cute_instance const& i) {
    if (i.rows * i.row_elems() > (std::uint64_t(1) << 20)) return std::nullopt;
    for (std::uint64_t y = 0; y < i.rows; ++y)
        for (std::uint64_t x = 0; x < i.row_elems(); ++x)
            if (i.offset(y, x) / i.row_bytes() != y) return true;
    return false;
}

// Rows kept exactly when the target field lies in the row: where it does,
// F(u) keeps u's row bits, so each row's cells stay in it, permuted (F is
// one-to-one); where it does not (on a tile of whole repeats), the cell at
// the source field's top bit leaves its row.
property_result row_permutation(prover& p) {
    auto r = family_result("row_permutation",
                           "each row's cells stay in the row, permuted, exactly when the swizzle writes column bits only: "
                           "B = 0 or M + max(-S, 0) + B <= n (rows of 2^n elements)");
    r.method = "by three queries: where B = 0 or M + max(-S, 0) + B <= n, F(u) is in u's row for every cell's element "
               "offset u (family.row_permutation.kept), and F(F(u)) = u (family.row_permutation.one_to_one); elsewhere "
               "the cell at element offset 2^(M + max(S, 0) + B - 1) leaves its row";
    property_result kept = r, one_to_one = r;
    kept.id += ".kept";
    one_to_one.id += ".one_to_one";
    {
        cute_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << cute_max_log2_row_elems}});
        auto const& f = q.f;
        auto const u = f.element_offset(q.cell(0), q.cell(1));
        z3::expr const broken = f.keeps_rows() && (f.swizzle()(u) >> f.log_row_elems()) != (u >> f.log_row_elems());
        decide_on_family(p, kept, q, {{0, 1}}, broken, [](cute_instance const& i, cell_values const& v) -> std::optional<replayed> {
            std::uint64_t const y = cell(v, 0), x = cell(v, 1);
            if (!i.keeps_rows() || y >= i.rows || x >= i.row_elems()) return std::nullopt;
            std::uint64_t const a = i.offset(y, x);
            if (a / i.row_bytes() == y) return std::nullopt;
            replayed out;
            out.data = {{"cell", {y, x}}, {"byte", a}};
            out.lines.push_back(cell_text_of(i, y, x) + " is at byte " + std::to_string(a) + ", outside its row");
            return out;
        });
    }
    if (!part_holds(r, kept)) return r;
    decide_involution(p, one_to_one);
    if (!part_holds(r, one_to_one)) return r;
    cute_query q(p, {});
    auto const& f = q.f;
    auto const u = f.bits().lift(1) << (f.source_low() + f.bits() - 1u);
    auto const leaves = u < (f.rows_var() << f.log_row_elems()) &&
                        (f.swizzle()(u) >> f.log_row_elems()) != (u >> f.log_row_elems());
    auto negation = f.rules();
    negation.push_back(!f.keeps_rows());
    negation.push_back(!leaves);
    decide_on_family(p, r, q, negation, [](cute_instance const& i, cell_values const&) -> std::optional<replayed> {
        if (i.keeps_rows()) return std::nullopt;
        // The witness fails here; a counterexample only if no cell leaves.
        auto const any = some_cell_leaves_its_row(i);
        if (!any || *any) return std::nullopt;
        replayed out;
        out.lines.push_back(instance_text(i) + ": the swizzle writes row bits, yet every cell stays in its row");
        return out;
    });
    return r;
}

// Each aligned run of 2^M elements stays contiguous, in order and aligned.
property_result chunk_integrity(prover& p) {
    auto r = family_result("chunk_integrity", "each aligned run of 2^M elements (the bits the swizzle keeps) stays "
                                              "contiguous, in order and aligned to 2^M elements");
    cute_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << cute_max_log2_row_elems}});
    auto const& f = q.f;
    auto const run = symbolic_pow2{f.base()};
    auto const u = f.element_offset(q.cell(0), q.cell(1));
    auto const k = u % run, first = u - k;
    auto const swz = f.swizzle();
    z3::expr const broken = swz(u) != swz(first) + k || swz(first) % run != 0u;
    decide_on_family(p, r, q, {{0, 1}}, broken, [](cute_instance const& i, cell_values const& v) -> std::optional<replayed> {
        std::uint64_t const y = cell(v, 0), x = cell(v, 1);
        if (y >= i.rows || x >= i.row_elems()) return std::nullopt;
        std::uint64_t const u = y * i.row_elems() + x, run = std::uint64_t(1) << i.swizzle.base, k = u % run;
        std::uint64_t const at = i.swizzle(u), first = i.swizzle(u - k);
        if (at == first + k && first % run == 0) return std::nullopt;
        replayed out;
        out.data = {{"cell", {y, x}}};
        out.lines.push_back(cell_text_of(i, y, x) + " is at element " + std::to_string(at) + ", its run starts at element " +
                            std::to_string(first));
        return out;
    });
    return r;
}

property_result involution(prover& p) {
    auto r = family_result("involution", "swizzling twice gives the cell back: F(F(u)) = u for every cell's element offset u");
    decide_involution(p, r);
    return r;
}

figure_form<cute_family> column_forms() {
    return {[](cute_family const& f, symbolic_pow2 const& w) {
                return cute_column_form(f.log_elem() + f.log_row_elems(), f.fields(), unit_bytes(w).log);
            },
            [](cute_instance const& i, std::uint64_t w) {
                return cute_column_form<std::uint64_t>(log2_floor(i.row_bytes()), i.fields(), unit_log(w));
            }};
}

}  // namespace

figure_form<cute_family> cute_row_figure_form() {
    return {[](cute_family const& f, symbolic_pow2 const& w) { return cute_row_form(w.log, f.fields(), unit_bytes(w).log); },
            [](cute_instance const& i, std::uint64_t w) {
                return cute_row_form<std::uint64_t>(log2_floor(w), i.fields(), unit_log(w));
            }};
}

figure_form<cute_family> cute_column_figure_form() { return column_forms(); }

namespace {

std::string const width_words = "W: the element, or for -chunk the chunk, min(2^M elements, 16 bytes, the row)";

}  // namespace

property_result prove_cute_figure(prover& p, bool column, bool chunk, figure_form<cute_family> const& form) {
    std::string const name = std::string(column ? "column" : "row") + (chunk ? "-chunk" : "");
    figure_words text;
    if (column) {
        text.statement = "lane l reads row y0+l at the W-byte column c (" + width_words +
                         "): worst wavefronts = 32 / 2^|D & [0, p)|, at y0 = 0, c = 0, on every instance that keeps its "
                         "rows with at least 32 rows; u = log2 max(W, 4), p = 7 - u, r = n + log2 elem, D = the row bits j "
                         "with r + j < 7 or with byte bit r + j a source bit of the swizzle whose target lies in [u, 7)";
        text.method = "by two queries of two lanes (family.conflict." + name + ".upper, .lower): lanes of one phase in one "
                      "bank group with distinct units differ in the row bits [0, p) outside D; at y0 = 0, c = 0 the lanes "
                      "of a phase whose rows are 0 on D share one group with distinct units";
    } else {
        text.statement = "lane l reads the W-byte unit s*32+l, row by row (" + width_words +
                         "): worst wavefronts = max(W, 4) / 4 * 2^|F|, F = the byte bits in [log2 W, 2) that the swizzle "
                         "moves to byte bit 7 or above (only where S < 0 and lanes share a word), on every instance";
        text.method = "by three queries: each lane's cell has the row-major base byte (s*32+l) * W (family.conflict." + name +
                      ".linear), so the lane is at the swizzle of that byte; then two of two lanes (.upper, .lower): lanes of "
                      "one phase in one bank group with distinct units differ in the lane bits F; at s = 0 the lanes of a "
                      "phase that are 0 outside F share one group with distinct units";
    }
    return prove_family_figure<cute_family>(p, name, column, chunk, form, text);
}

namespace {

property_result cute_figure(prover& p, bool column, bool chunk) {
    return prove_cute_figure(p, column, chunk, column ? cute_column_figure_form() : cute_row_figure_form());
}

}  // namespace

std::vector<family_property> cute_family_properties() {
    return {bijection, row_permutation, chunk_integrity, involution,
            [](prover& p) { return cute_figure(p, false, false); }, [](prover& p) { return cute_figure(p, false, true); },
            [](prover& p) { return cute_figure(p, true, false); }, [](prover& p) { return cute_figure(p, true, true); }};
}

family_definition const& cute_family_definition() {
    static family_definition const d{
        "cute",
        "CuTe's Swizzle<B,M,S> on the element offsets of a row-major tile: B = 0 .. 16, M = 0 .. 24, S = -24 .. 24 with "
        "|S| >= B and the top bit at most 40, rows of 2^n elements (n = 0 .. 16) of 1, 2, 4, 8 or 16 bytes (at most 2^17 "
        "bytes), 1 .. 2^32 rows, the tile keeping its rows or holding whole repeats of the swizzle",
        "cute: CuTe's Swizzle<B,M,S> after a row-major tile (ComposedLayout), on element offsets, with B (0 .. 16),\n"
        "M (0 .. 24), S (-24 .. 24, |S| >= B), the element (1 .. 16 bytes), the row (2^0 .. 2^16 elements) and the\n"
        "rows (1 .. 2^32; a tile that keeps its rows, or whole repeats of the swizzle) all solver variables.",
        cute_family_properties};
    return d;
}

}  // namespace swz::verify
