// A bit-linear map over GF(2), as Triton's LinearLayout writes a shared
// layout: bit k of the input offset contributes image[k], and the images
// of the set bits are XORed:
//
//   f(i) = XOR over k with bit k of i set: image[k]
//
// The identity has image[k] = 2^k; a swizzle XORs extra bits into some
// images. swz applies it to element offsets of a row-major tile
// (swizzled.hpp), so `linear:1,2,4,...` is given as element offsets.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

#include "swz/config.hpp"
#include "swz/layout/spec_args.hpp"

namespace swz {

struct gf2_map {
    static constexpr unsigned max_bits = 48;
    unsigned bits = 0;                      // the input offset's bits: it maps 0 .. 2^bits - 1
    std::uint64_t image[max_bits] = {};

    template <class V>
    SWZ_HOST_DEVICE constexpr V operator()(V offset) const {
        V out = offset & 0u;
        for (unsigned k = 0; k < bits; ++k) out = out ^ ((offset >> k) & 1u) * image[k];
        return out;
    }

    // The low bits the map leaves alone: image[k] = 2^k, and no other image
    // touches them. A run of 2^granule_bits() offsets then stays whole.
    SWZ_HOST_DEVICE constexpr unsigned granule_bits() const {
        unsigned j = 0;
        while (j < bits && image[j] == (std::uint64_t(1) << j)) {
            std::uint64_t const low = (std::uint64_t(2) << j) - 1;
            bool clean = true;
            for (unsigned k = j + 1; k < bits; ++k) clean = clean && (image[k] & low) == 0;
            if (!clean) break;
            ++j;
        }
        return j;
    }

    std::string text() const {
        std::string s;
        for (unsigned k = 0; k < bits; ++k) {
            if (k) s += ',';
            s += std::to_string(image[k]);
        }
        return s;
    }
};

// "linear:i0,i1,...": the image of each bit of the element offset.
inline std::variant<gf2_map, spec_error> parse_linear(spec_args const& a) {
    if (auto e = only_keys(a, {})) return *e;
    auto const p = positional(a);
    if (p.empty()) return spec_error{"'" + a.text + "': linear needs the image of each offset bit"};
    if (p.size() > gf2_map::max_bits)
        return spec_error{"'" + a.text + "': at most " + std::to_string(gf2_map::max_bits) + " images"};
    gf2_map m;
    m.bits = unsigned(p.size());
    for (unsigned k = 0; k < m.bits; ++k) {
        auto const v = spec_integer(a, "image " + std::to_string(k), p[k], 0, (std::int64_t(1) << 48) - 1);
        if (auto const* e = std::get_if<spec_error>(&v)) return *e;
        m.image[k] = std::uint64_t(std::get<std::int64_t>(v));
    }
    return m;
}

}  // namespace swz
