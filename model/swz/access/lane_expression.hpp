// One expression of a lane formula (lane_formula.hpp): a tree over the lane
// index, the formula's start variables and constants.
//
// The nodes are stored operands first, the root last, so evaluating and
// printing are loops rather than recursion: `a + b + c + ...` is as deep a
// tree as it is long.
//
// Arithmetic is unsigned 64-bit, exactly std::uint64_t's: `-` wraps (0 - 1
// is 2^64 - 1), `*` and `<<` drop the bits above 63, `/` rounds down. The
// right operand of / % << >> is a constant, non-zero for / and %, below 64
// for the shifts: the symbolic bit-vectors divide and shift by constants
// only. A subtree without lane or variable is folded to its value as it is
// built. Host only.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace swz {

// In C's precedence order, lowest first.
enum class lane_op : unsigned char {
    bit_or, bit_xor, bit_and, shift_left, shift_right, add, subtract, multiply, divide, remainder
};

// C's precedence: a higher level binds tighter.
inline int precedence(lane_op op) {
    switch (op) {
    case lane_op::bit_or: return 1;
    case lane_op::bit_xor: return 2;
    case lane_op::bit_and: return 3;
    case lane_op::shift_left:
    case lane_op::shift_right: return 4;
    case lane_op::add:
    case lane_op::subtract: return 5;
    default: return 6;  // * / %
    }
}

inline char const* spelling(lane_op op) {
    switch (op) {
    case lane_op::bit_or: return "|";
    case lane_op::bit_xor: return "^";
    case lane_op::bit_and: return "&";
    case lane_op::shift_left: return "<<";
    case lane_op::shift_right: return ">>";
    case lane_op::add: return "+";
    case lane_op::subtract: return "-";
    case lane_op::multiply: return "*";
    case lane_op::divide: return "/";
    default: return "%";
    }
}

inline bool needs_constant_right(lane_op op) {
    return op == lane_op::divide || op == lane_op::remainder || op == lane_op::shift_left ||
           op == lane_op::shift_right;
}

// `a op c` for any operator, the constant on the right: the one form every
// value type V supports (std::uint64_t, and symbolic bit-vectors).
template <class V>
V apply_constant(lane_op op, V const& a, std::uint64_t c) {
    switch (op) {
    case lane_op::bit_or: return a | c;
    case lane_op::bit_xor: return a ^ c;
    case lane_op::bit_and: return a & c;
    case lane_op::shift_left: return a << c;
    case lane_op::shift_right: return a >> c;
    case lane_op::add: return a + c;
    case lane_op::subtract: return a - c;
    case lane_op::multiply: return a * c;
    case lane_op::divide: return a / c;
    default: return a % c;
    }
}

// `a op b` for the operators whose right side may vary.
template <class V>
V apply_values(lane_op op, V const& a, V const& b) {
    switch (op) {
    case lane_op::bit_or: return a | b;
    case lane_op::bit_xor: return a ^ b;
    case lane_op::bit_and: return a & b;
    case lane_op::add: return a + b;
    case lane_op::subtract: return a - b;
    case lane_op::multiply: return a * b;
    default: break;
    }
    assert(false && "/ % << >> take a constant right side");
    return a;
}

// Why a right operand cannot follow an operator, if it cannot.
enum class right_operand_rule { allowed, not_constant, zero_divisor, shift_too_large };

// A start variable of a formula, `name < count`: it takes 0 .. count-1.
struct lane_variable {
    std::string name;
    std::uint64_t count = 1;
};

struct lane_node {
    enum class kind : unsigned char { number, lane, variable, binary };
    kind what = kind::number;
    lane_op op = lane_op::add;          // binary
    std::size_t left = 0, right = 0;    // binary: the operands' indices, below this node's
    std::size_t variable = 0;           // variable: its index in the formula's declarations
    bool constant = true;               // no lane or variable below: `value` is the node's value
    std::uint64_t value = 0;
};

// Built operands first, as the parser (lane_expression_parser.hpp) reads
// them; an expression has at least one node, the last one its root.
class lane_expression {
public:
    std::vector<lane_node> const& nodes() const { return nodes_; }
    lane_node const& root() const { return nodes_.back(); }

    std::size_t add_number(std::uint64_t v) { return add(lane_node{}, v); }
    std::size_t add_lane() { return add(leaf(lane_node::kind::lane), 0); }
    std::size_t add_variable(std::size_t index) {
        lane_node n = leaf(lane_node::kind::variable);
        n.variable = index;
        return add(n, 0);
    }
    // Names are resolved once the declarations, after the expressions, are read.
    void set_variable(std::size_t node, std::size_t index) { nodes_[node].variable = index; }

    right_operand_rule check_right(lane_op op, std::size_t right) const {
        if (!needs_constant_right(op)) return right_operand_rule::allowed;
        lane_node const& r = nodes_[right];
        if (!r.constant) return right_operand_rule::not_constant;
        bool const divides = op == lane_op::divide || op == lane_op::remainder;
        if (divides && r.value == 0) return right_operand_rule::zero_divisor;
        if (!divides && r.value >= 64) return right_operand_rule::shift_too_large;
        return right_operand_rule::allowed;
    }

    // Precondition: check_right(op, right) is allowed.
    std::size_t add_binary(lane_op op, std::size_t left, std::size_t right) {
        assert(check_right(op, right) == right_operand_rule::allowed);
        lane_node n;
        n.what = lane_node::kind::binary;
        n.op = op;
        n.left = left;
        n.right = right;
        n.constant = nodes_[left].constant && nodes_[right].constant;
        std::uint64_t const v = n.constant ? apply_constant(op, nodes_[left].value, nodes_[right].value) : 0;
        return add(n, v);
    }

private:
    static lane_node leaf(lane_node::kind k) {
        lane_node n;
        n.what = k;
        n.constant = false;
        return n;
    }
    std::size_t add(lane_node n, std::uint64_t value) {
        n.value = value;
        nodes_.push_back(n);
        return nodes_.size() - 1;
    }

    std::vector<lane_node> nodes_;
};

namespace detail {

// The constant c as a value of V, built from one V: V has no constructor
// from an integer (a symbolic one needs its context).
template <class V>
V constant_like(V const& any, std::uint64_t c) {
    return (any & std::uint64_t(0)) + c;
}

template <class V>
V evaluate_binary(lane_node const& n, lane_node const& l, lane_node const& r, V const* left, V const* right) {
    if (r.constant) return apply_constant(n.op, *left, r.value);
    if (!l.constant) return apply_values(n.op, *left, *right);
    if (n.op == lane_op::subtract) return constant_like(*right, l.value) - *right;
    return apply_constant(n.op, *right, l.value);  // + * ^ & | commute
}

// Integers: each non-constant node's value at its own index of `values`,
// which holds one per node. No allocation: the enumeration of a user's
// access evaluates its formula several times a lane and a start.
template <class V>
V evaluate_in_place(std::vector<lane_node> const& nodes, V const& lane, std::vector<V> const& vars, V* values) {
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        lane_node const& n = nodes[i];
        if (n.constant) continue;
        if (n.what == lane_node::kind::lane) values[i] = lane;
        else if (n.what == lane_node::kind::variable) values[i] = vars[n.variable];
        else values[i] = evaluate_binary(n, nodes[n.left], nodes[n.right], &values[n.left], &values[n.right]);
    }
    return values[nodes.size() - 1];
}

}  // namespace detail

// The expression's value at one lane and one start: `vars` in the
// formula's declaration order. Only the non-constant nodes get a value of V.
template <class V>
V evaluate(lane_expression const& e, V const& lane, std::vector<V> const& vars) {
    std::vector<lane_node> const& nodes = e.nodes();
    if (e.root().constant) return detail::constant_like(lane, e.root().value);
    if constexpr (std::is_integral_v<V>) {
        constexpr std::size_t on_stack = 64;  // nodes: longer than any formula written by hand
        if (nodes.size() <= on_stack) {
            std::array<V, on_stack> values;
            return detail::evaluate_in_place(nodes, lane, vars, values.data());
        }
    }
    std::vector<V> values;
    std::vector<std::size_t> slot(nodes.size(), 0);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        lane_node const& n = nodes[i];
        if (n.constant) continue;
        slot[i] = values.size();
        if (n.what == lane_node::kind::lane) values.push_back(lane);
        else if (n.what == lane_node::kind::variable) values.push_back(vars[n.variable]);
        else {
            lane_node const& l = nodes[n.left];
            lane_node const& r = nodes[n.right];
            V const* left = l.constant ? nullptr : &values[slot[n.left]];
            V const* right = r.constant ? nullptr : &values[slot[n.right]];
            V v = detail::evaluate_binary(n, l, r, left, right);
            values.push_back(std::move(v));
        }
    }
    return values.back();
}

}  // namespace swz
