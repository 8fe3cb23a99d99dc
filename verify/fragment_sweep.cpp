#include "fragment_sweep.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "swz/bank_model.hpp"
#include "sweep_best.hpp"
#include "unit_window.hpp"

namespace swz::verify {

namespace {

constexpr unsigned unit_width = 16;                           // a matrix row
constexpr unsigned per_phase = lanes_per_phase(unit_width);  // 8 rows a phase

// One phase: rows y0 + dy .. y0 + dy + 7 of unit column c + dc.
struct phase_place {
    std::uint64_t dy, dc;
};

using piece_worst = most_wavefronts;
using piece_state = piece_worst::state;

// Starts y0 in [p.begin, p.end) at start columns `cols`; rows up to the
// fragment's last, unit columns up to its last.
piece_worst sweep_block(access_subject const& w, std::vector<phase_place> const& phases, std::uint64_t height,
                        std::uint64_t reach, piece p, column_block cols, std::chrono::steady_clock::time_point deadline) {
    piece_worst best;
    std::uint64_t const starts = cols.end - cols.begin, n = starts + reach, end_row = p.end + height - 1;
    std::vector<std::uint64_t> address(n);
    phase_windows<unit_width> costs(n);
    for (std::uint64_t y = p.begin; y < end_row; ++y) {
        std::uint64_t const k = y - p.begin;
        if (k % 64 == 0 && std::chrono::steady_clock::now() > deadline) return piece_worst::stopped(piece_state::out_of_time);
        if (!w.row_units(y, cols.begin, n, address.data()) || !costs.enter(y, k, address.data()))
            return piece_worst::stopped(piece_state::declined);
        if (k + 1 < height) continue;
        std::uint64_t const y0 = y + 1 - height;  // the start whose last row this is
        for (std::uint64_t i = 0; i < starts; ++i) {
            unsigned cost = 0;
            for (auto const& ph : phases) cost += costs.cost(i + ph.dc, y0 + ph.dy);
            best.offer(cost, y0, cols.begin + i);
        }
    }
    return best;
}

// The same starts, each 8-row window of a unit column costed once by the
// bank rule's own code (bank_phase_cost_of_width) from the last rows kept,
// and a start's phases summed from those windows: for a layout whose units
// fall down a column (a GF(2) layout that mixes rows), which the sliding
// windows above cannot take.
piece_worst sweep_block_direct(access_subject const& w, std::vector<phase_place> const& phases, std::uint64_t height,
                               std::uint64_t reach, piece p, column_block cols, std::chrono::steady_clock::time_point deadline) {
    piece_worst best;
    std::uint64_t const starts = cols.end - cols.begin, n = starts + reach, end_row = p.end + height - 1;
    std::vector<std::uint64_t> recent(height * n);  // row y's units at (y % height) * n
    std::vector<unsigned> window(height * n);       // the window from row r, column i, at (r % height) * n + i
    warp_access lanes;
    lanes.width = unit_width;
    lanes.rule = w.instr.rule();
    for (std::uint64_t y = p.begin; y < end_row; ++y) {
        std::uint64_t const k = y - p.begin;
        if (k % 64 == 0 && std::chrono::steady_clock::now() > deadline) return piece_worst::stopped(piece_state::out_of_time);
        if (!w.row_units(y, cols.begin, n, &recent[y % height * n])) return piece_worst::stopped(piece_state::declined);
        if (k + 1 < per_phase) continue;
        std::uint64_t const r = y + 1 - per_phase;  // the windows that end at row y
        for (std::uint64_t i = 0; i < n; ++i) {
            for (unsigned d = 0; d < per_phase; ++d) lanes.byte_address[d] = recent[(r + d) % height * n + i];
            window[r % height * n + i] = bank_phase_cost_of_width<unit_width>(lanes, 0).cost;
        }
        if (k + 1 < height) continue;
        std::uint64_t const y0 = y + 1 - height;
        for (std::uint64_t i = 0; i < starts; ++i) {
            unsigned cost = 0;
            for (auto const& ph : phases) cost += window[(y0 + ph.dy) % height * n + i + ph.dc];
            best.offer(cost, y0, cols.begin + i);
        }
    }
    return best;
}

// A block by the sliding windows, else (units that fall) directly.
piece_worst sweep_any_block(access_subject const& w, std::vector<phase_place> const& phases, std::uint64_t height,
                            std::uint64_t reach, piece p, column_block cols, std::chrono::steady_clock::time_point deadline) {
    auto const got = sweep_block(w, phases, height, reach, p, cols, deadline);
    if (got.outcome != piece_state::declined) return got;
    return sweep_block_direct(w, phases, height, reach, p, cols, deadline);
}

// A fragment's phases, its rows and the unit columns past its first it
// reaches; nothing where the sweep cannot take the access.
struct fragment_shape {
    std::vector<phase_place> phases;
    std::uint64_t height = 0, reach = 0;
};

std::optional<fragment_shape> shape_of(access_subject const& w) {
    if (w.lane_grid.empty() || !w.row_units || w.vars.size() != 2 || w.inside || w.instr.width != unit_width ||
        w.instr.rule() != phase_rule::banks || w.lane_grid.size() != w.instr.address_lanes)
        return std::nullopt;
    fragment_shape f;
    for (std::size_t l = 0; l < w.lane_grid.size(); l += per_phase) f.phases.push_back({w.lane_grid[l][0], w.lane_grid[l][1]});
    for (auto const& ph : f.phases) f.height = std::max(f.height, ph.dy + per_phase), f.reach = std::max(f.reach, ph.dc);
    if (f.height > phase_windows<unit_width>::remembered) return std::nullopt;
    if (w.vars[1].count + f.reach > w.units_per_row) return std::nullopt;
    return f;
}

}  // namespace

column_sweep_result sweep_fragment_starts(access_subject const& w, std::chrono::steady_clock::time_point deadline,
                                          sweep_split split) {
    auto const f = shape_of(w);
    if (!f) return {};
    auto const pieces = split.of(w.vars[0].count);
    std::vector<piece_worst> found(pieces.size());
    run_pieces(pieces, [&](std::size_t i, piece p) {
        found[i] = over_column_blocks<true>(
            w.vars[1].count, [&](column_block block) { return sweep_any_block(w, f->phases, f->height, f->reach, p, block, deadline); });
    });
    return merged(found, 2);
}

most_wavefronts sweep_fragment_block(access_subject const& w, piece rows, column_block cols,
                                     std::chrono::steady_clock::time_point deadline) {
    auto const f = shape_of(w);
    if (!f) return piece_worst::stopped(piece_state::declined);
    return sweep_any_block(w, f->phases, f->height, f->reach, rows, cols, deadline);
}

}  // namespace swz::verify
