// Whether two layouts of one tile place every cell at the same byte: the
// question "is my hand-written XOR the same as CuTe's? as the TMA's?".
#pragma once

#include "layout_subject.hpp"
#include "prover.hpp"
#include "verdict.hpp"

namespace swz::verify {

// PROVED when a and b agree on every cell of the tile (both must have the
// same shape); REFUTED with a distinguishing cell replayed through both.
property_result prove_equivalence(prover& p, layout_subject const& a, layout_subject const& b);

}  // namespace swz::verify
