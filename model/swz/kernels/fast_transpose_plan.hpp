// Where every thread of the fast transpose kernel touches shared memory, as
// functions of (lane, warp, iteration): the kernel computes its indices by
// calling these, and swz-verify --kernel proves their bank costs.
//
// A block transposes a tile of TileRows input rows x RowBytes bytes, staged
// in shared memory as the article's XOR-swizzled tile with 16-byte chunks
// (NX = RowBytes / Elem elements per row, TC = 16). With StripBytes <
// RowBytes the tile is stored as RowBytes / StripBytes strips, each a whole
// swizzled tile of TileRows x StripBytes, one after the other:
//
//   byte(y, x) = strip * TileRows * StripBytes + y * StripBytes + x_swz(y, x % strip_nx) * Elem
//
// With 128-byte strips this is exactly where the Hopper tensor memory
// accelerator's 128-byte swizzle puts a box of 128-byte rows (see
// swz/tma_swizzle.hpp), so the copy engine can load the tile (the TMA
// experiment in kernels/bench/, measured and not shipped).
//
// Load phase: 16-byte vectors, row-major: vector q = it * Threads + tid holds
// chunk q % C of tile row q / C (C = RowBytes / 16 chunks per row).
//
// Gather phase: a thread gathers K = 16 / Elem consecutive tile rows of one
// 4-byte word (8 bytes for doubles; GatherBytes = 8 makes it 8 for every
// size), so that each element position of that word yields one 16-byte
// output vector of K elements: a column of the tile, which is a row of the
// output. A warp's lanes cover 32 / U row groups of U words each, so one
// store of the gathered vectors covers 32 / U consecutive 16-byte chunks of
// each of its output rows: 8 with 4-byte words, 16 with 8-byte ones (where
// output rows are not 16-byte aligned, 128 bytes of a row straddle two
// 128-byte lines and each part costs an L2 write request of its own;
// kernels/BENCHMARKS.md, stop 26).
//
//   warp task = (chunk column c, block of row groups); lane -> (t, w):
//   w = lane % U   the word of the chunk (U words per chunk)
//   t = ...        the row group: tile rows K*t .. K*t + K - 1
//
// Read k of a thread takes row K*t + (k ^ rot(t)), not K*t + k: rows K apart
// share their low bits, so without the rotation the lanes of one
// instruction would crowd 2 bank groups; with it their rows differ in the
// low 3 bits, which the XOR spreads over all 8 groups of 16 bytes. The
// thread undoes the rotation in registers.
#pragma once

#include <cstdint>

#include "swz/config.hpp"
#include "swz/layout/article.hpp"
#include "swz/layout/tile_shape.hpp"
#include "swz/layout_params.hpp"
#include "swz/access/tile_cell.hpp"
#include "swz/xor_swizzle.hpp"

namespace swz {

template <unsigned Elem, unsigned TileRows, unsigned RowBytes, unsigned Threads, unsigned StripBytes = RowBytes,
          unsigned GatherBytes = (Elem < 4 ? 4 : Elem)>
struct fast_transpose_plan {
    static_assert(Elem == 1 || Elem == 2 || Elem == 4 || Elem == 8, "elements of 1, 2, 4 or 8 bytes");
    static_assert((GatherBytes == 4 || GatherBytes == 8) && GatherBytes >= Elem, "gathers of 4 or 8 bytes");

    static constexpr unsigned elem = Elem;
    static constexpr unsigned tile_rows = TileRows;
    static constexpr unsigned row_bytes = RowBytes;
    static constexpr unsigned threads = Threads;
    static constexpr unsigned warps = Threads / 32;
    static constexpr unsigned chunk_bytes = 16;
    static constexpr unsigned nx = RowBytes / Elem;                        // tile columns
    static constexpr unsigned chunks_per_row = RowBytes / chunk_bytes;     // C
    static constexpr unsigned rows_per_vector = chunk_bytes / Elem;        // K: output vector = K rows
    static constexpr unsigned gather_bytes = GatherBytes;                  // one shared read per row
    static constexpr unsigned elems_per_gather = gather_bytes / Elem;
    static constexpr unsigned words_per_chunk = chunk_bytes / gather_bytes;  // U
    static constexpr unsigned groups_per_warp = 32 / words_per_chunk;
    static constexpr unsigned row_groups = TileRows / rows_per_vector;
    static constexpr unsigned load_iterations = TileRows * chunks_per_row / Threads;
    static constexpr unsigned gather_tasks = chunks_per_row * (row_groups / groups_per_warp);
    static constexpr unsigned gather_iterations = gather_tasks / warps;
    static constexpr unsigned vectors_per_thread = gather_iterations * elems_per_gather;
    static constexpr unsigned shared_bytes = TileRows * RowBytes;
    static constexpr unsigned strip_bytes = StripBytes;
    static constexpr unsigned strips = RowBytes / StripBytes;
    static constexpr unsigned strip_nx = StripBytes / Elem;                // columns of one strip
    static constexpr unsigned strip_stride = TileRows * StripBytes;        // bytes of one strip

    // The swizzled layout of one strip (of the whole tile when unstriped).
    using layout = static_layout<strip_nx, Elem, chunk_bytes>;
    // The tile as a layout of the catalogue: the article's formula on
    // rows of RowBytes at TC = 16 (unstriped; a striped tile is strips of it).
    using tile_layout = article_layout<layout>;
    static constexpr tile_shape shape() { return {TileRows, RowBytes, Elem}; }
    // Bytes each lane moves: the load phase stores 16-byte vectors, the
    // gather reads one word per row; the kernel body asserts it issues these.
    static constexpr unsigned store_width = chunk_bytes;
    static constexpr unsigned gather_width = gather_bytes;

    // The same tile stored as strips of S bytes.
    template <unsigned S>
    using striped = fast_transpose_plan<Elem, TileRows, RowBytes, Threads, S, GatherBytes>;
    // The same tile gathered G bytes per read.
    template <unsigned G>
    using gathering = fast_transpose_plan<Elem, TileRows, RowBytes, Threads, StripBytes, G>;

    static_assert(Threads % 32 == 0 && Threads <= 1024);
    static_assert(StripBytes % chunk_bytes == 0 && RowBytes % StripBytes == 0, "rows of whole strips of whole chunks");
    static_assert(StripBytes / chunk_bytes >= 8, "strips of at least 128 bytes, so 8 lanes of a phase meet 8 bank groups");
    static_assert((TileRows * chunks_per_row) % Threads == 0, "every thread loads the same number of chunks");
    static_assert(row_groups % groups_per_warp == 0, "a warp gathers whole blocks of row groups");
    static_assert(gather_tasks % warps == 0, "every warp gathers the same number of tasks");
    static_assert(shared_bytes <= max_shared_bytes_per_block);

    static constexpr layout_params params() { return layout::params(); }

    // The rotation of row group t: its rows' low 3 bits differ across the 8
    // groups that share an instruction's bank phase.
    template <class V>
    SWZ_HOST_DEVICE static constexpr V rotation(V t) {
        return t % 8u * (rows_per_vector < 8 ? rows_per_vector : 8u) / 8u;
    }

    // Load phase, iteration `it`: the tile cell (first element of a chunk)
    // the lane loads from global memory and stores to shared memory.
    template <class V>
    SWZ_HOST_DEVICE static constexpr tile_cell<V> load_cell(V lane, V warp, V it) {
        V const q = it * Threads + warp * 32u + lane;
        return {q / chunks_per_row, q % chunks_per_row * rows_per_vector};
    }

    template <class V>
    struct gather_task_t {
        V c;  // chunk column of the tile
        V t;  // row group: tile rows K*t .. K*t + K - 1
        V w;  // word of the chunk
    };

    // Gather phase, iteration `it`: what the lane gathers.
    template <class V>
    SWZ_HOST_DEVICE static constexpr gather_task_t<V> gather_task(V lane, V warp, V it) {
        V const task = it * warps + warp;
        return {task % chunks_per_row, task / chunks_per_row * groups_per_warp + lane / words_per_chunk,
                lane % words_per_chunk};
    }

    // Gather phase, read k: the tile cell (first element of the word) read.
    template <class V>
    SWZ_HOST_DEVICE static constexpr tile_cell<V> gather_cell(V lane, V warp, V it, V k) {
        auto const g = gather_task(lane, warp, it);
        return {g.t * rows_per_vector + (k ^ rotation(g.t)), g.c * rows_per_vector + g.w * elems_per_gather};
    }

    // Byte offsets in the shared tile.
    template <class V>
    SWZ_HOST_DEVICE static constexpr V shared_byte(V y, V x) {
        // The general form holds for one strip too, but would add a division
        // and a remainder to every proof obligation of the unstriped tiles.
        if constexpr (strips == 1) {
            return tile_layout{}.byte_offset(y, x);
        } else {
            return x / strip_nx * strip_stride + y * StripBytes + swizzled_column(layout{}, y, x % strip_nx) * Elem;
        }
    }
    template <class V>
    SWZ_HOST_DEVICE static constexpr V load_store_byte(V lane, V warp, V it) {
        auto const cell = load_cell(lane, warp, it);
        return shared_byte(cell.y, cell.x);
    }
    // Gather phase, read k, as the kernel computes it: one XOR per read on
    // a byte offset computed once per iteration.
    //
    // Read k takes row K t + (k ^ rot(t)); rot(t) < K and K t has no bit
    // below K, so that row is y0 ^ k for y0 = K t + rot(t), the row of
    // read 0's rotation base (gather_base_byte). The tile's byte offset is
    // a sum of bit fields that do not overlap (rows are StripBytes apart,
    // a power of two, and the strips above them; the swizzled chunk,
    // (y ^ chunk) % strip chunks, times 16; the byte in the chunk), and k
    // reaches the row field as k * StripBytes and the chunk field as
    // (k % strip chunks) * 16, each by XOR:
    //
    //   shared_byte(y0 ^ k, x) = shared_byte(y0, x) ^ gather_read_delta(k)
    //
    // (tests/kernels/test_gather_form.cpp checks it against gather_cell for
    // every lane, warp, iteration and read of every plan; swz-verify
    // --kernel proves the accesses of this form, which the kernel issues).
    template <class V>
    SWZ_HOST_DEVICE static constexpr V gather_base_byte(V lane, V warp, V it) {
        auto const g = gather_task(lane, warp, it);
        return shared_byte(g.t * rows_per_vector + rotation(g.t), g.c * rows_per_vector + g.w * elems_per_gather);
    }
    template <class V>
    SWZ_HOST_DEVICE static constexpr V gather_read_delta(V k) {
        return k * StripBytes + k % (StripBytes / chunk_bytes) * chunk_bytes;
    }
    template <class V>
    SWZ_HOST_DEVICE static constexpr V gather_read_byte_from(V base, V k) {
        return base ^ gather_read_delta(k);
    }
    template <class V>
    SWZ_HOST_DEVICE static constexpr V gather_read_byte(V lane, V warp, V it, V k) {
        return gather_read_byte_from(gather_base_byte(lane, warp, it), k);
    }
    // The same read through its cell, computed afresh for each read: the
    // int8 kernel with aligned rows on both sides, which runs 8 blocks of
    // 32 registers per SM, issues this form (on an H200 it ran 8192 x 8192
    // at 92.8% of copy against 90.1 with the XOR form, 2026-12-02); the
    // catalogue registers and proves it beside the XOR form.
    template <class V>
    SWZ_HOST_DEVICE static constexpr V gather_read_byte_by_cell(V lane, V warp, V it, V k) {
        auto const cell = gather_cell(lane, warp, it, k);
        return shared_byte(cell.y, cell.x);
    }
    static_assert((TileRows & (TileRows - 1)) == 0 && (StripBytes & (StripBytes - 1)) == 0 &&
                      (rows_per_vector & (rows_per_vector - 1)) == 0,
                  "the gather's XOR form needs power-of-two rows, strips and row groups");
};

}  // namespace swz
