// Uses the installed header-only model: prints where a few cells of a
// swizzled tile are stored.
#include <cstdio>

#include "swz/layout/article.hpp"
#include "swz/layout_params.hpp"

int main() {
    constexpr swz::article_layout<swz::static_layout<64, 4, 16>> tile{};
    for (unsigned y = 0; y < 4; ++y) std::printf("[%u][0] -> byte %u\n", y, tile.byte_offset(y, 0u));
    return tile.byte_offset(1u, 0u) == 256u + 16u ? 0 : 1;
}
