// The fast kernels with 2 to 6 resident blocks per SM
// (tune_residency.cu): by register caps where rows are realigned, by
// padded shared memory where they are aligned; and on other tile shapes
// (tune_plans.cu).
#pragma once

#include <cuda_runtime.h>

#include <swz/detail/transpose_args.hpp>

namespace swz::bench {

inline constexpr unsigned tuned_residencies[] = {2, 3, 4, 5, 6};

cudaError_t launch_with_residency(unsigned elem, unsigned min_blocks, void* out, void const* in,
                                  detail::transpose_shape const& s);

// The shipped kernel, at its residency, with the other choice of whole
// sectors (fast_transpose_body's Sectors). Not every kernel has one: false
// for packed cells and for the kernels whose gather realigns the output
// rows, which write no whole sectors.
bool sectors_flippable(unsigned elem, void const* out, void const* in, detail::transpose_shape const& s);
cudaError_t launch_sectors_flipped(unsigned elem, void* out, void const* in, detail::transpose_shape const& s);

// Tile shapes: rows x bytes x threads, 128 x 256 x 512, then 64 x 512 x 512
// and 128 x 512 x 1024 (bytes: 256 x 128 x 256 and 256 x 256 x 512); plan 3
// gathers 8 bytes a read, so that a store covers 16 chunks of an output row
// (bytes 256 x 128 x 256, halves 128 x 128 x 256, floats and doubles the
// shipped tile; stop 26); plan 4 gathers 8 bytes a read on tiles of 128
// rows x 256 bytes, 512 threads (bytes: plan 0), so that each tile reads
// 256 bytes of each input row and a store covers 16 chunks of an output
// row (stop 28); plans 5 and 6 are plan 4 at 3 and 4 blocks per SM; plans
// 7 and 8 are plan 3 at 3 and 2 (int8 there needs 80 and 127 registers;
// 64 at its default 4, with a 12-byte spill; stop 29).
inline constexpr unsigned tuned_plans = 9;
cudaError_t launch_with_plan(unsigned elem, unsigned variant, void* out, void const* in,
                             detail::transpose_shape const& s);

}  // namespace swz::bench
