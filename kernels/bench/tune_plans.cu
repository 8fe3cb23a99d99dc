// swz-bench --tune: each element size's kernel on other tile shapes than
// the shipped one (taller tiles write longer pieces of each output row,
// wider ones read longer pieces of each input row), with as many threads
// per SM as the shipped kernel keeps. Measured, never shipped.
#include <swz/transpose.cuh>

#include "tune_residency.hpp"

namespace swz::bench {

namespace {

// Blocks per SM of `Threads`-thread blocks that hold as many threads as
// `blocks256` blocks of 256.
template <unsigned Threads>
constexpr unsigned scaled(unsigned blocks256) {
    return blocks256 * 256 / Threads > 0 ? blocks256 * 256 / Threads : 1;
}

template <class Plan, bool In, bool Out, bool SectorsAllowed, unsigned MinBlocks>
cudaError_t launch_sectors(bool sectors, detail::fast_batch const& b, std::size_t batch) {
    if (SectorsAllowed && sectors)
        return detail::launch_fast_kernel<Plan, In, Out, false, MinBlocks, SectorsAllowed>(b, batch, 0, 0);
    return detail::launch_fast_kernel<Plan, In, Out, false, MinBlocks, false>(b, batch, 0, 0);
}

// Blocks: 0 for as many threads per SM as the shipped kernel, else this many blocks per SM.
template <class Plan, unsigned Blocks = 0>
cudaError_t launch_plan(void* out, void const* in, detail::transpose_shape const& s) {
    using config = fast_transpose_config<Plan::elem>;
    constexpr unsigned T = Plan::threads;
    constexpr auto scaled = [](unsigned blocks256) { return Blocks ? Blocks : bench::scaled<T>(blocks256); };
    auto const b = detail::make_fast_batch(out, in, s, Plan::elem);
    detail::fast_kernel_choice const c = detail::choose_fast_kernel<Plan::elem>(out, in, s);
    constexpr bool s_in = config::sectors_realigned(true), s_both = config::sectors_realigned(false);
    if (c.aligned_in && c.aligned_out)
        return launch_sectors<Plan, true, true, true, scaled(config::min_blocks)>(c.sectors, b, s.batch);
    // min_blocks_realigned(input realigned, output realigned), as with_fast_kernel asks
    // (until stop 28 these took each other's, and both sides the aligned kernel's).
    if (c.aligned_in)
        return launch_sectors<Plan, true, false, s_in, scaled(config::min_blocks_realigned(false, true))>(
            c.sectors, b, s.batch);
    if (c.aligned_out)
        return launch_sectors<Plan, false, true, true, scaled(config::min_blocks_realigned(true, false))>(
            c.sectors, b, s.batch);
    return launch_sectors<Plan, false, false, s_both, scaled(config::min_blocks_realigned(true, true))>(
        c.sectors, b, s.batch);
}

// 8-byte gathers with 16 row groups a warp (plans 3, 7 and 8).
template <unsigned E>
using plan3 = fast_transpose_plan<E, (E == 1 ? 256 : E == 2 ? 128 : 64), (E <= 2 ? 128 : 256), 256, (E <= 2 ? 128 : 256), 8>;

template <unsigned E>
cudaError_t launch_elem(unsigned variant, void* out, void const* in, detail::transpose_shape const& s) {
    switch (variant) {
        case 0: return launch_plan<fast_transpose_plan<E, 128, 256, 512>>(out, in, s);
        case 1: return launch_plan<fast_transpose_plan<E, (E == 1 ? 256 : 64), (E == 1 ? 128 : 512), (E == 1 ? 256 : 512)>>(out, in, s);
        case 2: return launch_plan<fast_transpose_plan<E, (E == 1 ? 256 : 128), (E == 1 ? 256 : 512), (E == 1 ? 512 : 1024)>>(out, in, s);
        case 3: return launch_plan<plan3<E>>(out, in, s);
        case 4: return launch_plan<fast_transpose_plan<E, 128, 256, 512, 256, (E == 1 ? 4 : 8)>>(out, in, s);
        case 5: return launch_plan<fast_transpose_plan<E, 128, 256, 512, 256, (E == 1 ? 4 : 8)>, 3>(out, in, s);
        case 6: return launch_plan<fast_transpose_plan<E, 128, 256, 512, 256, (E == 1 ? 4 : 8)>, 4>(out, in, s);
        case 7: return launch_plan<plan3<E>, 3>(out, in, s);
        case 8: return launch_plan<plan3<E>, 2>(out, in, s);
        default: return cudaErrorInvalidValue;
    }
}

}  // namespace

cudaError_t launch_with_plan(unsigned elem, unsigned variant, void* out, void const* in, detail::transpose_shape const& s) {
    switch (elem) {
        case 1: return launch_elem<1>(variant, out, in, s);
        case 2: return launch_elem<2>(variant, out, in, s);
        case 4: return launch_elem<4>(variant, out, in, s);
        case 8: return launch_elem<8>(variant, out, in, s);
    }
    return cudaErrorInvalidValue;
}

}  // namespace swz::bench
