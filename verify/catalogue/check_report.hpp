// What --check found, in the shapes every mode writes (--format, --json):
// each certificate checked is a subject, each finding a refuted result
// named by its kind, which is the exit code it stands for (a stale
// catalogue is not an unsafe layout); a certificate with no finding has
// one proved result, so a test dashboard lists it as passed.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "../format/findings.hpp"
#include "check_findings.hpp"

namespace swz::verify::catalogue {

struct check_summary {
    std::string directory;
    std::vector<std::string> layouts;  // the certificates checked, by folder name
    std::size_t obligations = 0;
    std::string second_solver;  // its version, or empty when --no-second-solver
    int exit_code = 0;
};

std::vector<report_subject> check_subjects(check_summary const& s, check_findings const& found);

// The --json document: schema_version, mode "check", the summary, and each
// finding with its layout, id, exit code and message.
nlohmann::json check_json(check_summary const& s, check_findings const& found);

}  // namespace swz::verify::catalogue
