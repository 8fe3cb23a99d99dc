// A tile wider than one swizzle atom, as CUTLASS and Triton store it on
// Hopper: cut into column blocks W bytes wide, each block holding every row
// of its columns (rows W bytes apart), one block after another:
//
//   byte(y, x) = (x * elem / W) * rows * W + y * W + (x * elem) % W
//
// CuTe's tile_to_shape of a K-major GMMA atom (8 rows of 128 bytes under
// Swizzle<3,4,3> on bytes) to a tile of 256-byte rows gives two such blocks
// of 128 bytes, the swizzle applied after (a ComposedLayout's swizzle acts on
// the whole offset); one TMA box a block does the same, and so, as
// Triton's LinearLayoutConversions.cpp reads, do its nvmma_shared layouts
// (the 8-row tile extended down the rows first). swizzled_layout<F,
// column_blocks> is the swizzle after it.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "swz/config.hpp"
#include "swz/layout/spec_args.hpp"

namespace swz {

struct column_blocks {
    std::uint32_t elem = 4;
    std::uint32_t block_bytes = 128;  // W
    std::uint64_t rows = 1;           // every block holds them all
    std::uint32_t row_bytes = 128;

    template <class V>
    SWZ_HOST_DEVICE constexpr V byte_offset(V y, V x) const {
        V const b = x * elem;
        return b / block_bytes * (rows * block_bytes) + y * block_bytes + b % block_bytes;
    }
    SWZ_HOST_DEVICE constexpr std::uint64_t footprint(std::uint64_t) const { return rows * row_bytes; }
};

// "blocks:W": column blocks W bytes wide.
inline std::variant<std::uint32_t, spec_error> parse_blocks(spec_args const& a) {
    if (auto e = only_keys(a, {})) return *e;
    auto const p = positional(a);
    if (p.size() != 1) return spec_error{"'" + a.text + "': blocks takes one width in bytes, e.g. blocks:128"};
    auto const w = spec_integer(a, "W", p[0], 1, std::int64_t(1) << 20);
    if (auto const* e = std::get_if<spec_error>(&w)) return *e;
    return std::uint32_t(std::get<std::int64_t>(w));
}

}  // namespace swz
