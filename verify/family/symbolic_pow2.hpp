// A power of two whose exponent is a solver variable: the parameter type
// that lets the model's own layout templates (swz/layout/article.hpp,
// swz/xor_swizzle.hpp) run over a whole family of layouts at once. The
// templates multiply, divide and take remainders by their parameters; by a
// power of two 2^k those are exactly shift left, shift right and a mask,
// on unsigned values as on std::uint64_t, so a family query computes, for
// each value of k, what the instance computes.
#pragma once

#include "../symbolic_uint.hpp"

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

}  // namespace swz::verify
