// What one piece of a sweep found (sweep_pieces.hpp): the best figure of its
// starts (the most wavefronts, or the fewest distinct columns) at the
// smallest start in canonical order that has it, or why it stopped; and the
// pieces' results merged into the sweep's.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "column_sweep.hpp"
#include "sweep_pieces.hpp"

namespace swz::verify {

template <bool Most>
struct sweep_best {
    enum class state {
        done,
        declined,     // an illegal lane: the caller's other paths name it
        fallback,     // the fast sweep cannot decide this access; a slower one can
        out_of_time,
    };
    state outcome = state::done;
    bool found = false;
    unsigned figure = 0;
    std::array<std::uint64_t, 2> start{};

    static sweep_best stopped(state why) {
        sweep_best b;
        b.outcome = why;
        return b;
    }
    bool better(unsigned v) const { return Most ? v > figure : v < figure; }
    // Offered in any order: the best figure, and of those the smallest start.
    void offer(unsigned v, std::uint64_t first, std::uint64_t second = 0) {
        if (found && !better(v) && (v != figure || std::array<std::uint64_t, 2>{first, second} >= start)) return;
        found = true, figure = v, start = {first, second};
    }
    void offer(sweep_best const& other) {
        if (other.found) offer(other.figure, other.start[0], other.start[1]);
    }
};

// A piece's columns a block at a time (sweep_pieces.hpp's column_block, so
// that the block's windows stay in the nearest cache while its rows go by):
// block(c) for each, the first that stops returned, else the best of all.
template <bool Most, class Block>
sweep_best<Most> over_column_blocks(std::uint64_t cols, Block block) {
    sweep_best<Most> best;
    for (std::uint64_t c = 0; c < cols; c += columns_per_block) {
        sweep_best<Most> const got = block(column_block{c, std::min(cols, c + columns_per_block)});
        if (got.outcome != sweep_best<Most>::state::done) return got;
        best.offer(got);
    }
    return best;
}

using most_wavefronts = sweep_best<true>;
using fewest_columns = sweep_best<false>;

// The sweep's result from its pieces' (in canonical order), naming `vars`
// start variables; declined where a piece declined, out of time where one
// ran out; `fallback` set (and nothing decided) where a piece says so.
template <bool Most>
column_sweep_result merged(std::vector<sweep_best<Most>> const& pieces, unsigned vars, bool* fallback = nullptr) {
    using status = column_sweep_result::status;
    using state = typename sweep_best<Most>::state;
    for (auto const& p : pieces)
        if (p.outcome == state::declined) return {};
    for (auto const& p : pieces)
        if (p.outcome == state::fallback) {
            if (fallback) *fallback = true;
            return {};
        }
    for (auto const& p : pieces)
        if (p.outcome == state::out_of_time) return {status::out_of_time, 0, {}};
    sweep_best<Most> best;
    for (auto const& p : pieces) best.offer(p);
    if (!best.found) return {};
    return {status::done, best.figure, std::vector<std::uint64_t>(best.start.begin(), best.start.begin() + vars)};
}

}  // namespace swz::verify
