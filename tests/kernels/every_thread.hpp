// The CPU emulation's Threads (swz/detail/threads.hpp): every one of N
// threads (a block, or a warp) runs each step before any runs the next,
// so a step after an exchange or the barrier sees what all threads did
// before it. An exchange copies each thread's value from the lane of its
// warp that the kernel shuffles from.
#pragma once

#include <cstddef>
#include <type_traits>
#include <vector>

#include "swz/detail/threads.hpp"
#include "swz/detail/vec16.hpp"

namespace swz::test {

// A T for each of N threads, value-initialised (T may be an array).
template <class T, unsigned N>
struct per_thread {
    struct held {
        T value;
    };
    std::vector<held> v = std::vector<held>(N);
    T& operator[](unsigned tid) { return v[tid].value; }
    T const& operator[](unsigned tid) const { return v[tid].value; }
};

template <unsigned N>
struct every_thread {
    static_assert(N % 32 == 0, "whole warps");
    template <class T>
    using each = per_thread<T, N>;
    detail::thread_ids ids() const { return {0, N}; }
    template <class T>
    T& of(per_thread<T, N>& v, unsigned tid) const {
        return v[tid];
    }
    template <class T>
    T const& of(per_thread<T, N> const& v, unsigned tid) const {
        return v[tid];
    }
    per_thread<detail::vec16, N> exchange(per_thread<detail::vec16, N> const& sent,
                                          per_thread<unsigned, N> const& src) const {
        per_thread<detail::vec16, N> got;
        for (unsigned tid = 0; tid < N; ++tid) got[tid] = sent[tid - tid % 32 + src[tid] % 32];
        return got;
    }
    template <class T, class Pick>
    auto project(per_thread<T, N> const& v, Pick pick) const {
        per_thread<std::decay_t<decltype(pick(v[0]))>, N> out;
        for (unsigned tid = 0; tid < N; ++tid) out[tid] = pick(v[tid]);
        return out;
    }
    per_thread<detail::vec16, N> from_next_lane(per_thread<detail::vec16, N> const& sent) const {
        per_thread<unsigned, N> next;
        for (unsigned tid = 0; tid < N; ++tid) next[tid] = (tid % 32 + 1) % 32;
        return exchange(sent, next);
    }
    void barrier() const {}  // each step already ran for every thread
};

}  // namespace swz::test
