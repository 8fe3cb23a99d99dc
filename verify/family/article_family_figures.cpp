#include "article_family_figures.hpp"

#include <string>

#include "article_family_params.hpp"
#include "family_figures.hpp"

namespace swz::verify {

namespace {

std::string access_name(bool column, bool chunk) { return std::string(column ? "column" : "row") + (chunk ? "-chunk" : ""); }

std::string width_text(bool chunk) { return chunk ? "TC" : "elem"; }

// A row-major access spreads over all of its phase's lane bits: the ideal.
figure_form<article_family> row_form() {
    return {[](article_family const&, symbolic_pow2 const& w) {
                auto const low = w.log.lift(127) >> unit_bytes(w).log;
                return column_form<symbolic_uint>{low, w.log.lift(0)};
            },
            [](family_instance const&, std::uint64_t w) { return column_form<std::uint64_t>{127u >> unit_log(w), 0}; }};
}

figure_form<article_family> column_form_of(column_form_choice const& forms) {
    return {[forms](article_family const& f, symbolic_pow2 const& w) {
                return forms.symbolic(f.params().nx.log + f.params().elem.log, f.params().tc.log, unit_bytes(w).log);
            },
            [forms](family_instance const& i, std::uint64_t w) {
                return forms.concrete(log2_floor(i.params.row_bytes()), log2_floor(i.tc()), unit_log(w));
            }};
}

figure_words row_text(bool chunk, bool shared) {
    std::string const w = width_text(chunk);
    return {"lane l reads the " + w + "-byte unit s*32+l, row by row: worst wavefronts = the ideal, max(" + w +
                ", 4) / 4, on every instance of at least 32 such units" + (chunk ? " and TC <= 16" : ""),
            "by two queries of two lanes (" + figure_lemma_prefix(false, chunk, shared) + ".upper, .lower" +
                figure_sharing_words(false, chunk, shared) + "): two lanes of one phase in one bank group share their "
                "unit; every lane is active, so each phase costs one"};
}

figure_words column_text(bool chunk, bool shared) {
    std::string const w = width_text(chunk);
    return {"lane l reads row y0+l at the " + w + "-byte column c: worst wavefronts = 32 / 2^|D & [0, p)|, at y0 = 0, c = 0, "
            "on every instance of at least 32 rows" + (chunk ? " and TC <= 16" : "") + "; u = log2 max(" + w +
                ", 4), p = 7 - u, r = log2(NX * elem), t = log2 TC, D = [0, 7 - r) | ([max(u, t), min(r, 7)) - t)",
            "by two queries of two lanes (" + figure_lemma_prefix(true, chunk, shared) + ".upper, .lower" +
                figure_sharing_words(true, chunk, shared) + "): lanes of one phase in one bank group with distinct units "
                "differ in the row bits [0, p) outside D; at y0 = 0, c = 0 the lanes of a phase whose rows are 0 on D "
                "share one group with distinct units"};
}

}  // namespace

column_form_choice the_column_form() {
    return {[](symbolic_uint const& r, symbolic_uint const& t, symbolic_uint const& u) { return column_conflict_form(r, t, u); },
            [](std::uint64_t r, std::uint64_t t, std::uint64_t u) { return column_conflict_form<std::uint64_t>(r, t, u); }};
}

property_result prove_family_column_figure(prover& p, bool chunk, column_form_choice const& forms) {
    return prove_family_figure<article_family>(p, access_name(true, chunk), true, chunk, column_form_of(forms),
                                               column_text(chunk, false));
}

// The element's and TC's figure of each pattern share their lemmas (one
// query for both widths: the upper lemmas 0.59 s against 0.45 + 0.23 s
// row-major, 0.28 s against 0.20 + 0.18 s column).
std::vector<family_property> article_family_figures() {
    auto out = shared_figures<article_family>(false, row_form(), [](bool chunk) { return row_text(chunk, true); }, {0, 6, 1});
    auto const column = shared_figures<article_family>(true, column_form_of(the_column_form()),
                                                       [](bool chunk) { return column_text(chunk, true); }, {0, 3, 1});
    out.insert(out.end(), column.begin(), column.end());
    return out;
}

}  // namespace swz::verify
