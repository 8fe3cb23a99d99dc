#include "periodicity.hpp"

#include "cell_text.hpp"
#include "counted.hpp"
#include "query_support.hpp"

namespace swz::verify {

property_result prove_periodicity(prover& p, layout_subject const& t, std::string const& what) {
    property_result r;
    r.id = "periodicity";
    r.section = "layout";
    std::uint64_t const period = t.period_rows;
    r.statement = what + " repeats every " + counted(period, "row") + ": offset(y + " + std::to_string(period) +
                  ", x) = offset(y, x) + " + std::to_string(period * t.pitch) + " bytes";
    r.counts = weight::report;
    if (period == 0 || period >= t.rows()) {
        r.applicable = false;
        r.statement = what + " repeats every P rows, P smaller than the tile";
        r.reason = period == 0 ? "the family knows no period" : "the tile is no taller than its period";
        return r;
    }
    auto vars = make_split_variables(p.fast(), {{"y", t.rows() - period, t.row_split()}, {"x", t.cols()}});
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    z3::expr const breaks = t.symbolic_offset(y + period, x) != t.symbolic_offset(y, x) + period * t.pitch;
    decide_by_negation(p, r, {breaks}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const later = t.offset(v[0] + period, v[1]), now = t.offset(v[0], v[1]);
        if (later == now + period * t.pitch) return std::nullopt;
        replayed out;
        out.data = {{"cell", {v[0], v[1]}}, {"byte", now}, {"byte_later", later}};
        out.lines.push_back("cell " + cell_text(v[0], v[1]) + " is at byte " +
                            std::to_string(now) + ", " + std::to_string(period) + " rows later at " + std::to_string(later) +
                            ", not " + std::to_string(now + period * t.pitch));
        return out;
    });
    return r;
}

std::uint64_t proved_period(property_result const& lemma, layout_subject const& t) {
    return lemma.applicable && lemma.outcome == verdict::proved ? t.period_rows : 0;
}

}  // namespace swz::verify
