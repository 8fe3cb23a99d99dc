// What each thread of the fast transpose kernel does, step by step. The
// shared-memory offsets all come from swz/kernels/fast_transpose_plan.hpp,
// the functions swz-verify --kernel proves conflict-free; which lane
// holds a neighbour's chunk, from swz/kernels/fast_transpose_lanes.hpp.
// Host and device code: the tests run these very functions on the CPU,
// block by block, with the warp shuffles done by plain copies.
//
// Global memory moves in 16-byte chunks aligned to 16 bytes, whatever the
// row length and pointers. AlignedIn (AlignedOut): every input (output) row
// starts 16-byte aligned, so tile chunks (output vectors) are such chunks;
// otherwise each spans two, and the step after the exchange shifts it out
// of the thread's own chunk and the next (funnel16). Chunks that cross the
// first or last row of a matrix move in aligned pieces (chunk_parts.hpp).
// Unaligned output rows of doubles with unaligned input rows (and of
// floats with aligned ones, in a plan that gathers one float a read) need
// no exchange: the gather reads the rows of each aligned output chunk
// directly (swz/kernels/fast_transpose_realign.hpp; realigns_by_gather says
// where, and why only there).
// A tile wholly inside its matrix (most tiles of a large one) takes a lean
// path on the global side (loads_inside, stores_inside): no chunk there is
// cut, so each moves as one 16-byte access at an offset from the tile's
// corner, with none of the edge logic. A tile at an edge moves the same
// way, 32-bit offsets from its corner, and checks only its own bounds
// (in_path lean or cut, in_limits; out_path clipped, out_limits): rows and
// columns past the matrix are skipped, and only the chunks that cross an
// output row's end, or the matrix's first or last byte on input (in a few
// corner tiles), move in pieces. The shared-memory side is the same.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "swz/config.hpp"
#include "swz/detail/block_order.hpp"
#include "swz/detail/chunk_parts.hpp"
#include "swz/detail/register_shuffles.hpp"
#include "swz/detail/vec16.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/kernels/fast_transpose_lanes.hpp"
#include "swz/kernels/fast_transpose_plan.hpp"
#include "swz/kernels/fast_transpose_realign.hpp"

namespace swz::detail {

// One block's view: one matrix of the batch and the tile it transposes.
// Global positions are byte offsets from the matrices' own pointers, so
// that the compiler keeps every access in the global space (LDG/STG).
struct tile_job {
    unsigned char const* in;     // rows x cols elements, rows pitch_in bytes apart
    unsigned char* out;          // cols x rows elements, rows pitch_out bytes apart
    std::size_t rows, cols;
    std::size_t pitch_in, pitch_out;
    std::size_t row0, col0;      // the tile's first input row and column
    std::ptrdiff_t in_span;      // bytes from in to the end of its last row
    unsigned in_mis, out_mis;    // in % 16, out % 16
};

SWZ_HOST_DEVICE inline tile_job make_tile_job(unsigned char const* in, unsigned char* out, std::size_t rows,
                                              std::size_t cols, std::size_t pitch_in, std::size_t pitch_out,
                                              std::size_t row0, std::size_t col0, unsigned elem) {
    return {in,   out,  rows, cols, pitch_in, pitch_out, row0, col0, std::ptrdiff_t((rows - 1) * pitch_in + cols * elem),
            unsigned(address(in) % 16), unsigned(address(out) % 16)};
}

// Sectors: every 32-byte sector of an output row that lies wholly in the
// matrix is written by one tile, as its two 16-byte halves by two lanes
// (owns_sector). Tiles then overlap by one more row group (block_order.hpp's
// overlap_groups). Without it a sector that straddles two tiles is written
// half by each, and an H200 ran output rows that start 16 bytes into a
// sector far slower (2026-12-02, stop17b run 1, % of copy: half 8192 x 8192
// with ld_out 8200, every other row so, 75 against 94 with ld_out 8208;
// int8 with ld 8208 76 against 94.5 with 8224; float with ld 8196 84
// against 93): L2 write sectors 12.5% above the data and twice the write
// requests, DRAM bytes 2-5% above (kernels/BENCHMARKS.md).
template <class Plan, bool AlignedIn = true, bool AlignedOut = true, bool Streaming = false, bool Sectors = false>
struct fast_transpose_body {
    using lanes = fast_transpose_lanes<Plan>;
    static constexpr bool aligned_in = AlignedIn, aligned_out = AlignedOut;
    static constexpr unsigned E = Plan::elem;
    static constexpr unsigned K = Plan::rows_per_vector;
    static constexpr unsigned G = Plan::elems_per_gather;
    static constexpr unsigned LI = Plan::load_iterations;
    static constexpr unsigned GI = Plan::gather_iterations;
    using gathered_word = typename std::conditional<Plan::gather_bytes == 8, std::uint64_t, std::uint32_t>::type;
    // 8-byte gathers of smaller elements: each read's low and high words
    // are packed as two 4-byte gathers would be (G / 2 vectors each).
    static constexpr bool split_gather = Plan::gather_bytes == 8 && E < 8;
    // Output rows realigned by the gather itself (one output row per lane),
    // not by a shuffle and a funnel shift after it: only where that was
    // faster on an H200 (kernels/BENCHMARKS.md, 2026-12-01, % of copy):
    // doubles with the input rows unaligned too (odd shapes 77.7-79.3 ->
    // 83.6-86.1) and floats gathered one a read with the input rows aligned
    // (8193 x 8192 68.4 -> 78.5). Doubles with aligned input rows lost
    // (8193 x 8192 87.2 -> 85.0) and such floats with both sides unaligned
    // did not move (61.6-63.0 -> 60.5-64.0): those keep the shuffle. Since
    // stop 26 the shipped floats gather two a read (G = 2), so only doubles
    // take it.
    static constexpr bool realigns_by_gather = !AlignedOut && G == 1 && (E == 8 ? !AlignedIn : AlignedIn);
    // The int8 kernel with aligned rows (8 blocks per SM, 32 registers)
    // computes its gather addresses through the cells: on an H200 its
    // squares ran 1-3 points of copy faster so (2026-12-02, stop17 run 4:
    // 8192 x 8192 92.8 against 90.1, 16384 x 16384 91.1 against 90.0); the
    // packed kernel keeps the XOR form (4096 x 64 x 64 int8 80 against 70).
    static constexpr bool gathers_by_cell = E == 1 && AlignedIn && AlignedOut;
    static_assert(!(Sectors && realigns_by_gather), "the realigning gather writes no whole sectors (not measured)");
    // Bytes the L2 fetches around each global load (vec16.hpp's load_global16).
    static constexpr unsigned prefetch = fast_transpose_config<E>::l2_prefetch(AlignedIn);
    // Row groups shared with the next tile down the column.
    static constexpr unsigned overlap = overlap_groups<AlignedOut, Sectors>;

    // The widths swz-verify --kernel costs are the widths issued here.
    static_assert(sizeof(vec16) == Plan::store_width, "the tile is stored 16 bytes per lane");
    static_assert(sizeof(gathered_word) == Plan::gather_width, "the gather reads gather_width bytes per lane");

    // ---- load phase: global -> registers -> the swizzled tile ----

    // Per iteration, the aligned chunk holding the start of the lane's
    // tile chunk; and (unaligned rows) one extra chunk: the one after the
    // tile's row, for the row and iteration lanes::extra_holder assigns.
    struct raw_chunks {
        vec16 own[LI];
        vec16 extra;
    };
    struct loaded {
        vec16 v[LI];
    };

    // Where the lane's tile chunk of iteration `it` lies: offsets from job.in.
    struct chunk_site {
        bool in_matrix;              // false past the matrix's last row
        std::size_t col;             // its first element's column
        std::ptrdiff_t row_begin;    // the input row's first byte
        std::ptrdiff_t start;        // the tile chunk's first byte
    };
    // The tile chunk at cell (y, x) of the job's tile (the packed kernel's
    // jobs are sub-tiles: swz/detail/tile_packing.hpp).
    SWZ_HOST_DEVICE static chunk_site site_at(tile_job const& job, unsigned y, unsigned x) {
        std::size_t const row = job.row0 + y, col = job.col0 + x;
        std::ptrdiff_t const begin = std::ptrdiff_t(row * job.pitch_in);
        return {row < job.rows, col, begin, begin + std::ptrdiff_t(col * E)};
    }
    SWZ_HOST_DEVICE static chunk_site site_of(tile_job const& job, unsigned tid, unsigned it) {
        auto const cell = Plan::load_cell(tid % 32, tid / 32, it);
        return site_at(job, cell.y, cell.x);
    }
    // The offset of the aligned chunk holding byte `at`.
    SWZ_HOST_DEVICE static std::ptrdiff_t aligned_down(tile_job const& job, std::ptrdiff_t at) {
        return at - std::ptrdiff_t((job.in_mis + unsigned(at)) % 16);
    }

    // The aligned chunk at offset a, of the site's row: whole inside the
    // matrix's bytes, in pieces across its first or last row, zeros wholly
    // past the row's data (no column there is needed).
    SWZ_HOST_DEVICE static vec16 load_chunk(tile_job const& job, chunk_site const& s, std::ptrdiff_t a) {
        std::ptrdiff_t const row_end = s.row_begin + std::ptrdiff_t(job.cols * E);
        if (a >= row_end) return vec16{{0, 0, 0, 0}};
        if (a >= 0 && a + 16 <= job.in_span) return load_global16<Streaming, prefetch>(job.in + a);
        unsigned const lo = a < s.row_begin ? unsigned(s.row_begin - a) : 0u;
        unsigned const hi = a + 16 > row_end ? unsigned(row_end - a) : 16u;
        return load_part(job.in + a, lo, hi);
    }

    // The tile chunk of an aligned row: the same, decided on columns first
    // (the common case, a chunk inside the row, in one comparison).
    SWZ_HOST_DEVICE static vec16 load_aligned_chunk(tile_job const& job, chunk_site const& s) {
        if (s.col + K <= job.cols) return load_global16<Streaming, prefetch>(job.in + s.start);
        return load_chunk(job, s, s.start);
    }

    // The misalignment of the lane's tile chunk, on the low 32 bits only:
    // the same in every iteration (they are a multiple of 16 rows apart).
    SWZ_HOST_DEVICE static unsigned misalignment(tile_job const& job, unsigned tid) {
        auto const cell = Plan::load_cell(tid % 32, tid / 32, 0u);
        unsigned const row = unsigned(job.row0) + cell.y, col = unsigned(job.col0) + cell.x;
        return (job.in_mis + row * unsigned(job.pitch_in) + col * E) % 16;
    }

    // ---- tiles wholly inside the matrix ----

    // Tile rows of one load iteration: a multiple of 16, so a lane's chunk
    // keeps its misalignment from one iteration to the next.
    static constexpr unsigned rows_per_load_iteration = Plan::threads / Plan::chunks_per_row;
    static_assert(Plan::threads % Plan::chunks_per_row == 0 && rows_per_load_iteration % 16 == 0);

    // Aligned doubles keep the edge path everywhere: on an H200 it ran
    // 16384 x 16384 at 96.3-96.4% of copy against 94.9-95.0 (2026-12-02,
    // kernels/BENCHMARKS.md); the other kernels gain (4096 x 4096 int8 82
    // -> 86, half 91 -> 95).
    static constexpr bool lean_inside = !(AlignedIn && AlignedOut && E == 8);

    // Every aligned chunk the load phase reads is whole inside its input row:
    // the tile's rows are in the matrix, its columns and (unaligned rows)
    // the chunk after them too, and no chunk starts before the matrix (the
    // first row's head, when it is unaligned). Offsets inside the tile's
    // rows fit 32 bits.
    static constexpr unsigned reach = Plan::nx + (AlignedIn ? 0 : K);  // columns read from col0
    SWZ_HOST_DEVICE static bool loads_inside(tile_job const& job) {
        if (!lean_inside) return false;
        return job.row0 + Plan::tile_rows <= job.rows && job.col0 + reach <= job.cols &&
               (AlignedIn || job.row0 > 0 || job.col0 > 0 || job.in_mis == 0) &&
               job.pitch_in <= 0x7fffffffu / Plan::tile_rows;
    }

    // Every output vector (aligned rows) or aligned output chunk (unaligned
    // rows) the gather phase writes is whole inside its output row and the
    // tile writes no piece: its output rows are in the matrix, and, where
    // tiles overlap (unaligned rows, or Sectors; row_step_of), it is neither
    // its column's first tile (which writes the rows' heads) nor its last
    // (the tails).
    SWZ_HOST_DEVICE static bool stores_inside(tile_job const& job) {
        if (!lean_inside) return false;
        bool const rows = overlap == 0 ? job.row0 + Plan::tile_rows <= job.rows
                                       : job.row0 > 0 && job.row0 + Plan::tile_rows < job.rows;
        return rows && job.col0 + Plan::nx <= job.cols && job.pitch_out <= 0x7fffffffu / Plan::nx;
    }

    // How a tile's load phase addresses the input, decided once per tile:
    // inside (loads_inside: no bound to check); lean, at the matrix's edge
    // but at 32-bit offsets from its corner (in_limits bound them; most edge
    // tiles); cut, the same, and its few chunks that cross the matrix's
    // first or last byte in pieces (the corner tiles); wide, 64-bit offsets
    // from the matrix (input pitches too large for 32 bits, and aligned
    // doubles, which keep it everywhere).
    enum class in_path { inside, lean, cut, wide };
    SWZ_HOST_DEVICE static in_path in_path_of(tile_job const& job) {
        if (loads_inside(job)) return in_path::inside;
        if (!lean_inside || job.pitch_in > 0x7fffffffu / Plan::tile_rows) return in_path::wide;
        return reads_cut(job) ? in_path::cut : in_path::lean;
    }

    // Whether an aligned chunk the tile reads (not past its row's end, in
    // a row of the matrix) crosses the matrix's first byte (the first
    // rows' heads, when unaligned) or its last (the last row's end, when
    // the tile reads up to it and it is unaligned; with rows under 16 bytes
    // apart, the rows before it too).
    SWZ_HOST_DEVICE static bool reads_cut(tile_job const& job) {
        if (!AlignedIn && job.row0 == 0 && job.col0 == 0 && job.in_mis != 0) return true;
        // The chunks a row reads end at the tile's reach, and at the end of
        // the chunk that holds the row's last byte: the tile's last row in
        // the matrix reads furthest (offsets from job.in).
        std::size_t const last = (job.row0 + Plan::tile_rows < job.rows ? job.row0 + Plan::tile_rows : job.rows) - 1;
        std::size_t const reach_end = last * job.pitch_in + (job.col0 + reach) * E;
        std::size_t const chunk_end = (job.in_mis + last * job.pitch_in + job.cols * E + 15) / 16 * 16 - job.in_mis;
        return (reach_end < chunk_end ? reach_end : chunk_end) > std::size_t(job.in_span);
    }

    // What bounds a lean edge tile's loads, from its corner: its rows in the
    // matrix, and the bytes from its first column to the rows' end (both
    // capped past the tile's reach). A tile inside never reaches them.
    struct in_limits {
        unsigned rows, end;
    };
    static constexpr unsigned in_end_cap = (reach + K) * E;  // past the last chunk a tile reads
    SWZ_HOST_DEVICE static constexpr in_limits inside_in_limits() { return {Plan::tile_rows, in_end_cap}; }
    SWZ_HOST_DEVICE static in_limits in_limits_of(tile_job const& job) {
        std::size_t const rows = job.rows - job.row0, end = (job.cols - job.col0) * E;
        return {rows < Plan::tile_rows ? unsigned(rows) : Plan::tile_rows,
                end < in_end_cap ? unsigned(end) : in_end_cap};
    }

    // The load phase from one aligned address per lane, one iteration
    // rows_per_load_iteration rows below the last: a tile inside (Clip
    // false: no bound to check), or at the matrix's edge (Clip: chunks in
    // rows past the matrix, or wholly past their row's end, are zeros and
    // not read; the others are whole, except, where Cut, those that cross
    // the matrix's first or last byte: in pieces, as load_raw_wide reads them).
    template <bool Clip, bool Cut = false>
    SWZ_HOST_DEVICE static void load_raw_lean(tile_job const& job, raw_chunks& r, unsigned tid) {
        unsigned const lane = tid % 32, warp = tid / 32;
        in_limits const lim = Clip ? in_limits_of(job) : inside_in_limits();
        unsigned char const* const corner = job.in + job.row0 * job.pitch_in + job.col0 * E;
        unsigned const pitch = unsigned(job.pitch_in), step = rows_per_load_iteration * pitch;
        auto const cell = Plan::load_cell(lane, warp, 0u);
        unsigned char const* const start = corner + (cell.y * pitch + cell.x * E);
        unsigned const mis = unsigned(address(start) % 16);
        unsigned char const* const own = start - mis;
        // The lane's aligned chunk starts at the same column in every iteration.
        bool const past_end = Clip && int(cell.x * E) - int(mis) >= int(lim.end);
#pragma unroll
        for (unsigned it = 0; it < LI; ++it) {
            bool const none = past_end || cell.y + it * rows_per_load_iteration >= lim.rows;
            if (Clip && none) r.own[it] = vec16{{0, 0, 0, 0}};
            else if (Cut && crosses_ends(job, own + it * step)) r.own[it] = load_wide(job, tid, it);
            else r.own[it] = load_global16<Streaming, prefetch>(own + it * step);
        }
        r.extra = vec16{{0, 0, 0, 0}};
        if (AlignedIn || !lanes::holds_extra(lane)) return;
        auto const x = Plan::load_cell(lanes::extra_row_lane(lane), warp, lanes::extra_iteration(lane));
        unsigned char const* const row_last = corner + (x.y * pitch + x.x * E);
        unsigned const x_mis = unsigned(address(row_last) % 16);
        if (x_mis == 0) return;  // the row-last lane's own chunk ends its tile chunk
        if (Clip && (x.y >= lim.rows || int(x.x * E + lanes::extra_offset_bytes) - int(x_mis) >= int(lim.end))) return;
        unsigned char const* const extra = row_last - x_mis + lanes::extra_offset_bytes;
        if (Cut && crosses_ends(job, extra)) r.extra = load_wide_extra(job, tid);
        else r.extra = load_global16<Streaming, prefetch>(extra);
    }

    // Whether the aligned chunk at p crosses the matrix's first or last byte.
    SWZ_HOST_DEVICE static bool crosses_ends(tile_job const& job, unsigned char const* p) {
        return p < job.in || p + 16 > job.in + job.in_span;
    }

    // Every global load of the load phase, all in flight together.
    SWZ_HOST_DEVICE static void load_raw(tile_job const& job, raw_chunks& r, unsigned tid) {
        switch (in_path_of(job)) {
            case in_path::inside: return load_raw_lean<false>(job, r, tid);
            case in_path::lean: return load_raw_lean<true>(job, r, tid);
            case in_path::cut: return load_raw_lean<true, true>(job, r, tid);
            default: return load_raw_wide(job, r, tid);
        }
    }

    // The lane's own aligned chunk of iteration `it`, and its extra, at
    // 64-bit offsets from the matrix, in pieces across its first or last row.
    SWZ_HOST_DEVICE static vec16 load_wide(tile_job const& job, unsigned tid, unsigned it) {
        auto const s = site_of(job, tid, it);
        if (!s.in_matrix) return vec16{{0, 0, 0, 0}};
        return AlignedIn ? load_aligned_chunk(job, s) : load_chunk(job, s, aligned_down(job, s.start));
    }
    SWZ_HOST_DEVICE static vec16 load_wide_extra(tile_job const& job, unsigned tid) {
        unsigned const lane = tid % 32, warp = tid / 32;
        auto const s = site_of(job, warp * 32 + lanes::extra_row_lane(lane), lanes::extra_iteration(lane));
        std::ptrdiff_t const a = aligned_down(job, s.start);
        return s.in_matrix && s.start != a ? load_chunk(job, s, a + lanes::extra_offset_bytes) : vec16{{0, 0, 0, 0}};
    }

    // The load phase at 64-bit offsets from the matrix (in_path wide).
    SWZ_HOST_DEVICE static void load_raw_wide(tile_job const& job, raw_chunks& r, unsigned tid) {
#pragma unroll
        for (unsigned it = 0; it < LI; ++it) r.own[it] = load_wide(job, tid, it);
        r.extra = vec16{{0, 0, 0, 0}};
        if (!AlignedIn && lanes::holds_extra(tid % 32)) r.extra = load_wide_extra(job, tid);
    }

    // The lane's tile chunk of iteration `it`: bytes (start % 16) .. + 16 of
    // its own aligned chunk and the next one, which is `own_next` (what
    // lanes::own_source_lane holds) or, for a row's last lane, `extra`
    // (what lanes::extra_holder holds).
    SWZ_HOST_DEVICE static vec16 realigned(tile_job const& job, raw_chunks const& r, unsigned it,
                                           vec16 const& own_next, vec16 const& extra, unsigned tid) {
        if (AlignedIn) return r.own[it];
        unsigned const shift = misalignment(job, tid);
        return funnel16<E>(r.own[it], choose(lanes::is_row_last(tid % 32), extra, own_next), shift);
    }

    // Registers -> the swizzled tile.
    SWZ_HOST_DEVICE static void store_registers(loaded const& r, unsigned char* tile, unsigned tid) {
        unsigned const lane = tid % 32, warp = tid / 32;
#pragma unroll
        for (unsigned it = 0; it < LI; ++it) {
            auto const cell = Plan::load_cell(lane, warp, it);
            store16(tile + Plan::shared_byte(cell.y, cell.x), r.v[it]);
        }
    }

    // ---- gather phase: the tile -> registers -> global ----

    // The chain's G output vectors per member k (iteration
    // lanes::chain_iteration(chain, k)): vector i holds K consecutive
    // elements (tile rows K*t .. K*t + K - 1) of output row c*K + w*G + i.
    struct gathered {
        vec16 v[lanes::chain_length][G];
    };

    // K rows of one word (or double) per thread and member, rotation undone
    // in registers, packed into output vectors.
    // Realigning by the gather, the rows are those of the output row's
    // aligned chunk, for the matrix's phase (output_phase).
    template <bool ByCell = false>
    SWZ_HOST_DEVICE static void gather_chain(unsigned char const* tile, unsigned chain, gathered& g, unsigned tid,
                                             unsigned phase = 0) {
        unsigned const lane = tid % 32, warp = tid / 32;
#pragma unroll
        for (unsigned k = 0; k < lanes::chain_length; ++k) {
            unsigned const it = lanes::chain_iteration(chain, k);
            auto const task = Plan::gather_task(lane, warp, it);
            [[maybe_unused]] unsigned const base = Plan::gather_base_byte(lane, warp, it);  // one XOR a read
            gathered_word val[K];
#pragma unroll
            for (unsigned r = 0; r < K; ++r) {
                unsigned byte = 0;
                if constexpr (realigns_by_gather)
                    byte = fast_transpose_realign<Plan>::gather_read_byte(lane, warp, it, r, phase);
                else if constexpr (ByCell)
                    byte = Plan::gather_read_byte_by_cell(lane, warp, it, r);
                else
                    byte = Plan::gather_read_byte_from(base, r);
                val[r] = load_as<gathered_word>(tile + byte);
            }
            pack_rotated(val, Plan::rotation(task.t), g.v[k]);
        }
    }

    // What the lane offers for member k, vector i: its receiver's
    // successor, which for the warp's last row group is in member k + 1.
    SWZ_HOST_DEVICE static vec16 gather_sent(gathered const& g, unsigned lane, unsigned k, unsigned i) {
        unsigned const later = k + 1 < lanes::chain_length ? k + 1 : k;
        return choose(lanes::sends_next_block(lane), g.v[later][i], g.v[k][i]);
    }

    // Bytes [lo, hi) of the output (offsets from base: 64-bit, or 32-bit
    // from a tile's corner), of the aligned chunk at a, from v.
    template <class Offset>
    SWZ_HOST_DEVICE static void store_clipped(unsigned char* base, Offset a, vec16 const& v, Offset lo, Offset hi) {
        store_window<Streaming>(base, a, v, lo, hi);
    }

    // An output vector of an aligned output row: elements first .. first +
    // K - 1 of output row out_row, at an aligned offset; a whole vector
    // unless the output row ends inside it.
    SWZ_HOST_DEVICE static void store_aligned(tile_job const& job, std::size_t out_row, std::size_t first,
                                              vec16 const& v) {
        if (out_row >= job.cols || first >= job.rows) return;
        std::size_t const p = out_row * job.pitch_out + first * E;  // offset from job.out
        if (first + K <= job.rows) return store_global16<Streaming>(job.out + p, v);
        store_part(job.out + p, v, 0, unsigned(job.rows - first) * E);
    }

    // Sectors: whether this tile writes the 16-byte output chunk of row
    // group t (aligned rows: the group's vector; otherwise the aligned
    // chunk that starts inside it). byte_low: the low 32 bits of the
    // address of any byte of that chunk; its bit 4 says which half of its
    // 32-byte sector the chunk is. Tiles overlap by `overlap` row groups,
    // so the chunks of a tile's first group and of its last that is
    // written (t = n - 1 aligned, n - 2 realigned; the realigned last
    // group is the next tile's) are also the neighbour's: the tile whose
    // other chunks complete the sector writes them. A column's first and
    // last tiles write their ends (the rows' heads and tails, which no
    // other tile has).
    SWZ_HOST_DEVICE static constexpr bool owns_sector(unsigned t, unsigned byte_low, bool first_tile, bool last_tile) {
        if (!Sectors) return true;
        constexpr unsigned last = Plan::row_groups - (AlignedOut ? 1u : 2u);  // the last group the tile writes
        static_assert(!Sectors || last > 0, "a tile's first and last written groups differ");
        // Bit 0: an even chunk of the last group is the next tile's; bit 16:
        // an odd chunk of the first group is the previous tile's. A shift
        // by bit 4 and a mask per store: written as two early returns, the
        // compiler branched around each store, about 14 instructions a
        // store (an H200 ran 21% more instructions per block, stop 29 run 9).
        unsigned const given = unsigned(t == last && !last_tile) | unsigned(t == 0 && !first_tile) << 16;
        return ((given >> (byte_low & 16u)) & 1u) == 0;
    }

    // The tile's corner in the output and the output pitch: for a tile with
    // out_path clipped or inside, its stores are at 32-bit offsets from it.
    struct out_corner {
        unsigned char* p;
        unsigned pitch;
    };
    SWZ_HOST_DEVICE static out_corner out_corner_of(tile_job const& job) {
        return {job.out + job.col0 * job.pitch_out + job.row0 * E, unsigned(job.pitch_out)};
    }

    // How a tile addresses its output, decided once per tile: inside
    // (stores_inside: no bound to check); clipped, at the matrix's edge but
    // at 32-bit offsets from its corner (out_limits bound them; most edge
    // tiles); wide, 64-bit offsets from the matrix (output pitches too
    // large for those, and aligned doubles, which keep it everywhere).
    enum class out_path { inside, clipped, wide };
    SWZ_HOST_DEVICE static out_path out_path_of(tile_job const& job) {
        if (stores_inside(job)) return out_path::inside;
        return lean_inside && job.pitch_out <= 0x7fffffffu / Plan::nx ? out_path::clipped : out_path::wide;
    }

    // What bounds a clipped tile's stores, from its corner: its output rows
    // in the matrix, the bytes from the corner to each output row's end
    // (capped past the tile's reach), and whether it is its column's first
    // tile (which writes the rows' heads, before its corner) or last (the
    // tails). A tile inside never reaches them (inside_limits).
    struct out_limits {
        unsigned rows, end;
        bool first, last;
    };
    static constexpr unsigned end_cap = (Plan::tile_rows + K) * E;  // past the last chunk a tile writes
    SWZ_HOST_DEVICE static constexpr out_limits inside_limits() { return {Plan::nx, end_cap, false, false}; }
    SWZ_HOST_DEVICE static out_limits out_limits_of(tile_job const& job) {
        std::size_t const rows = job.cols - job.col0, end = (job.rows - job.row0) * E;
        return {rows < Plan::nx ? unsigned(rows) : Plan::nx, end < end_cap ? unsigned(end) : end_cap, job.row0 == 0,
                job.row0 + Plan::tile_rows >= job.rows};
    }

    // The aligned chunk at offset `at` from the corner: whole (Clip false:
    // inside), or only its bytes before the end of the output row at `line`.
    template <bool Clip>
    SWZ_HOST_DEVICE static void store_chunk(unsigned char* corner, unsigned at, vec16 const& v, unsigned line,
                                            out_limits const& lim) {
        if (!Clip) return store_global16<Streaming>(corner + at, v);
        store_clipped(corner, int(at), v, int(line), int(line + lim.end));
    }

    // Member k's vector i to its output row, with `next` (what
    // lanes::gather_source_lane sent: the same output row's next vector),
    // along the tile's out_path (fast_block.hpp's drain_tile picks it once
    // per tile). Aligned rows: the vector itself. Otherwise each lane writes
    // the aligned chunk that starts inside its vector, so the last row
    // group's chunk reaches into the next tile: tiles then overlap by one
    // row group (row_step_of), and the next tile writes it as its first.
    // Pieces only at the ends of the output row.
    // store_vector_lean: at 32-bit offsets from the tile's corner, a tile inside
    // (Clip false: whole chunks, no edge logic), or one at the matrix's
    // edge (Clip: output rows past the matrix skipped, chunks that cross a
    // row's end clipped, the rows' heads in a column's first tile).
    template <bool Clip>
    SWZ_HOST_DEVICE static void store_vector_lean(out_corner const& o, out_limits const& lim, gathered const& g,
                                                  unsigned chain, unsigned k, unsigned i, vec16 const& next,
                                                  unsigned tid) {
        auto const task = Plan::gather_task(tid % 32, tid / 32, lanes::chain_iteration(chain, k));
        vec16 const& v = g.v[k][i];
        unsigned const row = task.c * K + task.w * G + i;  // of the tile's output rows; K * E = 16 bytes a group
        if (Clip && row >= lim.rows) return;               // past the matrix's last column
        unsigned const line = row * o.pitch, at = line + task.t * 16u, base = unsigned(address(o.p));
        if (AlignedOut) {
            if (owns_sector(task.t, base + at, lim.first, lim.last)) store_chunk<Clip>(o.p, at, v, line, lim);
            return;
        }
        if (task.t + 1 == Plan::row_groups && !lim.last) return;  // the next tile's first chunk
        unsigned const shift = (0u - (base + at)) % 16u;
        if (owns_sector(task.t, base + at + 15u, lim.first, lim.last))  // a byte of the chunk at + shift
            store_chunk<Clip>(o.p, at + shift, funnel16<E>(v, next, shift), line, lim);
        if (Clip && lim.first && task.t == 0 && shift != 0)  // the row's head: the chunk before, from the row's start
            store_clipped(o.p, int(at + shift) - 16, funnel16<E>(v, v, shift), int(line), int(line + lim.end));
    }

    // store_vector_lean's store at 64-bit offsets from the matrix (out_path wide).
    SWZ_HOST_DEVICE static void store_vector_wide(tile_job const& job, gathered const& g, unsigned chain, unsigned k,
                                                  unsigned i, vec16 const& next, unsigned tid) {
        auto const task = Plan::gather_task(tid % 32, tid / 32, lanes::chain_iteration(chain, k));
        vec16 const& v = g.v[k][i];
        std::size_t const out_row = job.col0 + task.c * K + task.w * G + i;
        std::size_t const first = job.row0 + std::size_t(task.t) * K;  // first output column of the vector
        if (out_row >= job.cols || first >= job.rows) return;
        std::size_t const row = out_row * job.pitch_out, p = row + first * E;  // offsets from job.out
        bool const first_tile = job.row0 == 0, last_tile = job.row0 + Plan::tile_rows >= job.rows;
        unsigned const base_low = unsigned(address(job.out));
        if (AlignedOut) {
            if (owns_sector(task.t, base_low + unsigned(p), first_tile, last_tile))
                store_aligned(job, out_row, first, v);
            return;
        }
        if (task.t + 1 == Plan::row_groups && !last_tile) return;  // the next tile's first chunk
        std::ptrdiff_t const at = std::ptrdiff_t(p), lo = std::ptrdiff_t(row), hi = std::ptrdiff_t(row + job.rows * E);
        int const shift = int(16 - (job.out_mis + unsigned(p)) % 16) % 16;
        if (owns_sector(task.t, base_low + unsigned(p) + 15u, first_tile, last_tile))  // a byte of the chunk p + shift
            store_clipped(job.out, at + shift, funnel16<E>(v, next, unsigned(shift)), lo, hi);
        if (job.row0 == 0 && task.t == 0 && shift != 0)
            store_clipped(job.out, at + shift - 16, funnel16<E>(v, v, unsigned(shift)), lo, hi);
    }

    // The matrix's phase for the realigning gather: its output pointer's
    // misalignment and pitch, in elements.
    SWZ_HOST_DEVICE static unsigned output_phase(tile_job const& job) {
        if constexpr (realigns_by_gather)
            return fast_transpose_realign<Plan>::phase_of(job.out_mis / E, unsigned(job.pitch_out / E % K));
        else
            return 0;
    }

    // Realigned by the gather: member k's vector is the aligned chunk of its
    // output row that starts shift elements after the row group's first
    // column. The last row group's chunk reaches into the next tile, which
    // writes it as its first, except in a column's last tile (past the
    // matrix, clipped); in a column's first tile that group's reads wrapped
    // to the tile's first rows, so its vector, one chunk earlier, is the
    // head of the output row (before the matrix, clipped).
    // store_gathered_lean: at 32-bit offsets from the tile's corner (Clip:
    // at the matrix's edge, as store_vector_lean).
    template <bool Clip>
    SWZ_HOST_DEVICE static void store_gathered_lean(out_corner const& o, out_limits const& lim, gathered const& g,
                                                    unsigned chain, unsigned k, unsigned phase, unsigned tid) {
        using realign = fast_transpose_realign<Plan>;
        unsigned const lane = tid % 32;
        auto const task = Plan::gather_task(lane, tid / 32, lanes::chain_iteration(chain, k));
        bool const last_group = task.t + 1 == Plan::row_groups;
        unsigned const row = task.c * K + task.w;  // of the tile's output rows; K * E = 16 bytes a group
        if (Clip && row >= lim.rows) return;       // past the matrix's last column
        unsigned const line = row * o.pitch, shift = realign::shift(lane, phase) * E;
        if (!last_group || lim.last) store_chunk<Clip>(o.p, line + task.t * 16u + shift, g.v[k][0], line, lim);
        if (Clip && last_group && lim.first)  // the row's head: the chunk before its first
            store_clipped(o.p, int(line + shift) - 16, g.v[k][0], int(line), int(line + lim.end));
    }

    // store_gathered_lean's store at 64-bit offsets from the matrix (out_path wide).
    SWZ_HOST_DEVICE static void store_gathered_wide(tile_job const& job, gathered const& g, unsigned chain, unsigned k,
                                                    unsigned phase, unsigned tid) {
        using realign = fast_transpose_realign<Plan>;
        unsigned const lane = tid % 32;
        auto const task = Plan::gather_task(lane, tid / 32, lanes::chain_iteration(chain, k));
        bool const last_group = task.t + 1 == Plan::row_groups;
        std::size_t const out_row = job.col0 + task.c * K + task.w;
        if (out_row >= job.cols) return;
        std::ptrdiff_t const row = std::ptrdiff_t(out_row * job.pitch_out), hi = row + std::ptrdiff_t(job.rows * E);
        std::ptrdiff_t const shift = std::ptrdiff_t(realign::shift(lane, phase) * E);
        std::ptrdiff_t const at = row + std::ptrdiff_t((job.row0 + std::size_t(task.t) * K) * E) + shift;
        if (!last_group || job.row0 + Plan::tile_rows >= job.rows) store_clipped(job.out, at, g.v[k][0], row, hi);
        if (last_group && job.row0 == 0) store_clipped(job.out, row + shift - 16, g.v[k][0], row, hi);
    }

    // val[k] = the word (or double) of tile row K*t + (k ^ rot), as the
    // gather read it; out[i] = element i of each word, in row order. The
    // rotation's low bit (bytes: its two low bits) moves rows inside the
    // pairs (quads) of words that one byte permute combines, so it goes
    // into that permute's selector; the other bits move whole words, by
    // selects (xor_permute).
    SWZ_HOST_DEVICE static void pack_rotated(gathered_word (&val)[K], unsigned rot, vec16 (&out)[G]) {
        if constexpr (split_gather) {
            std::uint32_t lo[K], hi[K];
#pragma unroll
            for (unsigned r = 0; r < K; ++r) lo[r] = std::uint32_t(val[r]), hi[r] = std::uint32_t(val[r] >> 32);
            pack_words_rotated(lo, rot, out, 0);
            pack_words_rotated(hi, rot, out, G / 2);
        } else {
            pack_words_rotated(val, rot, out, 0);
        }
    }
    // pack_rotated for one word (or double) per row: out[first + i] =
    // element i of each word, in row order.
    template <class Word>
    SWZ_HOST_DEVICE static void pack_words_rotated(Word (&val)[K], unsigned rot, vec16 (&out)[G], unsigned first) {
        if constexpr (E == 1) {
            xor_permute(val, rot & 4u);  // now val[4q + i] holds tile row K*t + 4q + (i ^ (rot & 3))
            // Level 1 pairs words (0, 1) and (2, 3) of each quad, lower row
            // first; level 2 puts the pair of rows 0, 1 first.
            std::uint32_t const s1 = rot & 1u ? 0x1504u : 0x5140u, s2 = rot & 2u ? 0x1054u : 0x5410u;
#pragma unroll
            for (unsigned q = 0; q < 4; ++q) {
                std::uint32_t const lo_p = byte_perm(val[4 * q], val[4 * q + 1], s1);
                std::uint32_t const hi_p = byte_perm(val[4 * q], val[4 * q + 1], s1 + 0x2222u);
                std::uint32_t const lo_q = byte_perm(val[4 * q + 2], val[4 * q + 3], s1);
                std::uint32_t const hi_q = byte_perm(val[4 * q + 2], val[4 * q + 3], s1 + 0x2222u);
                out[first + 0].w[q] = byte_perm(lo_p, lo_q, s2);
                out[first + 1].w[q] = byte_perm(lo_p, lo_q, s2 + 0x2222u);
                out[first + 2].w[q] = byte_perm(hi_p, hi_q, s2);
                out[first + 3].w[q] = byte_perm(hi_p, hi_q, s2 + 0x2222u);
            }
        } else if constexpr (E == 2) {
            xor_permute(val, rot & 6u);  // now val[2p + i] holds tile row K*t + 2p + (i ^ (rot & 1))
            std::uint32_t const s = rot & 1u ? 0x1054u : 0x5410u;
#pragma unroll
            for (unsigned p = 0; p < 4; ++p) {
                out[first + 0].w[p] = byte_perm(val[2 * p], val[2 * p + 1], s);
                out[first + 1].w[p] = byte_perm(val[2 * p], val[2 * p + 1], s + 0x2222u);
            }
        } else {
            xor_permute(val, rot);  // now val[m] holds tile row K*t + m
            pack(val, out, first);
        }
    }

    // val[m] = the word (or double) of tile row K*t + m; out[first + i] =
    // element i of each, in row order (first: G / 2 for the high words of an
    // 8-byte gather, 0 otherwise).
    template <class Word>
    SWZ_HOST_DEVICE static void pack(Word const (&val)[K], vec16 (&out)[G], unsigned first = 0) {
        if constexpr (E == 8) {
            out[first] = {{std::uint32_t(val[0]), std::uint32_t(val[0] >> 32), std::uint32_t(val[1]),
                       std::uint32_t(val[1] >> 32)}};
        } else if constexpr (E == 4) {
            out[first] = {{val[0], val[1], val[2], val[3]}};
        } else if constexpr (E == 2) {
#pragma unroll
            for (unsigned p = 0; p < 4; ++p) {
                out[first + 0].w[p] = low_halves(val[2 * p], val[2 * p + 1]);
                out[first + 1].w[p] = high_halves(val[2 * p], val[2 * p + 1]);
            }
        } else {
#pragma unroll
            for (unsigned g = 0; g < 4; ++g) {
                std::uint32_t t[4];
                transpose_bytes_4x4(val[4 * g], val[4 * g + 1], val[4 * g + 2], val[4 * g + 3], t);
#pragma unroll
                for (unsigned j = 0; j < 4; ++j) out[first + j].w[g] = t[j];
            }
        }
    }
};

}  // namespace swz::detail
