// What a warp of the narrow kernel does, step by step, written once over
// the threads that run it (swz/detail/threads.hpp): each GPU lane runs the
// steps for itself, and the CPU emulation runs them for all 32 lanes of a
// warp. Lane l of a warp holds group g (narrow_body::group_of).
#pragma once

#include <cstddef>

#include "swz/config.hpp"
#include "swz/detail/narrow_body.hpp"
#include "swz/detail/threads.hpp"
#include "swz/detail/vec16.hpp"
#include "swz/detail/warp_exchange.hpp"

namespace swz::detail {

// The right-hand lane's v, to realign a side by; where the side is
// 16-byte aligned nothing is realigned, and no exchange is made (the test
// is the same for every lane, so the warp shuffles all or none). Where the
// kernel passed it straight to a step, so does the step here (the GPU's
// code stays the same): a step of thread tid takes of(from_right(..), tid).
template <class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE each_of<Threads, vec16> from_right(Threads const& th, each_of<Threads, vec16> const& v,
                                                                   bool aligned) {
    return aligned ? v : th.from_next_lane(v);
}

// The chunk a lane realigns by its neighbour's: read where it lies
// (Threads::project), as the kernel always read it.
template <class Body>
SWZ_HOST_DEVICE SWZ_FORCEINLINE vec16 const& own_chunk(typename Body::line_raw const& r) {
    return r.own;
}

// The warp's chunks moved between the exchange's two orders
// (warp_exchange.hpp): each thread's c, rotated in place for sending,
// lands in got after N rounds of shuffles. ToWarpMajor: the forward move
// (a wide matrix's, before its stores); else the backward one (a tall
// matrix's, after its loads).
template <unsigned N, bool ToWarpMajor, class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void move_chunks(Threads const& th, each_of<Threads, vec16[N]>& c,
                                                 each_of<Threads, vec16[N]>& got) {
    using exchange = warp_exchange<N>;
    SWZ_EACH_THREAD(th, tid) {
        if constexpr (ToWarpMajor) exchange::to_warp_major_send(th.of(c, tid), tid % 32);
        else exchange::to_lane_major_send(th.of(c, tid), tid % 32);
    }
#pragma unroll
    for (unsigned r = 0; r < N; ++r) {
        each_of<Threads, vec16> sent;
        each_of<Threads, unsigned> src;
        SWZ_EACH_THREAD(th, tid) {
            unsigned const lane = tid % 32;
            th.of(sent, tid) = th.of(c, tid)[r];
            th.of(src, tid) = ToWarpMajor ? exchange::to_warp_major_source(lane, r) : exchange::to_lane_major_source(lane, r);
        }
        each_of<Threads, vec16> const here = th.exchange(sent, src);
        SWZ_EACH_THREAD(th, tid) th.of(got, tid)[r] = th.of(here, tid);
    }
    SWZ_EACH_THREAD(th, tid) {
        if constexpr (ToWarpMajor) exchange::to_warp_major_receive(th.of(got, tid), tid % 32);
        else exchange::to_lane_major_receive(th.of(got, tid), tid % 32);
    }
}

// Tall: contiguous input rows of N elements, strided output rows; the
// warp loads whole lines (each load instruction 512 contiguous bytes),
// then the exchange, run backward, gives each lane its own rows.
template <unsigned E, unsigned N, class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void narrow_tall(Threads const& th, narrow_batch const& nb, unsigned char const* in,
                                                 unsigned char* out, each_of<Threads, std::size_t> const& g) {
    using body = narrow_body<E, N>;
    each_of<Threads, vec16[N]> c;
    {
        each_of<Threads, typename body::warp_raw> r;
        SWZ_EACH_THREAD(th, tid) {
            unsigned const lane = tid % 32;
            body::load_warp_major(in, body::span_bytes(nb.lines), th.of(g, tid) - lane, lane, th.of(r, tid));
        }
#pragma unroll
        for (unsigned i = 0; i < N; ++i) {
            each_of<Threads, vec16> lent;
            SWZ_EACH_THREAD(th, tid) th.of(lent, tid) = body::lent_left(th.of(r, tid), tid % 32, i);
            SWZ_EACH_THREAD(th, tid) {
                vec16 const next = th.of(from_right(th, lent, body::aligned(in)), tid);
                th.of(c, tid)[i] = body::realign_warp_major(in, th.of(r, tid), next, tid % 32, i);
            }
        }
    }
    each_of<Threads, vec16[N]> got;
    move_chunks<N, false>(th, c, got);
#pragma unroll
    for (unsigned j = 0; j < N; ++j) {
        unsigned char* const line = out + j * nb.pitch;
        each_of<Threads, vec16> v;
        SWZ_EACH_THREAD(th, tid) th.of(v, tid) = body::strided_vector(th.of(got, tid), j);
        SWZ_EACH_THREAD(th, tid) {
            vec16 const next = th.of(from_right(th, v, body::aligned(line)), tid);
            body::store_line(line, body::line_bytes(nb.lines), th.of(g, tid), th.of(v, tid), next, tid % 32);
        }
    }
}

// Wide: strided input rows, contiguous output rows of N elements, the
// warp's chunks exchanged so that each store writes whole lines.
template <unsigned E, unsigned N, class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void narrow_wide(Threads const& th, narrow_batch const& nb, unsigned char const* in,
                                                 unsigned char* out, each_of<Threads, std::size_t> const& g) {
    using body = narrow_body<E, N>;
    each_of<Threads, vec16[N]> c;
    {
        each_of<Threads, vec16[N]> v;
#pragma unroll
        for (unsigned j = 0; j < N; ++j) {
            unsigned char const* line = in + j * nb.pitch;
            each_of<Threads, typename body::line_raw> r;
            SWZ_EACH_THREAD(th, tid)
                th.of(r, tid) = body::load_line(line, body::line_bytes(nb.lines), th.of(g, tid), tid % 32 == 31);
            SWZ_EACH_THREAD(th, tid) {
                vec16 const next = th.of(from_right(th, th.project(r, own_chunk<body>), body::aligned(line)), tid);
                th.of(v, tid)[j] = body::realign_line(line, th.of(r, tid), next, tid % 32 == 31);
            }
        }
        SWZ_EACH_THREAD(th, tid) {
#pragma unroll
            for (unsigned i = 0; i < N; ++i) th.of(c, tid)[i] = body::contiguous_chunk(th.of(v, tid), i);
        }
    }
    each_of<Threads, vec16[N]> got;
    move_chunks<N, true>(th, c, got);
#pragma unroll
    for (unsigned i = 0; i < N; ++i) {
        each_of<Threads, vec16> sent;
        SWZ_EACH_THREAD(th, tid) th.of(sent, tid) = choose(tid % 32 == 0, th.of(got, tid)[(i + 1) % N], th.of(got, tid)[i]);
        each_of<Threads, vec16> const next = from_right(th, sent, body::aligned(out));
        SWZ_EACH_THREAD(th, tid) {
            unsigned const lane = tid % 32;
            body::store_exchanged(out, body::span_bytes(nb.lines), th.of(g, tid) - lane, i, th.of(got, tid)[i],
                                  th.of(next, tid), lane);
        }
    }
}

}  // namespace swz::detail
