// The lanes the fast kernel's warp shuffles read from
// (swz/kernels/fast_transpose_lanes.hpp) must hold what the receiver needs,
// by the plan's own cell and task maps: for every plan the kernels ship,
// every warp, iteration and lane.
#include <catch2/catch.hpp>

#include <set>
#include <utility>

#include "swz/kernels/fast_transpose_configs.hpp"
#include "swz/kernels/fast_transpose_lanes.hpp"

using namespace swz;

namespace {

template <class Plan>
void check_load_lanes() {
    using lanes = fast_transpose_lanes<Plan>;
    constexpr unsigned K = Plan::rows_per_vector;
    std::set<std::pair<unsigned, unsigned>> extras_needed;  // (iteration, row-last lane)
    for (unsigned warp = 0; warp < Plan::warps; ++warp)
        for (unsigned it = 0; it < Plan::load_iterations; ++it)
            for (unsigned lane = 0; lane < 32; ++lane) {
                CAPTURE(warp, it, lane);
                auto const mine = Plan::load_cell(lane, warp, it);
                bool const last = mine.x == (Plan::chunks_per_row - 1) * K;
                REQUIRE(lanes::is_row_last(lane) == last);
                if (!last) {  // the next chunk of the same tile row
                    auto const next = Plan::load_cell(lanes::own_source_lane(lane), warp, it);
                    REQUIRE(next.y == mine.y);
                    REQUIRE(next.x == mine.x + K);
                    continue;
                }
                unsigned const holder = lanes::extra_holder(lane, it);  // holds exactly this row's extra
                REQUIRE(holder < 32);
                REQUIRE(lanes::holds_extra(holder));
                REQUIRE(lanes::extra_iteration(holder) == it);
                REQUIRE(lanes::extra_row_lane(holder) == lane);
                if (warp == 0) extras_needed.insert({it, lane});
            }
    // One holder per extra, and no holder without one.
    unsigned holders = 0;
    for (unsigned lane = 0; lane < 32; ++lane) holders += lanes::holds_extra(lane);
    REQUIRE(holders == extras_needed.size());
    REQUIRE(lanes::extra_offset_bytes == Plan::chunk_bytes);
}

template <class Plan>
void check_gather_lanes() {
    using lanes = fast_transpose_lanes<Plan>;
    std::multiset<unsigned> iterations;
    for (unsigned chain = 0; chain < lanes::chains; ++chain)
        for (unsigned k = 0; k < lanes::chain_length; ++k) iterations.insert(lanes::chain_iteration(chain, k));
    for (unsigned it = 0; it < Plan::gather_iterations; ++it) REQUIRE(iterations.count(it) == 1);  // chains partition them
    for (unsigned warp = 0; warp < Plan::warps; ++warp)
        for (unsigned chain = 0; chain < lanes::chains; ++chain)
            for (unsigned k = 0; k < lanes::chain_length; ++k)
                for (unsigned lane = 0; lane < 32; ++lane) {
                    CAPTURE(warp, chain, k, lane);
                    auto const mine = Plan::gather_task(lane, warp, lanes::chain_iteration(chain, k));
                    unsigned const source = lanes::gather_source_lane(lane);
                    REQUIRE(lanes::sends_next_block(source) == lanes::successor_in_next_block(lane));
                    if (mine.t + 1 == Plan::row_groups) continue;  // the tile's last row group: no successor
                    bool const later = lanes::successor_in_next_block(lane);
                    REQUIRE((!later || k + 1 < lanes::chain_length));
                    auto const next = Plan::gather_task(source, warp, lanes::chain_iteration(chain, later ? k + 1 : k));
                    REQUIRE(next.c == mine.c);
                    REQUIRE(next.w == mine.w);
                    REQUIRE(next.t == mine.t + 1);
                }
}

}  // namespace

TEMPLATE_TEST_CASE_SIG("load lanes: a neighbour's chunk, or a holder's extra, continues each tile row",
                       "[kernels][lanes]", ((unsigned E), E), 1, 2, 4, 8) {
    check_load_lanes<fast_plan_of<E, true>>();
    check_load_lanes<fast_plan_of<E, false>>();  // the plan of kernels that realign output rows
}

TEMPLATE_TEST_CASE_SIG("gather lanes: the source lane gathers the same output row's next vector", "[kernels][lanes]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    check_gather_lanes<fast_plan_of<E, true>>();
    check_gather_lanes<fast_plan_of<E, false>>();
}
