// The properties of a tile layout itself, each one query whose negation is
// unsatisfiable when the property holds (y over every row, x over every
// column of the subject).
#pragma once

#include "prover.hpp"
#include "tile_subject.hpp"
#include "verdict.hpp"

namespace swz::verify {

// The fast lowering the other queries use (shifts, masks, narrow division)
// equals the formula as written (multiplications, divisions, remainders) on
// every cell.
property_result prove_lowering(prover& p, tile_subject const& t);

// (y, x) -> y * stride + column stays inside the tile and is injective.
property_result prove_bijection(prover& p, tile_subject const& t);

// In every row, x -> column permutes 0 .. NX-1.
property_result prove_row_permutation(prover& p, tile_subject const& t);

// Every TC-byte chunk stays contiguous, in order and TC-aligned, so a
// TC-wide vector access of a logical chunk is one legal access.
property_result prove_chunk_integrity(prover& p, tile_subject const& t);

// Swizzling a row twice gives it back: column(y, column(y, x)) = x.
property_result prove_involution(prover& p, tile_subject const& t);

}  // namespace swz::verify
