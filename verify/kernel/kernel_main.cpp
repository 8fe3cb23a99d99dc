// swz-verify's kernel mode: prove the shared-memory accesses of the
// project's transpose kernels (--kernel NAME|all, --list-kernels).
#include <CLI/CLI.hpp>

#include <chrono>
#include <csignal>
#include <iostream>
#include <optional>

#include "../cli/options.hpp"
#include "../catalogue/output_file.hpp"
#include "../exit_codes.hpp"
#include "../report.hpp"
#include "kernel_properties.hpp"

namespace swz::verify::cli {

namespace {

int usage(std::string const& message) {
    std::cerr << "swz-verify: error: " << one_line(message) << "\n";
    return exit_usage;
}

int output_error(std::string const& message) {
    std::cerr << "swz-verify: error: " << one_line(message) << "\n";
    return exit_output;
}

// Standard output flushed and checked: a lost table is never exit 0.
int flushed(int code, char const* what) {
    if (auto e = catalogue::flush_stdout(what)) return worse_exit(code, output_error(*e));
    return code;
}

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
    CLI::App app{"swz-verify kernel mode: prove every shared-memory access of the project's transpose kernels",
                 "swz-verify"};
    std::vector<std::string> names;
    bool list = false;
    std::string json_path, timeout;
    app.add_option("--kernel", names, "kernel NAME (see --list-kernels) or all; repeatable")->take_all();
    app.add_flag("--list-kernels", list, "list the kernels and their accesses");
    app.add_option("--json", json_path, "write the certificates as JSON to FILE")
        ->multi_option_policy(CLI::MultiOptionPolicy::Throw);
    app.add_option("--timeout-ms", timeout, "solver time limit per query in ms (default 10000)")
        ->multi_option_policy(CLI::MultiOptionPolicy::Throw);
    app.footer("Exit codes (verify/exit_codes.hpp): 0 every access proved; 10 one is refuted; 5 some query is unknown;\n"
               "3 the --json file or standard output could not be written (a --json path that cannot be opened fails\n"
               "before any solving); 1 usage error; 6 internal error. When several apply, the first of 6, 10, 3, 5.\n"
               "A kernel that claims to be conflict-free must reach the ideal on every access.");
    try {
        app.parse(argc, argv);
    } catch (CLI::CallForHelp const&) {
        std::cout << app.help();
        return flushed(exit_ok, "the help");
    } catch (CLI::ParseError const& e) {
        return usage(e.what());
    }
    unsigned timeout_ms = 10000;
    if (!timeout.empty()) {
        auto v = parse_count("--timeout-ms", timeout, 1, 0xffffffffu);
        if (auto* e = std::get_if<usage_error>(&v)) return usage(e->message);
        timeout_ms = unsigned(std::get<std::uint64_t>(v));
    }
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
        return flushed(exit_ok, "the list");
    }
    if (names.empty()) return usage("missing --kernel NAME (or --list-kernels)");
    std::vector<kernel_entry const*> chosen;
    for (auto const& n : names) {
        bool found = false;
        for (auto const& k : kernels)
            if (n == "all" || k.info.name == n) {
                chosen.push_back(&k);
                found = true;
            }
        if (!found) return usage("--kernel " + n + ": no such kernel (see --list-kernels)");
    }
    // Opened before any solving: a path that cannot be written fails now.
    std::optional<catalogue::output_file> json_file;
    if (!json_path.empty()) {
        auto opened = catalogue::output_file::open(json_path, "the certificates");
        if (auto const* e = std::get_if<std::string>(&opened)) return output_error(*e);
        json_file.emplace(std::move(std::get<catalogue::output_file>(opened)));
    }
    auto const t0 = std::chrono::steady_clock::now();
    std::vector<property_result> all;
    nlohmann::json doc;
    doc["tool"] = "swz-verify";
    doc["tool_version"] = tool_version();
    doc["z3_version"] = z3_version();
    doc["kernels"] = nlohmann::json::array();
    for (auto const* k : chosen) {
        auto const c = certify_kernel(*k, timeout_ms);
        std::cout << "swz-verify " << tool_version() << ": kernel " << k->info.name << " (" << k->info.description << ", "
                  << k->info.shared_bytes << " B of shared memory)\n";
        print_results(std::cout, c.results);
        std::cout << "\n";
        all.insert(all.end(), c.results.begin(), c.results.end());
        doc["kernels"].push_back(kernel_json(c));
    }
    double const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    print_verdict(std::cout, all, seconds);
    doc["exit_code"] = exit_code_for(all);
    int code = exit_code_for(all);
    if (json_file)
        if (auto e = json_file->write_and_close(doc.dump(2) + "\n")) code = worse_exit(code, output_error(*e));
    return flushed(code, "the results");
}

}  // namespace swz::verify::cli
