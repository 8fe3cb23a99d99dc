// The realigning gather (swz/kernels/fast_transpose_realign.hpp) must read,
// for every lane, the tile rows of its output row's aligned 16-byte chunk:
// its shift must land the chunk on a 16-byte boundary of the real output
// address, for every output misalignment and pitch, every tile column and
// row group; and it must read the plan's column, rows only moved.
#include <catch2/catch.hpp>

#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/kernels/fast_transpose_realign.hpp"

using namespace swz;

namespace {

template <class Plan>
void check_shifts() {
    using plan = Plan;
    constexpr unsigned E = plan::elem;
    using realign = fast_transpose_realign<plan>;
    constexpr unsigned K = plan::rows_per_vector;
    for (unsigned out_mis = 0; out_mis < 16; out_mis += E)
        for (unsigned pitch = E; pitch <= 64 + 16; pitch += E) {  // every residue mod 16, beyond one chunk
            unsigned const phase = realign::phase_of(out_mis / E, pitch / E % K);
            REQUIRE(phase < realign::phases);
            for (unsigned warp = 0; warp < plan::warps; ++warp)
                for (unsigned it = 0; it < plan::gather_iterations; ++it)
                    for (unsigned lane = 0; lane < 32; ++lane) {
                        CAPTURE(E, out_mis, pitch, warp, it, lane);
                        auto const g = plan::gather_task(lane, warp, it);
                        for (unsigned col0 : {0u, plan::nx, 7 * plan::nx})  // a tile's first column
                            for (unsigned row0 : {0u, plan::tile_rows - K, 5 * (plan::tile_rows - K)}) {
                                unsigned const out_row = col0 + g.c * K + g.w;
                                unsigned const s = realign::shift(lane, phase);
                                REQUIRE(s < K);
                                unsigned const at = out_mis + out_row * pitch + (row0 + g.t * K + s) * E;
                                REQUIRE(at % 16 == 0);
                            }
                        for (unsigned k = 0; k < K; ++k) {
                            auto const moved = realign::gather_cell(lane, warp, it, k, phase);
                            auto const plain = plan::gather_cell(lane, warp, it, k);
                            REQUIRE(moved.x == plain.x);
                            REQUIRE(moved.y == (plain.y + realign::shift(lane, phase)) % plan::tile_rows);
                        }
                    }
        }
}

}  // namespace

TEST_CASE("the realigning gather reads each output row's aligned chunks", "[kernels][realign]") {
    // Floats gather one a read in this form (the shipped plan gathers two
    // since stop 26, and realigns by shuffles).
    check_shifts<fast_plan_for<4>::gathering<4>>();
    check_shifts<fast_plan_for<8>>();
}
