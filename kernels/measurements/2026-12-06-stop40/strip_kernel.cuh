// Stop 40's strips (strip_steps.hpp) as a kernel, and its launch: one
// block a strip, MinBlocks resident an SM. Timed by strip_prototype.cu,
// and by stop 48's cluster_prototype.cu as its baseline.
#pragma once

#include <cuda_runtime.h>

#include "strip_steps.hpp"
#include "swz/detail/this_thread.cuh"

template <class D, unsigned MinBlocks>
__global__ void __launch_bounds__(D::plan::threads, MinBlocks) strip_kernel(swz::strips::matrix m) {
    __shared__ __align__(16) unsigned char tile[D::plan::shared_bytes];
    __shared__ __align__(16) unsigned char stash[D::stash_bytes];
    D::transpose_strip(swz::detail::this_thread{}, m, blockIdx.x, tile, stash);
}

template <class D, unsigned MinBlocks>
void launch_strip(swz::strips::matrix const& m) {
    strip_kernel<D, MinBlocks><<<unsigned(D::blocks(m)), D::plan::threads>>>(m);
}
