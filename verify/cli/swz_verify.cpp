// swz-verify: certify a swizzled shared-memory layout, a kernel's accesses,
// or a catalogue of certificates. See options.hpp for the modes.
#include <iostream>

#include "../exit_codes.hpp"
#include "options.hpp"
#include "subject_output.hpp"

int main(int argc, char** argv) {
    using namespace swz::verify;
    try {
        if (auto const e = cli::mixed_modes(argc, argv)) return cli::usage_exit(e->message);
        switch (cli::mode_of(argc, argv)) {
            case cli::mode::layout: return cli::run_layout_mode(argc, argv);
            case cli::mode::kernel: return cli::run_kernel_mode(argc, argv);
            case cli::mode::catalogue: return cli::run_catalogue_mode(argc, argv);
            case cli::mode::family: return cli::run_family_mode(argc, argv);
        }
        return exit_internal;
    } catch (std::exception const& e) {
        std::cerr << "swz-verify: internal error: " << e.what() << "\n";
        return exit_internal;
    } catch (...) {
        std::cerr << "swz-verify: internal error\n";
        return exit_internal;
    }
}
