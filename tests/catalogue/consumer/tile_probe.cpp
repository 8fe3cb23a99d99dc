// Uses the installed header-only model: prints where a few cells of a
// swizzled tile are stored.
#include <cstdio>

#include "swz/layout_params.hpp"
#include "swz/tile_layouts.hpp"

int main() {
    swz::xor_swizzled_tile<swz::static_layout<64, 4, 16>> const tile{};
    for (unsigned y = 0; y < 4; ++y) std::printf("[%u][0] -> column %u\n", y, tile.column(y, 0u));
    return tile.column(1u, 0u) == 4u ? 0 : 1;
}
