// What the fast column sweep keeps of each column: its last rows' bank
// groups, which of them count (the first row of each unit in the window),
// and the distinct units per bank group (column_sweep.cpp).
#pragma once

#include <cstdint>

#include "swz/bank_model.hpp"

namespace swz::verify {

// One column's window of its last N rows: each row's bank group and
// whether it counts (the first row of its unit in the window); Counter
// keeps the distinct units per group as rows count and stop counting.
template <unsigned N, class Counter>
struct unit_window {
    std::uint8_t group[N];
    std::uint64_t counts = 0;  // bit i: the row in slot i counts
    // Row k of the piece (its unit new to the column, or its predecessor's)
    // enters slot k % N; the row N before it leaves, and the window's new
    // first row counts from now on if it did not.
    void slide(std::uint64_t k, std::uint8_t g, bool fresh, Counter& held) {
        unsigned const slot = unsigned(k % N);
        if (k >= N) {
            if (counts >> slot & 1) held.leave(group[slot]);
            unsigned const first = unsigned((k + 1) % N);
            if (!(counts >> first & 1)) counts |= std::uint64_t(1) << first, held.enter(group[first]);
        }
        group[slot] = g;
        counts = (counts & ~(std::uint64_t(1) << slot)) | (std::uint64_t(fresh) << slot);
        if (fresh) held.enter(g);
    }
};

// Distinct units per group, for one phase of 32 lanes.
struct group_counts {
    std::uint8_t held[warp_lanes] = {};
    void enter(unsigned g) { ++held[g]; }
    void leave(unsigned g) { --held[g]; }
};

// The same for phases of N lanes, with the groups per count and the most
// crowded group's count kept as units come and go.
template <unsigned N>
struct group_histogram {
    std::uint8_t held[N] = {};
    std::uint8_t with_count[N + 1] = {N};
    std::uint8_t most = 0;
    void enter(unsigned g) {
        unsigned const n = held[g]++;
        --with_count[n], ++with_count[n + 1];
        if (n + 1 > most) most = std::uint8_t(n + 1);
    }
    void leave(unsigned g) {
        unsigned const n = held[g]--;
        --with_count[n], ++with_count[n - 1];
        if (most == n && with_count[n] == 0) --most;
    }
};

}  // namespace swz::verify
