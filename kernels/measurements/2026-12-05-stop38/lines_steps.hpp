// Stop 38's prototype's steps (lines_prototype.cu), host and device, over
// the kernels' Threads (swz/detail/threads.hpp), so that the CPU runs them
// too (lines_emulation.cpp). Int8 matrices whose input and output rows are
// both unaligned, on tiles of 256 rows x 128 bytes, 128 rows apart: the
// shipped body's loads, exchange, tile and gather (fast_transpose_body,
// fill_tile, gather_chain); only which realigned chunks a lane stores is
// new (store_owned): of every output row, the one whole 128-byte line that
// starts in the tile's first 128 rows, the rows' heads in a column's first
// tile and their tails in its last.
#pragma once

#include <cstddef>

#include "swz/detail/fast_batch.hpp"
#include "swz/detail/fast_block.hpp"

namespace swz::lines {

using namespace swz::detail;
using plan = swz::fast_transpose_plan<1, 256, 128, 256>;  // --tune's plan 1
using body = fast_transpose_body<plan, false, false, false, false>;
using lanes = body::lanes;
inline constexpr unsigned line_bytes = 128, row_step = 128;

inline fast_transpose_grid<plan> grid_of(std::size_t rows, std::size_t cols) {
    return {rows, cols, swz::whole_column, row_step};
}

// Member k's vector i, realigned with `next` (the same output row's next
// vector), stored where this tile owns its 128-byte line: the line starts
// in the tile's first row_step rows (before them in a column's first tile,
// after them in its last). Offsets from the matrix, clipped to the row.
SWZ_HOST_DEVICE inline void store_owned(tile_job const& job, body::gathered const& g, unsigned chain, unsigned k,
                                        unsigned i, vec16 const& next, unsigned tid) {
    auto const task = plan::gather_task(tid % 32, tid / 32, lanes::chain_iteration(chain, k));
    std::size_t const out_row = job.col0 + task.c * body::K + task.w * body::G + i;
    std::size_t const first = job.row0 + std::size_t(task.t) * body::K;
    if (out_row >= job.cols || first >= job.rows) return;
    std::ptrdiff_t const row = std::ptrdiff_t(out_row * job.pitch_out), hi = row + std::ptrdiff_t(job.rows);
    std::ptrdiff_t const p = row + std::ptrdiff_t(first);
    unsigned const shift = (16u - (job.out_mis + unsigned(p)) % 16u) % 16u;
    std::ptrdiff_t const a = p + shift;  // the aligned chunk that starts inside the vector
    std::ptrdiff_t const line = a - std::ptrdiff_t((job.out_mis + std::size_t(a)) % line_bytes);
    std::ptrdiff_t const u = line - (row + std::ptrdiff_t(job.row0));  // its line's start, in the tile's rows
    bool const first_tile = job.row0 == 0, last_tile = job.row0 + plan::tile_rows >= job.rows;
    if ((u >= 0 || first_tile) && (u < std::ptrdiff_t(row_step) || last_tile))
        store_window<false>(job.out, a, funnel16<1>(g.v[k][i], next, shift), row, hi);
    if (first_tile && task.t == 0 && shift != 0)  // the row's head
        store_window<false>(job.out, a - 16, funnel16<1>(g.v[k][i], g.v[k][i], shift), row, hi);
}

// One tile: the shipped load phase, the barrier, the gather, store_owned.
template <class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void transpose_tile_owned(Threads const& th, tile_job const& job, unsigned char* tile) {
    {
        each_of<Threads, body::raw_chunks> raw;
        SWZ_EACH_THREAD(th, tid) body::load_raw(job, th.of(raw, tid), tid);
        fill_tile<body>(th, job, raw, tile);
    }
    th.barrier();
#pragma unroll
    for (unsigned chain = 0; chain < lanes::chains; ++chain) {
        each_of<Threads, body::gathered> g;
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

}  // namespace swz::lines
