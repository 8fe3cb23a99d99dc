#include "picture/certificate_picture.hpp"

#include <algorithm>
#include <map>

namespace swz::verify {

svg_picture picture_of(certificate const& c, layout_subject const& t) {
    svg_picture p;
    p.rows = std::min(t.rows(), svg_rows_drawn);
    p.cols = t.cols();
    p.elem = t.shape.elem;
    p.caption = t.spec + " on " + std::to_string(t.rows()) + " rows of " + std::to_string(t.shape.row_bytes) + " B (" +
                std::to_string(t.shape.elem) + "-byte elements)";
    p.byte_of = t.offset;
    // Which drawn cell holds each byte: a lane's byte may be any byte of it.
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> cell_at;
    for (std::uint64_t y = 0; y < p.rows; ++y)
        for (std::uint64_t x = 0; x < p.cols; ++x) cell_at[t.offset(y, x)] = {y, x};
    for (auto const& r : c.results) {
        if (r.section != "conflicts" || !r.applicable || !r.fig || !r.evidence.contains("lanes")) continue;
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
