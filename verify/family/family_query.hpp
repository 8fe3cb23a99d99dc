// What every family query shares: the family's variables (parameters
// first, so the smallest counterexample has the smallest parameters), then
// the cells or starts the property names; and a decision whose replay runs
// on the instance a model's parameters make.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../query_support.hpp"
#include "article_family_params.hpp"

namespace swz::verify {

inline property_result family_result(std::string id, std::string statement) {
    property_result r;
    r.id = "family." + std::move(id);
    r.section = "family";
    r.statement = std::move(statement);
    r.counts = weight::gate;
    return r;
}

// The family's variables (parameters first, so the smallest counterexample
// has the smallest parameters), then the cells the property names.
struct family_query {
    article_family f;
    std::vector<bounded_variable> vars;

    family_query(prover& p, std::vector<variable_range> cells) : f(p.fast()) {
        vars = f.parameter_variables();
        for (auto& c : cells) vars.push_back({c.name, c.count, symbolic_uint::narrow_variable(p.fast(), c.name.c_str(), c.count), {}});
    }
    symbolic_uint const& cell(std::size_t i) const { return vars[family_parameters + i].value; }
    // The rules, and each cell inside the family's tile.
    std::vector<z3::expr> within(std::vector<std::pair<std::size_t, std::size_t>> const& cells) const {
        auto out = f.rules();
        for (auto [y, x] : cells) {
            out.push_back(cell(y) < f.rows_var());
            out.push_back(cell(x) < value_of(f.params().nx));
        }
        return out;
    }
};

// A model's values: the family's parameters (family_parameters of them), then the cells.
using cell_values = std::vector<std::uint64_t>;

// decide_by_negation over the family, `cells` inside the tile: a model's
// parameters make the instance that `replay(instance, values)` runs on
// (nothing where they break the rules), and the evidence names it.
template <class Replay>
void decide_on_family(prover& p, property_result& r, family_query const& q, std::vector<z3::expr> negation, Replay replay) {
    decide_by_negation(p, r, negation, q.vars, [replay](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        auto const i = family_instance::of(v);
        if (!i) return std::nullopt;
        auto out = replay(*i, v);
        if (out) out->data["layout"] = i->spec();
        return out;
    });
}

// The same, `cells` inside the tile.
template <class Replay>
void decide_on_family(prover& p, property_result& r, family_query const& q,
                      std::vector<std::pair<std::size_t, std::size_t>> const& cells, z3::expr const& broken, Replay replay) {
    auto negation = q.within(cells);
    negation.push_back(broken);
    decide_on_family(p, r, q, std::move(negation), std::move(replay));
}

inline std::string instance_text(family_instance const& i) { return i.spec() + " on " + std::to_string(i.rows) + " rows"; }

inline std::string cell_text(std::uint64_t y, std::uint64_t x) {
    return "[" + std::to_string(y) + "][" + std::to_string(x) + "]";
}

}  // namespace swz::verify
