// A layout spec as the command line writes it, split into its parts:
//
//   family:field,field,...      a field is a value ("3") or key=value ("nx=64")
//
// e.g. "cute:3,4,3", "tma:128B", "pad:16", "article:nx=64,elem=4,tc=16".
// Each family reads its own fields (its header's parse()); errors name the
// offending part. Host only.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace swz {

struct spec_field {
    std::string key;    // empty for a positional value
    std::string value;
};

struct spec_args {
    std::string text;    // the whole spec, for messages
    std::string family;  // before the ':'
    std::vector<spec_field> fields;
};

// A spec error: one line naming the offending part.
struct spec_error {
    std::string message;
};

inline std::variant<spec_args, spec_error> split_spec(std::string const& text) {
    spec_args a;
    a.text = text;
    auto const colon = text.find(':');
    a.family = text.substr(0, colon);
    if (a.family.empty()) return spec_error{"'" + text + "': no layout family before ':'"};
    if (colon == std::string::npos) return a;
    std::string const rest = text.substr(colon + 1);
    if (rest.empty()) return spec_error{"'" + text + "': nothing after '" + a.family + ":'"};
    std::size_t start = 0;
    while (start <= rest.size()) {
        std::size_t const comma = rest.find(',', start);
        std::string const item = rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty()) return spec_error{"'" + text + "': an empty field"};
        auto const eq = item.find('=');
        if (eq == std::string::npos) a.fields.push_back({"", item});
        else {
            spec_field f{item.substr(0, eq), item.substr(eq + 1)};
            if (f.key.empty() || f.value.empty()) return spec_error{"'" + text + "': field '" + item + "' needs key=value"};
            for (auto const& g : a.fields)
                if (g.key == f.key) return spec_error{"'" + text + "': field '" + f.key + "' given twice"};
            a.fields.push_back(f);
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return a;
}

// A decimal integer in [lo, hi], or a message naming the field.
inline std::variant<std::int64_t, spec_error> spec_integer(spec_args const& a, std::string const& name,
                                                           std::string const& v, std::int64_t lo, std::int64_t hi) {
    auto const bad = [&](std::string why) {
        return spec_error{"'" + a.text + "': " + name + " = '" + v + "' " + why};
    };
    std::size_t i = 0;
    bool const negative = !v.empty() && v[0] == '-';
    if (negative) i = 1;
    if (i == v.size()) return bad("is not a number");
    std::int64_t n = 0;
    for (; i < v.size(); ++i) {
        if (v[i] < '0' || v[i] > '9') return bad("is not a whole number");
        if (n > (std::numeric_limits<std::int64_t>::max() - (v[i] - '0')) / 10) return bad("is too large");
        n = n * 10 + (v[i] - '0');
    }
    if (negative) n = -n;
    if (n < lo || n > hi) return bad("is out of range (" + std::to_string(lo) + " .. " + std::to_string(hi) + ")");
    return n;
}

// The fields with a key, and the positional ones, checked against what a
// family accepts.
inline std::optional<spec_error> only_keys(spec_args const& a, std::vector<std::string> const& keys) {
    for (auto const& f : a.fields) {
        if (f.key.empty()) continue;
        bool known = false;
        for (auto const& k : keys) known |= k == f.key;
        if (!known) return spec_error{"'" + a.text + "': unknown field '" + f.key + "' for " + a.family};
    }
    return std::nullopt;
}

inline std::vector<std::string> positional(spec_args const& a) {
    std::vector<std::string> out;
    for (auto const& f : a.fields)
        if (f.key.empty()) out.push_back(f.value);
    return out;
}

inline std::optional<std::string> keyed(spec_args const& a, std::string const& key) {
    for (auto const& f : a.fields)
        if (f.key == key) return f.value;
    return std::nullopt;
}

}  // namespace swz
