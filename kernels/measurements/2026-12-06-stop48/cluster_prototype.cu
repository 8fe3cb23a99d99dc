// Stop 48: the int8 and half kernels that realign both sides as stop 40's
// strips run side by side, one tile a block, a strip's S tiles in one
// thread-block cluster (cluster_steps.hpp; C: stop 40's steps, L: the
// lean ones, each S = 1-8, merged or "split"), against launch_fast,
// stop 40's strips of one tile and cudaMemcpy of the same bytes in one
// process. Every variant's output compared with the input once; then
// three rounds of medians of 100 launches.
// Arguments: RxC (int8) or h:RxC (halves), shapes whose both sides are
// realigned; rounds=N; only=NAME (one variant launched 25 times, for
// Nsight Compute).
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <string>
#include <vector>

#include "../tools/realigned_ab.cuh"
#include "../2026-12-06-stop40/strip_kernel.cuh"
#include "cluster_steps.hpp"

using namespace swz::detail;
using swz::strips::matrix;

// The cluster's barrier in two halves: every block has started (its shared
// memory may be written) before any sends; what was sent is visible
// before any block stores.
__device__ __forceinline__ void cluster_arrive_relaxed() { asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory"); }
__device__ __forceinline__ void cluster_wait() { asm volatile("barrier.cluster.wait.aligned;" ::: "memory"); }
__device__ __forceinline__ void cluster_sync() {
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::: "memory");
}

template <class D, unsigned MinBlocks>
__global__ void __launch_bounds__(D::plan::threads, MinBlocks) cluster_kernel(matrix m) {
    __shared__ __align__(16) unsigned char tile[D::plan::shared_bytes];
    __shared__ __align__(16) unsigned char stash[D::stash_bytes];
    cluster_arrive_relaxed();
    this_thread const th{};
    auto const p = D::place_of(m, blockIdx.x);
    typename D::four v;
    if (p.real) v = D::gather(th, m, p, tile);
    cluster_wait();
    if (p.next_real) D::send(th, m, p, v, cooperative_groups::this_cluster().map_shared_rank(stash, p.k + 1));
    cluster_sync();
    D::finish(th, m, p, v, stash);
}

using variant = ab_variant<matrix>;
template <class D, unsigned MinBlocks>
void launch_cluster(matrix const& m) {
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = dim3(unsigned(D::blocks(m)));
    cfg.blockDim = dim3(D::plan::threads);
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = D::cluster, at[0].val.clusterDim.y = 1, at[0].val.clusterDim.z = 1;
    cfg.attrs = at, cfg.numAttrs = 1;
    cudaLaunchKernelEx(&cfg, cluster_kernel<D, MinBlocks>, m);
}
template <unsigned E>
std::vector<variant> variants() {
    using swz::clusters::design;
    return {{"strip1", launch_strip<swz::strips::design<E, 1>, 4>},
            {"C1", launch_cluster<design<E, 1>, 4>},
            {"C4", launch_cluster<design<E, 4>, 4>},
            {"C8", launch_cluster<design<E, 8>, 4>},
            {"L1", launch_cluster<design<E, 1, true, true>, 4>},
            {"L2", launch_cluster<design<E, 2, true, true>, 4>},
            {"L4", launch_cluster<design<E, 4, true, true>, 4>},
            {"L8", launch_cluster<design<E, 8, true, true>, 4>},
            {"L4split", launch_cluster<design<E, 4, false, true>, 4>},
            {"L8split", launch_cluster<design<E, 8, false, true>, 4>}};
}

// For Nsight Compute: one variant (or "shipped", "copy") launched 25 times,
// nothing checked or timed.
std::string only;

template <unsigned E>
void measure(std::string const& label, std::size_t rows, std::size_t cols, int rounds) {
    realigned_ab<E>(label, rows, cols, variants<E>(), rounds, only, [](matrix const&) { return std::string(); });
}

int main(int argc, char** argv) {
    int rounds = 3;
    for (int a = 1; a < argc; ++a) {
        std::string const s = argv[a];
        if (s.rfind("rounds=", 0) == 0) {
            rounds = std::stoi(s.substr(7));
            continue;
        }
        if (s.rfind("only=", 0) == 0) {
            only = s.substr(5);
            continue;
        }
        bool const half = s.rfind("h:", 0) == 0;
        auto const [rows, cols] = parse_int8_shape(half ? s.substr(2) : s);
        if (half) measure<2>(s, rows, cols, rounds);
        else measure<1>(s, rows, cols, rounds);
    }
}
