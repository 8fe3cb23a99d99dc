// Run 4 (stop 35): the SASS of a bulk L2 prefetch whose address differs
// per thread, to see whether the compiler runs it once a lane in a loop
// (its operands live in uniform registers). Compiled with -cubin for
// sm_90 and disassembled with cuobjdump -sass, on the branch
// issue-10-stop35-prefetch (prefetch.diff adds l2_prefetch.cuh).
#include "swz/detail/l2_prefetch.cuh"

__global__ void per_thread(unsigned char const* p, unsigned pitch) {
    swz::detail::prefetch_l2(p, threadIdx.x * pitch, threadIdx.x * pitch + 128);
}
__global__ void per_warp(unsigned char const* p, unsigned pitch) {
    if (threadIdx.x % 32 == 0) swz::detail::prefetch_l2(p, blockIdx.x * pitch, blockIdx.x * pitch + 4096);
}
