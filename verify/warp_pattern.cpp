#include "warp_pattern.hpp"

namespace swz::verify {

warp_pattern make_tile_pattern(tile_subject const& t, tile_pattern p) {
    warp_pattern w;
    w.id = "conflict." + std::string(pattern_name(p));
    switch (p) {
        case tile_pattern::row: w.statement = "lane l reads element s*32+l (row-major), element-wide"; break;
        case tile_pattern::row_chunk: w.statement = "lane l reads chunk s*32+l (row-major), TC-wide"; break;
        case tile_pattern::column: w.statement = "lane l reads element (y0+l, x), element-wide"; break;
        case tile_pattern::column_chunk: w.statement = "lane l reads chunk (y0+l, c), TC-wide"; break;
    }
    w.width = pattern_width(p, t.params);
    auto domain = tile_pattern_domain(p, t.params, t.rows);
    w.vars = domain.vars;
    w.not_applicable = domain.not_applicable;
    layout_params const params = t.params;
    std::uint64_t const elem = params.elem;
    w.address = [t, p, params, elem](unsigned lane, std::vector<std::uint64_t> const& s) {
        auto const c = pattern_cell<std::uint64_t>(p, params, s.data(), lane);
        return t.offset(c.y, c.x) * elem;
    };
    w.symbolic_address = [t, p, params, elem](unsigned lane, std::vector<symbolic_uint> const& s) {
        auto const c = pattern_cell<symbolic_uint>(p, params, s.data(), s[0].lift(lane));
        return t.symbolic_offset(c.y, c.x) * elem;
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
