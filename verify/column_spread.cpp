#include "column_spread.hpp"

#include "counted.hpp"

#include "spread_sweep.hpp"
#include "class_sweep.hpp"
#include "conflict_bound.hpp"

#include <array>

#include <algorithm>

#include "exact_figure.hpp"
#include "canonical_model.hpp"
#include "exhaustion.hpp"
#include "query_support.hpp"

namespace swz::verify {

namespace {

// On the stack: the enumeration builds one window per start.
using window = std::array<std::uint64_t, spread_window>;

window window_columns(layout_subject const& t, std::uint64_t y0, std::uint64_t x) {
    window v;
    for (unsigned i = 0; i < spread_window; ++i) v[i] = t.column(y0 + i, x);
    return v;
}

unsigned distinct(window v) {
    std::sort(v.begin(), v.end());
    return unsigned(std::unique(v.begin(), v.end()) - v.begin());
}

// The figure, its witness window and the evidence.
property_result finish_spread(property_result r, layout_subject const& t, unsigned best,
                              std::vector<std::uint64_t> const& best_start) {
    auto const cols = window_columns(t, best_start[0], best_start[1]);
    std::uint64_t const most = std::min<std::uint64_t>(t.cols(), spread_window);
    r.fig = figure{best, most, "distinct columns", "maximum"};
    r.outcome = verdict::proved;
    r.evidence = {{"y0", best_start[0]}, {"x", best_start[1]}, {"columns", cols}, {"distinct", best}};
    std::string list;
    for (std::size_t i = 0; i < cols.size(); ++i) {
        if (i) list += ' ';
        list += std::to_string(cols[i]);  // not " " + ...: GCC 12's -Wrestrict false positive
    }
    r.evidence_text.push_back("rows " + std::to_string(best_start[0]) + ".." + std::to_string(best_start[0] + 31) +
                              ", x = " + std::to_string(best_start[1]) + ": " + counted(best, "distinct column") + ": " + list);
    return r;
}

}  // namespace

namespace {

// The fewest distinct columns by enumerating every window; nothing when it
// cannot finish in time.
bool exhaust_spread(prover& p, layout_subject const& t, std::uint64_t starts, std::uint64_t cols, unsigned& best,
                    std::vector<std::uint64_t>& best_start) {
    auto const deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(p.timeout_ms());
    best = spread_window + 1;
    return for_each_assignment({starts, cols}, deadline, [&](std::vector<std::uint64_t> const& s) {
        unsigned const d = distinct(window_columns(t, s[0], s[1]));
        if (d < best) best = d, best_start = s;
        return best > 1;
    });
}

}  // namespace

property_result prove_column_spread(prover& p, layout_subject const& t, start_lemmas const& lemmas, figure_method method) {
    std::uint64_t const period = lemmas.period;
    property_result r;
    r.id = "column_spread";
    r.section = "spread";
    r.statement = "fewest distinct stored columns over any x and 32 consecutive rows";
    r.counts = weight::report;
    if (t.rows() < spread_window) {
        r.applicable = false;
        r.reason = "the tile has fewer than 32 rows";
        return r;
    }
    std::uint64_t starts = t.rows() - (spread_window - 1);
    if (period && period < starts) {
        starts = period;
        r.method = "over one period of " + counted(period, "row") + " (periodicity): y0 < " + std::to_string(period);
    }
    std::uint64_t const cols = lemmas.row_xor ? 1 : t.cols();
    if (lemmas.row_xor) r.method += (r.method.empty() ? "" : "; ") + std::string("over x = 0 alone (row_xor)");
    if (method == figure_method::automatic && case_count({starts, cols}, class_sweep_least) > class_sweep_least) {
        auto const deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(p.timeout_ms());
        if (auto const got = sweep_spread_by_classes(t, starts, cols, deadline)) {
            if (got->swept.state == column_sweep_result::status::out_of_time) {
                r.outcome = verdict::unknown;
                r.reason = "the sweep of the classes of windows did not finish within the time limit";
                return r;
            }
            r.method = class_method(*got, r.method);
            return finish_spread(r, t, got->swept.figure, got->swept.start);
        }
    }
    // Enumerated by the sliding window (column_sweep.hpp) where it is
    // automatic, by the plain enumeration where that is asked for.
    bool const slide = method == figure_method::automatic &&
                       case_count({starts, cols}, column_sweep_starts) <= column_sweep_starts;
    if (slide || method == figure_method::exhaustion) {
        unsigned best = 0;
        std::vector<std::uint64_t> best_start;
        bool finished = false;
        if (slide) {
            auto const deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(p.timeout_ms());
            auto const swept = sweep_column_spread(t, starts, cols, spread_window, deadline);
            finished = bool(swept);
            best = swept.figure;
            best_start = swept.start;
        } else {
            finished = exhaust_spread(p, t, starts, cols, best, best_start);
        }
        if (!finished) {
            r.outcome = verdict::unknown;
            r.reason = "the enumeration of every window did not finish within the time limit";
            return r;
        }
        r.method = "by exhaustion over " + counted(starts * cols, "window") +
                   (r.method.empty() ? "" : ", " + r.method);
        return finish_spread(r, t, best, best_start);
    }
    auto vars = make_split_variables(p.fast(), {{"y0", starts, t.row_split()}, {"x", cols}});
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
    unsigned const calls_before = unsigned(p.log().size());
    figure_search search{"column_spread", "distinct values", false,
                         [&](unsigned k) { return z3::atmost(firsts, k); },
                         [&](std::vector<std::uint64_t> const& s) { return distinct(window_columns(t, s[0], s[1])); },
                         1u};  // a window always has at least one value
    auto const found = find_exact_figure(p, vars, search);
    r.solver_calls = unsigned(p.log().size()) - calls_before;
    if (!found.found) {
        r.outcome = verdict::unknown;
        r.reason = found.reason;
        return r;
    }
    r = finish_spread(r, t, found.value, found.witness);
    if (!found.not_smallest.empty()) note_smallest({found.witness, false, found.not_smallest, 0}, r.evidence, r.evidence_text);
    return r;
}

property_result judge_spread_claim(property_result const& spread, layout_params const& article, bool required) {
    property_result r;
    r.id = "article.spread_claim";
    r.section = "article";
    std::uint64_t const claimed = std::min<std::uint64_t>(article.nx, spread_window);
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
    r.fig = figure{spread.fig->value, claimed, "distinct x_swz", "claimed"};
    if (spread.fig->value >= claimed) {
        r.outcome = verdict::proved;
        return r;
    }
    r.outcome = verdict::refuted;
    r.evidence = spread.evidence;
    r.evidence_text = spread.evidence_text;
    std::uint64_t const per_chunk = article.elems_per_chunk();
    if (per_chunk > 1)
        r.evidence_text.push_back("x_swz keeps x % " + std::to_string(per_chunk) +
                                  " (TC holds several elements), so one x reaches at most NX*elem/TC = " +
                                  counted(article.chunks_per_row(), "column"));
    return r;
}

}  // namespace swz::verify
