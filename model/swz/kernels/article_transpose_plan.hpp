// Where every thread of the article's transpose kernels touches shared
// memory. A block of 32 x 32 threads (warp = threadIdx.y, lane = threadIdx.x)
// transposes a 32 x 32 tile:
//
//   store:  shm[ty][tx] = in[row0 + ty][col0 + tx]     cell (warp, lane)
//   load:   out[col0 + ty][row0 + tx] = shm[tx][ty]    cell (lane, warp)
//
// The tile's layout (swz/kernels/article_tiles.hpp) decides where a cell
// lives: plain (row pitch 32 elements), padded (33) or the article's swizzle.
// Both accesses move one element per lane: access_bytes, which the kernel
// body asserts it issues.
#pragma once

#include <cstdint>

#include "swz/config.hpp"
#include "swz/access/tile_cell.hpp"

namespace swz {

template <class Layout>
struct article_transpose_plan {
    static constexpr unsigned tile = 32;
    static constexpr unsigned threads = tile * tile;
    static constexpr unsigned warps = tile;

    Layout layout;
    unsigned elem;  // bytes per element: the width of both accesses

    SWZ_HOST_DEVICE constexpr unsigned access_bytes() const { return elem; }

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
        return layout.byte_offset(c.y, c.x);
    }
    template <class V>
    SWZ_HOST_DEVICE constexpr V load_byte(V lane, V warp) const {
        auto const c = load_cell(lane, warp);
        return layout.byte_offset(c.y, c.x);
    }
    SWZ_HOST_DEVICE constexpr unsigned shared_bytes() const { return unsigned(layout.footprint(tile)); }
};

}  // namespace swz
