// Reads one EXPR of a lane formula (the grammar is in lane_formula.hpp).
//
// Operators between operands are reduced by precedence with explicit stacks,
// so the parser recurses only into parentheses, and refuses nesting deeper
// than lane_formula_max_nesting: its depth in C++ frames stays near twice
// that. Names other than `lane` become variable nodes whose declarations
// are not read yet: they are returned as uses, for the formula parser to
// resolve. Host only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "swz/access/lane_cursor.hpp"
#include "swz/access/lane_expression.hpp"

namespace swz {

inline constexpr std::size_t lane_formula_max_nesting = 100;

// A name used in an expression, to be matched with a declaration.
struct lane_name_use {
    std::size_t node;    // the variable node in the expression
    std::string name;
    std::size_t column;
};

// Words with a meaning of their own: never a variable's name.
inline bool is_lane_keyword(std::string const& word) {
    return word == "lane" || word == "cell" || word == "byte" || word == "for";
}

class lane_expression_parser {
public:
    explicit lane_expression_parser(lane_cursor& in) : in_(in) {}

    // One expression from the cursor's token on; stops at the first token
    // that cannot continue it. Check the cursor for an error.
    lane_expression parse(std::vector<lane_name_use>& uses) {
        lane_expression e;
        out_ = &e;
        uses_ = &uses;
        parse_expression(0);
        return e;
    }

private:
    struct operand {
        std::size_t node = 0;
        std::size_t column = 0;  // of its first character
    };
    struct pending {
        lane_op op;
        std::size_t column;
    };

    operand parse_expression(std::size_t depth) {
        std::vector<operand> values{parse_operand(depth)};
        std::vector<pending> ops;
        while (!in_.failed() && in_.at(lane_token_kind::op)) {
            pending const next{in_.token().op, in_.column()};
            in_.advance();
            // Left associativity: an equal level on the stack goes first.
            while (!in_.failed() && !ops.empty() && precedence(ops.back().op) >= precedence(next.op))
                reduce(values, ops);
            if (in_.failed()) break;
            ops.push_back(next);
            values.push_back(parse_operand(depth));
        }
        while (!in_.failed() && !ops.empty()) reduce(values, ops);
        return in_.failed() ? operand{} : values.back();
    }

    void reduce(std::vector<operand>& values, std::vector<pending>& ops) {
        operand const right = values.back();
        values.pop_back();
        operand const left = values.back();
        values.pop_back();
        lane_op const op = ops.back().op;
        ops.pop_back();
        right_operand_rule const rule = out_->check_right(op, right.node);
        if (rule != right_operand_rule::allowed) {
            in_.fail(right.column, right_side_problem(op, rule, out_->nodes()[right.node].value));
            return;
        }
        values.push_back({out_->add_binary(op, left.node, right.node), left.column});
    }

    static std::string right_side_problem(lane_op op, right_operand_rule rule, std::uint64_t value) {
        std::string const side = std::string("the right side of '") + spelling(op) + "'";
        if (rule == right_operand_rule::not_constant) return side + " must be a constant (no lane, no variable)";
        if (rule == right_operand_rule::zero_divisor) return "division by zero: " + side + " is 0";
        return side + " must be below 64, found " + std::to_string(value);
    }

    operand parse_operand(std::size_t depth) {
        operand here{0, in_.column()};
        if (in_.at(lane_token_kind::number)) {
            here.node = out_->add_number(in_.token().value);
        } else if (in_.at_name("lane")) {
            here.node = out_->add_lane();
        } else if (in_.at(lane_token_kind::name) && !is_lane_keyword(in_.spelled())) {
            here.node = out_->add_variable(0);
            uses_->push_back({here.node, in_.spelled(), here.column});
        } else if (in_.at(lane_token_kind::open)) {
            return parse_parenthesized(depth);
        } else {
            bool const unary = in_.at(lane_token_kind::op) &&
                               (in_.token().op == lane_op::subtract || in_.token().op == lane_op::add);
            in_.fail_expected("a value (lane, a variable, a number or '(')",
                              unary ? " (there are no unary operators)" : "");
            return here;
        }
        in_.advance();
        return here;
    }

    operand parse_parenthesized(std::size_t depth) {
        std::size_t const open = in_.column();
        if (depth == lane_formula_max_nesting) {
            in_.fail(open, "parentheses nested deeper than " + std::to_string(lane_formula_max_nesting) + " levels");
            return {};
        }
        in_.advance();
        operand inner = parse_expression(depth + 1);
        if (in_.failed()) return {};
        if (!in_.at(lane_token_kind::close)) {
            in_.fail_expected("')' to close the '(' at column " + std::to_string(open));
            return {};
        }
        in_.advance();
        inner.column = open;
        return inner;
    }

    lane_cursor& in_;
    lane_expression* out_ = nullptr;
    std::vector<lane_name_use>* uses_ = nullptr;
};

}  // namespace swz
