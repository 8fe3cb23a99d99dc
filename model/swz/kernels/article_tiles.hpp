// The three 32 x 32 tiles of the article's transpose kernels, spelled once:
// the kernels (swz/transpose.cuh), swz-verify --kernel, the certificate
// catalogue and the tests all take them from here.
//
//   swizzled  the article's formula, x ^ (y % 32), TC = the element
//   padded    32 x 33 elements: one element of padding after each row
//   plain     32 x 32 elements, no swizzle (the conflict baseline)
#pragma once

#include "swz/layout/article.hpp"
#include "swz/layout/strided.hpp"
#include "swz/layout/tile_shape.hpp"
#include "swz/layout_params.hpp"

namespace swz {

template <unsigned Elem>
struct article_tiles {
    static constexpr unsigned side = 32;
    static constexpr tile_shape shape{side, side * Elem, Elem};
    static constexpr article_layout<static_layout<side, Elem, Elem>> swizzled{};
    static constexpr strided_layout padded{Elem, (side + 1) * Elem};
    static constexpr strided_layout plain{Elem, side * Elem};
};

}  // namespace swz
