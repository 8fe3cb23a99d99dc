#include "column_sweep.hpp"

#include <algorithm>
#include <array>
#include <optional>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "swz/bank_model.hpp"
#include "column_spread.hpp"
#include "host_params.hpp"
#include "sweep_pieces.hpp"

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

// The fast sweep: every row of the starts' reach computed once, a row at a
// time (access_subject::row_units), each column keeping its own window of
// the last rows, so that a start costs a few instructions. It asks that no
// two rows of a column share a unit (the units along each column strictly
// grow, checked as it goes); where they do, the generic sweep below counts
// shared units once.
enum class piece_state { done, illegal, shared_units, out_of_time };

struct piece_best {
    piece_state state = piece_state::done;
    bool found = false;
    unsigned figure = 0;
    std::uint64_t y0 = 0, c = 0;
    // The most, and of those the smallest (y0, c): a piece's starts come
    // in canonical order but for its first rows, which one_phase names by
    // the piece's first start.
    void offer(unsigned cost, std::uint64_t y, std::uint64_t col) {
        if (found && (cost < figure || (cost == figure && (y > y0 || (y == y0 && col >= c))))) return;
        found = true, figure = cost, y0 = y, c = col;
    }
};

// One phase of 32 lanes (W <= 4). A window's cost is the most lanes one
// bank group holds; the most over all windows is the most, over every row
// y, of the rows in y - 31 .. y that share y's group, and the first window
// with it starts at y - 31 (or the piece's first row) for the first such
// y: the window that ends at the last of a crowded group's rows holds the
// whole crowd, and no earlier window ending there does. Each column keeps
// its last 32 rows' groups and how many of them each group holds.
template <unsigned W>
piece_best sweep_one_phase(access_subject const& w, piece p, std::uint64_t cols,
                           std::chrono::steady_clock::time_point deadline) {
    static_assert(lanes_per_phase(W) == warp_lanes);
    piece_best best;
    std::uint64_t const end_row = p.end + warp_lanes - 1;
    std::vector<std::uint64_t> address(w.units_per_row), previous(cols);
    std::vector<std::uint8_t> window(cols * warp_lanes, 0), held(cols * warp_lanes, 0);
    for (std::uint64_t y = p.begin; y < end_row; ++y) {
        std::uint64_t const k = y - p.begin;
        if (k % 64 == 0 && std::chrono::steady_clock::now() > deadline) return {piece_state::out_of_time};
        if (!w.row_units(y, address.data())) return {piece_state::illegal};
        std::uint64_t const y0 = k >= warp_lanes - 1 ? y - (warp_lanes - 1) : p.begin;
        unsigned const slot = unsigned(k % warp_lanes);
        for (std::uint64_t c = 0; c < cols; ++c) {
            std::uint64_t const u = bank_unit(address[c], W);
            if (k > 0 && u <= previous[c]) return {piece_state::shared_units};
            previous[c] = u;
            auto const g = std::uint8_t(bank_group(address[c], W));
            std::uint8_t* const rows = &window[c * warp_lanes];
            std::uint8_t* const in_group = &held[c * warp_lanes];
            if (k >= warp_lanes) --in_group[rows[slot]];
            rows[slot] = g;
            best.offer(++in_group[g], y0, c);
        }
    }
    return best;
}

// Phases of 16 or 8 lanes (W = 8, 16): each column keeps the lanes per
// group of its current phase window, the groups per count and the most, as
// rows enter and leave it, and the last 32 windows' costs; a start costs
// the sum of its phases' windows.
template <unsigned W>
piece_best sweep_phases(access_subject const& w, piece p, std::uint64_t cols, std::chrono::steady_clock::time_point deadline) {
    constexpr unsigned per_phase = lanes_per_phase(W), phases = warp_lanes / per_phase;
    static_assert(phases > 1);
    piece_best best;
    std::uint64_t const end_row = p.end + warp_lanes - 1;
    std::vector<std::uint64_t> address(w.units_per_row), previous(cols);
    std::vector<std::uint8_t> in_group(cols * per_phase, 0), with_count(cols * (per_phase + 1), 0), most(cols, 0),
        window(cols * per_phase, 0), cost_from(cols * warp_lanes, 0);
    for (std::uint64_t c = 0; c < cols; ++c) with_count[c * (per_phase + 1)] = per_phase;
    for (std::uint64_t y = p.begin; y < end_row; ++y) {
        std::uint64_t const k = y - p.begin;
        if (k % 64 == 0 && std::chrono::steady_clock::now() > deadline) return {piece_state::out_of_time};
        if (!w.row_units(y, address.data())) return {piece_state::illegal};
        for (std::uint64_t c = 0; c < cols; ++c) {
            std::uint64_t const u = bank_unit(address[c], W);
            if (k > 0 && u <= previous[c]) return {piece_state::shared_units};
            previous[c] = u;
            auto const g = std::uint8_t(bank_group(address[c], W));
            std::uint8_t* const held = &in_group[c * per_phase];
            std::uint8_t* const counts = &with_count[c * (per_phase + 1)];
            std::uint8_t& top = most[c];
            // The row a phase before leaves first: a group never holds more
            // than the phase's lanes.
            std::uint8_t& slot = window[c * per_phase + k % per_phase];
            if (k >= per_phase) {
                unsigned const n = held[slot]--;
                --counts[n], ++counts[n - 1];
                if (top == n && counts[n] == 0) --top;
            }
            slot = g;
            unsigned const n = held[g]++;
            --counts[n], ++counts[n + 1];
            if (n + 1 > top) top = std::uint8_t(n + 1);
            if (k + 1 < per_phase) continue;
            std::uint64_t const s = y + 1 - per_phase;  // the phase window's first row
            std::uint8_t* const costs = &cost_from[c * warp_lanes];
            costs[s % warp_lanes] = top;
            if (s < p.begin + (phases - 1) * per_phase) continue;
            std::uint64_t const y0 = s - (phases - 1) * per_phase;
            unsigned cost = 0;
            for (unsigned q = 0; q < phases; ++q) cost += costs[(y0 + q * per_phase) % warp_lanes];
            best.offer(cost, y0, c);
        }
    }
    return best;
}

template <unsigned W>
piece_best sweep_piece(access_subject const& w, piece p, std::uint64_t cols, std::chrono::steady_clock::time_point deadline) {
    if constexpr (lanes_per_phase(W) == warp_lanes) return sweep_one_phase<W>(w, p, cols, deadline);
    else return sweep_phases<W>(w, p, cols, deadline);
}

// The fast sweep over all starts, its pieces on the machine's threads;
// nothing where the generic sweep must decide (shared units).
std::optional<column_sweep_result> fast_column_sweep(access_subject const& w, std::chrono::steady_clock::time_point deadline,
                                                     sweep_split split) {
    using status = column_sweep_result::status;
    if (!w.row_units || w.units_per_row < w.vars[1].count) return std::nullopt;
    std::uint64_t const starts = w.vars[0].count, cols = w.vars[1].count;
    // A piece re-reads the 31 rows after it: pieces of thousands of starts.
    auto const pieces = split.of(starts);
    std::vector<piece_best> found(pieces.size());
    run_pieces(pieces, [&](std::size_t i, piece p) {
        switch (w.instr.width) {
            case 1: found[i] = sweep_piece<1>(w, p, cols, deadline); break;
            case 2: found[i] = sweep_piece<2>(w, p, cols, deadline); break;
            case 4: found[i] = sweep_piece<4>(w, p, cols, deadline); break;
            case 8: found[i] = sweep_piece<8>(w, p, cols, deadline); break;
            default: found[i] = sweep_piece<16>(w, p, cols, deadline); break;
        }
    });
    for (auto const& f : found) {
        if (f.state == piece_state::illegal) return column_sweep_result{};
        if (f.state == piece_state::shared_units) return std::nullopt;
    }
    for (auto const& f : found)
        if (f.state == piece_state::out_of_time) return column_sweep_result{status::out_of_time, 0, {}};
    // The pieces are in canonical order: the first with the most wins.
    piece_best const* top = nullptr;
    for (auto const& f : found)
        if (f.found && (!top || f.figure > top->figure)) top = &f;
    if (!top) return column_sweep_result{};
    return column_sweep_result{status::done, top->figure, {top->y0, top->c}};
}

column_sweep_result generic_column_sweep(access_subject const& w, std::chrono::steady_clock::time_point deadline);

}  // namespace

column_sweep_result sweep_column_starts(access_subject const& w, std::chrono::steady_clock::time_point deadline,
                                        sweep_split split) {
    if (!w.lanes_walk_rows || w.vars.size() != 2 || w.inside || w.instr.address_lanes != warp_lanes ||
        w.instr.rule() != phase_rule::banks || !is_access_width(w.instr.width))
        return {};
    if (auto fast = fast_column_sweep(w, deadline, split)) return *fast;
    return generic_column_sweep(w, deadline);
}

namespace {

// The generic sweep: each column's rows one at a time through `address`,
// units shared by rows counted once (distinct_window).
column_sweep_result generic_column_sweep(access_subject const& w, std::chrono::steady_clock::time_point deadline) {
    using status = column_sweep_result::status;
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

}  // namespace

namespace {

// The fast spread sweep: rows computed once each, a row at a time
// (layout_subject::row_offsets), each column x keeping its window's stored
// columns and how many distinct ones it holds; a row entering or leaving
// asks whether its value is still, or already, in the window.
struct piece_fewest {
    bool found = false, too_wide = false, out_of_time = false;
    unsigned figure = 0;
    std::uint64_t y0 = 0, x = 0;
};

// Whether `v` is among a window's W values: a few vector compares where
// SSE2 is there (every x86-64), a loop elsewhere.
template <unsigned W, class V>
bool holds(V const* values, V v) {
#if defined(__SSE2__)
    if constexpr (sizeof(V) == 2 && W % 8 == 0) {
        __m128i const needle = _mm_set1_epi16(short(v));
        __m128i any = _mm_setzero_si128();
        for (unsigned i = 0; i < W; i += 8)
            any = _mm_or_si128(any, _mm_cmpeq_epi16(_mm_loadu_si128(reinterpret_cast<__m128i const*>(values + i)), needle));
        return _mm_movemask_epi8(any) != 0;
    }
    if constexpr (sizeof(V) == 4 && W % 4 == 0) {
        __m128i const needle = _mm_set1_epi32(int(v));
        __m128i any = _mm_setzero_si128();
        for (unsigned i = 0; i < W; i += 4)
            any = _mm_or_si128(any, _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<__m128i const*>(values + i)), needle));
        return _mm_movemask_epi8(any) != 0;
    }
#endif
    bool any = false;
    for (unsigned i = 0; i < W; ++i) any = any || values[i] == v;
    return any;
}

// V: the narrowest type that holds every stored column and one more value,
// `none`, for a window's rows not yet entered.
template <unsigned W, class V>
piece_fewest spread_piece(layout_subject const& t, piece p, std::uint64_t cols, std::chrono::steady_clock::time_point deadline) {
    constexpr V none = V(~V(0));
    piece_fewest best;
    std::uint64_t const end_row = p.end + W - 1;
    std::vector<std::uint64_t> offsets(cols);
    std::vector<V> seen(cols * W, none);
    std::vector<std::uint8_t> distinct(cols, 0);
    host_divisor const elem(t.shape.elem);
    for (std::uint64_t y = p.begin; y < end_row; ++y) {
        std::uint64_t const k = y - p.begin;
        if (k % 64 == 0 && std::chrono::steady_clock::now() > deadline) return {false, false, true};
        t.row_offsets_of(y, 0, cols, offsets.data());
        unsigned const slot = unsigned(k % W);
        for (std::uint64_t x = 0; x < cols; ++x) {
            std::uint64_t const column = t.column_at(y, offsets[x], elem);
            if (column >= none) return {false, true};
            auto const v = V(column);
            V* const values = &seen[x * W];
            V const old = values[slot];
            values[slot] = none;
            unsigned d = distinct[x];
            if (old != v) {
                if (old != none && !holds<W>(values, old)) --d;
                if (!holds<W>(values, v)) ++d;
            }
            values[slot] = v;
            distinct[x] = std::uint8_t(d);
            if (k + 1 < W) continue;
            if (!best.found || d < best.figure) best = {true, false, false, d, y + 1 - W, x};
        }
    }
    return best;
}

}  // namespace

column_sweep_result sweep_column_spread(layout_subject const& t, std::uint64_t starts, std::uint64_t cols, unsigned window,
                                        std::chrono::steady_clock::time_point deadline, sweep_split split) {
    using status = column_sweep_result::status;
    if (window == spread_window && cols <= t.cols()) {
        auto const pieces = split.of(starts);
        std::vector<piece_fewest> found(pieces.size());
        bool const narrow = t.cols() < 0xffff;
        run_pieces(pieces, [&](std::size_t i, piece p) {
            found[i] = narrow ? spread_piece<spread_window, std::uint16_t>(t, p, cols, deadline)
                              : spread_piece<spread_window, std::uint32_t>(t, p, cols, deadline);
        });
        bool wide = false, late = false;
        for (auto const& f : found) wide = wide || f.too_wide, late = late || f.out_of_time;
        if (late) return {status::out_of_time, 0, {}};
        if (!wide) {
            piece_fewest const* top = nullptr;
            for (auto const& f : found)
                if (f.found && (!top || f.figure < top->figure)) top = &f;
            if (!top) return {};
            return {status::done, top->figure, {top->y0, top->x}};
        }
    }
    // Stored columns too large for the fast sweep's table: one column at a time.
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
