#include "swz/detail/fast_launch.cuh"
using namespace swz;
using namespace swz::detail;
using PF = fast_transpose_config<4>::plan;
using PH = fast_transpose_config<2>::plan_realigning_out;
template __global__ void swz::detail::fast_transpose_kernel<PF, true, false, false, 4, false>(fast_batch, tile_walk);
template __global__ void swz::detail::fast_transpose_kernel<PF, true, false, false, 4, true>(fast_batch, tile_walk);
template __global__ void swz::detail::fast_transpose_kernel<PH, false, false, false, 5, false>(fast_batch, tile_walk);
template __global__ void swz::detail::fast_transpose_kernel<PH, false, false, false, 5, true>(fast_batch, tile_walk);
