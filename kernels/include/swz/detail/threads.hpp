// The threads that run a kernel's steps, as the steps are written for
// both the GPU and the CPU emulation (fast_block.hpp, narrow_warp.hpp): on
// the GPU each thread runs each step for itself (this_thread.cuh); the
// emulation runs each step for every thread of a block or warp before the
// next (tests/kernels/every_thread.hpp), so the emulation runs the
// kernels' own sequence of steps, not a copy of it.
//
// Threads provides:
//   each<T>              a T per thread (on the GPU, the thread's own T)
//   of(v, tid)           thread tid's T of an each<T>
//   id()                 on the GPU, the calling thread
//   ids()                in the emulation, every thread it runs
//   exchange(sent, src)  an each<vec16>: thread tid's is what lane src of
//                        its warp sent, src = of(src, tid) (a warp shuffle)
//   from_next_lane(sent) an each<vec16>: thread tid's is what the next lane
//                        of its warp sent (lane 31's, lane 0's)
//   project(v, pick)     pick(of(v, tid)) for each thread (on the GPU, the
//                        thread's own, by reference: no copy)
//   barrier()            __syncthreads()
// An each<T> declared without braces holds Ts that the next step writes
// whole (uninitialised on the GPU, as the kernels always had them).
#pragma once

#include "swz/config.hpp"

namespace swz::detail {

// The threads [first, last), as a range of ids.
struct thread_ids {
    struct iterator {
        unsigned id;
        SWZ_HOST_DEVICE unsigned operator*() const { return id; }
        SWZ_HOST_DEVICE iterator& operator++() { return ++id, *this; }
        SWZ_HOST_DEVICE bool operator!=(iterator const& o) const { return id != o.id; }
    };
    unsigned first, last;
    SWZ_HOST_DEVICE iterator begin() const { return {first}; }
    SWZ_HOST_DEVICE iterator end() const { return {last}; }
};

// A step: the statement after it runs as `tid` for each thread of ids();
// on the GPU, for id() alone, and not as a loop: written as a loop of one
// trip, the kernels compiled to other code (1-3% fewer SASS instructions
// in most), and they are kept as the H200 measured them.
#if defined(__CUDA_ARCH__)
#define SWZ_EACH_THREAD(th, tid) if (unsigned const tid = (th).id(); true)
#else
#define SWZ_EACH_THREAD(th, tid) for (unsigned const tid : (th).ids())
#endif

template <class Threads, class T>
using each_of = typename Threads::template each<T>;

}  // namespace swz::detail
