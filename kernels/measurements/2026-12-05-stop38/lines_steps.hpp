// Stop 38's whole-line design for int8 matrices whose input and output
// rows are both unaligned: tiles of 256 rows x 128 bytes, 128 rows apart,
// each writing of every output row the one whole 128-byte line that starts
// in its first 128 rows (a column's first tile also the rows' heads, its
// last their tails). The steps are stop 39's lines_steps.hpp at a row step
// of 128, where they were generalised; these names are what
// lines_prototype.cu (run 8) calls. Timed in stop 39: 66-69% of copy.
#pragma once

#include "../2026-12-05-stop39/lines_steps.hpp"

namespace swz::lines {

using plan = swz::fast_transpose_plan<1, 256, 128, 256>;  // --tune's plan 1
using stop38 = design<plan, 128>;

inline fast_transpose_grid<plan> grid_of(std::size_t rows, std::size_t cols) { return stop38::grid_of(rows, cols); }

template <class Threads>
SWZ_HOST_DEVICE SWZ_FORCEINLINE void transpose_tile_owned(Threads const& th, tile_job const& job, unsigned char* tile) {
    stop38::transpose_tile_owned(th, job, tile);
}

}  // namespace swz::lines
