// The article's third property, made exact for any layout that keeps its
// rows: for a fixed x and 32 consecutive rows, the fewest distinct stored
// columns any such window has, as a proved bound with a witness window; and
// the article's claim about it.
#pragma once

#include "prover.hpp"
#include "conflict_bound.hpp"
#include "layout_subject.hpp"
#include "start_lemmas.hpp"
#include "verdict.hpp"

namespace swz::verify {

inline constexpr unsigned spread_window = 32;

// With a proved periodicity lemma the windows start in the first period: a
// window P rows later has the same columns. With the row_xor lemma only
// x = 0 is asked: another x has the same columns, each XORed with x.
property_result prove_column_spread(prover& p, layout_subject const& t, start_lemmas const& lemmas = {},
                                    figure_method method = figure_method::automatic);

// The article claims the spread is maximal: min(NX, 32) distinct values in
// every window. Decided from the spread's own proved bound and witness.
property_result judge_spread_claim(property_result const& spread, layout_params const& article, bool required);

}  // namespace swz::verify
