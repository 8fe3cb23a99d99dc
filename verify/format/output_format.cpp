#include "output_format.hpp"

#include <array>
#include <utility>

namespace swz::verify {

namespace {

// One table, so the parser, the names and the help cannot drift apart.
constexpr std::array<std::pair<output_format, char const*>, 5> formats{{
    {output_format::text, "text"},
    {output_format::json, "json"},
    {output_format::markdown, "markdown"},
    {output_format::sarif, "sarif"},
    {output_format::junit, "junit"},
}};

}  // namespace

std::optional<output_format> parse_output_format(std::string const& name) {
    for (auto const& [f, n] : formats)
        if (name == n) return f;
    return std::nullopt;
}

std::string format_name(output_format f) {
    for (auto const& [g, n] : formats)
        if (g == f) return n;
    return "?";
}

std::string format_names() {
    std::string s;
    for (std::size_t i = 0; i < formats.size(); ++i)
        s += std::string(i == 0 ? "" : i + 1 == formats.size() ? " or " : ", ") + formats[i].second;
    return s;
}

}  // namespace swz::verify
