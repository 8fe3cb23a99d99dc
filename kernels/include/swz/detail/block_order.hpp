// The order in which the fast kernel's blocks walk a matrix's tiles, and
// its choice per shape. Host and device code.
#pragma once

#include <cstddef>

#include "swz/config.hpp"
#include "swz/detail/divisor32.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"

namespace swz::detail {

// One block per tile, in bands of `band` tile rows; inside a band
// consecutive blocks walk down the band's tile rows, then to the next tile
// column. band = 1 is plain row-major order; a band at least as tall as the
// matrix (whole_column) is column-major order: consecutive blocks then
// write consecutive stretches of the same output rows, the long contiguous
// write runs that matter most on an H200.
//
// row_step: input rows from one tile of a column to the next; less than a
// tile when tiles overlap (row_step_of: the kernels that realign output rows
// let each tile write one row group less than it loads).
template <class Plan>
struct fast_transpose_grid {
    std::size_t rows, cols;
    std::size_t band = 1;
    std::size_t row_step = Plan::tile_rows;

    SWZ_HOST_DEVICE std::size_t tiles_per_row() const { return (cols + Plan::nx - 1) / Plan::nx; }
    // Tiles down a column: the last one loads through the last row.
    SWZ_HOST_DEVICE std::size_t tile_rows() const {
        return rows <= Plan::tile_rows ? 1 : (rows - Plan::tile_rows + row_step - 1) / row_step + 1;
    }
    SWZ_HOST_DEVICE std::size_t tiles() const { return tile_rows() * tiles_per_row(); }

    struct tile_at {
        std::size_t row0, col0;
    };
    // Needs tiles() < 2^32 (a launch holds fewer than 2^31 blocks): the
    // divisions are 32-bit, which keeps the kernel's registers for data.
    SWZ_HOST_DEVICE tile_at tile(unsigned block) const {
        unsigned const height_all = unsigned(tile_rows()), across = unsigned(tiles_per_row());
        unsigned const b = band < height_all ? unsigned(band) : height_all;
        unsigned const per_band = b * across;
        unsigned const first_row = block / per_band * b, i = block % per_band;
        unsigned const height = height_all - first_row < b ? height_all - first_row : b;
        return {std::size_t(first_row + i % height) * row_step, std::size_t(i / height) * Plan::nx};
    }
};

// fast_transpose_grid's tile(), and the matrix of a batch's block, with
// their divisions prepared on the host (divisor32.hpp), for the kernel:
// there the grid's four 32-bit divisions by values known only at launch
// took about 130 of the 1136 instructions per warp of an odd float tile
// (Nsight Compute, H200, 2026-12-02), where this takes a few multiplies.
// Needs block < 2^31, as a launch has.
struct tile_walk {
    divisor32 per_matrix;              // tiles of one matrix
    divisor32 per_band;                // tiles of one full band
    divisor32 band_height, last_height;  // tile rows of a full band, of the last band
    unsigned last_band_row = 0;        // the last band's first tile row
    unsigned row_step = 0, nx = 0;

    template <class Plan>
    static tile_walk of(fast_transpose_grid<Plan> const& g) {
        unsigned const height_all = unsigned(g.tile_rows()), across = unsigned(g.tiles_per_row());
        unsigned const b = g.band < height_all ? unsigned(g.band) : height_all;
        unsigned const last = (height_all - 1) / b * b;
        return {divisor32::of(height_all * across), divisor32::of(b * across), divisor32::of(b),
                divisor32::of(height_all - last), last, unsigned(g.row_step), Plan::nx};
    }

    struct place {
        unsigned matrix;
        std::size_t row0, col0;
    };
    SWZ_HOST_DEVICE place at(unsigned block) const {
        unsigned const matrix = per_matrix.quotient(block), t = block - matrix * per_matrix.d;
        unsigned const band = per_band.quotient(t), first_row = band * band_height.d, i = t - band * per_band.d;
        // Fields picked one by one: a reference would take the argument's address.
        bool const last = first_row == last_band_row;
        divisor32 const height{last ? last_height.d : band_height.d, last ? last_height.m : band_height.m,
                               last ? last_height.shift : band_height.shift};
        unsigned const col = height.quotient(i), row = first_row + (i - col * height.d);
        return {matrix, std::size_t(row) * row_step, std::size_t(col) * nx};
    }
};

// Row groups by which consecutive tiles of a column overlap: one where
// output rows are realigned (each tile writes the aligned chunk that
// starts in its last row group but reaches into the next tile's first),
// and one more where every 32-byte sector of an output row is written by
// a single tile (Sectors: fast_transpose_body::owns_sector says which).
template <bool AlignedOut, bool Sectors>
inline constexpr unsigned overlap_groups = (AlignedOut ? 0u : 1u) + (Sectors ? 1u : 0u);

template <class Plan, bool AlignedOut, bool Sectors = false>
inline constexpr std::size_t row_step_of =
    Plan::tile_rows - overlap_groups<AlignedOut, Sectors> * Plan::rows_per_vector;

// The shortest stretch of an input row that the blocks in flight should
// read together: below it, whole columns of tiles read rows in pieces too
// short for the DRAM. On an H200 (2026-12-04, stop 29 run 3, swz-bench
// --tune, rows aligned, % of copy) one column of 128-byte int8 tiles lost
// to bands of 16-66 tile rows (131072 x 8192 80.9 against 82.2, 524288 x
// 2048 73.5 against 86.3; 524288 x 256 76.5 against 89.4 in run 1), but
// two of them beat a band of 8 (65536 x 16384 91.0 against 86.9), and one
// column of 256-byte tiles beat bands of 1-49 tile rows in all 15 shapes
// measured (float 16385 x 16384 93.6 against 76.0, 65536 x 4096 96.0
// against 91.5; half 65536 x 4096 97.2 against 92.5; double 32768 x 4096
// 100.0 against 94.5; the closest, float 262144 x 1024, 94.8 against
// 93.9): a band's blocks write each output row in short runs. Tall narrow
// shapes, whose bands are hundreds of tile rows, ran within 1.6 points
// either way (runs 2 and 4). Until stop 29 this was 512 bytes.
inline constexpr std::size_t min_read_run_bytes = 256;

// The band for a rows x cols matrix when `resident` blocks run at once.
// Whole columns of tiles, unless the blocks in flight would then span a
// single column of a matrix whose rows are longer than one tile: then
// bands just tall enough that the blocks in flight cover whole input rows,
// which still writes each output row in runs of band x tile_rows elements.
template <class Plan>
std::size_t choose_band(std::size_t rows, std::size_t cols, std::size_t resident,
                        std::size_t row_step = Plan::tile_rows) {
    fast_transpose_grid<Plan> const g{rows, cols, whole_column, row_step};
    std::size_t const tile_rows = g.tile_rows(), per_row = g.tiles_per_row();
    if (resident == 0 || g.tiles() <= resident) return whole_column;  // all in flight at once
    std::size_t const columns_in_flight = resident / tile_rows > 0 ? resident / tile_rows : 1;
    std::size_t const row_bytes = cols * Plan::elem;
    std::size_t const run = columns_in_flight * Plan::row_bytes;
    if (run >= (row_bytes < min_read_run_bytes ? row_bytes : min_read_run_bytes)) return whole_column;
    return resident / per_row > 0 ? resident / per_row : 1;
}

}  // namespace swz::detail
