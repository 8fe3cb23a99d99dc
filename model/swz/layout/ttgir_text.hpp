// Triton's shared-memory encodings as a TTGIR dump prints them: the
// attribute's kind and fields, read from the text pasted whole, e.g.
//
//   #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
//   #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
//   #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 4]]}, alignment = 16>
//
//   TEXT    := [ '#' NAME '=' ] '#' ( 'ttg' | 'triton_gpu' ) '.' KIND '<{' FIELDS '}' { ',' FIELD } '>'
//   FIELDS  := FIELD { ',' FIELD }
//   FIELD   := NAME '=' VALUE
//   VALUE   := INT | 'true' | 'false' | '[' [ VALUE { ',' VALUE } ] ']'
//
// Spaces may stand between any two tokens; fields after the braces (a
// shared_linear's alignment) join the others. What each kind places where
// is ttgir_encoding.hpp's. Host only.
#pragma once

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "swz/layout/spec_args.hpp"

namespace swz {

// A field's value: an integer, a boolean, or a list of them, nested.
struct ttgir_value {
    std::int64_t number = 0;
    bool is_bool = false, is_list = false;
    std::vector<ttgir_value> items;
};

struct ttgir_field {
    std::string name;
    ttgir_value value;
};

// A TTGIR attribute's kind (e.g. nvmma_shared) and fields, in order.
struct ttgir_attribute {
    std::string kind;
    std::vector<ttgir_field> fields;
};

namespace detail {

class ttgir_reader {
public:
    explicit ttgir_reader(std::string const& text) : s_(text) {}

    // `[#alias =] #dialect.KIND`: the kind, before any of its fields.
    std::variant<std::string, spec_error> head() {
        skip();
        // '#alias = ' before the attribute, as a dump's header line writes it.
        std::size_t const eq = s_.find('=');
        std::size_t const open = s_.find('<');
        if (eq != std::string::npos && (open == std::string::npos || eq < open)) {
            if (!eat('#') || name().empty()) return fail("'#NAME = ' before the attribute");
            if (!eat('=')) return fail("'='");
        }
        if (!eat('#')) return fail("'#' (e.g. #ttg.swizzled_shared<{...}>)");
        std::string const dialect = name();
        if (dialect != "ttg" && dialect != "triton_gpu") return fail("the dialect 'ttg' or 'triton_gpu'");
        if (!eat('.')) return fail("'.'");
        std::string const kind = name();
        if (kind.empty()) return fail("the encoding's name");
        return kind;
    }

    std::variant<ttgir_attribute, spec_error> attribute() {
        auto const kind = head();
        if (auto const* e = std::get_if<spec_error>(&kind)) return *e;
        if (!eat('<') || !eat('{')) return fail("'<{'");
        std::vector<ttgir_field> fields;
        while (true) {
            auto f = field(fields);
            if (auto const* e = std::get_if<spec_error>(&f)) return *e;
            fields.push_back(std::get<ttgir_field>(f));
            if (eat(',')) continue;
            if (eat('}')) break;
            return fail("',' or '}'");
        }
        while (eat(',')) {
            auto f = field(fields);
            if (auto const* e = std::get_if<spec_error>(&f)) return *e;
            fields.push_back(std::get<ttgir_field>(f));
        }
        if (!eat('>')) return fail("',' or '>'");
        skip();
        if (i_ != s_.size()) return fail("the end of the attribute");
        return ttgir_attribute{std::get<std::string>(kind), fields};
    }

private:
    std::string const& s_;
    std::size_t i_ = 0;

    void skip() {
        while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    bool eat(char c) {
        skip();
        if (i_ < s_.size() && s_[i_] == c) {
            ++i_;
            return true;
        }
        return false;
    }
    std::string name() {
        skip();
        std::size_t const start = i_;
        while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) ++i_;
        return s_.substr(start, i_ - start);
    }
    std::variant<ttgir_field, spec_error> field(std::vector<ttgir_field> const& before) {
        ttgir_field f;
        f.name = name();
        if (f.name.empty()) return fail("a field's name");
        for (auto const& g : before)
            if (g.name == f.name) return spec_error{"'" + s_ + "': field '" + f.name + "' given twice"};
        if (!eat('=')) return fail("'=' after " + f.name);
        auto v = value(0);
        if (auto const* e = std::get_if<spec_error>(&v)) return *e;
        f.value = std::get<ttgir_value>(v);
        return f;
    }
    spec_error fail(std::string const& wanted) const {
        return spec_error{"'" + s_ + "': expected " + wanted + " at column " + std::to_string(i_ + 1)};
    }
    std::variant<ttgir_value, spec_error> value(int depth) {
        ttgir_value v;
        if (depth > 4) return fail("lists nested 4 deep at most");
        if (eat('[')) {
            v.is_list = true;
            if (eat(']')) return v;
            do {
                auto item = value(depth + 1);
                if (auto const* e = std::get_if<spec_error>(&item)) return *e;
                v.items.push_back(std::get<ttgir_value>(item));
            } while (eat(','));
            if (!eat(']')) return fail("',' or ']'");
            return v;
        }
        std::string const word = name();
        if (word == "true" || word == "false") {
            v.is_bool = true;
            v.number = word == "true";
            return v;
        }
        if (word.empty() || word.size() > 9) return fail("a value (an integer of at most 9 digits, true, false or a list)");
        for (char c : word)
            if (!std::isdigit(static_cast<unsigned char>(c))) return fail("a whole number");
        v.number = std::stoll(word);
        return v;
    }
};

}  // namespace detail

// The attribute's kind alone (what follows it may be another grammar).
inline std::variant<std::string, spec_error> read_ttgir_kind(std::string const& text) {
    return detail::ttgir_reader(text).head();
}

inline std::variant<ttgir_attribute, spec_error> read_ttgir_attribute(std::string const& text) {
    return detail::ttgir_reader(text).attribute();
}

// Whether text is a TTGIR attribute (it starts with '#').
inline bool looks_like_ttgir(std::string const& text) {
    std::size_t const i = text.find_first_not_of(" \t\n\r");
    return i != std::string::npos && text[i] == '#';
}

}  // namespace swz
