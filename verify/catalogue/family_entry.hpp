// The family proofs a catalogue records (issue 11: "a layout outside the
// stored grid is covered by a proof and not only by a sweep"):
//
//   <dir>/family-<name>/certificate.json
//
// the family mode's document (swz-verify --family NAME --json) with its
// time limit and exit code, without timings or solver-call counts, sealed
// by a digest like every certificate. It stores no obligation files: its
// queries are over symbolic parameters and 64-bit shifts, which --check
// re-derives in full with Z3 each time (seconds), rather than leaving
// them to a second solver.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "../family/certify_family.hpp"
#include "certificate_file.hpp"

namespace swz::verify::catalogue {

// The families every catalogue must hold, each one folder.
std::vector<family_kind> catalogued_families();
std::string family_folder(family_kind f);  // "family-article"
bool is_family_folder(std::string const& name);

// Each family query's time limit in the catalogue.
inline constexpr unsigned family_timeout_ms = 60000;

// The folder's bundle, from a family certificate.
certificate_bundle family_bundle(family_kind f, family_certificate const& c);

// What --check finds in a family folder (each a finding's line and its
// exit code): a certificate that does not read, is edited, was made by
// another tool or Z3, or differs from what this tool derives now.
struct family_finding {
    std::string line;
    int exit_code;
};
std::vector<family_finding> check_family_folder(std::filesystem::path const& folder);

}  // namespace swz::verify::catalogue
