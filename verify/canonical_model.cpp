#include "canonical_model.hpp"

#include <algorithm>
#include <chrono>

namespace swz::verify {

// For each variable in turn, with the earlier ones fixed at their minima:
// the minimum lies in [lo, cur], cur the value in the current (satisfiable)
// model. A probe asks for a model with the variable in [lo, mid], mid < cur:
// sat moves cur down to that model's value, unsat moves lo past mid. The
// probes first gallop up from lo (widths 1, 2, 4, ...: a minimum of 0 costs
// one check, a small one a few), then, once a probe is sat, bisect. A
// variable already at 0 costs nothing. From a start the caller's scan found,
// the probe after the first asks for all of [lo, cur - 1]: unsat
// ends the variable there (--nx 1293 --elem 2: article.closed_form's y =
// 1293 in two probes, not eleven).
canonical_model smallest_model(prover& p, std::string const& name, std::vector<z3::expr> const& assertions,
                               std::vector<bounded_variable> const& vars, std::vector<std::uint64_t> start) {
    prover::probe_session session(assertions);
    return smallest_model(p, session, name, vars, std::move(start));
}

canonical_model smallest_model(prover& p, prover::probe_session& session, std::string const& name,
                               std::vector<bounded_variable> const& vars, std::vector<std::uint64_t> start,
                               bool start_from_scan) {
    canonical_model out;
    out.values = std::move(start);
    // The whole search gets one query's limit, so that a property whose
    // queries are slow costs at most that much more.
    auto const t0 = std::chrono::steady_clock::now();
    auto const budget = std::chrono::milliseconds(p.timeout_ms());
    std::vector<z3::expr> fixed;
    for (std::size_t i = 0; i < vars.size(); ++i) {
        auto const& v = vars[i].value;
        std::uint64_t lo = 0, width = 1;
        bool galloping = true;
        for (unsigned probes = 0; lo < out.values[i]; ++probes) {
            std::uint64_t const cur = out.values[i];
            bool const all_below = start_from_scan && galloping && probes == 1;
            std::uint64_t const mid = all_below || (galloping && width - 1 >= cur - 1 - lo) ? cur - 1
                                      : galloping                                          ? lo + width - 1
                                                                                           : lo + (cur - 1 - lo) / 2;
            if (std::chrono::steady_clock::now() - t0 > budget) {
                out.smallest = false;
                out.reason = "the search for the smallest " + vars[i].name + " stopped: it used its " +
                             std::to_string(p.timeout_ms()) + " ms";
                return out;
            }
            auto q = fixed;
            if (lo > 0) q.push_back(v.lift(lo) <= v);
            q.push_back(v <= mid);
            auto const r = p.probe(session, name + " [smallest " + vars[i].name + " <= " + std::to_string(mid) + "]", q);
            ++out.checks;
            if (r.result == answer::unknown) {
                out.smallest = false;
                out.reason = "the search for the smallest " + vars[i].name + " stopped: the solver answered unknown (" +
                             r.reason + ")";
                return out;
            }
            if (r.result == answer::unsat) {
                lo = mid + 1;
                if (galloping) width *= 2;
                continue;
            }
            auto const next = model_values(*r.model, vars);
            bool const agrees = next[i] >= lo && next[i] <= mid &&
                                std::equal(next.begin(), next.begin() + std::ptrdiff_t(i), out.values.begin());
            if (!agrees) {  // a model outside what was asked: believe none of it
                out.smallest = false;
                out.reason = "the search for the smallest " + vars[i].name + " stopped: the solver's model (" +
                             format_values(vars, next) + ") is outside the range asked";
                return out;
            }
            out.values = next;
            galloping = false;
        }
        fixed.push_back(v == out.values[i]);
    }
    return out;
}

void note_smallest(canonical_model const& m, nlohmann::json& evidence, std::vector<std::string>& lines) {
    if (m.smallest) return;
    evidence["not_smallest"] = m.reason;
    lines.push_back("(maybe not the smallest: " + m.reason + ")");
}

}  // namespace swz::verify
