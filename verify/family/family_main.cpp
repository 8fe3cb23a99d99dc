// swz-verify's family mode: prove the properties of a whole family of
// layouts at once, its parameters symbolic (--family article).

#include <chrono>
#include <csignal>
#include <iostream>
#include <optional>
#include <sstream>

#include "../catalogue/output_file.hpp"
#include "../cli/options.hpp"
#include "../cli/subject_output.hpp"
#include "../exit_codes.hpp"
#include "../format/findings.hpp"
#include "../report.hpp"
#include "certify_family.hpp"

namespace swz::verify::cli {

int run_family_mode(int argc, char const* const* argv) {
    std::signal(SIGXFSZ, SIG_IGN);  // a file-size limit is a failed write (exit 3), not a killed process
    std::vector<option_spec> options{
        {"--family", 1, false, "NAME", "the family: " + family_names() + " (all parameters symbolic; below)"},
        {"--timeout-ms", 1, false, "MS", "solver time limit per query in ms (default 60000)"},
        {"--log-queries", 0, false, "", "every solver query, its answer and time, on stderr"},
        {"--version", 0, false, "", "print the version"},
    };
    for (auto const& o : subject_output_options("the certificate", "family:NAME: ID: VERDICT: REASON")) options.push_back(o);
    auto const got = parse_arguments(argc, argv, options);
    if (auto const* e = std::get_if<usage_error>(&got)) return usage_exit(e->message);
    auto const& a = std::get<arguments>(got);
    if (a.help) {
        std::cout << "swz-verify family mode: prove a property for every layout of a family in one query\n\n"
                  << "  swz-verify --family NAME [options]\n\n";
        for (auto f : known_families()) std::cout << f->help << "\n\n";
        std::cout << "A counterexample names the parameters and is replayed on that instance.\n\n"
                  << "Options:\n" << options_help(options) << "\n"
                  << "Exit codes (verify/exit_codes.hpp): 0 every property proved; 10 one is refuted; 5 some query is\n"
                     "unknown; 3 the --json or --out file or standard output could not be written (a path that cannot\n"
                     "be opened fails before any solving); 1 usage error; 6 internal error.\n";
        return flushed_exit(exit_ok, "the help");
    }
    if (a.version) {
        std::cout << "swz-verify " << tool_version() << "\n";
        return flushed_exit(exit_ok, "the version");
    }
    std::string const name = a.value("--family").value_or("");
    auto const family = family_named(name);
    if (!family) return usage_exit("--family " + name + ": no such family (" + family_names() + ")");
    auto const timeout = timeout_option(a, 60000);
    if (auto const* e = std::get_if<usage_error>(&timeout)) return usage_exit(e->message);
    unsigned const timeout_ms = std::get<unsigned>(timeout);
    auto opened = subject_output::open(a, "the certificate");
    if (auto const* e = std::get_if<usage_error>(&opened)) return usage_exit(e->message);
    if (auto const* e = std::get_if<std::string>(&opened)) return output_exit(*e);
    auto& output = std::get<subject_output>(opened);
    auto const c = certify_family(*family, timeout_ms, 0, a.has("--log-queries"));
    std::ostream& table = output.table();
    table << "swz-verify " << tool_version() << ": family " << c.name << " (" << c.description << ")\n";
    print_results(table, c.results);
    table << "\n";
    nlohmann::json doc = family_json(c);
    std::vector<report_subject> const subjects{{"family:" + c.name, c.description, c.results, c.seconds}};
    return flushed_exit(output.finish(subjects, c.results, doc, c.seconds), "the results");
}

}  // namespace swz::verify::cli
