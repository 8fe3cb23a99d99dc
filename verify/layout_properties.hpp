// The properties of a tile layout itself, each one query whose negation is
// unsatisfiable when the property holds (y over every row, x over every
// column of the subject).
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <vector>

#include "layout_subject.hpp"
#include "prover.hpp"
#include "verdict.hpp"

namespace swz::verify {

// The fast lowering the other queries use (shifts, masks, narrow division)
// equals the layout as written (multiplications, divisions, remainders) on
// every cell.
property_result prove_lowering(prover& p, layout_subject const& t);

// formula.lowering's steps shared among tasks, each with its prover: each
// takes the next step no task has taken (two steps of 30-65 ms on rows of
// 20-120 KB then run side by side). Every task builds the same steps.
class lowering_share {
public:
    // The part of formula.lowering that one task proves: PROVED where each
    // step it took is (a task that took none: PROVED, no query).
    property_result prove_part(prover& p, layout_subject const& t);
    // The parts' results as one: the first step, in order, that is not
    // PROVED, else PROVED; solver calls added up, the longest part's time.
    property_result merged(std::vector<property_result> const& parts) const;

private:
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> stop_{false};  // a step is not PROVED: no further step starts
    mutable std::mutex lock_;
    std::map<std::size_t, property_result> not_proved_;  // by step
};

// Every cell's element lies inside the tile's footprint, and no two cells
// share a byte offset.
//
// `period` here and below: a proved periodicity lemma (periodicity.hpp), in
// rows, or 0. A property of single rows then holds on every row when it
// holds on the first period's, and the queries ask no more.
// rows_kept: row_locality is proved, so a collision in the first rows, if
// any, is found the smallest by enumeration.
// exhaust: where rows are not kept (the solver would relate cells of any
// two rows) and the period's or tile's cells are few (2^27), every cell is
// evaluated instead; false asks the solver always (the tests of the
// encoding do).
property_result prove_bijection(prover& p, layout_subject const& t, std::uint64_t period = 0, bool rows_kept = false,
                                bool exhaust = true);

// Every cell of row y stays in row y's bytes: y*pitch .. y*pitch + row bytes.
// The row properties below mean something only where this holds.
property_result prove_row_locality(prover& p, layout_subject const& t);

// In every row, x -> stored column permutes 0 .. cols-1.
property_result prove_row_permutation(prover& p, layout_subject const& t, std::uint64_t period = 0);

// Every chunk of the layout stays contiguous, in order and aligned, so a
// chunk-wide vector access of a logical chunk is one legal access.
property_result prove_chunk_integrity(prover& p, layout_subject const& t, std::uint64_t period = 0);

// Swizzling twice gives the cell back: column(y, column(y, x)) = x where
// rows are kept (`rows_kept`), F(F(u)) = u on the swizzle's own offsets
// where cells move across rows.
property_result prove_involution(prover& p, layout_subject const& t, bool rows_kept, std::uint64_t period = 0);

}  // namespace swz::verify
