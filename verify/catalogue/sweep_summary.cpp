#include "sweep_summary.hpp"


#include <algorithm>

#include "../report.hpp"

namespace swz::verify::catalogue {

namespace {

property_result const* find(certificate const& c, std::string const& id) {
    auto it = std::find_if(c.results.begin(), c.results.end(), [&](property_result const& r) { return r.id == id; });
    return it == c.results.end() ? nullptr : &*it;
}

std::string verdict_cell(property_result const* r) {
    if (!r) return "-";
    if (!r->applicable) return "n/a";
    return std::string(verdict_name(r->outcome));
}

// "4/1": worst-case wavefronts over the ideal; flagged when not proved.
std::string figure_cell(property_result const* r) {
    if (!r) return "-";
    if (!r->applicable) return "n/a";
    std::string s = r->fig ? std::to_string(r->fig->value) + "/" + std::to_string(r->fig->reference) : "";
    if (r->outcome != verdict::proved) {
        if (!s.empty()) s += ' ';
        s += verdict_name(r->outcome);
    }
    return s;
}

std::string article_cell(certificate const& c) {
    unsigned refuted = 0, total = 0;
    for (auto const& r : c.results)
        if (r.section == "article" && r.applicable) {
            ++total;
            refuted += r.outcome == verdict::refuted;
        }
    if (total == 0) return "n/a";
    return refuted == 0 ? "all hold" : std::to_string(refuted) + " of " + std::to_string(total) + " refuted";
}

std::string rows_text(std::uint64_t rows) { return rows == all_32bit_rows ? "2^32" : std::to_string(rows); }

std::string skipped_text(sweep_tally const& t) {
    unsigned total = 0;
    std::string parts;
    for (auto const& [rule, n] : t.skipped) {
        total += n;
        parts += (parts.empty() ? "" : "; ") + std::to_string(n) + " " + rule;
    }
    std::string s = std::to_string(total) + " combination" + (total == 1 ? "" : "s") + " skipped for breaking a layout rule";
    if (total) s += " (" + parts + ")";
    if (t.outside_row_bytes) s += ", " + std::to_string(t.outside_row_bytes) + " outside --row-bytes";
    return s;
}

char const* const layout_ids[] = {"formula.lowering", "bijection", "row_permutation", "chunk_integrity", "involution"};
char const* const conflict_ids[] = {"conflict.row", "conflict.row-chunk", "conflict.column", "conflict.column-chunk"};

}  // namespace

std::string markdown_summary(std::vector<sweep_row> const& rows, sweep_tally const& tally) {
    std::string s = "# swz-verify sweep: " + tally.ranges + "\n\n";
    s += std::to_string(rows.size()) + " layout" + (rows.size() == 1 ? "" : "s") + " certified; " + skipped_text(tally) + ".\n\n";
    s += "Conflict figures are worst-case wavefronts / ideal over every start; spread is the fewest distinct x_swz over\n"
         "32 rows / the article's claim. Exit is swz-verify's exit code for the layout (0: every property that counts holds).\n\n";
    s += "| layout | role | spec | elem | row B | rows | exit | lowering | bijection | row perm. | chunks | involution "
         "| row | row-chunk | column | column-chunk | spread | article |\n";
    s += "|---|---|---|---:|---:|---:|---:|---|---|---|---|---|---:|---:|---:|---:|---:|---|\n";
    for (auto const& r : rows) {
        auto const& t = r.entry.tile;
        std::string const spec = t.other.empty() ? t.layout : t.layout + " = " + t.other;
        s += "| " + r.entry.name + " | " + std::string(role_name(r.entry.role)) + " | `" + spec + "` | " +
             std::to_string(t.shape.elem) + " | " + std::to_string(t.shape.row_bytes) + " | " + rows_text(t.shape.rows) +
             " | " + std::to_string(r.exit_code) + " |";
        // Cell by cell (GCC 12 warns falsely, -Wrestrict, on " " + std::string).
        auto const cell = [&](std::string const& text) { s.append(" ").append(text).append(" |"); };
        for (auto id : layout_ids) cell(verdict_cell(find(r.cert, id)));
        for (auto id : conflict_ids) cell(figure_cell(find(r.cert, id)));
        cell(figure_cell(find(r.cert, "column_spread")));
        cell(article_cell(r.cert));
        s += '\n';
    }
    bool any_unmet = false;
    for (auto const& r : rows)
        for (auto const& u : r.unmet) {
            if (!any_unmet) s += "\nUnmet expectations:\n\n";
            any_unmet = true;
            s += "- " + r.entry.name + ": " + u + "\n";
        }
    return s;
}

nlohmann::json json_summary(std::vector<sweep_row> const& rows, sweep_tally const& tally) {
    nlohmann::json j = document_header("sweep");
    j["ranges"] = tally.ranges;
    j["skipped"] = tally.skipped;
    j["outside_row_bytes"] = tally.outside_row_bytes;
    j["layouts"] = nlohmann::json::array();
    for (auto const& r : rows) {
        auto const& t = r.entry.tile;
        nlohmann::json l;
        l["name"] = r.entry.name;
        l["role"] = role_name(r.entry.role);
        l["layout"] = t.layout;
        if (!t.other.empty()) l["other"] = t.other;
        l["elem"] = t.shape.elem;
        l["row_bytes"] = t.shape.row_bytes;
        l["rows"] = t.shape.rows;
        l["exit_code"] = r.exit_code;
        l["unmet_expectations"] = r.unmet;
        if (r.cert.article) l["article"] = {{"nx", r.cert.article->nx}, {"elem", r.cert.article->elem}, {"tc", r.cert.article->tc}};
        // The same result objects as a certificate's.
        l["results"] = nlohmann::json::array();
        for (auto const& res : r.cert.results) l["results"].push_back(result_json(res));
        j["layouts"].push_back(l);
    }
    return j;
}

}  // namespace swz::verify::catalogue
