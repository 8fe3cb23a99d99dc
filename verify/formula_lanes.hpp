// Where the lanes of a user's formula (swz/access/lane_formula.hpp) land,
// written once for every value type: one lane as an integer or a
// bit-vector (access_spec.cpp's lane-by-lane functions and the solver's
// encoding), and every lane at once as a lane vector
// (swz/access/lane_vector.hpp, lane_program.hpp), which the enumerations
// call a start.
#pragma once

#include <cstdint>

#include "access_subject.hpp"
#include "layout_subject.hpp"
#include "swz/access/access_geometry.hpp"
#include "swz/access/lane_formula.hpp"

namespace swz::verify {

// A cell formula's lane: its logical byte, the column times the element
// (wrapping as unsigned arithmetic does, as a kernel's index would).
template <class V>
logical_byte<V> formula_cell_byte(lane_cell<V> const& c, std::uint32_t elem) {
    return logical_byte<V>{c.row, c.column * elem};
}

// Whether a cell formula's lane, moving `run` elements, stays in the tile.
// column < cols first: a column below zero wraps to near 2^64, and
// column + run would wrap back into the row (lane - 1 at lane 0 passed).
struct formula_cell_bounds {
    std::uint64_t rows, cols, run;
    template <class V>
    auto inside(lane_cell<V> const& c) const {
        return c.row < rows && c.column < cols && c.column + run <= cols;
    }
};

// Whether a byte formula's lane, moving `width` bytes, stays in a tile of
// `footprint` bytes. A tile smaller than one lane's bytes holds no lane:
// each is outside, never a wrapped-around last byte.
struct formula_byte_bounds {
    bool fits;
    std::uint64_t last;  // the last first byte that fits, where one does
    formula_byte_bounds(std::uint64_t footprint, std::uint32_t width)
        : fits(footprint >= width), last(footprint >= width ? footprint - width : 0) {}
    // b: an integer, or a value_interval (then: every value of it fits).
    template <class V>
    bool inside(V const& b) const {
        return fits && b <= last;
    }
};

// Every lane of a cell formula at one start through the layout's warp-wide
// map, as access_subject's address, inside and element_address say lane
// by lane; `run` elements a lane, the first `lanes` lanes active.
lane_facts_fn cell_formula_lanes(lane_formula const& f, layout_subject const& t, unsigned run, unsigned lanes);

// Every lane of a byte formula at one start.
lane_facts_fn byte_formula_lanes(lane_formula const& f, formula_byte_bounds bounds, unsigned lanes);

}  // namespace swz::verify
