#include "row_xor.hpp"

#include <algorithm>

#include "conflict_bound.hpp"
#include "edge_sample.hpp"
#include "first_block_scan.hpp"
#include "query_support.hpp"

namespace swz::verify {

bool conjecture_row_xor(layout_subject const& t, std::uint64_t row_starts) {
    std::uint64_t const cols = t.cols();
    if (!t.offset || cols == 0 || t.rows() == 0 || row_starts * cols <= exhaustion_starts) return false;  // enumerated as they are
    // A cell of the sample outside its row: row_locality fails, column_spread
    // does not apply, and the lemma would only cost (a GF(2) layout over 2^32
    // rows of 16 bytes: 0.4 s).
    for (std::uint64_t y : edge_sample(t.rows(), 64)) {
        std::uint64_t const first = t.column(y, 0);
        for (std::uint64_t x : edge_sample(cols, 256)) {
            std::uint64_t const c = t.column(y, x);
            if (c >= cols || c != (first ^ x)) return false;
        }
    }
    return true;
}

property_result prove_row_xor(prover& p, layout_subject const& t) {
    property_result r;
    r.id = "row_xor";
    r.section = "layout";
    r.counts = weight::report;
    r.statement = "every row stores x at column(y, 0) ^ x";
    auto vars = make_split_variables(p.fast(), {{"y", t.rows(), t.row_split()}, {"x", t.cols()}});
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    z3::expr const breaks = t.symbolic_column(y, x) != (t.symbolic_column(y, x.lift(0)) ^ x);
    // The strided layout keeps it (column x at x): first_block_scan.hpp.
    auto const first_break = first_failing_cell_past_first_block(
        t, [&](std::uint64_t yv, std::uint64_t xv) { return t.column(yv, xv) != (t.column(yv, 0) ^ xv); });
    decide_by_negation(p, r, {breaks}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const got = t.column(v[0], v[1]), first = t.column(v[0], 0);
        if (got == (first ^ v[1])) return std::nullopt;
        replayed out;
        out.data = {{"cell", {v[0], v[1]}}, {"column", got}, {"column_of_x0", first}};
        out.lines.push_back("row " + std::to_string(v[0]) + " stores x = 0 at column " + std::to_string(first) + " and x = " +
                            std::to_string(v[1]) + " at column " + std::to_string(got) + ", not " + std::to_string(first ^ v[1]));
        return out;
    }, false, first_break, first_break.has_value());
    return r;
}

bool proved_row_xor(property_result const& lemma) { return lemma.applicable && lemma.outcome == verdict::proved; }

}  // namespace swz::verify
