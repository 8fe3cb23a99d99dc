// A batch of matrices in bytes, as the fast kernel sees it, and which block
// transposes which tile of which matrix. Host and device code: the kernel
// and its CPU emulation both start here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "swz/config.hpp"
#include "swz/detail/block_order.hpp"
#include "swz/detail/fast_transpose_body.hpp"
#include "swz/detail/transpose_args.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"

namespace swz::detail {

struct fast_batch {
    unsigned char const* in;
    unsigned char* out;
    std::size_t rows, cols;
    std::size_t pitch_in, pitch_out;    // bytes between rows
    std::size_t stride_in, stride_out;  // bytes between matrices
    std::size_t band;                   // the block order (fast_transpose_grid)
};

inline fast_batch make_fast_batch(void* out, void const* in, transpose_shape const& s, std::size_t elem) {
    return {static_cast<unsigned char const*>(in), static_cast<unsigned char*>(out), s.rows, s.cols,
            s.ld_in * elem, s.ld_out * elem, s.stride_in * elem, s.stride_out * elem, whole_column};
}

// Whether every row of every matrix starts 16-byte aligned: base, row
// pitch and (batch > 1) matrix stride all multiples of 16.
SWZ_HOST_DEVICE inline bool rows_aligned16(void const* base, std::size_t pitch, std::size_t stride, std::size_t batch) {
    return address(base) % 16 == 0 && pitch % 16 == 0 && (batch < 2 || stride % 16 == 0);
}
// The same at 32 bytes, the L2's sector: rows that start on a sector.
SWZ_HOST_DEVICE inline bool rows_aligned32(void const* base, std::size_t pitch, std::size_t stride, std::size_t batch) {
    return address(base) % 32 == 0 && pitch % 32 == 0 && (batch < 2 || stride % 32 == 0);
}

// Which fast kernel runs a shape (unpacked; packing_for says where the
// packed one runs instead): whether its input and output rows are all
// 16-byte aligned, and whether its tiles write whole 32-byte sectors of the
// output (fast_transpose_body's Sectors), as the element size's config
// chooses. The launch and the CPU emulation both ask here.
// tall: rows aligned on both sides, and the config runs this shape on the
// realigning plan (fast_transpose_config::tall_takes_realigning_plan);
// wide: rows aligned on both sides or output rows realigned, and the
// config runs this shape on its plan for large matrices (takes_wide_plan;
// before the tall rule).
struct fast_kernel_choice {
    bool aligned_in, aligned_out, sectors, tall, wide;
};
template <unsigned Size>
fast_kernel_choice choose_fast_kernel(void const* out, void const* in, transpose_shape const& s) {
    using config = fast_transpose_config<Size>;
    bool const in16 = rows_aligned16(in, s.ld_in * Size, s.stride_in * Size, s.batch);
    bool const out16 = rows_aligned16(out, s.ld_out * Size, s.stride_out * Size, s.batch);
    bool const out32 = rows_aligned32(out, s.ld_out * Size, s.stride_out * Size, s.batch);
    bool const wide = (in16 || !out16) && config::takes_wide_plan(s.rows, s.cols, s.batch);
    bool const tall = !wide && in16 && out16 && config::tall_takes_realigning_plan(s.rows, s.cols);
    bool const sectors = out16 ? config::sectors_aligned && !out32 : sectors_realigned_for<Size>(in16, s.cols);
    return {in16, out16, sectors, tall, wide};
}

// f's kernel of plan P, writing whole sectors where `sectors` says so and
// the kernel may (SectorsAllowed).
template <class P, bool AlignedIn, bool AlignedOut, bool Streaming, unsigned MinBlocks, bool SectorsAllowed, class F>
decltype(auto) with_sectors(bool sectors, F& f) {
    return sectors ? f.template operator()<P, AlignedIn, AlignedOut, Streaming, MinBlocks, SectorsAllowed>()
                   : f.template operator()<P, AlignedIn, AlignedOut, Streaming, MinBlocks, false>();
}

// The shipped kernel for Size-byte elements and the shape (choose_fast_kernel),
// for the launch and the CPU emulation alike: returns
// f.template operator()<Plan, AlignedIn, AlignedOut, Streaming, MinBlocks, Sectors>(),
// Plan the one for its output rows (fast_plan_of), the realigning one on a
// tall shape (fast_kernel_choice::tall), or the one for large matrices
// (fast_kernel_choice::wide).
template <unsigned Size, class F>
decltype(auto) with_fast_kernel(void const* out, void const* in, transpose_shape const& s, F&& f) {
    using config = fast_transpose_config<Size>;
    using plan = fast_plan_of<Size, true>;
    using realigning = fast_plan_of<Size, false>;
    constexpr bool st = config::streaming;
    // Whole sectors where a config may choose them: never where the gather
    // realigns the output rows (fast_transpose_body::realigns_by_gather).
    constexpr bool s_in = config::sectors_realigned(true), s_both = config::sectors_realigned(false);
    static_assert(!(s_in && fast_transpose_body<realigning, true, false>::realigns_by_gather) &&
                  !(s_both && fast_transpose_body<realigning, false, false>::realigns_by_gather));
    constexpr unsigned b11 = config::min_blocks, b10 = config::min_blocks_realigned(false, true),
                       b01 = config::min_blocks_realigned(true, false), b00 = config::min_blocks_realigned(true, true);
    fast_kernel_choice const c = choose_fast_kernel<Size>(out, in, s);
    if constexpr (has_wide_plan<Size>) {
        using wide = fast_plan_wide<Size>;
        constexpr unsigned w = config::min_blocks_wide;
        static_assert(!(s_in && fast_transpose_body<wide, true, false>::realigns_by_gather) &&
                      !(s_both && fast_transpose_body<wide, false, false>::realigns_by_gather));
        if (c.wide && c.aligned_out) return with_sectors<wide, true, true, st, w, true>(c.sectors, f);
        if (c.wide && c.aligned_in) return with_sectors<wide, true, false, st, w, s_in>(c.sectors, f);
        if (c.wide) return with_sectors<wide, false, false, st, w, s_both>(c.sectors, f);
    }
    if (c.tall) return with_sectors<realigning, true, true, st, b11, true>(c.sectors, f);
    if (c.aligned_in && c.aligned_out) return with_sectors<plan, true, true, st, b11, true>(c.sectors, f);
    if (c.aligned_in) return with_sectors<realigning, true, false, st, b10, s_in>(c.sectors, f);
    if (c.aligned_out) return with_sectors<plan, false, true, st, b01, true>(c.sectors, f);
    return with_sectors<realigning, false, false, st, b00, s_both>(c.sectors, f);
}

template <class Plan, bool AlignedOut, bool Sectors = false>
SWZ_HOST_DEVICE fast_transpose_grid<Plan> grid_of(fast_batch const& b) {
    return {b.rows, b.cols, b.band, row_step_of<Plan, AlignedOut, Sectors>};
}

template <class Plan, bool AlignedOut, bool Sectors = false>
SWZ_HOST_DEVICE std::size_t tiles_per_matrix(fast_batch const& b) {
    return grid_of<Plan, AlignedOut, Sectors>(b).tiles();
}

// The walk of the batch's block order (b.band), prepared on the host
// before a launch; needs tiles_per_matrix below 2^31. A kernel argument of
// its own: inside fast_batch it grew the packed kernel's argument, which
// then spilled.
template <class Plan, bool AlignedOut, bool Sectors = false>
tile_walk walk_of(fast_batch const& b) {
    return tile_walk::of(grid_of<Plan, AlignedOut, Sectors>(b));
}

// Block `block` of a grid over the batch, placed by its walk: tile
// block % tiles of matrix block / tiles, tiles in the batch's block order.
// A grid holds fewer than 2^31 blocks.
template <class Plan>
SWZ_HOST_DEVICE tile_job job_of(fast_batch const& b, tile_walk const& walk, unsigned block) {
    auto const at = walk.at(block);
    return make_tile_job(b.in + at.matrix * b.stride_in, b.out + at.matrix * b.stride_out, b.rows, b.cols, b.pitch_in,
                         b.pitch_out, at.row0, at.col0, Plan::elem);
}

}  // namespace swz::detail
