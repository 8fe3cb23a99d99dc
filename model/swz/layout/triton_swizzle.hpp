// Triton's swizzled shared layout, `#ttg.swizzled_shared<{vec = V,
// perPhase = P, maxPhase = M, order = [1, 0]}>` in a TTGIR dump, as the
// CuTe swizzle it is. The tile's rows are its contiguous dimension (order's
// first), of `cols` elements.
//
// Triton states the layout as the (row, column) held at each element offset
// of shared memory: offset bit k of the column gives (0, 2^k); offset bit k
// of the row gives (2^k, V * ((2^k / P) % M) % cols); the images of an
// offset's set bits are XORed (Triton's LinearLayout). With V, P, M and cols
// powers of two, which Triton requires, the XOR of the row bits' columns is
//
//   phase(y) = (V * ((y / P) % M)) % cols:  bits log2 P .. log2 P + log2 M - 1 of y,
//            moved to bits log2 V and up, those at log2 cols and up dropped,
//
// so offset y * cols + c holds cell (y, c ^ phase(y)), and cell (y, x) lies at
// y * cols + (x ^ phase(y)). The row's bits sit at log2 cols and up of the
// element offset: that is Swizzle<B, M', S> on element offsets with
//
//   M' = log2 V,  S = log2 cols + log2 P - log2 V,  B = min(log2 M, log2 cols - log2 V)
//
// (B = 0, no swizzle, where V >= cols). S >= B always, so it is its own
// inverse, as Triton's bases say. tests/model/test_layout_families.cpp
// compares it, cell by cell, with Triton's bases XORed as Triton does. Host
// only.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

#include "swz/layout/bit_swizzle.hpp"
#include "swz/layout/spec_args.hpp"
#include "swz/pow2.hpp"

namespace swz {

struct triton_swizzle {
    std::uint32_t vec = 1, per_phase = 1, max_phase = 1;

    // The CuTe swizzle on element offsets of rows of `cols` elements, a power of two.
    bit_swizzle on_rows_of(std::uint64_t cols) const {
        unsigned const c = log2_floor(cols), v = log2_floor(vec), p = log2_floor(per_phase), m = log2_floor(max_phase);
        if (v >= c || m == 0) return {};
        unsigned const b = m < c - v ? m : c - v;
        return {b, v, int(c + p - v)};
    }

    std::string text() const {
        return "triton:vec=" + std::to_string(vec) + ",perPhase=" + std::to_string(per_phase) +
               ",maxPhase=" + std::to_string(max_phase);
    }
};

// "triton:vec=V,perPhase=P,maxPhase=M", each a power of two (Triton's own
// field names; each defaults to 1, as in a layout without a swizzle).
inline std::variant<triton_swizzle, spec_error> parse_triton(spec_args const& a) {
    if (auto e = only_keys(a, {"vec", "perPhase", "maxPhase"})) return *e;
    if (!positional(a).empty())
        return spec_error{"'" + a.text + "': triton takes vec=V,perPhase=P,maxPhase=M (#ttg.swizzled_shared's fields)"};
    triton_swizzle t;
    for (auto [name, field] : {std::pair{"vec", &t.vec}, std::pair{"perPhase", &t.per_phase},
                               std::pair{"maxPhase", &t.max_phase}}) {
        auto const given = keyed(a, name);
        if (!given) continue;
        auto const v = spec_integer(a, name, *given, 1, std::int64_t(1) << 20);
        if (auto const* e = std::get_if<spec_error>(&v)) return *e;
        *field = std::uint32_t(std::get<std::int64_t>(v));
        if (!is_pow2(*field)) return spec_error{"'" + a.text + "': " + name + " = " + *given + " is not a power of two"};
    }
    return t;
}

}  // namespace swz
