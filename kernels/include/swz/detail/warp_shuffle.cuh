// A 16-byte vector from another lane of the warp: the one exchange the
// kernels make outside shared memory (the CPU emulation does it by copy).
#pragma once

#include "swz/detail/vec16.hpp"

namespace swz::detail {

// The value `src_lane` passes (every lane of the warp takes part).
__device__ inline vec16 shuffle(vec16 const& v, unsigned src_lane) {
    vec16 r;
#pragma unroll
    for (unsigned i = 0; i < 4; ++i) r.w[i] = __shfl_sync(0xffffffffu, v.w[i], int(src_lane));
    return r;
}

}  // namespace swz::detail
