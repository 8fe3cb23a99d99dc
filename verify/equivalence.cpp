#include "equivalence.hpp"

#include "cell_text.hpp"
#include "query_support.hpp"

namespace swz::verify {

namespace {

// A period both layouts share: the larger, when it is a multiple of the
// other (else none: rows stay one variable).
std::uint64_t detail_common_period(layout_subject const& a, layout_subject const& b) {
    std::uint64_t const p = std::max(a.row_split(), b.row_split()), q = std::min(a.row_split(), b.row_split());
    return q != 0 && p % q == 0 ? p : 0;
}

}  // namespace

property_result prove_equivalence(prover& p, layout_subject const& a, layout_subject const& b) {
    property_result r;
    r.id = "equivalence";
    r.section = "equivalence";
    r.statement = a.spec + " and " + b.spec + " place every cell at the same byte";
    r.counts = weight::gate;
    auto vars = make_split_variables(p.fast(), {{"y", a.rows(), detail_common_period(a, b)}, {"x", a.cols()}});
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    z3::expr const differs = a.symbolic_offset(y, x) != b.symbolic_offset(y, x);
    decide_by_negation(p, r, {differs}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const in_a = a.offset(v[0], v[1]), in_b = b.offset(v[0], v[1]);
        if (in_a == in_b) return std::nullopt;
        replayed out;
        out.data = {{"cell", {v[0], v[1]}}, {"byte_a", in_a}, {"byte_b", in_b}};
        out.lines.push_back("cell " + cell_text(v[0], v[1]) + ": " + a.spec +
                            " puts it at byte " + std::to_string(in_a) + ", " + b.spec + " at byte " +
                            std::to_string(in_b));
        return out;
    });
    return r;
}

}  // namespace swz::verify
