#include "formula_wraps.hpp"

#include <numeric>

namespace swz::verify {
namespace {

// The span a constant right side wraps its left operand at, if it does.
std::uint64_t wrap_of(lane_op op, std::uint64_t c) {
    switch (op) {
    case lane_op::divide:
    case lane_op::remainder: return c;
    case lane_op::shift_right: return std::uint64_t{1} << c;
    case lane_op::bit_and: {  // the mask's span: a power of two above it
        if (c >> 62) return 0;
        std::uint64_t span = 1;
        while (span <= c) span <<= 1;
        return span;
    }
    default: return 0;
    }
}

// Per node of e: whether its subtree holds the variable (the nodes come
// operands first).
std::vector<bool> holders(std::vector<lane_node> const& nodes, std::size_t variable) {
    std::vector<bool> holds(nodes.size(), false);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        lane_node const& n = nodes[i];
        if (n.what == lane_node::kind::variable) holds[i] = n.variable == variable;
        if (n.what == lane_node::kind::binary) holds[i] = holds[n.left] || holds[n.right];
    }
    return holds;
}

// The wrap binary node n applies to an operand holding the variable: its
// span (0 where none) and that operand. A constant side may stand left of
// a commuting & (mask & r).
struct node_wrap {
    std::uint64_t span;
    std::size_t operand;
};
node_wrap wrap_at(std::vector<lane_node> const& nodes, lane_node const& n, std::vector<bool> const& holds) {
    if (nodes[n.right].constant && holds[n.left]) return {wrap_of(n.op, nodes[n.right].value), n.left};
    if (nodes[n.left].constant && holds[n.right] && n.op == lane_op::bit_and) return {wrap_of(n.op, nodes[n.left].value), n.right};
    return {0, n.left};
}

void add_wraps(lane_expression const& e, std::size_t variable, std::vector<std::uint64_t>& out) {
    auto const& nodes = e.nodes();
    std::vector<bool> const holds = holders(nodes, variable);
    for (auto const& n : nodes)
        if (n.what == lane_node::kind::binary)
            if (std::uint64_t const span = wrap_at(nodes, n, holds).span; span > 1) out.push_back(span);
}

// What `v / d` or `v >> c` reads v in steps of, for the node reading leaf
// `leaf` (0: any other use of it).
std::uint64_t step_of(std::vector<lane_node> const& nodes, std::size_t leaf) {
    for (auto const& n : nodes) {
        if (n.what != lane_node::kind::binary || (n.left != leaf && n.right != leaf)) continue;
        if (n.left != leaf || !nodes[n.right].constant) return 0;
        if (n.op == lane_op::divide) return nodes[n.right].value;
        if (n.op == lane_op::shift_right) return std::uint64_t{1} << nodes[n.right].value;
        return 0;
    }
    return 0;  // the whole expression: read as it is
}

// Least common multiples and products of periods, 0 standing for one past
// 2^64 (and absorbing).
std::uint64_t saturated_lcm(std::uint64_t a, std::uint64_t b) {
    if (a == 0 || b == 0) return 0;
    std::uint64_t const step = b / std::gcd(a, b);
    return step <= ~std::uint64_t(0) / a ? a * step : 0;
}
std::uint64_t saturated_product(std::uint64_t a, std::uint64_t b) {
    if (a == 0 || b == 0) return 0;
    return b <= ~std::uint64_t(0) / a ? a * b : 0;
}

// The period expression e wraps variable v at: each node's, bottom up (the
// nodes come operands first), a wrap multiplying its operand's.
std::uint64_t wrap_period(lane_expression const& e, std::size_t variable) {
    auto const& nodes = e.nodes();
    std::vector<bool> const holds = holders(nodes, variable);
    std::vector<std::uint64_t> period(nodes.size(), 1);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        lane_node const& n = nodes[i];
        if (n.what != lane_node::kind::binary || !holds[i]) continue;
        node_wrap const w = wrap_at(nodes, n, holds);
        period[i] = w.span > 1 ? saturated_product(period[w.operand], w.span) : saturated_lcm(period[n.left], period[n.right]);
    }
    return period.back();
}

}  // namespace

std::vector<std::uint64_t> formula_steps(lane_formula const& f) {
    std::vector<std::uint64_t> out;
    for (std::size_t v = 0; v < f.variables.size(); ++v) {
        std::uint64_t step = 0;  // none seen yet
        bool same = true;
        for (auto const& e : f.expressions) {
            auto const& nodes = e.nodes();
            for (std::size_t i = 0; i < nodes.size() && same; ++i) {
                if (nodes[i].what != lane_node::kind::variable || nodes[i].variable != v) continue;
                std::uint64_t const d = step_of(nodes, i);
                same = d != 0 && (step == 0 || step == d);
                step = d;
            }
        }
        out.push_back(same && step > 1 ? step : 1);
    }
    return out;
}

std::uint64_t wrap_split(std::uint64_t period, std::uint64_t count) {
    bool const pow2 = (period & (period - 1)) == 0;
    return period > 1 && !pow2 && period <= count / 2 ? period : 0;
}

std::vector<std::uint64_t> formula_wrap_periods(lane_formula const& f) {
    std::vector<std::uint64_t> out;
    for (std::size_t v = 0; v < f.variables.size(); ++v) {
        std::uint64_t period = 1;
        for (auto const& e : f.expressions) period = saturated_lcm(period, wrap_period(e, v));
        out.push_back(period);
    }
    return out;
}

std::vector<std::vector<std::uint64_t>> formula_wraps(lane_formula const& f) {
    std::vector<std::vector<std::uint64_t>> out(f.variables.size());
    for (std::size_t v = 0; v < f.variables.size(); ++v)
        for (auto const& e : f.expressions) add_wraps(e, v, out[v]);
    return out;
}

}  // namespace swz::verify
