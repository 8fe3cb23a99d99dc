#include "picture/certificate_picture.hpp"

#include <algorithm>
#include <map>

namespace swz::verify {

namespace {

// The results drawn as panels: access figures with witness lanes.
bool drawn_as_panel(property_result const& r) {
    return r.section == "conflicts" && r.applicable && r.fig && r.evidence.contains("lanes");
}

std::uint64_t panels_of(certificate const& c) {
    auto const n = std::count_if(c.results.begin(), c.results.end(), drawn_as_panel);
    return std::max<std::uint64_t>(std::uint64_t(n), 1);
}

// Columns drawn: the whole row where the picture stays within
// svg_cols_drawn and svg_cell_limit; else its first ones (witness lanes
// beyond them are listed under the grid).
std::uint32_t drawn_columns(std::uint32_t cols, std::uint64_t rows, std::uint64_t panels) {
    std::uint64_t const fit = svg_cell_limit / (std::max<std::uint64_t>(rows, 1) * panels);
    return std::uint32_t(std::max<std::uint64_t>(1, std::min<std::uint64_t>({cols, svg_cols_drawn, fit})));
}

}  // namespace

svg_picture picture_of(certificate const& c, layout_subject const& t) {
    svg_picture p;
    p.rows = std::min(t.rows(), svg_rows_drawn);
    p.cols = drawn_columns(t.cols(), p.rows, panels_of(c));
    p.elem = t.shape.elem;
    p.caption = t.spec + " on " + std::to_string(t.rows()) + " rows of " + std::to_string(t.shape.row_bytes) + " B (" +
                std::to_string(t.shape.elem) + "-byte elements)";
    if (p.cols < t.cols())
        p.caption += ", its first " + std::to_string(p.cols) + " of " + std::to_string(t.cols()) + " columns";
    p.byte_of = t.offset;
    // Which drawn cell holds each byte: a lane's byte may be any byte of it.
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> cell_at;
    for (std::uint64_t y = 0; y < p.rows; ++y)
        for (std::uint64_t x = 0; x < p.cols; ++x) cell_at[t.offset(y, x)] = {y, x};
    for (auto const& r : c.results) {
        if (!drawn_as_panel(r)) continue;
        svg_access a;
        // "conflict.column at y0 = 0, c = 0": the renderer appends the wavefronts.
        std::string const first = r.evidence_text.empty() ? "" : r.evidence_text.front();
        a.title = r.id + (first.empty() ? "" : " at " + first.substr(0, first.find(": ")));
        a.wavefronts = unsigned(r.fig->value);
        a.ideal = unsigned(r.fig->reference);
        for (auto const& l : r.evidence["lanes"]) {
            std::uint64_t const byte = l["byte"].get<std::uint64_t>();
            auto it = cell_at.upper_bound(byte);
            if (it == cell_at.begin()) continue;
            --it;
            if (byte - it->first >= t.shape.elem) continue;  // not a drawn cell: listed under the grid
            a.lanes.push_back({l["lane"].get<unsigned>(), it->second.first, it->second.second, byte, unsigned(byte / 4 % 32)});
        }
        p.accesses.push_back(std::move(a));
    }
    return p;
}

}  // namespace swz::verify
