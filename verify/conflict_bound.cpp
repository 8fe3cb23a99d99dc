#include "conflict_bound.hpp"

#include "bank_blind.hpp"

#include "counted.hpp"

#include <stdexcept>
#include <variant>
#include <algorithm>

#include "exact_figure.hpp"
#include "canonical_model.hpp"
#include "class_sweep.hpp"
#include "column_sweep.hpp"
#include "fragment_sweep.hpp"
#include "row_sweep.hpp"
#include "start_period.hpp"
#include "enumeration_pace.hpp"
#include "exhaustion.hpp"
#include "formula_wraps.hpp"
#include "sweep_pieces.hpp"
#include "query_support.hpp"
#include "swz/bank_model.hpp"

namespace swz::verify {

namespace {

// The starts an enumeration is assumed to visit a millisecond on a thread,
// where it decides whether to try every start at all.
constexpr std::uint64_t starts_tried_a_ms = 10000;

}  // namespace

std::uint64_t starts_in_time(prover const& p) {
    std::uint64_t const in_time = std::uint64_t(p.timeout_ms()) * starts_tried_a_ms * sweep_threads();
    return std::max(row_sweep_starts, in_time);
}

namespace {

// The encoding uses the bank rule's own unit view (swz/bank_model.hpp:
// bank_unit, bank_group, lanes_per_phase), the very functions the concrete
// cost that replays every witness computes with. Alignment is checked first,
// so the unit view holds wherever the figure is computed. Only the lanes
// that supply addresses take part (ldmatrix.x1: lanes 0-7, one phase).

// One phase of 32 lanes: wavefronts >= k <=> one can pick k lanes that
// share a bank and touch pairwise distinct words.
z3::expr picks_at_least(prover& p, std::vector<z3::expr> const& unit, std::vector<z3::expr> const& group, unsigned k) {
    z3::context& c = p.ctx();
    z3::expr const crowded = c.bv_const("crowded_bank", p.value_width);
    z3::expr_vector picked(c), all(c);
    for (unsigned j = 0; j < unit.size(); ++j) {
        z3::expr const pick = c.bool_const(("picked_lane_" + std::to_string(j)).c_str());
        picked.push_back(pick);
        all.push_back(z3::implies(pick, group[j] == crowded));
        for (unsigned i = 0; i < j; ++i) all.push_back(z3::implies(pick && picked[i], unit[i] != unit[j]));
    }
    all.push_back(z3::atleast(picked, k));
    return z3::mk_and(all);
}

// Several phases: every phase costs at least 1, so wavefronts >= k <=> at
// least k - phases "extra levels" are reached, where level m of a phase
// (m >= 2) is reached when some bank group holds m distinct units. A phase
// reaching level m reaches every level below it, so counting the reached
// levels counts the extra cost exactly.
z3::expr levels_at_least(prover& p, unsigned per_phase, std::vector<z3::expr> const& unit,
                         std::vector<z3::expr> const& group, unsigned k) {
    z3::context& c = p.ctx();
    unsigned const lanes = unsigned(unit.size()), phases = lanes / per_phase;
    if (k <= phases) return c.bool_val(true);
    unsigned const extra = k - phases;
    unsigned const top = std::min(per_phase, extra + 1);  // no phase needs a higher level
    z3::expr_vector levels(c), all(c);
    for (unsigned first = 0; first < lanes; first += per_phase) {
        unsigned const phase = first / per_phase;
        // A lane counts once per distinct unit: only the first lane on it.
        std::vector<z3::expr> counts_once;
        for (unsigned j = first; j < first + per_phase; ++j) {
            z3::expr_vector differs(c);
            for (unsigned i = first; i < j; ++i) differs.push_back(unit[i] != unit[j]);
            counts_once.push_back(z3::mk_and(differs));
        }
        std::vector<z3::expr_vector> in_group;
        for (unsigned g = 0; g < per_phase; ++g) {
            z3::expr_vector members(c);
            for (unsigned j = first; j < first + per_phase; ++j)
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

z3::expr wavefronts_at_least(prover& p, access_subject const& w, std::vector<symbolic_uint> const& start, unsigned k) {
    if (w.instr.rule() != phase_rule::banks) throw std::logic_error(w.instr.name() + ": no SMT encoding of its transfer rule");
    unsigned const per_phase = lanes_per_phase(w.instr.width);
    std::vector<z3::expr> unit, group;
    for (unsigned l = 0; l < w.instr.address_lanes; ++l) {
        auto const a = w.symbolic_address(l, start);
        unit.push_back(bank_unit(a, w.instr.width).expr());
        group.push_back(bank_group(a, w.instr.width).expr());
    }
    // The two encodings are equivalent; each is the faster one for its case.
    return per_phase >= unit.size() ? picks_at_least(p, unit, group, k) : levels_at_least(p, per_phase, unit, group, k);
}

namespace {

// "lane L [y][x]", or "lane L" where the access names bytes itself.
std::string lane_words(access_subject const& w, unsigned lane, std::vector<std::uint64_t> const& s) {
    std::string const what = w.describe_lane(lane, s);
    return "lane " + std::to_string(lane) + (what.empty() ? "" : " " + what);
}

// How a start is shown: "y0 = 3, c = 1", or "the access" where it has one.
std::string start_words(access_subject const& w, std::vector<bounded_variable> const& vars,
                        std::vector<std::uint64_t> const& s) {
    return w.single_start ? "the access" : format_values(vars, s);
}

// The witness as the concrete model sees it: every phase's cost, and the
// lanes that crowd the worst bank group.
replayed describe_cost(access_subject const& w, std::vector<std::uint64_t> const& s, std::string const& start_text) {
    warp_access const a = concrete_access(w, s);
    bank_cost_report const r = bank_cost(a);
    replayed out;
    out.data["wavefronts"] = r.wavefronts;
    out.data["ideal"] = r.ideal;
    out.data["width"] = w.instr.width;
    out.data["instruction"] = w.instr.name();
    nlohmann::json lanes = nlohmann::json::array();
    for (unsigned l = 0; l < w.instr.address_lanes; ++l) {
        nlohmann::json lane = {{"lane", l}, {"byte", a.byte_address[l]}, {"bank", bank_of(a.byte_address[l])}};
        if (std::string const cell = w.describe_lane(l, s); !cell.empty()) lane["cell"] = cell;
        lanes.push_back(std::move(lane));
    }
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
    out.lines.push_back(start_text + ": " + std::to_string(r.wavefronts) + (r.wavefronts == 1 ? " wavefront (" : " wavefronts (") +
                        costs + " over " + std::to_string(r.phases.size()) + " phase" + (r.phases.size() > 1 ? "s" : "") +
                        ", ideal " + std::to_string(r.ideal) + ")");
    if (a.rule == phase_rule::async_copy_16) {
        out.lines.push_back("  lanes " + std::to_string(worst->first_lane) + "-" + std::to_string(worst->first_lane + 7) +
                            " need " + std::to_string(worst->cost) + (worst->cost == 1 ? " transfer" : " transfers") +
                            ": cp.async.16 writes one 128-byte line a transfer, its 16-byte slots in one XOR and 32-byte rotation of the lanes' order");
        return out;
    }
    // The lanes on distinct units of the crowded bank group, in the bank
    // rule's own unit view (bank_unit, bank_group).
    unsigned const unit = unit_bytes(w.instr.width), group = worst->worst_bank / (unit / bank_width_bytes);
    std::string crowd;
    unsigned shown = 0;
    std::vector<std::uint64_t> seen;
    for (unsigned l = worst->first_lane; l < worst->first_lane + worst->lanes; ++l) {
        if (!a.active[l]) continue;
        std::uint64_t const u = bank_unit(a.byte_address[l], w.instr.width);
        if (bank_group(a.byte_address[l], w.instr.width) != group || std::find(seen.begin(), seen.end(), u) != seen.end()) continue;
        seen.push_back(u);
        if (shown++ < 6)
            crowd += (crowd.empty() ? "" : ", ") + lane_words(w, l, s) + " byte " + std::to_string(a.byte_address[l]);
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

// The evidence's start: each variable by name (none where the user named none).
nlohmann::json start_values(access_subject const& w, std::vector<bounded_variable> const& vars,
                            std::vector<std::uint64_t> const& s) {
    nlohmann::json out = nlohmann::json::object();
    if (!w.single_start)
        for (std::size_t i = 0; i < vars.size(); ++i) out[vars[i].name] = s[i];
    return out;
}

void refute_illegal(property_result& r, access_subject const& w, std::vector<std::uint64_t> const& s,
                    illegal_lane const& bad, std::vector<bounded_variable> const& vars) {
    std::string const start_text = start_words(w, vars, s);
    std::uint64_t const byte = w.address(bad.lane, s);
    std::string const lane = lane_words(w, bad.lane, s);
    std::string const bytes = std::to_string(w.instr.width) + " bytes";
    r.outcome = verdict::refuted;
    r.evidence = {{"kind", bad.kind}, {"lane", bad.lane}, {"byte", byte}, {"width", w.instr.width},
                  {"variables", start_values(w, vars, s)}};
    if (bad.kind == "outside") {
        r.reason = "a lane outside the tile";
        r.evidence_text.push_back(start_text + ": " + lane + (w.describe_lane(bad.lane, s).empty() ? " at byte " + std::to_string(byte) : "") +
                                  " lies outside the tile");
    } else if (bad.kind == "split") {
        r.reason = "a lane's bytes are not contiguous";
        r.evidence_text.push_back(start_text + ": " + lane + " moves " + bytes +
                                  ", but the layout does not store its elements together: not one vector access");
    } else {
        r.reason = "misaligned access";
        r.evidence_text.push_back(start_text + ": " + lane + " accesses " + bytes + " at byte " + std::to_string(byte) +
                                  ", not a multiple of the width: the instruction is illegal");
    }
}

// Whether the ranges of a formula's values keep every lane inside the tile
// at every start (access_subject::inside_everywhere).
bool inside_by_ranges(access_subject const& w) { return w.inside_everywhere && w.inside_everywhere(); }

// Decides the access's legality with the solver: nothing when legal (and
// the proof is logged), else the finished result.
std::optional<property_result> smt_legality(prover& p, access_subject const& w, property_result r,
                                            std::vector<bounded_variable> const& vars,
                                            std::vector<symbolic_uint> const& start) {
    // Lanes the formula's ranges keep inside need no such clause (a smaller
    // query; the smallest illegal start is then one of the others).
    bool const inside_known = inside_by_ranges(w);
    z3::expr_vector illegal(p.ctx());
    for (unsigned l = 0; l < w.instr.address_lanes; ++l) {
        if (w.symbolic_inside && !inside_known) illegal.push_back(!w.symbolic_inside(l, start));
        auto const a = w.symbolic_address(l, start);
        for (unsigned k = 1; k < w.run_elements; ++k) illegal.push_back(w.symbolic_element_address(l, start, k) != a + k * w.elem);
        illegal.push_back(a % w.instr.width != 0u);
    }
    auto q = range_constraints(vars);
    q.push_back(z3::mk_or(illegal));
    prover::probe_session session(q);
    auto const out = check_expecting_unsat(p, session, w.id + ".legality", vars);
    if (out.result == answer::unsat) {
        p.assign_role(out.log_index, obligation_role::proof);
        return std::nullopt;
    }
    if (out.result == answer::unknown) {
        r.outcome = verdict::unknown;
        r.reason = "legality check: solver answered unknown (" + out.reason + ")";
        return r;
    }
    // The illegal start shown is the smallest (canonical_model.hpp), then replayed.
    auto const smallest = smallest_model(p, session, w.id + ".legality", vars, model_values(*out.model, vars));
    auto const& s = smallest.values;
    auto const bad = illegal_at(w, s);
    if (!bad) {
        r.outcome = verdict::unknown;
        r.reason = "the solver's illegal start (" + start_words(w, vars, s) + ") does not replay";
        return r;
    }
    p.assign_role(out.log_index, obligation_role::witness);
    refute_illegal(r, w, s, *bad, vars);
    note_smallest(smallest, r.evidence, r.evidence_text);
    return r;
}

// How every lane is proved inside the tile at every start, if it is: by
// the ranges of the formula's values (value_interval.hpp), else by the
// solver on the formula alone, without the layout's arithmetic (the
// legality query of st.4:cell((lane + r * 8) / 220, ((lane + r * 33) % 220)
// * 8) for r < 2^30 on article:nx=1762,elem=4,tc=8 times out, and so does
// this one; the ranges take microseconds). Empty where neither proves it.
std::string every_lane_inside(prover& p, access_subject const& w, std::vector<bounded_variable> const& vars,
                              std::vector<symbolic_uint> const& start) {
    if (!w.symbolic_inside) return "by construction";
    if (inside_by_ranges(w)) return "by the ranges of the formula's values";
    z3::expr_vector outside(p.ctx());
    for (unsigned l = 0; l < w.instr.address_lanes; ++l) outside.push_back(!w.symbolic_inside(l, start));
    auto q = range_constraints(vars);
    q.push_back(z3::mk_or(outside));
    auto const out = check_expecting_unsat(p, w.id + ".inside", q, vars);
    if (out.result != answer::unsat) return {};
    p.assign_role(out.log_index, obligation_role::proof);
    return "by the solver over every start";
}

property_result finish_figure(property_result r, access_subject const& w, unsigned best,
                              std::vector<std::uint64_t> const& best_start, std::vector<bounded_variable> const& names,
                              bool require_conflict_free) {
    unsigned const ideal = w.instr.ideal();
    r.fig = figure{best, ideal, "wavefronts", "ideal"};
    auto const shown = describe_cost(w, best_start, start_words(w, names, best_start));
    r.evidence = shown.data;
    r.evidence["variables"] = start_values(w, names, best_start);
    r.evidence_text = shown.lines;
    r.outcome = (require_conflict_free && best > ideal) ? verdict::refuted : verdict::proved;
    if (r.outcome == verdict::refuted)
        r.reason = "required conflict-free, worst case " + std::to_string(best) + " > ideal " + std::to_string(ideal);
    return r;
}

// The values an enumeration visits of each variable, of `counts` (each
// variable's count, or a box of its periods): v rounded down to a multiple
// of its step (access_subject::start_steps) costs what v costs, so only
// those, where they tile the range (a period a multiple of the step).
struct stepped_starts {
    std::vector<std::uint64_t> counts, steps;  // values visited, and the step between them
    std::string note;                          // "r in steps of 24", where any
};
stepped_starts in_steps(access_subject const& w, std::vector<std::uint64_t> const& counts) {
    stepped_starts out{counts, std::vector<std::uint64_t>(counts.size(), 1), {}};
    for (std::size_t v = 0; v < counts.size() && v < w.start_steps.size(); ++v) {
        std::uint64_t const d = w.start_steps[v];
        if (d <= 1 || (counts[v] != w.vars[v].count && counts[v] % d != 0)) continue;
        out.counts[v] = counts[v] / d + (counts[v] % d != 0);
        out.steps[v] = d;
        std::string const& name = w.vars[v].name;
        out.note += (out.note.empty() ? "" : ", ") + name + " in steps of " + std::to_string(d) +
                    " (the formula reads only " + name + " / " + std::to_string(d) + ")";
    }
    return out;
}

// The starts an enumeration of `counts` visits, as many as case_count says.
std::uint64_t visited_starts(access_subject const& w, std::vector<std::uint64_t> const& counts, std::uint64_t cap) {
    return case_count(in_steps(w, counts).counts, cap);
}

// What an enumeration's result says of how it was decided, and the names
// its starts are shown by.
std::string exhaustion_method(access_subject const& w, std::uint64_t cases, std::string const& steps = {}) {
    return "by exhaustion over " + counted(cases, "start") + (steps.empty() ? "" : ", " + steps) +
           (w.domain_note.empty() ? "" : ", " + w.domain_note);
}

std::vector<bounded_variable> start_names(prover& p, access_subject const& w) {
    std::vector<bounded_variable> names;
    for (auto const& v : w.vars) names.push_back({v.name, v.count, symbolic_uint::constant(p.fast(), 0), {}});
    return names;
}

// Starts a thread of the enumeration takes at least (about 0.15 s of a
// formula's starts): fewer stay on one thread.
constexpr std::uint64_t exhaustion_piece_least = std::uint64_t{1} << 16;

// The figure by enumerating every start (or those of `box`, where a
// proof has shown the others cost no more); nothing when it cannot finish
// in time, and then, where `pace` is given, how far it got.
std::optional<property_result> exhaust_conflict_bound(prover& p, access_subject const& w, property_result r,
                                                      bool require_conflict_free, std::vector<std::uint64_t> box = {},
                                                      enumeration_pace* pace = nullptr) {
    if (box.empty())
        for (auto const& v : w.vars) box.push_back(v.count);
    stepped_starts const stepped = in_steps(w, box);
    std::vector<std::uint64_t> const& counts = stepped.counts;
    std::uint64_t const cases = case_count(counts, ~std::uint64_t(0) - 1);
    auto const began = std::chrono::steady_clock::now();
    auto const deadline = began + std::chrono::milliseconds(p.timeout_ms());
    // The starts in contiguous pieces, one a thread, each to its first
    // illegal start or its end; merged in order, they say what one walk in
    // order would: the first illegal start, else the first start of the
    // highest cost.
    struct piece_result {
        bool finished = false;
        std::optional<std::vector<std::uint64_t>> illegal_start, best_start;
        std::optional<illegal_lane> bad;
        unsigned best = 0;
        std::uint64_t visited = 0;
    };
    auto const pieces = sweep_split{exhaustion_piece_least, 0}.of(cases);
    std::vector<piece_result> found(pieces.size());
    run_pieces(pieces, [&](std::size_t i, piece range) {
        piece_result& f = found[i];
        std::vector<std::uint64_t> s(counts.size());
        f.finished = for_each_assignment_in(counts, range.begin, range.end, deadline, [&](std::vector<std::uint64_t> const& at) {
            ++f.visited;
            for (std::size_t v = 0; v < s.size(); ++v) s[v] = at[v] * stepped.steps[v];
            lane_facts const lanes = facts_at(w, s);
            if ((f.bad = first_illegal(w, lanes))) {
                f.illegal_start = s;
                return false;
            }
            unsigned const cost = bank_wavefronts(access_of(w, lanes));
            if (!f.best_start || cost > f.best) f.best = cost, f.best_start = s;
            return true;
        });
    });
    r.method = exhaustion_method(w, cases, stepped.note);
    auto const names = start_names(p, w);
    piece_result const* worst = nullptr;
    if (pace) {
        *pace = {0, cases, std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count()};
        for (auto const& f : found) pace->visited += f.visited;
    }
    for (auto const& f : found) {
        if (!f.finished) return std::nullopt;
        if (f.illegal_start) {
            refute_illegal(r, w, *f.illegal_start, *f.bad, names);
            return r;
        }
        if (f.best_start && (!worst || f.best > worst->best)) worst = &f;
    }
    if (!worst) return std::nullopt;  // no start at all
    return finish_figure(r, w, worst->best, *worst->best_start, names, require_conflict_free);
}

}  // namespace

namespace {

// The first starts, in order, checked for an illegal lane before any longer
// search: one found there is the smallest illegal start of all (a pitch
// that misaligns the second row's 16-byte unit was refuted at s = 0 only
// after 2.6 s of period proofs).
constexpr std::uint64_t first_starts_checked = 4096;

std::optional<property_result> illegal_among_first_starts(prover& p, access_subject const& w, property_result r) {
    std::vector<std::uint64_t> counts;
    for (auto const& v : w.vars) counts.push_back(v.count);
    std::optional<std::vector<std::uint64_t>> first;
    std::optional<illegal_lane> bad;
    std::uint64_t seen = 0;
    for_each_assignment(counts, std::chrono::steady_clock::time_point::max(), [&](std::vector<std::uint64_t> const& s) {
        if ((bad = illegal_at(w, s))) {
            first = s;
            return false;
        }
        return ++seen < first_starts_checked;
    });
    if (!first) return std::nullopt;
    refute_illegal(r, w, *first, *bad, start_names(p, w));
    r.method = "by enumeration of the starts in order up to the first illegal one (" + counted(seen + 1, "start") + ")" +
               (w.domain_note.empty() ? "" : ", " + w.domain_note);
    return r;
}

// The figure by the sweep of the access's kind (row_sweep, column_sweep,
// fragment_sweep) over every start; nothing where it declines.
std::optional<property_result> sweep_figure(prover& p, access_subject const& w, property_result r, bool require_conflict_free,
                                            std::uint64_t cases) {
    auto const deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(p.timeout_ms());
    auto const swept = w.lanes_walk_units   ? sweep_row_starts(w, deadline)
                       : w.lanes_walk_rows ? sweep_column_starts(w, deadline)
                                           : sweep_fragment_starts(w, deadline);
    if (swept.state == column_sweep_result::status::out_of_time) {
        r.outcome = verdict::unknown;
        r.reason = "the enumeration of every start did not finish within the time limit";
        return r;
    }
    if (!swept) return std::nullopt;
    r.method = exhaustion_method(w, cases);
    return finish_figure(r, w, swept.figure, swept.start, start_names(p, w), require_conflict_free);
}

// The first illegal start of the classes' blocks, where the classes keep
// legality and cover every start: the first illegal start of all
// (class_blocks::legality_too); nothing where every block's starts are legal.
std::optional<property_result> illegal_by_classes(prover& p, access_subject const& w, class_blocks const& classes,
                                                  property_result r) {
    if (!classes.legality_too || classes.direct_from != ~std::uint64_t(0)) return std::nullopt;
    std::optional<std::vector<std::uint64_t>> first;
    std::optional<illegal_lane> bad;
    auto const offer = [&](std::vector<std::uint64_t> const& s) {
        if (first && s >= *first) return;
        if (auto const lane = illegal_at(w, s)) first = s, bad = lane;
    };
    for (start_block const& b : classes.blocks)
        for (std::uint64_t y = b.rows.begin; y < b.rows.end; ++y) {
            if (!w.lanes_walk_units) {  // starts (y0, c): a column access's or a fragment's
                for (std::uint64_t c = b.cols.begin; c < b.cols.end; ++c) offer({y, c});
                continue;
            }
            piece const starts = row_block_starts(w, y, b.cols);
            for (std::uint64_t s = starts.begin; s < std::min(starts.end, w.vars[0].count); ++s) offer({s});
        }
    if (!first) return std::nullopt;
    refute_illegal(r, w, *first, *bad, start_names(p, w));
    r.method = std::string("by the ") + classes.naming.block + " of each of the " + std::to_string(classes.blocks.size()) +
               " classes of starts of equal cost and legality (" + classes.naming.source +
               "): the first illegal start among them is the first of all" + (w.domain_note.empty() ? "" : ", " + w.domain_note);
    return r;
}

// The figure from one block of each class of starts of equal cost
// (class_sweep.hpp); nothing where the access has no classes. Where a
// block's sweep meets an illegal lane, the first illegal start, if the
// classes keep legality.
std::optional<property_result> class_figure(prover& p, access_subject const& w, property_result r, bool require_conflict_free) {
    auto const deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(p.timeout_ms());
    auto const classes = access_classes(w);
    if (!classes) return std::nullopt;
    auto const got = sweep_access_by_classes(w, *classes, deadline);
    if (!got) return illegal_by_classes(p, w, *classes, r);
    if (got->swept.state == column_sweep_result::status::out_of_time) {
        r.outcome = verdict::unknown;
        r.reason = "the sweep of the classes of starts did not finish within the time limit";
        return r;
    }
    r.method = class_method(*got, w.domain_note);
    return finish_figure(r, w, got->swept.figure, got->swept.start, start_names(p, w), require_conflict_free);
}

// The solver's variables of an access, the first split by the access's
// start period (a proved layout period) where it has one, a formula's by
// their wrap periods (wrap_split) otherwise.
std::vector<bounded_variable> solver_variables(prover& p, access_subject const& w) {
    std::vector<variable_range> ranges;
    for (std::size_t i = 0; i < w.vars.size(); ++i) {
        std::uint64_t const wraps = i < w.wrap_periods.size() ? wrap_split(w.wrap_periods[i], w.vars[i].count) : 0;
        ranges.push_back({w.vars[i].name, w.vars[i].count, i == 0 && w.start_period ? w.start_period : wraps, solver_symbol(w, i)});
    }
    return make_split_variables(p.fast(), ranges);
}

// The start the solver's queries range over: each variable's value.
std::vector<symbolic_uint> start_of(std::vector<bounded_variable> const& vars) {
    std::vector<symbolic_uint> start;
    for (auto const& v : vars) start.push_back(v.value);
    return start;
}

// The figure by enumerating the box of the starts' proved periods
// (start_period.hpp; those up to `most_period`), legality decided by the
// solver over every start, or in the box too where the periods repeat
// every lane exactly; nothing where no variable has a period or the box
// holds more than `most_starts` starts (0: starts_in_time), which
// `too_large`, where given, then names. `asked`: the access's period
// answers so far (start_period.hpp).
std::optional<property_result> exhaust_period_box(prover& p, access_subject const& w, property_result r,
                                                  bool require_conflict_free, start_period_answers& asked,
                                                  std::uint64_t most_period = ~std::uint64_t(0),
                                                  std::uint64_t most_starts = 0, std::string* too_large = nullptr) {
    if (most_starts == 0) most_starts = starts_in_time(p);
    start_periods const periods = prove_start_periods(p, w, most_period, &asked);
    if (periods.note.empty()) return std::nullopt;
    if (visited_starts(w, periods.box, most_starts) > most_starts) {
        if (too_large)
            *too_large = "one period of each start (" + periods.note + ") holds more than the " +
                         counted(most_starts, "start") + " enumerated in the time limit";
        return std::nullopt;
    }
    // Legality: in the box where the moves repeat every lane exactly. Else,
    // where every lane is proved inside the tile at every start, the moves
    // (each lane, each element of its run, by one multiple of 128 bytes)
    // keep its alignment and contiguity: any start is legal as its
    // remainders modulo the periods are, and the first illegal start lies
    // in the box. Else by the solver over every start.
    std::string inside;
    if (!periods.repeats) {
        auto const vars = solver_variables(p, w);
        inside = every_lane_inside(p, w, vars, start_of(vars));
        if (inside.empty())
            if (auto refused = smt_legality(p, w, r, vars, start_of(vars))) return *refused;
    }
    enumeration_pace pace;
    auto done = exhaust_conflict_bound(p, w, r, require_conflict_free, periods.box, &pace);
    if (!done) {
        r.outcome = verdict::unknown;
        r.reason = "the enumeration of one period of each start (" + periods.note + ": " +
                   counted(visited_starts(w, periods.box, most_starts), "start") + ") did not finish within the time limit" +
                   pace_text(pace);
        return r;
    }
    std::string const cut = " in one period of each start (" + periods.note + "), proved to ";
    done->method = periods.repeats     ? "legality and figure " + done->method + cut + "repeat every lane's bytes exactly"
                   : !inside.empty() ? "every lane inside the tile " + inside + "; alignment, contiguity and figure " +
                                           done->method + cut + "move every lane by one multiple of 128 bytes"
                                       : "legality by the solver over every start; figure " + done->method + cut +
                                             "move every lane by one multiple of 128 bytes";
    return done;
}

// Past this many starts, a proved start period is tried before
// enumerating every start.
constexpr std::uint64_t period_first_starts = std::uint64_t{1} << 20;

// Up to this many starts of a user's formula (all lanes at once,
// lane_program.hpp: 0.2-0.6 us a start a thread), every start is
// enumerated before the solver's figure search: at most about 0.3 s on two
// threads, where the search may spend its whole limit first
// (ld.2:cell((lane + r) / 1764, ((lane + r * 32) % 1764) * 1) for r <
// 100000 on article:nx=1764,elem=2,tc=8: 10 s of solver, then 0.02 s).
constexpr std::uint64_t formula_first_starts = std::uint64_t{1} << 20;

// Before the solver's figure search, on an access of more starts than are
// enumerated at once: start periods of up to early_box_starts (no larger
// one makes a box that small; start_period.hpp), where their box holds at
// most that many starts. A formula's start costs about 0.35 us a thread
// on the article's layouts (all lanes at once), 0.2-0.26 on the others: at most
// about 1.5 s on two threads, where the search gives up after 10-20 s on
// such boxes (ld.4:cell(r + lane / 2, (lane % 4 + k) * 1) for r < 2^30, k <
// 60 on article:nx=2220,elem=4,tc=4: 2131200 starts, 17 s before, under 1 s
// now). The screen costs milliseconds (most candidates fail on lane 0 at
// the first start, two evaluations each), and the solver's answers on the
// candidates are kept for the later search (start_period_answers). Such a
// box decides at once what the search can spend its whole limit on:
// ld.16:cell(r / 3 + lane % 8 * 2, lane % 8 * 4) for r < 10^9 on
// article:nx=268,elem=4,tc=16 took 10 s of solver, then the 1608 starts of
// its period; cp.async.4:cell(r + lane / 4, (lane % 8 + k) * 1) for r <
// 10^6, k < 48 on article:nx=2674,elem=4,tc=4 (r every 85568) 18.7 s where
// the candidates went up to 65536 only, under 1 s now. Not the layout's
// multiples, nor boxes of 2^24: tried early, they spent 3.4 s enumerating
// the 11458560 starts of st.8:cell(r / 5, lane * 64) for r < 2^30 on
// article:nx=2238,elem=4,tc=8, which the solver's search decides in 0.2 s,
// and gained nothing on 280 random formulas. Periods up to 2^23 (2^20
// before): the divisors of a formula's wraps reach past 2^20 where the
// layout's multiples do not ((lane + r * 32) / 273 on
// article:nx=2184,elem=1,tc=8: r every 1192464, 1.4 s where the solver
// gave up after 10 s, then the later search took 4).
constexpr std::uint64_t early_box_starts = std::uint64_t{1} << 23, early_period_most = early_box_starts;

// The figure by the solver: legality, then the exact figure's search.
property_result solve_figure(prover& p, access_subject const& w, property_result r, bool require_conflict_free) {
    r.method = w.domain_note;
    auto vars = solver_variables(p, w);
    auto const start = start_of(vars);
    unsigned const calls_before = unsigned(p.log().size());
    auto const finish = [&](property_result out) {
        out.solver_calls = unsigned(p.log().size()) - calls_before;
        return out;
    };
    if (auto refused = smt_legality(p, w, r, vars, start)) return finish(*refused);

    figure_search search{w.id, "wavefronts", true,
                         [&](unsigned k) { return wavefronts_at_least(p, w, start, k); },
                         [&](std::vector<std::uint64_t> const& s) { return bank_wavefronts(concrete_access(w, s)); },
                         std::nullopt};
    auto const found = find_exact_figure(p, vars, search);
    if (!found.found) {
        r.outcome = verdict::unknown;
        r.reason = found.reason;
        return finish(r);
    }
    auto done = finish_figure(r, w, found.value, found.witness, vars, require_conflict_free);
    if (!found.not_smallest.empty()) note_smallest({found.witness, false, found.not_smallest, 0}, done.evidence, done.evidence_text);
    return finish(done);
}

// The solver's first attempt at a user's formula's figure, on a tenth of
// the limit (first_attempt_ms). On the 840 random formulas of stops 48-51's
// surveys, every figure the solver decided took it under 0.3 s, and where
// it gave up it spent its whole limit (10 s) before an enumeration or a box
// of periods decided in 0.1-10 s more (ld.2:cell(lane * 2 + r * 7, ((r / 6)
// % 17) * 4) for r < 10^7 on article:nx=1637,elem=8,tc=8: 10 s, then 2.9 s
// of enumeration). A figure or an illegal start found in the short limit
// whose start was not confirmed the smallest is not taken: the attempt on
// the whole limit, or an enumeration, finds the smallest.
unsigned first_attempt_ms(prover const& p) { return std::max(1u, p.timeout_ms() / 10); }

// Where every start is more than the limit lets the enumeration try: the
// first of them for a tenth of the limit, timed, to say how long all would
// take and what --timeout-ms would let them finish (never below the one at
// which they are tried at all). An illegal start found among them decides
// the access: the enumeration's pieces merge in order, so it is the
// smallest.
std::variant<property_result, std::string> pace_of_every_start(prover& p, access_subject const& w, property_result r,
                                                               bool require_conflict_free) {
    enumeration_pace sample;
    {
        prover::limit_scope const shorter(p, first_attempt_ms(p));
        if (auto done = exhaust_conflict_bound(p, w, std::move(r), require_conflict_free, {}, &sample)) return *done;
    }
    std::uint64_t const tried_from_ms = sample.total / (starts_tried_a_ms * sweep_threads()) + 1;  // starts_in_time's inverse
    return pace_text(sample, tried_from_ms);
}

property_result solve_figure_first(prover& p, access_subject const& w, property_result r, bool require_conflict_free) {
    property_result first;
    {
        prover::limit_scope const shorter(p, first_attempt_ms(p));
        first = solve_figure(p, w, r, require_conflict_free);
    }
    if (first.outcome == verdict::unknown || !first.evidence.contains("not_smallest")) return first;
    r.outcome = verdict::unknown;
    r.reason = "the solver's first attempt (" + std::to_string(first_attempt_ms(p)) +
               " ms a query) did not confirm the smallest start";
    r.solver_calls = first.solver_calls;
    return r;
}

// The start a result's evidence names, in the access's variables' order.
std::optional<std::vector<std::uint64_t>> evidence_start(access_subject const& w, property_result const& r) {
    if (w.single_start) return std::vector<std::uint64_t>(w.vars.size(), 0);
    auto const it = r.evidence.find("variables");
    if (it == r.evidence.end() || !it->is_object()) return std::nullopt;
    std::vector<std::uint64_t> s;
    for (auto const& v : w.vars) {
        auto const value = it->find(v.name);
        if (value == it->end() || !value->is_number_unsigned()) return std::nullopt;
        s.push_back(value->get<std::uint64_t>());
    }
    return s;
}

// The figure of an access whose twin on the strided layout beneath costs
// what it costs at every start (bank_blind.hpp): decided there, the
// witness or illegal start then replayed and shown here.
property_result figure_on_twin(prover& p, access_subject const& w, property_result r, bool require_conflict_free,
                               figure_method method) {
    property_result const on_twin = prove_conflict_bound(p, *w.bank_twin, require_conflict_free, method);
    std::string const lemma = std::string(" (") + bank_blind_id + ")";
    std::string const beneath = decided_beneath + std::string(", which costs the same at every start") + lemma;
    r.solver_calls = on_twin.solver_calls;
    if (on_twin.outcome == verdict::unknown) {
        r.reason = on_twin.reason + " (" + beneath + ")";
        return r;
    }
    auto const start = evidence_start(w, on_twin);
    auto const names = start_names(p, w);
    auto const disagree = [&](std::string const& what) {
        r.outcome = verdict::unknown;
        r.reason = "the strided layout beneath and the layout disagree " + what + "; please report";
        return r;
    };
    if (!start) return disagree("(no start to replay)");
    std::string const at = "at " + start_words(w, names, *start);
    lane_facts const lanes = facts_at(w, *start);
    warp_access const a = access_of(w, lanes);
    auto const bad = first_illegal(w, lanes);
    property_result out;
    std::string const how = on_twin.method.empty() ? "" : ": " + on_twin.method;
    if (on_twin.fig) {
        if (bad || bank_wavefronts(a) != on_twin.fig->value) return disagree(at);
        out = finish_figure(r, w, on_twin.fig->value, *start, names, require_conflict_free);
        out.method = beneath + how;
    } else {
        if (!bad) return disagree(at);
        out = r;
        refute_illegal(out, w, *start, *bad, names);
        out.method = decided_beneath + std::string(", illegal at the same starts") + lemma + how +
                     "; the lane shown is this layout's first illegal one at that start";
    }
    if (auto const note = on_twin.evidence.find("not_smallest"); note != on_twin.evidence.end() && note->is_string())
        note_smallest({*start, false, note->get<std::string>(), 0}, out.evidence, out.evidence_text);
    return out;
}

}  // namespace

property_result prove_conflict_bound(prover& p, access_subject const& w, bool require_conflict_free, figure_method method) {
    property_result r;
    r.id = w.id;
    r.section = "conflicts";
    r.statement = w.statement + " (" + std::to_string(w.instr.width) + " B/lane)";
    r.counts = require_conflict_free ? weight::gate : weight::report;
    if (!w.not_applicable.empty()) {
        r.applicable = false;
        r.reason = w.not_applicable;
        return r;
    }
    if (w.bank_twin) return figure_on_twin(p, w, r, require_conflict_free, method);
    start_period_answers asked;  // the period searches below share their solver answers
    std::vector<std::uint64_t> counts;
    for (auto const& v : w.vars) counts.push_back(v.count);
    bool const small = case_count(counts, exhaustion_starts) <= exhaustion_starts;
    if (method == figure_method::automatic && !small)
        if (auto refused = illegal_among_first_starts(p, w, r)) return *refused;
    bool const by_transfers = w.instr.rule() != phase_rule::banks;
    std::uint64_t const sweep_limit = w.lanes_walk_units ? row_sweep_starts : column_sweep_starts;
    std::uint64_t const cases = case_count(counts, sweep_limit);
    bool const sweeps = method == figure_method::automatic && (w.lanes_walk_rows || w.lanes_walk_units || !w.lane_grid.empty()) &&
                        cases <= sweep_limit;
    std::uint64_t const classes_least = w.classes_cheap ? cheap_class_sweep_least : class_sweep_least;
    if (method == figure_method::automatic && case_count(counts, classes_least) > classes_least)
        if (auto by_classes = class_figure(p, w, r, require_conflict_free)) return *by_classes;
    if (sweeps && w.solver_first && !small && !by_transfers) {
        // The solver is the quicker here; where it gives up, the sweep decides.
        property_result solved = solve_figure(p, w, r, require_conflict_free);
        if (solved.outcome != verdict::unknown) return solved;
        if (auto swept = sweep_figure(p, w, r, require_conflict_free, cases)) return *swept;
        return solved;
    }
    if (sweeps)
        if (auto swept = sweep_figure(p, w, r, require_conflict_free, cases)) {
            // A transfer-rule sweep out of time: one proved period of each
            // start, where the solver proves one (cp.async.16 on a GF(2) form
            // of cute:3,3,3 over 2^24 rows: 2^22 starts, period 2).
            if (swept->outcome == verdict::unknown && by_transfers && method == figure_method::automatic)
                if (auto cut = exhaust_period_box(p, w, r, require_conflict_free, asked); cut && cut->outcome != verdict::unknown)
                    return *cut;
            return *swept;
        }
    // The transfer rule of cp.async.16 has no SMT encoding: it is decided by
    // enumeration only, whatever the method asked, where that can finish:
    // of one period of each start where the solver proves periods.
    std::string box_too_large;
    if (by_transfers && !small)
        if (auto cut = exhaust_period_box(p, w, r, require_conflict_free, asked, ~std::uint64_t(0), 0, &box_too_large))
            return *cut;
    // Every start, up to as many as the time limit could enumerate.
    std::uint64_t const in_time = starts_in_time(p);
    bool const enumerable = visited_starts(w, counts, in_time) <= in_time;
    std::string const too_many = "the access has more than the " + counted(in_time, "start") + " enumerated in the time limit";
    if (by_transfers && !enumerable) {
        auto const paced = pace_of_every_start(p, w, r, require_conflict_free);
        if (auto const* done = std::get_if<property_result>(&paced)) return *done;
        r.outcome = verdict::unknown;
        r.reason = w.instr.name() + "'s transfer rule is decided by enumeration only, and " + too_many +
                   std::get<std::string>(paced);
        if (!box_too_large.empty()) r.reason += "; " + box_too_large;
        return r;
    }
    if (by_transfers || method == figure_method::exhaustion || (method == figure_method::automatic && small)) {
        enumeration_pace pace;
        if (auto done = exhaust_conflict_bound(p, w, r, require_conflict_free, {}, &pace)) return *done;
        r.outcome = verdict::unknown;
        r.reason = "the enumeration of every start (" + counted(pace.total, "start") +
                   ") did not finish within the time limit" + pace_text(pace);
        return r;
    }
    // A user's formula of at most formula_first_starts starts to visit:
    // every start before the solver.
    if (method == figure_method::automatic && w.lanes_at &&
        visited_starts(w, counts, formula_first_starts) <= formula_first_starts)
        if (auto done = exhaust_conflict_bound(p, w, r, require_conflict_free)) return *done;
    if (method == figure_method::automatic)
        if (auto cut = exhaust_period_box(p, w, r, require_conflict_free, asked, early_period_most, early_box_starts);
            cut && cut->outcome != verdict::unknown)
            return *cut;
    // A user's formula: the solver's first attempt on a part of the limit
    // (solve_figure_first), the attempt on the whole limit after the
    // enumerations below.
    bool const first_short = method == figure_method::automatic && w.lanes_at && first_attempt_ms(p) < p.timeout_ms();
    property_result solved = first_short ? solve_figure_first(p, w, r, require_conflict_free)
                                         : solve_figure(p, w, r, require_conflict_free);
    // A finite question the solver gave up on: every start, where that
    // finishes in the time limit (a legality query on 100,000 starts of a
    // formula mixing lane products and odd moduli timed out, where
    // enumerating takes milliseconds).
    // More starts than that, or an enumeration out of time: one proved
    // period of each start, where it cuts the box that far ((s + lane) % 97
    // over 2^30 starts).
    if (solved.outcome != verdict::unknown || method != figure_method::automatic) return solved;
    std::vector<std::string> tried;  // what else was tried, and why it did not decide, for the reason
    // Where enumerating every start may well run out of time (a formula's
    // start costs about a microsecond: 2^23 of them take seconds), the period
    // first: ((s * 4 + lane * 4) % 4000) ^ ((s / 1000) % 8 << 4) over 2^26
    // starts has one of 8000 (an audit found it UNKNOWN after 20 s).
    bool const many = case_count(counts, period_first_starts) > period_first_starts;
    enumeration_pace pace;
    std::string const out_of_time = "the enumeration of every start (" + counted(visited_starts(w, counts, in_time), "start") +
                                    ") did not finish within the time limit";
    if (enumerable && !many) {
        if (auto done = exhaust_conflict_bound(p, w, r, require_conflict_free, {}, &pace)) return *done;
        tried.push_back(out_of_time + pace_text(pace));
    }
    std::string too_large;
    auto const cut = exhaust_period_box(p, w, r, require_conflict_free, asked, ~std::uint64_t(0), 0, &too_large);
    if (cut && cut->outcome != verdict::unknown) return *cut;
    if (cut) tried.push_back(cut->reason);
    if (!too_large.empty()) tried.push_back(too_large);
    if (enumerable && many) {
        if (auto done = exhaust_conflict_bound(p, w, r, require_conflict_free, {}, &pace)) return *done;
        tried.push_back(out_of_time + pace_text(pace));
    }
    if (!enumerable) {
        auto const paced = pace_of_every_start(p, w, r, require_conflict_free);
        if (auto const* done = std::get_if<property_result>(&paced)) return *done;
        tried.push_back(too_many + std::get<std::string>(paced));
    }
    if (first_short) {
        solved = solve_figure(p, w, r, require_conflict_free);
        if (solved.outcome != verdict::unknown) return solved;
    }
    for (auto const& t : tried) solved.reason += "; " + t;
    return solved;
}

}  // namespace swz::verify
