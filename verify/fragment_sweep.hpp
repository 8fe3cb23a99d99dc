// The exact worst case of a fragment access (ldmatrix, stmatrix) by
// enumeration of every start, fast: each phase of such an access is one
// 8x8 matrix, eight consecutive rows of one 16-byte unit column, so a
// start's cost is the sum of a few such windows' costs. Each row is computed
// once, a row at a time (access_subject::row_units), every unit column
// keeping its window of the last 8 rows (as the column sweep does) and the
// costs of its last windows; a start then adds its phases' windows. The
// figure and the start named are those of enumerating every start in order
// (exhaustion.hpp). tests/verify/test_fragment_sweep.cpp compares the two.
#pragma once

#include <chrono>

#include "access_subject.hpp"
#include "column_sweep.hpp"
#include "sweep_best.hpp"
#include "sweep_pieces.hpp"

namespace swz::verify {

// Declined when the access is not of that kind, some unit of a row it
// reaches is no legal lane, or the units along a unit column fall (a layout
// that moves cells across rows): the caller's other paths then decide.
column_sweep_result sweep_fragment_starts(access_subject const& w, std::chrono::steady_clock::time_point deadline,
                                          sweep_split split = {});

// The starts y0 in `rows` at start columns `cols` alone (a class's block,
// class_sweep.hpp), declined as above.
most_wavefronts sweep_fragment_block(access_subject const& w, piece rows, column_block cols,
                                     std::chrono::steady_clock::time_point deadline);

}  // namespace swz::verify
