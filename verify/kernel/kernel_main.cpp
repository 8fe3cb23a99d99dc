// swz-verify's kernel mode (--kernel NAME, --list-kernels).
#include <iostream>

#include "../cli/options.hpp"
#include "../exit_codes.hpp"

namespace swz::verify::cli {

int run_kernel_mode(int, char const* const*) {
    std::cerr << "swz-verify: error: --kernel is not available in this build\n";
    return exit_usage;
}

}  // namespace swz::verify::cli
