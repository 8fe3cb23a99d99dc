// Whether a certificate has the outcome its catalogue entry demands: exit 0
// for a layout that must hold; for a known-bad one, exit 10 with each listed
// property REFUTED.
#pragma once

#include <string>
#include <vector>

#include "../certify.hpp"
#include "catalogue_entry.hpp"

namespace swz::verify::catalogue {

// One sentence per unmet expectation; empty when all are met.
std::vector<std::string> unmet_expectations(catalogue_entry const& e, certificate const& c);

}  // namespace swz::verify::catalogue
