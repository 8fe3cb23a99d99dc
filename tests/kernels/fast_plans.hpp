// The plans of an element size's fast kernels, for tests that choose shapes
// around a tile's edges: those shapes must meet the edges of every tile the
// kernels use.
#pragma once

#include <cstddef>
#include <vector>

#include "swz/kernels/fast_transpose_configs.hpp"
#include "transpose_check.hpp"

namespace swz::test {

template <class Plan>
struct plan_tag {
    using type = Plan;
};

// f(plan_tag<Plan>{}) for the plan of the kernels with aligned output rows,
// then for that of the kernels that realign them where the config gives
// those a tile of their own (fast_plan_of), then for that of large
// matrices where it has one (fast_plan_wide).
template <unsigned E, class F>
void for_each_fast_plan(F&& f) {
    f(plan_tag<fast_plan_of<E, true>>{});
    if constexpr (has_realigning_plan<E>) f(plan_tag<fast_plan_of<E, false>>{});
    if constexpr (has_wide_plan<E>) f(plan_tag<fast_plan_wide<E>>{});
}

// Tall matrices with rows aligned on both sides (E-byte elements, bases
// 32-byte aligned), where halves run the realigning plan with the aligned
// kernels (tall_takes_realigning_plan): exactly tall; output pitch 16 mod
// 32 bytes (Sectors); gaps after output rows; a last tile column one
// element wide (input pitch padded to stay aligned); gaps after input rows
// and between output matrices, a batch. The emulation and the GPU tests
// run the same list.
inline std::vector<transpose_shape> tall_aligned_shapes(std::size_t elem) {
    std::size_t const g = 16 / elem;  // elements in 16 bytes
    return {shape_of(2048, 64), shape_of(2048, 64, 0, g), shape_of(3104, 96, 0, 2 * g),
            shape_of(2080, 65, (65 + g - 1) / g * g - 65, 0), shape_of(2048, 64, g, 0, 3, 0, g)};
}

}  // namespace swz::test
