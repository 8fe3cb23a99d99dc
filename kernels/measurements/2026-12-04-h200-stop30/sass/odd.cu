#include "swz/detail/fast_launch.cuh"
using P1 = swz::fast_transpose_config<1>::plan;
using PW = swz::fast_transpose_config<2>::plan_wide;
template __global__ void swz::detail::fast_transpose_kernel<P1, false, false, false, 4, false>(swz::detail::fast_batch, swz::detail::tile_walk);
template __global__ void swz::detail::fast_transpose_kernel<PW, false, false, false, 3, false>(swz::detail::fast_batch, swz::detail::tile_walk);
