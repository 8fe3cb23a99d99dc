// Shared steps of the property queries: bounded variables, a search that
// prefers small models (so counterexamples stay readable), and turning a
// solver answer into a verdict only after the model is replayed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "prover.hpp"
#include "verdict.hpp"

namespace swz::verify {

// A symbolic variable ranging over 0 .. count-1.
struct bounded_variable {
    std::string name;
    std::uint64_t count;
    symbolic_uint value;
    // A row split by a period P: value = P * q + r, with these ranges of
    // q and r (see make_variables below).
    std::vector<z3::expr> part_ranges;
};

std::vector<bounded_variable> make_variables(bv_encoding const& enc,
                                             std::vector<std::pair<std::string, std::uint64_t>> const& ranges);

// A variable, and for a row index the layout's period P (0: none): then
// the variable is written y = P * q + r, q < ceil(count / P), r < P. Every
// row is one such pair, so nothing is lost; under the fast lowering the
// layout's offset keeps P * q as a term of its own (symbolic_uint's affine
// form), so the dividers and XORs meet only r, a few bits wide.
struct variable_range {
    std::string name;
    std::uint64_t count;
    std::uint64_t period = 0;
    // The solver's name for it, where not `name` (access_subject.hpp's
    // solver_symbol: a user's names must not meet the solver's own).
    std::string symbol = {};
};
std::vector<bounded_variable> make_split_variables(bv_encoding const& enc, std::vector<variable_range> const& ranges);

// The range constraints of the variables.
std::vector<z3::expr> range_constraints(std::vector<bounded_variable> const& vars);

// The variables' values in a model.
std::vector<std::uint64_t> model_values(z3::model const& m, std::vector<bounded_variable> const& vars);

// Checks `assertions` (which include the range constraints): first with every
// variable below `small_cap`, then, if that finds nothing, over the whole
// range. Only the whole-range check can answer unsat.
prover::outcome check_small_first(prover& p, std::string const& name, std::vector<z3::expr> assertions,
                                  std::vector<bounded_variable> const& vars, std::uint64_t small_cap = 64);

// Checks a query that is expected to be unsatisfiable (a proof attempt) over
// the whole range; when it is satisfiable, looks for a model with every
// variable below `small_cap` as well, so the counterexample shown is small.
prover::outcome check_expecting_unsat(prover& p, std::string const& name, std::vector<z3::expr> assertions,
                                      std::vector<bounded_variable> const& vars, std::uint64_t small_cap = 64);
// The same on a session's solver, whose base assertions are the query.
prover::outcome check_expecting_unsat(prover& p, prover::probe_session& session, std::string const& name,
                                      std::vector<bounded_variable> const& vars, std::uint64_t small_cap = 64);

// The constraints that fix every variable to `values`: a witness query pinned
// to a start already known (and replayed) is still a satisfiable obligation
// any solver can re-check, and costs the solver an evaluation, not a search.
std::vector<z3::expr> pinned_to(std::vector<bounded_variable> const& vars, std::vector<std::uint64_t> const& values);

// A deterministic sample of at most `budget` starts (a grid of small values
// of every variable), to seed searches for extreme figures with concrete
// values before the solver is asked.
std::vector<std::vector<std::uint64_t>> sample_starts(std::vector<bounded_variable> const& vars,
                                                      std::uint64_t budget = 1024);

// What a replay of a model through the concrete model says: the evidence to
// show, or nothing when the concrete model does not confirm the violation.
struct replayed {
    nlohmann::json data;
    std::vector<std::string> lines;
};
using replay_fn = std::function<std::optional<replayed>(std::vector<std::uint64_t> const& values)>;

// The first of the first `budget` assignments in canonical order
// (canonical_model.hpp) at which the concrete model shows the violation,
// with the number of assignments visited; nothing when none of them does.
struct concrete_violation {
    std::vector<std::uint64_t> values;
    std::uint64_t visited = 0;
};
std::optional<concrete_violation> first_concrete_violation(std::vector<bounded_variable> const& vars,
                                                           replay_fn const& replay, std::uint64_t budget);

// A property stated as "the negation is unsatisfiable": PROVED on unsat,
// REFUTED on sat once the model replays, UNKNOWN otherwise. The first
// assignments in canonical order are replayed before the solver is asked:
// a violation among them is the smallest counterexample (every earlier
// assignment was replayed and is none), and the solver confirms it on the
// pinned values, a witness obligation like any other. Counterexamples of
// layouts whose sizes are not powers of two mostly lie there, and the
// solver's search for the smallest takes 20-60 ms a property. A violation
// the scan shows that the solver does not confirm leaves the query to
// decide, but never PROVED: an unsatisfiable query then means the encoding
// and the concrete model disagree, UNKNOWN naming the violation.
// `one_shot_first`: the proof attempt is Z3's one-shot check
// (prover::probe_session), where the caller has measured it faster.
// `candidate`: a violation the caller found by its own concrete search, if
// any; where it replays, the solver confirms it pinned and the search for
// the smallest starts from it, instead of from a model of the whole query
// (which can take seconds to find: bijection of --nx 1293 --elem 2).
// `candidate_smallest`: the caller has shown the candidate is the smallest
// (an enumeration of every earlier assignment that a proved lemma leaves
// possible): once pinned and confirmed it is shown as it is, no search.
void decide_by_negation(prover& p, property_result& r, std::vector<z3::expr> negation,
                        std::vector<bounded_variable> const& vars, replay_fn const& replay, bool one_shot_first = false,
                        std::optional<std::vector<std::uint64_t>> const& candidate = std::nullopt,
                        bool candidate_smallest = false);

// decide_by_negation, after one query with the negation's products of
// variables by constants abstracted (product_abstraction.hpp): PROVED
// where that one is unsatisfiable (its obligation the proof); else, or
// where there is nothing to abstract, the query as it is. For proofs that
// relate products by odd pitches, expected to hold (formula.lowering's
// steps): where it fails, one query more.
void decide_abstracted_first(prover& p, property_result& r, std::vector<z3::expr> const& negation,
                             std::vector<bounded_variable> const& vars, replay_fn const& replay);

std::string format_values(std::vector<bounded_variable> const& vars, std::vector<std::uint64_t> const& values);

}  // namespace swz::verify
