#include "column_spread.hpp"

#include <algorithm>

#include "query_support.hpp"

namespace swz::verify {

namespace {

std::vector<std::uint64_t> window_columns(tile_subject const& t, std::uint64_t y0, std::uint64_t x) {
    std::vector<std::uint64_t> v;
    for (unsigned i = 0; i < spread_window; ++i) v.push_back(t.column(y0 + i, x));
    return v;
}

unsigned distinct(std::vector<std::uint64_t> v) {
    std::sort(v.begin(), v.end());
    return unsigned(std::unique(v.begin(), v.end()) - v.begin());
}

}  // namespace

property_result prove_column_spread(prover& p, tile_subject const& t) {
    property_result r;
    r.id = "column_spread";
    r.section = "spread";
    r.statement = "fewest distinct x_swz over any x and 32 consecutive rows";
    r.counts = weight::report;
    if (t.rows < spread_window) {
        r.applicable = false;
        r.reason = "the tile has fewer than 32 rows";
        return r;
    }
    auto vars = make_variables(p.fast(), {{"y0", t.rows - (spread_window - 1)}, {"x", t.params.nx}});
    auto const& y0 = vars[0].value; auto const& x = vars[1].value;
    z3::context& c = p.ctx();
    std::vector<z3::expr> col;
    for (unsigned i = 0; i < spread_window; ++i) col.push_back(t.symbolic_column(y0 + i, x).expr());
    z3::expr_vector firsts(c);
    for (unsigned j = 0; j < spread_window; ++j) {
        z3::expr_vector differs(c);
        for (unsigned i = 0; i < j; ++i) differs.push_back(col[i] != col[j]);
        firsts.push_back(z3::mk_and(differs));
    }
    auto const ranges_ok = range_constraints(vars);
    unsigned const calls_before = unsigned(p.log().size());
    auto const finish = [&] { r.solver_calls = unsigned(p.log().size()) - calls_before; };

    // Descend from the narrowest window of a concrete sample: each
    // satisfiable "at most best-1" gives a narrower window, until that is
    // unsatisfiable; then a satisfiable "at most best" is the witness.
    std::vector<std::uint64_t> best_start;
    unsigned best = 0;
    for (auto const& s : sample_starts(vars)) {
        unsigned const d = distinct(window_columns(t, s[0], s[1]));
        if (best_start.empty() || d < best) best = d, best_start = s;
    }
    while (best > 1) {
        unsigned const m = best - 1;
        auto q = ranges_ok;
        q.push_back(z3::atmost(firsts, m));
        auto const out = check_expecting_unsat(p, "column_spread.at_most_" + std::to_string(m), q, vars);
        if (out.result == answer::unknown) {
            r.outcome = verdict::unknown;
            r.reason = "solver answered unknown on 'at most " + std::to_string(m) + " distinct' (" + out.reason + ")";
            return finish(), r;
        }
        if (out.result == answer::unsat) {
            p.assign_role(out.log_index, obligation_role::proof);
            break;
        }
        auto const s = model_values(*out.model, vars);
        unsigned const d = distinct(window_columns(t, s[0], s[1]));
        if (d > m) {
            r.outcome = verdict::unknown;
            r.reason = "the solver's window (" + format_values(vars, s) + ") has " + std::to_string(d) +
                       " distinct values in the concrete model, not at most " + std::to_string(m);
            return finish(), r;
        }
        best = d;
        best_start = s;
    }
    // A window always has at least one value: for best = 1 the bound needs no query.
    std::size_t best_index = 0;
    {
        auto q = ranges_ok;
        q.push_back(z3::atmost(firsts, best));
        for (auto const& e : pinned_to(vars, best_start)) q.push_back(e);
        auto const out = p.check("column_spread.at_most_" + std::to_string(best), q);
        auto const s = out.result == answer::sat ? model_values(*out.model, vars) : std::vector<std::uint64_t>{};
        if (out.result != answer::sat || distinct(window_columns(t, s[0], s[1])) != best) {
            r.outcome = verdict::unknown;
            r.reason = "the witness window for " + std::to_string(best) + " distinct values could not be re-established";
            return finish(), r;
        }
        best_start = s;
        best_index = out.log_index;
    }
    p.assign_role(best_index, obligation_role::witness);
    auto const cols = window_columns(t, best_start[0], best_start[1]);
    std::uint64_t const claimed = std::min<std::uint64_t>(t.params.nx, spread_window);
    r.fig = figure{best, claimed, "distinct x_swz", "claimed"};
    r.outcome = verdict::proved;
    r.evidence = {{"y0", best_start[0]}, {"x", best_start[1]}, {"x_swz", cols}, {"distinct", best}};
    std::string list;
    for (std::size_t i = 0; i < cols.size(); ++i) list += (i ? " " : "") + std::to_string(cols[i]);
    r.evidence_text.push_back("rows " + std::to_string(best_start[0]) + ".." + std::to_string(best_start[0] + 31) +
                              ", x = " + std::to_string(best_start[1]) + ": " + std::to_string(best) +
                              " distinct x_swz: " + list);
    return finish(), r;
}

property_result judge_spread_claim(property_result const& spread, tile_subject const& t, bool required) {
    property_result r;
    r.id = "article.spread_claim";
    r.section = "article";
    std::uint64_t const claimed = std::min<std::uint64_t>(t.params.nx, spread_window);
    r.statement = "any x and 32 consecutive rows give the maximum, min(NX, 32) = " + std::to_string(claimed) +
                  ", distinct x_swz";
    r.counts = required ? weight::gate : weight::report;
    r.applicable = spread.applicable;
    r.reason = spread.reason;
    if (!spread.applicable || spread.outcome != verdict::proved || !spread.fig) {
        r.outcome = verdict::unknown;
        if (spread.applicable) r.reason = "the spread bound is not proved: " + spread.reason;
        return r;
    }
    r.fig = spread.fig;
    if (spread.fig->value >= claimed) {
        r.outcome = verdict::proved;
        return r;
    }
    r.outcome = verdict::refuted;
    r.evidence = spread.evidence;
    r.evidence_text = spread.evidence_text;
    std::uint64_t const per_chunk = t.params.elems_per_chunk();
    if (per_chunk > 1)
        r.evidence_text.push_back("x_swz keeps x % " + std::to_string(per_chunk) +
                                  " (TC holds several elements), so one x reaches at most NX*elem/TC = " +
                                  std::to_string(t.params.chunks_per_row()) + " columns");
    return r;
}

}  // namespace swz::verify
