#include "tma_placement.hpp"

#include "cell_text.hpp"
#include "query_support.hpp"

namespace swz::verify {

namespace {

// Shared-memory addresses an sm_90 block can see: below 2^18.
constexpr std::uint64_t address_space = std::uint64_t(1) << 18;

}  // namespace

property_result prove_tma_alignment(prover& p, layout_subject const& t) {
    property_result r;
    r.id = "tma.alignment";
    r.section = "tma";
    r.statement = "the smallest tile base alignment at which the copy engine's placement equals the swizzle of "
                  "offsets relative to the base";
    r.counts = weight::report;
    auto const& v = *t.tma;
    std::uint32_t const repeat = v.mode.repeat_bytes();
    // Agreement at alignment a implies it at 2a (whose bases are a subset),
    // so the search walks down from the repeat, where it must hold, and
    // stops at the first alignment that fails: one refutation to make
    // smallest, not one per alignment below the answer.
    std::optional<std::uint32_t> holds;  // the smallest alignment proved so far
    for (std::uint32_t a = repeat; a >= 16; a /= 2) {
        property_result step;
        step.id = "tma.alignment." + std::to_string(a);
        auto vars = make_split_variables(p.fast(), {{"k", address_space / a}, {"y", t.rows(), t.row_split()}, {"x", t.cols()}});
        auto const base = vars[0].value * a;
        auto const rel = v.symbolic_base(vars[1].value, vars[2].value);
        z3::expr const differs = v.mode.placed_at(base + rel, base) != v.mode.pattern()(rel);
        decide_by_negation(p, step, {differs}, vars, [&](std::vector<std::uint64_t> const& s) -> std::optional<replayed> {
            std::uint64_t const b = s[0] * a, o = v.base(s[1], s[2]);
            std::uint64_t const placed = v.mode.placed_at(b + o, b), meant = v.mode.pattern()(o);
            if (placed == meant) return std::nullopt;
            replayed out;
            out.data = {{"alignment", a}, {"base", b}, {"cell", {s[1], s[2]}}, {"placed", placed}, {"expected", meant}};
            out.lines.push_back("a tile at address " + std::to_string(b) + " (a multiple of " + std::to_string(a) +
                                "): cell " + cell_text(s[1], s[2]) + " lands at relative byte " + std::to_string(placed) +
                                ", the swizzled offset is " + std::to_string(meant));
            return out;
        });
        r.solver_calls += step.solver_calls;
        if (step.outcome == verdict::unknown) {
            r.outcome = verdict::unknown;
            r.reason = "alignment " + std::to_string(a) + ": " + step.reason;
            return r;
        }
        if (step.outcome == verdict::proved) {
            holds = a;
            continue;
        }
        if (!holds) break;  // not even at the repeat
        r.evidence = step.evidence;
        r.evidence_text = step.evidence_text;
        r.evidence_text.insert(r.evidence_text.begin(), "at alignment " + std::to_string(a) + " it fails:");
        break;
    }
    if (!holds) {
        r.outcome = verdict::unknown;
        r.reason = "no alignment up to the swizzle's repeat of " + std::to_string(repeat) + " bytes makes the views agree";
        return r;
    }
    r.outcome = verdict::proved;
    r.fig = figure{*holds, repeat, "byte alignment", "swizzle repeat"};
    return r;
}

property_result prove_tma_base(prover& p, layout_subject const& t) {
    property_result r;
    r.id = "tma.base";
    r.section = "tma";
    auto const& v = *t.tma;
    r.statement = "at base address " + std::to_string(v.mode.address) +
                  ", the copy engine places every cell where the swizzle of its relative offset says";
    r.counts = weight::gate;
    auto vars = make_split_variables(p.fast(), {{"y", t.rows(), t.row_split()}, {"x", t.cols()}});
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    z3::expr const differs = t.symbolic_offset(y, x) != v.mode.pattern()(v.symbolic_base(y, x));
    decide_by_negation(p, r, {differs}, vars, [&](std::vector<std::uint64_t> const& s) -> std::optional<replayed> {
        std::uint64_t const placed = t.offset(s[0], s[1]), meant = v.mode.pattern()(v.base(s[0], s[1]));
        if (placed == meant) return std::nullopt;
        replayed out;
        out.data = {{"cell", {s[0], s[1]}}, {"placed", placed}, {"expected", meant}, {"base", v.mode.address}};
        out.lines.push_back("cell " + cell_text(s[0], s[1]) + " lands at relative byte " + std::to_string(placed) +
                            ", but the kernel reads it at " + std::to_string(meant) + ": the base " +
                            std::to_string(v.mode.address) + " is not a multiple of " +
                            std::to_string(v.mode.repeat_bytes()));
        return out;
    });
    return r;
}

}  // namespace swz::verify
