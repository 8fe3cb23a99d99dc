// The plans of an element size's fast kernels, for tests that choose shapes
// around a tile's edges: those shapes must meet the edges of every tile the
// kernels use.
#pragma once

#include "swz/kernels/fast_transpose_configs.hpp"

namespace swz::test {

template <class Plan>
struct plan_tag {
    using type = Plan;
};

// f(plan_tag<Plan>{}) for the plan of the kernels with aligned output rows,
// then for that of the kernels that realign them where the config gives
// those a tile of their own (fast_plan_of).
template <unsigned E, class F>
void for_each_fast_plan(F&& f) {
    f(plan_tag<fast_plan_of<E, true>>{});
    if constexpr (has_realigning_plan<E>) f(plan_tag<fast_plan_of<E, false>>{});
}

}  // namespace swz::test
