// What each thread of the article's transpose kernels does (block of 32 x 32
// threads, lane = threadIdx.x, warp = threadIdx.y). The shared-memory offsets
// come from swz/kernels/article_transpose_plan.hpp. Host and device code.
#pragma once

#include <cstddef>

#include "swz/config.hpp"
#include "swz/detail/vec16.hpp"
#include "swz/kernels/article_transpose_plan.hpp"

namespace swz::detail {

// Word: an unsigned type of the element's size; the transpose moves bits.
// Both shared accesses move one Word, the width the plan (and so the
// prover) costs: plan{tile, sizeof(Word)}.
template <class Tile, class Word>
struct article_transpose_body {
    using plan = article_transpose_plan<Tile>;
    static constexpr unsigned width = sizeof(Word);

    // in[row0 + warp][col0 + lane] -> the tile, where in range (as the article).
    SWZ_HOST_DEVICE static void load_phase(Tile tile, unsigned char const* in, std::size_t rows, std::size_t cols,
                                           std::size_t row0, std::size_t col0, unsigned char* smem, unsigned lane,
                                           unsigned warp) {
        std::size_t const row = row0 + warp, col = col0 + lane;
        if (row < rows && col < cols)
            store_as<Word>(smem + plan{tile, width}.store_byte(lane, warp), load_as<Word>(in + (row * cols + col) * sizeof(Word)));
    }

    // The tile's column `warp` -> out[col0 + warp][row0 + lane], where in range.
    SWZ_HOST_DEVICE static void store_phase(Tile tile, unsigned char* out, std::size_t rows, std::size_t cols,
                                            std::size_t row0, std::size_t col0, unsigned char const* smem,
                                            unsigned lane, unsigned warp) {
        std::size_t const out_row = col0 + warp, out_col = row0 + lane;
        if (out_row < cols && out_col < rows)
            store_as<Word>(out + (out_row * rows + out_col) * sizeof(Word), load_as<Word>(smem + plan{tile, width}.load_byte(lane, warp)));
    }
};

}  // namespace swz::detail
