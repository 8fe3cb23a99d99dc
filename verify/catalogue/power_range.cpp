#include "power_range.hpp"

namespace swz::verify::catalogue {

namespace {

// parse_count's message without its "option value: " prefix.
std::string why(cli::usage_error const& e) {
    auto const colon = e.message.find(": ");
    return colon == std::string::npos ? e.message : e.message.substr(colon + 2);
}

}  // namespace

std::variant<std::vector<std::uint64_t>, cli::usage_error> parse_power_range(std::string const& option,
                                                                             std::string const& text,
                                                                             std::uint64_t max) {
    auto const dots = text.find("..");
    if (dots == std::string::npos) {
        auto v = cli::parse_count(option, text, 1, max);
        if (auto* e = std::get_if<cli::usage_error>(&v)) return *e;
        return std::vector<std::uint64_t>{std::get<std::uint64_t>(v)};
    }
    if (text.find("..", dots + 2) != std::string::npos)
        return cli::usage_error{option + " " + text + ": expected A..B or a single value"};
    auto lo = cli::parse_count(option, text.substr(0, dots), 1, max);
    if (auto* e = std::get_if<cli::usage_error>(&lo)) return cli::usage_error{option + " " + text + ": lower end " + why(*e)};
    auto hi = cli::parse_count(option, text.substr(dots + 2), 1, max);
    if (auto* e = std::get_if<cli::usage_error>(&hi)) return cli::usage_error{option + " " + text + ": upper end " + why(*e)};
    std::uint64_t const a = std::get<std::uint64_t>(lo), b = std::get<std::uint64_t>(hi);
    if (a > b) return cli::usage_error{option + " " + text + ": the range is empty (" + std::to_string(a) + " > " + std::to_string(b) + ")"};
    std::vector<std::uint64_t> out;
    for (std::uint64_t p = 1; p <= b; p *= 2) {
        if (p >= a) out.push_back(p);
        if (p > b / 2) break;
    }
    if (out.empty()) return cli::usage_error{option + " " + text + ": no power of two in the range"};
    return out;
}

}  // namespace swz::verify::catalogue
