// The kernels of swz/kernels/kernel_catalog.hpp as the prover sees them: each
// shared-memory access an access_subject over (warp, iteration[, read]), the
// one access type of every built-in pattern and user formula.
#pragma once

#include <string>
#include <vector>

#include "../access_subject.hpp"
#include "swz/kernels/kernel_catalog.hpp"

namespace swz::verify {

struct kernel_access {
    kernel_access_info info;
    access_subject pattern;  // lanes as constants: for bank costs
    // The address with the lane as a variable too: for coverage and bounds.
    std::function<symbolic_uint(symbolic_uint const& lane, std::vector<symbolic_uint> const& vars)> symbolic_address;
    std::function<std::uint64_t(std::uint64_t lane, std::vector<std::uint64_t> const& vars)> address;
};

struct kernel_entry {
    kernel_info info;
    std::vector<kernel_access> accesses;
};

std::vector<kernel_entry> all_kernels();

}  // namespace swz::verify
