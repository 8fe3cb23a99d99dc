#include "sweep_grid.hpp"

#include <algorithm>

#include "catalogue_members.hpp"

namespace swz::verify::catalogue {

std::string rule_label(std::string const& violation) {
    static std::pair<char const*, char const*> const labels[] = {
        {"element size must be 1", "element size not 1, 2, 4, 8 or 16"},
        {"smaller than the element size", "TC smaller than the element"},
        {"multiple of the element size", "TC not a multiple of the element"},
        {"shared memory one block can hold", "row larger than one block's shared memory"},
        {"larger than a row", "TC larger than a row"},
        {"whole number of", "row not a whole number of chunks"},
    };
    for (auto const& [phrase, label] : labels)
        if (violation.find(phrase) != std::string::npos) return label;
    return violation;
}

sweep_grid grid_of(sweep_ranges const& r) {
    sweep_grid g;
    for (auto elem : r.elem)
        for (auto nx : r.nx) {
            std::vector<std::uint64_t> const tcs = r.tc.empty() ? std::vector<std::uint64_t>{elem} : r.tc;
            for (auto tc : tcs) {
                layout_params const p{std::uint32_t(nx), std::uint32_t(elem), std::uint32_t(tc)};
                if (auto why = layout_rule_violation(p)) {
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
