// swz-verify's catalogue mode (--check DIR, --sweep ...).
#include <csignal>
#include <iostream>

#include "../cli/options.hpp"
#include "../exit_codes.hpp"
#include "catalogue_options.hpp"
#include "check_command.hpp"
#include "output_file.hpp"
#include "sweep_command.hpp"

namespace swz::verify::cli {

int run_catalogue_mode(int argc, char const* const* argv) {
    // A file-size limit makes a write fail (EFBIG), reported as an output
    // error, instead of killing the process half-way through a catalogue.
    std::signal(SIGXFSZ, SIG_IGN);
    auto const parsed = catalogue::parse(argc, argv);
    if (auto const* info = std::get_if<info_text>(&parsed)) {
        std::cout << info->text;
        if (auto e = catalogue::flush_stdout("the help")) {
            std::cerr << "swz-verify: error: " << *e << "\n";
            return exit_output;
        }
        return exit_ok;
    }
    if (auto const* err = std::get_if<usage_error>(&parsed)) {
        std::cerr << "swz-verify: error: " << one_line(err->message) << "\n";
        return exit_usage;
    }
    if (auto const* check = std::get_if<catalogue::check_command>(&parsed)) return catalogue::run_check(*check);
    return catalogue::run_sweep(std::get<catalogue::sweep_command>(parsed));
}

}  // namespace swz::verify::cli
