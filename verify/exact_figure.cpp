#include "exact_figure.hpp"

#include "canonical_model.hpp"

namespace swz::verify {

exact_figure find_exact_figure(prover& p, std::vector<bounded_variable> const& vars, figure_search const& s) {
    exact_figure out;
    auto const ranges_ok = range_constraints(vars);
    std::string const relation = s.maximize ? "at least " : "at most ";
    auto const beyond = [&](unsigned a, unsigned b) { return s.maximize ? a > b : a < b; };
    auto const query_name = [&](unsigned k) { return s.name + (s.maximize ? ".at_least_" : ".at_most_") + std::to_string(k); };
    for (auto const& start : sample_starts(vars)) {
        unsigned const f = s.at(start);
        if (out.witness.empty() || beyond(f, out.value)) out.value = f, out.witness = start;
    }
    while (!(s.limit && out.value == *s.limit)) {
        unsigned const k = s.maximize ? out.value + 1 : out.value - 1;
        auto q = ranges_ok;
        q.push_back(s.reaches(k));
        auto const r = check_expecting_unsat(p, query_name(k), q, vars);
        if (r.result == answer::unknown) {
            out.reason = "solver answered unknown on '" + relation + std::to_string(k) + " " + s.unit + "' (" + r.reason + ")";
            return out;
        }
        if (r.result == answer::unsat) {
            p.assign_role(r.log_index, obligation_role::proof);
            break;
        }
        auto start = model_values(*r.model, vars);
        unsigned f = s.at(start);
        if (beyond(k, f)) {
            // A model that does not replay: ask the one-shot solver before
            // giving up (prover::check_one_shot says why).
            auto const again = p.check_one_shot(query_name(k) + " [one-shot]", q);
            if (again.result == answer::unsat) {
                p.assign_role(again.log_index, obligation_role::proof);
                break;
            }
            if (again.result == answer::sat) start = model_values(*again.model, vars), f = s.at(start);
        }
        if (beyond(k, f)) {
            out.reason = "the solver's start (" + format_values(vars, start) + ") has " + std::to_string(f) + " " + s.unit +
                         " in the concrete model, not " + relation + std::to_string(k);
            return out;
        }
        out.value = f;
        out.witness = start;
    }
    auto q = ranges_ok;
    q.push_back(s.reaches(out.value));
    // The witness shown is the smallest start with the exact figure
    // (canonical_model.hpp), not the first one the search met.
    auto const smallest = smallest_model(p, s.name + ".witness", q, vars, out.witness);
    if (!smallest.smallest) out.not_smallest = smallest.reason;
    out.witness = smallest.values;
    for (auto const& e : pinned_to(vars, out.witness)) q.push_back(e);
    auto const r = p.check(query_name(out.value), q);
    if (r.result != answer::sat || s.at(model_values(*r.model, vars)) != out.value) {
        out.reason = "the witness query '" + relation + std::to_string(out.value) + " " + s.unit + "' was not confirmed (" +
                     (r.result == answer::unknown ? r.reason : r.result == answer::unsat ? "unsat" : "no replay") + ")";
        return out;
    }
    p.assign_role(r.log_index, obligation_role::witness);
    out.found = true;
    return out;
}

}  // namespace swz::verify
