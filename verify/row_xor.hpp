// The row-XOR lemma: every row stores x at column(y, 0) ^ x. Then the
// columns that 32 consecutive rows give one x are those they give x = 0,
// each XORed with x: as many distinct ones. So column_spread needs only
// x = 0 (the first x in its order, so its witness is still the first).
// True of the article's formula, of swizzles of row bits into the column
// and of plain and padded rows; conjectured on a sample, proved over the
// tile before column_spread relies on it.
#pragma once

#include "layout_subject.hpp"
#include "prover.hpp"
#include "verdict.hpp"

namespace swz::verify {

// Whether the lemma is worth a query: it holds on a sample of rows and
// column_spread has many windows (row_starts * columns).
bool conjecture_row_xor(layout_subject const& t, std::uint64_t row_starts);

// row_xor: PROVED when column(y, x) = column(y, 0) ^ x for every cell.
property_result prove_row_xor(prover& p, layout_subject const& t);

bool proved_row_xor(property_result const& lemma);

}  // namespace swz::verify
