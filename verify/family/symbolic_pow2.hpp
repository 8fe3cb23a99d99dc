// A power of two whose exponent is a solver variable: the parameter type
// that lets the model's own layout templates (swz/layout/article.hpp,
// swz/xor_swizzle.hpp) run over a whole family of layouts at once. The
// templates multiply, divide and take remainders by their parameters; by a
// power of two 2^k those are exactly shift left, shift right and a mask,
// on unsigned values as on std::uint64_t, so a family query computes, for
// each value of k, what the instance computes.
#pragma once

#include <algorithm>

#include "../symbolic_uint.hpp"
#include "swz/bank_model.hpp"
#include "swz/pow2.hpp"

namespace swz::verify {

struct symbolic_pow2 {
    symbolic_uint log;  // the exponent k of 2^k
};

inline symbolic_pow2 operator*(symbolic_pow2 const& a, symbolic_pow2 const& b) { return {a.log + b.log}; }
// Only where a >= b, which the family's rules make sure of.
inline symbolic_pow2 operator/(symbolic_pow2 const& a, symbolic_pow2 const& b) { return {a.log - b.log}; }

inline symbolic_uint operator*(symbolic_uint const& v, symbolic_pow2 const& p) { return v << p.log; }
inline symbolic_uint operator/(symbolic_uint const& v, symbolic_pow2 const& p) { return v >> p.log; }
inline symbolic_uint operator%(symbolic_uint const& v, symbolic_pow2 const& p) { return v & ((v.lift(1) << p.log) - v.lift(1)); }

// The value 2^k itself.
inline symbolic_uint value_of(symbolic_pow2 const& p) { return p.log.lift(1) << p.log; }

// The bank rule's view of an access width 2^k (swz/bank_model.hpp, found
// there by argument-dependent lookup): a unit of at least one 4-byte word,
// and as many lanes per phase as units fill the 128 bytes of one.
inline symbolic_pow2 unit_bytes(symbolic_pow2 const& w) {
    auto const& k = w.log;
    auto const word = k.lift(log2_floor(bank_width_bytes));
    return {symbolic_uint(k.encoding(), z3::ite(k < word, word.expr(), k.expr()),
                          std::max<std::uint64_t>(k.max(), log2_floor(bank_width_bytes)))};
}
inline symbolic_pow2 lanes_per_phase(symbolic_pow2 const& w) {
    return {w.log.lift(log2_floor(bytes_per_phase)) - unit_bytes(w).log};
}

}  // namespace swz::verify
