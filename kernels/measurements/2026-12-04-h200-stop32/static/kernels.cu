// The narrow kernels whose static size stop 32 compares (static/size.sh).
#include "swz/detail/narrow_launch.cuh"
#define K(E, N, T) template __global__ void swz::detail::narrow_transpose_kernel<E, N, T>(swz::detail::narrow_batch);
K(1, 3, true) K(1, 8, true) K(1, 16, true) K(2, 3, true) K(2, 8, true) K(4, 3, true) K(4, 8, true) K(8, 4, true)
K(1, 3, false) K(1, 8, false) K(1, 12, false) K(2, 3, false) K(2, 8, false) K(4, 3, false) K(4, 6, false) K(4, 8, false)
K(8, 3, false) K(8, 8, false)
