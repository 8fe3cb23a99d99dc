// XML text for the SVG writer: escaped character data and elements built from
// attribute lists, so no drawing code splices markup or quotes by hand.
#pragma once

#include <concepts>
#include <string>
#include <string_view>
#include <vector>

namespace swz::verify::svg {

// `text` as XML character data or a double-quoted attribute value: & < > "
// become entities; control characters XML 1.0 forbids become '?'.
std::string escape(std::string_view text);

struct attribute {
    std::string name;
    std::string value;  // unescaped
    attribute(std::string n, std::string_view v) : name(std::move(n)), value(v) {}
    template <std::integral T>
    attribute(std::string n, T v) : name(std::move(n)), value(std::to_string(v)) {}
};
using attributes = std::vector<attribute>;

// <tag a="v" ...>: the start tag, or with `empty` the whole empty element.
std::string start_tag(std::string_view tag, attributes const& attrs, bool empty = false);
std::string end_tag(std::string_view tag);
// <tag ...>text</tag>
std::string text_element(std::string_view tag, attributes const& attrs, std::string_view text);

}  // namespace swz::verify::svg
