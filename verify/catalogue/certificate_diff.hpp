// What changed between a stored certificate and the one re-derived now:
// one line per finding, naming the layout, the property (or obligation, or
// field) and the old and new values, e.g.
//
//   nx64-e4-tc16: conflict.column: figure.value: 4 -> 5
//   nx64-e4-tc16: conflict.column: witness.variables.y0: 0 -> 3
//   nx64-e4-tc16: obligation conflict.column.at_least_5: sha256: 3fa0... -> 9bc1...
//
// Versions of Z3 and swz-verify and the digest are not compared (the digest
// is checked on its own; a version may change without changing a proof).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace swz::verify::catalogue {

std::vector<std::string> certificate_differences(std::string const& layout, nlohmann::json const& stored,
                                                 nlohmann::json const& fresh);

}  // namespace swz::verify::catalogue
