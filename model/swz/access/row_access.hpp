// The row-major accesses: lane l touches the W-byte unit s*32 + l of the
// tile read row by row (start s), so a warp reads 32 consecutive units.
//
//   row[.W]          ld.W, W the element size unless given
//   row-chunk[.W]    ld.W, W the layout's chunk unless given
//   cp.async.W       cp.async.W writing the tile row by row, as a copy fills it
#pragma once

#include <string>

#include "swz/access/access_geometry.hpp"
#include "swz/access/instruction.hpp"

namespace swz {

struct row_access {
    std::string label;  // "row", "row-chunk", "cp.async"
    instruction instr;

    std::string name() const { return label == "cp.async" ? instr.name() : label; }
    std::string statement() const {
        return "lane l " + std::string(instr.is_store() ? "writes" : "reads") + " the " + std::to_string(instr.width) +
               "-byte unit s*32+l of the tile, row by row (" + instr.name() + ")";
    }

    start_domain starts(access_geometry const& g) const {
        start_domain d;
        if (g.row_bytes % instr.width != 0) {
            d.not_applicable = "a row of " + std::to_string(g.row_bytes) + " bytes is not a whole number of " +
                               std::to_string(instr.width) + "-byte units";
            return d;
        }
        std::uint64_t const units = g.rows * (g.row_bytes / instr.width);
        if (units < 32) d.not_applicable = "the tile holds fewer than 32 units of " + std::to_string(instr.width) + (instr.width == 1 ? " byte" : " bytes");
        else d.vars = {{"s", (units - 32) / 32 + 1}};
        return d;
    }

    template <class V>
    SWZ_HOST_DEVICE logical_byte<V> at(access_geometry const& g, V lane, V const* s) const {
        return lane_byte(lane, s[0], g.row_bytes, instr.width);
    }
    // The same with the row's bytes and the width of any type (the family
    // proofs keep both symbolic).
    template <class V, class B, class W>
    SWZ_HOST_DEVICE static logical_byte<V> lane_byte(V lane, V s, B row_bytes, W width) {
        auto const per_row = row_bytes / width;
        V const u = s * 32u + lane;
        return {u / per_row, u % per_row * width};
    }
};

}  // namespace swz
