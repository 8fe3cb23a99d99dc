#include <cstdio>
#include <cstdlib>
#include "query_support.hpp"

#include "canonical_model.hpp"
#include "product_abstraction.hpp"

#include <algorithm>

namespace swz::verify {

std::vector<bounded_variable> make_variables(bv_encoding const& enc,
                                             std::vector<std::pair<std::string, std::uint64_t>> const& ranges) {
    std::vector<bounded_variable> vars;
    for (auto const& [name, count] : ranges)
        vars.push_back({name, count, symbolic_uint::variable(enc, name.c_str(), count), {}});
    return vars;
}

std::vector<bounded_variable> make_split_variables(bv_encoding const& enc, std::vector<variable_range> const& ranges) {
    std::vector<bounded_variable> vars;
    for (auto const& r : ranges) {
        std::string const symbol = r.symbol.empty() ? r.name : r.symbol;
        if (r.period <= 1 || r.period >= r.count || enc.mode != lowering::fast) {
            vars.push_back({r.name, r.count, symbolic_uint::variable(enc, symbol.c_str(), r.count), {}});
            continue;
        }
        std::uint64_t const periods = (r.count + r.period - 1) / r.period;
        auto const q = symbolic_uint::variable(enc, (symbol + "_period").c_str(), periods);
        auto const rest = symbolic_uint::variable(enc, (symbol + "_in_period").c_str(), r.period);
        vars.push_back({r.name, r.count, q * r.period + rest, {q < periods, rest < r.period}});
    }
    return vars;
}

std::vector<z3::expr> range_constraints(std::vector<bounded_variable> const& vars) {
    std::vector<z3::expr> out;
    for (auto const& v : vars) {
        out.insert(out.end(), v.part_ranges.begin(), v.part_ranges.end());
        out.push_back(v.value < v.count);
    }
    return out;
}

std::vector<std::uint64_t> model_values(z3::model const& m, std::vector<bounded_variable> const& vars) {
    std::vector<std::uint64_t> out;
    for (auto const& v : vars) out.push_back(evaluate(m, v.value));
    return out;
}

prover::outcome check_small_first(prover& p, std::string const& name, std::vector<z3::expr> assertions,
                                  std::vector<bounded_variable> const& vars, std::uint64_t small_cap) {
    bool const any_large = std::any_of(vars.begin(), vars.end(), [&](auto const& v) { return v.count > small_cap; });
    if (any_large) {
        std::vector<z3::expr> small = assertions;
        for (auto const& v : vars)
            if (v.count > small_cap) small.push_back(v.value < small_cap);
        auto out = p.check(name + " [small]", small);
        if (out.result == answer::sat) return out;
    }
    return p.check(name, assertions);
}

prover::outcome check_expecting_unsat(prover& p, std::string const& name, std::vector<z3::expr> assertions,
                                      std::vector<bounded_variable> const& vars, std::uint64_t small_cap) {
    prover::probe_session session(std::move(assertions));
    return check_expecting_unsat(p, session, name, vars, small_cap);
}

prover::outcome check_expecting_unsat(prover& p, prover::probe_session& session, std::string const& name,
                                      std::vector<bounded_variable> const& vars, std::uint64_t small_cap) {
    bool const any_large = std::any_of(vars.begin(), vars.end(), [&](auto const& v) { return v.count > small_cap; });
    if (!any_large) return p.probe(session, name, {});
    std::vector<z3::expr> small_only;
    for (auto const& v : vars)
        if (v.count > small_cap) small_only.push_back(v.value < small_cap);
    // Small box first where the prover is asked to (prover.hpp): a
    // counterexample there is one, and the solver finds it in a few ms
    // where the whole range can take 100 ms and more (the article's claims
    // on rows of 12 elements over 2^32 rows: 147 ms against 3).
    if (p.small_box_first()) {
        auto small = p.probe(session, name + " [small]", small_only);
        if (small.result == answer::sat) return small;
        return p.probe(session, name, {});
    }
    auto full = p.probe(session, name, {});
    if (full.result != answer::sat) return full;
    auto small = p.probe(session, name + " [small]", small_only);
    return small.result == answer::sat ? small : full;
}

std::vector<z3::expr> pinned_to(std::vector<bounded_variable> const& vars, std::vector<std::uint64_t> const& values) {
    std::vector<z3::expr> out;
    for (std::size_t i = 0; i < vars.size(); ++i) out.push_back(vars[i].value == values[i]);
    return out;
}

std::vector<std::vector<std::uint64_t>> sample_starts(std::vector<bounded_variable> const& vars, std::uint64_t budget) {
    // The same number of values per variable, as many as the budget allows.
    std::uint64_t per = 1;
    auto const points = [&](std::uint64_t n) {
        std::uint64_t total = 1;
        for (auto const& v : vars) total *= std::min(v.count, n);
        return total;
    };
    while (per < budget && points(per + 1) <= budget && points(per + 1) > points(per)) ++per;
    std::vector<std::vector<std::uint64_t>> out{std::vector<std::uint64_t>(vars.size(), 0)};
    for (std::size_t i = 0; i < vars.size(); ++i) {
        std::vector<std::vector<std::uint64_t>> next;
        for (auto const& s : out)
            for (std::uint64_t v = 0; v < std::min(vars[i].count, per); ++v) {
                next.push_back(s);
                next.back()[i] = v;
            }
        out = std::move(next);
    }
    return out;
}

std::string format_values(std::vector<bounded_variable> const& vars, std::vector<std::uint64_t> const& values) {
    std::string s;
    for (std::size_t i = 0; i < vars.size(); ++i) {
        if (i) s += ", ";
        s += vars[i].name + " = " + std::to_string(values[i]);
    }
    return s;
}

std::optional<concrete_violation> first_concrete_violation(std::vector<bounded_variable> const& vars,
                                                           replay_fn const& replay, std::uint64_t budget) {
    if (vars.empty() || std::any_of(vars.begin(), vars.end(), [](auto const& v) { return v.count == 0; })) return {};
    // An odometer: the last variable turns fastest, the order of the
    // canonical model.
    concrete_violation c{std::vector<std::uint64_t>(vars.size(), 0), 0};
    while (c.visited < budget) {
        ++c.visited;
        if (replay(c.values)) return c;
        std::size_t i = vars.size();
        while (i > 0 && ++c.values[i - 1] == vars[i - 1].count) c.values[--i] = 0;
        if (i == 0) return {};
    }
    return {};
}

namespace {

// Assignments replayed before the solver is asked: a few ms at most.
constexpr std::uint64_t concrete_scan_budget = 1u << 14;

void refute_with(property_result& r, std::vector<bounded_variable> const& vars, std::vector<std::uint64_t> const& values,
                 replayed const& shown) {
    r.outcome = verdict::refuted;
    r.evidence = shown.data;
    r.evidence["variables"] = nlohmann::json::object();
    for (std::size_t i = 0; i < vars.size(); ++i) r.evidence["variables"][vars[i].name] = values[i];
    r.evidence_text = shown.lines;
}

}  // namespace

namespace {

// From a violation of the query, the smallest (canonical_model.hpp), replayed.
void refute_smallest(prover& p, prover::probe_session& session, property_result& r, std::vector<bounded_variable> const& vars,
                     replay_fn const& replay, std::vector<std::uint64_t> const& from, bool from_scan) {
    auto const smallest = smallest_model(p, session, r.id, vars, from, from_scan);
    r.solver_calls += smallest.checks;
    auto const& values = smallest.values;
    auto const shown = replay(values);
    if (!shown) {
        r.outcome = verdict::unknown;
        r.reason = "the solver's counterexample (" + format_values(vars, values) +
                   ") does not replay through the concrete model";
        return;
    }
    refute_with(r, vars, values, *shown);
    note_smallest(smallest, r.evidence, r.evidence_text);
}

}  // namespace

void decide_by_negation(prover& p, property_result& r, std::vector<z3::expr> negation,
                        std::vector<bounded_variable> const& vars, replay_fn const& replay, bool one_shot_first,
                        std::optional<std::vector<std::uint64_t>> const& candidate, bool candidate_smallest) {
    auto ranges = range_constraints(vars);
    negation.insert(negation.end(), ranges.begin(), ranges.end());
    unsigned const calls_before = unsigned(p.log().size());
    // One solver for the query, its small retry and the search for the
    // smallest counterexample: the negation is internalized once.
    prover::probe_session session(negation, one_shot_first);
    // A violation the concrete model shows and the solver did not confirm:
    // the query may still find one, but it must never prove the property.
    std::optional<std::vector<std::uint64_t>> unconfirmed;
    if (auto const found = first_concrete_violation(vars, replay, concrete_scan_budget)) {
        auto const pinned = p.probe(session, r.id + " [first of " + std::to_string(found->visited) + " in order]",
                                    pinned_to(vars, found->values));
        if (pinned.result == answer::sat) {
            r.solver_calls += unsigned(p.log().size()) - calls_before;
            p.assign_role(pinned.log_index, obligation_role::witness);
            refute_with(r, vars, found->values, *replay(found->values));
            return;
        }
        unconfirmed = found->values;
    }
    if (candidate && replay(*candidate)) {
        auto const pinned = p.probe(session, r.id + " [candidate]", pinned_to(vars, *candidate));
        if (pinned.result == answer::sat) {
            p.assign_role(pinned.log_index, obligation_role::witness);
            r.solver_calls += unsigned(p.log().size()) - calls_before;
            if (candidate_smallest) refute_with(r, vars, *candidate, *replay(*candidate));
            else refute_smallest(p, session, r, vars, replay, *candidate, true);
            return;
        }
        if (!unconfirmed) unconfirmed = *candidate;
    }
    auto const out = check_expecting_unsat(p, session, r.id, vars);
    r.solver_calls += unsigned(p.log().size()) - calls_before;
    switch (out.result) {
        case answer::unsat:
            if (unconfirmed) {  // the encoding and the concrete model disagree: neither verdict is safe
                r.outcome = verdict::unknown;
                r.reason = "the concrete model shows a violation at " + format_values(vars, *unconfirmed) +
                           " that the solver's encoding rules out; the two disagree (please report this)";
                return;
            }
            p.assign_role(out.log_index, obligation_role::proof);
            r.outcome = verdict::proved;
            return;
        case answer::unknown:
            r.outcome = verdict::unknown;
            r.reason = "solver answered unknown (" + out.reason + ")";
            return;
        case answer::sat: break;
    }
    p.assign_role(out.log_index, obligation_role::witness);
    refute_smallest(p, session, r, vars, replay, model_values(*out.model, vars), false);
}

void decide_abstracted_first(prover& p, property_result& r, std::vector<z3::expr> const& negation,
                             std::vector<bounded_variable> const& vars, replay_fn const& replay) {
    if (auto const abstracted = abstract_products(negation, range_constraints(vars))) {
        auto const out = p.check(r.id + " [products bounded]", *abstracted);
        ++r.solver_calls;
        if (out.result == answer::unsat) {
            p.assign_role(out.log_index, obligation_role::proof);
            r.outcome = verdict::proved;
            return;
        }
    }
    decide_by_negation(p, r, negation, vars, replay);
}

}  // namespace swz::verify
