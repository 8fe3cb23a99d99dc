// The search both figure properties share: the exact extreme of a figure
// (most wavefronts, fewest distinct values) over every start of a bounded
// domain. Concrete samples give a first extreme; each satisfiable "beyond
// it" query gives a more extreme start (replayed before it is believed),
// until that query is unsatisfiable, which is the proof; a satisfiable query
// pinned to the extreme start is the witness.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "prover.hpp"
#include "query_support.hpp"

namespace swz::verify {

struct figure_search {
    std::string name;  // prefix of the query names: "conflict.column", "column_spread"
    std::string unit;  // for messages: "wavefronts", "distinct values"
    bool maximize;     // the worst case (largest) or the fewest (smallest)
    // "the figure is at least k" when maximizing, "at most k" when minimizing.
    std::function<z3::expr(unsigned k)> reaches;
    // The figure at a start, by the concrete model.
    std::function<unsigned(std::vector<std::uint64_t> const& start)> at;
    // A figure no start can pass (a window has at least one value): at it,
    // no query is needed.
    std::optional<unsigned> limit;
};

struct exact_figure {
    bool found = false;  // false: unknown, and `reason` says why
    std::string reason;
    unsigned value = 0;
    // The smallest start with the figure, lexicographically in the
    // variables' order (canonical_model.hpp); `not_smallest` says why not
    // when the search for it stopped short (empty when it is the smallest).
    std::vector<std::uint64_t> witness;
    std::string not_smallest;
};

exact_figure find_exact_figure(prover& p, std::vector<bounded_variable> const& vars, figure_search const& s);

}  // namespace swz::verify
