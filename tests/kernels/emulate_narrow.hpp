// The narrow kernel run on the CPU, warp by warp, as the GPU runs it
// (swz/detail/narrow_launch.cuh), step for step: the body's own functions,
// each shuffle done as a copy (from the right-hand lane, or the lane's own
// value where the kernel skips it on an aligned side; the exchange's rounds
// from the lanes warp_exchange names); lane l of warp w holds group
// body::group_of(w, l) = g0 + l.
#pragma once

#include <array>
#include <cstddef>

#include "swz/detail/narrow_body.hpp"
#include "swz/detail/narrow_choice.hpp"
#include "swz/detail/warp_exchange.hpp"
#include "swz/kernels/narrow_transpose_config.hpp"

namespace swz::test {

// A lane's N vectors, as the body's functions take them.
template <unsigned N>
struct lane_vectors {
    detail::vec16 v[N];
};
template <unsigned N>
using warp_vectors = std::array<lane_vectors<N>, 32>;

// What the kernel's from_right gives the lane: the right-hand lane's value,
// or its own where the side is aligned (the kernel makes no shuffle).
template <class T>
T const& from_right(std::array<T, 32> const& warp, bool aligned, unsigned lane) {
    return warp[aligned ? lane : (lane + 1) % 32];
}

template <unsigned E, unsigned N>
void emulate_narrow_tall_warp(detail::narrow_batch const& nb, unsigned char const* in, unsigned char* out, std::size_t g0) {
    using body = detail::narrow_body<E, N>;
    std::array<typename body::contiguous_raw, 32> raw;
    warp_vectors<N> c;
    for (unsigned lane = 0; lane < 32; ++lane) body::load_contiguous(in, body::span_bytes(nb.lines), g0 + lane, lane == 31, raw[lane]);
    for (unsigned lane = 0; lane < 32; ++lane)
        body::realign_contiguous(in, raw[lane], from_right(raw, body::aligned(in), lane).a[0], lane == 31, c[lane].v);
    for (unsigned j = 0; j < N; ++j) {
        std::array<detail::vec16, 32> v;
        for (unsigned lane = 0; lane < 32; ++lane) v[lane] = body::strided_vector(c[lane].v, j);
        unsigned char* const line = out + j * nb.pitch;
        for (unsigned lane = 0; lane < 32; ++lane)
            body::store_line(line, body::line_bytes(nb.lines), g0 + lane, v[lane], from_right(v, body::aligned(line), lane), lane);
    }
}

template <unsigned E, unsigned N>
void emulate_narrow_wide_warp(detail::narrow_batch const& nb, unsigned char const* in, unsigned char* out, std::size_t g0) {
    using body = detail::narrow_body<E, N>;
    warp_vectors<N> v, c, got;
    for (unsigned j = 0; j < N; ++j) {
        unsigned char const* line = in + j * nb.pitch;
        std::array<typename body::line_raw, 32> raw;
        for (unsigned lane = 0; lane < 32; ++lane) raw[lane] = body::load_line(line, body::line_bytes(nb.lines), g0 + lane, lane == 31);
        for (unsigned lane = 0; lane < 32; ++lane)
            v[lane].v[j] = body::realign_line(line, raw[lane], from_right(raw, body::aligned(line), lane).own, lane == 31);
    }
    for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned i = 0; i < N; ++i) c[lane].v[i] = body::contiguous_chunk(v[lane].v, i);
    using exchange = detail::warp_exchange<N>;
    for (unsigned lane = 0; lane < 32; ++lane) exchange::to_warp_major_send(c[lane].v, lane);
    for (unsigned r = 0; r < N; ++r)
        for (unsigned lane = 0; lane < 32; ++lane) got[lane].v[r] = c[exchange::to_warp_major_source(lane, r)].v[r];
    for (unsigned lane = 0; lane < 32; ++lane) exchange::to_warp_major_receive(got[lane].v, lane);
    for (unsigned i = 0; i < N; ++i) {
        std::array<detail::vec16, 32> sent;
        for (unsigned lane = 0; lane < 32; ++lane) sent[lane] = lane == 0 ? got[lane].v[(i + 1) % N] : got[lane].v[i];
        for (unsigned lane = 0; lane < 32; ++lane)
            body::store_exchanged(out, body::span_bytes(nb.lines), g0, i, got[lane].v[i], from_right(sent, body::aligned(out), lane), lane);
    }
}

// The whole grid: every matrix, every block, every warp.
template <unsigned E>
struct narrow_emulator {
    detail::narrow_batch nb;
    template <unsigned N, bool Tall>
    void operator()() const {
        using body = detail::narrow_body<E, N>;
        constexpr unsigned warps = narrow_transpose_config<E>::threads / 32;
        std::size_t const blocks = (body::warps_for(nb.lines) + warps - 1) / warps;
        for (std::size_t m = 0; m < nb.batch; ++m)
            for (std::size_t w = 0; w < blocks * warps; ++w) {
                std::size_t const g0 = body::group_of(w, 0);
                unsigned char const* in = nb.in + m * nb.stride_in;
                unsigned char* out = nb.out + m * nb.stride_out;
                if constexpr (Tall) emulate_narrow_tall_warp<E, N>(nb, in, out, g0);
                else emulate_narrow_wide_warp<E, N>(nb, in, out, g0);
            }
    }
};

template <unsigned Size>
void emulate_narrow(void* out, void const* in, detail::transpose_shape const& s, detail::narrow_choice c) {
    detail::with_narrow_kernel<Size>(c, narrow_emulator<Size>{detail::make_narrow_batch(out, in, s, Size, c.tall)});
}

}  // namespace swz::test
