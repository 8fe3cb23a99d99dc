#include "warp_pattern.hpp"

namespace swz::verify {

pattern_geometry geometry_of(layout_subject const& t) { return {t.cols(), t.shape.elem, t.chunk_bytes}; }

namespace {

std::uint64_t gcd(std::uint64_t a, std::uint64_t b) { return b == 0 ? a : gcd(b, a % b); }

// The starts of one period: y0 < P for the column patterns; for the row
// patterns (start s covers cells s*32 ..), the first s that shifts by whole
// periods: lcm(P * per_row, 32) / 32.
// The first start variable's period when the layout repeats every `period` rows.
std::uint64_t start_period(tile_pattern p, pattern_geometry const& g, std::uint64_t period) {
    if (p == tile_pattern::row || p == tile_pattern::row_chunk) {
        std::uint64_t const cells = period * (p == tile_pattern::row ? g.cols : g.chunks_per_row());
        return cells / gcd(cells, 32);
    }
    return period;
}

void cut_to_period(warp_pattern& w, tile_pattern p, pattern_geometry const& g, std::uint64_t period,
                   std::uint64_t candidate) {
    if (w.vars.empty()) return;
    if (period == 0) {
        if (candidate > 1) w.start_period = start_period(p, g, candidate);
        return;
    }
    std::uint64_t const count = start_period(p, g, period);
    if (count >= w.vars[0].count) return;
    w.vars[0].count = count;
    w.domain_note = "over one period of " + std::to_string(period) + " rows (periodicity): " + w.vars[0].name + " < " +
                    std::to_string(count);
}

}  // namespace

warp_pattern make_tile_pattern(layout_subject const& t, tile_pattern p, std::uint64_t period) {
    warp_pattern w;
    w.id = "conflict." + std::string(pattern_name(p));
    switch (p) {
        case tile_pattern::row: w.statement = "lane l reads element s*32+l (row-major), element-wide"; break;
        case tile_pattern::row_chunk: w.statement = "lane l reads chunk s*32+l (row-major), chunk-wide"; break;
        case tile_pattern::column: w.statement = "lane l reads element (y0+l, x), element-wide"; break;
        case tile_pattern::column_chunk: w.statement = "lane l reads chunk (y0+l, c), chunk-wide"; break;
    }
    pattern_geometry const params = geometry_of(t);
    w.width = pattern_width(p, params);
    auto domain = tile_pattern_domain(p, params, t.rows());
    w.vars = domain.vars;
    w.not_applicable = domain.not_applicable;
    cut_to_period(w, p, params, period, t.row_split());
    w.address = [t, p, params](unsigned lane, std::vector<std::uint64_t> const& s) {
        auto const c = pattern_cell<std::uint64_t>(p, params, s.data(), lane);
        return t.offset(c.y, c.x);
    };
    w.symbolic_address = [t, p, params](unsigned lane, std::vector<symbolic_uint> const& s) {
        auto const c = pattern_cell<symbolic_uint>(p, params, s.data(), s[0].lift(lane));
        return t.symbolic_offset(c.y, c.x);
    };
    w.describe_lane = [p, params](unsigned lane, std::vector<std::uint64_t> const& s) {
        auto const c = pattern_cell<std::uint64_t>(p, params, s.data(), lane);
        // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "[" + std::to_string(...).
        std::string cell = "[";
        cell += std::to_string(c.y);
        cell += "][";
        cell += std::to_string(c.x);
        cell += "]";
        return cell;
    };
    return w;
}

}  // namespace swz::verify
