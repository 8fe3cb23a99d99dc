#include "layout_properties.hpp"

#include "counted.hpp"

#include <unordered_map>
#include <vector>

#include "first_block_scan.hpp"
#include "linear_rank.hpp"
#include "cell_text.hpp"
#include "query_support.hpp"

namespace swz::verify {

namespace {

property_result start(std::string id, std::string statement) {
    property_result r;
    r.id = std::move(id);
    r.section = "layout";
    r.statement = std::move(statement);
    r.counts = weight::gate;
    return r;
}

// Where a byte offset sits in the tile, for readable counterexamples.
std::string place(layout_subject const& t, std::uint64_t offset) {
    return "byte " + std::to_string(offset) + " (row " + std::to_string(offset / t.pitch) + ", byte " +
           std::to_string(offset % t.pitch) + " of it)";
}

nlohmann::json cell_json(std::uint64_t y, std::uint64_t x) { return nlohmann::json::array({y, x}); }

// The rows a property of single rows must be checked on: one period when a
// periodicity lemma is proved (row y behaves as row y % P), else all.
std::uint64_t rows_to_check(layout_subject const& t, std::uint64_t period, property_result& r) {
    if (period == 0 || period >= t.rows()) return t.rows();
    r.method = "over one period of " + counted(period, "row") + " (periodicity)";
    return period;
}

// Two cells of row y that share a byte offset inside the row's pitch: the
// row's smallest x whose offset another x shares and the next such x, as
// (y, x1, y, x2). Cells outside their row are passed over, and noted. For
// pitches of at most 2^24 bytes (one stamp per byte of the row).
class row_collisions {
public:
    explicit row_collisions(layout_subject const& t)
        : t_(t), offsets_(t.cols()), second_(t.pitch), stamp_(t.pitch, none) {}
    std::optional<std::vector<std::uint64_t>> in_row(std::uint64_t y) {
        std::uint64_t const cols = t_.cols(), from = y * t_.pitch;
        t_.row_offsets_of(y, 0, cols, offsets_.data());
        bool shared = false;
        for (std::uint64_t x = 0; x < cols; ++x) {
            std::uint64_t& o = offsets_[x];
            if (o < from || o - from >= t_.pitch) {
                outside = true, o = none;
                continue;
            }
            o -= from;
            if (stamp_[o] != y) stamp_[o] = y, second_[o] = none;
            else if (second_[o] == none) second_[o] = x, shared = true;
        }
        if (shared)
            for (std::uint64_t x = 0; x < cols; ++x)
                if (offsets_[x] != none && second_[offsets_[x]] != none)
                    return std::vector<std::uint64_t>{y, x, y, second_[offsets_[x]]};
        return std::nullopt;
    }
    bool outside = false;  // some cell scanned lay outside its row

private:
    static constexpr std::uint64_t none = ~std::uint64_t(0);
    layout_subject const& t_;
    std::vector<std::uint64_t> offsets_, second_, stamp_;  // of each byte of the row: the second x on it
};

// The first two cells of the first rows (about 2^16 cells, below `rows`)
// that share a byte offset, as (y1, x1, y2, x2): a candidate for
// bijection's counterexample, which the solver then confirms and makes the
// smallest. Layouts whose rows are not powers of two collide in their first
// rows, where the solver's own first model took 0.3-2.3 s (--nx 1293
// --elem 2 over 2^32 rows). Rows of tens of thousands of cells leave only a
// few rows to that budget: there (fewer than 64 rows scanned) two cells of
// one row that share an offset inside the row's pitch, in the first 128
// rows (one array of the pitch's bytes, no map), are the candidate (--nx
// 18316 --elem 4 collides in row 4, --nx 13632 --elem 16 in row 64: the
// solver's own first model took 2.5 s for each). Narrower rows skip it: on
// a layout that is a bijection it only costs (4096 cells a row: 11 ms).
std::optional<std::vector<std::uint64_t>> first_collision(layout_subject const& t, std::uint64_t rows) {
    std::uint64_t const cols = t.cols(), scan = std::min<std::uint64_t>(rows, std::max<std::uint64_t>(1, (1u << 16) / cols));
    std::unordered_map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> first;
    std::vector<std::uint64_t> offsets(cols);
    for (std::uint64_t y = 0; y < scan; ++y) {
        t.row_offsets_of(y, 0, cols, offsets.data());
        for (std::uint64_t x = 0; x < cols; ++x) {
            auto const [it, fresh] = first.emplace(offsets[x], std::make_pair(y, x));
            if (!fresh) return std::vector<std::uint64_t>{it->second.first, it->second.second, y, x};
        }
    }
    if (scan >= 64 || t.pitch == 0 || t.pitch > (1u << 24)) return std::nullopt;  // narrow rows: the global scan held enough
    row_collisions collisions(t);
    for (std::uint64_t y = scan; y < std::min<std::uint64_t>(rows, 128); ++y)
        if (auto found = collisions.in_row(y)) return found;
    return std::nullopt;
}

// A violation found by the concrete model, and whether it is the smallest
// (every earlier assignment was enumerated) or only a candidate the solver
// confirms and makes the smallest.
struct found_violation {
    std::vector<std::uint64_t> values;
    bool smallest = false;
};

// The first rows (below `first_rows` and `rows`), in order, each asked
// `in_row(y)` for its smallest violation: the first found is the smallest.
// Past them, the article's formula on rows of C = 2^k * odd chunks breaks
// first in row 2^k (y ^ x_chunk first reaches C there), too deep for a scan
// where k is large (--nx 126238 --elem 1: row 2, where the solver's own
// first model took 0.2 s): its rows 2^j, as a candidate.
template <class InRow>
std::optional<found_violation> scan_rows(layout_subject const& t, std::uint64_t rows, std::uint64_t first_rows,
                                         InRow&& in_row) {
    for (std::uint64_t y = 0; y < std::min(rows, first_rows); ++y)
        if (auto v = in_row(y)) return found_violation{std::move(*v), true};
    if (!t.article || t.powers_of_two()) return std::nullopt;
    for (std::uint64_t y = 2; y < rows; y *= 2)
        if (y >= first_rows)
            if (auto v = in_row(y)) return found_violation{std::move(*v), false};
    return std::nullopt;
}

// With row_locality proved, cells of different rows never share a byte
// offset (row y's cells lie in its own bytes y * pitch .. + row_bytes - 1,
// row_bytes <= pitch) and none lies outside the tile: the smallest
// collision in the order (y1, x1, y2, x2) is in the first row that has one,
// between its smallest x whose offset another x shares and the next such
// x. Rows scanned in order (about 2^16 cells, at least two rows), then
// scan_rows' candidates (--nx 13632 --elem 16 collides first in row 64).
// With it, first_collision's scan would add nothing.
std::optional<found_violation> smallest_row_collision(layout_subject const& t, std::uint64_t rows) {
    if (t.pitch == 0 || t.pitch > (1u << 24)) return std::nullopt;
    row_collisions collisions(t);
    auto found = scan_rows(t, rows, std::max<std::uint64_t>(2, (1u << 16) / t.cols()),
                           [&](std::uint64_t y) { return collisions.in_row(y); });
    return collisions.outside ? std::nullopt : found;  // a cell outside its row: not as row_locality says
}

// The smallest violation of row_permutation in the first rows (about 2^16
// cells, at least two rows, below `rows`), as (y, x1, x2), by enumeration:
// the solver only confirms it (--nx 232447 --elem 1 breaks in row 1, where
// the solver's search took 1.3 s); else scan_rows' candidate.
// The first violating row is the first of all; in it the smallest x1 that
// leaves the row or shares its column, and then the smallest x2 with it.
// Layouts whose rows are not powers of two collide in their first rows
// (--nx 1293 --elem 2: row 1), where the solver's own first model took
// 23 ms, and its smallest search 14 probes.
std::optional<found_violation> first_row_clash(layout_subject const& t, std::uint64_t rows) {
    constexpr std::uint64_t none = ~std::uint64_t(0);
    std::uint64_t const cols = t.cols();
    std::vector<std::uint64_t> column(cols), first_x(cols), second_x(cols);  // of each column, the first two x on it
    auto const in_row = [&](std::uint64_t y) -> std::optional<std::vector<std::uint64_t>> {
        std::fill(first_x.begin(), first_x.end(), none);
        std::fill(second_x.begin(), second_x.end(), none);
        for (std::uint64_t x = 0; x < cols; ++x) {
            column[x] = t.column(y, x);
            if (column[x] >= cols) continue;
            std::uint64_t& slot = first_x[column[x]] == none ? first_x[column[x]] : second_x[column[x]];
            if (slot == none) slot = x;
        }
        for (std::uint64_t x1 = 0; x1 < cols; ++x1) {
            if (column[x1] >= cols) return std::vector<std::uint64_t>{y, x1, 0};
            std::uint64_t const other = first_x[column[x1]] != x1 ? first_x[column[x1]] : second_x[column[x1]];
            if (other != none) return std::vector<std::uint64_t>{y, x1, other};
        }
        return std::nullopt;
    };
    return scan_rows(t, rows, std::max<std::uint64_t>(2, (1u << 16) / cols), in_row);
}

}  // namespace

property_result lowering_share::prove_part(prover& p, layout_subject const& t) {
    auto r = start("formula.lowering",
                   "the fast form every query uses (shifts, masks, narrow division) equals the layout as written");
    r.section = "formula";
    r.outcome = verdict::proved;
    auto vars = make_split_variables(p.fast(), {{"y", t.rows(), t.row_split()}, {"x", t.cols()}});
    auto const fast = t.symbolic_offset(vars[0].value, vars[1].value);
    auto const literal = t.symbolic_offset(vars[0].value.under(p.literal()), vars[1].value.under(p.literal()));
    // Operation by operation (symbolic_uint::stepwise_difference): the whole
    // formula at once makes the solver see through 64-bit dividers where a
    // row is not a power of two (--nx 40 over 2^32 rows: past the 10 s
    // limit, about 0.1 s this way) and through products by odd pitches
    // (cute:3,3,3 after 8 bytes of pad on 100-byte rows: 3.6 s, 0.16 s).
    // Where the row and the pitch are powers of two the whole formula is the
    // quicker query (--nx 64 --tc 16: 15 ms against 23 ms); it is also the
    // one where some operation has no guide: one step.
    //
    // Each operation is its own query ("formula.lowering [step k]"): the
    // difference is their disjunction, unsatisfiable exactly when each is.
    // The steps of one divider by the row's chunk count (--nx 1293 --elem 2
    // over 2^32 rows) took 1.3 s of the 2.9 s the disjunction did.
    auto const steps = t.powers_of_two() ? std::nullopt : literal.stepwise_differences(fast);
    std::size_t const count = steps ? steps->size() : 1;
    // The concrete model has a single lowering: a difference is an encoding
    // fault, which replay cannot show, so a model here can only be UNKNOWN,
    // and a small counterexample is not worth a query of its own first.
    bool const small_first = p.small_box_first();
    p.set_small_box_first(false);
    auto const none = [](auto const&) -> std::optional<replayed> { return std::nullopt; };
    for (std::size_t k = next_++; k < count && !stop_; k = next_++) {
        property_result step = r;
        step.outcome = verdict::unknown;
        if (!steps) {
            decide_by_negation(p, step, {fast != literal}, vars, none);
        } else {
            step.id = r.id + " [step " + std::to_string(k) + "]";
            decide_abstracted_first(p, step, {(*steps)[k]}, vars, none);
        }
        r.solver_calls += step.solver_calls;
        if (step.outcome == verdict::proved) continue;
        step.id = r.id;
        if (steps) step.reason = "step " + std::to_string(k) + " of " + std::to_string(count) + ": " + step.reason;
        stop_ = true;  // the steps before k are taken, and will be decided: the first to fail is among them or k
        std::lock_guard<std::mutex> hold(lock_);
        not_proved_.emplace(k, step);
        r.outcome = step.outcome;
    }
    p.set_small_box_first(small_first);
    return r;
}

property_result lowering_share::merged(std::vector<property_result> const& parts) const {
    std::lock_guard<std::mutex> hold(lock_);
    property_result r = not_proved_.empty() ? parts.front() : not_proved_.begin()->second;
    r.solver_calls = 0;
    r.seconds = 0;
    for (auto const& part : parts) r.solver_calls += part.solver_calls, r.seconds = std::max(r.seconds, part.seconds);
    return r;
}

property_result prove_lowering(prover& p, layout_subject const& t) {
    lowering_share share;
    return share.merged({share.prove_part(p, t)});
}

namespace {

// Every cell of rows 0 .. rows-1 evaluated through the concrete model,
// instead of asking the solver whether two cells share an offset (a
// cute:3,4,3 tile of 1500-byte pitches, 1024 rows a period: 0.7 s as a
// query, a few ms this way). `injective` where each offset is below `limit`
// and no two are equal; else `smallest`, the first violation in the
// canonical order (y1, x1, y2, x2): the first cell at or past `limit` (with
// (0, 0), any cell pairs with it) or with an offset another cell has, and
// the first such other cell. Nothing where the rows hold more than 2^27
// cells or `limit` is over 2^28 bytes (a bit a byte).
struct exhausted_map {
    bool injective = false;
    std::vector<std::uint64_t> smallest;
};
bool cells_exhaustible(layout_subject const& t, std::uint64_t rows, std::uint64_t limit) {
    std::uint64_t const cols = t.cols();
    return rows != 0 && cols != 0 && rows <= (1u << 27) / cols && limit <= (std::uint64_t(1) << 28);
}
std::optional<exhausted_map> exhaust_cells(layout_subject const& t, std::uint64_t rows, std::uint64_t limit) {
    std::uint64_t const cols = t.cols();
    if (!cells_exhaustible(t, rows, limit)) return std::nullopt;
    std::vector<std::uint64_t> taken((limit + 63) / 64, 0), shared(taken.size(), 0), offsets(cols);
    auto const bit = [](std::uint64_t o) { return std::uint64_t(1) << (o % 64); };
    bool clean = true;
    for (std::uint64_t y = 0; y < rows; ++y) {
        t.row_offsets_of(y, 0, cols, offsets.data());
        for (std::uint64_t const o : offsets) {
            if (o >= limit) clean = false;
            else if (taken[o / 64] & bit(o)) shared[o / 64] |= bit(o), clean = false;
            else taken[o / 64] |= bit(o);
        }
    }
    if (clean) return exhausted_map{true, {}};
    // The first violating cell is the first to hold its offset (an earlier
    // holder would violate first); its partner, the next holder.
    std::optional<std::uint64_t> at;  // the violating offset, once its first cell is found
    exhausted_map out;
    for (std::uint64_t y = 0; y < rows; ++y) {
        t.row_offsets_of(y, 0, cols, offsets.data());
        for (std::uint64_t x = 0; x < cols; ++x) {
            std::uint64_t const o = offsets[x];
            if (at) {
                if (o == *at) return out.smallest.insert(out.smallest.end(), {y, x}), out;
            } else if (o >= limit) {
                return exhausted_map{false, {y, x, 0, 0}};
            } else if (shared[o / 64] & bit(o)) {
                at = o, out.smallest = {y, x};
            }
        }
    }
    return std::nullopt;  // not reached: a shared offset has a second holder
}

std::string exhausted_cells(layout_subject const& t, std::uint64_t rows) {
    return "by exhaustion over the " + std::to_string(rows * t.cols()) + " cells of rows 0.." + std::to_string(rows - 1);
}

// The last, partial, period of a bijection proved on one: rows k*P ..
// rows-1 behave as rows 0 .. tail-1, and must stay inside the tile (by
// exhaustion too where the period was).
property_result last_period(prover& p, layout_subject const& t, std::uint64_t period, property_result r,
                            bool exhausted) {
    std::uint64_t const tail = t.rows() % period;
    if (r.outcome != verdict::proved || tail == 0) return r;
    // The last, partial, period: rows k*P .. rows-1 behave as rows 0 .. tail-1.
    std::uint64_t const first = t.rows() - tail, room = tail * t.pitch - t.shape.elem;
    if (auto const e = exhausted ? exhaust_cells(t, tail, room + 1) : std::nullopt; e && e->injective) {
        r.method += "; the last " + std::to_string(tail) + " rows inside the tile, by exhaustion";
        return r;
    }
    // dy: the row's place in the last period (the cell is row first + dy).
    auto tv = make_split_variables(p.fast(), {{"dy", tail, 0}, {"x", t.cols()}});
    property_result last = r;
    last.id = r.id + ".last_period";
    decide_by_negation(p, last, {!(t.symbolic_offset(tv[0].value, tv[1].value) <= room)}, tv,
                       [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
                           std::uint64_t const y = first + v[0], o = t.offset(y, v[1]);
                           if (o + t.shape.elem <= t.footprint) return std::nullopt;
                           replayed out;
                           out.data = {{"kind", "outside"}, {"cell", cell_json(y, v[1])}, {"byte", o}, {"footprint", t.footprint}};
                           out.lines.push_back("cell " + cell_text(y, v[1]) + " maps to byte " + std::to_string(o) +
                                               ", outside the tile's " + std::to_string(t.footprint) + " bytes");
                           return out;
                       });
    last.id = r.id;
    return last;
}

// With offset(y + P, x) = offset(y, x) + P * pitch proved: if every cell of
// the first period lies in its first P * pitch bytes, period k holds bytes
// k*P*pitch .. (k+1)*P*pitch - 1, so the map is injective exactly when it is
// on one period, and inside the tile when the last, partial, period is.
// Nothing when the first period spills over (then the whole tile is asked).
std::optional<property_result> bijection_by_period(prover& p, layout_subject const& t, std::uint64_t period,
                                                   property_result r, bool rows_kept,
                                                   std::optional<found_violation> const& known, bool exhaust) {
    std::uint64_t const span = period * t.pitch;
    // Rows kept, the solver's query is of one row's cells, quick as it is.
    if (auto const e = rows_kept || !exhaust ? std::nullopt : exhaust_cells(t, period, span); e && e->injective) {
        r.method = "over one period of " + counted(period, "row") + " (periodicity): each period's cells are distinct and " +
                   "lie in its own " + std::to_string(span) + " bytes, " + exhausted_cells(t, period);
        r.outcome = verdict::proved;
        return last_period(p, t, period, r, true);
    }
    if (!rows_kept) {  // else row_locality holds each row of the period in its own bytes, below the span
        auto vars = make_split_variables(p.fast(), {{"y", period, t.row_split()}, {"x", t.cols()}});
        property_result spill = r;
        spill.id = r.id + ".period_range";  // each query of the property has a name of its own
        decide_by_negation(p, spill, {!(t.symbolic_offset(vars[0].value, vars[1].value) < span)}, vars,
                           [](auto const&) { return std::nullopt; });
        r.solver_calls += spill.solver_calls;
        if (spill.outcome != verdict::proved) return std::nullopt;
    }
    r.method = "over one period of " + counted(period, "row") + " (periodicity): each period's cells are distinct and " +
               "lie in its own " + std::to_string(span) + " bytes" +
               (rows_kept ? " (row_locality: only cells of one row can share a byte)" : "") +
               (r.method.empty() ? "" : "; " + r.method);
    auto vars = make_split_variables(p.fast(), {{"y1", period, t.row_split()}, {"x1", t.cols()},
                                                {"y2", period, t.row_split()}, {"x2", t.cols()}});
    auto const& y1 = vars[0].value; auto const& x1 = vars[1].value;
    auto const& y2 = vars[2].value; auto const& x2 = vars[3].value;
    // Rows kept: cells of different rows never share a byte, so only cells
    // of one row can (the solver then meets y * pitch once, not twice:
    // plain 232447-byte rows took 0.23 s the other way).
    z3::expr const collide = rows_kept ? y1 == y2 && x1 != x2 && t.symbolic_offset(y1, x1) == t.symbolic_offset(y1, x2)
                                       : (y1 != y2 || x1 != x2) && t.symbolic_offset(y1, x1) == t.symbolic_offset(y2, x2);
    decide_by_negation(p, r, {collide}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const c1 = t.offset(v[0], v[1]), c2 = t.offset(v[2], v[3]);
        if (c1 != c2 || (v[0] == v[2] && v[1] == v[3])) return std::nullopt;
        replayed out;
        out.data = {{"kind", "collision"}, {"cells", {cell_json(v[0], v[1]), cell_json(v[2], v[3])}}, {"byte", c1}};
        out.lines.push_back("cells " + cell_text(v[0], v[1]) + " and " + cell_text(v[2], v[3]) + " both map to " + place(t, c1));
        return out;
    }, false, known ? std::optional(known->values) : std::nullopt, known && known->smallest);
    return last_period(p, t, period, r, false);
}

// Blocks enumerated at most, in bytes: 2^26 units take about half a second
// (cute:1,0,-22 on 2^20 rows of 1000 bytes, a block of 2^23 bytes, was left
// to the solver at 2^22 and timed out).
constexpr std::uint64_t block_exhaustion_limit = std::uint64_t{1} << 26;

// Whether the swizzle permutes block 0's `units` offsets, each element of
// `elem` bytes (at a multiple of elem) whole in the block.
bool permutes_block_zero(swizzle_view const& s, std::uint64_t units, std::uint64_t elem) {
    std::vector<bool> hit(units, false);
    for (std::uint64_t u = 0; u < units; ++u) {
        std::uint64_t const v = s.apply(u);
        if (v >= units || hit[v]) return false;
        hit[v] = true;
        if (u * s.unit_bytes % elem == 0 && v * s.unit_bytes + elem > units * s.unit_bytes) return false;  // past the block's end
    }
    return true;
}

// The cells whose strided offset lies in the last block, from `edge` on,
// where that block crosses the tile's end: how many, or the first in (y,
// x) order that lies outside the tile.
struct last_block {
    std::uint64_t inside = 0;
    std::optional<std::vector<std::uint64_t>> first_outside;  // (y, x, 0, 0): bijection's variables
    bool complete = true;  // false: `budget` cells were inside, and the rest not looked at
};
// The cells from byte `edge` on, in order, up to the first outside the
// tile or `budget` cells inside it.
last_block cells_inside_from(layout_subject const& t, std::uint64_t edge, std::uint64_t budget) {
    std::uint64_t const e = t.shape.elem, cols = t.cols();
    last_block out;
    for (std::uint64_t y = edge / t.pitch; y < t.rows(); ++y)
        for (std::uint64_t x = 0; x < cols; ++x) {
            if (y * t.pitch + x * e < edge) continue;
            if (t.offset(y, x) + e > t.footprint) {
                out.first_outside = std::vector<std::uint64_t>{y, x, 0, 0};
                return out;
            }
            if (++out.inside == budget) {
                out.complete = y + 1 == t.rows() && x + 1 == cols;
                if (!out.complete) return out;
            }
        }
    return out;
}

// The block across the tile's end by the solver, where it has too many
// cells to walk: its first cell in (y, x) order whose element lands past
// the tile's end (cute:3,14,19 on 10^9 rows of 996 bytes: 4 * 10^10
// cells, the first outside near the tile's end), or none (PROVED, as
// `bijection.crossing`); nothing where the solver gives up, or its cell
// may not be the smallest.
std::optional<last_block> crossing_by_solver(prover& p, layout_subject const& t, std::uint64_t edge, unsigned& calls) {
    auto const& s = *t.swizzle;
    std::uint64_t const y0 = edge / t.pitch, e = t.shape.elem;
    auto vars = make_split_variables(p.fast(), {{"dy", t.rows() - y0}, {"x", t.cols()}});
    auto const y = vars[0].value + y0;
    auto const& x = vars[1].value;
    z3::expr const outside = !(s.symbolic_base(y, x) < edge) && !(t.symbolic_offset(y, x) + e <= t.footprint);
    property_result q;
    q.id = "bijection.crossing";
    decide_by_negation(p, q, {outside}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const cy = y0 + v[0], cx = v[1];
        if (cy * t.pitch + cx * e < edge || t.offset(cy, cx) + e <= t.footprint) return std::nullopt;
        replayed out;
        out.data = {{"cell", cell_json(cy, cx)}};
        return out;
    });
    calls += q.solver_calls;
    last_block out;
    if (q.outcome == verdict::proved) return out;
    if (q.outcome != verdict::refuted || q.evidence.contains("not_smallest")) return std::nullopt;
    auto const& v = q.evidence.at("variables");
    out.first_outside = std::vector<std::uint64_t>{y0 + v.at("dy").get<std::uint64_t>(), v.at("x").get<std::uint64_t>(), 0, 0};
    return out;
}

// How both block paths name their method's start.
std::string by_blocks(layout_subject const& t) { return "by blocks of " + std::to_string(t.swizzle->span_bytes) + " bytes"; }

// A swizzle F after a strided layout, where F keeps each offset in its
// aligned block of S bytes and is the same map in every block (F(u) = u -
// u mod S' + F(u mod S'), S' = S in F's units: a query) and permutes block
// 0 (by exhaustion of its S' offsets), is a bijection of offsets that keeps
// blocks; the strided layout puts distinct cells at distinct offsets (a
// pitch of at least the row), so the swizzled ones are distinct too, and
// each cell stays in its block: inside the tile where that block is (each
// element whole in it, checked on block 0), and the cells of a last block
// that crosses the tile's end are checked one by one. 10^8 cells of CuTe
// swizzles on rows of 20-120 KB took 0.1-0.15 s by exhaust_cells.
// Nothing where a step does not hold: the other paths then decide. Where
// only the last block's check fails, no two cells can share a byte, so its
// first cell outside the tile is the smallest violation: `first_outside`,
// for the solver to confirm (cute:1,0,-22 on bytes over 2^20 + 1 rows of
// 1000 bytes timed out otherwise).
std::optional<property_result> bijection_by_blocks(prover& p, layout_subject const& t, property_result r,
                                                   std::optional<std::vector<std::uint64_t>>& first_outside) {
    if (!t.swizzle || t.swizzle->span_bytes == 0) return std::nullopt;
    auto const& s = *t.swizzle;
    std::uint64_t const S = s.span_bytes, ub = s.unit_bytes, e = t.shape.elem, cols = t.cols(), rows = t.rows();
    // An involution of whole elements permutes every block as it is: no
    // block to enumerate (cute:1,7,-20 on bytes, blocks of 2^28 bytes).
    bool const involution = s.involution_from_bytes && s.involution_from_bytes % e == 0;
    if (S % ub || S % e || e % ub || t.pitch % ub || t.pitch < t.shape.row_bytes || rows == 0 || cols == 0 ||
        (!involution && (S > block_exhaustion_limit || !permutes_block_zero(s, S / ub, e))))
        return std::nullopt;
    std::uint64_t const last_cell = (rows - 1) * t.pitch + (cols - 1) * e, edge = t.footprint / S * S;
    if (last_cell + e > t.footprint) return std::nullopt;
    auto vars = make_split_variables(p.fast(), {{"u", t.footprint / ub}});
    auto const& u = vars[0].value;
    auto const low = u % (S / ub);
    property_result same = r;
    same.id = r.id + ".blocks";  // each query of the property has a name of its own
    decide_by_negation(p, same, {s.symbolic_apply(u) != (u - low) + s.symbolic_apply(low)}, vars,
                       [](auto const&) { return std::nullopt; });
    r.solver_calls += same.solver_calls;
    if (same.outcome != verdict::proved) return std::nullopt;
    // The block across the tile's end, cell by cell: all of it, or (a block
    // of more cells) up to its first cell outside (cute:3,7,-21 on bytes over
    // 2^24 rows of 1008: 4.7 * 10^8 cells, the first outside the 450th);
    // past that, the solver. Both rest on the blocks proved above.
    auto crossing = last_cell >= edge ? cells_inside_from(t, edge, std::uint64_t(1) << 26) : last_block{};
    bool const walked = crossing.complete;
    if (!walked) {
        auto by_solver = crossing_by_solver(p, t, edge, r.solver_calls);
        if (!by_solver) return std::nullopt;
        crossing = *by_solver;
    }
    if (crossing.first_outside) {
        first_outside = crossing.first_outside;
        return std::nullopt;
    }
    std::string const unit = ub == 1 ? "byte" : "element";
    std::string const permuted =
        involution ? "permutes every block (its own inverse, reading and writing only bits from " +
                         std::to_string(s.involution_from_bytes) + " bytes up, so each element stays whole)"
                   : "permutes block 0 (by exhaustion over its " + std::to_string(S / ub) + " " + unit +
                         " offsets, each element whole in it)";
    r.method = by_blocks(t) + ": the swizzle is the same map in each aligned block (" +
               same.id + ") and " + permuted + "; distinct cells have distinct strided offsets (pitch " +
               std::to_string(t.pitch) + " >= " + std::to_string(t.shape.row_bytes) +
               " bytes), so distinct swizzled ones, each in its own block" +
               (!walked ? "; no cell of the block across the tile's end lands past it (bijection.crossing)"
                : crossing.inside ? "; the " + std::to_string(crossing.inside) +
                                        " cells of the block across the tile's end inside it, by exhaustion"
                                  : ", and every block lies inside the tile");
    r.outcome = verdict::proved;
    return r;
}

// The query of bijection over (y1, x1, y2, x2), with the violation known
// before, if any, for the solver to confirm pinned. `scanned`: rows are
// kept, so no cell lies outside and only cells of one row can collide.
property_result decide_bijection(prover& p, layout_subject const& t, property_result r, bool scanned,
                                 std::optional<found_violation> const& known) {
    std::uint64_t const last = t.footprint - t.shape.elem;  // the last offset an element fits at
    auto vars = make_split_variables(p.fast(), {{"y1", t.rows(), t.row_split()}, {"x1", t.cols()}, {"y2", t.rows(), t.row_split()}, {"x2", t.cols()}});
    auto const& y1 = vars[0].value; auto const& x1 = vars[1].value;
    auto const& y2 = vars[2].value; auto const& x2 = vars[3].value;
    auto const o1 = t.symbolic_offset(y1, x1), o2 = t.symbolic_offset(y2, x2);
    z3::expr const negation = scanned ? y1 == y2 && x1 != x2 && o1 == t.symbolic_offset(y1, x2)
                                      : !(o1 <= last) || ((y1 != y2 || x1 != x2) && o1 == o2);
    decide_by_negation(p, r, {negation}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const c1 = t.offset(v[0], v[1]), c2 = t.offset(v[2], v[3]);
        replayed out;
        if (c1 > last) {
            out.data = {{"kind", "outside"}, {"cell", cell_json(v[0], v[1])}, {"byte", c1}, {"footprint", t.footprint}};
            out.lines.push_back("cell " + cell_text(v[0], v[1]) + " maps to byte " + std::to_string(c1) +
                                ", outside the tile's " + std::to_string(t.footprint) + " bytes");
            return out;
        }
        if ((v[0] != v[2] || v[1] != v[3]) && c1 == c2) {
            out.data = {{"kind", "collision"}, {"cells", {cell_json(v[0], v[1]), cell_json(v[2], v[3])}}, {"byte", c1}};
            out.lines.push_back("cells " + cell_text(v[0], v[1]) + " and " + cell_text(v[2], v[3]) + " both map to " + place(t, c1));
            return out;
        }
        return std::nullopt;
    }, false, known ? std::optional(known->values) : std::nullopt, known && known->smallest);
    return r;
}

}  // namespace

property_result prove_bijection(prover& p, layout_subject const& t, std::uint64_t period, bool rows_kept, bool exhaust) {
    auto r = start("bijection", "every cell lies inside the tile's " + std::to_string(t.footprint) +
                                    " bytes, and no two cells share a byte offset");
    std::optional<std::vector<std::uint64_t>> outside_first;  // the smallest violation, by blocks
    if (exhaust && !rows_kept)
        if (auto by_blocks = bijection_by_blocks(p, t, r, outside_first)) return *by_blocks;
    // On tiles too large to enumerate (below): where they are, the paths
    // below decide as before, and find the same smallest violation.
    if (outside_first && !cells_exhaustible(t, t.rows(), t.footprint)) {
        r.method = by_blocks(t) + " (bijection.blocks: no two cells share a byte), and the cells of the block across the "
                   "tile's end in order, the first outside it";
        return decide_bijection(p, t, std::move(r), false, found_violation{*outside_first, true});
    }
    // Rows kept: a collision in the first rows is the smallest, by enumeration.
    std::uint64_t const rows = period && period < t.rows() ? period : t.rows();
    bool const scanned =
        rows_kept && t.pitch <= (1u << 24) && (t.rows() - 1) * t.pitch + t.shape.row_bytes <= t.footprint;
    // The violation known before the solver is asked: the rows' own scan
    // where rows are kept, else the first rows' global one (a candidate).
    std::optional<found_violation> known;
    if (scanned) known = smallest_row_collision(t, rows);
    else if (auto candidate = first_collision(t, rows)) known = found_violation{std::move(*candidate), false};
    if (known && known->smallest)
        r.method = "by enumeration of rows 0.." + std::to_string(known->values[0]) +
                   " in order, the first with a collision (row_locality: cells of different rows never share a byte)";
    if (period && period < t.rows())
        if (auto by_period = bijection_by_period(p, t, period, r, rows_kept, known, exhaust)) return *by_period;
    if (scanned && r.method.empty()) r.method = "within rows (row_locality: only cells of one row can share a byte)";
    if (!scanned && rows < t.rows()) {  // a period spilled over: the first rows of the tile, across periods
        known.reset();
        if (auto candidate = first_collision(t, t.rows())) known = found_violation{std::move(*candidate), false};
    }
    std::uint64_t const last = t.footprint - t.shape.elem;  // the last offset an element fits at
    if (auto const g = exhaust ? linear_bijection_of(t) : std::nullopt) {
        std::string const how = "by GF(2) rank: the " + counted(g->bits, "image") + (g->bits == 1 ? " has" : " have") + " rank " +
                                std::to_string(g->rank) + (g->inside ? ", all below 2^" : ", not all below 2^") +
                                std::to_string(g->bits);
        if (g->smallest.empty()) {
            r.method = how + ": a bijection of the tile's element offsets";
            r.outcome = verdict::proved;
            return r;
        }
        r.method = how;
        known = found_violation{g->smallest, true};
    } else if (auto const e = scanned || !exhaust ? std::nullopt : exhaust_cells(t, t.rows(), last + 1)) {
        if (e->injective) {
            r.method = exhausted_cells(t, t.rows()) + ": each lies at or below byte " + std::to_string(last) +
                       " and none shares another's offset";
            r.outcome = verdict::proved;
            return r;
        }
        r.method = exhausted_cells(t, t.rows()) + ", the first violation in order";
        known = found_violation{e->smallest, true};
    }
    return decide_bijection(p, t, std::move(r), scanned, known);
}

property_result prove_row_locality(prover& p, layout_subject const& t) {
    auto r = start("row_locality", "every cell of row y stays in row y's " + std::to_string(t.shape.row_bytes) + " bytes");
    r.counts = weight::report;
    auto vars = make_split_variables(p.fast(), {{"y", t.rows(), t.row_split()}, {"x", t.cols()}});
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    auto const o = t.symbolic_offset(y, x);
    auto const row_start = y * t.pitch;
    // Where the offset's affine form holds the row's start (strided layouts,
    // swizzles of the column alone) the cell's place in its row is a
    // difference that cannot wrap, and the solver never meets y * pitch:
    // pad:8 on 1000-byte rows over 2^32 rows took 0.3 s the other way.
    auto const in_row = o.minus_if_not_below(row_start);
    z3::expr const leaves = in_row ? !(*in_row + t.shape.elem <= t.shape.row_bytes)
                                   : o < row_start || !(o + t.shape.elem <= row_start + t.shape.row_bytes);
    auto const escape = first_failing_cell_past_first_block(t, [&](std::uint64_t y, std::uint64_t x) {
        std::uint64_t const o = t.offset(y, x), first = y * t.pitch;
        return o < first || o + t.shape.elem > first + t.shape.row_bytes;
    });
    decide_by_negation(p, r, {leaves}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const o = t.offset(v[0], v[1]), from = v[0] * t.pitch;
        if (o >= from && o + t.shape.elem <= from + t.shape.row_bytes) return std::nullopt;
        replayed out;
        out.data = {{"cell", cell_json(v[0], v[1])}, {"byte", o}, {"row_first_byte", from}};
        out.lines.push_back("cell " + cell_text(v[0], v[1]) + " is stored at " + place(t, o) + ", outside row " +
                            std::to_string(v[0]) + " (bytes " + std::to_string(from) + ".." +
                            std::to_string(from + t.shape.row_bytes - 1) + ")");
        return out;
    }, false, escape, escape.has_value());
    return r;
}

property_result prove_row_permutation(prover& p, layout_subject const& t, std::uint64_t period) {
    auto r = start("row_permutation", "in every row y, x -> stored column is a permutation of 0.." + std::to_string(t.cols() - 1));
    auto vars = make_split_variables(p.fast(), {{"y", rows_to_check(t, period, r), t.row_split()}, {"x1", t.cols()}, {"x2", t.cols()}});
    auto const& y = vars[0].value; auto const& x1 = vars[1].value; auto const& x2 = vars[2].value;
    auto const clash = first_row_clash(t, vars[0].count);
    auto const c1 = t.symbolic_column(y, x1), c2 = t.symbolic_column(y, x2);
    z3::expr const escapes = !(c1 < t.cols());
    z3::expr const collide = x1 != x2 && c1 == c2;
    decide_by_negation(p, r, {escapes || collide}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const c1v = t.column(v[0], v[1]), c2v = t.column(v[0], v[2]);
        replayed out;
        if (c1v >= t.cols()) {
            out.data = {{"kind", "escapes"}, {"row", v[0]}, {"x", v[1]}, {"column", c1v}};
            out.lines.push_back("row " + std::to_string(v[0]) + ": x = " + std::to_string(v[1]) + " -> column " +
                                std::to_string(c1v) + ", not a column of a row of " + std::to_string(t.cols()));
            return out;
        }
        if (v[1] != v[2] && c1v == c2v) {
            out.data = {{"kind", "collision"}, {"row", v[0]}, {"x", {v[1], v[2]}}, {"column", c1v}};
            out.lines.push_back("row " + std::to_string(v[0]) + ": x = " + std::to_string(v[1]) + " and x = " +
                                std::to_string(v[2]) + " both -> column " + std::to_string(c1v));
            return out;
        }
        return std::nullopt;
    }, false, clash ? std::optional(clash->values) : std::nullopt, clash && clash->smallest);
    return r;
}

property_result prove_chunk_integrity(prover& p, layout_subject const& t, std::uint64_t period) {
    std::uint64_t const chunk = t.chunk_bytes, k = chunk / t.shape.elem;
    auto r = start("chunk_integrity", "each " + std::to_string(chunk) + "-byte chunk stays contiguous, in order and " +
                                          std::to_string(chunk) + "-byte aligned");
    auto vars = make_split_variables(p.fast(), {{"y", rows_to_check(t, period, r), t.row_split()}, {"x", t.cols()}});
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    auto const first = x / k * k;
    auto const base = t.symbolic_offset(y, first);
    z3::expr const moved = t.symbolic_offset(y, x) != base + x % k * t.shape.elem;
    z3::expr const misaligned = base % chunk != 0u;
    decide_by_negation(p, r, {moved || misaligned}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const yv = v[0], xv = v[1], fv = xv - xv % k;
        std::uint64_t const b = t.offset(yv, fv), o = t.offset(yv, xv), want = b + xv % k * t.shape.elem;
        replayed out;
        if (o != want) {
            out.data = {{"kind", "split"}, {"row", yv}, {"x", xv}, {"chunk_first_x", fv}, {"byte", o}, {"chunk_byte", b}};
            out.lines.push_back("row " + std::to_string(yv) + ": element x = " + std::to_string(xv) + " lands at " +
                                place(t, o) + ", but its chunk starts at " + place(t, b) + " (expected byte " +
                                std::to_string(want) + ")");
            return out;
        }
        if (b % chunk != 0) {
            out.data = {{"kind", "misaligned"}, {"row", yv}, {"chunk_first_x", fv}, {"byte", b}};
            out.lines.push_back("row " + std::to_string(yv) + ": the chunk of x = " + std::to_string(fv) +
                                " starts at byte " + std::to_string(b) + ", not a multiple of " + std::to_string(chunk));
            return out;
        }
        return std::nullopt;
    });
    return r;
}

namespace {

// The first (y, x) in order, over whole rows of about the first 2^17 cells
// (at least two rows, below `rows`), that the swizzle applied twice does not return: the
// smallest counterexample of involution, by enumeration. Rows that are not
// powers of two break it in their first rows where the solver's search for
// the smallest took 14 probes (--nx 15843 --elem 8: row 1, its last x);
// else scan_rows' candidate.
std::optional<found_violation> first_involution_break(layout_subject const& t, std::uint64_t rows) {
    std::uint64_t const cols = t.cols();
    std::vector<std::uint64_t> column(cols);
    auto const in_row = [&](std::uint64_t y) -> std::optional<std::vector<std::uint64_t>> {
        t.row_offsets_of(y, 0, cols, column.data());
        for (std::uint64_t& c : column) c = t.column_at(y, c);
        for (std::uint64_t x = 0; x < cols; ++x) {
            std::uint64_t const once = column[x], twice = once < cols ? column[once] : t.column(y, once);
            if (twice != x) return std::vector<std::uint64_t>{y, x};
        }
        return std::nullopt;
    };
    return scan_rows(t, rows, std::max<std::uint64_t>(2, (1u << 17) / cols), in_row);
}

property_result involution_by_rows(prover& p, layout_subject const& t, property_result r, std::uint64_t period) {
    auto vars = make_split_variables(p.fast(), {{"y", rows_to_check(t, period, r), t.row_split()}, {"x", t.cols()}});
    auto const first = first_involution_break(t, vars[0].count);
    auto const& y = vars[0].value; auto const& x = vars[1].value;
    z3::expr const differs = t.symbolic_column(y, t.symbolic_column(y, x)) != x;
    decide_by_negation(p, r, {differs}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const once = t.column(v[0], v[1]), twice = t.column(v[0], once);
        if (twice == v[1]) return std::nullopt;
        replayed out;
        out.data = {{"row", v[0]}, {"x", v[1]}, {"column", once}, {"column_of_column", twice}};
        out.lines.push_back("row " + std::to_string(v[0]) + ": x = " + std::to_string(v[1]) + " -> " +
                            std::to_string(once) + " -> " + std::to_string(twice));
        return out;
    }, false, first ? std::optional(first->values) : std::nullopt, first && first->smallest);
    return r;
}

property_result involution_by_offsets(prover& p, layout_subject const& t, property_result r) {
    auto const& s = *t.swizzle;
    auto vars = make_split_variables(p.fast(), {{"y", t.rows(), t.row_split()}, {"x", t.cols()}});
    auto const u = s.symbolic_base(vars[0].value, vars[1].value) / s.unit_bytes;
    z3::expr const differs = s.symbolic_apply(s.symbolic_apply(u)) != u;
    decide_by_negation(p, r, {differs}, vars, [&](std::vector<std::uint64_t> const& v) -> std::optional<replayed> {
        std::uint64_t const u = s.base(v[0], v[1]) / s.unit_bytes, once = s.apply(u), twice = s.apply(once);
        if (twice == u) return std::nullopt;
        std::string const unit = s.unit_bytes == 1 ? "byte" : "element";
        replayed out;
        out.data = {{"cell", cell_json(v[0], v[1])}, {"offset", u}, {"swizzled", once}, {"swizzled_twice", twice}};
        out.lines.push_back("cell " + cell_text(v[0], v[1]) + ": " + unit + " offset " + std::to_string(u) + " -> " +
                            std::to_string(once) + " -> " + std::to_string(twice));
        return out;
    });
    return r;
}

}  // namespace

property_result prove_involution(prover& p, layout_subject const& t, bool rows_kept, std::uint64_t period) {
    auto r = start("involution", rows_kept ? "the swizzle is its own inverse: column(y, column(y, x)) = x"
                                           : "the swizzle is its own inverse on its offsets: F(F(u)) = u");
    if (!t.involution_counts) r.counts = weight::report;
    if (rows_kept || !t.swizzle) return involution_by_rows(p, t, std::move(r), period);
    return involution_by_offsets(p, t, std::move(r));
}

}  // namespace swz::verify
