#include "junit_report.hpp"

#include <cstdio>
#include <sstream>

namespace swz::verify {

namespace {

// Attribute and text escaping; control characters other than tab and
// line breaks are not allowed in XML 1.0 at all, so they become blanks.
std::string xml(std::string const& s) {
    std::string out;
    for (unsigned char ch : s) {
        switch (ch) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            case '\n': out += "&#10;"; break;
            case '\t': out += "&#9;"; break;
            default: out += ch < 0x20 ? ' ' : char(ch);
        }
    }
    return out;
}

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", s);
    return buf;
}

std::string evidence_block(property_result const& r) {
    std::string t;
    for (auto const& line : r.evidence_text) t += line + "\n";
    return t;
}

void testcase(std::ostream& os, property_result const& r) {
    os << "    <testcase classname=\"" << xml(r.section) << "\" name=\"" << xml(r.id) << "\" time=\""
       << seconds_text(r.applicable ? r.seconds : 0) << "\"";
    std::string const message = r.id + ": " + finding_reason(r);
    if (!r.applicable) {
        os << ">\n      <skipped message=\"" << xml(finding_reason(r)) << "\"/>\n    </testcase>\n";
    } else if (is_finding(r)) {
        char const* tag = r.outcome == verdict::refuted ? "failure" : "error";
        os << ">\n      <" << tag << " message=\"" << xml(message) << "\" type=\"" << verdict_name(r.outcome) << "\">"
           << xml(r.statement + "\n" + evidence_block(r)) << "</" << tag << ">\n    </testcase>\n";
    } else if (is_reported_refutation(r)) {
        os << ">\n      <system-out>" << xml("REFUTED (reported, not required): " + message + "\n" + evidence_block(r))
           << "</system-out>\n    </testcase>\n";
    } else {
        os << "/>\n";
    }
}

}  // namespace

std::string junit_report(std::vector<report_subject> const& subjects) {
    std::ostringstream os;
    unsigned all_tests = 0, all_failures = 0, all_errors = 0, all_skipped = 0;
    double all_seconds = 0;
    std::ostringstream suites;
    for (auto const& s : subjects) {
        unsigned failures = 0, errors = 0, skipped = 0;
        for (auto const& r : s.results) {
            if (!r.applicable) ++skipped;
            else if (is_finding(r)) ++(r.outcome == verdict::refuted ? failures : errors);
        }
        suites << "  <testsuite name=\"" << xml(s.name) << "\" tests=\"" << s.results.size() << "\" failures=\""
               << failures << "\" errors=\"" << errors << "\" skipped=\"" << skipped << "\" time=\""
               << seconds_text(s.seconds) << "\">\n";
        for (auto const& r : s.results) testcase(suites, r);
        suites << "  </testsuite>\n";
        all_tests += unsigned(s.results.size());
        all_failures += failures;
        all_errors += errors;
        all_skipped += skipped;
        all_seconds += s.seconds;
    }
    os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    os << "<testsuites name=\"swz-verify\" tests=\"" << all_tests << "\" failures=\"" << all_failures
       << "\" errors=\"" << all_errors << "\" skipped=\"" << all_skipped << "\" time=\"" << seconds_text(all_seconds)
       << "\">\n"
       << suites.str() << "</testsuites>\n";
    return os.str();
}

}  // namespace swz::verify
