// The fast kernel's gather when output rows are not 16-byte aligned, for
// elements of 4 and 8 bytes: the lane gathers straight from the tile the
// elements of one aligned 16-byte chunk of its output row, so the output
// needs no exchange between lanes and no shift in registers.
//
// Why: the plan's gather (fast_transpose_plan.hpp) packs tile rows
// K*t .. K*t + K - 1 into a vector; on an unaligned output row that vector
// straddles two aligned chunks, and realigning it took a warp shuffle of
// the neighbour's vector and a funnel shift per 16 bytes (on an H200 the
// odd shapes were then bound by instruction issue, 61-63% of copy for
// floats). With one element per gathered word (E >= 4), each lane owns one
// output row, so it can read the rows of the aligned chunk instead.
//
// Used only where that measured faster (H200, 2026-12-01,
// kernels/BENCHMARKS.md): doubles whose input rows are not aligned (and
// floats whose input rows are, in a plan that gathers one float a read; the
// shipped floats gather two since stop 26, and the catalogue registers
// these reads for plans of one element a read only); the kernel body's
// realigns_by_gather decides.
//
// Output row j of the matrix starts at out + j * pitch; its aligned chunk
// boundaries fall s_j elements after each vector's first column K*t (a
// tile's first row and column are multiples of K, and K * E = 16):
//
//   s_j = -(m + j * p) mod K,  m = (out % 16) / E,  p = pitch / E mod K
//
// For a lane of the gather (chunk column c, row group t, word w) j = c*K + w
// (mod K), so its shift depends only on w and the phase (m, p), one per
// matrix. Read k of the lane takes tile row K*t + s + (k ^ rot(t)), the
// plan's row moved by s, wrapped to the tile: the last row group's chunk
// reaches into the next tile, whose first group writes it (tiles overlap by
// one row group, block_order.hpp's row_step_of); wrapped, its last reads
// fetch the tile's first s rows, the head of the output row, which the
// first tile of a column writes from it.
//
// Within one phase every access is the plan's with rows moved by the same
// s for lanes of equal w: their low 3 bits still differ, so the swizzle
// keeps them on distinct bank groups, and the reads still cover the tile
// once. swz-verify --kernel proves both, one access per phase
// (kernel_catalog.hpp).
#pragma once

#include "swz/access/tile_cell.hpp"
#include "swz/config.hpp"

namespace swz {

template <class Plan>
struct fast_transpose_realign {
    static_assert(Plan::elems_per_gather == 1, "one output row per lane: elements of 4 or 8 bytes");
    static constexpr unsigned K = Plan::rows_per_vector;
    static constexpr unsigned phases = K * K;

    // The phase of a matrix: its output pointer's misalignment and its
    // output pitch, both in elements.
    SWZ_HOST_DEVICE static constexpr unsigned phase_of(unsigned out_misalignment_elems, unsigned pitch_elems) {
        return out_misalignment_elems % K + K * (pitch_elems % K);
    }

    // Elements from the lane's vector start to its output row's next
    // aligned chunk boundary (0 .. K-1).
    template <class V>
    SWZ_HOST_DEVICE static constexpr V shift(V lane, unsigned phase) {
        // -(m + w*p) mod K, written with additions only (unsigned operands).
        unsigned const m = phase % K, p = phase / K % K;
        return (lane % Plan::words_per_chunk * (K - p) + (K - m)) % K;
    }

    // Read k of the gather, iteration `it`: the tile cell read.
    template <class V>
    SWZ_HOST_DEVICE static constexpr tile_cell<V> gather_cell(V lane, V warp, V it, V k, unsigned phase) {
        auto const g = Plan::template gather_task<V>(lane, warp, it);
        V const row = (g.t * K + shift(lane, phase) + (k ^ Plan::rotation(g.t))) % Plan::tile_rows;
        return {row, g.c * K + g.w};
    }

    template <class V>
    SWZ_HOST_DEVICE static constexpr V gather_read_byte(V lane, V warp, V it, V k, unsigned phase) {
        auto const cell = gather_cell(lane, warp, it, k, phase);
        return Plan::shared_byte(cell.y, cell.x);
    }
};

}  // namespace swz
