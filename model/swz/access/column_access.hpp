// The column accesses: lane l touches row y0 + l at the same W-byte column
// c, so a warp reads 32 consecutive rows of one column.
//
//   column[.W]          ld.W, W the element size unless given
//   column-chunk[.W]    ld.W, W the layout's chunk unless given
#pragma once

#include <string>

#include "swz/access/access_geometry.hpp"
#include "swz/access/instruction.hpp"

namespace swz {

struct column_access {
    std::string label;  // "column", "column-chunk"
    instruction instr;

    std::string name() const { return label; }
    std::string statement() const {
        return "lane l reads row y0+l at the " + std::to_string(instr.width) + "-byte column c (" + instr.name() + ")";
    }

    start_domain starts(access_geometry const& g) const {
        start_domain d;
        if (g.row_bytes % instr.width != 0)
            d.not_applicable = "a row of " + std::to_string(g.row_bytes) + " bytes is not a whole number of " +
                               std::to_string(instr.width) + "-byte units";
        else if (g.rows < 32) d.not_applicable = "the tile has fewer than 32 rows";
        else d.vars = {{"y0", g.rows - 31}, {"c", g.row_bytes / instr.width}};
        return d;
    }

    template <class V>
    SWZ_HOST_DEVICE logical_byte<V> at(access_geometry const&, V lane, V const* s) const {
        return lane_byte(lane, s[0], s[1], instr.width);
    }
    // The same with the width of any type (the family proofs keep it symbolic).
    template <class V, class W>
    SWZ_HOST_DEVICE static logical_byte<V> lane_byte(V lane, V y0, V c, W width) {
        return {y0 + lane, c * width};
    }
};

}  // namespace swz
