// The exact worst case of a row access by enumeration of every start, fast:
// where lane l at start s touches unit 32 s + l of the tile, row by row
// (row_access), the starts together touch each unit of the rows they reach
// once, so the rows are computed one at a time (access_subject::row_units)
// and each start's 32 lanes go through the bank rule. The figure and the
// start named are those of enumerating every start in order
// (exhaustion.hpp): the most wavefronts, at the smallest s that has them.
// tests/verify/test_row_sweep.cpp compares the two.
#pragma once

#include <chrono>

#include "access_subject.hpp"
#include "column_sweep.hpp"

namespace swz::verify {

// Declined when the access is not of that kind or some unit of a row it
// reaches is no legal lane (the caller's other paths then name the first).
column_sweep_result sweep_row_starts(access_subject const& w, std::chrono::steady_clock::time_point deadline,
                                     sweep_split split = {1u << 14, 0});

}  // namespace swz::verify
