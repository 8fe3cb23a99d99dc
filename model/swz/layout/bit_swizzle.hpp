// CuTe's Swizzle<B, M, S> as a value: a map of an integer offset onto
// itself that XORs B bits of the offset into B lower (S > 0) or higher
// (S < 0) bits, keeping the M lowest bits as they are:
//
//   S > 0:  offset  [ ... ][ YYY : bits M+S .. M+S+B-1 ][ ... ][ ZZZ : bits M .. M+B-1 ][ M bits ]
//           result  [ ... ][ YYY                       ][ ... ][ ZZZ ^ YYY             ][ M bits ]
//   S < 0:  the same with YYY at bits M .. M+B-1 and ZZZ at M-S .. M-S+B-1.
//
// With |S| >= B (which CuTe asserts) YYY and ZZZ do not overlap and the map
// is its own inverse. swz also accepts |S| < B, which CuTe rejects, so the
// prover can show what breaks (Swizzle<3,4,2> is a bijection but not an
// involution; with S = 0 the XOR clears the bits, so not even a bijection).
//
// The offset is in whatever unit the caller swizzles: CuTe applies it to
// element offsets; the Hopper TMA applies <1|2|3, 4, 3> to byte addresses
// (tma_swizzle.hpp). V is any unsigned-integer-like type.
#pragma once

#include <cstdint>
#include <string>

#include "swz/config.hpp"

namespace swz {

// The B-bit field of an offset at bit `low` (field = 2^B - 1), as a number:
// the YYY the swizzle reads (low = source_low) or the ZZZ it writes.
template <class V, class F, class P>
SWZ_HOST_DEVICE constexpr V bit_field(V offset, F const& field, P const& low) {
    return (offset >> low) & field;
}

// The bit picture above as one map: the B-bit field at `source_low` XORed
// into the one at `target_low`. On any integer-like offset V and any field
// type: bit_swizzle's own numbers, or, for the family proofs, B, M and S as
// solver values.
template <class V, class F, class P>
SWZ_HOST_DEVICE constexpr V xor_bit_field(V offset, F const& field, P const& source_low, P const& target_low) {
    return offset ^ (bit_field(offset, field, source_low) << target_low);
}

struct bit_swizzle {
    unsigned bits = 0;  // B
    unsigned base = 0;  // M
    int shift = 0;      // S

    SWZ_HOST_DEVICE constexpr unsigned source_low() const { return shift > 0 ? base + unsigned(shift) : base; }
    SWZ_HOST_DEVICE constexpr unsigned target_low() const { return shift > 0 ? base : base + unsigned(-shift); }
    SWZ_HOST_DEVICE constexpr std::uint64_t field() const { return (std::uint64_t(1) << bits) - 1; }
    SWZ_HOST_DEVICE constexpr std::uint64_t source_mask() const { return field() << source_low(); }  // CuTe's yyy_msk
    SWZ_HOST_DEVICE constexpr std::uint64_t target_mask() const { return field() << target_low(); }  // CuTe's zzz_msk
    // One past the highest bit the swizzle reads or writes.
    SWZ_HOST_DEVICE constexpr unsigned top_bit() const {
        return (source_low() > target_low() ? source_low() : target_low()) + bits;
    }
    SWZ_HOST_DEVICE constexpr bool is_involution_form() const { return unsigned(shift < 0 ? -shift : shift) >= bits; }

    template <class V>
    SWZ_HOST_DEVICE constexpr V operator()(V offset) const {
        if (bits == 0) return offset;
        return xor_bit_field(offset, field(), source_low(), target_low());
    }

    std::string text() const {
        return std::to_string(bits) + "," + std::to_string(base) + "," + std::to_string(shift);
    }
};

}  // namespace swz

#include <variant>

#include "swz/layout/spec_args.hpp"

namespace swz {

// "cute:B,M,S" (CuTe's Swizzle<B,M,S> on element offsets, CuTe's own
// convention) or "cute:B,M,S,unit=byte" (on byte offsets, as CuTe does
// after recasting a tile to uint8_t).
struct cute_swizzle_spec {
    bit_swizzle swizzle;
    bool on_bytes = false;
};

inline std::variant<cute_swizzle_spec, spec_error> parse_cute(spec_args const& a) {
    if (auto e = only_keys(a, {"unit"})) return *e;
    auto const p = positional(a);
    if (p.size() != 3)
        return spec_error{"'" + a.text + "': cute takes three numbers B,M,S (Swizzle<B,M,S>), got " +
                          std::to_string(p.size())};
    auto const b = spec_integer(a, "B", p[0], 0, 16);
    if (auto const* e = std::get_if<spec_error>(&b)) return *e;
    auto const m = spec_integer(a, "M", p[1], 0, 24);
    if (auto const* e = std::get_if<spec_error>(&m)) return *e;
    auto const s = spec_integer(a, "S", p[2], -24, 24);
    if (auto const* e = std::get_if<spec_error>(&s)) return *e;
    cute_swizzle_spec out{{unsigned(std::get<std::int64_t>(b)), unsigned(std::get<std::int64_t>(m)),
                           int(std::get<std::int64_t>(s))},
                          false};
    if (out.swizzle.shift < 0 && unsigned(-out.swizzle.shift) > out.swizzle.base + 24)
        return spec_error{"'" + a.text + "': S reaches below bit 0"};
    if (out.swizzle.top_bit() > 40) return spec_error{"'" + a.text + "': the swizzle reaches past bit 40"};
    if (auto u = keyed(a, "unit")) {
        if (*u == "byte") out.on_bytes = true;
        else if (*u != "elem") return spec_error{"'" + a.text + "': unit = '" + *u + "' is not elem or byte"};
    }
    return out;
}

inline std::string cute_spec_text(cute_swizzle_spec const& c) {
    return "cute:" + c.swizzle.text() + (c.on_bytes ? ",unit=byte" : "");
}

}  // namespace swz
