// The grid of a sweep: the ranges it was given, and the layouts they hold
// (every combination that follows the layout rules, the others counted by
// the rule they break). Shared by --sweep, which certifies the grid, and
// --check, which requires a certificate for each layout of the grid its
// catalogue's manifest names.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalogue_entry.hpp"
#include "sweep_summary.hpp"

namespace swz::verify::catalogue {

struct sweep_ranges {
    std::vector<std::uint64_t> nx, elem, tc;  // tc empty: each element's own size
    std::optional<std::vector<std::uint64_t>> row_bytes;
    std::uint64_t rows = all_32bit_rows;
};

struct sweep_grid {
    std::vector<catalogue_entry> entries;  // in the order elem, nx, tc
    sweep_tally tally;                     // without `ranges`
};

sweep_grid grid_of(sweep_ranges const& r);

// The layout rule a skipped combination breaks, in a few words.
std::string rule_label(rule_violation const& v);

}  // namespace swz::verify::catalogue
