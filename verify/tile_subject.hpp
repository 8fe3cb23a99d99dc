// A tile layout as the prover sees it: its element-offset map instantiated
// twice from the same model template, once on plain integers (for replaying
// models) and once on bit-vectors (for the queries).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "swz/layout_params.hpp"
#include "symbolic_uint.hpp"

namespace swz::verify {

struct tile_subject {
    std::string name;             // "xor-swizzle", "plain", "padded", or a test's own
    layout_params params;         // NX, element size, chunk size TC
    std::uint64_t rows = 0;       // y ranges over 0 .. rows-1
    std::uint64_t row_stride = 0; // elements between row starts
    bool article_formula = false; // the article's derivation lemmas apply
    // Where logical [y][x] is stored: its column in row y, and its offset in
    // elements from the tile's start (y * row_stride + column).
    std::function<std::uint64_t(std::uint64_t y, std::uint64_t x)> column;
    std::function<symbolic_uint(symbolic_uint const& y, symbolic_uint const& x)> symbolic_column;

    std::uint64_t offset(std::uint64_t y, std::uint64_t x) const { return y * row_stride + column(y, x); }
    symbolic_uint symbolic_offset(symbolic_uint const& y, symbolic_uint const& x) const {
        return y * row_stride + symbolic_column(y, x);
    }
};

// Any model tile type (see swz/tile_layouts.hpp) as a subject.
template <class Tile>
tile_subject make_tile_subject(std::string name, Tile tile, layout_params params, std::uint64_t rows,
                               bool article_formula = false) {
    tile_subject s;
    s.name = std::move(name);
    s.params = params;
    s.rows = rows;
    s.row_stride = tile.row_stride();
    s.article_formula = article_formula;
    s.column = [tile](std::uint64_t y, std::uint64_t x) { return tile.column(y, x); };
    s.symbolic_column = [tile](symbolic_uint const& y, symbolic_uint const& x) { return tile.column(y, x); };
    return s;
}

}  // namespace swz::verify
