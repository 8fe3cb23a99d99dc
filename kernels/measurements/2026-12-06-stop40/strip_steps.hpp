// Stop 40: the fast kernel that realigns both sides, int8 and halves, with
// each block walking a strip of S tiles down its tile column and carrying,
// from one tile to the next, the output chunks that fall in the next
// window of output lines.
//
// Why: stop 38 (runs 4-6) found the int8 kernel's gap to the copy in its
// output stores. A tile writes 128 bytes of each output row (halves 256),
// which on an unaligned row span one 128-byte line more than aligned,
// shared with the neighbour tile: about twice the L2 write requests of an
// aligned row for int8. Stores moved onto whole lines, with the same
// count, ran at 100-109% of copy (run 6's "out"). Whole-line tiles (stops
// 38-39) had to gather every row twice. Here the tiles of a strip are the
// shipped ones (same loads, exchange, tile and gather, no extra work), and
// a lane whose chunk wraps past the tile's first window holds it until the
// next tile, whose store completes that window: each store instruction
// then writes whole lines of each of its output rows; only the lines at a
// strip's two ends are split.
//
// Ownership (the same with or without the carry): lane (t, w) of a tile
// writes, for each of its 4 output rows, the aligned chunk whose LAST byte
// lies in its row group t, from its own vector and the previous group's
// (the lane U below, or for t = 0 the previous tile's last group, carried).
// A strip's tiles are R rows apart (R = the tile's rows), strips step
// apart with step = R S - K (K rows a group): a strip's first group is the
// previous strip's last, whose chunk the previous strip writes (in the
// matrix's first strip, the rows' heads). The last strip ends with a step
// of no tile (its vectors zeros) for the chunk that ends past the last
// group. Measured, not shipped.
#pragma once

#include <cstddef>

#include "swz/detail/fast_block.hpp"

namespace swz::strips {

using namespace swz::detail;

// 16 bytes of shared memory, one access (the library's tile is only stored
// 16 bytes at a time, store16).
SWZ_HOST_DEVICE inline vec16 load16(unsigned char const* p) {
#if defined(__CUDA_ARCH__)
    uint4 const u = *reinterpret_cast<uint4 const*>(p);
    return vec16{{u.x, u.y, u.z, u.w}};
#else
    return load_as<vec16>(p);
#endif
}

// One matrix of E-byte elements: rows x cols, rows pitch_in bytes apart;
// its transpose cols x rows, rows pitch_out apart.
struct matrix {
    unsigned char const* in;
    unsigned char* out;
    std::size_t rows, cols, pitch_in, pitch_out;
};

// Merge false: the same chunks stored as each tile computes them (lines
// split between neighbouring tiles), to tell the strip's cost from the
// carry's gain.
// Across: blocks in a row of strips across the tile columns (block b takes
// strip b / columns of column b % columns), so that blocks running together
// read the same input rows; otherwise whole columns of strips in order.
template <unsigned E, unsigned S, bool Merge = true, bool Across = false>
struct design {
    using plan = fast_plan_of<E, false>;
    using body = fast_transpose_body<plan, false, false, false, false>;
    using lanes = typename body::lanes;
    static constexpr unsigned R = plan::tile_rows, K = plan::rows_per_vector, G = body::G;
    static constexpr std::size_t step = std::size_t(S) * R - K;
    static_assert(lanes::chains == 1 && lanes::chain_length == 1, "one gather task a thread");
    // A tile's output bytes of a row: its vectors, one a row group, 16
    // bytes each (int8 128, halves 256). A store instruction of the carry
    // writes one such window, aligned, of each of its output rows.
    static constexpr unsigned window = plan::groups_per_warp * 16;
    static_assert(plan::groups_per_warp * K == R, "a warp's lanes hold every row group of a tile");

    // Strips down a column: the fewest n with n step + 16 >= rows.
    SWZ_HOST_DEVICE static std::size_t strips_down(std::size_t rows) { return rows <= step + K ? 1 : (rows - K + step - 1) / step; }
    SWZ_HOST_DEVICE static std::size_t blocks(matrix const& m) { return strips_down(m.rows) * ((m.cols + plan::nx - 1) / plan::nx); }

    struct four {
        vec16 v[G];
    };

    // What a lane carries from one step to the next, in its own 16-byte
    // slots of shared memory (registers spilled: 300-800 bytes a thread when
    // carried there): its vectors of the step (for t = 7: the next step's
    // t = 0 lanes take them) and its held chunks. Slot s of thread tid at
    // (s threads + tid) 16 bytes: a warp's access of one slot is 512
    // consecutive bytes, 4 wavefronts, the least for 16 bytes a lane.
    static constexpr unsigned stash_slots = 2 * G, stash_bytes = stash_slots * plan::threads * 16;
    SWZ_HOST_DEVICE static unsigned char* slot(unsigned char* stash, unsigned s, unsigned tid) {
        return stash + (s * plan::threads + tid) * 16u;
    }

    // Lane tid's chunk of vector i in the tile at row0: the aligned chunk
    // whose last byte lies in its row group.
    struct chunk {
        bool in_matrix;       // its output row is
        std::ptrdiff_t a;     // offset from out
        std::ptrdiff_t lo, hi;  // its output row's bytes
        unsigned mis;         // the group's first byte % 16
        bool wraps;           // in the line after the tile's first chunk's
    };
    SWZ_HOST_DEVICE static chunk chunk_of(matrix const& m, std::size_t col0, std::size_t row0, unsigned tid, unsigned i) {
        auto const task = plan::gather_task(tid % 32, tid / 32, 0u);
        std::size_t const out_row = col0 + task.c * K + task.w * G + i;
        std::ptrdiff_t const lo = std::ptrdiff_t(out_row * m.pitch_out);
        std::ptrdiff_t const p = lo + std::ptrdiff_t((row0 + task.t * K) * E);
        unsigned const mis = unsigned((address(m.out) + std::size_t(p)) % 16);
        std::ptrdiff_t const a = p - std::ptrdiff_t(mis);
        unsigned const pos = unsigned((address(m.out) + std::size_t(a)) % window / 16);
        return {out_row < m.cols, a, lo, lo + std::ptrdiff_t(m.rows * E), mis, pos < task.t};
    }

    template <bool Clip>
    SWZ_HOST_DEVICE static void put(matrix const& m, chunk const& c, std::ptrdiff_t a, vec16 const& v) {
        if (Clip) store_window<false>(m.out, a, v, c.lo, c.hi);
        else store_global16<false>(m.out + a, v);
    }

    // The store phase of step k of the strip (the tile at row0; vectors v,
    // zeros for the last strip's closing step): per vector, the previous
    // group's vector from the lane 4 below (t = 0: lane t = 7's carried
    // one), the chunk, and one store a lane: a chunk in the tile's first
    // line now, a wrapped one held (and the one held since the last step
    // stored in its place, completing that line).
    template <bool Clip, class Threads>
    SWZ_HOST_DEVICE static void store_step(Threads const& th, matrix const& m, std::size_t col0, std::size_t row0,
                                           unsigned k, bool owns_first, each_of<Threads, four> const& v,
                                           unsigned char* stash) {
#pragma unroll
        for (unsigned i = 0; i < G; ++i) {
            each_of<Threads, vec16> sent;
            each_of<Threads, unsigned> src;
            SWZ_EACH_THREAD(th, tid) {
                bool const top = plan::gather_task(tid % 32, tid / 32, 0u).t + 1 == plan::groups_per_warp;
                th.of(sent, tid) = top ? load16(slot(stash, i, tid)) : th.of(v, tid).v[i];
                th.of(src, tid) = (tid % 32 + 32 - plan::words_per_chunk) % 32;
            }
            each_of<Threads, vec16> const before = th.exchange(sent, src);
            SWZ_EACH_THREAD(th, tid) {
                vec16 const& own = th.of(v, tid).v[i];
                chunk const c = chunk_of(m, col0, row0, tid, i);
                vec16 const b = c.mis == 0 ? own : funnel16<E>(th.of(before, tid), own, 16 - c.mis);
                bool const top = plan::gather_task(tid % 32, tid / 32, 0u).t + 1 == plan::groups_per_warp;
                if (top) store16(slot(stash, i, tid), own);
                bool const t0 = plan::gather_task(tid % 32, tid / 32, 0u).t == 0;
                if (c.in_matrix && Merge && c.wraps) {
                    if (k > 0) put<Clip>(m, c, c.a - std::ptrdiff_t(window), load16(slot(stash, G + i, tid)));
                    store16(slot(stash, G + i, tid), b);
                } else if (c.in_matrix && !(t0 && k == 0 && !owns_first)) {
                    put<Clip>(m, c, c.a, b);
                }
            }
        }
    }

    // After the strip's last step: the wrapped chunks still held.
    template <bool Clip, class Threads>
    SWZ_HOST_DEVICE static void flush(Threads const& th, matrix const& m, std::size_t col0, std::size_t row0,
                                      unsigned char* stash) {
        if constexpr (Merge)
#pragma unroll
            for (unsigned i = 0; i < G; ++i)
                SWZ_EACH_THREAD(th, tid) {
                    chunk const c = chunk_of(m, col0, row0, tid, i);
                    if (c.in_matrix && c.wraps) put<Clip>(m, c, c.a, load16(slot(stash, G + i, tid)));
                }
    }

    // The tile at (row0, col0) loaded, filled and gathered: the shipped
    // kernel's steps; each lane's vectors, one an output row.
    template <class Threads>
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static each_of<Threads, four> gather_step(Threads const& th, matrix const& m,
                                                                            std::size_t col0, std::size_t row0,
                                                                            unsigned char* tile) {
        tile_job const job = make_tile_job(m.in, m.out, m.rows, m.cols, m.pitch_in, m.pitch_out, row0, col0, E);
        {
            each_of<Threads, typename body::raw_chunks> raw;
            SWZ_EACH_THREAD(th, tid) body::load_raw(job, th.of(raw, tid), tid);
            fill_tile<body>(th, job, raw, tile);
        }
        th.barrier();
        each_of<Threads, typename body::gathered> g;
        SWZ_EACH_THREAD(th, tid) body::gather_chain(tile, 0, th.of(g, tid), tid);
        return th.project(g, [](typename body::gathered const& x) {
            four f;
#pragma unroll
            for (unsigned i = 0; i < G; ++i) f.v[i] = x.v[0][i];
            return f;
        });
    }

    template <bool Clip, class Threads>
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static void run_strip(Threads const& th, matrix const& m, std::size_t j,
                                                          std::size_t col0, bool last_strip, unsigned char* tile,
                                                          unsigned char* stash) {
        // The t = 7 lanes' slots start as zeros: the matrix's first
        // strip's first chunks then hold the rows' heads (clipped).
        SWZ_EACH_THREAD(th, tid) for (unsigned i = 0; i < G; ++i) store16(slot(stash, i, tid), vec16{{0, 0, 0, 0}});
        std::size_t row0 = j * step;
        unsigned k = 0;
        for (; k < S && row0 < m.rows; ++k, row0 += R) {
            if (k > 0) th.barrier();  // the previous tile's gathers are done
            store_step<Clip>(th, m, col0, row0, k, j == 0, gather_step(th, m, col0, row0, tile), stash);
        }
        if (last_strip) {
            each_of<Threads, four> const zeros{};
            store_step<Clip>(th, m, col0, row0, k, j == 0, zeros, stash);
            row0 += R;
        }
        flush<Clip>(th, m, col0, row0 - R, stash);
    }

    template <class Threads>
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static void transpose_strip(Threads const& th, matrix const& m, std::size_t block,
                                                                unsigned char* tile, unsigned char* stash) {
        std::size_t const down = strips_down(m.rows), across = (m.cols + plan::nx - 1) / plan::nx;
        std::size_t const j = Across ? block / across : block % down;
        std::size_t const col0 = (Across ? block % across : block / down) * plan::nx;
        bool const last_strip = j + 1 == down;
        bool const inside = j > 0 && !last_strip && col0 + plan::nx <= m.cols;
        if (inside) run_strip<false>(th, m, j, col0, false, tile, stash);
        else run_strip<true>(th, m, j, col0, last_strip, tile, stash);
    }
};

}  // namespace swz::strips
