#include "conflict_bound.hpp"

#include <algorithm>

#include "exact_figure.hpp"
#include "exhaustion.hpp"
#include "query_support.hpp"
#include "swz/bank_model.hpp"

namespace swz::verify {

namespace {

// The encoding uses the bank rule's own unit view (swz/bank_model.hpp:
// bank_unit, bank_group, lanes_per_phase), the very functions the concrete
// cost that replays every witness computes with. Alignment is checked first,
// so the unit view holds wherever the figure is computed.
struct unit_view {
    unsigned lanes_per_phase;  // also the number of bank groups
};

unit_view view_of(unsigned width) { return {swz::lanes_per_phase(width)}; }

// One phase of 32 lanes: wavefronts >= k <=> one can pick k lanes that
// share a bank and touch pairwise distinct words.
z3::expr picks_at_least(prover& p, std::vector<z3::expr> const& unit, std::vector<z3::expr> const& group, unsigned k) {
    z3::context& c = p.ctx();
    z3::expr const crowded = c.bv_const("crowded_bank", p.value_width);
    z3::expr_vector picked(c), all(c);
    for (unsigned j = 0; j < warp_lanes; ++j) {
        z3::expr const pick = c.bool_const(("picked_lane_" + std::to_string(j)).c_str());
        picked.push_back(pick);
        all.push_back(z3::implies(pick, group[j] == crowded));
        for (unsigned i = 0; i < j; ++i) all.push_back(z3::implies(pick && picked[i], unit[i] != unit[j]));
    }
    all.push_back(z3::atleast(picked, k));
    return z3::mk_and(all);
}

// Several phases: every phase of a full warp costs at least 1, so
// wavefronts >= k <=> at least k - phases "extra levels" are reached, where
// level m of a phase (m >= 2) is reached when some bank group holds m
// distinct units. A phase reaching level m reaches every level below it, so
// counting the reached levels counts the extra cost exactly.
z3::expr levels_at_least(prover& p, unit_view const& v, std::vector<z3::expr> const& unit,
                         std::vector<z3::expr> const& group, unsigned k) {
    z3::context& c = p.ctx();
    unsigned const phases = warp_lanes / v.lanes_per_phase;
    if (k <= phases) return c.bool_val(true);
    unsigned const extra = k - phases;
    unsigned const top = std::min(v.lanes_per_phase, extra + 1);  // no phase needs a higher level
    z3::expr_vector levels(c), all(c);
    for (unsigned first = 0; first < warp_lanes; first += v.lanes_per_phase) {
        unsigned const phase = first / v.lanes_per_phase;
        // A lane counts once per distinct unit: only the first lane on it.
        std::vector<z3::expr> counts_once;
        for (unsigned j = first; j < first + v.lanes_per_phase; ++j) {
            z3::expr_vector differs(c);
            for (unsigned i = first; i < j; ++i) differs.push_back(unit[i] != unit[j]);
            counts_once.push_back(z3::mk_and(differs));
        }
        std::vector<z3::expr_vector> in_group;
        for (unsigned g = 0; g < v.lanes_per_phase; ++g) {
            z3::expr_vector members(c);
            for (unsigned j = first; j < first + v.lanes_per_phase; ++j)
                members.push_back(group[j] == c.bv_val(g, p.value_width) && counts_once[j - first]);
            in_group.push_back(members);
        }
        for (unsigned m = 2; m <= top; ++m) {
            z3::expr const reached = c.bool_const(("phase_" + std::to_string(phase) + "_level_" + std::to_string(m)).c_str());
            z3::expr_vector some_group(c);
            for (auto const& members : in_group) some_group.push_back(z3::atleast(members, m));
            all.push_back(z3::implies(reached, z3::mk_or(some_group)));
            levels.push_back(reached);
        }
    }
    all.push_back(z3::atleast(levels, extra));
    return z3::mk_and(all);
}

}  // namespace

z3::expr wavefronts_at_least(prover& p, warp_pattern const& w, std::vector<symbolic_uint> const& start, unsigned k) {
    unit_view const v = view_of(w.width);
    std::vector<z3::expr> unit, group;
    for (unsigned l = 0; l < warp_lanes; ++l) {
        auto const a = w.symbolic_address(l, start);
        unit.push_back(bank_unit(a, w.width).expr());
        group.push_back(bank_group(a, w.width).expr());
    }
    // The two encodings are equivalent; each is the faster one for its case.
    return v.lanes_per_phase == warp_lanes ? picks_at_least(p, unit, group, k) : levels_at_least(p, v, unit, group, k);
}

namespace {

warp_access concrete_access(warp_pattern const& w, std::vector<std::uint64_t> const& s) {
    warp_access a;
    a.width = w.width;
    for (unsigned l = 0; l < warp_lanes; ++l) a.byte_address[l] = w.address(l, s);
    return a;
}

// The witness as the concrete model sees it: every phase's cost, and the
// lanes that crowd the worst bank.
replayed describe_cost(warp_pattern const& w, std::vector<std::uint64_t> const& s, std::string const& start_text) {
    warp_access const a = concrete_access(w, s);
    bank_cost_report const r = bank_cost(a);
    replayed out;
    out.data["wavefronts"] = r.wavefronts;
    out.data["ideal"] = r.ideal;
    out.data["width"] = w.width;
    nlohmann::json lanes = nlohmann::json::array();
    for (unsigned l = 0; l < warp_lanes; ++l)
        lanes.push_back({{"lane", l}, {"cell", w.describe_lane(l, s)}, {"byte", a.byte_address[l]},
                         {"bank", bank_of(a.byte_address[l])}});
    out.data["lanes"] = lanes;
    std::string costs;
    auto const* worst = &r.phases.front();
    for (auto const& ph : r.phases) {
        if (!costs.empty()) costs += " + ";
        costs += std::to_string(ph.cost);
        if (ph.cost > worst->cost) worst = &ph;
    }
    out.data["phase_costs"] = nlohmann::json::array();
    for (auto const& ph : r.phases) out.data["phase_costs"].push_back(ph.cost);
    out.lines.push_back(start_text + ": " + std::to_string(r.wavefronts) + (r.wavefronts == 1 ? " wavefront (" : " wavefronts (") + costs + " over " +
                        std::to_string(r.phases.size()) + " phase" + (r.phases.size() > 1 ? "s" : "") + ", ideal " +
                        std::to_string(r.ideal) + ")");
    // The lanes on distinct units of the crowded bank group, in the bank
    // rule's own unit view (bank_unit, bank_group).
    unsigned const unit = unit_bytes(w.width), group = worst->worst_bank / (unit / bank_width_bytes);
    std::string crowd;
    unsigned shown = 0;
    std::vector<std::uint64_t> seen;
    for (unsigned l = worst->first_lane; l < worst->first_lane + worst->lanes; ++l) {
        if (!a.active[l]) continue;
        std::uint64_t const u = bank_unit(a.byte_address[l], w.width);
        if (bank_group(a.byte_address[l], w.width) != group || std::find(seen.begin(), seen.end(), u) != seen.end()) continue;
        seen.push_back(u);
        if (shown++ < 6)
            crowd += (crowd.empty() ? "" : ", ") + std::string("lane ") + std::to_string(l) + " " +
                     w.describe_lane(l, s) + " byte " + std::to_string(a.byte_address[l]);
    }
    if (shown > 6) crowd += ", ...";
    std::string const lane_range = " (lanes " + std::to_string(worst->first_lane) + "-" +
                              std::to_string(worst->first_lane + worst->lanes - 1) + ")";
    std::string const what = unit == bank_width_bytes
                                 ? "  bank " + std::to_string(worst->worst_bank) + lane_range + " holds " +
                                       std::to_string(worst->cost) + (worst->cost == 1 ? " distinct word: " : " distinct words: ")
                                 : "  banks " + std::to_string(worst->worst_bank) + "-" +
                                       std::to_string(worst->worst_bank + unit / bank_width_bytes - 1) + lane_range + " hold " +
                                       std::to_string(worst->cost) + " distinct " + std::to_string(unit) + "-byte unit" +
                                       (worst->cost == 1 ? ": " : "s: ");
    out.lines.push_back(what + crowd);
    return out;
}

}  // namespace

namespace {

// The figure by enumerating every start; nothing when it cannot finish in time.
std::optional<property_result> exhaust_conflict_bound(prover& p, warp_pattern const& w, property_result r,
                                                      bool require_conflict_free) {
    std::vector<std::uint64_t> counts;
    for (auto const& v : w.vars) counts.push_back(v.count);
    std::uint64_t const cases = case_count(counts, ~std::uint64_t(0) - 1);
    auto const deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(p.timeout_ms());
    std::optional<std::vector<std::uint64_t>> misaligned, best_start;
    unsigned best = 0;
    bool const finished = for_each_assignment(counts, deadline, [&](std::vector<std::uint64_t> const& s) {
        warp_access const a = concrete_access(w, s);
        if (!misaligned_lanes(a).empty()) {
            misaligned = s;
            return false;
        }
        unsigned const cost = bank_cost(a).wavefronts;
        if (!best_start || cost > best) best = cost, best_start = s;
        return true;
    });
    if (!finished) return std::nullopt;
    std::string const how = "by exhaustion over " + std::to_string(cases) + " starts" +
                            (w.domain_note.empty() ? "" : ", " + w.domain_note);
    r.method = how;
    std::vector<bounded_variable> names;
    for (auto const& v : w.vars) names.push_back({v.name, v.count, symbolic_uint::constant(p.fast(), 0), {}});
    if (misaligned) {
        auto const bad = misaligned_lanes(concrete_access(w, *misaligned));
        unsigned const l = bad.front();
        r.outcome = verdict::refuted;
        r.reason = "misaligned access";
        r.evidence = {{"kind", "misaligned"}, {"lane", l}, {"byte", w.address(l, *misaligned)}, {"width", w.width}};
        r.evidence_text.push_back(format_values(names, *misaligned) + ": lane " + std::to_string(l) + " " +
                                  w.describe_lane(l, *misaligned) + " accesses " + std::to_string(w.width) +
                                  " bytes at byte " + std::to_string(w.address(l, *misaligned)) +
                                  ", not a multiple of the width: the instruction is illegal");
        return r;
    }
    unsigned const ideal = ideal_wavefronts(w.width);
    r.fig = figure{best, ideal, "wavefronts", "ideal"};
    auto const shown = describe_cost(w, *best_start, format_values(names, *best_start));
    r.evidence = shown.data;
    r.evidence["variables"] = nlohmann::json::object();
    for (std::size_t i = 0; i < names.size(); ++i) r.evidence["variables"][names[i].name] = (*best_start)[i];
    r.evidence_text = shown.lines;
    r.outcome = (require_conflict_free && best > ideal) ? verdict::refuted : verdict::proved;
    if (r.outcome == verdict::refuted)
        r.reason = "required conflict-free, worst case " + std::to_string(best) + " > ideal " + std::to_string(ideal);
    return r;
}

}  // namespace

property_result prove_conflict_bound(prover& p, warp_pattern const& w, bool require_conflict_free, figure_method method) {
    property_result r;
    r.id = w.id;
    r.section = "conflicts";
    r.statement = w.statement + " (" + std::to_string(w.width) + " B/lane)";
    r.counts = require_conflict_free ? weight::gate : weight::report;
    if (!w.not_applicable.empty()) {
        r.applicable = false;
        r.reason = w.not_applicable;
        return r;
    }
    std::vector<std::uint64_t> counts;
    for (auto const& v : w.vars) counts.push_back(v.count);
    bool const small = case_count(counts, exhaustion_starts) <= exhaustion_starts;
    if (method == figure_method::exhaustion || (method == figure_method::automatic && small)) {
        if (auto done = exhaust_conflict_bound(p, w, r, require_conflict_free)) return *done;
        r.outcome = verdict::unknown;
        r.reason = "the enumeration of every start did not finish within the time limit";
        return r;
    }
    unsigned const ideal = ideal_wavefronts(w.width);
    r.method = w.domain_note;
    std::vector<variable_range> ranges;
    for (auto const& v : w.vars) ranges.push_back({v.name, v.count, ranges.empty() ? w.start_period : 0});
    auto vars = make_split_variables(p.fast(), ranges);
    std::vector<symbolic_uint> start;
    for (auto const& v : vars) start.push_back(v.value);
    auto const ranges_ok = range_constraints(vars);
    unsigned const calls_before = unsigned(p.log().size());
    auto const finish = [&] { r.solver_calls = unsigned(p.log().size()) - calls_before; };

    // Every lane's address must be a multiple of the width: otherwise the
    // instruction is illegal and the cost model says nothing.
    {
        z3::expr_vector misaligned(p.ctx());
        for (unsigned l = 0; l < warp_lanes; ++l) misaligned.push_back(w.symbolic_address(l, start) % w.width != 0u);
        auto q = ranges_ok;
        q.push_back(z3::mk_or(misaligned));
        auto const out = check_expecting_unsat(p, w.id + ".alignment", q, vars);
        if (out.result == answer::unknown) {
            r.outcome = verdict::unknown;
            r.reason = "alignment check: solver answered unknown (" + out.reason + ")";
            return finish(), r;
        }
        if (out.result == answer::sat) {
            auto const s = model_values(*out.model, vars);
            auto const bad = misaligned_lanes(concrete_access(w, s));
            if (bad.empty()) {
                r.outcome = verdict::unknown;
                r.reason = "the solver's misaligned start (" + format_values(vars, s) + ") does not replay";
                return finish(), r;
            }
            p.assign_role(out.log_index, obligation_role::witness);
            r.outcome = verdict::refuted;
            r.reason = "misaligned access";
            unsigned const l = bad.front();
            r.evidence = {{"kind", "misaligned"}, {"lane", l}, {"byte", w.address(l, s)}, {"width", w.width}};
            r.evidence_text.push_back(format_values(vars, s) + ": lane " + std::to_string(l) + " " +
                                      w.describe_lane(l, s) + " accesses " + std::to_string(w.width) +
                                      " bytes at byte " + std::to_string(w.address(l, s)) +
                                      ", not a multiple of the width: the instruction is illegal");
            return finish(), r;
        }
        p.assign_role(out.log_index, obligation_role::proof);
    }

    figure_search search{w.id, "wavefronts", true,
                         [&](unsigned k) { return wavefronts_at_least(p, w, start, k); },
                         [&](std::vector<std::uint64_t> const& s) { return bank_cost(concrete_access(w, s)).wavefronts; },
                         std::nullopt};
    auto const found = find_exact_figure(p, vars, search);
    if (!found.found) {
        r.outcome = verdict::unknown;
        r.reason = found.reason;
        return finish(), r;
    }
    unsigned const best = found.value;
    auto const& best_start = found.witness;
    r.fig = figure{best, ideal, "wavefronts", "ideal"};
    auto const shown = describe_cost(w, best_start, format_values(vars, best_start));
    r.evidence = shown.data;
    r.evidence["variables"] = nlohmann::json::object();
    for (std::size_t i = 0; i < vars.size(); ++i) r.evidence["variables"][vars[i].name] = best_start[i];
    r.evidence_text = shown.lines;
    r.outcome = (require_conflict_free && best > ideal) ? verdict::refuted : verdict::proved;
    if (r.outcome == verdict::refuted) r.reason = "required conflict-free, worst case " + std::to_string(best) +
                                                  " > ideal " + std::to_string(ideal);
    return finish(), r;
}

}  // namespace swz::verify
