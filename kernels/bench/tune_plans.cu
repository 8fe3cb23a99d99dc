// swz-bench --tune: each element size's kernel on other tile shapes than
// the shipped one (taller tiles write longer pieces of each output row,
// wider ones read longer pieces of each input row), with as many threads
// per SM as the shipped kernel keeps. Measured, never shipped.
#include <swz/transpose.cuh>

#include "tune_residency.hpp"
#include "variant_launcher.cuh"

namespace swz::bench {

namespace {

// The shipped kernel for the shape on Plan's tile (launch_variant: since
// stop 29 through the dispatch itself; this file's own copy of it had
// passed the realigned residencies their arguments swapped).
template <class Plan, unsigned Blocks = 0>
cudaError_t launch_plan(void* out, void const* in, detail::transpose_shape const& s) {
    return launch_variant<Plan::elem, Plan, Blocks>(out, in, s);
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
