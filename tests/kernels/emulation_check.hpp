// Checking a transpose run by the CPU emulation (emulate_fast.hpp): fresh
// random input, output poisoned, every element compared, no byte of the
// output buffer touched but the output's, no read outside the input's span.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "emulate_fast.hpp"
#include "transpose_check.hpp"

namespace swz::test {

// A buffer whose first byte is 256-byte aligned, as cudaMalloc's are.
struct aligned_buffer {
    std::vector<unsigned char> storage;
    unsigned char* data;
    explicit aligned_buffer(std::size_t n) : storage(n + 256) {
        auto const a = reinterpret_cast<std::uintptr_t>(storage.data());
        data = storage.data() + (256 - a % 256) % 256;
    }
};

inline std::uint64_t run_counter = 0;

// Every global read of the emulated kernel must lie inside the input's span.
struct read_window {
    static inline std::uintptr_t lo = 0, hi = 0;
    static inline std::size_t outside = 0;
    static void watch(void const* p, std::size_t n) {
        auto const a = reinterpret_cast<std::uintptr_t>(p);
        if (a < lo || a + n > hi) ++outside;
    }
    read_window(unsigned char const* begin, std::size_t bytes) {
        lo = reinterpret_cast<std::uintptr_t>(begin), hi = lo + bytes, outside = 0;
        detail::host_read_watch() = &watch;
    }
    ~read_window() { detail::host_read_watch() = nullptr; }
};

// Every global write of the emulated kernel must lie inside the output's
// span (writes between its rows show as touched bytes); one outside throws
// before it is made, so that it fails the test rather than corrupt the heap.
struct write_window {
    static inline std::uintptr_t lo = 0, hi = 0;
    static void watch(void const* p, std::size_t n) {
        auto const a = reinterpret_cast<std::uintptr_t>(p);
        if (a < lo || a + n > hi) throw std::out_of_range("the emulated kernel wrote outside the output");
    }
    write_window(unsigned char const* begin, std::size_t bytes) {
        lo = reinterpret_cast<std::uintptr_t>(begin), hi = lo + bytes;
        detail::host_write_watch() = &watch;
    }
    ~write_window() { detail::host_write_watch() = nullptr; }
};

// Plan: void for the kernel and plan the dispatch picks (emulate_transpose);
// else the dispatch's kernel on Plan's tile (emulate_transpose_on).
template <unsigned E, class Plan = void>
void check_emulated(placement const& p, std::size_t band = 0) {
    std::uint64_t const seed = ++run_counter;
    auto const& s = p.shape;
    CAPTURE(E, s.rows, s.cols, s.ld_in, s.ld_out, s.batch, s.stride_in, s.stride_out, p.in_offset, p.out_offset, band,
            seed);
    aligned_buffer in(p.in_buffer()), out(p.out_buffer());
    auto const in_data = random_bytes(p.in_buffer(), seed), poison = random_bytes(p.out_buffer(), ~seed);
    std::copy(in_data.begin(), in_data.end(), in.data);
    std::copy(poison.begin(), poison.end(), out.data);
    std::size_t reads_outside = 0;
    {
        read_window const window(in.data + p.in_offset, p.in_span());
        write_window const written(out.data + p.out_offset, p.out_span());
        if constexpr (std::is_void_v<Plan>)
            REQUIRE_NOTHROW(emulate_transpose<E>(out.data + p.out_offset, in.data + p.in_offset, s, band));
        else
            REQUIRE_NOTHROW((emulate_transpose_on<E, Plan>(out.data + p.out_offset, in.data + p.in_offset, s)));
        reads_outside = read_window::outside;
    }
    REQUIRE(reads_outside == 0);  // never a byte before the first row or past the last
    auto const r = check_transposed(p, in.data, poison.data(), out.data);
    CAPTURE(r.first_matrix, r.first_row, r.first_col);
    REQUIRE(r.wrong_elements == 0);
    REQUIRE(r.touched_bytes == 0);
    REQUIRE(std::equal(in_data.begin(), in_data.end(), in.data));  // the input is only read
}

// For tests that take shapes from each plan's tile (for_each_fast_plan):
// the plan to run those shapes on, forced where the dispatch would not
// give it such small shapes (the plan of large matrices), else void.
template <unsigned E, class Plan>
using forced_plan = std::conditional_t<has_wide_plan<E> && std::is_same_v<Plan, fast_plan_wide<E>>, Plan, void>;

template <unsigned E>
inline placement at(transpose_shape s, std::size_t in_offset = 0, std::size_t out_offset = 0) {
    return {E, s, in_offset, out_offset};
}

}  // namespace swz::test
