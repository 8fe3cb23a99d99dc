// What the fast column sweep keeps of each column: its last rows' bank
// groups, which of them count (the first row of each unit in the window),
// and the distinct units per bank group (column_sweep.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

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

// A block of columns' windows of one phase's rows (N = lanes_per_phase(W)
// rows of W-byte units), a row of units entering at a time: each column's
// unit_window and group_histogram, and the cost (the most distinct units one
// bank group holds) of its windows that began in the last `remembered` rows.
template <unsigned W>
class phase_windows {
public:
    static constexpr unsigned rows = lanes_per_phase(W);
    static constexpr unsigned remembered = 32;

    explicit phase_windows(std::uint64_t columns)
        : previous_(columns), window_(columns), held_(columns), cost_from_(columns * remembered, 0) {}

    // Row y, the k-th of the piece, its columns' unit addresses; false where
    // a column's units fall (a layout that moves cells across rows).
    bool enter(std::uint64_t y, std::uint64_t k, std::uint64_t const* address) {
        for (std::size_t i = 0; i < previous_.size(); ++i) {
            std::uint64_t const u = bank_unit(address[i], W);
            if (k > 0 && u < previous_[i]) return false;
            bool const fresh = k == 0 || u != previous_[i];
            previous_[i] = u;
            window_[i].slide(k, std::uint8_t(bank_group(address[i], W)), fresh, held_[i]);
            if (k + 1 >= rows) cost_from_[i * remembered + (y + 1 - rows) % remembered] = held_[i].most;
        }
        return true;
    }
    // The cost of column i's window of rows s .. s + rows - 1, entered in full
    // and begun in the last `remembered` rows.
    unsigned cost(std::uint64_t i, std::uint64_t s) const { return cost_from_[i * remembered + s % remembered]; }

private:
    std::vector<std::uint64_t> previous_;  // each column's unit in the last row
    std::vector<unit_window<rows, group_histogram<rows>>> window_;
    std::vector<group_histogram<rows>> held_;
    std::vector<std::uint8_t> cost_from_;
};

}  // namespace swz::verify
