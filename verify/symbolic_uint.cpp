#include "symbolic_uint.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>

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

// op applied to the low `bits` bits of a (which hold all of a), zero-extended
// back to the full width. The constant must fit too: a division of a value
// below 2^8 by 2610 on 8 bits would divide by 2610 mod 256.
z3::expr on_low_bits(z3::expr const& a, unsigned bits, unsigned width, z3::expr (*op)(z3::expr const&, z3::expr const&),
                     std::uint64_t c) {
    bits = std::max(bits, bits_of(c));
    if (bits >= width) return op(a, a.ctx().bv_val(c, width));
    z3::expr const low = a.extract(bits - 1, 0);
    return z3::zext(op(low, a.ctx().bv_val(c, bits)), width - bits);
}

z3::expr times_expr(z3::expr const& a, z3::expr const& b) { return a * b; }
z3::expr udiv_expr(z3::expr const& a, z3::expr const& b) { return z3::udiv(a, b); }
z3::expr urem_expr(z3::expr const& a, z3::expr const& b) { return z3::urem(a, b); }

bool same_atom(z3::expr const& a, z3::expr const& b) { return a.id() == b.id(); }

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

symbolic_uint symbolic_uint::narrow_variable(bv_encoding const& enc, char const* name, std::uint64_t count) {
    unsigned bits = 1;
    while (bits < enc.width && (std::uint64_t(1) << bits) < count) ++bits;
    if (bits >= enc.width) return variable(enc, name, count);
    return symbolic_uint(enc, z3::zext(enc.ctx->bv_const(name, bits), enc.width - bits), count == 0 ? 0 : count - 1);
}

symbolic_uint symbolic_uint::under(bv_encoding const& enc) const {
    symbolic_uint out(enc, e_, max_);
    if (enc.mode == lowering::literal && enc_->mode == lowering::fast) out.guide_ = std::make_shared<symbolic_uint const>(*this);
    return out;
}

// ---- guides (literal lowering) ----

namespace {

// e with each shift left by a numeral k written as the product by 2^k, the
// same value. The fast lowering writes a power-of-two coefficient as a shift
// and another as a product; Z3's simplifier sums like monomials, so written
// alike, the terms a step's two sides share cancel before the solver starts.
z3::expr shifts_as_products(z3::expr const& e, std::unordered_map<unsigned, z3::expr>& done) {
    if (auto it = done.find(e.id()); it != done.end()) return it->second;
    z3::expr out = e;
    if (e.is_app() && e.num_args() > 0) {
        z3::expr_vector args(e.ctx());
        for (unsigned i = 0; i < e.num_args(); ++i) args.push_back(shifts_as_products(e.arg(i), done));
        std::uint64_t k = 0;
        if (e.decl().decl_kind() == Z3_OP_BSHL && e.arg(1).is_numeral_u64(k) && k < e.get_sort().bv_size())
            out = args[0] * e.ctx().bv_val(std::uint64_t(1) << k, e.get_sort().bv_size());
        else
            out = e.decl()(args);
    }
    done.emplace(e.id(), out);
    return out;
}

// Each obligation once, in the order first met (deterministic).
void add_step(std::vector<z3::expr>& steps, z3::expr const& failed) {
    if (std::none_of(steps.begin(), steps.end(), [&](z3::expr const& s) { return same_atom(s, failed); }))
        steps.push_back(failed);
}

// The operations, for guided(): each applies to fast and to literal values.
constexpr auto add_op = [](auto const& u, auto const& v) { return u + v; };
constexpr auto sub_op = [](auto const& u, auto const& v) { return u - v; };
constexpr auto mul_op = [](auto const& u, auto const& v) { return u * v; };
constexpr auto div_op = [](auto const& u, auto const& v) { return u / v; };
constexpr auto rem_op = [](auto const& u, auto const& v) { return u % v; };
constexpr auto xor_op = [](auto const& u, auto const& v) { return u ^ v; };
constexpr auto and_op = [](auto const& u, auto const& v) { return u & v; };
constexpr auto or_op = [](auto const& u, auto const& v) { return u | v; };
constexpr auto shl_op = [](auto const& u, auto const& v) { return u << v; };
constexpr auto shr_op = [](auto const& u, auto const& v) { return u >> v; };

}  // namespace

template <class Op>
symbolic_uint symbolic_uint::guided(symbolic_uint out, symbolic_uint const& a, symbolic_uint const* b, Op const& op) {
    bv_encoding const* fast = a.guide_ ? a.guide_->enc_ : b && b->guide_ ? b->guide_->enc_ : nullptr;
    if (!fast) return out;
    // A numeral is its own guide.
    auto guide_of = [&](symbolic_uint const& v) -> std::optional<symbolic_uint> {
        if (v.guide_) return *v.guide_;
        std::uint64_t n = 0;
        if (v.e_.is_numeral_u64(n)) return constant(*fast, n);
        return std::nullopt;
    };
    // The guide as a literal value of its own, without a guide: the
    // operation on it is the operation as written.
    auto written_on = [&](symbolic_uint const& g) { return symbolic_uint(*a.enc_, g.e_, g.max_); };
    auto const ga = guide_of(a);
    if (!ga) return out;
    std::optional<symbolic_uint> g, written;
    if constexpr (std::is_invocable_v<Op, symbolic_uint const&>) {
        g = op(*ga);
        written = op(written_on(*ga));
    } else {
        auto const gb = guide_of(*b);
        if (!gb) return out;
        g = op(*ga, *gb);
        written = op(written_on(*ga), written_on(*gb));
        out.failed_steps_ = b->failed_steps_;
    }
    for (auto const& s : a.failed_steps_) add_step(out.failed_steps_, s);
    if (!same_atom(written->e_, g->e_)) add_step(out.failed_steps_, written->e_ != g->e_);
    out.guide_ = std::make_shared<symbolic_uint const>(std::move(*g));
    return out;
}

// The fast lowering's quotient q and remainder r of a by c are a / c and
// a % c exactly when a = q*c + r and r < c on integers. With q below
// 2^k <= (2^W - 1) / c, q*c + r < 2^W does not wrap, so the W-bit equality
// is the integer one: the step holds when q < 2^k, r < c and a = q*c + r (a
// quotient from 2^k on fails it, which no tile's offsets reach; so does a
// right quotient beside a wrong remainder). No divider is built: a 64-bit
// bvudiv is one Z3 cannot see through over 2^32 rows (formula.lowering
// timed out). Where the fast lowering splits a = c*G + A, q = G + A/c and
// r = A % c, c*G is taken from both sides of the equality (equal_sums) and
// only A meets the solver, a few bits wide; the SMT-LIB export narrows the
// sums.
symbolic_uint symbolic_uint::guided_division(symbolic_uint out, std::uint64_t c, bool remainder) const {
    if (!guide_) {
        if (remainder) return guided(std::move(out), *this, nullptr, [c](auto const& u) { return u.modulo(c); });
        return guided(std::move(out), *this, nullptr, [c](auto const& u) { return u.divided_by(c); });
    }
    symbolic_uint const& a = *guide_;
    symbolic_uint const q = a.divided_by(c), r = a.modulo(c);
    z3::context& ctx = e_.ctx();
    unsigned const w = enc_->width;
    z3::expr const cv = ctx.bv_val(c, w), limit = ctx.bv_val(std::uint64_t(1) << log2_floor(all_ones(w) / c), w);
    z3::expr const holds = z3::ult(q.e_, limit) && z3::ult(r.e_, cv) && equal_sums(a, q.times(c) + r, c);
    out.failed_steps_ = failed_steps_;
    add_step(out.failed_steps_, !holds);
    out.guide_ = std::make_shared<symbolic_uint const>(remainder ? r : q);
    return out;
}

std::optional<std::vector<z3::expr>> symbolic_uint::stepwise_differences(symbolic_uint const& fast) const {
    if (!guide_) return std::nullopt;
    std::vector<z3::expr> out;
    std::unordered_map<unsigned, z3::expr> done;
    for (auto const& s : failed_steps_) out.push_back(shifts_as_products(s, done));
    out.push_back(shifts_as_products(guide_->e_ != fast.e_, done));
    return out;
}

std::optional<z3::expr> symbolic_uint::stepwise_difference(symbolic_uint const& fast) const {
    if (!guide_) return std::nullopt;
    z3::expr_vector any(e_.ctx());
    for (auto const& s : failed_steps_) any.push_back(s);
    any.push_back(guide_->e_ != fast.e_);
    std::unordered_map<unsigned, z3::expr> done;
    return shifts_as_products(z3::mk_or(any), done);
}

// ---- affine forms (fast lowering) ----

symbolic_uint::affine symbolic_uint::form() const {
    if (affine_) return *affine_;
    std::uint64_t v = 0;
    if (e_.is_numeral_u64(v)) return {{}, v};
    return {{{1, e_, max_}}, 0};
}

namespace {

// The largest value of a form, saturating at `full` (then it may wrap).
template <class Form>
std::uint64_t form_max(Form const& f, std::uint64_t full) {
    std::uint64_t m = f.offset;
    for (auto const& t : f.terms) m = add_bound(m, mul_bound(t.coeff, t.max, full), full);
    return m;
}

}  // namespace

// a == b as W-bit values, with the terms both sums have (the same atom and
// coefficient) and their common offset taken from both sides: an equality
// modulo 2^W holds exactly when it does after subtracting one value from
// both. Z3's simplifier does not cancel them itself (a 64-bit product of the
// period row left in: formula.lowering of --nx 779 --elem 1 took 1.1 s).
namespace {

// E, where `e` is op(E, c) or its zero extension (op: Z3's unsigned
// division or remainder, `op_i` its form for a nonzero divisor).
std::optional<z3::expr> divided_operand(z3::expr e, Z3_decl_kind op, Z3_decl_kind op_i, std::uint64_t c) {
    if (e.is_app() && e.decl().decl_kind() == Z3_OP_ZERO_EXT) e = e.arg(0);
    if (!e.is_app() || e.num_args() != 2) return std::nullopt;
    Z3_decl_kind const k = e.decl().decl_kind();
    std::uint64_t v = 0;
    if ((k != op && k != op_i) || !e.arg(1).is_numeral_u64(v) || v != c) return std::nullopt;
    return e.arg(0);
}

// coeff * atom as a sum's term: a shift where the coefficient is a power of two.
z3::expr scaled_term(z3::expr const& atom, std::uint64_t coeff) {
    unsigned const w = atom.get_sort().bv_size();
    if (coeff == 1) return atom;
    if (is_pow2(coeff)) return z3::shl(atom, atom.ctx().bv_val(log2_floor(coeff), w));
    return atom * atom.ctx().bv_val(coeff, w);
}

// The division identity: where A's side is A alone and the other is
// c*(E udiv c) + (E urem c), zero-extended from E's k bits, with E = A or
// A's low k bits, the equality holds exactly when A < 2^k. SMT-LIB defines
// E udiv c = floor(E / c) and E urem c = E - c*floor(E / c) (c > 0), so the
// sum is E without wrapping (it is below 2^k), and E = A exactly when A
// fits in k bits. The solver proves the identity itself only by
// bit-blasting the divider (--nx 779 --elem 1 over 2^32 rows: 0.7 s for a
// 20-bit value by 779; --nx 1293 --elem 2: 1.3 s). `a`: A's side as one
// expression (an atom, or a scaled one such as 2 * (y ^ x): --nx 486 --elem
// 8 --tc 16, 125 ms bit-blasting a 17-bit divider by 486), where known.
std::optional<z3::expr> division_identity(std::optional<z3::expr> const& whole_a, symbolic_uint::affine const& fb,
                                          std::uint64_t c) {
    if (c == 0 || !whole_a || fb.offset != 0 || fb.terms.size() != 2) return std::nullopt;
    z3::expr const& a = *whole_a;
    auto const& [times_c, once] = fb.terms[0].coeff == c ? std::tie(fb.terms[0], fb.terms[1]) : std::tie(fb.terms[1], fb.terms[0]);
    if (times_c.coeff != c || once.coeff != 1) return std::nullopt;
    auto const q = divided_operand(times_c.atom, Z3_OP_BUDIV, Z3_OP_BUDIV_I, c);
    auto const r = divided_operand(once.atom, Z3_OP_BUREM, Z3_OP_BUREM_I, c);
    if (!q || !r || !same_atom(*q, *r)) return std::nullopt;
    unsigned const k = q->get_sort().bv_size(), w = a.get_sort().bv_size();
    if (same_atom(*q, a) && k == w) return a.ctx().bool_val(true);
    bool const low_bits = q->is_app() && q->decl().decl_kind() == Z3_OP_EXTRACT && same_atom(q->arg(0), a) &&
                          Z3_get_decl_int_parameter(a.ctx(), q->decl(), 1) == 0 &&
                          unsigned(Z3_get_decl_int_parameter(a.ctx(), q->decl(), 0)) == k - 1;
    if (!low_bits || k >= w || k >= 64) return std::nullopt;
    return z3::ult(a, a.ctx().bv_val(std::uint64_t(1) << k, w));
}

}  // namespace

z3::expr symbolic_uint::equal_sums(symbolic_uint const& a, symbolic_uint const& b, std::uint64_t divisor) {
    affine fa = a.form(), fb = b.form();
    bool cancelled = false;
    for (auto it = fa.terms.begin(); it != fa.terms.end();) {
        auto const same = std::find_if(fb.terms.begin(), fb.terms.end(), [&](affine_term const& t) {
            return t.coeff == it->coeff && same_atom(t.atom, it->atom);
        });
        if (same == fb.terms.end()) {
            ++it;
            continue;
        }
        fb.terms.erase(same);
        it = fa.terms.erase(it);
        cancelled = true;
    }
    std::uint64_t const common = std::min(fa.offset, fb.offset);
    fa.offset -= common, fb.offset -= common;
    // A's side as one expression: all of `a` where nothing was taken from
    // it, or a lone term spelled as from_form spells it (the fast lowering's
    // split builds its A that way: the same expression, hash-consed).
    std::optional<z3::expr> whole_a;
    if (!cancelled && common == 0) whole_a = a.e_;
    else if (fa.offset == 0 && fa.terms.size() == 1) whole_a = scaled_term(fa.terms[0].atom, fa.terms[0].coeff);
    if (auto identity = division_identity(whole_a, fb, divisor)) return *identity;
    if (!cancelled && common == 0) return a.e_ == b.e_;
    // Where neither side wraps and both stay below 2^k, they are equal
    // exactly when their low k bits are: the solver then multiplies k-bit
    // values, not 64-bit ones.
    unsigned const w = a.enc_->width;
    std::uint64_t const ma = form_max(fa, all_ones(w)), mb = form_max(fb, all_ones(w));
    z3::expr const ea = from_form(*a.enc_, std::move(fa)).e_, eb = from_form(*b.enc_, std::move(fb)).e_;
    unsigned const k = bits_of(std::max(ma, mb));
    if (ma < all_ones(w) && mb < all_ones(w) && k < w) return ea.extract(k - 1, 0) == eb.extract(k - 1, 0);
    return ea == eb;
}

symbolic_uint symbolic_uint::from_form(bv_encoding const& enc, affine f) {
    // Equal atoms merge; zero coefficients go.
    affine merged;
    merged.offset = f.offset;
    for (auto const& t : f.terms) {
        if (t.coeff == 0) continue;
        auto same = std::find_if(merged.terms.begin(), merged.terms.end(), [&](affine_term const& m) { return same_atom(m.atom, t.atom); });
        if (same != merged.terms.end()) same->coeff += t.coeff;
        else merged.terms.push_back(t);
    }
    std::uint64_t const max = form_max(merged, all_ones(enc.width));
    if (merged.terms.empty()) return constant(enc, merged.offset);
    if (merged.terms.size() == 1 && merged.terms[0].coeff == 1 && merged.offset == 0)
        return symbolic_uint(enc, merged.terms[0].atom, merged.terms[0].max);
    z3::context& c = *enc.ctx;
    std::optional<z3::expr> sum;
    for (auto const& t : merged.terms) {
        z3::expr const scaled = scaled_term(t.atom, t.coeff);
        sum = sum ? *sum + scaled : scaled;
    }
    if (merged.offset) sum = *sum + c.bv_val(merged.offset, enc.width);
    symbolic_uint out(enc, *sum, max);
    out.affine_ = std::move(merged);
    return out;
}

// ---- operators ----

// A sum that may wrap keeps the modular value and loses its bound.
symbolic_uint operator+(symbolic_uint const& a, symbolic_uint const& b) {
    std::uint64_t const bound = add_bound(a.max_, b.max_, a.full());
    if (a.rewrites() && bound < a.full()) {
        auto fa = a.form();
        auto const fb = b.form();
        fa.terms.insert(fa.terms.end(), fb.terms.begin(), fb.terms.end());
        fa.offset += fb.offset;
        return symbolic_uint::from_form(*a.enc_, std::move(fa));
    }
    return symbolic_uint::guided(symbolic_uint(*a.enc_, a.e_ + b.e_, bound), a, &b, add_op);
}

// a - b is exact when every term of b is a part of a term of a.
std::optional<symbolic_uint> symbolic_uint::minus_if_not_below(symbolic_uint const& b) const {
    if (!rewrites() || form_max(form(), full()) >= full()) return std::nullopt;
    auto fa = form();
    auto const fb = b.form();
    if (fb.offset > fa.offset) return std::nullopt;
    for (auto const& t : fb.terms) {
        auto same = std::find_if(fa.terms.begin(), fa.terms.end(), [&](affine_term const& m) { return same_atom(m.atom, t.atom); });
        if (same == fa.terms.end() || same->coeff < t.coeff) return std::nullopt;
        same->coeff -= t.coeff;
    }
    fa.offset -= fb.offset;
    return symbolic_uint::from_form(*enc_, std::move(fa));
}

symbolic_uint operator-(symbolic_uint const& a, symbolic_uint const& b) {
    if (auto exact = a.minus_if_not_below(b)) return *exact;
    return symbolic_uint::guided(symbolic_uint(*a.enc_, a.e_ - b.e_), a, &b, sub_op);  // may wrap: no bound
}

symbolic_uint operator*(symbolic_uint const& a, symbolic_uint const& b) {
    std::uint64_t v = 0;
    if (b.e_.is_numeral_u64(v)) return a.times(v);
    if (a.e_.is_numeral_u64(v)) return b.times(v);
    return symbolic_uint::guided(symbolic_uint(*a.enc_, a.e_ * b.e_, mul_bound(a.max_, b.max_, a.full())), a, &b, mul_op);
}
symbolic_uint operator/(symbolic_uint const& a, symbolic_uint const& b) {
    symbolic_uint out(*a.enc_, z3::udiv(a.e_, b.e_), b.max_ == 0 ? a.full() : a.max_);  // x/0 is all ones
    return symbolic_uint::guided(std::move(out), a, &b, div_op);
}
symbolic_uint operator%(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint::guided(symbolic_uint(*a.enc_, z3::urem(a.e_, b.e_), a.max_), a, &b, rem_op);
}

namespace {

symbolic_uint plain_xor(symbolic_uint const& a, symbolic_uint const& b, bv_encoding const& enc) {
    return symbolic_uint(enc, a.expr() ^ b.expr(), bits_bound(std::max(a.max(), b.max())));
}

}  // namespace

// (A + B) ^ b = A + (B ^ b) when b < 2^k and A is a multiple of 2^k.
symbolic_uint operator^(symbolic_uint const& a, symbolic_uint const& b) {
    if (!a.rewrites()) return symbolic_uint::guided(plain_xor(a, b, *a.enc_), a, &b, xor_op);
    bool const a_small = a.max_ < b.max_;
    symbolic_uint const& big = a_small ? b : a;
    symbolic_uint const& small = a_small ? a : b;
    unsigned const k = bits_of(small.max_);
    auto const f = big.form();
    if (k >= 64 || form_max(f, big.full()) >= big.full()) return plain_xor(a, b, *a.enc_);
    std::uint64_t const low_mask = (std::uint64_t(1) << k) - 1;
    symbolic_uint::affine high, low;
    for (auto const& t : f.terms) ((t.coeff & low_mask) == 0 ? high : low).terms.push_back(t);
    high.offset = f.offset & ~low_mask;
    low.offset = f.offset & low_mask;
    if (high.terms.empty() && high.offset == 0) return plain_xor(a, b, *a.enc_);
    symbolic_uint const mixed = plain_xor(symbolic_uint::from_form(*a.enc_, low), small, *a.enc_);
    high.terms.push_back({1, mixed.e_, mixed.max_});
    return symbolic_uint::from_form(*a.enc_, std::move(high));
}

// A contiguous mask is a shift, a remainder and a shift back.
symbolic_uint operator&(symbolic_uint const& a, symbolic_uint const& b) {
    std::uint64_t m = 0;
    if (a.rewrites() && b.e_.is_numeral_u64(m) && m != 0) {
        unsigned const low = log2_floor(m & (~m + 1));
        std::uint64_t const field = m >> low;
        if (is_pow2(field + 1) && field + 1 != 0)
            return a.divided_by(std::uint64_t(1) << low).modulo(field + 1).times(std::uint64_t(1) << low);
    }
    if (a.rewrites() && a.e_.is_numeral_u64(m) && !b.e_.is_numeral_u64(m)) return b & a;
    return symbolic_uint::guided(symbolic_uint(*a.enc_, a.e_ & b.e_, std::min(a.max_, b.max_)), a, &b, and_op);
}
symbolic_uint operator|(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint::guided(symbolic_uint(*a.enc_, a.e_ | b.e_, bits_bound(std::max(a.max_, b.max_))), a, &b, or_op);
}
symbolic_uint operator<<(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint::guided(symbolic_uint(*a.enc_, z3::shl(a.e_, b.e_)), a, &b, shl_op);
}
symbolic_uint operator>>(symbolic_uint const& a, symbolic_uint const& b) {
    return symbolic_uint::guided(symbolic_uint(*a.enc_, z3::lshr(a.e_, b.e_), a.max_), a, &b, shr_op);
}

symbolic_uint symbolic_uint::times(std::uint64_t c) const {
    std::uint64_t const bound = mul_bound(max_, c, full());
    if (enc_->mode == lowering::literal)
        return guided(symbolic_uint(*enc_, e_ * enc_->ctx->bv_val(c, enc_->width), bound), *this, nullptr,
                      [c](auto const& u) { return u.times(c); });
    if (c == 0) return constant(*enc_, 0);
    if (bound < full()) {
        auto f = form();
        if (mul_bound(form_max(f, full()), c, full()) < full()) {
            for (auto& t : f.terms) t.coeff *= c;
            f.offset *= c;
            return from_form(*enc_, std::move(f));
        }
    }
    if (is_pow2(c)) return symbolic_uint(*enc_, z3::shl(e_, enc_->ctx->bv_val(log2_floor(c), enc_->width)), bound);
    // The product fits in bits_of(bound) bits, unless it may wrap (bound = full).
    return symbolic_uint(*enc_, on_low_bits(e_, bits_of(bound), enc_->width, times_expr, c), bound);
}

namespace {

// The parts of a form a constant c divides exactly (as the quotient's form)
// and the rest.
struct split_by {
    symbolic_uint::affine quotient_like;  // coeff / c for the terms c divides, offset / c
    symbolic_uint::affine rest;           // the other terms, offset % c
};

}  // namespace

symbolic_uint symbolic_uint::divided_by(std::uint64_t c) const {
    if (c == 0) throw std::logic_error("symbolic division by the constant 0");
    std::uint64_t const bound = max_ / c;
    if (enc_->mode == lowering::literal) {
        symbolic_uint out(*enc_, z3::udiv(e_, enc_->ctx->bv_val(c, enc_->width)), bound);
        if (!is_pow2(c)) return guided_division(std::move(out), c, false);
        return guided(std::move(out), *this, nullptr, [c](auto const& u) { return u.divided_by(c); });
    }
    if (c == 1) return *this;
    auto const f = form();
    if (form_max(f, full()) < full()) {
        affine q, r;
        for (auto const& t : f.terms) {
            if (t.coeff % c == 0) q.terms.push_back({t.coeff / c, t.atom, t.max});
            else r.terms.push_back(t);
        }
        q.offset = f.offset / c;
        r.offset = f.offset % c;
        if (!q.terms.empty() || q.offset != 0) {
            // floor((c*Q + R) / c) = Q + floor(R / c)
            if (form_max(r, full()) >= c) {
                symbolic_uint const rq = from_form(*enc_, r).divided_by(c);
                q.terms.push_back({1, rq.e_, rq.max_});
            }
            return from_form(*enc_, std::move(q));
        }
    }
    if (max_ < c) return constant(*enc_, 0);
    if (is_pow2(c)) return symbolic_uint(*enc_, z3::lshr(e_, enc_->ctx->bv_val(log2_floor(c), enc_->width)), bound);
    return symbolic_uint(*enc_, on_low_bits(e_, bits_of(max_), enc_->width, udiv_expr, c), bound);
}

symbolic_uint symbolic_uint::modulo(std::uint64_t c) const {
    if (c == 0) throw std::logic_error("symbolic remainder by the constant 0");
    std::uint64_t const bound = std::min(max_, c - 1);
    if (enc_->mode == lowering::literal) {
        symbolic_uint out(*enc_, z3::urem(e_, enc_->ctx->bv_val(c, enc_->width)), bound);
        if (!is_pow2(c)) return guided_division(std::move(out), c, true);
        return guided(std::move(out), *this, nullptr, [c](auto const& u) { return u.modulo(c); });
    }
    auto const f = form();
    if (form_max(f, full()) < full()) {
        affine r;
        bool dropped = false;
        for (auto const& t : f.terms) {
            if (t.coeff % c == 0) dropped = true;
            else r.terms.push_back(t);
        }
        dropped = dropped || f.offset >= c;
        r.offset = f.offset % c;
        if (form_max(r, full()) < c) return from_form(*enc_, std::move(r));  // R % c = R
        // (c*Q + R) % c = R % c
        if (dropped) return from_form(*enc_, std::move(r)).modulo(c);
    }
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
