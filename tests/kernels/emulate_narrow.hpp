// The narrow kernel run on the CPU, warp by warp: each warp runs the
// kernel's own steps (swz/detail/narrow_warp.hpp) for all 32 lanes
// (every_thread.hpp), each shuffle done as a copy from the lane the kernel
// shuffles from; lane l of warp w holds group body::group_of(w, l) = g0 + l.
#pragma once

#include <cstddef>

#include "swz/detail/narrow_body.hpp"
#include "swz/detail/narrow_choice.hpp"
#include "swz/detail/narrow_warp.hpp"
#include "swz/kernels/narrow_transpose_config.hpp"
#include "every_thread.hpp"

namespace swz::test {

// One warp of the narrow kernel: its own steps (narrow_warp.hpp) for all
// 32 lanes, lane l holding group g0 + l.
template <unsigned E, unsigned N, bool Tall>
void emulate_narrow_warp(detail::narrow_batch const& nb, unsigned char const* in, unsigned char* out, std::size_t g0) {
    every_thread<32> const warp;
    per_thread<std::size_t, 32> g;
    for (unsigned lane = 0; lane < 32; ++lane) g[lane] = g0 + lane;
    if constexpr (Tall) detail::narrow_tall<E, N>(warp, nb, in, out, g);
    else detail::narrow_wide<E, N>(warp, nb, in, out, g);
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
                emulate_narrow_warp<E, N, Tall>(nb, in, out, g0);
            }
    }
};

template <unsigned Size>
void emulate_narrow(void* out, void const* in, detail::transpose_shape const& s, detail::narrow_choice c) {
    detail::with_narrow_kernel<Size>(c, narrow_emulator<Size>{detail::make_narrow_batch(out, in, s, Size, c.tall)});
}

}  // namespace swz::test
