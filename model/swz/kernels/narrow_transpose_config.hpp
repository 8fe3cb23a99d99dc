// Matrices with a narrow side: which ones the narrow kernel takes
// (swz/detail/narrow_body.hpp), for each element size.
//
// Why a kernel of its own: the fast kernel's tile is 16 KiB, and a matrix
// of 3 columns fills 3 of its 64-256 columns; packing takes only rows
// aligned on both sides, in sub-tiles of at least 64 bytes. On an H200
// (2026-12-04, stop 30 run 3, kernels/BENCHMARKS.md) 1000000 x 3 ran at
// 7.7-21% of copy, 3 x 1000000 at 3.5-7%, behind cuBLASLt's
// MatrixTransform. The narrow kernel holds a few whole rows (or columns)
// per lane in registers and transposes them there: no shared memory, no
// barrier; global memory still moves in aligned 16-byte chunks.
//
// Bounds measured on an H200, % of copy:
// - tall (input rows of `cols` elements, contiguous), a prototype against
//   the fast kernel (stop 31 runs 1-2, 2-16 million rows): int8 3 cols
//   98 against 5, 8 cols 83 against 11, 12 cols 74 against 15, 16 cols
//   67 against 41, 32 cols 50 against 75; halves 3 cols 98 against 4, 8
//   cols 85 against 34, 16 cols 57 against 63; floats 3 cols 96 against
//   9, 8 cols 81 against 67, 16 cols 61 against 95; doubles 3 cols 96
//   against 20, 4 cols 92 against 28, 8 cols 47 against 52.
// - wide (output rows of `rows` elements, contiguous), the shipped kernel
//   with its exchange (stop 31 run 5, one round, 1-8 million columns)
//   against the fast kernel as main shipped it (run 1): int8 12 rows 44
//   against 8, 16 rows 22 against 44 (packed); halves 8 rows 56 against
//   35; floats 8 rows 61 against 65 (packed: 32-byte output rows; the
//   unpacked fast kernel, which takes them where they are not 16-byte
//   aligned, 27-30); doubles 8 rows 60-61 against 33-34.
// A lane holds 16 x n bytes (n the narrow side), so the bound also keeps
// its registers in check.
#pragma once

namespace swz {

template <unsigned Elem>
struct narrow_transpose_config {
    static_assert(Elem == 1 || Elem == 2 || Elem == 4 || Elem == 8, "elements of 1, 2, 4 or 8 bytes");
    // The most columns of a tall matrix, and rows of a wide one, it takes.
    static constexpr unsigned max_cols = Elem == 1 ? 16 : Elem == 8 ? 4 : 8;
    static constexpr unsigned max_rows = Elem == 1 ? 12 : 8;
    static constexpr unsigned threads = 256;
};

}  // namespace swz
