#include "bank_blind.hpp"

#include "access_spec.hpp"
#include "layout_subjects.hpp"
#include "offset_table.hpp"
#include "periodicity.hpp"
#include "query_support.hpp"
#include "swz/bank_model.hpp"
#include "swz/pow2.hpp"

#include <algorithm>

namespace swz::verify {

std::uint64_t bank_blind_unit(layout_subject const& t) {
    if (!t.swizzle || t.tma) return 0;
    auto const& s = *t.swizzle;
    std::uint64_t const g = std::min<std::uint64_t>(s.granule_bytes, bytes_per_phase);
    bool const fits = is_pow2(s.unit_bytes) && s.unit_bytes <= g && g >= bank_width_bytes;
    return fits && s.writes_from_bytes >= bytes_per_phase ? g : 0;
}

bool bank_blind_candidate(layout_subject const& t) { return bank_blind_unit(t) != 0; }

bool bank_blind_covers(std::uint64_t g, instruction const& i) {
    return i.rule() == phase_rule::banks ? unit_bytes(i.width) <= g : g >= bytes_per_phase;
}

namespace {

// The accesses a unit of G bytes covers, in words.
std::string covered(std::uint64_t g) {
    if (g >= bytes_per_phase) return "every access through cells";
    if (g >= widest_bank_unit) return "every access through cells but cp.async.16 (its transfers see 128-byte lines)";
    return "every access through cells of units up to " + std::to_string(g) + " bytes (not cp.async.16)";
}

std::string beneath(layout_subject const& t) {
    return std::string("the strided layout beneath (") + t.swizzle->strided.spec(t.shape.row_bytes) + ")";
}

// What F changes at offset u (in units), as the concrete model has it.
std::uint64_t change_at(swizzle_view const& s, std::uint64_t u) { return s.apply(u) ^ u; }

property_result the_swizzle_facts(prover& p, layout_subject const& t) {
    auto const& s = *t.swizzle;
    property_result r;
    r.id = bank_blind_id;
    r.section = "layout";
    r.counts = weight::report;
    std::uint64_t const g = bank_blind_unit(t), line = bytes_per_phase / s.unit_bytes, unit = g / s.unit_bytes;
    std::string const units = std::to_string(g) + "-byte unit";
    r.statement = "the swizzle changes no offset bit below 128 bytes, changes each " + units + " as a whole and keeps "
                  "distinct units distinct: " + covered(g) + " costs, at every start, what it costs on " + beneath(t);
    std::uint64_t const count = t.footprint / s.unit_bytes;
    auto vars = make_variables(p.fast(), {{"u", count}, {"v", count}});
    auto const& u = vars[0].value; auto const& v = vars[1].value;
    auto const first_of = [unit](auto const& o) { return o / unit * unit; };
    auto const F = [&](symbolic_uint const& o) { return s.symbolic_apply(o); };
    symbolic_uint const du = F(u) ^ u, u0 = first_of(u), dv0 = F(u0) ^ u0;
    z3::expr const below_line = du % line != 0u;
    z3::expr const not_whole = du != dv0;
    z3::expr const units_meet = u / unit != v / unit && F(u) / unit == F(v) / unit;
    decide_by_negation(p, r, {below_line || not_whole || units_meet}, vars,
                       [&](std::vector<std::uint64_t> const& x) -> std::optional<replayed> {
        std::uint64_t const a = x[0], b = x[1], a0 = a / unit * unit;
        std::string const fa = std::to_string(s.apply(a)), ua = s.unit_bytes == 1 ? "byte" : "element";
        replayed out;
        out.data = {{"u", a}, {"v", b}, {"swizzled_u", s.apply(a)}, {"swizzled_v", s.apply(b)}};
        if (change_at(s, a) % line != 0) {
            out.lines.push_back(ua + " offset " + std::to_string(a) + " -> " + fa + ": a bit below 128 bytes changes");
        } else if (change_at(s, a) != change_at(s, a0)) {
            out.lines.push_back(ua + " offset " + std::to_string(a) + " -> " + fa + " and " + std::to_string(a0) + " -> " +
                                std::to_string(s.apply(a0)) + ": one " + units + " changed two ways");
        } else if (a / unit != b / unit && s.apply(a) / unit == s.apply(b) / unit) {
            out.lines.push_back(ua + " offsets " + std::to_string(a) + " -> " + fa + " and " + std::to_string(b) + " -> " +
                                std::to_string(s.apply(b)) + ": two " + units + "s meet");
        } else {
            return std::nullopt;
        }
        return out;
    });
    return r;
}

layout_subject strided_twin(layout_subject const& t) {
    layout_subject twin = subject_of(t.swizzle->strided, t.shape);
    // The built-ins' chunk is the swizzled layout's, on both.
    twin.chunk_bytes = t.chunk_bytes;
    return twin;
}

}  // namespace

std::vector<property_result> prove_bank_blind(prover& p, layout_subject const& t) {
    property_result facts = the_swizzle_facts(p, t);
    property_result period = prove_periodicity(p, strided_twin(t), beneath(t));
    period.id = bank_blind_period_id;
    return {std::move(facts), std::move(period)};
}

std::optional<bank_twin> proved_bank_twin(std::vector<property_result> const& lemmas, layout_subject const& t) {
    std::uint64_t period = 0;
    bool blind = false;
    layout_subject twin = strided_twin(t);
    for (auto const& r : lemmas) {
        if (r.id == bank_blind_id) blind = r.applicable && r.outcome == verdict::proved;
        if (r.id == bank_blind_period_id) period = proved_period(r, twin);
    }
    if (!blind) return std::nullopt;
    // A tile no taller than the period needs none.
    start_lemmas cut{period};
    cut.period_lemma = bank_blind_period_id;
    return bank_twin{with_offset_table(std::move(twin), period), cut, bank_blind_unit(t)};
}

void attach_bank_twin(access_subject& a, std::string const& spec, bank_twin const& twin) {
    if (!a.through_cells || !bank_blind_covers(twin.unit_bytes, a.instr)) return;
    auto built = access_on(spec, twin.subject, twin.lemmas);
    auto* other = std::get_if<access_subject>(&built);
    if (!other || other->instr.name() != a.instr.name() || other->vars.size() != a.vars.size() ||
        other->not_applicable != a.not_applicable)
        return;
    for (std::size_t i = 0; i < a.vars.size(); ++i)
        if (other->vars[i].name != a.vars[i].name) return;
    a.bank_twin = std::make_shared<access_subject const>(std::move(*other));
}

}  // namespace swz::verify
