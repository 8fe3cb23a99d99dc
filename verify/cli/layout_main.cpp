// swz-verify's layout mode: certify one layout, or prove two equal.
#include <iostream>
#include <sstream>

#include "../exit_codes.hpp"
#include "../format/findings.hpp"
#include "../format/junit_report.hpp"
#include "../format/markdown_report.hpp"
#include "../format/sarif_report.hpp"
#include "../report.hpp"
#include "../suggest.hpp"
#include "../picture/certificate_picture.hpp"
#include "options.hpp"
#include "output_file.hpp"

namespace swz::verify::cli {


namespace {

// The table (or ranking) flushed and checked: a lost one is exit 3 (or the
// worse code the run already has), with a line saying so.
int table_written(std::ostream& os, int code) {
    os.flush();
    if (os) return code;
    std::cerr << "swz-verify: error: cannot write the table to " << (&os == &std::cerr ? "standard error" : "standard output")
              << "\n";
    return worse_exit(code, exit_output);
}

// The picture, when asked for: exit 3 and a line when it is not written.
int write_picture(std::optional<output_file> const& svg, certificate const& c, layout_subject const& t, int code) {
    if (!svg) return code;
    if (auto why = svg->write(render_tile_svg(picture_of(c, t)))) {
        std::cerr << "swz-verify: error: --svg: " << *why << "\n";
        return worse_exit(code, exit_output);
    }
    return code;
}

int run_suggest(layout_command const& cmd, certify_options const& opts, std::optional<output_file> const& json,
                std::optional<output_file> const& svg) {
    suggestion const s = suggest_layout(cmd.tile, cmd.accesses, opts);
    int code = suggestion_exit_code(s);
    if (s.chosen) {
        auto const chosen = parse_layout(s.ranked.front().spec, cmd.tile);
        code = write_picture(svg, *s.chosen, std::get<layout_subject>(chosen), code);
    }
    if (json)
        if (auto why = json->write(suggestion_json(s).dump(2) + "\n")) {
            std::cerr << "swz-verify: error: --json: " << *why << "\n";
            code = worse_exit(code, exit_output);
        }
    if (cmd.format == output_format::json) {
        output_file const out(cmd.out_path.value_or("-"));
        if (auto why = out.write(suggestion_json(s).dump(2) + "\n")) {
            std::cerr << "swz-verify: error: --format json: " << *why << "\n";
            code = worse_exit(code, exit_output);
        }
    }
    bool const json_on_stdout = (cmd.json_path && *cmd.json_path == "-") || (cmd.format == output_format::json && !cmd.out_path);
    if (cmd.out_path && cmd.format == output_format::text) {  // the ranking to the file
        std::ostringstream ranking;
        print_suggestion(ranking, s);
        if (auto why = output_file(*cmd.out_path).write(ranking.str())) {
            std::cerr << "swz-verify: error: --out: " << *why << "\n";
            code = worse_exit(code, exit_output);
        }
        return code;
    }
    std::ostream& os = json_on_stdout ? std::cerr : std::cout;
    print_suggestion(os, s);
    return table_written(os, code);
}

// The certificate in the --format the command asked for; `code` is the exit
// code so far, which the table's and Markdown's verdict lines name.
// What the reports name the run's subject: its spec, or both of --equiv's.
report_subject subject_for(layout_command const& cmd, certificate const& c) {
    report_subject subject = subject_of(c);
    if (cmd.other) subject.name = c.spec + " = " + cmd.other->spec;
    return subject;
}

std::string formatted(layout_command const& cmd, certificate const& c, nlohmann::json const& doc, int code) {
    report_subject const subject = subject_for(cmd, c);
    switch (cmd.format) {
        case output_format::json: return doc.dump(2) + "\n";
        case output_format::markdown: return markdown_report({subject}, code);
        case output_format::sarif: return sarif_report({subject}).dump(2) + "\n";
        case output_format::junit: return junit_report({subject});
        case output_format::text: break;
    }
    std::ostringstream os;
    print_table(os, c, code);
    return os.str();
}

}  // namespace

int run_layout_mode(int argc, char const* const* argv) {
    auto const parsed = parse(argc, argv);
    if (auto const* info = std::get_if<info_text>(&parsed)) {
        std::cout << info->text;
        return exit_ok;
    }
    if (auto const* err = std::get_if<usage_error>(&parsed)) {
        std::cerr << "swz-verify: error: " << one_line(err->message) << "\n";
        return exit_usage;
    }
    auto const& cmd = std::get<layout_command>(parsed);
    std::optional<output_file> json;
    if (cmd.json_path) {
        json.emplace(*cmd.json_path);
        if (auto why = json->probe()) {
            std::cerr << "swz-verify: error: --json: " << *why << "\n";
            return exit_output;
        }
    }
    if (cmd.out_path)
        if (auto why = output_file(*cmd.out_path).probe()) {
            std::cerr << "swz-verify: error: --out: " << *why << "\n";
            return exit_output;
        }
    std::optional<output_file> svg;
    if (cmd.svg_path) {
        svg.emplace(*cmd.svg_path);
        if (auto why = svg->probe()) {
            std::cerr << "swz-verify: error: --svg: " << *why << "\n";
            return exit_output;
        }
    }
    certify_options opts;
    opts.timeout_ms = cmd.timeout_ms;
    opts.required = cmd.required;
    opts.accesses = cmd.accesses;
    opts.log_queries = cmd.log_queries;
    if (cmd.suggest) return run_suggest(cmd, opts, json, svg);
    certificate const c = cmd.other ? certify_equivalence(cmd.subject, *cmd.other, opts) : certify(cmd.subject, opts);
    nlohmann::json doc = to_json(c);
    if (cmd.other) {
        doc["mode"] = "equivalence";
        doc["other"] = {{"spec", cmd.other->spec}, {"family", cmd.other->family}};
    }
    // The certificate first: the verdict line must name the real exit code.
    int code = exit_code_for(c.results);
    if (json)
        if (auto why = json->write(doc.dump(2) + "\n")) {
            std::cerr << "swz-verify: error: --json: " << *why << "\n";
            code = worse_exit(code, exit_output);  // a refutation still outranks a lost file
        }
    if (!cmd.other) code = write_picture(svg, c, cmd.subject, code);
    // The --format document, to --out or standard output; written after the
    // other files, so the exit code it names is the run's.
    std::string const text = formatted(cmd, c, doc, code);
    bool const document_on_stdout = (cmd.json_path && *cmd.json_path == "-") ||
                                    (cmd.format != output_format::text && !cmd.out_path);
    if (cmd.out_path || cmd.format != output_format::text) {
        if (auto why = output_file(cmd.out_path.value_or("-")).write(text)) {
            std::cerr << "swz-verify: error: " << (cmd.out_path ? "--out" : "--format") << ": " << *why << "\n";
            code = worse_exit(code, exit_output);
        }
    }
    if (cmd.quiet) {
        // Only the findings: the table is not shown anywhere.
        std::cout << finding_lines({subject_for(cmd, c)});
        std::cout.flush();
        if (std::cout) return code;
        std::cerr << "swz-verify: error: cannot write the findings to standard output\n";
        return worse_exit(code, exit_output);
    }
    if (cmd.out_path && cmd.format == output_format::text) return code;  // the table went to the file
    // With a document on standard output, the table goes to stderr.
    std::ostream& os = document_on_stdout ? std::cerr : std::cout;
    print_table(os, c, code);
    return table_written(os, code);
}

}  // namespace swz::verify::cli
