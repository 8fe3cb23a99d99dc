#include "layout_properties.hpp"

#include "query_support.hpp"

namespace swz::verify {

namespace {

std::string cell(std::uint64_t y, std::uint64_t x) {
    return "[" + std::to_string(y) + "][" + std::to_string(x) + "]";
}

property_result start(std::string id, std::string statement) {
    property_result r;
    r.id = std::move(id);
    r.section = "layout";
    r.statement = std::move(statement);
    r.counts = weight::gate;
    return r;
}

// Where an element offset sits in the tile, for readable counterexamples.
std::string place(tile_subject const& t, std::uint64_t offset) {
    return "element offset " + std::to_string(offset) + " (row " + std::to_string(offset / t.row_stride) +
           ", column " + std::to_string(offset % t.row_stride) + ", byte " +
           std::to_string(offset * t.params.elem) + ")";
}

}  // namespace

property_result prove_lowering(prover& p, tile_subject const& t) {
    auto r = start("formula.lowering",
                   "the fast form every query uses (shifts, masks, narrow division) equals the formula as written");
    r.section = "formula";
    auto vars = make_variables(p.fast(), {{"y", t.rows}, {"x", t.params.nx}});
    symbolic_uint const y_lit = vars[0].value.under(p.literal()), x_lit = vars[1].value.under(p.literal());
    z3::expr const differ = t.symbolic_offset(vars[0].value, vars[1].value) != t.symbolic_offset(y_lit, x_lit);
    // The concrete model has a single lowering: a difference is an encoding
    // fault, which replay cannot show, so a model here can only be UNKNOWN.
    decide_by_negation(p, r, {differ}, vars, [](auto const&) { return std::nullopt; });
    return r;
}

property_result prove_bijection(prover& p, tile_subject const& t) {
    auto r = start("bijection", "(y, x) -> y*stride + x_swz stays inside the tile and is injective");
    auto vars = make_variables(p.fast(), {{"y1", t.rows}, {"x1", t.params.nx}, {"y2", t.rows}, {"x2", t.params.nx}});
    auto const& y1 = vars[0].value; auto const& x1 = vars[1].value;
    auto const& y2 = vars[2].value; auto const& x2 = vars[3].value;
    std::uint64_t const tile_elems = t.rows * t.row_stride;
    auto const o1 = t.symbolic_offset(y1, x1), o2 = t.symbolic_offset(y2, x2);
    z3::expr const outside = !(o1 < tile_elems);
    z3::expr const collide = (y1 != y2 || x1 != x2) && o1 == o2;
    decide_by_negation(p, r, {outside || collide}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const c1 = t.offset(v[0], v[1]), c2 = t.offset(v[2], v[3]);
        replayed out;
        if (c1 >= tile_elems) {
            out.data = {{"kind", "outside"}, {"cell", {v[0], v[1]}}, {"offset", c1}, {"tile_elements", tile_elems}};
            out.lines.push_back("cell " + cell(v[0], v[1]) + " maps to " + place(t, c1) + ", outside the tile of " +
                                std::to_string(t.rows) + " x " + std::to_string(t.row_stride) + " elements");
            return out;
        }
        if ((v[0] != v[2] || v[1] != v[3]) && c1 == c2) {
            out.data = {{"kind", "collision"}, {"cells", {{v[0], v[1]}, {v[2], v[3]}}}, {"offset", c1}};
            out.lines.push_back("cells " + cell(v[0], v[1]) + " and " + cell(v[2], v[3]) + " both map to " +
                                place(t, c1));
            return out;
        }
        return std::nullopt;
    });
    return r;
}

property_result prove_row_permutation(prover& p, tile_subject const& t) {
    auto r = start("row_permutation", "in every row y, x -> x_swz is a permutation of 0..NX-1");
    auto vars = make_variables(p.fast(), {{"y", t.rows}, {"x1", t.params.nx}, {"x2", t.params.nx}});
    auto const& y = vars[0].value; auto const& x1 = vars[1].value; auto const& x2 = vars[2].value;
    auto const c1 = t.symbolic_column(y, x1), c2 = t.symbolic_column(y, x2);
    z3::expr const escapes = !(c1 < t.params.nx);
    z3::expr const collide = x1 != x2 && c1 == c2;
    decide_by_negation(p, r, {escapes || collide}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const c1v = t.column(v[0], v[1]), c2v = t.column(v[0], v[2]);
        replayed out;
        if (c1v >= t.params.nx) {
            out.data = {{"kind", "escapes"}, {"row", v[0]}, {"x", v[1]}, {"x_swz", c1v}};
            out.lines.push_back("row " + std::to_string(v[0]) + ": x = " + std::to_string(v[1]) + " -> x_swz = " +
                                std::to_string(c1v) + ", not a column of a row of " + std::to_string(t.params.nx));
            return out;
        }
        if (v[1] != v[2] && c1v == c2v) {
            out.data = {{"kind", "collision"}, {"row", v[0]}, {"x", {v[1], v[2]}}, {"x_swz", c1v}};
            out.lines.push_back("row " + std::to_string(v[0]) + ": x = " + std::to_string(v[1]) + " and x = " +
                                std::to_string(v[2]) + " both -> x_swz = " + std::to_string(c1v));
            return out;
        }
        return std::nullopt;
    });
    return r;
}

property_result prove_chunk_integrity(prover& p, tile_subject const& t) {
    auto r = start("chunk_integrity", "each TC-byte chunk stays contiguous, in order and TC-aligned");
    std::uint64_t const k = t.params.elems_per_chunk();
    auto vars = make_variables(p.fast(), {{"y", t.rows}, {"x", t.params.nx}});
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    auto const first = x / k * k;
    auto const base = t.symbolic_offset(y, first);
    z3::expr const moved = t.symbolic_offset(y, x) != base + x % k;
    z3::expr const misaligned = base % k != 0u;
    decide_by_negation(p, r, {moved || misaligned}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const yv = v[0], xv = v[1], fv = xv - xv % k;
        std::uint64_t const b = t.offset(yv, fv), o = t.offset(yv, xv);
        replayed out;
        if (o != b + xv % k) {
            out.data = {{"kind", "split"}, {"row", yv}, {"x", xv}, {"chunk_first_x", fv}, {"offset", o}, {"chunk_offset", b}};
            out.lines.push_back("row " + std::to_string(yv) + ": element x = " + std::to_string(xv) + " lands at " +
                                place(t, o) + ", but its chunk starts at " + place(t, b) + " (expected offset " +
                                std::to_string(b + xv % k) + ")");
            return out;
        }
        if (b % k != 0) {
            out.data = {{"kind", "misaligned"}, {"row", yv}, {"chunk_first_x", fv}, {"offset", b}};
            out.lines.push_back("row " + std::to_string(yv) + ": the chunk of x = " + std::to_string(fv) +
                                " starts at byte " + std::to_string(b * t.params.elem) + ", not a multiple of TC = " +
                                std::to_string(t.params.tc));
            return out;
        }
        return std::nullopt;
    });
    return r;
}

property_result prove_involution(prover& p, tile_subject const& t) {
    auto r = start("involution", "x -> x_swz is its own inverse: swizzling x_swz gives x back");
    auto vars = make_variables(p.fast(), {{"y", t.rows}, {"x", t.params.nx}});
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    z3::expr const differs = t.symbolic_column(y, t.symbolic_column(y, x)) != x;
    decide_by_negation(p, r, {differs}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const once = t.column(v[0], v[1]), twice = t.column(v[0], once);
        if (twice == v[1]) return std::nullopt;
        replayed out;
        out.data = {{"row", v[0]}, {"x", v[1]}, {"x_swz", once}, {"x_swz_of_x_swz", twice}};
        out.lines.push_back("row " + std::to_string(v[0]) + ": x = " + std::to_string(v[1]) + " -> " +
                            std::to_string(once) + " -> " + std::to_string(twice));
        return out;
    });
    return r;
}

}  // namespace swz::verify
