// Several pieces of matrices in one tile of the fast kernel, for shapes
// with a dimension below the tile (or one the tile divides badly). Host
// and device code.
//
// Why: a tile is 128 x 128 bytes for 1-byte elements and 64 rows x 256
// bytes for the others. A matrix of 64 columns of bytes, or a batch of
// 64 x 64 bytes, filled half or a quarter of each tile, and each block paid
// the whole tile's shared-memory work and barrier for it: on an H200 those
// cells ran at 32-76% of copy (kernels/BENCHMARKS.md, 2026-12-01).
//
// A packing splits the tile into sub-tiles of 2^rows_log2 rows x
// 2^cols_log2 columns; sub-tile p of the tile (column-major: p = (x >>
// cols_log2) * down_tile + (y >> rows_log2)) holds sub-tile block *
// per_tile + p of the batch. The batch's sub-tiles are numbered matrix by
// matrix and, in a matrix, column-major (down a column of sub-tiles, then
// the next column), the whole-column order of the unpacked kernel: blocks
// in sequence write consecutive stretches of the same output rows.
//
// Nothing here moves a shared-memory access: the tile, its load and its
// gather are the plan's (fast_transpose_plan.hpp), proved by swz-verify
// --kernel; only which matrix element a tile cell stands for changes.
// A sub-tile's rows are a multiple of K (rows per output vector) and its
// columns a multiple of 16 bytes, so every 16-byte chunk the load phase
// moves and every output vector the gather packs lies in one sub-tile.
#pragma once

#include <cstddef>

#include "swz/access/tile_cell.hpp"
#include "swz/config.hpp"
#include "swz/detail/divisor32.hpp"

namespace swz::detail {

struct tile_packing {
    unsigned rows_log2 = 0, cols_log2 = 0;  // a sub-tile: 2^rows_log2 input rows x 2^cols_log2 columns
    unsigned down_tile = 1;                 // sub-tiles down a tile
    unsigned per_tile = 1;                  // sub-tiles in a tile; 1: the tile itself, no packing
    unsigned down = 1;                      // sub-tiles down a matrix
    unsigned per_matrix = 1;                // sub-tiles in a matrix
    divisor32 by_down, by_per_matrix;       // the divisions by them, as multiplies
};

// Where a tile cell lands: sub-tile `sub` of the batch, the cell `local`
// inside it, and that sub-tile's first row and column in matrix `matrix`.
struct packed_cell {
    unsigned sub;
    unsigned matrix;
    std::size_t row0, col0;
    tile_cell<unsigned> local;
};

// The sub-tile of the tile that cell (y, x) lies in, and the cell's
// offsets inside it.
SWZ_HOST_DEVICE inline unsigned sub_in_tile(tile_packing const& p, unsigned y, unsigned x) {
    return (x >> p.cols_log2) * p.down_tile + (y >> p.rows_log2);
}
SWZ_HOST_DEVICE inline unsigned row_mask(tile_packing const& p) { return (1u << p.rows_log2) - 1u; }
SWZ_HOST_DEVICE inline unsigned col_mask(tile_packing const& p) { return (1u << p.cols_log2) - 1u; }

SWZ_HOST_DEVICE inline packed_cell place(tile_packing const& p, unsigned block, unsigned y, unsigned x) {
    unsigned const sub = block * p.per_tile + sub_in_tile(p, y, x);
    unsigned const matrix = p.by_per_matrix.quotient(sub), r = sub - matrix * p.per_matrix;
    unsigned const column = p.by_down.quotient(r), row = r - column * p.down;
    return {sub, matrix, std::size_t(row) << p.rows_log2, std::size_t(column) << p.cols_log2,
            {y & row_mask(p), x & col_mask(p)}};
}

inline constexpr unsigned log2_of(unsigned n) {
    unsigned l = 0;
    while ((1u << l) < n) ++l;
    return l;
}

// The sub-tile length for a matrix dimension n, as a power of two from
// 2^full_log2 (the tile's) down to 2^least_log2: the longest whose padding
// of n is at most n/16 (100000 rows keep whole tiles; 96 rows take
// sub-tiles of 32), else the one that pads n least.
inline unsigned fitted_log2(std::size_t n, unsigned full_log2, unsigned least_log2) {
    unsigned best = full_log2;
    std::size_t best_pad = ~std::size_t(0);
    for (unsigned l = full_log2 + 1; l-- > least_log2;) {
        std::size_t const s = std::size_t(1) << l, pad = (n + s - 1) / s * s - n;
        if (pad * 16 <= n) return l;
        if (pad < best_pad) best = l, best_pad = pad;
    }
    return best;
}

// The packing of a rows x cols matrix for a plan's tile: sub-tiles at
// least 64 bytes each way (and K rows, and one load iteration's rows), so that each input row and output
// row is read and written in runs of 64 bytes or more: on an H200 (run 1,
// kernels/BENCHMARKS.md) sub-tiles of 32 bytes did not gain (int8 100000 x
// 96: 73.7 -> 74.2% of copy) or lost (int8 96 x 100000: 68.9 -> 67.2%),
// while those of 64 bytes and more gained 1-37 points. per_tile
// == 1 where whole tiles are the best fit (the unpacked kernel runs then),
// and where a matrix holds 2^30 sub-tiles or more (indices are 32-bit,
// and below 2^31 for divisor32).
inline constexpr unsigned least_run_bytes = 64;

template <class Plan>
tile_packing choose_packing(std::size_t rows, std::size_t cols) {
    constexpr unsigned tile_rows_log2 = log2_of(Plan::tile_rows), nx_log2 = log2_of(Plan::nx);
    static_assert((1u << tile_rows_log2) == Plan::tile_rows && (1u << nx_log2) == Plan::nx, "tiles of 2^n x 2^m");
    constexpr unsigned run = least_run_bytes / Plan::elem;  // elements in the shortest run
    // Rows: whole output vectors, and at least the tile rows one load
    // iteration covers (the packed load steps down a sub-tile by them,
    // fast_packed_body.hpp).
    constexpr unsigned step = Plan::threads / Plan::chunks_per_row;
    constexpr unsigned tall = Plan::rows_per_vector > step ? Plan::rows_per_vector : step;
    constexpr unsigned least_rows = log2_of(tall > run ? tall : run);
    constexpr unsigned least_cols = log2_of(run);
    static_assert(least_rows <= tile_rows_log2 && least_cols <= nx_log2);
    tile_packing p;
    p.rows_log2 = fitted_log2(rows, tile_rows_log2, least_rows);
    p.cols_log2 = fitted_log2(cols, nx_log2, least_cols);
    p.down_tile = 1u << (tile_rows_log2 - p.rows_log2);
    p.per_tile = p.down_tile << (nx_log2 - p.cols_log2);
    std::size_t const down = (rows + (std::size_t(1) << p.rows_log2) - 1) >> p.rows_log2;
    std::size_t const across = (cols + (std::size_t(1) << p.cols_log2) - 1) >> p.cols_log2;
    if (p.per_tile == 1 || down * across >= 0x40000000u) return tile_packing{};
    p.down = unsigned(down);
    p.per_matrix = unsigned(down * across);
    p.by_down = divisor32::of(p.down);
    p.by_per_matrix = divisor32::of(p.per_matrix);
    return p;
}

}  // namespace swz::detail
