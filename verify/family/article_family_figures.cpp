#include "article_family_figures.hpp"

#include <string>

#include "article_figure_forms.hpp"
#include "family_query.hpp"
#include "swz/access/column_access.hpp"
#include "swz/access/row_access.hpp"
#include "swz/bank_model.hpp"
#include "swz/pow2.hpp"

namespace swz::verify {

namespace {

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

symbolic_pow2 width_of(article_family const& f, bool chunk) { return chunk ? f.params().tc : f.params().elem; }
std::uint64_t width_of(family_instance const& i, bool chunk) { return chunk ? i.tc() : i.elem(); }
std::uint64_t unit_log(std::uint64_t width) { return log2_floor(swz::unit_bytes(unsigned(width))); }

// The instance's warp cost at one start, through the concrete bank rule.
template <class LaneByte>
unsigned warp_cost(family_instance const& inst, std::uint64_t width, LaneByte lane_byte) {
    warp_access a;
    a.width = unsigned(width);
    auto const offset = [&inst](std::uint64_t y, std::uint64_t x) { return inst.offset(y, x); };
    for (unsigned l = 0; l < warp_lanes; ++l) a.byte_address[l] = stored_byte(offset, lane_byte(std::uint64_t(l)), inst.elem());
    return bank_cost(a).wavefronts;
}

std::string access_name(bool row, bool chunk) { return std::string(row ? "row" : "column") + (chunk ? "-chunk" : ""); }

std::string width_text(bool chunk) { return chunk ? "TC" : "elem"; }

// A lemma's verdict as the figure's: REFUTED where the warp's cost at the
// replayed start breaks the closed form, UNKNOWN where only the lemma fails.
void judge_by_lemma(property_result& figure, property_result const& lemma, bool upper) {
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

}  // namespace

column_form_choice the_column_form() {
    return {[](symbolic_uint const& r, symbolic_uint const& t, symbolic_uint const& u) { return column_conflict_form(r, t, u); },
            [](std::uint64_t r, std::uint64_t t, std::uint64_t u) { return column_conflict_form<std::uint64_t>(r, t, u); }};
}

property_result prove_family_column_figure(prover& p, bool chunk, column_form_choice const& forms) {
    std::string const name = access_name(false, chunk), w = width_text(chunk);
    auto r = family_result(
        "conflict." + name,
        "lane l reads row y0+l at the " + w + "-byte column c: worst wavefronts = 32 / 2^|D & [0, p)|, at y0 = 0, c = 0, "
        "on every instance of at least 32 rows" + (chunk ? " and TC <= 16" : "") + "; u = log2 max(" + w +
        ", 4), p = 7 - u, r = log2(NX * elem), t = log2 TC, D = [0, 7 - r) | ([max(u, t), min(r, 7)) - t)");
    r.method = "by two queries of two lanes (family.conflict." + name + ".upper, .lower): lanes of one phase in one bank "
               "group with distinct units differ in the row bits [0, p) outside D; at y0 = 0, c = 0 the lanes of a phase "
               "whose rows are 0 on D share one group with distinct units";
    r.outcome = verdict::proved;
    property_result upper = r, lower = r;
    upper.id += ".upper";
    lower.id += ".lower";
    {
        family_query q(p, {{"y0", all_32bit_rows}, {"c", std::uint64_t(1) << family_max_log2_row}, {"i", 32}, {"j", 32}});
        auto const& f = q.f;
        auto const width = width_of(f, chunk);
        auto const& y0 = q.cell(0); auto const& c = q.cell(1); auto const& i = q.cell(2); auto const& j = q.cell(3);
        auto const offset = [&f](symbolic_uint const& y, symbolic_uint const& x) { return f.offset(y, x); };
        auto const form = forms.symbolic(f.params().nx.log + f.params().elem.log, f.params().tc.log, unit_bytes(width).log);
        auto const bi = bank_of_lane(offset, column_access::lane_byte(i, y0, c, width), f.params().elem, width, i);
        auto const bj = bank_of_lane(offset, column_access::lane_byte(j, y0, c, width), f.params().elem, width, j);
        auto negation = f.rules();
        negation.push_back(y0 + 32u <= f.rows_var());
        negation.push_back(c < value_of(f.params().nx * f.params().elem / width));
        if (chunk) negation.push_back(f.params().tc.log <= 4u);
        negation.push_back(i < j);
        negation.push_back(bi.phase == bj.phase && bi.group == bj.group && bi.unit != bj.unit &&
                           ((y0 + i) & form.free) == ((y0 + j) & form.free));
        decide_on_family(p, upper, q, negation, [chunk, forms](family_instance const& inst, cell_values const& v) -> std::optional<replayed> {
            std::uint64_t const width = width_of(inst, chunk), y0 = v[4], c = v[5], i = v[6], j = v[7];
            if (y0 + 32 > inst.rows || c >= inst.params.row_bytes() / width || i >= j || j >= 32 || width > 16) return std::nullopt;
            auto const offset = [&inst](std::uint64_t y, std::uint64_t x) { return inst.offset(y, x); };
            std::uint64_t const rl = log2_floor(inst.params.row_bytes()), tl = log2_floor(inst.tc()), ul = unit_log(width);
            auto const form = forms.concrete(rl, tl, ul);
            auto const bi = bank_of_lane(offset, column_access::lane_byte<std::uint64_t>(i, y0, c, width), inst.elem(), width, i);
            auto const bj = bank_of_lane(offset, column_access::lane_byte<std::uint64_t>(j, y0, c, width), inst.elem(), width, j);
            if (!(bi.phase == bj.phase && bi.group == bj.group && bi.unit != bj.unit &&
                  ((y0 + i) & form.free) == ((y0 + j) & form.free)))
                return std::nullopt;
            auto const cost = warp_cost(inst, width, [&](std::uint64_t l) { return column_access::lane_byte<std::uint64_t>(l, y0, c, width); });
            std::uint64_t const claimed = wavefronts_of(form);
            replayed out;
            out.data = {{"start", {y0, c}}, {"lanes", {i, j}}, {"wavefronts", cost}, {"closed_form", claimed}};
            out.lines.push_back(instance_text(inst) + ", y0 = " + std::to_string(y0) + ", c = " + std::to_string(c) + ": lanes " +
                                std::to_string(i) + " and " + std::to_string(j) + " share bank group " + std::to_string(bi.group) +
                                " with distinct units and the same free row bits; the warp costs " + std::to_string(cost) +
                                " wavefronts there, the closed form " + std::to_string(claimed));
            return out;
        });
    }
    judge_by_lemma(r, upper, true);
    if (r.outcome != verdict::proved) return r;
    {
        family_query q(p, {{"i", 32}, {"j", 32}});
        auto const& f = q.f;
        auto const width = width_of(f, chunk);
        auto const& i = q.cell(0); auto const& j = q.cell(1);
        auto const zero = i.lift(0);
        auto const offset = [&f](symbolic_uint const& y, symbolic_uint const& x) { return f.offset(y, x); };
        auto const form = forms.symbolic(f.params().nx.log + f.params().elem.log, f.params().tc.log, unit_bytes(width).log);
        auto const bi = bank_of_lane(offset, column_access::lane_byte(i, zero, zero, width), f.params().elem, width, i);
        auto const bj = bank_of_lane(offset, column_access::lane_byte(j, zero, zero, width), f.params().elem, width, j);
        auto negation = f.rules();
        negation.push_back(f.rows_var().lift(32) <= f.rows_var());
        if (chunk) negation.push_back(f.params().tc.log <= 4u);
        negation.push_back(i < j);
        negation.push_back(bi.phase == bj.phase);
        negation.push_back((i & form.spread) == 0u);
        negation.push_back((j & form.spread) == 0u);
        negation.push_back(!(bi.group == bj.group && bi.unit != bj.unit));
        decide_on_family(p, lower, q, negation, [chunk, forms](family_instance const& inst, cell_values const& v) -> std::optional<replayed> {
            std::uint64_t const width = width_of(inst, chunk), i = v[4], j = v[5];
            if (inst.rows < 32 || i >= j || j >= 32 || width > 16) return std::nullopt;
            auto const offset = [&inst](std::uint64_t y, std::uint64_t x) { return inst.offset(y, x); };
            std::uint64_t const rl = log2_floor(inst.params.row_bytes()), tl = log2_floor(inst.tc()), ul = unit_log(width);
            auto const form = forms.concrete(rl, tl, ul);
            auto const bi = bank_of_lane(offset, column_access::lane_byte<std::uint64_t>(i, 0, 0, width), inst.elem(), width, i);
            auto const bj = bank_of_lane(offset, column_access::lane_byte<std::uint64_t>(j, 0, 0, width), inst.elem(), width, j);
            if (bi.phase != bj.phase || (i & form.spread) || (j & form.spread) || (bi.group == bj.group && bi.unit != bj.unit))
                return std::nullopt;
            auto const cost = warp_cost(inst, width, [&](std::uint64_t l) { return column_access::lane_byte<std::uint64_t>(l, 0, 0, width); });
            std::uint64_t const claimed = wavefronts_of(form);
            replayed out;
            out.data = {{"start", {0, 0}}, {"lanes", {i, j}}, {"wavefronts", cost}, {"closed_form", claimed}};
            out.lines.push_back(instance_text(inst) + ", y0 = 0, c = 0: lanes " + std::to_string(i) + " and " + std::to_string(j) +
                                " are 0 on the spread bits but " +
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

namespace {

property_result row_figure(prover& p, bool chunk) {
    std::string const name = access_name(true, chunk), w = width_text(chunk);
    auto r = family_result("conflict." + name,
                           "lane l reads the " + w + "-byte unit s*32+l, row by row: worst wavefronts = the ideal, max(" + w +
                               ", 4) / 4, on every instance of at least 32 such units" + (chunk ? " and TC <= 16" : ""));
    r.method = "by one query of two lanes (family.conflict." + name + ".upper): two lanes of one phase in one bank group "
               "share their unit; every lane is active, so each phase costs one";
    r.outcome = verdict::proved;
    property_result upper = r;
    upper.id += ".upper";
    family_query q(p, {{"s", std::uint64_t(1) << (32 + family_max_log2_row - 5)}, {"i", 32}, {"j", 32}});
    auto const& f = q.f;
    auto const width = width_of(f, chunk);
    auto const row_bytes = f.params().nx * f.params().elem;
    auto const& s = q.cell(0); auto const& i = q.cell(1); auto const& j = q.cell(2);
    auto const offset = [&f](symbolic_uint const& y, symbolic_uint const& x) { return f.offset(y, x); };
    auto const bi = bank_of_lane(offset, row_access::lane_byte(i, s, row_bytes, width), f.params().elem, width, i);
    auto const bj = bank_of_lane(offset, row_access::lane_byte(j, s, row_bytes, width), f.params().elem, width, j);
    auto negation = f.rules();
    // Any 32 consecutive units, inside the tile or past it: a stronger
    // lemma, and a query without the product rows * units per row.
    if (chunk) negation.push_back(f.params().tc.log <= 4u);
    negation.push_back(i < j);
    negation.push_back(bi.phase == bj.phase && bi.group == bj.group && bi.unit != bj.unit);
    decide_on_family(p, upper, q, negation, [chunk](family_instance const& inst, cell_values const& v) -> std::optional<replayed> {
        std::uint64_t const width = width_of(inst, chunk), s = v[4], i = v[5], j = v[6], rb = inst.params.row_bytes();
        if (i >= j || j >= 32 || width > 16) return std::nullopt;
        auto const offset = [&inst](std::uint64_t y, std::uint64_t x) { return inst.offset(y, x); };
        auto const bi = bank_of_lane(offset, row_access::lane_byte<std::uint64_t>(i, s, rb, width), inst.elem(), width, i);
        auto const bj = bank_of_lane(offset, row_access::lane_byte<std::uint64_t>(j, s, rb, width), inst.elem(), width, j);
        if (!(bi.phase == bj.phase && bi.group == bj.group && bi.unit != bj.unit)) return std::nullopt;
        auto const cost = warp_cost(inst, width, [&](std::uint64_t l) { return row_access::lane_byte<std::uint64_t>(l, s, rb, width); });
        auto const claimed = row_wavefronts<std::uint64_t>(unit_log(width));
        replayed out;
        out.data = {{"start", {s}}, {"lanes", {i, j}}, {"wavefronts", cost}, {"closed_form", claimed}};
        out.lines.push_back(instance_text(inst) + ", s = " + std::to_string(s) + ": lanes " + std::to_string(i) + " and " +
                            std::to_string(j) + " share bank group " + std::to_string(bi.group) + " with distinct units; the warp costs " +
                            std::to_string(cost) + " wavefronts there, the ideal " + std::to_string(claimed));
        return out;
    });
    judge_by_lemma(r, upper, true);
    return r;
}

}  // namespace

std::vector<std::function<property_result(prover&)>> article_family_figures() {
    return {[](prover& p) { return row_figure(p, false); }, [](prover& p) { return row_figure(p, true); },
            [](prover& p) { return prove_family_column_figure(p, false, the_column_form()); },
            [](prover& p) { return prove_family_column_figure(p, true, the_column_form()); }};
}

}  // namespace swz::verify
