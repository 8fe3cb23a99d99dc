// Stop 39's generalisation of stop 38's whole-line steps
// (../2026-12-05-stop38/lines_steps.hpp) to a row step S: tiles of R rows,
// S rows apart (R >= S + 128, so that every 128-byte output line lies
// wholly in one tile), each writing of every output row the whole lines
// that start in its first S rows. Stop 38's design is R = 256, S = 128
// (every row loaded and gathered twice); taller tiles would do less extra
// work a byte (R = 512, S = 384: a third), but the kernel's lane plan
// (fast_transpose_lanes) does not allow them, so lines_prototype.cu times
// proxies on R = 256 (TimingOnly). Run on the CPU by lines_emulation.cpp;
// not shipped.
#pragma once

#include <cstddef>

#include "swz/detail/fast_batch.hpp"
#include "swz/detail/fast_block.hpp"

namespace swz::lines {

using namespace swz::detail;
inline constexpr unsigned line_bytes = 128;

// TimingOnly: RowStep may exceed tile_rows - 128 (lines_prototype.cu's
// proxies): the lines that start late in a tile then reach past its rows
// and are written wrong, but the tile issues the stores a right design
// with that work a byte would (a timing, never a transpose).
template <class Plan, unsigned RowStep, bool TimingOnly = false>
struct design {
    static_assert(Plan::elem == 1 && Plan::row_bytes == 128, "int8 tiles of 128 bytes");
    static_assert(RowStep % 16 == 0 && RowStep <= Plan::tile_rows, "tiles that overlap or meet");
    static_assert(TimingOnly || RowStep + line_bytes <= Plan::tile_rows, "every line in one tile");
    using plan = Plan;
    using body = fast_transpose_body<Plan, false, false, false, false>;
    using lanes = typename body::lanes;
    static constexpr unsigned row_step = RowStep;

    static fast_transpose_grid<Plan> grid_of(std::size_t rows, std::size_t cols) {
        return {rows, cols, swz::whole_column, row_step};
    }

    // Member k's vector i, realigned with `next` (the same output row's next
    // vector), stored where this tile owns its 128-byte line: the line starts
    // in the tile's first row_step rows (before them in a column's first tile,
    // after them in its last). Offsets from the matrix, clipped to the row.
    SWZ_HOST_DEVICE static void store_owned(tile_job const& job, typename body::gathered const& g, unsigned chain, unsigned k,
                                            unsigned i, vec16 const& next, unsigned tid) {
        auto const task = Plan::gather_task(tid % 32, tid / 32, lanes::chain_iteration(chain, k));
        std::size_t const out_row = job.col0 + task.c * body::K + task.w * body::G + i;
        std::size_t const first = job.row0 + std::size_t(task.t) * body::K;
        if (out_row >= job.cols || first >= job.rows) return;
        std::ptrdiff_t const row = std::ptrdiff_t(out_row * job.pitch_out), hi = row + std::ptrdiff_t(job.rows);
        std::ptrdiff_t const p = row + std::ptrdiff_t(first);
        unsigned const shift = (16u - (job.out_mis + unsigned(p)) % 16u) % 16u;
        std::ptrdiff_t const a = p + shift;  // the aligned chunk that starts inside the vector
        std::ptrdiff_t const line = a - std::ptrdiff_t((job.out_mis + std::size_t(a)) % line_bytes);
        std::ptrdiff_t const u = line - (row + std::ptrdiff_t(job.row0));  // its line's start, in the tile's rows
        bool const first_tile = job.row0 == 0, last_tile = job.row0 + Plan::tile_rows >= job.rows;
        if ((u >= 0 || first_tile) && (u < std::ptrdiff_t(row_step) || last_tile))
            store_window<false>(job.out, a, funnel16<1>(g.v[k][i], next, shift), row, hi);
        if (first_tile && task.t == 0 && shift != 0)  // the row's head
            store_window<false>(job.out, a - 16, funnel16<1>(g.v[k][i], g.v[k][i], shift), row, hi);
    }

    // One tile: the shipped load phase, the barrier, the gather, store_owned.
    template <class Threads>
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static void transpose_tile_owned(Threads const& th, tile_job const& job, unsigned char* tile) {
        {
            each_of<Threads, typename body::raw_chunks> raw;
            SWZ_EACH_THREAD(th, tid) body::load_raw(job, th.of(raw, tid), tid);
            fill_tile<body>(th, job, raw, tile);
        }
        th.barrier();
#pragma unroll
        for (unsigned chain = 0; chain < lanes::chains; ++chain) {
            each_of<Threads, typename body::gathered> g;
            SWZ_EACH_THREAD(th, tid) body::gather_chain(tile, chain, th.of(g, tid), tid);
#pragma unroll
            for (unsigned k = 0; k < lanes::chain_length; ++k)
#pragma unroll
                for (unsigned i = 0; i < body::G; ++i) {
                    each_of<Threads, vec16> sent;
                    each_of<Threads, unsigned> src;
                    SWZ_EACH_THREAD(th, tid) {
                        th.of(sent, tid) = body::gather_sent(th.of(g, tid), tid % 32, k, i);
                        th.of(src, tid) = lanes::gather_source_lane(tid % 32);
                    }
                    each_of<Threads, vec16> const next = th.exchange(sent, src);
                    SWZ_EACH_THREAD(th, tid) store_owned(job, th.of(g, tid), chain, k, i, th.of(next, tid), tid);
                }
        }
    }
};

}  // namespace swz::lines
