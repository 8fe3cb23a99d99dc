// swz-verify's kernel mode: prove the shared-memory accesses of the
// project's transpose kernels (--kernel NAME|all, --list-kernels).

#include <algorithm>
#include <chrono>
#include <csignal>
#include <iostream>
#include <optional>
#include <sstream>

#include "../cli/options.hpp"
#include "../catalogue/output_file.hpp"
#include "../exit_codes.hpp"
#include "../format/findings.hpp"
#include "../cli/subject_output.hpp"
#include "../report.hpp"
#include "kernel_properties.hpp"

namespace swz::verify::cli {

namespace {

nlohmann::json kernel_json(kernel_certificate const& c) {
    nlohmann::json j;
    j["kernel"] = std::string(c.info.name);
    j["description"] = std::string(c.info.description);
    j["claims_conflict_free"] = c.info.claims_conflict_free;
    j["shared_bytes"] = c.info.shared_bytes;
    auto const& t = c.info.tile;
    j["tile"] = {{"spec", t.spec}, {"rows", t.shape.rows}, {"row_bytes", t.shape.row_bytes}, {"elem", t.shape.elem},
                 {"pitch", t.pitch}};
    j["results"] = nlohmann::json::array();
    for (auto const& r : c.results) j["results"].push_back(result_json(r));
    j["exit_code"] = exit_code_for(c.results);
    return j;
}

}  // namespace

int run_kernel_mode(int argc, char const* const* argv) {
    std::signal(SIGXFSZ, SIG_IGN);  // a file-size limit is a failed write (exit 3), not a killed process
    std::vector<option_spec> options{
        {"--kernel", 1, true, "NAME", "kernel NAME (see --list-kernels) or all"},
        {"--list-kernels", 0, false, "", "list the kernels and their accesses"},
        {"--timeout-ms", 1, false, "MS", "solver time limit per query in ms (default 10000)"},
        {"--version", 0, false, "", "print the version"},
    };
    for (auto const& o : subject_output_options("the certificates", "KERNEL: ID: VERDICT: REASON")) options.push_back(o);
    // swz-verify's own parser: one line in swz's words for every bad option.
    auto const got = parse_arguments(argc, argv, options);
    if (auto const* e = std::get_if<usage_error>(&got)) return usage_exit(e->message);
    auto const& a = std::get<arguments>(got);
    if (a.help) {
        std::cout << "swz-verify kernel mode: prove every shared-memory access of the project's transpose kernels\n\n"
                  << "  swz-verify --kernel NAME|all [--kernel NAME]... [options]\n  swz-verify --list-kernels\n\n"
                  << "Options:\n" << options_help(options) << "\n"
                  << "Exit codes (verify/exit_codes.hpp): 0 every access proved; 10 one is refuted; 5 some query is unknown;\n"
                     "3 the --json or --out file or standard output could not be written (a path that cannot be opened fails\n"
                     "before any solving); 1 usage error; 6 internal error. When several apply, the first of 6, 10, 3, 5.\n"
                     "A kernel that claims to be conflict-free must reach the ideal on every access.\n";
        return flushed_exit(exit_ok, "the help");
    }
    if (a.version) {
        std::cout << "swz-verify " << tool_version() << "\n";
        return flushed_exit(exit_ok, "the version");
    }
    std::vector<std::string> names = a.values("--kernel");
    bool const list = a.has("--list-kernels");
    if (list && !names.empty()) return usage_exit("--list-kernels and --kernel are two requests: give one");
    for (char const* output : {"--json", "--out", "--format", "--quiet"})
        if (list && a.has(output))
            return usage_exit(std::string("--list-kernels prints the list on standard output; ") + output + " belongs to --kernel");
    for (std::size_t n = 0; n < names.size(); ++n)
        for (std::size_t m = 0; m < n; ++m)
            if (names[n] == names[m]) return usage_exit("--kernel " + names[n] + " is given more than once");
    if (names.size() > 1 && std::find(names.begin(), names.end(), "all") != names.end())
        return usage_exit("--kernel all names every kernel: give it alone");
    auto const timeout = timeout_option(a, 10000);
    if (auto const* e = std::get_if<usage_error>(&timeout)) return usage_exit(e->message);
    unsigned const timeout_ms = std::get<unsigned>(timeout);
    auto const kernels = all_kernels();
    if (list) {
        for (auto const& k : kernels) {
            std::cout << k.info.name << ": " << k.info.description << (k.info.claims_conflict_free ? " (claims conflict-free)" : "") << "\n";
            for (auto const& a : k.accesses) {
                std::cout << "    " << a.info.name << ": " << a.info.instr.width << " B/lane over";
                for (unsigned i = 0; i < a.info.var_count; ++i) std::cout << " " << a.info.vars[i].name << " < " << a.info.vars[i].count;
                std::cout << "\n";
            }
        }
        return flushed_exit(exit_ok, "the list");
    }
    if (names.empty()) return usage_exit("missing --kernel NAME (or --list-kernels)");
    std::vector<kernel_entry const*> chosen;
    for (auto const& n : names) {
        bool found = false;
        for (auto const& k : kernels)
            if (n == "all" || k.info.name == n) {
                chosen.push_back(&k);
                found = true;
            }
        if (!found) return usage_exit("--kernel " + n + ": no such kernel (see --list-kernels)");
    }
    auto opened = subject_output::open(a, "the certificates");
    if (auto const* e = std::get_if<usage_error>(&opened)) return usage_exit(e->message);
    if (auto const* e = std::get_if<std::string>(&opened)) return output_exit(*e);
    auto& output = std::get<subject_output>(opened);
    std::ostream& table = output.table();
    std::vector<report_subject> subjects;
    auto const t0 = std::chrono::steady_clock::now();
    std::vector<property_result> all;
    nlohmann::json doc = document_header("kernel");
    doc["kernels"] = nlohmann::json::array();
    for (auto const* k : chosen) {
        auto const c = certify_kernel(*k, timeout_ms);
        table << "swz-verify " << tool_version() << ": kernel " << k->info.name << " (" << k->info.description << ", "
              << k->info.shared_bytes << " B of shared memory)\n";
        print_results(table, c.results);
        table << "\n";
        table.flush();
        all.insert(all.end(), c.results.begin(), c.results.end());
        doc["kernels"].push_back(kernel_json(c));
        double seconds = 0;
        for (auto const& r : c.results) seconds += r.seconds;
        subjects.push_back({std::string(k->info.name), std::string(k->info.description), c.results, seconds});
    }
    double const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return flushed_exit(output.finish(subjects, all, doc, seconds), "the results");
}

}  // namespace swz::verify::cli
