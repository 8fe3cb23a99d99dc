// The results as a SARIF 2.1.0 log, the format code-scanning services
// (GitHub's among them) read: one rule a property, one result a refuted or
// unknown property.
#pragma once

#include <nlohmann/json.hpp>

#include <vector>

#include "findings.hpp"

namespace swz::verify {

// Levels: "error" for a refuted property that counts, "warning" for an
// unknown one, "note" for a refuted claim that is only reported. Each
// result's logical location names its subject (the layout spec).
nlohmann::json sarif_report(std::vector<report_subject> const& subjects);

}  // namespace swz::verify
