// Classes of row-access starts of equal cost for a swizzle after a strided
// layout (CuTe, TMA), whose cells leave their rows, so that neither a row's
// pattern nor the bank period cuts the starts: on rows of 20-120 KB one
// period holds 10^5-10^6 of them (0.1 s a figure).
//
// Why. The swizzle G keeps each byte offset in its aligned block of S bytes
// and is the same map in every block (bijection.blocks proves it of each
// layout it decides; tests/verify/test_tma_swizzle.cpp and the span check
// of every B, M, S), so G(b + kS) = G(b) + kS. A row access's lane l at
// start s touches unit 32 s + l of the tile, row by row: units of w bytes,
// U to a row, rows P bytes apart; unit c of row y starts at strided byte
// y P + c w. Let Q be the largest of S, w and the rule's shift unit (a
// shift of every byte by a multiple of it keeps the cost: under the bank
// rule, whole units, the banks turn and words stay words; under
// cp.async.16's transfer rule, whole 128-byte lines, each transfer's line
// moves and its slots stay). A window that starts at unit c of row y and
// stays in it touches G(y P + c w + l w): windows of equal (y P + c w) mod
// Q differ by a shift of kQ, and cost the same, legality included. A
// window that crosses into the next rows (c > U - 32) touches G((y + i) P +
// ...) with offsets fixed by c: windows of equal c and y P mod Q cost the
// same. Rows y and y + L, L = lcm(Q / gcd(Q, P), 32 / gcd(32, U)), hold
// the same classes at the same places, so the classes' first windows lie
// in the first L rows; each class's block is its first window.
//
// tests/verify/test_swizzle_classes.cpp compares the figures and first
// starts with a sweep of every start, and with the independent enumeration.
#pragma once

#include <cstdint>
#include <optional>

#include "layout_subject.hpp"
#include "sweep_pieces.hpp"

namespace swz::verify {

// One block (one start) per class of the starts s < `starts` of a row
// access of `width`-byte units, `units_per_row` to a row, costed by a rule
// that a shift of every byte by `shift_unit` keeps; nothing where the
// layout is no such swizzle or the classes would not be far fewer than
// the starts.
std::optional<class_blocks> swizzle_row_classes(layout_subject const& t, std::uint64_t units_per_row, std::uint32_t width,
                                                std::uint32_t shift_unit, std::uint64_t starts);

}  // namespace swz::verify
