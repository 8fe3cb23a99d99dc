#include "api/user_access.hpp"

#include <chrono>
#include <iostream>
#include <sstream>

#include "cli/arguments.hpp"
#include "cli/options.hpp"
#include "cli/output_file.hpp"
#include "conflict_bound.hpp"
#include "exit_codes.hpp"
#include "prover.hpp"
#include "report.hpp"

namespace swz::verify {

property_result prove_user_access(access_subject const& a, required need, unsigned timeout_ms) {
    prover p(timeout_ms);
    auto const start = std::chrono::steady_clock::now();
    property_result r = prove_conflict_bound(p, a, need == required::conflict_free);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

namespace {

std::vector<cli::option_spec> const certifier_options = {
    {"--json", 1, false, "FILE", "write the results as JSON to FILE (- for standard output)"},
    {"--timeout-ms", 1, false, "N", "each solver query's time limit in milliseconds (default 10000)"},
};


}  // namespace

int access_certifier::run(int argc, char** argv) const {
    std::string const program = argc > 0 ? argv[0] : "swz-certifier";
    auto const parsed = cli::parse_arguments(argc, argv, certifier_options);
    if (auto const* e = std::get_if<cli::usage_error>(&parsed)) {
        std::cerr << program << ": error: " << e->message << "\n";
        return exit_usage;
    }
    auto const& args = std::get<cli::arguments>(parsed);
    if (args.help || args.version) {
        std::cout << "usage: " << program << " [--json FILE] [--timeout-ms N]\n"
                  << "Proves this program's shared-memory accesses with swz " << tool_version() << ".\n"
                  << cli::options_help(certifier_options);
        return exit_ok;
    }
    auto const timeout = cli::timeout_option(args, 10000);
    if (auto const* e = std::get_if<cli::usage_error>(&timeout)) {
        std::cerr << program << ": error: " << e->message << "\n";
        return exit_usage;
    }
    unsigned const timeout_ms = std::get<unsigned>(timeout);
    std::optional<cli::output_file> json;
    if (auto j = args.value("--json")) {
        json.emplace(*j);
        if (auto e = json->probe()) {
            std::cerr << program << ": error: cannot write the results to " << *j << ": " << *e << "\n";
            return exit_output;
        }
    }
    auto const start = std::chrono::steady_clock::now();
    std::vector<property_result> results;
    for (auto const& e : entries_) results.push_back(prove_user_access(e.access, e.need, timeout_ms));
    double const seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int code = exit_code_for(results);
    if (json) {
        nlohmann::json out = document_header("accesses", "swz");
        out["exit_code"] = code;
        out["results"] = nlohmann::json::array();
        for (std::size_t i = 0; i < results.size(); ++i) {
            auto r = result_json(results[i]);
            r["access"] = {{"instruction", entries_[i].access.instr.name()},
                           {"required", entries_[i].need == required::conflict_free ? "conflict-free" : "figure"}};
            out["results"].push_back(r);
        }
        if (auto e = json->write(out.dump(2) + "\n")) {
            std::cerr << program << ": error: cannot write the results to " << json->path() << ": " << *e << "\n";
            code = worse_exit(code, exit_output);
        }
    }
    std::ostream& os = json && json->path() == "-" ? std::cerr : std::cout;
    print_results(os, results);
    print_verdict(os, results, seconds, code == exit_code_for(results) ? std::nullopt : std::optional<int>(code));
    return code;
}

}  // namespace swz::verify
