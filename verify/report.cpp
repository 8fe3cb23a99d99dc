#include "report.hpp"

#include <cstdio>
#include <ostream>

#include "exit_codes.hpp"
#include "swz_version.hpp"

namespace swz::verify {

std::string tool_version() { return SWZ_VERSION; }

namespace {

std::string rows_text(std::uint64_t rows) {
    return rows == all_32bit_rows ? "every 32-bit row (0 .. 2^32-1)" : "rows 0 .. " + std::to_string(rows - 1);
}

std::string time_text(double s) {
    char buf[32];
    if (s < 1) std::snprintf(buf, sizeof buf, "%.0f ms", s * 1000);
    else std::snprintf(buf, sizeof buf, "%.2f s", s);
    return buf;
}

std::string pad(std::string s, std::size_t n) {
    if (s.size() < n) s.append(n - s.size(), ' ');
    return s;
}

char const* section_title(std::string const& s) {
    if (s == "formula") return "The formula";
    if (s == "layout") return "Layout properties (each must hold)";
    if (s == "conflicts") return "Bank conflicts, worst case over every start (figures)";
    if (s == "spread") return "Column spread (figure; layouts that keep their rows)";
    if (s == "article") return "The article's claims for these parameters";
    if (s == "tma") return "TMA placement (the copy engine swizzles absolute addresses)";
    if (s == "equivalence") return "Equivalence";
    if (s == "kernel") return "Kernel shared-memory accesses, worst case over every warp and iteration";
    if (s == "family") return "Properties of every layout of the family (one query each, its parameters symbolic)";
    return "Other";
}

}  // namespace

std::string figure_text(property_result const& r) {
    if (!r.fig) return "";
    auto const& f = *r.fig;
    if (f.unit == "wavefronts")
        return std::to_string(f.value) + " wavefront" + (f.value == 1 ? "" : "s") + " (ideal " +
               std::to_string(f.reference) + ")";
    return std::to_string(f.value) + " " + f.unit + " (" + f.reference_name + " " + std::to_string(f.reference) + ")";
}

std::string describe_tile(tile_shape const& s, std::uint32_t chunk_bytes) {
    return "rows of " + std::to_string(s.row_bytes) + " B = " + std::to_string(s.cols()) + " element" +
           (s.cols() == 1 ? "" : "s") + " of " + std::to_string(s.elem) + " B, " +
           (chunk_bytes ? std::to_string(chunk_bytes) + "-byte chunks, " : std::string()) + rows_text(s.rows);
}

void print_results(std::ostream& os, std::vector<property_result> const& results) {
    std::string section;
    for (auto const& r : results) {
        if (r.section != section) {
            section = r.section;
            os << "\n" << section_title(section) << "\n";
        }
        std::string verdict = r.applicable ? std::string(verdict_name(r.outcome)) : "n/a";
        std::string fig = figure_text(r);
        if (r.applicable && r.counts == weight::report && r.outcome == verdict::refuted) fig += " [reported]";
        os << "  " << pad(r.id, 24) << " " << pad(verdict, 8) << " " << pad(fig, 32) << " "
           << (r.applicable ? time_text(r.seconds) : "") << "\n";
        os << "      " << r.statement << "\n";
        if (r.applicable && !r.method.empty()) os << "      decided " << r.method << "\n";
        if (!r.applicable || r.outcome == verdict::unknown || (r.outcome == verdict::refuted && !r.reason.empty()))
            if (!r.reason.empty()) os << "      " << (r.applicable ? "reason: " : "not applicable: ") << r.reason << "\n";
        if (r.applicable && !r.evidence_text.empty()) {
            bool const counter = r.outcome == verdict::refuted;
            os << "      " << (counter ? "counterexample (replayed): " : "witness (replayed): ") << r.evidence_text.front() << "\n";
            for (std::size_t i = 1; i < r.evidence_text.size(); ++i) os << "      " << r.evidence_text[i] << "\n";
        }
    }
}

void print_verdict(std::ostream& os, std::vector<property_result> const& results, double seconds,
                   std::optional<int> exit_override) {
    unsigned refuted_gate = 0, refuted_report = 0, unknown = 0;
    for (auto const& r : results) {
        if (!r.applicable) continue;
        if (r.outcome == verdict::unknown) ++unknown;
        if (r.outcome == verdict::refuted) ++(r.counts == weight::gate ? refuted_gate : refuted_report);
    }
    os << "\n";
    int const code = exit_override ? *exit_override : exit_code_for(results);
    if (code == exit_output) os << "Verdict: the results above were found, but an output could not be written";
    else if (code == exit_ok) os << "Verdict: every property that counts is PROVED";
    else if (code == exit_refuted) os << "Verdict: REFUTED (" << refuted_gate << " propert" << (refuted_gate == 1 ? "y" : "ies") << " that count" << (refuted_gate == 1 ? "s" : "") << ")";
    else os << "Verdict: UNKNOWN (" << unknown << " quer" << (unknown == 1 ? "y" : "ies") << " without an answer; a timeout is never a pass)";
    if (refuted_report) os << "; " << refuted_report << " reported claim" << (refuted_report == 1 ? "" : "s") << " refuted (not required)";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f", seconds);
    os << ". " << buf << " s, exit " << code << "\n";
}

void print_table(std::ostream& os, certificate const& c, std::optional<int> exit_override) {
    os << "swz-verify " << tool_version() << ": " << c.spec << ", " << describe_tile(c.shape, c.chunk_bytes) << "\n";
    print_results(os, c.results);
    print_verdict(os, c.results, c.seconds, exit_override);
}

nlohmann::json result_json(property_result const& r) {
    nlohmann::json e;
    e["id"] = r.id;
    e["section"] = r.section;
    e["statement"] = r.statement;
    e["counts"] = r.counts == weight::gate ? "gate" : "report";
    e["applicable"] = r.applicable;
    e["verdict"] = r.applicable ? std::string(verdict_name(r.outcome)) : "N/A";
    if (!r.reason.empty()) e["reason"] = r.reason;
    if (!r.method.empty()) e["method"] = r.method;
    if (r.fig) e["figure"] = {{"value", r.fig->value}, {"unit", r.fig->unit}, {r.fig->reference_name, r.fig->reference}};
    if (!r.evidence.is_null()) e[r.outcome == verdict::refuted ? "counterexample" : "witness"] = r.evidence;
    if (!r.evidence_text.empty()) e["evidence_text"] = r.evidence_text;
    return e;
}

nlohmann::json layout_json(certificate const& c) {
    return {{"spec", c.spec},       {"family", c.family},         {"rows", c.shape.rows},
            {"row_bytes", c.shape.row_bytes}, {"elem", c.shape.elem}, {"cols", c.shape.cols()},
            {"chunk_bytes", c.chunk_bytes}};
}

nlohmann::json document_header(std::string const& mode, std::string const& tool) {
    return {{"schema_version", certificate_schema_version},
            {"mode", mode},
            {"tool", tool},
            {"tool_version", tool_version()},
            {"z3_version", z3_version()}};
}

nlohmann::json to_json(certificate const& c) {
    nlohmann::json j = document_header("layout");
    j["layout"] = layout_json(c);
    if (c.article)
        j["article"] = {{"nx", c.article->nx}, {"elem", c.article->elem}, {"tc", c.article->tc},
                        {"chunks_per_row", c.article->chunks_per_row()}, {"elems_per_chunk", c.article->elems_per_chunk()}};
    nlohmann::json req = nlohmann::json::array();
    for (auto const& a : c.required.conflict_free) req.push_back(a);
    j["requirements"] = {{"conflict_free", req}, {"article", c.required.article}};
    j["timeout_ms"] = c.timeout_ms;
    j["results"] = nlohmann::json::array();
    for (auto const& r : c.results) j["results"].push_back(result_json(r));
    j["exit_code"] = exit_code_for(c.results);
    return j;
}

}  // namespace swz::verify
