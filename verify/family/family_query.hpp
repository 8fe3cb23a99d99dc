// What every family query shares: the family's variables (parameters
// first, so the smallest counterexample has the smallest parameters), then
// the cells or starts the property names; and a decision whose replay runs
// on the instance a model's parameters make.
//
// A Family type (article_family_params.hpp, cute_family_params.hpp) gives
// its solver variables and rules, its offset on solver values, and an
// `instance` type: the concrete layout a model's parameter values make.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../cell_text.hpp"
#include "../query_support.hpp"

namespace swz::verify {

inline property_result family_result(std::string id, std::string statement) {
    property_result r;
    r.id = "family." + std::move(id);
    r.section = "family";
    r.statement = std::move(statement);
    r.counts = weight::gate;
    return r;
}

// A part of a property decided first: the property takes its verdict
// (and evidence) where the part is not PROVED, under its own id, statement
// and method.
inline bool part_holds(property_result& whole, property_result const& part) {
    whole.solver_calls += part.solver_calls;
    if (part.outcome == verdict::proved) return true;
    std::string const id = whole.id, statement = whole.statement, method = whole.method;
    unsigned const calls = whole.solver_calls;
    whole = part;
    whole.id = id;
    whole.statement = statement;
    whole.method = method;
    whole.solver_calls = calls;
    return false;
}

// A model's values: the family's parameters, then the cells.
using cell_values = std::vector<std::uint64_t>;

// The family's variables, then the cells the property names.
template <class Family>
struct family_query {
    Family f;
    std::vector<bounded_variable> vars;

    family_query(prover& p, std::vector<variable_range> cells) : f(p.fast()) {
        vars = f.parameter_variables();
        for (auto& c : cells) vars.push_back({c.name, c.count, symbolic_uint::narrow_variable(p.fast(), c.name.c_str(), c.count), {}});
    }
    symbolic_uint const& cell(std::size_t i) const { return vars[Family::parameter_count + i].value; }
    // The rules, and each cell inside the family's tile.
    std::vector<z3::expr> within(std::vector<std::pair<std::size_t, std::size_t>> const& cells) const {
        auto out = f.rules();
        for (auto [y, x] : cells) {
            out.push_back(cell(y) < f.rows_var());
            out.push_back(cell(x) < f.row_elems());
        }
        return out;
    }
};

// The cell values of a model, after the family's parameters.
template <class Family>
std::uint64_t cell_value(cell_values const& v, std::size_t i) {
    return v[Family::parameter_count + i];
}

// decide_by_negation over the family: a model's parameters make the
// instance that `replay(instance, values)` runs on (nothing where they
// break the rules), and the evidence names it.
template <class Family, class Replay>
void decide_on_family(prover& p, property_result& r, family_query<Family> const& q, std::vector<z3::expr> negation, Replay replay,
                      bool one_shot_first = false) {
    decide_by_negation(p, r, negation, q.vars, [replay](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        auto const i = Family::instance::of(v);
        if (!i) return std::nullopt;
        auto out = replay(*i, v);
        if (out) out->data["layout"] = i->spec();
        return out;
    }, one_shot_first);
}

// The same, `cells` inside the tile.
template <class Family, class Replay>
void decide_on_family(prover& p, property_result& r, family_query<Family> const& q,
                      std::vector<std::pair<std::size_t, std::size_t>> const& cells, z3::expr const& broken, Replay replay) {
    auto negation = q.within(cells);
    negation.push_back(broken);
    decide_on_family(p, r, q, std::move(negation), std::move(replay));
}

// A lemma a property's proof rests on: a statement about the variables of
// the property's query, proved over the same domain by a query of its own,
// and taken as given by the property's query (asserted beside its
// negation). Lemmas are chosen to make the property's query small for the
// solver, never to narrow it: each holds on the whole domain once proved.
// `fails` replays a model of the lemma's negation on the concrete model,
// with the same templates on integers.
template <class Family>
struct family_lemma {
    std::string id;         // "involution.source_kept": family.involution.source_kept
    std::string statement;  // in words
    z3::expr holds;         // the lemma on the query's variables
    std::function<std::optional<replayed>(typename Family::instance const&, cell_values const&)> fails;
};

// The property (`broken`: its negation) decided over `domain` with the
// lemmas taken as given, then each lemma decided over `domain`, taking as
// given the ones before it: PROVED only where every query is unsat. A
// model of the property's query is a counterexample like any other (the
// lemmas only keep the search where they hold): REFUTED once it replays.
// A lemma not proved leaves the property UNKNOWN, its verdict and evidence
// the reason: it is a step of this proof, not a claim about the layout.
template <class Family, class Replay>
void decide_with_lemmas(prover& p, property_result& r, family_query<Family> const& q, std::vector<z3::expr> const& domain,
                        std::vector<family_lemma<Family>> const& lemmas, z3::expr const& broken, Replay replay) {
    auto negation = domain;
    for (auto const& l : lemmas) negation.push_back(l.holds);
    negation.push_back(broken);
    decide_on_family(p, r, q, std::move(negation), std::move(replay));
    if (r.outcome != verdict::proved) return;
    for (std::size_t k = 0; k < lemmas.size(); ++k) {
        auto lemma = family_result(lemmas[k].id, lemmas[k].statement);
        auto lemma_negation = domain;
        for (std::size_t j = 0; j < k; ++j) lemma_negation.push_back(lemmas[j].holds);
        lemma_negation.push_back(!lemmas[k].holds);
        decide_on_family(p, lemma, q, std::move(lemma_negation), lemmas[k].fails);
        r.solver_calls += lemma.solver_calls;
        if (lemma.outcome == verdict::proved) continue;
        r.outcome = verdict::unknown;
        r.evidence = lemma.evidence;
        r.evidence_text = lemma.evidence_text;
        r.reason = "the lemma " + lemma.id + " its proof rests on is " + std::string(verdict_name(lemma.outcome)) +
                   (lemma.reason.empty() ? std::string() : " (" + lemma.reason + ")");
        return;
    }
}

// Whether `whole` may take as given a property it follows from in part
// (family_definition.hpp's needs): only a PROVED one. Otherwise `whole` is
// UNKNOWN and says which and why; never REFUTED by it, since the other
// property failing does not make this one false.
inline bool follows_from(property_result& whole, property_result const& needed) {
    if (needed.outcome == verdict::proved) return true;
    whole.outcome = verdict::unknown;
    whole.evidence = nlohmann::json();
    whole.evidence_text.clear();
    whole.reason = "it follows in part from " + needed.id + ", which is " + std::string(verdict_name(needed.outcome)) +
                   (needed.reason.empty() ? std::string() : " (" + needed.reason + ")");
    return false;
}

template <class Instance>
std::string instance_text(Instance const& i) {
    return i.spec() + " on " + std::to_string(i.rows) + " rows";
}

}  // namespace swz::verify
