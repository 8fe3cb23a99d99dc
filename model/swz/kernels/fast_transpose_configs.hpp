// The fast kernel's shape for each element size: 32 KiB tiles of 128 rows x
// 256 bytes (256 x 128 for bytes), 512 threads, registers capped so that 3
// blocks stay resident per SM, blocks ordered in bands of 32 tile rows (16
// for doubles). Chosen on an H200 against the alternatives in
// kernels/bench/tuning_variants.cuh (kernels/BENCHMARKS.md has the figures);
// every shape here is proved conflict-free by swz-verify --kernel.
#pragma once

#include "swz/kernels/fast_transpose_plan.hpp"

namespace swz {

// band: tile rows per band of the block order (see fast_transpose_grid);
// min_blocks: blocks per SM the register cap keeps resident; streaming:
// evict-first cache hints on global data. None changes a shared-memory access.
template <unsigned Elem> struct fast_transpose_config;
template <> struct fast_transpose_config<1> {
    using plan = fast_transpose_plan<1, 256, 128, 512>;
    static constexpr unsigned band = 32, min_blocks = 3;
    static constexpr bool streaming = false;
};
template <> struct fast_transpose_config<2> {
    using plan = fast_transpose_plan<2, 128, 256, 512>;
    static constexpr unsigned band = 32, min_blocks = 3;
    static constexpr bool streaming = false;
};
template <> struct fast_transpose_config<4> {
    using plan = fast_transpose_plan<4, 128, 256, 512>;
    static constexpr unsigned band = 32, min_blocks = 3;
    static constexpr bool streaming = false;
};
template <> struct fast_transpose_config<8> {
    using plan = fast_transpose_plan<8, 128, 256, 512>;
    static constexpr unsigned band = 16, min_blocks = 3;
    static constexpr bool streaming = false;
};

template <unsigned Elem>
using fast_plan_for = typename fast_transpose_config<Elem>::plan;

}  // namespace swz
