// The fast kernels with 3, 4, 5 or 6 resident blocks per SM
// (tune_residency.cu): by register caps where rows are realigned, by
// padded shared memory where they are aligned.
#pragma once

#include <cuda_runtime.h>

#include <swz/detail/transpose_args.hpp>

namespace swz::bench {

inline constexpr unsigned tuned_residencies[] = {3, 4, 5, 6};

cudaError_t launch_with_residency(unsigned elem, unsigned min_blocks, void* out, void const* in,
                                  detail::transpose_shape const& s);

}  // namespace swz::bench
