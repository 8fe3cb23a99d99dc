// swz-verify: certify a swizzled shared-memory layout.
#include <fstream>
#include <iostream>

#include "../exit_codes.hpp"
#include "../report.hpp"
#include "options.hpp"

namespace {

using namespace swz::verify;

int run(int argc, char** argv) {
    auto const parsed = cli::parse(argc, argv);
    if (auto const* info = std::get_if<cli::info_text>(&parsed)) {
        std::cout << info->text;
        return exit_ok;
    }
    if (auto const* err = std::get_if<cli::usage_error>(&parsed)) {
        std::cerr << "swz-verify: error: " << err->message << "\n";
        return exit_usage;
    }
    auto const& cmd = std::get<cli::layout_command>(parsed);
    certify_options opts;
    opts.timeout_ms = cmd.timeout_ms;
    opts.required = cmd.required;
    opts.log_queries = cmd.log_queries;
    certificate const c = certify(article_subject(cmd.params, cmd.rows), opts);
    print_table(std::cout, c);
    if (cmd.json_path) {
        std::ofstream out(*cmd.json_path);
        out << to_json(c).dump(2) << "\n";
        if (!out) {
            std::cerr << "swz-verify: error: cannot write the certificate to " << *cmd.json_path << "\n";
            return exit_usage;
        }
    }
    return exit_code_for(c.results);
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (std::exception const& e) {
        std::cerr << "swz-verify: internal error: " << e.what() << "\n";
        return exit_internal;
    } catch (...) {
        std::cerr << "swz-verify: internal error\n";
        return exit_internal;
    }
}
