#include "formula_lanes.hpp"

#include <array>
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
    return [row, column, t, e, bounds, run, lanes](std::vector<std::uint64_t> const& s, lane_facts& out) {
        lane_cell<lane_vector> const c{row(s), column(s)};
        logical_byte<lane_vector> const b = formula_cell_byte(c, e);
        // stored_byte (access_geometry.hpp), the layout's map a warp a call.
        lane_vector const x = b.xb / e, within = b.xb % e;
        t.cell_offsets_of(b.y.lane.data(), x.lane.data(), lanes, out.address.data());
        out.outside = out.split = 0;
        for (unsigned l = 0; l < lanes; ++l) {
            out.address[l] += within[l];
            if (!bounds.inside(lane_cell<std::uint64_t>{c.row[l], c.column[l]})) out.outside |= std::uint32_t(1) << l;
        }
        if (out.outside) return;
        std::array<std::uint64_t, warp_lanes> element;
        for (unsigned k = 1; k < run; ++k) {
            lane_vector const xk = x + k;
            t.cell_offsets_of(b.y.lane.data(), xk.lane.data(), lanes, element.data());
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
