// The tokens of a lane formula, read one at a time so that an error is found
// where the parser reaches it, in text order. A character or number that is
// no token becomes an `invalid` token carrying the reason; the parser
// reports it when it gets there. Host only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>

#include "swz/access/lane_expression.hpp"

namespace swz {

// The largest constant a formula may write (and the largest range).
inline constexpr std::uint64_t lane_formula_max_number = std::uint64_t(1) << 48;

enum class lane_token_kind { end, invalid, name, number, op, open, close, comma, less };

struct lane_token {
    lane_token_kind kind = lane_token_kind::end;
    std::size_t at = 0;       // 0-based index of its first character in the formula
    std::size_t length = 0;
    std::uint64_t value = 0;  // number
    lane_op op = lane_op::add;
    std::string problem;      // invalid: why it is no token
};

class lane_lexer {
public:
    explicit lane_lexer(std::string const& text) : text_(text) {}

    lane_token next() {
        while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
        if (pos_ == text_.size()) return token(lane_token_kind::end, 0);
        char const c = text_[pos_];
        if (is_digit(c)) return number();
        if (is_name_start(c)) return token(lane_token_kind::name, word_length());
        return symbol();
    }

private:
    static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
    static bool is_digit(char c) { return c >= '0' && c <= '9'; }
    static bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
    static bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }
    static int hex_digit(char c) {
        if (is_digit(c)) return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    std::size_t word_length() const {
        std::size_t n = 0;
        while (pos_ + n < text_.size() && is_name_char(text_[pos_ + n])) ++n;
        return n;
    }

    lane_token token(lane_token_kind kind, std::size_t length) {
        lane_token t;
        t.kind = kind;
        t.at = pos_;
        t.length = length;
        pos_ += length;
        return t;
    }

    lane_token invalid(std::size_t length, std::string problem) {
        lane_token t = token(lane_token_kind::invalid, length);
        t.problem = std::move(problem);
        return t;
    }

    // A number and any letters run into it are one word, so `12ab` is one
    // bad number rather than `12` followed by a name.
    lane_token number() {
        std::string const word = text_.substr(pos_, word_length());
        bool const hex = word.size() >= 2 && word[0] == '0' && (word[1] == 'x' || word[1] == 'X');
        std::size_t const first = hex ? 2 : 0;
        unsigned const base = hex ? 16 : 10;
        if (first == word.size()) return invalid(word.size(), "'" + word + "' needs hex digits after '0x'");
        std::uint64_t v = 0;
        bool too_large = false;
        for (std::size_t i = first; i < word.size(); ++i) {
            int const d = hex ? hex_digit(word[i]) : (is_digit(word[i]) ? word[i] - '0' : -1);
            if (d < 0) return invalid(word.size(), "'" + word + "' is not a " + (hex ? "hex " : "") + "number");
            too_large = too_large || v > (lane_formula_max_number - unsigned(d)) / base;
            if (!too_large) v = v * base + unsigned(d);
        }
        if (too_large)
            return invalid(word.size(), "the number '" + word + "' is too large (at most 2^48 = " +
                                            std::to_string(lane_formula_max_number) + ")");
        // C would read 010 as octal 8: refuse rather than guess.
        if (!hex && word.size() > 1 && word[0] == '0')
            return invalid(word.size(), "'" + word + "': a decimal number cannot start with 0 (write " +
                                            std::to_string(v) + ", or 0x" + word.substr(1) + " for hex)");
        lane_token t = token(lane_token_kind::number, word.size());
        t.value = v;
        return t;
    }

    lane_token op(lane_op o, std::size_t length) {
        lane_token t = token(lane_token_kind::op, length);
        t.op = o;
        return t;
    }

    lane_token symbol() {
        char const c = text_[pos_];
        char const after = pos_ + 1 < text_.size() ? text_[pos_ + 1] : '\0';
        switch (c) {
        case '(': return token(lane_token_kind::open, 1);
        case ')': return token(lane_token_kind::close, 1);
        case ',': return token(lane_token_kind::comma, 1);
        case '|': return op(lane_op::bit_or, 1);
        case '^': return op(lane_op::bit_xor, 1);
        case '&': return op(lane_op::bit_and, 1);
        case '+': return op(lane_op::add, 1);
        case '-': return op(lane_op::subtract, 1);
        case '*': return op(lane_op::multiply, 1);
        case '/': return op(lane_op::divide, 1);
        case '%': return op(lane_op::remainder, 1);
        case '<': return after == '<' ? op(lane_op::shift_left, 2) : token(lane_token_kind::less, 1);
        case '>': return after == '>' ? op(lane_op::shift_right, 2) : invalid(1, "unexpected '>' (a right shift is '>>')");
        case '~':
        case '!': return invalid(1, std::string("unexpected '") + c + "' (there are no unary operators)");
        default: return invalid(1, stray(c));
        }
    }

    static std::string stray(char c) {
        unsigned const byte = static_cast<unsigned char>(c);
        if (byte >= 0x21 && byte < 0x7f) return std::string("unexpected character '") + c + "'";
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02x", byte);
        return std::string("unexpected byte ") + hex + " (not a printable ASCII character)";
    }

    std::string const& text_;
    std::size_t pos_ = 0;
};

}  // namespace swz
