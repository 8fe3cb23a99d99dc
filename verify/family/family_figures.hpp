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

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "article_figure_forms.hpp"
#include "family_definition.hpp"
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

// The widths a figure lemma is stated for: the element's, the chunk's (the
// -chunk patterns), or both in one query. The two figures of one access
// pattern share their lemmas: one query over both widths costs the solver
// about 60% of the two (CuTe's column upper lemma: 24k conflicts against
// 17k + 15k, the row-major one 16k against 13k + 16k).
struct figure_widths {
    bool elem = true, chunk = false;
    static figure_widths only(bool chunk) { return {!chunk, chunk}; }
    static figure_widths both() { return {true, true}; }
    bool are_both() const { return elem && chunk; }
};

// A figure lemma's width variables, after its starts and lanes: `chunk`
// (0: the element, 1: the chunk) where it states both widths, and log2_W,
// the width's log, where the width is an expression of the parameters (both
// widths, or the family derives it: CuTe's chunk, the least of 2^M
// elements, 16 bytes and the row; `width_is_derived`). log2_W is a variable
// of its own asserted equal to the width: the same statement, and the
// solver branches on the variable instead of on the comparisons inside
// every shift (CuTe's row-chunk upper lemma: 42k conflicts to 16k, on a
// variable of 3 bits, log2_W <= max_log2_width: of 5 bits it stays at 41k).
// The replay reads the instance's own width, never log2_W.
template <class Family>
struct lemma_widths {
    figure_widths which;
    std::size_t first = 0;  // the cell index of the first width variable

    bool has_selector() const { return which.are_both(); }
    bool has_log() const {
        if (which.are_both()) return true;
        if constexpr (Family::derives_a_width) return Family::width_is_derived(which.chunk);
        return false;
    }
    void declare(std::vector<variable_range>& vars) {
        first = vars.size();
        if (has_selector()) vars.push_back({"chunk", 2});
        if (has_log()) vars.push_back({"log2_W", Family::max_log2_width + 1});
    }
    // The width on solver values; `negation` gets the figure's rules at
    // each width and log2_W's definition.
    symbolic_pow2 width(family_query<Family> const& q, bool column, std::vector<z3::expr>& negation) const {
        auto const& f = q.f;
        std::optional<z3::expr> is_chunk;
        if (has_selector()) is_chunk = q.cell(first) == 1u;
        for (bool chunk : {false, true}) {
            if (!(chunk ? which.chunk : which.elem)) continue;
            for (auto const& e : f.figure_rules(column, chunk))
                negation.push_back(is_chunk ? z3::implies(chunk ? *is_chunk : !*is_chunk, e) : e);
        }
        if (!has_log()) return f.width(which.chunk);
        auto const& v = q.cell(first + (has_selector() ? 1 : 0));
        if (is_chunk) negation.push_back(v.expr() == z3::ite(*is_chunk, f.width(true).log.expr(), f.width(false).log.expr()));
        else negation.push_back(v == f.width(which.chunk).log);
        return {v};
    }
    // Whether a model's values take the chunk's width.
    bool chunk_at(cell_values const& v) const {
        return has_selector() ? cell_value<Family>(v, first) == 1 : which.chunk;
    }
};

// A figure lemma's name: one pattern's (row, row-chunk), or the pair's
// (row+row-chunk) where it states both widths.
inline std::string lemma_name(std::string const& pattern, figure_widths w) {
    if (w.are_both()) return pattern + "+" + pattern + "-chunk";
    return pattern + (w.chunk ? "-chunk" : "");
}

// Whether a lemma's evidence (a counterexample) is at the chunk's width.
inline std::optional<bool> evidence_at_chunk(property_result const& lemma) {
    if (!lemma.evidence.is_object() || !lemma.evidence.contains("variables")) return std::nullopt;
    auto const& v = lemma.evidence.at("variables");
    if (!v.contains("chunk")) return std::nullopt;
    return v.at("chunk").get<std::uint64_t>() == 1;
}

// A lemma not proved at the other width than the figure's: the figure is
// undecided, whatever the lemma's verdict there.
inline bool judged_at_other_width(property_result& figure, property_result const& lemma, bool chunk) {
    auto const at = evidence_at_chunk(lemma);
    if (!at || *at == chunk) return false;
    figure.outcome = verdict::unknown;
    figure.evidence = lemma.evidence;
    figure.evidence_text = lemma.evidence_text;
    figure.reason = "the " + lemma.id + " lemma fails at the " + (*at ? "chunk's" : "element's") +
                    " width, which this figure does not take (" + lemma.evidence_text.front() + "); undecided here";
    return true;
}

// A lemma's verdict as the figure's: REFUTED where the warp's cost at the
// replayed start breaks the closed form, UNKNOWN where only the lemma fails.
inline void judge_by_lemma(property_result& figure, property_result const& lemma, bool upper, bool chunk) {
    if (lemma.outcome == verdict::proved) return;
    if (lemma.outcome == verdict::refuted && judged_at_other_width(figure, lemma, chunk)) return;
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

// A lemma that only lets the proof use a simpler view: not PROVED, the
// figure is undecided, never refuted by it.
inline void judge_by_view(property_result& figure, property_result const& lemma, bool chunk) {
    if (lemma.outcome == verdict::proved) return;
    if (lemma.outcome == verdict::refuted && judged_at_other_width(figure, lemma, chunk)) return;
    figure.outcome = verdict::unknown;
    figure.evidence = lemma.evidence;
    figure.evidence_text = lemma.evidence_text;
    figure.reason = "the " + lemma.id + " lemma is not proved" + (lemma.reason.empty() ? std::string() : " (" + lemma.reason + ")");
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

using family_figure_detail::figure_widths;

// The `.linear` lemma of the row-major figures: lane l at unit s*32 + l
// reads a cell whose row-major base byte is (s*32 + l) * W, from the
// cell's first byte. The family's offset being linear_byte(base_byte(y, x)),
// the lane's byte is then linear_byte((s*32 + l) * W).
template <class Family>
property_result prove_linear_view(prover& p, figure_widths widths) {
    using namespace family_figure_detail;
    property_result r = family_result("conflict." + lemma_name("row", widths) + ".linear",
                                      "a row-major lane's cell has the base byte (s*32 + l) * W and is read from its first byte");
    std::vector<variable_range> vars{{"s", std::uint64_t(1) << (32 + Family::max_log2_row_bytes - 5)}, {"i", 32}};
    lemma_widths<Family> lw{widths};
    lw.declare(vars);
    family_query<Family> q(p, vars);
    auto const& f = q.f;
    auto negation = f.rules();
    auto const width = lw.width(q, false, negation);
    auto const& s = q.cell(0); auto const& i = q.cell(1);
    auto const b = row_access::lane_byte(i, s, f.row_bytes(), width);
    negation.push_back(!(f.base_byte(b.y, b.xb / f.elem()) == (s * 32u + i) * width && b.xb % f.elem() == 0u));
    decide_on_family(p, r, q, negation, [lw](typename Family::instance const& inst, cell_values const& v) -> std::optional<replayed> {
        bool const chunk = lw.chunk_at(v);
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

// A figure's two-lane lemma, for `widths`:
//
//   upper (every start): two lanes of one phase in one bank group with
//          distinct units differ in the free bits; a column access's starts:
//          y0 below rows - 31, c below the row's units; a row-major one's:
//          any 32 consecutive units, inside the tile or past it (a stronger
//          lemma, and a query without rows * units per row);
//   lower (the first start): the lanes of a phase that are 0 on the spread
//          bits share one group with distinct units.
//
// A row-major lane's bank is taken through the linear view on a family that
// swizzles linear offsets (prove_linear_view proves it).
template <class Family>
property_result prove_figure_bound(prover& p, bool column, bool upper, figure_widths widths, figure_form<Family> const& forms) {
    using namespace family_figure_detail;
    using instance = typename Family::instance;
    std::string const pattern = column ? "column" : "row";
    auto r = family_result("conflict." + lemma_name(pattern, widths) + (upper ? ".upper" : ".lower"),
                           upper ? "two lanes of one phase in one bank group with distinct units differ in the free bits"
                                 : "at the first start the lanes of a phase that are 0 on the spread bits share one bank group "
                                   "with distinct units");
    std::uint64_t constexpr max_row_log = Family::max_log2_row_bytes;
    bool const linear = Family::swizzles_linear_offsets && !column;
    std::vector<variable_range> vars;
    if (upper) {
        if (column) vars = {{"y0", all_32bit_rows}, {"c", std::uint64_t(1) << max_row_log}};
        else vars = {{"s", std::uint64_t(1) << (32 + max_row_log - 5)}};
    }
    std::size_t const k = vars.size();
    vars.push_back({"i", 32});
    vars.push_back({"j", 32});
    lemma_widths<Family> lw{widths};
    lw.declare(vars);
    family_query<Family> q(p, vars);
    auto const& f = q.f;
    auto negation = f.rules();
    auto const width = lw.width(q, column, negation);
    auto const& i = q.cell(k); auto const& j = q.cell(k + 1);
    auto const zero = i.lift(0);
    auto const a = upper ? q.cell(0) : zero;
    auto const b = upper && column ? q.cell(1) : zero;
    auto const form = forms.symbolic(f, width);
    auto const bi = symbolic_lane_bank(f, column, linear, width, i, a, b);
    auto const bj = symbolic_lane_bank(f, column, linear, width, j, a, b);
    if (column && upper) {
        negation.push_back(a + 32u <= f.rows_var());
        negation.push_back(b < value_of(f.row_bytes() / width));
    }
    if (column && !upper) negation.push_back(f.rows_var().lift(32) <= f.rows_var());
    negation.push_back(i < j);
    if (upper) {
        auto const bits_i = column ? a + i : i, bits_j = column ? a + j : j;
        negation.push_back(bi.phase == bj.phase && bi.group == bj.group && bi.unit != bj.unit &&
                           ((bits_i ^ bits_j) & form.free) == 0u);
    } else {
        negation.push_back(bi.phase == bj.phase);
        negation.push_back((i & form.spread) == 0u);
        negation.push_back((j & form.spread) == 0u);
        negation.push_back(!(bi.group == bj.group && bi.unit != bj.unit));
    }
    // Z3's one-shot check for the column lower lemma: 0.96 s against 1.12 s
    // incremental on the CuTe family (both widths), at about the same
    // conflicts; every other figure lemma is as fast or faster incremental
    // (the column upper one about 1.4 s against 2.1 s one-shot).
    bool const one_shot = column && !upper;
    decide_on_family(p, r, q, negation, [column, upper, k, lw, forms](instance const& inst, cell_values const& v) -> std::optional<replayed> {
        bool const chunk = lw.chunk_at(v);
        std::uint64_t const width = inst.width(chunk);
        std::uint64_t const sa = upper ? cell_value<Family>(v, 0) : 0, sb = upper && column ? cell_value<Family>(v, 1) : 0;
        std::uint64_t const i = cell_value<Family>(v, k), j = cell_value<Family>(v, k + 1);
        if (!inst.figure_applies(column, chunk) || i >= j || j >= 32 || width > 16) return std::nullopt;
        if (column && upper && (sa + 32 > inst.rows || sb >= inst.row_bytes() / width)) return std::nullopt;
        if (column && !upper && inst.rows < 32) return std::nullopt;
        auto const offset = [&inst](std::uint64_t y, std::uint64_t x) { return inst.offset(y, x); };
        auto const form = forms.concrete(inst, width);
        auto const bi = bank_of_lane(offset, lane_at<std::uint64_t>(column, i, sa, sb, inst.row_bytes(), width), inst.elem(), width, i);
        auto const bj = bank_of_lane(offset, lane_at<std::uint64_t>(column, j, sa, sb, inst.row_bytes(), width), inst.elem(), width, j);
        std::string what;
        if (upper) {
            std::uint64_t const li = column ? sa + i : i, lj = column ? sa + j : j;
            if (!(bi.phase == bj.phase && bi.group == bj.group && bi.unit != bj.unit && (li & form.free) == (lj & form.free)))
                return std::nullopt;
            what = " share bank group " + std::to_string(bi.group) + " with distinct units and the same free bits";
        } else {
            if (bi.phase != bj.phase || (i & form.spread) || (j & form.spread) || (bi.group == bj.group && bi.unit != bj.unit))
                return std::nullopt;
            what = " are 0 on the spread bits but " +
                   (bi.group != bj.group ? "fall in bank groups " + std::to_string(bi.group) + " and " + std::to_string(bj.group)
                                         : std::string("share a unit"));
        }
        auto const cost = warp_cost(inst, column, width, sa, sb);
        std::uint64_t const claimed = wavefronts_of(form);
        replayed out;
        out.data = {{"start", column ? std::vector<std::uint64_t>{sa, sb} : std::vector<std::uint64_t>{sa}},
                    {"lanes", {i, j}}, {"wavefronts", cost}, {"closed_form", claimed}};
        out.lines.push_back(instance_text(inst) + (lw.has_selector() ? chunk ? " (the chunk)" : " (the element)" : "") + ", " +
                            start_text(column, sa, sb) + ": lanes " + std::to_string(i) + " and " + std::to_string(j) + what +
                            "; the warp costs " + std::to_string(cost) + " wavefronts there, the closed form " +
                            std::to_string(claimed));
        return out;
    }, one_shot);
    return r;
}

// A figure's verdict at its width from its lemmas (its own, or shared with
// the pattern's other figure): PROVED when each is; otherwise as
// judge_by_view and judge_by_lemma say, in the order linear, upper, lower.
inline property_result figure_from_lemmas(std::string const& name, bool chunk, figure_words const& text,
                                          property_result const* view, property_result const& upper,
                                          property_result const& lower) {
    using namespace family_figure_detail;
    auto r = family_result("conflict." + name, text.statement);
    r.method = text.method;
    r.outcome = verdict::proved;
    if (view) judge_by_view(r, *view, chunk);
    if (r.outcome == verdict::proved) judge_by_lemma(r, upper, true, chunk);
    if (r.outcome == verdict::proved) judge_by_lemma(r, lower, false, chunk);
    return r;
}

// family.conflict.NAME with lemmas of its own, at one width: the linear
// view (row-major, where the family swizzles linear offsets), the upper
// lemma, the lower one, each only where the one before is proved.
template <class Family>
property_result prove_family_figure(prover& p, std::string const& name, bool column, bool chunk,
                                    figure_form<Family> const& forms, figure_words const& text) {
    auto const widths = figure_widths::only(chunk);
    unsigned calls = 0;
    auto const finish = [&](property_result r) {
        r.solver_calls = calls;
        return r;
    };
    std::optional<property_result> view;
    if constexpr (Family::swizzles_linear_offsets) {
        if (!column) {
            view = prove_linear_view<Family>(p, widths);
            calls += view->solver_calls;
            if (view->outcome != verdict::proved) return finish(figure_from_lemmas(name, chunk, text, &*view, *view, *view));
        }
    }
    auto const upper = prove_figure_bound<Family>(p, column, true, widths, forms);
    calls += upper.solver_calls;
    if (upper.outcome != verdict::proved) return finish(figure_from_lemmas(name, chunk, text, view ? &*view : nullptr, upper, upper));
    auto const lower = prove_figure_bound<Family>(p, column, false, widths, forms);
    calls += lower.solver_calls;
    return finish(figure_from_lemmas(name, chunk, text, view ? &*view : nullptr, upper, lower));
}

// How a figure's method names its lemmas: its own (family.conflict.row-chunk
// .upper, ...) or its pattern's shared ones (family.conflict.row+row-chunk
// .upper, ...), and for shared ones the words that say so.
inline std::string figure_lemma_prefix(bool column, bool chunk, bool shared) {
    std::string const pattern = column ? "column" : "row";
    return "family.conflict." + family_figure_detail::lemma_name(pattern, shared ? figure_widths::both() : figure_widths::only(chunk));
}
inline std::string figure_sharing_words(bool column, bool chunk, bool shared) {
    if (!shared) return "";
    return std::string(", shared with family.conflict.") + (column ? "column" : "row") + (chunk ? "" : "-chunk") +
           " and each stated for both widths";
}

// The two figures of one access pattern, the element's and the chunk's, as
// family properties resting on lemmas they share, each stated for both
// widths (shared_lemma steps, not results of their own): the linear view
// (row-major, where the family swizzles linear offsets), the upper and the
// lower lemma. `text(chunk)`: each figure's words; `cost`: the lemmas'
// (linear, upper, lower), for the longest-first start.
template <class Family>
std::vector<family_property> shared_figures(bool column, figure_form<Family> const& forms,
                                            std::function<figure_words(bool chunk)> const& text,
                                            std::array<double, 3> const& cost) {
    bool const view = Family::swizzles_linear_offsets && !column;
    std::string const prefix = figure_lemma_prefix(column, false, true);
    std::vector<std::string> needs{prefix + ".upper", prefix + ".lower"};
    if (view) needs.insert(needs.begin(), prefix + ".linear");
    std::vector<family_property> out;
    for (bool chunk : {false, true}) {
        std::string const name = std::string(column ? "column" : "row") + (chunk ? "-chunk" : "");
        out.push_back({"family.conflict." + name, needs,
                       [chunk, name, view, text](prover&, std::vector<property_result> const& lemmas) {
                           auto const words = text(chunk);
                           if (!view) return figure_from_lemmas(name, chunk, words, nullptr, lemmas.at(0), lemmas.at(1));
                           return figure_from_lemmas(name, chunk, words, &lemmas.at(0), lemmas.at(1), lemmas.at(2));
                       },
                       0});
    }
    if constexpr (Family::swizzles_linear_offsets) {
        if (view)
            out.push_back(family_property::shared_lemma(prefix + ".linear", [](prover& p) {
                return prove_linear_view<Family>(p, figure_widths::both());
            }, cost[0]));
    }
    for (bool upper : {true, false})
        out.push_back(family_property::shared_lemma(prefix + (upper ? ".upper" : ".lower"), [column, upper, forms](prover& p) {
            return prove_figure_bound<Family>(p, column, upper, figure_widths::both(), forms);
        }, cost[upper ? 1 : 2]));
    return out;
}

}  // namespace swz::verify
