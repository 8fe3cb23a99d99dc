#include "symbolic_uint.hpp"

#include <stdexcept>

#include "swz/pow2.hpp"

namespace swz::verify {

namespace {

std::uint64_t all_ones(unsigned w) { return w >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << w) - 1; }

// Bounds saturate at the width's largest value, which means "any value".
std::uint64_t add_bound(std::uint64_t a, std::uint64_t b, std::uint64_t full) { return a > full - b ? full : a + b; }
std::uint64_t mul_bound(std::uint64_t a, std::uint64_t b, std::uint64_t full) {
    return (a != 0 && b > full / a) ? full : a * b;
}
// Every value with at most as many bits as v.
std::uint64_t bits_bound(std::uint64_t v) { return v == 0 ? 0 : all_ones(log2_floor(v) + 1); }
unsigned bits_of(std::uint64_t v) { return v == 0 ? 1 : log2_floor(v) + 1; }

}  // namespace

symbolic_uint::symbolic_uint(bv_encoding const& enc, z3::expr e, std::uint64_t max)
    : enc_(&enc), e_(std::move(e)), max_(std::min(max, all_ones(enc.width))) {}

symbolic_uint::symbolic_uint(bv_encoding const& enc, z3::expr e) : symbolic_uint(enc, std::move(e), all_ones(enc.width)) {}

std::uint64_t symbolic_uint::full() const { return all_ones(enc_->width); }

symbolic_uint symbolic_uint::constant(bv_encoding const& enc, std::uint64_t v) {
    return symbolic_uint(enc, enc.ctx->bv_val(v, enc.width), v);
}

symbolic_uint symbolic_uint::variable(bv_encoding const& enc, char const* name, std::uint64_t count) {
    return symbolic_uint(enc, enc.ctx->bv_const(name, enc.width), count == 0 ? 0 : count - 1);
}

// A sum that may wrap keeps the modular value and loses its bound.
symbolic_uint operator+(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(*a.enc_, a.e_ + b.e_, add_bound(a.max_, b.max_, a.full()));
}
symbolic_uint operator-(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(*a.enc_, a.e_ - b.e_);  // may wrap: no bound
}
symbolic_uint operator*(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(*a.enc_, a.e_ * b.e_, mul_bound(a.max_, b.max_, a.full()));
}
symbolic_uint operator/(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(*a.enc_, z3::udiv(a.e_, b.e_), b.max_ == 0 ? a.full() : a.max_);  // x/0 is all ones
}
symbolic_uint operator%(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(*a.enc_, z3::urem(a.e_, b.e_), a.max_);
}
symbolic_uint operator^(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(*a.enc_, a.e_ ^ b.e_, bits_bound(std::max(a.max_, b.max_)));
}
symbolic_uint operator&(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(*a.enc_, a.e_ & b.e_, std::min(a.max_, b.max_));
}
symbolic_uint operator|(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(*a.enc_, a.e_ | b.e_, bits_bound(std::max(a.max_, b.max_)));
}
symbolic_uint operator<<(symbolic_uint const& a, symbolic_uint const& b) { return symbolic_uint(*a.enc_, z3::shl(a.e_, b.e_)); }
symbolic_uint operator>>(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint(*a.enc_, z3::lshr(a.e_, b.e_), a.max_);
}

namespace {

// op applied to the low `bits` bits of a (which hold all of a), zero-extended
// back to the full width.
z3::expr on_low_bits(z3::expr const& a, unsigned bits, unsigned width, z3::expr (*op)(z3::expr const&, z3::expr const&),
                     std::uint64_t c) {
    if (bits >= width) return op(a, a.ctx().bv_val(c, width));
    z3::expr const low = a.extract(bits - 1, 0);
    return z3::zext(op(low, a.ctx().bv_val(c, bits)), width - bits);
}

z3::expr times_expr(z3::expr const& a, z3::expr const& b) { return a * b; }
z3::expr udiv_expr(z3::expr const& a, z3::expr const& b) { return z3::udiv(a, b); }
z3::expr urem_expr(z3::expr const& a, z3::expr const& b) { return z3::urem(a, b); }

}  // namespace

symbolic_uint symbolic_uint::times(std::uint64_t c) const {
    std::uint64_t const bound = mul_bound(max_, c, full());
    if (enc_->mode == lowering::literal) return symbolic_uint(*enc_, e_ * enc_->ctx->bv_val(c, enc_->width), bound);
    if (is_pow2(c)) return symbolic_uint(*enc_, z3::shl(e_, enc_->ctx->bv_val(log2_floor(c), enc_->width)), bound);
    // The product fits in bits_of(bound) bits, unless it may wrap (bound = full).
    return symbolic_uint(*enc_, on_low_bits(e_, bits_of(bound), enc_->width, times_expr, c), bound);
}

symbolic_uint symbolic_uint::divided_by(std::uint64_t c) const {
    if (c == 0) throw std::logic_error("symbolic division by the constant 0");
    std::uint64_t const bound = max_ / c;
    if (enc_->mode == lowering::literal) return symbolic_uint(*enc_, z3::udiv(e_, enc_->ctx->bv_val(c, enc_->width)), bound);
    if (is_pow2(c)) return symbolic_uint(*enc_, z3::lshr(e_, enc_->ctx->bv_val(log2_floor(c), enc_->width)), bound);
    return symbolic_uint(*enc_, on_low_bits(e_, bits_of(max_), enc_->width, udiv_expr, c), bound);
}

symbolic_uint symbolic_uint::modulo(std::uint64_t c) const {
    if (c == 0) throw std::logic_error("symbolic remainder by the constant 0");
    std::uint64_t const bound = std::min(max_, c - 1);
    if (enc_->mode == lowering::literal) return symbolic_uint(*enc_, z3::urem(e_, enc_->ctx->bv_val(c, enc_->width)), bound);
    if (is_pow2(c)) return symbolic_uint(*enc_, e_ & enc_->ctx->bv_val(c - 1, enc_->width), bound);
    return symbolic_uint(*enc_, on_low_bits(e_, bits_of(max_), enc_->width, urem_expr, c), bound);
}

std::uint64_t evaluate(z3::model const& m, symbolic_uint const& v) {
    z3::expr const r = m.eval(v.expr(), true);
    std::uint64_t out = 0;
    if (!r.is_numeral_u64(out)) throw std::logic_error("model value is not a 64-bit numeral");
    return out;
}

}  // namespace swz::verify
