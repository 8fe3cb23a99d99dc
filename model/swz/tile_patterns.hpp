// The four 32-lane access patterns of a tile whose conflict bounds the prover
// establishes. Each pattern names the logical cell lane `l` touches, given
// the pattern's start variables; the tile layout then decides where that
// cell lives. With C = chunks per row and K = elements per chunk (the
// chunk is the layout's: the article's TC, or the largest aligned run a
// layout keeps whole, at most 16 bytes):
//
//   row           lane l -> element s*32 + l of the tile, row-major      width = elem
//   row-chunk     lane l -> chunk   s*32 + l of the tile, row-major      width = TC
//   column        lane l -> element (y0 + l, x)                           width = elem
//   column-chunk  lane l -> chunk   (y0 + l, c), first element x = c*K    width = TC
//
// The chunk-wide patterns exist only where one instruction moves a chunk
// (4, 8 or 16 bytes).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "swz/config.hpp"

namespace swz {

enum class tile_pattern { row, row_chunk, column, column_chunk };

inline constexpr std::array<tile_pattern, 4> all_tile_patterns{tile_pattern::row, tile_pattern::row_chunk,
                                                               tile_pattern::column, tile_pattern::column_chunk};

inline constexpr std::string_view pattern_name(tile_pattern p) {
    switch (p) {
        case tile_pattern::row: return "row";
        case tile_pattern::row_chunk: return "row-chunk";
        case tile_pattern::column: return "column";
        case tile_pattern::column_chunk: return "column-chunk";
    }
    return "?";
}

inline std::optional<tile_pattern> pattern_from_name(std::string_view s) {
    for (auto p : all_tile_patterns)
        if (pattern_name(p) == s) return p;
    return std::nullopt;
}

inline constexpr bool is_chunk_pattern(tile_pattern p) {
    return p == tile_pattern::row_chunk || p == tile_pattern::column_chunk;
}

// What the patterns need of a tile: its elements per row, its element
// size and its chunk.
struct pattern_geometry {
    std::uint32_t cols = 0;         // elements per row
    std::uint32_t elem = 4;         // bytes per element
    std::uint32_t chunk_bytes = 4;  // bytes per chunk, a multiple of elem dividing the row

    SWZ_HOST_DEVICE constexpr std::uint32_t row_elems() const { return cols; }
    SWZ_HOST_DEVICE constexpr std::uint32_t elems_per_chunk() const { return chunk_bytes / elem; }
    SWZ_HOST_DEVICE constexpr std::uint32_t chunks_per_row() const { return cols / elems_per_chunk(); }
};

inline constexpr unsigned pattern_width(tile_pattern p, pattern_geometry const& g) {
    return is_chunk_pattern(p) ? g.chunk_bytes : g.elem;
}

template <class V>
struct tile_cell {
    V y;
    V x;
};

// The logical cell lane `lane` touches. `start` holds the pattern's start
// variables in the order pattern_domain() names them.
template <class V, class L>
SWZ_HOST_DEVICE constexpr tile_cell<V> pattern_cell(tile_pattern p, L const& l, V const* start, V lane) {
    switch (p) {
        case tile_pattern::row: {
            V const e = start[0] * 32u + lane;
            return {e / l.row_elems(), e % l.row_elems()};
        }
        case tile_pattern::row_chunk: {
            V const q = start[0] * 32u + lane;
            return {q / l.chunks_per_row(), q % l.chunks_per_row() * l.elems_per_chunk()};
        }
        case tile_pattern::column: return {start[0] + lane, start[1]};
        case tile_pattern::column_chunk: return {start[0] + lane, start[1] * l.elems_per_chunk()};
    }
    return {lane, lane};
}

// One start variable and how many values it takes: 0 .. count-1.
struct start_variable {
    std::string name;
    std::uint64_t count;
};

struct pattern_domain {
    std::vector<start_variable> vars;  // empty when the pattern does not apply
    std::string not_applicable;        // why, when it does not
};

// Every start of the pattern that keeps all 32 lanes inside a tile of `rows`
// rows.
inline pattern_domain tile_pattern_domain(tile_pattern p, pattern_geometry const& l, std::uint64_t rows) {
    std::uint64_t const nx = l.cols, chunks = l.chunks_per_row();
    auto const slices = [](std::uint64_t cells) -> std::uint64_t { return cells < 32 ? 0 : (cells - 32) / 32 + 1; };
    pattern_domain d;
    if (is_chunk_pattern(p) && !(l.chunk_bytes == 4 || l.chunk_bytes == 8 || l.chunk_bytes == 16)) {
        d.not_applicable = "a chunk of " + std::to_string(l.chunk_bytes) +
                           " bytes is not a width one instruction moves (4, 8, 16)";
        return d;
    }
    switch (p) {
        case tile_pattern::row:
            if (slices(rows * nx) == 0) d.not_applicable = "the tile holds fewer than 32 elements";
            else d.vars = {{"s", slices(rows * nx)}};
            break;
        case tile_pattern::row_chunk:
            if (slices(rows * chunks) == 0) d.not_applicable = "the tile holds fewer than 32 chunks";
            else d.vars = {{"s", slices(rows * chunks)}};
            break;
        case tile_pattern::column:
            if (rows < 32) d.not_applicable = "the tile has fewer than 32 rows";
            else d.vars = {{"y0", rows - 31}, {"x", nx}};
            break;
        case tile_pattern::column_chunk:
            if (rows < 32) d.not_applicable = "the tile has fewer than 32 rows";
            else d.vars = {{"y0", rows - 31}, {"c", chunks}};
            break;
    }
    return d;
}

}  // namespace swz
