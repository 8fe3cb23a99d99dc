#include "start_period.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include "divisors.hpp"
#include "formula_wraps.hpp"
#include "query_support.hpp"
#include "start_facts.hpp"
#include "swz/bank_model.hpp"

namespace swz::verify {
namespace {

// Whether every lane's bytes, each element of its run, move by d from
// start s to start moved: lane by lane.
bool every_lane_moves_by(access_subject const& w, std::vector<std::uint64_t> const& s,
                         std::vector<std::uint64_t> const& moved, std::uint64_t d) {
    for (unsigned l = 0; l < w.instr.address_lanes; ++l) {
        if (w.address(l, moved) - w.address(l, s) != d) return false;
        for (unsigned k = 1; k < w.run_elements; ++k)
            if (w.element_address(l, moved, k) - w.element_address(l, s, k) != d) return false;
    }
    return true;
}

// Whether moving variable i by t from start s moves every lane's bytes by
// one multiple of the bank line, on integers: the screen before a proof.
// Lane 0 first (most candidates fail there: two evaluations), then all
// lanes at once (facts_at), lane by lane only where a lane is outside the
// tile or its run split at either start (facts_at then says less).
bool moves_as_one(access_subject const& w, std::vector<std::uint64_t> const& s, std::size_t i, std::uint64_t t) {
    std::vector<std::uint64_t> moved = s;
    moved[i] += t;
    std::uint64_t const d = w.address(0, moved) - w.address(0, s);
    if (d % bytes_per_phase) return false;
    lane_facts const at = facts_at(w, s), there = facts_at(w, moved);
    if (at.outside || there.outside || at.split || there.split) return every_lane_moves_by(w, s, moved, d);
    for (unsigned l = 0; l < w.instr.address_lanes; ++l)
        if (there.address[l] - at.address[l] != d) return false;
    return true;
}

// A few starts of every variable's range (its ends, its middle; variable
// i's first 128 too, where a modulus up to 128 wraps: (s % 97) moved by 8
// agrees at s = 0 .. 88 and at both ends), variable i below count - t:
// where the screen looks, the far starts first (a formula that changes
// only in its second half fails there at once). Then starts spread over
// the whole domain, the same on every run: a large modulus wraps only at
// some starts (r every 16 on article:nx=848,elem=8,tc=16 for cell(lane % 2
// + 2 * r, (lane / 2 + k) * 1): lanes disagree only where a row's chunks
// wrap past 424 for some of them, which no start above reaches, and the
// solver took its whole limit to refute it).
constexpr unsigned spread_screen_starts = 64;
std::vector<std::vector<std::uint64_t>> screen_starts(access_subject const& w, std::size_t i, std::uint64_t t) {
    std::vector<std::vector<std::uint64_t>> out{{}};
    for (std::size_t v = 0; v < w.vars.size(); ++v) {
        std::uint64_t const n = v == i ? w.vars[v].count - t : w.vars[v].count;
        std::vector<std::uint64_t> values{0, 1, n / 2, n - 1};
        if (v == i) {
            values.insert(values.end(), {n / 2 + 1, n - 2});
            for (std::uint64_t x = 2; x < 128; ++x) values.push_back(x);
        }
        std::vector<std::uint64_t> kept;  // in that order, each once, inside the range
        for (auto x : values)
            if (x < n && std::find(kept.begin(), kept.end(), x) == kept.end()) kept.push_back(x);
        values = std::move(kept);
        std::vector<std::vector<std::uint64_t>> next;
        for (auto const& s : out)
            for (auto x : values) {
                next.push_back(s);
                next.back().push_back(x);
            }
        out = std::move(next);
    }
    std::uint64_t state = 0x5157a47d1e5c0ffeULL;  // splitmix64: fixed, so every run screens alike
    auto const next_random = [&state] {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    };
    for (unsigned k = 0; k < spread_screen_starts; ++k) {
        std::vector<std::uint64_t> s;
        for (std::size_t v = 0; v < w.vars.size(); ++v)
            s.push_back(next_random() % (v == i ? w.vars[v].count - t : w.vars[v].count));
        out.push_back(std::move(s));
    }
    return out;
}

// The sample screen's survivors on the first consecutive starts of
// variable i, the others at 0 and then at their last value, before a
// solver query each: a modulus of up to some thousands wraps there, where
// the sample misses it ((s + lane) % 1000 moved by 32 agrees at s = 0 ..
// 967; 31 such candidates took the whole time limit before 1000, an audit
// found). The first start where the move fails, if any; nothing where it
// passes or the time runs out (`timed_out`).
constexpr std::uint64_t consecutive_screen_starts = 4096;
std::optional<std::vector<std::uint64_t>> fails_consecutively(access_subject const& w, std::size_t i, std::uint64_t t,
                                                              std::chrono::steady_clock::time_point deadline,
                                                              bool& timed_out) {
    std::uint64_t const n = std::min(w.vars[i].count - t, consecutive_screen_starts);
    std::vector<std::uint64_t> s(w.vars.size(), 0);
    for (bool const far : {false, true}) {
        if (far) {
            if (w.vars.size() == 1) break;
            for (std::size_t v = 0; v < w.vars.size(); ++v) s[v] = w.vars[v].count - 1;
        }
        for (std::uint64_t x = 0; x < n; ++x) {
            s[i] = x;
            if (!moves_as_one(w, s, i, t)) return s;
            if (x % 256 == 255 && std::chrono::steady_clock::now() > deadline) {  // the search ends there too
                timed_out = true;
                return std::nullopt;
            }
        }
    }
    return std::nullopt;
}

// The first start where moving variable i by t fails the screen: the
// sample, then the consecutive starts; nothing where it passes or the time
// runs out (`timed_out`).
std::optional<std::vector<std::uint64_t>> screen_failure(access_subject const& w, std::size_t i, std::uint64_t t,
                                                         std::chrono::steady_clock::time_point deadline,
                                                         bool& timed_out) {
    auto const starts = screen_starts(w, i, t);
    auto const failed = std::find_if(starts.begin(), starts.end(), [&](auto const& s) { return !moves_as_one(w, s, i, t); });
    if (failed != starts.end()) return *failed;
    return fails_consecutively(w, i, t, deadline, timed_out);
}

// Whether start s, where the solver refuted an earlier candidate or an
// earlier candidate failed the screen, refutes moving variable i by t too:
// s and the moved start in the domain, every lane inside the tile at both
// (the proof's own condition), and the move not one multiple of 128 bytes
// for all. Then the solver would answer sat as well. A period search meets
// runs of candidates the sample screen lets through and the solver refutes
// at one start (r / 6 + lane % 8 * 2 on article:nx=2174,elem=8,tc=8: 384,
// 768, ..., 3072, 7.5 s of solver), and runs that each fail the screen at
// the same start after thousands of others ((r * 2 + lane) % 4538 on
// cute:1,3,4 over rows of 256 bytes: every r up to 2268, 10 s).
bool refuted_at(access_subject const& w, std::vector<std::uint64_t> const& s, std::size_t i, std::uint64_t t) {
    if (s[i] >= w.vars[i].count - t) return false;
    if (moves_as_one(w, s, i, t)) return false;
    std::vector<std::uint64_t> moved = s;
    moved[i] += t;
    return !w.inside || (!facts_at(w, s).outside && !facts_at(w, moved).outside);
}

// What a proof asks of moving variable i by t: in `exactly` form, that
// every lane's bytes and elements stay where they were and the lane stays
// inside the tile or outside it, at every start of the domain (variable i
// below count - t); else, at every start where each lane is inside the
// tile at both, that they all move by lane 0's move, a multiple of 128
// bytes.
period_answer proved_move(prover& p, access_subject const& w, std::size_t i, std::uint64_t t, bool exactly,
                          start_period_answers* asked) {
    if (asked)
        if (auto const known = asked->find({i, t, exactly}); known != asked->end()) return known->second;
    std::vector<variable_range> ranges;
    for (std::size_t v = 0; v < w.vars.size(); ++v) {
        std::uint64_t const count = v == i ? w.vars[v].count - t : w.vars[v].count;
        std::uint64_t const split = v < w.wrap_periods.size() ? wrap_split(w.wrap_periods[v], count) : 0;
        ranges.push_back({w.vars[v].name, count, split, solver_symbol(w, v)});
    }
    auto const vars = make_split_variables(p.fast(), ranges);
    std::vector<symbolic_uint> s, moved;
    for (auto const& v : vars) s.push_back(v.value), moved.push_back(v.value);
    moved[i] = moved[i] + t;
    std::vector<z3::expr> query = range_constraints(vars);
    symbolic_uint const d = w.symbolic_address(0, moved) - w.symbolic_address(0, s);
    z3::expr_vector apart(p.ctx());
    apart.push_back(exactly ? d != 0u : d % bytes_per_phase != 0u);
    for (unsigned l = 0; l < w.instr.address_lanes; ++l) {
        if (w.symbolic_inside && exactly) apart.push_back(w.symbolic_inside(l, s) != w.symbolic_inside(l, moved));
        if (w.symbolic_inside && !exactly) query.push_back(w.symbolic_inside(l, s) && w.symbolic_inside(l, moved));
        apart.push_back(w.symbolic_address(l, moved) - w.symbolic_address(l, s) != d);
        for (unsigned k = 1; k < w.run_elements; ++k)
            apart.push_back(w.symbolic_element_address(l, moved, k) - w.symbolic_element_address(l, s, k) != d);
    }
    query.push_back(z3::mk_or(apart));
    std::string const name =
        w.id + (exactly ? ".start_repeat." : ".start_period.") + w.vars[i].name + "." + std::to_string(t);
    auto const out = check_expecting_unsat(p, name, query, vars);
    if (out.result == answer::unsat) p.assign_role(out.log_index, obligation_role::proof);
    period_answer got{out.result, {}};
    if (out.result == answer::sat && out.model) got.refuting = model_values(*out.model, vars);
    if (asked) asked->emplace(std::make_tuple(i, t, exactly), got);
    return got;
}

// Keeps start s among the latest few a screen failed at, each once.
constexpr std::size_t kept_screen_failures = 16;
void remember(std::vector<std::vector<std::uint64_t>>& starts, std::vector<std::uint64_t> s) {
    if (std::find(starts.begin(), starts.end(), s) != starts.end()) return;
    if (starts.size() == kept_screen_failures) starts.erase(starts.begin());
    starts.push_back(std::move(s));
}

}  // namespace

start_periods prove_start_periods(prover& p, access_subject const& w, std::uint64_t most_period,
                                  start_period_answers* asked) {
    start_periods out;
    // The search's own work on integers stops at the time limit too: a
    // formula that moves nothing at the zero start lets every candidate
    // through to the screen (2^20 of them). Each series of candidates has
    // its own.
    auto const limit = std::chrono::milliseconds(p.timeout_ms());
    auto const deadline = std::chrono::steady_clock::now() + limit;
    for (std::size_t i = 0; i < w.vars.size(); ++i) {
        std::uint64_t const count = w.vars[i].count;
        out.box.push_back(count);
        std::vector<std::uint64_t> const zero(w.vars.size(), 0);
        std::vector<std::vector<std::uint64_t>> refuting;  // the starts of the solver's refutations so far
        std::vector<std::vector<std::uint64_t>> screen_failures;  // the latest starts candidates failed the screen at
        // One series of candidates, until one is proved (true) or the
        // series ends: a candidate the solver refuted or gave up on leads
        // to the next, but not without end (each may take the whole time
        // limit).
        auto const search = [&](auto first, auto next, std::chrono::steady_clock::time_point until) {
            unsigned refuted = 0, undecided = 0, refuted_on_integers = 0;
            for (std::uint64_t t = first; t != 0 && t <= count / 2 && t <= most_period; t = next(t)) {
                if (std::chrono::steady_clock::now() > until) return false;
                if (!moves_as_one(w, zero, i, t)) continue;  // most candidates fail here, at once
                if (std::any_of(refuting.begin(), refuting.end(), [&](auto const& s) { return refuted_at(w, s, i, t); })) {
                    if (++refuted_on_integers == max_refuted_at_known_starts) return false;
                    continue;
                }
                if (std::any_of(screen_failures.begin(), screen_failures.end(),
                                [&](auto const& s) { return refuted_at(w, s, i, t); }))
                    continue;  // as the screen would (no solver time to bound)
                bool timed_out = false;
                auto failed_at = screen_failure(w, i, t, until, timed_out);
                if (timed_out) return false;
                if (failed_at) {
                    if (refuted_at(w, *failed_at, i, t)) remember(screen_failures, std::move(*failed_at));
                    continue;
                }
                auto const proof = proved_move(p, w, i, t, false, asked);
                if (proof.result == answer::unsat) {
                    out.box.back() = t;
                    out.note += (out.note.empty() ? "" : ", ") + w.vars[i].name + " every " + std::to_string(t);
                    out.repeats = out.repeats && proved_move(p, w, i, t, true, asked).result == answer::unsat;
                    return true;
                }
                if (proof.refuting) refuting.push_back(*proof.refuting);
                if (proof.result == answer::sat ? ++refuted == max_refuted_candidates
                                                : ++undecided == max_undecided_candidates)
                    return false;
            }
            return false;
        };
        if (search(std::uint64_t{1}, [](std::uint64_t t) { return t < every_period_up_to ? t + 1 : 2 * t; }, deadline))
            continue;
        // The layout's own period, on a budget of its own: small candidates
        // that pass the screen and fail the proof (multiples of 40 rows for
        // r / 5 on the article's layout) may have spent the first one.
        if (std::uint64_t const rows = w.layout_period_rows; rows > every_period_up_to / most_layout_period_multiple)
            if (search(rows, [rows](std::uint64_t t) { return t / rows < most_layout_period_multiple ? t + rows : 0; },
                       std::chrono::steady_clock::now() + limit))
                continue;
        // The divisors of the formula's wraps times the layout's period and
        // the bank line, ascending, on a budget of their own.
        if (i < w.formula_wraps.size() && !w.formula_wraps[i].empty()) {
            std::vector<std::uint64_t> factors = w.formula_wraps[i];
            factors.push_back(std::max<std::uint64_t>(w.layout_period_rows, 1));
            factors.push_back(bytes_per_phase);
            auto const divisors = divisors_of_product(factors, std::min(count / 2, most_period), most_wrap_divisors);
            auto const after = [&divisors](std::uint64_t t) {
                auto const next = std::upper_bound(divisors.begin(), divisors.end(), t);
                return next == divisors.end() ? std::uint64_t{0} : *next;
            };
            search(after(1), after, std::chrono::steady_clock::now() + limit);
        }
    }
    return out;
}

}  // namespace swz::verify
