// The rules every tile shape follows, whatever its layout.
#pragma once

#include <string>

#include "swz/layout/rule.hpp"
#include "swz/layout/tile_shape.hpp"

namespace swz {

inline bool is_element_width(std::uint32_t e) { return e == 1 || e == 2 || e == 4 || e == 8 || e == 16; }

inline rule_check check_shape(tile_shape const& s) {
    auto const n = [](std::uint64_t v) { return std::to_string(v); };
    if (s.rows == 0) return broken("rows-positive", "a tile needs at least 1 row (got 0)");
    if (s.rows > all_32bit_rows) return broken("rows-32bit", "rows must be at most 2^32 (got " + n(s.rows) + ")");
    if (!is_element_width(s.elem))
        return broken("elem-width", "the element size must be 1, 2, 4, 8 or 16 bytes, the widths one shared-memory "
                                    "access moves (got " + n(s.elem) + ")");
    if (s.row_bytes == 0) return broken("row-positive", "a row needs at least one element (got 0 bytes)");
    if (s.row_bytes % s.elem != 0)
        return broken("row-whole-elements", "a row of " + n(s.row_bytes) + " bytes is not a whole number of " +
                                                n(s.elem) + "-byte elements");
    if (s.row_bytes > max_shared_bytes_per_block)
        return broken("row-fits-shared", "a row of " + n(s.row_bytes) +
                                             " bytes is larger than the shared memory one block can hold (" +
                                             n(max_shared_bytes_per_block) + " bytes on sm_90)");
    return std::nullopt;
}

}  // namespace swz
