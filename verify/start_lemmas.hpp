// What the layout's proved lemmas let the figures skip: starts whose figure
// an earlier start already has. Each field is set only from a PROVED lemma.
#pragma once

#include <cstdint>
#include <string>

#include "bank_period.hpp"

namespace swz::verify {

struct start_lemmas {
    std::uint64_t period = 0;  // periodicity: row y behaves as row y % period
    std::string period_lemma = "periodicity";  // the PROVED result that says so, as methods name it
    bank_steps banks;          // bank_period.rows / .columns
    bool rows_kept = false;    // row_locality: each cell stays in its row
    bool row_xor = false;      // row_xor: column(y, x) = column(y, 0) ^ x

    start_lemmas() = default;
    // A periodicity lemma alone.
    start_lemmas(std::uint64_t p) : period(p) {}  // NOLINT: implicit, as the period was passed before
};

}  // namespace swz::verify
