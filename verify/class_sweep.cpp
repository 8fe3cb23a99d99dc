#include "class_sweep.hpp"

#include "counted.hpp"

#include <algorithm>
#include <vector>

#include "article_classes.hpp"
#include "block_sweeps.hpp"
#include "column_spread.hpp"
#include "conflict_bound.hpp"
#include "fragment_sweep.hpp"
#include "sweep_best.hpp"
#include "swz/bank_model.hpp"
#include "xor_segment_classes.hpp"

namespace swz::verify {

namespace {

// The best of every block, the blocks shared among the machine's threads.
template <bool Most, class Sweep>
sweep_best<Most> best_of_blocks(std::vector<start_block> const& blocks, Sweep sweep) {
    auto const pieces = sweep_split{1, 0}.of(blocks.size());
    std::vector<sweep_best<Most>> found(pieces.size());
    run_pieces(pieces, [&](std::size_t i, piece p) {
        sweep_best<Most> best;
        for (std::uint64_t k = p.begin; k < p.end; ++k) {
            auto const got = sweep(blocks[k]);
            if (got.outcome != sweep_best<Most>::state::done) {
                best = got;
                break;
            }
            best.offer(got);
        }
        found[i] = best;
    });
    sweep_best<Most> best;
    for (auto const& f : found) {
        if (f.outcome != sweep_best<Most>::state::done) return f;
        best.offer(f);
    }
    return best;
}

// A block of column starts one by one, where the fast sweep cannot take it
// (units that do not grow down a column, as a GF(2) layout's): its classes'
// blocks are few (linear_classes.hpp).
most_wavefronts each_column_start(access_subject const& w, piece rows, column_block cols) {
    most_wavefronts best;
    std::vector<std::uint64_t> s(2);
    for (s[0] = rows.begin; s[0] < rows.end; ++s[0])
        for (s[1] = cols.begin; s[1] < cols.end; ++s[1]) {
            warp_access const a = concrete_access(w, s);
            if (!misaligned_lanes(a).empty()) return most_wavefronts::stopped(most_wavefronts::state::declined);
            best.offer(bank_wavefronts(a), s[0], s[1]);
        }
    return best;
}

// The fast sweep of a block of column starts, else one by one.
most_wavefronts column_block_starts(access_subject const& w, piece rows, column_block cols,
                                    std::chrono::steady_clock::time_point deadline) {
    auto const got = sweep_column_block(w, rows, cols, deadline);
    if (got.outcome != most_wavefronts::state::fallback) return got;
    return each_column_start(w, rows, cols);
}

// The blocks' best merged with the direct sweep's of the starts in no
// class (`tail`, called only where there are some): offer() keeps the
// smallest start of the best figure, whichever sweep met it first.
template <bool Most, class Tail>
sweep_best<Most> with_tail(sweep_best<Most> best, bool has_tail, Tail tail) {
    if (best.outcome != sweep_best<Most>::state::done || !has_tail) return best;
    auto const got = tail();
    if (got.outcome != sweep_best<Most>::state::done) return got;
    best.offer(got);
    return best;
}

// The blocks' best: its figure, and the first start that has it (each
// class's block is its first in the period, article_classes.hpp).
template <bool Most>
std::optional<class_sweep_result> result_of(sweep_best<Most> const& best, unsigned vars, std::uint64_t blocks,
                                            std::uint64_t direct) {
    using state = typename sweep_best<Most>::state;
    using status = column_sweep_result::status;
    if (best.outcome == state::out_of_time) return class_sweep_result{{status::out_of_time, 0, {}}, blocks, direct, {}};
    if (best.outcome != state::done || !best.found) return std::nullopt;
    return class_sweep_result{{status::done, best.figure, std::vector<std::uint64_t>(best.start.begin(), best.start.begin() + vars)},
                              blocks, direct, {}};
}

}  // namespace

std::string class_method(class_sweep_result const& r, std::string const& domain_note) {
    return std::string("by enumeration of the ") + r.naming.block + " of each of the " + std::to_string(r.blocks) +
           " classes of starts of equal cost (" + r.naming.source + ")" +
           (r.direct ? ", and each of the " + counted(r.direct, "start") + " of the tile's last rows" : "") +
           (domain_note.empty() ? "" : ", " + domain_note);
}

std::optional<class_blocks> access_classes(access_subject const& w) {
    if (!w.start_classes || w.inside || !is_access_width(w.instr.width) || !w.row_units) return std::nullopt;
    bool const by_fragments = !w.lane_grid.empty() && w.vars.size() == 2;
    if (w.instr.address_lanes != warp_lanes && !by_fragments) return std::nullopt;
    bool const by_rows = w.lanes_walk_units && w.vars.size() == 1, by_columns = w.lanes_walk_rows && w.vars.size() == 2;
    if (!by_rows && !by_columns && !by_fragments) return std::nullopt;
    return w.start_classes();
}

piece row_block_starts(access_subject const& w, std::uint64_t y, column_block cols) {
    std::uint64_t const row = y * w.units_per_row;
    return {(row + cols.begin + warp_lanes - 1) / warp_lanes, (row + cols.end + warp_lanes - 1) / warp_lanes};
}

std::optional<class_sweep_result> sweep_access_by_classes(access_subject const& w,
                                                          std::chrono::steady_clock::time_point deadline) {
    auto const classes = access_classes(w);
    if (!classes) return std::nullopt;
    return sweep_access_by_classes(w, *classes, deadline);
}

std::optional<class_sweep_result> sweep_access_by_classes(access_subject const& w, class_blocks const& classes,
                                                          std::chrono::steady_clock::time_point deadline) {
    using state = most_wavefronts::state;
    if (w.instr.rule() != phase_rule::banks && !classes.transfers_too) return std::nullopt;
    bool const by_fragments = !w.lane_grid.empty(), by_columns = w.lanes_walk_rows || by_fragments;
    std::uint64_t const per_row = w.units_per_row, starts = w.vars[0].count, direct_from = classes.direct_from;
    // The starts in no class: those of the rows from direct_from on.
    std::uint64_t const direct_start = by_columns ? direct_from : (direct_from * per_row + warp_lanes - 1) / warp_lanes;
    bool const has_tail = direct_from != ~std::uint64_t(0) && direct_start < starts;
    // Starts (y0, c) of a block: a column access's, or a fragment's (those
    // of its columns where a fragment starts: a block of the row's last
    // units may hold fewer, or none).
    auto const starts_block = [&](piece rows, column_block cols) {
        if (!by_fragments) return column_block_starts(w, rows, cols, deadline);
        cols.end = std::min(cols.end, w.vars[1].count);
        return cols.begin < cols.end ? sweep_fragment_block(w, rows, cols, deadline) : most_wavefronts{};
    };
    auto const best = with_tail(best_of_blocks<true>(classes.blocks, [&](start_block const& b) {
        if (by_columns) return starts_block(b.rows, b.cols);
        // The starts whose first unit lies in the block, a row at a time.
        most_wavefronts worst;
        for (std::uint64_t y = b.rows.begin; y < b.rows.end; ++y) {
            auto const got = sweep_row_windows(w, row_block_starts(w, y, b.cols), deadline);
            if (got.outcome != state::done) return got;
            worst.offer(got);
        }
        return worst;
    }), has_tail, [&] {
        if (!by_columns) return sweep_row_windows(w, {direct_start, starts}, deadline);
        return over_column_blocks<true>(w.vars[1].count,
                                        [&](column_block cols) { return starts_block({direct_start, starts}, cols); });
    });
    auto out = result_of(best, by_columns ? 2 : 1, classes.blocks.size(),
                         has_tail ? (starts - direct_start) * (by_columns ? w.vars[1].count : 1) : 0);
    if (out) out->naming = classes.naming;
    return out;
}

namespace {

// The classes of column_spread's windows (one column's 32 rows): the
// article's, or, for a swizzle XOR by blocks, the segment keys of a column
// access of one element (windows of one key store their 32 cells at one
// shift of each other's, so their stored columns differ by one shift too).
std::optional<class_blocks> spread_classes(layout_subject const& t, std::uint64_t starts, std::uint64_t cols) {
    if (t.article) {
        if (cols != t.cols()) return std::nullopt;
        auto c = article_classes(*t.article, t.rows(), {class_walk::column, t.shape.elem, 1, false});
        if (!c) return std::nullopt;
        return std::move(*c).for_sweep();
    }
    if (t.swizzle && t.swizzle->xor_block_bytes)
        return xor_segment_classes(t, fixed_window_walk::column(t.shape.elem, starts, cols));
    return std::nullopt;
}

}  // namespace

std::optional<class_sweep_result> sweep_spread_by_classes(layout_subject const& t, std::uint64_t starts, std::uint64_t cols,
                                                          std::chrono::steady_clock::time_point deadline) {
    auto const classes = spread_classes(t, starts, cols);
    if (!classes) return std::nullopt;
    std::uint64_t const direct_from = classes->direct_from;
    bool const has_tail = direct_from != ~std::uint64_t(0) && direct_from < starts;
    auto const best = with_tail(
        best_of_blocks<false>(classes->blocks, [&](start_block const& b) { return sweep_spread_block(t, b.rows, b.cols, deadline); }),
        has_tail, [&] {
            return over_column_blocks<false>(cols, [&](column_block c) { return sweep_spread_block(t, {direct_from, starts}, c, deadline); });
        });
    auto out = result_of(best, 2, classes->blocks.size(), has_tail ? (starts - direct_from) * cols : 0);
    if (out) out->naming = classes->naming;
    return out;
}

}  // namespace swz::verify
