// The parsers' place in a lane formula: the current token, its column in
// the whole spec, and the first error. Once an error is recorded, later ones
// are ignored, so the parsers only need to stop, not to unwind. Host only.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "swz/access/lane_formula_error.hpp"
#include "swz/access/lane_tokens.hpp"

namespace swz {

class lane_cursor {
public:
    // `text` is the formula, found at 0-based index `column_offset` of the
    // whole spec: its first character is in column column_offset + 1.
    lane_cursor(std::string const& text, std::size_t column_offset)
        : text_(text), offset_(column_offset), lexer_(text), token_(lexer_.next()) {}

    lane_token const& token() const { return token_; }
    void advance() { token_ = lexer_.next(); }
    bool at(lane_token_kind k) const { return token_.kind == k; }
    bool at_name(char const* word) const { return at(lane_token_kind::name) && spelled() == word; }

    std::string spelled() const { return text_.substr(token_.at, token_.length); }
    std::size_t column() const { return column_at(token_.at); }
    std::size_t column_at(std::size_t index) const { return offset_ + index + 1; }

    bool failed() const { return error_.has_value(); }
    std::optional<lane_formula_error> const& error() const { return error_; }

    void fail(std::size_t column, std::string message) {
        if (!error_) error_ = lane_formula_error{column, std::move(message)};
    }

    // The current token is not `what` was expected: say so, or give the
    // reason it is no token at all.
    void fail_expected(std::string const& what, std::string const& hint = "") {
        if (at(lane_token_kind::invalid)) fail(column(), token_.problem);
        else if (at(lane_token_kind::end)) fail(column(), "unexpected end of the formula: expected " + what + hint);
        else fail(column(), "expected " + what + ", found '" + spelled() + "'" + hint);
    }

private:
    std::string const& text_;
    std::size_t offset_;
    lane_lexer lexer_;
    lane_token token_;
    std::optional<lane_formula_error> error_;
};

}  // namespace swz
