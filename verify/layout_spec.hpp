// --layout SPEC: the grammar, and the subject a spec names on a tile.
//
//   SPEC     := LAYOUT | SWIZZLE [ '@' BASE ]
//   LAYOUT   := 'article:nx=' N [ ',elem=' E ] [ ',tc=' T ]   the article's formula
//             | BASE
//             | CuTe's printed layout, e.g. 'Sw<3,3,3> o _0 o (_8,_64):(_64,_1)'
//               (swz/layout/cute_layout_text.hpp; cute_layout_subject.hpp)
//             | Triton's TTGIR attribute, e.g. '#ttg.nvmma_shared<{swizzlingByteWidth = 128, ...}>'
//               (swz/layout/ttgir_text.hpp), decided as the spec it reads as (ttgir_spec.hpp)
//   BASE     := 'plain' | 'pad:' P                            row-major, P bytes after each row
//   SWIZZLE  := 'cute:' B ',' M ',' S [ ',unit=' ('elem'|'byte') ]   CuTe's Swizzle<B,M,S>
//             | 'tma:' ( '32B' | '64B' | '128B' | 'none' ) [ ',base=' A ]   Hopper's TMA modes
//             | 'linear:' I0 ',' I1 ',' ...                   GF(2) images of the element offset's bits
//
// A swizzle acts after BASE (plain when omitted): cute on element offsets
// (CuTe's convention) or bytes, tma on byte addresses (A: the tile's
// shared-memory address, default 0), linear on element offsets.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "layout_subject.hpp"
#include "swz/layout/bit_swizzle.hpp"

namespace swz::verify {

// The tile the layout stores, as the command line gives it.
struct tile_request {
    std::uint64_t rows = all_32bit_rows;
    std::optional<std::uint32_t> row_bytes;  // the article spec implies it
    std::uint32_t elem = 4;
    bool elem_given = false;
    // The chunk of chunk_integrity and the chunk-wide patterns, when the
    // layout's own (the article's TC, or the largest aligned run it keeps
    // whole, at most 16 bytes) is not the one to check.
    std::optional<std::uint32_t> chunk_bytes;
    // --rows was given (column blocks stack every row: the default 2^32
    // would put the second block 2^32 rows down).
    bool rows_given = true;
};

struct layout_error {
    std::string rule;     // a rule id, or "spec" for the grammar
    std::string message;  // one line
};

// A swizzle must act inside the tile's footprint and keep elements whole:
// the rule a swizzle's spec breaks, or nothing.
std::optional<layout_error> check_bits(bit_swizzle const& b, std::string const& spec, std::uint32_t unit_bytes,
                                       tile_shape const& shape, std::uint64_t footprint);

// CuTe's swizzle after a strided tile (cute:B,M,S[@pad:P], and CuTe's
// printed layouts whose rows are a pitch apart); `text` names the spec in
// messages.
std::variant<layout_subject, layout_error> cute_swizzle_subject(cute_swizzle_spec const& c, strided_layout const& base,
                                                                tile_shape const& shape, std::string const& text);

std::variant<layout_subject, layout_error> parse_layout(std::string const& spec, tile_request const& tile);

// The grammar, for --help.
std::string layout_grammar();

}  // namespace swz::verify
