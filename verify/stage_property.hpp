// The properties of a layout of pipeline stages (layout_subject's
// stage_view), decided by arithmetic on the stage offsets and the bytes
// stage 0's cells span, and, where two stages' spans overlap, by the offsets
// of every stage's cells; no solver.
//
//   stages.moved     every stage is stage 0's tile moved by a multiple of the
//                    swizzle's repeat and the 128-byte bank line, so every
//                    figure of stage 0 is every stage's: an XOR swizzle reads
//                    and writes only bits below its repeat (F(u + k R) =
//                    F(u) + k R), and whole 128-byte lines keep each bank;
//   stages.disjoint  no two stages share a byte (where they are so moved).
#pragma once

#include <vector>

#include "layout_subject.hpp"
#include "verdict.hpp"

namespace swz::verify {

std::vector<property_result> prove_stages(layout_subject const& subject);

}  // namespace swz::verify
