#include "ttgir_spec.hpp"

#include "swz/layout/ttgir_encoding.hpp"

namespace swz::verify {

namespace {

layout_error ttgir_error(std::string const& text, char const* rule, std::string const& why) {
    return {rule, "'" + text + "': " + why};
}

// The core's swizzle, on element offsets of its rows, as a spec ("" where
// it moves nothing).
std::string core_swizzle(ttgir_encoding const& e, std::uint32_t core_elems) {
    bit_swizzle const b = e.swizzle.on_rows_of(core_elems);
    return b.bits == 0 ? std::string() : cute_spec_text({b, false});
}

// shared_linear: its tile is the bases' (rows, columns), which --rows and
// --row-bytes, where given, must match.
std::variant<ttgir_reading, layout_error> linear_reading(std::string const& text, ttgir_encoding const& e,
                                                         tile_request tile) {
    std::uint64_t const row_bytes = e.linear_cols * tile.elem;
    if ((tile.rows_given && tile.rows != e.linear_rows) || (tile.row_bytes && *tile.row_bytes != row_bytes))
        return ttgir_error(text, "ttgir-linear-tile",
                           "its bases span " + std::to_string(e.linear_rows) + (e.linear_rows == 1 ? " row" : " rows") +
                               " of " + std::to_string(e.linear_cols) + (e.linear_cols == 1 ? " element" : " elements") +
                               " (" + std::to_string(row_bytes) + " bytes); --rows and --row-bytes must agree");
    if (row_bytes > 0xffffffffu) return ttgir_error(text, "ttgir-linear-tile", "its rows are too long");
    tile.rows = e.linear_rows;
    tile.rows_given = true;
    tile.row_bytes = std::uint32_t(row_bytes);
    return ttgir_reading{"linear:" + e.linear->text(), tile};
}

// nvmma_shared (and the leading-offset shared): the core's swizzle on rows
// as wide as the core, or after column blocks of its width.
std::variant<ttgir_reading, layout_error> core_reading(std::string const& text, ttgir_encoding const& e,
                                                       tile_request const& tile) {
    if (!tile.row_bytes) return layout_error{"spec", "this layout needs --row-bytes N (the bytes of one row)"};
    std::uint32_t const row = *tile.row_bytes, elem = tile.elem, core = e.core_row_bytes;
    if (e.blocks_of_256_elements) {
        if (row <= core) return ttgir_reading{"plain", tile};
    } else {
        if (elem * e.swizzle.vec > 16)
            return ttgir_error(text, "ttgir-core-vectors",
                               "vectors of " + std::to_string(e.swizzle.vec) + " x " + std::to_string(elem) +
                                   " bytes leave the " + std::to_string(core) + "-byte core (check --elem)");
        if (row < core)
            return ttgir_error(text, "ttgir-core-fits",
                               "its core rows are " + std::to_string(core) + " bytes, wider than the row of " +
                                   std::to_string(row) + " (Triton refuses such a tile)");
        if (tile.rows_given && tile.rows < 8)
            return ttgir_error(text, "ttgir-core-fits", "its core is 8 rows, more than the tile's " + std::to_string(tile.rows));
    }
    std::string const s = core_swizzle(e, core / elem);
    if (row == core) return ttgir_reading{s.empty() ? "plain" : s, tile};
    if (e.transposed && !e.blocks_of_256_elements && tile.rows_given && tile.rows > 256)
        return ttgir_error(text, "ttgir-transposed-blocks",
                           "transposed, over 256 rows and wider than one block, its blocks hold 256 rows each, "
                           "which swz does not model");
    return ttgir_reading{(s.empty() ? "" : s + "@") + "blocks:" + std::to_string(core), tile};
}

}  // namespace

std::variant<ttgir_reading, layout_error> read_ttgir(std::string const& text, tile_request tile) {
    auto const parsed = parse_ttgir(text);
    if (auto const* e = std::get_if<spec_error>(&parsed)) return layout_error{"spec", e->message};
    ttgir_encoding const e = std::get<ttgir_encoding>(parsed);
    if (e.elem_bytes) {
        if (tile.elem_given && tile.elem != *e.elem_bytes)
            return layout_error{"elem-agrees", "--elem " + std::to_string(tile.elem) + " and the layout's elementBitWidth = " +
                                                   std::to_string(*e.elem_bytes * 8) + " disagree"};
        tile.elem = *e.elem_bytes;
        tile.elem_given = true;
    }
    if (e.elem_hint && !tile.elem_given) tile.elem = *e.elem_hint;
    if (e.linear) return linear_reading(text, e, tile);
    if (e.core_row_bytes == 0) return ttgir_reading{e.swizzle.text(), tile};
    return core_reading(text, e, tile);
}

}  // namespace swz::verify
