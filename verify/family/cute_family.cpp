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

// The cell the values name, and the instance's swizzle by its parts.
struct replay_cell {
    std::uint64_t y, x, u;
};
std::optional<replay_cell> cell_of(cute_instance const& i, cell_values const& v) {
    std::uint64_t const y = cell(v, 0), x = cell(v, 1);
    if (y >= i.rows || x >= i.row_elems()) return std::nullopt;
    return replay_cell{y, x, i.element_offset(y, x)};
}

// A lemma over every cell's element offset u (the query's cells y, x), its
// failure replayed with the same template on integers.
template <class Holds>
family_lemma<cute_family> cell_lemma(std::string id, std::string statement, z3::expr holds, Holds on_integers) {
    return {std::move(id), std::move(statement), std::move(holds),
            [on_integers](cute_instance const& i, cell_values const& v) -> std::optional<replayed> {
                auto const c = cell_of(i, v);
                if (!c || on_integers(i, c->u)) return std::nullopt;
                replayed out;
                out.data = {{"cell", {c->y, c->x}}};
                out.lines.push_back(cell_text_of(i, c->y, c->x) + ": the lemma fails at element offset " + std::to_string(c->u));
                return out;
            }};
}

// F(F(u)) = u for every cell's element offset u: the swizzle is its own
// inverse, so one-to-one. Decided once; bijection and row_permutation
// follow from it in part (cute_family_properties' needs).
property_result involution(prover& p) {
    auto r = family_result("involution", "swizzling twice gives the cell back: F(F(u)) = u for every cell's element offset u");
    r.method = "by two queries: F(u) reads u's source field (family.involution.source_kept), then F(F(u)) = u taking "
               "that as given";
    cute_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << cute_max_log2_row_elems}});
    auto const u = q.f.element_offset(q.cell(0), q.cell(1));
    auto const swz = q.f.swizzle();
    std::vector<family_lemma<cute_family>> const lemmas{cell_lemma(
        "involution.source_kept", "F(u) reads the same source field as u, for every cell's element offset u",
        cute_lemma::keeps_its_source(swz, u),
        [](cute_instance const& i, std::uint64_t u) { return cute_lemma::keeps_its_source(i.parts(), u); })};
    decide_with_lemmas(p, r, q, q.within({{0, 1}}), lemmas, swz(swz(u)) != u,
                       [](cute_instance const& i, cell_values const& v) -> std::optional<replayed> {
        auto const c = cell_of(i, v);
        if (!c) return std::nullopt;
        std::uint64_t const once = i.swizzle(c->u), twice = i.swizzle(once);
        if (twice == c->u) return std::nullopt;
        replayed out;
        out.data = {{"cell", {c->y, c->x}}, {"twice", twice}};
        out.lines.push_back(cell_text_of(i, c->y, c->x) + ": element " + std::to_string(c->u) + " -> " + std::to_string(once) +
                            " -> " + std::to_string(twice));
        return out;
    });
    return r;
}

// The method's last words where a property follows in part from the
// involution: what it took as given, and that it was proved.
std::string from_involution(property_result const& involution) {
    return "F(F(u)) = u: follows from family.involution, " +
           (involution.outcome == verdict::proved ? std::string("proved")
                                                  : "which is " + std::string(verdict_name(involution.outcome)));
}

// The layout's byte of a cell is F(u) * elem for its element offset u, so
// cells lie inside the tile where F(u) is below its rows * 2^n elements,
// and no two share a byte where F is one-to-one (F(F(u)) = u: the
// involution, proved once for the family).
property_result bijection(prover& p, std::vector<property_result> const& needed) {
    auto r = family_result("bijection", "every cell lies inside the tile's rows * 2^n * elem bytes, no two cells share a byte, "
                                        "on every tile that keeps its rows or holds whole repeats of the swizzle");
    std::string const method =
        "by three queries and family.involution: each cell's element offset u has F(u) below rows * 2^n "
        "(family.bijection.inside, taking as given that F changes only the bits of u below t = n where the tile keeps "
        "its rows and t = M + |S| + B elsewhere (family.bijection.inside.below_t), and that such an F(u) stays below rows * "
        "2^n, a multiple of 2^t (family.bijection.inside.stays_below)), and no two cells meet, since ";
    property_result inside = r;
    inside.id += ".inside";
    {
        cute_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << cute_max_log2_row_elems}});
        auto const& f = q.f;
        auto const u = f.element_offset(q.cell(0), q.cell(1));
        auto const swz = f.swizzle();
        auto const limit = f.rows_var() << f.log_row_elems();
        auto const t = symbolic_uint(u.encoding(), z3::ite(f.keeps_rows(), f.log_row_elems().expr(), f.top_bit().expr()),
                                     cute_max_top_bit);
        auto const t_of = [](cute_instance const& i) -> std::uint64_t {
            return i.keeps_rows() ? i.log_row_elems : i.swizzle.top_bit();
        };
        std::vector<family_lemma<cute_family>> const lemmas{
            cell_lemma("bijection.inside.below_t",
                       "F changes only the bits of u below bit t (t = n where the tile keeps its rows, M + |S| + B elsewhere), "
                       "for every cell's element offset u",
                       cute_lemma::changes_only_below(swz, u, t),
                       [t_of](cute_instance const& i, std::uint64_t u) {
                           return cute_lemma::changes_only_below(i.parts(), u, t_of(i));
                       }),
            cell_lemma("bijection.inside.stays_below",
                       "F(u), differing from u only below bit t, is below rows * 2^n where u is and rows * 2^n is a multiple "
                       "of 2^t (arithmetic), for every cell's element offset u",
                       cute_lemma::stays_below(u, swz(u), limit, t),
                       [t_of](cute_instance const& i, std::uint64_t u) {
                           return cute_lemma::stays_below(u, i.swizzle(u), i.rows << i.log_row_elems, t_of(i));
                       })};
        decide_with_lemmas(p, inside, q, q.within({{0, 1}}), lemmas, !(swz(u) < limit),
                           [](cute_instance const& i, cell_values const& v) -> std::optional<replayed> {
            auto const c = cell_of(i, v);
            if (!c) return std::nullopt;
            std::uint64_t const o = i.offset(c->y, c->x);
            if (o + i.elem() <= i.footprint()) return std::nullopt;
            replayed out;
            out.data = {{"cell", {c->y, c->x}}, {"byte", o}};
            out.lines.push_back(cell_text_of(i, c->y, c->x) + " is at byte " + std::to_string(o) + ", outside the tile's " +
                                std::to_string(i.footprint()) + " bytes");
            return out;
        });
    }
    r.method = method + from_involution(needed.at(0));
    if (!part_holds(r, inside)) return r;
    if (follows_from(r, needed.at(0))) r.outcome = verdict::proved;
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
// one-to-one: the involution); where it does not (on a tile of whole
// repeats), the cell at the source field's top bit leaves its row.
property_result row_permutation(prover& p, std::vector<property_result> const& needed) {
    auto r = family_result("row_permutation",
                           "each row's cells stay in the row, permuted, exactly when the swizzle writes column bits only: "
                           "B = 0 or M + max(-S, 0) + B <= n (rows of 2^n elements)");
    std::string const method =
        "by four queries and family.involution: where B = 0 or M + max(-S, 0) + B <= n, F(u) is in u's row for every "
        "cell's element offset u (family.row_permutation.kept); elsewhere the cell at element offset v = "
        "2^(M + max(S, 0) + B - 1) leaves its row (family.row_permutation.converse, taking as given that v reads the "
        "source field 2^(B - 1) (family.row_permutation.converse.top_bit) and lies below rows * 2^n "
        "(family.row_permutation.converse.inside)); the cells a row keeps are permuted, since ";
    property_result kept = r;
    kept.id += ".kept";
    {
        cute_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << cute_max_log2_row_elems}});
        auto const& f = q.f;
        auto const u = f.element_offset(q.cell(0), q.cell(1));
        z3::expr const broken = f.keeps_rows() && (f.swizzle()(u) >> f.log_row_elems()) != (u >> f.log_row_elems());
        decide_on_family(p, kept, q, {{0, 1}}, broken, [](cute_instance const& i, cell_values const& v) -> std::optional<replayed> {
            auto const c = cell_of(i, v);
            if (!c || !i.keeps_rows()) return std::nullopt;
            std::uint64_t const a = i.offset(c->y, c->x);
            if (a / i.row_bytes() == c->y) return std::nullopt;
            replayed out;
            out.data = {{"cell", {c->y, c->x}}, {"byte", a}};
            out.lines.push_back(cell_text_of(i, c->y, c->x) + " is at byte " + std::to_string(a) + ", outside its row");
            return out;
        });
    }
    r.method = method + from_involution(needed.at(0));
    if (!part_holds(r, kept)) return r;
    property_result converse = r;
    converse.id += ".converse";
    {
        cute_query q(p, {});
        auto const& f = q.f;
        auto const swz = f.swizzle();
        auto const v = f.bits().lift(1) << (f.source_low() + f.bits() - 1u);
        auto const limit = f.rows_var() << f.log_row_elems();
        auto const leaves = v < limit && (swz(v) >> f.log_row_elems()) != (v >> f.log_row_elems());
        auto domain = f.rules();
        domain.push_back(!f.keeps_rows());
        auto const at_instance = [](auto check) {
            return [check](cute_instance const& i, cell_values const&) -> std::optional<replayed> {
                if (i.keeps_rows() || check(i, std::uint64_t(1) << (i.swizzle.source_low() + i.swizzle.bits - 1))) return std::nullopt;
                replayed out;
                out.lines.push_back(instance_text(i) + ": the lemma fails");
                return out;
            };
        };
        std::vector<family_lemma<cute_family>> const lemmas{
            {"row_permutation.converse.top_bit",
             "where the swizzle writes row bits, the element offset 2^(M + max(S, 0) + B - 1) reads the source field 2^(B - 1)",
             cute_lemma::reads_its_top_bit(swz, f.bits(), v), at_instance([](cute_instance const& i, std::uint64_t v) {
                 return cute_lemma::reads_its_top_bit(i.parts(), std::uint64_t(i.swizzle.bits), v);
             })},
            {"row_permutation.converse.inside",
             "where the swizzle writes row bits, the element offset 2^(M + max(S, 0) + B - 1) is below rows * 2^n",
             v < limit, at_instance([](cute_instance const& i, std::uint64_t v) { return v < (i.rows << i.log_row_elems); })}};
        decide_with_lemmas(p, converse, q, domain, lemmas, !leaves, [](cute_instance const& i, cell_values const&) -> std::optional<replayed> {
            if (i.keeps_rows()) return std::nullopt;
            // The witness fails here; a counterexample only if no cell leaves.
            auto const any = some_cell_leaves_its_row(i);
            if (!any || *any) return std::nullopt;
            replayed out;
            out.lines.push_back(instance_text(i) + ": the swizzle writes row bits, yet every cell stays in its row");
            return out;
        });
    }
    if (!part_holds(r, converse)) return r;
    if (follows_from(r, needed.at(0))) r.outcome = verdict::proved;
    return r;
}

// Each aligned run of 2^M elements stays contiguous, in order and aligned.
property_result chunk_integrity(prover& p) {
    auto r = family_result("chunk_integrity", "each aligned run of 2^M elements (the bits the swizzle keeps) stays "
                                              "contiguous, in order and aligned to 2^M elements");
    r.method = "by two queries: each cell's element offset u and the first of its run read the same source field "
               "(family.chunk_integrity.source_kept), then the property taking that as given";
    cute_query q(p, {{"y", all_32bit_rows}, {"x", std::uint64_t(1) << cute_max_log2_row_elems}});
    auto const& f = q.f;
    auto const run = symbolic_pow2{f.base()};
    auto const u = f.element_offset(q.cell(0), q.cell(1));
    auto const k = u % run, first = u - k;
    auto const swz = f.swizzle();
    std::vector<family_lemma<cute_family>> const lemmas{cell_lemma(
        "chunk_integrity.source_kept",
        "each cell's element offset u and the first element of its run of 2^M elements read the same source field",
        cute_lemma::same_source(swz, u, first), [](cute_instance const& i, std::uint64_t u) {
            std::uint64_t const run = std::uint64_t(1) << i.swizzle.base;
            return cute_lemma::same_source(i.parts(), u, u - u % run);
        })};
    z3::expr const broken = swz(u) != swz(first) + k || swz(first) % run != 0u;
    decide_with_lemmas(p, r, q, q.within({{0, 1}}), lemmas, broken, [](cute_instance const& i, cell_values const& v) -> std::optional<replayed> {
        auto const c = cell_of(i, v);
        if (!c) return std::nullopt;
        std::uint64_t const u = c->u, run = std::uint64_t(1) << i.swizzle.base, k = u % run;
        std::uint64_t const at = i.swizzle(u), first = i.swizzle(u - k);
        if (at == first + k && first % run == 0) return std::nullopt;
        replayed out;
        out.data = {{"cell", {c->y, c->x}}};
        out.lines.push_back(cell_text_of(i, c->y, c->x) + " is at element " + std::to_string(at) + ", its run starts at element " +
                            std::to_string(first));
        return out;
    });
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

// A figure's statement, and its method: by lemmas of its own (one width),
// or by the lemmas its pattern's two figures share, each stated for both
// widths in one query.
figure_words figure_text(bool column, bool chunk, bool shared) {
    std::string const lemmas = figure_lemma_prefix(column, chunk, shared);
    std::string const sharing = figure_sharing_words(column, chunk, shared);
    figure_words text;
    if (column) {
        text.statement = "lane l reads row y0+l at the W-byte column c (" + width_words +
                         "): worst wavefronts = 32 / 2^|D & [0, p)|, at y0 = 0, c = 0, on every instance that keeps its "
                         "rows with at least 32 rows; u = log2 max(W, 4), p = 7 - u, r = n + log2 elem, D = the row bits j "
                         "with r + j < 7 or with byte bit r + j a source bit of the swizzle whose target lies in [u, 7)";
        text.method = "by two queries of two lanes (" + lemmas + ".upper, .lower" + sharing + "): lanes of one phase in one "
                      "bank group with distinct units differ in the row bits [0, p) outside D; at y0 = 0, c = 0 the lanes "
                      "of a phase whose rows are 0 on D share one group with distinct units";
    } else {
        text.statement = "lane l reads the W-byte unit s*32+l, row by row (" + width_words +
                         "): worst wavefronts = max(W, 4) / 4 * 2^|F|, F = the byte bits in [log2 W, 2) that the swizzle "
                         "moves to byte bit 7 or above (only where S < 0 and lanes share a word), on every instance";
        text.method = "by three queries (" + lemmas + ".linear, .upper, .lower" + sharing + "): each lane's cell has the "
                      "row-major base byte (s*32+l) * W, so the lane is at the swizzle of that byte; two lanes of one phase "
                      "in one bank group with distinct units differ in the lane bits F; at s = 0 the lanes of a phase that "
                      "are 0 outside F share one group with distinct units";
    }
    return text;
}

}  // namespace

property_result prove_cute_figure(prover& p, bool column, bool chunk, figure_form<cute_family> const& form) {
    std::string const name = std::string(column ? "column" : "row") + (chunk ? "-chunk" : "");
    return prove_family_figure<cute_family>(p, name, column, chunk, form, figure_text(column, chunk, false));
}

// In report order; the lemmas the figures share are not results. The costs
// are each one's solver time on this family, about 0.1 s a unit
// (2026-12-02, one core), for the longest-first start.
std::vector<family_property> cute_family_properties() {
    std::string const inv = "family.involution";
    std::vector<family_property> out{{"family.bijection", {inv}, bijection, 4},
                                     {"family.row_permutation", {inv}, row_permutation, 4},
                                     {chunk_integrity, 3},
                                     {inv, involution, 2}};
    for (bool column : {false, true}) {
        auto const text = [column](bool chunk) { return figure_text(column, chunk, true); };
        auto const figures = column ? shared_figures<cute_family>(true, cute_column_figure_form(), text, {0, 10, 10})
                                    : shared_figures<cute_family>(false, cute_row_figure_form(), text, {4, 5, 1});
        out.insert(out.end(), figures.begin(), figures.end());
    }
    return out;
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
