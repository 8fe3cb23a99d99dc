#include "sarif_report.hpp"

#include <map>

#include "../report.hpp"

namespace swz::verify {

namespace {

char const* level_of(property_result const& r) {
    if (r.outcome == verdict::unknown) return "warning";
    return r.counts == weight::gate ? "error" : "note";
}

// The reason and the first line of evidence: what a reviewer needs to
// reproduce the finding without the certificate.
std::string message_of(property_result const& r) {
    std::string m = finding_reason(r);
    if (!r.evidence_text.empty() && r.evidence_text.front() != m)
        m += ": " + std::string(r.outcome == verdict::refuted ? "counterexample " : "witness ") + r.evidence_text.front();
    return m;
}

}  // namespace

nlohmann::json sarif_report(std::vector<report_subject> const& subjects) {
    nlohmann::json rules = nlohmann::json::array();
    std::map<std::string, std::size_t> rule_index;
    nlohmann::json results = nlohmann::json::array();
    for (auto const& s : subjects)
        for (auto const& r : s.results) {
            // Every property is a rule, found or not, so a viewer can list what was checked.
            if (!rule_index.count(r.id)) {
                rule_index[r.id] = rules.size();
                rules.push_back({{"id", r.id},
                                 {"shortDescription", {{"text", r.statement}}},
                                 {"properties", {{"section", r.section}}}});
            }
            if (!is_finding(r) && !is_reported_refutation(r)) continue;
            // Explicit arrays: a one-element braced list of an object is ambiguous to nlohmann::json.
            nlohmann::json const logical = {{"name", s.name}, {"fullyQualifiedName", s.name}};
            nlohmann::json loc = nlohmann::json::object();
            loc["logicalLocations"] = nlohmann::json::array({logical});
            nlohmann::json props = {{"verdict", std::string(verdict_name(r.outcome))},
                                    {"counts", r.counts == weight::gate ? "gate" : "report"}};
            if (r.fig) props["figure"] = figure_text(r);
            results.push_back({{"ruleId", r.id},
                               {"ruleIndex", rule_index[r.id]},
                               {"level", level_of(r)},
                               {"message", {{"text", message_of(r)}}},
                               {"locations", nlohmann::json::array({loc})},
                               {"properties", props}});
        }
    nlohmann::json run = nlohmann::json::object();
    run["tool"]["driver"] = {{"name", "swz-verify"}, {"version", tool_version()}, {"rules", rules}};
    run["results"] = results;
    nlohmann::json log = nlohmann::json::object();
    log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
    log["version"] = "2.1.0";
    log["runs"] = nlohmann::json::array({run});
    return log;
}

}  // namespace swz::verify
