// column_spread by enumeration, fast: the fewest distinct stored columns
// over the 32 rows y0 .. y0 + 31 at x, for y0 < starts and x < cols, and the
// first (y0, x) in that order with the fewest. Each row is computed once, a
// row at a time (layout_subject::row_offsets), every column keeping its own
// window as the rows go by; the starts cut into pieces, one a thread.
// tests/verify/test_column_sweep.cpp compares it with counting every window.
#pragma once

#include <chrono>
#include <cstdint>

#include "column_sweep.hpp"
#include "layout_subject.hpp"
#include "sweep_pieces.hpp"

namespace swz::verify {

column_sweep_result sweep_column_spread(layout_subject const& t, std::uint64_t starts, std::uint64_t cols, unsigned window,
                                        std::chrono::steady_clock::time_point deadline, sweep_split split = {});

}  // namespace swz::verify
