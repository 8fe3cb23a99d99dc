// Classes of starts of equal cost for a GF(2) layout (linear:...), whose
// rows may mix into every offset bit, so that no period cuts its 2^32 rows
// (the solver's search for the column figure then ran past its limit).
//
// Why. With rows 2^k bytes apart, a byte b = y * pitch + c (c < pitch) is
// (y << k) | c, and the layout's address A(b) = elem * L(b / elem) + b %
// elem is linear over GF(2): A(b1 ^ b2) = A(b1) ^ A(b2). Write a start's
// first row y0 = 32 a + r (r < 32). Lane l's row is 32 a + (r + l) while r
// + l < 32, else 32 (a + 1) + (r + l - 32), so its address is
//
//   T ^ A((r + l) << k)                      (r + l < 32)
//   T ^ D(a) ^ A((r + l - 32) << k)          (else)
//
// with T = A(32 a << k) ^ A(c) and D(a) = A((32 a ^ 32 (a + 1)) << k) =
// A(((2^(t+1) - 1) << 5) << k), t the trailing ones of a. XOR with one T
// for every lane moves every bank's words to one other bank, word by word,
// and keeps a lane's unit whole where T is a multiple of the unit (units no
// wider than the layout's chunk, which L leaves whole and aligned): the
// cost is that of T = 0, a function of r and t alone. Every start of class
// (r, t) costs what start (32 (2^t - 1) + r, 0) costs, the class's first.
// A row access (lane l at unit 32 s + l, row-major, rows packed: pitch =
// row bytes) is T ^ A(l * W): one class.
//
// tests/verify/test_linear_classes.cpp compares the figures and first
// starts with a sweep of every start, and the row rule with enumeration.
#pragma once

#include <cstdint>
#include <optional>

#include "article_classes.hpp"
#include "layout_subject.hpp"
#include "sweep_pieces.hpp"

namespace swz::verify {

// One block of starts per class, and the first row of the starts swept
// directly (the last block of 32 rows, whose lanes would pass the tile's
// end); nothing where the reduction does not apply: not a GF(2) layout, a
// pitch that is not a power of two (or, for the row walk, not the row),
// units wider than the layout's chunk, or fewer than 64 rows.
std::optional<class_blocks> linear_classes(layout_subject const& t, class_walk walk, std::uint32_t unit_bytes);

}  // namespace swz::verify
