// swz-verify's catalogue mode (--check DIR, --sweep ...).
#include <iostream>

#include "../cli/options.hpp"
#include "../exit_codes.hpp"

namespace swz::verify::cli {

int run_catalogue_mode(int, char const* const*) {
    std::cerr << "swz-verify: error: --check and --sweep are not available in this build\n";
    return exit_usage;
}

}  // namespace swz::verify::cli
