// The ranges of --sweep: "A..B" is every power of two in [A, B]; a single
// value "A" is that value alone (it need not be a power of two: a sweep may
// include a known non-power-of-two row on purpose).
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "../cli/options.hpp"

namespace swz::verify::catalogue {

std::variant<std::vector<std::uint64_t>, cli::usage_error> parse_power_range(std::string const& option,
                                                                             std::string const& text,
                                                                             std::uint64_t max);

}  // namespace swz::verify::catalogue
