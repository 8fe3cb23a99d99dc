#include "findings.hpp"

#include "../cli/options.hpp"
#include "../report.hpp"

namespace swz::verify {

report_subject subject_of(certificate const& c) {
    return {c.spec, describe_tile(c.shape, c.chunk_bytes), c.results, c.seconds};
}

bool is_finding(property_result const& r) {
    if (!r.applicable) return false;
    return r.outcome == verdict::unknown || (r.outcome == verdict::refuted && r.counts == weight::gate);
}

bool is_reported_refutation(property_result const& r) {
    return r.applicable && r.outcome == verdict::refuted && r.counts == weight::report;
}

std::string finding_reason(property_result const& r) {
    if (!r.reason.empty()) return cli::one_line(r.reason);
    if (r.fig) return figure_text(r);
    if (!r.evidence_text.empty()) return cli::one_line(r.evidence_text.front());
    return cli::one_line(r.statement);
}

std::string finding_lines(std::vector<report_subject> const& subjects) {
    std::string out;
    for (auto const& s : subjects)
        for (auto const& r : s.results)
            if (is_finding(r))
                out += s.name + ": " + r.id + ": " + std::string(verdict_name(r.outcome)) + ": " + finding_reason(r) + "\n";
    return out;
}

}  // namespace swz::verify
