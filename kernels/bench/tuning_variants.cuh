// Other shapes and block orders of the fast kernels, timed by swz-bench
// --tune to choose the shipped ones (swz/kernels/fast_transpose_configs.hpp).
// Only the shipped shapes are proved and tested; these are measured, never
// used.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <swz/transpose.cuh>

#include "tma_transpose_kernel.cuh"

namespace swz::bench {

struct tuning_variant {
    std::string name;
    cudaError_t (*launch)(unsigned char*, unsigned char const*, std::size_t, std::size_t);
};

template <class Plan>
std::string shape_name(char const* kind) {
    return std::string(kind) + " " + std::to_string(Plan::tile_rows) + "x" + std::to_string(Plan::row_bytes) + "B/" +
           std::to_string(Plan::threads) + "t";
}

inline std::string band_name(unsigned band) { return band == whole_column ? "col" : std::to_string(band); }

// The register kernel: Band tile rows per band, registers capped for MinBlocks blocks per SM.
template <class Plan, unsigned Band, unsigned MinBlocks>
cudaError_t launch_registers(unsigned char* out, unsigned char const* in, std::size_t rows, std::size_t cols) {
    return swz::detail::launch_fast_plan<Plan, false, MinBlocks>(out, in, rows, cols, Band, 0);
}
template <class Plan, unsigned Band, unsigned MinBlocks>
tuning_variant registers_of() {
    return {shape_name<Plan>("regs") + " b" + band_name(Band) + " min" + std::to_string(MinBlocks),
            &launch_registers<Plan, Band, MinBlocks>};
}

// The TMA kernel: Stages tiles per block in flight.
template <class Plan, unsigned Stages, unsigned MinBlocks, unsigned Band, bool Persistent = true>
cudaError_t launch_tma(unsigned char* out, unsigned char const* in, std::size_t rows, std::size_t cols) {
    cudaError_t status = cudaSuccess;
    if (!launch_fast_tma_plan<Plan, Stages, MinBlocks, Persistent>(status, out, in, rows, cols, Band, 0))
        return cudaErrorNotSupported;
    return status;
}
template <class Plan, unsigned Stages, unsigned MinBlocks, unsigned Band, bool Persistent = true>
tuning_variant tma_of() {
    return {shape_name<Plan>("tma") + " s" + std::to_string(Stages) + " min" + std::to_string(MinBlocks) + " b" +
                band_name(Band) + (Persistent ? "" : " 1/block"),
            &launch_tma<Plan, Stages, MinBlocks, Band, Persistent>};
}

// The TMA experiment's tiles: the shipped shapes, stored as 128-byte strips
// (the copy engine's swizzled box).
template <unsigned Elem>
using tma_plan_for = typename fast_plan_for<Elem>::template striped<tma_swizzle_row>;

// Neighbours of the shipped shapes, timed in the same run, all in
// whole-column order unless named: Alt32, 32 KiB tiles of 512 threads (also
// with the former bands of 32 tile rows: the first shipped kernel); Wide16
// and Wide32, tiles of 512-byte rows (longer read runs) of 16 and 32 KiB;
// Tiny, 8 KiB tiles of 128 threads; the TMA kernel, persistent and one tile
// per block.
template <class Shipped, class Alt32, class Wide16, class Wide32, class Tiny, class Tma>
std::vector<tuning_variant> neighbours() {
    constexpr unsigned all = whole_column;
    return {registers_of<Alt32, 32, 3>(),  registers_of<Alt32, all, 3>(),  registers_of<Wide16, all, 6>(),
            registers_of<Wide32, all, 3>(), registers_of<Tiny, all, 12>(), tma_of<Tma, 3, 2, all>(),
            tma_of<Tma, 1, 3, all, false>()};
}

// For bytes, more candidates: K = 16 rows per output vector makes tiles of
// at least 128 rows x 128 bytes.
inline std::vector<tuning_variant> byte_candidates() {
    constexpr unsigned all = whole_column;
    return {registers_of<fast_transpose_plan<1, 256, 128, 512>, 32, 3>(),  // shipped before 2026-11-30 (second run)
            registers_of<fast_transpose_plan<1, 256, 128, 512>, all, 3>(),
            registers_of<fast_transpose_plan<1, 128, 256, 512>, all, 3>(),
            registers_of<fast_transpose_plan<1, 128, 256, 256>, all, 6>(),
            registers_of<fast_transpose_plan<1, 128, 128, 256>, all, 6>(),
            registers_of<fast_transpose_plan<1, 128, 128, 256>, all, 8>(),
            registers_of<fast_transpose_plan<1, 128, 128, 128>, all, 12>(),
            tma_of<tma_plan_for<1>, 1, 3, all, false>()};
}

template <std::size_t Size>
std::vector<tuning_variant> tuning_variants();

template <> inline std::vector<tuning_variant> tuning_variants<1>() { return byte_candidates(); }
template <unsigned E>
std::vector<tuning_variant> neighbours_of() {
    // Halves gather 8 rows at a time: their 512-byte-row tile has 64 rows (32 KiB).
    using wide16 = fast_transpose_plan<E, E == 2 ? 64 : 32, 512, 256>;
    return neighbours<fast_plan_for<E>, fast_transpose_plan<E, 128, 256, 512>, wide16,
                      fast_transpose_plan<E, 64, 512, 512>, fast_transpose_plan<E, 64, 128, 128>, tma_plan_for<E>>();
}
template <> inline std::vector<tuning_variant> tuning_variants<2>() { return neighbours_of<2>(); }
template <> inline std::vector<tuning_variant> tuning_variants<4>() { return neighbours_of<4>(); }
template <> inline std::vector<tuning_variant> tuning_variants<8>() { return neighbours_of<8>(); }

}  // namespace swz::bench
