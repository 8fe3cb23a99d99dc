#include "column_sweep.hpp"

#include <algorithm>
#include <array>

#include "swz/bank_model.hpp"

namespace swz::verify {

namespace {

// One phase's window of rows: the distinct units it touches, how many of
// them each bank group holds, and how many groups hold each count, so that
// the most crowded group is known after each row enters or leaves.
class phase_window {
public:
    explicit phase_window(unsigned groups) : held_(groups, 0), with_count_(warp_lanes + 2, 0) { with_count_[0] = groups; }

    void enter(std::uint64_t unit, unsigned group) {
        auto it = std::find_if(units_.begin(), units_.end(), [&](auto const& u) { return u.first == unit; });
        if (it != units_.end()) {
            ++it->second;
            return;
        }
        units_.push_back({unit, 1});
        unsigned const k = held_[group]++;
        --with_count_[k];
        ++with_count_[k + 1];
        most_ = std::max(most_, k + 1);
    }
    void leave(std::uint64_t unit, unsigned group) {
        auto it = std::find_if(units_.begin(), units_.end(), [&](auto const& u) { return u.first == unit; });
        if (--it->second > 0) return;
        *it = units_.back();
        units_.pop_back();
        unsigned const k = held_[group]--;
        --with_count_[k];
        ++with_count_[k - 1];
        if (most_ == k && with_count_[k] == 0) --most_;
    }
    unsigned cost() const { return most_; }

private:
    std::vector<std::pair<std::uint64_t, unsigned>> units_;  // unit, lanes on it
    std::vector<unsigned> held_;                             // per group: distinct units
    std::vector<unsigned> with_count_;                       // per count: groups holding it
    unsigned most_ = 0;
};

}  // namespace

std::optional<column_sweep_result> sweep_column_starts(access_subject const& w,
                                                       std::chrono::steady_clock::time_point deadline) {
    if (!w.lanes_walk_rows || w.vars.size() != 2 || w.inside || w.instr.address_lanes != warp_lanes ||
        w.instr.rule() != phase_rule::banks || !is_access_width(w.instr.width))
        return std::nullopt;
    unsigned const per_phase = lanes_per_phase(w.instr.width), phases = warp_lanes / per_phase;
    std::uint64_t const starts = w.vars[0].count, cols = w.vars[1].count, rows = starts + warp_lanes - 1;
    std::optional<column_sweep_result> best;
    std::vector<std::uint64_t> unit(rows);
    std::vector<unsigned> group(rows), window_cost(rows);
    for (std::uint64_t c = 0; c < cols; ++c) {
        if (std::chrono::steady_clock::now() > deadline) return std::nullopt;
        std::vector<std::uint64_t> s{0, c};
        for (std::uint64_t y = 0; y < rows; ++y) {
            s[0] = y;
            std::uint64_t const a = w.address(0, s);
            // Every cell the starts reach must make a legal lane (aligned,
            // its elements contiguous: what the enumeration asks first).
            if (a % w.instr.width != 0) return std::nullopt;
            for (unsigned k = 1; k < w.run_elements; ++k)
                if (w.element_address(0, s, k) != a + k * w.elem) return std::nullopt;
            unit[y] = bank_unit(a, w.instr.width);
            group[y] = unsigned(bank_group(a, w.instr.width));
        }
        // window_cost[r]: the cost of one phase on rows r .. r + per_phase - 1.
        phase_window win(per_phase);
        for (std::uint64_t y = 0; y < rows; ++y) {
            win.enter(unit[y], group[y]);
            if (y >= per_phase) win.leave(unit[y - per_phase], group[y - per_phase]);
            if (y + 1 >= per_phase) window_cost[y + 1 - per_phase] = win.cost();
        }
        for (std::uint64_t y0 = 0; y0 < starts; ++y0) {
            unsigned cost = 0;
            for (unsigned p = 0; p < phases; ++p) cost += window_cost[y0 + p * per_phase];
            // The first start in (y0, c) order with the most: c is the inner variable.
            bool const earlier = best && (y0 < best->start[0] || (y0 == best->start[0] && c < best->start[1]));
            if (!best || cost > best->wavefronts || (cost == best->wavefronts && earlier))
                best = column_sweep_result{cost, {y0, c}};
        }
    }
    return best;
}

}  // namespace swz::verify
