// What Triton's shared-memory encodings place where, as Triton's
// LinearLayoutConversions.cpp states it (the cell each bit of a shared
// offset holds) since nvmma_shared took the copy engine's box shape
// (getTMABlockShape, 2025; before, a transposed tile over 256 rows kept
// every row in a block, and W = 0 had no layout of its own), read from a
// TTGIR attribute (ttgir_text.hpp):
// - swizzled_shared (and shared without a leading offset): the whole row
//   swizzled, triton_swizzle.hpp;
// - nvmma_shared: a core of 8 rows x W bytes (W = swizzlingByteWidth), row
//   k of it at column vec * ((k / perPhase) % maxPhase) with vec 16 bytes,
//   perPhase 128 / W and maxPhase W / 16 (the copy engine's W-byte mode),
//   repeated down the rows first, then across: column blocks W bytes wide,
//   each holding every row. W = 0: no swizzle, blocks of the copy
//   engine's largest box row, 256 elements of the tensor's last dimension
//   (transposed or not);
// - shared with hasLeadingOffset = true (Triton up to 3.2's name for the
//   same core): W from (perPhase, maxPhase), (4, 2) 32, (2, 4) 64, (1, 8)
//   128, vec as given;
// - shared_linear: the offset bits' cells themselves, (dim0, dim1) =
//   (row, column) in the tensor's order, not by which is contiguous (the
//   other kinds are given in storage order), inverted into the cell's
//   offset (gf2_map.hpp's direction).
// One CTA's layout: a tile split over a CTA cluster is refused, replicas
// of it read as the one tile. Host only.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "swz/layout/gf2_echelon.hpp"
#include "swz/layout/gf2_map.hpp"
#include "swz/layout/spec_args.hpp"
#include "swz/layout/triton_swizzle.hpp"
#include "swz/layout/ttgir_text.hpp"
#include "swz/pow2.hpp"

namespace swz {

// What a TTGIR shared encoding stores: a swizzle of rows `core_row_bytes`
// wide (0: the whole row), the tile cut into column blocks that wide when
// its row is wider (Triton's 8-row core, repeated down the rows first); or
// a GF(2) map of a whole rows x cols tile.
struct ttgir_encoding {
    triton_swizzle swizzle;
    // nvmma: the core's row (swizzlingByteWidth, or the largest box row of
    // 256 elements where it is 0); 0 for swizzled_shared.
    std::uint32_t core_row_bytes = 0;
    // nvmma_shared's W = 0: blocks of 256 elements, whatever their bytes.
    bool blocks_of_256_elements = false;
    bool transposed = false;                  // nvmma_shared's contiguous dimension is dim 0
    std::optional<std::uint32_t> elem_bytes;  // elementBitWidth / 8, where the text says
    // The element the legacy leading-offset layout implies (16-byte
    // vectors: 16 / vec bytes), for a tile that names none.
    std::optional<std::uint32_t> elem_hint;
    // shared_linear: the row-major cell index's bits -> element offset, on
    // a tile of linear_rows x linear_cols.
    std::optional<gf2_map> linear;
    std::uint64_t linear_rows = 0, linear_cols = 0;
    std::string kind;  // swizzled_shared, nvmma_shared, shared or shared_linear, for messages
};

namespace detail {

struct ttgir_fields {
    std::string const& text;
    std::vector<ttgir_field> const& fields;

    ttgir_field const* find(char const* name) const {
        for (auto const& f : fields)
            if (f.name == name) return &f;
        return nullptr;
    }
    spec_error error(std::string const& why) const { return {"'" + text + "': " + why}; }

    // An integer field, a power of two, `fallback` when absent.
    std::variant<std::uint32_t, spec_error> pow2(char const* name, std::uint32_t fallback) const {
        auto const* f = find(name);
        if (!f) return fallback;
        if (f->value.is_list || f->value.is_bool || f->value.number < 1 || !is_pow2(std::uint64_t(f->value.number)) ||
            f->value.number > (1 << 20))
            return error(std::string(name) + " must be a power of two (1 .. 2^20)");
        return std::uint32_t(f->value.number);
    }
    std::variant<bool, spec_error> flag(char const* name) const {
        auto const* f = find(name);
        if (!f) return false;
        if (!f->value.is_bool) return error(std::string(name) + " must be true or false");
        return f->value.number != 0;
    }
    // Whether every leaf of a value is `n`.
    static bool all_leaves(ttgir_value const& v, std::int64_t n) {
        if (!v.is_list) return !v.is_bool && v.number == n;
        for (auto const& i : v.items)
            if (!all_leaves(i, n)) return false;
        return true;
    }
    // The fields a kind knows, and the CTA fields where each CTA holds the
    // whole tile (replicas share its layout): a split over several CTAs is
    // another layout per CTA, which swz does not model. CTAsPerCGA counts
    // replicas and splits alike; CTASplitNum says which (all ones: none
    // split), and so do CGALayout's block bases (all zero: none split).
    std::optional<spec_error> only(std::vector<std::string> const& known) const {
        auto const split = [&](std::string const& why) {
            return error(why + " splits the tile over several CTAs; swz reads one CTA's whole tile");
        };
        for (auto const& f : fields) {
            // swz reads two-dimensional tiles: Triton lays a third dimension
            // out by rules of its own (rotated when transposed).
            bool const lists_two = f.value.is_list && f.value.items.size() == 2;
            if ((f.name == "rank" && (f.value.is_list || f.value.number != 2)) ||
                ((f.name == "order" || f.name.rfind("CTA", 0) == 0) && !lists_two))
                return error(f.name + " names a tensor of other than two dimensions; swz reads 2-D tiles");
            bool ok = false;
            for (auto const& k : known) ok |= f.name == k;
            if (ok || f.name == "CTAOrder" || f.name == "rank") continue;
            if (f.name == "CTASplitNum" && !all_leaves(f.value, 1)) return split("CTASplitNum");
            if (f.name == "CTAsPerCGA" && !all_leaves(f.value, 1) && !find("CTASplitNum"))
                return split("CTAsPerCGA without CTASplitNum");
            if (f.name == "CGALayout" && !all_leaves(f.value, 0)) return split("CGALayout");
            if (f.name == "CTASplitNum" || f.name == "CTAsPerCGA" || f.name == "CGALayout") continue;
            return error("unknown field '" + f.name + "' for " + kind);
        }
        return std::nullopt;
    }
    std::string kind;
};

inline std::variant<ttgir_encoding, spec_error> swizzled_shared(ttgir_fields const& f, bool legacy) {
    std::vector<std::string> known{"vec", "perPhase", "maxPhase", "order"};
    if (legacy) known.push_back("hasLeadingOffset");
    if (auto e = f.only(known)) return *e;
    ttgir_encoding out;
    out.kind = f.kind;
    for (auto [name, field] : {std::pair{"vec", &out.swizzle.vec}, std::pair{"perPhase", &out.swizzle.per_phase},
                               std::pair{"maxPhase", &out.swizzle.max_phase}}) {
        auto const v = f.pow2(name, 1);
        if (auto const* e = std::get_if<spec_error>(&v)) return *e;
        *field = std::get<std::uint32_t>(v);
    }
    auto const leading = f.flag("hasLeadingOffset");
    if (auto const* e = std::get_if<spec_error>(&leading)) return *e;
    if (!std::get<bool>(leading)) return out;
    // Triton up to 3.2: the MMAv3 core, its width from the phases.
    auto const& s = out.swizzle;
    if (s.per_phase == 4 && s.max_phase == 2) out.core_row_bytes = 32;
    else if (s.per_phase == 2 && s.max_phase == 4) out.core_row_bytes = 64;
    else if (s.per_phase == 1 && s.max_phase == 8) out.core_row_bytes = 128;
    else return f.error("with hasLeadingOffset = true, (perPhase, maxPhase) is (4, 2), (2, 4) or (1, 8), as Triton requires");
    if (s.vec >= 2 && s.vec <= 16) out.elem_hint = 16 / s.vec;
    return out;
}

inline std::variant<ttgir_encoding, spec_error> nvmma_shared(ttgir_fields const& f) {
    if (auto e = f.only({"swizzlingByteWidth", "transposed", "elementBitWidth", "fp4Padded"})) return *e;
    auto const* w = f.find("swizzlingByteWidth");
    auto const* bits = f.find("elementBitWidth");
    if (!w || !bits) return f.error("nvmma_shared needs swizzlingByteWidth and elementBitWidth");
    if (w->value.is_list || w->value.is_bool ||
        (w->value.number != 0 && w->value.number != 32 && w->value.number != 64 && w->value.number != 128))
        return f.error("swizzlingByteWidth must be 0, 32, 64 or 128");
    if (bits->value.is_list || bits->value.is_bool ||
        (bits->value.number != 8 && bits->value.number != 16 && bits->value.number != 32 && bits->value.number != 64))
        return f.error("elementBitWidth must be 8, 16, 32 or 64 (swz's elements are whole bytes)");
    auto const fp4 = f.flag("fp4Padded");
    if (auto const* e = std::get_if<spec_error>(&fp4)) return *e;
    if (std::get<bool>(fp4)) return f.error("fp4Padded layouts (4-bit elements) are not modelled");
    auto const transposed = f.flag("transposed");
    if (auto const* e = std::get_if<spec_error>(&transposed)) return *e;
    ttgir_encoding out;
    out.kind = f.kind;
    out.transposed = std::get<bool>(transposed);
    std::uint32_t const elem = std::uint32_t(bits->value.number / 8), width = std::uint32_t(w->value.number);
    out.elem_bytes = elem;
    if (width == 0) {
        out.core_row_bytes = 256 * elem;
        out.blocks_of_256_elements = true;
        return out;
    }
    out.core_row_bytes = width;
    out.swizzle = {16 / elem, 128 / width, width / 16};
    return out;
}

// shared_linear: `offset` gives the cell (dim0, dim1) of each offset bit.
// A bijection of a power-of-two tile (no zero bases: Triton's broadcast
// stores a cell twice), inverted by elimination over GF(2) into the image
// of each bit of the row-major cell index.
inline std::variant<ttgir_encoding, spec_error> shared_linear(ttgir_fields const& f) {
    if (auto e = f.only({"offset", "block", "alignment"})) return *e;
    auto const* offset = f.find("offset");
    if (!offset || !offset->value.is_list || offset->value.items.empty())
        return f.error("shared_linear needs offset = [[row, column], ...]");
    if (auto const* block = f.find("block"); block && !ttgir_fields::all_leaves(block->value, 0))
        return f.error("its block bases split the tile over several CTAs; swz reads one CTA's whole tile");
    std::uint64_t rows_mask = 0, cols_mask = 0;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> cells;
    for (auto const& b : offset->value.items) {
        if (!b.is_list || b.items.size() != 2 || b.items[0].is_list || b.items[1].is_list || b.items[0].is_bool ||
            b.items[1].is_bool)
            return f.error("each offset base is [row, column]: a two-dimensional tile");
        cells.push_back({std::uint64_t(b.items[0].number), std::uint64_t(b.items[1].number)});
        rows_mask |= cells.back().first;
        cols_mask |= cells.back().second;
    }
    unsigned const row_bits = rows_mask ? log2_floor(rows_mask) + 1 : 0, col_bits = cols_mask ? log2_floor(cols_mask) + 1 : 0;
    unsigned const n = unsigned(cells.size());
    if (n != row_bits + col_bits || n > gf2_map::max_bits)
        return f.error("its " + std::to_string(n) + " offset bases do not map one-to-one onto a tile of 2^" +
                       std::to_string(row_bits) + " x 2^" + std::to_string(col_bits) + " cells");
    // Each base's cell index, tagged by its offset bit; with n independent
    // ones of n bits, every cell index reduces to 0, its tag its offset.
    gf2_echelon bases;
    for (unsigned k = 0; k < n; ++k)
        if (bases.add(cells[k].first << col_bits | cells[k].second, std::uint64_t(1) << k).value == 0)
            return f.error("its offset bases are not independent: two offsets hold one cell");
    ttgir_encoding out;
    out.kind = f.kind;
    gf2_map m;
    m.bits = n;
    for (unsigned j = 0; j < n; ++j) m.image[j] = bases.reduce(std::uint64_t(1) << j).from;
    out.linear = m;
    out.linear_rows = std::uint64_t(1) << row_bits;
    out.linear_cols = std::uint64_t(1) << col_bits;
    return out;
}

}  // namespace detail

inline std::variant<ttgir_encoding, spec_error> parse_ttgir(std::string const& text) {
    using reading = std::variant<ttgir_encoding, spec_error> (*)(detail::ttgir_fields const&);
    struct kind_reading {
        char const* kind;
        reading read;
    };
    static constexpr kind_reading kinds[] = {
        {"swizzled_shared", [](detail::ttgir_fields const& f) { return detail::swizzled_shared(f, false); }},
        {"nvmma_shared", detail::nvmma_shared},
        {"shared_linear", detail::shared_linear},
        {"shared", [](detail::ttgir_fields const& f) { return detail::swizzled_shared(f, true); }},
    };
    auto const kind = read_ttgir_kind(text);
    if (auto const* e = std::get_if<spec_error>(&kind)) return *e;
    for (auto const& k : kinds) {
        if (std::get<std::string>(kind) != k.kind) continue;
        auto const parsed = read_ttgir_attribute(text);
        if (auto const* e = std::get_if<spec_error>(&parsed)) return *e;
        auto const& a = std::get<ttgir_attribute>(parsed);
        return k.read(detail::ttgir_fields{text, a.fields, a.kind});
    }
    std::string known;
    for (std::size_t i = 0; i < std::size(kinds); ++i)
        known += (i == 0 ? "" : i + 1 == std::size(kinds) ? " and " : ", ") + std::string(kinds[i].kind);
    return spec_error{"'" + text + "': Triton's " + std::get<std::string>(kind) + " is not modelled (" + known + " are)"};
}

}  // namespace swz
