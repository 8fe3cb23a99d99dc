// What a kernel must know of a TMA layout: the copy engine swizzles
// absolute shared-memory addresses, the kernel indexes relative to the
// tile's base, and the two agree only on a base aligned to the swizzle.
#pragma once

#include "layout_subject.hpp"
#include "prover.hpp"
#include "verdict.hpp"

namespace swz::verify {

// The smallest base alignment A (a power of two) for which every tile at a
// multiple of A is placed exactly as the swizzle of its relative offsets
// says; with a replayed counterexample at A / 2.
property_result prove_tma_alignment(prover& p, layout_subject const& t);

// At the tile's given base, the hardware's placement equals the swizzle of
// the relative offsets (the layout the kernel indexes).
property_result prove_tma_base(prover& p, layout_subject const& t);

}  // namespace swz::verify
