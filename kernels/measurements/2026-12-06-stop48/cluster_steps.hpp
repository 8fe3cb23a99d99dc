// Stop 48: stop 40's strips of tiles (../2026-12-06-stop40/strip_steps.hpp)
// run side by side, one tile a block, the S blocks of a strip in one
// thread-block cluster, the carried chunks passed to the next block's
// shared memory (distributed shared memory) instead of to the same
// block's next step.
//
// Why: stop 40's carry made every store instruction write whole 128-byte
// lines of its output rows (up to 12 points of copy gained against the
// same strips storing split lines), but walking the tiles of a strip in
// sequence inside one block cost far more (29-35 points). In a cluster
// the strip's tiles run at once, as the shipped kernel's tiles do, and
// what a tile hands to the next is small: for each of its output rows
// the vector of its last row group (for the next tile's first chunk) and
// the chunks that wrap into the next tile's line (3.5 of 8 on average).
//
// A block's steps (tile k of strip j, its rows j step + k R ..):
//   gather  the tile, as the shipped kernel loads, fills and gathers it;
//   send    (when the next tile is in the matrix) into the next block's
//           slots: its last row group's vectors, and each wrapped chunk,
//           which needs only its own tile's groups (a chunk of group 0
//           never wraps);
//   store   after the cluster's barrier, stop 40's store step with what
//           the previous block sent: each store instruction writes one
//           whole line of each of its rows (the tile's first), its own
//           chunks and the previous tile's wrapped ones; where no next
//           tile takes them, its own wrapped chunks too (a strip's end);
//   close   after the matrix's last tile, the chunk of each output row
//           that ends past its last row group (stop 40's closing step).
// Merge false: every chunk stored by the tile that computes it (lines
// split), to tell the cluster's cost from the carry's gain.
// Lean: the shipped kernel's addressing, 32-bit offsets from the tile's
// corner in the output (one 64-bit address a block), and one store a
// lane an instruction, its own chunk or the held one by a select; without
// it, stop 40's 64-bit offsets from the matrix and its store step, which
// issues the held chunks by a store instruction of their own (two
// requests a line again). Measured, not shipped.
#pragma once

#include <cstddef>

#include "../2026-12-06-stop40/strip_steps.hpp"

namespace swz::clusters {

using namespace swz::detail;
using swz::strips::matrix;

template <unsigned E, unsigned S, bool Merge = true, bool Lean = false>
struct design {
    using strip = swz::strips::design<E, S, Merge, false>;
    using plan = typename strip::plan;
    using four = typename strip::four;
    static constexpr unsigned R = strip::R, G = strip::G, K = plan::rows_per_vector, window = strip::window;
    static constexpr unsigned stash_bytes = strip::stash_bytes;
    static constexpr unsigned cluster = S;
    static constexpr std::size_t step = strip::step;
    static_assert(S >= 1 && S <= 8, "a portable cluster holds at most 8 blocks");
    static_assert(K * E == 16, "a row group is one chunk of an output row");

    SWZ_HOST_DEVICE static std::size_t blocks(matrix const& m) { return strip::blocks(m) * S; }

    // Where block b works: strip j of column col0 (clusters down whole
    // columns in order, as the shipped tiles), its tile k at row0.
    struct place {
        std::size_t col0, row0;
        unsigned k;
        bool real;        // its tile has rows in the matrix
        bool next_real;   // so does the next block's: it takes the carry
        bool first_strip, last_strip, inside;
    };
    SWZ_HOST_DEVICE static place place_of(matrix const& m, std::size_t b) {
        std::size_t const down = strip::strips_down(m.rows), c = b / S;
        unsigned const k = unsigned(b % S);
        std::size_t const j = c % down, col0 = c / down * plan::nx, row0 = j * step + std::size_t(k) * R;
        bool const first = j == 0, last = j + 1 == down;
        return {col0, row0, k, row0 < m.rows, k + 1 < S && row0 + R < m.rows, first, last,
                !first && !last && col0 + plan::nx <= m.cols};
    }
    // The matrix's last tile: it closes the output rows.
    SWZ_HOST_DEVICE static bool closes(place const& p) { return p.real && p.last_strip && !p.next_real; }

    // Stop 40's addressing: 64-bit offsets from the matrix's output.
    struct wide_frame {
        matrix m;
        std::size_t col0, row0;
        using chunk = typename strip::chunk;
        SWZ_HOST_DEVICE chunk chunk_of(unsigned tid, unsigned i) const { return strip::chunk_of(m, col0, row0, tid, i); }
        template <bool Clip>
        SWZ_HOST_DEVICE void put(chunk const& c, std::ptrdiff_t a, vec16 const& v) const {
            strip::template put<Clip>(m, c, a, v);
        }
    };
    // The lean addressing: the tile's corner in the output, and what bounds
    // its stores there.
    struct lean_frame {
        unsigned char* p;
        unsigned low;    // its address's low 32 bits
        unsigned pitch;  // output row pitch
        unsigned rows;   // output rows of the tile in the matrix
        int head, end;   // each output row's first byte and its end, from the row's corner byte
        struct chunk {
            bool in_matrix;
            int a, line;  // the aligned chunk and its output row's corner byte, from the corner
            unsigned mis;
            bool wraps;
        };
        SWZ_HOST_DEVICE chunk chunk_of(unsigned tid, unsigned i) const {
            auto const task = plan::gather_task(tid % 32, tid / 32, 0u);
            unsigned const row = task.c * K + task.w * G + i;
            unsigned const line = row * pitch, at = line + task.t * 16u, mis = (low + at) % 16u, a = at - mis;
            return {row < rows, int(a), int(line), mis, (low + a) % window / 16u < task.t};
        }
        template <bool Clip>
        SWZ_HOST_DEVICE void put(chunk const& c, int a, vec16 const& v) const {
            if (Clip) store_window<false>(p, a, v, c.line + head, c.line + end);
            else store_global16<false>(p + a, v);
        }
    };
    using frame = std::conditional_t<Lean, lean_frame, wide_frame>;
    SWZ_HOST_DEVICE static frame frame_of(matrix const& m, place const& p) {
        if constexpr (Lean) {
            unsigned char* const c = m.out + p.col0 * m.pitch_out + p.row0 * E;
            std::size_t const rows = m.cols - p.col0, end = (m.rows - p.row0) * E, cap = (R + 2 * K) * E;
            return {c, unsigned(address(c)), unsigned(m.pitch_out), rows < plan::nx ? unsigned(rows) : plan::nx,
                    -int(p.row0 * E), end < cap ? int(end) : int(cap)};
        } else {
            return {m, p.col0, p.row0};
        }
    }

    SWZ_HOST_DEVICE static unsigned group_of(unsigned tid) { return plan::gather_task(tid % 32, tid / 32, 0u).t; }
    SWZ_HOST_DEVICE static bool top(unsigned tid) { return group_of(tid) + 1 == plan::groups_per_warp; }

    // The lane U below: the previous row group's lane of the same word.
    template <class Threads>
    SWZ_HOST_DEVICE static each_of<Threads, vec16> previous_group(Threads const& th, each_of<Threads, vec16> const& sent) {
        each_of<Threads, unsigned> src;
        SWZ_EACH_THREAD(th, tid) th.of(src, tid) = (tid % 32 + 32 - plan::words_per_chunk) % 32;
        return th.exchange(sent, src);
    }
    template <class Threads>
    SWZ_HOST_DEVICE static each_of<Threads, vec16> vector(Threads const& th, each_of<Threads, four> const& v, unsigned i) {
        return th.project(v, [i](four const& f) { return f.v[i]; });
    }

    // Step 1: the tile loaded, filled and gathered (the shipped steps).
    template <class Threads>
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static each_of<Threads, four> gather(Threads const& th, matrix const& m,
                                                                       place const& p, unsigned char* tile) {
        return strip::gather_step(th, m, p.col0, p.row0, tile);
    }

    // Step 2: into the next block's slots (`next`, its stash): the top
    // lanes' vectors at slot i, each wrapped chunk at slot G + i, where
    // stop 40's strip held them from one step to the next.
    template <class Threads>
    SWZ_HOST_DEVICE static void send(Threads const& th, matrix const& m, place const& p, each_of<Threads, four> const& v,
                                     unsigned char* next) {
        frame const f = frame_of(m, p);
#pragma unroll
        for (unsigned i = 0; i < G; ++i) {
            each_of<Threads, vec16> const before = previous_group(th, vector(th, v, i));
            SWZ_EACH_THREAD(th, tid) {
                vec16 const& own = th.of(v, tid).v[i];
                if (top(tid)) store16(strip::slot(next, i, tid), own);
                if constexpr (Merge) {
                    auto const c = f.chunk_of(tid, i);
                    if (c.in_matrix && c.wraps)
                        store16(strip::slot(next, G + i, tid),
                                c.mis == 0 ? own : funnel16<E>(th.of(before, tid), own, 16 - c.mis));
                }
            }
        }
    }

    // Step 3: stop 40's store step, the carry read from this block's own
    // slots (zeros for a strip's first tile).
    template <bool Clip, class Threads>
    SWZ_HOST_DEVICE static void store(Threads const& th, matrix const& m, place const& p, each_of<Threads, four> const& v,
                                      unsigned char* slots) {
        frame const f = frame_of(m, p);
#pragma unroll
        for (unsigned i = 0; i < G; ++i) {
            each_of<Threads, vec16> sent;
            SWZ_EACH_THREAD(th, tid) {
                th.of(sent, tid) = !top(tid)    ? th.of(v, tid).v[i]
                                   : p.k == 0 ? vec16{{0, 0, 0, 0}}
                                              : strips::load16(strip::slot(slots, i, tid));
            }
            each_of<Threads, vec16> const before = previous_group(th, sent);
            SWZ_EACH_THREAD(th, tid) {
                vec16 const& own = th.of(v, tid).v[i];
                auto const c = f.chunk_of(tid, i);
                vec16 const b = c.mis == 0 ? own : funnel16<E>(th.of(before, tid), own, 16 - c.mis);
                bool const t0 = group_of(tid) == 0;
                // A held chunk goes to the previous tile's line, 128 bytes back.
                if constexpr (Lean) {
                    bool const held = Merge && c.wraps;
                    bool const stores = held ? p.k > 0 : !(t0 && p.k == 0 && !p.first_strip);
                    if (c.in_matrix && stores)
                        f.template put<Clip>(c, held ? c.a - int(window) : c.a,
                                             held ? strips::load16(strip::slot(slots, G + i, tid)) : b);
                    if (c.in_matrix && held && !p.next_real) f.template put<Clip>(c, c.a, b);
                } else if (c.in_matrix && Merge && c.wraps) {
                    if (p.k > 0)
                        f.template put<Clip>(c, c.a - std::ptrdiff_t(window), strips::load16(strip::slot(slots, G + i, tid)));
                    if (!p.next_real) f.template put<Clip>(c, c.a, b);
                } else if (c.in_matrix && !(t0 && p.k == 0 && !p.first_strip)) {
                    f.template put<Clip>(c, c.a, b);
                }
            }
        }
    }

    // Step 4 (closes(p)): the chunk of each output row whose last byte lies
    // in the row group after the tile's last, from that group's vectors
    // and zeros, clipped to the row.
    template <class Threads>
    SWZ_HOST_DEVICE static void close(Threads const& th, matrix const& m, place const& p, each_of<Threads, four> const& v) {
#pragma unroll
        for (unsigned i = 0; i < G; ++i) {
            each_of<Threads, vec16> const before = previous_group(th, vector(th, v, i));
            SWZ_EACH_THREAD(th, tid) {
                auto const c = strip::chunk_of(m, p.col0, p.row0 + R, tid, i);
                if (group_of(tid) == 0 && c.in_matrix && c.mis != 0)
                    strip::template put<true>(m, c, c.a, funnel16<E>(th.of(before, tid), vec16{{0, 0, 0, 0}}, 16 - c.mis));
            }
        }
    }

    template <class Threads>
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static void finish(Threads const& th, matrix const& m, place const& p,
                                                        each_of<Threads, four> const& v, unsigned char* stash) {
        if (!p.real) return;
        if (p.inside) store<false>(th, m, p, v, stash);
        else store<true>(th, m, p, v, stash);
        if (closes(p)) close(th, m, p, v);
    }
};

}  // namespace swz::clusters
