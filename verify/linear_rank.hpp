// Bijection of a GF(2) layout (linear:...) on a tile of 2^n elements, rows
// packed (pitch = row bytes), by linear algebra: element offset i maps to
// L(i), the XOR of the images of its set bits, so L is injective exactly
// when the n images are independent (rank n), and every cell lies inside
// the tile exactly when every image is below 2^n. The solver's query over
// two cells of 2^32 rows each, a random dense basis, ran past its limit.
//
// A counterexample is the smallest in (y1, x1, y2, x2) order, as the
// canonical model's: where L has a kernel, cell 0 and the smallest nonzero
// kernel vector share offset 0 (no pair has a smaller first cell); else
// the first cell outside is 2^j, j the lowest bit whose image is 2^n or
// more (every smaller offset is a sum of lower bits, all inside), paired
// with (0, 0).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "layout_subject.hpp"

namespace swz::verify {

struct linear_bijection {
    unsigned bits = 0, rank = 0;
    bool injective = false, inside = false;
    std::vector<std::uint64_t> smallest;  // (y1, x1, y2, x2), where not a bijection
};

// Nothing where the layout is not such a GF(2) layout.
std::optional<linear_bijection> linear_bijection_of(layout_subject const& t);

}  // namespace swz::verify
