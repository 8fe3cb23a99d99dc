// The shared-memory tile layouts the transpose kernels use, in one list: the
// kernels take their tile types from here, and the certificate catalogue
// (proofs/) must hold a certificate for each entry.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/layout_params.hpp"

namespace swz {

enum class tile_kind { xor_swizzle, plain, padded };

struct kernel_layout {
    std::string_view kernel;  // the kernel variant that uses it, as --kernel names it
    tile_kind kind;
    layout_params params;     // NX, element size, TC (TC = element size for plain and padded tiles)
    std::uint32_t rows;       // rows of the tile
    std::uint32_t pad;        // padded tiles: elements after each row
};

// The fast kernels: tiles of rows x 128 or 256 bytes swizzled at 16-byte
// chunks, moved with 16-byte accesses. The article's kernels: 32 x 32
// elements, swizzled element-wide, padded by one element, or plain.
inline constexpr std::array<kernel_layout, 16> kernel_layouts{{
    {"fast_i8", tile_kind::xor_swizzle, fast_plan_for<1>::params(), fast_plan_for<1>::tile_rows, 0},
    {"fast_i16", tile_kind::xor_swizzle, fast_plan_for<2>::params(), fast_plan_for<2>::tile_rows, 0},
    {"fast_f32", tile_kind::xor_swizzle, fast_plan_for<4>::params(), fast_plan_for<4>::tile_rows, 0},
    {"fast_f64", tile_kind::xor_swizzle, fast_plan_for<8>::params(), fast_plan_for<8>::tile_rows, 0},
    {"article_swizzled_i8", tile_kind::xor_swizzle, {32, 1, 1}, 32, 0},
    {"article_swizzled_i16", tile_kind::xor_swizzle, {32, 2, 2}, 32, 0},
    {"article_swizzled_f32", tile_kind::xor_swizzle, {32, 4, 4}, 32, 0},
    {"article_swizzled_f64", tile_kind::xor_swizzle, {32, 8, 8}, 32, 0},
    {"article_padded_i8", tile_kind::padded, {32, 1, 1}, 32, 1},
    {"article_padded_i16", tile_kind::padded, {32, 2, 2}, 32, 1},
    {"article_padded_f32", tile_kind::padded, {32, 4, 4}, 32, 1},
    {"article_padded_f64", tile_kind::padded, {32, 8, 8}, 32, 1},
    {"article_plain_i8", tile_kind::plain, {32, 1, 1}, 32, 0},
    {"article_plain_i16", tile_kind::plain, {32, 2, 2}, 32, 0},
    {"article_plain_f32", tile_kind::plain, {32, 4, 4}, 32, 0},
    {"article_plain_f64", tile_kind::plain, {32, 8, 8}, 32, 0},
}};

}  // namespace swz
