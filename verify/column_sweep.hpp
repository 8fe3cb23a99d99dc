// The exact worst case of a column access by enumeration of every start,
// fast: where lane l at start (y0, c) touches what lane 0 touches at
// (y0 + l, c) (column_access), the phases of consecutive starts share all
// but one row, so each phase's cost is kept up to date as its window of rows
// slides down the column: O(1) per start instead of a bank rule over 32
// lanes. The figure and the start named are those of enumerating every
// start in order (exhaustion.hpp): the most wavefronts, at the smallest
// (y0, c) that has them. tests/verify/test_column_sweep.cpp compares the two.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "access_subject.hpp"
#include "layout_subject.hpp"
#include "sweep_pieces.hpp"

namespace swz::verify {

struct column_sweep_result {
    enum class status { done, declined, out_of_time };
    status state = status::declined;
    unsigned figure = 0;
    std::vector<std::uint64_t> start;  // (y0, c) or (y0, x)
    explicit operator bool() const { return state == status::done; }
};

// Declined when the access is not of that kind or some lane is illegal at
// some start (the caller's other paths then name the first).
column_sweep_result sweep_column_starts(access_subject const& w, std::chrono::steady_clock::time_point deadline,
                                        sweep_split split = {});

}  // namespace swz::verify
