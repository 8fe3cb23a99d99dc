// How a certificate is shown: a table for people, JSON for machines.
#pragma once

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <optional>
#include <string>

#include "certify.hpp"

namespace swz::verify {

std::string tool_version();

// `exit_override`: the run's exit code when it is not the verdict's own
// (an output that could not be written), so the last line never lies.
void print_table(std::ostream& os, certificate const& c, std::optional<int> exit_override = std::nullopt);

// The rows of a result table, grouped by section, and the closing verdict.
void print_results(std::ostream& os, std::vector<property_result> const& results);
void print_verdict(std::ostream& os, std::vector<property_result> const& results, double seconds,
                   std::optional<int> exit_override = std::nullopt);

// One result as JSON (used by every certificate): what it is, not how
// long it took (timings are reported apart, so a certificate does not
// change when nothing changed).
nlohmann::json result_json(property_result const& r);

// The machine-readable certificate: parameters, every verdict and figure,
// witnesses and counterexamples, the Z3 and tool versions.
nlohmann::json to_json(certificate const& c);

// A result's figure in words: "4 wavefronts (ideal 1)"; empty without one.
std::string figure_text(property_result const& r);

std::string describe_tile(tile_shape const& s, std::uint32_t chunk_bytes);

// The certificate's "layout" object: spec, family and tile.
nlohmann::json layout_json(certificate const& c);

// The version of the certificate's JSON schema (docs/certificate-schema.md).
inline constexpr int certificate_schema_version = 2;

// What every JSON document of every mode starts with: schema_version, mode,
// tool, tool_version and z3_version.
nlohmann::json document_header(std::string const& mode, std::string const& tool = "swz-verify");

}  // namespace swz::verify
