// swz-verify's command line, parsed and validated apart from main() so the
// tests can feed it bad input.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "../certify.hpp"

namespace swz::verify::cli {

struct layout_command {
    layout_params params;
    std::uint64_t rows = all_32bit_rows;
    unsigned timeout_ms = 10000;
    requirements required;
    std::optional<std::string> json_path;
    bool log_queries = false;
};

// Printed and exited 0: --help, --version.
struct info_text {
    std::string text;
};

// One line for stderr, exit 1.
struct usage_error {
    std::string message;
};

using parsed = std::variant<layout_command, info_text, usage_error>;

parsed parse(int argc, char const* const* argv);

// A decimal count in [min, max]: digits only, no sign, no overflow.
std::variant<std::uint64_t, usage_error> parse_count(std::string const& option, std::string const& text,
                                                     std::uint64_t min, std::uint64_t max);

}  // namespace swz::verify::cli
