// swz-verify --sweep: certify every layout in the given ranges, in
// parallel, summarize them, and optionally write them as a catalogue.
#pragma once

#include "catalogue_options.hpp"

namespace swz::verify::catalogue {

int run_sweep(sweep_command const& cmd);

// The layout rule a skipped combination breaks, in a few words (for the
// summary's tally).
std::string rule_label(rule_violation const& v);

}  // namespace swz::verify::catalogue
