// The shared-memory tile of every transpose kernel, in one list, taken from
// the kernels' own plans (swz/kernels/): the certificate catalogue (proofs/)
// must hold a certificate for each, and swz-verify --kernel checks each
// access against its tile's shape.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "swz/kernels/article_tiles.hpp"
#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/layout/tile_shape.hpp"

namespace swz {

struct kernel_tile {
    std::string_view kernel;  // the kernel variant, as --kernel names it
    std::string spec;         // its layout, as --layout writes it
    tile_shape shape;         // rows, row bytes, element size
    std::uint32_t pitch;      // bytes between the starts of two rows
};

namespace detail {

// Each kernel variant's name per element size, as --kernel takes it: the
// tile list here and the catalogue (swz/kernels/kernel_catalog.hpp) both
// read it, and the catalogue finds a kernel's tile by it.
template <unsigned Elem>
struct kernel_names;
template <>
struct kernel_names<1> {
    static constexpr std::string_view fast = "fast_i8", fast_realigning = "fast_i8_realigning",
                                      fast_wide = "fast_i8_wide", article_swizzled = "article_swizzled_i8",
                                      article_padded = "article_padded_i8", article_plain = "article_plain_i8";
};
template <>
struct kernel_names<2> {
    static constexpr std::string_view fast = "fast_i16", fast_realigning = "fast_i16_realigning",
                                      fast_wide = "fast_i16_wide", article_swizzled = "article_swizzled_i16",
                                      article_padded = "article_padded_i16", article_plain = "article_plain_i16";
};
template <>
struct kernel_names<4> {
    static constexpr std::string_view fast = "fast_f32", fast_realigning = "fast_f32_realigning",
                                      fast_wide = "fast_f32_wide", article_swizzled = "article_swizzled_f32",
                                      article_padded = "article_padded_f32", article_plain = "article_plain_f32";
};
template <>
struct kernel_names<8> {
    static constexpr std::string_view fast = "fast_f64", fast_realigning = "fast_f64_realigning",
                                      fast_wide = "fast_f64_wide", article_swizzled = "article_swizzled_f64",
                                      article_padded = "article_padded_f64", article_plain = "article_plain_f64";
};

template <class Plan>
kernel_tile fast_kernel_tile(std::string_view name) {
    return {name, typename Plan::tile_layout{}.spec(), Plan::shape(), Plan::row_bytes};
}

// The element size's fast kernels: one tile, a second for the kernels that
// realign output rows (fast_plan_of) and a third for large matrices
// (fast_plan_wide) where the config names them.
template <unsigned Elem>
void add_fast_kernel_tiles(std::vector<kernel_tile>& out) {
    using names = kernel_names<Elem>;
    out.push_back(fast_kernel_tile<fast_plan_for<Elem>>(names::fast));
    if constexpr (has_realigning_plan<Elem>) out.push_back(fast_kernel_tile<fast_plan_of<Elem, false>>(names::fast_realigning));
    if constexpr (has_wide_plan<Elem>) out.push_back(fast_kernel_tile<fast_plan_wide<Elem>>(names::fast_wide));
}

template <unsigned Elem>
void add_article_kernel_tiles(std::vector<kernel_tile>& out) {
    using t = article_tiles<Elem>;
    using names = kernel_names<Elem>;
    out.push_back({names::article_swizzled, t::swizzled.spec(), t::shape, t::shape.row_bytes});
    out.push_back({names::article_padded, t::padded.spec(t::shape.row_bytes), t::shape, t::padded.pitch});
    out.push_back({names::article_plain, t::plain.spec(t::shape.row_bytes), t::shape, t::plain.pitch});
}

}  // namespace detail

// The fast kernels: tiles of rows x 128 or 256 bytes swizzled at 16-byte
// chunks, moved with 16-byte accesses (halves realigning output rows, and
// large halves, on tiles of their own). The article's kernels: 32 x 32
// elements, swizzled element-wide, padded by one element, or plain.
inline std::vector<kernel_tile> kernel_tiles() {
    std::vector<kernel_tile> out;
    detail::add_fast_kernel_tiles<1>(out);
    detail::add_fast_kernel_tiles<2>(out);
    detail::add_fast_kernel_tiles<4>(out);
    detail::add_fast_kernel_tiles<8>(out);
    detail::add_article_kernel_tiles<1>(out);
    detail::add_article_kernel_tiles<2>(out);
    detail::add_article_kernel_tiles<4>(out);
    detail::add_article_kernel_tiles<8>(out);
    return out;
}

inline kernel_tile kernel_tile_named(std::string_view name) {
    for (auto const& t : kernel_tiles())
        if (t.kernel == name) return t;
    return {};
}

}  // namespace swz
