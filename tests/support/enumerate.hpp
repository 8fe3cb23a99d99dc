// Brute force: every property and figure of a tile layout, by enumerating
// every cell, row, window and start on a tile small enough to enumerate.
// This is the independent reference the SMT verdicts are checked against;
// it shares only the layout's own offset map and the bank rule with the
// prover, not one line of encoding.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_set>
#include <vector>

#include "swz/bank_model.hpp"
#include "swz/layout/tile_shape.hpp"
#include "swz/tile_patterns.hpp"

namespace swz::testing {

using cell_map = std::function<std::uint64_t(std::uint64_t y, std::uint64_t x)>;
using unit_map = std::function<std::uint64_t(std::uint64_t)>;

struct concrete_tile {
    tile_shape shape;
    std::uint64_t pitch = 0;       // bytes between row starts
    std::uint64_t footprint = 0;   // bytes the tile may occupy
    std::uint32_t chunk = 0;       // bytes of a chunk
    cell_map offset;               // byte offset of (y, x)
    // A swizzle after a strided layout, for the involution of layouts that
    // move cells across rows: F on base offsets in units of `unit` bytes.
    std::uint32_t unit = 0;
    cell_map base;
    unit_map swizzle;

    std::uint64_t rows() const { return shape.rows; }
    std::uint64_t cols() const { return shape.cols(); }
    std::uint64_t column(std::uint64_t y, std::uint64_t x) const { return (offset(y, x) - y * pitch) / shape.elem; }
};

inline bool enumerated_bijection(concrete_tile const& t) {
    std::unordered_set<std::uint64_t> seen;
    for (std::uint64_t y = 0; y < t.rows(); ++y)
        for (std::uint64_t x = 0; x < t.cols(); ++x) {
            std::uint64_t const o = t.offset(y, x);
            if (o + t.shape.elem > t.footprint || !seen.insert(o).second) return false;
        }
    return true;
}

inline bool enumerated_row_locality(concrete_tile const& t) {
    for (std::uint64_t y = 0; y < t.rows(); ++y)
        for (std::uint64_t x = 0; x < t.cols(); ++x) {
            std::uint64_t const o = t.offset(y, x);
            if (o < y * t.pitch || o + t.shape.elem > y * t.pitch + t.shape.row_bytes) return false;
        }
    return true;
}

inline bool enumerated_row_permutation(concrete_tile const& t) {
    for (std::uint64_t y = 0; y < t.rows(); ++y) {
        std::vector<bool> seen(t.cols(), false);
        for (std::uint64_t x = 0; x < t.cols(); ++x) {
            std::uint64_t const c = t.column(y, x);
            if (c >= t.cols() || seen[c]) return false;
            seen[c] = true;
        }
    }
    return true;
}

inline bool enumerated_chunk_integrity(concrete_tile const& t) {
    std::uint64_t const k = t.chunk / t.shape.elem;
    for (std::uint64_t y = 0; y < t.rows(); ++y)
        for (std::uint64_t first = 0; first < t.cols(); first += k) {
            std::uint64_t const b = t.offset(y, first);
            if (b % t.chunk != 0) return false;
            for (std::uint64_t j = 0; j < k && first + j < t.cols(); ++j)
                if (t.offset(y, first + j) != b + j * t.shape.elem) return false;
        }
    return true;
}

// By rows where rows are kept, else by the swizzle on its own offsets.
inline bool enumerated_involution(concrete_tile const& t, bool rows_kept) {
    for (std::uint64_t y = 0; y < t.rows(); ++y)
        for (std::uint64_t x = 0; x < t.cols(); ++x) {
            if (rows_kept) {
                if (t.column(y, t.column(y, x)) != x) return false;
            } else {
                std::uint64_t const u = t.base(y, x) / t.unit;
                if (t.swizzle(t.swizzle(u)) != u) return false;
            }
        }
    return true;
}

inline bool enumerated_equal(concrete_tile const& a, cell_map const& other) {
    for (std::uint64_t y = 0; y < a.rows(); ++y)
        for (std::uint64_t x = 0; x < a.cols(); ++x)
            if (a.offset(y, x) != other(y, x)) return false;
    return true;
}

// The lanes' logical cells of each pattern, written out again here rather
// than taken from swz/tile_patterns.hpp, so a mistake there shows up.
struct cell {
    std::uint64_t y, x;
};

struct pattern_outcome {
    bool applicable = false;
    bool misaligned = false;  // some start makes a lane access an unaligned address
    unsigned worst = 0;
};

inline pattern_outcome enumerated_worst_wavefronts(concrete_tile const& t, tile_pattern p) {
    std::uint64_t const nx = t.cols(), k = t.chunk / t.shape.elem, c = nx / k;
    bool const chunk_wide = p == tile_pattern::row_chunk || p == tile_pattern::column_chunk;
    unsigned const width = chunk_wide ? t.chunk : t.shape.elem;
    // Chunk-wide patterns exist where one instruction moves a chunk: 4, 8, 16.
    if (chunk_wide && !(width == 4 || width == 8 || width == 16)) return {};
    std::vector<std::vector<cell>> starts;
    auto add = [&](auto&& lane_cell) {
        std::vector<cell> lanes;
        for (std::uint64_t l = 0; l < 32; ++l) lanes.push_back(lane_cell(l));
        starts.push_back(std::move(lanes));
    };
    switch (p) {
        case tile_pattern::row:
            for (std::uint64_t s = 0; s * 32 + 31 < t.rows() * nx; ++s)
                add([&](std::uint64_t l) { return cell{(s * 32 + l) / nx, (s * 32 + l) % nx}; });
            break;
        case tile_pattern::row_chunk:
            for (std::uint64_t s = 0; s * 32 + 31 < t.rows() * c; ++s)
                add([&](std::uint64_t l) { return cell{(s * 32 + l) / c, (s * 32 + l) % c * k}; });
            break;
        case tile_pattern::column:
            for (std::uint64_t y0 = 0; y0 + 31 < t.rows(); ++y0)
                for (std::uint64_t x = 0; x < nx; ++x) add([&](std::uint64_t l) { return cell{y0 + l, x}; });
            break;
        case tile_pattern::column_chunk:
            for (std::uint64_t y0 = 0; y0 + 31 < t.rows(); ++y0)
                for (std::uint64_t ch = 0; ch < c; ++ch) add([&](std::uint64_t l) { return cell{y0 + l, ch * k}; });
            break;
    }
    pattern_outcome out;
    out.applicable = !starts.empty();
    for (auto const& lanes : starts) {
        warp_access a;
        a.width = width;
        for (unsigned l = 0; l < 32; ++l) a.byte_address[l] = t.offset(lanes[l].y, lanes[l].x);
        if (!misaligned_lanes(a).empty()) {
            out.misaligned = true;
            continue;
        }
        out.worst = std::max(out.worst, bank_cost(a).wavefronts);
    }
    return out;
}

inline std::optional<unsigned> enumerated_min_spread(concrete_tile const& t) {
    if (t.rows() < 32) return std::nullopt;
    unsigned best = 33;
    for (std::uint64_t y0 = 0; y0 + 31 < t.rows(); ++y0)
        for (std::uint64_t x = 0; x < t.cols(); ++x) {
            std::vector<std::uint64_t> v;
            for (std::uint64_t i = 0; i < 32; ++i) v.push_back(t.column(y0 + i, x));
            std::sort(v.begin(), v.end());
            best = std::min(best, unsigned(std::unique(v.begin(), v.end()) - v.begin()));
        }
    return best;
}

// Whether f(y, x) == g(y, x) on every cell.
inline bool agree_everywhere(concrete_tile const& t, std::function<std::uint64_t(std::uint64_t, std::uint64_t)> const& f,
                             std::function<std::uint64_t(std::uint64_t, std::uint64_t)> const& g) {
    for (std::uint64_t y = 0; y < t.rows(); ++y)
        for (std::uint64_t x = 0; x < t.cols(); ++x)
            if (f(y, x) != g(y, x)) return false;
    return true;
}

}  // namespace swz::testing
