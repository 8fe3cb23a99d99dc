// What each thread of the packed fast kernel does: the fast kernel's tile,
// load, gather and stores (fast_transpose_body.hpp, aligned rows on both
// sides), with each tile cell standing for an element of one of the tile's
// sub-tiles (tile_packing.hpp). Host and device code: the CPU emulation
// runs these very functions.
//
// Only where every input and output row is 16-byte aligned: there a chunk
// or an output vector is one aligned 16-byte access and needs nothing from
// a neighbouring lane, so sub-tiles from different places of the batch can
// sit side by side in one tile without any lane exchange between them.
#pragma once

#include <cstddef>

#include "swz/config.hpp"
#include "swz/detail/fast_batch.hpp"
#include "swz/detail/fast_transpose_body.hpp"
#include "swz/detail/tile_packing.hpp"
#include "swz/detail/transpose_args.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/kernels/fast_transpose_lanes.hpp"

namespace swz::detail {

// One launch of the packed kernel: the batch (from its first matrix), its
// packing, and how many sub-tiles the launch covers (the last block's
// tile may hold fewer than per_tile).
struct packed_batch {
    fast_batch b;
    tile_packing p;
    unsigned subtiles;
};

// The packing the fast kernel uses for this shape and these pointers:
// per_tile == 1 (none) unless every row on both sides is 16-byte aligned,
// the element size's config packs and the shape is not one it runs on the
// realigning plan (tall_takes_realigning_plan).
template <unsigned Size>
tile_packing packing_for(void const* out, void const* in, transpose_shape const& s) {
    using config = fast_transpose_config<Size>;
    if (!config::packs || config::tall_takes_realigning_plan(s.rows, s.cols)) return tile_packing{};
    if (!rows_aligned16(in, s.ld_in * Size, s.stride_in * Size, s.batch) ||
        !rows_aligned16(out, s.ld_out * Size, s.stride_out * Size, s.batch))
        return tile_packing{};
    return choose_packing<fast_plan_for<Size>>(s.rows, s.cols);
}

template <class Plan, bool Streaming = false>
struct fast_packed_body {
    using body = fast_transpose_body<Plan, true, true, Streaming>;
    using lanes = fast_transpose_lanes<Plan>;
    static constexpr unsigned K = Plan::rows_per_vector;
    static constexpr unsigned G = Plan::elems_per_gather;

    // The sub-tile that tile cell (y, x) of the block belongs to, as the
    // unpacked body's job (its row0, col0 the sub-tile's), and the cell
    // inside it; valid is false past the launch's last sub-tile.
    struct site {
        bool valid;
        tile_job job;
        tile_cell<unsigned> local;
    };
    SWZ_HOST_DEVICE static site site_of(packed_batch const& pb, unsigned block, unsigned y, unsigned x) {
        packed_cell const c = place(pb.p, block, y, x);
        fast_batch const& b = pb.b;
        return {c.sub < pb.subtiles,
                make_tile_job(b.in + std::size_t(c.matrix) * b.stride_in, b.out + std::size_t(c.matrix) * b.stride_out,
                              b.rows, b.cols, b.pitch_in, b.pitch_out, c.row0, c.col0, Plan::elem),
                c.local};
    }

    // Global -> registers -> the swizzled tile; every load in flight first.
    SWZ_HOST_DEVICE static void load_tile(packed_batch const& pb, unsigned block, unsigned char* tile, unsigned tid) {
        if constexpr (Plan::elem == 1) load_tile_placing_each(pb, block, tile, tid);
        else load_tile_stepping(pb, block, tile, tid);
    }

    // Iteration `it` loads tile row it*R + tid/C (R = Threads / C rows per
    // iteration), chunk tid % C: the same sub-tile column every time, and
    // since sub-tiles are at least R rows tall (choose_packing), the next
    // sub-tile down only where it*R is a multiple of their height. So a
    // lane places its chunk there only, and otherwise steps R rows down the
    // same sub-tile; only a chunk that is not wholly inside its matrix's
    // row is placed in full (general_chunk). Placing every chunk in full
    // was most of the packed kernel's instructions: stepping ran the halves
    // with 96 columns or rows 6% faster on an H200 (kernels/BENCHMARKS.md,
    // run 7), the other packed cells within 1%. Halves and floats only.
    static constexpr unsigned rows_per_iteration = Plan::threads / Plan::chunks_per_row;  // R

    struct lane_chunk {
        unsigned char const* at;  // the lane's aligned chunk
        unsigned rows_left;       // rows of its matrix from the chunk's on (at most 2^32 - 1)
        bool whole;               // in a sub-tile of the launch, inside its row's columns
    };
    SWZ_HOST_DEVICE static lane_chunk placed_chunk(packed_batch const& pb, unsigned block, unsigned y, unsigned x) {
        packed_cell const c = place(pb.p, block, y, x);
        fast_batch const& b = pb.b;
        std::size_t const row = c.row0 + c.local.y, col = c.col0 + c.local.x;
        std::size_t const left = row < b.rows ? b.rows - row : 0;
        return {b.in + std::size_t(c.matrix) * b.stride_in + row * b.pitch_in + col * Plan::elem,
                left < 0xffffffffu ? unsigned(left) : 0xffffffffu, c.sub < pb.subtiles && col + K <= b.cols};
    }

    // A chunk placed in full: in pieces at the end of its row, zeros past it.
    SWZ_HOST_DEVICE static vec16 general_chunk(packed_batch const& pb, unsigned block, unsigned y, unsigned x) {
        site const s = site_of(pb, block, y, x);
        auto const c = body::site_at(s.job, s.local.y, s.local.x);
        return s.valid && c.in_matrix ? body::load_aligned_chunk(s.job, c) : vec16{{0, 0, 0, 0}};
    }

    SWZ_HOST_DEVICE static void load_tile_stepping(packed_batch const& pb, unsigned block, unsigned char* tile,
                                                   unsigned tid) {
        constexpr unsigned R = rows_per_iteration;
        typename body::loaded r;
        lane_chunk l{};
#pragma unroll
        for (unsigned it = 0; it < Plan::load_iterations; ++it) {
            auto const cell = Plan::load_cell(tid % 32, tid / 32, it);
            if (it == 0 || (it * R & row_mask(pb.p)) == 0) {
                l = placed_chunk(pb, block, cell.y, cell.x);
            } else {
                l.at += R * pb.b.pitch_in;
                l.rows_left = l.rows_left > R ? l.rows_left - R : 0u;
            }
            r.v[it] = l.whole && l.rows_left > 0 ? load_global16<Streaming, body::prefetch>(l.at)
                                                 : general_chunk(pb, block, cell.y, cell.x);
        }
        body::store_registers(r, tile, tid);
    }

    // Bytes: each chunk placed in full. The int8 kernel runs at its
    // register cap (32, for 8 blocks per SM): stepping spilled 12 bytes
    // there and ran 3% slower on an H200 (1048576 x 64, 64 x 1048576;
    // kernels/BENCHMARKS.md, run 7), and keeping a whole placement live
    // across the loads spilled too.
    SWZ_HOST_DEVICE static void load_tile_placing_each(packed_batch const& pb, unsigned block, unsigned char* tile,
                                                       unsigned tid) {
        typename body::loaded r;
#pragma unroll
        for (unsigned it = 0; it < Plan::load_iterations; ++it) {
            auto const cell = Plan::load_cell(tid % 32, tid / 32, it);
            site const s = site_of(pb, block, cell.y, cell.x);
            auto const c = body::site_at(s.job, s.local.y, s.local.x);
            r.v[it] = s.valid && c.in_matrix ? body::load_aligned_chunk(s.job, c) : vec16{{0, 0, 0, 0}};
        }
        body::store_registers(r, tile, tid);
    }

    // The chain's gathered vectors to their output rows: vector i of
    // member k holds tile rows K*t .. K*t + K - 1 of tile column c*K + w*G
    // + i, which lie in one sub-tile.
    SWZ_HOST_DEVICE static void store_chain(packed_batch const& pb, unsigned block, typename body::gathered const& g,
                                            unsigned chain, unsigned tid) {
#pragma unroll
        for (unsigned k = 0; k < lanes::chain_length; ++k) {
            auto const task = Plan::gather_task(tid % 32, tid / 32, lanes::chain_iteration(chain, k));
            // The G vectors' columns lie in one 16-byte chunk, so in one sub-tile: placed once.
            site const s = site_of(pb, block, task.t * K, task.c * K + task.w * G);
            if (!s.valid) continue;
#pragma unroll
            for (unsigned i = 0; i < G; ++i)
                body::store_aligned(s.job, s.job.col0 + s.local.x + i, s.job.row0 + s.local.y, g.v[k][i]);
        }
    }
};

}  // namespace swz::detail
