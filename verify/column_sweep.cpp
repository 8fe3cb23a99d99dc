#include "column_sweep.hpp"

#include <algorithm>
#include <array>

#include "swz/bank_model.hpp"

namespace swz::verify {

namespace {

// The first (y0, c) in that order: c is the inner variable.
bool earlier(std::uint64_t y0, std::uint64_t c, std::vector<std::uint64_t> const& than) {
    return y0 < than[0] || (y0 == than[0] && c < than[1]);
}

// The distinct values among a window's rows, as rows enter and leave it.
class distinct_window {
public:
    // True when v is new to the window.
    bool enter(std::uint64_t v) {
        auto it = std::find_if(held_.begin(), held_.end(), [&](auto const& u) { return u.first == v; });
        if (it != held_.end()) return ++it->second, false;
        held_.push_back({v, 1});
        return true;
    }
    // True when v is gone from the window.
    bool leave(std::uint64_t v) {
        auto it = std::find_if(held_.begin(), held_.end(), [&](auto const& u) { return u.first == v; });
        if (--it->second > 0) return false;
        *it = held_.back();
        held_.pop_back();
        return true;
    }
    std::size_t distinct() const { return held_.size(); }

private:
    std::vector<std::pair<std::uint64_t, unsigned>> held_;  // value, rows holding it
};

// The distinct values among a window's rows, where every value is below a
// known bound: a count per value, O(1) a row.
class bounded_distinct_window {
public:
    explicit bounded_distinct_window(std::uint64_t bound) : held_(bound, 0) {}
    bool enter(std::uint64_t v) {
        if (held_[v]++ != 0) return false;
        ++distinct_;
        return true;
    }
    bool leave(std::uint64_t v) {
        if (--held_[v] != 0) return false;
        --distinct_;
        return true;
    }
    std::size_t distinct() const { return distinct_; }

private:
    std::vector<std::uint32_t> held_;
    std::size_t distinct_ = 0;
};

// One phase's window of rows: the distinct units it touches, how many of
// them each bank group holds, and how many groups hold each count, so that
// the most crowded group is known after each row enters or leaves. Where
// the units along the column only grow, no two rows share one, and the
// window need not look them up.
class phase_window {
public:
    phase_window(unsigned groups, bool units_distinct)
        : held_(groups, 0), with_count_(warp_lanes + 2, 0), units_distinct_(units_distinct) {
        with_count_[0] = groups;
    }

    void enter(std::uint64_t unit, unsigned group) {
        if (!units_distinct_ && !units_.enter(unit)) return;
        unsigned const k = held_[group]++;
        --with_count_[k];
        ++with_count_[k + 1];
        most_ = std::max(most_, k + 1);
    }
    void leave(std::uint64_t unit, unsigned group) {
        if (!units_distinct_ && !units_.leave(unit)) return;
        unsigned const k = held_[group]--;
        --with_count_[k];
        ++with_count_[k - 1];
        if (most_ == k && with_count_[k] == 0) --most_;
    }
    unsigned cost() const { return most_; }

private:
    distinct_window units_;
    std::vector<unsigned> held_;        // per group: distinct units
    std::vector<unsigned> with_count_;  // per count: groups holding it
    unsigned most_ = 0;
    bool units_distinct_;
};

template <class Window>
void slide_spread(std::vector<std::uint64_t> const& column, std::uint64_t x, unsigned window, Window win,
                  column_sweep_result& best) {
    using status = column_sweep_result::status;
    for (std::uint64_t y = 0; y < column.size(); ++y) {
        win.enter(column[y]);
        if (y >= window) win.leave(column[y - window]);
        if (y + 1 < window) continue;
        std::uint64_t const y0 = y + 1 - window;
        unsigned const d = unsigned(win.distinct());
        if (best.state != status::done || d < best.figure || (d == best.figure && earlier(y0, x, best.start)))
            best = {status::done, d, {y0, x}};
    }
}

}  // namespace

column_sweep_result sweep_column_starts(access_subject const& w, std::chrono::steady_clock::time_point deadline) {
    using status = column_sweep_result::status;
    if (!w.lanes_walk_rows || w.vars.size() != 2 || w.inside || w.instr.address_lanes != warp_lanes ||
        w.instr.rule() != phase_rule::banks || !is_access_width(w.instr.width))
        return {};
    unsigned const per_phase = lanes_per_phase(w.instr.width), phases = warp_lanes / per_phase;
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
            if (a % w.instr.width != 0) return {};
            for (unsigned k = 1; k < w.run_elements; ++k)
                if (w.element_address(0, s, k) != a + k * w.elem) return {};
            unit[y] = bank_unit(a, w.instr.width);
            group[y] = unsigned(bank_group(a, w.instr.width));
        }
        // window_cost[r]: the cost of one phase on rows r .. r + per_phase - 1.
        bool increasing = true;
        for (std::uint64_t y = 1; y < rows && increasing; ++y) increasing = unit[y] > unit[y - 1];
        phase_window win(per_phase, increasing);
        for (std::uint64_t y = 0; y < rows; ++y) {
            win.enter(unit[y], group[y]);
            if (y >= per_phase) win.leave(unit[y - per_phase], group[y - per_phase]);
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

column_sweep_result sweep_column_spread(layout_subject const& t, std::uint64_t starts, std::uint64_t cols, unsigned window,
                                        std::chrono::steady_clock::time_point deadline) {
    using status = column_sweep_result::status;
    std::uint64_t const rows = starts + window - 1;
    column_sweep_result best;
    std::vector<std::uint64_t> column(rows);
    for (std::uint64_t x = 0; x < cols; ++x) {
        if (std::chrono::steady_clock::now() > deadline) return {status::out_of_time, 0, {}};
        bool bounded = true;
        for (std::uint64_t y = 0; y < rows; ++y) {
            column[y] = t.column(y, x);
            bounded = bounded && column[y] < t.cols();
        }
        if (bounded) slide_spread(column, x, window, bounded_distinct_window(t.cols()), best);
        else slide_spread(column, x, window, distinct_window(), best);
    }
    return best;
}

}  // namespace swz::verify
