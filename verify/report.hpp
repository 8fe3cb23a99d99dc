// How a certificate is shown: a table for people, JSON for machines.
#pragma once

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <string>

#include "certify.hpp"

namespace swz::verify {

std::string tool_version();

void print_table(std::ostream& os, certificate const& c);

// The rows of a result table, grouped by section, and the closing verdict.
void print_results(std::ostream& os, std::vector<property_result> const& results);
void print_verdict(std::ostream& os, std::vector<property_result> const& results, double seconds);

// One result as JSON (used by every certificate).
nlohmann::json result_json(property_result const& r);

// The machine-readable certificate: parameters, every verdict and figure,
// witnesses and counterexamples, the Z3 and tool versions.
nlohmann::json to_json(certificate const& c);

std::string describe_layout(layout_params const& p, std::uint64_t rows);

}  // namespace swz::verify
