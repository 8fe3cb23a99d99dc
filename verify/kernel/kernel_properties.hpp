// What swz-verify --kernel proves about each shared-memory access of a
// kernel: it stays inside the tile, no two of its instances touch the same
// bytes (with the instance count, each phase covers the tile exactly once),
// and its exact worst-case bank cost.
#pragma once

#include <vector>

#include "../prover.hpp"
#include "../verdict.hpp"
#include "kernel_registry.hpp"

namespace swz::verify {

// Every [byte, byte + width) of every instance lies in the shared allocation.
property_result prove_access_in_bounds(prover& p, kernel_entry const& k, kernel_access const& a);

// Distinct instances (lane, warp, iteration, read) touch disjoint bytes, and
// there are as many instances as the tile holds units: each unit once.
property_result prove_access_covers_tile_once(prover& p, kernel_entry const& k, kernel_access const& a);

struct kernel_certificate {
    kernel_info info;
    std::vector<property_result> results;
    double seconds = 0;
};

kernel_certificate certify_kernel(kernel_entry const& k, unsigned timeout_ms);

}  // namespace swz::verify
