// swz-verify's layout mode: certify one layout.
#include <fstream>
#include <iostream>

#include "../exit_codes.hpp"
#include "../report.hpp"
#include "options.hpp"

namespace swz::verify::cli {

int run_layout_mode(int argc, char const* const* argv) {
    auto const parsed = parse(argc, argv);
    if (auto const* info = std::get_if<info_text>(&parsed)) {
        std::cout << info->text;
        return exit_ok;
    }
    if (auto const* err = std::get_if<usage_error>(&parsed)) {
        std::cerr << "swz-verify: error: " << err->message << "\n";
        return exit_usage;
    }
    auto const& cmd = std::get<layout_command>(parsed);
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

}  // namespace swz::verify::cli
