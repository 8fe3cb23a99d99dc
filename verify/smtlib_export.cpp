#include "smtlib_export.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace swz::verify {

namespace {

// ---------------------------------------------------------------------------
// Names and sorts.

// SMT-LIB 2.6 simple symbols; anything else is printed |quoted|.
bool is_simple_symbol(std::string_view s) {
    static constexpr std::string_view reserved[] = {"_", "!", "as", "let", "exists", "forall", "match", "par",
                                                    "BINARY", "DECIMAL", "HEXADECIMAL", "NUMERAL", "STRING"};
    if (s.empty() || (s.front() >= '0' && s.front() <= '9') || s.front() == '@' || s.front() == '.') return false;
    if (std::find(std::begin(reserved), std::end(reserved), s) != std::end(reserved)) return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               std::string_view("~!@$%^&*_-+=<>.?/").find(c) != std::string_view::npos;
    });
}

std::string symbol(std::string const& s) {
    if (is_simple_symbol(s)) return s;
    if (s.find_first_of("|\\") != std::string::npos)
        throw std::runtime_error("SMT-LIB export: the name '" + s + "' cannot be written as a symbol");
    return "|" + s + "|";
}

std::string bv_sort(unsigned w) { return "(_ BitVec " + std::to_string(w) + ")"; }
std::string bv_num(std::uint64_t v, unsigned w) { return "(_ bv" + std::to_string(v) + " " + std::to_string(w) + ")"; }

// The standard name of each operator we accept; anything else is refused.
char const* standard_name(Z3_decl_kind k) {
    switch (k) {
        case Z3_OP_EQ: case Z3_OP_IFF: return "=";
        case Z3_OP_DISTINCT: return "distinct";
        case Z3_OP_ITE: return "ite";
        case Z3_OP_AND: return "and";
        case Z3_OP_OR: return "or";
        case Z3_OP_XOR: return "xor";
        case Z3_OP_NOT: return "not";
        case Z3_OP_IMPLIES: return "=>";
        case Z3_OP_BNEG: return "bvneg";
        case Z3_OP_BADD: return "bvadd";
        case Z3_OP_BSUB: return "bvsub";
        case Z3_OP_BMUL: return "bvmul";
        case Z3_OP_BUDIV: return "bvudiv";
        case Z3_OP_BUREM: return "bvurem";
        case Z3_OP_BSDIV: return "bvsdiv";
        case Z3_OP_BSREM: return "bvsrem";
        case Z3_OP_BSMOD: return "bvsmod";
        case Z3_OP_ULEQ: return "bvule";
        case Z3_OP_ULT: return "bvult";
        case Z3_OP_UGEQ: return "bvuge";
        case Z3_OP_UGT: return "bvugt";
        case Z3_OP_SLEQ: return "bvsle";
        case Z3_OP_SLT: return "bvslt";
        case Z3_OP_SGEQ: return "bvsge";
        case Z3_OP_SGT: return "bvsgt";
        case Z3_OP_BAND: return "bvand";
        case Z3_OP_BOR: return "bvor";
        case Z3_OP_BNOT: return "bvnot";
        case Z3_OP_BXOR: return "bvxor";
        case Z3_OP_BNAND: return "bvnand";
        case Z3_OP_BNOR: return "bvnor";
        case Z3_OP_BXNOR: return "bvxnor";
        case Z3_OP_BCOMP: return "bvcomp";
        case Z3_OP_CONCAT: return "concat";
        case Z3_OP_BSHL: return "bvshl";
        case Z3_OP_BLSHR: return "bvlshr";
        case Z3_OP_BASHR: return "bvashr";
        case Z3_OP_EXTRACT: return "extract";
        case Z3_OP_ZERO_EXT: return "zero_extend";
        case Z3_OP_SIGN_EXT: return "sign_extend";
        case Z3_OP_REPEAT: return "repeat";
        case Z3_OP_ROTATE_LEFT: return "rotate_left";
        case Z3_OP_ROTATE_RIGHT: return "rotate_right";
        default: return nullptr;
    }
}

bool is_cardinality(Z3_decl_kind k) { return k == Z3_OP_PB_AT_LEAST || k == Z3_OP_PB_AT_MOST; }

// Unsigned comparisons and equality: the same answer on any width that holds
// both operands.
bool is_width_free_predicate(Z3_decl_kind k) {
    return k == Z3_OP_EQ || k == Z3_OP_DISTINCT || k == Z3_OP_ULT || k == Z3_OP_ULEQ || k == Z3_OP_UGT ||
           k == Z3_OP_UGEQ;
}

// A numeral's value, when it is one that fits 64 bits.
bool numeral_u64(z3::expr const& e, std::uint64_t& v) { return e.is_numeral() && e.is_numeral_u64(v); }

unsigned bits_of(std::uint64_t v) { return v == 0 ? 1 : unsigned(std::bit_width(v)); }
std::uint64_t all_ones(unsigned w) { return w >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << w) - 1; }

// ---------------------------------------------------------------------------
// Narrowing.
//
// Every bit-vector term t of width W gets an upper bound B(t) on its value,
// valid in every assignment that satisfies the obligation's top-level range
// assertions `(bvult v c)`:
//   variable v with such an assertion     c - 1
//   numeral n                             n
//   a + b, a * b                          B(a) + B(b), B(a) * B(b)   (when below 2^W: nothing wraps)
//   a << k, a >> k   (k a numeral)        B(a) * 2^k, B(a) / 2^k
//   a & b                                 min(B(a), B(b))
//   a | b, a ^ b                          every value on as many bits as the larger bound
//   a urem b                              B(a), and below b when b is a non-zero numeral
//   a udiv n         (n a non-zero numeral) B(a) / n
//   ite(c, a, b)                          max(B(a), B(b))
// Any other term, or one whose bound would reach 2^W, is "wide": it is printed
// at its own width W on operands zero-extended back to theirs, exactly as Z3
// built it.
//
// A bounded term is printed on bits(B(t)) bits. In general each operation is
// computed on max(its width, its operands' widths) bits, operands
// zero-extended, and extracted down when that is more than its own width.
// In any assignment that satisfies the range assertions, this gives the same
// value as at width W: the exact result is at most B(t), so nothing wraps at
// the narrower width, and &, |, ^, >>, urem, udiv by a non-zero numeral, ite
// and the unsigned comparisons do not depend on zero high bits.
//
// A few operations are printed as the bit fields they are (struct slice
// below), which cvc5 bit-blasts without building an adder or a shifter:
//   a << k            (concat a 0_k)
//   a >> k            (extract hi k) a
//   a & (2^j - 1)     (extract (j-1) 0) a
//   a + b             (concat (extract hi k) a) b), when b < 2^k and a is a
//                     multiple of 2^k (a << k or such; tracked as the known
//                     trailing zero bits of every term): no carry crosses bit k
// each exact on the values the bounds allow; and an equality of two narrow
// terms is the conjunction of their fields' equalities.
//
// A bound is rounded down to a multiple of 2^zeros, since the value is one
// ((a << 1) & 127 is at most 126, so adding 1 stays on 7 bits).
//
// So both formulas hold in the same assignments (the range assertions are
// kept, and a narrowed variable can hold every value its range allows): the
// same models, the same answer. A term whose bound is 0 is the numeral 0.
struct term_info {
    bool narrow = false;       // printed on `bits` bits instead of its sort's width
    std::uint64_t bound = 0;   // meaningful when narrow
    unsigned bits = 0;         // printed width (bit-vectors)
    unsigned zeros = 0;        // narrow: the value is a multiple of 2^zeros
};

// A narrow term seen as bit fields, most significant first: bits hi..lo of
// another term, or a numeral. (a << 2) + b with b < 4 is [a, b]; (a >> 3) is
// [a's bits w-1..3]. Equalities between two such terms are split field by
// field, so cvc5 sees (= (bvadd y0 1) (bvadd y0 2)), which it rewrites to
// false at once, instead of comparing 37 bits of two sums.
struct slice {
    bool numeral = false;
    std::uint64_t value = 0;  // a numeral's value
    unsigned term = 0;        // otherwise: the term's id
    unsigned hi = 0, lo = 0;  // bits hi..lo (a numeral: hi = width - 1, lo = 0)
    unsigned width() const { return hi - lo + 1; }
};
using fields = std::vector<slice>;

unsigned width_of(fields const& f) {
    unsigned w = 0;
    for (auto const& s : f) w += s.width();
    return w;
}

slice numeral_slice(std::uint64_t v, unsigned width) { return {true, v & all_ones(width), 0, width - 1, 0}; }

// Adjacent numerals become one (up to 64 bits); adjacent bits of one term too.
fields normalized(fields const& f) {
    fields out;
    for (auto const& s : f) {
        if (!out.empty()) {
            slice& last = out.back();
            if (last.numeral && s.numeral && last.width() + s.width() <= 64) {
                last = numeral_slice((last.value << s.width()) | s.value, last.width() + s.width());
                continue;
            }
            if (!last.numeral && !s.numeral && last.term == s.term && last.lo == s.hi + 1) {
                last.lo = s.lo;
                continue;
            }
        }
        out.push_back(s);
    }
    return out;
}

fields zero_extended(fields f, unsigned width) {
    unsigned const have = width_of(f);
    if (have < width) f.insert(f.begin(), numeral_slice(0, width - have));
    return normalized(f);
}

// Bits hi..lo of f.
fields cut(fields const& f, unsigned hi, unsigned lo) {
    fields out;
    unsigned pos = 0;  // bit position of the current slice's low end
    for (auto it = f.rbegin(); it != f.rend(); ++it) {
        unsigned const a = std::max(lo, pos), b = std::min(hi, pos + it->width() - 1);
        if (a <= b) {
            if (it->numeral) out.push_back(numeral_slice(it->value >> (a - pos), b - a + 1));
            else out.push_back({false, 0, it->term, it->lo + (b - pos), it->lo + (a - pos)});
        }
        pos += it->width();
    }
    std::reverse(out.begin(), out.end());
    return normalized(out);
}

fields joined(fields a, fields const& b) {
    a.insert(a.end(), b.begin(), b.end());
    return normalized(a);
}

class printer {
public:
    explicit printer(z3::context& c) : ctx_(c) {}

    // Ranges asserted at the top level narrow their variables.
    void note_range(z3::expr const& a) {
        if (!a.is_app() || a.decl().decl_kind() != Z3_OP_ULT) return;
        z3::expr const v = a.arg(0), c = a.arg(1);
        if (v.decl().decl_kind() != Z3_OP_UNINTERPRETED || v.num_args() != 0) return;
        std::uint64_t n = 0;
        if (!numeral_u64(c, n) || n == 0) return;
        auto [it, fresh] = range_.emplace(v.id(), n - 1);
        if (!fresh) it->second = std::min(it->second, n - 1);
    }

    // First pass: how often each term is used, the free constants in the
    // order they are met, and each term's bound.
    void analyse(z3::expr const& e) {
        unsigned const id = e.id();
        if (uses_[id]++ > 0) return;
        if (!e.is_app()) throw std::runtime_error("SMT-LIB export: quantifiers and variables are not in QF_BV");
        for (unsigned i = 0; i < e.num_args(); ++i) analyse(e.arg(i));
        Z3_decl_kind const k = e.decl().decl_kind();
        if (k == Z3_OP_UNINTERPRETED) {
            if (e.num_args() != 0) throw std::runtime_error("SMT-LIB export: uninterpreted functions are not in QF_BV");
            declare(e);
        }
        info_[id] = bound_of(e);
        if (term_info& t = info_[id]; t.narrow) {
            // A multiple of 2^zeros is at most its bound rounded down to one.
            t.zeros = trailing_zeros(e);
            t.bound = t.zeros >= 64 ? 0 : t.bound & ~all_ones(t.zeros);
            t.bits = bits_of(t.bound);
            fields_[id] = field_view(e);
            exprs_.emplace(id, e);
            for (auto const& f : fields_[id])
                if (!f.numeral && f.term != id) ++uses_[f.term];  // printed where the slice is
        }
        if (is_cardinality(k)) {
            auto& top = top_threshold_[list_key(e)];
            top = std::max(top, threshold_of(e, unsigned(Z3_get_decl_int_parameter(ctx_, e.decl(), 0))));
        }
    }

    // Second pass: every term used more than once becomes a define-fun, in
    // the order its first use needs it.
    std::string text(z3::expr const& e) {
        unsigned const id = e.id();
        if (auto it = names_.find(id); it != names_.end()) return it->second;
        std::string body = inline_text(e);
        if (uses_[id] < 2 || e.num_args() == 0) return body;
        std::string name = define(printed_sort(e), body);
        names_.emplace(id, name);
        return name;
    }

    std::string const& declarations() const { return declarations_; }
    std::string const& definitions() const { return definitions_; }
    std::string const& narrowing_notes() const { return notes_; }

private:
    void declare(z3::expr const& v) {
        std::string const name = v.decl().name().str();
        if (!declared_names_.insert(name).second) throw std::runtime_error("SMT-LIB export: two constants named " + name);
        auto const s = v.get_sort();
        if (!s.is_bool() && !s.is_bv()) throw std::runtime_error("SMT-LIB export: sort " + s.to_string() + " is not in QF_BV");
        declarations_ += "(declare-fun " + symbol(name) + " () " + (s.is_bool() ? "Bool" : bv_sort(narrowed_width(v))) + ")\n";
        if (s.is_bv() && narrowed_width(v) < s.bv_size())
            notes_ += "; " + name + ": " + std::to_string(s.bv_size()) + " bits in the prover, " +
                      std::to_string(narrowed_width(v)) + " here (asserted below " + std::to_string(range_.at(v.id()) + 1) +
                      ")\n";
    }

    unsigned narrowed_width(z3::expr const& v) const {
        auto it = range_.find(v.id());
        return it == range_.end() ? v.get_sort().bv_size() : std::min(v.get_sort().bv_size(), bits_of(it->second));
    }

    term_info const& info(z3::expr const& e) const { return info_.at(e.id()); }

    bool all_args_narrow(z3::expr const& e) const {
        for (unsigned i = 0; i < e.num_args(); ++i)
            if (!info(e.arg(i)).narrow) return false;
        return true;
    }

    // The bound rules listed above.
    term_info bound_of(z3::expr const& e) const {
        term_info out;
        if (!e.get_sort().is_bv()) return out;
        unsigned const w = e.get_sort().bv_size();
        out.bits = w;
        if (w > 64) return out;
        std::uint64_t const full = all_ones(w);
        auto const narrow = [&](std::uint64_t b) {
            term_info t;
            t.narrow = true;
            t.bound = b;
            t.bits = bits_of(b);
            return t;
        };
        Z3_decl_kind const k = e.decl().decl_kind();
        if (k == Z3_OP_BNUM) {
            std::uint64_t v = 0;
            return numeral_u64(e, v) ? narrow(v) : out;
        }
        if (k == Z3_OP_UNINTERPRETED) {
            auto it = range_.find(e.id());
            return it == range_.end() ? out : narrow(it->second);
        }
        std::vector<std::uint64_t> b;
        for (unsigned i = 0; i < e.num_args(); ++i) {
            term_info const& a = info(e.arg(i));
            if (!a.narrow && e.arg(i).get_sort().is_bv()) return out;
            b.push_back(a.bound);
        }
        auto const numeral = [&](unsigned i, std::uint64_t& v) { return numeral_u64(e.arg(i), v); };
        switch (k) {
            case Z3_OP_BADD: {
                std::uint64_t s = 0;
                for (auto x : b) {
                    if (x > full - s) return out;
                    s += x;
                }
                return narrow(s);
            }
            case Z3_OP_BMUL: {
                std::uint64_t p = 1;
                for (auto x : b) {
                    if (x != 0 && p > full / x) return out;
                    p *= x;
                }
                return narrow(p);
            }
            case Z3_OP_BSHL: {
                std::uint64_t s = 0;
                if (!numeral(1, s)) return out;
                if (b[0] == 0) return narrow(0);
                if (s >= w || b[0] > (full >> s)) return out;
                return narrow(b[0] << s);
            }
            case Z3_OP_BLSHR: {
                std::uint64_t s = 0;
                if (!numeral(1, s)) return out;
                return narrow(s >= 64 ? 0 : b[0] >> s);
            }
            case Z3_OP_BAND: return narrow(*std::min_element(b.begin(), b.end()));
            case Z3_OP_BOR:
            case Z3_OP_BXOR: return narrow(all_ones(bits_of(*std::max_element(b.begin(), b.end()))));
            case Z3_OP_BUREM: {
                std::uint64_t d = 0;
                return narrow(numeral(1, d) && d != 0 ? std::min(b[0], d - 1) : b[0]);
            }
            case Z3_OP_BUDIV: {
                std::uint64_t d = 0;  // x udiv 0 is all ones: width-dependent
                if (!numeral(1, d) || d == 0) return out;
                return narrow(b[0] / d);
            }
            case Z3_OP_ITE: return narrow(std::max(b[1], b[2]));
            default: return out;
        }
    }

    // Low bits known to be zero, for the narrow term `e` whose operands are
    // analysed.
    unsigned trailing_zeros(z3::expr const& e) const {
        term_info const& me = info(e);
        if (me.bound == 0) return me.bits;
        auto const z = [&](unsigned i) { return info(e.arg(i)).zeros; };
        std::uint64_t v = 0;
        switch (e.decl().decl_kind()) {
            case Z3_OP_BNUM: return numeral_u64(e, v) ? unsigned(std::countr_zero(v)) : 0;
            case Z3_OP_BSHL: return numeral_u64(e.arg(1), v) ? unsigned(std::min<std::uint64_t>(z(0) + v, me.bits)) : 0;
            case Z3_OP_BLSHR: return numeral_u64(e.arg(1), v) && z(0) > v ? unsigned(z(0) - v) : 0;
            case Z3_OP_BMUL: {
                unsigned t = 0;
                for (unsigned i = 0; i < e.num_args(); ++i) t += z(i);
                return std::min(t, me.bits);
            }
            case Z3_OP_BAND: {
                unsigned t = 0;
                for (unsigned i = 0; i < e.num_args(); ++i) t = std::max(t, z(i));
                return t;
            }
            case Z3_OP_BADD: case Z3_OP_BOR: case Z3_OP_BXOR: {
                unsigned t = me.bits;
                for (unsigned i = 0; i < e.num_args(); ++i) t = std::min(t, z(i));
                return t;
            }
            case Z3_OP_ITE: return std::min(z(1), z(2));
            default: return 0;
        }
    }

    std::string printed_sort(z3::expr const& e) const {
        if (e.get_sort().is_bool()) return "Bool";
        return bv_sort(info(e).bits);
    }

    // `e`'s text on exactly `w` bits (at least its own): zero-extended.
    std::string at_width(z3::expr const& e, unsigned w) {
        unsigned const have = info(e).bits;
        std::uint64_t v = 0;
        if (numeral_u64(e, v) && bits_of(v) <= w) return bv_num(v, w);  // a numeral is simply printed wider
        std::string const t = text(e);
        if (have == w) return t;
        if (have > w) throw std::logic_error("SMT-LIB export: a term is wider than its use");
        return "((_ zero_extend " + std::to_string(w - have) + ") " + t + ")";
    }

    std::string apply(std::string const& head, std::vector<std::string> const& args) {
        std::string out = "(" + head;
        for (auto const& a : args) out += " " + a;
        return out + ")";
    }

    std::string head_of(z3::func_decl const& d) {
        char const* name = standard_name(d.decl_kind());
        if (!name) throw std::runtime_error("SMT-LIB export: operator " + d.name().str() + " is not standard QF_BV");
        std::string head = name;
        if (unsigned const n = Z3_get_decl_num_parameters(ctx_, d); n > 0) {
            head = "(_ " + head;
            for (unsigned i = 0; i < n; ++i) head += " " + std::to_string(Z3_get_decl_int_parameter(ctx_, d, i));
            head += ")";
        }
        return head;
    }

    fields const& fields_of(z3::expr const& e) const { return fields_.at(e.id()); }

    // The bit-field forms listed above, for a narrow term whose operands are
    // analysed; the term itself when none applies.
    fields field_view(z3::expr const& e) const {
        term_info const& me = info(e);
        unsigned const w = me.bits;
        fields const self{{false, 0, e.id(), w - 1, 0}};
        if (me.bound == 0) return {numeral_slice(0, w)};
        std::uint64_t v = 0;
        switch (e.decl().decl_kind()) {
            case Z3_OP_BNUM: return numeral_u64(e, v) ? fields{numeral_slice(v, w)} : self;
            case Z3_OP_BSHL: {  // a * 2^s < 2^w, so a has at most w - s bits
                if (!numeral_u64(e.arg(1), v) || v >= w) return self;
                unsigned const s = unsigned(v);
                fields a = zero_extended(fields_of(e.arg(0)), w - s);
                return s == 0 ? a : joined(a, {numeral_slice(0, s)});
            }
            case Z3_OP_BLSHR: {  // a has w + s bits (B(a) >> s has w)
                if (!numeral_u64(e.arg(1), v)) return self;
                unsigned const s = unsigned(v), wa = info(e.arg(0)).bits;
                if (wa != w + s) return self;
                return cut(fields_of(e.arg(0)), wa - 1, s);
            }
            case Z3_OP_BAND: {  // a & (2^j - 1): the low j bits of a
                if (e.num_args() != 2) return self;
                for (unsigned m = 0; m < 2; ++m) {
                    if (!numeral_u64(e.arg(m), v) || (v & (v + 1)) != 0) continue;
                    z3::expr const a = e.arg(1 - m);
                    unsigned const wa = info(a).bits;
                    return wa <= w ? zero_extended(fields_of(a), w) : cut(fields_of(a), w - 1, 0);
                }
                return self;
            }
            case Z3_OP_BADD: {  // high + low with no carry: low < 2^k, high a multiple of 2^k
                if (e.num_args() != 2) return self;
                for (unsigned h = 0; h < 2; ++h) {
                    z3::expr const high = e.arg(h), low = e.arg(1 - h);
                    unsigned const k = info(low).bits;
                    if (info(high).zeros < k || k >= w || info(high).bits > w) continue;
                    return joined(cut(zero_extended(fields_of(high), w), w - 1, k), fields_of(low));
                }
                return self;
            }
            default: return self;
        }
    }

    static std::string extract(unsigned hi, unsigned lo, std::string const& t) {
        return "((_ extract " + std::to_string(hi) + " " + std::to_string(lo) + ") " + t + ")";
    }

    std::string slice_text(slice const& s) {
        if (s.numeral) return bv_num(s.value, s.width());
        z3::expr const& t = exprs_.at(s.term);
        std::string const body = text(t);
        return s.lo == 0 && s.hi + 1 == info(t).bits ? body : extract(s.hi, s.lo, body);
    }

    std::string fields_text(fields const& f) {
        if (f.size() == 1) return slice_text(f.front());
        std::string out = "(concat";
        for (auto const& s : f) out.append(" ").append(slice_text(s));  // not " " + ...: GCC 12's false -Wrestrict
        return out + ")";
    }

    static bool is_self(fields const& f, z3::expr const& e) {
        return f.size() == 1 && !f.front().numeral && f.front().term == e.id();
    }

    // (= a b) of two narrow terms, field by field: "true", "false", or the
    // conjunction of the fields' equalities.
    std::string fieldwise_equal(z3::expr const& a, z3::expr const& b) {
        unsigned const w = std::max(info(a).bits, info(b).bits);
        fields const fa = zero_extended(fields_of(a), w), fb = zero_extended(fields_of(b), w);
        std::vector<unsigned> cuts{0, w};  // field boundaries of either side
        for (fields const* f : {&fa, &fb}) {
            unsigned pos = 0;
            for (auto it = f->rbegin(); it != f->rend(); ++it) cuts.push_back(pos += it->width());
        }
        std::sort(cuts.begin(), cuts.end());
        cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
        std::vector<std::string> parts;
        for (std::size_t i = cuts.size() - 1; i > 0; --i) {
            fields const sa = cut(fa, cuts[i] - 1, cuts[i - 1]), sb = cut(fb, cuts[i] - 1, cuts[i - 1]);
            if (sa.size() == 1 && sb.size() == 1 && sa[0].numeral && sb[0].numeral) {
                if (sa[0].value != sb[0].value) return "false";
                continue;
            }
            std::string const ta = fields_text(sa), tb = fields_text(sb);
            if (ta != tb) parts.push_back("(= " + ta + " " + tb + ")");
        }
        if (parts.empty()) return "true";
        if (parts.size() == 1) return parts.front();
        std::string out = "(and";
        for (auto const& p : parts) out += " " + p;
        return out + ")";
    }

    std::string inline_text(z3::expr const& e) {
        z3::func_decl const d = e.decl();
        Z3_decl_kind const k = d.decl_kind();
        switch (k) {
            case Z3_OP_TRUE: return "true";
            case Z3_OP_FALSE: return "false";
            case Z3_OP_BNUM: {
                std::uint64_t v = 0;
                if (info(e).narrow && numeral_u64(e, v)) return bv_num(v, info(e).bits);
                return "(_ bv" + std::string(Z3_get_numeral_string(ctx_, e)) + " " + std::to_string(e.get_sort().bv_size()) + ")";
            }
            case Z3_OP_UNINTERPRETED: return symbol(d.name().str());
            default: break;
        }
        unsigned const n = e.num_args();
        if (is_cardinality(k)) {
            std::vector<std::string> args;
            for (unsigned i = 0; i < n; ++i) args.push_back(text(e.arg(i)));
            return cardinality_text(e, args);
        }
        // Z3 builds (and) and (or) with fewer than two arguments; SMT-LIB
        // wants two or more.
        if ((k == Z3_OP_AND || k == Z3_OP_OR) && n < 2)
            return n == 0 ? (k == Z3_OP_AND ? "true" : "false") : text(e.arg(0));

        std::string const head = head_of(d);
        bool const bv_args = n > 0 && e.arg(n - 1).get_sort().is_bv();
        if ((k == Z3_OP_EQ || k == Z3_OP_DISTINCT) && n == 2 && bv_args && all_args_narrow(e)) {
            std::string const eq = fieldwise_equal(e.arg(0), e.arg(1));
            if (k == Z3_OP_EQ) return eq;
            return eq == "true" ? "false" : eq == "false" ? "true" : "(not " + eq + ")";
        }
        // Unsigned predicates on bounded operands: on the widest operand's bits.
        if (e.get_sort().is_bool() && bv_args && is_width_free_predicate(k) &&
            all_args_narrow(e)) {
            unsigned w = 1;
            for (unsigned i = 0; i < n; ++i) w = std::max(w, info(e.arg(i)).bits);
            std::vector<std::string> args;
            for (unsigned i = 0; i < n; ++i) args.push_back(at_width(e.arg(i), w));
            return apply(head, args);
        }
        term_info const& me = info(e);
        if (me.narrow) {
            if (fields const& f = fields_of(e); !is_self(f, e)) return fields_text(f);
            unsigned w = me.bits;
            for (unsigned i = (k == Z3_OP_ITE ? 1 : 0); i < n; ++i) w = std::max(w, info(e.arg(i)).bits);
            std::vector<std::string> args;
            for (unsigned i = 0; i < n; ++i)
                args.push_back(k == Z3_OP_ITE && i == 0 ? text(e.arg(0)) : at_width(e.arg(i), w));
            std::string const out = apply(head, args);
            return w == me.bits ? out : extract(me.bits - 1, 0, out);
        }
        // As Z3 built it: every operand back on its own width.
        std::vector<std::string> args;
        for (unsigned i = 0; i < n; ++i)
            args.push_back(e.arg(i).get_sort().is_bv() ? at_width(e.arg(i), e.arg(i).get_sort().bv_size()) : text(e.arg(i)));
        return apply(head, args);
    }

    // Cardinalities. Several constraints often count the same Booleans
    // (a bank group's members at levels 2, 3, ...), so each list of
    // Booleans is counted once, up to the largest threshold any constraint
    // on it asks for, and each constraint reads its threshold off that count.
    // Two exact encodings, both definitions (no new variables):
    //   unary   u_i_j = "at least j of the first i", built as
    //           u_i_j = u_(i-1)_j or (b_i and u_(i-1)_(j-1));
    //           (at-least k) is u_n_k, (at-most k) is (not u_n_(k+1));
    //   binary  the bit-vector sum (bvadd (ite b1 1 0) ...) compared with k.
    // The unary count propagates as well as a cardinality does in a SAT
    // solver, which cvc5 needs (measured: 10x on a bank-group level query);
    // it costs n * k definitions, so a long count with a high threshold
    // (the column spread's "at most 31 of 32") uses the sum.
    struct count {
        std::vector<std::string> unary;  // unary[j]: at least j (unary[0] = true)
        std::string binary;              // the sum's text
        unsigned width = 0;
    };

    static std::string list_key(z3::expr const& e) {
        std::string key;
        for (unsigned i = 0; i < e.num_args(); ++i) key += std::to_string(e.arg(i).id()) + ",";
        return key;
    }

    static std::size_t threshold_of(z3::expr const& e, unsigned bound) {
        return e.decl().decl_kind() == Z3_OP_PB_AT_LEAST ? bound : std::size_t(bound) + 1;
    }

    // Measured on the catalogue: above 16 x 16 definitions a count is
    // cheaper for cvc5 as a sum.
    static bool use_unary(std::size_t n, std::size_t top) { return n * std::min(n, top) <= 256; }

    std::string define(std::string const& sort, std::string const& body) {
        std::string name;
        do {
            name = std::to_string(++defined_);
            name.insert(name.begin(), 't');  // not "t" + ...: GCC 12 warns on it (-Wrestrict, falsely)
        } while (declared_names_.count(name));
        definitions_.append("(define-fun ").append(name).append(" () ").append(sort).append(" ").append(body).append(")\n");
        return name;
    }

    count& counted(z3::expr const& e, std::vector<std::string> const& args) {
        std::string const key = list_key(e);
        auto it = counts_.find(key);
        if (it != counts_.end()) return it->second;
        count& c = counts_[key];
        std::size_t const n = args.size(), top = std::min(n, top_threshold_.at(key));
        if (use_unary(n, top)) {
            // Column i of the table: at least j of the first i, j = 0 .. min(i, top).
            std::vector<std::string> prev{"true"};
            for (std::size_t i = 1; i <= n; ++i) {
                std::vector<std::string> cur{"true"};
                std::string const& b = args[i - 1];
                for (std::size_t j = 1; j <= std::min(i, top); ++j) {
                    std::string const carry = prev[j - 1] == "true" ? b : "(and " + b + " " + prev[j - 1] + ")";
                    std::string const body = j < prev.size() ? "(or " + prev[j] + " " + carry + ")" : carry;
                    cur.push_back(body.front() == '(' ? define("Bool", body) : body);
                }
                prev = std::move(cur);
            }
            c.unary = std::move(prev);
        } else {
            c.width = std::max(1u, bits_of(std::max<std::size_t>(n, top)));
            std::string sum;
            for (auto const& a : args) sum += " (ite " + a + " " + bv_num(1, c.width) + " " + bv_num(0, c.width) + ")";
            c.binary = n == 0 ? bv_num(0, c.width) : n == 1 ? sum.substr(1) : define(bv_sort(c.width), "(bvadd" + sum + ")");
        }
        return c;
    }

    std::string cardinality_text(z3::expr const& e, std::vector<std::string> const& args) {
        unsigned const bound = unsigned(Z3_get_decl_int_parameter(ctx_, e.decl(), 0));
        std::size_t const need = threshold_of(e, bound);  // "at least need" holds, or for at-most fails
        bool const at_least = e.decl().decl_kind() == Z3_OP_PB_AT_LEAST;
        count const& c = counted(e, args);
        std::string holds;
        if (!c.binary.empty()) {
            if (need > all_ones(c.width)) holds = "false";
            else holds = "(bvuge " + c.binary + " " + bv_num(need, c.width) + ")";
        } else
            holds = need == 0 ? "true" : need >= c.unary.size() ? "false" : c.unary[need];
        if (at_least) return holds;
        return holds == "true" ? "false" : holds == "false" ? "true" : "(not " + holds + ")";
    }

    std::unordered_map<std::string, count> counts_;
    std::unordered_map<std::string, std::size_t> top_threshold_;  // list -> largest threshold asked of it

    z3::context& ctx_;
    std::unordered_map<unsigned, std::uint64_t> range_;  // variable id -> largest value its range allows
    std::unordered_map<unsigned, unsigned> uses_;
    std::unordered_map<unsigned, term_info> info_;
    std::unordered_map<unsigned, fields> fields_;     // narrow terms
    std::unordered_map<unsigned, z3::expr> exprs_;    // narrow terms, for their slices
    std::unordered_map<unsigned, std::string> names_;
    std::unordered_set<std::string> declared_names_;
    std::string declarations_, definitions_, notes_;
    unsigned defined_ = 0;
};

}  // namespace

std::string to_smtlib(prover& p, obligation const& o) {
    std::string const status = o.result == answer::sat ? "sat" : "unsat";
    std::string const role = o.role == obligation_role::proof ? "proof" : o.role == obligation_role::witness ? "witness" : "search";
    printer pr(p.ctx());
    for (unsigned i = 0; i < o.assertions.size(); ++i) pr.note_range(o.assertions[i]);
    for (unsigned i = 0; i < o.assertions.size(); ++i) pr.analyse(o.assertions[i]);
    std::string asserts;
    for (unsigned i = 0; i < o.assertions.size(); ++i) asserts += "(assert " + pr.text(o.assertions[i]) + ")\n";
    return "; swz-verify obligation " + o.name + " (" + role + "): expected " + status + "\n" +
           (pr.narrowing_notes().empty() ? "" : "; values are printed on as few bits as hold them (smtlib_export.hpp):\n") +
           pr.narrowing_notes() + "(set-info :smt-lib-version 2.6)\n(set-logic QF_BV)\n(set-info :status " + status + ")\n" +
           pr.declarations() + pr.definitions() + asserts + "(check-sat)\n(exit)\n";
}

}  // namespace swz::verify
