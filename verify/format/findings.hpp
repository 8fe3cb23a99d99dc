// What the CI outputs share: the subjects a run reports on, which results
// are findings, and the one sentence that says why.
#pragma once

#include <string>
#include <vector>

#include "../certify.hpp"
#include "../verdict.hpp"

namespace swz::verify {

// One thing a run certified: a layout (named by its spec) or a kernel.
struct report_subject {
    std::string name;         // "cute:3,3,3", "kernel transpose_swizzled"
    std::string description;  // the tile, in words
    std::vector<property_result> results;
    double seconds = 0;
};

report_subject subject_of(certificate const& c);

// A result the exit code answers for: a refuted property that counts, or an
// unknown one (an unknown figure is no figure either). Reported refutations
// are not findings: a run that exits 0 has none.
bool is_finding(property_result const& r);

// A refuted claim that is only reported (SARIF shows it as a note).
bool is_reported_refutation(property_result const& r);

// Why, in one line: the result's reason, else its figure, else its first
// evidence line, else its statement.
std::string finding_reason(property_result const& r);

// --quiet's lines: "<subject>: <id>: <VERDICT>: <reason>\n", one a finding.
std::string finding_lines(std::vector<report_subject> const& subjects);

}  // namespace swz::verify
