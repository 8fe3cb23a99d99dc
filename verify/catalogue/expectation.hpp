// Whether a certificate has the outcome its catalogue entry demands: exit 0
// for a layout that must hold; for a known-bad one, exit 10 with each listed
// property REFUTED; for both, an answer for every property.
#pragma once

#include <string>
#include <vector>

#include "../certify.hpp"
#include "catalogue_entry.hpp"

namespace swz::verify::catalogue {

// Whether some applicable result is UNKNOWN: a certificate with one is not
// what the next run derives.
bool has_undecided(std::vector<property_result> const& results);
// One sentence per unmet expectation; empty when all are met.
std::vector<std::string> unmet_expectations(catalogue_entry const& e, certificate const& c);

// The exit code an unmet expectation stands for (exit_codes.hpp): 10 when a
// layout that must hold is refuted (it is unsafe), else 5 when some property
// is UNKNOWN (Z3 could not decide), else 11: a known-bad layout no longer
// refuted as it must be (the catalogue no longer says what the tool finds:
// stale, not unsafe).
int unmet_exit_code(catalogue_entry const& e, certificate const& c);

}  // namespace swz::verify::catalogue
