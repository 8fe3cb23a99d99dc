// Vectors over GF(2) in echelon form, each tagged with the inputs XORed
// into it: Gaussian elimination for the rank and kernel of a GF(2) layout
// (verify/linear_rank.cpp) and for inverting one (ttgir_encoding.hpp's
// shared_linear). Each row's leading bit is its own; rows are kept highest
// first, so one sweep clears every leading bit of a vector. Host only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "swz/pow2.hpp"

namespace swz {

struct gf2_echelon {
    struct row {
        std::uint64_t value = 0;  // the reduced vector
        std::uint64_t from = 0;   // the XOR of the tags of the inputs in it
    };
    std::vector<row> rows;  // by leading bit, highest first

    // v (tagged `from`) reduced against the rows: value 0 exactly when v
    // lies in their span, `from` then the tags that sum to it.
    row reduce(std::uint64_t v, std::uint64_t from = 0) const {
        for (auto const& r : rows)
            if ((v >> log2_floor(r.value)) & 1u) v ^= r.value, from ^= r.from;
        return {v, from};
    }

    // Adds v (tagged `from`); returns its reduction, a new row unless 0.
    row add(std::uint64_t v, std::uint64_t from) {
        row const r = reduce(v, from);
        if (r.value != 0)
            rows.insert(std::upper_bound(rows.begin(), rows.end(), r,
                                         [](row const& a, row const& b) { return a.value > b.value; }),
                        r);
        return r;
    }
};

}  // namespace swz
