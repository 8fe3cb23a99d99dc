#include "linear_classes.hpp"

#include "swz/pow2.hpp"

namespace swz::verify {

std::optional<class_blocks> linear_classes(layout_subject const& t, class_walk walk, std::uint32_t unit_bytes) {
    std::uint64_t const rows = t.rows();
    if (t.family != "linear" || !is_pow2(t.pitch) || unit_bytes == 0 || unit_bytes > t.chunk_bytes || rows < 64)
        return std::nullopt;
    class_blocks out;
    out.naming.source = "linear_classes";
    if (walk == class_walk::row) {
        if (t.pitch != t.shape.row_bytes) return std::nullopt;
        out.naming.block = "first start";
        out.blocks.push_back({{0, 1}, {0, 1}});  // start 0: its window's first unit is the tile's first
        return out;
    }
    // Starts from the last whole block of 32 rows on reach past it: swept directly.
    out.direct_from = (rows - 32) / 32 * 32;
    for (std::uint64_t a = 0; 32 * a < out.direct_from; a = 2 * a + 1)  // 2^t - 1, t = 0, 1, ...
        out.blocks.push_back({{32 * a, 32 * a + 32}, {0, 1}});
    return out;
}

}  // namespace swz::verify
