// A TTGIR shared encoding (swz/layout/ttgir_encoding.hpp) as the spec it is
// on the tile: swizzled_shared the triton family, nvmma_shared (and shared
// with a leading offset) CuTe's swizzle on its core's rows, after column
// blocks of the core's width where the row is wider, shared_linear the
// linear family on the tile its bases span. The tile's rules that
// Triton states (a core fits the tile; the element the text names) are
// checked here; the spec's own, by the spec.
#pragma once

#include <string>
#include <variant>

#include "layout_spec.hpp"

namespace swz::verify {

struct ttgir_reading {
    std::string spec;   // what swz decides: e.g. cute:3,3,3@blocks:128
    tile_request tile;  // with the element the text names
};

std::variant<ttgir_reading, layout_error> read_ttgir(std::string const& text, tile_request tile);

}  // namespace swz::verify
