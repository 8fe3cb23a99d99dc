#include "formula_lanes.hpp"

#include <vector>

#include "swz/access/lane_program.hpp"
#include "swz/access/lane_vector.hpp"

namespace swz::verify {

static_assert(lane_vector::size == warp_lanes);

lane_facts_fn cell_formula_lanes(lane_formula const& f, layout_subject const& t, unsigned run, unsigned lanes) {
    std::uint32_t const e = t.shape.elem;
    formula_cell_bounds const bounds{t.rows(), t.cols(), run};
    // lane_formula::cell_of's row and column, prepared once for every start.
    lane_program const row(f.row()), column(f.column());
    // The layout's map, a warp's cells a call (every lane's: an inactive
    // lane's cell costs a few ns and leaves no value unset).
    auto const warp_offsets = [t](lane_vector const& y, lane_vector const& x) {
        lane_vector out;
        t.cell_offsets_of(y.lane.data(), x.lane.data(), lane_vector::size, out.lane.data());
        return out;
    };
    return [row, column, warp_offsets, e, bounds, run, lanes](std::vector<std::uint64_t> const& s, lane_facts& out) {
        lane_cell<lane_vector> const c{row(s), column(s)};
        logical_byte<lane_vector> const b = formula_cell_byte(c, e);
        out.address = stored_byte(warp_offsets, b, e).lane;
        out.outside = out.split = 0;
        for (unsigned l = 0; l < lanes; ++l)
            if (!bounds.inside(lane_cell<std::uint64_t>{c.row[l], c.column[l]})) out.outside |= std::uint32_t(1) << l;
        if (out.outside) return;
        for (unsigned k = 1; k < run; ++k) {
            lane_vector const element = stored_element(warp_offsets, b, e, k);
            for (unsigned l = 0; l < lanes; ++l)
                if (element[l] != out.address[l] + k * e) out.split |= std::uint32_t(1) << l;
        }
    };
}

lane_facts_fn byte_formula_lanes(lane_formula const& f, formula_byte_bounds bounds, unsigned lanes) {
    lane_program const offset(f.offset());  // lane_formula::byte_of's
    return [offset, bounds, lanes](std::vector<std::uint64_t> const& s, lane_facts& out) {
        lane_vector const b = offset(s);
        out.outside = out.split = 0;
        for (unsigned l = 0; l < lanes; ++l) {
            out.address[l] = b[l];
            if (!bounds.inside(b[l])) out.outside |= std::uint32_t(1) << l;
        }
    };
}

}  // namespace swz::verify
