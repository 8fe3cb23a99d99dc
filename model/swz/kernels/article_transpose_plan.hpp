// Where every thread of the article's transpose kernels touches shared
// memory. A block of 32 x 32 threads (warp = threadIdx.y, lane = threadIdx.x)
// transposes a 32 x 32 tile:
//
//   store:  shm[ty][tx] = in[row0 + ty][col0 + tx]     cell (warp, lane)
//   load:   out[col0 + ty][row0 + tx] = shm[tx][ty]    cell (lane, warp)
//
// The tile layout decides where a cell lives: plain (row stride 32), padded
// (row stride 33) or the article's swizzle (x ^ y % 32, TC = the element).
#pragma once

#include "swz/config.hpp"
#include "swz/tile_layouts.hpp"
#include "swz/tile_patterns.hpp"

namespace swz {

template <class Tile>
struct article_transpose_plan {
    static constexpr unsigned tile = 32;
    static constexpr unsigned threads = tile * tile;
    static constexpr unsigned warps = tile;

    Tile layout;

    template <class V>
    SWZ_HOST_DEVICE static constexpr tile_cell<V> store_cell(V lane, V warp) {
        return {warp, lane};
    }
    template <class V>
    SWZ_HOST_DEVICE static constexpr tile_cell<V> load_cell(V lane, V warp) {
        return {lane, warp};
    }
    template <class V>
    SWZ_HOST_DEVICE constexpr V store_byte(V lane, V warp) const {
        auto const c = store_cell(lane, warp);
        return layout.element_offset(c.y, c.x) * layout.elem_bytes();
    }
    template <class V>
    SWZ_HOST_DEVICE constexpr V load_byte(V lane, V warp) const {
        auto const c = load_cell(lane, warp);
        return layout.element_offset(c.y, c.x) * layout.elem_bytes();
    }
    SWZ_HOST_DEVICE constexpr unsigned shared_bytes() const { return unsigned(tile * layout.row_stride() * layout.elem_bytes()); }
};

}  // namespace swz
