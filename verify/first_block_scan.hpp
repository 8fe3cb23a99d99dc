// Where a swizzle is XOR by one value a block and by none in the first
// (swizzle_view::xor_block_bytes), rows wholly in the first block are the
// strided layout's: a property the strided layout keeps (row_locality,
// row_xor) fails first in a row from X / pitch on. The first cell there,
// in (y, x) order, where `fails` holds, scanning about 2^18 cells: the
// smallest counterexample, handed to the solver as its candidate
// (cute:3,4,16,unit=byte@pad:8 on rows of 2636 fails in row 396, where the
// solver's first model took 4.2 s).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "layout_subject.hpp"

namespace swz::verify {

template <class Fails>
std::optional<std::vector<std::uint64_t>> first_failing_cell_past_first_block(layout_subject const& t, Fails fails) {
    if (!t.swizzle || t.swizzle->xor_block_bytes == 0 || t.pitch == 0 || t.cols() == 0) return std::nullopt;
    std::uint64_t const from = t.swizzle->xor_block_bytes / t.pitch, cols = t.cols();
    std::uint64_t const to = std::min(t.rows(), from + std::max<std::uint64_t>(1, (std::uint64_t(1) << 18) / cols));
    for (std::uint64_t y = from; y < to; ++y)
        for (std::uint64_t x = 0; x < cols; ++x)
            if (fails(y, x)) return std::vector<std::uint64_t>{y, x};
    return std::nullopt;
}

}  // namespace swz::verify
