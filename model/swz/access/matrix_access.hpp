// ldmatrix and stmatrix fragments: each address-supplying lane names one
// 16-byte row (8 b16 values) of an 8x8 matrix; lanes 8i .. 8i+7 give the
// rows of matrix i. The fragments of mma.m16n8k16 with 16-bit operands, in
// a tile whose rows hold K (or N) contiguously, as CUTLASS loads them:
//
//   .x4  the A operand, 16 x 16: lane l -> row y0 + l % 16, 16-byte block c + l / 16
//        (matrices: rows 0-7 | 8-15 of block c, then of block c+1)
//   .x2  the B operand, 8 (N) x 16 (K): lane l (0-15) -> row y0 + l % 8, block c + l / 8
//   .x1  one 8x8 matrix: lane l (0-7) -> row y0 + l, block c
//
// .x4.trans, loading B from a tile that holds N contiguously, addresses the
// same rows as .x4; .trans only transposes what each thread receives.
// Starts range over every row y0 and block c where the fragment fits.
#pragma once

#include <string>

#include "swz/access/access_geometry.hpp"
#include "swz/access/instruction.hpp"

namespace swz {

struct matrix_access {
    instruction instr;  // ldmatrix(n) or stmatrix(n), .trans or not

    std::string name() const { return instr.name(); }
    SWZ_HOST_DEVICE constexpr unsigned fragment_rows() const { return instr.matrices() == 4 ? 16 : 8; }
    SWZ_HOST_DEVICE constexpr unsigned fragment_blocks() const { return instr.matrices() == 1 ? 1 : 2; }
    std::string statement() const {
        std::string const what = instr.matrices() == 4 ? "an mma.m16n8k16 A fragment (16 x 16 b16)"
                                 : instr.matrices() == 2 ? "an mma.m16n8k16 B fragment (8 x 16 b16)"
                                                         : "one 8 x 8 b16 matrix";
        return std::string(instr.kind == instruction::op::ldmatrix ? "loads " : "stores ") + what + " at row y0, 16-byte block c (" +
               instr.name() + ")";
    }

    start_domain starts(access_geometry const& g) const {
        start_domain d;
        if (g.row_bytes % 16 != 0) d.not_applicable = "a row is not a whole number of 16-byte matrix rows";
        else if (g.rows < fragment_rows()) d.not_applicable = "the tile has fewer rows than the fragment";
        else if (g.row_bytes / 16 < fragment_blocks()) d.not_applicable = "a row is narrower than the fragment";
        else d.vars = {{"y0", g.rows - fragment_rows() + 1}, {"c", g.row_bytes / 16 - fragment_blocks() + 1}};
        return d;
    }

    template <class V>
    SWZ_HOST_DEVICE logical_byte<V> at(access_geometry const&, V lane, V const* s) const {
        unsigned const rows = fragment_rows();
        return {s[0] + lane % rows, (s[1] + lane / rows) * 16u};
    }
};

}  // namespace swz
