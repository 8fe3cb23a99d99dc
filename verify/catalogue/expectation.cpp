#include "expectation.hpp"

#include <algorithm>

#include "../exit_codes.hpp"

namespace swz::verify::catalogue {

bool has_undecided(std::vector<property_result> const& results) {
    return std::any_of(results.begin(), results.end(),
                       [](property_result const& r) { return r.applicable && r.outcome == verdict::unknown; });
}

std::vector<std::string> unmet_expectations(catalogue_entry const& e, certificate const& c) {
    std::vector<std::string> out;
    int const code = exit_code_for(c.results);
    if (code != e.expected_exit) {
        std::string why;
        for (auto const& r : c.results) {
            if (!r.applicable || r.outcome == verdict::proved) continue;
            if (r.outcome == verdict::unknown || r.counts == weight::gate)
                why += (why.empty() ? "" : ", ") + r.id + " " + std::string(verdict_name(r.outcome)) +
                       (r.reason.empty() ? "" : " (" + r.reason + ")");
        }
        out.push_back("expected exit " + std::to_string(e.expected_exit) + ", got " + std::to_string(code) +
                      (why.empty() ? "" : ": " + why));
    } else {
        // An UNKNOWN the exit code does not show (a refuted known-bad
        // layout's figure): a catalogue certificate needs every answer, or
        // it is not what the next run derives.
        std::string unknown;
        for (auto const& r : c.results)
            if (r.applicable && r.outcome == verdict::unknown)
                unknown += (unknown.empty() ? "" : ", ") + r.id + " UNKNOWN" + (r.reason.empty() ? "" : " (" + r.reason + ")");
        if (!unknown.empty()) out.push_back("expected every property decided, got " + unknown);
    }
    for (auto const& id : e.expected_refuted) {
        auto const r = std::find_if(c.results.begin(), c.results.end(), [&](property_result const& p) { return p.id == id; });
        if (r == c.results.end()) out.push_back("expected " + id + " REFUTED, but the certificate has no " + id);
        else if (!r->applicable || r->outcome != verdict::refuted)
            out.push_back("expected " + id + " REFUTED, got " + (r->applicable ? std::string(verdict_name(r->outcome)) : "N/A"));
    }
    return out;
}

int unmet_exit_code(catalogue_entry const& e, certificate const& c) {
    // A layout that must hold and is refuted is unsafe, whatever else is unknown.
    if (e.expected_exit == exit_ok && exit_code_for(c.results) == exit_refuted) return exit_refuted;
    return has_undecided(c.results) ? exit_unknown : exit_stale;
}

}  // namespace swz::verify::catalogue
