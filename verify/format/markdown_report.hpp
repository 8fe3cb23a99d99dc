// The results as a Markdown table, for a CI job's summary page
// ($GITHUB_STEP_SUMMARY) or a pull-request comment.
#pragma once

#include <string>
#include <vector>

#include "findings.hpp"

namespace swz::verify {

// One heading and table a subject, then the verdict line, which names
// `exit_code`: the run's real exit code.
std::string markdown_report(std::vector<report_subject> const& subjects, int exit_code);

}  // namespace swz::verify
