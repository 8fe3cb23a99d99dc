// Canonical models: the smallest satisfying assignment in a documented
// order, so that a witness or counterexample found by the solver does not
// depend on which model Z3 happens to return (its choice changes with the
// context's history, hence with the thread a query ran on, and with the
// Z3 version), and a certificate does not change when nothing changed.
//
// The order is lexicographic over the query's variables in their declared
// order, each compared as an unsigned value: for a layout's cells the row,
// then the column (y1, x1, y2, x2 for a pair of cells); for an access its
// start variables in order; a lane where the lane is a variable. The first
// variable is minimized first, over every satisfying assignment; then the
// second with the first fixed at its minimum; and so on. This is the order
// in which the exhaustion paths (exhaustion.hpp) visit their cases, so the
// two methods name the same start.
//
// Each step is a solver check under the prover's timeout, logged with role
// `search` (it only guides the choice; the property's witness obligation is
// the query that found the first model), and the whole search stops once it
// has run for one such timeout. When a step answers unknown, or the search
// stops, the last satisfiable model is kept, and the result says it may not
// be the smallest: soundness never depends on the minimization, since the caller
// replays whatever model it gets through the concrete model, as before.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "prover.hpp"
#include "query_support.hpp"

namespace swz::verify {

struct canonical_model {
    std::vector<std::uint64_t> values;  // the variables' values, in their order
    bool smallest = true;  // false: a step answered unknown, `values` are the last satisfiable model's
    std::string reason;    // why not the smallest
    unsigned checks = 0;   // solver checks made
};

// The smallest assignment of `vars` (in the order above) that satisfies
// `assertions`, which must include the variables' range constraints;
// `start` is an assignment known to satisfy them (a solver model's values).
// Queries are named `name` followed by the step, " [smallest y <= 7]".
canonical_model smallest_model(prover& p, std::string const& name, std::vector<z3::expr> const& assertions,
                               std::vector<bounded_variable> const& vars, std::vector<std::uint64_t> start);
// The same on the solver of a session whose base assertions are the query
// that found `start` (no second internalization of it). `start_from_scan`:
// `start` came from the caller's own concrete scan of the first rows, and is
// often the smallest already: each variable's second probe asks for
// everything below its value at once (the same result, in two probes where
// it is the smallest, one more where it is not).
canonical_model smallest_model(prover& p, prover::probe_session& session, std::string const& name,
                               std::vector<bounded_variable> const& vars, std::vector<std::uint64_t> start,
                               bool start_from_scan = false);

// What a certificate says of evidence that may not be the smallest: the
// "not_smallest" key (its reason), absent when the evidence is the smallest.
void note_smallest(canonical_model const& m, nlohmann::json& evidence, std::vector<std::string>& lines);

}  // namespace swz::verify
