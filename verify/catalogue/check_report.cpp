#include "check_report.hpp"

#include <set>

#include "../exit_codes.hpp"
#include "../report.hpp"

namespace swz::verify::catalogue {

namespace {

struct finding_kind {
    char const* id;
    char const* statement;  // what holds when there is no such finding
};

finding_kind kind_of(int code) {
    switch (code) {
        case exit_stale: return {"catalogue.current", "the certificate and its files are what this tool derives now, untouched"};
        case exit_second_solver: return {"catalogue.second_solver", "cvc5 agrees with every obligation"};
        case exit_refuted: return {"catalogue.holds", "every layout that must hold is proved"};
        case exit_unknown: return {"catalogue.decided", "every property is decided again"};
        default: return {"catalogue.check", "the check finds nothing"};
    }
}

property_result result_of(finding_kind const& k, verdict outcome, std::string reason) {
    property_result r;
    r.id = k.id;
    r.section = "catalogue";
    r.statement = k.statement;
    r.counts = weight::gate;
    r.outcome = outcome;
    r.reason = std::move(reason);
    return r;
}

property_result result_for(check_finding const& f) {
    return result_of(kind_of(f.code), f.code == exit_unknown ? verdict::unknown : verdict::refuted, f.line);
}

}  // namespace

std::vector<report_subject> check_subjects(check_summary const& s, check_findings const& found) {
    auto const by_layout = found.by_layout();
    std::set<std::string> names(s.layouts.begin(), s.layouts.end());
    for (auto const& [name, list] : by_layout) names.insert(name);  // the manifest, a missing certificate
    std::vector<report_subject> out;
    for (auto const& name : names) {
        report_subject subject{name, "certificate " + s.directory + "/" + name, {}, 0};
        auto const it = by_layout.find(name);
        if (it == by_layout.end()) {
            subject.results.push_back(result_of(kind_of(exit_stale), verdict::proved, ""));
        } else {
            for (auto const& f : it->second) subject.results.push_back(result_for(f));
        }
        out.push_back(std::move(subject));
    }
    return out;
}

nlohmann::json check_json(check_summary const& s, check_findings const& found) {
    nlohmann::json j = document_header("check");
    j["directory"] = s.directory;
    j["certificates"] = s.layouts.size();
    j["obligations"] = s.obligations;
    j["second_solver"] = s.second_solver.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.second_solver);
    j["exit_code"] = s.exit_code;
    j["findings"] = nlohmann::json::array();
    for (auto const& [layout, list] : found.by_layout())
        for (auto const& f : list)
            j["findings"].push_back({{"layout", layout}, {"id", kind_of(f.code).id}, {"exit_code", f.code}, {"message", f.line}});
    return j;
}

}  // namespace swz::verify::catalogue
