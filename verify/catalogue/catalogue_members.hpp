// The layouts every catalogue holds besides its swept grid: the tile of
// every kernel of this project (read from swz/kernel_layouts.hpp, compiled
// in, so a kernel added there needs a certificate), and the known-bad
// layouts kept with the refutations they must keep giving.
#pragma once

#include <vector>

#include "catalogue_entry.hpp"

namespace swz::verify::catalogue {

// A swept layout: the article's tile over every 32-bit row by default.
catalogue_entry grid_entry(layout_params const& p, std::uint64_t rows = all_32bit_rows);

// One entry per distinct kernel tile, naming every kernel that uses it, in
// the order of kernel_layouts.
std::vector<catalogue_entry> kernel_entries();

std::vector<catalogue_entry> known_bad_entries();

// Both lists: what a complete catalogue must hold besides the grid.
std::vector<catalogue_entry> fixed_entries();

}  // namespace swz::verify::catalogue
