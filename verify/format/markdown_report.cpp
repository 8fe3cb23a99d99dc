#include "markdown_report.hpp"

#include <sstream>
#include <string_view>

#include "../report.hpp"

namespace swz::verify {

namespace {

// Inside a table cell a '|' would end the cell and a line break the row
// (in a code span too: GFM splits the row before reading spans).
std::string code_cell(std::string const& s) {
    std::string out;
    for (char ch : s) {
        if (ch == '|') out += "\\|";
        else if (ch == '\n' || ch == '\r') out += ' ';
        else out += ch;
    }
    return out;
}

// Text shown as written: also every character CommonMark could read as
// emphasis (_x_, *), code, a link, HTML or an entity is escaped.
std::string text_cell(std::string const& s) {
    std::string out;
    for (char ch : s) {
        if (std::string_view("\\`*_[]<>~&").find(ch) != std::string_view::npos) out += '\\';
        out += code_cell(std::string(1, ch));
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
        if (!s.description.empty()) os << text_cell(s.description) << "\n\n";
        os << "| id | verdict | figure | statement |\n";
        os << "|---|---|---|---|\n";
        for (auto const& r : s.results) {
            std::string statement = r.statement;
            if (is_finding(r) || !r.applicable) statement += " (" + finding_reason(r) + ")";
            os << "| `" << code_cell(r.id) << "` | " << verdict_cell(r) << " | " << text_cell(figure_text(r)) << " | "
               << text_cell(statement) << " |\n";
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
