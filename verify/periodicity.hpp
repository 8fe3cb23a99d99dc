// The periodicity lemma: the layout repeats every P rows, shifted by
// P * pitch bytes, a multiple of the 128-byte bank line. Once proved, every
// figure over a start's row (the conflict patterns, the column spread) is
// the same at y0 and y0 + P, so the figures are decided over the first P
// rows: a small domain the solver settles fast, for any tile height and for
// rows that are not powers of two.
#pragma once

#include <string>

#include "layout_subject.hpp"
#include "prover.hpp"
#include "verdict.hpp"

namespace swz::verify {

// PROVED when offset(y + P, x) = offset(y, x) + P * pitch for every y with
// y + P < rows (P = t.period_rows); not applicable when the family knows no
// period shorter than the tile.
// `what`: the layout's name in the statement ("the strided layout beneath
// (plain)" for bank_blind.periodicity).
property_result prove_periodicity(prover& p, layout_subject const& t, std::string const& what = "the layout");

// The period the figures may rely on: P when `lemma` is PROVED, else 0.
std::uint64_t proved_period(property_result const& lemma, layout_subject const& t);

}  // namespace swz::verify
