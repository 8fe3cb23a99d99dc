// The fast kernel's shape for each element size: 16 KiB tiles of 64 rows x
// 256 bytes and 256 threads, registers capped so that 6 blocks stay
// resident per SM (bytes: 128 x 128 bytes, 8 blocks; halves realigning
// output rows: 128 x 128 bytes, 5 blocks; large halves: 128 rows x 256
// bytes, 512 threads, 3 blocks), blocks in whole-column order.
// Chosen on an H200 against the alternatives in kernels/bench/ (swz-bench
// --tune; kernels/BENCHMARKS.md has the figures); every shape here is
// proved conflict-free by swz-verify --kernel.
#pragma once

#include <cstddef>
#include <type_traits>

#include "swz/kernels/fast_transpose_plan.hpp"

namespace swz {

// A band taller than any matrix: blocks walk whole columns of tiles, so
// consecutive blocks write consecutive stretches of the same output rows,
// as a copy would (on an H200 this beat the former bands of 32 tile rows by
// 1-7 points of copy bandwidth, most for the largest matrices;
// kernels/BENCHMARKS.md).
inline constexpr unsigned whole_column = 0xffffffffu;

// band: tile rows per band of the block order (see fast_transpose_grid;
// the launch chooses it per shape, swz/detail/block_order.hpp); min_blocks:
// blocks per SM the register cap keeps resident, for aligned rows, and
// min_blocks_realigned(in, out) for the kernels that realign the input
// rows, the output rows or both (which need more registers); streaming:
// evict-first cache hints on global data; packs: matrices with a
// dimension below the tile share tiles, several sub-tiles to a tile, where
// rows are aligned (swz/detail/tile_packing.hpp); sectors_aligned,
// sectors_realigned(in): tiles write whole 32-byte sectors of the output
// rows (overlapping by one more row group; swz/detail/fast_transpose_body's
// Sectors) where output rows are 16-byte aligned but not all on a sector,
// and where they are realigned by shuffles with input rows aligned or not
// (sectors_realigned: the kernels compiled with them;
// sectors_realigned_for, after the configs: the shapes they run). None
// changes a shared-memory access.
template <unsigned Elem> struct fast_transpose_config {  // 2-, 4- and 8-byte elements
    // Floats gather 8 bytes (two columns) a read, as doubles do, so that a
    // store covers 16 chunks of its output rows, not 8: on an H200 (stop 26
    // run 7, kernels/BENCHMARKS.md, swz-bench --tune, two rounds) odd
    // shapes ran at 94.4-96.7% of copy against 91.2-93.5, 8192 x 8192 97.2
    // against 96.2-96.9. Halves gathering 8 bytes need 128-row tiles, which
    // lost 1-2 points where output rows are aligned.
    using plan = fast_transpose_plan<Elem, 64, 256, 256, 256, (Elem == 2 ? 4u : 8u)>;
    // The plan of the kernels that realign output rows (not 16-byte
    // aligned). There a store of 128 bytes of each of 4 rows straddles two
    // 128-byte lines per row, each an L2 write request (stop 26). Halves
    // there gather 8 bytes a read on tiles of 128 rows x 128 bytes, so a
    // store covers 16 chunks of each of 2 rows: on an H200 (stop 27 run 2,
    // kernels/BENCHMARKS.md, two rounds alternated with main) the odd
    // shapes ran at 87.4-90.7% of copy against 85.3-87.5. On aligned rows
    // that tile lost 1-2 points (above), so those keep `plan`, but for
    // tall matrices (tall_takes_realigning_plan).
    using plan_realigning_out = std::conditional_t<Elem == 2, fast_transpose_plan<2, 128, 128, 256, 128, 8>, plan>;
    // Tall matrices with rows aligned on both sides: at least 32 times as
    // many rows as columns, and a whole column of the realigning tile.
    // Halves run plan_realigning_out there too, unpacked: on an H200
    // (stop 27 run 3, swz-bench --tune, two rounds, % of copy) 262144 x 96
    // 70 -> 92, 1048576 x 64 91 -> 94, 100000 x 96 91 -> 95, 65536 x 128 89
    // -> 94, 32768 x 1024 95 -> 96; rows 8 times the columns lost (16384 x
    // 2048 94.4 -> 92.9), as did every wide shape (64 x 262144 97 -> 84).
    static constexpr bool tall_takes_realigning_plan(std::size_t rows, std::size_t cols) {
        return Elem == 2 && cols >= plan_realigning_out::nx && cols <= rows / 32;
    }
    // Large matrices with at least its 128 rows and 128 columns, rows
    // aligned on both sides or output rows realigned: halves run plan_wide,
    // tiles of 128 rows x 256 bytes, 512 threads, gathering 8 bytes a read,
    // so that a tile reads 256 bytes of each input row and a store covers
    // 16 chunks of each of 2 output rows. On an H200 (stop 28 run 10,
    // alternated with the build before, two rounds, % of copy) 524288 x 256
    // 89.2 -> 93.9, 8192 x 8192:8200:8200 92.8 -> 93.3, 8192 x 8192 95.5
    // -> 96.5, 16384 x 16384 95.7 -> 97.5, 256 x 524288 95.2 -> 97.2, odd
    // shapes -0.3 to +1.7 (8191 x 8193 90.4 -> 92.1, 12345 x 6789 90.6 ->
    // 92.2). In swz-bench --tune (runs 7 and 8) it lost where it had few
    // tiles (4096 x 4096 96.5 -> 95.4: 1.3 waves of blocks; 65536 x 128
    // 91.5 -> 89) or half-empty ones (under 128 columns: 1048576 x 64 94 ->
    // 85, 1048577 x 64 92 -> 68; or rows: 64 x 1048576 97 -> 83). Input
    // rows realigned with aligned output rows keep `plan`: there it ran
    // -2.3 to +0.7 (run 12: 6000 x 5003 97.4 -> 95.1, 16384 x 16385 94.1
    // -> 94.7).
    using plan_wide = std::conditional_t<Elem == 2, fast_transpose_plan<2, 128, 256, 512, 256, 8>, plan>;
    static constexpr std::size_t wide_min_tiles = 2048;  // about 5 waves at 3 blocks per SM on 132 SMs
    static constexpr bool takes_wide_plan(std::size_t rows, std::size_t cols, std::size_t batch) {
        if (Elem != 2 || rows < plan_wide::tile_rows || cols < plan_wide::nx || batch == 0) return false;
        std::size_t const down = (rows + plan_wide::tile_rows - 1) / plan_wide::tile_rows;
        std::size_t const across = (cols + plan_wide::nx - 1) / plan_wide::nx;
        return down * across >= (wide_min_tiles + batch - 1) / batch;
    }
    static constexpr unsigned band = whole_column, min_blocks = 6;
    // Realigning, as measured by swz-bench --tune on an H200 (2026-12-02,
    // kernels/BENCHMARKS.md; each the best of 3-6 blocks, ties kept as
    // before): input rows only 6 (doubles 5); output rows only, floats 4
    // (their gather then realigned: 92 against 65 at 6; gathering two a read
    // and realigning by shuffles since stop 26, 4 again: 94.5 against 93.4
    // at 5 and 92.5 at 6 on 8193 x 8192; writing whole sectors since stop
    // 30, 5, where it has 48 registers and spills nothing: stop 30 run 10,
    // alternated with 4, two rounds, 8193 x 8192 95.5 against 94.6, 4097 x
    // 8192 95.6 against 94.3, 3003 x 11008 98.5 against 97.4, 100001 x 96
    // 89.3 against 86.3, 65537 x 128 94.4 against 93.2; narrow ones on
    // split sectors 3-6 points up (1048577 x 32 78.4 against 72.5); the
    // tallest 0.5-1 lower (1048577 x 128 88.7 against 89.4, 100001 x 256
    // 95.1 against 95.9)), doubles 5; both, floats
    // 5 (88 against 84), doubles 4 (level with 5 when that did not spill; at
    // 5 it now spills 24 bytes, and ran odd shapes at 85% of copy against
    // 91). Halves realigning output rows, on their own tile since stop 27,
    // 5: best of 2-6 on all five odd shapes tuned (stop 27 run 1: 8191 x
    // 8193 90.4 against 89.3 at 4 and 90.2 at 6, 3003 x 11001 88.1
    // against 87.2 and 86.5, 8193 x 8192 92.1 against 92.0 and 91.0).
    // plan_wide's 512-thread blocks: 3 per SM. Where output rows are
    // realigned its kernels then spill 56-60 bytes (54-62 registers at 2
    // blocks), and still ran faster than at 2 on an H200 (stop 28, 8193 x
    // 8192 93.8% of copy against 85.2; 4 blocks 93.5).
    static constexpr unsigned min_blocks_wide = 3;
    static constexpr unsigned min_blocks_realigned(bool in, bool out) {
        if (Elem == 8) return in && out ? 4 : 5;
        return out ? 5 : 6;
    }
    // Packing: halves and floats; doubles' one packed cell of run 1
    // (96 x 100000, sub-tiles of 32 rows) did not gain (93.5 -> 93.2%).
    static constexpr bool streaming = false, packs = Elem != 8;
    // Whole sectors, as measured on an H200 (2026-12-02, stop17b run 2,
    // % of copy, three rounds each): aligned output rows 16 bytes past a
    // sector, every size (8192 x 8192:8200:8200 half 73 -> 92.5, 16 x 1000
    // x 1000 half 86 -> 94.5, ld 8196 float 84 -> 91, ld 8194 double 92.6
    // -> 93.7); realigned, floats with both sides unaligned (the odd shapes
    // 88.4-92.8 -> 90.6-93.7), not halves (84-86 -> 73-76: a sixth more
    // tiles on a kernel bound by its instructions). Halves on their
    // realigning tile (stop 27 runs 9-11, two rounds each): with aligned
    // input rows, 11 of 14 shapes gained 0.8-7 points (8193 x 8192 92.1 ->
    // 93.6, 12345 x 6784 94.9 -> 96.6, 1048577 x 64 86.5 -> 93.6), one was
    // level, and two tall narrow ones lost (100001 x 96 75 -> 69, 65537 x
    // 128 78 -> 75); with both sides unaligned the odd shapes lost 0.5-1.6.
    // Doubles with aligned input rows (stop 28 run 5, swz-bench --tune's
    // "sectors", two rounds): 6 of 6 shapes gained 0.8-2.1 points (8193 x
    // 8192 95.6 -> 96.5, 12345 x 6784 96.4 -> 97.2, 100001 x 96 94.3 ->
    // 96.4). Floats with aligned input rows lost 1-5 there (8193 x 8192
    // 94.5 -> 92.6, 100001 x 96 87 -> 82) until stop 30 made the sector
    // test per store a shift and a mask (fast_transpose_body::owns_sector):
    // then (stop 30 run 2, --tune's "sectors", two rounds) 8193 x 8192
    // ran 95.1-95.4 against 94.4-94.8 split, 12345 x 6784 97.1-97.3
    // against 96.3-96.6, 1048577 x 128 89.8-89.9 against 80.8-81.3,
    // 1048577 x 64 90.9-91.2 against 82-83, 262145 x 128 94.5 against
    // 90; 65537 x 128 level, 100001 x 96 1.3 lower. Doubles with both
    // sides unaligned realign by the gather, which writes no whole sectors.
    static constexpr bool sectors_aligned = true;
    static constexpr bool sectors_realigned(bool aligned_in) { return Elem == 4 || aligned_in; }
    // L2 prefetch: bytes of the aligned block the L2 fetches from DRAM
    // around each global load (a hint; swz/detail/vec16.hpp). On an H200
    // (2026-12-03, stop 24 run 4, the suite three to six times per build,
    // median % of copy) 128 bytes against none: odd shapes, doubles
    // 90.6-94.0 -> 92.6-95.1, floats 89.7-92.7 -> 91.1-93.5, halves +0-1;
    // 8192 x 8192:8200:8200 float 91.5 -> 93.4, double 93.2 -> 95.1; squares
    // level. 256 bytes lost halves and floats on 100000 x 96 (float 92.8 ->
    // 88.4).
    static constexpr unsigned l2_prefetch(bool) { return 128; }
};
// Bytes gather 16 rows per output vector: a tile of 128 rows, 128 bytes wide
// to stay at 16 KiB.
template <> struct fast_transpose_config<1> {
    using plan = fast_transpose_plan<1, 128, 128, 256>;
    using plan_realigning_out = plan;
    static constexpr bool tall_takes_realigning_plan(std::size_t, std::size_t) { return false; }
    using plan_wide = plan;
    static constexpr bool takes_wide_plan(std::size_t, std::size_t, std::size_t) { return false; }
    static constexpr unsigned min_blocks_wide = 8;  // unused: no plan of its own
    static constexpr unsigned band = whole_column, min_blocks = 8;
    // Realigning (swz-bench --tune, H200, 2026-12-02): input rows only 5
    // (90 against 87 at 4), both sides 4. Output rows only 6: on an H200
    // (2026-12-04, stop 29 run 2, two rounds in one process, % of copy) 8193
    // x 8192 89.4 against 83.5 at 4, 12345 x 6784 94.5 against 86.7, 16385 x
    // 16384 92.8 against 84.7 (both in whole columns of tiles), 3003 x
    // 11008 84.9 against 79.7, 1048577 x 64 63.4 against 57.3, ld_out 8200
    // 90.5 against 86.8; 100001 x 96 level. It spills 64 bytes there (40
    // registers), 5 blocks 12 (48).
    static constexpr unsigned min_blocks_realigned(bool in, bool out) {
        if (!in) return 6;
        return out ? 4 : 5;
    }
    static constexpr bool streaming = false, packs = true;
    // Whole sectors (H200, stop17b run 2): aligned output rows 16 bytes
    // past a sector (ld 8208: 76 -> 90% of copy); realigned output rows
    // with aligned input rows (8192 x 8192:8192:8200 75 -> 90), not with
    // unaligned ones (8192 x 8192:8200:8200 78 -> 74, 16 x 1000 x 1000 56
    // -> 49, the odd shapes 77-85 -> 69-78).
    static constexpr bool sectors_aligned = true;
    static constexpr bool sectors_realigned(bool aligned_in) { return aligned_in; }
    // L2 prefetch (as for the other sizes; H200, stop 24 run 4): aligned
    // input rows 256 bytes, two tiles' row pieces (squares 8192 and 16384
    // 92.6/91.5 -> 94.2/94.2% of copy, 4096 91.5 -> 93.9; 128 bytes: level
    // on 8192 and 16384); unaligned ones 128 (12345 x 6789 83.9 -> 86.8,
    // 8192 x 8192:8200:8200 82.9 -> 86.3, the other odd shapes level; 256
    // lost 1-2 points on them).
    static constexpr unsigned l2_prefetch(bool aligned_in) { return aligned_in ? 256 : 128; }
};

// The plan of the kernels whose output rows are 16-byte aligned, but on
// the shapes tall_takes_realigning_plan names, and of the packed kernel.
template <unsigned Elem>
using fast_plan_for = typename fast_transpose_config<Elem>::plan;
// The plan of the kernel for output rows aligned or not.
template <unsigned Elem, bool AlignedOut>
using fast_plan_of = std::conditional_t<AlignedOut, fast_plan_for<Elem>,
                                        typename fast_transpose_config<Elem>::plan_realigning_out>;
// Whether the kernels that realign output rows write whole sectors on a
// matrix of `cols` columns: where the config compiles them
// (sectors_realigned), but with aligned input rows not on a matrix
// narrower than the realigning tile (fast_plan_of<Elem, false>::nx
// columns: int8 128, halves 64, floats 64, doubles 32). There the tiles'
// overlap by a second row group costs more than the split sectors it
// saves. On an H200, whole sectors against split, % of copy:
// - int8 (stop 29 run 5, alternated, two rounds): 1048577 x 64 63.5
//   against 70.8, 100001 x 96 61 against 66.5, 100001 x 112 56.7 against
//   62.2, 1048577 x 16 17.8 against 20. At 128 columns, the tile's
//   width, 262145 x 128 ran 7.6 points better with them and 65537 x 128
//   worse (its rounds 8 points apart); wider ones gained 10-20 (8193 x
//   8192 89 against 73).
// - halves (stop 30 run 5, --tune's "sectors", two rounds): 1048577 x 16
//   43.7 against 47.6, x 32 68.8 against 74.4, x 48 82.4 against 86.5,
//   x 56 86.9 against 89.5, 262145 x 48 70.5 against 76.5, 100001 x 48
//   58.4 against 61.5; at 64 columns 93.5 against 87.7.
// - floats (stop 30 run 3, the same): 1048577 x 16 42 against 46, x 32 67
//   against 73, x 48 79 against 83, 262145 x 48 78 against 84, 100001 x
//   48 64 against 70; from 64 columns whole ones won (1048577 x 64 90.4
//   against 81.8, x 96 78.5 against 76.4, 262145 x 64 94.2 against 90.3)
//   or were within 1.3 points (65537 x 128 -0.5, 100001 x 96 -1.2).
// - doubles (stop 30 run 5): 1048577 x 8 50.7 against 53.3, x 16 78.5
//   against 81.3, x 24 88.5 against 89.6, x 28 level, 262145 x 16 76.5
//   against 79.8, 65537 x 24 68.3 against 71.9; at 32 columns 91 against
//   88.3, 262145 x 32 95.7 against 93.7.
template <unsigned Elem>
constexpr bool sectors_realigned_for(bool aligned_in, std::size_t cols) {
    return fast_transpose_config<Elem>::sectors_realigned(aligned_in) &&
           !(aligned_in && cols < fast_plan_of<Elem, false>::nx);
}

// Whether the kernels that realign output rows have a plan of their own.
template <unsigned Elem>
inline constexpr bool has_realigning_plan = !std::is_same_v<fast_plan_of<Elem, true>, fast_plan_of<Elem, false>>;
// The plan of large matrices (fast_transpose_config::takes_wide_plan), and
// whether it differs from the others.
template <unsigned Elem>
using fast_plan_wide = typename fast_transpose_config<Elem>::plan_wide;
template <unsigned Elem>
inline constexpr bool has_wide_plan =
    !std::is_same_v<fast_plan_wide<Elem>, fast_plan_of<Elem, true>> && !std::is_same_v<fast_plan_wide<Elem>, fast_plan_of<Elem, false>>;

}  // namespace swz
