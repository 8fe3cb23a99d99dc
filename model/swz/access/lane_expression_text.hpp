// The canonical text of a lane expression: one space around each operator,
// decimal constants, and parentheses only where C's precedence and left
// associativity need them. Reading it back gives the same tree, so two
// formulas with the same trees print the same. Host only.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "swz/access/lane_expression.hpp"

namespace swz {

namespace detail {

inline constexpr int atom_precedence = 7;  // above every operator: never wrapped

inline std::string leaf_text(lane_node const& n, std::vector<lane_variable> const& vars) {
    switch (n.what) {
    case lane_node::kind::number: return std::to_string(n.value);
    case lane_node::kind::lane: return "lane";
    default: return vars[n.variable].name;
    }
}

// An operand printed under `op`: the left one is wrapped when it binds less
// tightly, the right one also when it binds equally (a - (b - c)).
inline std::string operand_text(std::string&& text, int operand, int op, bool right) {
    if (operand > op || (!right && operand == op)) return std::move(text);
    return "(" + text + ")";
}

}  // namespace detail

inline std::string expression_text(lane_expression const& e, std::vector<lane_variable> const& vars) {
    std::vector<lane_node> const& nodes = e.nodes();
    std::vector<std::string> text(nodes.size());
    std::vector<int> level(nodes.size(), detail::atom_precedence);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        lane_node const& n = nodes[i];
        if (n.what != lane_node::kind::binary) {
            text[i] = detail::leaf_text(n, vars);
            continue;
        }
        level[i] = precedence(n.op);
        // Each node is the operand of one parent only: its text can move.
        text[i] = detail::operand_text(std::move(text[n.left]), level[n.left], level[i], false);
        text[i] += std::string(" ") + spelling(n.op) + " ";
        text[i] += detail::operand_text(std::move(text[n.right]), level[n.right], level[i], true);
    }
    return text.empty() ? std::string() : std::move(text.back());
}

}  // namespace swz
