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
#include <string>

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

// The lanes of each built-in access, written out again here from the
// access's documented meaning (README, swz/access/*.hpp) rather than taken
// from the model, so a mistake there shows up: each lane's (row, byte in
// the logical row), the bytes it moves, and the lanes that supply addresses.
struct lane_place {
    std::uint64_t y, xb;
};

struct pattern_outcome {
    bool applicable = false;
    bool illegal = false;  // some start makes a lane misaligned or split
    unsigned worst = 0;
    std::size_t first_worst = 0;  // the first start (in enumerated_starts' order) that costs `worst`
    std::size_t first_illegal = 0;  // where `illegal`: the first illegal start, in the same order
};

struct access_shape {
    unsigned width;              // bytes one lane moves
    unsigned lanes;              // address-supplying lanes
    std::vector<std::vector<lane_place>> starts;  // every start, lanes in order
};

inline access_shape enumerated_starts(concrete_tile const& t, std::string const& name) {
    std::uint64_t const rb = t.shape.row_bytes, rows = t.rows();
    access_shape a{t.shape.elem, 32, {}};
    auto add = [&](auto&& at) {
        std::vector<lane_place> lanes;
        for (std::uint64_t l = 0; l < a.lanes; ++l) lanes.push_back(at(l));
        a.starts.push_back(std::move(lanes));
    };
    auto row_major = [&](unsigned w) {  // unit s*32 + l of the tile, w bytes each
        a.width = w;
        if (rb % w) return;
        for (std::uint64_t s = 0; (s * 32 + 31) * w < rows * rb; ++s)
            add([&](std::uint64_t l) { return lane_place{(s * 32 + l) * w / rb, (s * 32 + l) * w % rb}; });
    };
    auto column = [&](unsigned w) {  // row y0 + l at byte column c*w
        a.width = w;
        if (rb % w) return;
        for (std::uint64_t y0 = 0; y0 + 31 < rows; ++y0)
            for (std::uint64_t c = 0; c * w < rb; ++c) add([&](std::uint64_t l) { return lane_place{y0 + l, c * w}; });
    };
    auto fragment = [&](unsigned matrices) {  // 16-byte rows of 8x8 matrices
        a.width = 16;
        a.lanes = 8 * matrices;
        std::uint64_t const h = matrices == 4 ? 16 : 8, blocks = matrices == 1 ? 1 : 2;
        if (rb % 16 || rows < h || rb / 16 < blocks) return;
        for (std::uint64_t y0 = 0; y0 + h <= rows; ++y0)
            for (std::uint64_t c = 0; (c + blocks) * 16 <= rb; ++c)
                add([&](std::uint64_t l) { return lane_place{y0 + l % h, (c + l / h) * 16}; });
    };
    if (name == "row") row_major(t.shape.elem);
    else if (name == "row-chunk") row_major(t.chunk);
    else if (name == "column") column(t.shape.elem);
    else if (name == "column-chunk") column(t.chunk);
    else if (name.rfind("row.", 0) == 0) row_major(unsigned(std::stoul(name.substr(4))));
    else if (name.rfind("column.", 0) == 0) column(unsigned(std::stoul(name.substr(7))));
    else if (name.rfind("cp.async.", 0) == 0) row_major(unsigned(std::stoul(name.substr(9))));
    else if (name.rfind("ldmatrix.x", 0) == 0 || name.rfind("stmatrix.x", 0) == 0) fragment(unsigned(name[10] - '0'));
    return a;
}

inline pattern_outcome enumerated_worst_wavefronts(concrete_tile const& t, std::string const& name) {
    access_shape const s = enumerated_starts(t, name);
    pattern_outcome out;
    // Chunk-wide accesses exist where one instruction moves a chunk.
    if (!(s.width == 1 || s.width == 2 || s.width == 4 || s.width == 8 || s.width == 16)) return out;
    out.applicable = !s.starts.empty();
    std::uint64_t const e = t.shape.elem;
    for (auto const& lanes : s.starts) {
        warp_access a;
        a.width = s.width;
        // cp.async of 16 bytes is charged by transfers, not banks (BANK-MODEL.md).
        if (name == "cp.async.16") a.rule = phase_rule::async_copy_16;
        bool split = false;
        for (unsigned l = 0; l < 32; ++l) {
            a.active[l] = l < s.lanes;
            if (!a.active[l]) continue;
            std::uint64_t const x = lanes[l].xb / e, byte = t.offset(lanes[l].y, x) + lanes[l].xb % e;
            a.byte_address[l] = byte;
            for (std::uint64_t k = 1; k * e < s.width; ++k) split |= t.offset(lanes[l].y, x + k) != byte + k * e;
        }
        if (split || !misaligned_lanes(a).empty()) {
            if (!out.illegal) out.first_illegal = std::size_t(&lanes - s.starts.data());
            out.illegal = true;
            continue;
        }
        unsigned const cost = bank_cost(a).wavefronts;
        if (cost > out.worst) out.worst = cost, out.first_worst = std::size_t(&lanes - s.starts.data());
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
