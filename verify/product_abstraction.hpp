// A sufficient query for obligations whose products of a variable by
// constants make the solver slow.
//
// An offset over 2^32 rows carries y_period * (P * pitch) beside
// y_in_period * pitch: two 64-bit multipliers by constants, which Z3
// bit-blasts, and an identity relating them (a step of formula.lowering,
// bijection's collision of two cells of one row) then takes it a second or
// more (cute:3,4,3 after 16 bytes of pad on 200000-byte rows: 1.1 s for one
// lowering step). Every product v * c of a variable v (at most `max`, as
// the query's range constraint says) by numerals c is written q_v * (c /
// g_v), g_v the gcd of v's constants, with q_v a fresh variable that keeps
// g_v's trailing zero bits and is at most max * g_v. Any model of the query
// gives one of the abstracted query (q_v = v * g_v), so where the
// abstraction is unsatisfiable the query is too: a proof, and an
// obligation of its own that a second solver can check. Where it is
// satisfiable (q_v's relation to v mattered) nothing follows: ask the query.
#pragma once

#include <z3++.h>

#include <optional>
#include <vector>

namespace swz::verify {

// The abstracted formula, with the range constraints (v < n, from which
// each variable's largest value is read) and q_v's bounds; nothing where
// no variable met only in products meets a constant that is not a power of
// two (its multipliers are shifts, quick as they are), or where the formula
// is sums and products alone (the simplifier settles those as written).
std::optional<std::vector<z3::expr>> abstract_products(std::vector<z3::expr> const& formula,
                                                      std::vector<z3::expr> const& ranges);

}  // namespace swz::verify
