// Start periods of an access: start variable v repeats every T when moving
// v by T moves the bytes of every lane (each element of its run) by one
// common multiple of 128 bytes. The bank of each word, the 128-byte line a
// lane writes relative to the others and the 16-byte slot in it are then
// the same, so every phase rule (the bank rule, cp.async.16's transfers)
// costs the moved start as the first. With a period for each variable, the
// first worst start lies in the box [0, T_v): any start costs what its
// remainders modulo the periods cost, and those come no later in the
// canonical order. Legality is no part of it (a moved lane may leave the
// tile); the caller decides it over the whole domain.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "access_subject.hpp"
#include "prover.hpp"

namespace swz::verify {

struct start_periods {
    std::vector<std::uint64_t> box;  // per variable: its proved period, or its count where none is
    std::string note;                // "r every 2", for the method text; empty where nothing was cut
};

// The smallest period of each variable the solver proves (every T up to
// 64, then powers of two; screened on sample starts first), within the
// prover's timeout a query.
start_periods prove_start_periods(prover& p, access_subject const& w);

}  // namespace swz::verify
