// The strided row-major layout: row y starts `pitch` bytes after row y-1,
// elements in order. The plain tile (pitch = the row's bytes) and the padded
// one (pitch = the row's bytes + P) are this one family:
//
//   byte(y, x) = y * pitch + x * elem
//
// It is also the layout a swizzle is composed after (swizzled.hpp), as in
// CuTe's ComposedLayout.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "swz/config.hpp"
#include "swz/layout/rule.hpp"
#include "swz/layout/spec_args.hpp"
#include "swz/layout/tile_shape.hpp"

namespace swz {

// The map itself, on any value and parameter types (the family proofs pass
// powers of two whose exponents are solver values).
template <class V, class P, class E>
SWZ_HOST_DEVICE constexpr V strided_byte(V y, V x, P const& pitch, E const& elem) {
    return y * pitch + x * elem;
}

struct strided_layout {
    std::uint32_t elem = 4;
    std::uint32_t pitch = 0;  // bytes between the starts of two rows

    template <class V>
    SWZ_HOST_DEVICE constexpr V byte_offset(V y, V x) const {
        return strided_byte(y, x, pitch, elem);
    }

    SWZ_HOST_DEVICE constexpr std::uint64_t footprint(std::uint64_t rows) const { return rows * pitch; }

    // The largest aligned run of bytes (a power of two, at most 16) that
    // starts every row's chunks on its own boundary: what a vector access of
    // one row may move.
    SWZ_HOST_DEVICE constexpr std::uint32_t chunk_bytes(std::uint32_t row_bytes) const {
        std::uint32_t c = 16;
        while (c > elem && (pitch % c != 0 || row_bytes % c != 0)) c /= 2;
        return c;
    }

    // The spec of a row of `row_bytes`: "plain", or "pad:P" with P bytes after each row.
    std::string spec(std::uint32_t row_bytes) const {
        return pitch == row_bytes ? std::string("plain") : "pad:" + std::to_string(pitch - row_bytes);
    }

    rule_check check(tile_shape const& s) const {
        auto const n = [](std::uint64_t v) { return std::to_string(v); };
        if (pitch < s.row_bytes)
            return broken("pitch-holds-row", "a row pitch of " + n(pitch) + " bytes cannot hold a row of " +
                                                 n(s.row_bytes) + " bytes");
        if (pitch % s.elem != 0)
            return broken("pad-breaks-element", "a pad of " + n(pitch - s.row_bytes) + " bytes breaks the " +
                                                    n(s.elem) + "-byte alignment of the elements");
        if (s.rows * std::uint64_t(pitch) > (std::uint64_t(1) << 50))
            return broken("footprint-range", "the tile's footprint is larger than 2^50 bytes");
        return std::nullopt;
    }
};

// The plain and padded tiles of a shape.
SWZ_HOST_DEVICE constexpr strided_layout plain_layout(tile_shape const& s) { return {s.elem, s.row_bytes}; }
SWZ_HOST_DEVICE constexpr strided_layout padded_layout(tile_shape const& s, std::uint32_t pad_bytes) {
    return {s.elem, s.row_bytes + pad_bytes};
}

// "plain" (no pad) or "pad:P" (P bytes after each row): the pad in bytes.
inline std::variant<std::uint32_t, spec_error> parse_pad(spec_args const& a) {
    if (a.family == "plain") {
        if (!a.fields.empty()) return spec_error{"'" + a.text + "': plain takes no fields"};
        return std::uint32_t(0);
    }
    if (auto e = only_keys(a, {})) return *e;
    auto const p = positional(a);
    if (p.size() != 1) return spec_error{"'" + a.text + "': pad takes one number, the bytes after each row"};
    auto const v = spec_integer(a, "P", p[0], 0, 65536);
    if (auto const* e = std::get_if<spec_error>(&v)) return *e;
    return std::uint32_t(std::get<std::int64_t>(v));
}

}  // namespace swz
