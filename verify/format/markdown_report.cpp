#include "markdown_report.hpp"

#include <sstream>

#include "../report.hpp"

namespace swz::verify {

namespace {

// A table cell: a '|' would end it and a line break would end the row.
std::string cell(std::string const& s) {
    std::string out;
    for (char ch : s) {
        if (ch == '|') out += "\\|";
        else if (ch == '\n' || ch == '\r') out += ' ';
        else out += ch;
    }
    return out;
}

std::string verdict_cell(property_result const& r) {
    if (!r.applicable) return "n/a";
    std::string v = "**" + std::string(verdict_name(r.outcome)) + "**";
    if (is_reported_refutation(r)) v += " (reported)";
    return v;
}

}  // namespace

std::string markdown_report(std::vector<report_subject> const& subjects, int exit_code) {
    std::ostringstream os;
    std::vector<property_result> all;
    double seconds = 0;
    for (auto const& s : subjects) {
        os << "### swz-verify " << tool_version() << ": `" << s.name << "`\n\n";
        if (!s.description.empty()) os << cell(s.description) << "\n\n";
        os << "| id | verdict | figure | statement |\n";
        os << "|---|---|---|---|\n";
        for (auto const& r : s.results) {
            std::string statement = r.statement;
            if (is_finding(r) || !r.applicable) statement += " (" + finding_reason(r) + ")";
            os << "| `" << cell(r.id) << "` | " << verdict_cell(r) << " | " << cell(figure_text(r)) << " | "
               << cell(statement) << " |\n";
        }
        os << "\n";
        all.insert(all.end(), s.results.begin(), s.results.end());
        seconds += s.seconds;
    }
    // The text table's own verdict line, so the two never disagree.
    std::ostringstream verdict;
    print_verdict(verdict, all, seconds, exit_code);
    std::string line = verdict.str();
    while (!line.empty() && (line.front() == '\n')) line.erase(line.begin());
    os << line;
    return os.str();
}

}  // namespace swz::verify
