#include "column_sweep.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "block_sweeps.hpp"
#include "swz/bank_model.hpp"
#include "sweep_best.hpp"
#include "sweep_pieces.hpp"
#include "sweep_windows.hpp"
#include "unit_window.hpp"

namespace swz::verify {

namespace {

// One phase's window of N rows, for the generic sweep: the distinct units
// it touches, looked up unless the column's units only grow, and how many
// of them each bank group holds (group_histogram: the most crowded one).
template <unsigned N>
class phase_window {
public:
    explicit phase_window(bool units_distinct) : units_distinct_(units_distinct) {}

    void enter(std::uint64_t unit, unsigned group) {
        if (!units_distinct_ && !units_.enter(unit)) return;
        held_.enter(group);
    }
    void leave(std::uint64_t unit, unsigned group) {
        if (!units_distinct_ && !units_.leave(unit)) return;
        held_.leave(group);
    }
    unsigned cost() const { return held_.most; }

private:
    distinct_window units_;
    group_histogram<N> held_;
    bool units_distinct_;
};

// The fast sweep: every row of the starts' reach computed once, a row at a
// time (access_subject::row_units), each column keeping its own window of
// the last rows, so that a start costs a few instructions. It asks that the
// units along each column never fall (checked as it goes: true of every
// layout that keeps its rows); then rows that share a unit are neighbours,
// and a unit is counted once, by the first of its rows in the window: a
// row whose unit its predecessor has counts only when that predecessor has
// left. Elsewhere the generic sweep below looks shared units up.
using piece_best = most_wavefronts;
using piece_state = piece_best::state;

// One phase of 32 lanes (W <= 4). A window's cost is the most distinct
// units one bank group holds; the most over all windows is the most, over
// every row y, of the units in rows y - 31 .. y that share y's group, and
// the first window with it starts at y - 31 (or the piece's first row) for
// the first such y: the window that ends at the last of a crowded group's
// rows holds the whole crowd, and no earlier window ending there does.
template <unsigned W>
piece_best sweep_one_phase(access_subject const& w, piece p, column_block cols,
                           std::chrono::steady_clock::time_point deadline) {
    static_assert(lanes_per_phase(W) == warp_lanes);
    piece_best best;
    std::uint64_t const end_row = p.end + warp_lanes - 1, n = cols.end - cols.begin;
    std::vector<std::uint64_t> address(n), previous(n);
    std::vector<unit_window<warp_lanes, group_counts>> window(n);
    std::vector<group_counts> held(n);
    for (std::uint64_t y = p.begin; y < end_row; ++y) {
        std::uint64_t const k = y - p.begin;
        if (k % 64 == 0 && std::chrono::steady_clock::now() > deadline) return piece_best::stopped(piece_state::out_of_time);
        if (!w.row_units(y, cols.begin, n, address.data())) return piece_best::stopped(piece_state::declined);
        std::uint64_t const y0 = k >= warp_lanes - 1 ? y - (warp_lanes - 1) : p.begin;
        for (std::uint64_t i = 0; i < n; ++i) {
            std::uint64_t const u = bank_unit(address[i], W);
            if (k > 0 && u < previous[i]) return piece_best::stopped(piece_state::fallback);
            bool const fresh = k == 0 || u != previous[i];
            previous[i] = u;
            auto const g = std::uint8_t(bank_group(address[i], W));
            window[i].slide(k, g, fresh, held[i]);
            best.offer(held[i].held[g], y0, cols.begin + i);
        }
    }
    return best;
}

// Phases of 16 or 8 lanes (W = 8, 16): each column keeps its phase windows
// (phase_windows) and the last 32 windows' costs; a start costs the sum of
// its phases' windows.
template <unsigned W>
piece_best sweep_phases(access_subject const& w, piece p, column_block cols, std::chrono::steady_clock::time_point deadline) {
    using windows = phase_windows<W>;
    constexpr unsigned phases = warp_lanes / windows::rows;
    static_assert(phases > 1);
    piece_best best;
    std::uint64_t const end_row = p.end + warp_lanes - 1, n = cols.end - cols.begin;
    std::vector<std::uint64_t> address(n);
    windows costs(n);
    for (std::uint64_t y = p.begin; y < end_row; ++y) {
        std::uint64_t const k = y - p.begin;
        if (k % 64 == 0 && std::chrono::steady_clock::now() > deadline) return piece_best::stopped(piece_state::out_of_time);
        if (!w.row_units(y, cols.begin, n, address.data())) return piece_best::stopped(piece_state::declined);
        if (!costs.enter(y, k, address.data())) return piece_best::stopped(piece_state::fallback);
        if (k + 1 < warp_lanes) continue;
        std::uint64_t const y0 = y + 1 - warp_lanes;  // the start whose last row this is
        for (std::uint64_t i = 0; i < n; ++i) {
            unsigned cost = 0;
            for (unsigned q = 0; q < phases; ++q) cost += costs.cost(i, y0 + q * windows::rows);
            best.offer(cost, y0, cols.begin + i);
        }
    }
    return best;
}

// The fast sweep over all starts, its pieces on the machine's threads;
// nothing where the generic sweep must decide (units that fall).
std::optional<column_sweep_result> fast_column_sweep(access_subject const& w, std::chrono::steady_clock::time_point deadline,
                                                     sweep_split split) {
    if (!w.row_units || w.units_per_row < w.vars[1].count) return std::nullopt;
    std::uint64_t const starts = w.vars[0].count, cols = w.vars[1].count;
    // A piece re-reads the 31 rows after it: pieces of thousands of starts.
    auto const pieces = split.of(starts);
    std::vector<piece_best> found(pieces.size());
    run_pieces(pieces, [&](std::size_t i, piece p) {
        found[i] = with_width(w.instr.width, [&](auto width) {
            constexpr unsigned W = decltype(width)::value;
            // A piece's columns a block at a time, the blocks' bests merged.
            return over_column_blocks<true>(cols, [&](column_block block) {
                if constexpr (lanes_per_phase(W) == warp_lanes) return sweep_one_phase<W>(w, p, block, deadline);
                else return sweep_phases<W>(w, p, block, deadline);
            });
        });
    });
    bool fallback = false;
    auto const result = merged(found, 2, &fallback);
    if (fallback) return std::nullopt;
    return result;
}

// The generic sweep: each column's rows one at a time through `address`,
// units shared by rows counted once (distinct_window).
template <unsigned W>
column_sweep_result generic_column_sweep(access_subject const& w, std::chrono::steady_clock::time_point deadline);

}  // namespace

column_sweep_result sweep_column_starts(access_subject const& w, std::chrono::steady_clock::time_point deadline,
                                        sweep_split split) {
    if (!w.lanes_walk_rows || w.vars.size() != 2 || w.inside || w.instr.address_lanes != warp_lanes ||
        w.instr.rule() != phase_rule::banks || !is_access_width(w.instr.width))
        return {};
    if (auto fast = fast_column_sweep(w, deadline, split)) return *fast;
    if (split.first != 0) return {};  // the generic sweep takes every start
    return with_width(w.instr.width, [&](auto width) { return generic_column_sweep<decltype(width)::value>(w, deadline); });
}

most_wavefronts sweep_column_block(access_subject const& w, piece rows, column_block cols,
                                   std::chrono::steady_clock::time_point deadline) {
    if (!w.row_units || w.units_per_row < cols.end) return most_wavefronts::stopped(piece_state::fallback);
    return with_width(w.instr.width, [&](auto width) {
        constexpr unsigned W = decltype(width)::value;
        if constexpr (lanes_per_phase(W) == warp_lanes) return sweep_one_phase<W>(w, rows, cols, deadline);
        else return sweep_phases<W>(w, rows, cols, deadline);
    });
}

namespace {

template <unsigned W>
column_sweep_result generic_column_sweep(access_subject const& w, std::chrono::steady_clock::time_point deadline) {
    using status = column_sweep_result::status;
    constexpr unsigned per_phase = lanes_per_phase(W), phases = warp_lanes / per_phase;
    std::uint64_t const starts = w.vars[0].count, cols = w.vars[1].count, rows = starts + warp_lanes - 1;
    column_sweep_result best;
    std::vector<std::uint64_t> unit(rows);
    std::vector<unsigned> group(rows), window_cost(rows);
    for (std::uint64_t c = 0; c < cols; ++c) {
        if (std::chrono::steady_clock::now() > deadline) return {status::out_of_time, 0, {}};
        std::vector<std::uint64_t> s{0, c};
        for (std::uint64_t y = 0; y < rows; ++y) {
            s[0] = y;
            std::uint64_t const a = w.address(0, s);
            // Every cell the starts reach must make a legal lane (aligned,
            // its elements contiguous: what the enumeration asks first).
            if (a % W != 0) return {};
            for (unsigned k = 1; k < w.run_elements; ++k)
                if (w.element_address(0, s, k) != a + k * w.elem) return {};
            unit[y] = bank_unit(a, W);
            group[y] = unsigned(bank_group(a, W));
        }
        // window_cost[r]: the cost of one phase on rows r .. r + per_phase - 1.
        bool increasing = true;
        for (std::uint64_t y = 1; y < rows && increasing; ++y) increasing = unit[y] > unit[y - 1];
        phase_window<per_phase> win(increasing);
        for (std::uint64_t y = 0; y < rows; ++y) {
            // The row a phase before leaves first: a group never holds more
            // than the phase's lanes.
            if (y >= per_phase) win.leave(unit[y - per_phase], group[y - per_phase]);
            win.enter(unit[y], group[y]);
            if (y + 1 >= per_phase) window_cost[y + 1 - per_phase] = win.cost();
        }
        for (std::uint64_t y0 = 0; y0 < starts; ++y0) {
            unsigned cost = 0;
            for (unsigned p = 0; p < phases; ++p) cost += window_cost[y0 + p * per_phase];
            bool const first = best.state != status::done;
            if (first || cost > best.figure || (cost == best.figure && earlier(y0, c, best.start)))
                best = {status::done, cost, {y0, c}};
        }
    }
    return best;
}

}  // namespace

}  // namespace swz::verify
