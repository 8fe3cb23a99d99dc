// What a block of the fast kernels does with its tile, step by step, written
// once over the threads that run it (swz/detail/threads.hpp): each GPU
// thread runs the steps for itself, and the CPU emulation runs them for
// every thread of the block.
#pragma once

#include "swz/config.hpp"
#include "swz/detail/fast_packed_body.hpp"
#include "swz/detail/fast_transpose_body.hpp"
#include "swz/detail/threads.hpp"
#include "swz/detail/vec16.hpp"

namespace swz::detail {

// The load phase of one tile after its global loads: the lanes' raw
// chunks, realigned (unaligned input rows: exchanges with the neighbours
// that hold the rest), into the swizzled tile.
template <class Body, class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void fill_tile(Threads const& th, tile_job const& job,
                                               each_of<Threads, typename Body::raw_chunks> const& raw,
                                               unsigned char* tile) {
    using lanes = typename Body::lanes;
    each_of<Threads, typename Body::loaded> r;
#pragma unroll
    for (unsigned it = 0; it < Body::LI; ++it) {
        each_of<Threads, vec16> own_next{}, extra{};
        if (!Body::aligned_in) {
            each_of<Threads, vec16> own, held;
            each_of<Threads, unsigned> own_src, held_src;
            SWZ_EACH_THREAD(th, tid) {
                th.of(own, tid) = th.of(raw, tid).own[it], th.of(own_src, tid) = lanes::own_source_lane(tid % 32);
                th.of(held, tid) = th.of(raw, tid).extra, th.of(held_src, tid) = lanes::extra_holder(tid % 32, it);
            }
            own_next = th.exchange(own, own_src);
            extra = th.exchange(held, held_src);
        }
        SWZ_EACH_THREAD(th, tid)
            th.of(r, tid).v[it] = Body::realigned(job, th.of(raw, tid), it, th.of(own_next, tid), th.of(extra, tid), tid);
    }
    SWZ_EACH_THREAD(th, tid) Body::store_registers(th.of(r, tid), tile, tid);
}

// Member k of a gathered chain to the output, along Path: realigned by the
// gather, or (each output vector i) with the same output row's next vector,
// from the lane gather_source_lane names, where output rows are realigned.
template <class Body, int Path, class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void store_member(Threads const& th, tile_job const& job,
                                                  typename Body::out_corner const& corner,
                                                  typename Body::out_limits const& limits,
                                                  each_of<Threads, typename Body::gathered> const& g, unsigned chain,
                                                  unsigned k, unsigned phase) {
    using lanes = typename Body::lanes;
    constexpr auto path = typename Body::out_path(Path);
    constexpr bool clip = path == Body::out_path::clipped, wide = path == Body::out_path::wide;
    if constexpr (Body::realigns_by_gather) {
        SWZ_EACH_THREAD(th, tid) {
            if constexpr (wide) Body::store_gathered_wide(job, th.of(g, tid), chain, k, phase, tid);
            else Body::template store_gathered_lean<clip>(corner, limits, th.of(g, tid), chain, k, phase, tid);
        }
    } else {
#pragma unroll
        for (unsigned i = 0; i < Body::G; ++i) {
            each_of<Threads, vec16> next{};
            if (!Body::aligned_out) {
                each_of<Threads, vec16> sent;
                each_of<Threads, unsigned> src;
                SWZ_EACH_THREAD(th, tid) {
                    th.of(sent, tid) = Body::gather_sent(th.of(g, tid), tid % 32, k, i);
                    th.of(src, tid) = lanes::gather_source_lane(tid % 32);
                }
                next = th.exchange(sent, src);
            }
            SWZ_EACH_THREAD(th, tid) {
                if constexpr (wide) Body::store_vector_wide(job, th.of(g, tid), chain, k, i, th.of(next, tid), tid);
                else Body::template store_vector_lean<clip>(corner, limits, th.of(g, tid), chain, k, i, th.of(next, tid), tid);
            }
        }
    }
}

// The store phase of one tile, after the barrier: chains of gathers from
// the tile, stored as Path says (fast_transpose_body::out_path): the loop
// is compiled once per path, so that a tile inside keeps no edge bound in
// its registers.
template <class Body, int Path, class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void drain_chains(Threads const& th, tile_job const& job, unsigned char const* tile) {
    using lanes = typename Body::lanes;
    constexpr bool clip = typename Body::out_path(Path) == Body::out_path::clipped;
    unsigned const phase = Body::output_phase(job);
    auto const corner = Body::out_corner_of(job);
    auto const limits = clip ? Body::out_limits_of(job) : Body::inside_limits();
#pragma unroll
    for (unsigned chain = 0; chain < lanes::chains; ++chain) {
        each_of<Threads, typename Body::gathered> g;
        SWZ_EACH_THREAD(th, tid)
            Body::template gather_chain<Body::gathers_by_cell>(tile, chain, th.of(g, tid), tid, phase);
#pragma unroll
        for (unsigned k = 0; k < lanes::chain_length; ++k) store_member<Body, Path>(th, job, corner, limits, g, chain, k, phase);
    }
}

template <class Body, class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void drain_tile(Threads const& th, tile_job const& job, unsigned char const* tile) {
    constexpr int inside = int(Body::out_path::inside), clipped = int(Body::out_path::clipped);
    constexpr int wide = int(Body::out_path::wide);
    switch (int(Body::out_path_of(job))) {  // the same for the whole block
        case inside: return drain_chains<Body, inside>(th, job, tile);
        case clipped: return drain_chains<Body, clipped>(th, job, tile);
        default: return drain_chains<Body, wide>(th, job, tile);
    }
}

// One tile of the fast kernel: every global load in flight together, the
// tile filled, the barrier, the tile drained to the output.
template <class Body, class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void transpose_tile(Threads const& th, tile_job const& job, unsigned char* tile) {
    {
        each_of<Threads, typename Body::raw_chunks> raw;
        SWZ_EACH_THREAD(th, tid) Body::load_raw(job, th.of(raw, tid), tid);
        fill_tile<Body>(th, job, raw, tile);
    }
    th.barrier();
    drain_tile<Body>(th, job, tile);
}

// One tile of the packed kernel: several sub-tiles of the batch, rows
// aligned on both sides, so no lane exchange at all.
template <class Packed, class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void transpose_packed_tile(Threads const& th, packed_batch const& pb, unsigned block,
                                                           unsigned char* tile) {
    using body = typename Packed::body;
    SWZ_EACH_THREAD(th, tid) Packed::load_tile(pb, block, tile, tid);
    th.barrier();
#pragma unroll
    for (unsigned chain = 0; chain < Packed::lanes::chains; ++chain) {
        each_of<Threads, typename body::gathered> g;
        SWZ_EACH_THREAD(th, tid) body::gather_chain(tile, chain, th.of(g, tid), tid);
        SWZ_EACH_THREAD(th, tid) Packed::store_chain(pb, block, th.of(g, tid), chain, tid);
    }
}

}  // namespace swz::detail
