#include "sweep_grid.hpp"

#include <algorithm>

#include "catalogue_members.hpp"

namespace swz::verify::catalogue {

// A rule as the summary counts it: by its id, never by its sentence.
std::string rule_label(rule_violation const& v) {
    static std::pair<char const*, char const*> const labels[] = {
        {"elem-width", "element size not 1, 2, 4, 8 or 16"},
        {"tc-at-least-elem", "TC smaller than the element"},
        {"tc-multiple-of-elem", "TC not a multiple of the element"},
        {"row-fits-shared", "row larger than one block's shared memory"},
        {"tc-fits-row", "TC larger than a row"},
        {"row-whole-chunks", "row not a whole number of chunks"},
    };
    for (auto const& [id, label] : labels)
        if (v.id == id) return label;
    return v.id;
}

sweep_grid grid_of(sweep_ranges const& r) {
    sweep_grid g;
    for (auto elem : r.elem)
        for (auto nx : r.nx) {
            std::vector<std::uint64_t> const tcs = r.tc.empty() ? std::vector<std::uint64_t>{elem} : r.tc;
            for (auto tc : tcs) {
                layout_params const p{std::uint32_t(nx), std::uint32_t(elem), std::uint32_t(tc)};
                if (auto why = check_article(p)) {
                    ++g.tally.skipped[rule_label(*why)];
                    continue;
                }
                if (r.row_bytes && std::find(r.row_bytes->begin(), r.row_bytes->end(), p.row_bytes()) == r.row_bytes->end()) {
                    ++g.tally.outside_row_bytes;
                    continue;
                }
                g.entries.push_back(grid_entry(p, r.rows));
            }
        }
    return g;
}

}  // namespace swz::verify::catalogue
