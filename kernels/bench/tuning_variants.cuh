// Other tile shapes of the fast kernel, timed by swz-bench --tune to choose
// the shipped ones (swz/kernels/fast_transpose_configs.hpp). Only the shipped
// shapes are proved and tested; these are measured, never used.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <swz/transpose.cuh>

namespace swz::bench {

struct tuning_variant {
    std::string name;
    cudaError_t (*launch)(unsigned char*, unsigned char const*, std::size_t, std::size_t);
};

template <class Plan, unsigned Band, bool Streaming, unsigned MinBlocks = 1>
cudaError_t launch_plan(unsigned char* out, unsigned char const* in, std::size_t rows, std::size_t cols) {
    return swz::detail::launch_fast_plan<Plan, Streaming, MinBlocks>(out, in, rows, cols, Band, 0);
}

template <class Plan, unsigned Band, unsigned MinBlocks>
tuning_variant capped_of() {
    return {"fast " + std::to_string(Plan::tile_rows) + "x" + std::to_string(Plan::row_bytes) + "B/" +
                std::to_string(Plan::threads) + "t b" + std::to_string(Band) + " min" + std::to_string(MinBlocks),
            &launch_plan<Plan, Band, false, MinBlocks>};
}

template <class Plan, unsigned Band = 1, bool Streaming = false>
tuning_variant variant_of() {
    return {"fast " + std::to_string(Plan::tile_rows) + "x" + std::to_string(Plan::row_bytes) + "B/" +
                std::to_string(Plan::threads) + "t b" + std::to_string(Band) + (Streaming ? " cs" : ""),
            &launch_plan<Plan, Band, Streaming>};
}

template <std::size_t Size>
std::vector<tuning_variant> tuning_variants();

// Neighbours of each shipped shape, timed in the same run: the previous
// 256-thread shape, no register cap, another band, streaming hints, a
// larger tile. (The H200 runs of 2026-11-30 also tried bands 1 to 32, tiles
// to 64 KiB, 1024 threads and a persistent software-pipelined kernel; see
// kernels/BENCHMARKS.md.)
template <class Shipped, class Small, class Large>
std::vector<tuning_variant> neighbours() {
    return {capped_of<Small, 1, 1>(),  variant_of<Shipped, 32>(),         capped_of<Shipped, 16, 3>(),
            capped_of<Shipped, 32, 3>(), variant_of<Shipped, 32, true>(), capped_of<Large, 32, 1>()};
}

template <> inline std::vector<tuning_variant> tuning_variants<1>() {
    return neighbours<fast_transpose_plan<1, 256, 128, 512>, fast_transpose_plan<1, 128, 128, 256>,
                      fast_transpose_plan<1, 256, 256, 512>>();
}
template <> inline std::vector<tuning_variant> tuning_variants<2>() {
    return neighbours<fast_transpose_plan<2, 128, 256, 512>, fast_transpose_plan<2, 64, 256, 256>,
                      fast_transpose_plan<2, 256, 512, 1024>>();
}
template <> inline std::vector<tuning_variant> tuning_variants<4>() {
    return neighbours<fast_transpose_plan<4, 128, 256, 512>, fast_transpose_plan<4, 64, 256, 256>,
                      fast_transpose_plan<4, 128, 512, 512>>();
}
template <> inline std::vector<tuning_variant> tuning_variants<8>() {
    return neighbours<fast_transpose_plan<8, 128, 256, 512>, fast_transpose_plan<8, 64, 256, 256>,
                      fast_transpose_plan<8, 64, 512, 512>>();
}

}  // namespace swz::bench
