// What the tests of the classes of starts (test_class_sweep.cpp on whole
// periods, test_tile_classes.cpp on finite tiles) share: the article's
// layouts by their parameters, the sweep of every start, and a start's
// bank load, finer than its cost.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "access_subject.hpp"
#include "agreement.hpp"
#include "article_classes.hpp"
#include "class_sweep.hpp"
#include "column_sweep.hpp"
#include "conflict_bound.hpp"
#include "fragment_sweep.hpp"
#include "row_sweep.hpp"
#include "swz/bank_model.hpp"

namespace swz::testing {

inline std::string article_spec(layout_params const& p) {
    return "article:nx=" + std::to_string(p.nx) + ",elem=" + std::to_string(p.elem) + ",tc=" + std::to_string(p.tc);
}

inline verify::layout_subject article_tile(layout_params const& p, std::uint64_t rows) {
    return parsed_layout(article_spec(p), rows, std::uint32_t(p.row_bytes()), p.elem);
}

// Every start swept, as the classes must reproduce it.
inline verify::column_sweep_result whole_sweep(verify::access_subject const& w,
                                               std::chrono::steady_clock::time_point deadline) {
    if (!w.lane_grid.empty()) return verify::sweep_fragment_starts(w, deadline);
    return w.lanes_walk_units ? verify::sweep_row_starts(w, deadline) : verify::sweep_column_starts(w, deadline);
}

// Finer than the cost: each phase's distinct units per bank group, sorted
// (what a shift of every byte by whole units keeps).
inline std::vector<unsigned> bank_load_at(verify::access_subject const& w, std::vector<std::uint64_t> const& s) {
    unsigned const width = w.instr.width, per_phase = lanes_per_phase(width);
    std::vector<unsigned> out;
    for (unsigned first = 0; first < 32; first += per_phase) {
        std::vector<std::set<std::uint64_t>> groups(per_phase);
        for (unsigned l = first; l < first + per_phase; ++l) {
            std::uint64_t const a = w.address(l, s);
            groups[bank_group(a, width)].insert(bank_unit(a, width));
        }
        std::vector<unsigned> counts;
        for (auto const& g : groups) counts.push_back(unsigned(g.size()));
        std::sort(counts.begin(), counts.end());
        out.insert(out.end(), counts.begin(), counts.end());
    }
    return out;
}

// What a start costs, finer than its wavefronts, legality included: each
// phase's distinct units per bank group (over the lanes that give
// addresses), the wavefronts, and whether a lane is misaligned or split.
struct start_cost {
    std::vector<unsigned> load;
    unsigned wavefronts;
    bool aligned, whole;
    bool operator==(start_cost const& o) const {
        return load == o.load && wavefronts == o.wavefronts && aligned == o.aligned && whole == o.whole;
    }
};

inline start_cost cost_at(verify::access_subject const& w, std::vector<std::uint64_t> const& s) {
    unsigned const width = w.instr.width, lanes = w.instr.address_lanes, per_phase = lanes_per_phase(width);
    start_cost out{{}, 0, true, true};
    for (unsigned first = 0; first < lanes; first += per_phase) {
        std::vector<std::set<std::uint64_t>> groups(per_phase);
        for (unsigned l = first; l < std::min(lanes, first + per_phase); ++l) {
            std::uint64_t const a = w.address(l, s);
            groups[bank_group(a, width)].insert(bank_unit(a, width));
            out.aligned = out.aligned && a % width == 0;
            for (unsigned k = 1; k < w.run_elements; ++k) out.whole = out.whole && w.element_address(l, s, k) == a + k * w.elem;
        }
        std::vector<unsigned> counts;
        for (auto const& g : groups) counts.push_back(unsigned(g.size()));
        std::sort(counts.begin(), counts.end());
        out.load.insert(out.load.end(), counts.begin(), counts.end());
    }
    if (out.aligned) out.wavefronts = bank_wavefronts(verify::concrete_access(w, s));
    return out;
}

// The bank load of the start whose (first) unit is unit c of row y: a row
// access's window that begins there, a column access's start (y, c).
inline std::vector<unsigned> load_at_unit(verify::access_subject const& w, std::uint64_t y, std::uint64_t c) {
    return w.lanes_walk_units ? bank_load_at(w, {(y * w.units_per_row + c) / 32}) : bank_load_at(w, {y, c});
}

// The same, finer than the cost (cost_at: legality and wavefronts too).
inline start_cost cost_at_unit(verify::access_subject const& w, std::uint64_t y, std::uint64_t c) {
    return w.lanes_walk_units ? cost_at(w, {(y * w.units_per_row + c) / 32}) : cost_at(w, {y, c});
}

// The article's classes of an access's starts, asked as access_spec.cpp asks.
inline std::optional<verify::start_classes> article_classes_of(layout_params const& p, std::uint64_t rows,
                                                               verify::access_subject const& w) {
    using verify::class_walk;
    class_walk const walk = !w.lane_grid.empty() ? class_walk::fragment : w.lanes_walk_units ? class_walk::row : class_walk::column;
    return verify::article_classes(p, rows, verify::access_class_options(walk, w.instr.width, w.instr.rule() != phase_rule::banks));
}

// The classes' figure and first start equal those of sweeping every start.
inline void require_same_as_whole(std::optional<verify::class_sweep_result> const& got,
                                  verify::column_sweep_result const& whole) {
    REQUIRE(got);
    REQUIRE(got->swept);
    REQUIRE(whole);
    CHECK(got->swept.figure == whole.figure);
    CHECK(got->swept.start == whole.start);
}

// The classes' figure and first start (sweep_access_by_classes) equal the
// independent enumeration's of `tile` (its starts numbered row-major).
inline void require_enumerated_figure(verify::access_subject const& w, std::optional<verify::class_sweep_result> const& got,
                                      concrete_tile const& tile, std::string const& name) {
    auto const e = enumerated_worst_wavefronts(tile, name);
    REQUIRE(got);
    REQUIRE(e.applicable);
    REQUIRE_FALSE(e.illegal);
    CHECK(got->swept.figure == e.worst);
    if (w.lanes_walk_units) CHECK(got->swept.start[0] == e.first_worst);
    else CHECK(got->swept.start[0] * w.vars[1].count + got->swept.start[1] == e.first_worst);
}

}  // namespace swz::testing
