// The exact worst-case cost, in wavefronts, of one warp-wide shared-memory
// access over every start, under the bank model of swz/bank_model.hpp: an
// unsatisfiable query proves no start costs more than the bound, and a
// satisfiable one gives a start that reaches it, replayed through the
// concrete model. Before any cost: every lane's bytes lie in the tile, a lane
// that moves several elements finds them contiguous, and every address is
// aligned to the width (else the instruction is illegal: a refutation).
#pragma once

#include "access_subject.hpp"
#include "swz/bank_model.hpp"
#include "prover.hpp"
#include "start_facts.hpp"
#include "verdict.hpp"

namespace swz::verify {

// How a figure is decided: `automatic` enumerates every start when there are
// at most `exhaustion_starts` of them (after a proved period has cut the
// domain) and asks the solver otherwise; `smt` always asks the solver (the
// tests check its encoding this way); `exhaustion` never does.
enum class figure_method { automatic, smt, exhaustion };
inline constexpr std::uint64_t exhaustion_starts = 1u << 16;
// Column accesses (and column_spread) are enumerated up to this many starts
// (column_sweep.hpp: each row computed once, a few ns a start, on every
// thread): every tile of up to 2^16 rows of up to 32768 units a row.
inline constexpr std::uint64_t column_sweep_starts = std::uint64_t{1} << 31;
// Figures of more starts than this are decided by classes of starts of equal
// cost where the layout has them (class_sweep.hpp); fewer, by the sweeps;
// classes that cost little to find (access_subject::classes_cheap), from
// the second bound on.
inline constexpr std::uint64_t class_sweep_least = std::uint64_t{1} << 18;
inline constexpr std::uint64_t cheap_class_sweep_least = std::uint64_t{1} << 14;
// Row accesses likewise (row_sweep.hpp: 32 lanes through the bank rule a
// start): every tile of up to 2^16 rows of up to 32768 units a row.
inline constexpr std::uint64_t row_sweep_starts = std::uint64_t{1} << 26;
// The most starts enumerated where the solver gives up (every start, or a
// box of proved start periods; cp.async.16 always): row_sweep_starts, or
// more where the time limit could enumerate more at 0.1 us a start a thread
// (faster than any access measured: about 0.2-0.26 us on most layouts, 0.35
// on the article's), so that a longer limit decides more, where a fixed
// cap gave up whatever the limit
// (cp.async.4:cell(lane % 2 + 2 * r, (lane / 2 + 4 * k) * 1) for r < 10^7,
// k < 124 on article:nx=2739,elem=4,tc=4: 86946816 starts, decided in 39 s
// with --timeout-ms 20000). An enumeration that does not finish in time is
// UNKNOWN, and its reason says so, as it says of one larger than this.
std::uint64_t starts_in_time(prover const& p);

// With `require_conflict_free`, a worst case above the ideal is a refutation
// whose counterexample is the witness; otherwise the bound is a figure.
property_result prove_conflict_bound(prover& p, access_subject const& w, bool require_conflict_free,
                                     figure_method method = figure_method::automatic);

// The number of wavefronts at least `k`, as a query over the access's
// start variables (exposed for tests and exports).
z3::expr wavefronts_at_least(prover& p, access_subject const& w, std::vector<symbolic_uint> const& start, unsigned k);

}  // namespace swz::verify
