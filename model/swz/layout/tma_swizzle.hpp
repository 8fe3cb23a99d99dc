// Hopper's tensor memory accelerator (TMA) swizzle modes, as the copy engine
// places a box in shared memory: the box is written row-major, then the
// 16-byte chunk index of every *absolute* shared-memory address (bits 4 ..)
// is XORed with the bits above the span:
//
//   CU_TENSOR_MAP_SWIZZLE_32B    Swizzle<1,4,3> on byte addresses: bit 4 ^= bit 7
//   CU_TENSOR_MAP_SWIZZLE_64B    Swizzle<2,4,3>: bits 4-5 ^= bits 7-8
//   CU_TENSOR_MAP_SWIZZLE_128B   Swizzle<3,4,3>: bits 4-6 ^= bits 7-9
//   CU_TENSOR_MAP_SWIZZLE_NONE   no change
//
// A box row narrower than the span is padded to it (rows of 64 bytes under
// SWIZZLE_128B start 128 bytes apart; without a swizzle they are packed):
// measured on an H200, 2026-12-01, and written as tma_box_rows() below. The
// copy engine refuses a box whose rows are wider than the span, or not a
// multiple of 16 bytes.
//
// The pattern repeats every 2^(top bit) bytes (256, 512, 1024). A kernel
// that indexes its tile with the same swizzle on offsets relative to the
// tile's base sees the hardware's placement only if the base is a multiple
// of that repeat; `address` is the base, and byte(offset) below is where the
// hardware put relative byte `offset`. swz-verify proves the alignment each
// mode needs (tma.alignment) and checks a given base (tma.base);
// tests/gpu/test_tma_placement.cu checks the hardware against this file.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "swz/config.hpp"
#include "swz/layout/bit_swizzle.hpp"
#include "swz/layout/rule.hpp"
#include "swz/layout/strided.hpp"
#include "swz/layout/tile_shape.hpp"
#include "swz/layout/spec_args.hpp"

namespace swz {

struct tma_swizzle {
    unsigned span = 128;        // 0 (none), 32, 64 or 128 bytes
    std::uint32_t address = 0;  // the tile's shared-memory address

    SWZ_HOST_DEVICE constexpr bit_swizzle pattern() const {
        return span == 32 ? bit_swizzle{1, 4, 3} : span == 64 ? bit_swizzle{2, 4, 3}
                                                 : span == 128 ? bit_swizzle{3, 4, 3} : bit_swizzle{0, 4, 3};
    }
    // Bytes after which the placement repeats.
    SWZ_HOST_DEVICE constexpr std::uint32_t repeat_bytes() const { return span == 0 ? 16u : 1u << pattern().top_bit(); }

    // Where the hardware puts relative byte `offset` of the box, relative
    // to the base.
    template <class V>
    SWZ_HOST_DEVICE constexpr V operator()(V offset) const {
        return placed_at(offset + address, address);
    }
    // The same for any base (the prover makes `base` a variable).
    template <class V, class B>
    SWZ_HOST_DEVICE constexpr V placed_at(V absolute, B base) const {
        return pattern()(absolute) - base;
    }

    std::string text() const {
        return "tma:" + (span == 0 ? std::string("none") : std::to_string(span) + "B") +
               (address ? ",base=" + std::to_string(address) : std::string());
    }
};

// The row-major layout of the box before the swizzle: rows padded to the span.
SWZ_HOST_DEVICE constexpr strided_layout tma_box_rows(tma_swizzle const& t, tile_shape const& s) {
    return {s.elem, t.span > s.row_bytes ? t.span : s.row_bytes};
}

// What the copy engine accepts as a box row.
inline rule_check tma_box_rule(tma_swizzle const& t, tile_shape const& s) {
    if (s.row_bytes % 16 != 0)
        return broken("tma-box-16B", "a TMA box row of " + std::to_string(s.row_bytes) +
                                         " bytes is not a multiple of 16 bytes");
    if (t.span != 0 && s.row_bytes > t.span)
        return broken("tma-box-fits-span", "a TMA box row of " + std::to_string(s.row_bytes) + " bytes is wider than the " +
                                               std::to_string(t.span) + "-byte swizzle span");
    return std::nullopt;
}

// "tma:128B", "tma:64B", "tma:32B", "tma:none", with ",base=A" for a tile
// at shared-memory address A (a multiple of 16).
inline std::variant<tma_swizzle, spec_error> parse_tma(spec_args const& a) {
    if (auto e = only_keys(a, {"base"})) return *e;
    auto const p = positional(a);
    if (p.size() != 1) return spec_error{"'" + a.text + "': tma takes one mode: 32B, 64B, 128B or none"};
    tma_swizzle t;
    if (p[0] == "128B") t.span = 128;
    else if (p[0] == "64B") t.span = 64;
    else if (p[0] == "32B") t.span = 32;
    else if (p[0] == "none") t.span = 0;
    else return spec_error{"'" + a.text + "': '" + p[0] + "' is not a TMA swizzle mode (32B, 64B, 128B, none)"};
    if (auto b = keyed(a, "base")) {
        auto const v = spec_integer(a, "base", *b, 0, 232448);
        if (auto const* e = std::get_if<spec_error>(&v)) return *e;
        t.address = std::uint32_t(std::get<std::int64_t>(v));
        if (t.address % 128 != 0)
            return spec_error{"'" + a.text + "': base = " + *b +
                              " is not a multiple of 128 bytes, the least a TMA destination needs"};
    }
    return t;
}

}  // namespace swz
