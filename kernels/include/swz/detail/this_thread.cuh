// The GPU's Threads (swz/detail/threads.hpp): the calling thread runs
// each step for itself alone, and an exchange is a warp shuffle. id()
// reads threadIdx.x where a step needs it: with the id held in the object
// instead, nvcc computed the warp index elsewhere and the kernels' code
// changed.
#pragma once

#include "swz/detail/vec16.hpp"
#include "swz/detail/warp_shuffle.cuh"

namespace swz::detail {

struct this_thread {
    template <class T>
    using each = T;
    __device__ __forceinline__ unsigned id() const { return threadIdx.x; }
    template <class T>
    __device__ __forceinline__ T& of(T& v, unsigned) const {
        return v;
    }
    template <class T>
    __device__ __forceinline__ T const& of(T const& v, unsigned) const {
        return v;
    }
    __device__ __forceinline__ vec16 exchange(vec16 const& sent, unsigned src) const { return shuffle(sent, src); }
    template <class T, class Pick>
    __device__ __forceinline__ decltype(auto) project(T const& v, Pick pick) const {
        return pick(v);
    }
    __device__ __forceinline__ vec16 from_next_lane(vec16 const& sent) const {
        return shuffle(sent, (threadIdx.x % 32 + 1) % 32);
    }
    __device__ __forceinline__ void barrier() const { __syncthreads(); }
};

}  // namespace swz::detail
