// The article's third property, made exact: for a fixed x and 32 consecutive
// rows, the fewest distinct x_swz any such window has, as a proved bound with
// a witness window; and the article's claim about it.
#pragma once

#include "prover.hpp"
#include "tile_subject.hpp"
#include "verdict.hpp"

namespace swz::verify {

inline constexpr unsigned spread_window = 32;

property_result prove_column_spread(prover& p, tile_subject const& t);

// The article claims the spread is maximal: min(NX, 32) distinct values in
// every window. Decided from the spread's own proved bound and witness.
property_result judge_spread_claim(property_result const& spread, tile_subject const& t, bool required);

}  // namespace swz::verify
