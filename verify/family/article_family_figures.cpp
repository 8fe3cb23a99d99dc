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

property_result row_figure(prover& p, bool chunk) {
    std::string const name = access_name(false, chunk), w = width_text(chunk);
    figure_words const text{
        "lane l reads the " + w + "-byte unit s*32+l, row by row: worst wavefronts = the ideal, max(" + w +
            ", 4) / 4, on every instance of at least 32 such units" + (chunk ? " and TC <= 16" : ""),
        "by two queries of two lanes (family.conflict." + name + ".upper, .lower): two lanes of one phase in one bank "
        "group share their unit; every lane is active, so each phase costs one"};
    return prove_family_figure<article_family>(p, name, false, chunk, row_form(), text);
}

}  // namespace

column_form_choice the_column_form() {
    return {[](symbolic_uint const& r, symbolic_uint const& t, symbolic_uint const& u) { return column_conflict_form(r, t, u); },
            [](std::uint64_t r, std::uint64_t t, std::uint64_t u) { return column_conflict_form<std::uint64_t>(r, t, u); }};
}

property_result prove_family_column_figure(prover& p, bool chunk, column_form_choice const& forms) {
    std::string const name = access_name(true, chunk), w = width_text(chunk);
    figure_words const text{
        "lane l reads row y0+l at the " + w + "-byte column c: worst wavefronts = 32 / 2^|D & [0, p)|, at y0 = 0, c = 0, "
        "on every instance of at least 32 rows" + (chunk ? " and TC <= 16" : "") + "; u = log2 max(" + w +
            ", 4), p = 7 - u, r = log2(NX * elem), t = log2 TC, D = [0, 7 - r) | ([max(u, t), min(r, 7)) - t)",
        "by two queries of two lanes (family.conflict." + name + ".upper, .lower): lanes of one phase in one bank "
        "group with distinct units differ in the row bits [0, p) outside D; at y0 = 0, c = 0 the lanes of a phase "
        "whose rows are 0 on D share one group with distinct units"};
    return prove_family_figure<article_family>(p, name, true, chunk, column_form_of(forms), text);
}

std::vector<std::function<property_result(prover&)>> article_family_figures() {
    return {[](prover& p) { return row_figure(p, false); }, [](prover& p) { return row_figure(p, true); },
            [](prover& p) { return prove_family_column_figure(p, false, the_column_form()); },
            [](prover& p) { return prove_family_column_figure(p, true, the_column_form()); }};
}

}  // namespace swz::verify
