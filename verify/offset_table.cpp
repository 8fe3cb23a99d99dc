#include "offset_table.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <vector>

namespace swz::verify {

layout_subject with_offset_table(layout_subject t, std::uint64_t period) {
    std::uint64_t const cols = t.cols();
    if (cols == 0 || !t.offset) return t;
    std::uint64_t rows = std::min<std::uint64_t>(t.rows(), offset_table_cells / cols);
    if (period) rows = std::min<std::uint64_t>(rows, period + 32);
    if (rows == 0) return t;
    // 0: not yet computed; else the offset plus one. Atomic, since the
    // properties' threads fill it together (each writes the same value).
    auto table = std::make_shared<std::vector<std::atomic<std::uint64_t>>>(rows * cols);
    t.offset = [table, rows, cols, direct = t.offset](std::uint64_t y, std::uint64_t x) {
        if (y >= rows || x >= cols) return direct(y, x);
        auto& slot = (*table)[y * cols + x];
        std::uint64_t const known = slot.load(std::memory_order_relaxed);
        if (known) return known - 1;
        std::uint64_t const v = direct(y, x);
        slot.store(v + 1, std::memory_order_relaxed);
        return v;
    };
    return t;
}

}  // namespace swz::verify
