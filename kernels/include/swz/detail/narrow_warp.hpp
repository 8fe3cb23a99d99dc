// What a warp of the narrow kernel does, step by step, written once over
// the threads that run it (swz/detail/threads.hpp): each GPU lane runs the
// steps for itself, and the CPU emulation runs them for all 32 lanes of a
// warp. Lane l of a warp holds group g (narrow_body::group_of). Each side
// is realigned by the next lane's chunk or vector (from_next_lane); where
// the kernel passed it straight to a step, so does the step here (the
// GPU's code stays the same): a step of thread tid takes
// of(from_next_lane(..), tid), which the emulation computes for the whole
// warp once per lane (32 copies of a warp's vectors; cheap on the CPU).
#pragma once

#include <cstddef>

#include "swz/config.hpp"
#include "swz/detail/narrow_body.hpp"
#include "swz/detail/threads.hpp"
#include "swz/detail/vec16.hpp"

namespace swz::detail {

// The chunks a lane realigns by its neighbour's: read where they lie
// (Threads::project), as the kernel always read them.
template <class Body>
SWZ_HOST_DEVICE SWZ_FORCEINLINE vec16 const& first_chunk(typename Body::contiguous_raw const& r) {
    return r.a[0];
}
template <class Body>
SWZ_HOST_DEVICE SWZ_FORCEINLINE vec16 const& own_chunk(typename Body::line_raw const& r) {
    return r.own;
}

// Tall: contiguous input rows of N elements, strided output rows.
template <unsigned E, unsigned N, class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void narrow_tall(Threads const& th, narrow_batch const& nb, unsigned char const* in,
                                                 unsigned char* out, each_of<Threads, std::size_t> const& g) {
    using body = narrow_body<E, N>;
    each_of<Threads, typename body::contiguous_raw> r;
    SWZ_EACH_THREAD(th, tid)
        body::load_contiguous(in, body::span_bytes(nb.lines), th.of(g, tid), tid % 32 == 31, th.of(r, tid));
    each_of<Threads, vec16> const next_a0 = th.from_next_lane(th.project(r, first_chunk<body>));
    each_of<Threads, vec16[N]> c;
    SWZ_EACH_THREAD(th, tid)
        body::realign_contiguous(in, th.of(r, tid), th.of(next_a0, tid), tid % 32 == 31, th.of(c, tid));
#pragma unroll
    for (unsigned j = 0; j < N; ++j) {
        each_of<Threads, vec16> v;
        SWZ_EACH_THREAD(th, tid) th.of(v, tid) = body::strided_vector(th.of(c, tid), j);
        SWZ_EACH_THREAD(th, tid)
            body::store_line(out + j * nb.pitch, body::line_bytes(nb.lines), th.of(g, tid), th.of(v, tid),
                             th.of(th.from_next_lane(v), tid), tid % 32);
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
                vec16 const next = th.of(th.from_next_lane(th.project(r, own_chunk<body>)), tid);
                th.of(v, tid)[j] = body::realign_line(line, th.of(r, tid), next, tid % 32 == 31);
            }
        }
        SWZ_EACH_THREAD(th, tid) {
#pragma unroll
            for (unsigned i = 0; i < N; ++i) th.of(c, tid)[i] = body::contiguous_chunk(th.of(v, tid), i);
        }
    }
    each_of<Threads, vec16[N]> got;
#pragma unroll
    for (unsigned r = 0; r < N; ++r) {
        each_of<Threads, vec16> sent;
        each_of<Threads, unsigned> src;
        SWZ_EACH_THREAD(th, tid) {
            th.of(sent, tid) = body::chunk_at(th.of(c, tid), body::sent_slot(tid % 32, r));
            th.of(src, tid) = body::source_lane(tid % 32, r);
        }
        each_of<Threads, vec16> const here = th.exchange(sent, src);
        SWZ_EACH_THREAD(th, tid) th.of(got, tid)[r] = th.of(here, tid);
    }
#pragma unroll
    for (unsigned i = 0; i < N; ++i) {
        each_of<Threads, vec16> mine, sent;
        SWZ_EACH_THREAD(th, tid) {
            unsigned const lane = tid % 32;
            th.of(mine, tid) = body::stored_chunk(th.of(got, tid), lane, i);
            vec16 const later = i + 1 < N ? body::stored_chunk(th.of(got, tid), lane, (i + 1) % N) : th.of(mine, tid);
            th.of(sent, tid) = choose(lane == 0, later, th.of(mine, tid));
        }
        SWZ_EACH_THREAD(th, tid) {
            unsigned const lane = tid % 32;
            vec16 const next = th.of(th.from_next_lane(sent), tid);
            body::store_exchanged(out, body::span_bytes(nb.lines), th.of(g, tid) - lane, i, th.of(mine, tid), next, lane);
        }
    }
}

}  // namespace swz::detail
