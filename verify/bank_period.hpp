// The bank-period lemmas: the bank a cell falls in repeats sooner than the
// layout does. Where offset(y + P, x) - offset(y, x) is the same number K
// modulo the 128-byte bank line for every cell, a column access started P
// rows later puts every lane K bytes further along the line: the same bank
// groups, rotated, and (where lanes touch distinct units) the same
// wavefronts. So the figures need only the starts of one bank period: for
// --nx 4096 --elem 1, 128 x 128 starts instead of 4096 x 4096. The same
// holds for a step of Q columns. A step is conjectured on a sample of cells
// and then proved over the whole tile before any figure relies on it.
#pragma once

#include <cstdint>
#include <optional>

#include "layout_subject.hpp"
#include "prover.hpp"
#include "verdict.hpp"

namespace swz::verify {

// offset(+step) = offset + shift (mod 128 bytes), for every cell; step 0: none.
struct bank_step {
    std::uint64_t step = 0;
    std::uint64_t shift = 0;  // 0 .. 127
    explicit operator bool() const { return step != 0; }
};

struct bank_steps {
    bank_step rows, cols;
};

// The smallest power-of-two steps (rows below `row_starts`, columns below
// the row) that hold on a sample of cells; none where the column figures'
// starts (row_starts * columns) are few enough to enumerate anyway.
bank_steps conjecture_bank_steps(layout_subject const& t, std::uint64_t row_starts);

// bank_period.rows / bank_period.columns: PROVED when the step holds for
// every cell of the tile (y + P < rows; x + Q < columns).
property_result prove_bank_period_rows(prover& p, layout_subject const& t, bank_step s);
property_result prove_bank_period_columns(prover& p, layout_subject const& t, bank_step s);

// The step the figures may rely on: `s` when `lemma` is PROVED, else none.
bank_step proved_step(property_result const& lemma, bank_step s);

}  // namespace swz::verify
