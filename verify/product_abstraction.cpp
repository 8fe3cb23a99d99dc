#include "product_abstraction.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <numeric>
#include <string>
#include <unordered_set>

#include "swz/pow2.hpp"

namespace swz::verify {

namespace {

bool is_variable(z3::expr const& e) {
    return e.is_app() && e.num_args() == 0 && !e.is_numeral() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED;
}

// Each variable's largest value, from the assertions v < n (the range
// constraints), by the variable's id.
void collect_maxima(z3::expr const& e, std::map<unsigned, std::uint64_t>& max) {
    if (!e.is_app()) return;
    if (e.decl().decl_kind() == Z3_OP_AND)
        for (unsigned i = 0; i < e.num_args(); ++i) collect_maxima(e.arg(i), max);
    std::uint64_t n = 0;
    if (e.decl().decl_kind() == Z3_OP_ULT && is_variable(e.arg(0)) && e.arg(1).is_numeral_u64(n) && n > 0) {
        auto const [it, fresh] = max.try_emplace(e.arg(0).id(), n - 1);
        if (!fresh) it->second = std::min(it->second, n - 1);
    }
}

struct product {
    z3::expr term, variable;
    std::uint64_t constant;
};

// Every product of a variable by a numeral, each term once, and the
// variables met outside such products (`bare`: abstracting those would cut
// their products loose from them, and the abstraction would fail).
void collect_products(z3::expr const& e, std::unordered_set<unsigned>& seen, std::vector<product>& out,
                      std::unordered_set<unsigned>& bare) {
    if (!e.is_app() || !seen.insert(e.id()).second) return;
    if (is_variable(e)) return void(bare.insert(e.id()));
    std::uint64_t c = 0;
    if (e.decl().decl_kind() == Z3_OP_BMUL && e.num_args() == 2) {
        if (is_variable(e.arg(0)) && e.arg(1).is_numeral_u64(c)) return out.push_back({e, e.arg(0), c});
        if (is_variable(e.arg(1)) && e.arg(0).is_numeral_u64(c)) return out.push_back({e, e.arg(1), c});
    }
    for (unsigned i = 0; i < e.num_args(); ++i) collect_products(e.arg(i), seen, out, bare);
}

constexpr int few_bits = 2;

// Sums and products only (and the comparisons of them): an identity Z3's
// simplifier settles as written by collecting monomials, which q_v's
// shifts would hide from it ((y_period * P + y_in_period) * C against
// y_period * P * C + y_in_period * C on rows of 154608 bytes: 0.1 ms as
// written, 65 ms abstracted).
bool polynomial(z3::expr const& e, std::unordered_set<unsigned>& seen) {
    if (!e.is_app() || !seen.insert(e.id()).second) return true;
    switch (e.decl().decl_kind()) {
        case Z3_OP_BADD: case Z3_OP_BMUL: case Z3_OP_BSUB: case Z3_OP_BNEG: case Z3_OP_EQ: case Z3_OP_DISTINCT:
        case Z3_OP_NOT: case Z3_OP_AND: case Z3_OP_OR: case Z3_OP_BNUM: case Z3_OP_TRUE: case Z3_OP_FALSE: break;
        case Z3_OP_UNINTERPRETED: if (e.num_args() == 0) break; return false;
        default: return false;
    }
    for (unsigned i = 0; i < e.num_args(); ++i)
        if (!polynomial(e.arg(i), seen)) return false;
    return true;
}

}  // namespace

std::optional<std::vector<z3::expr>> abstract_products(std::vector<z3::expr> const& formula,
                                                      std::vector<z3::expr> const& ranges) {
    if (formula.empty()) return std::nullopt;
    std::unordered_set<unsigned> visited;
    if (std::all_of(formula.begin(), formula.end(), [&](z3::expr const& f) { return polynomial(f, visited); }))
        return std::nullopt;
    z3::context& ctx = formula.front().ctx();
    std::map<unsigned, std::uint64_t> max;
    std::vector<product> products;
    std::unordered_set<unsigned> seen, bare;
    for (auto const& a : ranges) collect_maxima(a, max);
    for (auto const& a : formula) collect_products(a, seen, products, bare);
    // Of each bounded variable, the odd part of the gcd of its constants
    // (nonzero ones), and whether one is not a power of two.
    struct group {
        std::uint64_t g = 0;
        bool odd_constant = false;
        std::uint64_t odd() const { return g >> std::countr_zero(g); }
        // A product by a constant of two 1 bits is two adders, which the
        // solver relates quickly as they are (16 bytes of pad on 65536-byte
        // rows, 4097 = 2^12 + 1: 32 ms a lowering, 74 ms abstracted); from
        // three on (4 bytes on 2054: 1029 = 0x405, 196 ms, 41 abstracted;
        // 200016 bytes, 12501 = 0x30d5: 1.5 s, 62 ms) the abstraction wins:
        // on 40 random CuTe tiles of 3-9 bits it took 25-73 ms against 47-612.
        bool worth_it() const { return odd_constant && std::popcount(odd()) > few_bits; }
    };
    std::map<unsigned, group> groups;
    for (auto const& p : products) {
        if (p.constant == 0 || !max.count(p.variable.id()) || bare.count(p.variable.id())) continue;
        group& gr = groups[p.variable.id()];
        gr.g = std::gcd(gr.g, p.constant);
        gr.odd_constant |= !is_pow2(p.constant);
    }
    bool any = false;
    for (auto const& [id, gr] : groups) any |= gr.worth_it();
    if (!any) return std::nullopt;
    z3::expr_vector from(ctx), to(ctx);
    std::vector<z3::expr> bounds;
    std::map<unsigned, z3::expr> scaled;  // q_v = v * odd, by the variable's id
    for (auto const& p : products) {
        auto const it = groups.find(p.variable.id());
        if (it == groups.end() || !it->second.worth_it()) continue;
        std::uint64_t const odd = it->second.odd();
        unsigned const width = p.variable.get_sort().bv_size();
        auto q = scaled.find(p.variable.id());
        if (q == scaled.end()) {
            // As many bits as its largest value has: the bits above are
            // zeros to the solver, not a comparator.
            std::string const name = p.variable.decl().name().str() + "_times_" + std::to_string(odd);
            unsigned __int128 const most = (unsigned __int128)max.at(p.variable.id()) * odd;
            bool const fits = most >> width == 0;
            z3::expr v = ctx.bv_const(name.c_str(), fits ? std::max(1u, unsigned(std::bit_width(std::uint64_t(most)))) : width);
            if (fits) bounds.push_back(z3::ule(v, ctx.bv_val(std::uint64_t(most), v.get_sort().bv_size())));
            q = scaled.emplace(p.variable.id(), v).first;
        }
        // v * c = (q_v << zeros) * rest, c = odd * 2^zeros * rest: the shift
        // as wiring (q_v's bits above zeros, the low ones 0), so that the
        // products of one variable by constants 2^k apart stay visibly so.
        std::uint64_t const part = p.constant / odd;
        unsigned const zeros = unsigned(std::countr_zero(part));
        std::uint64_t const rest = part >> zeros;
        z3::expr shifted = q->second;
        unsigned const bits = shifted.get_sort().bv_size();
        if (zeros >= width) shifted = ctx.bv_val(0, width);
        else {
            if (bits + zeros > width) shifted = shifted.extract(width - zeros - 1, 0);
            if (zeros > 0) shifted = z3::concat(shifted, ctx.bv_val(0, zeros));
            if (shifted.get_sort().bv_size() < width) shifted = z3::zext(shifted, width - shifted.get_sort().bv_size());
        }
        from.push_back(p.term);
        to.push_back(rest == 1 ? shifted : shifted * ctx.bv_val(rest, width));
    }
    std::vector<z3::expr> out;
    for (auto a : formula) out.push_back(a.substitute(from, to));
    out.insert(out.end(), ranges.begin(), ranges.end());
    out.insert(out.end(), bounds.begin(), bounds.end());
    return out;
}

}  // namespace swz::verify
