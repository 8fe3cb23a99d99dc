#include "spread_sweep.hpp"

#include <algorithm>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "block_sweeps.hpp"
#include "column_spread.hpp"
#include "host_params.hpp"
#include "sweep_best.hpp"
#include "sweep_windows.hpp"

namespace swz::verify {

namespace {

// The slow path, one column's rows at a time, for stored columns too large
// for the fast sweep's windows.
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

// The fast spread sweep: rows computed once each, a row at a time
// (layout_subject::row_offsets), each column x keeping its window's stored
// columns and how many distinct ones it holds; a row entering or leaving
// asks whether its value is still, or already, in the window.
using piece_fewest = fewest_columns;
using piece_state = piece_fewest::state;

// Whether `a` and `b` are among a window's W values other than the one in
// `slot`: a few vector compares where SSE2 is there (every x86-64), a loop
// elsewhere. (The slot is masked out of the compares rather than cleared
// first: a narrow store just before the wide loads would stall them.)
template <unsigned W, class V>
void look_up(V const* values, unsigned slot, V a, V b, bool& has_a, bool& has_b) {
#if defined(__SSE2__)
    if constexpr ((sizeof(V) == 2 || sizeof(V) == 4) && W * sizeof(V) % 16 == 0) {
        constexpr unsigned per_vector = 16 / sizeof(V);
        __m128i const na = sizeof(V) == 2 ? _mm_set1_epi16(short(a)) : _mm_set1_epi32(int(a));
        __m128i const nb = sizeof(V) == 2 ? _mm_set1_epi16(short(b)) : _mm_set1_epi32(int(b));
        unsigned ma = 0, mb = 0;
        for (unsigned i = 0; i < W; i += per_vector) {
            __m128i const x = _mm_loadu_si128(reinterpret_cast<__m128i const*>(values + i));
            __m128i const ea = sizeof(V) == 2 ? _mm_cmpeq_epi16(x, na) : _mm_cmpeq_epi32(x, na);
            __m128i const eb = sizeof(V) == 2 ? _mm_cmpeq_epi16(x, nb) : _mm_cmpeq_epi32(x, nb);
            unsigned ka = unsigned(_mm_movemask_epi8(ea)), kb = unsigned(_mm_movemask_epi8(eb));
            if (slot - i < per_vector) {
                unsigned const mine = ((1u << sizeof(V)) - 1) << ((slot - i) * sizeof(V));
                ka &= ~mine, kb &= ~mine;
            }
            ma |= ka, mb |= kb;
        }
        has_a = ma != 0, has_b = mb != 0;
        return;
    }
#endif
    has_a = has_b = false;
    for (unsigned i = 0; i < W; ++i) {
        if (i == slot) continue;
        has_a = has_a || values[i] == a;
        has_b = has_b || values[i] == b;
    }
}

// V: the narrowest type that holds every stored column and one more value,
// `none`, for a window's rows not yet entered.
template <unsigned W, class V>
piece_fewest spread_block(layout_subject const& t, piece p, column_block cols, std::chrono::steady_clock::time_point deadline) {
    constexpr V none = V(~V(0));
    piece_fewest best;
    std::uint64_t const end_row = p.end + W - 1, n = cols.end - cols.begin;
    std::vector<std::uint64_t> offsets(n);
    std::vector<V> seen(n * W, none);
    std::vector<std::uint8_t> distinct(n, 0);
    host_divisor const elem(t.shape.elem);
    for (std::uint64_t y = p.begin; y < end_row; ++y) {
        std::uint64_t const k = y - p.begin;
        if (k % 64 == 0 && std::chrono::steady_clock::now() > deadline) return piece_fewest::stopped(piece_state::out_of_time);
        t.row_offsets_of(y, cols.begin, n, offsets.data());
        unsigned const slot = unsigned(k % W);
        for (std::uint64_t i = 0; i < n; ++i) {
            std::uint64_t const column = t.column_at(y, offsets[i], elem);
            if (column >= none) return piece_fewest::stopped(piece_state::fallback);
            auto const v = V(column);
            V* const values = &seen[i * W];
            V const old = values[slot];
            unsigned d = distinct[i];
            if (old != v) {
                bool old_stays, v_there;
                look_up<W>(values, slot, old, v, old_stays, v_there);
                if (old != none && !old_stays) --d;
                if (!v_there) ++d;
            }
            values[slot] = v;
            distinct[i] = std::uint8_t(d);
            if (k + 1 < W) continue;
            best.offer(d, y + 1 - W, cols.begin + i);
        }
    }
    return best;
}

}  // namespace

fewest_columns sweep_spread_block(layout_subject const& t, piece rows, column_block cols,
                                  std::chrono::steady_clock::time_point deadline) {
    if (cols.end > t.cols()) return fewest_columns::stopped(piece_state::fallback);
    return t.cols() < 0xffff ? spread_block<spread_window, std::uint16_t>(t, rows, cols, deadline)
                             : spread_block<spread_window, std::uint32_t>(t, rows, cols, deadline);
}

column_sweep_result sweep_column_spread(layout_subject const& t, std::uint64_t starts, std::uint64_t cols, unsigned window,
                                        std::chrono::steady_clock::time_point deadline, sweep_split split) {
    using status = column_sweep_result::status;
    if (window == spread_window && cols <= t.cols()) {
        auto const pieces = split.of(starts);
        std::vector<piece_fewest> found(pieces.size());
        bool const narrow = t.cols() < 0xffff;
        run_pieces(pieces, [&](std::size_t i, piece p) {
            // A piece's columns a block at a time, the blocks' fewest merged.
            found[i] = over_column_blocks<false>(cols, [&](column_block block) {
                return narrow ? spread_block<spread_window, std::uint16_t>(t, p, block, deadline)
                              : spread_block<spread_window, std::uint32_t>(t, p, block, deadline);
            });
        });
        bool wide = false;
        auto const result = merged(found, 2, &wide);
        if (!wide) return result;
    }
    if (split.first != 0) return {};  // the slow path takes every start
    // Stored columns too large for the fast sweep's windows: one column at a time.
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
