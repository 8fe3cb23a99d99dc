// A warp-wide shared-memory access as the user writes it: where each lane of
// the warp reads or writes, for every start of the access.
//
//   ld.8:cell(y0 + lane % 16, (lane / 16) * 8 + 2 * c) for y0 < 64, c < 4
//   ldmatrix.x4:cell(y0 + lane % 16, 8 * (lane / 16)) for y0 < 48
//   st.16:byte(lane * 16 + s * 512) for s < 16
//
// The instruction kind before the spec's first ':' is read elsewhere; this
// header reads the formula after it:
//
//   FORMULA := TARGET [ 'for' DECL {',' DECL} ]
//   TARGET  := 'cell' '(' EXPR ',' EXPR ')'  |  'byte' '(' EXPR ')'
//   DECL    := NAME '<' NUMBER                            (NUMBER >= 1)
//   EXPR    := EXPR OP EXPR  |  '(' EXPR ')'  |  'lane'  |  NAME  |  NUMBER
//   OP      := '|' | '^' | '&' | '<<' | '>>' | '+' | '-' | '*' | '/' | '%'
//   NAME    := [A-Za-z_][A-Za-z0-9_]*, but not lane, cell, byte or for
//   NUMBER  := decimal digits without a leading 0  |  '0x' hex digits,
//              at most 2^48
//
// - cell(ROW, COLUMN) is a cell of the tile, its column in elements;
//   byte(OFFSET) is a byte offset from the tile's base.
// - `lane` is the lane index, 0 .. 31. Each DECL `NAME < N` is a start
//   variable taking 0 .. N-1; the formula describes the access at every
//   combination of their values.
// - OP has C's precedence, lowest to highest: |, ^, &, << >>, + -, * / %;
//   every level is left-associative. There are no unary operators.
//   Whitespace may stand between any two tokens.
// - The right side of / % << >> must be a constant expression (no lane, no
//   NAME), non-zero for / and %, below 64 for the shifts: checked as the
//   formula is read.
// - Arithmetic is unsigned 64-bit: `-` wraps modulo 2^64 (0 - 1 is
//   2^64 - 1), `*` and `<<` drop the bits above 63, `/` rounds down.
// - Every NAME used must be declared, and every one declared must be used
//   (an unused one would make "every start" count starts that are all the
//   same access); none is declared twice.
// - Parentheses nest at most lane_formula_max_nesting (100) deep.
//
// Host only.
#pragma once

#include <cassert>
#include <cstddef>
#include <new>
#include <string>
#include <variant>
#include <vector>

#include "swz/access/lane_cursor.hpp"
#include "swz/access/lane_expression.hpp"
#include "swz/access/lane_expression_parser.hpp"
#include "swz/access/lane_expression_text.hpp"
#include "swz/access/lane_formula_error.hpp"

namespace swz {

enum class lane_target { cell, byte };

template <class V>
struct lane_cell {
    V row;
    V column;  // in elements
};

struct lane_formula {
    lane_target target = lane_target::byte;
    std::vector<lane_expression> expressions;  // cell: row, column; byte: the offset
    std::vector<lane_variable> variables;      // in declaration order: the order of `vars` below

    lane_expression const& row() const { return expressions[0]; }
    lane_expression const& column() const { return expressions[1]; }
    lane_expression const& offset() const { return expressions[0]; }

    // Canonical: parse_lane_formula(text()) has the same trees and the same text.
    std::string text() const {
        std::string s = target == lane_target::cell ? "cell(" : "byte(";
        for (std::size_t i = 0; i < expressions.size(); ++i)
            s += (i ? ", " : "") + expression_text(expressions[i], variables);
        s += ")";
        for (std::size_t i = 0; i < variables.size(); ++i)
            s += (i ? ", " : " for ") + variables[i].name + " < " + std::to_string(variables[i].count);
        return s;
    }

    // The cell lane `lane` accesses at the start `vars`; a cell formula's only.
    // `vars` may hold more values than the formula declares, unread (the
    // prover ranges over one start, `once`, where the formula has none).
    template <class V>
    lane_cell<V> cell_of(V const& lane, std::vector<V> const& vars) const {
        assert(target == lane_target::cell && vars.size() >= variables.size());
        return lane_cell<V>{evaluate(row(), lane, vars), evaluate(column(), lane, vars)};
    }

    // The byte offset lane `lane` accesses at the start `vars`; a byte formula's only.
    template <class V>
    V byte_of(V const& lane, std::vector<V> const& vars) const {
        assert(target == lane_target::byte && vars.size() >= variables.size());
        return evaluate(offset(), lane, vars);
    }
};

namespace detail {

// TARGET, then the declarations, then the names: each step in text order,
// stopping at the first error the cursor records.
class lane_formula_parser {
public:
    explicit lane_formula_parser(lane_cursor& in) : in_(in) {}

    lane_formula parse() {
        if (in_.at(lane_token_kind::end))
            in_.fail(in_.column(), "the formula is empty: expected cell(ROW, COLUMN) or byte(OFFSET)");
        if (!in_.failed()) parse_target();
        if (!in_.failed()) parse_declarations();
        if (!in_.failed()) resolve_names();
        if (!in_.failed()) check_all_used();
        return std::move(f_);
    }

private:
    void parse_target() {
        bool const cell = in_.at_name("cell");
        if (!cell && !in_.at_name("byte")) return in_.fail_expected("'cell' or 'byte'");
        f_.target = cell ? lane_target::cell : lane_target::byte;
        std::string const word = in_.spelled();
        in_.advance();
        expect(lane_token_kind::open, "'(' after '" + word + "'");
        if (cell) {
            parse_expression();
            expect(lane_token_kind::comma, "',' after the row expression");
            parse_expression();
            expect(lane_token_kind::close, "')' after the column expression");
        } else {
            parse_expression();
            expect(lane_token_kind::close, "')' after the offset expression");
        }
    }

    void expect(lane_token_kind kind, std::string const& what) {
        if (in_.failed()) return;
        if (!in_.at(kind)) return in_.fail_expected(what);
        in_.advance();
    }

    void parse_expression() {
        if (in_.failed()) return;
        uses_.emplace_back();
        f_.expressions.push_back(lane_expression_parser(in_).parse(uses_.back()));
    }

    void parse_declarations() {
        if (in_.at(lane_token_kind::end)) return;
        if (!in_.at_name("for")) return in_.fail_expected("'for' or the end of the formula after the target");
        std::string after = "'for'";
        do {
            in_.advance();
            parse_declaration(after);
            if (!in_.failed()) after = "','";
        } while (!in_.failed() && in_.at(lane_token_kind::comma));
        if (!in_.failed() && !in_.at(lane_token_kind::end)) {
            lane_variable const& v = f_.variables.back();
            in_.fail_expected("',' or the end of the formula after '" + v.name + " < " + std::to_string(v.count) + "'");
        }
    }

    void parse_declaration(std::string const& after) {
        if (!in_.at(lane_token_kind::name)) return in_.fail_expected("a variable name after " + after);
        std::string const name = in_.spelled();
        std::size_t const column = in_.column();
        if (std::string const why = bad_name(name); !why.empty()) return in_.fail(column, why);
        in_.advance();
        expect(lane_token_kind::less, "'<' after '" + name + "'");
        if (in_.failed()) return;
        if (!in_.at(lane_token_kind::number)) return in_.fail_expected("the number of values of '" + name + "' after '<'");
        if (in_.token().value == 0)
            return in_.fail(in_.column(), "'" + name + " < 0' gives '" + name + "' no value: the count must be at least 1");
        f_.variables.push_back({name, in_.token().value});
        declared_at_.push_back(column);
        in_.advance();
    }

    std::string bad_name(std::string const& name) const {
        if (name == "lane") return "'lane' is the lane index (0 .. 31), not a variable to declare";
        if (is_lane_keyword(name)) return "'" + name + "' is a keyword, not a variable name";
        for (std::size_t i = 0; i < f_.variables.size(); ++i)
            if (f_.variables[i].name == name)
                return "'" + name + "' is declared twice (first at column " + std::to_string(declared_at_[i]) + ")";
        return "";
    }

    void resolve_names() {
        used_.assign(f_.variables.size(), false);
        for (std::size_t e = 0; e < uses_.size() && !in_.failed(); ++e)
            for (lane_name_use const& use : uses_[e]) {
                std::size_t const index = declaration_of(use.name);
                if (index == f_.variables.size())
                    return in_.fail(use.column, "unknown variable '" + use.name + "' (declare it: for " + use.name + " < N)");
                f_.expressions[e].set_variable(use.node, index);
                used_[index] = true;
            }
    }

    std::size_t declaration_of(std::string const& name) const {
        std::size_t i = 0;
        while (i < f_.variables.size() && f_.variables[i].name != name) ++i;
        return i;
    }

    void check_all_used() {
        for (std::size_t i = 0; i < f_.variables.size(); ++i)
            if (!used_[i])
                return in_.fail(declared_at_[i], "'" + f_.variables[i].name + "' is declared but not used in the formula");
    }

    lane_cursor& in_;
    lane_formula f_;
    std::vector<std::vector<lane_name_use>> uses_;  // per expression, in text order
    std::vector<std::size_t> declared_at_;          // each variable's column
    std::vector<bool> used_;
};

}  // namespace detail

// Reads the formula `text`, found at 0-based index `column_offset` of the
// whole spec (text == spec.substr(column_offset)): error columns count in
// the whole spec, from 1. Throws nothing.
inline std::variant<lane_formula, lane_formula_error> parse_lane_formula(std::string const& text,
                                                                         std::size_t column_offset) {
    try {
        lane_cursor in(text, column_offset);
        lane_formula f = detail::lane_formula_parser(in).parse();
        if (in.failed()) return *in.error();
        return f;
    } catch (std::bad_alloc const&) {
        return lane_formula_error{column_offset + 1, "the formula is too large to read (out of memory)"};
    }
}

}  // namespace swz
