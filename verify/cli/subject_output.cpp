#include "subject_output.hpp"

#include <iostream>

#include "../exit_codes.hpp"
#include "../format/junit_report.hpp"
#include "../format/markdown_report.hpp"
#include "../format/sarif_report.hpp"
#include "../report.hpp"
#include "options.hpp"

namespace swz::verify::cli {

namespace {

// The results in the --format asked for; `code` is the run's exit code,
// which the table's and Markdown's verdict lines name.
std::string formatted(output_format f, std::vector<report_subject> const& subjects, nlohmann::json const& doc, int code) {
    switch (f) {
        case output_format::json: return doc.dump(2) + "\n";
        case output_format::markdown: return markdown_report(subjects, code);
        case output_format::sarif: return sarif_report(subjects).dump(2) + "\n";
        case output_format::junit: return junit_report(subjects);
        case output_format::text: break;
    }
    return "";
}

}  // namespace

int usage_exit(std::string const& message) {
    std::cerr << "swz-verify: error: " << one_line(message) << "\n";
    return exit_usage;
}

int output_exit(std::string const& message) {
    std::cerr << "swz-verify: error: " << one_line(message) << "\n";
    return exit_output;
}

int flushed_exit(int code, char const* what) {
    static bool said = false;  // a lost standard output is said once, by its first writer
    auto e = catalogue::flush_stdout(what);
    if (!e) return code;
    if (!said) output_exit(*e), said = true;
    return worse_exit(code, exit_output);
}

std::vector<option_spec> subject_output_options(std::string const& document, std::string const& quiet_shape) {
    return {{"--json", 1, false, "FILE", "write " + document + " as JSON to FILE (- for standard output)"},
            {"--format", 1, false, "FORMAT", "standard output's shape: " + format_names() + " (default text, the table)"},
            {"--out", 1, false, "FILE", "write the --format output to FILE instead of standard output"},
            {"--quiet", 0, false, "", "print only the findings, one line each: " + quiet_shape}};
}

std::variant<subject_output, usage_error, std::string> subject_output::open(arguments const& a, std::string const& document) {
    subject_output o;
    o.json_path_ = a.value("--json").value_or("");
    std::string const format_text = a.value("--format").value_or("");
    std::string out_path = a.value("--out").value_or("");
    o.quiet_ = a.has("--quiet");
    if (!format_text.empty()) {
        auto const f = parse_output_format(format_text);
        if (!f) return usage_error{"--format " + format_text + ": not a format (" + format_names() + ")"};
        o.format_ = *f;
    }
    if (out_path == "-") out_path.clear();
    // Standard output carries one thing: the table, a --format document,
    // the document of --json -, or the findings.
    o.json_on_stdout_ = o.json_path_ == "-";
    o.format_on_stdout_ = o.format_ != output_format::text && out_path.empty();
    if (o.json_on_stdout_ && o.format_on_stdout_)
        return usage_error{"--json - and --format " + format_name(o.format_) +
                           " both write standard output; send one of them to a file"};
    if (o.quiet_ && o.json_on_stdout_)
        return usage_error{"--quiet prints only the findings on standard output; send --json to a file"};
    if (o.quiet_ && o.format_on_stdout_)
        return usage_error{"--quiet prints only the findings on standard output; send --format " + format_name(o.format_) +
                           " to a file with --out FILE"};
    // Checked before any solving: a path that cannot be written fails now,
    // and every named file stays as it was until the results are written.
    if (auto e = catalogue::shared_output({{"--json", o.json_path_}, {"--out", out_path}})) return usage_error{*e};
    if (!o.json_path_.empty() && !o.json_on_stdout_) {
        auto checked = catalogue::output_file::checked(o.json_path_, document);
        if (auto const* e = std::get_if<std::string>(&checked)) return *e;
        o.json_file_.emplace(std::get<catalogue::output_file>(checked));
    }
    if (!out_path.empty()) {
        auto checked = catalogue::output_file::checked(out_path, "the --format output");
        if (auto const* e = std::get_if<std::string>(&checked)) return *e;
        o.out_file_.emplace(std::get<catalogue::output_file>(checked));
    }
    o.table_kept_ = o.quiet_ || (o.format_ == output_format::text && o.out_file_);
    return o;
}

std::ostream& subject_output::table() {
    if (table_kept_) return kept_;
    return json_on_stdout_ || format_on_stdout_ ? std::cerr : std::cout;
}

int subject_output::finish(std::vector<report_subject> const& subjects, std::vector<property_result> const& all,
                           nlohmann::json doc, double seconds) {
    // Every file first: the verdict line must name the real exit code.
    int code = exit_code_for(all);
    doc["exit_code"] = code;
    if (json_file_)
        if (auto e = json_file_->write(doc.dump(2) + "\n")) code = worse_exit(code, output_exit(*e));
    if (json_on_stdout_) {
        std::cout << doc.dump(2) << "\n";
        code = flushed_exit(code, "the --json document");
    }
    std::string text = formatted(format_, subjects, doc, code);
    if (format_ == output_format::text) {
        std::ostringstream verdict;
        print_verdict(verdict, all, seconds, code);
        text = kept_.str() + verdict.str();
    }
    if (out_file_) {
        if (auto e = out_file_->write(text)) code = worse_exit(code, output_exit(*e));
    } else if (format_on_stdout_) {
        std::cout << text;
        code = flushed_exit(code, "the --format output");  // before the verdict line names the code
    }
    if (quiet_) std::cout << finding_lines(subjects);
    else if (!table_kept_) print_verdict(table(), all, seconds, code);
    return code;
}

}  // namespace swz::verify::cli
