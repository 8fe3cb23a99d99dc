// swz-bench --tune: the realigning fast kernels (rows not 16-byte aligned)
// with other register caps than the shipped ones, i.e. other numbers of
// resident blocks per SM: more registers (no spills) against more blocks in
// flight. Measured, never shipped; a separate file so it compiles beside
// the bench's own.
#include <swz/transpose.cuh>

#include "tune_residency.hpp"

namespace swz::bench {

namespace {

template <class Plan, unsigned MinBlocks>
cudaError_t launch_with(void* out, void const* in, detail::transpose_shape const& s) {
    auto const b = detail::make_fast_batch(out, in, s, Plan::elem);
    bool const in16 = detail::rows_aligned16(in, b.pitch_in, b.stride_in, s.batch);
    bool const out16 = detail::rows_aligned16(out, b.pitch_out, b.stride_out, s.batch);
    if (in16 && out16) return cudaErrorNotSupported;  // aligned rows: the shipped kernel only
    if (in16) return detail::launch_fast_kernel<Plan, true, false, false, MinBlocks>(b, s.batch, 0, 0);
    if (out16) return detail::launch_fast_kernel<Plan, false, true, false, MinBlocks>(b, s.batch, 0, 0);
    return detail::launch_fast_kernel<Plan, false, false, false, MinBlocks>(b, s.batch, 0, 0);
}

template <unsigned Size>
cudaError_t launch_size(unsigned min_blocks, void* out, void const* in, detail::transpose_shape const& s) {
    using plan = fast_plan_for<Size>;
    switch (min_blocks) {
        case 4: return launch_with<plan, 4>(out, in, s);
        case 5: return launch_with<plan, 5>(out, in, s);
        case 6: return launch_with<plan, 6>(out, in, s);
        default: return cudaErrorInvalidValue;
    }
}

}  // namespace

cudaError_t launch_realigned_with_residency(unsigned elem, unsigned min_blocks, void* out, void const* in,
                                            detail::transpose_shape const& s) {
    switch (elem) {
        case 1: return launch_size<1>(min_blocks, out, in, s);
        case 2: return launch_size<2>(min_blocks, out, in, s);
        case 4: return launch_size<4>(min_blocks, out, in, s);
        case 8: return launch_size<8>(min_blocks, out, in, s);
    }
    return cudaErrorInvalidValue;
}

}  // namespace swz::bench
