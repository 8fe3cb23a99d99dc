// A family's conflict figures: each built-in access's exact worst-case
// wavefronts on every layout of the family, as a closed form in its
// parameters, proved with two lanes per query. A form names the lane bits
// that decide a lane's bank group (spread) and the phase's other lane bits
// (free); for a column access the lane bits are those of its row, y0 + l,
// for a row-major one those of the lane itself, l:
//
//   upper: two lanes of one phase that share a bank group with distinct
//          units differ in the free bits, so a phase holds at most
//          2^|free| distinct units of one group;
//   lower: at the first start (y0 = 0, c = 0; s = 0) the lanes of a phase
//          that are 0 on the spread bits share one group with distinct
//          units, so some phase reaches 2^|free|, and every phase does.
//
// Wavefronts add over the 32 / 2^p phases, so the two bounds meet at
// 32 / 2^|spread|. A refuted lemma is replayed on the instance and start it
// names; the figure is REFUTED only where the warp's cost there, through
// the concrete bank rule, breaks the closed form, and UNKNOWN otherwise.
//
// A Family (family_query.hpp) also gives, on solver values and on its
// instances: `width(chunk)` (the element, or the chunk the -chunk patterns
// move), `elem()`, `row_bytes()`, `offset(y, x)`, and `figure_rules(column,
// chunk)`: the instances a figure is stated for, and `width_is_derived(chunk)`
// (below, declared_width). A family whose offset is
// a swizzle of the row-major byte (`swizzles_linear_offsets`, with
// `base_byte` and `linear_byte`) has its row-major figures proved on that
// linear view, after a `.linear` lemma that each lane's cell is where the
// view puts it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "article_figure_forms.hpp"
#include "family_query.hpp"
#include "swz/access/column_access.hpp"
#include "swz/access/row_access.hpp"
#include "swz/bank_model.hpp"
#include "swz/pow2.hpp"

namespace swz::verify {

// A figure's closed form, on solver values and on an instance: the spread
// and free lane bits of an access of `width` bytes.
template <class Family>
struct figure_form {
    std::function<column_form<symbolic_uint>(Family const&, symbolic_pow2 const& width)> symbolic;
    std::function<column_form<std::uint64_t>(typename Family::instance const&, std::uint64_t width)> concrete;
};

// log2 of the bank rule's unit for an access of `width` bytes, on an
// instance (the forms' u).
inline std::uint64_t unit_log(std::uint64_t width) { return log2_floor(swz::unit_bytes(unsigned(width))); }

struct figure_words {
    std::string statement;  // the closed form and where it holds
    std::string method;
};

namespace family_figure_detail {

// Where a lane falls under the bank rule: the model's own functions, on
// solver values or on integers.
template <class V>
struct lane_bank {
    V unit, group, phase;
};

template <class V, class Offset, class E, class W>
lane_bank<V> bank_of_lane(Offset const& offset, logical_byte<V> const& b, E const& elem, W const& width, V const& lane) {
    V const a = stored_byte(offset, b, elem);
    return {bank_unit(a, width), bank_group(a, width), phase_of_lane(lane, width)};
}

// The lane's logical byte at a start: (y0, c) for a column access, (s) for a row-major one.
template <class V, class R, class W>
logical_byte<V> lane_at(bool column, V const& lane, V const& a, V const& b, R const& row_bytes, W const& width) {
    if (column) return column_access::lane_byte(lane, a, b, width);
    return row_access::lane_byte(lane, a, row_bytes, width);
}

// The instance's warp cost at one start, through the concrete bank rule.
template <class Instance>
unsigned warp_cost(Instance const& inst, bool column, std::uint64_t width, std::uint64_t a, std::uint64_t b) {
    warp_access w;
    w.width = unsigned(width);
    auto const offset = [&inst](std::uint64_t y, std::uint64_t x) { return inst.offset(y, x); };
    for (unsigned l = 0; l < warp_lanes; ++l)
        w.byte_address[l] = stored_byte(offset, lane_at<std::uint64_t>(column, l, a, b, inst.row_bytes(), width), inst.elem());
    return bank_cost(w).wavefronts;
}

// A lemma's verdict as the figure's: REFUTED where the warp's cost at the
// replayed start breaks the closed form, UNKNOWN where only the lemma fails.
inline void judge_by_lemma(property_result& figure, property_result const& lemma, bool upper) {
    figure.solver_calls += lemma.solver_calls;
    if (lemma.outcome == verdict::proved) return;
    figure.outcome = lemma.outcome;
    figure.reason = lemma.reason;
    figure.evidence = lemma.evidence;
    figure.evidence_text = lemma.evidence_text;
    if (lemma.outcome != verdict::refuted) return;
    auto const cost = lemma.evidence.at("wavefronts").get<std::uint64_t>();
    auto const form = lemma.evidence.at("closed_form").get<std::uint64_t>();
    if (upper ? cost > form : cost < form) return;
    figure.outcome = verdict::unknown;
    figure.reason = "the " + lemma.id + " lemma fails (" + lemma.evidence_text.front() +
                    "), though the closed form holds at that start";
}

inline std::string start_text(bool column, std::uint64_t a, std::uint64_t b) {
    return column ? "y0 = " + std::to_string(a) + ", c = " + std::to_string(b) : "s = " + std::to_string(a);
}


// A lane's bank on solver values: through the access's cell and the
// layout's offset, or, for a row-major access on a family that swizzles
// linear offsets, through the linear byte (s * 32 + l) * W directly, a far
// smaller query once the `.linear` lemma has shown the two equal.
template <class Family>
lane_bank<symbolic_uint> symbolic_lane_bank(Family const& f, bool column, bool linear, symbolic_pow2 const& width,
                                            symbolic_uint const& lane, symbolic_uint const& a, symbolic_uint const& b) {
    if constexpr (Family::swizzles_linear_offsets) {
        if (linear && !column) {
            auto const addr = f.linear_byte((a * 32u + lane) * width);
            return {bank_unit(addr, width), bank_group(addr, width), phase_of_lane(lane, width)};
        }
    }
    auto const offset = [&f](symbolic_uint const& y, symbolic_uint const& x) { return f.offset(y, x); };
    return bank_of_lane(offset, lane_at(column, lane, a, b, f.row_bytes(), width), f.elem(), width, lane);
}

}  // namespace family_figure_detail

namespace family_figure_detail {

// The access width a figure query states its lemma for. Where the family
// derives it from its parameters through comparisons (CuTe's chunk, the
// least of 2^M elements, 16 bytes and the row: `width_is_derived`), the
// query declares the width's log as a variable of its own, log2_W, last,
// and asserts it equal to the family's: the same width, the same
// statement, and the solver branches on the variable instead of on the
// comparisons inside every shift (row-chunk's upper lemma on CuTe: 41k
// conflicts to 16k, on a variable of 3 bits, log2_W <= max_log2_width: of 5
// bits it stays at 41k). The replay reads the instance's own width, never
// log2_W.
template <class Family>
void declare_width(std::vector<variable_range>& vars, bool chunk) {
    if constexpr (Family::derives_a_width)
        if (Family::width_is_derived(chunk)) vars.push_back({"log2_W", Family::max_log2_width + 1});
}

template <class Family>
symbolic_pow2 declared_width(family_query<Family> const& q, bool chunk, std::vector<z3::expr>& negation) {
    auto const w = q.f.width(chunk);
    if (!Family::derives_a_width || !Family::width_is_derived(chunk)) return w;
    auto const& v = q.vars.back().value;
    negation.push_back(v == w.log);
    return {v};
}

}  // namespace family_figure_detail

// The `.linear` lemma of a row-major figure: lane l at unit s*32 + l
// reads a cell whose row-major base byte is (s*32 + l) * W, from the
// cell's first byte. The family's offset being linear_byte(base_byte(y, x)),
// the lane's byte is then linear_byte((s*32 + l) * W).
template <class Family>
property_result prove_linear_view(prover& p, std::string const& name, bool chunk) {
    using namespace family_figure_detail;
    property_result r = family_result("conflict." + name + ".linear",
                                      "a row-major lane's cell has the base byte (s*32 + l) * W and is read from its first byte");
    std::vector<variable_range> vars{{"s", std::uint64_t(1) << (32 + Family::max_log2_row_bytes - 5)}, {"i", 32}};
    declare_width<Family>(vars, chunk);
    family_query<Family> q(p, vars);
    auto const& f = q.f;
    auto negation = f.rules();
    auto const width = declared_width(q, chunk, negation);
    auto const& s = q.cell(0); auto const& i = q.cell(1);
    auto const b = row_access::lane_byte(i, s, f.row_bytes(), width);
    for (auto const& e : f.figure_rules(false, chunk)) negation.push_back(e);
    negation.push_back(!(f.base_byte(b.y, b.xb / f.elem()) == (s * 32u + i) * width && b.xb % f.elem() == 0u));
    decide_on_family(p, r, q, negation, [chunk](typename Family::instance const& inst, cell_values const& v) -> std::optional<replayed> {
        std::uint64_t const width = inst.width(chunk), s = cell_value<Family>(v, 0), i = cell_value<Family>(v, 1);
        if (!inst.figure_applies(false, chunk) || i >= 32 || width > 16) return std::nullopt;
        auto const b = row_access::lane_byte<std::uint64_t>(i, s, inst.row_bytes(), width);
        std::uint64_t const base = inst.base_byte(b.y, b.xb / inst.elem()), linear = (s * 32 + i) * width;
        if (base == linear && b.xb % inst.elem() == 0) return std::nullopt;
        replayed out;
        out.data = {{"start", {s}}, {"lane", i}, {"wavefronts", 0}, {"closed_form", 0}};
        out.lines.push_back(instance_text(inst) + ", s = " + std::to_string(s) + ": lane " + std::to_string(i) + " reads cell " +
                            cell_text(b.y, b.xb / inst.elem()) + " at base byte " + std::to_string(base) + ", not " + std::to_string(linear));
        return out;
    });
    return r;
}

namespace family_figure_detail {

// A lemma that only lets the proof use a simpler view: not PROVED, the
// figure is undecided, never refuted by it.
inline void judge_by_view(property_result& figure, property_result const& lemma) {
    figure.solver_calls += lemma.solver_calls;
    if (lemma.outcome == verdict::proved) return;
    figure.outcome = verdict::unknown;
    figure.evidence = lemma.evidence;
    figure.evidence_text = lemma.evidence_text;
    figure.reason = "the " + lemma.id + " lemma is not proved" + (lemma.reason.empty() ? std::string() : " (" + lemma.reason + ")");
}

}  // namespace family_figure_detail

// family.conflict.NAME: the upper lemma over every start, the lower one at
// the first. A column access's starts: y0 below rows - 31, c below the row's
// units; a row-major one's: any 32 consecutive units, inside the tile or
// past it (a stronger lemma, and a query without rows * units per row).
template <class Family>
property_result prove_family_figure(prover& p, std::string const& name, bool column, bool chunk,
                                    figure_form<Family> const& forms, figure_words const& text) {
    using namespace family_figure_detail;
    using instance = typename Family::instance;
    auto r = family_result("conflict." + name, text.statement);
    r.method = text.method;
    r.outcome = verdict::proved;
    property_result upper = r, lower = r;
    upper.id += ".upper";
    lower.id += ".lower";
    std::uint64_t constexpr max_row_log = Family::max_log2_row_bytes;
    bool const linear = Family::swizzles_linear_offsets && !column;
    if constexpr (Family::swizzles_linear_offsets) {
        if (linear) {
            judge_by_view(r, prove_linear_view<Family>(p, name, chunk));
            if (r.outcome != verdict::proved) return r;
        }
    }
    {
        std::vector<variable_range> starts;
        if (column) starts = {{"y0", all_32bit_rows}, {"c", std::uint64_t(1) << max_row_log}};
        else starts = {{"s", std::uint64_t(1) << (32 + max_row_log - 5)}};
        std::size_t const k = starts.size();
        starts.push_back({"i", 32});
        starts.push_back({"j", 32});
        declare_width<Family>(starts, chunk);
        family_query<Family> q(p, starts);
        auto const& f = q.f;
        auto negation = f.rules();
        auto const width = declared_width(q, chunk, negation);
        auto const& a = q.cell(0);
        auto const b = column ? q.cell(1) : a.lift(0);
        auto const& i = q.cell(k); auto const& j = q.cell(k + 1);
        auto const form = forms.symbolic(f, width);
        auto const bi = symbolic_lane_bank(f, column, linear, width, i, a, b);
        auto const bj = symbolic_lane_bank(f, column, linear, width, j, a, b);
        for (auto const& e : f.figure_rules(column, chunk)) negation.push_back(e);
        if (column) {
            negation.push_back(a + 32u <= f.rows_var());
            negation.push_back(b < value_of(f.row_bytes() / width));
        }
        negation.push_back(i < j);
        auto const bits_i = column ? a + i : i, bits_j = column ? a + j : j;
        negation.push_back(bi.phase == bj.phase && bi.group == bj.group && bi.unit != bj.unit &&
                           ((bits_i ^ bits_j) & form.free) == 0u);
        decide_on_family(p, upper, q, negation, [column, chunk, k, forms](instance const& inst, cell_values const& v) -> std::optional<replayed> {
            std::uint64_t const width = inst.width(chunk), sa = cell_value<Family>(v, 0), sb = column ? cell_value<Family>(v, 1) : 0;
            std::uint64_t const i = cell_value<Family>(v, k), j = cell_value<Family>(v, k + 1);
            if (!inst.figure_applies(column, chunk) || i >= j || j >= 32 || width > 16) return std::nullopt;
            if (column && (sa + 32 > inst.rows || sb >= inst.row_bytes() / width)) return std::nullopt;
            auto const offset = [&inst](std::uint64_t y, std::uint64_t x) { return inst.offset(y, x); };
            auto const form = forms.concrete(inst, width);
            auto const bi = bank_of_lane(offset, lane_at<std::uint64_t>(column, i, sa, sb, inst.row_bytes(), width), inst.elem(), width, i);
            auto const bj = bank_of_lane(offset, lane_at<std::uint64_t>(column, j, sa, sb, inst.row_bytes(), width), inst.elem(), width, j);
            std::uint64_t const li = column ? sa + i : i, lj = column ? sa + j : j;
            if (!(bi.phase == bj.phase && bi.group == bj.group && bi.unit != bj.unit && (li & form.free) == (lj & form.free)))
                return std::nullopt;
            auto const cost = warp_cost(inst, column, width, sa, sb);
            std::uint64_t const claimed = wavefronts_of(form);
            replayed out;
            out.data = {{"start", column ? std::vector<std::uint64_t>{sa, sb} : std::vector<std::uint64_t>{sa}},
                        {"lanes", {i, j}}, {"wavefronts", cost}, {"closed_form", claimed}};
            out.lines.push_back(instance_text(inst) + ", " + start_text(column, sa, sb) + ": lanes " + std::to_string(i) + " and " +
                                std::to_string(j) + " share bank group " + std::to_string(bi.group) +
                                " with distinct units and the same free bits; the warp costs " + std::to_string(cost) +
                                " wavefronts there, the closed form " + std::to_string(claimed));
            return out;
        });
    }
    judge_by_lemma(r, upper, true);
    if (r.outcome != verdict::proved) return r;
    {
        std::vector<variable_range> lanes{{"i", 32}, {"j", 32}};
        declare_width<Family>(lanes, chunk);
        family_query<Family> q(p, lanes);
        auto const& f = q.f;
        auto negation = f.rules();
        auto const width = declared_width(q, chunk, negation);
        auto const& i = q.cell(0); auto const& j = q.cell(1);
        auto const zero = i.lift(0);
        auto const form = forms.symbolic(f, width);
        auto const bi = symbolic_lane_bank(f, column, linear, width, i, zero, zero);
        auto const bj = symbolic_lane_bank(f, column, linear, width, j, zero, zero);
        for (auto const& e : f.figure_rules(column, chunk)) negation.push_back(e);
        if (column) negation.push_back(f.rows_var().lift(32) <= f.rows_var());
        negation.push_back(i < j);
        negation.push_back(bi.phase == bj.phase);
        negation.push_back((i & form.spread) == 0u);
        negation.push_back((j & form.spread) == 0u);
        negation.push_back(!(bi.group == bj.group && bi.unit != bj.unit));
        decide_on_family(p, lower, q, negation, [column, chunk, forms](instance const& inst, cell_values const& v) -> std::optional<replayed> {
            std::uint64_t const width = inst.width(chunk), i = cell_value<Family>(v, 0), j = cell_value<Family>(v, 1);
            if (!inst.figure_applies(column, chunk) || (column && inst.rows < 32) || i >= j || j >= 32 || width > 16) return std::nullopt;
            auto const offset = [&inst](std::uint64_t y, std::uint64_t x) { return inst.offset(y, x); };
            auto const form = forms.concrete(inst, width);
            auto const bi = bank_of_lane(offset, lane_at<std::uint64_t>(column, i, 0, 0, inst.row_bytes(), width), inst.elem(), width, i);
            auto const bj = bank_of_lane(offset, lane_at<std::uint64_t>(column, j, 0, 0, inst.row_bytes(), width), inst.elem(), width, j);
            if (bi.phase != bj.phase || (i & form.spread) || (j & form.spread) || (bi.group == bj.group && bi.unit != bj.unit))
                return std::nullopt;
            auto const cost = warp_cost(inst, column, width, 0, 0);
            std::uint64_t const claimed = wavefronts_of(form);
            replayed out;
            out.data = {{"start", column ? std::vector<std::uint64_t>{0, 0} : std::vector<std::uint64_t>{0}},
                        {"lanes", {i, j}}, {"wavefronts", cost}, {"closed_form", claimed}};
            out.lines.push_back(instance_text(inst) + ", " + start_text(column, 0, 0) + ": lanes " + std::to_string(i) + " and " +
                                std::to_string(j) + " are 0 on the spread bits but " +
                                (bi.group != bj.group ? "fall in bank groups " + std::to_string(bi.group) + " and " + std::to_string(bj.group)
                                                      : std::string("share a unit")) +
                                "; the warp costs " + std::to_string(cost) + " wavefronts there, the closed form " +
                                std::to_string(claimed));
            return out;
        });
    }
    judge_by_lemma(r, lower, false);
    return r;
}

}  // namespace swz::verify
