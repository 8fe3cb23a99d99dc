// A logical cell of a tile: row y, element column x.
#pragma once

namespace swz {

template <class V>
struct tile_cell {
    V y;
    V x;
};

}  // namespace swz
