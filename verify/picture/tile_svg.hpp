// The picture `swz-verify --svg FILE` draws of a tile and its accesses.
// Each logical cell (row y, element column x) of the first `rows` rows is a
// square filled with the colour of the shared-memory bank of the byte where
// the layout stores it, (byte / 4) % 32; the legend shows the 32 colours
// (bank_palette.hpp), so a colour repeated down a column is a column read
// that meets one bank more than once. Each access has its own copy of the
// grid under a caption with its title and its wavefronts against the ideal:
// the cells its witness lanes read are outlined in black and carry those
// lanes' numbers; lanes whose cells lie beyond the drawn grid are listed
// under it. The same facts are in data-* attributes, for programs and tests.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace swz::verify {

struct svg_lane {  // one address-supplying lane of a witness
    unsigned lane;
    std::uint64_t y, x;  // the logical cell it touches (row, element column)
    std::uint64_t byte;  // where the layout stores it
    unsigned bank;       // (byte / 4) % 32
};

struct svg_access {  // one access's witness
    std::string title;  // e.g. "conflict.column: 4 wavefronts (ideal 1) at y0 = 0, x = 0"
    unsigned wavefronts, ideal;
    std::vector<svg_lane> lanes;
};

struct svg_picture {
    std::string caption;  // the layout, e.g. "cute:3,3,3 on 64 rows of 128 B (2-byte elements)"
    std::uint64_t rows;   // rows drawn (the caller caps it, e.g. at 64)
    std::uint32_t cols;   // elements per row
    std::uint32_t elem;   // bytes per element
    std::function<std::uint64_t(std::uint64_t y, std::uint64_t x)> byte_of;  // the layout's byte offset of cell (y, x)
    std::vector<svg_access> accesses;
};

// Cells drawn in all panels together at most; past it render_tile_svg
// throws std::length_error rather than build a picture nobody can open.
inline constexpr std::uint64_t svg_cell_limit = std::uint64_t{1} << 22;

// A standalone SVG 1.1 document, the same bytes for the same picture. One
// panel per access, or one bare grid when there is none. Throws
// std::invalid_argument when cells are to be drawn and byte_of is empty.
std::string render_tile_svg(svg_picture const& p);

}  // namespace swz::verify
