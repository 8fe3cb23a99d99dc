#include "access_spec.hpp"

#include "cell_text.hpp"
#include "counted.hpp"
#include "formula_lanes.hpp"
#include "formula_wraps.hpp"
#include "value_interval.hpp"

#include <algorithm>
#include <type_traits>

#include "swz/access/column_access.hpp"
#include "swz/access/lane_formula.hpp"
#include "swz/access/matrix_access.hpp"
#include "swz/access/row_access.hpp"
#include "article_classes.hpp"
#include "linear_classes.hpp"
#include "swizzle_classes.hpp"
#include "xor_block_classes.hpp"
#include "xor_segment_classes.hpp"
#include "host_params.hpp"
#include "swz/bank_model.hpp"

namespace swz::verify {

namespace {

using result = std::variant<access_subject, access_error>;

std::uint64_t gcd(std::uint64_t a, std::uint64_t b) { return b == 0 ? a : gcd(b, a % b); }

access_geometry geometry_of(layout_subject const& t) { return {t.rows(), t.shape.row_bytes, t.shape.elem, t.chunk_bytes}; }

std::string cell_byte_text(std::uint64_t y, std::uint64_t x, std::uint64_t byte_in_elem) {
    std::string s = cell_text(y, x);
    if (byte_in_elem) s += "+" + std::to_string(byte_in_elem);
    return s;
}

// The lanes' addresses through the layout, from each lane's logical byte.
template <class At>
void through_layout(access_subject& a, layout_subject const& t, At at) {
    std::uint32_t const e = t.shape.elem;
    a.through_cells = true;
    a.elem = e;
    a.run_elements = a.instr.width > e ? a.instr.width / e : 1;
    a.address = [t, at, e](unsigned lane, std::vector<std::uint64_t> const& s) {
        return stored_byte(t.offset, at(std::uint64_t(lane), s), e);
    };
    a.symbolic_address = [t, at, e](unsigned lane, std::vector<symbolic_uint> const& s) {
        return stored_byte(t.symbolic_offset, at(s[0].lift(lane), s), e);
    };
    a.element_address = [t, at, e](unsigned lane, std::vector<std::uint64_t> const& s, unsigned k) {
        return stored_element(t.offset, at(std::uint64_t(lane), s), e, k);
    };
    a.symbolic_element_address = [t, at, e](unsigned lane, std::vector<symbolic_uint> const& s, unsigned k) {
        return stored_element(t.symbolic_offset, at(s[0].lift(lane), s), e, k);
    };
    a.describe_lane = [at, e](unsigned lane, std::vector<std::uint64_t> const& s) {
        auto const b = at(std::uint64_t(lane), s);
        return cell_byte_text(b.y, b.xb / e, b.xb % e);
    };
}

// Whether every unit of `width` bytes of a row lies whole in one aligned
// block that the layout moves as a whole, bytes in order: a swizzle's
// granule (swizzle_view::granule_bytes), or the article's TC-byte chunk
// where its rows are whole chunks of whole elements (article.hpp's
// row_run), a multiple of the width, as the pitch is (so a unit starts at
// a multiple of its width before the move). tests/verify/test_unit_walk.cpp
// checks it for every CuTe swizzle and on article tiles.
bool keeps_units_whole(layout_subject const& t, std::uint32_t width) {
    std::uint64_t whole = 0;
    if (t.swizzle && !t.tma) whole = t.swizzle->granule_bytes;
    if (t.article && !check_article(*t.article)) whole = t.article->chunk_bytes();
    return whole != 0 && whole % width == 0 && t.pitch % width == 0;
}

// A run of units of one logical row at once, from one call for the cells
// under them: what the sweeps read (access_subject::row_units). Unit c of
// row y is the column access's lane 0 at (y, c), stored as `address` stores it.
void walk_units(access_subject& a, layout_subject const& t) {
    std::uint32_t const e = t.shape.elem, width = a.instr.width;
    unsigned const run = a.run_elements;
    a.units_per_row = t.shape.row_bytes / width;
    if (width == e && run == 1) {
        // Units of one element each: unit c is cell (y, c), at its own
        // offset, legal where aligned (the class sweeps read tens of
        // millions of them).
        a.row_units = [t, width](std::uint64_t y, std::uint64_t first, std::uint64_t n, std::uint64_t* out) {
            t.row_offsets_of(y, first, n, out);
            std::uint64_t any_bits = 0;
            for (std::uint64_t i = 0; i < n; ++i) any_bits |= out[i];
            return (any_bits & (width - 1)) == 0;
        };
        return;
    }
    if (run > 1 && keeps_units_whole(t, width)) {
        // Each unit's cells follow its first: only the first's offset is
        // read, where the walk below compares all `run` of them and finds
        // each unit's cell again: a call a unit where units hold 4 or more
        // cells (faster than reading all, 2.6 s -> 1.0 s for a row-chunk on
        // halves), one call for the row's cells where they hold 2 (faster
        // than a call a unit, 12 s -> 6 s for 8-byte units of floats) or
        // where the article's row_run makes a cell one addition.
        bool const one_call = run <= 2 || t.article;
        a.row_units = [t, width, run, one_call](std::uint64_t y, std::uint64_t first, std::uint64_t n, std::uint64_t* out) {
            std::uint64_t any_bits = 0;
            if (one_call && n > 1) {
                thread_local std::vector<std::uint64_t> cells;
                cells.resize(n * run);
                t.row_offsets_of(y, first * run, n * run, cells.data());
                for (std::uint64_t i = 0; i < n; ++i) any_bits |= out[i] = cells[i * run];
            } else {
                for (std::uint64_t i = 0; i < n; ++i) {
                    t.row_offsets_of(y, (first + i) * run, 1, out + i);
                    any_bits |= out[i];
                }
            }
            return (any_bits & (width - 1)) == 0;
        };
        return;
    }
    a.row_units = [t, width, run, elem = host_divisor(e)](std::uint64_t y, std::uint64_t first, std::uint64_t n,
                                                          std::uint64_t* out) {
        if (n == 0) return true;
        // The cells under the units (a unit's run among them).
        std::uint64_t const x0 = first * width / elem, x1 = ((first + n) * width + elem.value - 1) / elem;
        thread_local std::vector<std::uint64_t> offsets;
        offsets.resize(x1 - x0);
        t.row_offsets_of(y, x0, x1 - x0, offsets.data());
        auto const cell = [&](std::uint64_t, std::uint64_t x) { return offsets[x - x0]; };
        bool legal = true;
        for (std::uint64_t i = 0; i < n; ++i) {
            auto const b = column_access::lane_byte(std::uint64_t(0), y, first + i, width);
            std::uint64_t const byte = stored_byte(cell, b, elem);
            out[i] = byte;
            for (unsigned k = 1; k < run; ++k) legal = legal && stored_element(cell, b, elem, k) == byte + k * elem.value;
            legal = legal && (byte & (width - 1)) == 0;
        }
        return legal;
    };
}

// The unit each lane of a fragment access touches, as (dy, dc) from its
// start, read off the access's own lane mapping; nothing unless every
// phase is one unit column of consecutive rows at every start tried.
std::vector<std::array<std::uint64_t, 2>> fragment_grid(matrix_access const& b, access_geometry const& g) {
    unsigned const per_phase = lanes_per_phase(b.instr.width), lanes = b.instr.address_lanes;
    std::vector<std::array<std::uint64_t, 2>> grid;
    if (lanes % per_phase != 0) return {};
    for (unsigned l = 0; l < lanes; ++l) {
        std::uint64_t const zero[2] = {0, 0};
        auto const at = b.at(g, std::uint64_t(l), zero);
        if (at.xb % b.instr.width != 0) return {};
        grid.push_back({at.y, at.xb / b.instr.width});
        unsigned const first = l - l % per_phase;
        if (l != first && (grid[l][0] != grid[first][0] + (l - first) || grid[l][1] != grid[first][1])) return {};
        for (std::uint64_t const y0 : {1ull, 77ull})
            for (std::uint64_t const c : {1ull, 5ull}) {
                std::uint64_t const s[2] = {y0, c};
                auto const moved = b.at(g, std::uint64_t(l), s);
                if (moved.y != y0 + grid[l][0] || moved.xb != (c + grid[l][1]) * b.instr.width) return {};
            }
    }
    return grid;
}

// The smallest multiple k of `base` steps whose shift along the bank line,
// k / base * base_shift (mod 128), keeps every unit aligned and so the bank
// groups the same, rotated.
std::uint64_t aligned_multiple(std::uint64_t base, std::uint64_t base_shift, std::uint64_t unit) {
    for (std::uint64_t k = 1; k <= 128; ++k)
        if (k * base_shift % 128 % unit == 0) return k * base;
    return 0;
}

// A column access started P rows or Q columns on, where the bank period
// lemmas give each lane the same shift along the bank line, costs what the
// earlier start costs, if no two lanes can share a unit at either start:
// the lanes' rows differ, each cell stays in its row (row_locality), a row's
// pitch holds whole units, and a lane moves one element or part of one (a
// run of several must also be contiguous, which a shift does not keep).
// Where cells leave their rows, a swizzle that keeps each offset in its
// aligned block of S bytes keeps lanes apart all the same when the pitch
// is at least max(S, unit), whole units or not: two lanes' strided
// offsets, a pitch or more apart, lie in different aligned blocks of that
// size, and so do their units (CuTe's swizzles on rows of 20-120 KB: 10^8
// column starts a period).
// (A swizzle that reads and writes only bits from 128 bytes up is decided
// on its strided base instead: bank_blind.hpp.)
bool lanes_apart(layout_subject const& t, start_lemmas const& lemmas, std::uint64_t unit) {
    if (lemmas.rows_kept && t.pitch % unit == 0) return true;
    // A swizzle that changes only bits from 2^w bytes up, where the lanes'
    // strided offsets (32 rows at most, a pitch of at least a unit apart)
    // lie within 2^w - unit bytes: two lanes' units would have to agree in
    // every bit from the unit's to 2^w's and differ above, 2^w - unit or
    // more apart (cute:1,0,-22 on bytes, 2^20 rows of 1000: 2^30 column
    // starts, each lane reading what it reads in the strided base).
    std::uint64_t const high = t.swizzle ? t.swizzle->writes_from_bytes : 0;
    if (high && t.pitch >= unit && t.pitch <= high / 32 && 32 * t.pitch + unit <= high) return true;
    std::uint64_t const span = t.swizzle ? t.swizzle->span_bytes : 0;
    return span != 0 && std::max(span, unit) <= t.pitch;
}

// Lanes that move several elements are legal at every start, so a shift
// keeps them legal, where a swizzle leaves its aligned chunks whole (the
// layout's chunk: CuTe's 2^M units, the TMA's 16 bytes) and every unit is
// a whole part of one, on rows of whole units (CuTe's swizzles on rows of
// 20-120 KB: 10^7 chunk-column starts a period).
bool units_whole(layout_subject const& t, std::uint64_t width) {
    return t.swizzle && t.swizzle->span_bytes && t.pitch % width == 0 && t.chunk_bytes % width == 0;
}

void cut_to_bank_period(access_subject& a, layout_subject const& t, start_lemmas const& lemmas) {
    std::uint64_t const width = a.instr.width, unit = std::max<std::uint64_t>(width, 4), e = t.shape.elem;
    if (a.vars.size() != 2 || !lanes_apart(t, lemmas, unit) || (width > e && !units_whole(t, width))) return;
    std::string cut;
    if (auto const& r = lemmas.banks.rows) {
        std::uint64_t const rows = aligned_multiple(r.step, r.shift, unit);
        if (rows && rows < a.vars[0].count) {
            a.vars[0].count = rows;
            cut += "y0 < " + std::to_string(rows);
        }
    }
    if (auto const& c = lemmas.banks.cols) {
        // c moves `width` bytes, a step moves c.step elements of e bytes.
        std::uint64_t const step_bytes = c.step * e, base = step_bytes / gcd(step_bytes, width);
        std::uint64_t const cols = aligned_multiple(base, base * width / step_bytes * c.shift % 128, unit);
        if (cols && cols < a.vars[1].count) {
            a.vars[1].count = cols;
            cut += (cut.empty() ? "" : ", ") + a.vars[1].name + " < " + std::to_string(cols);
        }
    }
    if (cut.empty()) return;
    a.domain_note += (a.domain_note.empty() ? "" : "; ") + std::string("over one bank period (bank_period): ") + cut;
}

// The article's classes of an access's starts (article_classes.hpp), asked when needed.
std::function<std::optional<class_blocks>()> article_start_classes(layout_subject const& t, class_walk walk,
                                                                   instruction const& i) {
    bool const transfers = i.rule() != phase_rule::banks;
    return [p = *t.article, rows = t.rows(), o = access_class_options(walk, i.width, transfers), transfers] {
        auto c = article_classes(p, rows, o);
        return c ? std::optional<class_blocks>(std::move(*c).for_sweep(transfers)) : std::nullopt;
    };
}

// A built-in (row_access, column_access, matrix_access) on the layout.
template <class Builtin>
access_subject builtin_on(Builtin const& b, std::string const& spec, layout_subject const& t, start_lemmas const& lemmas) {
    std::uint64_t const period = lemmas.period;
    access_subject a;
    a.spec = spec;
    a.id = "conflict." + spec;
    a.statement = b.statement();
    a.instr = b.instr;
    // The lane mapping is the built-in's type: its label only names it.
    if constexpr (std::is_same_v<Builtin, row_access>) a.identity = "row-major ";
    else if constexpr (std::is_same_v<Builtin, column_access>) a.identity = "column-major ", a.lanes_walk_rows = true;
    else a.identity = "matrix ";
    a.identity += b.instr.name();
    access_geometry const g = geometry_of(t);
    start_domain const d = b.starts(g);
    a.vars = d.vars;
    a.not_applicable = d.not_applicable;
    // One period of rows: the first start variable is the start row, or
    // (row-major accesses) the unit s, which shifts whole periods every
    // lcm(P * units per row, 32) / 32 steps.
    auto const starts_per_period = [&](std::uint64_t p) {
        if constexpr (std::is_same_v<Builtin, row_access>) {
            std::uint64_t const cells = p * (g.row_bytes / b.instr.width);
            return cells / gcd(cells, 32);
        } else {
            return p;
        }
    };
    if (!a.vars.empty()) {
        if (period) {
            std::uint64_t const count = starts_per_period(period);
            if (count < a.vars[0].count) {
                a.vars[0].count = count;
                a.domain_note = "over one period of " + counted(period, "row") + " (" + lemmas.period_lemma + "): " + a.vars[0].name +
                                " < " + std::to_string(count);
            }
        } else if (t.row_split() > 1) {
            a.start_period = starts_per_period(t.row_split());
        }
    }
    if constexpr (std::is_same_v<Builtin, column_access>) cut_to_bank_period(a, t, lemmas);
    through_layout(a, t, [b, g](auto lane, auto const& s) { return b.at(g, lane, s.data()); });
    if constexpr (std::is_same_v<Builtin, row_access>) a.lanes_walk_units = true, a.solver_first = t.powers_of_two();
    if constexpr (std::is_same_v<Builtin, matrix_access>) a.lane_grid = fragment_grid(b, g);
    walk_units(a, t);
    if constexpr (std::is_same_v<Builtin, matrix_access>) {
        if (t.article && !a.lane_grid.empty() && a.vars.size() == 2)
            a.start_classes = article_start_classes(t, class_walk::fragment, b.instr);
        // Fragments on swizzles XOR by blocks: by their lanes' segments.
        if (t.swizzle && t.swizzle->xor_block_bytes && !a.lane_grid.empty() && a.vars.size() == 2) {
            fixed_window_walk const f{a.lane_grid, b.instr.width, a.vars[0].count, a.vars[1].count};
            a.start_classes = [t, f] { return xor_segment_classes(t, f); };
            a.classes_cheap = true;
        }
    } else {
        class_walk const walk = std::is_same_v<Builtin, row_access> ? class_walk::row : class_walk::column;
        if (t.article) {
            a.start_classes = article_start_classes(t, walk, b.instr);
        } else if (t.family == "linear") {
            a.start_classes = [t, walk, width = b.instr.width] { return linear_classes(t, walk, width); };
        } else if (t.swizzle && t.swizzle->span_bytes && !a.vars.empty()) {
            // A shift by whole units keeps a bank cost; by whole 128-byte lines, a transfer count too.
            std::uint32_t const shift_unit = b.instr.rule() == phase_rule::banks ? unit_bytes(b.instr.width) : bytes_per_phase;
            xor_block_walk const x{walk, b.instr.width, a.units_per_row, a.vars[0].count, a.vars.size() > 1 ? a.vars[1].count : 0};
            // Swizzles of a narrow span by their span; of a wide one (CuTe's
            // large S) by their XOR blocks.
            a.start_classes = [t, x, shift_unit]() -> std::optional<class_blocks> {
                if (x.walk == class_walk::row)
                    if (auto c = swizzle_row_classes(t, x.units_per_row, x.width, shift_unit, x.starts)) return c;
                if (auto c = xor_block_classes(t, x); c || x.walk == class_walk::row) return c;
                // Columns on rows wide against the blocks: by their lanes' segments.
                return xor_segment_classes(t, fixed_window_walk::column(x.width, x.starts, x.columns));
            };
            a.classes_cheap = true;
        }
    }
    return a;
}

std::optional<unsigned> width_suffix(std::string const& s, std::string const& name) {
    if (s == name) return 0u;
    if (s.rfind(name + ".", 0) != 0) return std::nullopt;
    std::string const w = s.substr(name.size() + 1);
    for (unsigned v : {1u, 2u, 4u, 8u, 16u})
        if (w == std::to_string(v)) return v;
    return std::nullopt;
}

// A built-in access, or (`error` set) a built-in's name with a bad suffix;
// nothing (and no error) for any other spec.
std::optional<access_subject> builtin(std::string const& spec, layout_subject const& t, start_lemmas const& period,
                                      std::optional<access_error>& error) {
    std::uint32_t const e = t.shape.elem, chunk = t.chunk_bytes;
    struct named {
        char const* name;
        bool by_row;
        std::uint32_t default_width;
    };
    for (auto const& n : {named{"row-chunk", true, chunk}, named{"column-chunk", false, chunk}, named{"row", true, e},
                          named{"column", false, e}}) {
        auto const w = width_suffix(spec, n.name);
        if (!w) continue;
        unsigned const width = *w ? *w : n.default_width;
        std::string const canonical = *w && *w != n.default_width ? spec : n.name;
        if (!is_access_width(width)) {
            error = access_error{0, "'" + spec + "': a chunk of " + std::to_string(width) +
                                        " bytes is not a width one instruction moves (1, 2, 4, 8, 16)"};
            return std::nullopt;
        }
        if (n.by_row) return builtin_on(row_access{n.name, ld_shared(width)}, canonical, t, period);
        return builtin_on(column_access{n.name, ld_shared(width)}, canonical, t, period);
    }
    if (spec.rfind("cp.async.", 0) == 0 && spec.find(':') == std::string::npos) {
        auto const i = instruction_named(spec);
        if (!i) {
            error = access_error{10, "'" + spec + "': cp.async moves 4, 8 or 16 bytes"};
            return std::nullopt;
        }
        return builtin_on(row_access{"cp.async", *i}, spec, t, period);
    }
    if ((spec.rfind("ldmatrix", 0) == 0 || spec.rfind("stmatrix", 0) == 0) && spec.find(':') == std::string::npos) {
        auto const i = instruction_named(spec);
        if (!i) {
            error = access_error{9, "'" + spec + "': expected " + spec.substr(0, 8) + ".x1, .x2 or .x4, optionally .trans"};
            return std::nullopt;
        }
        return builtin_on(matrix_access{*i}, spec, t, period);
    }
    return std::nullopt;
}

// The ranges a formula's lane and start variables take.
struct formula_ranges {
    value_interval lane;
    std::vector<value_interval> vars;
};
formula_ranges start_ranges(access_subject const& a) {
    formula_ranges r{{0, a.instr.address_lanes - 1}, {}};
    for (auto const& v : a.vars) r.vars.push_back({0, v.count - 1});
    return r;
}

result formula(std::string const& spec, layout_subject const& t) {
    auto const colon = spec.find(':');
    std::string const kind = spec.substr(0, colon);
    auto const instr = instruction_named(kind);
    if (!instr)
        return access_error{1, "'" + kind + "' is not an instruction (ld.W, st.W with W = 1, 2, 4, 8, 16; cp.async.W with W = 4, 8, 16; " +
                                   "ldmatrix.x1|x2|x4[.trans], stmatrix...)"};
    auto const parsed = parse_lane_formula(spec.substr(colon + 1), colon + 1);
    if (auto const* e = std::get_if<lane_formula_error>(&parsed)) return access_error{e->column, e->message};
    lane_formula const f = std::get<lane_formula>(parsed);
    access_subject a;
    a.instr = *instr;
    a.spec = kind + ":" + f.text();
    a.id = "conflict." + a.spec;
    a.statement = "lane l " + std::string(instr->is_store() ? "writes " : "reads ") + f.text() + " (" + instr->name() + ")";
    for (auto const& v : f.variables) a.vars.push_back({v.name, v.count});
    a.formula_wraps = formula_wraps(f);
    a.wrap_periods = formula_wrap_periods(f);
    a.start_steps = formula_steps(f);
    // A formula with no start is one instance; the prover still wants a variable.
    if (a.vars.empty()) a.vars.push_back({"once", 1}), a.single_start = true;
    if (f.target == lane_target::byte) {
        formula_byte_bounds const bounds(t.footprint, a.instr.width);
        a.elem = t.shape.elem;
        a.address = [f](unsigned lane, std::vector<std::uint64_t> const& s) { return f.byte_of(std::uint64_t(lane), s); };
        a.symbolic_address = [f](unsigned lane, std::vector<symbolic_uint> const& s) { return f.byte_of(s[0].lift(lane), s); };
        a.inside = [f, bounds](unsigned lane, std::vector<std::uint64_t> const& s) {
            return bounds.inside(f.byte_of(std::uint64_t(lane), s));
        };
        // x < 0 is the solver's false.
        a.symbolic_inside = [f, bounds](unsigned lane, std::vector<symbolic_uint> const& s) {
            auto const b = f.byte_of(s[0].lift(lane), s);
            return bounds.fits ? b <= bounds.last : b < 0u;
        };
        a.inside_everywhere = [f, bounds, ranges = start_ranges(a)] {
            return bounds.inside(f.byte_of(ranges.lane, ranges.vars));
        };
        a.lanes_at = byte_formula_lanes(f, bounds, a.instr.address_lanes);
        a.describe_lane = [](unsigned, std::vector<std::uint64_t> const&) { return std::string(); };
        return a;
    }
    a.layout_period_rows = t.period_rows;
    std::uint32_t const e = t.shape.elem;
    auto const at = [f, e](auto lane, auto const& s) { return formula_cell_byte(f.cell_of(lane, s), e); };
    through_layout(a, t, at);
    // The cell as the formula names it: its column times the element may
    // wrap past 2^64 (a column of 2^62 would read back as 0).
    a.describe_lane = [f](unsigned lane, std::vector<std::uint64_t> const& s) {
        auto const c = f.cell_of(std::uint64_t(lane), s);
        return cell_text(c.row, c.column);
    };
    formula_cell_bounds const bounds{t.rows(), t.cols(), a.run_elements};
    a.inside = [f, bounds](unsigned lane, std::vector<std::uint64_t> const& s) {
        return bounds.inside(f.cell_of(std::uint64_t(lane), s));
    };
    a.symbolic_inside = [f, bounds](unsigned lane, std::vector<symbolic_uint> const& s) {
        return bounds.inside(f.cell_of(s[0].lift(lane), s));
    };
    a.inside_everywhere = [f, bounds, ranges = start_ranges(a)] {
        return bounds.inside(f.cell_of(ranges.lane, ranges.vars));
    };
    a.lanes_at = cell_formula_lanes(f, t, a.run_elements, a.instr.address_lanes);
    return a;
}

}  // namespace

std::variant<access_subject, access_error> access_on(std::string const& spec, layout_subject const& t, start_lemmas const& period) {
    if (spec.empty()) return access_error{0, "an empty access spec"};
    std::optional<access_error> error;
    if (auto b = builtin(spec, t, period, error)) return *b;
    if (error) return *error;
    if (spec.find(':') != std::string::npos) return formula(spec, t);
    return access_error{1, "'" + spec + "': unknown access (row[.W], column[.W], row-chunk[.W], column-chunk[.W], " +
                               "ldmatrix.xN[.trans], stmatrix.xN[.trans], cp.async.W, or KIND:cell(...)/byte(...) for ...)"};
}

std::vector<std::string> const& default_accesses() {
    static std::vector<std::string> const d{"row", "row-chunk", "column", "column-chunk"};
    return d;
}

std::string access_grammar() {
    return "  row[.W] | column[.W]                 lane l reads unit s*32+l row-major | row y0+l at column c (W: the element)\n"
           "  row-chunk[.W] | column-chunk[.W]     the same with the layout's chunk (W given: that width)\n"
           "  ldmatrix.x1|x2|x4[.trans]            one 8x8 matrix | mma.m16n8k16 B (8x16) | A (16x16) fragment at (y0, c)\n"
           "  stmatrix.x1|x2|x4[.trans]            the same fragments, stored\n"
           "  cp.async.4|8|16                      lane l writes unit s*32+l row-major\n"
           "  KIND:cell(ROW, COL) for V < N, ...   your own: KIND ld.W | st.W | cp.async.W | ldmatrix.xN | stmatrix.xN,\n"
           "  KIND:byte(OFFSET) for V < N, ...     ROW, COL, OFFSET in lane, V..., constants, + - * / % ^ & | << >> ( )\n";
}

}  // namespace swz::verify
