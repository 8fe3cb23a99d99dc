// swz-verify --sweep: certify every layout in the given ranges, in
// parallel, summarize them, and optionally write them as a catalogue. Every
// output is opened before any solving, and written, flushed and checked at
// the end: a lost output is exit 3, never 0.
#pragma once

#include "catalogue_options.hpp"

namespace swz::verify::catalogue {

int run_sweep(sweep_command const& cmd);

// The layout rule a skipped combination breaks, in a few words (for the
// summary's tally).
std::string rule_label(std::string const& violation);

}  // namespace swz::verify::catalogue
