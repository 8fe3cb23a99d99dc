// Where a user's formula wraps in each start variable, by its own
// constants: the divisor of each `/` and `%`, 2^c of each `>> c` and the
// span of each `& mask` whose operand holds the variable. A start period
// of the access divides a product of these, the layout's period in rows
// and the 128-byte bank line (start_period.hpp): (lane + r * 32) / 273 and
// % 273 on the article's rows of 273 chunks repeat every 1192464 starts,
// 2^4 * 273^2, which dividing 273^2 * 139776 * 128 finds, and no series of
// every candidate up to 2^20 or of the layout's multiples does.
#pragma once

#include <cstdint>
#include <vector>

#include "swz/access/lane_formula.hpp"

namespace swz::verify {

// Per declared variable, in declaration order: its wrapping constants, one
// for each node that applies one (nested ones multiply: r / 5 % 5 repeats
// every 25), in the order the formula applies them.
std::vector<std::vector<std::uint64_t>> formula_wraps(lane_formula const& f);

// Per declared variable: d where the formula reads it only as `v / d` (or
// `v >> c`, d = 2^c), one d throughout; else 1. The access is then the same
// at v and at v rounded down to a multiple of d, so an enumeration need
// visit only those: r / 24 + lane / 4 + j * 4 for r < 10^7 is 416667 values
// of r.
std::vector<std::uint64_t> formula_steps(lane_formula const& f);

// Per declared variable: the period the formula's wraps repeat at, the
// least common multiple over its subtrees of each wrap times the wraps it
// applies to (nested ones multiply: r / 127 % 11 wraps every 1397, r % 127
// beside it adds nothing); 0 where that passes 2^64.
std::vector<std::uint64_t> formula_wrap_periods(lane_formula const& f);

// The period to write a start variable by in the solver's queries (v = P *
// q + m, m < P; query_support.hpp's variable_range): its wrap period
// (formula_wrap_periods), where that is no power of two and leaves q at
// least two values below `count`; else 0, no split. Each / and % the
// formula applies to v then meets only m (symbolic_uint's affine forms:
// (P * q + m) % 1000 is m % 1000 where 1000 divides P), not a divider on
// all of v's bits. Powers of two are shifts and masks on any width, and
// splitting for them only cost time (stop 52: a period query on (r ^
// lane) % 64 timed out split, took 9 ms whole); the product of every wrap
// (127 * 127 * 11 for r % 127 beside r / 127 % 11) slowed the search for
// the smallest illegal start 25 times.
std::uint64_t wrap_split(std::uint64_t period, std::uint64_t count);

}  // namespace swz::verify
