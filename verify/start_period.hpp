// Start periods of an access: start variable v repeats every T when moving
// v by T moves the bytes of every lane (each element of its run) by one
// common multiple of 128 bytes. The bank of each word, the 128-byte line a
// lane writes relative to the others and the 16-byte slot in it are then
// the same, so every phase rule (the bank rule, cp.async.16's transfers)
// costs the moved start as the first. With a period for each variable, the
// first worst start lies in the box [0, T_v): any start costs what its
// remainders modulo the periods cost, and those come no later in the
// canonical order. Legality is no part of it (a moved lane may leave the
// tile); the caller decides it over the whole domain, but where each move
// is proved to change nothing at all (`repeats`).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "access_subject.hpp"
#include "prover.hpp"

namespace swz::verify {

struct start_periods {
    std::vector<std::uint64_t> box;  // per variable: its proved period, or its count where none is
    std::string note;                // "r every 2", for the method text; empty where nothing was cut
    // Every cut variable's move also leaves each lane's bytes where they
    // were, and the lane inside the tile or outside as it was: then
    // legality repeats too, and the box decides it ((s + lane) % 97).
    bool repeats = true;
};

// Candidates: every T up to 2^20 (a layout's period in rows over a start's
// step, a formula's modulus: (s + lane) % 97 repeats every 97), then powers
// of two; where none is proved, the first multiples of the layout's period
// in rows (cell(r / 5, lane * 64) on the seed article's layout of 1119
// chunks of 8 bytes a row, whose period is 2291712 rows: r every 5 of
// them); then, for a user's formula, the divisors of the product of its
// wrapping constants (formula_wraps.hpp), the layout's period in rows and
// the 128-byte line, ascending ((lane + r * 32) / 273 on the article's rows
// of 273 chunks: r every 1192464, past 2^20 and no multiple of the layout's
// 139776 rows); each screened on integers at sample starts, the cheap
// check first, before the solver is asked. A screen that lets through
// candidates the solver refutes, or cannot decide, is given a few of them,
// no more, in each of the three series. The starts of the solver's refutations join
// the screen, first after the zero start: a candidate refuted there is
// refuted without the solver (r / 6 + lane % 8 * 2 on article:nx=2174,
// elem=8,tc=8: 384 refuted, then 768 .. 104064 at its start, and 417408
// proved, where eight refutations ended the series), and a series ends
// after many such (a formula whose every candidate passes the zero start
// and fails at the first refutation's would screen 2^20 of them).
inline constexpr std::uint64_t every_period_up_to = std::uint64_t{1} << 20;
inline constexpr std::uint64_t most_layout_period_multiple = 64;
inline constexpr std::size_t most_wrap_divisors = std::size_t{1} << 14;
inline constexpr unsigned max_refuted_candidates = 8, max_undecided_candidates = 2;
inline constexpr unsigned max_refuted_at_known_starts = 4096;

// The solver's answers to one access's period queries, by variable, period
// and form (exactly or by a multiple of 128 bytes): prove_conflict_bound
// searches twice (a small box before the figure search, every candidate
// once the search gives up), and the second search does not ask again
// what the first asked (r / 6 + lane % 8 * 2 on article:nx=2174,elem=8,
// tc=8 had eight candidates refuted, 4 s of solver, twice).
// A refutation keeps the start of the solver's model, which the later
// search screens its candidates at, as the first did.
struct period_answer {
    answer result;
    std::optional<std::vector<std::uint64_t>> refuting;  // where the solver refuted the move
};
using start_period_answers = std::map<std::tuple<std::size_t, std::uint64_t, bool>, period_answer>;

// The first period of each variable the solver proves among the
// candidates (those up to `most_period`), in the order above, within the
// prover's timeout a query; the search over the candidates stops at that
// time limit too (a variable then keeps its count).
// `asked`: answers already given for this access, and where to keep the
// new ones (none: each query is asked).
start_periods prove_start_periods(prover& p, access_subject const& w, std::uint64_t most_period = ~std::uint64_t(0),
                                  start_period_answers* asked = nullptr);

}  // namespace swz::verify
