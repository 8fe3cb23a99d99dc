#include "bank_period.hpp"

#include <algorithm>

#include "cell_text.hpp"

#include "conflict_bound.hpp"
#include "edge_sample.hpp"
#include "query_support.hpp"

namespace swz::verify {

namespace {

constexpr std::uint64_t bank_line = 128;

std::uint64_t line_difference(std::uint64_t later, std::uint64_t now) { return (later - now) % bank_line; }

// Whether the step holds on a sample of cells: the first and last rows and
// columns (each cell and its shifted one inside the tile), where a row's
// wrap-around shows first, and 16 columns of 512 rows spread evenly over
// all (where a GF(2) layout's high row bits show). A sample, not a proof
// (the solver's query is), so its rows and columns are capped: a GF(2)
// layout's step of 2^19 rows had a sample of 5 * 10^8 cells (8.6 s).
bool holds_on_sample(layout_subject const& t, std::uint64_t dy, std::uint64_t dx, std::uint64_t shift) {
    constexpr std::uint64_t most = 1024, spread = 512;
    std::uint64_t const rows = t.rows() - dy, stride = std::max<std::uint64_t>(1, rows / spread);
    auto const row_holds = [&](std::uint64_t y, std::uint64_t cols) {
        return each_edge_sample(t.cols() - dx, cols, [&](std::uint64_t x) {
            return line_difference(t.offset(y + dy, x + dx), t.offset(y, x)) == shift;
        });
    };
    for (std::uint64_t y = 0; y < rows; y += stride)  // first: where most wrong steps fail soonest
        if (!row_holds(y, 16)) return false;
    return each_edge_sample(rows, std::min(dy, most) + 64, [&](std::uint64_t y) { return row_holds(y, std::min(dx, most) + 256); });
}

// The smallest power of two below `limit` that holds on the sample.
template <class Shift>
bank_step smallest_step(std::uint64_t limit, Shift shift_of, layout_subject const& t, bool rows) {
    for (std::uint64_t s = 1; s < limit; s *= 2) {
        std::uint64_t const k = shift_of(s);
        if (holds_on_sample(t, rows ? s : 0, rows ? 0 : s, k)) return {s, k};
    }
    return {};
}

std::string step_statement(bool rows, bank_step s) {
    std::string const step = std::to_string(s.step);
    return "offset(" + (rows ? "y + " + step + ", x" : "y, x + " + step) + ") = offset(y, x) + " + std::to_string(s.shift) +
           " (mod 128 bytes): the banks repeat every " + step + (rows ? " rows" : " columns");
}

property_result prove_step(prover& p, layout_subject const& t, bank_step s, bool rows) {
    property_result r;
    r.id = rows ? "bank_period.rows" : "bank_period.columns";
    r.section = "layout";
    r.counts = weight::report;
    r.statement = step_statement(rows, s);
    std::uint64_t const dy = rows ? s.step : 0, dx = rows ? 0 : s.step;
    auto vars = make_split_variables(p.fast(), {{"y", t.rows() - dy, t.row_split()}, {"x", t.cols() - dx}});
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    z3::expr const breaks = ((t.symbolic_offset(y + dy, x + dx) - t.symbolic_offset(y, x)) & (bank_line - 1)) != s.shift;
    decide_by_negation(p, r, {breaks}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const later = t.offset(v[0] + dy, v[1] + dx), now = t.offset(v[0], v[1]);
        if (line_difference(later, now) == s.shift) return std::nullopt;
        replayed out;
        out.data = {{"cell", {v[0], v[1]}}, {"byte", now}, {"byte_later", later}};
        out.lines.push_back("cell " + cell_text(v[0], v[1]) + " is at byte " +
                            std::to_string(now) + ", cell " + cell_text(v[0] + dy, v[1] + dx) +
                            "] at " + std::to_string(later) + ": " + std::to_string(line_difference(later, now)) +
                            " bytes further along the bank line, not " + std::to_string(s.shift));
        return out;
    });
    return r;
}

}  // namespace

bank_steps conjecture_bank_steps(layout_subject const& t, std::uint64_t row_starts) {
    std::uint64_t const cols = t.cols();
    if (!t.offset || cols == 0 || t.rows() == 0 || row_starts * cols <= exhaustion_starts) return {};  // enumerated as they are
    bank_steps out;
    out.rows = smallest_step(std::min<std::uint64_t>(row_starts, t.rows()),
                             [&](std::uint64_t s) { return line_difference(t.offset(s, 0), t.offset(0, 0)); }, t, true);
    out.cols = smallest_step(cols, [&](std::uint64_t s) { return line_difference(t.offset(0, s), t.offset(0, 0)); }, t, false);
    return out;
}

property_result prove_bank_period_rows(prover& p, layout_subject const& t, bank_step s) { return prove_step(p, t, s, true); }
property_result prove_bank_period_columns(prover& p, layout_subject const& t, bank_step s) { return prove_step(p, t, s, false); }

bank_step proved_step(property_result const& lemma, bank_step s) {
    return lemma.applicable && lemma.outcome == verdict::proved ? s : bank_step{};
}

}  // namespace swz::verify
