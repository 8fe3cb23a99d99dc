// JSON as the catalogue writes it: keys sorted (nlohmann's order), two-space
// indentation, and any array or object whose compact form fits on one line
// kept on one line, so that a certificate reads well and diffs line by line.
// The same value always gives the same bytes.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace swz::verify::catalogue {

std::string layout_json(nlohmann::json const& j);

}  // namespace swz::verify::catalogue
