// An obligation as a standalone SMT-LIB2 benchmark, for re-checking by
// another solver.
//
// The text is standard QF_BV (SMT-LIB 2.6), printed by our own printer rather
// than Z3's to_smt2, for four reasons:
//   - Z3 prints its cardinality constraints as `(_ at-least k)`, which no
//     other solver reads; here each list of Booleans is counted once, in
//     unary (Boolean definitions) or as a bit-vector sum, and each constraint
//     compares that count with its k: the same statement in standard operators;
//   - every query is built on 64-bit vectors, though each of its variables is
//     asserted to lie in a range: here each value is printed on as few bits as
//     hold every value it can take, shifts, masks and carry-free sums as the
//     bit fields they are, and equalities field by field (see "Narrowing" in
//     the .cpp). The formula keeps its models and every value in it; it is
//     only smaller. cvc5 (which, unlike Z3, does not find this itself) spent
//     most of its time bit-blasting unused high bits and adders: on the
//     catalogue its CPU time fell from about 220 s to 80 s, the largest bank-conflict
//     query from 108k clauses to 46k, 0.7 s to 0.1 s. Z3 proves every
//     exported formula equivalent to its obligation (tests/catalogue);
//   - Z3 names shared subterms after its internal AST ids, which depend on
//     everything the context built before; here they are numbered in the
//     order the printer meets them, so the same obligation always prints
//     byte-identically (the catalogue's diffs rely on that);
//   - shared subterms are printed once, as `define-fun`, one per line.
// Any operator outside the standard QF_BV and Core theories is an error,
// never printed.
#pragma once

#include <string>

#include "prover.hpp"

namespace swz::verify {

std::string to_smtlib(prover& p, obligation const& o);

}  // namespace swz::verify
