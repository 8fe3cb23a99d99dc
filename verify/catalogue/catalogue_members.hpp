// The entries every catalogue holds besides its swept grid: the tile of
// every kernel of this project (from swz/kernel_layouts.hpp, compiled in,
// so a kernel added there needs a certificate), the layouts kernel authors
// copy (every TMA mode, CUTLASS's CuTe swizzle atoms, the usual padded
// tiles), the equivalences worth knowing, and the known-bad layouts kept
// with the refutations they must keep giving.
#pragma once

#include <vector>

#include "catalogue_entry.hpp"

namespace swz::verify::catalogue {

// A swept layout: the article's tile over every 32-bit row by default.
catalogue_entry grid_entry(layout_params const& p, std::uint64_t rows = all_32bit_rows);

// One entry per distinct kernel tile, naming every kernel that uses it, in
// the order of kernel_tiles().
std::vector<catalogue_entry> kernel_entries();

// TMA modes, CuTe atoms and padded tiles, each over every 32-bit row.
std::vector<catalogue_entry> common_entries();

// Equivalences between families, proved or refuted.
std::vector<catalogue_entry> fact_entries();

std::vector<catalogue_entry> known_bad_entries();

// All the lists above: what a complete catalogue must hold besides the grid.
std::vector<catalogue_entry> fixed_entries();

}  // namespace swz::verify::catalogue
