// The gather's read addresses in the forms the kernels compute them
// (fast_transpose_plan::gather_read_byte: a base per iteration, one XOR
// per read; gather_read_byte_by_cell, the aligned int8 kernel's) must be
// the tile cells the plan describes (gather_cell through shared_byte), for
// every lane, warp, iteration and read of every shipped plan, striped
// tiles too. swz-verify --kernel proves the XOR form's bank
// costs and coverage; this ties it to the cells the emulation transposes.
#include <catch2/catch.hpp>

#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/tma_swizzle.hpp"

using namespace swz;

namespace {

template <class Plan>
void check_gather_form() {
    std::size_t differ = 0, reads = 0;
    for (unsigned warp = 0; warp < Plan::warps; ++warp)
        for (unsigned it = 0; it < Plan::gather_iterations; ++it)
            for (unsigned lane = 0; lane < 32; ++lane)
                for (unsigned k = 0; k < Plan::rows_per_vector; ++k) {
                    auto const cell = Plan::gather_cell(lane, warp, it, k);
                    unsigned const want = Plan::shared_byte(cell.y, cell.x);
                    differ += Plan::template gather_read_byte<unsigned>(lane, warp, it, k) != want;
                    differ += Plan::template gather_read_byte_by_cell<unsigned>(lane, warp, it, k) != want;
                    ++reads;
                }
    CAPTURE(Plan::elem, Plan::tile_rows, Plan::row_bytes, Plan::strip_bytes);
    REQUIRE(reads == std::size_t(Plan::warps) * Plan::gather_iterations * 32 * Plan::rows_per_vector);
    REQUIRE(differ == 0);
}

}  // namespace

TEST_CASE("the gather's XOR form reads the plan's cells", "[kernels][gather]") {
    check_gather_form<fast_plan_for<1>>();
    check_gather_form<fast_plan_for<2>>();
    check_gather_form<fast_plan_for<4>>();
    check_gather_form<fast_plan_for<8>>();
    check_gather_form<fast_plan_for<1>::striped<tma_swizzle_row>>();
    check_gather_form<fast_plan_for<2>::striped<tma_swizzle_row>>();
    check_gather_form<fast_plan_for<4>::striped<tma_swizzle_row>>();
    check_gather_form<fast_plan_for<8>::striped<tma_swizzle_row>>();
    // Other shapes of the same plan: taller and shorter tiles, wider rows.
    check_gather_form<fast_transpose_plan<1, 256, 128, 256>>();
    check_gather_form<fast_transpose_plan<2, 128, 256, 256>>();
    check_gather_form<fast_transpose_plan<4, 32, 512, 256>>();
    check_gather_form<fast_transpose_plan<8, 128, 256, 512>>();
    // Gathers of 8 bytes for every size (swz-bench --tune's plan 3), and of
    // 4 for floats (their plan before stop 26).
    check_gather_form<fast_transpose_plan<1, 256, 128, 256, 128, 8>>();
    check_gather_form<fast_transpose_plan<2, 128, 128, 256, 128, 8>>();
    check_gather_form<fast_plan_for<4>::gathering<4>>();
}
