// Which lane of a warp holds what a thread of the fast kernel needs from a
// neighbour when rows are not 16-byte aligned in global memory.
//
// The kernel then moves every row as aligned 16-byte chunks. A tile chunk
// (16 bytes of a tile row) or an output vector (K elements of an output row)
// starts inside one aligned chunk and ends inside the next, so a thread
// needs the next aligned chunk too; a neighbouring lane of the same warp
// holds it, and one warp shuffle fetches it. The tile itself, and every
// shared-memory access, stay exactly those of the plan
// (fast_transpose_plan.hpp): the realignment lives in registers.
//
// Load phase (lane l loads chunk l % C of a tile row, C = chunks per row):
//   the next aligned chunk of lane l's row is lane l + 1's own, except for
//   the row's last lane, which needs the one after the tile's row. Those
//   extras (one per row and iteration) are spread one per lane over the
//   first lanes of the warp (extra_holder), and a second shuffle per
//   iteration brings each to its row's last lane.
//
// Gather phase, for 1- and 2-byte elements, floats with unaligned input
// rows and doubles with aligned ones (the other floats and doubles gather
// each output row's aligned chunks directly: fast_transpose_realign.hpp)
// (lane l gathers row group t, word w of a chunk column):
//   the next output vector of the same output row is row group t + 1's,
//   gathered by lane l + U (U lanes per group); for the warp's last group it
//   is the first group of the next block of row groups, which the same warp
//   gathers `chain_stride` iterations later, in lane l + U - 32. A chain is
//   the iterations s, s + chain_stride, ... that walk one chunk column down
//   the tile's blocks of row groups; the kernel gathers a chain, then stores it.
//
// tests/kernels/test_lane_exchange.cpp checks every function here against
// the plan's load_cell and gather_task for every lane, warp and iteration.
#pragma once

#include "swz/config.hpp"

namespace swz {

template <class Plan>
struct fast_transpose_lanes {
    static constexpr unsigned chunks_per_row = Plan::chunks_per_row;   // C
    static constexpr unsigned lanes_per_group = Plan::words_per_chunk;  // U
    static constexpr unsigned rows_per_load = 32 / chunks_per_row;      // tile rows of one warp load
    static constexpr unsigned extras = rows_per_load * Plan::load_iterations;  // per warp
    static constexpr unsigned chain_length = Plan::row_groups / Plan::groups_per_warp;  // blocks of row groups
    static constexpr unsigned chains = Plan::gather_iterations / chain_length;
    static constexpr unsigned chain_stride = chains;  // iterations between a chain's members

    static_assert(32 % chunks_per_row == 0, "one load instruction of a warp holds whole tile rows");
    static_assert(extras <= 32, "every extra chunk has a lane of its own");
    static_assert(chain_length == 1 || chunks_per_row % Plan::warps == 0,
                  "a warp gathers every block of row groups of its chunk columns");
    static_assert(chains * chain_length == Plan::gather_iterations, "whole chains");

    // ---- load phase ----
    template <class V>
    SWZ_HOST_DEVICE static constexpr bool is_row_last(V lane) {
        return lane % chunks_per_row == chunks_per_row - 1u;
    }
    // The lane whose own chunk is the aligned chunk after lane's own (for a
    // row's last lane: the next row's, unused).
    template <class V>
    SWZ_HOST_DEVICE static constexpr V own_source_lane(V lane) {
        return V((lane + 1u) % 32u);
    }
    // The extra of iteration `it` for the row of a row-last lane: the lane
    // holding it, and (from that lane's side) which one it holds.
    template <class V>
    SWZ_HOST_DEVICE static constexpr V extra_holder(V lane, V it) {
        return V(it * rows_per_load + lane / chunks_per_row);
    }
    template <class V>
    SWZ_HOST_DEVICE static constexpr bool holds_extra(V lane) {
        return lane < extras;
    }
    template <class V>
    SWZ_HOST_DEVICE static constexpr V extra_iteration(V holder) {
        return V(holder / rows_per_load);
    }
    // The lane (row-last, same iteration) whose row the holder's extra continues.
    template <class V>
    SWZ_HOST_DEVICE static constexpr V extra_row_lane(V holder) {
        return V(holder % rows_per_load * chunks_per_row + (chunks_per_row - 1u));
    }
    // Bytes from the row-last lane's own aligned chunk to the extra.
    static constexpr unsigned extra_offset_bytes = 16u;

    // ---- gather phase ----
    template <class V>
    SWZ_HOST_DEVICE static constexpr V chain_iteration(V chain, V k) {
        return V(chain + k * chain_stride);
    }
    template <class V>
    SWZ_HOST_DEVICE static constexpr V gather_source_lane(V lane) {
        return V((lane + lanes_per_group) % 32u);
    }
    // Whether lane's successor is in the chain's next member (the next
    // block of row groups), else in the same iteration.
    template <class V>
    SWZ_HOST_DEVICE static constexpr bool successor_in_next_block(V lane) {
        return lane + lanes_per_group >= 32u;
    }
    // What a lane sends: the receiver is the lane it is the source of.
    template <class V>
    SWZ_HOST_DEVICE static constexpr bool sends_next_block(V lane) {
        return successor_in_next_block(V((lane + 32u - lanes_per_group) % 32u));
    }
};

}  // namespace swz
