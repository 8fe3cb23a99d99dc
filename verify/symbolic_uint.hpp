// An unsigned bit-vector that the model templates compute on.
//
// z3::expr is the wrong type to hand the model directly: its `/` and `%` are
// signed and it has no `>>`. symbolic_uint gives the operators their unsigned
// meaning (bvudiv, bvurem, bvlshr) at a fixed width, exactly the arithmetic of
// std::uint64_t, and chooses how arithmetic by a constant is lowered:
//
//   lowering::literal  the formula as written: bvmul, bvudiv, bvurem at full width
//   lowering::fast     by a power-of-two constant: bvshl, bvlshr, bvand;
//                      by another constant: bvmul, bvudiv, bvurem on only as
//                      many low bits as the operand can have
//
// Each value carries an upper bound, derived from the ranges of the
// variables (which every query asserts) through each operation. Z3 bit-blasts
// a divider per `/ 12`, quadratic in its width, so dividing a value known to
// be below 2^15 on 15 bits instead of 64 is what makes non-power-of-two rows
// tractable. One lemma proves both lowerings equal on every input.
//
// Under the fast lowering a value also keeps its affine form, when it has
// one: sum of coeff * atom + offset, each atom a symbolic value with its own
// bound, the sum known not to wrap. Division and remainder by a constant c
// then split it exactly, floor((c*D + R) / c) = D + floor(R / c) and
// (c*D + R) % c = R % c, so only the small part R meets a divider; and an
// XOR with a value below 2^k passes the terms that are multiples of 2^k
// through: (A + B) ^ b = A + (B ^ b). A layout's row index then stays a
// term of its offset instead of entering every divider: (y*NX + x) / NX is
// y, not a 38-bit division by 40. formula.lowering proves the result equal
// to the literal lowering, layout by layout, one operation at a time
// (stepwise_difference below): the two lowerings of the whole formula at
// once would put the 64-bit dividers back in front of the solver.
#pragma once

#include <z3++.h>

#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace swz::verify {

enum class lowering { literal, fast };

// Everything a symbolic value needs to build expressions: the context, the
// bit width of every value, and the lowering.
struct bv_encoding {
    z3::context* ctx;
    unsigned width;
    lowering mode;
};

// One term of an affine form: coeff * atom, the atom at most `max`.
struct affine_term {
    std::uint64_t coeff;
    z3::expr atom;
    std::uint64_t max;
};

class symbolic_uint {
public:
    // `max` is an upper bound of the value, as far as it is known.
    symbolic_uint(bv_encoding const& enc, z3::expr e, std::uint64_t max);
    symbolic_uint(bv_encoding const& enc, z3::expr e);

    static symbolic_uint constant(bv_encoding const& enc, std::uint64_t v);
    // A variable ranging over 0 .. count-1: the query must assert that range
    // (query_support's range_constraints does).
    static symbolic_uint variable(bv_encoding const& enc, char const* name, std::uint64_t count);
    // The same, declared only as wide as `count` needs and zero-extended:
    // the high bits are constants, so shifts by it and sums of it stay
    // small when bit-blasted (the family queries shift by such variables).
    static symbolic_uint narrow_variable(bv_encoding const& enc, char const* name, std::uint64_t count);

    z3::expr const& expr() const { return e_; }
    std::uint64_t max() const { return max_; }
    bv_encoding const& encoding() const { return *enc_; }
    symbolic_uint lift(std::uint64_t v) const { return constant(*enc_, v); }
    // The same value under another encoding (same context and width); the
    // literal lowering keeps no affine form. A fast value taken under the
    // literal lowering is its own guide (below).
    symbolic_uint under(bv_encoding const& enc) const;

    // formula.lowering, one operation at a time. A literal value computed
    // from values taken under() it (and numerals) has a guide: the same
    // operations under the fast lowering. Each operation's obligation says
    // that its fast lowering equals the operation as written (bvmul, bvudiv,
    // ... at full width) on the same operands, the guides of its operands.
    // If every one holds, then by induction on the operations each literal
    // value equals its guide, so the formula as written equals the fast
    // lowering of the same operations; and that equals `fast`, the fast
    // lowering's own run of the formula, unless the formula computes
    // something else under each lowering. For a guided value: a formula
    // true exactly where some obligation fails or the guide differs from
    // `fast`; absent for a value without a guide (then compare the values).
    std::optional<z3::expr> stepwise_difference(symbolic_uint const& fast) const;
    // The same, each step apart: the difference is their disjunction.
    std::optional<std::vector<z3::expr>> stepwise_differences(symbolic_uint const& fast) const;

    friend symbolic_uint operator+(symbolic_uint const& a, symbolic_uint const& b);
    friend symbolic_uint operator-(symbolic_uint const& a, symbolic_uint const& b);
    friend symbolic_uint operator*(symbolic_uint const& a, symbolic_uint const& b);
    friend symbolic_uint operator/(symbolic_uint const& a, symbolic_uint const& b);
    friend symbolic_uint operator%(symbolic_uint const& a, symbolic_uint const& b);
    friend symbolic_uint operator^(symbolic_uint const& a, symbolic_uint const& b);
    friend symbolic_uint operator&(symbolic_uint const& a, symbolic_uint const& b);
    friend symbolic_uint operator|(symbolic_uint const& a, symbolic_uint const& b);
    friend symbolic_uint operator<<(symbolic_uint const& a, symbolic_uint const& b);
    friend symbolic_uint operator>>(symbolic_uint const& a, symbolic_uint const& b);

    // Arithmetic with a constant, lowered as the encoding says.
    symbolic_uint times(std::uint64_t c) const;
    symbolic_uint divided_by(std::uint64_t c) const;
    symbolic_uint modulo(std::uint64_t c) const;

    template <std::integral I> friend symbolic_uint operator*(symbolic_uint const& a, I c) { return a.times(std::uint64_t(c)); }
    template <std::integral I> friend symbolic_uint operator*(I c, symbolic_uint const& a) { return a.times(std::uint64_t(c)); }
    template <std::integral I> friend symbolic_uint operator/(symbolic_uint const& a, I c) { return a.divided_by(std::uint64_t(c)); }
    template <std::integral I> friend symbolic_uint operator%(symbolic_uint const& a, I c) { return a.modulo(std::uint64_t(c)); }
    template <std::integral I> friend symbolic_uint operator+(symbolic_uint const& a, I c) { return a + a.lift(std::uint64_t(c)); }
    template <std::integral I> friend symbolic_uint operator+(I c, symbolic_uint const& a) { return a.lift(std::uint64_t(c)) + a; }
    template <std::integral I> friend symbolic_uint operator-(symbolic_uint const& a, I c) { return a - a.lift(std::uint64_t(c)); }
    template <std::integral I> friend symbolic_uint operator^(symbolic_uint const& a, I c) { return a ^ a.lift(std::uint64_t(c)); }
    template <std::integral I> friend symbolic_uint operator&(symbolic_uint const& a, I c) { return a & a.lift(std::uint64_t(c)); }
    template <std::integral I> friend symbolic_uint operator|(symbolic_uint const& a, I c) { return a | a.lift(std::uint64_t(c)); }
    template <std::integral I> friend symbolic_uint operator<<(symbolic_uint const& a, I c) { return a.times(std::uint64_t(1) << c); }
    template <std::integral I> friend symbolic_uint operator>>(symbolic_uint const& a, I c) { return a.divided_by(std::uint64_t(1) << c); }

    // Predicates, as Z3 Boolean expressions (unsigned comparisons).
    z3::expr operator==(symbolic_uint const& b) const { return e_ == b.e_; }
    z3::expr operator!=(symbolic_uint const& b) const { return e_ != b.e_; }
    z3::expr operator<(symbolic_uint const& b) const { return z3::ult(e_, b.e_); }
    z3::expr operator<=(symbolic_uint const& b) const { return z3::ule(e_, b.e_); }
    template <std::integral I> z3::expr operator==(I c) const { return *this == lift(std::uint64_t(c)); }
    template <std::integral I> z3::expr operator!=(I c) const { return *this != lift(std::uint64_t(c)); }
    template <std::integral I> z3::expr operator<(I c) const { return *this < lift(std::uint64_t(c)); }
    template <std::integral I> z3::expr operator<=(I c) const { return *this <= lift(std::uint64_t(c)); }

private:
    std::uint64_t full() const;  // the largest value of the width: "no bound known"

public:
    // The affine form: explicit terms, or the value itself as its one atom.
    struct affine {
        std::vector<affine_term> terms;
        std::uint64_t offset = 0;
    };
    affine form() const;
    bool rewrites() const { return enc_->mode == lowering::fast; }
    // a - b where the affine forms show that a >= b (b's terms are a's, with
    // no larger coefficients or offset): a difference that cannot wrap.
    // Nothing where the forms do not show it.
    std::optional<symbolic_uint> minus_if_not_below(symbolic_uint const& b) const;
    static symbolic_uint from_form(bv_encoding const& enc, affine f);
    // a == b, with what both sums share taken from both sides; `divisor`:
    // b is a quotient by it times it plus the remainder (guided_division).
    static z3::expr equal_sums(symbolic_uint const& a, symbolic_uint const& b, std::uint64_t divisor = 0);

private:
    // Under the literal lowering, `out` (the step on a, b) with its guide,
    // `op` applied to the guides of a and b (b absent: op is unary), and
    // its obligation, where a and b have guides.
    template <class Op>
    static symbolic_uint guided(symbolic_uint out, symbolic_uint const& a, symbolic_uint const* b, Op const& op);
    // The same for a / c (or a % c, `remainder`) by a c that is not a power
    // of two, its obligation stated without a divider.
    symbolic_uint guided_division(symbolic_uint out, std::uint64_t c, bool remainder) const;

    bv_encoding const* enc_;
    z3::expr e_;
    std::uint64_t max_;
    std::optional<affine> affine_;  // fast lowering only; absent: the value is its own atom
    // Literal lowering only: the same steps under the fast lowering; absent
    // when some operand of some step had none.
    std::shared_ptr<symbolic_uint const> guide_;
    // With a guide: the steps' obligations, each as "the step as written
    // differs from its fast lowering", this value's and its operands'.
    std::vector<z3::expr> failed_steps_;
};

// The value of `v` in a model (the model must assign every variable in it).
std::uint64_t evaluate(z3::model const& m, symbolic_uint const& v);

}  // namespace swz::verify
