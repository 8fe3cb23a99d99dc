#include "xor_block_classes.hpp"

#include <algorithm>
#include <numeric>

#include "first_starts.hpp"
#include "swz/bank_model.hpp"
#include "swz/pow2.hpp"

namespace swz::verify {

namespace {

constexpr std::uint64_t most_keys = std::uint64_t(1) << 22;
constexpr std::uint64_t most_steps = std::uint64_t(1) << 31;  // windows keyed, about 1.3 s on two threads
constexpr std::uint64_t most_row_steps = std::uint64_t(1) << 28;  // the row cycle's walk, on one thread
constexpr unsigned lanes = warp_lanes;

bool row_walk(xor_block_walk const& a) { return a.walk == class_walk::row; }

// One past the last strided byte any window of the access reaches.
std::uint64_t reach(xor_block_keys const& k) {
    auto const& a = k.access;
    if (row_walk(a)) {
        std::uint64_t const last = lanes * a.starts - 1;
        return last / a.units_per_row * k.pitch + last % a.units_per_row * a.width + a.width;
    }
    return (a.starts - 1 + lanes - 1) * k.pitch + a.columns * a.width;
}

// A row access's starts whose first unit lies in row y (the row's windows).
piece row_windows(xor_block_keys const& k, std::uint64_t y) {
    std::uint64_t const U = k.access.units_per_row;
    return {(y * U + lanes - 1) / lanes, std::min(k.access.starts, ((y + 1) * U + lanes - 1) / lanes)};
}

// Every window whose first row is one of the first L + 2 rows of each block
// beta < R (xor_block_classes.hpp says why they hold every key of windows
// inside a block).
void key_block_openings(xor_block_keys const& k, first_starts& firsts) {
    auto const& a = k.access;
    for (std::uint64_t beta = 0; beta < k.repeat; ++beta) {
        std::uint64_t const first_row = beta * k.block / k.pitch;
        for (std::uint64_t y = first_row; y < first_row + k.cycle_rows + 2; ++y) {
            if (row_walk(a)) {
                piece const windows = row_windows(k, y);
                for (std::uint64_t s = windows.begin; s < windows.end; ++s) {
                    std::uint64_t const start[2] = {s, 0};
                    firsts.offer(k.key(start), s);
                }
            } else {
                if (y >= a.starts) break;
                for (std::uint64_t c = 0; c < a.columns; ++c) {
                    std::uint64_t const s[2] = {y, c};
                    firsts.offer(k.key(s), y * a.columns + c);
                }
            }
        }
    }
}

// The one row-access window across the end at byte `edge`, if any: the one
// holding the first unit at or after it, where it starts before it.
void key_row_crossing(xor_block_keys const& k, std::uint64_t edge, first_starts& firsts) {
    auto const& a = k.access;
    std::uint64_t y = edge / k.pitch, c = (edge - y * k.pitch + a.width - 1) / a.width;
    if (c >= a.units_per_row) ++y, c = 0;
    std::uint64_t const u = y * a.units_per_row + c, s = u / lanes;
    std::uint64_t const start[2] = {s, 0};
    if (lanes * s < u && s < a.starts) firsts.offer(k.key(start), s);
}

// Every column-access window across the end at byte `edge` (lane 0 before
// it, lane 31 at or after it) that can be its key's first, keyed as key()
// does, without a division a window: its block is the one before the edge;
// along a row its lanes before the edge fall by one where o_0 passes a
// multiple of the pitch, and between those places the first 2^K' / w
// windows meet every residue the row's later windows have.
void key_column_crossings(xor_block_keys const& k, std::uint64_t edge, first_starts& firsts) {
    auto const& a = k.access;
    std::uint64_t const P = k.pitch, w = a.width, span = (lanes - 1) * P, cycle = k.residue_mod / w;
    std::uint64_t const lowest = edge > span ? edge - span : 0;  // o_0 >= lowest
    std::uint64_t const y_from = lowest > (a.columns - 1) * w ? (lowest - (a.columns - 1) * w) / P : 0;
    std::uint64_t const y_to = std::min(a.starts, (edge - 1) / P + 1);
    std::uint64_t const rho = (edge / k.block - 1) % k.repeat;
    for (std::uint64_t y = y_from; y < y_to; ++y) {
        std::uint64_t const row = y * P;
        std::uint64_t c = lowest > row ? (lowest - row + w - 1) / w : 0;
        std::uint64_t const c_to = std::min(a.columns, (edge - row + w - 1) / w);
        while (c < c_to) {
            std::uint64_t const before = edge - row - c * w;  // edge - o_0
            std::uint64_t const lambda = (before + P - 1) / P;
            // This lambda holds while edge - o_0 > (lambda - 1) P.
            std::uint64_t const run_end = std::min(c_to, (edge - row - (lambda - 1) * P + w - 1) / w);
            std::uint64_t residue = (row + c * w) % k.residue_mod;
            for (std::uint64_t i = c; i < std::min(run_end, c + cycle); ++i) {
                firsts.offer(k.key_from(rho, 0, lambda, residue), y * a.columns + i);
                residue = (residue + w) % k.residue_mod;
            }
            c = run_end;
        }
    }
}

// The most bytes one window's lanes span, from lane 0's first to lane 31's
// last: a row window's shape repeats every U / gcd(U, 32) starts.
std::uint64_t widest_window(xor_block_keys const& k) {
    auto const& a = k.access;
    if (!row_walk(a)) return (lanes - 1) * k.pitch + a.width;
    std::uint64_t widest = 0;
    std::uint64_t const shapes = std::min(a.starts, a.units_per_row / std::gcd<std::uint64_t>(a.units_per_row, lanes));
    for (std::uint64_t s = 0; s < shapes; ++s) {
        std::uint64_t const start[2] = {s, 0};
        widest = std::max(widest, k.lane_offset(start, lanes - 1) - k.lane_offset(start, 0) + a.width);
    }
    return widest;
}

// Blocks of L + 35 rows or more: each block's first rows hold every key of
// the windows inside it (xor_block_classes.hpp).
bool blocks_hold_cycle(xor_block_keys const& k) { return k.block / k.pitch >= k.cycle_rows + 35; }

// The windows of a row's run inside one block after which their residues
// mod 2^K' repeat (each is 32 units past the last).
std::uint64_t run_cycle(xor_block_keys const& k) {
    return k.residue_mod / std::gcd<std::uint64_t>(k.residue_mod, lanes * k.access.width);
}

// The rows after which a row access's windows repeat their keys: o_0 moves
// by a multiple of R X and the windows' places in the row repeat.
std::uint64_t row_key_cycle(xor_block_keys const& k) {
    std::uint64_t const span = k.repeat * k.block, U = k.access.units_per_row;
    return std::lcm(span / std::gcd(span, k.pitch), lanes / std::gcd<std::uint64_t>(lanes, U));
}

// Row y's windows in one block (the windows whose first unit lies in the
// row, the one reaching into the next row too): the block, or none.
std::optional<std::uint64_t> row_inside_block(xor_block_keys const& k, std::uint64_t y) {
    piece const windows = row_windows(k, y);
    if (windows.begin >= windows.end) return std::nullopt;
    std::uint64_t const first[2] = {windows.begin, 0}, last[2] = {windows.end - 1, 0};
    std::uint64_t const beta = k.lane_offset(first, 0) / k.block;
    if (k.lane_offset(last, lanes - 1) >= (beta + 1) * k.block) return std::nullopt;
    return beta;
}

// Row y's windows keyed: of each block's run of windows inside it only the
// first `cycle` (their residues then repeat), the scan going on at the
// window holding the block's end (or the row's last windows). The steps taken.
std::uint64_t key_row(xor_block_keys const& k, std::uint64_t y, first_starts& firsts) {
    auto const& a = k.access;
    std::uint64_t const U = a.units_per_row, w = a.width, P = k.pitch, cycle = run_cycle(k);
    std::uint64_t const row_unit = y * U, row_end = y * P + U * w;
    piece const windows = row_windows(k, y);
    std::uint64_t const crossing = (row_unit + U) / lanes;  // the first window that may reach the next row
    std::uint64_t run_block = ~std::uint64_t(0), run = 0, steps = 0;
    for (std::uint64_t s = windows.begin; s < windows.end; ++steps) {
        std::uint64_t const start[2] = {s, 0};
        firsts.offer(k.key(start), s);
        std::uint64_t const o0 = k.lane_offset(start, 0), beta = o0 / k.block, edge = (beta + 1) * k.block;
        bool const inside = lanes * s + lanes <= row_unit + U && k.lane_offset(start, lanes - 1) < edge;
        if (!inside) { ++s, run = 0; continue; }
        if (beta != run_block) run_block = beta, run = 0;
        if (++run < cycle) { ++s; continue; }
        // On to the window holding the first unit at or past the block's end.
        std::uint64_t const u = edge >= row_end ? row_unit + U : row_unit + (edge - y * P + w - 1) / w;
        s = std::max(s + 1, std::min(u / lanes, crossing));
        run = 0;
    }
    return steps;
}

// A row access on blocks of fewer rows (wide rows): rows L' = row_key_cycle
// apart have windows of the same keys at the same places, so the first L'
// rows hold each key's first window. A row whose windows all lie in block
// beta has the keys of every such row with the same beta mod R and y mod L
// (its windows' shapes, places and residues repeat every L rows): of those
// only the first is keyed, and once every y mod L of a beta mod R has been,
// the walk skips to the rows that reach the block's end. False where it
// would take more than `budget` steps.
bool key_row_cycle(xor_block_keys const& k, first_starts& firsts, std::uint64_t budget) {
    auto const& a = k.access;
    std::uint64_t const U = a.units_per_row, P = k.pitch, L = k.cycle_rows;
    std::uint64_t const last_row = (lanes * a.starts - 1) / U, rows = std::min(row_key_cycle(k), last_row + 1);
    bool const tracked = k.repeat * L <= (std::uint64_t(1) << 24);
    std::vector<std::uint8_t> seen(tracked ? k.repeat * L : 0);
    std::vector<std::uint64_t> unseen(k.repeat, L);  // each beta mod R's rows y mod L not yet keyed
    std::uint64_t const reach_past_row = P + lanes * a.width;  // a row's windows end before (y + 1) P + 32 w
    std::uint64_t steps = 0;
    for (std::uint64_t y = 0; y < rows;) {
        if (++steps > budget) return false;
        if (auto const beta = tracked ? row_inside_block(k, y) : std::nullopt) {
            std::uint64_t const rho = *beta % k.repeat;
            std::uint8_t& at = seen[rho * L + y % L];
            if (at) {
                std::uint64_t const edge = (*beta + 1) * k.block;
                // Rows before this one may not reach the block's end: inside it, and seen.
                std::uint64_t const inside_to = edge > reach_past_row ? (edge - reach_past_row) / P : 0;
                y = unseen[rho] == 0 ? std::max(y + 1, inside_to) : y + 1;
                continue;
            }
            at = 1, --unseen[rho];
        }
        steps += key_row(k, y, firsts);
        ++y;
    }
    return true;
}

// Steps the search takes, to refuse a search that would run long.
std::uint64_t search_steps(xor_block_keys const& k) {
    auto const& a = k.access;
    if (!blocks_hold_cycle(k)) return 0;  // the row cycle's walk counts its own steps
    std::uint64_t const per_row = row_walk(a) ? a.units_per_row / lanes + 2 : a.columns;
    std::uint64_t const edges = reach(k) / k.block;
    std::uint64_t const per_edge = row_walk(a) ? 1 : lanes * std::min(a.columns, 2 * (k.residue_mod / a.width + 1));
    if (edges > most_steps || per_row > most_steps) return most_steps + 1;  // and no product overflows
    return k.repeat * (k.cycle_rows + 2) * per_row + edges * per_edge;
}

}  // namespace

std::optional<xor_block_keys> xor_block_keys::of(layout_subject const& t, xor_block_walk const& a) {
    if (!t.swizzle || t.swizzle->xor_block_bytes == 0 || t.swizzle->span_bytes == 0 || a.width == 0 || a.starts == 0)
        return std::nullopt;
    xor_block_keys k;
    k.access = a;
    k.pitch = t.pitch;
    k.block = t.swizzle->xor_block_bytes;
    std::uint64_t const P = k.pitch, w = a.width, U = a.units_per_row;
    if (P == 0 || P % w != 0 || (row_walk(a) ? U == 0 || U * w > P : a.columns == 0)) return std::nullopt;
    k.repeat = std::max<std::uint64_t>(1, t.swizzle->span_bytes / k.block);
    k.residue_mod = std::max<std::uint64_t>({bytes_per_phase, t.swizzle->xor_below_bytes, w});
    if (!is_pow2(k.residue_mod) || k.residue_mod > k.block || !is_pow2(k.block)) return std::nullopt;
    k.grain = std::gcd(std::gcd(P, w), k.residue_mod);
    k.cycle_rows = k.residue_mod / std::gcd(k.residue_mod, P);
    if (row_walk(a)) k.cycle_rows = std::lcm(k.cycle_rows, lanes / std::gcd<std::uint64_t>(lanes, U)), k.shapes = lanes + 1;
    if (k.count() > most_keys || widest_window(k) > k.block) return std::nullopt;
    return k;
}

std::uint64_t xor_block_keys::lane_offset(std::uint64_t const* start, unsigned l) const {
    if (row_walk(access)) {
        std::uint64_t const u = lanes * start[0] + l;
        return u / access.units_per_row * pitch + u % access.units_per_row * access.width;
    }
    return (start[0] + l) * pitch + start[1] * access.width;
}

std::uint64_t xor_block_keys::key(std::uint64_t const* start) const {
    std::uint64_t const o0 = lane_offset(start, 0), edge = (o0 / block + 1) * block;
    unsigned before = lanes;  // most windows lie inside a block
    if (lane_offset(start, lanes - 1) >= edge)
        for (before = 1; lane_offset(start, before) < edge;) ++before;
    unsigned shape = 0;
    if (row_walk(access)) {
        std::uint64_t const c0 = lanes * start[0] % access.units_per_row;
        if (c0 + lanes > access.units_per_row) shape = unsigned(access.units_per_row - c0);
    }
    return key_of(o0, shape, before);
}

std::optional<std::vector<std::uint64_t>> xor_block_first_starts(layout_subject const& t, xor_block_walk const& a) {
    auto const keys = xor_block_keys::of(t, a);
    if (!keys || (!blocks_hold_cycle(*keys) && !row_walk(a)) || search_steps(*keys) > most_steps) return std::nullopt;
    first_starts firsts(keys->count());
    if (!blocks_hold_cycle(*keys)) {
        if (!key_row_cycle(*keys, firsts, most_row_steps)) return std::nullopt;
        return firsts.starts();
    }
    key_block_openings(*keys, firsts);
    // The block ends 1 .. edges, shared among the machine's threads, each
    // keeping its own first starts (a column access's ends are the work).
    std::uint64_t const edges = (reach(*keys) - 1) / keys->block;
    auto const pieces = sweep_split{64, 0}.of(edges);
    std::vector<first_starts> found(pieces.size(), first_starts(keys->count()));
    run_pieces(pieces, [&](std::size_t i, piece p) {
        for (std::uint64_t m = p.begin + 1; m <= p.end; ++m) {
            if (row_walk(a)) key_row_crossing(*keys, m * keys->block, found[i]);
            else key_column_crossings(*keys, m * keys->block, found[i]);
        }
    });
    for (auto const& f : found) firsts.merge(f);
    return firsts.starts();
}

std::optional<class_blocks> xor_block_classes(layout_subject const& t, xor_block_walk const& a) {
    auto const got = xor_block_first_starts(t, a);
    if (!got) return std::nullopt;
    std::vector<std::uint64_t> const& starts = *got;
    std::uint64_t const all = row_walk(a) ? a.starts : a.starts * a.columns;
    if (starts.size() * 4 > all) return std::nullopt;  // hardly fewer: the ordinary sweep
    class_blocks out;
    out.naming = {"xor_block_classes", "first start"};
    out.transfers_too = true;  // keys differ by shifts of whole 128-byte lines
    out.legality_too = true;   // and of whole units
    for (std::uint64_t const s : starts) {
        std::uint64_t const y = row_walk(a) ? lanes * s / a.units_per_row : s / a.columns;
        std::uint64_t const c = row_walk(a) ? lanes * s % a.units_per_row : s % a.columns;
        out.blocks.push_back({{y, y + 1}, {c, c + 1}});
    }
    return out;
}

}  // namespace swz::verify
